"""Square Off's observation tensor [SO30]: OpenSpiel's nine_mens_morris planes first
(compared in lockstep with pyspiel when it is installed), then the state OpenSpiel leaves
out; every value 0..1, one per cell of the shape."""

from __future__ import annotations

import random

import pytest
from so_helpers import line_index, playout, pos

from astroplane.games.square_off import (
    JUMP_OFF,
    NINE_MENS_MORRIS,
    PRESETS,
    TRADING_PLACES,
    Move,
    action_to_move,
    move_to_action,
    new_game,
)
from astroplane.games.square_off.observation import OBSERVATION_SHAPE, observe
from astroplane.protocol import get_game

CELLS = 49


def _plane(values: list[float], plane: int) -> list[float]:
    return values[plane * CELLS : (plane + 1) * CELLS]


def _at(values: list[float], plane: int, name: str) -> float:
    file, rank = "abcdefg".index(name[0]), int(name[1])
    return values[plane * CELLS + (7 - rank) * 7 + file]


def test_the_game_offers_the_observation() -> None:
    """The registered game's observe and observation_shape are this module's: 15 planes
    on the 7 by 7 grid."""
    g = get_game("square-off")
    s = new_game()
    assert g.observation_shape is not None and g.observe is not None
    assert g.observation_shape(s) == OBSERVATION_SHAPE == (15, 7, 7)
    assert g.observe(s, 1) == observe(s, 1)


@pytest.mark.parametrize("rules", list(PRESETS.values()))
def test_every_value_is_in_0_1_and_fills_the_shape(rules: object) -> None:
    """Over random games of every preset, each observation has 735 values, all 0..1."""
    states, _moves = playout(3, rules)  # type: ignore[arg-type]
    for s in states:
        for seat in (0, 1):
            v = observe(s, seat)
            assert len(v) == 15 * 49 and all(0.0 <= x <= 1.0 for x in v)


def test_pieces_empty_points_and_links_are_openspiels_planes() -> None:
    """Planes 0-2 mark W, B and the empty points; 3 and 4 the horizontal and vertical
    link cells (a7-d7 crosses b7 and c7, a7-a4 crosses a6 and a5); colours are absolute."""
    s = pos("a7", "g1", in_hand=(8, 8))
    for seat in (0, 1):
        v = observe(s, seat)
        assert _at(v, 0, "a7") == 1 and _at(v, 1, "g1") == 1 and _at(v, 2, "d2") == 1
        assert _at(v, 2, "a7") == 0 and sum(_plane(v, 2)) == 22
        assert _at(v, 3, "b7") == _at(v, 3, "c7") == 1 and _at(v, 3, "a6") == 0
        assert _at(v, 4, "a6") == _at(v, 4, "a5") == 1 and _at(v, 4, "b7") == 0
        assert sum(_plane(v, 3)) == sum(_plane(v, 4)) == 12


def test_the_extra_planes_say_who_acts_hands_and_counters() -> None:
    """Plane 5 is the observer's colour, 6 whether it acts, 7 a pending removal, 9-10 the
    hands over the pieces, 13-14 the draw counters over their limits."""
    s = new_game().play(Move.place("d2"))
    w, b = observe(s, 0), observe(s, 1)
    assert set(_plane(w, 5)) == {1.0} and set(_plane(b, 5)) == {0.0}
    assert set(_plane(w, 6)) == {0.0} and set(_plane(b, 6)) == {1.0}
    assert set(_plane(w, 9)) == {8 / 9} and set(_plane(w, 10)) == {1.0}
    removing = pos("a7 d7", "g1", in_hand=(1, 5)).play(Move.place("g7"))
    assert removing.removals and set(_plane(observe(removing, 1), 7)) == {1.0}
    assert set(_plane(observe(removing, 0), 6)) == {1.0}
    nmm = new_game(NINE_MENS_MORRIS).play(Move.place("a7"))
    assert set(_plane(observe(nmm, 0), 14)) == {1 / 200} and set(_plane(observe(nmm, 0), 13)) == {
        0.0
    }


def test_a_trade_that_forms_two_lines_shows_the_second_right() -> None:
    """Plane 8 is set while a second removal right (the opponent's, after a trade) waits."""
    rng = random.Random(0)
    for seed in range(200):
        states, _moves = playout(seed, TRADING_PLACES)
        for s in states:
            if len(s.removals) > 1:
                assert set(_plane(observe(s, rng.choice((0, 1))), 8)) == {1.0}
                return
    raise AssertionError("no double removal in 200 random games")


def test_cooldown_marks_show_the_broken_lines() -> None:
    """Planes 11 and 12 mark the points of the lines each side's last move broke [SO7]."""
    s = pos("a7 d7 g7 a1", "b2 d2 f2", in_hand=(0, 0), rules=JUMP_OFF, removals=())
    s = s.play(Move.slide("g7", "g4"))
    assert s.cooldown[0] == 1 << line_index(s, "a7-d7-g7")
    v = observe(s, 1)
    assert [_at(v, 11, p) for p in ("a7", "d7", "g7", "g4")] == [1.0, 1.0, 1.0, 0.0]
    assert sum(_plane(v, 12)) == 0


def test_a_bad_seat_is_refused() -> None:
    """Only seats 0 and 1 observe."""
    with pytest.raises(ValueError, match="seat is 0"):
        observe(new_game(), 2)


@pytest.mark.openspiel
def test_lockstep_with_openspiel_observation_tensor() -> None:
    """Over seeded random games, at every node and for both players, planes 0-4 are
    exactly pyspiel's nine_mens_morris observation_tensor [SO30]."""
    pyspiel = pytest.importorskip(
        "pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'"
    )
    game = pyspiel.load_game("nine_mens_morris")
    assert list(game.observation_tensor_shape()) == [5, 7, 7]
    for seed in range(40):
        rng = random.Random(seed)
        ours, theirs = new_game(NINE_MENS_MORRIS), game.new_initial_state()
        while True:
            for seat in (0, 1):
                assert observe(ours, seat)[: 5 * CELLS] == list(theirs.observation_tensor(seat))
            if theirs.is_terminal():
                assert ours.is_over
                break
            action = rng.choice(theirs.legal_actions())
            assert move_to_action(action_to_move(ours, action)) == action
            ours = ours.play(action_to_move(ours, action))
            theirs.apply_action(action)
