"""StarCastles' observation tensor [SC27]: 46 planes over the points, relative to the
observer (player k is k places after it), every value 0..1."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from sc_helpers import players_st, pos, pt, rules_st, seeds_st

from astroplane.games.starcastles import STARCASTLES_121, Move, new_game, opposite
from astroplane.games.starcastles.observation import OBSERVATION_PLANES, observation_shape, observe
from astroplane.protocol import get_game

N = 37


def _plane(values: list[float], plane: int, n: int = N) -> list[float]:
    return values[plane * n : (plane + 1) * n]


def test_the_game_offers_the_observation() -> None:
    """The registered game's observe and observation_shape are this module's; the shape
    is 46 planes by the board's points (37, 73, 121)."""
    g = get_game("starcastles")
    assert g.observe.__wrapped__ is observe  # the hooks, guarded by Game
    assert g.observation_shape.__wrapped__ is observation_shape
    assert observation_shape(new_game(2)) == (OBSERVATION_PLANES, 37) == (46, 37)
    assert observation_shape(new_game(6, rules=STARCASTLES_121)) == (46, 121)


@settings(max_examples=25, deadline=None)
@given(rules=rules_st, players=players_st, seed=seeds_st)
def test_every_value_is_in_0_1_and_fills_the_shape(rules: object, players: int, seed: int) -> None:
    """Along random games of any rules and player count, every seat's observation has
    46 * N values, all 0..1."""
    s = new_game(players, rules=rules)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(30):
        n = len(s.board)
        for seat in s.seats:
            v = observe(s, seat)
            assert len(v) == 46 * n and all(0.0 <= x <= 1.0 for x in v)
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_moves()))


def test_modules_are_planes_per_kind_relative_to_the_observer() -> None:
    """A module of player p is on plane kind * 6 + (p - observer) % n; the same stack
    seen by two players lands on rotated planes."""
    s = pos({"e3": "P1B2S0"}, players=3, controlled=["e3"])
    e3 = pt("e3")
    seen = {seat: observe(s, seat) for seat in (0, 1, 2)}
    assert seen[0][(0 + 1) * N + e3] == 1  # player 1's Power Base
    assert seen[0][(6 + 2) * N + e3] == 1 and seen[0][(12 + 0) * N + e3] == 1
    assert seen[1][(0 + 0) * N + e3] == 1 and seen[1][(12 + 2) * N + e3] == 1
    assert seen[2][(6 + 0) * N + e3] == 1 and seen[2][(12 + 1) * N + e3] == 1
    assert sum(seen[0][: 18 * N]) == 3


def test_control_gems_and_destinations() -> None:
    """Plane 18 marks a controlled castle, 19-24 the gems by relative owner, 25-30 the
    destination trios, 31-36 the gems left over 4."""
    s = pos(
        {"e3": "P1B1S0", "c3": "P0"},
        players=2,
        controlled=["e3"],
        gems={1: "d4"},
        to_move=0,
    )
    v = observe(s, 0)
    assert v[18 * N + pt("e3")] == 1 and sum(_plane(v, 18)) == 1
    assert v[(19 + 1) * N + pt("d4")] == 1 and sum(_plane(v, 19)) == 0
    assert set(_plane(v, 31)) == {1.0} and set(_plane(v, 32)) == {0.75}
    mine = {p for p, x in enumerate(_plane(v, 25)) if x}
    assert mine == set(s.board.trios[opposite(s.arms[0])])
    theirs = {p for p, x in enumerate(_plane(observe(s, 1), 25)) if x}
    assert theirs == set(s.board.trios[opposite(s.arms[1])])


def test_seats_turn_removed_gem_and_round() -> None:
    """Planes 37-42 mark the players in the game, 43 whether the observer acts, 44 a gem
    removed this turn, 45 the round over max_rounds."""
    s = new_game(4)
    v = observe(s, 2)
    assert [set(_plane(v, 37 + k)) for k in range(6)] == [{1.0}] * 4 + [{0.0}] * 2
    assert set(_plane(v, 43)) == {0.0} and set(_plane(observe(s, 0), 43)) == {1.0}
    assert set(_plane(v, 45)) == {1 / 200}
    gemmed = new_game(2).play(Move.gem(pt("e3")))
    s = gemmed.play(gemmed.legal_moves()[0])
    s = s.play(s.legal_moves()[-1])  # player 1 moves; player 0's gem is taken back
    assert s.to_move == 0 and s.removed
    assert set(_plane(observe(s, 1), 44)) == {1.0}


def test_a_bad_seat_is_refused() -> None:
    """Only the players of the game observe."""
    with pytest.raises(ValueError, match=r"a player of this game is 0\.\.1"):
        observe(new_game(2), 2)
