"""Balance report of StarCastles: how games between bots end, how long they last, which
seat wins, and which of the rules' specials the bots use.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    nice python benchmarks/balance_starcastles.py --games 4 --seed 1 --iterations 20
    python benchmarks/balance_starcastles.py --games 1 --players 2 --lineups greedy  # a look

For each player count (``--players``, 2 to 6) it plays ``--games`` games of the default
rules (``starcastles``: the 37-point reference board, one gem on the board at a time,
swap on, drawn after ``max_rounds`` = 200 rounds) per *line-up*:

* ``greedy``: ``make_bot("greedy")`` in every seat;
* ``mixed``: one ``astroplane.mcts.MCTSBot`` (``--iterations`` per ply), GreedyBots
  elsewhere, the MCTS seat rotated game by game;
* ``mcts``: MCTSBot in every seat (costly: use it with 2 players and few games).

Player 0 moves first. Every bot is seeded from ``--seed`` and the game number, so a run is
reproducible. ``--max-rounds`` lowers the round limit to keep a run cheap (the report says
which limit was played). The bots are bots: the figures say how these bots play the
rules, not how people would.

Printed as Markdown tables: how games end (a win, or a draw at the round limit) and their
length in rounds, turns and plies; wins by seat (turn order) and MCTS's wins in the mixed
line-up; per game, how often gems are placed, modules dock (a Spire lands on a Battlement
or Power Base, or a Battlement on a lone Power Base), castles are taken under control (a
Spire lands on a Power Base + Battlement), castles move whole, castles swap, and players
pass.
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
from _tables import choices, counts_table

from astroplane.agents import Agent, make_bot, play_game
from astroplane.games.starcastles import STARCASTLES, MoveKind, StarCastlesState, new_game
from astroplane.mcts import MCTSBot

LINEUPS = ("greedy", "mixed", "mcts")
#: Per-game counters, in table order, with their row titles.
COUNTERS = {
    "gem": "Phase Gems placed",
    "step": "Spire steps",
    "slide": "slides (Battlement or Power Base)",
    "dock": "dockings (a module lands on another)",
    "control": "castles taken under control",
    "castle": "castle moves (whole)",
    "swap": "castle swaps",
    "pass": "passes",
}


@attrs.frozen
class GameResult:
    """One game: the winner (-1: drawn), the MCTS seat (None: none or all), its length
    and its move counts."""

    winner: int
    mcts_seat: int | None
    rounds: int
    turns: int
    plies: int
    counts: dict[str, int]


def agents_for(
    lineup: str, players: int, game: int, args: argparse.Namespace
) -> tuple[list[Agent], int | None]:
    """The bots of one game in seat order, seeded from the run's seed and the game, and
    the seat of the lone MCTSBot (None when the line-up has none or only MCTS)."""
    base = args.seed * 100_000 + game * 10

    def mcts(i: int) -> Agent:
        return MCTSBot(seed=base + i, iterations=args.iterations)

    if lineup == "mcts":
        return [mcts(i) for i in range(players)], None
    bots = [make_bot("greedy", base + i) for i in range(players)]
    if lineup == "greedy":
        return bots, None
    seat = game % players
    bots[seat] = mcts(seat)
    return bots, seat


def play(lineup: str, players: int, game: int, args: argparse.Namespace) -> GameResult:
    """Play one game and collect its statistics."""
    rules = attrs.evolve(STARCASTLES, max_rounds=args.max_rounds)
    counts: Counter[str] = Counter()

    def on_action(before: StarCastlesState, move: Any, _after: StarCastlesState) -> None:
        kind = move.kind
        counts[kind.name.lower()] += 1
        if kind in (MoveKind.STEP, MoveKind.SLIDE):
            landed_on = before.cells[move.to]
            if landed_on:
                counts["dock"] += 1
                if kind == MoveKind.STEP and landed_on & 0o7 and landed_on & 0o70:
                    counts["control"] += 1

    bots, mcts_seat = agents_for(lineup, players, game, args)
    run = play_game(new_game(players, rules=rules), bots, on_action=on_action)
    final: StarCastlesState = run.final
    assert final.is_over
    return GameResult(  # the turn passed after the last move, a win's too [SC30]
        winner=-1 if final.winner is None else final.winner,
        mcts_seat=mcts_seat,
        rounds=final.round - (final.to_move == final.first),
        turns=final.turn - 1,
        plies=len(run.moves),
        counts=dict(counts),
    )


def report(results: dict[tuple[int, str], list[GameResult]], max_rounds: int) -> str:
    """The Markdown tables of the run."""
    lines: list[str] = []
    add = lines.append
    add("### How games end\n")
    add(
        f"| players | line-up | games | won | drawn at round {max_rounds} "
        "| rounds of the won games | turns mean | plies mean |"
    )
    add("|---|---|---|---|---|---|---|---|")
    for (players, lineup), games in results.items():
        n = len(games)
        won = [g for g in games if g.winner >= 0]
        rounds = ", ".join(str(g.rounds) for g in won) or "-"
        add(
            f"| {players} | {lineup} | {n} | {len(won)} | {n - len(won)} | {rounds} "
            f"| {statistics.mean(g.turns for g in games):.0f} "
            f"| {statistics.mean(g.plies for g in games):.0f} |"
        )
    add("\n### Wins by seat (player 0 moves first)\n")
    add("| players | line-up | games | wins by seat 0..n-1 | MCTS wins (mixed) |")
    add("|---|---|---|---|---|")
    for (players, lineup), games in results.items():
        by_seat = "/".join(str(sum(1 for g in games if g.winner == i)) for i in range(players))
        mcts = "-"
        if lineup == "mixed":
            mcts = str(sum(1 for g in games if g.winner >= 0 and g.winner == g.mcts_seat))
        add(f"| {players} | {lineup} | {len(games)} | {by_seat} | {mcts} |")
    add("\n### Moves per game (mean; share of games with at least one)\n")
    lines += counts_table(results, COUNTERS, lambda k: f"{k[0]}p {k[1]}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per count and line-up")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts, e.g. 2,6")
    parser.add_argument("--lineups", default="greedy,mixed", help=", ".join(LINEUPS))
    parser.add_argument("--iterations", type=int, default=20, help="MCTS iterations per ply")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-rounds", type=int, default=STARCASTLES.max_rounds, help="the round limit"
    )
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    lineups = choices(parser, args.lineups, LINEUPS, "line-up")
    start = time.process_time()
    results: dict[tuple[int, str], list[GameResult]] = {}
    for players in counts:
        for lineup in lineups:
            results[players, lineup] = [play(lineup, players, g, args) for g in range(args.games)]
            print(f"{players}p {lineup}: done", file=sys.stderr)
    print(
        f"{args.games} games per player count and line-up, MCTS {args.iterations} "
        f"iterations per ply, seed {args.seed}, max_rounds {args.max_rounds}; "
        f"{time.process_time() - start:.0f} s of CPU\n"
    )
    print(report(results, args.max_rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
