"""astroplane's search bot against OpenSpiel's C++ MCTSBot on Nine Men's Morris.

Run from a clone with astroplane and OpenSpiel installed (``pip install -e . open_spiel``)::

    nice python benchmarks/match_openspiel.py --games 100 --ours 0.1 --theirs 0.1
    nice python benchmarks/match_openspiel.py --games 100 --ours 0.1 --theirs 1.0
    nice python benchmarks/match_openspiel.py --games 100 --ours 0.1 --old /tmp/main/bin/python

Square Off's ``nine-mens-morris`` preset plays OpenSpiel's ``nine_mens_morris`` move for
move (its actions are OpenSpiel's action numbers), so the two bots play one game: each
action is applied to both states, which are checked to agree (the player to act, the end).
Our bot is ``MCTSBot`` (``astroplane.mcts``) on the game's packed core, with the settings
of ``OURS`` (the strongest per second we found for this game: see docs/bots.md);
OpenSpiel's is ``pyspiel.MCTSBot`` with random rollouts (``RandomRolloutEvaluator``, one
rollout), UCT with OpenSpiel's default exploration ``uct_c = 2`` and the solver on, as in
OpenSpiel's ``mcts_example`` (``--uct-c``, ``--no-solve`` change them). Each move gets
``--ours`` and ``--theirs`` seconds of wall clock; both bots run in this process, one after
the other, single-threaded. Games alternate the first player (game ``g``: ours plays W,
who starts, when ``g`` is even); a win counts 1, a draw 0.5 (the preset draws after 200
turns). Game ``g`` seeds both bots from ``--seed`` and ``g``.

``--old PYTHON`` plays our bot against itself instead: the same settings under another
astroplane (a venv of an earlier commit, ``PYTHON`` its interpreter, run as a worker
process that answers one move at a time), ``--ours`` seconds a move each: how much a
faster engine is worth at equal time.

Printed (Markdown): the score with a 95% Wilson interval, wins/draws/losses by colour, the
game length, and each bot's simulations (playouts) per second and seconds per move.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from mcts_vs_greedy import wilson
from rich.console import Console
from rich.progress import Progress

from astroplane import COMPILED
from astroplane.games.square_off import NINE_MENS_MORRIS, SquareOffState, new_game
from astroplane.games.square_off.moves import action_to_move, move_to_action
from astroplane.mcts import MCTSBot

#: Our bot's settings (``MCTSBot``'s keyword arguments) for Nine Men's Morris.
OURS: dict[str, Any] = {}


class Ours:
    """Our MCTSBot in this process: a move of a state, with its search counts."""

    def __init__(self, seconds: float, seed: int) -> None:
        self.bot = MCTSBot(seed=seed, seconds=seconds, **OURS)
        self.simulations = 0
        self.seconds = 0.0

    def action(self, state: SquareOffState, _actions: Sequence[int], _spiel: Any) -> int:
        move = self.bot.choose(state)
        self.simulations += self.bot.stats.iterations
        self.seconds += self.bot.stats.seconds
        return move_to_action(move)

    def close(self) -> None:
        """Nothing to release."""


class Old(Ours):
    """Our MCTSBot under another astroplane (``--old``): a worker process of this script
    that gets the actions so far and answers the next one."""

    def __init__(self, python: str, seconds: float, seed: int) -> None:
        self.simulations = 0
        self.seconds = 0.0
        cmd = [python, os.path.abspath(__file__), "--serve", f"--ours={seconds}", f"--seed={seed}"]
        cmd.append(f"--settings={json.dumps(OURS)}")
        # A neutral directory: a src/ checkout must not shadow the worker's astroplane.
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=os.sep
        )

    def action(self, state: SquareOffState, actions: Sequence[int], _spiel: Any) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(list(actions)) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        self.simulations += answer["iterations"]
        self.seconds += answer["seconds"]
        return int(answer["action"])

    def close(self) -> None:
        """End the worker."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


class Theirs:
    """OpenSpiel's C++ MCTSBot with random rollouts and a wall-clock budget a move."""

    def __init__(self, game: Any, seconds: float, seed: int, uct_c: float, solve: bool) -> None:
        import pyspiel  # type: ignore[import-not-found]

        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(
            game, evaluator, uct_c, 10**9, 1000, solve, seed, False,
            pyspiel.ChildSelectionPolicy.UCT, seconds,
        )  # fmt: skip
        self.simulations = 0
        self.seconds = 0.0

    def action(self, _state: SquareOffState, _actions: Sequence[int], spiel: Any) -> int:
        start = time.perf_counter()
        root = self.bot.mcts_search(spiel)  # what MCTSBot.step runs, with the root's count
        self.seconds += time.perf_counter() - start
        self.simulations += root.explore_count
        return int(root.best_child().action)

    def close(self) -> None:
        """Nothing to release."""


def play_one(
    ours: Ours, other: Ours | Theirs, ours_first: bool, spiel_game: Any
) -> tuple[float, int]:
    """One game; our score (1, 0.5 or 0) and its length in plies."""
    state = new_game(NINE_MENS_MORRIS)
    spiel = spiel_game.new_initial_state() if spiel_game is not None else None
    actions: list[int] = []
    seat_of_ours = 0 if ours_first else 1
    while not state.is_over:
        bot = ours if state.to_move == seat_of_ours else other
        if spiel is not None:
            assert spiel.current_player() == state.to_move, "the two games disagree"
        action = bot.action(state, actions, spiel)
        state = state.play(action_to_move(state, action))
        if spiel is not None:
            spiel.apply_action(action)
        actions.append(action)
    if spiel is not None:
        assert spiel.is_terminal(), "OpenSpiel's game goes on"
    return state.returns()[seat_of_ours], len(actions)


def serve(seconds: float, seed: int) -> int:
    """The worker of ``--old``: read the actions so far, a JSON list a line; answer the
    next action of our bot as JSON."""
    bot = MCTSBot(seed=seed, seconds=seconds, **OURS)
    for line in sys.stdin:
        state = new_game(NINE_MENS_MORRIS)
        for action in json.loads(line):
            state = state.play(action_to_move(state, action))
        move = bot.choose(state)
        answer = {
            "action": move_to_action(move),
            "iterations": bot.stats.iterations,
            "seconds": bot.stats.seconds,
        }
        print(json.dumps(answer), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--ours", type=float, default=0.1, help="our seconds a move")
    parser.add_argument("--theirs", type=float, default=0.1, help="OpenSpiel's seconds a move")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run")
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's exploration")
    parser.add_argument("--no-solve", action="store_true", help="OpenSpiel's solver off")
    parser.add_argument("--old", metavar="PYTHON", help="our bot under another astroplane")
    parser.add_argument(
        "--settings", metavar="JSON", help="our MCTSBot's settings instead of OURS (a JSON object)"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.settings:
        OURS.clear()
        OURS.update(json.loads(args.settings))
    if args.serve:
        return serve(args.ours, args.seed)
    spiel_game = None
    if args.old is None:
        import pyspiel

        spiel_game = pyspiel.load_game("nine_mens_morris")
    score = 0.0
    by_colour = {True: [0, 0, 0], False: [0, 0, 0]}  # ours first: wins, draws, losses
    lengths: list[int] = []
    counts = {"ours": [0, 0.0], "other": [0, 0.0]}
    start = time.perf_counter()
    with Progress(transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task("games", total=args.games)
        for g in range(args.games):
            seed = args.seed * 1_000_003 + g
            ours = Ours(args.ours, seed)
            other: Ours | Theirs
            if args.old is not None:
                other = Old(args.old, args.ours, seed + 500_000)
            else:
                other = Theirs(spiel_game, args.theirs, seed, args.uct_c, not args.no_solve)
            first = g % 2 == 0
            try:
                got, plies = play_one(ours, other, first, spiel_game)
            finally:
                other.close()
            score += got
            by_colour[first][0 if got == 1.0 else 1 if got == 0.5 else 2] += 1
            lengths.append(plies)
            for name, bot in (("ours", ours), ("other", other)):
                counts[name][0] += bot.simulations
                counts[name][1] += bot.seconds
            progress.advance(task)
    games = args.games
    low, high = wilson(score, games)
    them = f"astroplane at {args.old}" if args.old else "OpenSpiel C++ MCTSBot"
    print(f"## Nine Men's Morris: astroplane MCTSBot ({args.ours} s) against {them} "
          f"({args.ours if args.old else args.theirs} s)")  # fmt: skip
    print()
    took = time.perf_counter() - start
    print(f"astroplane COMPILED={COMPILED}, {games} games, seed {args.seed}, {took:.0f} s; "
          f"our settings: {OURS or 'the defaults'}")  # fmt: skip
    print()
    print("| | score | W/D/L as W (first) | W/D/L as B | plies mean |")
    print("|---|---|---|---|---|")
    wf, wb = by_colour[True], by_colour[False]
    print(
        f"| ours | **{score:g} / {games}** ({score / games:.0%}, 95% CI {low:.0%}-{high:.0%}) "
        f"| {wf[0]}/{wf[1]}/{wf[2]} | {wb[0]}/{wb[1]}/{wb[2]} "
        f"| {sum(lengths) / len(lengths):.0f} |"
    )
    print()
    for name, label in (("ours", "ours"), ("other", "theirs")):
        sims, secs = counts[name]
        rate = sims / secs if secs else 0.0
        print(f"- {label}: {rate:,.0f} simulations/s ({sims:,} in {secs:.1f} s of search)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
