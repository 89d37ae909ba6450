"""Moves: the immutable, hashable values ``legal_moves()`` returns and ``play()`` takes.

A ``Move`` is one of six kinds [SC3, SC4, SC7, SC9]; points are point ids of the board
in play (``board.star_board(arm)``; ``point_name`` there):

* ``STEP`` — the Spire on top of ``frm`` steps to the linked point ``to`` (onto an empty
  point, or docking on a Battlement or a Power Base);
* ``CASTLE`` — the controlled StarCastle on ``frm`` steps whole to the empty point ``to``;
* ``SLIDE`` — the Battlement or Power Base on top of ``frm`` slides along a line to ``to``;
* ``SWAP`` — the controlled castle on ``frm`` and the stack on ``to`` exchange points;
* ``GEM`` — a Phase Gem goes on the empty point ``to``;
* ``PASS`` — the player has no move.

Examples:
    >>> Move.step(1, 9), Move.gem(20), Move.PASS
    (Move.step(1, 9), Move.gem(20), Move.PASS)
    >>> Move.slide(3, 3)
    Traceback (most recent call last):
    ...
    ValueError: a move goes from one point to another, not from 3 to 3
    >>> Move.gem(True)
    Traceback (most recent call last):
    ...
    ValueError: a point id is an int 0..120, not True
    >>> Move(MoveKind.STEP, 1, False)
    Traceback (most recent call last):
    ...
    ValueError: to is a point id 0..120 or -1, not False
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar

import attrs

from astroplane.kit.limits import shown

__all__ = ["MAX_POINTS", "Move", "MoveKind", "fields_problem"]

#: Point ids are below this on every board (the 121-point board is the largest).
MAX_POINTS = 121


class MoveKind(IntEnum):
    """The kinds of move (their order is the action encoding's, [SC11])."""

    STEP = 0  #: a Spire steps (or docks) to a linked point [SC4]
    SLIDE = 1  #: a Battlement or Power Base slides along a line [SC4]
    CASTLE = 2  #: a controlled StarCastle steps whole to a linked empty point [SC4]
    SWAP = 3  #: a controlled castle swaps onto its destination's trio point [SC9]
    GEM = 4  #: a Phase Gem is placed [SC7]
    PASS = 5  #: no move is possible [SC3]


def _point(value: object) -> int:
    if type(value) is not int or not 0 <= value < MAX_POINTS:
        raise ValueError(f"a point id is an int 0..{MAX_POINTS - 1}, not {shown(value)}")
    return value


def _field(_inst: object, attr: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not -1 <= value < MAX_POINTS:
        raise ValueError(f"{attr.name} is a point id 0..{MAX_POINTS - 1} or -1, not {shown(value)}")


def _kind(_inst: object, _attr: attrs.Attribute[MoveKind], value: object) -> None:
    if type(value) is not MoveKind:
        raise ValueError(f"kind is a MoveKind, not {shown(value)}")


def fields_problem(move: object) -> str | None:
    """What is wrong with the fields of a ``Move``, or None if they are the constructor's
    types: ``kind`` a ``MoveKind``, ``frm`` and ``to`` plain ``int`` point ids or -1 (no
    ``bool``, ``float`` or other ``int`` subclass). ``play`` asks it of a move built past
    the constructor (as unpickling does) before it reads any field.

    Examples:
        >>> fields_problem(Move.gem(3)) is None, fields_problem(object())
        (True, 'kind is a MoveKind, not None')
    """
    kind = getattr(move, "kind", None)
    if type(kind) is not MoveKind:
        return f"kind is a MoveKind, not {shown(kind)}"
    for name in ("frm", "to"):
        value = getattr(move, name, None)
        if type(value) is not int or not -1 <= value < MAX_POINTS:
            return f"{name} is a point id 0..{MAX_POINTS - 1} or -1, not {shown(value)}"
    return None


def _pair(frm: object, to: object) -> tuple[int, int]:
    a, b = _point(frm), _point(to)
    if a == b:
        raise ValueError(f"a move goes from one point to another, not from {a} to {b}")
    return a, b


@attrs.frozen(repr=False, cache_hash=True)
class Move:
    """A move; build one with ``step``, ``slide``, ``castle``, ``swap``, ``gem`` or use
    ``Move.PASS``.

    Attributes:
        kind: What kind of move it is.
        frm: The point the moving module or stack leaves, or -1 (``GEM``, ``PASS``).
        to: The point it goes to (the gem's point for ``GEM``), or -1 (``PASS``).
    """

    kind: MoveKind = attrs.field(validator=_kind)
    frm: int = attrs.field(default=-1, validator=_field)
    to: int = attrs.field(default=-1, validator=_field)

    PASS: ClassVar[Move]
    """The pass move."""

    @classmethod
    def step(cls, frm: int, to: int) -> Move:
        """The Spire on top of ``frm`` steps (or docks) to ``to``.

        Raises:
            ValueError: If a point is not an int id 0..120, or they are the same.
        """
        return cls(MoveKind.STEP, *_pair(frm, to))

    @classmethod
    def slide(cls, frm: int, to: int) -> Move:
        """The Battlement or Power Base on top of ``frm`` slides to ``to``.

        Raises:
            ValueError: If a point is not an int id 0..120, or they are the same.
        """
        return cls(MoveKind.SLIDE, *_pair(frm, to))

    @classmethod
    def castle(cls, frm: int, to: int) -> Move:
        """The controlled castle on ``frm`` steps whole to ``to``.

        Raises:
            ValueError: If a point is not an int id 0..120, or they are the same.
        """
        return cls(MoveKind.CASTLE, *_pair(frm, to))

    @classmethod
    def swap(cls, frm: int, to: int) -> Move:
        """The controlled castle on ``frm`` and the stack on ``to`` exchange points.

        Raises:
            ValueError: If a point is not an int id 0..120, or they are the same.
        """
        return cls(MoveKind.SWAP, *_pair(frm, to))

    @classmethod
    def gem(cls, point: int) -> Move:
        """A Phase Gem goes on ``point``.

        Raises:
            ValueError: If ``point`` is not an int id 0..120.
        """
        return cls(MoveKind.GEM, -1, _point(point))

    def __repr__(self) -> str:
        if fields_problem(self) is not None:  # built past the constructor: as it is
            fields = (shown(getattr(self, name, None)) for name in ("kind", "frm", "to"))
            return f"Move({', '.join(fields)})"
        kind = self.kind.name
        if kind == "PASS" and self.frm == self.to == -1:
            return "Move.PASS"
        if kind == "GEM" and self.frm == -1:
            return f"Move.gem({shown(self.to)})"
        if kind in ("STEP", "SLIDE", "CASTLE", "SWAP"):
            return f"Move.{kind.lower()}({shown(self.frm)}, {shown(self.to)})"
        # built by hand, unchecked
        return f"Move({shown(self.kind)}, {shown(self.frm)}, {shown(self.to)})"


Move.PASS = Move(MoveKind.PASS)
