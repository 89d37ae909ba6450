"""Legal action generation and play: the hot path.

Everything here works on the flat tables of :class:`~astroplane.topology.Topology`
and on plain tuples and ints; no coordinate arithmetic. Moves are interned,
so ``legal_moves()`` of two states hands out the same :class:`Move` objects.
"""

from __future__ import annotations

from astroplane.errors import IllegalMoveError
from astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.outcome import EndReason, Outcome
from astroplane.rules.options import no_filter
from astroplane.rules.scoring import scores, winners
from astroplane.rules.squares import square_owner, touches_other_square

# astroplane.state imports this module at its end, once GameState is defined.
from astroplane.state import GameState
from astroplane.topology import STEP_SINGULARITY, CellKind, Seat, Topology

__all__ = ["legal_actions", "play", "start_turn"]

_STEP, _TRAVEL, _FIRE, _SQUARE, _ELIM, _END = (int(k) for k in MoveKind)
_ORD = int(CellKind.ORDINARY)
_SING = int(CellKind.SINGULARITY)
_WORM = int(CellKind.WORMHOLE)
_SEAT = tuple(Seat)
_REMOVED = -3
_ELIMINATED = -2
_IN_RESERVE = -1
#: Ascending subsets of an owner bitmask (send-back choices) [D10].
_SUBSETS = tuple(tuple(c for c in range(16) if c & ~m == 0) for m in range(16))
_SING_CHOICES = ((0,), (0, 1, 2))
_FIRE_CHOICES = ((0,), (0, 1, 2), (0, 1, 2, 3, 4, 5))

_INTERN: dict[int, Move] = {}


def _move(kind: int, origin: int, target: int, choice: int) -> Move:
    key = (((kind << 11) | (origin + 1)) << 11 | (target + 1)) << 4 | choice
    m = _INTERN.get(key)
    if m is None:
        m = _INTERN[key] = Move(kind, origin, target, choice)
    return m


# --------------------------------------------------------------------------- generation
def legal_actions(s: GameState) -> tuple[Move, ...]:
    """All legal actions of ``s`` (see :meth:`GameState.legal_moves` for the order)."""
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
    reserve = s.reserve[mover]
    sing_choices = _SING_CHOICES[1 if reserve else 0]
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
                for c in _FIRE_CHOICES[min(reserve, 2)]:
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


# --------------------------------------------------------------------------- play
def play(s: GameState, move: Move) -> GameState:
    """Apply a legal action and resolve the turn (see :meth:`GameState.play`)."""
    legal = s.legal_moves()
    for m in legal:
        if m is move:
            break
    else:
        if not isinstance(move, Move) or move not in legal:
            from astroplane.rules.explain import why_illegal

            raise IllegalMoveError(move, why_illegal(s, move))
    return _apply(s, move)


def _apply(s: GameState, move: Move) -> GameState:
    t = s.topology
    mover = s.to_move
    stacks = list(s.stacks)
    where = list(s.where)
    reserve = list(s.reserve)
    moves_left = s.moves_left
    travelled = s.travelled
    landed = s.landed
    eliminated = s.eliminated
    progress = False
    entered_singularity = False
    kind = move.kind

    if kind in (_STEP, _TRAVEL):
        src, dst, choice = move.origin, move.target, move.choice
        st = stacks[src]
        pid = st[-1]
        bit = 1 << pid
        if len(st) >= 2 and st[-2] // 10 != mover and not landed & bit:
            moves_left += 1  # release bonus [D9]
        stacks[src] = st[:-1]
        if kind == _STEP:
            moves_left -= 1
            travelled &= ~bit  # the step clears the Wormhole mark [D19]
            if dst < t.fire_base and t.step_through(src, dst):
                travelled |= bit  # went straight through a Wormhole [D12]
        else:
            travelled |= bit
        if dst < t.fire_base and t.singularity_position[dst >> 2] == dst:
            stacks[dst] = stacks[dst] + (pid,)
            where[pid] = dst
            travelled &= ~bit
            landed &= ~bit
            progress = entered_singularity = True
            _bring_in(t, stacks, where, reserve, mover, RESERVE_CHOICES[choice])
        else:
            here = stacks[dst]
            landed = landed | bit if here else landed & ~bit
            stacks[dst] = (*here, pid)
            where[pid] = dst
            if dst < t.fire_base:
                opp = stacks[dst ^ 2]
                if opp and any(q // 10 != mover for q in opp):
                    # Send the whole opposite stack back to Start [D10].
                    progress = True
                    stacks[dst ^ 2] = ()
                    for q in opp:
                        owner = q // 10
                        area = t.start_base + 2 * owner + ((choice >> owner) & 1)
                        stacks[area] = stacks[area] + (q,)
                        where[q] = area
                        travelled &= ~(1 << q)
                        landed &= ~(1 << q)
    elif kind == _FIRE:
        moves_left -= 1
        for f in t.corner_firing[move.origin]:
            st = stacks[f]
            pid = st[-1]
            bit = 1 << pid
            if len(st) >= 2 and st[-2] // 10 != mover and not landed & bit:
                moves_left += 1  # release bonus [D9]
            stacks[f] = st[:-1]
            dst = t.singularity_position[t.fire_target[f]]
            stacks[dst] = stacks[dst] + (pid,)
            where[pid] = dst
            travelled &= ~bit
            landed &= ~bit
        progress = entered_singularity = True
        _bring_in(t, stacks, where, reserve, mover, RESERVE_CHOICES[move.choice])
    elif kind in (_SQUARE, _ELIM):
        moves_left -= 1
        cell, target = move.origin, move.target
        if kind == _ELIM:
            progress = True
            gone = []
            for q in range(4 * target, 4 * target + 4):
                for piece in stacks[q]:
                    gone.append((piece, mover))
                    where[piece] = _ELIMINATED
                    travelled &= ~(1 << piece)
                    landed &= ~(1 << piece)
                stacks[q] = ()
            eliminated = eliminated + tuple(gone)
        for a in range(4):
            st = stacks[4 * cell + a]
            if st:
                stacks[4 * cell + a] = ()
                stacks[4 * target + a] = st
                where[st[0]] = 4 * target + a
    elif kind == _END:
        moves_left = 0
    else:  # pragma: no cover - play() only passes legal moves
        raise IllegalMoveError(move, "unknown move kind")

    last_progress = s.turn if progress else s.last_progress
    new = GameState(
        t,
        s.rules,
        s.seats,
        tuple(stacks),
        (reserve[0], reserve[1], reserve[2], reserve[3]),
        eliminated,
        s.removed,
        mover,
        moves_left,
        s.turn,
        travelled,
        landed,
        last_progress,
        None,
        tuple(where),
    )
    if entered_singularity and _tops_all_singularity(new, mover):
        return _finish(new, EndReason.TRUE_WIN)
    if moves_left > 0:
        legal = legal_actions(new)
        if legal:
            object.__setattr__(new, "_legal", legal)
            return new
    return _close_turn(new)


def _bring_in(
    t: Topology,
    stacks: list[tuple[int, ...]],
    where: list[int],
    reserve: list[int],
    seat: int,
    sides: tuple[int, ...],
) -> None:
    """Bring reserve pieces into Start Areas, lowest number first [D13, D17]."""
    for side in sides:
        piece = seat * 10 + 10 - reserve[seat]
        reserve[seat] -= 1
        area = t.start_base + 2 * seat + side
        stacks[area] = stacks[area] + (piece,)
        where[piece] = area


def _tops_all_singularity(s: GameState, seat: int) -> bool:
    t = s.topology
    for cell, _apex in t.singularity:
        st = s.stacks[t.singularity_position[cell]]
        if not st or st[-1] // 10 != seat:
            return False
    return True


def _finish(s: GameState, reason: EndReason) -> GameState:
    points = scores(s)
    if reason == EndReason.TRUE_WIN:
        won: tuple[int, ...] = (s.to_move,)
    else:
        won = winners(s, points)
    outcome = Outcome(
        winners=won,
        scores=points,
        true_win=reason == EndReason.TRUE_WIN,
        reason=reason,
        turn=s.turn,
    )
    return _same_board(s, s.to_move, 0, s.turn, outcome, ())


def _close_turn(s: GameState) -> GameState:
    """The current turn is over: check the limits, then start the next player's turn."""
    rules = s.rules
    turn = s.turn
    if rules.max_turns is not None and turn >= rules.max_turns:
        return _finish(s, EndReason.TURN_LIMIT)
    active = [seat for seat in s.seats if seat not in s.removed]
    if rules.no_progress_rounds is not None and (
        turn - s.last_progress >= rules.no_progress_rounds * len(active)
    ):
        return _finish(s, EndReason.NO_PROGRESS)
    i = active.index(s.to_move) if s.to_move in active else -1
    if i < 0:
        # The player to move was just removed: the next seat clockwise still in the game.
        later = [seat for seat in s.seats if seat > s.to_move and seat in active]
        nxt = later[0] if later else active[0]
    else:
        nxt = active[(i + 1) % len(active)]
    left = rules.turn_moves(s, nxt)
    if left < 1:
        raise ValueError(f"Rules.turn_moves must give at least 1 move, not {left}")
    return start_turn(_same_board(s, nxt, left, turn + 1, None))


def _same_board(
    s: GameState,
    to_move: int,
    moves_left: int,
    turn: int,
    outcome: Outcome | None,
    legal: tuple[Move, ...] | None = None,
) -> GameState:
    """``s`` with the same pieces and marks, at another point of the turn sequence;
    the `landed` marks only last for the turn they were made in [D9]."""
    landed = s.landed if turn == s.turn and outcome is None else 0
    return GameState(
        s.topology, s.rules, s.seats, s.stacks, s.reserve, s.eliminated, s.removed,
        _SEAT[to_move], moves_left, turn, s.travelled, landed, s.last_progress, outcome,
        s.where, legal,
    )  # fmt: skip


def start_turn(s: GameState) -> GameState:
    """Resolve the start of ``s.to_move``'s turn: a player with no legal action is
    stuck (section 9, [D16])."""
    if s.outcome is not None:
        return s
    if not isinstance(s.to_move, Seat):
        object.__setattr__(s, "to_move", _SEAT[s.to_move])
    legal = legal_actions(s)
    if legal:
        object.__setattr__(s, "_legal", legal)
        return s
    if len(s.seats) == 2 or not s.rules.remove_stuck_players:
        return _finish(s, EndReason.STUCK)
    # 3 or 4 players: remove the stuck player; the empty turn counts as a turn [D16].
    removed = _remove_player(s, s.to_move)
    if len(removed.seats) - len(removed.removed) < 2:
        return _finish(removed, EndReason.LAST_PLAYER)
    return _close_turn(removed)


def _remove_player(s: GameState, seat: int) -> GameState:
    """Remove a stuck player's pieces except those in the Singularity [D16]."""
    t = s.topology
    stacks = list(s.stacks)
    where = list(s.where)
    reserve = list(s.reserve)
    travelled, landed = s.travelled, s.landed
    for pid in range(seat * 10, seat * 10 + 10):
        pos = where[pid]
        if pos == _IN_RESERVE:
            where[pid] = _REMOVED
        elif pos >= 0 and not (pos < t.fire_base and t.singularity_position[pos >> 2] == pos):
            stacks[pos] = tuple(q for q in stacks[pos] if q // 10 != seat)
            where[pid] = _REMOVED
            travelled &= ~(1 << pid)
            landed &= ~(1 << pid)
    reserve[seat] = 0
    return GameState(
        t,
        s.rules,
        s.seats,
        tuple(stacks),
        (reserve[0], reserve[1], reserve[2], reserve[3]),
        s.eliminated,
        (*s.removed, seat),
        s.to_move,
        0,
        s.turn,
        travelled,
        landed,
        s.last_progress,
        None,
        tuple(where),
    )
