"""How a game ended: winners, scores and why (rules page: End of the game and scoring)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

import attrs

from astroplane.games.astroplane.enums import SEAT_NAMES, Seat

__all__ = ["EndReason", "Outcome"]


class EndReason(str, Enum):
    """Why a game ended (rules page: End of the game and scoring; [D16], [D18], [D25])."""

    TRUE_WIN = "true_win"
    """One player's pieces top all four Singularity cells."""
    STUCK = "stuck"
    """A player could not act at the start of their turn (2 players, or no removal)."""
    LAST_PLAYER = "last_player"
    """Stuck players were removed until fewer than two were left [D16]."""
    TURN_LIMIT = "turn_limit"
    """``max_turns`` was reached [D18]."""
    NO_PROGRESS = "no_progress"
    """``no_progress_rounds`` rounds passed without progress [D25]."""

    @property
    def words(self) -> str:
        """The reason in a few words, for people (``"a player was stuck"``)."""
        return _REASON_WORDS[self.value]


def _seats(value: Iterable[int]) -> tuple[Seat, ...]:
    return tuple(Seat(s) for s in value)


#: How each end reason reads in a sentence.
_REASON_WORDS = {
    "true_win": "a true win: all four Singularity cells topped",
    "stuck": "a player was stuck",
    "last_player": "stuck players were removed until one was left",
    "turn_limit": "the turn limit was reached",
    "no_progress": "no progress for too long",
}


@attrs.frozen
class Outcome:
    """The result of a finished game.

    Attributes:
        winners: Winning seats, ascending; several on a shared top score.
        scores: Score per seat, indexed by seat number (4 entries; 0 for absent seats).
        true_win: True when the game ended by a true win (rulebook: How To Win).
        reason: Why the game ended.
        turn: The turn number in which it ended.

    Examples:
        >>> Outcome((0,), scores=(5, 0, 2, 0), true_win=False, reason=EndReason.STUCK, turn=9)
        Outcome(S wins 5-0-2-0 (stuck), turn 9)
    """

    winners: tuple[Seat, ...] = attrs.field(converter=_seats)
    scores: tuple[int, int, int, int]
    true_win: bool
    reason: EndReason
    turn: int

    @property
    def is_shared(self) -> bool:
        """True when more than one seat shares the win."""
        return len(self.winners) > 1

    def match_points(self) -> tuple[int, int, int, int]:
        """Points each seat adds in match play: 8 for a true win and 0 for the others,
        otherwise the game's scores (rulebook: How To Win)."""
        if self.true_win:
            s, w, n, e = (8 if seat in self.winners else 0 for seat in range(4))
            return (s, w, n, e)
        return self.scores

    def __repr__(self) -> str:
        who = "+".join(SEAT_NAMES[s] for s in self.winners) or "nobody"
        verb = "win" if len(self.winners) > 1 else "wins"
        scores = "-".join(str(x) for x in self.scores)
        return f"Outcome({who} {verb} {scores} ({self.reason.value}), turn {self.turn})"

    def __str__(self) -> str:
        who = " and ".join(SEAT_NAMES[s] for s in self.winners) or "nobody"
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"{who} {verb} in turn {self.turn} ({self.reason.words})"
