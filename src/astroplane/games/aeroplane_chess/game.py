"""Aeroplane Chess as a ``astroplane.protocol.Game``: the bridge between the rules, their
formats and the game-agnostic tools (the package registers ``AEROPLANE_CHESS``).

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("aeroplane-chess")
    >>> s = game.new_game(2)
    >>> game.status(s), game.format_move(s, s.legal_moves()[5])
    ('Turn 1: R (Red) to roll.', '6')
    >>> game.game_info(s).utility_sum, game.game_info(game.new_game(4)).utility_sum
    (1.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

import attrs

from astroplane.errors import PositionError
from astroplane.games.aeroplane_chess import clicks
from astroplane.games.aeroplane_chess.actions import action_to_move, move_to_action, num_actions
from astroplane.games.aeroplane_chess.board import COLOURS, HANGAR, SQUARE_OF
from astroplane.games.aeroplane_chess.evaluation import evaluate
from astroplane.games.aeroplane_chess.jsonio import (
    from_json,
    json_schema,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.observation import observation_shape, observe
from astroplane.games.aeroplane_chess.options import VARIANTS, Rerolls
from astroplane.games.aeroplane_chess.play import MAX_TURN
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.record import GameRecord
from astroplane.games.aeroplane_chess.render import (
    LEGEND,
    describe_dice,
    describe_outcome,
    render,
)
from astroplane.games.aeroplane_chess.setup import check_state, new_game
from astroplane.games.aeroplane_chess.state import AeroplaneState, core_pair
from astroplane.games.aeroplane_chess.svg import FILL, render_svg
from astroplane.kit.jsonread import states_only
from astroplane.kit.svg import render_hook
from astroplane.protocol import ChanceMode, Game, GameInfo, GameType, delegate

__all__ = ["AEROPLANE_CHESS", "GOAL", "RULES_SUMMARY", "AeroplaneChess", "highlights", "partners"]

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

#: The rolls of one turn at most (each followed by at most one move), by the ``rerolls``
#: option [AC10], [AC24]; a 6 that always rolls again sets no bound.
_ROLLS = {Rerolls.THREE: 3, Rerolls.NONE: 1, Rerolls.UNLIMITED: None}


def highlights(state: AeroplaneState, move: Move) -> tuple[int, ...]:
    """The square a legal move's planes end on (for ``render``'s ``highlight``); none for
    a roll or a pass.

    Examples:
        >>> s = new_game(2).play(Move.roll(6))
        >>> from astroplane.games.aeroplane_chess import square_name
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
        >>> from astroplane.games.aeroplane_chess import TEAMS
        >>> partners(new_game(4, rules=TEAMS), 1), partners(new_game(4), 1)
        ((3,), ())
    """
    return (seat ^ 2,) if state.rules.teams else ()


class AeroplaneChess(Game[AeroplaneState, Move]):
    """Aeroplane Chess for the generic tools. The places of a finished game are graded
    (1, then down to 0 for the last), so the returns sum to half the player count: the
    game is constant-sum per player count (``game_info``)."""

    name, title, player_counts, seat_names = (
        "aeroplane-chess",
        "Aeroplane Chess",
        (2, 3, 4),
        COLOURS,
    )
    seat_colours, variant_registry, record_type = FILL, VARIANTS, GameRecord
    game_type = GameType(
        ChanceMode.EXPLICIT_STOCHASTIC,
        max_chance_outcomes=6,
        utility_sum=None,
        max_game_length=MAX_TURN * 3,  # the standard rules: three rolls a turn at most
    )
    texts = MappingProxyType({"goal": GOAL, "legend": LEGEND, "rules": RULES_SUMMARY})
    search_playout = "turn"  # MCTSBot rates the turn's end: random moves between rolls are noise
    search_playout_depth = 0  # only the turn: MCTSBot rates where it ends

    new_game, format_move, parse_move = delegate(new_game, format_move, parse_move)
    position_to_text, position_from_text = delegate(position_to_text, position_from_text)
    to_dict, from_dict, json_schema = delegate(state_to_dict, state_from_dict, json_schema)
    from_json = delegate(states_only(from_json, AeroplaneState))
    describe_outcome, status, highlights = delegate(describe_outcome, describe_dice, highlights)
    render_svg = delegate(render_hook(render_svg))  # last_move rings the square it ended on
    num_actions, action_to_move, move_to_action = delegate(
        num_actions, action_to_move, move_to_action
    )
    observe, observation_shape, evaluate = delegate(observe, observation_shape, evaluate)
    partners, core = delegate(partners, core_pair)  # core: the packed core (issue 34)
    click_paths, click_element = delegate(clicks.click_paths, clicks.click_element)

    def render_text(self, state: AeroplaneState, *, highlight: Iterable[object] = ()) -> str:
        """The board for a terminal without its status line (the command line prints it);
        squares in ``highlight`` (square ids) are marked ``>like this<``."""
        text = render(state, [h for h in highlight if isinstance(h, int)])
        status = describe_dice(state)
        return text.removesuffix("\n" + status) if text.endswith(status) else text

    def ended_by_turn_limit(self, state: AeroplaneState) -> bool:
        return state.turn_limit

    def invariants(self, state: AeroplaneState) -> list[str]:
        """The invariant ``state`` breaks (``setup.check_state``, which knows every
        option), or none."""
        try:
            check_state(state)
        except PositionError as exc:
            return [exc.problem]
        return []

    def game_info(self, state: AeroplaneState) -> GameInfo:
        """The returns sum to half the player count; a turn has at most 3 rolls (1 without
        rerolls, no bound with ``rerolls=unlimited``), turn ``MAX_TURN`` is the last."""
        rolls = _ROLLS[state.rules.rerolls]
        return attrs.evolve(
            super().game_info(state),
            utility_sum=len(state.seats) / 2,
            max_game_length=None if rolls is None else MAX_TURN * rolls,
        )


AEROPLANE_CHESS = AeroplaneChess()
"""Aeroplane Chess, registered under the name ``"aeroplane-chess"``."""
