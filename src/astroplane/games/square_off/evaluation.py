"""A heuristic value of a state for a seat, for ``GreedyBot`` and search cut-offs [SO26].

``evaluate(state, seat)`` is the game's ``Game.evaluate``: higher is better for ``seat``.
It counts, for the seat minus for the opponent: pieces left (board plus hand), removal
rights still to use this turn (a line just formed), open twos (lines with two of the
side's pieces and an empty third point) and the empty points next to the side's pieces.
A finished game is worth ``WIN_VALUE`` to the winner, minus that to the loser, 0 drawn.

Examples:
    >>> from astroplane.games.square_off import new_game, setup_position
    >>> evaluate(new_game(), 0) == evaluate(new_game(), 1) == 0.0
    True
    >>> s = setup_position(["a7", "d7", "g7"], ["a1", "d1", "b2"], removals=["W"])
    >>> evaluate(s, 0) > 0 > evaluate(s, 1)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from astroplane.games.square_off.play import seat_number

if TYPE_CHECKING:
    from astroplane.games.square_off.state import SquareOffState

__all__ = ["WEIGHTS", "WIN_VALUE", "evaluate"]

WEIGHTS: Mapping[str, float] = MappingProxyType(
    {
        "piece": 10.0,  # a piece left (on the board or in hand)
        "removal": 8.0,  # a removal right still to use this turn
        "open_two": 1.0,  # a line with two of the side's pieces and an empty point
        "freedom": 0.2,  # an empty point linked to one of the side's pieces
    }
)
"""The weights of ``evaluate``'s terms."""
WIN_VALUE = 1000.0
"""What a finished game is worth to the winner (the loser gets minus that)."""


def _side(state: SquareOffState, seat: int) -> float:
    board = state.board
    mine, theirs = state.occupancy[seat], state.occupancy[1 - seat]
    empty = ~(mine | theirs)
    open_twos = sum(1 for m in board.line_masks if (mine & m).bit_count() == 2 and not theirs & m)
    freedom = 0
    for p, nbrs in enumerate(board.neighbour_masks):
        if mine >> p & 1:
            freedom += (nbrs & empty).bit_count()
    w = WEIGHTS
    return (
        w["piece"] * state.pieces_left(seat)
        + w["removal"] * state.removals.count(seat)
        + w["open_two"] * open_twos
        + w["freedom"] * freedom
    )


def evaluate(state: SquareOffState, seat: int) -> float:
    """How good ``state`` is for ``seat`` (0 = W, 1 = B): positive when it leads.

    Raises:
        ValueError: If ``seat`` is not 0 or 1.
    """
    seat_number(seat)
    if state.outcome is not None:
        winner = state.outcome.winner
        return 0.0 if winner is None else WIN_VALUE if winner == seat else -WIN_VALUE
    return _side(state, seat) - _side(state, 1 - seat)
