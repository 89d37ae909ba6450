"""Blocking stacks [AC22]: two or more planes of one colour on a square are a wall that
opponents may neither pass nor land on; jumps and the shortcut fly over squares but are
not made onto a wall, and a wall on the crossed square closes the shortcut."""

from __future__ import annotations

import pytest
from ac_helpers import texts

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import (
    FAMILY,
    Move,
    Rules,
    position_from_text,
    rules_from_text,
)

BLOCK = Rules(blocking=True)


def _moves(text: str) -> list[str]:
    return texts(position_from_text(text))


def test_a_roll_may_not_land_on_a_wall() -> None:
    """R1 on 10 rolls a 1 onto Y's stack on 11: no move; without blocking it sends the
    stack back."""
    assert _moves("standard,blocking=on RY R1 t9 R1:10,Y1Y2:11") == ["pass"]
    assert _moves("standard RY R1 t9 R1:10,Y1Y2:11") == ["R1x11"]


def test_a_roll_may_not_pass_a_wall() -> None:
    """R1 on 10 may not fly past Y's wall on 11 with a 3; R2 behind nothing still moves."""
    assert _moves("standard,blocking=on RY R3 t9 R1:10,R2:30,Y1Y2:11") == ["R2-33"]


def test_two_unstacked_planes_are_a_wall_too() -> None:
    """With stacking=never, Y1 and Y2 sharing square 11 block as a stack would."""
    text = "standard,blocking=on,stacking=never RY R3 t9 R1:10,R2:30,Y1:11,Y2:11"
    assert _moves(text) == ["R2-33"]


def test_a_lone_plane_is_no_wall_and_is_sent_back() -> None:
    """One Y plane on 11 is passed and landed on as in the seed."""
    assert _moves("standard,blocking=on RY R1 t9 R1:10,Y1:11") == ["R1x11"]
    assert _moves("standard,blocking=on RY R3 t9 R1:10,Y1:11") == ["R1-13"]


def test_own_planes_are_never_a_wall_to_their_colour() -> None:
    """R1 flies past and onto R's own stack on 11."""
    assert _moves("standard,blocking=on RY R1 t9 R1:10,R2R3:11") == ["R1-11", "R1-11&", "R2-12"]
    assert _moves("standard,blocking=on RY R3 t9 R1:10,R2R3:11") == ["R1-13", "R2-18", "R2-30"]


def test_a_jump_onto_a_wall_is_not_made() -> None:
    """R1 on 4 rolls a 2 onto red 6; Y's wall stands on 10, so it stays on 6."""
    assert _moves("standard,blocking=on RY R2 t9 R1:4,R2:30,Y1Y2:10") == [
        "R3-RT",
        "R1-6",
        "R2-32",
    ]


def test_a_jump_flies_over_a_wall() -> None:
    """R1 on 4 rolls a 2 onto red 6 and jumps to 10 over Y's wall on 8."""
    assert _moves("standard,blocking=on RY R2 t9 R1:4,Y1Y2:8") == ["R2-RT", "R1-10"]


def test_a_wall_on_the_crossed_square_closes_the_shortcut() -> None:
    """B's wall on BH5 closes R's shortcut: a direct landing on 18 jumps on to 22, a jump
    onto 18 stays there; without the wall both may fly to 30."""
    walled = "standard,blocking=on RB R6 t9 R1:12,R2:10,B1B2:BH5"
    assert _moves(walled) == ["R3-RT", "R1-22", "R2-16"]
    assert _moves("standard,blocking=on RB R4 t9 R1:10,B1B2:BH5") == ["R2-RT", "R1-18"]
    assert _moves("standard,blocking=on RB R4 t9 R1:10,B1:BH5") == ["R2-RT", "R1-18", "R1x30"]


def test_a_wall_on_the_shortcut_end_closes_it() -> None:
    """B's wall on 30 closes the shortcut; R1 declines and jumps to 22."""
    assert _moves("standard,blocking=on RB R6 t9 R1:12,B1B2:30") == ["R2-RT", "R1-22"]


def test_a_closed_compulsory_shortcut_is_not_compulsory() -> None:
    """Under classic rules the shortcut must be flown, but when a wall closes it the plane
    jumps on as if it declined; a wall on 22 too leaves it on 18."""
    classic = "classic,blocking=on RB R6 t9 R1:12,B1B2:BH5"
    assert _moves(classic) == ["R2-RT", "R1-22"]
    assert _moves("classic,blocking=on RB R6 t9 R1:12") == ["R2-RT", "R1-34"]
    walled = "classic,blocking=on RYB R6 t9 R1:12,B1B2:BH5,Y1Y2:22"
    assert _moves(walled) == ["R2-RT", "R1-18"]


def test_no_jump_after_the_shortcut_onto_a_wall() -> None:
    """With shortcut_jump, R1 flies 18 to 30 and would jump to 34; Y's wall there stops
    it on 30."""
    text = "standard,blocking=on,shortcut_jump=on RYB R6 t9 R1:12,Y1Y2:34"
    assert _moves(text) == ["R2-RT", "R1-22", "R1-30"]


def test_a_player_walled_in_passes() -> None:
    """Every plane of R is walled in with a 5 (and a 5 launches nothing): R passes, and a
    fly through the wall is refused naming [AC22]."""
    s = position_from_text("family RB R5 t9 R1:10,R2:20,R3R4:RH6,B1B2:12,B3B4:22")
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalMoveError, match=r"wall.*\[AC22\]"):
        s.play(Move.fly("R1", "15"))


def test_partners_walls_do_not_block() -> None:
    """In team play B's wall is no wall to its partner R, but Y's is [AC26]."""
    assert _moves("teams,blocking=on RYBG R3 t9 R1:10,B1B2:11") == ["R1-13"]
    assert _moves("teams,blocking=on RYBG R3 t9 R1:10,Y1Y2:11") == ["pass"]


def test_family_is_launch_on_six_with_walls() -> None:
    """The family preset: launch only on a 6 and blocking on [AC27]."""
    assert rules_from_text("standard,launch=six,blocking=on") == FAMILY
    assert FAMILY.blocking and FAMILY.launch_rolls == {6}
