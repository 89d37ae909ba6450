"""Squares: derived from positions [D14], and the side-by-side rule [D15].

A Square is an ordinary grid cell [D23] whose two occupied positions are
opposite and hold exactly one piece each, both of the same player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.packed import OWNER
from astroplane.games.astroplane.rules.codes import ORDINARY
from astroplane.games.astroplane.topology import apex_of, cell_of

if TYPE_CHECKING:
    from astroplane.games.astroplane.state import GameState

__all__ = ["square_owner", "squares", "touches_other_square"]

_EMPTY_CELL: Final = bytes(4)


def square_owner(board: bytes, under: int, kind: Sequence[int], cell: int) -> int:
    """The seat owning a Square in ``cell``, or -1 if there is none [D14].

    Args:
        board: A packed board (``astroplane.games.astroplane.packed``).
        under: ``n_positions - 1``: the value of the piece under the piece of value ``v``
            is ``board[under + v]``.
        kind: ``Topology.kind``.
        cell: A cell index.
    """
    if kind[cell] != ORDINARY:
        return -1
    p = 4 * cell
    ne, nw, sw, se = board[p], board[p + 1], board[p + 2], board[p + 3]
    if ne and sw and not nw and not se:
        x, y = ne, sw
    elif nw and se and not ne and not sw:
        x, y = nw, se
    else:
        return -1
    # A single piece on each: nothing under either top piece.
    if not board[under + x] and not board[under + y] and OWNER[x] == OWNER[y]:
        return OWNER[x]
    return -1


def touches_other_square(
    board: bytes,
    under: int,
    kind: Sequence[int],
    neighbours: Sequence[tuple[int, int, int, int]],
    cell: int,
    owner: int,
) -> bool:
    """True if another player's Square stands orthogonally next to ``cell`` [D15]."""
    for n in neighbours[cell]:
        if n >= 0 and board[4 * n : 4 * n + 4] != _EMPTY_CELL:
            o = square_owner(board, under, kind, n)
            if o >= 0 and o != owner:
                return True
    return False


def squares(state: GameState) -> tuple[tuple[int, Seat], ...]:
    """The Squares of ``state`` as ``(cell, owner)`` pairs, by cell; empty without Squares."""
    if not state.rules.squares:
        return ()
    t = state.topology
    found = set()
    under = t.n_positions - 1
    for pos in state.where:
        if t.is_grid_position(pos) and apex_of(pos) < 2:
            owner = square_owner(state.board, under, t.kind, cell_of(pos))
            if owner >= 0:
                found.add((cell_of(pos), Seat(owner)))
    return tuple(sorted(found))
