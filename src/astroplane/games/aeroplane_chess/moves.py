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
from typing import ClassVar

import attrs

from astroplane.games.aeroplane_chess.board import (
    TAKE_OFF_BASE,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)

__all__ = ["Move", "MoveKind"]


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


@attrs.frozen(repr=False)
class Move:
    """A move or a chance outcome; build one with ``roll``, ``launch``, ``fly`` or ``PASS``.

    Attributes:
        kind: What kind of move it is.
        plane: The plane that moves (for a stack, its lowest-numbered plane), or -1.
        square: The square id where the plane ends, or -1.
        value: The number the die shows (``ROLL`` only), or 0.
        stack: The plane stacks with the player's own planes on ``square`` (``FLY`` only).
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

    def __repr__(self) -> str:
        if self.kind == MoveKind.ROLL:
            return f"Move.roll({self.value})"
        if self.kind == MoveKind.PASS:
            return "Move.PASS"
        if self.kind == MoveKind.LAUNCH:
            return f"Move.launch({plane_name(self.plane)!r})"
        extra = ", stack=True" if self.stack else ""
        return f"Move.fly({plane_name(self.plane)!r}, {square_name(self.square)!r}{extra})"


Move.PASS = Move(MoveKind.PASS)
