"""``astroplane replay``: replay a game record of any registered game, checking every move.

The record's game is found as ``astroplane.read_record`` finds it (``astroplane.records``:
its ``Game`` header; ASTROPLANE's records have none), and its errors are the reader's."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text

from astroplane.cli.common import CliError, board_text, write_svg
from astroplane.records import read_record

__all__ = ["MAX_RECORD_BYTES", "cmd_replay"]

#: The largest record file ``replay`` reads (10 MB: about 200,000 turns).
MAX_RECORD_BYTES = 10_000_000


def _read(path: Path) -> str:
    """The record text of ``path``: a regular file, or ``-`` for standard input, of at
    most ``MAX_RECORD_BYTES`` bytes of UTF-8. Anything else (a FIFO, a device, a
    directory) is refused at once, never waited on: the file is opened without blocking
    and checked before a byte is read."""
    if str(path) == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as e:
            raise CliError(f"cannot read {str(path)!r}: {e.strerror or e}") from e
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise CliError(f"{path}: not a game record (not a regular file)")
        with os.fdopen(fd, "rb") as f:
            try:
                data = f.read(MAX_RECORD_BYTES + 1)
            except OSError as e:
                raise CliError(f"cannot read {str(path)!r}: {e.strerror or e}") from e
    if len(data) > MAX_RECORD_BYTES:
        raise CliError(f"{path}: not a game record (larger than {MAX_RECORD_BYTES:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError(f"{path}: not a game record (not UTF-8 text at byte {e.start})") from e


def cmd_replay(args: argparse.Namespace, out: Console, err: Console) -> int:
    path: Path = args.file
    text = _read(path)
    try:
        record = read_record(text)
    except ValueError as e:  # NotationError (UnknownGameError, ...), IllegalMoveError
        raise CliError(f"{path}: invalid game record: {e}") from e
    game, initial, moves = record.game, record.start, record.moves
    seats = "".join(game.seat_names[s] for s in initial.seats)
    out.print(
        Text(
            f"{path}: {game.title}, {len(moves)} actions, {len(initial.seats)} players "
            f"({seats}); every move is legal."
        )
    )
    state = initial
    if args.step or args.show:
        out.print(board_text(game, initial))
        out.print(Text(game.status(initial)))
    for k, move in enumerate(moves):
        before, state = state, state.play(move)
        if not (args.step or args.show):
            continue
        who = "dice" if before.is_chance_node else game.seat_names[before.to_move]
        out.print(Text(f"{who}: {game.format_move(before, move)}"))
        if state.is_over or state.turn != before.turn or k == len(moves) - 1:
            out.print(board_text(game, state))
            if not state.is_over:
                out.print(Text(game.status(state)))
            if args.step and k < len(moves) - 1:
                try:
                    answer = input("Enter: next turn, q: quit> ")
                except EOFError:
                    answer = ""
                    args.step = False  # no more input: play on to the end
                    out.print()
                if answer.strip().lower() in ("q", "quit"):
                    return 0
    if not (args.step or args.show):
        out.print(board_text(game, state))
    if state.is_over:
        out.print(Text(f"Result: {game.describe_outcome(state)}"))
    else:
        out.print(Text(f"The record ends before the end of the game. {game.status(state)}"))
    if args.svg is not None:
        write_svg(game, state, args.svg, moves[-1] if moves else None)
        out.print(Text(f"Final position drawn in {args.svg}"))
    return 0
