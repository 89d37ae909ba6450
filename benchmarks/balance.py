"""Balance and game-quality report of the reference board: how strong bots' games go.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    python benchmarks/balance.py --games 48 --seed 1            # the run in docs/balance.md
    python benchmarks/balance.py --games 4 --players 2 --iterations 50   # a quick look

For 2, 3 and 4 players it plays ``--games`` standard games per *line-up*:

* ``mcts``: MCTSBot in every seat (the strongest play the library has);
* ``mixed``: one MCTSBot, GreedyBots elsewhere, the MCTS seat rotated game by game;
* ``greedy``: GreedyBot in every seat (the baseline the issue started from).

Every bot is seeded from ``--seed`` and the game number, so a run is reproducible. The
statistics are computed from the actions and the states alone (move kinds, the board's
topology tables, stacks before and after), so they need nothing beyond the public API.
Printed as Markdown tables:

1. how games end (true win, stuck, last player, turn limit, no progress), shared wins
   (ties), game length in turns and actions;
2. win rate by seat in turn order (seat 1 moves first), shared wins counted for each
   winner;
3. per game, how often each special area and move kind is used: Square moves, Squares
   formed, Kills (eliminations) and pieces killed, Hyperspace jumps, Wormhole travels
   (free) and straight-through steps, firing positions loaded, Anomaly firings,
   send-backs and pieces sent back, landings on another player's piece (captives),
   release bonus moves, Singularity entries (by step or fired), END_TURN actions; and
   the share of games in which each special happens at least once.

The results and their reading are in docs/balance.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

import attrs
from _tables import choices, counts_table, pct
from rich.console import Console
from rich.progress import Progress

import astroplane
from astroplane import MoveKind
from astroplane.agents import Agent, GreedyBot, play_game
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import (
    STEP_HYPERSPACE,
    STEP_SINGULARITY,
    STEP_THROUGH,
    Topology,
)
from astroplane.mcts import MCTSBot

#: Per-game counters, in table order, with their column titles.
COUNTERS = {
    "steps": "steps (single pieces)",
    "square_moves": "Square moves",
    "squares_formed": "Squares formed",
    "kills": "Kills",
    "killed": "pieces killed",
    "hyperspace": "Hyperspace jumps",
    "travel": "Wormhole travels (free)",
    "through": "straight through a Wormhole",
    "loaded": "firing positions loaded",
    "fire": "Anomaly firings",
    "sendbacks": "send-backs",
    "sent_back": "pieces sent back",
    "landings": "landings on others (captives)",
    "bonus": "release bonus moves",
    "entries": "Singularity entries",
    "end_turn": "END_TURN",
}
#: The counters whose "happens in a game at all" share is reported.
SPECIALS = ("squares_formed", "kills", "hyperspace", "travel", "through", "fire", "sendbacks")

LINEUPS = ("mcts", "mixed", "greedy")


class ActionStats:
    """Counts what happens in one game, action by action (an ``on_action`` callback)."""

    def __init__(self, topology: Topology) -> None:
        self.counts: Counter[str] = Counter()
        self._how: dict[tuple[int, int], int] = {}
        for p, dests in enumerate(topology.step_dests):
            for q, how in dests:
                self._how.setdefault((p, q), how)
        self._t = topology

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        c = self.counts
        t = self._t
        kind = move.kind
        mover = int(before.to_move)
        if kind in (MoveKind.STEP, MoveKind.TRAVEL):
            src, dst = move.origin, move.target
            how = self._how.get((src, dst), -1) if kind == MoveKind.STEP else STEP_THROUGH
            if kind == MoveKind.TRAVEL:
                c["travel"] += 1
            else:
                c["steps"] += 1
                if how == STEP_THROUGH and t.step_through(src, dst):
                    c["through"] += 1
                elif how == STEP_HYPERSPACE:
                    c["hyperspace"] += 1
            if how == STEP_SINGULARITY:
                c["entries"] += 1
            else:
                here = before.stacks[dst]
                if here and here[-1] // 10 != mover:
                    c["landings"] += 1
            if t.fire_base <= dst < t.start_base:
                c["loaded"] += 1
            elif dst < t.fire_base and how != STEP_SINGULARITY:
                opp = before.stacks[dst ^ 2]
                if opp and any(q // 10 != mover for q in opp):
                    c["sendbacks"] += 1
                    c["sent_back"] += len(opp)
                if before.rules.squares and len(after.squares()) > len(before.squares()):
                    c["squares_formed"] += 1
            cost = 1 if kind == MoveKind.STEP else 0
        elif kind == MoveKind.FIRE:
            c["fire"] += 1
            c["entries"] += 2
            cost = 1
        elif kind == MoveKind.SQUARE:
            c["square_moves"] += 1
            cost = 1
        elif kind == MoveKind.ELIMINATE:
            c["kills"] += 1
            c["killed"] += len(after.eliminated) - len(before.eliminated)
            cost = 1
        else:
            c["end_turn"] += 1
            cost = 0
        if after.turn == before.turn and after.outcome is None:
            bonus = after.moves_left - (before.moves_left - cost)
            if bonus > 0:
                c["bonus"] += bonus


@attrs.frozen
class GameResult:
    """What the report keeps of one game."""

    reason: str
    winners: tuple[int, ...]  #: winning seat *indices* in turn order (0 = first player)
    turns: int
    actions: int
    counts: dict[str, int]
    scores: tuple[int, ...]


def agents_for(lineup: str, players: int, game: int, args: argparse.Namespace) -> list[Agent]:
    """The bots of one game, in turn order, seeded from the run's seed and the game."""
    base = args.seed * 100_000 + game * 10

    def mcts(i: int) -> Agent:
        return MCTSBot(seed=base + i, iterations=args.iterations)

    if lineup == "mcts":
        return [mcts(i) for i in range(players)]
    bots: list[Agent] = [GreedyBot(seed=base + i) for i in range(players)]
    if lineup == "mixed":
        bots[game % players] = mcts(game % players)
    return bots


def play(lineup: str, players: int, game: int, args: argparse.Namespace) -> GameResult:
    """Play one game of a line-up and collect its statistics."""
    start = astroplane.new_game(players)
    start = attrs.evolve(start, rules=attrs.evolve(start.rules, max_turns=args.max_turns))
    stats = ActionStats(start.topology)
    run = play_game(start, agents_for(lineup, players, game, args), on_action=stats)
    out = run.final.outcome
    assert out is not None
    seats = start.seats
    return GameResult(
        reason=out.reason.value,
        winners=tuple(seats.index(s) for s in out.winners),
        turns=out.turn,
        actions=len(run.moves),
        counts=dict(stats.counts),
        scores=out.seat_scores,
    )


def report(results: dict[tuple[int, str], list[GameResult]]) -> str:
    """The Markdown tables of the run."""
    lines: list[str] = []
    add = lines.append
    add("### How games end\n")
    add(
        "| players | line-up | games | true win | stuck | last player | turn limit "
        "| no progress | shared win (tie) | turns mean | turns median (min-max) | actions mean |"
    )
    add("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (players, lineup), games in results.items():
        n = len(games)
        reasons = Counter(g.reason for g in games)
        turns = [g.turns for g in games]
        ties = sum(1 for g in games if len(g.winners) > 1)
        add(
            f"| {players} | {lineup} | {n} | {pct(reasons['true_win'], n)} "
            f"| {pct(reasons['stuck'], n)} | {pct(reasons['last_player'], n)} "
            f"| {pct(reasons['turn_limit'], n)} | {pct(reasons['no_progress'], n)} "
            f"| {pct(ties, n)} | {statistics.mean(turns):.1f} "
            f"| {statistics.median(turns):.0f} ({min(turns)}-{max(turns)}) "
            f"| {statistics.mean(g.actions for g in games):.0f} |"
        )
    add("\n### Win rate by seat (turn order; shared wins count for each winner)\n")
    add("| players | line-up | seat 1 | seat 2 | seat 3 | seat 4 | mean score by seat |")
    add("|---|---|---|---|---|---|---|")
    for (players, lineup), games in results.items():
        n = len(games)
        cells = []
        for i in range(4):
            if i < players:
                sole = sum(1 for g in games if g.winners == (i,))
                any_ = sum(1 for g in games if i in g.winners)
                cells.append(f"{pct(any_, n)} ({pct(sole, n)} alone)")
            else:
                cells.append("")
        means = " / ".join(
            f"{statistics.mean(g.scores[i] for g in games):.1f}" for i in range(players)
        )
        add(f"| {players} | {lineup} | {' | '.join(cells)} | {means} |")
    add("\n### Specials and move kinds per game (mean; share of games with at least one)\n")
    lines += counts_table(
        results, COUNTERS, lambda k: f"{k[0]}p {k[1]}", share=lambda key: key in SPECIALS
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48, help="games per line-up and count")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,4")
    parser.add_argument(
        "--lineups", default=",".join(LINEUPS), help="line-ups: mcts, mixed, greedy"
    )
    parser.add_argument("--iterations", type=int, default=200, help="MCTS iterations per action")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    lineups = choices(parser, args.lineups, LINEUPS, "line-up")
    results: dict[tuple[int, str], list[GameResult]] = {}
    t0 = time.perf_counter()
    with Progress(transient=True, console=Console(stderr=True)) as progress:
        for players in counts:
            for lineup in lineups:
                task = progress.add_task(f"{players}p {lineup}", total=args.games)
                games = []
                for g in range(args.games):
                    games.append(play(lineup, players, g, args))
                    progress.advance(task)
                results[(players, lineup)] = games
    elapsed = time.perf_counter() - t0
    print(
        f"Standard rules, reference board, {args.games} games per line-up, MCTSBot with "
        f"{args.iterations} iterations per action, seed {args.seed}, turn limit "
        f"{args.max_turns}\n"
    )
    print(report(results))
    print(f"\nTotal time {elapsed / 60:.1f} min, Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
