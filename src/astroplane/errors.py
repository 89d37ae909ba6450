"""Exceptions. All subclass :class:`ValueError` and carry their data."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from astroplane.moves import Move

__all__ = ["IllegalMoveError", "PositionError"]


class PositionError(ValueError):
    """A position breaks an invariant (occupancy, piece conservation, seats...).

    Attributes:
        problem: What is wrong, in words.
    """

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this state.

    Attributes:
        move: The rejected move.
        reason: Which rule forbids it, with its tag (``"[D6] ..."``).
    """

    def __init__(self, move: Move | object, reason: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason}")
        self.move = move
        self.reason = reason
