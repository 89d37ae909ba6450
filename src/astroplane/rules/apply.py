"""Playing an action: the new pieces, marks and counters, and the events that say so.

``play`` checks the action against the legal set and builds the next state in one pass
over flat lists (no ``attrs.evolve``); when it is given an event list, the same pass
appends what happens, in animation order (``astroplane.events``), so ``effects()`` can
never disagree with ``play()``. What happens when the turn is over is in
``astroplane.rules.turns``. A variant's own actions change the board through an
``Edit``, which records the standard events for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.enums import APEX_NAMES, SEAT_NAMES, CellKind
from astroplane.errors import IllegalMoveError
from astroplane.events import (
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
from astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.outcome import EndReason
from astroplane.pieces import next_reserve_piece, piece_name
from astroplane.rules.explain import why_illegal
from astroplane.rules.movegen import legal_actions
from astroplane.rules.turns import close_turn, finish
from astroplane.state import ELIMINATED, GameState
from astroplane.topology import Topology

if TYPE_CHECKING:
    from astroplane.rules.variants import ActionType

__all__ = ["Edit", "play", "release_bonus", "to_start_areas"]

_STEP, _TRAVEL, _FIRE, _SQUARE, _ELIM, _END = (int(k) for k in MoveKind)
_HYPER = int(CellKind.HYPERSPACE)


def release_bonus(state: GameState, piece: int, below: int) -> int:
    """The standard release bonus [D9]: one bonus move when a piece leaves a stack in which
    the piece directly below (``below``) belongs to another player and the piece did not
    land on that stack during the current turn."""
    if below // 10 != piece // 10 and not (state.landed >> piece) & 1:
        return 1
    return 0


def play(s: GameState, move: Move, events: list[Event] | None) -> GameState:
    """Apply a legal action and resolve the turn (see ``GameState.play``); append the
    events to ``events`` when it is a list."""
    legal = s.legal_moves()
    for m in legal:
        if m is move:
            break
    else:
        if not isinstance(move, Move) or move not in legal:
            raise IllegalMoveError(move, why_illegal(s, move))
        move = legal[legal.index(move)]  # the interned move, whose fields are plain ints
    return _apply(s, move, events)


class Edit:
    """The board of a state being changed by one action: mutable lists and counters that
    become the next state. A variant's action (``ActionType.apply``) and send-back
    (``SendBack.place``) change the board only through these methods, which keep the
    piece index, the marks and the events right.

    Attributes:
        state: The state before the action (read-only).
        events: The event list being produced, or None when nobody asked for events.
    """

    __slots__ = (
        "eliminated",
        "events",
        "landed",
        "moves_left",
        "progress",
        "reserve",
        "stacks",
        "state",
        "travelled",
        "where",
    )

    def __init__(self, state: GameState, events: list[Event] | None) -> None:
        self.state = state
        self.events = events
        self.stacks = list(state.stacks)
        self.where = list(state.where)
        self.reserve = list(state.reserve)
        self.eliminated = state.eliminated
        self.travelled = state.travelled
        self.landed = state.landed
        self.moves_left = state.moves_left
        self.progress = False

    def name(self, position: int) -> str:
        """The name of a position of this board."""
        return self.state.topology.position_name(position)

    def move_piece(self, origin: int, target: int) -> int:
        """Move the top piece of ``origin`` onto ``target`` (a ``PieceMoved`` event);
        returns the piece. Sends nothing back and earns no bonus.

        Raises:
            ValueError: If ``origin`` is empty.
        """
        st = self.stacks[origin]
        if not st:
            raise ValueError(f"no piece at {self.name(origin)}")
        piece = st[-1]
        self.stacks[origin] = st[:-1]
        self.stacks[target] = (*self.stacks[target], piece)
        self.where[piece] = target
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
        area = t.start_base + 2 * (piece // 10) + side
        self.stacks[area] = (*self.stacks[area], piece)
        self.where[piece] = area
        bit = ~(1 << piece)
        self.travelled &= bit
        self.landed &= bit

    def eliminate(self, position: int, by: int) -> tuple[int, ...]:
        """Remove the whole stack at ``position`` from the game, eliminated by seat ``by``
        (counts as progress [D25]); returns the pieces."""
        gone = self.stacks[position]
        self.stacks[position] = ()
        for piece in gone:
            self.where[piece] = ELIMINATED
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


def _apply(s: GameState, move: Move, ev: list[Event] | None) -> GameState:
    t = s.topology
    rules = s.rules
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
    bonus_of = rules.release_bonus
    standard_bonus = bonus_of is release_bonus

    if kind in (_STEP, _TRAVEL):
        src, dst, choice = move.origin, move.target, move.choice
        st = stacks[src]
        pid = st[-1]
        stacks[src] = st[:-1]
        if len(st) >= 2:
            if standard_bonus:
                bonus = 1 if st[-2] // 10 != mover and not (landed >> pid) & 1 else 0
            else:
                bonus = bonus_of(s, pid, st[-2])
            moves_left += bonus
        else:
            bonus = 0
        bit = 1 << pid
        if kind == _STEP:
            moves_left -= 1
            travelled &= ~bit  # the step clears the Wormhole mark [D19]
            if dst < t.fire_base and t.step_through(src, dst):
                travelled |= bit  # went straight through a Wormhole [D12]
        else:
            travelled |= bit
        if ev is not None:
            _single_events(s, src, dst, pid, st, bonus, kind == _TRAVEL, ev)
        if dst < t.fire_base and t.singularity_position[dst >> 2] == dst:
            stacks[dst] = stacks[dst] + (pid,)
            where[pid] = dst
            travelled &= ~bit
            landed &= ~bit
            progress = entered_singularity = True
            _bring_in(t, stacks, where, reserve, mover, RESERVE_CHOICES[choice], ev)
        else:
            here = stacks[dst]
            landed = landed | bit if here else landed & ~bit
            stacks[dst] = (*here, pid)
            where[pid] = dst
            if dst < t.fire_base:
                opp = stacks[dst ^ 2]
                if opp and any(q // 10 != mover for q in opp):
                    # Send the whole opposite stack back [D10] (or what the variant says).
                    progress = True
                    stacks[dst ^ 2] = ()
                    edit = _edit(s, ev, stacks, where, reserve, travelled, landed, moves_left)
                    rules.send_back.place(edit, dst ^ 2, opp, choice)
                    travelled, landed, eliminated = edit.travelled, edit.landed, edit.eliminated
                    moves_left = edit.moves_left
    elif kind == _FIRE:
        moves_left -= 1
        fps = t.firing_of_cell[move.origin]
        if ev is not None:
            ev.append(
                Fired(t.cell_name(move.origin), tuple(piece_name(stacks[f][-1]) for f in fps))
            )
        for f in fps:
            st = stacks[f]
            pid = st[-1]
            stacks[f] = st[:-1]
            bonus = 0
            if len(st) >= 2:
                if standard_bonus:
                    bonus = 1 if st[-2] // 10 != mover and not (landed >> pid) & 1 else 0
                else:
                    bonus = bonus_of(s, pid, st[-2])
                moves_left += bonus
            bit = 1 << pid
            dst = t.singularity_position[t.fire_target[f]]
            if ev is not None:
                _single_events(s, f, dst, pid, st, bonus, False, ev, fired=True)
            stacks[dst] = stacks[dst] + (pid,)
            where[pid] = dst
            travelled &= ~bit
            landed &= ~bit
        progress = entered_singularity = True
        _bring_in(t, stacks, where, reserve, mover, RESERVE_CHOICES[move.choice], ev)
    elif kind in (_SQUARE, _ELIM):
        moves_left -= 1
        cell, target = move.origin, move.target
        if ev is not None:
            pieces = tuple(piece_name(p) for a in range(4) for p in stacks[4 * cell + a])
            ev.append(
                SquareMoved(SEAT_NAMES[mover], t.cell_name(cell), t.cell_name(target), pieces)
            )
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
            if ev is not None:
                names = tuple(piece_name(p) for p, _by in gone)
                ev.append(Eliminated(names, SEAT_NAMES[mover], t.cell_name(target)))
        for a in range(4):
            st = stacks[4 * cell + a]
            if st:
                stacks[4 * cell + a] = ()
                stacks[4 * target + a] = st
                where[st[0]] = 4 * target + a
    elif kind == _END:
        moves_left = 0
    else:
        action = _action_type(s, kind)
        edit = _edit(s, ev, stacks, where, reserve, travelled, landed, moves_left)
        if action.uses_move:
            edit.moves_left -= 1
        action.apply(edit, move)
        stacks, where, reserve = edit.stacks, edit.where, edit.reserve
        travelled, landed, eliminated = edit.travelled, edit.landed, edit.eliminated
        moves_left, progress = edit.moves_left, edit.progress

    last_progress = s.turn if progress else s.last_progress
    new = GameState(
        t,
        rules,
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
    if (entered_singularity or rules.has_custom_win) and rules.true_win(new, mover):
        return finish(new, EndReason.TRUE_WIN, ev)
    if moves_left > 0:
        legal = legal_actions(new)
        if legal:
            object.__setattr__(new, "_legal", legal)
            return new
    return close_turn(new, ev)


def _edit(
    s: GameState,
    ev: list[Event] | None,
    stacks: list[tuple[int, ...]],
    where: list[int],
    reserve: list[int],
    travelled: int,
    landed: int,
    moves_left: int,
) -> Edit:
    """An ``Edit`` over the lists the action is building (no copies)."""
    return _ListEdit(s, ev, stacks, where, reserve, travelled, landed, moves_left)


class _ListEdit(Edit):
    """An ``Edit`` made over existing lists, without the copies of ``Edit.__init__``.
    (A subclass rather than ``Edit.__new__``, which a mypyc-compiled class does not allow.)"""

    __slots__ = ()

    def __init__(
        self,
        s: GameState,
        ev: list[Event] | None,
        stacks: list[tuple[int, ...]],
        where: list[int],
        reserve: list[int],
        travelled: int,
        landed: int,
        moves_left: int,
    ) -> None:
        self.state = s
        self.events = ev
        self.stacks = stacks
        self.where = where
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
    stack: tuple[int, ...],
    bonus: int,
    free: bool,
    ev: list[Event],
    fired: bool = False,
) -> None:
    """The events of one piece leaving ``src`` (whose stack was ``stack``) for ``dst``:
    by a step or a free travel (``free``), or fired from a firing position (``fired``)."""
    t = s.topology
    name = piece_name(pid)
    grid_dst = dst < t.fire_base
    apex = APEX_NAMES[dst & 3] if grid_dst else None
    ev.append(PieceMoved(name, t.position_name(src), t.position_name(dst), apex, free))
    entry = t.link[src]
    if free:
        ev.append(Jumped(name, "wormhole", t.cell_name(src >> 2), t.cell_name(dst >> 2)))
    elif not fired and 0 <= entry < t.fire_base and grid_dst and dst >> 2 != entry >> 2:
        via = "hyperspace" if t.kind[entry >> 2] == _HYPER else "wormhole"
        ev.append(Jumped(name, via, t.cell_name(entry >> 2), t.cell_name(dst >> 2)))
    if bonus:
        ev.append(BonusMove(name, piece_name(stack[-2])))
    if grid_dst and t.singularity_position[dst >> 2] == dst:
        ev.append(EnteredSingularity(name, t.cell_name(dst >> 2)))
    elif s.stacks[dst]:
        ev.append(Landed(name, t.position_name(dst), tuple(piece_name(q) for q in s.stacks[dst])))


def _bring_in(
    t: Topology,
    stacks: list[tuple[int, ...]],
    where: list[int],
    reserve: list[int],
    seat: int,
    sides: tuple[int, ...],
    ev: list[Event] | None,
) -> None:
    """Bring reserve pieces into Start Areas, lowest number first [D13, D17, D28]."""
    for side in sides:
        piece = next_reserve_piece(seat, reserve[seat])
        reserve[seat] -= 1
        area = t.start_base + 2 * seat + side
        stacks[area] = stacks[area] + (piece,)
        where[piece] = area
        if ev is not None:
            ev.append(ReservePlaced(piece_name(piece), t.start_areas[2 * seat + side].name))
