"""Match play for any game: several games, each adding points per seat, up to a target.

A ``Match`` keeps one running total per seat of the game (``state.seats``); each finished
game adds the points its *scoring* gives each seat. The default scoring is the game's own
``returns()`` (1 for a sole win, a share of 1 for a shared win or a draw); a game may
bring its own: ASTROPLANE's is ``MATCH_POINTS`` (``astroplane.games.astroplane.match``:
8 for a true win, otherwise the game scores; rulebook: How To Win). The match is over once
a seat reaches the target; the seats with the equal highest total share it.

A scoring is any ``scoring(final_state) -> points``, the points indexed by seat number
like ``returns()``.

Examples:
    A match of Square Off to 2 points between two random players:

    >>> from astroplane.agents import RandomBot, play_game
    >>> from astroplane.protocol import get_game
    >>> square_off = get_game("square-off")
    >>> m = Match(target=2)
    >>> while not m.is_over:
    ...     run = play_game(square_off.new_game(2), [RandomBot(m.games), RandomBot(99)])
    ...     m = m.add(run.final)
    >>> m.seats, len(m.totals), max(m.totals) >= 2, m.winners != ()
    ((0, 1), 2, True, True)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from astroplane.protocol import State

__all__ = ["Match", "Scoring", "game_returns"]

#: ``scoring(final_state) -> points``: what each seat of a finished game adds to its match
#: total, indexed by seat number like ``returns()``.
Scoring = Callable[[Any], Sequence[float]]


def game_returns(final: State[Any]) -> tuple[float, ...]:
    """The default scoring: the finished game's ``returns()`` (per seat number)."""
    return tuple(final.returns())


#: The seats of a match that adds ASTROPLANE outcomes (deprecated): all four, as before.
_FOUR_SEATS = (0, 1, 2, 3)


def _positive(_inst: object, _attr: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"a match target must be a positive number, not {value!r}")


def _seat_numbers(value: Iterable[int]) -> tuple[int, ...]:
    seats = tuple(int(s) for s in value)
    if len(set(seats)) != len(seats):
        raise ValueError(f"a match's seats are distinct, not {seats}")
    return seats


def _numbers(value: Iterable[float]) -> tuple[float, ...]:
    return tuple(value)


def _zeros(match: Match) -> tuple[float, ...]:
    return (0,) * len(match.seats)


def _scoring_name(scoring: Scoring) -> str:
    return getattr(scoring, "__name__", repr(scoring))


@attrs.frozen
class Match:
    """The running totals of a match (immutable: ``add`` returns a new one).

    Attributes:
        target: Points a seat must reach to win the match (a positive number).
        seats: The seat numbers of the game, in turn order; ``()`` until the first game
            is added when not given (the match then takes that game's seats).
        scoring: What each seat of a finished game adds (default: its ``returns()``).
        totals: Match points, one entry per seat of ``seats``, in that order.
        games: Games played so far.

    Raises:
        ValueError: If ``target`` is not a positive number, ``seats`` repeat a seat, or
            ``totals`` has not one entry per seat.

    Examples:
        >>> from astroplane.protocol import get_game
        >>> chess = get_game("aeroplane-chess")
        >>> Match(3, seats=chess.new_game(2).seats)
        Match(target=3, seats=(0, 2), scoring=game_returns, totals=(0, 0), games=0)
    """

    target: float = attrs.field(validator=_positive)
    seats: tuple[int, ...] = attrs.field(default=(), converter=_seat_numbers)
    scoring: Scoring = attrs.field(default=game_returns, repr=_scoring_name)
    totals: tuple[float, ...] = attrs.field(
        default=attrs.Factory(_zeros, takes_self=True), converter=_numbers
    )
    games: int = 0

    def __attrs_post_init__(self) -> None:
        if len(self.totals) != len(self.seats):
            raise ValueError(
                f"a match has one total per seat: {len(self.seats)} seats, totals {self.totals}"
            )

    @classmethod
    def for_rules(cls, rules: Any) -> Match:
        """Deprecated: a match to ``rules.match_target`` points, for ``add(outcome)``.

        Use ``astroplane.games.astroplane.match.start_match(state)`` (ASTROPLANE's
        target and scoring) or ``Match(target, scoring=...)``; this goes in the next
        release.

        Raises:
            ValueError: If the rules have no ``match_target``.
        """
        warnings.warn(
            "Match.for_rules is deprecated: use astroplane.games.astroplane.match."
            "start_match(state), or Match(target, scoring=MATCH_POINTS)",
            DeprecationWarning,
            stacklevel=2,
        )
        target = getattr(rules, "match_target", None)
        if target is None:
            raise ValueError("these rules have no match_target")
        return cls(target)

    def add(self, final: State[Any]) -> Match:
        """The match after one more game: ``final`` (a finished state) adds its points.

        (Deprecated, for one release: an ASTROPLANE ``Outcome`` in place of the state
        adds its ``match_points()`` to 4 totals by seat number, as before.)

        Raises:
            ValueError: If the match is already over, the game is not over, or it was
                played by other seats than the match's.
        """
        if self.is_over:
            raise ValueError(f"the match is over: {self.winners} reached {self.target}")
        if not isinstance(final, State) and hasattr(final, "match_points"):
            warnings.warn(
                "Match.add(outcome) is deprecated: add the finished state (ASTROPLANE's "
                "scoring is MATCH_POINTS of astroplane.games.astroplane.match)",
                DeprecationWarning,
                stacklevel=2,
            )
            return self._added(_FOUR_SEATS, final.match_points())
        if not final.is_over:
            raise ValueError("a match adds finished games: this game is not over")
        return self._added(tuple(final.seats), self.scoring(final))

    def _added(self, seats: tuple[int, ...], points: Sequence[float]) -> Match:
        seats = tuple(int(s) for s in seats)
        if self.seats and seats != self.seats:
            raise ValueError(f"a game of seats {seats} is not a game of this match {self.seats}")
        totals = self.totals or (0,) * len(seats)
        new = tuple(t + points[s] for t, s in zip(totals, seats, strict=True))
        return attrs.evolve(self, seats=seats, totals=new, games=self.games + 1)

    def total(self, seat: int) -> float:
        """The match points of seat number ``seat``.

        Raises:
            ValueError: If ``seat`` does not play in this match.
        """
        if seat not in self.seats:
            raise ValueError(f"seat {seat!r} does not play in this match (seats {self.seats})")
        return self.totals[self.seats.index(seat)]

    @property
    def is_over(self) -> bool:
        """True once a seat has reached the target."""
        return bool(self.totals) and max(self.totals) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over, else ``()``."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(s for s, t in zip(self.seats, self.totals, strict=True) if t == best)
