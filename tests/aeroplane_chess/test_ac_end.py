"""The end of the game ([AC13], [AC14]): the first home wins, the others play on for places
until one is left; the returns grade the places."""

from __future__ import annotations

import pytest
from ac_helpers import play, pos

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import Move, describe_outcome

HOME3 = {"R1": "RH6", "R2": "RH6", "R3": "RH6", "R4": "RH5"}


def test_two_players_end_when_one_finishes() -> None:
    """R's fourth plane arrives: the game is over, R first and B last."""
    s = play(pos("RB", HOME3), "1", "R4-RH6")
    assert s.is_over and s.ranking == (0, 2) and s.returns() == (1.0, 0.0, 0.0, 0.0)
    assert s.to_move == 2  # the player left is recorded as to move
    assert describe_outcome(s) == "1st R (Red), 2nd B (Blue)"


def test_the_others_play_on_for_places() -> None:
    """With three players the first to finish leaves the turn order and play goes on."""
    s = play(pos("RYB", HOME3), "1", "R4-RH6")
    assert not s.is_over and s.finished == (0,) and s.to_move == 1
    assert s.returns() == (0.0, 0.0, 0.0, 0.0)
    s = play(s, "1", "pass", "1", "pass")
    assert s.to_move == 1  # R is skipped


def test_the_game_ends_when_one_player_is_left_and_places_are_graded() -> None:
    """The last finisher but one ends the game: the returns are (n - place) / (n - 1)."""
    planes = {**HOME3, **{f"Y{i}": "YH6" for i in range(1, 5)}, "G1": "GH5"}
    planes.update({f"G{i}": "GH6" for i in range(2, 5)})
    s = pos("RYBG", planes, to_move="G", finished="Y")
    s = play(s, "1", "G1-GH6")
    assert s.finished == (1, 3) and not s.is_over
    s = play(s, "1", "R4-RH6")
    assert s.is_over and s.ranking == (1, 3, 0, 2)
    assert s.returns() == pytest.approx((1 / 3, 1.0, 0.0, 2 / 3))


def test_a_finished_game_has_no_moves() -> None:
    """Once over: no legal moves, no chance outcomes, and play raises."""
    s = play(pos("RB", HOME3), "1", "R4-RH6")
    assert s.legal_moves() == () and s.chance_outcomes() == () and not s.is_chance_node
    with pytest.raises(IllegalMoveError, match=r"the game is over \[AC13\]"):
        s.play(Move.roll(3))
