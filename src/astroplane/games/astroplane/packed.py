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

A *packed position* (what ``GameState.packed`` holds and the packed core,
``astroplane.games.astroplane.rules.core``, works on) is one ``bytes`` object: the board,
the locations, the eliminated pieces and the counters, in that order, so that a board
index is a position index and the counters sit at the end (``c = len(p) - COUNTERS``)::

    +-------------+----------+----------------+----------------------------------+
    | board       | locs     | eliminated     | counters (COUNTERS = 34 bytes)   |
    | NP + 40     | 80       | 1 per piece    |                                  |
    +-------------+----------+----------------+----------------------------------+
      eliminated: in order, one byte ``piece + 40 * by_seat`` each (0..159)
      counters, at c + ...:
        0 to_move            1 seats (bit s: seat s plays)    2 removed count
        3..6 removed seats, in removal order                  7..10 reserve per seat
        11..15 travelled marks (bit q of the 40, little-endian)   16..20 landed marks
        21..24 moves_left    25..28 turn    29..32 last_progress  (int32, little-endian)
        33 ended: 0 while the game goes on, else 1 + the index of its ``EndReason``

Equal positions are equal bytes (``locs`` follows from the rest), so a packed position
is its state's identity for ``==`` and ``hash``.

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
    "COUNTERS",
    "MAX_POSITIONS",
    "N_PIECES",
    "OFF_BOARD",
    "OWNER",
    "eliminated_of",
    "encode",
    "location",
    "pack",
    "read_int",
    "read_mask",
    "stack_at",
    "unpack_stacks",
    "unpack_where",
    "write_int",
    "write_mask",
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


# ---- the packed position: offsets inside its counters block (``c = len(p) - COUNTERS``) --
#: Bytes of the counters block at the end of a packed position.
COUNTERS: Final = 34
TO_MOVE: Final = 0
SEATS: Final = 1
N_REMOVED: Final = 2
REMOVED_AT: Final = 3
RESERVE_AT: Final = 7
TRAVELLED_AT: Final = 11
LANDED_AT: Final = 16
MOVES_LEFT_AT: Final = 21
TURN_AT: Final = 25
PROGRESS_AT: Final = 29
ENDED: Final = 33
#: Bytes before the eliminated pieces: the board and the locations (plus the positions).
HEAD: Final = N_PIECES + 2 * N_PIECES
#: The int32 counters hold -2**31 .. 2**31 - 1 (readers refuse what play never makes).
INT32_MIN: Final = -(1 << 31)
INT32_MAX: Final = (1 << 31) - 1


def read_int(p: bytes, at: int) -> int:
    """The signed 32-bit little-endian integer at ``p[at : at + 4]``."""
    u = p[at] | p[at + 1] << 8 | p[at + 2] << 16 | p[at + 3] << 24
    return u - (1 << 32) if u >= 1 << 31 else u


def write_int(b: bytearray, at: int, value: int) -> None:
    """Store ``value`` (``INT32_MIN..INT32_MAX``) at ``b[at : at + 4]``."""
    u = value & 0xFFFFFFFF
    b[at] = u & 255
    b[at + 1] = u >> 8 & 255
    b[at + 2] = u >> 16 & 255
    b[at + 3] = u >> 24


def read_mask(p: bytes, at: int) -> int:
    """The 40-bit piece mask at ``p[at : at + 5]`` (bit ``q``: piece ``q``)."""
    return p[at] | p[at + 1] << 8 | p[at + 2] << 16 | p[at + 3] << 24 | p[at + 4] << 32


def write_mask(b: bytearray, at: int, mask: int) -> None:
    """Store a 40-bit piece mask at ``b[at : at + 5]``."""
    b[at] = mask & 255
    b[at + 1] = mask >> 8 & 255
    b[at + 2] = mask >> 16 & 255
    b[at + 3] = mask >> 24 & 255
    b[at + 4] = mask >> 32 & 255


def eliminated_of(p: bytes, n_positions: int) -> tuple[tuple[int, int], ...]:
    """The ``(piece, by_seat)`` pairs of a packed position, in order."""
    start = n_positions + HEAD
    return tuple((v % N_PIECES, v // N_PIECES) for v in p[start : len(p) - COUNTERS])


def encode(
    board: bytes,
    locs: bytes,
    eliminated: Sequence[tuple[int, int]],
    seats: Sequence[int],
    removed: Sequence[int],
    to_move: int,
    reserve: Sequence[int],
    travelled: int,
    landed: int,
    moves_left: int,
    turn: int,
    last_progress: int,
    ended: int,
) -> bytes:
    """A packed position from its parts (see the module docs).

    Raises:
        ValueError: If a part does not fit its bytes (a counter outside int32, a mark
            mask of more than 40 bits, a seat or reserve out of range); the message names
            the part.
    """
    for name, value in (
        ("moves_left", moves_left),
        ("turn", turn),
        ("last_progress", last_progress),
    ):
        if not INT32_MIN <= value <= INT32_MAX:
            raise ValueError(f"{name} {value} is out of range")
    for name, mask in (("travelled", travelled), ("landed", landed)):
        if mask < 0 or mask >> N_PIECES:
            raise ValueError(f"{name} marks name pieces that do not exist")
    c = bytearray(COUNTERS)
    c[TO_MOVE] = to_move
    bits = 0
    for seat in seats:
        bits |= 1 << seat
    c[SEATS] = bits
    c[N_REMOVED] = len(removed)
    for i, seat in enumerate(removed):
        c[REMOVED_AT + i] = seat
    for seat in range(4):
        c[RESERVE_AT + seat] = reserve[seat]
    write_mask(c, TRAVELLED_AT, travelled)
    write_mask(c, LANDED_AT, landed)
    write_int(c, MOVES_LEFT_AT, moves_left)
    write_int(c, TURN_AT, turn)
    write_int(c, PROGRESS_AT, last_progress)
    c[ENDED] = ended
    gone = bytes(q + N_PIECES * by for q, by in eliminated)
    return board + locs + gone + bytes(c)
