"""Starting a game, building a position by hand, and checking that a state is valid.

Examples:
    >>> s = new_game(3)
    >>> [COLOURS[c] for c in s.seats], COLOURS[s.to_move], s.is_chance_node
    (['R', 'Y', 'B'], 'R', True)
    >>> s = setup_position("RB", {"R1": "14", "R2": "14", "B1": "30"}, stacks=[("R1", "R2")],
    ...                    to_move="B", roll=4)
    >>> s.stack_of("R2"), s.legal_moves()
    ((0, 1), (Move.launch('B2'), Move.fly('B1', '34')))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from astroplane.errors import PositionError
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    COLOURS,
    HANGAR,
    LOOP,
    PROGRESS_AT,
    SQUARE_OF,
    TAKE_OFF,
    colour_from_name,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.options import STANDARD, Rerolls, Rules, Stacking
from astroplane.games.aeroplane_chess.play import MAX_TURN, race_over, team_won
from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["MAX_TURN", "SEATS_BY_COUNT", "check_state", "new_game", "setup_position"]


SEATS_BY_COUNT: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
)
"""The colours a game of 2, 3 or 4 players uses: R and B sit opposite [AC2]."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _items(value: object, what: str, *, letters: bool = False) -> list[Any]:
    """``value`` as a list, or a ``PositionError`` naming the argument: a list or tuple
    (any iterable but a string; a string of letters when ``letters``)."""
    if isinstance(value, str) and letters:
        return list(value)
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(f"{what} is a list, not {type(value).__name__} {_short(value)}")
    return list(value)


def _colours(colours: str | Sequence[int | str]) -> tuple[int, ...]:
    items = _items(colours, "colours", letters=True)
    try:
        seats = sorted({colour_from_name(c) for c in items})
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if not 2 <= len(seats) <= 4 or len(seats) != len(items):
        raise PositionError(f"a game has 2 to 4 different colours, not {colours!r}")
    return tuple(seats)


def _first(first: int | str | None, seats: tuple[int, ...]) -> int:
    if first is None:
        return seats[0]
    try:
        c = colour_from_name(first)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if c not in seats:
        raise PositionError(f"the first player {COLOURS[c]} is not in the game")
    return c


def new_game(
    players: int | None = None,
    *,
    rules: Rules | None = None,
    first: int | str | None = None,
    colours: str | Sequence[int | str] | None = None,
) -> AeroplaneState:
    """The start of a game: every plane in its hangar, the first player to roll.

    Args:
        players: 2, 3 or 4; they play R and B, R Y B, or all four colours [AC2] (None:
            as many as ``colours`` has, or 2).
        rules: The rules (None: ``STANDARD``).
        first: The colour that starts (letter, name or seat number; None: the first
            colour in play, R by default) [AC3].
        colours: Other colours to play with (``"YG"``); turn order stays clockwise.

    Returns:
        The start position, a chance node.

    Raises:
        PositionError: If the player count (an ``int``), the colours, the first player or
            the rules (a ``Rules``) do not fit.

    Examples:
        >>> new_game(3, first="B").to_text(), new_game(colours="YG").to_text()
        ('standard RYB B? t1 -', 'standard YG Y? t1 -')
        >>> new_game(5)
        Traceback (most recent call last):
        ...
        astroplane.errors.PositionError: Aeroplane Chess is for 2 to 4 players, not 5
    """
    if rules is not None and not isinstance(rules, Rules):
        raise PositionError(f"rules must be a Rules value, not {type(rules).__name__}")
    if colours is None:
        count = 2 if players is None else players
        if type(count) is not int or count not in SEATS_BY_COUNT:  # not 2.0 or True
            raise PositionError(f"Aeroplane Chess is for 2 to 4 players, not {players!r}")
        seats = SEATS_BY_COUNT[count]
    else:
        seats = _colours(colours)
        if players is not None and (type(players) is not int or len(seats) != players):
            raise PositionError(f"{players} players cannot play the colours {colours!r}")
    if rules is not None and rules.teams and len(seats) != 4:
        raise PositionError(f"team play is for four players, not {len(seats)} [AC26]")
    return AeroplaneState(
        rules=STANDARD if rules is None else rules,
        seats=seats,
        planes=(HANGAR,) * 16,
        stacks=(),
        to_move=_first(first, seats),
        roll=0,
        sixes=0,
        sixed=0,
        finished=(),
        turn=1,
    )


def setup_position(
    colours: str | Sequence[int | str],
    planes: Mapping[str, str] | None = None,
    *,
    stacks: Iterable[Iterable[str]] = (),
    to_move: int | str | None = None,
    roll: int = 0,
    sixes: int = 0,
    sixed: Iterable[str] = (),
    finished: Iterable[int | str] = (),
    turn: int = 1,
    rules: Rules | None = None,
) -> AeroplaneState:
    """A validated position built from names; planes not listed are in their hangars.

    Args:
        colours: The colours in the game (``"RB"``).
        planes: Plane name to square name (``{"R1": "14", "B2": "BH6"}``; ``"hangar"``
            is allowed).
        stacks: Groups of plane names that are stacked.
        to_move: The colour to move (None: the first colour).
        roll: The roll to play, or 0 for a chance node.
        sixes: 6s rolled and played earlier in this turn.
        sixed: Planes moved by those 6s.
        finished: Colours that finished, in order.
        turn: The turn number, 1..1000000 (``MAX_TURN``).
        rules: The rules (None: ``STANDARD``).

    Returns:
        The position; its text and JSON read back equal.

    Raises:
        PositionError: If an argument is not of its type (``planes`` a mapping of names
            to names, the others lists or tuples of names), a name is unknown or given
            twice, a number is not an ``int`` (or is a ``bool``) or out of range, or the
            position breaks a rule of the game.

    Examples:
        >>> setup_position("RB", {"R1": "BH2"})
        Traceback (most recent call last):
        ...
        astroplane.errors.PositionError: R1 cannot be on BH2
    """
    seats = _colours(colours)
    progress = [HANGAR] * 16
    if planes is not None and not isinstance(planes, Mapping):
        raise PositionError(
            f"planes maps plane names to squares, not {type(planes).__name__} {_short(planes)}"
        )
    try:
        named: set[int] = set()
        for name, square in (planes or {}).items():
            p = plane_from_name(name)
            if p in named:
                raise PositionError(f"planes names {plane_name(p)} twice")
            named.add(p)
            if not isinstance(square, str):
                raise PositionError(
                    f"the square of {plane_name(p)} is a name, not {type(square).__name__} "
                    f"{_short(square)}"
                )
            if square.strip().lower() == "hangar":
                continue
            sq = square_from_name(square)
            k = PROGRESS_AT[p >> 2][sq]
            if k == HANGAR:
                raise PositionError(f"{plane_name(p)} cannot be on {square_name(sq)}")
            progress[p] = k
        groups = tuple(
            sorted(
                tuple(sorted(plane_from_name(n) for n in _items(st, "a stack")))
                for st in _items(stacks, "stacks")
            )
        )
        sixed_mask = 0
        for name in _items(sixed, "sixed"):
            bit = 1 << plane_from_name(name)
            if sixed_mask & bit:
                raise PositionError(f"sixed names {name!r} twice")
            sixed_mask |= bit
        done = tuple(colour_from_name(c) for c in _items(finished, "finished", letters=True))
    except PositionError:
        raise
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    state = AeroplaneState(
        rules=STANDARD if rules is None else rules,
        seats=seats,
        planes=tuple(progress),
        stacks=groups,
        to_move=_first(to_move, seats),
        roll=roll,
        sixes=sixes,
        sixed=sixed_mask,
        finished=done,
        turn=turn,
    )
    check_state(state)
    return state


def check_state(state: AeroplaneState) -> None:
    """Check every invariant of a state (the parsers call this).

    Raises:
        PositionError: Saying which invariant is broken.

    Examples:
        >>> import attrs
        >>> check_state(attrs.evolve(new_game(2), sixes=2, roll=6))
        Traceback (most recent call last):
        ...
        astroplane.errors.PositionError: a third 6 is never played: it ends the turn [AC10]
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


def _check_types(state: AeroplaneState) -> None:
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


def _check_stacks(state: AeroplaneState) -> None:
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


def _check_turn(state: AeroplaneState) -> None:
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
    if state.sixed & ~(0xF << 4 * state.to_move) or (state.sixed and not state.sixes):
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
    elif state.to_move in finished:
        raise PositionError(f"{COLOURS[state.to_move]} has finished and cannot be to move")


def _check_sixed(state: AeroplaneState) -> None:
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
