"""The command line's argument parser and dispatch (``astroplane.cli.main`` calls ``run``)."""

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
from astroplane.cli.check import add_check_parser
from astroplane.cli.common import (
    DEFAULT_MAX_TURNS,
    CliError,
    board_text,
    counts_text,
    output_problem,
    rules_for,
    svg_path,
)
from astroplane.cli.interactive import cmd_play
from astroplane.cli.perft import cmd_perft
from astroplane.cli.plugins import load_plugin, split_plugins
from astroplane.cli.replay import cmd_replay
from astroplane.cli.selfplay import cmd_selfplay
from astroplane.cli.serve import add_serve_parser
from astroplane.protocol import game_errors, games, get_game

__all__ = ["DEFAULT_MAX_TURNS", "build_parser", "run"]


def _rules_help() -> str:
    """The ``--rules`` help: each game has its own variants (``Game.variants``), listed."""
    listed = "; ".join(
        f"{g.title}: {', '.join(g.variants())}"
        for _name, g in sorted(games().items())
        if g.variants is not None
    )
    return (
        "the rules: a preset or registered variant of the game; each game has its own "
        f"(`astroplane games` lists them: {listed}), optionally followed by options as in "
        "the game's position text, e.g. standard,optional_reserve=on (ASTROPLANE) or "
        "family,rerolls=none (Aeroplane Chess) (default: the game's standard rules)"
    )


def _whole(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` to ``maximum`` in ASCII digits,
    so an out-of-range value is a usage error (exit 2) when the arguments are parsed,
    never a traceback later."""

    def parse(text: str) -> int:
        t = text.strip()
        digits = t.removeprefix("-")
        if not (t.isascii() and digits.isdigit() and len(digits) <= len(str(maximum))):
            if t.isascii() and digits.isdigit():
                raise argparse.ArgumentTypeError(f"must be at most {maximum}, not {text!r}")
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
        value = int(t)
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                f"must be at least {minimum} and at most {maximum}, not {value}"
            )
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


#: The bounds of the numeric options: what the rules and the tools accept.
MAX_TURNS_LIMIT = 1_000_000  # the last turn any game's position may have
MAX_GAMES = 1_000_000
MAX_SEED = 2**64 - 1
MAX_DEPTH = 20
_turns = _whole(1, MAX_TURNS_LIMIT)
_games = _whole(1, MAX_GAMES)
_seed = _whole(0, MAX_SEED)
_depth = _whole(1, MAX_DEPTH)
_players = _whole(2, 6)  # the protocol's seat counts; each game then checks its own
MAX_WORKERS = 1024
_workers = _whole(1, MAX_WORKERS)


def _seconds(text: str) -> float:
    """An argparse type: a thinking time such as ``0.5s`` or ``2``."""
    t = text.strip().lower().removesuffix("s")
    if not (t.isascii() and t.replace(".", "", 1).isdigit()):
        raise argparse.ArgumentTypeError(f"not a time in seconds: {text!r} (e.g. 0.5s)")
    try:
        value = float(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a time in seconds: {text!r} (e.g. 0.5s)") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"a thinking time is 0-3600 seconds, not {text!r}")
    return value


def _bot_list(text: str) -> list[str]:
    names = [n.strip().lower() for n in text.split(",")]
    for n in names:
        if n not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {n!r} (choose from {', '.join(sorted(BOTS))})"
            )
    return names


def _game(text: str) -> str:
    try:
        return get_game(text.strip().lower()).name
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _add_game_options(p: argparse.ArgumentParser, *, players_default: int) -> None:
    p.add_argument(
        "--game",
        type=_game,
        default="astroplane",
        metavar="GAME",
        help=f"the game ({', '.join(sorted(games()))}; default astroplane)",
    )
    p.add_argument(
        "--players",
        type=_players,
        metavar="{2..6}",
        default=players_default,
        help=f"number of players (default {players_default})",
    )
    p.add_argument("--rules", default=None, metavar="RULES", help=_rules_help())
    p.add_argument(
        "--seed",
        type=_seed,
        default=None,
        help="random seed for the bots and the dice (default: a random one, printed so the "
        "games can be reproduced)",
    )
    p.add_argument(
        "--max-turns",
        type=_turns,
        default=DEFAULT_MAX_TURNS,
        metavar="N",
        help=f"play no turn after turn N, 1..{MAX_TURNS_LIMIT} (default {DEFAULT_MAX_TURNS}): "
        "a game with a turn-limit rule ends by it and is scored (StarCastles counts whole "
        "rounds: the rounds that end by turn N); any other game is stopped there",
    )


def _add_svg_option(p: argparse.ArgumentParser, more: str = "") -> None:
    p.add_argument(
        "--svg",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the final position as SVG" + more,
    )


def _add_bot_options(p: argparse.ArgumentParser, default: str, what: str) -> None:
    p.add_argument(
        "--bots",
        type=_bot_list,
        default=[default],
        metavar="BOT,...",
        help=f"{what} ({', '.join(sorted(BOTS))}; default {default})",
    )
    p.add_argument(
        "--think",
        type=_seconds,
        default=None,
        metavar="TIME",
        help="thinking time per move of the searching bots, e.g. 0.5s",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``astroplane`` command.

    Examples:
        >>> build_parser().parse_args(["selfplay", "--players", "4"]).players
        4
    """
    parser = argparse.ArgumentParser(
        prog="astroplane",
        description="Play ASTROPLANE (and the other registered games): games between bots, "
        "against bots, replays and perft.",
        epilog="Run `astroplane COMMAND --help` for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {astroplane.__version__}")
    parser.add_argument(
        "--plugin",
        action="append",
        metavar="MODULE_OR_FILE",
        help="load a game plug-in that is not installed first (a module name or a .py file "
        "that calls register_game), e.g. --plugin examples/games/tictactoe.py; repeatable",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser(
        "selfplay",
        help="play complete games between bots",
        description="Play complete games between bots and print each result and a summary. "
        "A game ends by the rules or, at the latest, after the turn limit.",
    )
    _add_game_options(sp, players_default=2)
    sp.add_argument(
        "--games", type=_games, default=1, help=f"number of games, 1..{MAX_GAMES} (default 1)"
    )
    _add_bot_options(sp, "greedy", "bots per seat in turn order, cycled if fewer")
    sp.add_argument(
        "--show", action="store_true", help="print every action and the board after each turn"
    )
    sp.add_argument(
        "--record", type=Path, default=None, metavar="DIR", help="write a game record per game"
    )
    _add_svg_option(sp, " (FILE-001.svg, ... for several games)")
    sp.add_argument(
        "--workers",
        type=_workers,
        default=1,
        metavar="N",
        help="play N games at a time in worker processes (default 1: in this process); "
        "a seed gives the same games whatever N",
    )
    sp.add_argument(
        "--ray",
        default=None,
        metavar="ADDRESS",
        help="play the games as tasks on a Ray cluster: auto (the cluster this machine "
        "belongs to), local (start one here) or an address such as ray://host:10001 "
        "(needs the ray extra)",
    )
    sp.add_argument(
        "--dataset",
        type=Path,
        default=None,
        metavar="PATH",
        help="write every decision (observation, legal actions, action, final returns) "
        "to a Parquet file (needs pyarrow)",
    )
    sp.set_defaults(run=cmd_selfplay)

    pp = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="An interactive game against bots. Enter moves in move notation or by "
        "their number in the list; type `help` for the commands.",
    )
    _add_game_options(pp, players_default=2)
    pp.add_argument(
        "--human",
        default=None,
        metavar="SEAT",
        help="your seat (ASTROPLANE: S, W, N or E; default: the first seat)",
    )
    _add_bot_options(pp, "mcts", "bots for the other seats in turn order, cycled")
    _add_svg_option(pp)
    pp.set_defaults(run=cmd_play)

    rp = sub.add_parser(
        "replay",
        help="replay a game record, validating every move",
        description="Replay a game record: every move is checked against the rules. Prints "
        "the final position, or every turn with --show, or turn by turn with --step.",
    )
    rp.add_argument(
        "file", type=Path, metavar="FILE", help="the game record (a file, or - for standard input)"
    )
    mode = rp.add_mutually_exclusive_group()
    mode.add_argument("--step", action="store_true", help="show each turn and wait for Enter")
    mode.add_argument("--show", action="store_true", help="show every turn without waiting")
    _add_svg_option(rp)
    rp.set_defaults(run=cmd_replay)

    fp = sub.add_parser(
        "perft",
        help="count action sequences from the setup (move-generator check and speed)",
        description="Count the action sequences of each length up to --depth from the "
        "setup of the game (every legal action, chance outcomes included, counts as one) "
        "and the speed in nodes per second. Known counts to check a move generator "
        "against are on the games' decisions pages.",
    )
    fp.add_argument(
        "--game",
        type=_game,
        default="astroplane",
        metavar="GAME",
        help=f"the game ({', '.join(sorted(games()))}; default astroplane)",
    )
    fp.add_argument(
        "--depth", type=_depth, default=3, help=f"deepest level, 1..{MAX_DEPTH} (default 3)"
    )
    fp.add_argument(
        "--players", type=_players, metavar="{2..6}", default=2, help="players (default 2)"
    )
    fp.add_argument("--rules", default=None, metavar="RULES", help=_rules_help())
    fp.set_defaults(run=cmd_perft)

    add_check_parser(sub, _game, _games, _seed)

    gp = sub.add_parser(
        "games",
        help="list the games, with their player counts",
        description="List every game the commands can play (--game), with its title, "
        "player counts and rules variants (--rules), and every installed game plug-in that "
        "failed to load, with its error.",
    )
    gp.set_defaults(run=cmd_games)

    add_serve_parser(sub, _whole, _seconds)
    return parser


def cmd_games(args: argparse.Namespace, out: Console, err: Console) -> int:
    """``astroplane games``: every game by name, title, player counts and the variants its
    ``--rules`` takes (``Game.variants``); broken plug-ins with their error."""
    for name, game in sorted(games().items()):
        counts = ", ".join(map(str, game.player_counts))
        rules = f"; --rules {', '.join(game.variants())}" if game.variants is not None else ""
        out.print(Text(f"{name:<20} {game.title} ({counts} players){rules}"))
    for name, error in sorted(game_errors().items()):
        out.print(Text(f"{name:<20} not available: the installed plug-in failed to load: {error}"))
    return 0


def run(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command (see ``astroplane.cli.main``)."""
    plugins, argv = split_plugins(sys.argv[1:] if argv is None else argv, build_parser())
    for plugin in plugins:
        try:
            load_plugin(plugin)
        except ValueError as e:
            build_parser().error(f"argument --plugin: {e}")
    parser = build_parser()
    args = parser.parse_args(argv)
    args.plugins = tuple(plugins)  # worker processes load them too (selfplay, serve)
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if args.command is None:
        start = get_game("astroplane")
        state = start.new_game(2)
        out.print(board_text(start, state))
        out.print(Text(start.status(state)))
        out.print()
        out.print(
            Text(
                "This is the standard 2-player setup. Try `astroplane selfplay --players 4` "
                "for a game between bots, `astroplane play` to play, or `astroplane --help`."
            )
        )
        return 0
    game = get_game(args.game) if hasattr(args, "game") else None
    if game is not None and args.players not in game.player_counts:
        parser.error(
            f"argument --players: {game.title} is for {counts_text(game.player_counts)} "
            f"players, not {args.players}"
        )
    if getattr(args, "svg", None) is not None:
        args.svg = args.svg if args.svg.is_dir() else svg_path(args.svg)
        problem = output_problem(args.svg)  # checked now, not after the whole game
        if problem:
            parser.error(f"argument --svg: cannot write {str(args.svg)!r}: {problem}")
    if game is not None:
        try:
            rules = rules_for(game, args.rules)
        except CliError as e:
            parser.error(f"argument {e}")
        try:  # rules may be for some player counts only (Aeroplane Chess teams: four)
            game.new_game(args.players, rules=rules)
        except ValueError as e:
            parser.error(f"argument --players: {e}")
    if args.command == "play":
        seats = game.new_game(args.players).seats if game is not None else ()
        names = [game.seat_names[s] for s in seats] if game is not None else []
        wanted = names[0] if args.human is None else args.human.strip().upper()
        if wanted not in names:
            parser.error(
                f"argument --human: {args.human!r} is not a seat of this "
                f"{args.players}-player game (seats {', '.join(names)})"
            )
        args.human_seat = seats[names.index(wanted)]
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
