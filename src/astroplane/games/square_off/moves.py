"""Moves: the immutable, hashable actions of ``legal_moves()``, and their action numbers.

A ``Move`` is one of six kinds, on point ids 0..23 (``board``):

* ``PLACE`` — a piece from hand goes to the empty point ``point`` (stage 1);
* ``SLIDE`` — the piece on ``point`` slides along a link to the empty point ``to``;
* ``FLY`` — the piece on ``point`` flies to any empty point ``to`` [SO5];
* ``JUMP`` — the piece on ``point`` jumps over an opposing piece to ``to`` [SO7];
* ``TRADE`` — the own piece on ``point`` and the opposing piece on ``to`` swap [SO8];
* ``REMOVE`` — the opposing piece on ``point`` is removed, a ply of its own [SO4].

The action encoding is OpenSpiel's ``nine_mens_morris`` one, extended for the variants
[SO9]: a placement or removal at ``p`` is action ``p`` (0..23); a slide, flight or jump
from ``f`` to ``t`` is ``24 + 24 f + t``; a trade of own ``a`` with opposing ``b`` is
``600 + 24 a + b``. One number can mean a placement or a removal, a slide or a jump or a
flight, but never two legal moves of one state, so ``action_to_move`` reads it against
the state.

Examples:
    >>> Move.slide("d2", "d3")
    Move.slide('d2', 'd3')
    >>> move_to_action(Move.place("a7")), move_to_action(Move.slide(0, 1))
    (0, 25)
    >>> move_to_action(Move.trade("a7", "d7")), NUM_ACTIONS
    (601, 1176)
    >>> Move(MoveKind.SLIDE, 3, 3.0)
    Traceback (most recent call last):
    ...
    ValueError: Move.to is a point id 0..23, not 3.0
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Protocol

import attrs

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off.board import N_POINTS, point_id, point_name
from astroplane.kit.limits import action_number, shown

if TYPE_CHECKING:
    from collections.abc import Sequence


__all__ = [
    "NUM_ACTIONS",
    "Move",
    "MoveKind",
    "action_to_move",
    "fields_problem",
    "move_to_action",
]

NUM_ACTIONS = N_POINTS + N_POINTS * N_POINTS + N_POINTS * N_POINTS
"""The number of distinct actions: 24 points, 576 (from, to) pairs, 576 trades (1176);
the first 600 are OpenSpiel's ``nine_mens_morris`` actions."""
_PAIRS = N_POINTS
_TRADES = N_POINTS + N_POINTS * N_POINTS


class MoveKind(IntEnum):
    """The kinds of move."""

    PLACE = 0  #: a piece from hand onto an empty point (stage 1)
    SLIDE = 1  #: a piece along a link to an empty point
    FLY = 2  #: a piece to any empty point [SO5]
    JUMP = 3  #: a piece over an opposing piece along a line [SO7]
    TRADE = 4  #: an own piece and an opposing piece swap points [SO8]
    REMOVE = 5  #: an opposing piece is removed [SO4]


_METHOD = {
    MoveKind.PLACE: "place",
    MoveKind.SLIDE: "slide",
    MoveKind.FLY: "fly",
    MoveKind.JUMP: "jump",
    MoveKind.TRADE: "trade",
    MoveKind.REMOVE: "remove",
}
_SINGLE = (MoveKind.PLACE, MoveKind.REMOVE)


def _is_point(value: object) -> bool:
    return type(value) is int and 0 <= value < N_POINTS


def fields_problem(move: object) -> str | None:
    """What is wrong with the fields of a ``Move`` for its kind, or None if they fit: the
    checks of the constructor, which ``play`` makes again on a move built past it (as
    unpickling does) before it reads any field. Fields are exact types: a ``MoveKind``,
    plain ``int`` point ids (no ``bool``, ``float`` or other ``int`` subclass).

    Examples:
        >>> fields_problem(Move.place("a7")) is None
        True
    """
    kind = getattr(move, "kind", None)
    point = getattr(move, "point", None)
    to = getattr(move, "to", None)
    if type(kind) is not MoveKind:
        return f"Move.kind is a MoveKind, not {shown(kind)}"
    if not _is_point(point):
        return f"Move.point is a point id 0..23, not {shown(point)}"
    if kind in _SINGLE:
        if type(to) is not int or to != -1:
            return f"a {kind.name} move has no Move.to (-1), not {shown(to)}"
    elif not _is_point(to):
        return f"Move.to is a point id 0..23, not {shown(to)}"
    elif to == point:
        return f"a {kind.name} move goes to another point, not {shown(to)}"
    return None


@attrs.frozen(repr=False, cache_hash=True)
class Move:
    """A move [SO11]; build one with ``place``, ``slide``, ``fly``, ``jump``, ``trade`` or
    ``remove`` (point names or ids).

    Attributes:
        kind: What kind of move it is.
        point: The point acted on: placed on, moved from, traded from, removed from.
        to: Where the piece goes (the opposing piece's point for a trade), or -1 for a
            placement or removal.

    Raises:
        ValueError: If ``kind`` is not a ``MoveKind``, a point is not a plain int 0..23
            (bools, floats and other ``int`` subclasses are refused), ``to`` is set for a
            placement or removal or missing (or equal to ``point``) for the other kinds
            (``fields_problem``).
    """

    kind: MoveKind
    point: int
    to: int = -1

    def __attrs_post_init__(self) -> None:
        problem = fields_problem(self)
        if problem is not None:
            raise ValueError(problem)

    @classmethod
    def place(cls, point: int | str) -> Move:
        """A piece from hand goes to ``point`` (a name or id)."""
        return cls(MoveKind.PLACE, point_id(point))

    @classmethod
    def slide(cls, frm: int | str, to: int | str) -> Move:
        """The piece on ``frm`` slides to the linked point ``to``."""
        return cls(MoveKind.SLIDE, point_id(frm), point_id(to))

    @classmethod
    def fly(cls, frm: int | str, to: int | str) -> Move:
        """The piece on ``frm`` flies to ``to`` [SO5]."""
        return cls(MoveKind.FLY, point_id(frm), point_id(to))

    @classmethod
    def jump(cls, frm: int | str, to: int | str) -> Move:
        """The piece on ``frm`` jumps to ``to`` over the opposing piece between [SO7]."""
        return cls(MoveKind.JUMP, point_id(frm), point_id(to))

    @classmethod
    def trade(cls, own: int | str, other: int | str) -> Move:
        """The own piece on ``own`` and the opposing piece on ``other`` swap [SO8]."""
        return cls(MoveKind.TRADE, point_id(own), point_id(other))

    @classmethod
    def remove(cls, point: int | str) -> Move:
        """The opposing piece on ``point`` is removed [SO4]."""
        return cls(MoveKind.REMOVE, point_id(point))

    def __repr__(self) -> str:
        if fields_problem(self) is not None:  # built past the constructor: as it is
            fields = (shown(getattr(self, name, None)) for name in ("kind", "point", "to"))
            return f"Move({', '.join(fields)})"
        method = _METHOD[self.kind]
        if self.kind in _SINGLE:
            return f"Move.{method}({point_name(self.point)!r})"
        return f"Move.{method}({point_name(self.point)!r}, {point_name(self.to)!r})"


def move_to_action(move: Move) -> int:
    """The action number of a move (section 7's encoding; see the module docstring).

    Raises:
        ValueError: If ``move`` is not a ``Move``.

    Examples:
        >>> move_to_action(Move.remove("g1")), move_to_action(Move.jump("a7", "g7"))
        (23, 26)
    """
    if not isinstance(move, Move):
        raise ValueError(f"not a Move: {shown(move)}")
    if move.kind in _SINGLE:
        return move.point
    if move.kind == MoveKind.TRADE:
        return _TRADES + N_POINTS * move.point + move.to
    return _PAIRS + N_POINTS * move.point + move.to


class _Playable(Protocol):
    """What ``action_to_move`` uses of a state (``SquareOffState`` has it; this module is
    below the state's, so it does not import it)."""

    @property
    def removals(self) -> tuple[int, ...]: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def play(self, move: Move) -> object: ...


def action_to_move(state: _Playable, action: int) -> Move:
    """The legal move of ``state`` whose action number is ``action``.

    Raises:
        IllegalMoveError: If ``action`` is not an int 0..1175 (or a NumPy integer;
            never a ``bool``, ``float`` or string), or no legal move of
            ``state`` has that number (the message says why, as ``play`` would).

    Examples:
        >>> from astroplane.games.square_off import new_game
        >>> action_to_move(new_game(), 19)
        Move.place('d2')
        >>> action_to_move(new_game(), 25)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move Move.slide('a7', 'd7'): \
    W still has 9 pieces in hand: stage 1, a piece is placed, not moved [SO2]
    """
    try:
        number = action_number(action, NUM_ACTIONS)
    except ValueError as exc:
        raise IllegalMoveError(action, str(exc)) from None
    for move in state.legal_moves():
        if move_to_action(move) == number:
            return move
    state.play(_decode(state, number))  # raises, naming the rule
    raise AssertionError("unreachable")  # pragma: no cover


def _decode(state: _Playable, action: int) -> Move:
    """A move with that number, of the kind the state would expect (for the error)."""
    if action < _PAIRS:
        kind = MoveKind.REMOVE if state.removals else MoveKind.PLACE
        return Move(kind, action)
    if action < _TRADES:
        f, t = divmod(action - _PAIRS, N_POINTS)
        if f == t:
            raise IllegalMoveError(action, f"action {action} moves a piece to its own point")
        return Move(MoveKind.SLIDE, f, t)
    a, b = divmod(action - _TRADES, N_POINTS)
    if a == b:
        raise IllegalMoveError(action, f"action {action} trades a point with itself")
    return Move(MoveKind.TRADE, a, b)
