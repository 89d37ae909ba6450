"""What the four balance scripts share: a *study* of one game (its presets, player counts
and line-ups of bots), played through ``astroplane.runs`` (in this process, on worker
processes or as Ray tasks), its statistics, its Markdown tables and its page.

A script describes its game with a ``Study`` (with the ``Tally`` that counts, in the
worker, what happens in each game: how it ended, how often each special rule fired) and
calls ``main``. Every game of a run is seeded from the run's seed, the configuration and the
game's number (``astroplane.runs.game_seed``), so a run gives the same statistics whatever
``--workers`` or ``--ray``. The workers send back only the tally's numbers, the returns and
the length, never the game itself.

Statistics per configuration (preset, player count, line-up):

* **seat advantage**: each seat's share of the wins (a win shared by ``k`` seats counts
  ``1/k`` to each, a draw ``1/n`` to every seat; team play: per team) with its 95% Wilson
  interval; a fair seat has ``1/n``;
* **draws and ties**: games that no single seat (team) won;
* **length bound**: games that ended by the turn (round) limit or the run's guard;
* **length**: mean, median and 90th percentile, in the game's unit;
* **how games end**: the share of each ending the tally names (``end:<name>``);
* **specials**: per counter, the share of games in which it happened at least once (an
  upper bound where it never did) and the mean count per game;
* in a line-up with one strong bot among others, that seat's share of the wins.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from _tables import choices, wilson
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from astroplane.protocol import get_game
from astroplane.runs import GameResult, RunSpec, Tally, run_games

START = "<!-- generated tables -->"
MARKER = "<!-- end of generated tables -->"


@attrs.frozen
class Lineup:
    """Who plays: ``strong`` in every seat, or (with ``rest``) one ``strong`` seat among
    ``rest`` bots, rotated game by game (game ``g`` of a configuration: the seat ``g mod n``
    in turn order)."""

    strong: str
    rest: str | None = None

    def rotations(self, players: int) -> list[tuple[str, ...]]:
        """The bots in turn order, one tuple per rotation."""
        if self.rest is None:
            return [(self.strong,)]
        return [
            tuple(self.strong if i == r else self.rest for i in range(players))
            for r in range(players)
        ]

    def __str__(self) -> str:
        return (
            f"{self.strong} in every seat"
            if self.rest is None
            else (f"one {self.strong} among {self.rest}, rotated")
        )


class Counting:
    """What the studies' tallies share: named counts (``self.counts``), sent back with what
    ``finish`` says of the final state (its ending, its length)."""

    def __init__(self, _initial: Any) -> None:
        self.counts: Counter[str] = Counter()

    def finish(self, final: Any) -> Mapping[str, float]:
        """The ending (``end:<name>``: 1) and the ``length`` of the game; none here."""
        return {}

    def summary(self, final: Any) -> Mapping[str, float]:
        """The counts and ``finish(final)``: ``GameResult.tally``."""
        return {**self.counts, **self.finish(final)}


def mean_text(mean: float) -> str:
    """A mean count in two significant digits, or whole from 100 on (``0.33``, ``29``,
    ``920``)."""
    return f"{mean:.2g}" if mean < 99.5 else f"{mean:.0f}"


def _no_sides(_preset: str, _players: int) -> tuple[tuple[int, ...], ...] | None:
    return None


def _no_guard(_preset: str) -> int | None:
    return None


@attrs.frozen
class Study:
    """One game's balance study, as its script describes it.

    Attributes:
        game: The registered game name.
        title: The game's name in the report.
        script: The script's path from the repository's top (for the command shown).
        presets: Every preset the script knows; ``default_presets`` are played unless
            ``--presets`` says otherwise.
        players: The player counts of a preset (``teams``: 4 only).
        lineups: Line-ups by name; ``default_lineups`` are played unless ``--lineups``.
        tally: Makes each game's ``Tally`` (top level of the script, so that it pickles).
        counters: The tally's counters shown (key -> title), in order.
        length: The unit of the tally's ``length`` (``"turns"``, ``"rounds"``).
        max_turns: The run's guard for a preset (``RunSpec.max_turns``: it sets the
            game's own turn limit), None for none: the preset's own rules.
        sides: The sides of a preset and count, as turn-order seat indices (team play);
            None: every seat is its own side.
    """

    game: str
    title: str
    script: str
    presets: tuple[str, ...]
    default_presets: tuple[str, ...]
    players: Callable[[str], tuple[int, ...]]
    lineups: Mapping[str, Lineup]
    default_lineups: tuple[str, ...]
    tally: Callable[[Any], Tally]
    counters: Mapping[str, str]
    length: str = "turns"
    max_turns: Callable[[str], int | None] = _no_guard
    sides: Callable[[str, int], tuple[tuple[int, ...], ...] | None] = _no_sides


@attrs.frozen
class Config:
    """One configuration of a run: a preset (rules text), a player count and a line-up."""

    preset: str
    players: int
    lineup: str

    @property
    def label(self) -> str:
        return f"{self.preset} {self.players}p {self.lineup}"


@attrs.frozen
class Played:
    """What the report keeps of one game (small, plain numbers).

    Attributes:
        shares: Each side's share of the win (sides in turn order), summing to 1.
        decided: One side won alone.
        bound: The game hit the length bound (``GameResult.truncated``).
        length: Its length, in the study's unit.
        counts: The tally's summary.
        lone: The side of the lone strong bot (a rotated line-up), else None.
    """

    shares: tuple[float, ...]
    decided: bool
    bound: bool
    length: float
    counts: Mapping[str, float]
    lone: int | None = None


def sides_of(study: Study, config: Config) -> tuple[tuple[int, ...], ...]:
    """The sides of a configuration: turn-order seat indices, one tuple per side."""
    return study.sides(config.preset, config.players) or tuple((i,) for i in range(config.players))


def played(sides: Sequence[Sequence[int]], result: GameResult, lone: int | None) -> Played:
    """The report's record of one game from its ``GameResult``: the seats with the top
    return won (all of them, each an equal share, when the game was stopped unfinished)."""
    returns = [result.returns[s] for s in result.seats]
    top = max(returns)
    everyone = list(range(len(returns)))
    winners = everyone if result.stopped else [i for i in everyone if returns[i] == top]
    shares = tuple(sum(1 for i in winners if i in side) / len(winners) for side in sides)
    return Played(
        shares=shares,
        decided=max(shares) == 1.0,
        bound=result.truncated,
        length=float(result.tally.get("length", result.turns)),
        counts=result.tally,
        lone=None if lone is None else next(k for k, s in enumerate(sides) if lone in s),
    )


def _seed(seed: int, label: str, rotation: int) -> int:
    """The run seed of one rotation of one configuration."""
    digest = hashlib.sha256(f"astroplane-balance:{seed}:{label}:{rotation}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _by_value(tally: Callable[[Any], Tally]) -> None:
    """Ray workers import astroplane but not the benchmarks: send the script's code (the
    tally's module, and these helpers) by value."""
    try:
        from ray import cloudpickle
    except ImportError as exc:
        raise ImportError("--ray needs Ray: pip install 'astroplane[ray]'") from exc
    for name in {getattr(tally, "__module__", "__main__"), __name__, "_tables"}:
        module = sys.modules.get(name)
        if module is not None and name != "__main__":
            cloudpickle.register_pickle_by_value(module)


def play(
    study: Study,
    configs: Sequence[Config],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    iterations: int | None = None,
    progress: bool = True,
) -> dict[Config, list[Played]]:
    """Play ``games`` games of each configuration; their records by configuration, in game
    order. Game ``g`` of a rotated line-up has its strong bot on seat ``g mod n``. A game
    that fails is reported on standard error (with its seed) and left out."""
    if ray is not None:
        _by_value(study.tally)
    console = Console(stderr=True)
    bar = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not progress,
    )
    out: dict[Config, list[Played]] = {}
    with bar:
        task = bar.add_task(study.title, total=games * len(configs))

        def advance(result: GameResult) -> None:
            bar.advance(task)
            if result.error is not None:
                console.print(f"game {result.index} (seed {result.seed}) failed: {result.error}")

        for config in configs:
            bar.update(task, description=config.label)
            rotations = study.lineups[config.lineup].rotations(config.players)
            sides = sides_of(study, config)
            records: list[tuple[int, Played]] = []
            for r, bots in enumerate(rotations):
                count = len(range(r, games, len(rotations)))
                if count == 0:
                    continue
                spec = RunSpec(
                    study.game,
                    config.players,
                    bots,
                    rules=config.preset,
                    iterations=iterations,
                    max_turns=study.max_turns(config.preset),
                    tally=study.tally,
                    moves=False,
                )
                results = run_games(
                    spec,
                    count,
                    _seed(seed, config.label, r),
                    workers=workers,
                    ray=ray,
                    on_result=advance,
                )
                lone = r if len(rotations) > 1 else None
                records += [
                    (r + j * len(rotations), played(sides, res, lone))
                    for j, res in enumerate(results)
                    if res.ok
                ]
            out[config] = [p for _g, p in sorted(records, key=lambda gp: gp[0])]
    return out


# ---- statistics and tables --------------------------------------------------------------


def interval(successes: float, n: int) -> str:
    """``"48% (41-55%)"``: a share and its 95% Wilson interval."""
    lo, hi = wilson(successes, n)
    return f"{100 * successes / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%)" if n else "-"


def side_names(study: Study, config: Config) -> list[str]:
    """Seat names in turn order (``S``, ``N``; teams ``R+B``)."""
    game = get_game(study.game)
    rules = game.rules_from_text(config.preset)
    seats = [int(s) for s in game.new_game(config.players, rules=rules).seats]
    return ["+".join(game.seat_names[seats[i]] for i in side) for side in sides_of(study, config)]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def key_table(study: Study, results: Mapping[Config, Sequence[Played]]) -> list[str]:
    """The compact table of the key numbers: one row per configuration."""
    lone = any(study.lineups[c.lineup].rest for c in results)
    head = "| configuration | games | win share by seat in turn order (95% CI) | draws/ties "
    head += f"| hit the bound | {study.length}: mean (median, p90) |"
    lines = [head + (" lone bot's win share |" if lone else "")]
    lines.append("|---|---:|---|---:|---:|---:|" + ("---:|" if lone else ""))
    for config, games in results.items():
        n = len(games)
        if not n:
            continue
        seats = "<br>".join(
            f"{name} {interval(sum(g.shares[k] for g in games), n)}"
            for k, name in enumerate(side_names(study, config))
        )
        lengths = [g.length for g in games]
        row = (
            f"| {config.label} | {n} | {seats} | {interval(sum(not g.decided for g in games), n)}"
            f" | {interval(sum(g.bound for g in games), n)} | {statistics.fmean(lengths):.0f} "
            f"({statistics.median(lengths):.0f}, {percentile(lengths, 0.9):.0f}) |"
        )
        if lone:
            mine = [g.shares[g.lone] for g in games if g.lone is not None]
            row += f" {interval(sum(mine), len(mine)) if mine else '-'} |"
        lines.append(row)
    return lines


def end_table(results: Mapping[Config, Sequence[Played]]) -> list[str]:
    """How games end: a row per configuration, a column per ending the tallies named
    (``end:<name>``), each the share of games; empty when there is none."""
    ends = list(
        dict.fromkeys(
            k for games in results.values() for g in games for k in g.counts if k.startswith("end:")
        )
    )
    if not ends:
        return []
    lines = [
        "| configuration | " + " | ".join(e[4:].replace("_", " ") for e in ends) + " |",
        "|---|" + "---:|" * len(ends),
    ]
    for config, games in results.items():
        n = len(games)
        cells = [f"{100 * sum(g.counts.get(e, 0) for g in games) / n:.0f}%" for e in ends]
        lines.append(f"| {config.label} | " + " | ".join(cells) + " |")
    return lines


def special_cell(games: Sequence[Played], key: str) -> str:
    """``"63% · 1.2"``: the share of games with at least one and the mean per game;
    ``"0% (≤3.6%)"`` with the interval's upper end where no game had one."""
    n = len(games)
    fired = sum(1 for g in games if g.counts.get(key, 0))
    if fired == 0:
        return f"0% (≤{100 * wilson(0, n)[1]:.1f}%)"
    mean = sum(g.counts.get(key, 0) for g in games) / n
    return f"{100 * fired / n:.0f}% · {mean_text(mean)}"


def specials_table(study: Study, results: Mapping[Config, Sequence[Played]]) -> list[str]:
    """Every counter in every configuration: the longer of the two lists down the side."""
    keys = list(study.counters)
    configs = list(results)
    cell = {(c, k): special_cell(results[c], k) for c in configs for k in keys}
    if len(keys) > len(configs):
        rows = [(study.counters[k], [cell[c, k] for c in configs]) for k in keys]
        head = ["counter", *(c.label for c in configs)]
    else:
        rows = [(c.label, [cell[c, k] for k in keys]) for c in configs]
        head = ["configuration", *(study.counters[k] for k in keys)]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    lines += [f"| {title} | " + " | ".join(cells) + " |" for title, cells in rows]
    return lines


# ---- the command line and the page ------------------------------------------------------


def parser_for(study: Study, description: str) -> argparse.ArgumentParser:
    """The options every balance script takes."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("--games", type=int, default=100, help="games per configuration (default 100)")
    add("--seed", type=int, default=1, help="the run's seed (default 1)")
    add("--presets", default=",".join(study.default_presets), help=", ".join(study.presets))
    add("--players", default=None, help="player counts, e.g. 2,4 (default: every count)")
    add("--lineups", default=",".join(study.default_lineups), help=", ".join(study.lineups))
    add("--iterations", type=int, default=None, help="MCTS playouts per action (default 300)")
    add("--workers", type=int, default=1, help="processes playing at once (default 1)")
    add("--ray", metavar="ADDRESS", default=None, help="play on a Ray cluster (auto, ray://..)")
    add("--plots", type=Path, metavar="DIR", help="write SVG figures into DIR (matplotlib)")
    add("--out", type=Path, metavar="PAGE", help="write the tables into PAGE's generated part")
    add("--quiet", action="store_true", help="no progress bar")
    return parser


def configs_of(
    study: Study, parser: argparse.ArgumentParser, args: argparse.Namespace
) -> list[Config]:
    """The configurations the options ask for: by preset, then count, then line-up."""
    presets = choices(parser, args.presets, study.presets, "preset")
    lineups = choices(parser, args.lineups, study.lineups, "line-up")
    try:
        wanted = None if args.players is None else {int(x) for x in args.players.split(",")}
    except ValueError:
        parser.error(f"--players is a comma-separated list of counts, not {args.players!r}")
    for name in ("games", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} is a positive number, not {getattr(args, name)}")
    out = [
        Config(p, n, lineup)
        for p in presets
        for n in study.players(p)
        if wanted is None or n in wanted
        for lineup in lineups
    ]
    if not out:
        parser.error(f"no preset of {args.presets} is played by {args.players} players")
    return out


def command(study: Study, args: argparse.Namespace) -> str:
    """The command line that makes this run again."""
    words = [f"python {study.script}", f"--games {args.games}", f"--seed {args.seed}"]
    words += [f"--presets {args.presets}", f"--lineups {args.lineups}"]
    for name in ("players", "iterations", "ray", "plots", "out"):
        if getattr(args, name) is not None:
            words.append(f"--{name} {getattr(args, name)}")
    if args.ray is None:
        words.append(f"--workers {args.workers}")
    return " ".join(words)


def report(
    study: Study,
    args: argparse.Namespace,
    results: Mapping[Config, Sequence[Played]],
    pictures: Sequence[tuple[str, Path]],
    seconds: float,
) -> str:
    """The generated part of the page: what was run, the pictures, the compact tables."""
    total = sum(len(g) for g in results.values())
    bots = "; ".join(f"`{name}`: {study.lineups[name]}" for name in args.lineups.split(","))
    where = f"Ray ({args.ray})" if args.ray else f"{args.workers} worker(s)"
    lines = [
        f"{total} games ({args.games} per configuration), seed {args.seed}; line-ups: {bots}; "
        f"{seconds / 60:.1f} min on {where}. Made with:",
        "",
        f"```bash\nnice {command(study, args)}\n```",
        "",
    ]
    base = args.out.parent if args.out else Path()
    for alt, path in pictures:
        lines += [f"![{alt}]({Path(os.path.relpath(path, base)).as_posix()})", ""]
    lines += ["### Key numbers", "", *key_table(study, results), ""]
    ends = end_table(results)
    if ends:
        lines += ["### How games end", "", *ends, ""]
    lines += [
        '??? note "Every counter: share of games with at least one · mean per game"',
        "",
        *(f"    {line}" for line in specials_table(study, results)),
        "",
    ]
    return "\n".join(lines)


def write_page(page: Path, tables: str, title: str) -> None:
    """Put ``tables`` between the page's ``START`` and ``MARKER`` lines (at its end the
    first time), keeping the rest of the page."""
    old = page.read_text(encoding="utf-8") if page.exists() else ""
    top, found, rest = old.partition(START)
    _, _, tail = rest.partition(MARKER)
    if not found:
        top, tail = old or f"# {title}: balance\n\n", "\n"
    page.write_text(f"{top}{START}\n\n{tables}\n{MARKER}{tail}", encoding="utf-8")


def main(study: Study, description: str, argv: Sequence[str] | None = None) -> int:
    """Run a study from the command line: play, print the tables (or write them into
    ``--out``), draw the figures (``--plots``)."""
    parser = parser_for(study, description)
    args = parser.parse_args(argv)
    configs = configs_of(study, parser, args)
    if args.plots is not None:
        from _plots import pyplot

        pyplot()  # a missing matplotlib is said before the run, not after it
    t0 = time.perf_counter()
    try:
        results = play(
            study,
            configs,
            args.games,
            args.seed,
            workers=args.workers,
            ray=args.ray,
            iterations=args.iterations,
            progress=not args.quiet,
        )
    except (ValueError, ImportError) as exc:
        parser.error(str(exc))
    seconds = time.perf_counter() - t0
    pictures: list[tuple[str, Path]] = []
    if args.plots is not None:
        from _plots import figures

        pictures = figures(study, results, args.plots)
    tables = report(study, args, results, pictures, seconds)
    if args.out is None:
        print(tables)
    else:
        write_page(args.out, tables, study.title)
        print(f"wrote {args.out} ({seconds:.0f} s)", file=sys.stderr)
    return 0
