"""``astroplane --plugin``: a game that is not installed plays through every command, and a
game without an evaluation still gets a GreedyBot (issue 20: the example game through the
command line without a line of game-specific code in the tools)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tictactoe

from astroplane.agents import GreedyBot, outcome_evaluation
from astroplane.cli.app import build_parser
from astroplane.cli.plugins import load_plugin, split_plugins

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "games" / "tictactoe.py"

PARSER = build_parser()


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "astroplane", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=EXAMPLE.parent,  # not the repository: conftest.py's registration is not there
    )


def test_selfplay_plays_a_game_loaded_from_a_file() -> None:
    """``--plugin FILE`` registers the file's game in a fresh process, so ``selfplay --game``
    plays it to the end with the default (greedy) bots."""
    done = _cli("--plugin", str(EXAMPLE), "selfplay", "--game", "tic-tac-toe", "--games", "4",
                "--seed", "3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Summary of 4 games" in done.stdout


def test_plugin_works_anywhere_on_the_command_line_and_by_module_name() -> None:
    """``--plugin`` may follow the command, and names a module on the path as well as a file
    (here ``tictactoe``, importable from the example's directory)."""
    done = _cli("perft", "--game", "tic-tac-toe", "--depth", "2", "--plugin", "tictactoe")
    assert done.returncode == 0, done.stderr
    assert " 72 " in done.stdout  # 9 * 8 sequences of two marks


def test_without_the_plugin_the_game_is_a_usage_error() -> None:
    """A game that is neither installed nor loaded is refused by argparse (exit 2)."""
    done = _cli("selfplay", "--game", "tic-tac-toe")
    assert done.returncode == 2
    assert "tic-tac-toe" in done.stderr


@pytest.mark.parametrize(
    ("plugin", "message"),
    [("no/such/file.py", "no such file"), ("no_such_module_xyz", "cannot import")],
)
def test_a_plugin_that_cannot_load_is_a_usage_error(plugin: str, message: str) -> None:
    """A missing file or module is one usage line naming ``--plugin`` (exit 2), not a
    traceback."""
    done = _cli("--plugin", plugin, "games")
    assert done.returncode == 2
    assert f"argument --plugin: {message}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_plugin_whose_code_raises_is_reported_with_its_error(tmp_path: Path) -> None:
    """A plug-in file that raises while it loads is refused with the error it raised."""
    broken = tmp_path / "broken_game.py"
    broken.write_text("raise RuntimeError('half-written game')\n")
    with pytest.raises(ValueError, match="RuntimeError: half-written game"):
        load_plugin(str(broken))
    assert "astroplane_plugin_broken_game" not in sys.modules


def test_a_module_that_registers_no_game_is_refused(tmp_path: Path) -> None:
    """A file or module that registers no game (``os``, a file of plain code) is refused,
    naming ``register_game``, instead of loading nothing and failing later with "unknown
    game"."""
    plain = tmp_path / "not_a_game.py"
    plain.write_text("VALUE = 1\n")
    for plugin in (str(plain), "os", "json"):
        with pytest.raises(ValueError, match="registered no game: a plug-in calls"):
            load_plugin(plugin)
    done = _cli("--plugin", "os", "games")
    assert done.returncode == 2 and "registered no game" in done.stderr


def test_a_file_already_imported_is_not_run_twice() -> None:
    """Loading the example that conftest.py already imported gives its module back instead
    of registering the game a second time (which would raise)."""
    assert load_plugin(str(EXAMPLE)) == "tictactoe"


def test_a_plugin_file_is_imported_once_whatever_route_loads_it(tmp_path: Path) -> None:
    """The command line, the runs' workers and the server load a plug-in through the one
    ``astroplane.plugins.load_plugin``: a file loaded once is found again by its resolved
    path, even spelled through a symbolic link, and is not run a second time (which would
    register its game twice and raise)."""
    from astroplane import protocol
    from astroplane.runs import _load_plugins

    source = EXAMPLE.read_text().replace('"tic-tac-toe"', '"tic-tac-toe-twice"')
    plugin = tmp_path / "twice.py"
    plugin.write_text(source)
    link = tmp_path / "link.py"
    link.symlink_to(plugin)
    try:
        name = load_plugin(str(plugin))
        assert "tic-tac-toe-twice" in protocol.games()
        _load_plugins([str(link), str(plugin)])  # a worker given the parent's plug-ins
        assert load_plugin(str(link)) == name
    finally:
        protocol._GAMES.pop("tic-tac-toe-twice", None)
        sys.modules.pop(name, None)


def test_split_plugins_keeps_the_other_arguments_in_order() -> None:
    """Both spellings are taken out; everything after ``--`` is left alone."""
    assert split_plugins(["--plugin=a", "play", "--", "--plugin", "b"], PARSER) == (
        ["a"],
        ["play", "--", "--plugin", "b"],
    )


def test_greedy_takes_a_win_in_a_game_without_an_evaluation() -> None:
    """With no evaluation, GreedyBot rates states by ``outcome_evaluation``: X, two in a
    row on the top line, completes it rather than playing anywhere else."""
    state = tictactoe.TicTacToe("xx.oo....")
    assert outcome_evaluation(state.play(2), 0) == 1.0
    assert all(GreedyBot(seed=s).choose(state) == 2 for s in range(10))
