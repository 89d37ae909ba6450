"""The worked example of a game with dice (examples/games/pig.py): Pig for 2 to 4
players, its rolls chance nodes (``tests/test_example_tools.py`` runs every tool on it)."""

from __future__ import annotations

from pathlib import Path

import pig
import pytest

from astroplane.errors import IllegalMoveError, PositionError
from astroplane.gametype import ChanceMode
from astroplane.perft import perft
from astroplane.protocol import get_game, sample_chance

SOURCE = Path(pig.__file__)


def test_the_example_is_short() -> None:
    """At most 200 lines with its docstrings."""
    assert len(SOURCE.read_text(encoding="utf-8").splitlines()) <= 200


def test_a_roll_is_a_chance_node_with_six_faces() -> None:
    """After ``roll`` the die is in the air: a chance node whose moves are the faces, each
    with probability 1/6; a 1 loses the turn total and passes the turn."""
    game = get_game("pig")
    assert game.game_type.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC
    s = pig.new_game(3).play("roll")
    assert s.is_chance_node and s.legal_moves() == (1, 2, 3, 4, 5, 6)
    assert [p for _m, p in s.chance_outcomes()] == [1 / 6] * 6
    s = s.play(5).play("roll").play(4)
    assert (s.total, s.to_move, s.legal_moves()) == (9, 0, ("roll", "hold"))
    after = s.play("roll").play(1)
    assert (after.scores, after.to_move, after.turn, after.total) == ((0, 0, 0), 1, 2, 0)
    held = s.play("hold")
    assert (held.scores, held.to_move, held.turn) == ((9, 0, 0), 1, 2)
    with pytest.raises(IllegalMoveError):
        s.play(3)


def test_perft_counts_rolls_and_choices() -> None:
    """From the start: ``roll`` (1), six faces (6), then a 1 leaves the next player one
    move (``roll``) and each other face two (``roll``, ``hold``): 1 + 5 * 2 = 11."""
    start = pig.new_game(2)
    assert [perft(start, d) for d in (1, 2, 3)] == [1, 6, 11]


def test_reaching_the_goal_wins_at_once_and_the_limit_shares_the_win() -> None:
    """A roll that brings score and turn total to the goal wins; at the turn limit the
    leaders share 1."""
    game = get_game("pig")
    s = game.position_from_text("quick 27/10 A? 0 t5")
    won = s.play(3)
    assert won.is_over and won.returns() == (1.0, 0.0) and game.describe_outcome(won) == "A wins"
    rules = game.with_turn_limit(game.rules_from_text("standard"), 2)
    s = pig.new_game(2, rules=rules).play("roll").play(1).play("roll").play(1)
    assert s.is_over and s.returns() == (0.5, 0.5) and game.ended_by_turn_limit(s)


def test_the_position_text_refuses_impossible_positions() -> None:
    """A turn total of 1, two winners, a finished game with a die in the air: refused by
    the invariants (``Game.checked``)."""
    game = get_game("pig")
    for bad in ("standard 0/0 A 1 t1", "quick 30/31 A 0 t9", "quick 30/0 A? 0 t3"):
        with pytest.raises(PositionError):
            game.position_from_text(bad)


def test_random_games_end_with_a_winner() -> None:
    """Random games of 2 to 4 players end, under the standard rules, with one winner."""
    import random

    rng = random.Random(3)
    for players in (2, 3, 4):
        s = pig.new_game(players)
        while not s.is_over:
            s = s.play(sample_chance(s, rng) if s.is_chance_node else rng.choice(s.legal_moves()))
        assert sorted(s.returns()) == [0.0] * (players - 1) + [1.0]
