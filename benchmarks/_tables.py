"""What the balance scripts share: percentages, the per-game counts table, and the check
of a comma-separated choice option.

The scripts run as ``python benchmarks/<script>.py``, so this directory is on the path
and they import it as ``_tables``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

K = TypeVar("K", bound=Hashable)


class Counted(Protocol):
    """A game's result with its counters (move kinds, specials) by key."""

    @property
    def counts(self) -> Mapping[str, int]: ...


def pct(part: float, whole: float, digits: int = 0) -> str:
    """``part`` of ``whole`` as a percentage (``"42%"``); ``"-"`` when ``whole`` is 0."""
    return f"{100 * part / whole:.{digits}f}%" if whole else "-"


def choices(
    parser: argparse.ArgumentParser, text: str, allowed: Iterable[str], what: str
) -> list[str]:
    """The comma-separated values of ``text``, each one of ``allowed``; else a usage error
    (exit 2) naming the bad value, e.g. ``unknown line-up 'x' (choose from mcts, mixed)``."""
    known = list(allowed)
    values = [v.strip() for v in text.split(",")]
    for value in values:
        if value not in known:
            parser.error(f"unknown {what} {value!r} (choose from {', '.join(known)})")
    return values


def counts_table(
    results: Mapping[K, Sequence[Counted]],
    rows: Mapping[str, str],
    column: Callable[[K], str],
    *,
    first: str = "what",
    share: Callable[[str], bool] = lambda _key: True,
) -> list[str]:
    """A Markdown table of counters per game: a row per counter (``rows``: key -> title), a
    column per entry of ``results`` (headed ``column(key)``); each cell the mean per game
    and, where ``share(counter)``, the share of games with at least one (``1.5 (40%)``)."""
    lines = [
        f"| {first} | " + " | ".join(column(k) for k in results) + " |",
        "|---|" + "---|" * len(results),
    ]
    for key, title in rows.items():
        cells = []
        for games in results.values():
            n = len(games)
            cell = f"{sum(g.counts.get(key, 0) for g in games) / n:.1f}"
            if share(key):
                cell += f" ({pct(sum(1 for g in games if g.counts.get(key, 0)), n)})"
            cells.append(cell)
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    return lines


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``successes / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
