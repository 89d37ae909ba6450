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
    COLOURS,
    HANGAR,
    PROGRESS_AT,
    colour_from_name,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.core import core_for
from astroplane.games.aeroplane_chess.options import STANDARD, Rules
from astroplane.games.aeroplane_chess.play import MAX_TURN
from astroplane.games.aeroplane_chess.state import AeroplaneState, view_of
from astroplane.games.aeroplane_chess.validate import check_state

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
    core = core_for(STANDARD if rules is None else rules)
    return view_of(core, core.start(seats, _first(first, seats)))


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
