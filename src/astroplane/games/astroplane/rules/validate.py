"""Is a hand-built position possible? The checks behind ``setup_position`` and every reader.

``validate_position`` checks a ``GameState`` against the invariants the rules keep
(occupancy [D6], usable apexes [D4], the Singularity apex [D13], Start Areas [D3], piece
conservation and the reserve [D17], removed players [D16], marks, counters) and, with
the turn sequence's own predicates (``astroplane.games.astroplane.rules.turns``), that a game in
progress
is not already over and that a finished game ended the way it says, no later than its
limits allow [D18, D25, D30]. Under the standard actions it also rejects what play can
never leave behind: pieces of different players on the opposite positions of a cell
[D10], Squares of different players side by side while no player was removed [D15, D26],
marks a piece cannot carry where it stands [D9, D19], and eliminations without Squares.
Position text, JSON and game records all read through ``setup_position``, so all of them
reject the same impossible positions with the same words.
"""

from __future__ import annotations

from astroplane.errors import PositionError
from astroplane.games.astroplane.enums import SEAT_NAMES, CellKind
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.packed import INT32_MAX, INT32_MIN
from astroplane.games.astroplane.pieces import (
    PIECES_PER_PLAYER,
    piece_name,
    piece_owner,
    pieces_of_seat,
)
from astroplane.games.astroplane.rules.apply import to_start_areas
from astroplane.games.astroplane.rules.squares import squares
from astroplane.games.astroplane.rules.turns import (
    MAX_TURN,
    is_stuck,
    no_progress_after,
    stuck_ends_game,
    turn_limit_reached,
)
from astroplane.games.astroplane.state import (
    ELIMINATED,
    IN_RESERVE,
    NOT_PLAYING,
    REMOVED,
    GameState,
)
from astroplane.games.astroplane.topology import cell_of

__all__ = ["MAX_TURN", "counters_problem", "max_moves_left", "validate_position"]


def max_moves_left(state: GameState) -> int:
    """The most moves a turn can have left: the moves it starts with, plus one release
    bonus per piece of the player to move — a piece earns a bonus only by leaving a stack
    it arrived on before the turn began, so at most once a turn [D9, D29]."""
    return state.rules.turn_moves(state, state.to_move) + PIECES_PER_PLAYER


def validate_position(state: GameState, over: EndReason | None = None) -> None:
    """Raise ``PositionError`` if ``state`` is impossible: a game in progress when ``over``
    is None, a game that ended for ``over`` otherwise (its ``outcome`` is not looked at).

    Raises:
        PositionError: Naming the broken invariant and, where there is one, the rule.
    """
    _check_seats(state, over)
    _check_pieces(state)
    _check_stacks(state)
    _check_counters(state, over)
    if _standard_actions(state):
        _check_play_history(state)
    if over is None:
        _check_in_progress(state)
    else:
        _check_end(state, over)


def _check_seats(state: GameState, over: EndReason | None) -> None:
    seats = state.seats
    if len(seats) < 2:
        raise PositionError("a game needs at least two seats")
    if list(seats) != sorted(set(seats)):
        raise PositionError("seats are listed once each, in the order S, W, N, E")
    removed = state.removed
    if len(set(removed)) != len(removed):
        raise PositionError("removed seats must be in the game and leave two players (a seat "
                            "is removed twice)")  # fmt: skip
    if not set(removed) <= set(seats):
        raise PositionError("removed seats must be in the game and leave two players")
    left = len(seats) - len(removed)
    if left < 2 and over != EndReason.LAST_PLAYER:
        raise PositionError("removed seats must be in the game and leave two players")
    mover = state.to_move
    if mover not in seats:
        raise PositionError(f"seat {SEAT_NAMES[mover]} cannot be to move: not in the game")
    # A removed seat is "to move" only at the end of a game, as the seat whose (empty)
    # turn was the last [D16].
    if mover in removed and (over is None or removed[-1] != mover):
        raise PositionError(f"seat {SEAT_NAMES[mover]} cannot be to move: it was removed")


def _check_pieces(state: GameState) -> None:
    """Every piece is in exactly one place, conserved, and the reserve is right [D17]."""
    where = state.where
    placed = {}
    for pos, st in enumerate(state.stacks):
        for p in st:
            if p in placed:
                raise PositionError(f"piece {piece_name(p)} is placed twice")
            placed[p] = pos
    eliminated = {}
    for p, by in state.eliminated:
        if p in placed or p in eliminated:
            raise PositionError(f"eliminated piece {piece_name(p)} is not a free piece")
        if by not in state.seats:
            raise PositionError(
                f"piece eliminated by seat {SEAT_NAMES[by]}, which is not in the game"
            )
        eliminated[p] = by
    for seat in range(4):
        pieces = pieces_of_seat(seat)
        free = [p for p in pieces if p not in placed and p not in eliminated]
        if seat not in state.seats:
            if len(free) != PIECES_PER_PLAYER:
                raise PositionError(f"seat {SEAT_NAMES[seat]} is not in the game but has pieces")
            if state.reserve[seat]:
                raise PositionError(
                    f"reserve for seat {SEAT_NAMES[seat]}, which is not in the game"
                )
            expected = [NOT_PLAYING] * len(free)
        elif seat in state.removed:
            if state.reserve[seat]:
                raise PositionError(f"seat {SEAT_NAMES[seat]} was removed [D16] but has a reserve")
            expected = [REMOVED] * len(free)
        else:
            count = state.reserve[seat]
            if count != len(free):
                raise PositionError(
                    f"seat {SEAT_NAMES[seat]}: {len(free)} pieces unaccounted for but reserve "
                    f"{count} (pieces are conserved: Start Areas, grid, Singularity, reserve, "
                    "eliminated)"
                )
            if free != list(pieces)[PIECES_PER_PLAYER - count :]:
                raise PositionError(
                    f"seat {SEAT_NAMES[seat]}: reserve pieces must be the highest numbers "
                    f"[D17], not {[piece_name(p) for p in free]}"
                )
            expected = [IN_RESERVE] * len(free)
        for p, code in zip(free, expected, strict=True):
            if where[p] != code:
                raise PositionError(f"piece {piece_name(p)}: its location index is inconsistent")
    for p, pos in placed.items():
        if where[p] != pos:
            raise PositionError(f"piece {piece_name(p)}: its location index is inconsistent")
    for p in eliminated:
        if where[p] != ELIMINATED:
            raise PositionError(f"piece {piece_name(p)}: its location index is inconsistent")


def _check_stacks(state: GameState) -> None:
    """Occupancy [D6], usable apexes [D4, D21], Singularity apexes [D13], Start Areas [D3],
    removed players' pieces [D16]."""
    t = state.topology
    table = state.stacks
    removed = state.removed
    for pos, st in enumerate(table):
        if not st:
            continue
        name = t.position_name(pos)
        for p in st:
            if piece_owner(p) in removed and not t.is_singularity_position(pos):
                raise PositionError(f"{name}: piece {piece_name(p)} of a removed seat [D16]")
        if t.is_start_area(pos):
            if any(piece_owner(p) != t.start_area_of(pos).seat for p in st):
                raise PositionError(f"{name}: a Start Area holds only its seat's pieces [D3]")
            continue
        if t.is_firing_position(pos):
            continue
        cell = cell_of(pos)
        kind = t.kind[cell]
        if kind == CellKind.OFF:
            raise PositionError(f"{name}: not a grid cell")
        if kind == CellKind.SINGULARITY:
            if pos != t.singularity_position[cell]:
                raise PositionError(
                    f"{name}: Singularity cells hold pieces only at their apex [D13]"
                )
            continue
        if not t.usable[pos] and (len(st) != 1 or kind != CellKind.ORDINARY):
            # A Square's piece may keep an unusable apex in an ordinary cell [D21]; only a
            # lone piece there, since nothing can land on it.
            raise PositionError(f"{name}: unusable apex [D4]")
        for adj in (pos ^ 1, pos ^ 3):
            if table[adj]:
                raise PositionError(
                    f"{name} and {t.position_name(adj)} overlap (occupancy invariant, [D6])"
                )


def counters_problem(turn: int, last_progress: int, moves_left: int) -> str:
    """What is wrong with counters that a packed position cannot even hold (beyond 32
    bits), in the words of the checks below, or ``""``: ``setup_position`` asks before it
    packs a position."""
    if not INT32_MIN <= turn <= INT32_MAX or not INT32_MIN <= last_progress <= INT32_MAX:
        return _turn_problem(turn, last_progress)
    if moves_left < INT32_MIN:
        return f"moves_left must be at least 1, not {_number(moves_left)}"
    if moves_left > INT32_MAX:
        return f"moves_left {_number(moves_left)} is more than a turn can hold"
    return ""


def _turn_problem(turn: int, last_progress: int) -> str:
    return (
        f"bad turn {_number(turn)} / last progress {_number(last_progress)} "
        f"(turn 1..{MAX_TURN}, last progress 0..turn)"
    )


def _check_counters(state: GameState, over: EndReason | None) -> None:
    turn = state.turn
    if not 1 <= turn <= MAX_TURN or not 0 <= state.last_progress <= turn:
        raise PositionError(_turn_problem(turn, state.last_progress))
    for label, mask in (("travelled", state.travelled), ("landed", state.landed)):
        if mask < 0 or mask >> 40:
            raise PositionError(f"{label} marks name pieces that do not exist")
        for p in range(40):
            if mask >> p & 1 and state.where[p] < 0:
                raise PositionError(f"marked piece {piece_name(p)} ({label}) is not on a position")
    if over is None:
        if state.moves_left < 1:
            raise PositionError(f"moves_left must be at least 1, not {_number(state.moves_left)}")
        most = max_moves_left(state)
        if state.moves_left > most:
            raise PositionError(
                f"moves_left {_number(state.moves_left)} is more than a turn can hold ({most}: the "
                "turn's moves plus one release bonus per piece [D9, D29])"
            )
    elif state.landed:
        raise PositionError("a finished game has no landed marks (they last one turn [D9])")


def _number(n: int) -> str:
    """A number for a message, shortened when it is huge (a hostile 10**100: ``str`` of a
    number of more than 4300 digits even raises)."""
    if -(10**12) < n < 10**12:
        return str(n)
    return f"{'-' if n < 0 else ''}a number of {n.bit_length()} bits"


def _check_in_progress(state: GameState) -> None:
    """A game in progress that the rules would already have ended is impossible."""
    rules = state.rules
    if rules.max_turns is not None and state.turn > rules.max_turns:
        raise PositionError(
            f"turn {state.turn} is past max_turns={rules.max_turns}: the game is already over [D18]"
        )
    if state.last_progress < state.turn and no_progress_after(state, state.turn - 1):
        raise PositionError(
            "the no-progress limit was reached when the last turn ended: the game is "
            "already over [D25]"
        )
    for seat in state.seats:
        if rules.true_win(state, seat):
            raise PositionError(
                f"{SEAT_NAMES[seat]} is on top of all four Singularity cells: the game is "
                "already over (a true win)"
            )


def _ended_earlier(state: GameState) -> str:
    """Why a game that ended in turn ``state.turn`` would have ended when an earlier turn
    was over (the turn limit [D18, D30], the no-progress limit [D25]), or ``""``."""
    rules = state.rules
    turn = state.turn
    if turn > rules.turn_limit:
        return (
            f"turn {turn} is past max_turns={rules.max_turns}: the game ended when turn "
            f"{rules.turn_limit} was over [D18]"
        )
    rounds = rules.no_progress_rounds
    if rounds is not None and state.last_progress < turn:
        # The players in the game when turn - 1 ended: also the player to move, if this
        # turn was the empty turn of their removal [D16].
        active = sum(1 for seat in state.seats if seat not in state.removed)
        if state.to_move in state.removed:
            active += 1
        if turn - 1 - state.last_progress >= rounds * active:
            return (
                f"the no-progress limit (no_progress_rounds={rounds}) ended the game when "
                f"turn {turn - 1} was over: no progress since turn {state.last_progress} [D25]"
            )
    return ""


def _check_end(state: GameState, reason: EndReason) -> None:
    """Is ``reason`` how the game ended in ``state`` (given in progress, outcome None),
    and not later than its limits allow?"""
    problem = _ended_earlier(state) or _not_ended_so(state, reason)
    if problem:
        raise PositionError(problem)


def _not_ended_so(state: GameState, reason: EndReason) -> str:
    """Why the game did not end for ``reason`` in ``state``, or ``""``."""
    rules = state.rules
    problem = ""
    if reason == EndReason.TRUE_WIN:
        if not rules.true_win(state, state.to_move):
            problem = "a true win needs the mover on top of all four Singularity cells"
    elif reason == EndReason.STUCK:
        if state.to_move in state.removed or not is_stuck(state):
            problem = "the game did not end stuck: the player to move can act"
        elif not stuck_ends_game(state):
            problem = "a stuck player is removed while more than two play [D16]"
    elif reason == EndReason.TURN_LIMIT:
        if not turn_limit_reached(state):
            problem = (
                f"the turn limit is not reached: the game ends by it when turn "
                f"{rules.turn_limit} is over (max_turns={rules.max_turns}) [D18, D30]"
            )
    elif reason == EndReason.NO_PROGRESS:
        if not no_progress_after(state, state.turn):
            problem = "the no-progress limit (no_progress_rounds) is not reached"
        elif turn_limit_reached(state):
            problem = (
                f"the turn limit, checked first, ended the game when turn {state.turn} was "
                f"over (max_turns={rules.max_turns}) [D18]"
            )
    elif len(state.seats) - len(state.removed) != 1 or state.removed[-1] != state.to_move:
        problem = (
            "a game ends with the last player only when one is left, the player to move "
            "having just been removed [D16]"
        )
    return problem


def _standard_actions(state: GameState) -> bool:
    """Do the rules move pieces only by the standard actions and send-back? A variant's
    own actions (``Rules.actions``) or send-back may leave the board in ways these never
    do, so ``_check_play_history`` applies only without them."""
    rules = state.rules
    return not rules.actions and rules.send_back.place is to_start_areas


def _check_play_history(state: GameState) -> None:
    """What no sequence of standard actions leaves on the board (only a hand-built
    position can): opposite stacks of different players [D10], Squares of different
    players side by side while no player was removed [D15, D26], marks a piece cannot
    carry where it stands [D9, D19], eliminations without Squares (section 8)."""
    t = state.topology
    table = state.stacks
    for pos in range(0, t.fire_base, 4):
        for a in (0, 1):
            here, there = table[pos + a], table[pos + a + 2]
            if here and there and len({piece_owner(p) for p in here + there}) > 1:
                raise PositionError(
                    f"{t.position_name(pos + a)} and {t.position_name(pos + a + 2)}: pieces "
                    "of different players on opposite positions of a cell (the stack "
                    "positioned last would have sent the other one back to Start [D10])"
                )
    rules = state.rules
    if rules.squares and not state.removed:
        owner_of = dict(squares(state))
        for cell, owner in owner_of.items():
            for n in t.neighbours[cell]:
                other = owner_of.get(n, owner)
                if other != owner:
                    raise PositionError(
                        f"Squares of different players side by side in {t.cell_name(cell)} "
                        f"({SEAT_NAMES[owner]}) and {t.cell_name(n)} ({SEAT_NAMES[other]}): "
                        "no action makes such a pair, and no player was removed [D15, D26]"
                    )
    if state.eliminated and not rules.squares:
        raise PositionError(
            "eliminated pieces under rules without Squares: only a Square's Kill move "
            "eliminates (section 8)"
        )
    where = state.where
    for p in _marked(state.travelled):
        pos = where[p]
        if not t.is_grid_position(pos) or t.wormhole_partner[cell_of(pos)] < 0:
            raise PositionError(
                f"travelled: piece {piece_name(p)} at {t.position_name(pos)} is not in a "
                "Wormhole cell (the mark is made by travelling to one and cleared by the "
                "piece's next step or when it leaves the board [D19])"
            )
    for p in _marked(state.landed):
        pos = where[p]
        if piece_owner(p) != state.to_move:
            raise PositionError(
                f"landed: piece {piece_name(p)} is not a piece of the player to move "
                f"({SEAT_NAMES[state.to_move]}): landed marks last only for the turn they "
                "were made in [D9]"
            )
        if t.is_start_area(pos) or t.is_singularity_position(pos) or table[pos][0] == p:
            raise PositionError(
                f"landed: piece {piece_name(p)} at {t.position_name(pos)} has not landed on "
                "a stack (the mark is made by landing on a piece and cleared when the piece "
                "leaves that stack [D9])"
            )


def _marked(mask: int) -> list[int]:
    """The pieces of a mark bitmask (checked to be 40 bits)."""
    return [p for p in range(40) if mask >> p & 1]
