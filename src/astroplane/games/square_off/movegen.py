"""Move generation, the hot path: the legal moves of the player to act, from bitmasks.

A position is two bitmasks of points (one per seat, bit ``p`` for point ``p``); every
question about lines, neighbours and jumps is a lookup in the ``Board`` tables. The moves
themselves are built once per board (``tables``), so generating is filtering, and most of
it is a few lookups: a mask is read a chunk of bits at a time (three bytes for
placements, removals, flights and full lines; four 6-bit chunks for slides), each chunk
indexing a table of the moves or lines it gives, built from the board's data.

The order is ascending action number (``moves.move_to_action``), as OpenSpiel lists its
actions [SO14]: removals and placements by point; slides, flights and jumps by origin,
then destination; trades after them, by own point, then opposing point.

Examples:
    >>> from astroplane.games.square_off.board import BOARD, point_id
    >>> mine = sum(1 << point_id(n) for n in ("a7", "d7", "g7", "a4"))
    >>> [BOARD.line_name(i) for i in bits(formed(BOARD, mine, point_id("d7")))]
    ['a7-d7-g7']
    >>> bits(protected(BOARD, mine)) == sorted(point_id(n) for n in ("a7", "d7", "g7"))
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from astroplane.games.square_off.board import N_POINTS, Board
from astroplane.games.square_off.moves import Move, MoveKind

if TYPE_CHECKING:
    from astroplane.games.square_off.options import Rules

__all__ = [
    "ALL_POINTS",
    "Tables",
    "bits",
    "chunked",
    "formed",
    "generate",
    "protected",
    "removable",
    "slide_moves",
    "tables",
]


def bits(mask: int) -> list[int]:
    """The points of a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def full_lines(tab: Tables, mine: int) -> int:
    """The lines whose three points are all in ``mine``, as a bitmask of line indices: one
    lookup per byte of ``mine`` (``Tables.line_bytes``)."""
    lb = tab.line_bytes
    return lb[0][mine & 255] & lb[1][mine >> 8 & 255] & lb[2][mine >> 16 & 255]


def line_points(tab: Tables, lines: int) -> int:
    """The points of the lines in the bitmask ``lines``: one lookup per byte of it."""
    out = 0
    k = 0
    cover = tab.line_cover
    while lines:
        out |= cover[k][lines & 255]
        lines >>= 8
        k += 1
    return out


def formed(board: Board, mine: int, point: int) -> int:
    """The lines through ``point`` whose three points are all in ``mine``, as a bitmask of
    line indices (a move to ``point`` forms them [SO3])."""
    tab = tables(board)
    return full_lines(tab, mine) & tab.lines_through[point]


def protected(board: Board, mine: int) -> int:
    """The points of ``mine`` that lie on a line of three of ``mine`` [SO4]."""
    tab = tables(board)
    full = full_lines(tab, mine)
    return line_points(tab, full) if full else 0


def removable(board: Board, rules: Rules, victim: int) -> int:
    """The points of ``victim`` that may be removed [SO4]: those on no line of three; if
    there is none, all of them under ``remove_from_lines_when_all``, else none (the
    removal is forfeited)."""
    tab = tables(board)
    full = full_lines(tab, victim)
    if not full:
        return victim
    free = victim & ~line_points(tab, full)
    if not free and rules.remove_from_lines_when_all:
        return victim
    return free


T = TypeVar("T")

_BYTES = range(256)
_CHUNKS = range(0, N_POINTS, 8)  # a 24-point mask is three bytes: points 0-7, 8-15, 16-23
_SLIDE_BITS: Final = 6  # slides go by 6 points: 13,012 keys on the standard board (by 8: 243,027)

ByteTable = tuple[tuple[Move, ...], ...]
"""Per byte value (0..255) of one chunk of a point mask, the moves on those points."""


@attrs.frozen
class Tables:
    """The moves and line tables of one board, built once (``tables``).

    Point masks are read a byte at a time: a table per chunk (points 0-7, 8-15, 16-23)
    indexed by that byte of the mask, so a question about a mask is three lookups, and the
    rules still ask the board (no coordinate arithmetic): every table is built from its
    points, links and lines [SO31].

    Attributes:
        places: ``PLACE`` per point.
        removes: ``REMOVE`` per point.
        place_bytes: Per chunk, per byte, the placements on those points, ascending.
        remove_bytes: Per chunk, per byte, the removals of those points, ascending.
        point_bytes: Per chunk, per byte, the points of those bits, ascending.
        slides: Per origin, ``(to, move)`` for each neighbour.
        slide_sets: Per origin, the slides (ascending) keyed by the bitmask of its empty
            neighbours: generating a piece's slides is one lookup.
        slide_reach: Per slide chunk (points 0-5, 6-11, 12-17, 18-23), per value of those
            6 bits, the neighbours of those points (a bitmask).
        slide_memo: Per slide chunk, the slides of its pieces keyed by their bits and
            their empty neighbours (``_slides``), filled as positions come up.
        flights: Per origin, ``(to, move)`` for every other point.
        flight_bytes: Per origin, per chunk, per byte, the flights to those points.
        jumps: Per origin, ``(over, to, move)`` for each jump [SO7].
        trades: Per own point, ``(other, move)`` for every other point [SO8].
        linked_trades: Per own point, ``(other, move)`` for each neighbour [SO8].
        line_bytes: Per chunk, per byte, the bitmask of the lines whose points in that
            chunk are all in the byte (``full_lines`` ands the three).
        line_cover: Per byte of a bitmask of lines (lines 0-7, 8-15, ...), per byte
            value, the points of those lines (``line_points``).
        lines_through: Per point, the bitmask of the lines through it.
    """

    places: tuple[Move, ...]
    removes: tuple[Move, ...]
    place_bytes: tuple[ByteTable, ...] = attrs.field(eq=False)
    remove_bytes: tuple[ByteTable, ...] = attrs.field(eq=False)
    point_bytes: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(eq=False)
    slides: tuple[tuple[tuple[int, Move], ...], ...]
    slide_sets: tuple[dict[int, tuple[Move, ...]], ...] = attrs.field(eq=False)  # from slides
    slide_reach: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    slide_memo: tuple[dict[int, tuple[Move, ...]], ...] = attrs.field(eq=False)
    flights: tuple[tuple[tuple[int, Move], ...], ...]
    flight_bytes: tuple[tuple[ByteTable, ...], ...] = attrs.field(eq=False)  # from flights
    jumps: tuple[tuple[tuple[int, int, Move], ...], ...]
    trades: tuple[tuple[tuple[int, Move], ...], ...]
    linked_trades: tuple[tuple[tuple[int, Move], ...], ...]
    line_bytes: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    line_cover: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    lines_through: tuple[int, ...] = attrs.field(eq=False)


_TABLES: dict[Board, Tables] = {}
_last: tuple[Board | None, Tables | None] = (None, None)  # the board asked last, its tables


def tables(board: Board) -> Tables:
    """The move tables of ``board`` (built on first use, then cached; the board asked last
    is found by identity, without hashing it)."""
    global _last
    last = _last
    if last[0] is board and last[1] is not None:
        return last[1]
    built = _TABLES.get(board)
    if built is None:
        built = _TABLES[board] = _build(board)
    _last = (board, built)
    return built


def _build(board: Board) -> Tables:
    pts = range(N_POINTS)
    places = tuple(Move(MoveKind.PLACE, p) for p in pts)
    removes = tuple(Move(MoveKind.REMOVE, p) for p in pts)
    slides = tuple(tuple((t, Move(MoveKind.SLIDE, f, t)) for t in board.neighbours[f]) for f in pts)
    flights = tuple(tuple((t, Move(MoveKind.FLY, f, t)) for t in pts if t != f) for f in pts)
    slide_sets = tuple(_subsets(pairs) for pairs in slides)
    masks = board.line_masks
    lines = range(len(masks))
    return Tables(
        places=places,
        removes=removes,
        place_bytes=_by_bytes(dict(enumerate(places))),
        remove_bytes=_by_bytes(dict(enumerate(removes))),
        point_bytes=tuple(
            tuple(tuple(c + i for i in range(8) if b >> i & 1) for b in _BYTES) for c in _CHUNKS
        ),
        slides=slides,
        slide_sets=slide_sets,
        slide_reach=tuple(
            tuple(
                _union(board.neighbour_masks[c + i] for i in range(_SLIDE_BITS) if b >> i & 1)
                for b in range(1 << _SLIDE_BITS)
            )
            for c in range(0, N_POINTS, _SLIDE_BITS)
        ),
        slide_memo=tuple(_all_slides(board, slide_sets, c) for c in range(4)),
        flights=flights,
        flight_bytes=tuple(_by_bytes(dict(pairs)) for pairs in flights),
        jumps=tuple(
            tuple((q, t, Move(MoveKind.JUMP, f, t)) for q, t in board.jumps_from[f]) for f in pts
        ),
        trades=tuple(tuple((b, Move(MoveKind.TRADE, a, b)) for b in pts if b != a) for a in pts),
        linked_trades=tuple(
            tuple((b, Move(MoveKind.TRADE, a, b)) for b in board.neighbours[a]) for a in pts
        ),
        line_bytes=tuple(
            tuple(sum(1 << i for i in lines if not masks[i] >> c & 255 & ~b) for b in _BYTES)
            for c in _CHUNKS
        ),
        line_cover=tuple(
            tuple(
                _union(masks[k + i] for i in range(8) if b >> i & 1 and k + i < len(masks))
                for b in _BYTES
            )
            for k in range(0, len(masks), 8)
        ),
        lines_through=tuple(sum(1 << i for i in board.lines_at[p]) for p in pts),
    )


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _by_bytes(moves: dict[int, Move]) -> tuple[ByteTable, ...]:
    """Per chunk, per byte, the moves (keyed by target point) on the points of that byte,
    ascending."""
    return tuple(
        tuple(
            tuple(moves[c + i] for i in range(8) if b >> i & 1 and c + i in moves) for b in _BYTES
        )
        for c in _CHUNKS
    )


def generate(
    board: Board,
    rules: Rules,
    mine: int,
    theirs: int,
    in_hand: int,
    marks: int,
    removing: bool,
) -> tuple[Move, ...]:
    """The legal moves of the player to act, in ascending action order [SO14].

    Args:
        board: The board.
        rules: The rules in force.
        mine: The points of the player to act.
        theirs: The points of the opponent.
        in_hand: The pieces the player to act has in hand.
        marks: The lines the player's previous move broke (cooldown, [SO7]); 0 if none.
        removing: A removal is pending for the player to act [SO4].
    """
    tab = tables(board)
    if removing:
        free = removable(board, rules, theirs)
        return chunked(tab.remove_bytes, free)
    empty = ~(mine | theirs) & ALL_POINTS
    if in_hand:  # stage 1 (per player, [SO17]): place on any empty point
        if not marks:
            return chunked(tab.place_bytes, empty)
        places = tab.places
        return tuple(places[p] for p in bits(empty) if not formed(board, mine | 1 << p, p) & marks)
    flying = rules.flying and mine.bit_count() == 3  # [SO5]
    jumps = rules.jumps and not flying  # a flight reaches every jump's point [SO12]
    if not (jumps or marks or rules.trades):  # the common cases: a few lookups
        if not flying:
            return slide_moves(tab, board, mine, empty)
        fb = tab.flight_bytes  # per piece, per byte of ``empty``
        e0, e1, e2 = empty & 255, empty >> 8 & 255, empty >> 16
        out: list[Move] = []
        for f in _points(tab, mine):
            ff = fb[f]
            out += ff[0][e0] + ff[1][e1] + ff[2][e2]
        return tuple(out)
    out = []
    targets: Sequence[Move]
    for f in _points(tab, mine):
        if jumps:
            found = [(t, mv) for t, mv in tab.slides[f] if empty >> t & 1]
            found += [(t, mv) for q, t, mv in tab.jumps[f] if theirs >> q & 1 and empty >> t & 1]
            found.sort(key=_first)
            targets = [mv for _t, mv in found]
        elif flying:
            targets = [mv for t, mv in tab.flights[f] if empty >> t & 1]
        else:
            targets = tab.slide_sets[f][empty & board.neighbour_masks[f]]
        if marks:  # [SO7], [SO13]: no move may form a line the player's last move broke
            rest = mine ^ 1 << f
            targets = [mv for mv in targets if not formed(board, rest | 1 << mv.to, mv.to) & marks]
        out += targets
    if rules.trades:  # [SO8]
        append = out.append
        tradable = theirs & ~protected(board, theirs)
        pairs = tab.linked_trades if rules.adjacent_trades else tab.trades
        for a in _points(tab, mine) if tradable else ():
            rest = mine ^ 1 << a
            for b, mv in pairs[a]:
                if tradable >> b & 1 and not (marks and formed(board, rest | 1 << b, b) & marks):
                    append(mv)
    return tuple(out)


def _points(tab: Tables, mask: int) -> tuple[int, ...]:
    """The points of ``mask``, ascending (three lookups)."""
    return chunked(tab.point_bytes, mask)


def chunked(table: tuple[tuple[tuple[T, ...], ...], ...], mask: int) -> tuple[T, ...]:
    """What a per-byte table (``Tables.place_bytes``, ``remove_bytes``, ``point_bytes``)
    lists for the points of a 24-point ``mask``: one lookup per byte, ascending."""
    return table[0][mask & 255] + table[1][mask >> 8 & 255] + table[2][mask >> 16]


def slide_moves(tab: Tables, board: Board, mine: int, empty: int) -> tuple[Move, ...]:
    """The slides of the pieces ``mine`` to the ``empty`` points, ascending (no flying,
    jumps, trades or cooldown): per 6-bit chunk of ``mine``, one lookup keyed by its bits
    and their empty neighbours (``Tables.slide_memo``; the literals are ``_SLIDE_BITS``,
    written out: a global read per use would cost more than the rest)."""
    reach = tab.slide_reach
    c0, c1, c2, c3 = mine & 63, mine >> 6 & 63, mine >> 12 & 63, mine >> 18
    k0 = c0 | (empty & reach[0][c0]) << 6
    k1 = c1 | (empty & reach[1][c1]) << 6
    k2 = c2 | (empty & reach[2][c2]) << 6
    k3 = c3 | (empty & reach[3][c3]) << 6
    m0, m1, m2, m3 = tab.slide_memo
    try:
        return m0[k0] + m1[k1] + m2[k2] + m3[k3]
    except KeyError:  # a board with too many keys to list them all
        return (
            _slides(tab, board, 0, k0)
            + _slides(tab, board, 1, k1)
            + _slides(tab, board, 2, k2)
            + _slides(tab, board, 3, k3)
        )


_MEMO_LIMIT = 1 << 15
"""The most keys of each slide chunk that ``_slides`` remembers (a chunk with no more keys
than this is filled when the tables are built: on the standard board, 13,012 in all).
Past it, slides are still right, only computed again each time."""


def _chunk_slides(
    board: Board, slide_sets: tuple[dict[int, tuple[Move, ...]], ...], chunk: int, key: int
) -> tuple[Move, ...]:
    """The slides of the pieces of one slide chunk (points ``6 * chunk`` on) whose bits
    and empty neighbours make ``key`` (as ``generate`` makes it), piece by piece."""
    empty = key >> _SLIDE_BITS
    out: list[Move] = []
    for i in range(_SLIDE_BITS):
        if key >> i & 1:
            f = _SLIDE_BITS * chunk + i
            out += slide_sets[f][empty & board.neighbour_masks[f]]
    return tuple(out)


def _all_slides(
    board: Board, slide_sets: tuple[dict[int, tuple[Move, ...]], ...], chunk: int
) -> dict[int, tuple[Move, ...]]:
    """Every key of a slide chunk with its slides, if there are at most ``_MEMO_LIMIT``
    keys (each value of the chunk's bits, each subset of their neighbours); else empty,
    to be filled as positions come up (``_slides``)."""
    nbrs = board.neighbour_masks
    start = _SLIDE_BITS * chunk
    reach = [
        _union(nbrs[start + i] for i in range(_SLIDE_BITS) if b >> i & 1) & ~(b << start)
        for b in range(1 << _SLIDE_BITS)
    ]
    out: dict[int, tuple[Move, ...]] = {}
    if sum(1 << r.bit_count() for r in reach) > _MEMO_LIMIT:
        return out
    for b, r in enumerate(reach):
        sub = r
        while True:  # every subset of r, r first, down to 0
            key = b | sub << _SLIDE_BITS
            out[key] = _chunk_slides(board, slide_sets, chunk, key)
            if not sub:
                break
            sub = (sub - 1) & r
    return out


def _slides(tab: Tables, board: Board, chunk: int, key: int) -> tuple[Move, ...]:
    """The slides of a slide chunk's key that its memo lacks (a board with too many keys
    to list, ``_all_slides``), remembered up to ``_MEMO_LIMIT`` keys."""
    memo = tab.slide_memo[chunk]
    found = memo.get(key)
    if found is None:
        found = _chunk_slides(board, tab.slide_sets, chunk, key)
        if len(memo) < _MEMO_LIMIT:
            memo[key] = found
    return found


def _first(item: tuple[int, Move]) -> int:
    return item[0]


ALL_POINTS: Final = (1 << N_POINTS) - 1
"""The mask of every point of a board (``~occupied & ALL_POINTS`` is the empty points)."""


def _subsets(pairs: tuple[tuple[int, Move], ...]) -> dict[int, tuple[Move, ...]]:
    """Per subset of the targets of ``pairs`` (as a bitmask), the moves to those targets,
    in the order of ``pairs``."""
    out: dict[int, tuple[Move, ...]] = {}
    for subset in range(1 << len(pairs)):
        chosen = [pairs[i] for i in range(len(pairs)) if subset >> i & 1]
        out[sum(1 << t for t, _mv in chosen)] = tuple(mv for _t, mv in chosen)
    return out
