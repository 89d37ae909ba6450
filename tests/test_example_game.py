"""The example game (examples/games/tictactoe.py, "Writing a game"): a game written only
against the public protocol and kit, its rules and notation, gets the tools of every game
(``tests/test_example_tools.py`` runs them all on it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import tictactoe

from astroplane.agents import RandomBot, play_game
from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.mcts import MCTSBot
from astroplane.perft import perft
from astroplane.protocol import get_game

SOURCE = Path(tictactoe.__file__)
ALLOWED = {"astroplane.errors", "astroplane.kit", "astroplane.kit.jsonread", "astroplane.protocol"}


def _imports(path: Path) -> set[str]:
    return {
        node.module
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("astro")
    }


def test_the_example_is_short_and_uses_only_the_public_kit_and_protocol() -> None:
    """At most 120 lines with its docstrings, importing from astroplane only its public
    protocol, kit and errors (no game's modules, nothing private)."""
    assert len(SOURCE.read_text(encoding="utf-8").splitlines()) <= 120
    assert _imports(SOURCE) <= ALLOWED, _imports(SOURCE) - ALLOWED


def test_it_is_registered_and_the_defaults_fill_in_the_rest() -> None:
    """The registry finds it; what it leaves out comes from ``Game``'s defaults: rules text
    without options, the outcome and status from the returns, no JSON, a record of the
    kit, ``action_to_move`` and an observation from its action encoding."""
    game = get_game("tic-tac-toe")
    assert game is tictactoe.GAME
    s = tictactoe.new_game().play(4).play(0).play(8).play(2).play(6)
    assert game.rules_to_text(None) == "standard" and list(game.variants()) == ["standard"]
    assert game.status(tictactoe.new_game()) == "Turn 1: X to move"
    assert game.describe_outcome(s) == "" and game.status(s) == "Turn 6: O to move"
    assert game.to_json is None and game.to_dict is None and game.record_type is None
    assert game.action_to_move(s, 1) == 1 and game.observe is not None
    with pytest.raises(ValueError, match="no legal move"):
        game.action_to_move(s, 4)


def test_perft_counts_the_tree() -> None:
    """Perft from the empty board, derived by hand: no line exists before the fifth mark,
    so depths 1-5 are 9, 9*8, 9*8*7, 9*8*7*6 and 9*8*7*6*5 = 15,120. Of those, 1,440
    games end at the fifth mark (X's 8 lines, times the orders of X's three marks (3!)
    and O's two marks among the 6 free cells (6*5 ordered) = 8*6*30), leaving
    (15,120 - 1,440) * 4 = 54,720 at depth 6."""
    start = tictactoe.new_game()
    assert [perft(start, d) for d in (1, 2, 3, 4, 5)] == [9, 72, 504, 3024, 15120]
    assert 9 * 8 * 7 * 6 * 5 - 8 * 6 * 30 == 15120 - 1440
    assert perft(start, 6) == (15120 - 1440) * 4 == 54720


def test_mcts_never_loses_to_a_random_bot() -> None:
    """Over 50 games, alternating who starts, MCTS (500 playouts a move) never loses."""
    for g in range(50):
        seats = [MCTSBot(seed=g, iterations=500), RandomBot(1000 + g)]
        if g % 2:
            seats.reverse()
        final = play_game(tictactoe.new_game(), seats).final
        assert final.returns()[g % 2] >= 0.5, f"game {g}: {final.cells}"


def test_the_position_text_reads_back_and_refuses_impossible_positions() -> None:
    """The position text reads back equal; a position play cannot reach (two lines, O
    ahead of X) is a ``PositionError`` by the game's invariants (``Game.checked``); an
    illegal move names why."""
    game = get_game("tic-tac-toe")
    s = tictactoe.new_game().play(4).play(0).play(8)
    assert game.position_from_text(game.position_to_text(s)) == s
    for bad in ("xxxooo...", "o........", "xxxoo.ooo"):
        with pytest.raises(PositionError):
            game.position_from_text(bad)
    with pytest.raises(PositionError):
        game.position_from_text("x")
    with pytest.raises(IllegalMoveError, match="not a free cell"):
        s.play(4)
    with pytest.raises(IllegalMoveError):
        s.play(4.0)
    with pytest.raises(NotationError):
        game.parse_move(s, "b2")


def test_first_is_refused_but_for_x() -> None:
    """X starts: ``first`` X (0) is taken, O is refused (the game does not let O start)."""
    game = get_game("tic-tac-toe")
    assert game.new_game(2, first="X") == tictactoe.new_game()
    with pytest.raises(ValueError, match="X starts"):
        game.new_game(2, first="O")
