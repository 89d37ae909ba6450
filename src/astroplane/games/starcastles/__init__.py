"""StarCastles: a multi-level Chinese checkers for 2 to 6 players, on the shared core.

The rules are the seed text as the spec (shared STARCASTLES.md, tags ``[SC1]`` ..
``[SC9]``) reads it; the choices made here are on docs/starcastles/decisions.md
(``[SC10]`` ...). Each player disassembles their three StarCastles (Power Base,
Battlement, Spire) on their home arm's trio, moves them across the star board and
re-assembles them, each controlled by one of their Spires, on the opposite arm's trio.
Phase Gems block a point for a round. There is no chance.

Importing this package registers the game as ``"starcastles"`` with
``astroplane.protocol.register_game`` (``STARCASTLES_GAME``), so the generic tools (bots,
``perft``, ``play_game``, the conformance suite, the command line) serve it by name. The
formats (names, move notation, position text, JSON, drawings) are on
docs/starcastles/formats.md.

Examples:
    >>> from astroplane.games.starcastles import new_game, Move
    >>> s = new_game(2)
    >>> s.game_name, len(s.board), s.legal_moves()[:2]
    ('starcastles', 37, (Move.step(1, 6), Move.step(1, 5)))
    >>> s = s.play(Move.step(1, 5))
    >>> s.to_move, s.stack("b1"), s.stack("c3")
    (1, 'P0B0', 'S0')
    >>> from astroplane.protocol import get_game
    >>> g = get_game("starcastles")
    >>> g.format_move(s, s.legal_moves()[0]), g.position_to_text(s).split(" ")[:5]
    ('Sh1-g4', ['starcastles', '03', 'f0', 'm1', 'r1'])
"""

from __future__ import annotations

import attrs

from astroplane.errors import PositionError
from astroplane.games.starcastles import actions as _actions
from astroplane.games.starcastles.actions import action_to_move, move_to_action, num_actions
from astroplane.games.starcastles.board import (
    DIRECTIONS,
    HOME_ARMS,
    StarBoard,
    opposite,
    star_board,
)
from astroplane.games.starcastles.evaluation import evaluate
from astroplane.games.starcastles.jsonio import (
    from_json,
    json_schema,
    move_from_dict,
    move_from_json,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.names import COLOUR_NAMES, SEAT_COLOURS, SEAT_NAMES
from astroplane.games.starcastles.notation import format_move, parse_move
from astroplane.games.starcastles.observation import observation_shape, observe
from astroplane.games.starcastles.options import (
    OWN_CASTLES,
    STARCASTLES,
    STARCASTLES_121,
    VARIANTS,
    Rules,
)
from astroplane.games.starcastles.position import position_from_text, position_to_text
from astroplane.games.starcastles.record import (
    GameRecord,
    iter_records,
    read_records,
    record_from_text,
    record_to_text,
    write_records,
)
from astroplane.games.starcastles.render import (
    GOAL,
    LEGEND,
    RULES_SUMMARY,
    describe_outcome,
    highlights,
    render_text,
    status,
)
from astroplane.games.starcastles.setup import check_state, new_game, setup_position
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.games.starcastles.svg import render_svg
from astroplane.kit.limits import shown
from astroplane.kit.svg import render_hook
from astroplane.protocol import Game, register_game

__all__ = [
    "COLOUR_NAMES",
    "DIRECTIONS",
    "HOME_ARMS",
    "OWN_CASTLES",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "STARCASTLES",
    "STARCASTLES_121",
    "STARCASTLES_GAME",
    "VARIANTS",
    "GameRecord",
    "Move",
    "MoveKind",
    "Rules",
    "StarBoard",
    "StarCastlesState",
    "action_to_move",
    "check_state",
    "describe_outcome",
    "evaluate",
    "format_move",
    "from_json",
    "iter_records",
    "json_schema",
    "move_from_dict",
    "move_from_json",
    "move_to_action",
    "move_to_dict",
    "new_game",
    "num_actions",
    "opposite",
    "parse_move",
    "position_from_text",
    "position_to_text",
    "read_records",
    "render_svg",
    "render_text",
    "setup_position",
    "star_board",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "with_turn_limit",
    "write_records",
]


def _new_game(
    players: int = 2, *, rules: Rules | None = None, first: int | str | None = None
) -> StarCastlesState:
    """``new_game`` for the protocol: ``first`` is a player number or seat letter."""
    if isinstance(first, str):
        if first not in SEAT_NAMES:
            raise PositionError(f"first is a player 0..5 or a seat letter of {SEAT_NAMES}")
        first = SEAT_NAMES.index(first)
    start = 0 if first is None else first
    return new_game(players, rules=STARCASTLES if rules is None else rules, first=start)


def with_turn_limit(rules: Rules, turns: int | None) -> Rules:
    """The rules with ``max_rounds`` set so that a game ends by its draw rule [SC6] after
    turn ``turns`` at the latest, whatever the number of players [SC21]: a round is one
    turn of each player, so ``max_rounds = max(1, turns // 6)`` (a game of fewer players
    ends sooner: after ``players * max_rounds`` turns; under 6 turns, after one round).
    ``turns`` None restores the default, 200 rounds.

    Raises:
        ValueError: If ``turns`` is not a positive int or None.

    Examples:
        >>> with_turn_limit(STARCASTLES, 60).max_rounds, with_turn_limit(STARCASTLES, 3).max_rounds
        (10, 1)
        >>> with_turn_limit(Rules(max_rounds=5), None).max_rounds
        200
    """
    if turns is None:
        return attrs.evolve(rules, max_rounds=Rules().max_rounds)
    if type(turns) is not int or turns < 1:
        raise ValueError(f"turns is a positive int, not {shown(turns)}")
    return attrs.evolve(rules, max_rounds=min(10_000, max(1, turns // 6)))


def _action_to_move(state: StarCastlesState, action: int) -> Move:
    move = _actions.action_to_move(state.rules, action)
    if not state.is_legal(move):
        raise ValueError(f"action {action} ({shown(move)}) is not a legal move here")
    return move


STARCASTLES_GAME: Game[StarCastlesState, Move] = Game(
    name="starcastles",
    title="StarCastles",
    player_counts=(2, 3, 4, 5, 6),
    seat_names=SEAT_NAMES,
    new_game=_new_game,
    rules_from_text=VARIANTS.from_text,
    rules_to_text=VARIANTS.to_text,
    format_move=format_move,
    parse_move=parse_move,
    position_to_text=position_to_text,
    position_from_text=position_from_text,
    to_json=to_json,
    from_json=from_json,
    to_dict=state_to_dict,
    from_dict=state_from_dict,
    render_text=render_text,
    render_svg=render_hook(render_svg),
    evaluate=evaluate,
    describe_outcome=describe_outcome,
    status=status,
    highlights=highlights,
    seat_colours=SEAT_COLOURS,
    with_turn_limit=with_turn_limit,
    num_actions=lambda state: _actions.num_actions(state.rules),
    action_to_move=_action_to_move,
    move_to_action=lambda state, move: _actions.move_to_action(state.rules, move),
    observe=observe,
    observation_shape=observation_shape,
    ended_by_turn_limit=lambda state: state.is_over and state.winner < 0,
    invariants=check_state,
    record_to_text=record_to_text,
    record_from_text=record_from_text,
    variants=VARIANTS.mapping,
    texts={"goal": GOAL, "legend": LEGEND, "rules": RULES_SUMMARY},
)
"""StarCastles, registered under the name ``"starcastles"``."""

register_game(STARCASTLES_GAME)
