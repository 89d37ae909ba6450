"""Sending opponents back (seed rules 2-4, [AC8]): on every square a flight lands on and on
the square its shortcut crosses, never on squares flown over."""

from __future__ import annotations

from ac_helpers import play, pos, texts

from astroplane.games.aeroplane_chess import Rules

SIX_ONLY = Rules(launch="six")


def test_landing_on_an_opponent_sends_it_to_its_hangar() -> None:
    """R1 3 -> 7 lands on B1: B1 goes back to the hangar; the move is written with x."""
    s = pos("RB", {"R1": "3", "B1": "7"}, roll=4, rules=SIX_ONLY)
    assert texts(s) == ["R1x7"]
    s = play(s, "R1x7")
    assert s.hangar("B") == (8, 9, 10, 11) and s.progress("R1") == 7


def test_landing_on_an_opponent_stack_sends_all_of_it_back_and_it_comes_apart() -> None:
    """An opponent stack that is landed on goes back whole, no longer stacked (seed rule
    5): the lone lander beats it [AC9]."""
    s = pos("RB", {"R1": "3", "B1": "7", "B2": "7"}, stacks=[("B1", "B2")], roll=4)
    s = play(s, "R1x7")
    assert s.stacks == () and s.hangar("B") == (8, 9, 10, 11)


def test_a_jump_sends_back_on_both_squares() -> None:
    """R1 4 -> 6 (red, Y1 there) jumps to 10 (B1 there): both go back (seed rule 3)."""
    s = play(pos("RYB", {"R1": "4", "Y1": "6", "B1": "10"}, roll=2, rules=SIX_ONLY), "R1x10")
    assert s.progress("Y1") == s.progress("B1") == -1 and s.progress("R1") == 10


def test_the_shortcut_sends_back_on_its_squares_and_in_its_path() -> None:
    """R1 12 -> 18 (G1) flies over BH5 (B1) to 30 (Y1): all three go back (seed rule 4)."""
    planes = {"R1": "12", "G1": "18", "B1": "BH5", "Y1": "30", "Y2": "22"}
    s = pos("RYBG", planes, roll=6, rules=SIX_ONLY)
    assert texts(s) == ["R2-RT", "R1x22", "R1x30"]
    flown = play(s, "R1x30")
    assert [flown.progress(p) for p in ("G1", "B1", "Y1", "Y2")] == [-1, -1, -1, 9]


def test_declining_the_shortcut_spares_the_path() -> None:
    """Declined, R1 lands on 18 (G1 back) and jumps to 22 (Y2 back); B1 on BH5 stays."""
    planes = {"R1": "12", "G1": "18", "B1": "BH5", "Y1": "30", "Y2": "22"}
    s = play(pos("RYBG", planes, roll=6, rules=SIX_ONLY), "R1x22")
    assert [s.progress(p) for p in ("G1", "B1", "Y1", "Y2")] == [-1, 55, 17, -1]


def test_in_a_two_player_game_the_shortcut_crosses_the_other_player() -> None:
    """With R against B, Red's shortcut crosses Blue's BH5: the danger square [AC7]."""
    s = play(pos("RB", {"R1": "10", "B1": "BH5"}, roll=4, rules=SIX_ONLY), "R1x30")
    assert s.progress("B1") == -1


def test_squares_flown_over_are_safe() -> None:
    """Opponents on squares a plane passes over, or jumps over, stay where they are."""
    s = play(pos("RYB", {"R1": "1", "Y1": "2", "B1": "3"}, roll=4, rules=SIX_ONLY), "R1-5")
    assert s.progress("Y1") == 41 and s.progress("B1") == 29
    s = play(pos("RYB", {"R1": "5", "Y1": "7", "B1": "8"}, roll=1, rules=SIX_ONLY), "R1-10")
    assert s.hangar("Y") == (5, 6, 7) and s.hangar("B") == (9, 10, 11)


def test_own_planes_are_never_sent_back() -> None:
    """Landing on an own plane never sends it back (it may stack instead)."""
    s = play(pos("RB", {"R1": "3", "R2": "7"}, roll=4, rules=SIX_ONLY), "R1-7")
    assert s.progress("R2") == 7 and s.progress("R1") == 7
