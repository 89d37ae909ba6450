"""The ``astroplane`` command line: bot games, an interactive game, replays and perft.

Sub-commands (``astroplane <command> --help`` explains each):

* ``selfplay`` plays complete games between bots and prints the results;
* ``play`` is an interactive terminal game against bots;
* ``replay`` replays a game record, validating every move;
* ``perft`` counts action sequences [D22] and measures the speed.

Exit codes: 0 success, 1 a bad file or game record (one ``astroplane: error:``
line on stderr), 2 bad command-line arguments (argparse's usage message),
130 interrupted.

>>> main(["perft", "--depth", "1"])
depth        nodes   seconds     nodes/s
    1            6 ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

import astroplane
from astroplane.agents import BOTS
from astroplane.cli.common import (
    DEFAULT_MAX_TURNS,
    PRESETS,
    CliError,
    board,
)
from astroplane.cli.interactive import cmd_play
from astroplane.cli.perft import cmd_perft
from astroplane.cli.replay import cmd_replay
from astroplane.cli.selfplay import cmd_selfplay
from astroplane.errors import NotationError
from astroplane.formats.position import rules_from_text, rules_to_text
from astroplane.pieces import SEAT_NAMES, seat_from_name
from astroplane.rules.ruleset import OPTIONS

__all__ = ["DEFAULT_MAX_TURNS", "main"]


def _at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse


_RULES_HELP = (
    "the rules: a preset (standard, basic or advanced), optionally followed by options, as in "
    "position text, e.g. standard,optional_reserve=on (default standard)"
)
_positive = _at_least(1)
_non_negative = _at_least(0)


def _bot_list(text: str) -> list[str]:
    names = [n.strip().lower() for n in text.split(",")]
    for n in names:
        if n not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {n!r} (choose from {', '.join(sorted(BOTS))})"
            )
    return names


def _rules(text: str) -> str:
    """An argparse type: a rules text (a preset and options, as in position text),
    spaces ignored, returned in its canonical spelling."""
    try:
        return rules_to_text(rules_from_text("".join(text.split())))
    except NotationError as e:
        raise argparse.ArgumentTypeError(
            f"{e.problem}: {text!r} (a preset {', '.join(PRESETS)}, then ,option=value; "
            f"options {', '.join(OPTIONS)})"
        ) from None


def _seat(text: str) -> int:
    try:
        return seat_from_name(text.strip().upper())
    except (ValueError, IndexError):
        raise argparse.ArgumentTypeError(f"not a seat: {text!r} (S, W, N or E)") from None


def _add_game_options(p: argparse.ArgumentParser, *, players_default: int) -> None:
    p.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=players_default,
        help=f"number of players (default {players_default})",
    )
    p.add_argument(
        "--rules",
        type=_rules,
        default="standard",
        metavar="RULES",
        help=_RULES_HELP,
    )
    p.add_argument(
        "--seed",
        type=_non_negative,
        default=None,
        help="random seed for the bots (default: a random one, printed so the games can be"
        " reproduced)",
    )
    p.add_argument(
        "--max-turns",
        type=_positive,
        default=DEFAULT_MAX_TURNS,
        metavar="N",
        help=f"end and score a game after turn N [D18] (default {DEFAULT_MAX_TURNS})",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``astroplane`` command.

    >>> build_parser().parse_args(["selfplay", "--players", "4"]).players
    4
    """
    parser = argparse.ArgumentParser(
        prog="astroplane",
        description="Play ASTROPLANE: games between bots, against bots, replays and perft.",
        epilog="Run `astroplane COMMAND --help` for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {astroplane.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser(
        "selfplay",
        help="play complete games between bots",
        description="Play complete games between bots and print each result and a summary. "
        "A game ends by the rules or, at the latest, after the turn limit.",
    )
    _add_game_options(sp, players_default=2)
    sp.add_argument("--games", type=_positive, default=1, help="number of games (default 1)")
    sp.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy"],
        metavar="BOT,...",
        help=f"bots per seat in turn order, cycled if fewer ({', '.join(sorted(BOTS))};"
        " default greedy)",
    )
    sp.add_argument(
        "--show", action="store_true", help="print every action and the board after each turn"
    )
    sp.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="DIR",
        help="write a game record per game into DIR",
    )
    sp.set_defaults(run=cmd_selfplay)

    pp = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="An interactive game against bots. Enter moves in move notation or by their "
        "number in the list; commands: moves, board, undo, help, quit.",
    )
    _add_game_options(pp, players_default=2)
    pp.add_argument(
        "--human",
        type=_seat,
        default=0,
        metavar="SEAT",
        help="your seat: S, W, N or E (default S)",
    )
    pp.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy"],
        metavar="BOT,...",
        help="bots for the other seats in turn order, cycled (default greedy)",
    )
    pp.set_defaults(run=cmd_play, parser=pp)

    rp = sub.add_parser(
        "replay",
        help="replay a game record, validating every move",
        description="Replay a game record: every move is checked against the rules. Prints the "
        "final position, or every turn with --show, or turn by turn with --step.",
    )
    rp.add_argument("file", type=Path, metavar="FILE", help="the game record")
    mode = rp.add_mutually_exclusive_group()
    mode.add_argument("--step", action="store_true", help="show each turn and wait for Enter")
    mode.add_argument("--show", action="store_true", help="show every turn without waiting")
    rp.set_defaults(run=cmd_replay)

    fp = sub.add_parser(
        "perft",
        help="count action sequences from the setup [D22]",
        description="Count the action sequences of each length up to --depth from the standard "
        "setup [D22] and the speed in nodes per second.",
    )
    fp.add_argument("--depth", type=_positive, default=3, help="deepest level (default 3)")
    fp.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="players (default 2)")
    fp.add_argument("--rules", type=_rules, default="standard", metavar="RULES", help=_RULES_HELP)
    fp.set_defaults(run=cmd_perft)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``astroplane`` command line.

    Args:
        argv: The arguments without the program name (default ``sys.argv[1:]``).

    Returns:
        The exit code: 0 success, 1 a bad file or record, 130 interrupted.

    Raises:
        SystemExit: With code 2 on bad arguments, 0 after ``--help`` (argparse).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if args.command == "play":
        seats = astroplane.new_game(args.players).seats
        if args.human not in seats:
            args.parser.error(
                f"argument --human: seat {SEAT_NAMES[args.human]} is not in a "
                f"{args.players}-player game (seats {''.join(SEAT_NAMES[s] for s in seats)})"
            )
    if args.command is None:
        out.print(board(astroplane.new_game(2)))
        out.print()
        out.print(
            Text(
                "This is the standard 2-player setup. Try `astroplane selfplay --players 4` "
                "for a game between bots, `astroplane play` to play, or `astroplane --help`."
            )
        )
        return 0
    try:
        code: int = args.run(args, out, err)
    except CliError as e:
        print(f"astroplane: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("astroplane: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `astroplane selfplay | head`: stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no flush error at exit
        return 1
    return code
