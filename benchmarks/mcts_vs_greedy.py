"""MCTSBot against GreedyBot: win rates per player count, seats rotated.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    python benchmarks/mcts_vs_greedy.py                      # 100 games per count, 2-4 players
    python benchmarks/mcts_vs_greedy.py --games 10 --players 2 --iterations 100   # a quick look

One MCTSBot plays against GreedyBots in every other seat. Game ``g`` puts the MCTSBot in
seat ``g mod players`` (in turn order), so every seat gets the same number of games, and
seeds every bot from ``--seed`` and ``g``: the whole run is reproducible with an
iteration budget (the default). Standard rules; ``--max-turns`` only guards against a game
that never ends (none did in our runs).

Printed (Markdown): per player count the MCTS bot's sole wins, shared wins and losses, its
win rate with a 95% Wilson interval, its mean *share* (``returns()``: 1 for a sole win,
1/k for a win shared by k, 0 for a loss; a seat of equal strength expects 1/players), how
the games ended, their length, and the MCTS bot's time per action (wall clock, one core).
Results are in docs/balance.md and docs/bots.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

import attrs
from _tables import wilson
from rich.console import Console
from rich.progress import Progress

import astroplane
from astroplane.agents import Agent, GreedyBot, play_game
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.state import GameState
from astroplane.mcts import MCTSBot


class Timed:
    """Wraps an agent and records the wall-clock time of each ``choose`` call."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, state: GameState) -> Move:
        t0 = time.perf_counter()
        move = self.agent.choose(state)
        self.times.append(time.perf_counter() - t0)
        return move


@attrs.frozen
class Row:
    """The results of one player count."""

    players: int
    games: int
    sole: int
    shared: int
    share: float
    reasons: Counter[str]
    turns: list[int]
    times: list[float]

    @property
    def lost(self) -> int:
        return self.games - self.sole - self.shared


def run(players: int, games: int, args: argparse.Namespace, progress: Progress) -> Row:
    """Play ``games`` games with ``players`` players; the summary row of the table."""
    sole = shared = 0
    share = 0.0
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    times: list[float] = []
    task = progress.add_task(f"{players} players", total=games)
    for g in range(games):
        start = astroplane.new_game(players)
        rules = attrs.evolve(start.rules, max_turns=args.max_turns)
        start = attrs.evolve(start, rules=rules)
        seat_index = g % players
        mcts = Timed(
            MCTSBot(
                seed=args.seed * 1000 + g,
                iterations=args.iterations,
                seconds=args.seconds,
                playout=args.playout,
                playout_depth=args.playout_depth,
            )
        )
        agents: list[Agent] = [
            GreedyBot(seed=args.seed * 1000 + 100 * g + i) for i in range(players)
        ]
        agents[seat_index] = mcts
        run_ = play_game(start, agents)
        out = run_.final.outcome
        assert out is not None
        seat = start.seats[seat_index]
        if seat in out.winners:
            if len(out.winners) == 1:
                sole += 1
            else:
                shared += 1
        share += run_.final.returns()[seat]
        reasons[out.reason.value] += 1
        turns.append(out.turn)
        times.extend(mcts.times)
        progress.advance(task)
    return Row(players, games, sole, shared, share / games, reasons, turns, times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,4")
    parser.add_argument("--iterations", type=int, default=300, help="MCTS iterations per action")
    parser.add_argument(
        "--seconds", type=float, default=None, help="MCTS time per action (not reproducible)"
    )
    parser.add_argument("--playout", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--playout-depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    budget = f"{args.iterations} iterations" + (
        f" or {args.seconds} s" if args.seconds is not None else ""
    )
    rows = []
    t0 = time.perf_counter()
    with Progress(transient=True, console=Console(stderr=True)) as progress:
        for n in counts:
            rows.append(run(n, args.games, args, progress))
    elapsed = time.perf_counter() - t0
    print(
        f"MCTSBot ({budget} per action, {args.playout} playouts of depth "
        f"{args.playout_depth}) against GreedyBot, standard rules, seats rotated, "
        f"seed {args.seed}, {args.games} games per player count\n"
    )
    print(
        "| players | games | MCTS sole wins | shared | lost | win rate (95% CI) | mean share "
        "(fair) | ended by | turns mean (max) | s/action mean (p90) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        low, high = wilson(r.sole, r.games)
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(r.reasons.items()))
        times = sorted(r.times)
        p90 = times[int(0.9 * (len(times) - 1))] if times else 0.0
        print(
            f"| {r.players} | {r.games} | {r.sole} | {r.shared} | {r.lost} "
            f"| {r.sole / r.games:.0%} ({low:.0%}-{high:.0%}) | {r.share:.2f} "
            f"({1 / r.players:.2f}) | {reasons} "
            f"| {statistics.mean(r.turns):.1f} ({max(r.turns)}) "
            f"| {statistics.mean(times):.3f} ({p90:.3f}) |"
        )
    print(f"\nTotal time {elapsed / 60:.1f} min, Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
