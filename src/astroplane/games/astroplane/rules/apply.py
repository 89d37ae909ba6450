"""Playing an action: the new pieces, marks and counters, and the events that say so.

``advance`` plays an action on a packed position (``astroplane.games.astroplane.packed``:
a copy of its bytes, of which a few change) by action fields, and resolves the turn
(``astroplane.games.astroplane.rules.turns``); ``play`` is the same for a state: it checks
the move against the state's legal moves and returns the state of the new position. When
given an event list, the same pass appends what happens, in animation order
(``astroplane.games.astroplane.events``), so ``effects()`` can never disagree with
``play()``. The standard phases run here natively; a variant's phases are called through
its rules on a state of the position before the action. A variant's own actions change
the board through an ``Edit``, which records the standard events for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from astroplane.errors import IllegalMoveError
from astroplane.games.astroplane.construct import engine_of, set_legal, view_after, view_of
from astroplane.games.astroplane.enums import APEX_NAMES, SEAT_NAMES
from astroplane.games.astroplane.events import (
    BonusMove,
    Eliminated,
    EnteredSingularity,
    Event,
    Fired,
    Jumped,
    Landed,
    PieceMoved,
    ReservePlaced,
    SentBack,
    SquareMoved,
)
from astroplane.games.astroplane.moves import RESERVE_CHOICES, Move
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.packed import (
    COUNTERS,
    HEAD,
    LANDED_AT,
    MOVES_LEFT_AT,
    N_PIECES,
    OFF_BOARD,
    OWNER,
    PROGRESS_AT,
    RESERVE_AT,
    TO_MOVE,
    TRAVELLED_AT,
    TURN_AT,
    eliminated_of,
    read_int,
    read_mask,
    stack_at,
    write_int,
    write_mask,
)
from astroplane.games.astroplane.pieces import next_reserve_piece, piece_name
from astroplane.games.astroplane.rules.codes import (
    ELIMINATE,
    END_TURN,
    FIRE,
    HYPERSPACE,
    SQUARE,
    STEP,
    TRAVEL,
)
from astroplane.games.astroplane.rules.engine import Engine
from astroplane.games.astroplane.rules.explain import why_illegal
from astroplane.games.astroplane.rules.movegen import has_legal
from astroplane.games.astroplane.rules.turns import (
    close_turn_at,
    finish_at,
    plain_next_seat,
    true_win_at,
    turn_passed_at,
)
from astroplane.games.astroplane.state import ELIMINATED, GameState
from astroplane.protocol import legal_match

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.variants import ActionType

__all__ = ["Edit", "advance", "play", "release_bonus", "to_start_areas"]

_TRUE_WIN: Final = EndReason.TRUE_WIN


def release_bonus(state: GameState, piece: int, below: int) -> int:
    """The standard release bonus [D9]: one bonus move when a piece leaves a stack in which
    the piece directly below (``below``) belongs to another player and the piece did not
    land on that stack during the current turn."""
    return standard_bonus(state.packed, piece, below)


def standard_bonus(p: bytes, piece: int, below: int) -> int:
    """``release_bonus`` on the packed position ``p`` (the state before the action)."""
    k = len(p) - COUNTERS
    if below // 10 != piece // 10 and not (p[k + LANDED_AT + (piece >> 3)] >> (piece & 7)) & 1:
        return 1
    return 0


def _bonus(e: Engine, p: bytes, before: GameState | None, piece: int, below: int) -> int:
    """The rules' release bonus: the standard one natively, a variant's on a state."""
    if e.std_bonus:
        return standard_bonus(p, piece, below)
    state = before if before is not None else view_of(e, p)
    bonus: int = e.rules.release_bonus(state, piece, below)
    return bonus


class Edit:
    """The board of a state being changed by one action: the packed position, the marks
    and the counters that become the next state. A variant's action (``ActionType.apply``)
    and send-back (``SendBack.place``) change the board only through these methods, which
    keep the piece index, the marks and the events right.

    Attributes:
        state: The state before the action (read-only).
        events: The event list being produced, or None when nobody asked for events.
    """

    __slots__ = (
        "_before",
        "_board",
        "_engine",
        "_locs",
        "_p",
        "_under",
        "eliminated",
        "events",
        "landed",
        "moves_left",
        "progress",
        "reserve",
        "travelled",
    )

    def __init__(self, state: GameState, events: list[Event] | None) -> None:
        e = engine_of(state)
        self._setup(e, state.packed, bytearray(state.packed), events, state)

    def _setup(
        self,
        e: Engine,
        p: bytes,
        b: bytearray,
        events: list[Event] | None,
        before: GameState | None,
    ) -> None:
        k = len(p) - COUNTERS
        counters = bytes(b[k:])  # as the action has left them so far
        self._engine = e
        self._p = p
        self._before = before
        self.events = events
        self._board = b
        self._locs = e.locs_at
        self._under = e.under
        self.reserve = [counters[RESERVE_AT + seat] for seat in range(4)]
        self.eliminated = eliminated_of(p, e.np)
        self.travelled = read_mask(counters, TRAVELLED_AT)
        self.landed = read_mask(counters, LANDED_AT)
        self.moves_left = read_int(counters, MOVES_LEFT_AT)
        self.progress = False

    @property
    def state(self) -> GameState:
        """The state before the action (read-only)."""
        if self._before is None:
            self._before = view_of(self._engine, self._p)
        return self._before

    def _close(self) -> tuple[tuple[int, int], ...] | None:
        """Write the counters back into the position; the eliminated pieces if they
        changed (else None)."""
        b = self._board
        k = len(b) - COUNTERS
        for seat in range(4):
            b[k + RESERVE_AT + seat] = self.reserve[seat]
        write_mask(b, k + TRAVELLED_AT, self.travelled)
        write_mask(b, k + LANDED_AT, self.landed)
        write_int(b, k + MOVES_LEFT_AT, self.moves_left)
        before = eliminated_of(self._p, self._engine.np)
        return None if self.eliminated == before else self.eliminated

    def name(self, position: int) -> str:
        """The name of a position of this board."""
        return self._engine.topology.position_name(position)

    def stack(self, position: int) -> tuple[int, ...]:
        """The stack at ``position`` as the action has left it so far, bottom to top."""
        return stack_at(self._board, self._under + 1, position)

    def move_piece(self, origin: int, target: int) -> int:
        """Move the top piece of ``origin`` onto ``target`` (a ``PieceMoved`` event);
        returns the piece. Sends nothing back and earns no bonus.

        Raises:
            ValueError: If ``origin`` is empty.
        """
        if not self._board[origin]:
            raise ValueError(f"no piece at {self.name(origin)}")
        piece = self._lift(origin)
        self._put(target, piece)
        if self.events is not None:
            t = self._engine.topology
            apex = APEX_NAMES[target & 3] if t.is_grid_position(target) else None
            self.events.append(
                PieceMoved(piece_name(piece), self.name(origin), self.name(target), apex, False)
            )
        return piece

    def to_start_area(self, piece: int, side: int) -> None:
        """Put a piece (already taken off its position) on top of its owner's Start Area
        ``side`` (0 left, 1 right), clearing its marks."""
        self._put(self._engine.start_base + 2 * (piece // 10) + side, piece)
        bit = ~(1 << piece)
        self.travelled &= bit
        self.landed &= bit

    def eliminate(self, position: int, by: int) -> tuple[int, ...]:
        """Remove the whole stack at ``position`` from the game, eliminated by seat ``by``
        (counts as progress [D25]); returns the pieces."""
        gone = self._take(position)
        for piece in gone:
            _set_location(self._board, self._locs, piece, ELIMINATED)
            bit = ~(1 << piece)
            self.travelled &= bit
            self.landed &= bit
        self.eliminated = self.eliminated + tuple((p, by) for p in gone)
        self.progress = self.progress or bool(gone)
        return gone

    def emit(self, event: Event) -> None:
        """Record an event (only when events were asked for)."""
        if self.events is not None:
            self.events.append(event)

    # The primitives: no events, no marks.
    def _lift(self, position: int) -> int:
        """Take the top piece off ``position`` and return it (its location is left for
        ``_put`` to set)."""
        b = self._board
        v = b[position]
        b[position] = b[self._under + v]
        b[self._under + v] = 0
        return v - 1

    def _put(self, position: int, piece: int) -> None:
        """Put ``piece`` (off every stack) on top of ``position``."""
        _drop(self._board, self._locs, self._under, position, piece + 1)

    def _take(self, position: int) -> tuple[int, ...]:
        """Take the whole stack off ``position`` and return it, bottom to top."""
        b = self._board
        gone = stack_at(b, self._under + 1, position)
        for piece in gone:
            b[self._under + piece + 1] = 0
        b[position] = 0
        return gone


def _drop(b: bytearray, locs: int, under: int, position: int, v: int) -> None:
    """Put the piece of value ``v`` (off every stack) on top of ``position``; its location
    goes to ``b[locs:]``."""
    b[under + v] = b[position]
    b[position] = v
    _locate(b, locs, position, v)


def _locate(b: bytearray, locs: int, position: int, v: int) -> None:
    """Record ``position`` as the location of the piece of value ``v``."""
    b[locs + v - 1] = position & 255
    b[locs + N_PIECES + v - 1] = position >> 8


def _set_location(b: bytearray, locs: int, piece: int, code: int) -> None:
    """Mark ``piece`` as off the board with ``Location`` code ``code`` (< 0)."""
    b[locs + piece] = -code
    b[locs + N_PIECES + piece] = OFF_BOARD


def to_start_areas(edit: Edit, origin: int, stack: tuple[int, ...], choice: int) -> None:
    """The standard send-back [D10]: the pieces of ``stack`` (taken from ``origin``) go to
    their owners' Start Areas, each owner's to the side bit ``owner`` of ``choice`` picks,
    lowest first."""
    ev = edit.events
    for owner in range(4):
        mine = tuple(q for q in stack if q // 10 == owner)
        if not mine:
            continue
        side = (choice >> owner) & 1
        for q in mine:
            edit.to_start_area(q, side)
        if ev is not None:
            area = edit.state.topology.start_areas[2 * owner + side].name
            names = tuple(piece_name(q) for q in mine)
            ev.append(SentBack(SEAT_NAMES[owner], names, edit.name(origin), area))


#: What an action did besides the board and counters it wrote: ``(flags, eliminated,
#: moves_left)``; flags bit 0: progress [D25], bit 1: a piece entered the Singularity;
#: the eliminated pieces when they changed, else None; the moves left in the turn.
_Change = tuple[int, tuple[tuple[int, int], ...] | None, int]
_PROGRESS: Final = 1
_ENTERED: Final = 2


def play(s: GameState, move: Move, ev: list[Event] | None) -> GameState:
    """Apply a legal action and resolve the turn (see ``GameState.play``); append the
    events to ``ev`` when it is a list.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``s``; its message names the rule.
    """
    try:
        legal = s._legal
    except AttributeError:  # a state nobody asked for its legal moves yet
        legal = s.legal_moves()
    for m in legal:
        if m is move:
            break
    else:  # an equal move of the same field types names a legal move, played in its place
        found = legal_match(s, move)
        if found is None:
            raise IllegalMoveError(move, why_illegal(s, move))
        move = found
    e = engine_of(s)
    p = advance(
        e, s.packed, move.kind, move.origin, move.target, move.choice, move, ev, s, e.keep_legal
    )
    new = view_after(s, e, p)
    if e.kept is p:
        set_legal(new, e.kept_moves)
    return new


def advance(
    e: Engine,
    p: bytes,
    kind: int,
    origin: int,
    target: int,
    choice: int,
    move: Move | None,
    ev: list[Event] | None,
    before: GameState | None,
    keep: bool = False,
) -> bytes:
    """The packed position after the legal action ``(kind, origin, target, choice)`` in
    ``p`` (unchecked), with the turn resolved: the next turn, a true win, the end of the
    turn, stuck players [D7, D16, D18, D25]. ``move`` is the action as a ``Move`` (needed
    for a variant's own action), ``before`` the state of ``p`` if there is one; with
    ``keep``, the new position's legal moves are kept on the engine (``Engine.kept``).

    Each kind of action changes the board by its own function (``_step``, ``_fire``,
    ``_move_square``, ``_variant_action``); what follows the action is the same for all.
    """
    b = bytearray(p)
    k = len(p) - COUNTERS
    change: _Change
    if kind in (STEP, TRAVEL):
        change = _step(e, p, b, k, kind, origin, target, choice, ev, before)
    elif kind == FIRE:
        change = _fire(e, p, b, k, origin, choice, ev, before)
    elif kind in (SQUARE, ELIMINATE):
        change = _move_square(e, p, b, k, kind, origin, target, ev, before)
    elif kind == END_TURN:
        write_int(b, k + MOVES_LEFT_AT, 0)
        change = (0, None, 0)
    else:
        assert move is not None
        change = _variant_action(e, p, b, move, ev, before)
    flags, gone, moves_left = change
    mover = p[k + TO_MOVE]
    turn = read_int(p, k + TURN_AT)
    progress = read_int(p, k + PROGRESS_AT)
    if flags & _PROGRESS:
        progress = turn
        write_int(b, k + PROGRESS_AT, turn)
    entered = flags & _ENTERED
    if not moves_left and not entered and not e.custom_win:
        # The turn is over [D7]: in the plain case, the next turn starts at once.
        nxt = plain_next_seat(e, p, progress)
        if nxt >= 0:
            b[k + TO_MOVE] = nxt
            write_int(b, k + MOVES_LEFT_AT, 2)
            write_int(b, k + TURN_AT, turn + 1)
            write_mask(b, k + LANDED_AT, 0)
            return turn_passed_at(e, _packed(e, b, gone), mover, ev, keep)
    new = _packed(e, b, gone)
    if (entered or e.custom_win) and true_win_at(e, new, mover):
        return finish_at(e, new, _TRUE_WIN, ev)
    if moves_left > 0 and has_legal(e, new, keep):
        return new
    return close_turn_at(e, new, ev, keep)


def _packed(e: Engine, b: bytearray, gone: tuple[tuple[int, int], ...] | None) -> bytes:
    """The bytes of the position built in ``b``, with ``gone`` as its eliminated pieces
    when they changed."""
    if gone is None:
        return bytes(b)
    head = e.np + HEAD
    elim = bytes([q + N_PIECES * by for q, by in gone])
    return bytes(b[:head]) + elim + bytes(b[len(b) - COUNTERS :])


def _step(
    e: Engine,
    p: bytes,
    b: bytearray,
    k: int,
    kind: int,
    src: int,
    dst: int,
    choice: int,
    ev: list[Event] | None,
    before: GameState | None,
) -> _Change:
    """A step or a free Wormhole travel of the top piece of ``src`` [D8, D12]: the
    release bonus [D9], the Wormhole mark [D19], entering the Singularity with the reserve
    piece brought in [D13], or landing, which sends the opposite stack back [D10]."""
    under = e.under
    fire_base = e.fire_base
    mover = p[k + TO_MOVE]
    v = p[src]
    pid = v - 1
    below = p[under + v]
    b[src] = below
    bonus = _bonus(e, p, before, pid, below - 1) if below else 0
    moves_left = read_int(p, k + MOVES_LEFT_AT) + bonus
    travelled = k + TRAVELLED_AT + (pid >> 3)
    landed = k + LANDED_AT + (pid >> 3)
    bit = 1 << (pid & 7)
    keep = 255 ^ bit
    marks = p[travelled]
    if kind == STEP:
        moves_left -= 1
        marked = marks & keep  # the step clears the Wormhole mark [D19]
        # Went straight through a Wormhole [D12] (``Topology.step_through``, inlined)?
        if dst < fire_base and dst >> 2 == e.through_cell[src]:
            marked |= bit
    else:
        marked = marks | bit
    if marked != marks:
        b[travelled] = marked
    if ev is not None:
        _single_events(e, p, src, dst, pid, below, bonus, kind == TRAVEL, ev, False)
    here = b[dst] if dst == src else p[dst]  # (a step may come back to its position)
    b[under + v] = here
    b[dst] = v
    _locate(b, e.locs_at, dst, v)
    write_int(b, k + MOVES_LEFT_AT, moves_left)
    if dst < fire_base and e.singularity_position[dst >> 2] == dst:
        b[travelled] &= keep
        b[landed] &= keep
        _bring_in(e, p, b, k, mover, RESERVE_CHOICES[choice], ev)
        return (_PROGRESS | _ENTERED, None, moves_left)
    marks = p[landed]
    marked = marks | bit if here else marks & keep
    if marked != marks:
        b[landed] = marked
    if dst < fire_base:
        o = dst ^ 2
        w = b[o]
        while w:
            if OWNER[w] != mover:
                break
            w = b[under + w]
        if w:
            # Send the whole opposite stack back [D10] (or what the variant says).
            edit = _ListEdit(e, p, b, ev, before)
            opp = edit._take(o)
            if e.std_send_back:
                to_start_areas(edit, o, opp, choice)
            else:
                e.rules.send_back.place(edit, o, opp, choice)
            gone = edit._close()
            return (_PROGRESS, gone, edit.moves_left)
    return (0, None, moves_left)


def _fire(
    e: Engine,
    p: bytes,
    b: bytearray,
    k: int,
    corner: int,
    choice: int,
    ev: list[Event] | None,
    before: GameState | None,
) -> _Change:
    """Firing an Anomaly corner [D5]: the top pieces of its firing positions enter the
    Singularity (each may earn a release bonus [D9]), and reserve pieces come in [D13]."""
    under = e.under
    moves_left = read_int(p, k + MOVES_LEFT_AT) - 1
    fps = e.firing_of_cell[corner]
    if ev is not None:
        names = tuple(piece_name(b[f] - 1) for f in fps)
        ev.append(Fired(e.topology.cell_name(corner), names))
    for f in fps:
        v = b[f]
        pid = v - 1
        below = b[under + v]
        b[f] = below
        bonus = _bonus(e, p, before, pid, below - 1) if below else 0
        moves_left += bonus
        keep = 255 ^ (1 << (pid & 7))
        dst = e.singularity_position[e.fire_target[f]]
        if ev is not None:
            _single_events(e, p, f, dst, pid, below, bonus, False, ev, True)
        _drop(b, e.locs_at, under, dst, v)
        b[k + TRAVELLED_AT + (pid >> 3)] &= keep
        b[k + LANDED_AT + (pid >> 3)] &= keep
    write_int(b, k + MOVES_LEFT_AT, moves_left)
    _bring_in(e, p, b, k, p[k + TO_MOVE], RESERVE_CHOICES[choice], ev)
    return (_PROGRESS | _ENTERED, None, moves_left)


def _move_square(
    e: Engine,
    p: bytes,
    b: bytearray,
    k: int,
    kind: int,
    cell: int,
    target: int,
    ev: list[Event] | None,
    before: GameState | None,
) -> _Change:
    """A Square move (one cell onto an empty cell) or an elimination (onto the first
    occupied cell, whose stacks leave the game) of the mover's Square [D14] (rules page:
    Squares)."""
    t = e.topology
    under = e.under
    locs = e.locs_at
    mover = p[k + TO_MOVE]
    moves_left = read_int(p, k + MOVES_LEFT_AT) - 1
    write_int(b, k + MOVES_LEFT_AT, moves_left)
    flags = 0
    gone: tuple[tuple[int, int], ...] | None = None
    if ev is not None:
        pieces = tuple(
            piece_name(q) for a in range(4) for q in stack_at(b, under + 1, 4 * cell + a)
        )
        ev.append(SquareMoved(SEAT_NAMES[mover], t.cell_name(cell), t.cell_name(target), pieces))
    if kind == ELIMINATE:
        flags = _PROGRESS
        edit = _ListEdit(e, p, b, ev, before)
        out = [q for a in range(4 * target, 4 * target + 4) for q in edit.eliminate(a, mover)]
        gone = edit._close()
        if ev is not None:
            names = tuple(piece_name(q) for q in out)
            ev.append(Eliminated(names, SEAT_NAMES[mover], t.cell_name(target)))
    for a in range(4):
        v = b[4 * cell + a]
        if v:
            b[4 * cell + a] = 0
            b[4 * target + a] = v
            dst = 4 * target + a
            while v:
                b[locs + v - 1] = dst & 255
                b[locs + N_PIECES + v - 1] = dst >> 8
                v = b[under + v]
    return (flags, gone, moves_left)


def _variant_action(
    e: Engine,
    p: bytes,
    b: bytearray,
    move: Move,
    ev: list[Event] | None,
    before: GameState | None,
) -> _Change:
    """A variant's own kind of action (``ActionType.apply``), through an ``Edit``."""
    action = _action_type(e, move.kind)
    edit = _ListEdit(e, p, b, ev, before)
    if action.uses_move:
        edit.moves_left -= 1
    action.apply(edit, move)
    gone = edit._close()
    return (_PROGRESS if edit.progress else 0, gone, edit.moves_left)


class _ListEdit(Edit):
    """An ``Edit`` over the position the action is building, without the copies of
    ``Edit.__init__``. (A subclass rather than ``Edit.__new__``, which a mypyc-compiled
    class does not allow.)"""

    __slots__ = ()

    def __init__(
        self,
        e: Engine,
        p: bytes,
        b: bytearray,
        ev: list[Event] | None,
        before: GameState | None,
    ) -> None:
        self._setup(e, p, b, ev, before)


def _action_type(e: Engine, kind: int) -> ActionType:
    for action in e.rules.actions:
        if action.kind == kind:
            found: ActionType = action
            return found
    raise IllegalMoveError(
        Move(kind), f"no action of kind {kind} in these rules"
    )  # pragma: no cover


def _single_events(
    e: Engine,
    p: bytes,
    src: int,
    dst: int,
    pid: int,
    below: int,
    bonus: int,
    free: bool,
    ev: list[Event],
    fired: bool,
) -> None:
    """The events of one piece leaving ``src`` (where the piece of value ``below`` was
    under it) for ``dst``: by a step or a free travel (``free``), or fired from a firing
    position (``fired``); ``p`` is the position before the action."""
    t = e.topology
    name = piece_name(pid)
    grid_dst = dst < t.fire_base
    apex = APEX_NAMES[dst & 3] if grid_dst else None
    ev.append(PieceMoved(name, t.position_name(src), t.position_name(dst), apex, free))
    entry = t.link[src]
    if free:
        ev.append(Jumped(name, "wormhole", t.cell_name(src >> 2), t.cell_name(dst >> 2)))
    elif not fired and 0 <= entry < t.fire_base and grid_dst and dst >> 2 != entry >> 2:
        via = "hyperspace" if t.kind[entry >> 2] == HYPERSPACE else "wormhole"
        ev.append(Jumped(name, via, t.cell_name(entry >> 2), t.cell_name(dst >> 2)))
    if bonus:
        ev.append(BonusMove(name, piece_name(below - 1)))
    if grid_dst and t.singularity_position[dst >> 2] == dst:
        ev.append(EnteredSingularity(name, t.cell_name(dst >> 2)))
    elif p[dst]:
        there = stack_at(p, t.n_positions, dst)
        ev.append(Landed(name, t.position_name(dst), tuple(piece_name(q) for q in there)))


def _bring_in(
    e: Engine,
    p: bytes,
    b: bytearray,
    k: int,
    seat: int,
    sides: tuple[int, ...],
    ev: list[Event] | None,
) -> None:
    """Bring reserve pieces into Start Areas, lowest number first [D13, D17, D28]
    (``p``: the position before the action, whose reserve this is)."""
    count = p[k + RESERVE_AT + seat]
    for side in sides:
        piece = next_reserve_piece(seat, count)
        count -= 1
        b[k + RESERVE_AT + seat] = count
        _drop(b, e.locs_at, e.under, e.start_base + 2 * seat + side, piece + 1)
        if ev is not None:
            area = e.topology.start_areas[2 * seat + side].name
            ev.append(ReservePlaced(piece_name(piece), area))
