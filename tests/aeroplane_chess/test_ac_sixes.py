"""Sixes (seed rule 1 of the additional rules, [AC10]): another roll after a 6, at most
three rolls, and a third 6 sends back what the first two moved."""

from __future__ import annotations

from ac_helpers import play, pos

from astroplane.games.aeroplane_chess import Rules, new_game, position_to_text


def test_a_six_gives_another_roll() -> None:
    """After playing a 6 the same player rolls again; the plane it moved is marked."""
    s = play(new_game(2), "6", "R1-RT")
    assert s.is_chance_node and s.to_move == 0 and s.sixes == 1 and s.sixed == 0b1
    assert position_to_text(s) == "standard RB R6? t1 R1:RT sixed:R1"


def test_a_second_six_gives_a_third_roll_and_then_the_turn_passes() -> None:
    """6, 6, then any roll other than 6 is played, and the turn passes."""
    s = play(new_game(2), "6", "R1-RT", "6", "R1-10")
    assert s.is_chance_node and s.to_move == 0 and s.sixes == 2
    s = play(s, "3", "R1-13")
    assert s.to_move == 2 and s.sixes == 0 and s.sixed == 0 and s.turn == 2


def test_a_third_six_sends_the_planes_moved_by_the_first_two_back() -> None:
    """The third 6 is not played: R1 (moved by both 6s) and R2 go back; the turn passes."""
    s = play(new_game(2), "6", "R1-RT", "6", "R2-RT")
    s = play(s, "6")
    assert s.hangar("R") == (0, 1, 2, 3) and s.to_move == 2 and s.is_chance_node


def test_the_penalty_takes_back_an_arrived_plane_too() -> None:
    """A plane that reached the centre with a 6 goes back to the hangar on a third 6."""
    s = play(pos(planes={"R1": "50", "R2": "20"}), "6", "R1-RH6", "6", "R3-RT", "6")
    assert s.progress("R1") == -1 and s.progress("R3") == -1 and s.progress("R2") == 20


def test_the_penalty_takes_back_whole_moving_stacks_but_not_the_planes_joined() -> None:
    """A stack moved by a 6 goes back whole; an own plane it joined without moving stays,
    and the stack comes apart."""
    s = pos(planes={"R1": "1", "R2": "7"}, rules=Rules(launch="six"))
    s = play(s, "6", "R1-7&", "6")
    assert s.stacks == ((0, 1),)
    s = play(s, "R3-RT", "6")  # the second 6 launched R3 instead
    assert s.progress("R1") == -1 and s.progress("R2") == 7 and s.stacks == ()
    moved = play(pos(planes={"R1": "1", "R2": "7"}), "6", "R1-7&", "6", "R1-13", "6")
    assert moved.hangar("R") == (0, 1, 2, 3)


def test_a_six_that_must_be_passed_still_earns_a_roll() -> None:
    """The bonus is for rolling a 6: with no move for it, the player passes and rolls again."""
    planes = {"R1": "RH5", "R2": "RH6", "R3": "RH6", "R4": "RH6"}
    s = play(pos(planes=planes, rules=Rules(overshoot="stay")), "6", "pass")
    assert s.is_chance_node and s.to_move == 0 and s.sixes == 1


def test_finishing_on_a_six_ends_the_turn() -> None:
    """A player whose last plane arrives with a 6 has finished and rolls no more."""
    planes = {"R1": "RH6", "R2": "RH6", "R3": "RH6", "R4": "50"}
    s = play(pos("RYB", planes), "6", "R4-RH6")
    assert s.finished == (0,) and s.to_move == 1 and s.sixes == 0 and not s.is_over
