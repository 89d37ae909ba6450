"""The turn sequence: passing the turn, stuck players and the end of the game.

Rules page, End of the game and scoring: a stuck player ends a 2-player game or is
removed [D16]; the turn limit [D18] (never later than turn ``MAX_TURN`` [D30]) and the
no-progress limit [D25] are checked when a turn is over; ``finish`` scores a finished game
with the rule set's scoring. Each function appends the events it causes (``TurnPassed``,
``PlayerRemoved``, ``GameOver``) when given an event list. The predicates
(``turn_limit_reached``, ``no_progress_after``, ``is_stuck``) are also what
``astroplane.games.astroplane.rules.validate`` uses to check a position that claims the game is
over, so a game end is decided in one place. The turn sequence runs on packed positions
(the functions ending in ``_at``, used by ``apply``); the functions of the same name on a
state read its position and hand back the state of the result.
"""

from __future__ import annotations

from typing import Final

from astroplane.games.astroplane.construct import engine_of, view_after, view_of
from astroplane.games.astroplane.enums import SEAT_NAMES, Seat
from astroplane.games.astroplane.events import Event, GameOver, PlayerRemoved, TurnPassed
from astroplane.games.astroplane.outcome import EndReason, Outcome
from astroplane.games.astroplane.packed import (
    COUNTERS,
    ENDED,
    HEAD,
    LANDED_AT,
    MOVES_LEFT_AT,
    N_PIECES,
    N_REMOVED,
    PROGRESS_AT,
    REMOVED_AT,
    RESERVE_AT,
    SEATS,
    TO_MOVE,
    TRAVELLED_AT,
    TURN_AT,
    pack,
    read_int,
    read_mask,
    unpack_stacks,
    unpack_where,
    write_int,
    write_mask,
)
from astroplane.games.astroplane.pieces import piece_name, piece_owner, pieces_of_seat
from astroplane.games.astroplane.rules.engine import Engine
from astroplane.games.astroplane.rules.movegen import has_legal
from astroplane.games.astroplane.rules.scoring import tops_all
from astroplane.games.astroplane.state import IN_RESERVE, REMOVED, GameState
from astroplane.kit import limits

__all__ = [
    "MAX_TURN",
    "close_turn",
    "close_turn_at",
    "finish",
    "finish_at",
    "is_stuck",
    "next_seat",
    "no_progress_after",
    "outcome_of",
    "plain_next_seat",
    "plain_turn_change",
    "remove_player",
    "start_turn",
    "start_turn_at",
    "stuck_ends_game",
    "true_win_at",
    "turn_limit_reached",
    "turn_passed",
    "turn_passed_at",
    "two_moves",
]

_SEAT: Final = tuple(Seat)
#: ``EndReason`` by the packed ``ended`` counter minus one (``packed``).
_REASONS: Final = tuple(EndReason)
_TRUE_WIN: Final = EndReason.TRUE_WIN
_STUCK: Final = EndReason.STUCK
_LAST_PLAYER: Final = EndReason.LAST_PLAYER
_TURN_LIMIT: Final = EndReason.TURN_LIMIT
_NO_PROGRESS: Final = EndReason.NO_PROGRESS
#: The seat after ``seat`` among the seats of a bit mask, clockwise: the next higher seat
#: number in the mask, else its lowest (``_NEXT[mask][seat]``; also for a seat not in it).
_NEXT: Final = tuple(
    tuple(
        next(
            (s for s in range(seat + 1, 4) if mask >> s & 1),
            next((s for s in range(4) if mask >> s & 1), -1),
        )
        for seat in range(4)
    )
    for mask in range(16)
)

#: The largest turn number a position may have: far beyond any real game (the longest bot
#: games end after about 650 turns), small enough that every counter stays a small int.
#: Every reader refuses a later turn, so the game ends when this turn is over, as its turn
#: limit says, whatever ``max_turns`` is [D30]: play never reaches a state no reader
#: accepts. (``Rules.turn_limit`` is the turn that ends the game.)
MAX_TURN = limits.MAX_TURN


def two_moves(state: GameState, seat: int) -> int:
    """The rulebook's turn: 2 moves (rulebook: The Basic Moves)."""
    return 2


# ---- on packed positions --------------------------------------------------------------


def _active_mask(p: bytes, k: int) -> int:
    """The seats still in the game (not removed), as a bit mask."""
    mask = p[k + SEATS]
    for i in range(p[k + N_REMOVED]):
        mask &= ~(1 << p[k + REMOVED_AT + i])
    return mask


def _no_progress(e: Engine, p: bytes, k: int, turn: int, last: int) -> bool:
    """``no_progress_after`` on a packed position [D25]."""
    rounds = e.no_progress_rounds
    if rounds < 0:
        return False
    return turn - last >= rounds * _active_mask(p, k).bit_count()


def plain_next_seat(e: Engine, p: bytes, last_progress: int) -> int:
    """The seat that plays next when the turn of ``p`` ends, with last progress
    ``last_progress``, in the plain way: no limit reached [D18, D25], no seat removed, the
    rulebook's two moves a turn; -1 when ``close_turn`` must decide. (Play uses this to
    start the next turn at once.)"""
    k = len(p) - COUNTERS
    if not e.std_turn_moves or p[k + N_REMOVED]:
        return -1
    turn = read_int(p, k + TURN_AT)
    if turn >= e.turn_limit:  # turn_limit_reached, inlined [D18, D30]
        return -1
    if e.no_progress_rounds >= 0 and _no_progress(e, p, k, turn, last_progress):
        return -1
    return _NEXT[p[k + SEATS]][p[k + TO_MOVE]]


def same_board_at(
    e: Engine, p: bytes, to_move: int, moves_left: int, turn: int, ended: int
) -> bytes:
    """``p`` with the same pieces and marks, at another point of the turn sequence; the
    landed marks only last for the turn they were made in [D9]."""
    b = bytearray(p)
    k = len(p) - COUNTERS
    if turn != read_int(p, k + TURN_AT) or ended:
        write_mask(b, k + LANDED_AT, 0)
    b[k + TO_MOVE] = to_move
    write_int(b, k + MOVES_LEFT_AT, moves_left)
    write_int(b, k + TURN_AT, turn)
    b[k + ENDED] = ended
    return bytes(b)


def true_win_at(e: Engine, p: bytes, seat: int) -> bool:
    """The rules' true win for ``seat`` in ``p`` (the standard one natively)."""
    if e.std_true_win:
        return tops_all(e.singularity_positions, p, seat)
    won: bool = e.rules.true_win(view_of(e, p), seat)
    return won


def finish_at(e: Engine, p: bytes, reason: EndReason, ev: list[Event] | None) -> bytes:
    """``p`` as a finished game (the outcome is scored from it, ``outcome_of``)."""
    k = len(p) - COUNTERS
    new = same_board_at(
        e, p, p[k + TO_MOVE], 0, read_int(p, k + TURN_AT), _REASONS.index(reason) + 1
    )
    if ev is not None:
        state = view_of(e, new)
        out = state.outcome
        assert out is not None
        points = state.rules.scores(state)
        names = tuple(SEAT_NAMES[w] for w in out.winners)
        ev.append(GameOver(names, tuple(points), out.true_win, reason.value))
    return new


def close_turn_at(e: Engine, p: bytes, ev: list[Event] | None, keep: bool = False) -> bytes:
    """The current turn is over: check the limits, then start the next player's turn."""
    k = len(p) - COUNTERS
    turn = read_int(p, k + TURN_AT)
    if turn >= e.turn_limit:  # turn_limit_reached, inlined [D18, D30]
        return finish_at(e, p, _TURN_LIMIT, ev)
    if _no_progress(e, p, k, turn, read_int(p, k + PROGRESS_AT)):
        return finish_at(e, p, _NO_PROGRESS, ev)
    nxt = _NEXT[_active_mask(p, k)][p[k + TO_MOVE]]
    if e.std_turn_moves:
        new = same_board_at(e, p, nxt, 2, turn + 1, 0)
    else:
        # The hook sees the state of the turn that is starting.
        new = same_board_at(e, p, nxt, 1, turn + 1, 0)
        left = e.rules.turn_moves(view_of(e, new), _SEAT[nxt])
        if isinstance(left, bool) or not isinstance(left, int) or left < 1:
            raise ValueError(f"Rules.turn_moves must give at least 1 move, not {left!r}")
        if left != 1:
            new = same_board_at(e, p, nxt, left, turn + 1, 0)
    return turn_passed_at(e, new, p[k + TO_MOVE], ev, keep)


def turn_passed_at(
    e: Engine, p: bytes, passed_from: int, ev: list[Event] | None, keep: bool = False
) -> bytes:
    """``p`` is the first position of the next player's turn, after ``passed_from``'s:
    record the ``TurnPassed`` event and resolve the start of the turn."""
    if ev is not None:
        k = len(p) - COUNTERS
        turn = read_int(p, k + TURN_AT)
        ev.append(TurnPassed(SEAT_NAMES[passed_from], SEAT_NAMES[p[k + TO_MOVE]], turn))
    return start_turn_at(e, p, ev, keep)


def start_turn_at(e: Engine, p: bytes, ev: list[Event] | None, keep: bool = False) -> bytes:
    """Resolve the start of the mover's turn: a player with no legal action is stuck
    (rules page: Stuck players): the game ends with 2 players or without
    ``remove_stuck_players``, otherwise the player is removed and play goes on [D16]."""
    k = len(p) - COUNTERS
    if p[k + ENDED] or has_legal(e, p, keep):
        return p
    if _stuck_ends_game(e, p, k):
        return finish_at(e, p, _STUCK, ev)
    # 3 or 4 players: remove the stuck player; the empty turn counts as a turn [D16].
    removed = remove_player_at(e, p, p[k + TO_MOVE], ev)
    if _active_mask(removed, k).bit_count() < 2:
        return finish_at(e, removed, _LAST_PLAYER, ev)
    return close_turn_at(e, removed, ev, keep)


def _stuck_ends_game(e: Engine, p: bytes, k: int) -> bool:
    return p[k + SEATS].bit_count() == 2 or not e.remove_stuck


def remove_player_at(e: Engine, p: bytes, seat: int, ev: list[Event] | None) -> bytes:
    """Remove a stuck player's pieces except those in the Singularity [D16]."""
    t = e.topology
    k = len(p) - COUNTERS
    stacks = list(unpack_stacks(p, e.np))
    locs_at = e.locs_at
    where = list(unpack_where(p[locs_at : locs_at + 2 * N_PIECES]))
    travelled = read_mask(p, k + TRAVELLED_AT)
    landed = read_mask(p, k + LANDED_AT)
    gone = []
    for pid in pieces_of_seat(seat):
        pos = where[pid]
        if pos == IN_RESERVE:
            where[pid] = REMOVED
            gone.append(pid)
        elif pos >= 0 and not t.is_singularity_position(pos):
            stacks[pos] = tuple(q for q in stacks[pos] if piece_owner(q) != seat)
            where[pid] = REMOVED
            travelled &= ~(1 << pid)
            landed &= ~(1 << pid)
            gone.append(pid)
    if ev is not None:
        ev.append(PlayerRemoved(SEAT_NAMES[seat], tuple(piece_name(q) for q in gone)))
    board, locs = pack(stacks, where, e.np)
    b = bytearray(board + locs + p[e.np + HEAD :])
    k = len(b) - COUNTERS
    b[k + RESERVE_AT + seat] = 0
    write_mask(b, k + TRAVELLED_AT, travelled)
    write_mask(b, k + LANDED_AT, landed)
    b[k + REMOVED_AT + b[k + N_REMOVED]] = seat
    b[k + N_REMOVED] += 1
    write_int(b, k + MOVES_LEFT_AT, 0)
    return bytes(b)


def outcome_of(state: GameState) -> Outcome | None:
    """How the game of ``state`` ended, scored with the rule set's scoring, the winners by
    its ``winners`` phase (the player to move alone for a true win); None while it goes on."""
    code = state.packed[-1]
    if not code:
        return None
    reason = _REASONS[code - 1]
    rules = state.rules
    points = rules.scores(state)
    won = (state.to_move,) if reason == _TRUE_WIN else rules.winners(state, points)
    return Outcome(
        winners=won,
        scores=points,
        true_win=reason == _TRUE_WIN,
        reason=reason,
        turn=state.turn,
        seats=state.seats,
    )


# ---- on states ------------------------------------------------------------------------


def turn_limit_reached(s: GameState) -> bool:
    """Is the turn limit reached once turn ``s.turn`` is over: ``max_turns`` [D18], or
    ``MAX_TURN`` when ``max_turns`` is off [D30] (``Rules.turn_limit``)?"""
    return s.turn >= s.rules.turn_limit


def no_progress_after(s: GameState, turn: int, last_progress: int | None = None) -> bool:
    """Have ``no_progress_rounds`` rounds passed without progress once ``turn`` is over
    (with ``s``'s players, and its last progress unless ``last_progress`` is given) [D25]?
    A round is as many turns as there are players still in the game."""
    p = s.packed
    k = len(p) - COUNTERS
    last = read_int(p, k + PROGRESS_AT) if last_progress is None else last_progress
    return _no_progress(engine_of(s), p, k, turn, last)


def is_stuck(s: GameState) -> bool:
    """Does the player to move have no legal action (rules page: Stuck players)?"""
    return not has_legal(engine_of(s), s.packed)


def stuck_ends_game(s: GameState) -> bool:
    """Does a stuck player end the game (2 players, or ``remove_stuck_players`` off), rather
    than being removed [D16]? The number of players is the number the game started with."""
    p = s.packed
    return _stuck_ends_game(engine_of(s), p, len(p) - COUNTERS)


def next_seat(s: GameState) -> Seat:
    """The seat that plays after ``s.to_move``: the next one clockwise still in the game
    (also when the player to move was just removed) [D2, D16]."""
    p = s.packed
    k = len(p) - COUNTERS
    return _SEAT[_NEXT[_active_mask(p, k)][p[k + TO_MOVE]]]


def finish(s: GameState, reason: EndReason, ev: list[Event] | None = None) -> GameState:
    """``s`` as a finished game: scored with the rule set's scoring, the winners by its
    ``winners`` phase (the player to move alone for a true win)."""
    e = engine_of(s)
    return view_after(s, e, finish_at(e, s.packed, reason, ev))


def plain_turn_change(s: GameState, last_progress: int) -> Seat | None:
    """The seat that plays next when the turn of ``s.to_move`` (turn ``s.turn``) ends with
    last progress ``last_progress`` in the plain way: no limit reached [D18, D25], no seat
    removed, the rulebook's two moves a turn. None when ``close_turn`` must decide on the
    state the turn ended with."""
    nxt = plain_next_seat(engine_of(s), s.packed, last_progress)
    return None if nxt < 0 else _SEAT[nxt]


def close_turn(s: GameState, ev: list[Event] | None = None) -> GameState:
    """The current turn is over: check the limits, then start the next player's turn."""
    e = engine_of(s)
    return view_after(s, e, close_turn_at(e, s.packed, ev))


def turn_passed(new: GameState, passed_from: Seat, ev: list[Event] | None = None) -> GameState:
    """``new`` is the first state of the next player's turn, after ``passed_from``'s: record
    the ``TurnPassed`` event and resolve the start of the turn (``start_turn``)."""
    e = engine_of(new)
    return view_after(new, e, turn_passed_at(e, new.packed, passed_from, ev))


def start_turn(s: GameState, ev: list[Event] | None = None) -> GameState:
    """Resolve the start of ``s.to_move``'s turn: a player with no legal action is stuck
    (rules page: Stuck players): the game ends with 2 players or without ``remove_stuck_players``,
    otherwise the player is removed and play goes on [D16]."""
    e = engine_of(s)
    p = start_turn_at(e, s.packed, ev)
    return s if p is s.packed else view_after(s, e, p)


def remove_player(s: GameState, seat: int, ev: list[Event] | None = None) -> GameState:
    """Remove a stuck player's pieces except those in the Singularity [D16]."""
    e = engine_of(s)
    return view_after(s, e, remove_player_at(e, s.packed, seat, ev))
