"""Small frictions of the command line a newcomer meets in the first hour (issue 31)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from astroplane.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _usage_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert "Game 1" not in captured.out  # refused before any game is played
    return captured.err


def test_a_player_count_the_game_does_not_take_is_said_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--players 4`` for Square Off names its counts in words, not a Python tuple."""
    err = _usage_error(["selfplay", "--game", "square-off", "--players", "4"], capsys)
    assert "Square Off is for 2 players, not 4" in err and "(2,)" not in err
    err = _usage_error(["play", "--game", "starcastles", "--players", "1"], capsys)
    assert "must be at least 2" in err


@pytest.mark.parametrize("command", [[], ["selfplay"], ["play"], ["replay"], ["perft"], ["games"]])
def test_help_texts_name_no_unexplained_rule_tag(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """No ``[D22]``/``[D18]`` tag in ``--help``: the options say what they do in words."""
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert not re.search(r"\[(D|SO|SC|AC)\d+", out), out


def test_perft_lists_the_games_and_says_which_it_counted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["perft", "--help"])
    # Other tests may have registered plug-ins (tic-tac-toe, Pig): they are listed too.
    option = re.search(r"--game GAME\s+the game \(([^;]*);", capsys.readouterr().out)
    assert option is not None
    listed = re.split(r",\s+", option[1])
    assert {"aeroplane-chess", "astroplane", "square-off", "starcastles"} <= set(listed)
    assert listed == sorted(listed)
    assert main(["perft", "--game", "square-off", "--depth", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "perft of Square Off, 2 players, square-off rules, from the setup"
    assert [line.split()[1] for line in lines[2:]] == ["24", "552"]


def test_an_svg_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--svg /nonexistent/x.svg`` is a usage error at once, not after the game; so is a
    folder given as the file."""
    err = _usage_error(["selfplay", "--svg", str(tmp_path / "missing" / "x.svg")], capsys)
    assert "argument --svg: cannot write" in err and "does not exist" in err
    err = _usage_error(["play", "--svg", str(tmp_path)], capsys)
    assert "is a directory" in err


def test_an_svg_name_without_the_suffix_gets_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--svg final`` writes ``final.svg`` (``final-001.svg``, ... for several games), as
    the CLI page says; a name ending in ``.svg`` is kept."""
    assert main(["selfplay", "--svg", str(tmp_path / "final"), "--seed", "1"]) == 0
    assert main(["selfplay", "--svg", str(tmp_path / "many"), "--games", "2", "--seed", "1"]) == 0
    assert main(["selfplay", "--svg", str(tmp_path / "kept.svg"), "--seed", "1"]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["final.svg", "kept.svg", "many-001.svg", "many-002.svg"]
    assert all(p.read_text(encoding="utf-8").startswith("<svg") for p in tmp_path.iterdir())
    assert str(tmp_path / "final.svg") in capsys.readouterr().out


def _readme_command_list() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].split() for line in block.strip().splitlines()]


def test_the_readme_command_list_writes_a_record_before_it_replays_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each file ``replay`` reads in the README's command list is written by a command
    above it; the record and replay lines run as written, from an empty folder."""
    commands = _readme_command_list()
    assert all(c[0] == "astroplane" for c in commands)
    written: set[str] = set()
    monkeypatch.chdir(tmp_path)
    for words in commands:
        args = words[1:]
        if "--record" in args:
            folder = args[args.index("--record") + 1]
            written |= {f"{folder}/game-{n:03d}.apgame" for n in range(1, 11)}
            assert main([*args, "--seed", "3"]) == 0
        if args[0] == "replay":
            assert args[1] in written, f"{args[1]} is replayed before a command writes it"
            assert main(args) == 0
    out = capsys.readouterr().out
    assert "Final position drawn in final.svg" in out and (tmp_path / "final.svg").is_file()
