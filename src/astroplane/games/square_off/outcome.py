"""How a game ended: who won and why [SO6].

Examples:
    >>> Outcome(0, Ending.TWO_PIECES)
    Outcome(winner=0, ending=<Ending.TWO_PIECES: 'two_pieces'>)
    >>> Outcome(None, Ending.MAX_TURNS).returns
    (0.5, 0.5)
"""

from __future__ import annotations

from enum import Enum

import attrs

__all__ = ["Ending", "Outcome"]


class Ending(str, Enum):
    """Why a game ended, in the order the end checks run after every ply (section 8)."""

    TWO_PIECES = "two_pieces"
    """A player has two pieces or fewer left (board plus hand) and lost [SO6]."""
    BLOCKED = "blocked"
    """The player to act had no legal move and lost [SO6]."""
    MAX_TURNS = "max_turns"
    """Drawn: ``max_turns`` turns were played [SO6]."""
    NO_REMOVAL_TURNS = "no_removal_turns"
    """Drawn: ``no_removal_turns`` stage-2 turns passed without a removal [SO6]."""
    THREEFOLD = "threefold"
    """Drawn: the same position occurred for the third time [SO6]."""

    @property
    def words(self) -> str:
        """The reason in a few words (``"the player to move was blocked"``)."""
        return _WORDS[self]


_WORDS = {
    Ending.TWO_PIECES: "a player was down to two pieces",
    Ending.BLOCKED: "the player to move had no legal move",
    Ending.MAX_TURNS: "the turn limit was reached",
    Ending.NO_REMOVAL_TURNS: "too many turns passed without a removal",
    Ending.THREEFOLD: "the same position occurred three times",
}


@attrs.frozen
class Outcome:
    """The result of a finished game.

    Attributes:
        winner: The winning seat (0 = W, 1 = B), or None for a draw.
        ending: Why the game ended.
    """

    winner: int | None
    ending: Ending

    @property
    def returns(self) -> tuple[float, float]:
        """Per seat: 1.0 to the winner, 0.0 to the loser, 0.5 each for a draw [SO6]."""
        if self.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)
