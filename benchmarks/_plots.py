"""The balance studies' figures (``--plots DIR``): SVGs drawn with matplotlib, the same
bytes every time for the same statistics (a fixed ``svg.hashsalt``, no date in the
metadata, text kept as text).

Per line-up, three figures:

* ``<line-up>-seats.svg``: a panel per preset and player count, each seat's (team's) share
  of the wins with its 95% Wilson interval, against the fair share ``1/n``;
* ``<line-up>-length.svg``: a panel per preset and player count, the histogram of the
  length of the games that ended before the length bound (those that hit it are counted
  in the panel's title, not drawn: they would squash the rest into one bar);
* ``<line-up>-specials.svg``: for each counter and configuration, the share of games in
  which it happened at least once (colour) and the mean count per game (text).

matplotlib is imported only here, when figures are asked for (the extra
``astroplane[balance]``).
"""

from __future__ import annotations

import statistics
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from _balance import Config, Played, Study, mean_text, side_names
from _tables import wilson

STYLE = {
    "svg.hashsalt": "astroplane-balance",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.titlesize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
METADATA = {"Date": None, "Creator": None}
WIDTH = 8.0  #: inches: the page's width of text


def pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise SystemExit(
            "--plots needs matplotlib: pip install matplotlib (or pip install "
            "'astroplane[balance]')"
        ) from None
    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    return plt


def _grid(configs: Sequence[Config]) -> tuple[int, int, dict[Config, tuple[int, int]]]:
    """Rows and columns of the panels, and each configuration's cell: a row per preset
    and a column per player count when there are several counts, else a row of up to
    four panels."""
    counts = sorted({c.players for c in configs})
    presets = list(dict.fromkeys(c.preset for c in configs))
    if len(counts) > 1:
        cells = {c: (presets.index(c.preset), counts.index(c.players)) for c in configs}
        return len(presets), len(counts), cells
    cols = min(4, len(configs))
    rows = -(-len(configs) // cols)
    return rows, cols, {c: divmod(i, cols) for i, c in enumerate(configs)}


def _panels(plt: Any, configs: Sequence[Config], height: float) -> tuple[Any, Any, dict]:
    rows, cols, cells = _grid(configs)
    fig, axes = plt.subplots(
        rows, cols, figsize=(WIDTH, height * rows + 0.6), squeeze=False, layout="constrained"
    )
    used = set(cells.values())
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in used:
                axes[r][c].set_visible(False)
    return fig, axes, cells


def _title(config: Config) -> str:
    return f"{config.preset}\n{config.players} players"


def seats(plt: Any, study: Study, results: Mapping[Config, Sequence[Played]], lineup: str) -> Any:
    """The seat-advantage figure of one line-up."""
    fig, axes, cells = _panels(plt, list(results), 1.9)
    top = 0.0
    for config, games in results.items():
        ax = axes[cells[config][0]][cells[config][1]]
        n = len(games)
        names = side_names(study, config)
        shares = [sum(g.shares[k] for g in games) for k in range(len(names))]
        lows, highs = zip(*(wilson(s, n) for s in shares), strict=True)
        rate = [s / n for s in shares]
        top = max(top, *highs)
        ax.errorbar(
            range(len(names)),
            rate,
            yerr=[
                [r - lo for r, lo in zip(rate, lows, strict=True)],
                [hi - r for r, hi in zip(rate, highs, strict=True)],
            ],
            fmt="o",
            color="#1f5fa8",
            capsize=4,
        )
        ax.axhline(1 / len(names), color="#c0392b", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(names)), names)
        ax.set_xlim(-0.6, len(names) - 0.4)
        ties = sum(not g.decided for g in games) / n
        ax.set_title(f"{_title(config)}, {n} games\ndraws/ties {100 * ties:.0f}%")
        if cells[config][1] == 0:
            ax.set_ylabel("share of the wins")
    for config in results:
        axes[cells[config][0]][cells[config][1]].set_ylim(0, min(1.0, top * 1.1))
    fig.suptitle(
        f"{study.title}, {study.lineups[lineup]}: win share by seat in turn order, 95% "
        "intervals; dashed: the fair share",
        fontsize=10,
    )
    return fig


def lengths(plt: Any, study: Study, results: Mapping[Config, Sequence[Played]], lineup: str) -> Any:
    """The game-length figure of one line-up."""
    fig, axes, cells = _panels(plt, list(results), 1.8)
    for config, games in results.items():
        ax = axes[cells[config][0]][cells[config][1]]
        ended = [g.length for g in games if not g.bound]  # the bound's games: counted apart
        if ended:
            ax.hist(ended, bins=20, color="#1f5fa8", edgecolor="white", linewidth=0.5)
        bound = len(games) - len(ended)
        note = f"median {statistics.median(g.length for g in games):.0f}"
        if bound:
            note += f"\n{bound} at the bound"
        ax.set_title(f"{_title(config)}\n{note}")
        ax.set_xlabel(study.length)
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.yaxis.get_major_locator().set_params(integer=True)
        if cells[config][1] == 0:
            ax.set_ylabel("games")
    fig.suptitle(
        f"{study.title}, {study.lineups[lineup]}: game length of the games that ended "
        "before the length bound",
        fontsize=10,
    )
    return fig


def specials(
    plt: Any, study: Study, results: Mapping[Config, Sequence[Played]], lineup: str
) -> Any:
    """The specials figure of one line-up: a cell per counter and configuration, the
    longer of the two lists down the side."""
    configs = list(results)
    keys = list(study.counters)
    rate = {
        (c, k): sum(1 for g in results[c] if g.counts.get(k, 0)) / len(results[c])
        for c in configs
        for k in keys
    }
    mean = {(c, k): statistics.fmean(g.counts.get(k, 0) for g in results[c]) for c, k in rate}
    down = len(keys) > len(configs)  # counters down the side
    rows = keys if down else configs
    cols = configs if down else keys
    names = {c: f"{c.preset} {c.players}p" for c in configs} | dict(study.counters)
    cell = (lambda r, c: (c, r)) if down else (lambda r, c: (r, c))
    fig, ax = plt.subplots(figsize=(WIDTH, 0.36 * len(rows) + 1.9), layout="constrained")
    grid = [[rate[cell(r, c)] for c in cols] for r in rows]
    image = ax.imshow(grid, cmap="Blues", vmin=0, vmax=1, aspect="auto")
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            share = rate[cell(r, c)]
            text = f"{100 * share:.0f}%\n{mean_text(mean[cell(r, c)])}" if share else "never"
            colour = "white" if share > 0.6 else "black"
            ax.text(j, i, text, ha="center", va="center", fontsize=7, color=colour)
    ax.set_yticks(range(len(rows)), [names[r] for r in rows])
    width = max(8, int(70 / len(cols)))
    ax.set_xticks(range(len(cols)), [textwrap.fill(names[c], width) for c in cols], fontsize=8)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_xticks([x - 0.5 for x in range(1, len(cols))], minor=True)
    ax.set_yticks([y - 0.5 for y in range(1, len(rows))], minor=True)
    ax.grid(which="minor", color="white", linewidth=1.5)
    ax.tick_params(which="minor", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    bar = fig.colorbar(image, ax=ax, shrink=0.8, pad=0.01)
    bar.set_label("share of games with one")
    fig.suptitle(
        f"{study.title}, {study.lineups[lineup]}: how often each counter fires\n"
        "(share of games with at least one; below it, the mean per game)",
        fontsize=9,
    )
    return fig


def figures(
    study: Study, results: Mapping[Config, Sequence[Played]], folder: Path
) -> list[tuple[str, Path]]:
    """Write the figures of every line-up into ``folder``; (alt text, path) of each."""
    plt = pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    lineups = list(dict.fromkeys(c.lineup for c in results))
    with plt.rc_context(STYLE):
        for lineup in lineups:
            mine = {c: g for c, g in results.items() if c.lineup == lineup and g}
            for name, draw, alt in (
                ("seats", seats, "win share by seat"),
                ("length", lengths, "game length"),
                ("specials", specials, "how often each counter fires"),
            ):
                fig = draw(plt, study, mine, lineup)
                path = folder / f"{lineup}-{name}.svg"
                fig.savefig(path, format="svg", metadata=METADATA)
                plt.close(fig)
                written.append((f"{study.title}, {lineup}: {alt}", path))
    return written
