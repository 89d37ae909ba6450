"""Moves: the immutable, hashable values that ``legal_moves()`` returns and ``play()`` takes.

A ``Move`` is one of four kinds:

* ``ROLL`` — a chance outcome: the die shows ``value`` (1..6). These are the moves of a
  chance node ([AC15]).
* ``LAUNCH`` — ``plane`` taxis out of its hangar onto its take-off square ``square``
  ([AC5]).
* ``FLY`` — ``plane``, with the planes stacked with it, flies to ``square``, where it ends
  after any jump and shortcut; ``stack`` says that it stacks with the player's own
  planes there ([AC9]).
* ``PASS`` — the player cannot move with the roll ([AC12]).

Examples:
    >>> Move.fly("R1", "18", stack=True)
    Move.fly('R1', '18', stack=True)
    >>> Move.roll(6).value, Move.launch("B1").square == square_from_name("BT")
    (6, True)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

import attrs

from astroplane.games.aeroplane_chess.board import (
    N_PLANES,
    N_SQUARES,
    TAKE_OFF_BASE,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.kit.limits import shown

__all__ = ["Move", "MoveKind", "fields_problem"]


class MoveKind(IntEnum):
    """The kinds of move."""

    ROLL = 0  #: a chance outcome: the die shows ``value``
    LAUNCH = 1  #: a plane taxis out onto its take-off square
    FLY = 2  #: a plane (and its stack) flies to ``square``
    PASS = 3  #: no move is possible with the roll


def _plane(plane: int | str) -> int:
    if isinstance(plane, str):
        return plane_from_name(plane)
    plane_name(plane)  # validates
    return plane


def _square(square: int | str) -> int:
    if isinstance(square, str):
        return square_from_name(square)
    square_name(square)  # validates
    return square


def _int(value: object) -> bool:
    return type(value) is int


def fields_problem(move: Move) -> str | None:
    """What is wrong with the fields of ``move`` for its kind, or None if they fit.

    The fields fit when ``kind`` is a ``MoveKind``; ``plane``, ``square`` and ``value``
    are ``int`` (not ``bool``, ``float`` or another subclass) and ``stack`` a ``bool``;
    and they are those of a move its constructor builds: a roll shows 1..6; a launch
    takes a plane 0..15 to its colour's take-off square; a fly takes a plane 0..15 to a
    square 0..79; a pass has none. ``Move.__init__`` raises with this message, and
    ``play`` checks it again for a move forged past the constructor.

    Examples:
        >>> fields_problem(Move.roll(4)) is None
        True
    """
    # getattr: a move forged past the constructor may lack a field
    fields: list[Any] = [
        getattr(move, n, None) for n in ("kind", "plane", "square", "value", "stack")
    ]
    kind, plane, square, value, stack = fields
    if type(kind) is not MoveKind:
        return f"Move.kind must be a MoveKind, not {type(kind).__name__} {shown(kind)}"
    for name, v in (("plane", plane), ("square", square), ("value", value)):
        if not _int(v):
            return f"Move.{name} must be an int, not {type(v).__name__} {shown(v)}"
    if type(stack) is not bool:
        return f"Move.stack must be a bool, not {type(stack).__name__} {shown(stack)}"
    what = kind.name.lower()
    if kind == MoveKind.ROLL:
        if not 1 <= value <= 6:
            return f"a die shows 1..6, not {value}"
        if (plane, square, stack) != (-1, -1, False):
            return "a roll has no plane, square or stack"
    elif kind == MoveKind.PASS:
        if (plane, square, value, stack) != (-1, -1, 0, False):
            return "a pass has no plane, square, value or stack"
    else:
        if not 0 <= plane < N_PLANES:
            return f"Move.plane of a {what} is a plane id 0..15, not {plane}"
        if not 0 <= square < N_SQUARES:
            return f"Move.square of a {what} is a square id 0..79, not {square}"
        if value != 0:
            return f"a {what} has no die value (0), not {value}"
        if kind == MoveKind.LAUNCH:
            if square != TAKE_OFF_BASE + plane // 4:
                return "a launch goes to the plane's take-off square [AC5]"
            if stack:
                return "a launch never stacks [AC9]"
    return None


@attrs.frozen(repr=False)
class Move:
    """A move or a chance outcome; build one with ``roll``, ``launch``, ``fly`` or ``PASS``.

    The fields are checked when a move is built (``fields_problem``); the move generator
    builds every move once, at import, so this costs nothing in play.

    Attributes:
        kind: What kind of move it is.
        plane: The plane that moves (for a stack, its lowest-numbered plane), or -1.
        square: The square id where the plane ends, or -1.
        value: The number the die shows (``ROLL`` only), or 0.
        stack: The plane stacks with the player's own planes on ``square`` (``FLY`` only).

    Raises:
        ValueError: If a field is not of its type or does not fit the kind; the message
            says which.

    Examples:
        >>> Move(MoveKind.ROLL, value=6.0)
        Traceback (most recent call last):
        ...
        ValueError: Move.value must be an int, not float 6.0
    """

    kind: MoveKind
    plane: int = -1
    square: int = -1
    value: int = 0
    stack: bool = False

    PASS: ClassVar[Move]
    """The pass move."""

    @classmethod
    def roll(cls, value: int) -> Move:
        """The chance outcome "the die shows ``value``".

        Raises:
            ValueError: If ``value`` is not 1..6.
        """
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"a die shows 1..6, not {value!r}")
        return cls(MoveKind.ROLL, value=value)

    @classmethod
    def launch(cls, plane: int | str) -> Move:
        """``plane`` taxis out onto its colour's take-off square.

        Raises:
            ValueError: If ``plane`` is not a plane id or name.
        """
        p = _plane(plane)
        return cls(MoveKind.LAUNCH, p, TAKE_OFF_BASE + p // 4)

    @classmethod
    def fly(cls, plane: int | str, square: int | str, *, stack: bool = False) -> Move:
        """``plane`` (with its stack) flies and ends on ``square``; ``stack``: it stacks there.

        Raises:
            ValueError: If ``plane`` or ``square`` is not an id or a name.
        """
        return cls(MoveKind.FLY, _plane(plane), _square(square), stack=bool(stack))

    def __attrs_post_init__(self) -> None:
        problem = fields_problem(self)
        if problem is not None:
            raise ValueError(problem)

    def __repr__(self) -> str:
        if fields_problem(self) is not None:  # forged past the constructor: show the fields
            fields = (self.kind, self.plane, self.square, self.value, self.stack)
            return "Move({})".format(", ".join(map(repr, fields)))
        if self.kind == MoveKind.ROLL:
            return f"Move.roll({self.value})"
        if self.kind == MoveKind.PASS:
            return "Move.PASS"
        if self.kind == MoveKind.LAUNCH:
            return f"Move.launch({plane_name(self.plane)!r})"
        extra = ", stack=True" if self.stack else ""
        return f"Move.fly({plane_name(self.plane)!r}, {square_name(self.square)!r}{extra})"


Move.PASS = Move(MoveKind.PASS)
