"""Move generation, the hot path: the legal actions of the player to act, from bitmasks.

A position's pieces are two bitmasks of points (one per seat, bit ``p`` for point ``p``);
every question about lines, neighbours and jumps is a lookup in tables built once per
``Board`` (``tables``) from its points, links and lines (no coordinate arithmetic, so a
variant board works) [SO31]. Most of generation is a few lookups: a mask is read a chunk
of bits at a time (three bytes for placements, removals, flights and full lines; four
6-bit chunks for slides), each chunk indexing a table of what it gives.

What is listed is a ``Catalog``'s: the *action numbers* (``Tables.actions``;
``moves.move_to_action``: a placement or removal at ``p`` is ``p``; a slide, flight or
jump from ``f`` to ``t`` is ``24 + 24 f + t``; a trade ``600 + 24 a + b``), or the
interned ``Move`` values the states hand out (``Tables.moves``): one generator, two sets
of tables built from the same board data. The order is ascending action number, as
OpenSpiel lists its actions [SO14]: removals and placements by point; slides, flights and
jumps by origin, then destination; trades after them, by own point, then opposing point.

Examples:
    >>> from astroplane.games.square_off.board import BOARD, point_id
    >>> mine = sum(1 << point_id(n) for n in ("a7", "d7", "g7", "a4"))
    >>> [BOARD.line_name(i) for i in bits(formed(BOARD, mine, point_id("d7")))]
    ['a7-d7-g7']
    >>> bits(protected(BOARD, mine)) == sorted(point_id(n) for n in ("a7", "d7", "g7"))
    True
    >>> tab = tables(BOARD)
    >>> generate(tab, tab.actions, 0, 0, mine, 0, 0, 0, False)[:4]
    (52, 86, 250, 261)
    >>> generate(tab, tab.moves, 0, 0, mine, 0, 0, 0, False)[:2]
    (Move.slide('d7', 'd6'), Move.slide('g7', 'g4'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from astroplane.games.square_off.board import N_POINTS, Board
from astroplane.games.square_off.moves import Move, MoveKind

if TYPE_CHECKING:
    from astroplane.games.square_off.options import Rules

__all__ = [
    "ADJACENT_TRADES",
    "ALL_POINTS",
    "FLYING",
    "JUMPS",
    "PAIRS",
    "REMOVE_ALL",
    "TRADES",
    "TRADING",
    "Catalog",
    "Tables",
    "bits",
    "chunked",
    "flags_of",
    "formed",
    "free_pieces",
    "full_lines",
    "generate",
    "has_move",
    "line_points",
    "protected",
    "removable",
    "slides",
    "tables",
]

T = TypeVar("T")

# The constants are literals: the compiled build inlines them (``N_POINTS`` is 24).
ALL_POINTS: Final = 0xFFFFFF
"""The mask of every point of a board (``~occupied & ALL_POINTS`` is the empty points)."""
PAIRS: Final = 24
"""The first (from, to) action: a slide, flight or jump from ``f`` to ``t`` is
``PAIRS + 24 f + t``."""
TRADES: Final = 600
"""The first trade action: own ``a`` with opposing ``b`` is ``TRADES + 24 a + b``."""

FLYING: Final = 1
"""``flags_of``: a player with exactly three pieces and none in hand flies [SO5]."""
JUMPS: Final = 2
"""``flags_of``: Jump Off's jumps [SO7]."""
TRADING: Final = 4
"""``flags_of``: Trading Places' trades [SO8]."""
ADJACENT_TRADES: Final = 8
"""``flags_of``: trades only between linked points [SO8]."""
REMOVE_ALL: Final = 16
"""``flags_of``: any piece may go when all are on lines [SO4]."""

_SLIDE_BITS: Final = 6  # slides go by 6 points: 13,012 keys on the standard board (by 8: 243,027)
_MEMO_LIMIT = 1 << 15
"""The most keys of each slide chunk that ``_chunk_slides`` remembers (a chunk with no more
keys than this is filled when the tables are built: on the standard board, 13,012 in all).
Past it, slides are still right, only computed again each time."""


def flags_of(rules: Rules) -> int:
    """The options generation asks, as bits (``FLYING`` | ``JUMPS`` | ...)."""
    return (
        FLYING * rules.flying
        | JUMPS * rules.jumps
        | TRADING * rules.trades
        | ADJACENT_TRADES * rules.adjacent_trades
        | REMOVE_ALL * rules.remove_from_lines_when_all
    )


def bits(mask: int) -> list[int]:
    """The points of a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Tables:
    """The tables of one board, built once (``tables``).

    Point masks are read a chunk at a time: a table per chunk (points 0-7, 8-15, 16-23)
    indexed by that byte of the mask, so a question about a mask is three lookups; every
    table is built from the board's points, links and lines [SO31].

    Attributes:
        board: The board.
        point_bytes: Per chunk, per byte, the points of those bits, ascending.
        neighbours: Per point, the bitmask of its neighbours.
        slide_reach: Per slide chunk (points 0-5, 6-11, 12-17, 18-23), per value of those
            6 bits, the neighbours of those points (a bitmask).
        jumps: Per origin, ``(over, to)`` for each jump [SO7].
        line_masks: Per line, the bitmask of its points.
        line_bytes: Per chunk, per byte, the bitmask of the lines whose points in that
            chunk are all in the byte (``full_lines`` ands the three).
        line_cover: Per byte of a bitmask of lines (lines 0-7, 8-15, ...), per byte
            value, the points of those lines (``line_points``).
        lines_through: Per point, the bitmask of the lines through it.
        line_counts: Per chunk, per byte, how many points of each line are in the byte, two
            bits a line (line ``i`` at bits ``2 i``, ``2 i + 1``): the three chunks' values
            add up to a mask's count per line (the heuristic's open twos).
        count_lows: The low bit of every line's two bits.
        link_ends: For the first and the second end of the links (``board.links``), per
            chunk, per byte, the links whose end is in the byte (the heuristic's freedom).
        actions: The catalog of action numbers.
        moves: The catalog of moves.
        numbers: The action number of each move of ``moves``, by its ``id`` (the moves
            live as long as the tables, which are kept).
    """

    def __init__(self, board: Board) -> None:
        pts = range(N_POINTS)
        chunks = range(0, N_POINTS, 8)
        self.board = board
        self.point_bytes: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(c + i for i in range(8) if b >> i & 1) for b in range(256)) for c in chunks
        )
        nbrs = board.neighbour_masks
        self.neighbours: tuple[int, ...] = nbrs
        self.slide_reach: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                _union(nbrs[c + i] for i in range(_SLIDE_BITS) if b >> i & 1)
                for b in range(1 << _SLIDE_BITS)
            )
            for c in range(0, N_POINTS, _SLIDE_BITS)
        )
        self.jumps: tuple[tuple[tuple[int, int], ...], ...] = board.jumps_from
        masks = board.line_masks
        lines = range(len(masks))
        self.line_masks: tuple[int, ...] = masks
        self.line_bytes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << i for i in lines if not masks[i] >> c & 255 & ~b) for b in range(256))
            for c in chunks
        )
        self.line_cover: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                _union(masks[k + i] for i in range(8) if b >> i & 1 and k + i < len(masks))
                for b in range(256)
            )
            for k in range(0, len(masks), 8)
        )
        self.lines_through: tuple[int, ...] = tuple(
            sum(1 << i for i in board.lines_at[p]) for p in pts
        )
        self.line_counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sum((masks[i] >> c & 255 & b).bit_count() << 2 * i for i in lines)
                for b in range(256)
            )
            for c in chunks
        )
        self.count_lows: int = sum(1 << 2 * i for i in lines)
        self.link_ends: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    sum(1 << k for k, link in enumerate(board.links) if b << c >> link[end] & 1)
                    for b in range(256)
                )
                for c in chunks
            )
            for end in (0, 1)
        )
        numbers = tuple(range(TRADES + N_POINTS * N_POINTS))
        self.actions: Catalog[int] = Catalog(self, numbers, numbers, numbers[:N_POINTS])
        labels, fly_labels = _labels(board)
        removes = tuple(Move(MoveKind.REMOVE, p) for p in pts)
        self.moves: Catalog[Move] = Catalog(self, labels, fly_labels, removes)
        self.numbers: dict[int, int] = {}
        for listed in (labels, fly_labels, removes):  # the fillers of a == b come later
            for a, m in enumerate(listed):
                self.numbers.setdefault(id(m), a)


def _labels(board: Board) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """Per action number, the move it names when the player does not fly (a placement, a
    slide between linked points, a jump along a line, a trade; any other pair can only be
    a flight) and when the player flies (the pairs are flights [SO5])."""
    pts = range(N_POINTS)
    places = [Move(MoveKind.PLACE, p) for p in pts]
    trades = [Move(MoveKind.TRADE, a, b) if a != b else places[a] for a in pts for b in pts]
    flights = [Move(MoveKind.FLY, f, t) if f != t else places[f] for f in pts for t in pts]
    jumped = {(f, t) for f, _q, t in board.jumps}
    nbrs = board.neighbour_masks
    pairs = []
    for f in pts:
        for t in pts:
            if nbrs[f] >> t & 1:  # a point both linked and a jump away is reached by a slide
                pairs.append(Move(MoveKind.SLIDE, f, t))
            elif (f, t) in jumped:
                pairs.append(Move(MoveKind.JUMP, f, t))
            else:
                pairs.append(flights[f * N_POINTS + t])
    return (*places, *pairs, *trades), (*places, *flights, *trades)


class Catalog(Generic[T]):
    """What generation lists, by action number: the numbers themselves
    (``Tables.actions``) or the interned moves the states hand out (``Tables.moves``),
    with the per-byte tables and the slide memo built for them.

    Attributes:
        labels: Per action number, what it lists when the player does not fly.
        fly_labels: Per action number, what it lists when the player flies.
        removes: Per point, what its removal lists.
        place_bytes: Per chunk, per byte, the placements on those points, ascending.
        remove_bytes: Per chunk, per byte, the removals of those points, ascending.
        flight_bytes: Per origin, per chunk, per byte, the flights to those points.
        slide_memo: Per slide chunk (points 0-5, 6-11, 12-17, 18-23), the slides of its
            pieces keyed by their bits and their empty neighbours, filled when built (or,
            past ``_MEMO_LIMIT`` keys, as positions come up).
    """

    def __init__(
        self, tab: Tables, labels: tuple[T, ...], fly_labels: tuple[T, ...], removes: tuple[T, ...]
    ) -> None:
        self.labels = labels
        self.fly_labels = fly_labels
        self.removes = removes
        self.place_bytes: tuple[tuple[tuple[T, ...], ...], ...] = tuple(
            tuple(tuple(labels[p] for p in points) for points in chunk) for chunk in tab.point_bytes
        )
        self.remove_bytes: tuple[tuple[tuple[T, ...], ...], ...] = tuple(
            tuple(tuple(removes[p] for p in points) for points in chunk)
            for chunk in tab.point_bytes
        )
        self.flight_bytes: tuple[tuple[tuple[tuple[T, ...], ...], ...], ...] = tuple(
            tuple(
                tuple(
                    tuple(fly_labels[PAIRS + N_POINTS * f + t] for t in points if t != f)
                    for points in chunk
                )
                for chunk in tab.point_bytes
            )
            for f in range(N_POINTS)
        )
        self.slide_memo: list[dict[int, tuple[T, ...]]] = [{} for _ in range(4)]
        for chunk in range(4):
            _fill_slides(tab, self, chunk)


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


_TABLES: dict[Board, Tables] = {}


def tables(board: Board) -> Tables:
    """The tables of ``board`` (built on first use, then cached)."""
    built = _TABLES.get(board)
    if built is None:
        built = _TABLES[board] = Tables(board)
    return built


# ---- lines ------------------------------------------------------------------------------


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


def free_pieces(tab: Tables, victim: int, remove_all: bool) -> int:
    """The points of ``victim`` that may be removed [SO4]: those on no line of three; if
    there is none, all of them with ``remove_all`` (``remove_from_lines_when_all``), else
    none (the removal is forfeited)."""
    full = full_lines(tab, victim)
    if not full:
        return victim
    free = victim & ~line_points(tab, full)
    if not free and remove_all:
        return victim
    return free


def formed(board: Board, mine: int, point: int) -> int:
    """The lines through ``point`` whose three points are all in ``mine``, as a bitmask of
    line indices (a move to ``point`` forms them [SO3])."""
    tab = tables(board)
    return full_lines(tab, mine) & tab.lines_through[point]


def _protected(tab: Tables, mine: int) -> int:
    full = full_lines(tab, mine)
    return line_points(tab, full) if full else 0


def protected(board: Board, mine: int) -> int:
    """The points of ``mine`` that lie on a line of three of ``mine`` [SO4]."""
    return _protected(tables(board), mine)


def removable(board: Board, rules: Rules, victim: int) -> int:
    """The points of ``victim`` that may be removed under ``rules`` [SO4] (``free_pieces``)."""
    return free_pieces(tables(board), victim, rules.remove_from_lines_when_all)


# ---- generation -------------------------------------------------------------------------


def chunked(table: tuple[tuple[tuple[T, ...], ...], ...], mask: int) -> tuple[T, ...]:
    """What a per-byte table (``Tables.point_bytes``, a catalog's ``place_bytes``...) lists
    for the points of a 24-point ``mask``: one lookup per byte, ascending."""
    return table[0][mask & 255] + table[1][mask >> 8 & 255] + table[2][mask >> 16]


def slides(tab: Tables, cat: Catalog[T], mine: int, empty: int) -> tuple[T, ...]:
    """The slides of the pieces ``mine`` to the ``empty`` points, ascending: per 6-bit
    chunk of ``mine``, one lookup keyed by its bits and their empty neighbours
    (``Catalog.slide_memo``; the literals are ``_SLIDE_BITS``, written out)."""
    r = tab.slide_reach
    c0, c1, c2, c3 = mine & 63, mine >> 6 & 63, mine >> 12 & 63, mine >> 18
    k0 = c0 | (empty & r[0][c0]) << 6
    k1 = c1 | (empty & r[1][c1]) << 6
    k2 = c2 | (empty & r[2][c2]) << 6
    k3 = c3 | (empty & r[3][c3]) << 6
    memo = cat.slide_memo
    try:
        return memo[0][k0] + memo[1][k1] + memo[2][k2] + memo[3][k3]
    except KeyError:  # a board with too many keys to list them all
        pass
    return (
        _chunk_slides(tab, cat, 0, k0)
        + _chunk_slides(tab, cat, 1, k1)
        + _chunk_slides(tab, cat, 2, k2)
        + _chunk_slides(tab, cat, 3, k3)
    )


def _slides_of(tab: Tables, cat: Catalog[T], chunk: int, key: int) -> tuple[T, ...]:
    """The slides of the pieces of one slide chunk (points ``6 * chunk`` on) whose bits
    and empty neighbours make ``key`` (as ``slides`` makes it), piece by piece."""
    empty = key >> _SLIDE_BITS
    labels = cat.labels
    out: list[T] = []
    for i in range(_SLIDE_BITS):
        if key >> i & 1:
            f = _SLIDE_BITS * chunk + i
            base = PAIRS + 24 * f
            out += [labels[base + t] for t in bits(empty & tab.neighbours[f])]
    return tuple(out)


def _chunk_slides(tab: Tables, cat: Catalog[T], chunk: int, key: int) -> tuple[T, ...]:
    """A slide chunk's key from its memo, or computed (and remembered up to
    ``_MEMO_LIMIT`` keys) on a board with too many keys to list up front."""
    memo = cat.slide_memo[chunk]
    found = memo.get(key)
    if found is None:
        found = _slides_of(tab, cat, chunk, key)
        if len(memo) < _MEMO_LIMIT:
            memo[key] = found
    return found


def _fill_slides(tab: Tables, cat: Catalog[T], chunk: int) -> None:
    """Every key of a slide chunk with its slides, if there are at most ``_MEMO_LIMIT``
    keys (each value of the chunk's bits, each subset of their neighbours); else none,
    to be filled as positions come up (``_chunk_slides``)."""
    start = _SLIDE_BITS * chunk
    own = [(b, tab.slide_reach[chunk][b] & ~(b << start)) for b in range(1 << _SLIDE_BITS)]
    if sum(1 << r.bit_count() for _b, r in own) > _MEMO_LIMIT:
        return
    memo = cat.slide_memo[chunk]
    for b, r in own:
        sub = r
        while True:  # every subset of r, r first, down to 0
            key = b | sub << _SLIDE_BITS
            memo[key] = _slides_of(tab, cat, chunk, key)
            if not sub:
                break
            sub = (sub - 1) & r


def _cool(tab: Tables, mine: int, actions: Iterable[int], marks: int) -> list[int]:
    """The actions that form none of the lines in ``marks`` (the cooldown [SO7], [SO13]):
    each placement or move of a piece of ``mine`` checked for the lines it would form."""
    out = []
    through = tab.lines_through
    for a in actions:
        if a < PAIRS:
            after, t = mine | 1 << a, a
        else:
            f, t = divmod(a - (PAIRS if a < TRADES else TRADES), 24)
            after = mine ^ (1 << f | 1 << t)
        if not full_lines(tab, after) & through[t] & marks:
            out.append(a)
    return out


def generate(
    tab: Tables,
    cat: Catalog[T],
    flags: int,
    flies: int,
    mine: int,
    theirs: int,
    in_hand: int,
    marks: int,
    removing: bool,
) -> tuple[T, ...]:
    """The legal actions (or moves: ``cat``) of the player to act, ascending [SO14].

    Args:
        tab: The board's tables.
        cat: What to list: ``tab.actions`` or ``tab.moves``.
        flags: The options (``flags_of``).
        flies: ``FLYING`` if the player flies (``flags`` has it, three pieces, none in
            hand), else 0 [SO5].
        mine: The points of the player to act.
        theirs: The points of the opponent.
        in_hand: The pieces the player to act has in hand.
        marks: The lines the player's previous move broke (cooldown, [SO7]); 0 if none.
        removing: A removal is pending for the player to act [SO4].
    """
    if removing:
        return chunked(cat.remove_bytes, free_pieces(tab, theirs, flags & REMOVE_ALL != 0))
    empty = ~(mine | theirs) & ALL_POINTS
    if in_hand:  # stage 1 (per player, [SO17]): place on any empty point
        if not marks:
            return chunked(cat.place_bytes, empty)
        return _listed(cat.labels, _cool(tab, mine, chunked(tab.point_bytes, empty), marks))
    if not (marks or flags & (JUMPS | TRADING) or flies):  # the common case: four lookups
        return slides(tab, cat, mine, empty)
    pieces = chunked(tab.point_bytes, mine)
    if flies and not (marks or flags & TRADING):
        e0, e1, e2 = empty & 255, empty >> 8 & 255, empty >> 16
        out: list[T] = []
        for f in pieces:
            ff = cat.flight_bytes[f]
            out += ff[0][e0] + ff[1][e1] + ff[2][e2]
        return tuple(out)
    found: list[int] = []
    if flies:
        for f in pieces:
            found += chunked(tab.actions.flight_bytes[f], empty)
    elif flags & JUMPS:  # [SO7]; a flight reaches every jump's point [SO12]
        for f in pieces:
            to = empty & tab.neighbours[f]
            for q, t in tab.jumps[f]:
                if theirs >> q & 1 and empty >> t & 1:
                    to |= 1 << t
            base = PAIRS + 24 * f
            found += [base + t for t in bits(to)]
    else:
        found += slides(tab, tab.actions, mine, empty)
    if flags & TRADING:  # [SO8]
        tradable = theirs & ~_protected(tab, theirs)
        for a in pieces if tradable else ():
            targets = tradable & tab.neighbours[a] if flags & ADJACENT_TRADES else tradable
            base = TRADES + 24 * a
            found += [base + b for b in bits(targets)]
    if marks:  # [SO7], [SO13]: no move may form a line the player's last move broke
        found = _cool(tab, mine, found, marks)
    return _listed(cat.fly_labels if flies else cat.labels, found)


def _listed(labels: tuple[T, ...], actions: Iterable[int]) -> tuple[T, ...]:
    """What ``labels`` lists for ``actions``."""
    return tuple([labels[a] for a in actions])


def has_move(
    tab: Tables,
    flags: int,
    flies: int,
    mine: int,
    theirs: int,
    in_hand: int,
    marks: int,
    removing: bool,
) -> bool:
    """True if ``generate`` with the same arguments lists an action: in the common cases a
    mask test (anything to remove, any empty point to place or fly to, any empty point
    next to a piece), else ``generate`` itself."""
    if removing:
        return free_pieces(tab, theirs, flags & REMOVE_ALL != 0) != 0
    empty = ~(mine | theirs) & ALL_POINTS
    if not (marks or flags & (JUMPS | TRADING)):
        if in_hand or flies:
            return empty != 0
        r = tab.slide_reach  # the points next to a piece of mine: four lookups
        near = r[0][mine & 63] | r[1][mine >> 6 & 63] | r[2][mine >> 12 & 63] | r[3][mine >> 18]
        return near & empty != 0
    return len(generate(tab, tab.actions, flags, flies, mine, theirs, in_hand, marks, removing)) > 0
