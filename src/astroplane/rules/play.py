"""Playing an action: the new pieces, marks and counters, then the turn goes on.

``play`` checks the action against the legal set and ``_apply`` builds
the next state in one pass over flat tuples (no ``attrs.evolve``); what happens
when the turn is over is in ``astroplane.rules.turns``.
"""

from __future__ import annotations

from astroplane.errors import IllegalMoveError
from astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.outcome import EndReason
from astroplane.pieces import next_reserve_piece
from astroplane.rules.explain import why_illegal
from astroplane.rules.movegen import legal_actions
from astroplane.rules.turns import close_turn, finish
from astroplane.state import ELIMINATED, GameState
from astroplane.topology import Topology

__all__ = ["play"]

_STEP, _TRAVEL, _FIRE, _SQUARE, _ELIM, _END = (int(k) for k in MoveKind)


def play(s: GameState, move: Move) -> GameState:
    """Apply a legal action and resolve the turn (see ``GameState.play``)."""
    legal = s.legal_moves()
    for m in legal:
        if m is move:
            break
    else:
        if not isinstance(move, Move) or move not in legal:
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
        pid, bonus = _lift(stacks, src, mover, landed)
        moves_left += bonus
        bit = 1 << pid
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
            pid, bonus = _lift(stacks, f, mover, landed)
            moves_left += bonus
            bit = 1 << pid
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
                    where[piece] = ELIMINATED
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
        return finish(new, EndReason.TRUE_WIN)
    if moves_left > 0:
        legal = legal_actions(new)
        if legal:
            object.__setattr__(new, "_legal", legal)
            return new
    return close_turn(new)


def _lift(stacks: list[tuple[int, ...]], position: int, mover: int, landed: int) -> tuple[int, int]:
    """Take the top piece off ``position``: ``(piece, bonus)``, where ``bonus`` is 1 when
    leaving earns the release bonus (the piece directly below belongs to another player
    and the piece did not land on this stack during the current turn) [D9], else 0."""
    st = stacks[position]
    pid = st[-1]
    stacks[position] = st[:-1]
    released = len(st) >= 2 and st[-2] // 10 != mover and not (landed >> pid) & 1
    return pid, 1 if released else 0


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
        piece = next_reserve_piece(seat, reserve[seat])
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
