"""The packed position: a StarCastles state as a small tuple of ints, and the board's
tables the packed core (``core``) reads. Private; compiled by the optional build.

A packed position ``p`` is a tuple of ``6 + 3 * m`` ints, ``m`` the game's ``n`` players
(more only for a position that holds modules of a player not in the game, up to player
5: no game reaches one, and ``check_state`` refuses it). A *bitboard* has bit ``q`` set
for point id ``q`` (``board.StarBoard``: row by row from the top, left to right)::

    p[0]  meta   bits  0-2   the player to move
                 bits  3-5   the player who moved first
                 bit   6     removed: the mover's own gem left the board as this turn
                             started, so they may not play one [SC7]
                 bits  7-9   the winner + 1 (0: no winner) [SC6]
                 bit  10     over: won, or past max_rounds (derived, kept for speed)
                 bits 11-24  the round (1 .. max_rounds + 1)
                 bits 25-42  per player i, bits 25+3i .. 27+3i: Phase Gems left (0..4)
    p[1]  gems   per player i, bits 7i .. 7i+6: the point of their gem on the board + 1
                 (0: none)
    p[2]  the controlled complete castles (bitboard) [SC4]
    p[3]  every Power Base, p[4] every Battlement, p[5] every Spire (bitboards: the
          union of the players' boards below, kept for speed)
    p[6 + 3i + k]  player i's modules of kind k (0 Power Base, 1 Battlement, 2 Spire)

A point's stack (``stacks``: ``P | B << 3 | S << 6``, each field 0 or owner + 1) is the
kind boards read at that bit; its top module is the highest kind present. The rules
(player count, home arms, options) are the core's, not the position's: two positions are
equal exactly when the states they stand for under one core are.

The board of arm size 2 (37 points), by point id; arm 0 (a1 b1 b2) at the top, arms
numbered clockwise, directions ``ne e se sw w nw`` (0..5)::

                          0                       a1
                        1   2                     b1 b2
                3   4   5   6   7   8   9         c1 .. c7
                 10  11  12  13  14  15           d1 .. d6
                   16  17  18  19  20             e1 .. e5
                 21  22  23  24  25  26           f1 .. f6
                27  28  29  30  31  32  33        g1 .. g7
                        34  35                    h1 h2
                          36                      i1

Along directions ``e se sw`` point ids grow, along ``ne w nw`` they shrink, so the
nearest point of a bitboard along a ray is its lowest or its highest bit.

Examples:
    >>> t = tables(2)
    >>> t.n, t.block, t.gem0, t.pass_action
    (37, 54, 1998, 2035)
    >>> t.links[1]   # b1 (1): ne a1 (0), e b2 (2), se c4 (6), sw c3 (5); action 54 + d
    ((1, 54), (4, 55), (64, 56), (32, 57))
    >>> unpack_meta(pack_meta(1, 0, False, -1, False, 3, (4, 2)), 2)
    (1, 0, False, -1, False, 3, (4, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from astroplane.games.starcastles.board import star_board

__all__ = [
    "ANY",
    "FIRST_SHIFT",
    "GEM_BITS",
    "KINDS_AT",
    "LEFT_SHIFT",
    "OVER",
    "REMOVED",
    "ROUND_SHIFT",
    "WINNER_SHIFT",
    "Items",
    "Packed",
    "Tables",
    "action_items",
    "pack",
    "pack_meta",
    "tables",
    "unpack_cells",
    "unpack_meta",
]

#: A packed position (the module docs): ``6 + 3m`` ints.
Packed = tuple[int, ...]

#: Meta word fields (``p[0]``): see the module docs.
FIRST_SHIFT: Final = 3
REMOVED: Final = 1 << 6
WINNER_SHIFT: Final = 7
OVER: Final = 1 << 10
ROUND_SHIFT: Final = 11
ROUND_MASK: Final = (1 << 14) - 1
LEFT_SHIFT: Final = 25
#: Bits per player in the gems word (``p[1]``).
GEM_BITS: Final = 7
#: One more than the largest point a gems word can hold.
_GEM_POINTS: Final = (1 << 7) - 1
#: Index of the first kind board (``p[3]``, every Power Base), and of player 0's.
ANY: Final = 3
KINDS_AT: Final = 6
#: Move kinds of ``Tables.kind`` (``moves.MoveKind``'s values).
STEP: Final = 0
SLIDE: Final = 1
CASTLE: Final = 2
SWAP: Final = 3
GEM: Final = 4
PASS: Final = 5


class Tables:
    """What the packed core reads about one board (arm size), built once per board.

    Attributes:
        n: The number of points ``N``.
        slide_max: The longest slide ``D`` (``3k``).
        block: Actions per point ``6 + 6D + 6 + 6`` [SC11].
        gem0: The first gem action (``N * block``); ``gem0 + q`` places a gem on ``q``.
        pass_action: The pass (``gem0 + N``); ``pass_action + 1`` actions in all.
        bit: Per point, ``1 << q``.
        full: Every point's bit.
        links: Per point, ``(bit, action)`` for each linked point, in direction order:
            its bit and the action number of the Spire's step there (the castle's step
            there is ``action + castle``, its swap ``action + castle + 6``).
        castle: What the action number of a castle's step adds to the Spire's
            (``6 + 6D``).
        near: Per point, the bits of its linked points.
        rays: Per point, its slides: for each direction with a point in it, in
            direction order, ``(bit, action)`` for each point of the ray outwards to the
            board's edge: its bit and the action number of the slide there.
        distance: Per pair of points (``q * N + t``), the distance between them.
        gem_chunk: Per byte of a bitboard and its value (``c * 256 + v``), the gem
            actions on the points it holds, ascending.
        chunks: Bytes in a bitboard of the board (``ceil(N / 8)``).
        points: Per byte of a bitboard and its value (``c * 256 + v``), ``(q, bit)`` for
            each point ``q`` it holds, ascending, with its bit ``1 << q``: a bitboard's
            points are read a byte at a time (``int.to_bytes``).
        frm, to, kind: Per action number, the point it leaves (-1 for a gem or the
            pass), the point it goes to (-1 for the pass) and its kind (``STEP`` ..);
            ``kind`` is -1 for the numbers that name no move.
        frm_bit, to_bit: Per action number, the bits of ``frm`` and ``to`` (0 for -1).
        trio: Per arm, the bitboard of its trio [SC1].
    """

    n: int
    slide_max: int
    block: int
    gem0: int
    pass_action: int
    bit: tuple[int, ...]
    full: int
    links: tuple[tuple[tuple[int, int], ...], ...]
    castle: int
    near: tuple[int, ...]
    rays: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    distance: tuple[int, ...]
    gem_chunk: tuple[tuple[int, ...], ...]
    chunks: int
    points: tuple[tuple[tuple[int, int], ...], ...]
    frm: tuple[int, ...]
    to: tuple[int, ...]
    kind: tuple[int, ...]
    frm_bit: tuple[int, ...]
    to_bit: tuple[int, ...]
    trio: tuple[int, ...]

    def __init__(self, arm: int) -> None:
        board = star_board(arm)
        n = len(board)
        d_max = board.max_distance
        block = 18 + 6 * d_max
        self.n = n
        self.slide_max = d_max
        self.block = block
        self.gem0 = n * block
        self.pass_action = n * block + n
        self.bit = tuple(1 << q for q in range(n))
        self.full = (1 << n) - 1
        self.links = tuple(
            tuple((1 << ray[0], q * block + d) for d, ray in enumerate(board.rays[q]) if ray)
            for q in range(n)
        )
        self.castle = 6 + 6 * d_max
        self.near = tuple(sum(b for b, _a in links) for links in self.links)
        self.rays = tuple(
            tuple(
                tuple((1 << t, q * block + 6 + d * d_max + r) for r, t in enumerate(ray))
                for d, ray in enumerate(board.rays[q])
                if ray
            )
            for q in range(n)
        )
        cube = board.cube
        self.distance = tuple(
            max(abs(a - b) for a, b in zip(cube[q], cube[t], strict=True))
            for q in range(n)
            for t in range(n)
        )
        self.chunks = (n + 7) // 8
        self.points = tuple(
            tuple((8 * c + j, 1 << (8 * c + j)) for j in range(8) if v >> j & 1)
            for c in range(self.chunks)
            for v in range(256)
        )
        self.gem_chunk = tuple(
            tuple(self.gem0 + 8 * c + j for j in range(8) if v >> j & 1 and 8 * c + j < n)
            for c in range(self.chunks)
            for v in range(256)
        )
        frm = [-1] * (self.pass_action + 1)
        to = [-1] * (self.pass_action + 1)
        kind = [-1] * (self.pass_action + 1)
        for q in range(n):
            for d in range(6):
                ray = board.rays[q][d]
                if not ray:
                    continue
                base = q * block
                for a, k, t in (
                    (base + d, STEP, ray[0]),
                    (base + 6 + 6 * d_max + d, CASTLE, ray[0]),
                    (base + 12 + 6 * d_max + d, SWAP, ray[0]),
                ):
                    frm[a], to[a], kind[a] = q, t, k
                for r, t in enumerate(ray):
                    a = base + 6 + d * d_max + r
                    frm[a], to[a], kind[a] = q, t, SLIDE
            frm[self.gem0 + q], to[self.gem0 + q], kind[self.gem0 + q] = -1, q, GEM
        kind[self.pass_action] = PASS
        self.frm = tuple(frm)
        self.to = tuple(to)
        self.kind = tuple(kind)
        self.frm_bit = tuple(1 << q if q >= 0 else 0 for q in frm)
        self.to_bit = tuple(1 << q if q >= 0 else 0 for q in to)
        self.trio = tuple(sum(1 << q for q in trio) for trio in board.trios)


@cache
def tables(arm: int) -> Tables:
    """The ``Tables`` of the board of arm size ``arm`` (2..4), built once."""
    return Tables(arm)


class Items:
    """What move generation hands out for the moves of one board, laid out as it reads
    them: the action numbers (``action_items``: the core's ``legal_actions``) or the
    ``Move`` values (the views' ``legal_moves``), each one object made once, so that
    generating a list of them allocates nothing but the list.

    Attributes:
        steps: Per point, a dict from each set of its linked points (their bits) to the
            Spire's steps to the other linked points, in direction order: what it may do
            when that set is closed to it.
        castles: The same for the controlled castle's step whole.
        swaps: Per point, a dict from each set of its linked points to the controlled
            castle's swaps with them, in direction order.
        rays: Per point, per direction with a point in it, ``(bit, item)`` for each point
            of the ray outwards: the slide there.
        gems: Per byte of a bitboard and its value (``c * 256 + v``), the gem
            placements on the points it holds, ascending.
        pass_item: The pass.
    """

    steps: tuple[dict[int, tuple[object, ...]], ...]
    castles: tuple[dict[int, tuple[object, ...]], ...]
    swaps: tuple[dict[int, tuple[object, ...]], ...]
    rays: tuple[tuple[tuple[tuple[int, object], ...], ...], ...]
    gems: tuple[tuple[object, ...], ...]
    pass_item: object

    def __init__(self, t: Tables, items: Sequence[object]) -> None:
        c = t.castle
        self.steps = tuple(_subsets(links, items, 0, False) for links in t.links)
        self.castles = tuple(_subsets(links, items, c, False) for links in t.links)
        self.swaps = tuple(_subsets(links, items, c + 6, True) for links in t.links)
        self.rays = tuple(
            tuple(tuple((b, items[a]) for b, a in ray) for ray in rays) for rays in t.rays
        )
        self.gems = tuple(tuple(items[a] for a in chunk) for chunk in t.gem_chunk)
        self.pass_item = items[t.pass_action]


def _subsets(
    links: tuple[tuple[int, int], ...], items: Sequence[object], offset: int, inside: bool
) -> dict[int, tuple[object, ...]]:
    """Per set of the linked points (the sum of their bits), the items (of action
    ``step + offset``) of the links in it (``inside``) or not in it, in direction order."""
    out: dict[int, tuple[object, ...]] = {}
    for chosen in range(1 << len(links)):
        given = sum(b for j, (b, _a) in enumerate(links) if chosen >> j & 1)
        out[given] = tuple(items[a + offset] for b, a in links if bool(given & b) == inside)
    return out


@cache
def action_items(arm: int) -> Items:
    """The ``Items`` of the action numbers of the board of arm size ``arm``."""
    t = tables(arm)
    return Items(t, tuple(range(t.pass_action + 1)))


def pack_meta(
    to_move: int,
    first: int,
    removed: bool,
    winner: int,
    over: bool,
    round_: int,
    gems_left: Sequence[int],
) -> int:
    """The meta word ``p[0]`` of these fields (``winner`` -1 for none); each must fit its
    bits (the caller checks)."""
    meta = to_move | first << FIRST_SHIFT | (winner + 1) << WINNER_SHIFT | round_ << ROUND_SHIFT
    if removed:
        meta |= REMOVED
    if over:
        meta |= OVER
    for i, left in enumerate(gems_left):
        meta |= left << (LEFT_SHIFT + 3 * i)
    return meta


def unpack_meta(meta: int, players: int) -> tuple[int, int, bool, int, bool, int, tuple[int, ...]]:
    """``(to_move, first, removed, winner, over, round, gems_left)`` of a meta word
    (``winner`` -1 for none)."""
    return (
        meta & 7,
        meta >> FIRST_SHIFT & 7,
        bool(meta & REMOVED),
        (meta >> WINNER_SHIFT & 7) - 1,
        bool(meta & OVER),
        meta >> ROUND_SHIFT & ROUND_MASK,
        tuple(meta >> (LEFT_SHIFT + 3 * i) & 7 for i in range(players)),
    )


def _check(ok: bool, words: str) -> None:
    if not ok:
        raise ValueError(words)


def pack(
    n_points: int,
    players: int,
    max_rounds: int,
    cells: Sequence[int],
    controlled: int,
    gems: Sequence[int],
    gems_left: Sequence[int],
    removed: bool,
    to_move: int,
    first: int,
    round_: int,
    winner: int,
) -> Packed:
    """The packed position of a state's fields (``winner`` -1 for none).

    It packs what the fields say, possible or not (``setup.check_state`` says what is
    wrong with a state), as long as each fits its bits.

    Raises:
        ValueError: If a field does not fit: not one stack code 0..511 (owners 0..5) per
            point, a gem point and a gem count 0..7 per player, players 0..7, a round
            0..16383, a winner -1..6, a control mask >= 0.
    """
    _check(len(cells) == n_points, f"{len(cells)} stacks for a {n_points}-point board")
    _check(len(gems) == players and len(gems_left) == players, "one gem and count per player")
    _check(controlled >= 0, "the control mask is a bitboard >= 0")
    _check(
        0 <= to_move < 8 and 0 <= first < 8 and 0 <= round_ <= ROUND_MASK,
        "the player to move, first player or round is out of range",
    )
    _check(-1 <= winner < 7, "the winner is a player or none")
    owners = players
    for q, c in enumerate(cells):
        _check(
            0 <= c < 512 and c & 7 < 7 and c >> 3 & 7 < 7 and c >> 6 < 7,
            f"not a stack code at point {q}: {c}",
        )
        for k in range(3):
            owners = max(owners, c >> (3 * k) & 7)
    boards = [0] * (3 * owners)
    kinds = [0, 0, 0]
    for q, c in enumerate(cells):
        for k in range(3):
            code = c >> (3 * k) & 7
            if code:
                boards[3 * (code - 1) + k] |= 1 << q
                kinds[k] |= 1 << q
    word = 0
    for i, g in enumerate(gems):
        _check(-1 <= g < _GEM_POINTS, f"player {i}'s gem is on no point: {g}")
        word |= (g + 1) << (GEM_BITS * i)
    for left in gems_left:
        _check(0 <= left < 8, f"gems left are 0..7, not {left}")
    over = winner >= 0 or round_ > max_rounds
    meta = pack_meta(to_move, first, removed, winner, over, round_, gems_left)
    return (meta, word, controlled, *kinds, *boards)


def unpack_cells(p: Packed, n_points: int) -> tuple[int, ...]:
    """Per point, its stack code (``stacks``) from the kind boards of ``p``."""
    cells = [0] * n_points
    for j in range(KINDS_AT, len(p)):
        code = ((j - KINDS_AT) // 3 + 1) << (3 * ((j - KINDS_AT) % 3))
        x = p[j]
        while x:
            low = x & -x
            x ^= low
            cells[low.bit_length() - 1] |= code
    return tuple(cells)
