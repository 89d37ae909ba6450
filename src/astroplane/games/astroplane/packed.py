"""The packed board: how a ``GameState`` keeps its stacks and piece locations in bytes.

A state does not hold a tuple of stacks (one slot per position, 416 on the reference
board, about 3.4 KB of pointers per state) but two small ``bytes`` objects, which are
immutable, hashable and copied with one ``memcpy`` when a move builds the next state.
``GameState.stacks`` and ``GameState.where`` are decoded from them on first use.

A piece's *value* is its piece id plus one, so that 0 can mean "nothing"::

    board  (n_positions + 40 bytes; part of equality and hashing)
    +--------------------------------+------------------------------+
    | top[0] top[1] ... top[NP - 1]  | under[1] under[2] ... [40]   |
    +--------------------------------+------------------------------+
      top[p]    = value of the top piece at position p, 0 when p is empty
      under[v]  = board[NP - 1 + v] = value of the piece directly under the piece of
                  value v, 0 when it is at the bottom of its stack or off the board

    locs   (80 bytes; derived from board and the counts, not part of equality)
    +--------------------------------+------------------------------+
    | lo[0] lo[1] ... lo[39]         | hi[0] hi[1] ... hi[39]       |
    +--------------------------------+------------------------------+
      piece q on position p:             lo[q] = p & 255, hi[q] = p >> 8
      piece q off the board (code c < 0): lo[q] = -c,      hi[q] = 255

So the stack at ``p``, top first, is ``v = board[p]; v = board[NP - 1 + v]; ...`` until
0, and ``board[p]`` alone answers "is it empty" and "whose is the top piece". Boards of up
to ``MAX_POSITIONS`` positions can be packed.

Examples:
    >>> from astroplane.games.astroplane.packed import pack, unpack_stacks, unpack_where
    >>> where = [-1] * 40
    >>> where[3] = where[12] = 1
    >>> where[5] = 2
    >>> board, locs = pack([(), (3, 12), (5,)], where, 3)   # a board of 3 positions
    >>> list(board[:3])          # top values: empty, piece 12, piece 5
    [0, 13, 6]
    >>> unpack_stacks(board, 3)
    ((), (3, 12), (5,))
    >>> unpack_where(locs) == tuple(where)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER

__all__ = [
    "MAX_POSITIONS",
    "N_PIECES",
    "OFF_BOARD",
    "OWNER",
    "location",
    "pack",
    "stack_at",
    "unpack_stacks",
    "unpack_where",
]

#: Pieces of a game (4 seats x 10).
N_PIECES: Final = 40  # 4 * PIECES_PER_PLAYER, a literal for the compiled build
#: ``hi`` byte of a piece that is not on a position.
OFF_BOARD: Final = 255
#: The most positions a packed board can have (``hi`` must stay below ``OFF_BOARD``).
MAX_POSITIONS: Final = 255 * 256
#: The owner seat of the piece of each value (index 0, no piece: -1).
OWNER: Final[tuple[int, ...]] = (-1, *(q // PIECES_PER_PLAYER for q in range(N_PIECES)))

_EMPTY: tuple[int, ...] = ()


def pack(
    stacks: Sequence[Sequence[int]], where: Sequence[int], n_positions: int
) -> tuple[bytes, bytes]:
    """Pack stacks (per position, bottom to top, piece ids) and piece locations (per piece,
    a position or a negative ``Location`` code) into ``(board, locs)``.

    Raises:
        ValueError: If the board has more than ``MAX_POSITIONS`` positions.
    """
    if n_positions > MAX_POSITIONS:
        raise ValueError(f"a board of {n_positions} positions is too large to pack")
    board = bytearray(n_positions + N_PIECES)
    under = n_positions - 1
    for p, st in enumerate(stacks):
        if st:
            below = 0
            for q in st:
                board[under + q + 1] = below
                below = q + 1
            board[p] = below
    locs = bytearray(2 * N_PIECES)
    for q, w in enumerate(where):
        if w >= 0:
            locs[q] = w & 255
            locs[N_PIECES + q] = w >> 8
        else:
            locs[q] = -w
            locs[N_PIECES + q] = OFF_BOARD
    return bytes(board), bytes(locs)


def stack_at(board: bytes | bytearray, n_positions: int, position: int) -> tuple[int, ...]:
    """The stack at ``position``, bottom to top, as piece ids."""
    v = board[position]
    if not v:
        return _EMPTY
    under = n_positions - 1
    out = []
    while v:
        out.append(v - 1)
        v = board[under + v]
    out.reverse()
    return tuple(out)


def unpack_stacks(board: bytes, n_positions: int) -> tuple[tuple[int, ...], ...]:
    """Every position's stack, bottom to top, as piece ids (empty stacks are one shared
    tuple)."""
    out = [_EMPTY] * n_positions
    for p in range(n_positions):
        if board[p]:
            out[p] = stack_at(board, n_positions, p)
    return tuple(out)


def location(locs: bytes, piece: int) -> int:
    """Where ``piece`` is: a position, or a negative ``Location`` code."""
    hi = locs[N_PIECES + piece]
    return -locs[piece] if hi == OFF_BOARD else hi << 8 | locs[piece]


def unpack_where(locs: bytes) -> tuple[int, ...]:
    """Every piece's location (a position or a negative ``Location`` code)."""
    return tuple(location(locs, q) for q in range(N_PIECES))
