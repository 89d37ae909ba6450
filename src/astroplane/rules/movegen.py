"""Legal action generation: the hot path.

Everything here works on the flat tables of ``Topology``
and on plain tuples and ints; no coordinate arithmetic. Moves are interned,
so ``legal_moves()`` of two states hands out the same ``Move`` objects.
"""

from __future__ import annotations

from astroplane.moves import Move, MoveKind
from astroplane.rules.options import no_filter
from astroplane.rules.squares import square_owner, touches_other_square
from astroplane.state import GameState
from astroplane.topology import STEP_SINGULARITY, CellKind, Topology

__all__ = ["legal_actions"]

_STEP, _TRAVEL, _FIRE, _SQUARE, _ELIM, _END = (int(k) for k in MoveKind)
_ORD = int(CellKind.ORDINARY)
_SING = int(CellKind.SINGULARITY)
_WORM = int(CellKind.WORMHOLE)
#: Ascending subsets of an owner bitmask (send-back choices) [D10].
_SUBSETS = tuple(tuple(c for c in range(16) if c & ~m == 0) for m in range(16))
#: Reserve choices (``Move.choice``, see ``RESERVE_CHOICES``) by pieces in reserve (0, 1, 2+):
#: bringing a reserve piece in is compulsory [D28] ...
_SING_CHOICES = ((0,), (1, 2), (1, 2))
_FIRE_CHOICES = ((0,), (1, 2), (3, 4, 5))
#: ... unless ``optional_reserve`` is on, when "none" is a choice too [D13].
_SING_CHOICES_OPTIONAL = ((0,), (0, 1, 2), (0, 1, 2))
_FIRE_CHOICES_OPTIONAL = ((0,), (0, 1, 2), (0, 1, 2, 3, 4, 5))

_INTERN: dict[int, Move] = {}


def _move(kind: int, origin: int, target: int, choice: int) -> Move:
    key = (((kind << 11) | (origin + 1)) << 11 | (target + 1)) << 4 | choice
    m = _INTERN.get(key)
    if m is None:
        m = _INTERN[key] = Move(kind, origin, target, choice)
    return m


def legal_actions(s: GameState) -> tuple[Move, ...]:
    """All legal actions of ``s`` (see ``GameState.legal_moves`` for the order)."""
    if s.outcome is not None:
        return ()
    acts = _generate(s)
    hook = s.rules.action_filter
    if hook is not no_filter and acts:
        kept = tuple(hook(s, acts))
        allowed = set(acts)
        if any(m not in allowed for m in kept):
            raise ValueError("Rules.action_filter may only remove actions, never add them")
        acts = kept
    return acts


def _generate(s: GameState) -> tuple[Move, ...]:
    t = s.topology
    stacks = s.stacks
    where = s.where
    mover = s.to_move
    fire_base = t.fire_base
    kind = t.kind
    step_dests = t.step_dests
    sq = s.rules.squares
    disband = s.rules.singles_disband_squares
    reserve = min(s.reserve[mover], 2)
    optional = s.rules.optional_reserve
    sing_choices = (_SING_CHOICES_OPTIONAL if optional else _SING_CHOICES)[reserve]
    travelled = s.travelled
    intern = _INTERN
    out: list[Move] = []
    square_cells: list[int] = []
    loaded = False  # does the mover top a firing position?
    start_base = t.start_base
    n_travel = 0
    base = mover * 10
    mover_bit = 1 << mover

    for pid in range(base, base + 10):
        src = where[pid]
        if src < 0:
            continue
        st = stacks[src]
        if st[-1] != pid:
            continue
        if src < fire_base:
            k = kind[src >> 2]
            if k == _SING:
                continue
            if sq and k == _ORD and len(st) == 1 and (src & 3) < 2:
                o = stacks[src ^ 2]
                if len(o) == 1 and o[0] // 10 == mover:
                    square_cells.append(src >> 2)  # a Square of the mover [D14]
        else:
            k = -1
            if src < start_base:
                loaded = True
        rem = st[:-1]
        view = stacks
        if t.step_revisits[src]:
            view = (*stacks[:src], rem, *stacks[src + 1 :])
        # Leaving may leave a Square behind in the source cell [D15].
        src_sq = False
        if sq and len(rem) == 1 and k == _ORD:
            o = view[src ^ 2]
            src_sq = len(o) == 1 and o[0] // 10 == rem[0] // 10
        travel_dests: tuple[tuple[int, int], ...] = ()
        if k == _WORM and not (travelled >> pid) & 1:
            travel_dests = t.travel_dests[src]
        for mkind, dests in ((_STEP, step_dests[src]), (_TRAVEL, travel_dests)):
            key0 = ((mkind << 11) | (src + 1)) << 11
            for dst, how in dests:
                if how == STEP_SINGULARITY or dst >= fire_base:
                    # Nothing to check at the destination; a Square left behind still counts.
                    if src_sq and _d15_conflict(t, view, src, rem, dst, pid, 0):
                        continue
                    for c in sing_choices if how == STEP_SINGULARITY else (0,):
                        key = (key0 | (dst + 1)) << 4 | c
                        out.append(intern.get(key) or _move(mkind, src, dst, c))
                    continue
                dst_st = view[dst]
                if dst_st:
                    # A Square's piece cannot be landed on (3.5), unless the variant allows it.
                    if sq and len(dst_st) == 1 and kind[dst >> 2] == _ORD:
                        o = view[dst ^ 2]
                        if (
                            len(o) == 1
                            and o[0] // 10 == dst_st[0] // 10
                            and (not disband or dst_st[0] // 10 == mover)
                        ):
                            continue
                elif view[dst ^ 1] or view[dst ^ 3]:
                    continue  # [D6] overlap
                opp = view[dst ^ 2]
                forms = False
                owners = 0
                if opp:
                    for q in opp:
                        owners |= 1 << (q // 10)
                    if owners == mover_bit:
                        owners = 0
                        forms = sq and not dst_st and len(opp) == 1 and kind[dst >> 2] == _ORD
                if (forms or src_sq) and _d15_conflict(t, view, src, rem, dst, pid, owners):
                    continue
                if owners:
                    for c in _SUBSETS[owners]:
                        key = (key0 | (dst + 1)) << 4 | c
                        out.append(intern.get(key) or _move(mkind, src, dst, c))
                    if mkind == _TRAVEL:
                        n_travel += len(_SUBSETS[owners])
                else:
                    key = (key0 | (dst + 1)) << 4
                    out.append(intern.get(key) or _move(mkind, src, dst, 0))
                    if mkind == _TRAVEL:
                        n_travel += 1

    # Firing an Anomaly corner [D5, D13].
    if loaded:
        for corner, (f1, f2) in t.corner_firing.items():
            a, b = stacks[f1], stacks[f2]
            if a and b and a[-1] // 10 == mover and b[-1] // 10 == mover:
                for c in (_FIRE_CHOICES_OPTIONAL if optional else _FIRE_CHOICES)[reserve]:
                    out.append(_move(_FIRE, corner, -1, c))

    if square_cells:
        square_cells.sort()
        _square_actions(s, square_cells, out)

    if n_travel and n_travel == len(out):
        # Only free actions are left: the player may end the turn instead [D7].
        out.append(_move(_END, -1, -1, 0))
    return tuple(out)


def _d15_conflict(
    t: Topology,
    stacks: tuple[tuple[int, ...], ...],
    src: int,
    rem: tuple[int, ...],
    dst: int,
    pid: int,
    sendback_owners: int,
) -> bool:
    """Would a single piece moving ``src`` -> ``dst`` leave two Squares of different
    players side by side [D15]? Only called when the move forms a Square."""
    after = list(stacks)
    after[src] = rem
    after[dst] = stacks[dst] + (pid,)
    if sendback_owners:
        after[dst ^ 2] = ()
    for cell in (src >> 2, dst >> 2):
        if cell < t.n_cells:
            owner = square_owner(after, t.kind, cell)
            if owner >= 0 and touches_other_square(after, t.kind, t.neighbours, cell, owner):
                return True
    return False


def _cell_empty(stacks: tuple[tuple[int, ...], ...], cell: int) -> bool:
    p = 4 * cell
    return not (stacks[p] or stacks[p + 1] or stacks[p + 2] or stacks[p + 3])


def _square_actions(s: GameState, cells: list[int], out: list[Move]) -> None:
    """Square moves and eliminations of the mover's Squares in ``cells`` (section 8)."""
    t = s.topology
    stacks = s.stacks
    kind = t.kind
    mover = s.to_move
    neighbours = t.neighbours
    svs = s.rules.square_vs_square
    for cell in cells:
        for d in range(4):
            n = neighbours[cell][d]
            first = True
            while n >= 0 and kind[n] == _ORD and _cell_empty(stacks, n):
                if first and not _square_lands_badly(t, stacks, cell, n, mover):
                    out.append(_move(_SQUARE, cell, n, 0))
                first = False
                n = neighbours[n][d]
            if n < 0 or kind[n] != _ORD:
                continue
            p = 4 * n
            owners = 0
            for q in (p, p + 1, p + 2, p + 3):
                for piece in stacks[q]:
                    owners |= 1 << (piece // 10)
            if not owners & ~(1 << mover):
                continue
            there = square_owner(stacks, kind, n)
            if there >= 0 and not (svs and there != mover):
                continue
            if not _square_lands_badly(t, stacks, cell, n, mover):
                out.append(_move(_ELIM, cell, n, 0))


def _square_lands_badly(
    t: Topology, stacks: tuple[tuple[int, ...], ...], cell: int, target: int, mover: int
) -> bool:
    """[D15]: would the Square from ``cell``, now in ``target``, touch another player's Square?"""
    for n in t.neighbours[target]:
        if n >= 0 and n != cell:
            o = square_owner(stacks, t.kind, n)
            if o >= 0 and o != mover:
                return True
    return False
