"""Balance report of Square Off's presets: how games between bots end, and who wins.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    nice python benchmarks/balance_square_off.py --games 8 --seed 1 --iterations 40
    python benchmarks/balance_square_off.py --games 2 --presets jump-off   # a quick look

For each preset (``square-off``, ``jump-off``, ``trading-places``, ``nine-mens-morris``)
it plays ``--games`` games per *line-up*:

* ``mcts-mcts``: ``astroplane.mcts.MCTSBot`` in both seats;
* ``mcts-greedy``: one MCTSBot against ``make_bot("greedy")``, the MCTS seat alternating
  game by game (W in even games, B in odd ones);
* ``greedy-greedy``: GreedyBot in both seats (a cheap baseline).

W (seat 0) always moves first. Every bot is seeded from ``--seed`` and the game number, so
a run is reproducible. A preset without a turn limit of its own (``max_turns=0``: all but
``nine-mens-morris``) gets ``--max-turns`` as a guard, so a game between bots that
shuffle forever ends; games that reach it are counted apart ("guard"). The bots are bots:
the figures say how these bots play the rules, not how people would.

Printed as Markdown tables: how games end (win by reduction to two pieces, win by leaving
the opponent without a move, draw by ``max_turns`` / ``no_removal_turns`` /
``threefold``, the guard), first-player (W) results, MCTS's score against GreedyBot, game
length in turns and plies, and per game how often each kind of move (placements, slides,
flights, jumps, trades, removals) is played.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
from _tables import choices, counts_table, pct

from astroplane.agents import Agent, make_bot, play_game
from astroplane.games.square_off import PRESETS, Ending, SquareOffState, new_game
from astroplane.mcts import MCTSBot

LINEUPS = ("mcts-mcts", "mcts-greedy", "greedy-greedy")


@attrs.frozen
class GameResult:
    """One game: why it ended, the winner (None: drawn), the MCTS seat (None: none or
    both), its length and its move counts."""

    ending: str
    winner: int | None
    mcts_seat: int | None
    turns: int
    plies: int
    counts: dict[str, int]


def agents_for(lineup: str, game: int, args: argparse.Namespace) -> tuple[list[Agent], int | None]:
    """The two bots of one game (W first), seeded from the run's seed and the game, and
    the seat of the lone MCTSBot (None when the line-up has none or two)."""
    base = args.seed * 100_000 + game * 10

    def mcts(i: int) -> Agent:
        return MCTSBot(seed=base + i, iterations=args.iterations)

    if lineup == "mcts-mcts":
        return [mcts(0), mcts(1)], None
    if lineup == "greedy-greedy":
        return [make_bot("greedy", base), make_bot("greedy", base + 1)], None
    seat = game % 2
    bots = [make_bot("greedy", base), make_bot("greedy", base + 1)]
    bots[seat] = mcts(seat)
    return bots, seat


def play(preset: str, lineup: str, game: int, args: argparse.Namespace) -> GameResult:
    """Play one game and collect its statistics."""
    rules = PRESETS[preset]
    guarded = rules.max_turns == 0
    if guarded:
        rules = attrs.evolve(rules, max_turns=args.max_turns)
    counts: Counter[str] = Counter()

    def on_action(_before: SquareOffState, move: Any, _after: SquareOffState) -> None:
        counts[move.kind.name.lower()] += 1

    bots, mcts_seat = agents_for(lineup, game, args)
    run = play_game(new_game(rules), bots, on_action=on_action)
    final: SquareOffState = run.final
    assert final.outcome is not None
    ending = final.outcome.ending.value
    if guarded and final.outcome.ending == Ending.MAX_TURNS:
        ending = "guard"
    return GameResult(
        ending=ending,
        winner=final.outcome.winner,
        mcts_seat=mcts_seat,
        turns=final.turns,
        plies=len(run.moves),
        counts=dict(counts),
    )


ENDINGS = ("two_pieces", "blocked", "max_turns", "no_removal_turns", "threefold", "guard")
KINDS = ("place", "slide", "fly", "jump", "trade", "remove")


def report(results: dict[tuple[str, str], list[GameResult]]) -> str:
    """The Markdown tables of the run."""
    lines: list[str] = []
    add = lines.append
    add("### How games end\n")
    add(
        "| preset | line-up | games | win: two pieces | win: blocked | draw: max_turns "
        "| draw: no_removal_turns | draw: threefold | guard | W wins | B wins | draws "
        "| turns mean (min-max) | plies mean |"
    )
    add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (preset, lineup), games in results.items():
        n = len(games)
        ends = Counter(g.ending for g in games)
        turns = [g.turns for g in games]
        w = sum(1 for g in games if g.winner == 0)
        b = sum(1 for g in games if g.winner == 1)
        add(
            f"| {preset} | {lineup} | {n} | "
            + " | ".join(str(ends[e]) for e in ENDINGS)
            + f" | {w} | {b} | {n - w - b} | {statistics.mean(turns):.0f} "
            f"({min(turns)}-{max(turns)}) | {statistics.mean(g.plies for g in games):.0f} |"
        )
    add("\n### MCTS against GreedyBot (score: a win 1, a draw 1/2)\n")
    add(
        "| preset | games | MCTS wins | draws | GreedyBot wins | MCTS score "
        "| MCTS as W | MCTS as B |"
    )
    add("|---|---|---|---|---|---|---|---|")
    for (preset, lineup), games in results.items():
        if lineup != "mcts-greedy":
            continue
        n = len(games)
        won = sum(1 for g in games if g.winner is not None and g.winner == g.mcts_seat)
        drawn = sum(1 for g in games if g.winner is None)

        def score(seat: int, games: list[GameResult] = games) -> str:
            mine = [g for g in games if g.mcts_seat == seat]
            pts = sum(1.0 if g.winner == seat else 0.5 if g.winner is None else 0 for g in mine)
            return f"{pts:g}/{len(mine)}"

        add(
            f"| {preset} | {n} | {won} | {drawn} | {n - won - drawn} "
            f"| {pct(won + drawn / 2, n)} | {score(0)} | {score(1)} |"
        )
    add("\n### Moves per game (mean; share of games with at least one)\n")
    rows = {kind: kind for kind in KINDS}
    lines += counts_table(results, rows, lambda k: f"{k[0]} {k[1]}", first="move kind")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per preset and line-up")
    parser.add_argument("--presets", default=",".join(PRESETS), help="presets, comma-separated")
    parser.add_argument("--lineups", default=",".join(LINEUPS), help=", ".join(LINEUPS))
    parser.add_argument("--iterations", type=int, default=40, help="MCTS iterations per ply")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-turns", type=int, default=300, help="guard for presets without a turn limit"
    )
    args = parser.parse_args(argv)
    presets = choices(parser, args.presets, PRESETS, "preset")
    lineups = choices(parser, args.lineups, LINEUPS, "line-up")
    start = time.process_time()
    results: dict[tuple[str, str], list[GameResult]] = {}
    for preset in presets:
        for lineup in lineups:
            results[preset, lineup] = [play(preset, lineup, g, args) for g in range(args.games)]
            print(f"{preset} {lineup}: done", file=sys.stderr)
    print(
        f"{args.games} games per preset and line-up, MCTS {args.iterations} iterations per "
        f"ply, seed {args.seed}, guard {args.max_turns} turns; "
        f"{time.process_time() - start:.0f} s of CPU\n"
    )
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
