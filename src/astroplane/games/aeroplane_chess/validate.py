"""Checking a state: every invariant of the game, for the readers and the constructor.

``check_state`` is what every reader (position text, JSON, ``setup_position``) runs on the
state it builds, and what ``Game.invariants`` runs on any state. A state built with the
constructor from fields (``AeroplaneState(rules, seats, planes, ...)``, or
``attrs.evolve``) is checked there by ``problem_of``, which keeps the first problem on the
state (values that break the packed layout cannot be stored, so the problem is all that
is kept of them); ``check_state`` raises it.

Examples:
    >>> import attrs
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> check_state(attrs.evolve(new_game(2), sixes=2, roll=6))
    Traceback (most recent call last):
    ...
    astroplane.errors.PositionError: a third 6 is never played: it ends the turn [AC10]
"""

from __future__ import annotations

from typing import Protocol

from astroplane.errors import PositionError
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    COLOURS,
    HANGAR,
    LOOP,
    SQUARE_OF,
    TAKE_OFF,
    plane_name,
    square_name,
)
from astroplane.games.aeroplane_chess.core import MAX_TURN
from astroplane.games.aeroplane_chess.options import Rerolls, Rules, Stacking
from astroplane.games.aeroplane_chess.play import race_over, team_won

__all__ = ["Fields", "FieldsView", "check_fields", "check_state", "problem_of"]


class FieldsView(Protocol):
    """The fields of a state that the checks read (``AeroplaneState`` has them)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def planes(self) -> tuple[int, ...]: ...

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def to_move(self) -> int: ...

    @property
    def roll(self) -> int: ...

    @property
    def sixes(self) -> int: ...

    @property
    def sixed(self) -> int: ...

    @property
    def finished(self) -> tuple[int, ...]: ...

    @property
    def turn(self) -> int: ...

    @property
    def turn_limit(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    def stack_of(self, plane: int) -> tuple[int, ...]:
        """The planes that move with ``plane``."""
        ...


class Fields:
    """A state's fields as given to the constructor, before they are packed: what
    ``problem_of`` checks. The values are whatever was given (of any type)."""

    __slots__ = (
        "finished", "planes", "roll", "rules", "seats", "sixed", "sixes", "stacks", "to_move",
        "turn", "turn_limit",
    )  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        seats: tuple[int, ...],
        planes: tuple[int, ...],
        stacks: tuple[tuple[int, ...], ...],
        to_move: int,
        roll: int,
        sixes: int,
        sixed: int,
        finished: tuple[int, ...],
        turn: int,
        turn_limit: bool,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.planes = planes
        self.stacks = stacks
        self.to_move = to_move
        self.roll = roll
        self.sixes = sixes
        self.sixed = sixed
        self.finished = finished
        self.turn = turn
        self.turn_limit = turn_limit

    @property
    def is_over(self) -> bool:
        """The game is over: the race [AC13, AC26] or the turn limit [AC21]."""
        return bool(self.turn_limit) or race_over(self.seats, self.finished, self.rules.teams)

    def stack_of(self, plane: int) -> tuple[int, ...]:
        """The stack ``plane`` is in, or just itself."""
        for st in self.stacks:
            if plane in st:
                return st
        return (plane,)


def problem_of(fields: Fields) -> str | None:
    """The first invariant ``fields`` break (``check_fields``'s message), or None.

    Examples:
        >>> from astroplane.games.aeroplane_chess.options import STANDARD
        >>> problem_of(Fields(STANDARD, (0, 2), (-1,) * 16, (), 0, 0, 0, 0, (), 1, False))
        >>> problem_of(Fields(STANDARD, (0, 2), (-1,) * 16, (), 1, 0, 0, 0, (), 1, False))
        '1 is not a colour in the game'
    """
    try:
        check_fields(fields)
    except PositionError as exc:
        return exc.problem
    except (TypeError, ValueError, IndexError, AttributeError) as exc:  # not even shaped
        return f"the fields are not a state's: {exc}"
    return None


def check_state(state: FieldsView) -> None:
    """Check every invariant of a state (the readers call this): the problem it was built
    with, if any (``problem_of``), then its fields (``check_fields``).

    Raises:
        PositionError: Saying which invariant is broken.
    """
    problem = getattr(state, "_problem", None)
    if problem is not None:
        raise PositionError(problem)
    check_fields(state)


def _helped(state: FieldsView) -> bool:
    """The player to move finished and rolls for the partner, who has not [AC28]."""
    rules = state.rules
    return (
        rules.teams
        and rules.roll_for_partner
        and state.to_move in state.finished
        and state.to_move ^ 2 not in state.finished
    )


def check_fields(state: FieldsView) -> None:
    """Check every invariant of a state's fields (``check_state`` without the problem a
    state was built with).

    Raises:
        PositionError: Saying which invariant is broken.
    """
    _check_types(state)
    seats = state.seats
    if not 2 <= len(seats) <= 4 or list(seats) != sorted(set(seats)) or seats[0] < 0:
        raise PositionError(f"the seats are 2 to 4 colours in clockwise order, not {seats!r}")
    if seats[-1] > 3:
        raise PositionError(f"the seats are 2 to 4 colours in clockwise order, not {seats!r}")
    planes = state.planes
    if len(planes) != 16 or any(not HANGAR <= k <= CENTRE for k in planes):
        raise PositionError("each of the 16 planes has a progress from -1 to 56")
    for p, k in enumerate(planes):
        if p >> 2 not in seats and k != HANGAR:
            raise PositionError(f"{plane_name(p)} is on the board but {COLOURS[p >> 2]} is not")
    teams = state.rules.teams
    if teams and len(seats) != 4:
        raise PositionError(f"team play is for four players, not {len(seats)} [AC26]")
    owner: dict[int, int] = {}
    for p, k in enumerate(planes):
        if TAKE_OFF < k < CENTRE and SQUARE_OF[p >> 2][k] < LOOP:
            sq = SQUARE_OF[p >> 2][k]
            side = p >> 2 & 1 if teams else p >> 2  # partners share squares [AC26]
            if owner.setdefault(sq, side) != side:
                raise PositionError(
                    f"two {'teams' if teams else 'colours'} share square {square_name(sq)} [AC8]"
                )
    _check_stacks(state)
    _check_turn(state)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_types(state: FieldsView) -> None:
    """Every number is an int (not a bool or float), so every state writes and reads back."""
    if not isinstance(state.rules, Rules):
        raise PositionError(f"rules must be a Rules value, not {type(state.rules).__name__}")
    for name in ("to_move", "roll", "sixes", "sixed", "turn"):
        if not _int(getattr(state, name)):
            raise PositionError(f"{name} must be an int, not {getattr(state, name)!r}")
    if type(state.turn_limit) is not bool:
        raise PositionError(f"turn_limit must be a bool, not {state.turn_limit!r}")
    groups = (state.seats, state.planes, state.finished, *state.stacks)
    if not all(isinstance(g, tuple) and all(_int(x) for x in g) for g in groups):
        raise PositionError("seats, planes, stacks and finished are tuples of ints")
    if not 1 <= state.turn <= MAX_TURN:
        raise PositionError(f"the turn number is 1..{MAX_TURN}, not {state.turn}")


def _check_stacks(state: FieldsView) -> None:
    planes = state.planes
    seen: set[int] = set()
    for st in state.stacks:
        names = "".join(plane_name(p) for p in st if 0 <= p < 16)
        if len(st) < 2 or list(st) != sorted(set(st)) or not all(0 <= p < 16 for p in st):
            raise PositionError(f"a stack is 2 to 4 different planes, ascending: {st!r}")
        if len({p >> 2 for p in st}) != 1 or len({planes[p] for p in st}) != 1:
            raise PositionError(f"the planes of stack {names} are not one colour on one square")
        if not TAKE_OFF <= planes[st[0]] < CENTRE:
            raise PositionError(f"stack {names} is not on the board [AC9]")
        if planes[st[0]] == TAKE_OFF:  # a stack never returns there; taxiing never stacks
            raise PositionError(
                f"stack {names} is on its take-off square: planes taxiing out do not stack [AC9]"
            )
        if seen.intersection(st):
            raise PositionError(f"a plane of stack {names} is in another stack")
        seen.update(st)
    if list(state.stacks) != sorted(state.stacks):
        raise PositionError("the stacks are listed in ascending order")
    if state.rules.stacking is Stacking.NEVER and state.stacks:
        raise PositionError("stacking is never, but there is a stack [AC9]")
    if state.rules.stacking is Stacking.ALWAYS:
        units = {p: st for st in state.stacks for p in st}
        where: dict[tuple[int, int], tuple[int, ...]] = {}
        for p, k in enumerate(planes):
            if TAKE_OFF < k < CENTRE:
                unit = units.get(p, (p,))
                if where.setdefault((p >> 2, k), unit) != unit:
                    raise PositionError(
                        f"stacking is always, but {plane_name(p)} shares "
                        f"{square_name(SQUARE_OF[p >> 2][k])} with an own plane unstacked [AC9]"
                    )


def _check_turn(state: FieldsView) -> None:
    seats = state.seats
    finished = state.finished
    if len(set(finished)) != len(finished) or not set(finished) <= set(seats):
        raise PositionError(f"the finished colours are different colours in play: {finished!r}")
    for c in seats:
        home = all(state.planes[p] == CENTRE for p in range(4 * c, 4 * c + 4))
        if home != (c in finished):
            raise PositionError(
                f"{COLOURS[c]} has {'all' if home else 'not all'} planes home but is "
                f"{'not ' if home else ''}listed as finished [AC13]"
            )
    if not isinstance(state.turn, int) or state.turn < 1:
        raise PositionError(f"the turn number is at least 1, not {state.turn!r}")
    if state.to_move not in seats:
        raise PositionError(f"{state.to_move!r} is not a colour in the game")
    if not 0 <= state.roll <= 6 or not 0 <= state.sixes <= 2:
        raise PositionError("the roll is 0 (to be rolled) to 6; earlier 6s 0 to 2")
    if state.roll == 6 and state.sixes == 2:
        raise PositionError("a third 6 is never played: it ends the turn [AC10]")
    if state.rules.rerolls is not Rerolls.THREE and (state.sixes or state.sixed):
        raise PositionError(
            f"with rerolls={state.rules.rerolls.value} no 6s are counted: no earlier 6s "
            "or planes moved by them [AC24]"
        )
    mover = state.to_move
    if _helped(state):  # a player who finished rolls for the partner [AC28]
        mover ^= 2
    if state.sixed & ~(0xF << 4 * mover) or (state.sixed and not state.sixes):
        raise PositionError("only the mover's planes moved by earlier 6s are marked [AC10]")
    _check_sixed(state)
    left = [c for c in seats if c not in finished]
    if not left:
        raise PositionError("the game is over once one player is left: not all finish [AC13]")
    teams = state.rules.teams
    if teams and team_won(finished[:-1]):
        raise PositionError(
            "the game is over once a team has finished: no one finishes after [AC26]"
        )
    if state.turn_limit and (state.turn != MAX_TURN or race_over(seats, finished, teams)):
        raise PositionError(
            f"the game ends at the turn limit only when turn {MAX_TURN} is over with more "
            "than one player racing (in team play: no team home) [AC21]"
        )
    if state.is_over:
        if state.roll or state.sixes or state.sixed:
            raise PositionError("once the game is over no roll is pending")
        if state.to_move != left[0]:
            raise PositionError(
                "once the game is over, the (first) player left is recorded as to move"
            )
    elif state.to_move in finished and not _helped(state):
        raise PositionError(f"{COLOURS[state.to_move]} has finished and cannot be to move")


def _check_sixed(state: FieldsView) -> None:
    """The planes marked ``sixed`` are ones the earlier 6s of the turn can have moved.

    Each 6 moved one unit (a plane or a stack) or was passed [AC10, AC12]. The unit stays
    together after its move: it may grow by stacking, and comes apart only at the centre
    (captures and a third 6 end the turn, which clears the marks). So a marked plane is
    never in its hangar, and the marked planes lie in at most ``sixes`` units: the stacks
    and lone planes they are in on the board, and the centre as one unit (a stack may
    have arrived whole) or, with ``stacking=never``, each marked plane there. A unit
    moved by both 6s counts once.
    """
    if not state.sixed:
        return
    marked = [p for p in range(16) if state.sixed >> p & 1]
    units: set[tuple[int, ...]] = set()
    for p in marked:
        k = state.planes[p]
        if k == HANGAR:
            raise PositionError(
                f"{plane_name(p)} is marked as moved by an earlier 6 but is in its hangar [AC10]"
            )
        if k != CENTRE:
            units.add(state.stack_of(p))
        elif state.rules.stacking is Stacking.NEVER:
            units.add((p,))
        else:
            units.add(())  # every marked plane at the centre: one stack may have arrived
    if len(units) > state.sixes:
        names = "".join(plane_name(p) for p in marked)
        sixes = "one earlier 6 moves" if state.sixes == 1 else "two earlier 6s move"
        raise PositionError(
            f"sixed:{names} are {len(units)} separate planes or stacks, but {sixes} "
            f"at most {state.sixes} [AC10]"
        )
