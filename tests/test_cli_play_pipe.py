"""``astroplane play`` driven through a pipe, as a person types, in every game: undo never
changes a rolled die (it stops at the last roll), a forced pass is played for the person
with a message, and each roll is told once."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TICTACTOE = ROOT / "examples" / "games" / "tictactoe.py"

#: Every bundled game and the example game (a plug-in), with the person's seat.
GAMES = [
    ("astroplane", "S"),
    ("aeroplane-chess", "R"),
    ("square-off", "W"),
    ("starcastles", "B"),
    ("tic-tac-toe", "X"),
]


def play(game: str, human: str, typed: str, *extra: str) -> str:
    """The output of ``astroplane play`` for ``game`` with ``typed`` piped to it."""
    args = [sys.executable, "-m", "astroplane"]
    if game == "tic-tac-toe":
        args += ["--plugin", str(TICTACTOE)]
    args += ["play", "--game", game, "--human", human, "--bots", "random", "--seed", "3"]
    proc = subprocess.run(
        [*args, *extra],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout


def prompts(out: str, human: str) -> list[str]:
    """The output cut at each prompt: what was shown before each input was read."""
    return re.split(rf"^{re.escape(human)} \([^)]*\)> ", out, flags=re.M)


@pytest.mark.parametrize(("game", "human"), GAMES)
def test_play_through_a_pipe_moves_undoes_and_quits(game: str, human: str) -> None:
    """Through a pipe: nothing to undo at the start, two moves by number, an undo that
    takes back the last one (games without dice) or is refused because a die was rolled
    since (Aeroplane Chess), then quit."""
    out = play(game, human, "undo\n1\n1\nundo\nboard\nquit\n")
    parts = prompts(out, human)
    assert len(parts) == 7, out  # six inputs read, and what followed the last one
    assert parts[1].startswith("Nothing to undo")
    assert re.match(rf"{human} plays ", parts[2]) and re.match(rf"{human} plays ", parts[3])
    if game == "aeroplane-chess":
        assert parts[4].startswith("Nothing to undo: ") and "stops at the last roll" in parts[4]
    else:
        assert parts[4].startswith("Undone.")
    assert parts[6].strip().endswith("Bye.")


def test_undo_never_changes_a_rolled_die() -> None:
    """In Aeroplane Chess, undo after a roll is refused, and the die, the position and the
    legal moves are those of before (typing undo again and again changes nothing)."""
    out = play("aeroplane-chess", "R", "1\nundo\nundo\nundo\nboard\nmoves\nquit\n")
    parts = prompts(out, "R")
    status = re.findall(r"^Turn \d+: R \(Red\) rolled a \d.*$", parts[1], re.M)
    assert status, parts[1]
    for refused in parts[2:5]:
        assert refused.startswith("Nothing to undo: ") and "a rolled die stays rolled" in refused
    assert status[-1] in parts[5]  # `board`: the same turn and the same roll
    before = parts[1][parts[1].rindex("Legal moves") :]
    assert parts[6].strip() == before.strip()  # `moves`: the same list


def test_a_forced_pass_is_played_for_the_person_and_each_roll_is_told_once() -> None:
    """With seed 3 Red's first roll is a 3 (no plane can take off): the pass is played
    without asking, with a message. Before each of Red's decisions Red's roll is told once
    (the status line), a bot's roll once (``B rolls N``)."""
    out = play("aeroplane-chess", "R", "1\n" * 12 + "quit\n")
    first = prompts(out, "R")[0]
    assert re.search(r"^R rolls 3: no legal move but pass, so you pass \(played for you\)\.$",
                     first, re.M)  # fmt: skip
    for shown in prompts(out, "R")[:-1]:
        own_rolls = re.findall(r"^Turn \d+: R \(Red\) rolled a \d", shown, re.M)
        assert len(own_rolls) == 1, shown
        for line in re.findall(r"^R rolls .*$", shown, re.M):
            assert line.endswith("(played for you)."), line  # only forced passes say it
        # A bot's roll is told by its own line only (no status line is shown for it).
        assert not re.search(r"B \(Blue\) rolled", shown), shown


def test_play_stops_a_game_without_a_turn_limit_rule_at_the_limit() -> None:
    """``--max-turns`` stops Aeroplane Chess (which has no turn-limit rule) when the turn
    is over, and says so, as ``selfplay`` and ``play_game`` do."""
    out = play("aeroplane-chess", "R", "1\n" * 30 + "quit\n", "--max-turns", "4")
    assert "Game over: stopped when turn 4 was over (the turn limit)" in out
    assert "Bye" not in out
