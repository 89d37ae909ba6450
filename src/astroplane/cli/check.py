"""``astroplane check``: the whole conformance suite on a game, as a plug-in's author runs
it (``astroplane --plugin mygame.py check --game my-game``).

It runs ``astroplane.testing.check_game`` on each game asked for (every registered game
by default), prints each game's report (every problem starts with the name of its check;
docs/writing-a-game.md says what each means) and exits with 1 when a check failed.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.console import Console
from rich.text import Text

from astroplane.cli.common import CliError
from astroplane.protocol import games, get_game
from astroplane.testing import check_game

__all__ = ["add_check_parser", "cmd_check"]


def add_check_parser(sub: Any, game: Any, games_type: Any, seed: Any) -> None:
    """Add the ``check`` command to the subcommands ``sub`` (``game``, ``games_type`` and
    ``seed`` are the command line's argument types of a game name, a count and a seed)."""
    cp = sub.add_parser(
        "check",
        help="run the conformance suite on a game (a plug-in under development)",
        description="Run every check of astroplane.testing on a game: seeded random games "
        "checked state by state, hostile input to every reader, what the game declares "
        "against what it does, readers against impossible states. Exits with 1 when a "
        "check fails. Load a game that is not installed with --plugin FILE.",
    )
    cp.add_argument(
        "--game",
        dest="check_games",
        type=game,
        action="append",
        metavar="GAME",
        help="a game to check (repeatable; default: every registered game)",
    )
    cp.add_argument("--rules", default=None, metavar="RULES", help="the rules (default: standard)")
    cp.add_argument(
        "--games",
        type=games_type,
        default=5,
        help="random games per player count (default 5)",
    )
    cp.add_argument("--seed", type=seed, default=0, help="the seed of every random choice (0)")
    cp.add_argument(
        "--quick",
        action="store_true",
        help="a short run: one game per player count, fewer hostile and edited inputs",
    )
    cp.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace, out: Console, err: Console) -> int:
    """``astroplane check``: returns 0 when every check of every game passed, else 1."""
    names = args.check_games or sorted(games())
    failed = 0
    for name in names:
        game = get_game(name)
        try:
            rules = None if args.rules is None else game.rules_from_text(args.rules.strip())
        except ValueError as exc:
            raise CliError(f"--rules: {exc}") from exc
        options = {"games": 1, "hostile": 2, "edits": 40} if args.quick else {"games": args.games}
        started = time.perf_counter()
        report = check_game(game, rules=rules, seed=args.seed, **options)
        seconds = time.perf_counter() - started
        out.print(Text(f"{report} ({seconds:.1f} s)"))
        failed += not report.ok
    if failed:
        err.print(Text(f"astroplane check: {failed} of {len(names)} games failed a check"))
    return 1 if failed else 0
