"""The turn sequence: passing the turn, stuck players and the end of the game.

Section 9 of RULES.md: a stuck player ends a 2-player game or is removed
[D16]; the turn limit [D18] and the no-progress limit [D25] are checked when a
turn is over; ``finish`` scores a finished game.
"""

from __future__ import annotations

from astroplane.moves import Move
from astroplane.outcome import EndReason, Outcome
from astroplane.rules.movegen import legal_actions
from astroplane.rules.scoring import scores, winners
from astroplane.state import IN_RESERVE, REMOVED, GameState
from astroplane.topology import Seat

__all__ = ["close_turn", "finish", "start_turn"]

_SEAT = tuple(Seat)


def finish(s: GameState, reason: EndReason) -> GameState:
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


def close_turn(s: GameState) -> GameState:
    """The current turn is over: check the limits, then start the next player's turn."""
    rules = s.rules
    turn = s.turn
    if rules.max_turns is not None and turn >= rules.max_turns:
        return finish(s, EndReason.TURN_LIMIT)
    active = [seat for seat in s.seats if seat not in s.removed]
    if rules.no_progress_rounds is not None and (
        turn - s.last_progress >= rules.no_progress_rounds * len(active)
    ):
        return finish(s, EndReason.NO_PROGRESS)
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
    legal = legal_actions(s)
    if legal:
        object.__setattr__(s, "_legal", legal)
        return s
    if len(s.seats) == 2 or not s.rules.remove_stuck_players:
        return finish(s, EndReason.STUCK)
    # 3 or 4 players: remove the stuck player; the empty turn counts as a turn [D16].
    removed = _remove_player(s, s.to_move)
    if len(removed.seats) - len(removed.removed) < 2:
        return finish(removed, EndReason.LAST_PLAYER)
    return close_turn(removed)


def _remove_player(s: GameState, seat: int) -> GameState:
    """Remove a stuck player's pieces except those in the Singularity [D16]."""
    t = s.topology
    stacks = list(s.stacks)
    where = list(s.where)
    reserve = list(s.reserve)
    travelled, landed = s.travelled, s.landed
    for pid in range(seat * 10, seat * 10 + 10):
        pos = where[pid]
        if pos == IN_RESERVE:
            where[pid] = REMOVED
        elif pos >= 0 and not (pos < t.fire_base and t.singularity_position[pos >> 2] == pos):
            stacks[pos] = tuple(q for q in stacks[pos] if q // 10 != seat)
            where[pid] = REMOVED
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
