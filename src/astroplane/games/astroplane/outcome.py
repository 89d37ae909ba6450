"""How a game ended: the seats of the game, their scores, the winners and why (rules page:
End of the game and scoring).

An outcome has one score per seat in the game (``seat_scores``, in the order of
``seats``): a 2-player game has two. ``score(seat)`` reads one by seat number, as
``returns()`` is indexed.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from enum import Enum

import attrs

from astroplane.games.astroplane.enums import SEAT_NAMES, Seat

__all__ = ["ALL_SEATS", "EndReason", "Outcome"]


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


#: Every seat, the seats of an outcome that does not name them (the form from before an
#: outcome knew its seats).
ALL_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)


#: How each end reason reads in a sentence.
_REASON_WORDS = {
    "true_win": "a true win: all four Singularity cells topped",
    "stuck": "a player was stuck",
    "last_player": "stuck players were removed until one was left",
    "turn_limit": "the turn limit was reached",
    "no_progress": "no progress for too long",
}


@attrs.frozen(init=False)
class Outcome:
    """The result of a finished game: the seats of the game, each one's score, the winners.

    Attributes:
        winners: Winning seats, ascending; several on a shared top score.
        seat_scores: Each seat's game score, one entry per seat of ``seats``, in that order
            (a 2-player game has 2).
        true_win: True when the game ended by a true win (rulebook: How To Win).
        reason: Why the game ended.
        turn: The turn number in which it ended.
        seats: The seats in the game, in turn order (ascending seat numbers) [D2].

    Args:
        winners: The winning seats (numbers or ``Seat``), ascending.
        scores: One score per seat of ``seats``, in that order; or, the form from before an
            outcome knew its seats, 4 scores indexed by seat number (0 for seats not in the
            game).
        true_win: See above.
        reason: See above.
        turn: See above.
        seats: The seats of the game; default all four (the outcomes written before an
            outcome knew its seats).

    Raises:
        ValueError: If a seat is not S, W, N or E, ``seats`` are not ascending and distinct,
            a winner is not one of ``seats``, or ``scores`` has neither one entry per seat
            nor 4 with 0 for the seats not in the game.

    Examples:
        >>> Outcome((0,), scores=(5, 2), true_win=False, reason=EndReason.STUCK, turn=9,
        ...         seats=(0, 2))
        Outcome(S wins: S 5 N 2 (stuck), turn 9)
        >>> out = Outcome((0,), (5, 0, 2, 0), False, EndReason.STUCK, 9, seats=(0, 2))
        >>> out.seat_scores, out.score(2), out.score(1)
        ((5, 2), 2, 0)
    """

    winners: tuple[Seat, ...]
    seat_scores: tuple[int, ...] = attrs.field(alias="scores")
    true_win: bool
    reason: EndReason
    turn: int
    seats: tuple[Seat, ...]

    def __init__(
        self,
        winners: Iterable[int],
        scores: Iterable[int],
        true_win: bool,
        reason: EndReason,
        turn: int,
        seats: Iterable[int] = ALL_SEATS,
    ) -> None:
        in_game = _seats(seats)
        if not in_game or list(in_game) != sorted(set(in_game)):
            raise ValueError(f"an outcome's seats are ascending and distinct, not {in_game}")
        won = _seats(winners)
        if not set(won) <= set(in_game):
            raise ValueError(f"the winners {won} are not all seats of the game {in_game}")
        self.__attrs_init__(won, _per_seat(tuple(scores), in_game), true_win, reason, turn, in_game)

    @property
    def is_shared(self) -> bool:
        """True when more than one seat shares the win."""
        return len(self.winners) > 1

    def score(self, seat: int) -> int:
        """The game score of seat number ``seat`` (0 for a seat not in the game, as in
        ``returns()``).

        Raises:
            ValueError: If ``seat`` is not a seat number (0 to 3).
        """
        seat = Seat(seat)
        return self.seat_scores[self.seats.index(seat)] if seat in self.seats else 0

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Deprecated: the scores indexed by seat number (4 entries, 0 for seats not in the
        game). Read ``seat_scores`` (one per seat of ``seats``) or ``score(seat)``; this
        goes away in the next release."""
        warnings.warn(
            "Outcome.scores (4 entries by seat number) is deprecated: read "
            "Outcome.seat_scores (one per seat of Outcome.seats) or Outcome.score(seat)",
            DeprecationWarning,
            stacklevel=2,
        )
        s, w, n, e = (self.score(seat) for seat in range(4))
        return (s, w, n, e)

    def match_points(self) -> tuple[int, int, int, int]:
        """Points each seat adds in match play, indexed by seat number like ``returns()``
        (0 for seats not in the game): 8 for a true win and 0 for the others, otherwise
        the game's scores (rulebook: How To Win). ``astroplane.match.Match`` adds them with
        ASTROPLANE's scoring ``MATCH_POINTS`` (``astroplane.games.astroplane.match``)."""
        if self.true_win:
            s, w, n, e = (8 if seat in self.winners else 0 for seat in range(4))
        else:
            s, w, n, e = (self.score(seat) for seat in range(4))
        return (s, w, n, e)

    def __repr__(self) -> str:
        who = "+".join(SEAT_NAMES[s] for s in self.winners) or "nobody"
        verb = "win" if len(self.winners) > 1 else "wins"
        return (
            f"Outcome({who} {verb}: {self._scores_text()} ({self.reason.value}), turn {self.turn})"
        )

    def __str__(self) -> str:
        who = " and ".join(SEAT_NAMES[s] for s in self.winners) or "nobody"
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"{who} {verb} in turn {self.turn} ({self.reason.words})"

    def _scores_text(self) -> str:
        """``S 5 N 2``: each seat of the game and its score, in turn order."""
        return " ".join(
            f"{SEAT_NAMES[s]} {x}" for s, x in zip(self.seats, self.seat_scores, strict=True)
        )


def _per_seat(scores: tuple[int, ...], seats: tuple[Seat, ...]) -> tuple[int, ...]:
    """The scores one per seat of ``seats``: given so, or as 4 by seat number (the older
    form, which must have 0 for the seats not in the game)."""
    if len(scores) == len(seats):
        return scores
    if len(scores) == len(ALL_SEATS):
        extra = [SEAT_NAMES[s] for s in ALL_SEATS if s not in seats and scores[s] != 0]
        if extra:
            raise ValueError(
                f"scores {scores} by seat number give points to {', '.join(extra)}, not in the game"
            )
        return tuple(scores[s] for s in seats)
    raise ValueError(
        f"scores {scores}: expected one per seat of the game "
        f"({''.join(SEAT_NAMES[s] for s in seats)}) or 4 by seat number"
    )
