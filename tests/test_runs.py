"""Runs of seeded games (``astroplane.runs``): the same results whatever the workers, and a
worker that dies costs only its game, reported with its index and seed."""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from astroplane import protocol
from astroplane.cli import main
from astroplane.runs import GameResult, RunSpec, game_seed, run_games

CRASHY = '''
"""Tic-tac-toe whose X dies when it opens in a1 or the centre (CRASH=exit: the process ends;
CRASH=raise: a RuntimeError), for the crash tests of astroplane.runs."""
import os

import attrs
import tictactoe

from astroplane.protocol import register_game


@attrs.frozen
class Crashy(tictactoe.TicTacToe):
    game_name = "crashy-tic-tac-toe"

    def play(self, move):
        if self.cells == "........." and move in (0, 4):
            if os.environ.get("CRASH") == "exit":
                os._exit(3)
            raise RuntimeError("opened in a1 or the centre")
        return Crashy(tictactoe.TicTacToe.play(self, move).cells)


class CrashyGame(tictactoe.TicTacToeGame):
    name = "crashy-tic-tac-toe"

    def new_game(self, players=2, *, rules=None, first=None):
        super().new_game(players, rules=rules, first=first)  # its checks
        return Crashy()

    def position_from_text(self, text):
        return self.checked(Crashy(text))


GAME = CrashyGame()
register_game(GAME)
'''


@pytest.fixture(scope="module")
def crashy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The crashing plug-in's file. A run in this process registers its game; it is
    taken out of the registry afterwards, so the tests that check every registered game
    (the conformance suite's doctests, the variants page) never meet a game that
    crashes on purpose."""
    path = tmp_path_factory.mktemp("plugins") / "crashy.py"
    path.write_text(textwrap.dedent(CRASHY), encoding="utf-8")
    yield str(path)
    protocol._GAMES.pop("crashy-tic-tac-toe", None)


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [
        ("square-off", 2, ("greedy", "random")),
        ("aeroplane-chess", 3, ("random",)),  # no turn limit: played to its end
        ("starcastles", 3, ("random", "greedy")),
    ],
)
def test_workers_do_not_change_the_results(game: str, players: int, bots: tuple[str, ...]) -> None:
    limit = None if game == "aeroplane-chess" else 30
    spec = RunSpec(game, players, bots, max_turns=limit, dataset=True)
    alone = run_games(spec, games=4, seed=11)
    pooled = run_games(spec, games=4, seed=11, workers=2)
    assert alone == pooled
    assert [r.index for r in alone] == [0, 1, 2, 3]
    assert [r.seed for r in alone] == [game_seed(11, i) for i in range(4)]
    assert all(r.ok and r.moves and r.rows for r in alone)
    assert len({r.moves for r in alone}) == 4, "each game has its own seed"


def test_progress_sees_every_game_once() -> None:
    seen: list[int] = []
    spec = RunSpec("square-off", 2, ("random",), max_turns=10)
    run_games(spec, games=5, seed=1, workers=2, on_result=lambda r: seen.append(r.index))
    assert sorted(seen) == [0, 1, 2, 3, 4]


def test_an_exception_in_a_game_is_reported_and_the_run_goes_on(
    crashy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRASH", "raise")
    spec = RunSpec("crashy-tic-tac-toe", 2, ("random",), plugins=(crashy,))
    results = run_games(spec, games=20, seed=5)
    failed = [r for r in results if not r.ok]
    assert failed and len(failed) < 20
    assert all("RuntimeError: opened in a1 or the centre" in (r.error or "") for r in failed)
    assert all(r.moves for r in results if r.ok)


def test_a_worker_that_dies_costs_only_its_game(
    crashy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = RunSpec("crashy-tic-tac-toe", 2, ("random",), plugins=(crashy,))
    monkeypatch.setenv("CRASH", "raise")
    expected = run_games(spec, games=20, seed=5)
    monkeypatch.setenv("CRASH", "exit")
    results = run_games(spec, games=20, seed=5, workers=2)
    assert [r.index for r in results] == list(range(20))
    for want, got in zip(expected, results, strict=True):
        if want.ok:
            assert got == want
        else:
            assert got.error == "the worker process died while playing this game"
            assert (got.index, got.seed) == (want.index, want.seed)


def test_bad_arguments_are_refused_before_any_game() -> None:
    spec = RunSpec("square-off", 2, ("random",))
    for games, workers in ((0, 1), (2, 0), (True, 1), (2, 1.5)):
        with pytest.raises(ValueError, match="positive int"):
            run_games(spec, games=games, seed=1, workers=workers)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        run_games(RunSpec("square-off", 2, ("nobody",)), games=1, seed=1)
    with pytest.raises(ValueError, match="unknown game"):
        run_games(RunSpec("no-such-game", 2, ("random",)), games=1, seed=1)


def test_a_result_says_whether_it_is_ok() -> None:
    assert GameResult(index=0, seed=1).ok
    assert not GameResult(index=0, seed=1, error="x").ok


def _games_lines(text: str) -> list[str]:
    """The "Game N: ..." lines of selfplay's output, without their timings."""
    return [
        re.sub(r", [\d.]+ s$", "", line) for line in text.splitlines() if line.startswith("Game ")
    ]


def test_selfplay_gives_the_same_games_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--game", "starcastles", "--players", "3", "--games", "4"]
    args += ["--bots", "greedy,random", "--seed", "9", "--max-turns", "60"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    pooled = capsys.readouterr().out
    assert len(_games_lines(alone)) == 4
    assert _games_lines(alone) == _games_lines(pooled)
    assert "2 workers" in pooled


def test_selfplay_parent_replays_a_game_only_to_record_or_draw_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The summary comes from the workers' results (returns, seats, turns): the parent
    replays no game for it, and it says the same as when every game is replayed for its
    record."""
    from astroplane.cli import selfplay

    args = ["selfplay", "--game", "aeroplane-chess", "--players", "4", "--games", "3"]
    args += ["--bots", "greedy,random", "--seed", "5", "--max-turns", "40"]
    assert main([*args, "--record", str(tmp_path)]) == 0
    replayed = capsys.readouterr().out
    assert len(list(tmp_path.iterdir())) == 3

    def refuse(*_: object) -> None:
        raise AssertionError("the parent replayed a game it neither records nor draws")

    monkeypatch.setattr(selfplay, "_rebuilt", refuse)
    assert main(args) == 0
    summary_only = capsys.readouterr().out
    assert _games_lines(summary_only) == _games_lines(replayed)
    assert "Summary of 3 games" in summary_only
    tail = summary_only[summary_only.index("Summary of 3 games") :]
    assert tail == replayed[replayed.index("Summary of 3 games") :]


def test_selfplay_refuses_show_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "square-off", "--show", "--workers", "2"]) == 1
    assert "--show" in capsys.readouterr().err


@pytest.mark.rl
def test_selfplay_writes_a_dataset_that_pandas_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import numpy as np
    import pandas as pd

    path = tmp_path / "run.parquet"
    args = ["selfplay", "--game", "square-off", "--games", "3", "--bots", "greedy,random"]
    assert main([*args, "--seed", "4", "--workers", "2", "--dataset", str(path)]) == 0
    out = capsys.readouterr().out
    df = pd.read_parquet(path)
    assert f"{len(df)} decisions of 3 games written" in out
    assert list(df.game_index.unique()) == [0, 1, 2]  # game order, whatever the workers
    assert (df.groupby("game_index").ply.diff().dropna() > 0).all()  # ply order in a game
    masks = np.stack(df.legal_mask.to_numpy())
    assert masks.shape == (len(df), 1176)
    assert masks[np.arange(len(df)), df.action.to_numpy()].all()  # the action was legal
    assert np.stack(df.observation.to_numpy()).shape == (len(df), 15 * 7 * 7)
    assert ((df.value == 1.0) | (df.value == 0.0) | (df.value == 0.5)).all()
    again = tmp_path / "again.parquet"
    assert main([*args, "--seed", "4", "--dataset", str(again)]) == 0
    assert pd.read_parquet(again).equals(df)


@pytest.mark.ray
def test_ray_gives_the_same_games_as_this_process() -> None:
    spec = RunSpec("square-off", 2, ("greedy", "random"), max_turns=30)
    address = os.environ.get("RAY_ADDRESS", "local")
    assert run_games(spec, games=4, seed=2, ray=address) == run_games(spec, games=4, seed=2)
