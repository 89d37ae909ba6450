"""Match play: several games to a target number of points (rules page: Scores and winners;
rulebook: How To Win).

A true win scores 8 points for the winner and 0 for everyone else; any other
game adds each player's game score (rulebook: How To Win). The match is over
once a seat reaches the target; equal highest totals share the match.

Examples:
    >>> from astroplane import EndReason, Outcome
    >>> m = Match(target=15)
    >>> m = m.add(Outcome((0,), (5, 0, 2, 0), False, EndReason.STUCK, 40))
    >>> m = m.add(Outcome((2,), (0, 0, 0, 0), True, EndReason.TRUE_WIN, 31))
    >>> m.totals, m.is_over
    ((5, 0, 10, 0), False)
    >>> m.add(Outcome((2,), (1, 0, 6, 0), False, EndReason.STUCK, 52)).winners
    (2,)
"""

from __future__ import annotations

import attrs

from astroplane.games.astroplane.outcome import Outcome
from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = ["Match"]


def _positive(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"a match target must be a positive int, not {value!r}")


@attrs.frozen
class Match:
    """The running totals of a match (immutable: ``add`` returns a new one).

    Attributes:
        target: Points a seat must reach to win the match.
        totals: Match points per seat (4 entries, indexed by seat number).
        games: Games played so far.

    Raises:
        ValueError: If ``target`` is not a positive int.
    """

    target: int = attrs.field(validator=_positive)
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)
    games: int = 0

    @classmethod
    def for_rules(cls, rules: Rules) -> Match:
        """A new match to ``rules.match_target`` points.

        Raises:
            ValueError: If the rules have no ``match_target``.
        """
        if rules.match_target is None:
            raise ValueError("these rules have no match_target")
        return cls(rules.match_target)

    def add(self, outcome: Outcome) -> Match:
        """The match after one more game (its ``Outcome.match_points`` added).

        Raises:
            ValueError: If the match is already over.
        """
        if self.is_over:
            raise ValueError(f"the match is over: {self.winners} reached {self.target}")
        points = outcome.match_points()
        totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        return Match(self.target, (totals[0], totals[1], totals[2], totals[3]), self.games + 1)

    @property
    def is_over(self) -> bool:
        """True once a seat has reached the target."""
        return max(self.totals) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over, else ``()``."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(s for s in range(4) if self.totals[s] == best)
