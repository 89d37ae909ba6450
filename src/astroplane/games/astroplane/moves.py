"""Actions: the immutable, hashable values that ``legal_moves()`` returns and ``play()`` takes.

Every action is a ``Move`` with four small-integer fields; what they mean depends on the
kind (positions and cells are numbered as in ``astroplane.games.astroplane.topology``):

==================  ==========================  ======================  ==========================
kind                origin                      target                  choice
==================  ==========================  ======================  ==========================
STEP                position the piece leaves   position it takes       send-back or reserve choice
TRAVEL (free)       Wormhole end position       far-end position        send-back choice
FIRE                Anomaly corner cell         -1                      reserve choice (two pieces)
SQUARE              cell of the Square          cell it slides to       0
ELIMINATE           cell of the Square          cell it kills in        0
END_TURN            -1                          -1                      0
a variant's action  as its ``ActionType`` says  (``astroplane.games.astroplane.rules.variants``)
==================  ==========================  ======================  ==========================

``choice`` encodes the decisions that are part of a move:

* send-back [D10]: bit ``seat`` set means that owner's pieces go to their
  *right* Start Area, clear means left. Only bits of owners in the sent-back
  stack may be set.
* one piece entering the Singularity [D13]: 1 a reserve piece to the left
  Start Area, 2 to the right one; 0 none, only when the reserve is empty
  (bringing the piece in is compulsory [D28]) or under ``optional_reserve``.
* firing [D13]: 3 left-left, 4 left-right, 5 right-right; 1 left, 2 right when
  the reserve holds one piece; 0 none when it is empty (or, under
  ``optional_reserve``, any of 0-5 the reserve allows).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING

import attrs

from astroplane.games.astroplane.pieces import piece_name
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology
from astroplane.kit.limits import plain_int, shown

if TYPE_CHECKING:
    from astroplane.games.astroplane.view import StateView

__all__ = [
    "FIRE",
    "MAX_CHOICE",
    "MAX_KIND",
    "RESERVE_CHOICES",
    "SQUARE_KINDS",
    "STEP_KINDS",
    "Move",
    "MoveKind",
]


class MoveKind(IntEnum):
    """The kinds of action of the standard rules (see the rules page, and [D7]); a variant's own
    actions use other numbers (``astroplane.games.astroplane.rules.variants.ActionType``)."""

    STEP = 0
    """A single piece steps (also out of a Start Area, into Hyperspace, a Wormhole...)."""
    TRAVEL = 1
    """Free Wormhole travel by a piece already on an end cell [D12]."""
    FIRE = 2
    """Fire an Anomaly corner [D5]."""
    SQUARE = 3
    """A Square slides one cell."""
    ELIMINATE = 4
    """A Square's Kill move."""
    END_TURN = 5
    """End the turn when only free actions are left [D7]."""


#: Kinds whose origin and target are positions (a single piece moves).
STEP_KINDS = frozenset((MoveKind.STEP, MoveKind.TRAVEL))
#: Kinds whose origin and target are cells (a Square moves).
SQUARE_KINDS = frozenset((MoveKind.SQUARE, MoveKind.ELIMINATE))
FIRE = MoveKind.FIRE

#: Reserve choices by ``choice`` value: the Start Area sides the reserve pieces go to.
RESERVE_CHOICES: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 0), (0, 1), (1, 1))


#: The largest move kind: the standard kinds are 0-5, a variant's 8..63.
MAX_KIND = 63
#: The largest ``choice``: four send-back bits [D10].
MAX_CHOICE = 15


def _field(low: int, high: int | None) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(_move: object, attr: attrs.Attribute[int], value: object) -> None:
        if not plain_int(value):  # no bool, float or int subclass with its own ==
            raise ValueError(
                f"Move.{attr.name} must be an int, not {type(value).__name__} {shown(value)}"
            )
        if value < low or (high is not None and value > high):
            upper = "" if high is None else f"..{high}"
            raise ValueError(f"Move.{attr.name} {value} is out of range ({low}{upper})")

    return check


@attrs.frozen(repr=False, cache_hash=False)
class Move:
    """One action. Build moves by asking a state for ``legal_moves()``.

    The fields are checked when a move is built (moves are interned by the move
    generator, so this costs nothing in play): each is an ``int`` (not a ``bool``),
    ``kind`` 0..63, ``origin`` and ``target`` -1 or more, ``choice`` 0..15. Whether the
    numbers are positions or cells of a board is for the board to say
    (``astroplane.games.astroplane.rules.explain.move_field_problem``).

    Attributes:
        kind: A ``MoveKind`` value, or a variant action's kind (stored as a plain ``int``).
        origin: Position, cell or -1, by kind (see the module table).
        target: Position, cell or -1, by kind.
        choice: Send-back or reserve choice, by kind.

    Raises:
        ValueError: If a field is not an int or out of range; the message names the field.

    Examples:
        >>> Move(MoveKind.END_TURN)
        Move(END_TURN)
        >>> Move(MoveKind.STEP, 1.0, 3)
        Traceback (most recent call last):
        ...
        ValueError: Move.origin must be an int, not float 1.0
    """

    kind: int = attrs.field(validator=_field(0, MAX_KIND))
    origin: int = attrs.field(default=-1, validator=_field(-1, None))
    target: int = attrs.field(default=-1, validator=_field(-1, None))
    choice: int = attrs.field(default=0, validator=_field(0, MAX_CHOICE))

    @property
    def is_free(self) -> bool:
        """True for a free action (Wormhole travel), which uses no move [D7]."""
        return self.kind == MoveKind.TRAVEL

    def describe(self, state: StateView) -> str:
        """The move in words, with the names of ``state``'s own board.

        Examples:
            >>> import astroplane
            >>> s = astroplane.new_game()
            >>> s.legal_moves()[0].describe(s)
            'S3 steps from Sl to e2.ne'
        """
        return _describe(self, state.topology, state)

    def __repr__(self) -> str:
        # A move does not know its board: names are the reference board's when the
        # numbers are on it (``describe`` uses a state's own board).
        return f"Move({_describe(self, REFERENCE_BOARD, None)})"


_KIND_NAMES = ("STEP", "TRAVEL", "FIRE", "SQUARE", "ELIMINATE", "END_TURN")


def _describe(move: Move, t: Topology, state: StateView | None) -> str:
    kind = move.kind
    if kind == MoveKind.END_TURN:
        return "END_TURN" if state is None else "end the turn"
    tail = f", choice={move.choice}" if move.choice else ""
    try:
        if kind in STEP_KINDS:
            a, b = t.position_name(move.origin), t.position_name(move.target)
        elif kind == MoveKind.FIRE:
            a, b = t.cell_name(_cell(t, move.origin)), ""
        elif kind in SQUARE_KINDS:
            a, b = t.cell_name(_cell(t, move.origin)), t.cell_name(_cell(t, move.target))
        else:
            a, b = str(move.origin), str(move.target)
    except ValueError:
        a, b = str(move.origin), str(move.target)
    if state is None:
        name = _KIND_NAMES[kind] if 0 <= kind < len(_KIND_NAMES) else f"kind {kind}"
        where = a if kind == MoveKind.FIRE else f"{a}->{b}"
        return f"{name}, {where}{tail}"
    mover = state.to_move.name
    if kind in STEP_KINDS:
        stack = state.stacks[move.origin] if 0 <= move.origin < t.n_positions else ()
        piece = piece_name(stack[-1]) if stack else "a piece"
        verb = "steps" if kind == MoveKind.STEP else "travels (free) through the Wormhole"
        return f"{piece} {verb} from {a} to {b}{tail}"
    if kind == MoveKind.FIRE:
        return f"{mover} fires the Anomaly corner {a}{tail}"
    if kind == MoveKind.SQUARE:
        return f"{mover}'s Square slides from {a} to {b}"
    if kind == MoveKind.ELIMINATE:
        return f"{mover}'s Square in {a} kills in {b}"
    return f"action of kind {kind} from {a} to {b}{tail}"


def _cell(t: Topology, cell: int) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < t.n_cells:
        raise ValueError(f"not a cell: {cell!r}")
    return cell
