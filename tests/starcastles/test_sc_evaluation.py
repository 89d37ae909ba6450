"""The bots' evaluation [SC23]: even at the start, higher for the player who marches
towards their destination, the win and the draw valued as such, and good enough for the
greedy bot to beat random play."""

from __future__ import annotations

import random

import pytest
from sc_helpers import homing_game, pos

from astroplane.agents import GreedyBot, RandomBot, play_game
from astroplane.errors import PositionError
from astroplane.games.starcastles import STARCASTLES_GAME, Rules, new_game
from astroplane.games.starcastles.evaluation import (
    BUILD_BONUS,
    WIN_VALUE,
    evaluate,
    progress,
    standing,
)


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
    assert progress(home, 0) > progress(pos({"h1": "P0B0"}), 0)


def test_won_and_drawn_games_are_valued_as_such() -> None:
    """A won game is WIN_VALUE to the winner and its negative to the others; a draw 0."""
    final = homing_game(0)[-1]
    assert evaluate(final, final.winner) == WIN_VALUE
    assert evaluate(final, 1 - final.winner) == -WIN_VALUE
    drawn = new_game(2, rules=Rules(max_rounds=1))
    while not drawn.is_over:
        drawn = drawn.play(drawn.legal_moves()[0])
    assert evaluate(drawn, 0) == 0.0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_standing_is_progress_less_the_mean_rivals(players: int) -> None:
    """``standing`` (the search's rating, the game's ``search_rating``) is a seat's
    progress less the mean of the other players' along a seeded random game; with two
    players it is ``evaluate``; the won and drawn game are valued as ``evaluate`` values
    them; a seat that is none is refused [SC23]."""
    rng = random.Random(players)
    s = new_game(players)
    assert STARCASTLES_GAME.search_rating is not None
    for _ in range(60):
        if s.is_over:
            break
        for seat in range(players):
            every = [progress(s, p) for p in range(players)]
            mean = (sum(every) - every[seat]) / (players - 1)
            assert standing(s, seat) == pytest.approx(every[seat] - mean)
            assert STARCASTLES_GAME.search_rating(s, seat) == standing(s, seat)
            if players == 2:
                assert standing(s, seat) == evaluate(s, seat)
        s = s.play(rng.choice(s.legal_moves()))
    final = homing_game(0)[-1]
    assert [standing(final, seat) for seat in (0, 1)] == [evaluate(final, 0), evaluate(final, 1)]
    assert standing(final, final.winner) == WIN_VALUE
    with pytest.raises(ValueError):
        standing(new_game(players), players)


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


def test_sc29_a_castle_counts_as_it_is_built_on_the_trio() -> None:
    """On player 0's destination trio (h1), each move of the build raises player 0's
    progress: a lone Power Base, a Battlement docked on it, the Spire taking control
    [SC29]; a rival's Battlement on it is no build of player 0's."""
    empty = progress(pos({"e3": "P0"}), 0)
    base = progress(pos({"h1": "P0"}), 0)
    built = progress(pos({"h1": "P0B0"}), 0)
    castle = progress(pos({"h1": "P0B0S0"}, controlled=["h1"]), 0)  # the Spire docked [SC4]
    assert empty < base < built < castle
    assert progress(pos({"h1": "P0B1"}), 0) < built
    # under own_castles a rival's Power Base under player 0's Battlement builds nothing
    own = Rules(own_castles=True)
    assert progress(pos({"h1": "P1B0"}, rules=own), 0) < progress(pos({"h1": "P1B0"}), 0)


def test_sc29_a_lone_battlement_on_the_trio_builds_nothing() -> None:
    """A Battlement alone on a trio point (no Power Base under it) is no build: no Power
    Base can land on a module [SC4], so it must leave before a castle can stand there. It
    is worth its nearness only, as on the next point, less than a lone Power Base there
    and than a Battlement on one. (It was once rated as a Battlement on a Power Base, and
    greedy players then sat on such points for the rest of the game: 9 of 30 two-player
    GreedyBot games were drawn at the round limit, none after the fix.)"""
    lone = progress(pos({"h1": "B0"}), 0)
    assert lone == progress(pos({"h1": "P0"}), 0) - BUILD_BONUS[0]  # the same nearness
    on_base = progress(pos({"h1": "P1B0"}), 0) - progress(pos({"h1": "P1"}), 0)
    assert lone == on_base - BUILD_BONUS[1]


def test_sc29_controlling_a_castle_off_the_trio_is_progress() -> None:
    """A castle player 0's Spire controls away from the trio marches whole [SC4]: it is
    worth more than a Power Base and Battlement with the Spire one step beside them,
    which are worth more than the two alone. (The same stack uncontrolled off the trio is
    no state: only starting castles are uncontrolled [SC4], and readers refuse it.)"""
    controlled = progress(pos({"e3": "P0B0S0"}, controlled=["e3"]), 0)
    ready = progress(pos({"e3": "P0B0", "e2": "S0"}), 0)
    alone = progress(pos({"e3": "P0B0"}), 0)
    assert controlled > ready > alone
    with pytest.raises(PositionError, match=r"\[SC4\]"):
        pos({"e3": "P0B0S0"})


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_seat_is_rated_as_if_alone(players: int) -> None:
    """evaluate keeps the last state's progress vector; rating seats in any order, or
    another state in between, gives the values a fresh computation gives."""
    s = new_game(players)
    for _ in range(5):
        s = s.play(s.legal_moves()[-1])
    values = [evaluate(s, k) for k in s.seats]
    other = new_game(players)
    assert [evaluate(other, k) for k in other.seats] == [0.0] * players
    assert [evaluate(s, k) for k in reversed(s.seats)] == values[::-1]
    assert sum(progress(s, k) for k in s.seats) > 0
