"""Both example games (examples/games/tictactoe.py and pig.py) through every tool, as a
plug-in's author runs them: the conformance suite (``astroplane check``), ``selfplay``
with records and SVG, ``replay``, ``perft``, ``play`` through a pipe, MCTS, and
PettingZoo's ``api_test`` (issue 33: a game needs only its rules and notation)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from astroplane.agents import RandomBot, play_game
from astroplane.mcts import MCTSBot
from astroplane.protocol import get_game

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"
EXAMPLES = [("tictactoe.py", "tic-tac-toe"), ("pig.py", "pig")]


def _cli(plugin: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "astroplane", "--plugin", str(GAMES / plugin), *args],
        capture_output=True,
        text=True,
        timeout=300,
        input=stdin,
        cwd=GAMES.parent,  # not the repository: its conftest.py registers the examples
    )


@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_astroplane_check_passes(plugin: str, name: str) -> None:
    """``astroplane --plugin FILE check --game NAME`` runs the whole shipped suite and
    exits 0."""
    done = _cli(plugin, "check", "--game", name, "--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{name}: every check passed" in done.stdout


@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_selfplay_writes_records_and_svg_that_replay(
    plugin: str, name: str, tmp_path: Path
) -> None:
    """``selfplay --record DIR --svg FILE`` plays to the end, writes a record per game
    (the kit's, from the game's notation) that ``replay`` reads back, and SVG documents."""
    done = _cli(plugin, "selfplay", "--game", name, "--games", "2", "--seed", "4",
                "--record", str(tmp_path), "--svg", str(tmp_path / "end.svg"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = sorted(p for p in tmp_path.iterdir() if p.suffix != ".svg")
    drawings = sorted(tmp_path.glob("*.svg"))
    assert len(records) == 2 and len(drawings) == 2, sorted(tmp_path.iterdir())
    for drawing in drawings:
        assert ET.parse(drawing).getroot().tag.endswith("svg")
    for record in records:
        replayed = _cli(plugin, "replay", str(record), "--svg", str(tmp_path / "replay.svg"))
        assert replayed.returncode == 0, replayed.stderr
        assert "Result" in replayed.stdout


@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_perft_counts(plugin: str, name: str) -> None:
    """``perft --depth 3`` counts the tree (tic-tac-toe 504, Pig 11)."""
    done = _cli(plugin, "perft", "--game", name, "--depth", "3")
    assert done.returncode == 0, done.stderr
    assert (" 504 " if name == "tic-tac-toe" else " 11 ") in done.stdout


@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_play_through_a_pipe(plugin: str, name: str) -> None:
    """``play`` reads the person's moves from a pipe (always the first listed) to the end
    of the game, against a random bot."""
    done = _cli(plugin, "play", "--game", name, "--bots", "random", "--seed", "2",
                stdin="1\n" * 400)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game over:" in done.stdout


@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_mcts_plays_every_seat(plugin: str, name: str) -> None:
    """MCTS plays a whole game from every seat against random bots (dice drawn with their
    probabilities in its playouts)."""
    game = get_game(name)
    for players in game.player_counts[:2]:
        start = game.new_game(players)
        bots = [MCTSBot(seed=1, iterations=60), *[RandomBot(k) for k in range(players - 1)]]
        final = play_game(start, bots).final
        assert final.is_over


@pytest.mark.rl
@pytest.mark.parametrize(("plugin", "name"), EXAMPLES)
def test_the_pettingzoo_environment_passes_api_test(plugin: str, name: str) -> None:
    """The environment opens from the action encoding alone (the generic observation) and
    passes PettingZoo's ``api_test``, wrapped and raw."""
    from pettingzoo.test import api_test

    from astroplane.env import env, raw_env

    api_test(env(name), num_cycles=200)
    options = {"max_turns": 40} if get_game(name).with_turn_limit is not None else {}
    api_test(raw_env(name, **options), num_cycles=200)
