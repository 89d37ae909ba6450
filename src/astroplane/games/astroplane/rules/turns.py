"""The turn sequence: passing the turn, stuck players and the end of the game.

Rules page, End of the game and scoring: a stuck player ends a 2-player game or is
removed [D16]; the turn limit [D18] (never later than turn ``MAX_TURN`` [D30]) and the
no-progress limit [D25] are checked when a turn is over; ``finish`` scores a finished game
with the rule set's scoring. Each function appends the events it causes (``TurnPassed``,
``PlayerRemoved``, ``GameOver``) when given an event list. The predicates
(``turn_limit_reached``, ``no_progress_after``, ``is_stuck``) are also what
``astroplane.games.astroplane.rules.validate`` uses to check a position that claims the game is
over, so a
game end is decided in one place.
"""

from __future__ import annotations

from astroplane.games.astroplane.construct import build_state
from astroplane.games.astroplane.enums import SEAT_NAMES, Seat
from astroplane.games.astroplane.events import Event, GameOver, PlayerRemoved, TurnPassed
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.outcome import EndReason, Outcome
from astroplane.games.astroplane.packed import pack
from astroplane.games.astroplane.pieces import piece_name, piece_owner, pieces_of_seat
from astroplane.games.astroplane.rules.movegen import legal_actions
from astroplane.games.astroplane.state import IN_RESERVE, REMOVED, GameState
from astroplane.kit import limits

__all__ = [
    "MAX_TURN",
    "close_turn",
    "finish",
    "is_stuck",
    "next_seat",
    "no_progress_after",
    "plain_turn_change",
    "remove_player",
    "start_turn",
    "stuck_ends_game",
    "turn_limit_reached",
    "turn_passed",
    "two_moves",
]

_SEAT = tuple(Seat)

#: The largest turn number a position may have: far beyond any real game (the longest bot
#: games end after about 650 turns), small enough that every counter stays a small int.
#: Every reader refuses a later turn, so the game ends when this turn is over, as its turn
#: limit says, whatever ``max_turns`` is [D30]: play never reaches a state no reader
#: accepts. (``Rules.turn_limit`` is the turn that ends the game.)
MAX_TURN = limits.MAX_TURN


def two_moves(state: GameState, seat: int) -> int:
    """The rulebook's turn: 2 moves (rulebook: The Basic Moves)."""
    return 2


def turn_limit_reached(s: GameState) -> bool:
    """Is the turn limit reached once turn ``s.turn`` is over: ``max_turns`` [D18], or
    ``MAX_TURN`` when ``max_turns`` is off [D30] (``Rules.turn_limit``)?"""
    return s.turn >= s.rules.turn_limit


def no_progress_after(s: GameState, turn: int, last_progress: int | None = None) -> bool:
    """Have ``no_progress_rounds`` rounds passed without progress once ``turn`` is over
    (with ``s``'s players, and its last progress unless ``last_progress`` is given) [D25]?
    A round is as many turns as there are players still in the game."""
    rounds = s.rules.no_progress_rounds
    if rounds is None:
        return False
    active = sum(1 for seat in s.seats if seat not in s.removed)
    if last_progress is None:
        last_progress = s.last_progress
    return turn - last_progress >= rounds * active


def is_stuck(s: GameState) -> bool:
    """Does the player to move have no legal action (rules page: Stuck players)?"""
    return not legal_actions(s)


def stuck_ends_game(s: GameState) -> bool:
    """Does a stuck player end the game (2 players, or ``remove_stuck_players`` off), rather
    than being removed [D16]? The number of players is the number the game started with."""
    return len(s.seats) == 2 or not s.rules.remove_stuck_players


def next_seat(s: GameState) -> Seat:
    """The seat that plays after ``s.to_move``: the next one clockwise still in the game
    (also when the player to move was just removed) [D2, D16]."""
    active = [seat for seat in s.seats if seat not in s.removed]
    if s.to_move in active:
        return active[(active.index(s.to_move) + 1) % len(active)]
    later = [seat for seat in active if seat > s.to_move]
    return later[0] if later else active[0]


def finish(s: GameState, reason: EndReason, ev: list[Event] | None = None) -> GameState:
    """``s`` as a finished game: scored with the rule set's scoring, the winners by its
    ``winners`` phase (the player to move alone for a true win)."""
    rules = s.rules
    points = rules.scores(s)
    won = (s.to_move,) if reason == EndReason.TRUE_WIN else rules.winners(s, points)
    outcome = Outcome(
        winners=won,
        scores=points,
        true_win=reason == EndReason.TRUE_WIN,
        reason=reason,
        turn=s.turn,
        seats=s.seats,
    )
    if ev is not None:
        ev.append(
            GameOver(
                tuple(SEAT_NAMES[w] for w in outcome.winners),
                tuple(points),
                outcome.true_win,
                reason.value,
            )
        )
    return _same_board(s, s.to_move, 0, s.turn, outcome, ())


def plain_turn_change(s: GameState, last_progress: int) -> Seat | None:
    """The seat that plays next when the turn of ``s.to_move`` (turn ``s.turn``) ends with
    last progress ``last_progress`` in the plain way: no limit reached [D18, D25], no seat
    removed, the rulebook's two moves a turn. None when ``close_turn`` must decide on the
    state the turn ended with. (Play uses this to build the next turn's state at once and
    hand it to ``turn_passed``, as ``close_turn`` does.)"""
    rules = s.rules
    if rules.turn_moves is not two_moves or s.removed:
        return None
    if s.turn >= rules.turn_limit:  # turn_limit_reached, inlined [D18, D30]
        return None
    if rules.no_progress_rounds is not None and no_progress_after(s, s.turn, last_progress):
        return None
    seats = s.seats
    return seats[(seats.index(s.to_move) + 1) % len(seats)]


def close_turn(s: GameState, ev: list[Event] | None = None) -> GameState:
    """The current turn is over: check the limits, then start the next player's turn."""
    rules = s.rules
    if s.turn >= rules.turn_limit:  # turn_limit_reached, inlined [D18, D30]
        return finish(s, EndReason.TURN_LIMIT, ev)
    if rules.no_progress_rounds is not None and no_progress_after(s, s.turn):
        return finish(s, EndReason.NO_PROGRESS, ev)
    nxt = next_seat(s)
    hook = rules.turn_moves
    if hook is two_moves:
        new = _same_board(s, nxt, 2, s.turn + 1, None)
    else:
        # The hook sees the state of the turn that is starting.
        new = _same_board(s, nxt, 1, s.turn + 1, None)
        left = hook(new, nxt)
        if isinstance(left, bool) or not isinstance(left, int) or left < 1:
            raise ValueError(f"Rules.turn_moves must give at least 1 move, not {left!r}")
        if left != 1:
            new = _same_board(s, nxt, left, s.turn + 1, None)
    return turn_passed(new, s.to_move, ev)


def turn_passed(new: GameState, passed_from: Seat, ev: list[Event] | None = None) -> GameState:
    """``new`` is the first state of the next player's turn, after ``passed_from``'s: record
    the ``TurnPassed`` event and resolve the start of the turn (``start_turn``)."""
    if ev is not None:
        ev.append(TurnPassed(SEAT_NAMES[passed_from], SEAT_NAMES[new.to_move], new.turn))
    return start_turn(new, ev)


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
    reserve: tuple[int, ...] = getattr(s, "reserve")  # noqa: B009  (shared, see apply.py)
    new = build_state(
        s.topology, s.rules, s.seats, s.board, reserve, s.eliminated, s.removed,
        _SEAT[to_move], moves_left, turn, s.travelled, landed, s.last_progress, outcome,
        s.locs,
    )  # fmt: skip
    if legal is not None:
        object.__setattr__(new, "_legal", legal)
    return new


def start_turn(s: GameState, ev: list[Event] | None = None) -> GameState:
    """Resolve the start of ``s.to_move``'s turn: a player with no legal action is stuck
    (rules page: Stuck players): the game ends with 2 players or without ``remove_stuck_players``,
    otherwise the player is removed and play goes on [D16]."""
    if s.outcome is not None:
        return s
    legal = legal_actions(s)
    if legal:
        object.__setattr__(s, "_legal", legal)
        return s
    if stuck_ends_game(s):
        return finish(s, EndReason.STUCK, ev)
    # 3 or 4 players: remove the stuck player; the empty turn counts as a turn [D16].
    removed = remove_player(s, s.to_move, ev)
    if len(removed.seats) - len(removed.removed) < 2:
        return finish(removed, EndReason.LAST_PLAYER, ev)
    return close_turn(removed, ev)


def remove_player(s: GameState, seat: int, ev: list[Event] | None = None) -> GameState:
    """Remove a stuck player's pieces except those in the Singularity [D16]."""
    t = s.topology
    stacks = list(s.stacks)
    where = list(s.where)
    reserve = list(s.reserve)
    travelled, landed = s.travelled, s.landed
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
    reserve[seat] = 0
    if ev is not None:
        ev.append(PlayerRemoved(SEAT_NAMES[seat], tuple(piece_name(p) for p in gone)))
    board, locs = pack(stacks, where, t.n_positions)
    return build_state(
        t,
        s.rules,
        s.seats,
        board,
        (reserve[0], reserve[1], reserve[2], reserve[3]),
        s.eliminated,
        (*s.removed, _SEAT[seat]),
        s.to_move,
        0,
        s.turn,
        travelled,
        landed,
        s.last_progress,
        None,
        locs,
    )
