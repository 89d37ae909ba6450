"""The bots' evaluation [SC23]: even at the start, higher for the player who marches
towards their destination, the win and the draw valued as such, and good enough for the
greedy bot to beat random play."""

from __future__ import annotations

import pytest
from sc_helpers import homing_game, pos

from astroplane.agents import GreedyBot, RandomBot, play_game
from astroplane.games.starcastles import STARCASTLES_GAME, Rules, new_game
from astroplane.games.starcastles.evaluation import WIN_VALUE, evaluate, progress


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_start_is_even(players: int) -> None:
    """At the start every player's value is 0: all are as far from home."""
    s = new_game(players)
    assert [evaluate(s, i) for i in range(players)] == [0.0] * players


def test_nearer_the_destination_is_better() -> None:
    """A Spire one step from player 0's destination trio is worth more to player 0 than
    one in the centre, and a castle player 0 controls there more still."""
    far, near = pos({"e3": "S0"}), pos({"g4": "S0"})
    assert progress(near, 0) > progress(far, 0)
    home = pos({"h1": "P0B0S0"}, controlled=["h1"])
    assert progress(home, 0) > progress(pos({"h1": "P0B0S0"}), 0)


def test_won_and_drawn_games_are_valued_as_such() -> None:
    """A won game is WIN_VALUE to the winner and its negative to the others; a draw 0."""
    final = homing_game(0)[-1]
    assert evaluate(final, final.winner) == WIN_VALUE
    assert evaluate(final, 1 - final.winner) == -WIN_VALUE
    drawn = new_game(2, rules=Rules(max_rounds=1))
    while not drawn.is_over:
        drawn = drawn.play(drawn.legal_moves()[0])
    assert evaluate(drawn, 0) == 0.0


def test_the_greedy_bot_beats_random_play() -> None:
    """With the game's evaluation, GreedyBot wins games against RandomBot, and loses
    none, over a few seeded games."""
    assert STARCASTLES_GAME.evaluate.__wrapped__ is evaluate  # the hook, guarded (Game)
    wins = 0
    for seed in range(8):
        run = play_game(new_game(2), [GreedyBot(seed), RandomBot(seed)])
        assert run.final.winner != 1
        wins += run.final.winner == 0
    assert wins >= 2
