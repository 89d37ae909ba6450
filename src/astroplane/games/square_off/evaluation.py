"""A heuristic value of a state for a seat, for ``GreedyBot`` and search cut-offs [SO26].

``evaluate(state, seat)`` is the game's ``Game.evaluate``: higher is better for ``seat``.
It counts, for the seat minus for the opponent: pieces left (board plus hand), removal
rights still to use this turn (a line just formed), open twos (lines with two of the
side's pieces and an empty third point) and the empty points next to the side's pieces.
A finished game is worth ``WIN_VALUE`` to the winner, minus that to the loser, 0 drawn.
The packed core (``core.SquareOffCore.value``) asks the same ``lead`` of its positions.

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
from typing import TYPE_CHECKING, Final

from astroplane.games.square_off.movegen import ALL_POINTS, Tables, tables
from astroplane.games.square_off.packed import _CODE, RIGHTS
from astroplane.games.square_off.play import seat_number

if TYPE_CHECKING:
    from astroplane.games.square_off.view import StateView

__all__ = ["WEIGHTS", "WIN_VALUE", "evaluate", "finished", "lead"]

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

_PIECE: Final = WEIGHTS["piece"]
_REMOVAL: Final = WEIGHTS["removal"]
_OPEN_TWO: Final = WEIGHTS["open_two"]
_FREEDOM: Final = WEIGHTS["freedom"]


def _side(pieces: int, rights: int, open_twos: int, freedom: int) -> float:
    return _PIECE * pieces + _REMOVAL * rights + _OPEN_TWO * open_twos + _FREEDOM * freedom


def lead(tab: Tables, w: int, b: int, w_hand: int, b_hand: int, code: int, seat: int) -> float:
    """The value of a game going on for ``seat`` (0 W, 1 B): its side's terms minus the
    other's, from W's and B's points and hands and the code of the removal rights to come
    (``packed.RIGHTS``).

    The terms are counted a mask at a time, three lookups a mask (``Tables.line_counts``,
    ``Tables.link_ends``): a line is an open two of a side when two of its points are the
    side's and none the other's; a side's freedom is the number of links with one end the
    side's and the other empty.
    """
    w0, w1, w2 = w & 255, w >> 8 & 255, w >> 16
    b0, b1, b2 = b & 255, b >> 8 & 255, b >> 16
    empty = ~(w | b) & ALL_POINTS
    e0, e1, e2 = empty & 255, empty >> 8 & 255, empty >> 16
    lc = tab.line_counts
    cw = lc[0][w0] + lc[1][w1] + lc[2][w2]  # two bits a line: how many of its points are W's
    cb = lc[0][b0] + lc[1][b1] + lc[2][b2]
    low = tab.count_lows
    none_w, none_b = ~(cw | cw >> 1) & low, ~(cb | cb >> 1) & low  # lines without W, B
    two_w, two_b = cw >> 1 & ~cw & low, cb >> 1 & ~cb & low  # lines with exactly two
    first, second = tab.link_ends  # per chunk, per byte: the links with that end there
    to_empty = second[0][e0] | second[1][e1] | second[2][e2]
    from_empty = first[0][e0] | first[1][e1] | first[2][e2]
    free_w = ((first[0][w0] | first[1][w1] | first[2][w2]) & to_empty).bit_count() + (
        (second[0][w0] | second[1][w1] | second[2][w2]) & from_empty
    ).bit_count()
    free_b = ((first[0][b0] | first[1][b1] | first[2][b2]) & to_empty).bit_count() + (
        (second[0][b0] | second[1][b1] | second[2][b2]) & from_empty
    ).bit_count()
    rights = RIGHTS[code]
    white = _side(w.bit_count() + w_hand, rights.count(0), (two_w & none_b).bit_count(), free_w)
    black = _side(b.bit_count() + b_hand, rights.count(1), (two_b & none_w).bit_count(), free_b)
    return white - black if seat == 0 else black - white


def finished(returns: tuple[float, ...], seat: int) -> float:
    """The value of a finished game with these returns for ``seat``: ``WIN_VALUE`` won,
    minus that lost, 0.0 drawn."""
    got = returns[seat]
    return WIN_VALUE if got == 1.0 else -WIN_VALUE if got == 0.0 else 0.0


def evaluate(state: StateView, seat: object) -> float:
    """How good ``state`` is for ``seat`` (0 = W, 1 = B): positive when it leads.

    Raises:
        ValueError: If ``seat`` is not 0 or 1 (any other value: ``seat`` is typed
            ``object`` so that the compiled build checks it here too, not as a
            ``TypeError`` at the call).
    """
    seat = seat_number(seat)
    if state.outcome is not None:
        return finished(state.outcome.returns, seat)
    (w, b), (w_hand, b_hand) = state.occupancy, state.in_hand
    return lead(tables(state.board), w, b, w_hand, b_hand, _CODE[state.removals], seat)
