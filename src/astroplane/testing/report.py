"""What a conformance run found: ``ConformanceReport`` and ``ConformanceError``; what the
whole suite found: ``GameReport``."""

from __future__ import annotations

import attrs


class ConformanceError(AssertionError):
    """A rule set broke a contract of the conformance suite.

    Attributes:
        report: The report with every problem found.
    """

    def __init__(self, report: ConformanceReport | GameReport) -> None:
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


@attrs.frozen
class GameReport:
    """What the whole suite (``astroplane.testing.check_game``) found, part by part.

    Attributes:
        game: The game's registered name.
        parts: ``(name, report)`` of each part run, in order: ``"conformance"`` (with the
            hostile-input checks), ``"declarations"``, ``"readers"``.
    """

    game: str
    parts: tuple[tuple[str, ConformanceReport], ...]

    @property
    def ok(self) -> bool:
        """True when no part found a problem."""
        return all(report.ok for _name, report in self.parts)

    @property
    def problems(self) -> tuple[str, ...]:
        """Every problem of every part, in order."""
        return tuple(p for _name, report in self.parts for p in report.problems)

    @property
    def notes(self) -> tuple[str, ...]:
        """Every note of every part (checks that could not run, and why)."""
        return tuple(n for _name, report in self.parts for n in report.notes)

    def __str__(self) -> str:
        lines = [f"{self.game}: {'every check passed' if self.ok else 'problems found'}"]
        for name, report in self.parts:
            what = {"declarations": "checks", "readers": "inputs"}.get(name)
            head = (
                f"{report.states} {what}"
                if what
                else f"{report.rules}: {report.games} games, {report.plies} plies, "
                f"{report.states} states"
            )
            found = f"{len(report.problems)} problems" if report.problems else "ok"
            lines.append(f"  {name} ({head}): {found}")
            lines += [f"    - {p}" for p in report.problems[:20]]
            if len(report.problems) > 20:
                lines.append(f"    ... and {len(report.problems) - 20} more")
        lines += [f"  note: {note}" for note in self.notes]
        return "\n".join(lines)
