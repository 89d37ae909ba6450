"""``astroplane replay``: replay a game record, validating every move."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.text import Text

from astroplane.cli.common import (
    CliError,
    board,
    format_move,
    result_line,
    scores_text,
    seats_text,
)
from astroplane.formats.record import GameRecord
from astroplane.pieces import SEAT_NAMES

__all__ = ["cmd_replay"]


def cmd_replay(args: argparse.Namespace, out: Console, err: Console) -> int:
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
            f"({seats_text(initial)}), rules {record.header('Rules') or initial.rules.name}; "
            "every move is legal."
        )
    )
    if args.step or args.show:
        out.print(board(initial))
        for k, move in enumerate(moves):
            before, after = states[k], states[k + 1]
            out.print(Text(f"{SEAT_NAMES[before.to_move]}: {format_move(before, move)}"))
            if after.is_over or after.turn != before.turn or k == len(moves) - 1:
                out.print(board(after))
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
        out.print(board(final))
    if final.outcome is not None:
        out.print(Text(f"Result: {result_line(final, final.outcome)}"))
    else:
        out.print(
            Text(
                f"The record ends in turn {final.turn} before the end of the game; "
                f"scores {scores_text(final, final.scores())}."
            )
        )
    return 0
