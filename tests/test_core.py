"""Packed cores (``astroplane.core``): every game with a core agrees with its states
(``astroplane.testing.core.check_core``), and the check catches a core that disagrees.

The check itself is tried on a small packed core written here for the tic-tac-toe example
(a position is ``(x bits, o bits)``), correct and with bugs planted in it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest
import tictactoe

from astroplane import mcts
from astroplane.core import Core, StateCore, core_of
from astroplane.mcts import MCTSBot
from astroplane.protocol import game_of, games
from astroplane.testing.core import check_core

perft = importlib.import_module("astroplane.perft")  # the module: astroplane.perft is the function

LINES = tuple(sum(1 << i for i in line) for line in tictactoe.LINES)
Pos = tuple[int, int]


def _line(bits: int) -> bool:
    return any(bits & m == m for m in LINES)


class TicTacToeCore:
    """A packed tic-tac-toe: X's cells and O's cells as 9-bit masks."""

    num_actions = 9
    evaluate: Callable[[Pos, int], float] | None = None

    def legal_actions(self, p: Pos) -> tuple[int, ...]:
        if self.is_terminal(p):
            return ()
        taken = p[0] | p[1]
        return tuple(i for i in range(9) if not taken >> i & 1)

    def apply(self, p: Pos, action: int) -> Pos:
        x, o = p
        if self.to_move(p) == 0:
            return (x | 1 << action, o)
        return (x, o | 1 << action)

    def is_terminal(self, p: Pos) -> bool:
        return _line(p[0]) or _line(p[1]) or (p[0] | p[1]) == 0x1FF

    def is_chance(self, p: Pos) -> bool:
        return False

    def chance_outcomes(self, p: Pos) -> tuple[tuple[int, float], ...]:
        return ()

    def to_move(self, p: Pos) -> int:
        return p[0].bit_count() - p[1].bit_count()

    def seats(self, p: Pos) -> tuple[int, ...]:
        return (0, 1)

    def turn(self, p: Pos) -> int:
        return (p[0] | p[1]).bit_count() + 1

    def returns(self, p: Pos) -> tuple[float, ...]:
        if not self.is_terminal(p):
            return (0.0, 0.0)
        for seat in (0, 1):
            if _line(p[seat]):
                return (1.0, 0.0) if seat == 0 else (0.0, 1.0)
        return (0.5, 0.5)

    def state(self, p: Pos) -> tictactoe.TicTacToe:
        cells = "".join("x" if p[0] >> i & 1 else "o" if p[1] >> i & 1 else "." for i in range(9))
        return tictactoe.TicTacToe(cells)


def _pack(state: tictactoe.TicTacToe) -> Pos:
    x = sum(1 << i for i, c in enumerate(state.cells) if c == "x")
    o = sum(1 << i for i, c in enumerate(state.cells) if c == "o")
    return (x, o)


def _game(core: Any) -> Any:
    """The tic-tac-toe ``Game`` with ``core`` as its packed core (``Game.core``)."""

    class WithCore(tictactoe.TicTacToeGame):
        def core(self, state: tictactoe.TicTacToe) -> tuple[Any, Pos]:
            return core, _pack(state)

    return WithCore()


def test_a_correct_core_passes_and_is_a_core() -> None:
    core = TicTacToeCore()
    assert isinstance(core, Core)
    assert check_core(_game(core), games=20) == []


class _WrongMark(TicTacToeCore):
    def apply(self, p: Pos, action: int) -> Pos:  # always marks for X
        return (p[0] | 1 << action, p[1])


class _Reversed(TicTacToeCore):
    def legal_actions(self, p: Pos) -> tuple[int, ...]:
        return tuple(reversed(super().legal_actions(p)))


class _NeverOver(TicTacToeCore):
    def is_terminal(self, p: Pos) -> bool:
        return (p[0] | p[1]) == 0x1FF


class _DrawIsLoss(TicTacToeCore):
    def returns(self, p: Pos) -> tuple[float, ...]:
        r = super().returns(p)
        return (0.0, 0.0) if r == (0.5, 0.5) else r


class _TurnStuck(TicTacToeCore):
    def turn(self, p: Pos) -> int:
        return 1


@pytest.mark.parametrize(
    ("core", "words"),
    [
        (_WrongMark(), "is not the next position"),
        (_Reversed(), "legal_actions"),
        (_NeverOver(), "is_terminal"),
        (_DrawIsLoss(), "returns"),
        (_TurnStuck(), "turn"),
    ],
    ids=lambda v: type(v).__name__ if not isinstance(v, str) else "",
)
def test_a_planted_bug_is_caught(core: TicTacToeCore, words: str) -> None:
    problems = check_core(_game(core), games=20)
    assert problems, "the check missed the planted bug"
    assert any(words in p for p in problems), problems


def test_a_game_without_a_core_is_refused() -> None:
    with pytest.raises(ValueError, match="no packed core"):
        check_core(tictactoe.GAME)
    assert core_of(tictactoe.new_game()) is None


@pytest.mark.parametrize("name", sorted(n for n, g in games().items() if g.core is not None))
def test_every_registered_core_agrees_with_its_states(name: str) -> None:
    game = games()[name]
    for players in game.player_counts:
        assert check_core(game, players=players, games=3, seed=players) == []


def _on_states(state: Any) -> tuple[Any, Any]:
    """``positions_of`` as for a game without a core: the states themselves."""
    return StateCore(game_of(state).evaluate), state


@pytest.mark.parametrize("name", sorted(n for n, g in games().items() if g.core is not None))
def test_the_tools_count_and_choose_alike_on_the_core_and_on_the_states(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perft counts the same on the packed core as on the states, and a seeded MCTSBot
    makes the same choices, move for move, through a game's first plies."""
    game = games()[name]
    start = game.new_game(game.player_counts[0])
    counts = [perft.perft(start, d) for d in (1, 2, 3)]
    chosen = []
    state = start
    bot = MCTSBot(seed=7, iterations=40)
    for _ in range(12):
        if state.is_over:
            break
        if state.is_chance_node:
            state = state.play(state.chance_outcomes()[0][0])
            continue
        move = bot.choose(state)
        chosen.append(move)
        state = state.play(move)
    monkeypatch.setattr(perft, "positions_of", _on_states)
    monkeypatch.setattr(mcts, "positions_of", _on_states)
    assert [perft.perft(start, d) for d in (1, 2, 3)] == counts
    state = start
    bot = MCTSBot(seed=7, iterations=40)
    for move in chosen:
        while state.is_chance_node:
            state = state.play(state.chance_outcomes()[0][0])
        assert bot.choose(state) == move
        state = state.play(move)
