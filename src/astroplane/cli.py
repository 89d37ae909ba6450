"""The ``astroplane`` command line: bot games, an interactive game, replays and perft.

Sub-commands (``astroplane <command> --help`` explains each):

* ``selfplay`` plays complete games between bots and prints the results;
* ``play`` is an interactive terminal game against bots;
* ``replay`` replays a game record, validating every move;
* ``perft`` counts action sequences [D22] and measures the speed.

Exit codes: 0 success, 1 a bad file or game record (one ``astroplane: error:``
line on stderr), 2 bad command-line arguments (argparse's usage message),
130 interrupted.

>>> main(["perft", "--depth", "1"])  # doctest: +ELLIPSIS
depth        nodes   seconds     nodes/s
    1            6 ...
0
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

import astroplane
from astroplane.agents import BOTS, Agent, GameRun, make_bot, play_game
from astroplane.errors import IllegalMoveError, NotationError
from astroplane.moves import Move
from astroplane.outcome import EndReason, Outcome
from astroplane.pieces import SEAT_NAMES, seat_from_name
from astroplane.rules.options import ADVANCED, BASIC, STANDARD, Rules
from astroplane.state import GameState

__all__ = ["DEFAULT_MAX_TURNS", "main"]

#: Default turn limit of ``selfplay`` and ``play`` [D18]: far above the length of
#: real games (bot games end by the rules after 25-650 turns), so that every
#: game ends even if the players only shuffle pieces around.
DEFAULT_MAX_TURNS = 1000

_PRESETS: dict[str, Rules] = {"standard": STANDARD, "basic": BASIC, "advanced": ADVANCED}
_SEAT_STYLE = {"S": "bold red", "W": "bold green", "N": "bold blue", "E": "bold yellow"}
_PIECE_RE = re.compile(r"\b([SWNE])(10|[1-9])(?=[a-z*\s/\]]|$)")
_RECORD_SUFFIX = ".apgame"


class CliError(Exception):
    """A failure to report as one line on stderr with exit code 1."""


# ---- output helpers ---------------------------------------------------------


def _board(state: GameState) -> Text:
    """The board of ``state`` (``str(state)``) with pieces coloured by seat."""
    text = Text(str(state))
    for m in _PIECE_RE.finditer(text.plain):
        text.stylize(_SEAT_STYLE[m.group(1)], m.start(), m.end())
    return text


def _seats_text(state: GameState) -> str:
    return "".join(SEAT_NAMES[s] for s in state.seats)


def _scores_text(state: GameState, points: Sequence[int]) -> str:
    return ", ".join(f"{SEAT_NAMES[s]} {points[s]}" for s in state.seats)


def _ending(outcome: Outcome) -> str:
    if outcome.reason == EndReason.TURN_LIMIT:
        return f"ended by the turn limit after turn {outcome.turn}"
    how = {
        EndReason.TRUE_WIN: "true win",
        EndReason.STUCK: "a player was stuck",
        EndReason.LAST_PLAYER: "stuck players removed, one left",
        EndReason.NO_PROGRESS: "no progress",
    }[outcome.reason]
    return f"ended by the rules ({how}) in turn {outcome.turn}"


def _result_line(state: GameState, outcome: Outcome) -> str:
    who = "+".join(SEAT_NAMES[s] for s in outcome.winners)
    verb = "share the win" if outcome.is_shared else "wins"
    true = "a true win" if outcome.true_win else "no true win"
    return (
        f"{who} {verb} ({true}); scores {_scores_text(state, outcome.scores)}; {_ending(outcome)}"
    )


def _format_move(state: GameState, move: Move) -> str:
    from astroplane.formats.notation import format_move

    return format_move(state, move)


def _rules_with_limit(name: str, max_turns: int | None) -> Rules:
    rules = _PRESETS[name]
    return rules if max_turns is None else attrs.evolve(rules, max_turns=max_turns)


# ---- argument types -----------------------------------------------------------


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


def _seat(text: str) -> int:
    try:
        return seat_from_name(text.strip().upper())
    except (ValueError, IndexError):
        raise argparse.ArgumentTypeError(f"not a seat: {text!r} (S, W, N or E)") from None


# ---- selfplay ----------------------------------------------------------------


def _bots_for(names: Sequence[str], state: GameState, rng: random.Random) -> dict[int, Agent]:
    return {
        seat: make_bot(names[i % len(names)], rng.randrange(2**32))
        for i, seat in enumerate(state.seats)
    }


def _cmd_selfplay(args: argparse.Namespace, out: Console, err: Console) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = _rules_with_limit(args.rules, args.max_turns)
    names: list[str] = args.bots
    record_dir: Path | None = args.record
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(f"cannot create record directory {str(record_dir)!r}: {e}") from e
    initial = astroplane.new_game(args.players, rules=rules)
    seat_bots = {s: names[i % len(names)] for i, s in enumerate(initial.seats)}
    out.print(
        f"{args.games} game{'s' if args.games != 1 else ''}, {args.players} players "
        f"({', '.join(f'{SEAT_NAMES[s]} {b}' for s, b in seat_bots.items())}), "
        f"{args.rules} rules, turn limit {args.max_turns}, seed {seed}",
        highlight=False,
    )
    results: list[GameRun] = []
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=args.games < 2 or args.show,
    )
    with progress:
        task = progress.add_task("playing", total=args.games)
        for g in range(1, args.games + 1):
            agents = _bots_for(names, initial, rng)
            hook: Callable[[GameState, Move, GameState], None] | None = None
            if args.show:
                out.print(Text(f"Game {g}: initial position"))
                out.print(_board(initial))

                def hook(before: GameState, move: Move, after: GameState) -> None:
                    out.print(Text(f"{SEAT_NAMES[before.to_move]}: {_format_move(before, move)}"))
                    if after.is_over or after.turn != before.turn:
                        out.print(_board(after))
                        out.print()

            t0 = time.perf_counter()
            run = play_game(initial, agents, on_action=hook)
            seconds = time.perf_counter() - t0
            results.append(run)
            final = run.final
            assert final.outcome is not None
            if args.games == 1 and not args.show:
                out.print(_board(final))
            out.print(
                Text(
                    f"Game {g}: {_result_line(final, final.outcome)}; "
                    f"{len(run.moves)} actions, {seconds:.2f} s"
                )
            )
            if record_dir is not None:
                path = record_dir / f"game-{g:03d}{_RECORD_SUFFIX}"
                _write_record(run, path, event=f"astroplane selfplay, seed {seed}, game {g}")
                out.print(Text(f"  record written to {path}"))
            progress.advance(task)
    if args.games > 1:
        out.print(_summary(results, seat_bots))
    return 0


def _write_record(run: GameRun, path: Path, *, event: str) -> None:
    from astroplane.formats.record import GameRecord

    record = GameRecord.from_game(
        run.initial, list(run.moves), date=datetime.date.today().isoformat(), event=event
    )
    try:
        path.write_text(record.to_text(), encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write record {str(path)!r}: {e}") from e


def _summary(results: Sequence[GameRun], seat_bots: dict[int, str]) -> Table:
    table = Table(title=f"Summary of {len(results)} games")
    for col in ("Seat", "Bot", "Wins", "Shared", "True wins", "Avg score"):
        table.add_column(col, justify="left" if col in ("Seat", "Bot") else "right")
    for seat, bot in seat_bots.items():
        wins = shared = true_wins = total = 0
        for run in results:
            o = run.final.outcome
            assert o is not None
            total += o.scores[seat]
            if seat in o.winners:
                if o.is_shared:
                    shared += 1
                else:
                    wins += 1
                true_wins += o.true_win
        table.add_row(
            Text(SEAT_NAMES[seat], style=_SEAT_STYLE[SEAT_NAMES[seat]]),
            bot,
            str(wins),
            str(shared),
            str(true_wins),
            f"{total / len(results):.1f}",
        )
    by_limit = sum(
        1 for r in results if r.final.outcome and r.final.outcome.reason == EndReason.TURN_LIMIT
    )
    turns = [r.final.turn for r in results]
    table.caption = (
        f"{len(results) - by_limit} ended by the rules, {by_limit} by the turn limit; "
        f"turns: mean {sum(turns) / len(turns):.1f}, max {max(turns)}"
    )
    return table


# ---- play ----------------------------------------------------------------------

_PLAY_HELP = """\
Enter a move in move notation (as listed by `moves`), or the number of a listed move.
Commands:
  moves   list the legal moves, numbered
  board   show the board again
  undo    take back your last action (and the bots' replies)
  help    this text
  quit    leave the game (also Ctrl-D)"""


def _cmd_play(args: argparse.Namespace, out: Console, err: Console) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = _rules_with_limit(args.rules, args.max_turns)
    state = astroplane.new_game(args.players, rules=rules)
    human: int = args.human  # checked by main(): a seat of the game
    names: list[str] = args.bots
    bots: dict[int, Agent] = {}
    i = 0
    for s in state.seats:
        if s != human:
            bots[s] = make_bot(names[i % len(names)], rng.randrange(2**32))
            i += 1
    out.print(
        Text(
            f"You play {SEAT_NAMES[human]} against "
            + ", ".join(f"{SEAT_NAMES[s]} ({names[k % len(names)]})" for k, s in enumerate(bots))
            + f"; {args.rules} rules, seed {seed}. Type `help` for commands."
        )
    )
    history: list[GameState] = []  # states where the human was to move, for undo
    shown: GameState | None = None
    while not state.is_over:
        if state.to_move != human:
            move = bots[int(state.to_move)].choose(state)
            out.print(Text(f"{SEAT_NAMES[state.to_move]} plays {_format_move(state, move)}"))
            state = state.play(move)
            continue
        if shown is not state:
            out.print(_board(state))
            _print_moves(out, state)
            shown = state
        try:
            line = input(f"{SEAT_NAMES[human]} ({state.moves_left} left)> ")
        except EOFError:
            out.print()
            out.print("Bye (end of input).")
            return 0
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in ("quit", "exit", "q"):
            out.print("Bye.")
            return 0
        if word in ("help", "?", "h"):
            out.print(Text(_PLAY_HELP))
            continue
        if word in ("moves", "m"):
            _print_moves(out, state)
            continue
        if word == "board":
            out.print(_board(state))
            continue
        if word == "undo":
            if not history:
                out.print("Nothing to undo.")
                continue
            state = history.pop()
            shown = None
            out.print("Undone.")
            continue
        try:
            move = _read_move(state, text)
            after = state.play(move)
        except (NotationError, IllegalMoveError) as e:
            out.print(Text(f"Not accepted: {e}. Type `moves` for the legal moves.", style="red"))
            continue
        history.append(state)
        out.print(Text(f"{SEAT_NAMES[human]} plays {_format_move(state, move)}"))
        state = after
    assert state.outcome is not None
    out.print(_board(state))
    out.print(Text(f"Game over: {_result_line(state, state.outcome)}"))
    return 0


def _read_move(state: GameState, text: str) -> Move:
    """A move from the human's input: a number from the list, or move notation."""
    legal = state.legal_moves()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(legal):
            return legal[k - 1]
        raise NotationError(f"there is no move number {k} (1-{len(legal)})", text)
    from astroplane.formats.notation import parse_move

    return parse_move(state, text)


def _print_moves(out: Console, state: GameState) -> None:
    legal = state.legal_moves()
    out.print(Text(f"Legal moves ({len(legal)}):"))
    items = [f"{k:>3}. {_format_move(state, m)}" for k, m in enumerate(legal, 1)]
    width = max(len(x) for x in items) + 2
    per_row = max(1, min(4, 100 // width))
    for r in range(0, len(items), per_row):
        out.print(Text("".join(x.ljust(width) for x in items[r : r + per_row]).rstrip()))


# ---- replay ----------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace, out: Console, err: Console) -> int:
    from astroplane.formats.record import GameRecord

    path: Path = args.file
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {str(path)!r}: {getattr(e, 'strerror', None) or e}") from e
    try:
        record = GameRecord.from_text(text)
        states = record.replay()
    except ValueError as e:  # NotationError, IllegalMoveError, PositionError
        raise CliError(f"{path}: invalid game record: {e}") from e
    initial = states[0]
    moves = record.moves
    out.print(
        Text(
            f"{path}: {len(moves)} actions, {len(initial.seats)} players "
            f"({_seats_text(initial)}), rules {record.header('Rules') or initial.rules.name}; "
            "every move is legal."
        )
    )
    if args.step or args.show:
        out.print(_board(initial))
        for k, move in enumerate(moves):
            before, after = states[k], states[k + 1]
            out.print(Text(f"{SEAT_NAMES[before.to_move]}: {_format_move(before, move)}"))
            if after.is_over or after.turn != before.turn or k == len(moves) - 1:
                out.print(_board(after))
                if args.step and k < len(moves) - 1:
                    try:
                        answer = input("Enter: next turn, q: quit> ")
                    except EOFError:
                        answer = ""
                        args.step = False  # no more input: play on to the end
                        out.print()
                    if answer.strip().lower() in ("q", "quit"):
                        return 0
    final = states[-1]
    if not (args.step or args.show):
        out.print(_board(final))
    if final.outcome is not None:
        out.print(Text(f"Result: {_result_line(final, final.outcome)}"))
    else:
        out.print(
            Text(
                f"The record ends in turn {final.turn} before the end of the game; "
                f"scores {_scores_text(final, final.scores())}."
            )
        )
    return 0


# ---- perft ------------------------------------------------------------------------


def _cmd_perft(args: argparse.Namespace, out: Console, err: Console) -> int:
    from astroplane.perft import perft

    state = astroplane.new_game(args.players, rules=_PRESETS[args.rules])
    out.print(f"{'depth':>5} {'nodes':>12} {'seconds':>9} {'nodes/s':>11}", highlight=False)
    for depth in range(1, args.depth + 1):
        t0 = time.perf_counter()
        nodes = perft(state, depth)
        dt = time.perf_counter() - t0
        rate = f"{nodes / dt:>11,.0f}" if dt > 0 else f"{'-':>11}"
        out.print(f"{depth:>5} {nodes:>12} {dt:>9.3f} {rate}", highlight=False)
    return 0


# ---- the parser and main -----------------------------------------------------------


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
        choices=tuple(_PRESETS),
        default="standard",
        help="rules preset (default standard)",
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
    sp.set_defaults(run=_cmd_selfplay)

    pp = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="An interactive game against bots. Enter moves in move notation or by their "
        "number in the list; commands: moves, board, undo, help, quit.",
    )
    _add_game_options(pp, players_default=2)
    pp.add_argument(
        "--human", type=_seat, default=0, metavar="SEAT", help="your seat: S, W, N or E (default S)"
    )
    pp.add_argument(
        "--bots",
        type=_bot_list,
        default=["greedy"],
        metavar="BOT,...",
        help="bots for the other seats in turn order, cycled (default greedy)",
    )
    pp.set_defaults(run=_cmd_play, parser=pp)

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
    rp.set_defaults(run=_cmd_replay)

    fp = sub.add_parser(
        "perft",
        help="count action sequences from the setup [D22]",
        description="Count the action sequences of each length up to --depth from the standard "
        "setup [D22] and the speed in nodes per second.",
    )
    fp.add_argument("--depth", type=_positive, default=3, help="deepest level (default 3)")
    fp.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="players (default 2)")
    fp.add_argument("--rules", choices=tuple(_PRESETS), default="standard", help="rules preset")
    fp.set_defaults(run=_cmd_perft)
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
        out.print(_board(astroplane.new_game(2)))
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
