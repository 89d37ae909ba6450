"""The balance studies (``benchmarks/balance_*.py``) play through ``astroplane.runs``: each
game is counted in the worker (``RunSpec.tally``), and a run gives the same statistics
whatever the number of workers."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from astroplane.runs import RunSpec, run_games

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def square_off() -> Iterator[Any]:
    """The Square Off study's script, imported as a module (``_balance`` beside it)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import balance_square_off

        yield balance_square_off
    finally:
        sys.path.remove(str(BENCHMARKS))


class Kinds:
    """A tally of move kinds, at the top level so that it pickles to the workers."""

    def __init__(self, _initial: Any) -> None:
        self.kinds: dict[str, float] = {}

    def __call__(self, _before: Any, move: Any, _after: Any) -> None:
        name = move.kind.name.lower()
        self.kinds[name] = self.kinds.get(name, 0) + 1

    def summary(self, final: Any) -> dict[str, float]:
        return {**self.kinds, "length": final.turns}


def test_a_tally_is_counted_in_the_worker_and_sent_back_without_the_moves() -> None:
    """With ``tally`` each result carries the tally's numbers; with ``moves=False`` no
    notation comes back; the results are the same on 1 and 2 workers."""
    spec = RunSpec(
        "square-off",
        2,
        ("greedy", "random"),
        rules="jump-off",
        max_turns=60,
        tally=Kinds,
        moves=False,
    )
    one = run_games(spec, 4, seed=5)
    two = run_games(spec, 4, seed=5, workers=2)
    assert one == two
    assert [r.tally for r in one] == [r.tally for r in two]
    for result in one:
        assert result.ok and result.moves == ()
        assert result.tally["place"] == 18  # nine pieces each are placed first [SO2]
        assert 18 <= result.tally["length"] <= 60  # the placements, then at most the limit
        assert sum(v for k, v in result.tally.items() if k != "length") == result.plies


def test_iterations_set_the_searching_bots_budget() -> None:
    """``iterations`` reaches MCTS (not the other bots), and a bad one is refused when the
    spec is made, before any game."""
    from astroplane.agents import make_bot

    spec = RunSpec("square-off", 2, ("mcts", "greedy"), iterations=7)
    assert "iterations=7" in repr(make_bot("mcts", 1, iterations=spec.iterations))
    assert repr(make_bot("greedy", 1, iterations=spec.iterations)) == "GreedyBot(seed=1)"
    with pytest.raises(ValueError, match="iterations is a positive int"):
        RunSpec("square-off", 2, ("mcts",), iterations=0)


def test_a_balance_run_gives_the_same_statistics_on_1_and_2_workers(square_off: Any) -> None:
    """A small Square Off study (two presets, a rotated line-up): the same records, tables
    and counts with 1 and 2 workers; each game's ending and length come from the worker."""
    from _balance import Config, end_table, key_table, play, specials_table

    study = square_off.STUDY
    configs = [
        Config("jump-off", 2, "greedy-greedy"),
        Config("trading-places", 2, "mcts-greedy"),
    ]
    one = play(study, configs, 4, seed=2, iterations=3, progress=False)
    two = play(study, configs, 4, seed=2, workers=2, iterations=3, progress=False)
    assert one == two
    for table in (key_table, specials_table):
        assert table(study, one) == table(study, two)
    assert end_table(one) == end_table(two)
    jump_off, trading = one[configs[0]], one[configs[1]]
    assert len(jump_off) == len(trading) == 4
    assert all(sum(v for k, v in g.counts.items() if k.startswith("end:")) == 1 for g in jump_off)
    assert all(g.counts.get("trade", 0) == 0 for g in jump_off)  # no trades in Jump Off
    assert all(g.counts.get("jump", 0) == 0 for g in trading)  # no jumps in Trading Places
    assert [g.lone for g in trading] == [0, 1, 0, 1]  # the MCTS seat alternates
    for g in one[configs[0]] + trading:
        assert sum(g.shares) == pytest.approx(1.0) and g.length > 0
