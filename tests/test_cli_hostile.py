"""The command line under hostile arguments (issue 32, item 10): a file argument is a file
name, never ``--plugin``, and ``replay`` reads only regular files (or ``-``, standard input)
with its size limit, so a FIFO or a device never blocks it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from astroplane.cli.app import build_parser
from astroplane.cli.plugins import split_plugins
from astroplane.cli.replay import MAX_RECORD_BYTES
from astroplane.games import square_off
from test_cli import run_cli

PLUGIN_MARK = "plugin ran"

PARSER = build_parser()


def _record(tmp_path: Path) -> Path:
    s = square_off.new_game()
    moves = [s.legal_moves()[0]]
    path = tmp_path / "game.txt"
    path.write_text(square_off.GameRecord.from_game(s, moves).to_text(), encoding="utf-8")
    return path


def test_a_file_argument_spelled_like_the_option_is_a_file_name(tmp_path: Path) -> None:
    """Issue 32.10: ``replay game.txt --plugin=x.py`` ran ``x.py``; after the command's
    first file argument ``--plugin`` is not taken, so argparse refuses the stray argument
    and nothing runs. ``--`` makes it the file name."""
    plugin = tmp_path / "x.py"
    plugin.write_text(f"print({PLUGIN_MARK!r})\n", encoding="utf-8")
    done = run_cli("replay", str(_record(tmp_path)), f"--plugin={plugin}")
    assert PLUGIN_MARK not in done.stdout and done.returncode == 2
    assert f"unrecognized arguments: --plugin={plugin}" in done.stderr
    done = run_cli("replay", "--", f"--plugin={plugin}")
    assert PLUGIN_MARK not in done.stdout and done.returncode == 1
    assert f"cannot read '--plugin={plugin}'" in done.stderr


def test_split_plugins_stops_at_the_first_file_and_skips_option_values() -> None:
    """``--plugin`` is taken before the command and among its options, never as the value
    of another option, after ``--`` or after the command's first positional argument."""
    argv = ["--plugin", "a.py", "selfplay", "--plugin=b", "--games", "2"]
    assert split_plugins(argv, PARSER) == (
        ["a.py", "b"],
        ["selfplay", "--games", "2"],
    )
    assert split_plugins(["replay", "g.txt", "--plugin=x.py"], PARSER) == (
        [],
        ["replay", "g.txt", "--plugin=x.py"],
    )
    assert split_plugins(["replay", "--svg", "--plugin=x.py", "g.txt"], PARSER) == (
        [],
        ["replay", "--svg", "--plugin=x.py", "g.txt"],
    )
    assert split_plugins(["replay", "--show", "--plugin", "p", "g.txt"], PARSER) == (
        ["p"],
        ["replay", "--show", "g.txt"],
    )
    assert split_plugins(["selfplay", "--record", "--plugin=d"], PARSER) == (
        [],
        ["selfplay", "--record", "--plugin=d"],
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_replay_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    """Issue 32.10: a FIFO given as the record blocked ``replay`` for ever (waiting for a
    writer); it is refused as not a regular file, at once."""
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    done = run_cli("replay", str(fifo))
    assert done.returncode == 1
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_replay_refuses_a_directory(tmp_path: Path) -> None:
    """A directory is not a record either: one error line, exit 1."""
    done = run_cli("replay", str(tmp_path))
    assert done.returncode == 1 and "not a regular file" in done.stderr


def test_replay_reads_standard_input_as_dash(tmp_path: Path) -> None:
    """``-`` reads the record from standard input, with the same size limit."""
    text = _record(tmp_path).read_text(encoding="utf-8")
    done = run_cli("replay", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert "every move is legal" in done.stdout and "-:" in done.stdout
    done = run_cli("replay", "-", stdin="#" * (MAX_RECORD_BYTES + 1))
    assert done.returncode == 1 and f"larger than {MAX_RECORD_BYTES:,} bytes" in done.stderr
