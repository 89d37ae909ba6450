"""How strong the bots are: every game, every player count, two pairings, one table.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    python benchmarks/bots.py --workers 2                    # the table in docs/bots.md
    python benchmarks/bots.py --games 6 --mcts-games 2 --game square-off   # a quick look

Pairings (the first bot is the one expected to win):

* ``greedy-random``: ``GreedyBot`` against ``RandomBot``;
* ``mcts-greedy``: ``MCTSBot`` at its default budget (``DEFAULT_ITERATIONS`` iterations
  per action, or ``--iterations``) and with the playout policy the game declares
  (``Game.search_playout``, or ``--playout``) against ``GreedyBot``.

**Line-up.** The two bots take the seats alternately in turn order: game ``g`` of a row
gives the first seat to the first bot when ``g`` is even (A B A B ...) and to the second
when it is odd (B A B A ...). With an even number of players each bot has half the seats;
with an odd number, a pair of games gives each bot every seat once. So a bot of the same
strength as its opponent expects a *score* of one half in every game and player count.

**Result of a game, by bot.** The winners are the seats with the highest ``returns()``
(``max > 0``). If every winner is a seat of the first bot, the first bot wins the game; if
every winner is the second bot's, the second wins; otherwise (a win shared across the two
bots, a drawn game) it is a draw. The first bot's **score** is ``(wins + draws / 2) /
games``, shown with its 95% Wilson interval; it **beats** the second bot when the
interval's lower end is above one half, and is *ahead* (not significantly) when only the
score is.

**Seeds.** Every game has its own seed, derived from ``--seed``, the game, the player
count, the pairing and the game number; it seeds both bots and the dice. Results therefore
do not depend on ``--workers`` (only the times do), and a run with an iteration budget is
reproducible. Each game's standard rules are used; ASTROPLANE, whose standard rules have
no turn limit, gets ``--max-turns`` (1000, the command line's default) as a safety net.

**Printed** (Markdown): per game, player count and pairing, the games played, the first
bot's wins, the draws, the second bot's wins, the first bot's score (95% interval) and
verdict, the mean game length in turns (the game's own turns) and in actions, and each
bot's mean seconds per action (wall clock of ``choose``; with workers, one core each).
"""

from __future__ import annotations

import argparse
import datetime
import math
import multiprocessing
import os
import platform
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
from _tables import choices, wilson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from astroplane.agents import Agent, play_game
from astroplane.mcts import DEFAULT_ITERATIONS, PLAYOUTS, MCTSBot
from astroplane.protocol import get_game

#: The games of the table, in order.
GAMES = ("astroplane", "aeroplane-chess", "square-off", "starcastles")
#: The pairings: name -> (first bot, second bot); the first is expected to win.
PAIRINGS = {"greedy-random": ("greedy", "random"), "mcts-greedy": ("mcts", "greedy")}


@attrs.frozen
class Task:
    """One game to play: which, with how many players, which pairing, which game number."""

    game: str
    players: int
    pairing: str
    index: int
    seed: int
    iterations: int
    max_turns: int
    playout: str | None = None


@attrs.frozen
class Result:
    """What one game gave: who won (``"A"``, ``"B"`` or ``"draw"``), its length, and the
    thinking time and number of ``choose`` calls of each bot."""

    task: Task
    result: str
    turns: int
    actions: int
    seconds: tuple[float, float]
    calls: tuple[int, int]


class Timed:
    """An agent that records the wall-clock time of its ``choose`` calls."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.calls = 0

    def choose(self, state: Any) -> Any:
        t0 = time.perf_counter()
        move = self.agent.choose(state)
        self.seconds += time.perf_counter() - t0
        self.calls += 1
        return move


def task_seed(seed: int, game: str, players: int, pairing: str, index: int) -> int:
    """The seed of one game: the same for every run with ``seed``, whatever the workers."""
    return random.Random(f"{seed}/{game}/{players}/{pairing}/{index}").getrandbits(32)


def make(name: str, seed: int, iterations: int, playout: str | None = None) -> Agent:
    """A bot by name; MCTS with the given iteration budget and playout policy (None: the
    game's ``search_playout``)."""
    from astroplane.agents import make_bot

    if name == "mcts":
        return MCTSBot(seed, iterations=iterations, playout=playout)  # type: ignore[arg-type]
    return make_bot(name, seed)


def play(task: Task) -> Result:
    """Play the game of ``task`` (in a worker process)."""
    game = get_game(task.game)
    rules = game.new_game(task.players).rules
    if task.game == "astroplane" and game.with_turn_limit is not None:
        rules = game.with_turn_limit(rules, task.max_turns)
    start = game.new_game(task.players, rules=rules)
    first, second = PAIRINGS[task.pairing]
    rng = random.Random(task.seed)
    # One agent per seat (a search bot keeps its tree), each seeded, timed by bot kind.
    kinds = ["A" if (i + task.index) % 2 == 0 else "B" for i in range(len(start.seats))]
    agents: dict[int, Agent] = {}
    timers: dict[str, list[Timed]] = {"A": [], "B": []}
    for seat, kind in zip(start.seats, kinds, strict=True):
        name = first if kind == "A" else second
        bot = Timed(make(name, rng.getrandbits(32), task.iterations, task.playout))
        agents[int(seat)] = bot
        timers[kind].append(bot)
    run = play_game(start, agents, chance_seed=rng.getrandbits(32))
    final = run.final
    returns = final.returns()
    best = max(returns[s] for s in final.seats) if final.seats else 0.0
    winners = {kind for seat, kind in zip(start.seats, kinds, strict=True)
               if best > 0 and math.isclose(returns[seat], best)}  # fmt: skip
    result = winners.pop() if len(winners) == 1 else "draw"
    actions = sum(t.calls for ts in timers.values() for t in ts)
    return Result(
        task=task,
        result=result,
        turns=int(final.turn),
        actions=actions,
        seconds=(sum(t.seconds for t in timers["A"]), sum(t.seconds for t in timers["B"])),
        calls=(sum(t.calls for t in timers["A"]), sum(t.calls for t in timers["B"])),
    )


def tasks(args: argparse.Namespace) -> Iterator[Task]:
    """Every game of the run, MCTS rows last (they take the time)."""
    for pairing in args.pairings:
        games = args.mcts_games if pairing == "mcts-greedy" else args.games
        for name in args.game:
            for players in get_game(name).player_counts:
                if args.players and players not in args.players:
                    continue
                for index in range(games):
                    seed = task_seed(args.seed, name, players, pairing, index)
                    yield Task(name, players, pairing, index, seed, args.iterations,
                               args.max_turns, args.playout)  # fmt: skip


def row(key: tuple[str, int, str], results: Sequence[Result]) -> str:
    """The Markdown table row of one game, player count and pairing."""
    name, players, pairing = key
    first, second = PAIRINGS[pairing]
    n = len(results)
    a = sum(r.result == "A" for r in results)
    b = sum(r.result == "B" for r in results)
    draws = n - a - b
    score = (a + draws / 2) / n
    low, high = wilson(a + draws / 2, n)
    verdict = "beats" if low > 0.5 else "ahead" if score > 0.5 else "behind"
    turns = sum(r.turns for r in results) / n
    actions = sum(r.actions for r in results) / n

    def per_move(i: int) -> str:
        calls = sum(r.calls[i] for r in results)
        return f"{sum(r.seconds[i] for r in results) / calls:.4f}" if calls else "-"

    return (
        f"| {get_game(name).title} | {players} | {first} vs {second} | {n} | {a} | {draws} "
        f"| {b} | {score:.2f} ({low:.2f}-{high:.2f}) | {verdict} | {turns:.0f} "
        f"| {actions:.0f} | {per_move(0)} | {per_move(1)} |"
    )


def machine() -> str:
    """The machine in a few words: processor, cores, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per greedy-random row")
    parser.add_argument("--mcts-games", type=int, default=12, help="games per mcts-greedy row")
    parser.add_argument("--game", default=",".join(GAMES), help="games, e.g. astroplane,square-off")
    parser.add_argument("--players", default="", help="player counts only, e.g. 2,4 (default all)")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="pairings to play")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS,
                        help="MCTS iterations per action (default: DEFAULT_ITERATIONS)",
                        )  # fmt: skip
    parser.add_argument(
        "--playout",
        choices=PLAYOUTS,
        default=None,
        help="MCTS playout policy (default: the one each game declares)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=1000, help="ASTROPLANE's turn limit")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games")
    args = parser.parse_args(argv)
    args.game = choices(parser, args.game, GAMES, "game")
    args.pairings = choices(parser, args.pairings, PAIRINGS, "pairing")
    try:
        args.players = [int(p) for p in args.players.split(",") if p.strip()]
    except ValueError:
        parser.error(f"--players takes numbers such as 2,4, not {args.players!r}")
    for option in ("games", "mcts_games", "iterations", "workers", "max_turns"):
        if getattr(args, option) < 1:
            parser.error(f"--{option.replace('_', '-')} must be at least 1")
    todo = list(tasks(args))
    done: dict[tuple[str, int, str], list[Result]] = {}
    t0 = time.perf_counter()
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        bar = progress.add_task("games", total=len(todo))
        if args.workers == 1:
            results: Iterator[Result] = map(play, todo)
            pool = None
        else:
            pool = multiprocessing.get_context("spawn").Pool(args.workers)
            results = pool.imap_unordered(play, todo)
        wanted = Counter((t.game, t.players, t.pairing) for t in todo)
        try:
            for r in results:
                t = r.task
                key = (t.game, t.players, t.pairing)
                done.setdefault(key, []).append(r)
                progress.update(bar, advance=1, description=f"{t.game} {t.players}p {t.pairing}")
                if len(done[key]) == wanted[key]:  # a row is complete: show it at once
                    progress.console.print(row(key, done[key]), highlight=False, soft_wrap=True)
        finally:
            if pool is not None:
                pool.terminate()
    elapsed = time.perf_counter() - t0
    given = sys.argv[1:] if argv is None else argv
    command = shlex.join(["python", "benchmarks/bots.py", *given])
    playout = f", {args.playout!r} playouts" if args.playout else ""
    print(f"`{command}`, {datetime.date.today().isoformat()}, {machine()}; MCTS "
          f"{args.iterations} iterations per action{playout}; seed {args.seed}; "
          f"{elapsed / 60:.1f} min on {args.workers} worker(s)\n")  # fmt: skip
    print(
        "| game | players | pairing | games | first wins | draws | second wins "
        "| first's score (95% CI) | verdict | turns | actions | s/action first "
        "| s/action second |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    order = {(t.game, t.players, t.pairing): None for t in todo}
    for key in order:
        print(row(key, sorted(done[key], key=lambda r: r.task.index)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
