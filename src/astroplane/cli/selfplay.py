"""``astroplane selfplay``: complete games between bots, with a summary table."""

from __future__ import annotations

import argparse
import datetime
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

import astroplane
from astroplane.agents import Agent, GameRun, make_bot, play_game
from astroplane.cli.common import (
    RECORD_SUFFIX,
    SEAT_STYLE,
    CliError,
    board,
    format_move,
    result_line,
    rules_with_limit,
)
from astroplane.formats.record import GameRecord
from astroplane.moves import Move
from astroplane.outcome import EndReason
from astroplane.pieces import SEAT_NAMES
from astroplane.state import GameState

__all__ = ["cmd_selfplay"]


def _bots_for(names: Sequence[str], state: GameState, rng: random.Random) -> dict[int, Agent]:
    return {
        seat: make_bot(names[i % len(names)], rng.randrange(2**32))
        for i, seat in enumerate(state.seats)
    }


def cmd_selfplay(args: argparse.Namespace, out: Console, err: Console) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = rules_with_limit(args.rules, args.max_turns)
    names: list[str] = args.bots
    record_dir: Path | None = args.record
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(f"cannot create record directory {str(record_dir)!r}: {e}") from e
    initial = astroplane.new_game(args.players, rules=rules)
    seat_bots = {int(s): names[i % len(names)] for i, s in enumerate(initial.seats)}
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
                out.print(board(initial))

                def hook(before: GameState, move: Move, after: GameState) -> None:
                    out.print(Text(f"{SEAT_NAMES[before.to_move]}: {format_move(before, move)}"))
                    if after.is_over or after.turn != before.turn:
                        out.print(board(after))
                        out.print()

            t0 = time.perf_counter()
            run = play_game(initial, agents, on_action=hook)
            seconds = time.perf_counter() - t0
            results.append(run)
            final = run.final
            assert final.outcome is not None
            if args.games == 1 and not args.show:
                out.print(board(final))
            out.print(
                Text(
                    f"Game {g}: {result_line(final, final.outcome)}; "
                    f"{len(run.moves)} actions, {seconds:.2f} s"
                )
            )
            if record_dir is not None:
                path = record_dir / f"game-{g:03d}{RECORD_SUFFIX}"
                _write_record(run, path, event=f"astroplane selfplay, seed {seed}, game {g}")
                out.print(Text(f"  record written to {path}"))
            progress.advance(task)
    if args.games > 1:
        out.print(_summary(results, seat_bots))
    return 0


def _write_record(run: GameRun, path: Path, *, event: str) -> None:
    moves = [m for m in run.moves if isinstance(m, Move)]
    record = GameRecord.from_game(
        run.initial, moves, date=datetime.date.today().isoformat(), event=event
    )
    try:
        path.write_text(record.to_text(), encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write record {str(path)!r}: {e}") from e


def _summary(results: Sequence[GameRun], seat_bots: Mapping[int, str]) -> Table:
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
            Text(SEAT_NAMES[seat], style=SEAT_STYLE[SEAT_NAMES[seat]]),
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
