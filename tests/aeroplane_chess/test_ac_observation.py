"""The observation tensor (astroplane.games.aeroplane_chess.observation): the planes of
its table, seen from the observing colour, values 0 to 1."""

from __future__ import annotations

import math

import attrs
import pytest
from ac_helpers import COLOUR_SETS, playout, pos

from astroplane.games.aeroplane_chess import AeroplaneState, Move, new_game
from astroplane.games.aeroplane_chess.board import N_SQUARES, square_from_name
from astroplane.games.aeroplane_chess.observation import (
    OBSERVATION_PLANES,
    OBSERVATION_SHAPE,
    observation_shape,
    observe,
)

N = N_SQUARES


def _plane(values: list[float], plane: int) -> list[float]:
    return values[plane * N : (plane + 1) * N]


def _turned(state: AeroplaneState, t: int) -> AeroplaneState:
    """``state`` with every colour moved ``t`` seats clockwise (R's planes become Y's for
    t = 1): the same race, on the board turned a quarter turn ``t`` times."""

    def plane(p: int) -> int:
        return (p + 4 * t) % 16

    planes = [-1] * 16
    for p, k in enumerate(state.planes):
        planes[plane(p)] = k
    return attrs.evolve(
        state,
        seats=tuple(sorted((c + t) % 4 for c in state.seats)),
        planes=tuple(planes),
        stacks=tuple(sorted(tuple(sorted(plane(p) for p in st)) for st in state.stacks)),
        to_move=(state.to_move + t) % 4,
        sixed=sum(1 << plane(p) for p in range(16) if state.sixed >> p & 1),
        finished=tuple((c + t) % 4 for c in state.finished),
    )


def test_the_shape_is_32_planes_by_80_squares() -> None:
    """observation_shape is (32, 80) for every player count, and observe fills it."""
    for players in (2, 3, 4):
        s = new_game(players)
        assert observation_shape(s) == OBSERVATION_SHAPE == (OBSERVATION_PLANES, N) == (32, 80)
        assert len(observe(s, 0)) == math.prod(OBSERVATION_SHAPE)


@pytest.mark.parametrize("colours", COLOUR_SETS)
def test_values_are_0_to_1_and_count_every_plane_once(colours: str) -> None:
    """Along a random game, every value of every colour's view is 0.0 to 1.0, and each
    player's planes on squares and in the hangar add up to its four planes."""
    states, _moves = playout(3, colours)
    for state in states:
        for seat in state.seats:
            v = observe(state, seat)
            assert all(isinstance(x, float) and 0.0 <= x <= 1.0 for x in v)
            for k in range(4):
                in_game = _plane(v, 28 + k)[0] == 1.0
                on_board = sum(_plane(v, k)) * 4
                in_hangar = _plane(v, 9 + k)[0] * 4
                assert on_board + in_hangar == (4 if in_game else 0)


def test_a_turned_position_observes_alike() -> None:
    """Each colour sees a position exactly as the colour t seats on sees the position
    turned t quarter turns: the observation is relative to the observer."""
    for colours in ("RB", "RYB", "RYBG"):
        states, _moves = playout(11, colours, max_plies=300)
        for state in states[::7]:
            for t in (1, 2, 3):
                turned = _turned(state, t)
                for seat in state.seats:
                    assert observe(turned, (seat + t) % 4) == observe(state, seat)


def test_planes_show_players_relative_to_the_observer() -> None:
    """A Red plane on square 14 is player 0's for Red, player 2's for Blue, turned to the
    square Blue's plane at that progress would be on."""
    s = pos("RB", {"R1": "14", "B1": "BT"}, roll=3)
    red, blue = observe(s, 0), observe(s, 2)
    assert _plane(red, 0)[square_from_name("14")] == 0.25
    assert _plane(red, 2)[square_from_name("BT")] == 0.25
    assert _plane(blue, 0)[square_from_name("RT")] == 0.25  # B1 on its take-off: progress 0
    assert _plane(blue, 2)[square_from_name("40")] == 0.25  # R1 at progress 14 from Blue
    assert _plane(red, 11)[0] == 0.75 and _plane(blue, 9)[0] == 0.75
    assert _plane(red, 19)[0] == 1.0 and sum(sum(_plane(red, p)) for p in range(17, 23)) == N
    assert _plane(red, 24)[0] == 1.0 and _plane(blue, 26)[0] == 1.0
    assert _plane(red, 28) == _plane(red, 30) == [1.0] * N and sum(_plane(red, 29)) == 0


def test_stacks_arrivals_and_sixes_have_their_planes() -> None:
    """A stack of two shows on the stacked plane, planes moved by this turn's 6s on plane
    8, an arrived plane on the centre and the arrived plane, two 6s as 1.0."""
    s = pos(
        "RB",
        {"R1": "10", "R2": "10", "R3": "RH6", "R4": "20"},
        stacks=[("R1", "R2")],
        roll=5,
        sixes=2,
        sixed=["R4"],
    )
    v = observe(s, 0)
    assert _plane(v, 0)[square_from_name("10")] == 0.5
    assert _plane(v, 4)[square_from_name("10")] == 0.5 and sum(_plane(v, 4)) == 0.5
    assert _plane(v, 8)[square_from_name("20")] == 0.25 and sum(_plane(v, 8)) == 0.25
    assert _plane(v, 0)[square_from_name("RH6")] == 0.25 and _plane(v, 13)[0] == 0.25
    assert _plane(v, 23)[0] == 1.0 and _plane(v, 21)[0] == 1.0


def test_a_chance_node_and_a_finished_game_show_no_roll() -> None:
    """At a chance node no roll plane is set (but whose turn it is is); once the game is
    over neither is."""
    s = new_game(2)
    v = observe(s, 0)
    assert sum(sum(_plane(v, p)) for p in range(17, 23)) == 0 and _plane(v, 24)[0] == 1.0
    states, _moves = playout(5, "RYB")
    end = observe(states[-1], 0)
    assert states[-1].is_over
    assert sum(sum(_plane(end, p)) for p in range(17, 28)) == 0
    assert sum(_plane(end, 13)) + sum(_plane(end, 14)) + sum(_plane(end, 15)) > 0


@pytest.mark.parametrize("bad", [1, 3, 4, -1, True, "R", 0.0])
def test_observing_as_a_colour_not_in_the_game_is_refused(bad: object) -> None:
    """observe refuses a seat that is not a colour in the game, naming it."""
    with pytest.raises(ValueError, match=r"a colour in this game is one of \(0, 2\), not "):
        observe(new_game(2).play(Move.roll(1)), bad)  # type: ignore[arg-type]
