"""Actions: the immutable, hashable values that ``legal_moves()`` returns and ``play()`` takes.

Every action is a ``Move`` with four small-integer fields; what they mean
depends on the kind (positions and cells are numbered as in
``astroplane.topology``):

==================  ==========================  ======================  ==========================
kind                origin                      target                  choice
==================  ==========================  ======================  ==========================
STEP                position the piece leaves   position it takes       send-back or reserve choice
TRAVEL (free)       Wormhole end position       far-end position        send-back choice
FIRE                Anomaly corner cell         -1                      reserve choice (two pieces)
SQUARE              cell of the Square          cell it slides to       0
ELIMINATE           cell of the Square          cell it kills in        0
END_TURN            -1                          -1                      0
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

from enum import IntEnum
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from astroplane.state import GameState
    from astroplane.topology import Topology

__all__ = ["RESERVE_CHOICES", "Move", "MoveKind"]


class MoveKind(IntEnum):
    """The kinds of action (rules sections 3-8 and [D7])."""

    STEP = 0  #: a single piece steps (also out of a Start Area, into Hyperspace, a Wormhole...)
    TRAVEL = 1  #: free Wormhole travel by a piece already on an end cell [D12]
    FIRE = 2  #: fire an Anomaly corner [D5]
    SQUARE = 3  #: a Square slides one cell
    ELIMINATE = 4  #: a Square's Kill move
    END_TURN = 5  #: end the turn when only free actions are left [D7]


#: Reserve choices by ``choice`` value: the Start Area sides the reserve pieces go to.
RESERVE_CHOICES: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 0), (0, 1), (1, 1))

_KIND_NAMES = ("STEP", "TRAVEL", "FIRE", "SQUARE", "ELIMINATE", "END_TURN")


@attrs.frozen(repr=False, cache_hash=False)
class Move:
    """One action. Build moves by asking a state for ``legal_moves()``.

    Attributes:
        kind: A ``MoveKind`` value (stored as a plain ``int``).
        origin: Position, cell or -1, by kind (see the module table).
        target: Position, cell or -1, by kind.
        choice: Send-back or reserve choice, by kind.

    >>> Move(MoveKind.END_TURN)
    Move(END_TURN)
    """

    kind: int
    origin: int = -1
    target: int = -1
    choice: int = 0

    @property
    def is_free(self) -> bool:
        """True for a free action (Wormhole travel), which uses no move [D7]."""
        return self.kind == MoveKind.TRAVEL

    def to_dict(self, state: GameState | None = None) -> dict[str, Any]:
        """This move as plain JSON-compatible data (docs/formats.md); with ``state``,
        also its notation text and the moving piece."""
        from astroplane.formats.jsonio import move_to_dict
        from astroplane.topology import REFERENCE_BOARD

        topology = REFERENCE_BOARD if state is None else state.topology
        return move_to_dict(self, topology=topology, state=state)

    @classmethod
    def from_dict(cls, data: Any, *, topology: Topology | None = None) -> Move:
        """Read a move from ``to_dict`` data.

        Raises:
            NotationError: If the data is not a valid move.
        """
        from astroplane.formats.jsonio import move_from_dict
        from astroplane.topology import REFERENCE_BOARD

        return move_from_dict(data, topology=REFERENCE_BOARD if topology is None else topology)

    def __repr__(self) -> str:
        if self.kind == MoveKind.END_TURN:
            return "Move(END_TURN)"
        from astroplane.topology import REFERENCE_BOARD as b

        name = _KIND_NAMES[self.kind] if 0 <= self.kind < 6 else str(self.kind)
        try:
            if self.kind in (MoveKind.STEP, MoveKind.TRAVEL):
                where = f"{b.position_name(self.origin)}->{b.position_name(self.target)}"
            elif self.kind == MoveKind.FIRE:
                where = b.cell_name(self.origin)
            else:
                where = f"{b.cell_name(self.origin)}->{b.cell_name(self.target)}"
        except (ValueError, IndexError):
            where = f"{self.origin}->{self.target}"
        tail = f", choice={self.choice}" if self.choice else ""
        return f"Move({name}, {where}{tail})"
