"""Aeroplane Chess (飞行棋) on the shared core: the dice are chance nodes.

Importing this package registers the game as ``"aeroplane-chess"`` with
``astroplane.protocol.register_game``, so the generic tools (bots, ``perft``,
``play_game``, the command line) find it by name. The rules are on
docs/aeroplane-chess/rules.md, every choice the seed text leaves open on
docs/aeroplane-chess/decisions.md (tags ``[AC1]`` ...), the formats on
docs/aeroplane-chess/formats.md.

A state is either a chance node, where the die is to be rolled (its moves are the six
rolls), or waits for the player to move with the roll:

Examples:
    >>> import random
    >>> from astroplane.protocol import get_game, sample_chance
    >>> from astroplane.games.aeroplane_chess import new_game, Move
    >>> s = new_game(2)
    >>> s.is_chance_node, s.chance_outcomes()[0]
    (True, (Move.roll(1), 0.16666666666666666))
    >>> s = s.play(Move.roll(2))
    >>> s.legal_moves()
    (Move.launch('R1'),)
    >>> s = s.play(Move.launch("R1"))
    >>> s.to_text()
    'standard RB B? t2 R1:RT'
    >>> s.play(sample_chance(s, random.Random(1))).roll
    1
    >>> get_game("aeroplane-chess").title
    'Aeroplane Chess'
"""

from __future__ import annotations

from collections.abc import Iterable

from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.aeroplane_chess.actions import action_to_move, move_to_action, num_actions
from astroplane.games.aeroplane_chess.board import (
    COLOUR_NAMES,
    COLOURS,
    HANGAR,
    SQUARE_OF,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.evaluation import evaluate
from astroplane.games.aeroplane_chess.jsonio import (
    from_json,
    json_schema,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.games.aeroplane_chess.movegen import Flight
from astroplane.games.aeroplane_chess.moves import Move, MoveKind
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.observation import observation_shape, observe
from astroplane.games.aeroplane_chess.options import (
    CLASSIC,
    FAMILY,
    MODERN,
    PRESETS,
    STANDARD,
    TEAMS,
    Launch,
    Overshoot,
    Rerolls,
    Rules,
    Stacking,
    ThirdSix,
    describe_variants,
    rules_from_text,
    rules_to_text,
    variants,
)
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.record import GameRecord
from astroplane.games.aeroplane_chess.render import (
    LEGEND,
    describe_dice,
    describe_outcome,
    render,
)
from astroplane.games.aeroplane_chess.setup import check_state, new_game, setup_position
from astroplane.games.aeroplane_chess.state import AeroplaneState, core_pair, use_position_text
from astroplane.games.aeroplane_chess.svg import FILL, render_svg
from astroplane.kit.jsonread import states_only
from astroplane.kit.svg import render_hook
from astroplane.protocol import Game, register_game

__all__ = [
    "AEROPLANE_CHESS",
    "CLASSIC",
    "COLOURS",
    "COLOUR_NAMES",
    "FAMILY",
    "MODERN",
    "PRESETS",
    "STANDARD",
    "TEAMS",
    "AeroplaneState",
    "Flight",
    "GameRecord",
    "IllegalMoveError",
    "Launch",
    "Move",
    "MoveKind",
    "NotationError",
    "Overshoot",
    "PositionError",
    "Rerolls",
    "Rules",
    "Stacking",
    "ThirdSix",
    "describe_outcome",
    "describe_variants",
    "evaluate",
    "format_move",
    "from_json",
    "json_schema",
    "new_game",
    "parse_move",
    "plane_from_name",
    "plane_name",
    "position_from_text",
    "position_to_text",
    "render",
    "render_svg",
    "rules_from_text",
    "rules_to_text",
    "setup_position",
    "square_from_name",
    "square_name",
    "to_json",
    "variants",
]


def _render_text(state: AeroplaneState, *, highlight: Iterable[object] = ()) -> str:
    """The board for a terminal without its status line (the command line prints it);
    squares in ``highlight`` (square ids) are marked ``>like this<``."""
    text = render(state, [h for h in highlight if isinstance(h, int)])
    status = describe_dice(state)
    return text.removesuffix("\n" + status) if text.endswith(status) else text


GOAL = """\
Aeroplane Chess is a dice race: bring your four planes from your hangar around the track
and into the centre. Roll an even number to take a plane off (a 6 rolls again), land on an
opponent to send it home, and land on your own colour to jump ahead."""

RULES_SUMMARY = """\
The rules in short (the full rules, with pictures, are on the Aeroplane Chess pages):
- Roll the die; an even roll may take a plane out of the hangar onto its take-off square.
- Move one plane the rolled number clockwise; a 6 rolls again, a third 6 sends back the
  planes the first two 6s moved.
- Landing on an opponent sends it home; landing on your colour jumps to the next square of
  your colour; the shortcut square flies you across the board.
- Your planes that meet may stack and move together. The centre needs an exact roll.
- The first to bring all four planes home wins; the others play on for places."""


def highlights(state: AeroplaneState, move: Move) -> tuple[int, ...]:
    """The square a legal move's planes end on (for ``render``'s ``highlight``); none for
    a roll or a pass.

    Examples:
        >>> s = new_game(2).play(Move.roll(6))
        >>> [square_name(q) for q in highlights(s, Move.launch("R1"))]
        ['RT']
    """
    for flight in () if state.is_chance_node else state.flights():
        if flight.move == move and flight.planes and flight.to != HANGAR:
            return (SQUARE_OF[flight.planes[0] >> 2][flight.to],)
    return ()


def partners(state: AeroplaneState, seat: int) -> tuple[int, ...]:
    """The partner of ``seat`` in team play (R with B, Y with G), none otherwise [AC26]:
    the game's ``Game.partners``.

    Examples:
        >>> partners(new_game(4, rules=TEAMS), 1), partners(new_game(4), 1)
        ((3,), ())
    """
    return (seat ^ 2,) if state.rules.teams else ()


def _invariants(state: AeroplaneState) -> list[str]:
    """The invariant ``state`` breaks (``setup.check_state``, which knows every option), or
    none."""
    try:
        check_state(state)
    except PositionError as exc:
        return [exc.problem]
    return []


AEROPLANE_CHESS: Game[AeroplaneState, Move] = Game(
    name="aeroplane-chess",
    title="Aeroplane Chess",
    player_counts=(2, 3, 4),
    seat_names=COLOURS,
    new_game=new_game,
    rules_from_text=rules_from_text,
    rules_to_text=rules_to_text,
    format_move=format_move,
    parse_move=parse_move,
    position_to_text=position_to_text,
    position_from_text=position_from_text,
    to_json=to_json,
    from_json=states_only(from_json, AeroplaneState),
    to_dict=state_to_dict,
    from_dict=state_from_dict,
    render_text=_render_text,
    highlights=highlights,
    seat_colours=FILL,
    describe_outcome=describe_outcome,
    status=describe_dice,
    record_to_text=GameRecord.text_of_game,
    record_from_text=GameRecord.game_of_text,
    texts={"goal": GOAL, "legend": LEGEND, "rules": RULES_SUMMARY},
    render_svg=render_hook(render_svg),  # last_move rings the square it ended on
    evaluate=evaluate,
    num_actions=num_actions,
    action_to_move=action_to_move,
    move_to_action=move_to_action,
    observe=observe,
    observation_shape=observation_shape,
    ended_by_turn_limit=lambda state: state.turn_limit,
    invariants=_invariants,
    partners=partners,
    variants=variants,
    core=core_pair,
)
"""Aeroplane Chess, registered under the name ``"aeroplane-chess"``."""

use_position_text(position_to_text)
register_game(AEROPLANE_CHESS)
