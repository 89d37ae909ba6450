"""Playing an action: the new pieces, marks and counters, and the events that say so.

``play`` checks the action against the legal set and builds the next state in one pass
over copies of the packed board (``astroplane.games.astroplane.packed``: a few bytes change) and
``astroplane.games.astroplane.construct.build_state``; when it is given an event list, the same pass
appends what happens, in animation order (``astroplane.games.astroplane.events``), so ``effects()``
can
never disagree with ``play()``. What happens when the turn is over is in
``astroplane.games.astroplane.rules.turns`` (a turn that ends the plain way builds the next turn's
state at
once, see ``plain_turn_change``). A variant's own actions change the board through an
``Edit``, which records the standard events for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.errors import IllegalMoveError
from astroplane.games.astroplane.construct import build_state
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
from astroplane.games.astroplane.packed import N_PIECES, OFF_BOARD, OWNER, stack_at
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
from astroplane.games.astroplane.rules.explain import why_illegal
from astroplane.games.astroplane.rules.movegen import legal_actions
from astroplane.games.astroplane.rules.turns import (
    close_turn,
    finish,
    plain_turn_change,
    turn_passed,
)
from astroplane.games.astroplane.state import ELIMINATED, GameState
from astroplane.games.astroplane.topology import Topology
from astroplane.protocol import legal_match

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.variants import ActionType

__all__ = ["Edit", "play", "release_bonus", "to_start_areas"]


def release_bonus(state: GameState, piece: int, below: int) -> int:
    """The standard release bonus [D9]: one bonus move when a piece leaves a stack in which
    the piece directly below (``below``) belongs to another player and the piece did not
    land on that stack during the current turn."""
    if below // 10 != piece // 10 and not (state.landed >> piece) & 1:
        return 1
    return 0


class Edit:
    """The board of a state being changed by one action: the packed board, the marks and
    the counters that become the next state. A variant's action (``ActionType.apply``) and
    send-back (``SendBack.place``) change the board only through these methods, which keep
    the piece index, the marks and the events right.

    Attributes:
        state: The state before the action (read-only).
        events: The event list being produced, or None when nobody asked for events.
    """

    __slots__ = (
        "_board",
        "_locs",
        "_under",
        "eliminated",
        "events",
        "landed",
        "moves_left",
        "progress",
        "reserve",
        "state",
        "travelled",
    )

    def __init__(self, state: GameState, events: list[Event] | None) -> None:
        self.state = state
        self.events = events
        self._board = bytearray(state.board)
        self._locs = bytearray(state.locs)
        self._under = state.topology.n_positions - 1
        self.reserve = list(state.reserve)
        self.eliminated = state.eliminated
        self.travelled = state.travelled
        self.landed = state.landed
        self.moves_left = state.moves_left
        self.progress = False

    def name(self, position: int) -> str:
        """The name of a position of this board."""
        return self.state.topology.position_name(position)

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
            t = self.state.topology
            apex = APEX_NAMES[target & 3] if t.is_grid_position(target) else None
            self.events.append(
                PieceMoved(piece_name(piece), self.name(origin), self.name(target), apex, False)
            )
        return piece

    def to_start_area(self, piece: int, side: int) -> None:
        """Put a piece (already taken off its position) on top of its owner's Start Area
        ``side`` (0 left, 1 right), clearing its marks."""
        t = self.state.topology
        self._put(t.start_base + 2 * (piece // 10) + side, piece)
        bit = ~(1 << piece)
        self.travelled &= bit
        self.landed &= bit

    def eliminate(self, position: int, by: int) -> tuple[int, ...]:
        """Remove the whole stack at ``position`` from the game, eliminated by seat ``by``
        (counts as progress [D25]); returns the pieces."""
        gone = self._take(position)
        for piece in gone:
            _set_location(self._locs, piece, ELIMINATED)
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


def _drop(b: bytearray, locs: bytearray, under: int, position: int, v: int) -> None:
    """Put the piece of value ``v`` (off every stack) on top of ``position``."""
    b[under + v] = b[position]
    b[position] = v
    locs[v - 1] = position & 255
    locs[N_PIECES + v - 1] = position >> 8


def _set_location(locs: bytearray, piece: int, code: int) -> None:
    """Mark ``piece`` as off the board with ``Location`` code ``code`` (< 0)."""
    locs[piece] = -code
    locs[N_PIECES + piece] = OFF_BOARD


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


#: What one action changed besides the board and the piece index (which it changes in
#: place): ``(reserve, moves_left, travelled, landed, eliminated, progress,
#: entered_singularity)``.
_Change = tuple[tuple[int, ...], int, int, int, tuple[tuple[int, int], ...], bool, bool]


def play(s: GameState, move: Move, ev: list[Event] | None) -> GameState:
    """Apply a legal action and resolve the turn (see ``GameState.play``); append the
    events to ``ev`` when it is a list.

    Each kind of action changes the board by its own function (``_step``, ``_fire``,
    ``_move_square``, ``_variant_action``); what follows the action (the next turn, a
    true win, the end of the turn) is the same for all.

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
    b = bytearray(s.board)
    locs = bytearray(s.locs)
    kind = move.kind
    change: _Change
    if kind in (STEP, TRAVEL):
        change = _step(s, move, b, locs, ev)
    elif kind == FIRE:
        change = _fire(s, move, b, locs, ev)
    elif kind in (SQUARE, ELIMINATE):
        change = _move_square(s, move, b, locs, ev)
    elif kind == END_TURN:
        # Read as a plain object: compiled, the declared 4-tuple would be unpacked and a
        # new tuple built for every state.
        reserve: tuple[int, ...] = getattr(s, "reserve")  # noqa: B009
        change = (reserve, 0, s.travelled, s.landed, s.eliminated, False, False)
    else:
        change = _variant_action(s, move, b, locs, ev)
    reserve, moves_left, travelled, landed, eliminated, progress, entered_singularity = change

    t = s.topology
    rules = s.rules
    mover = s.to_move
    last_progress = s.turn if progress else s.last_progress
    board = bytes(b)
    locations = bytes(locs)
    if not moves_left and not entered_singularity and not rules.has_custom_win:
        # The turn is over [D7]: in the plain case, build the next turn's state at once.
        nxt = plain_turn_change(s, last_progress)
        if nxt is not None:
            new = build_state(
                t, rules, s.seats, board, reserve, eliminated, s.removed, nxt,
                2, s.turn + 1, travelled, 0, last_progress, None, locations,
            )  # fmt: skip
            return turn_passed(new, mover, ev)
    new = build_state(
        t, rules, s.seats, board, reserve, eliminated, s.removed, mover,
        moves_left, s.turn, travelled, landed, last_progress, None, locations,
    )  # fmt: skip
    if (entered_singularity or rules.has_custom_win) and rules.true_win(new, mover):
        return finish(new, EndReason.TRUE_WIN, ev)
    if moves_left > 0:
        legal = legal_actions(new)
        if legal:
            object.__setattr__(new, "_legal", legal)
            return new
    return close_turn(new, ev)


def _step(
    s: GameState, move: Move, b: bytearray, locs: bytearray, ev: list[Event] | None
) -> _Change:
    """A step or a free Wormhole travel of the top piece of ``move.origin`` [D8, D12]: the
    release bonus [D9], the Wormhole mark [D19], entering the Singularity with the reserve
    piece brought in [D13], or landing, which sends the opposite stack back [D10]."""
    t = s.topology
    rules = s.rules
    mover = s.to_move
    fire_base = t.fire_base
    under = t.n_positions - 1  # the piece under the piece of value v is b[under + v]
    reserve: tuple[int, ...] = getattr(s, "reserve")  # noqa: B009 (see ``play``)
    moves_left = s.moves_left
    travelled = s.travelled
    landed = s.landed
    eliminated = s.eliminated
    progress = entered_singularity = False
    kind = move.kind
    src, dst, choice = move.origin, move.target, move.choice
    v = b[src]
    pid = v - 1
    below = b[under + v]
    b[src] = below
    bonus = rules.release_bonus(s, pid, below - 1) if below else 0
    moves_left += bonus
    bit = 1 << pid
    if kind == STEP:
        moves_left -= 1
        if travelled & bit:
            travelled ^= bit  # the step clears the Wormhole mark [D19]
        # Went straight through a Wormhole [D12] (``Topology.step_through``, inlined)?
        if dst < fire_base and dst >> 2 == t.through_cell[src]:
            travelled |= bit
    else:
        travelled |= bit
    if ev is not None:
        _single_events(s, src, dst, pid, below, bonus, kind == TRAVEL, ev)
    here = b[dst]
    b[under + v] = here
    b[dst] = v
    locs[pid] = dst & 255
    locs[N_PIECES + pid] = dst >> 8
    if dst < fire_base and t.singularity_position[dst >> 2] == dst:
        travelled &= ~bit
        landed &= ~bit
        progress = entered_singularity = True
        res = list(reserve)
        _bring_in(t, b, locs, res, mover, RESERVE_CHOICES[choice], ev)
        reserve = (res[0], res[1], res[2], res[3])
    else:
        landed = landed | bit if here else landed & ~bit
        if dst < fire_base:
            o = dst ^ 2
            w = b[o]
            while w:
                if OWNER[w] != mover:
                    break
                w = b[under + w]
            if w:
                # Send the whole opposite stack back [D10] (or what the variant says).
                progress = True
                res = list(reserve)
                edit = _ListEdit(s, ev, b, locs, res, travelled, landed, moves_left)
                opp = edit._take(o)
                rules.send_back.place(edit, o, opp, choice)
                travelled, landed, eliminated = edit.travelled, edit.landed, edit.eliminated
                moves_left = edit.moves_left
                reserve = (res[0], res[1], res[2], res[3])
    return (reserve, moves_left, travelled, landed, eliminated, progress, entered_singularity)


def _fire(
    s: GameState, move: Move, b: bytearray, locs: bytearray, ev: list[Event] | None
) -> _Change:
    """Firing an Anomaly corner [D5]: the top pieces of its firing positions enter the
    Singularity (each may earn a release bonus [D9]), and reserve pieces come in [D13]."""
    t = s.topology
    under = t.n_positions - 1
    bonus_of = s.rules.release_bonus
    moves_left = s.moves_left - 1
    travelled = s.travelled
    landed = s.landed
    fps = t.firing_of_cell[move.origin]
    if ev is not None:
        ev.append(Fired(t.cell_name(move.origin), tuple(piece_name(b[f] - 1) for f in fps)))
    for f in fps:
        v = b[f]
        pid = v - 1
        below = b[under + v]
        b[f] = below
        bonus = bonus_of(s, pid, below - 1) if below else 0
        moves_left += bonus
        bit = 1 << pid
        dst = t.singularity_position[t.fire_target[f]]
        if ev is not None:
            _single_events(s, f, dst, pid, below, bonus, False, ev, fired=True)
        _drop(b, locs, under, dst, v)
        travelled &= ~bit
        landed &= ~bit
    res = list(s.reserve)
    _bring_in(t, b, locs, res, s.to_move, RESERVE_CHOICES[move.choice], ev)
    reserve = (res[0], res[1], res[2], res[3])
    return (reserve, moves_left, travelled, landed, s.eliminated, True, True)


def _move_square(
    s: GameState, move: Move, b: bytearray, locs: bytearray, ev: list[Event] | None
) -> _Change:
    """A Square move (one cell onto an empty cell) or an elimination (onto the first
    occupied cell, whose stacks leave the game) of the mover's Square [D14] (rules page:
    Squares)."""
    t = s.topology
    under = t.n_positions - 1
    mover = s.to_move
    reserve: tuple[int, ...] = getattr(s, "reserve")  # noqa: B009 (see ``play``)
    moves_left = s.moves_left - 1
    travelled = s.travelled
    landed = s.landed
    eliminated = s.eliminated
    progress = False
    cell, target = move.origin, move.target
    if ev is not None:
        pieces = tuple(
            piece_name(p) for a in range(4) for p in stack_at(b, under + 1, 4 * cell + a)
        )
        ev.append(SquareMoved(SEAT_NAMES[mover], t.cell_name(cell), t.cell_name(target), pieces))
    if move.kind == ELIMINATE:
        progress = True
        edit = _ListEdit(s, ev, b, locs, list(reserve), travelled, landed, moves_left)
        gone = [p for q in range(4 * target, 4 * target + 4) for p in edit.eliminate(q, mover)]
        travelled, landed, eliminated = edit.travelled, edit.landed, edit.eliminated
        if ev is not None:
            names = tuple(piece_name(p) for p in gone)
            ev.append(Eliminated(names, SEAT_NAMES[mover], t.cell_name(target)))
    for a in range(4):
        v = b[4 * cell + a]
        if v:
            b[4 * cell + a] = 0
            b[4 * target + a] = v
            dst = 4 * target + a
            while v:
                locs[v - 1] = dst & 255
                locs[N_PIECES + v - 1] = dst >> 8
                v = b[under + v]
    return (reserve, moves_left, travelled, landed, eliminated, progress, False)


def _variant_action(
    s: GameState, move: Move, b: bytearray, locs: bytearray, ev: list[Event] | None
) -> _Change:
    """A variant's own kind of action (``ActionType.apply``), through an ``Edit``."""
    action = _action_type(s, move.kind)
    res = list(s.reserve)
    edit = _ListEdit(s, ev, b, locs, res, s.travelled, s.landed, s.moves_left)
    if action.uses_move:
        edit.moves_left -= 1
    action.apply(edit, move)
    reserve = (res[0], res[1], res[2], res[3])
    return (
        reserve, edit.moves_left, edit.travelled, edit.landed, edit.eliminated,
        edit.progress, False,
    )  # fmt: skip


class _ListEdit(Edit):
    """An ``Edit`` over the board the action is building, without the copies of
    ``Edit.__init__``. (A subclass rather than ``Edit.__new__``, which a mypyc-compiled
    class does not allow.)"""

    __slots__ = ()

    def __init__(
        self,
        s: GameState,
        ev: list[Event] | None,
        board: bytearray,
        locs: bytearray,
        reserve: list[int],
        travelled: int,
        landed: int,
        moves_left: int,
    ) -> None:
        self.state = s
        self.events = ev
        self._board = board
        self._locs = locs
        self._under = s.topology.n_positions - 1
        self.reserve = reserve
        self.eliminated = s.eliminated
        self.travelled = travelled
        self.landed = landed
        self.moves_left = moves_left
        self.progress = False


def _action_type(s: GameState, kind: int) -> ActionType:
    for action in s.rules.actions:
        if action.kind == kind:
            return action
    raise IllegalMoveError(
        Move(kind), f"no action of kind {kind} in these rules"
    )  # pragma: no cover


def _single_events(
    s: GameState,
    src: int,
    dst: int,
    pid: int,
    below: int,
    bonus: int,
    free: bool,
    ev: list[Event],
    fired: bool = False,
) -> None:
    """The events of one piece leaving ``src`` (where the piece of value ``below`` was
    under it) for ``dst``: by a step or a free travel (``free``), or fired from a firing
    position (``fired``)."""
    t = s.topology
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
    elif s.board[dst]:
        there = stack_at(s.board, t.n_positions, dst)
        ev.append(Landed(name, t.position_name(dst), tuple(piece_name(q) for q in there)))


def _bring_in(
    t: Topology,
    b: bytearray,
    locs: bytearray,
    reserve: list[int],
    seat: int,
    sides: tuple[int, ...],
    ev: list[Event] | None,
) -> None:
    """Bring reserve pieces into Start Areas, lowest number first [D13, D17, D28]."""
    under = t.n_positions - 1
    for side in sides:
        piece = next_reserve_piece(seat, reserve[seat])
        reserve[seat] -= 1
        area = t.start_base + 2 * seat + side
        _drop(b, locs, under, area, piece + 1)
        if ev is not None:
            ev.append(ReservePlaced(piece_name(piece), t.start_areas[2 * seat + side].name))
