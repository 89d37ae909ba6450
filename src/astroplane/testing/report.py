"""What a conformance run found: ``ConformanceReport`` and ``ConformanceError``."""

from __future__ import annotations

import attrs


class ConformanceError(AssertionError):
    """A rule set broke a contract of the conformance suite.

    Attributes:
        report: The report with every problem found.
    """

    def __init__(self, report: ConformanceReport) -> None:
        super().__init__(str(report))
        self.report = report


@attrs.frozen
class ConformanceReport:
    """What a conformance run checked and found.

    Attributes:
        game: The game's registered name.
        rules: The rules' text (``Game.rules_to_text``), or their repr if they have none.
        games: Games played.
        plies: Actions played (chance outcomes included).
        states: States checked.
        problems: Each broken contract, with the seed and ply where it showed.
        notes: Checks that could not run, and why (not problems).
    """

    game: str
    rules: str
    games: int
    plies: int
    states: int
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no contract was broken."""
        return not self.problems

    def __str__(self) -> str:
        head = (
            f"{self.game} {self.rules}: {self.games} games, {self.plies} plies, "
            f"{self.states} states checked"
        )
        if self.ok:
            return head + ": all contracts kept"
        shown = "\n".join(f"  - {p}" for p in self.problems[:20])
        more = f"\n  ... and {len(self.problems) - 20} more" if len(self.problems) > 20 else ""
        return f"{head}: {len(self.problems)} problems\n{shown}{more}"
