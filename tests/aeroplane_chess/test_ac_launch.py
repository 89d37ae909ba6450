"""Taxiing out of the hangar (seed rule 1, [AC5]): which rolls, which plane, what it costs."""

from __future__ import annotations

import pytest
from ac_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import Move, Rules, new_game


@pytest.mark.parametrize("roll", range(1, 7))
def test_standard_launch_needs_an_even_roll(roll: int) -> None:
    """From the start, an even roll taxis R1 out and an odd roll must be passed."""
    s = new_game(2).play(Move.roll(roll))
    assert texts(s) == (["R1-RT"] if roll % 2 == 0 else ["pass"])


@pytest.mark.parametrize(
    ("launch", "rolls"), [("even", {2, 4, 6}), ("six", {6}), ("five-or-six", {5, 6})]
)
def test_launch_option_sets_the_launching_rolls(launch: str, rolls: set[int]) -> None:
    """The launch option decides which rolls let a plane taxi out."""
    start = new_game(2, rules=Rules(launch=launch))
    ok = {r for r in range(1, 7) if start.play(Move.roll(r)).legal_moves()[0] != Move.PASS}
    assert ok == rolls


def test_taxiing_out_costs_the_roll() -> None:
    """A launch puts the plane on the take-off square and ends the turn (no 6)."""
    s = play(new_game(2), "4", "R1-RT")
    assert s.progress("R1") == 0 and s.to_move == 2 and s.is_chance_node and s.turn == 2


def test_the_lowest_numbered_hangar_plane_taxis_out() -> None:
    """With R1 flying, a launch takes R2; with R1 back in the hangar, R1 again."""
    assert texts(pos(planes={"R1": "9"}, roll=2)) == ["R2-RT", "R1-11"]
    assert texts(pos(planes={"R2": "9", "R3": "9"}, roll=2))[0] == "R1-RT"


def test_a_launch_does_not_stack_on_the_take_off_square() -> None:
    """A plane taxiing out next to an own plane on the take-off square is not stacked,
    even when stacking is always: taxiing is not landing [AC9]."""
    s = play(pos(planes={"R1": "RT"}, rules=Rules(stacking="always"), roll=2), "R2-RT")
    assert s.progress("R1") == s.progress("R2") == 0 and s.stacks == ()


def test_from_the_take_off_square_a_roll_counts_from_the_entry() -> None:
    """From the take-off square a 1 reaches the entry square; a 2 lands on an own-colour
    square and jumps on [AC6]."""
    s = pos(planes={"R1": "RT"}, roll=1)
    assert texts(s) == ["R1-1"]
    assert texts(pos(planes={"R1": "RT"}, roll=2)) == ["R2-RT", "R1-6"]


def test_launch_errors_name_the_rule() -> None:
    """An odd launch names seed rule 1; launching a higher plane names [AC5]."""
    with pytest.raises(IllegalMoveError, match=r"only on a 2, 4 or 6, not a 3 \(seed rule 1"):
        new_game(2).play(Move.roll(3)).play(Move.launch("R1"))
    with pytest.raises(IllegalMoveError, match=r"lowest-numbered in the hangar, R1 \[AC5\]"):
        new_game(2).play(Move.roll(2)).play(Move.launch("R2"))
    with pytest.raises(IllegalMoveError, match="is not in the hangar"):
        pos(planes={"R1": "9"}, roll=2).play(Move.launch("R1"))
    with pytest.raises(IllegalMoveError, match="must taxi out first"):
        pos(roll=3).play(Move.fly("R1", "3"))
