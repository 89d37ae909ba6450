"""Flying along the route: the roll, jumps, the shortcut, the home column and the centre
(seed rules 3-4 and the ending, [AC4, AC6, AC7, AC11]). For Red, progress and loop square
numbers agree, so the positions read directly."""

from __future__ import annotations

import pytest
from ac_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import Move, MoveKind, Rules, square_name

SIX_ONLY = Rules(launch="six")


def _ends(square: str, roll: int, rules: Rules = SIX_ONLY, colour: str = "R") -> list[str]:
    """Where plane 1 of ``colour``, alone on ``square``, can end with ``roll``."""
    s = pos("RB", {colour + "1": square}, roll=roll, rules=rules, to_move=colour)
    return [square_name(m.square) for m in s.legal_moves() if m.kind == MoveKind.FLY]


def test_a_plane_moves_the_rolled_number_clockwise() -> None:
    """R1 on 3 with a 4 ends on 7 (a yellow square: no jump)."""
    assert _ends("3", 4) == ["7"]


def test_landing_on_an_own_colour_square_jumps_to_the_next() -> None:
    """Landing on red 6 jumps to red 10 (seed rule 3); one jump per move [AC6]."""
    assert _ends("4", 2) == ["10"]
    assert _ends("42", 4) == ["50"]


def test_no_jump_from_the_exit_square() -> None:
    """Red 50 is the last red square of the route: landing there does not jump [AC6]."""
    assert _ends("46", 4) == ["50"]


def test_a_jump_onto_the_shortcut_square_may_fly_the_shortcut() -> None:
    """14 jumps to the shortcut square 18: stay there, or fly to 30 (jump then shortcut,
    seed rule 4) [AC7]."""
    assert _ends("10", 4) == ["18", "30"]


def test_a_direct_landing_on_the_shortcut_square_flies_or_jumps() -> None:
    """Landing on 18 itself: fly to 30, or decline and make rule 3's jump to 22 [AC7]."""
    assert _ends("12", 6) == ["22", "30"]


def test_a_compulsory_shortcut_leaves_no_choice() -> None:
    """With compulsory_shortcut, both ways onto 18 fly to 30 [AC7]."""
    rules = Rules(compulsory_shortcut=True)
    assert _ends("10", 4, rules) == ["30"]
    assert _ends("12", 6, rules) == ["30"]


def test_shortcut_then_jump_only_after_a_direct_landing() -> None:
    """With shortcut_jump, a direct landing flies to 30 and jumps to 34; after a jump onto
    18 the shortcut still ends on 30 (one jump per move) [AC7]."""
    rules = Rules(shortcut_jump=True)
    assert _ends("12", 6, rules) == ["22", "34"]
    assert _ends("10", 4, rules) == ["18", "30"]


def test_the_home_column_follows_the_exit() -> None:
    """From 48 a 5 reaches RH3: past the exit (50) into the home column [AC4]."""
    assert _ends("48", 5) == ["RH3"]
    assert _ends("50", 6) == ["RH6"]


def test_an_exact_roll_reaches_the_centre_and_the_plane_is_done() -> None:
    """RH2 with a 4 arrives in the centre; an arrived plane never moves again [AC13]."""
    s = play(pos(planes={"R1": "RH2", "R2": "3"}, roll=4, rules=SIX_ONLY), "R1-RH6")
    assert s.arrived("R") == (0,) and square_name(s.square_of("R1")) == "RH6"
    done = pos(planes={"R1": "RH6", "R2": "3"}, roll=3)
    assert texts(done) == ["R2-10"]  # 6 is red: R2 jumps; R1 has no move
    with pytest.raises(IllegalMoveError, match=r"R1 has arrived at the centre and is done"):
        done.play(Move.fly("R1", "RH3"))


def test_overshoot_bounces_back_from_the_centre() -> None:
    """Standard: RH4 with a 5 goes 2 in and 3 back out, to RH3 [AC11]."""
    assert _ends("RH4", 5) == ["RH3"]
    assert _ends("RH1", 6) == ["RH5"]


def test_overshoot_stay_means_that_plane_cannot_move() -> None:
    """With overshoot=stay a plane that would pass the centre cannot move; alone, the
    player passes [AC11, AC12]."""
    rules = Rules(launch="six", overshoot="stay")
    assert texts(pos(planes={"R1": "RH4"}, roll=5, rules=rules)) == ["pass"]
    with pytest.raises(IllegalMoveError, match=r"needs exactly 2 .* overshoot=stay"):
        pos(planes={"R1": "RH4", "R2": "3"}, roll=5, rules=rules).play(Move.fly("R1", "RH3"))


def test_a_wrong_destination_names_the_right_ones() -> None:
    """Flying to a square the roll does not reach names the squares it does reach."""
    with pytest.raises(IllegalMoveError, match=r"with a 4, R1 ends on 18 or 30"):
        pos(planes={"R1": "10"}, roll=4, rules=SIX_ONLY).play(Move.fly("R1", "14"))


def test_other_colours_follow_their_own_routes() -> None:
    """Blue enters at 27; its own squares are 28, 32, ...; its shortcut flies from 44 over
    RH5 to 4, or a declined shortcut jumps to 48."""
    assert _ends("BT", 1, colour="B") == ["27"]
    assert _ends("BT", 2, colour="B") == ["32"]
    assert _ends("39", 5, colour="B") == ["48", "4"]
    assert _ends("22", 4, colour="B") == ["BH2"]  # Blue leaves the loop after 24
