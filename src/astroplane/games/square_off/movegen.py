"""Move generation, the hot path: the legal moves of the player to act, from bitmasks.

A position is two bitmasks of points (one per seat, bit ``p`` for point ``p``); every
question about lines, neighbours and jumps is a lookup in the ``Board`` tables. The moves
themselves are built once per board (``tables``), so generating is filtering.

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

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from astroplane.games.square_off.board import N_POINTS, Board
from astroplane.games.square_off.moves import Move, MoveKind

if TYPE_CHECKING:
    from astroplane.games.square_off.options import Rules

__all__ = [
    "Tables",
    "bits",
    "formed",
    "generate",
    "protected",
    "removable",
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


def formed(board: Board, mine: int, point: int) -> int:
    """The lines through ``point`` whose three points are all in ``mine``, as a bitmask of
    line indices (a move to ``point`` forms them [SO3])."""
    found = 0
    masks = board.line_masks
    for i in board.lines_at[point]:
        m = masks[i]
        if mine & m == m:
            found |= 1 << i
    return found


def protected(board: Board, mine: int) -> int:
    """The points of ``mine`` that lie on a line of three of ``mine`` [SO4]."""
    out = 0
    for m in board.line_masks:
        if mine & m == m:
            out |= m
    return out


def removable(board: Board, rules: Rules, victim: int) -> int:
    """The points of ``victim`` that may be removed [SO4]: those on no line of three; if
    there is none, all of them under ``remove_from_lines_when_all``, else none (the
    removal is forfeited)."""
    free = victim & ~protected(board, victim)
    if not free and rules.remove_from_lines_when_all:
        return victim
    return free


@attrs.frozen
class Tables:
    """The moves of one board, built once (``tables``); per point, ascending targets.

    Attributes:
        places: ``PLACE`` per point.
        removes: ``REMOVE`` per point.
        slides: Per origin, ``(to, move)`` for each neighbour.
        slide_sets: Per origin, the slides (ascending) keyed by the bitmask of its empty
            neighbours: generating a piece's slides is one lookup.
        flights: Per origin, ``(to, move)`` for every other point.
        jumps: Per origin, ``(over, to, move)`` for each jump [SO7].
        trades: Per own point, ``(other, move)`` for every other point [SO8].
        linked_trades: Per own point, ``(other, move)`` for each neighbour [SO8].
    """

    places: tuple[Move, ...]
    removes: tuple[Move, ...]
    slides: tuple[tuple[tuple[int, Move], ...], ...]
    slide_sets: tuple[dict[int, tuple[Move, ...]], ...] = attrs.field(eq=False)  # from slides
    flights: tuple[tuple[tuple[int, Move], ...], ...]
    jumps: tuple[tuple[tuple[int, int, Move], ...], ...]
    trades: tuple[tuple[tuple[int, Move], ...], ...]
    linked_trades: tuple[tuple[tuple[int, Move], ...], ...]


_TABLES: dict[Board, Tables] = {}


def tables(board: Board) -> Tables:
    """The move tables of ``board`` (built on first use, then cached)."""
    found = _TABLES.get(board)
    if found is None:
        pts = range(N_POINTS)
        slides = tuple(
            tuple((t, Move(MoveKind.SLIDE, f, t)) for t in board.neighbours[f]) for f in pts
        )
        found = Tables(
            places=tuple(Move(MoveKind.PLACE, p) for p in pts),
            removes=tuple(Move(MoveKind.REMOVE, p) for p in pts),
            slides=slides,
            slide_sets=tuple(_subsets(pairs) for pairs in slides),
            flights=tuple(tuple((t, Move(MoveKind.FLY, f, t)) for t in pts if t != f) for f in pts),
            jumps=tuple(
                tuple((q, t, Move(MoveKind.JUMP, f, t)) for q, t in board.jumps_from[f])
                for f in pts
            ),
            trades=tuple(
                tuple((b, Move(MoveKind.TRADE, a, b)) for b in pts if b != a) for a in pts
            ),
            linked_trades=tuple(
                tuple((b, Move(MoveKind.TRADE, a, b)) for b in board.neighbours[a]) for a in pts
            ),
        )
        _TABLES[board] = found
    return found


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
        return tuple(tab.removes[p] for p in bits(removable(board, rules, theirs)))
    empty = ~(mine | theirs) & ((1 << N_POINTS) - 1)
    if in_hand:  # stage 1 (per player, [SO17]): place on any empty point
        places = tab.places
        if not marks:
            return tuple([places[p] for p in _POINTS if empty >> p & 1])
        return tuple(places[p] for p in bits(empty) if not formed(board, mine | 1 << p, p) & marks)
    out: list[Move] = []
    flying = rules.flying and mine.bit_count() == 3  # [SO5]
    jumps = rules.jumps and not flying  # a flight reaches every jump's point [SO12]
    slide_sets = tab.slide_sets
    nmasks = board.neighbour_masks
    targets: Sequence[Move]
    m = mine
    while m:
        low = m & -m
        f = low.bit_length() - 1
        m ^= low
        if jumps:
            found = [(t, mv) for t, mv in tab.slides[f] if empty >> t & 1]
            found += [(t, mv) for q, t, mv in tab.jumps[f] if theirs >> q & 1 and empty >> t & 1]
            found.sort(key=_first)
            targets = [mv for _t, mv in found]
        elif flying:
            targets = [mv for t, mv in tab.flights[f] if empty >> t & 1]
        else:
            targets = slide_sets[f][empty & nmasks[f]]
        if marks:  # [SO7], [SO13]: no move may form a line the player's last move broke
            rest = mine ^ low
            targets = [mv for mv in targets if not formed(board, rest | 1 << mv.to, mv.to) & marks]
        out += targets
    append = out.append
    if rules.trades:  # [SO8]
        tradable = theirs & ~protected(board, theirs)
        pairs = tab.linked_trades if rules.adjacent_trades else tab.trades
        m = mine
        while m and tradable:
            low = m & -m
            a = low.bit_length() - 1
            m ^= low
            rest = mine ^ low
            for b, mv in pairs[a]:
                if tradable >> b & 1 and not (marks and formed(board, rest | 1 << b, b) & marks):
                    append(mv)
    return tuple(out)


def _first(item: tuple[int, Move]) -> int:
    return item[0]


_POINTS = range(N_POINTS)


def _subsets(pairs: tuple[tuple[int, Move], ...]) -> dict[int, tuple[Move, ...]]:
    """Per subset of the targets of ``pairs`` (as a bitmask), the moves to those targets,
    in the order of ``pairs``."""
    out: dict[int, tuple[Move, ...]] = {}
    for subset in range(1 << len(pairs)):
        chosen = [pairs[i] for i in range(len(pairs)) if subset >> i & 1]
        out[sum(1 << t for t, _mv in chosen)] = tuple(mv for _t, mv in chosen)
    return out
