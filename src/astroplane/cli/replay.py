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
from astroplane.formats.limits import MAX_RECORD_TEXT
from astroplane.formats.record import GameRecord
from astroplane.pieces import SEAT_NAMES

__all__ = ["cmd_replay"]


def cmd_replay(args: argparse.Namespace, out: Console, err: Console) -> int:
    path: Path = args.file
    try:
        with path.open(encoding="utf-8") as f:
            # One character past the limit, so from_text reports a record that is too long
            # (an endless file such as /dev/zero costs no more than that).
            text = f.read(MAX_RECORD_TEXT + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {str(path)!r}: {getattr(e, 'strerror', None) or e}") from e
    try:
        record = GameRecord.from_text(text)
    except ValueError as e:  # NotationError, IllegalMoveError, PositionError
        raise CliError(f"{path}: invalid game record: {e}") from e
    initial = record.initial
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
        states = record.replay()
        after = next(states)
        for k, move in enumerate(moves):
            before, after = after, next(states)
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
        final = after
    else:
        final = record.final_state()
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
