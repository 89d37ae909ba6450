"""The die as chance nodes ([AC15], [AC12]): outcomes, probabilities, drawing, and the
explicit pass; states are immutable values without a random generator."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from ac_helpers import play, pos

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import AeroplaneState, Move, MoveKind, new_game
from astroplane.protocol import sample_chance


def test_a_chance_node_lists_six_equally_likely_rolls() -> None:
    """At a chance node the legal moves are the rolls 1..6, each with probability 1/6."""
    s = new_game(4)
    outcomes = s.chance_outcomes()
    assert [m for m, _p in outcomes] == list(s.legal_moves()) == [Move.roll(v) for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _m, p in outcomes)
    assert sum(p for _m, p in outcomes) == pytest.approx(1.0)


def test_after_the_roll_the_player_moves_and_there_are_no_outcomes() -> None:
    """Once rolled, the state is a decision node of the roller: no chance outcomes."""
    s = new_game(2).play(Move.roll(3))
    assert not s.is_chance_node and s.chance_outcomes() == () and s.to_move == 0
    assert s.roll == 3


def test_every_roll_is_followed_by_exactly_one_player_move() -> None:
    """A roll that cannot be played leaves a lone, explicit pass [AC12]."""
    s = new_game(2).play(Move.roll(5))
    assert s.legal_moves() == (Move.PASS,)
    after = s.play(Move.PASS)
    assert after.is_chance_node and after.to_move == 2


def test_pass_is_illegal_when_a_move_exists() -> None:
    """Passing with a playable roll is refused, naming [AC12]."""
    with pytest.raises(IllegalMoveError, match=r"R can move with the 4, so may not pass \[AC12\]"):
        new_game(2).play(Move.roll(4)).play(Move.PASS)


def test_moves_of_the_wrong_node_kind_are_refused() -> None:
    """A player move at a chance node, or a roll at a decision node, names [AC15]."""
    with pytest.raises(IllegalMoveError, match=r"the die must be rolled first.*\[AC15\]"):
        new_game(2).play(Move.launch("R1"))
    with pytest.raises(IllegalMoveError, match=r"the die already shows 2.*\[AC15\]"):
        new_game(2).play(Move.roll(2)).play(Move.roll(2))
    with pytest.raises(IllegalMoveError, match="not a Move"):
        new_game(2).play("6")  # type: ignore[arg-type]


def test_a_die_shows_one_to_six() -> None:
    """Move.roll accepts 1..6 only."""
    for bad in (0, 7, 2.0):
        with pytest.raises(ValueError, match=r"a die shows 1\.\.6"):
            Move.roll(bad)  # type: ignore[arg-type]


def test_sample_chance_draws_each_roll_about_equally_often() -> None:
    """sample_chance with a seeded generator draws every roll near 1/6 of the time."""
    rng = random.Random(42)
    s = new_game(2)
    counts = Counter(sample_chance(s, rng).value for _ in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(900 < n < 1100 for n in counts.values())


def test_states_are_frozen_hashable_values_without_a_generator() -> None:
    """States cannot be changed, equal histories give equal and equally hashed states, and
    no field holds a random generator."""
    a = play(new_game(2), "6", "R1-RT", "2")
    b = play(new_game(2), "6", "R1-RT", "2")
    assert a == b and hash(a) == hash(b) and a is not b
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.roll = 3  # type: ignore[misc]
    for field in attrs.fields(AeroplaneState):
        assert not isinstance(getattr(a, field.name), random.Random)
    assert not hasattr(a, "__dict__")  # slots: nothing can be attached


def test_playing_does_not_change_the_state() -> None:
    """play returns a new state; the old one keeps its moves and text."""
    s = pos(planes={"R1": "3", "B1": "7"}, roll=4)
    text, moves = s.to_text(), s.legal_moves()
    s.play(moves[-1])
    assert s.to_text() == text and s.legal_moves() == moves
    assert all(m.kind != MoveKind.ROLL for m in moves)
