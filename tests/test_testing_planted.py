"""The shipped suite catches what a plug-in's author gets wrong: each test plants one bug
in a copy of an example game (tic-tac-toe; Pig for the dice) and sees ``check_game`` name
it, by the check the docs explain (docs/writing-a-game.md, "What each failure means").

The copies are made as an author would make the bug: the example's source with one edit,
under another game name, loaded as a plug-in."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from astroplane import protocol
from astroplane.protocol import Game
from astroplane.testing import check_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
_COUNT = itertools.count()


@pytest.fixture(autouse=True)
def _forget_planted_games() -> Iterator[None]:
    """Each planted game leaves the registry after its test: a planted game left behind
    showed up in other tests run in the same process (the games listed by ``--help``)."""
    before = set(protocol._GAMES)
    yield
    for name in set(protocol._GAMES) - before:
        protocol._GAMES.pop(name, None)


def planted(example: str, *edits: tuple[str, str]) -> Game[Any, Any]:
    """The game of a copy of ``examples/games/<example>.py`` with ``edits`` (each
    ``(old, new)``: ``old`` is found exactly once), registered under a new name."""
    source = (EXAMPLES / f"{example}.py").read_text(encoding="utf-8")
    for old, new in edits:
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    name = {"tictactoe": "tic-tac-toe", "pig": "pig"}[example]
    n = next(_COUNT)
    source = source.replace(f'"{name}"', f'"{name}-bug{n}"')
    spec = importlib.util.spec_from_loader(f"planted_{example}_{n}", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its states pickle by their module's name
    exec(compile(source, f"<planted {example} {n}>", "exec"), module.__dict__)
    game: Game[Any, Any] = module.GAME
    return game


def caught(game: Game[Any, Any], check: str, **options: Any) -> list[str]:
    """The problems of ``check`` that the suite finds in ``game`` (failing when none)."""
    settings = {"games": 4, "hostile": 0, "edits": 150, "seed": 1, **options}
    report = check_game(game, **settings)
    found = [p for p in report.problems if p.startswith(f"{check}: ")]
    assert found, f"the {check} check missed the planted bug:\n{report}"
    return found


@pytest.mark.parametrize("example", ["tictactoe", "pig"])
def test_an_unchanged_copy_passes(example: str) -> None:
    """The control: a copy without a planted bug passes every check."""
    report = check_game(planted(example), games=4, hostile=2, edits=150, seed=1)
    assert report.ok, report


# ---- the action encoding -----------------------------------------------------------------


def test_move_to_action_not_one_to_one() -> None:
    game = planted("tictactoe", ("        return move\n", "        return move // 2\n"))
    caught(game, "action-bijection")


def test_action_to_move_not_the_inverse() -> None:
    game = planted(
        "tictactoe",
        (
            "    def invariants(",
            "    def action_to_move(self, state: Any, action: int) -> int:\n"
            "        return state.legal_moves()[-1]\n\n    def invariants(",
        ),
    )
    caught(game, "action-inverse")


def test_action_to_move_not_checking_legality() -> None:
    game = planted(
        "tictactoe",
        (
            "    def invariants(",
            "    def action_to_move(self, state: Any, action: int) -> int:\n"
            "        return action\n\n    def invariants(",
        ),
    )
    caught(game, "action-legality")


def test_a_wrong_observation_shape() -> None:
    game = planted(
        "tictactoe",
        (
            "    def invariants(",
            "    def observation_shape(self, state: Any) -> tuple[int, ...]:\n"
            "        return (3, 3)\n\n    def invariants(",
        ),
    )
    caught(game, "observation")


# ---- chance --------------------------------------------------------------------------------


def test_chance_probabilities_that_do_not_sum_to_one() -> None:
    game = planted("pig", ("(face, 1 / 6)", "(face, 1 / 7)"))
    assert any("sum to 0.857" in p for p in caught(game, "chance"))


def test_chance_outcomes_that_are_not_the_legal_moves() -> None:
    game = planted(
        "pig",
        (
            "        if self.is_over or self.rolling:\n"
            "            return tuple(m for m, _p in self.chance_outcomes())",
            "        if self.is_over or self.rolling:\n"
            "            return (1, 2, 3, 4, 5, 6, 7)[: 7 * self.rolling]",
        ),
    )
    assert any("not the moves of chance_outcomes" in p for p in caught(game, "chance"))


def test_is_chance_node_always_false_so_bots_choose_the_die() -> None:
    game = planted(
        "pig",
        ("        return self.rolling and not self.is_over", "        return False"),
        ("if self.is_chance_node else ()", "if self.rolling and not self.is_over else ()"),
    )
    found = caught(game, "chance")
    assert any("reached no chance node" in p for p in found), found


def test_a_deterministic_game_that_declares_chance() -> None:
    game = planted(
        "tictactoe",
        ("import Game, GameType,", "import ChanceMode, Game, GameType,"),
        (
            "GameType(max_game_length=9)",
            "GameType(ChanceMode.EXPLICIT_STOCHASTIC, max_chance_outcomes=6, max_game_length=9)",
        ),
    )
    caught(game, "chance")


# ---- turns, first, returns, the end ----------------------------------------------------------


def test_a_turn_number_that_never_advances() -> None:
    game = planted(
        "tictactoe",
        ('        return 10 - self.cells.count(".")', "        return 1"),
        ("        return (self.turn - 1) % 2", '        return (9 - self.cells.count(".")) % 2'),
    )
    caught(game, "turn")


def test_new_game_ignoring_first() -> None:
    game = planted(
        "tictactoe", ("if first not in (None, 0) or rules is not None:", "if rules is not None:")
    )
    caught(game, "first")


def test_a_draw_scored_zero_for_both() -> None:
    game = planted(
        "tictactoe",
        (
            "            return (0.5, 0.5) if self.is_over else (0.0, 0.0)",
            "            return (0.0, 0.0)",
        ),
    )
    assert any("sum to 0.0" in p for p in caught(game, "returns"))


def test_returns_outside_the_declared_range() -> None:
    game = planted(
        "tictactoe", ('(1.0, 0.0) if "x" in self.lines', '(2.0, -1.0) if "x" in self.lines')
    )
    caught(game, "returns")


def test_a_win_that_does_not_end_the_game() -> None:
    game = planted(
        "tictactoe",
        (
            '        return bool(self.lines) or "." not in self.cells',
            '        return "." not in self.cells',
        ),
    )
    found = caught(game, "terminal")
    assert any("already has a result" in p for p in found), found


def test_a_finished_game_with_legal_moves() -> None:
    game = planted("tictactoe", ("return () if self.is_over else tuple(", "return tuple("))
    assert any("finished game lists" in p for p in caught(game, "terminal"))


def test_a_length_bound_too_small() -> None:
    game = planted("tictactoe", ("GameType(max_game_length=9)", "GameType(max_game_length=4)"))
    caught(game, "length")


# ---- readers and hooks -----------------------------------------------------------------------


def test_a_reader_accepting_impossible_positions() -> None:
    game = planted(
        "tictactoe",
        ("        return self.checked(TicTacToe(text))", "        return TicTacToe(text)"),
    )
    assert any("invariants fail" in p for p in caught(game, "readers"))


def test_a_hook_that_takes_another_games_state() -> None:
    game = planted(
        "tictactoe",
        (
            "    def new_game(",
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            '        self.status = lambda state: "?"  # bypasses the guard of a method\n\n'
            "    def new_game(",
        ),
    )
    caught(game, "wrong-game")
