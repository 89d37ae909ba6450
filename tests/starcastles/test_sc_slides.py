"""Battlements and Power Bases slide along lines; nothing passes over a module or a gem
[SC4, SC5]."""

from __future__ import annotations

import pytest
from sc_helpers import pos, slide, targets

from astroplane.errors import IllegalMoveError


def test_a_battlement_on_an_empty_board_reaches_every_point_of_its_six_rays() -> None:
    """From the centre e3 every ray has two points before the edge (the third point out,
    e.g. (3, 0, -3), is off the board): 6 * 2 = 12 slides, ray by ray, nearest first."""
    s = pos({"e3": "B0"})
    assert targets(s, "e3") == [
        "d4", "c5", "e4", "e5", "f4", "g5", "f3", "g3", "e2", "e1", "d3", "c3",
    ]  # fmt: skip


def test_a_long_slide_runs_the_whole_row() -> None:
    """c1 = (-2, 4, -2) starts two rows of 7: east to c7 (z = -2) and south-east to i1
    (x = -2): 6 + 6 = 12 slides; its four other directions leave the board at once."""
    s = pos({"c1": "B0"})
    assert targets(s, "c1") == [
        "c2", "c3", "c4", "c5", "c6", "c7", "d1", "e1", "f2", "g3", "h1", "i1",
    ]  # fmt: skip


def test_a_battlement_stops_before_a_module_or_docks_on_a_lone_power_base() -> None:
    """e1 = (-2, 2, 0). North-east: d2 empty, then c3 a P+B (no docking: stop before
    it); east: e2 empty, e3 a lone Power Base (dock, then stop); south-east: f2 a Spire
    (stop at once); south-west f1 g1 and north-west d1 c1 are empty; west is off."""
    s = pos({"e1": "B0", "e3": "P1", "c3": "P1B1", "f2": "S1"})
    assert targets(s, "e1") == ["d2", "e2", "e3", "f1", "g1", "d1", "c1"]
    after = s.play(slide("e1", "e3"))
    assert after.stack("e3") == "P1B0" and after.stack("e1") == ""


@pytest.mark.parametrize(
    ("to", "reason"),
    [
        ("e4", r"\[SC5\] nothing passes over a module \(on e3\)"),
        ("c3", r"a Battlement docks only on a lone Power Base, not on c3"),
        ("f2", r"a Battlement docks only on a lone Power Base, not on f2"),
        ("e5", r"\[SC5\] nothing passes over a module \(on e3\)"),
        ("g3", r"\[SC5\] nothing passes over a module \(on f2\)"),
        ("f3", r"\[SC4\] a slide goes along a line; f3 is not on one from e1"),
    ],
)
def test_illegal_battlement_slides_name_the_rule(to: str, reason: str) -> None:
    """Passing over a module, landing on anything but a lone Power Base, or leaving the
    lines is refused with the rule, the state unchanged."""
    s = pos({"e1": "B0", "e3": "P1", "c3": "P1B1", "f2": "S1"})
    cells = s.cells
    with pytest.raises(IllegalMoveError, match=reason):
        s.play(slide("e1", to))
    assert s.cells == cells


def test_a_gem_blocks_passing_and_landing() -> None:
    """Player 1's gem on e2 stops e1's Battlement going east at all: not onto e2, not
    past it [SC5]; its other rays run free: ne d2 c3 b1 a1, se f2 g3 h1 i1, sw f1 g1,
    nw d1 c1."""
    s = pos({"e1": "B0", "e4": "P1"}, gems={1: "e2"})
    assert targets(s, "e1") == [
        "d2", "c3", "b1", "a1", "f2", "g3", "h1", "i1", "f1", "g1", "d1", "c1",
    ]  # fmt: skip
    with pytest.raises(IllegalMoveError, match=r"\[SC5\] e2 is blocked by a Phase Gem"):
        s.play(slide("e1", "e4"))
    with pytest.raises(IllegalMoveError, match=r"\[SC5\] e2 is blocked by a Phase Gem"):
        s.play(slide("e1", "e2"))


def test_a_power_base_slides_only_to_empty_points() -> None:
    """A lone Power Base on e1 stops before any module, lone Power Base included:
    north-east d2 (c3, P1B1, stops it); east e2 (e3, P1, stops it); south-east f2 (S1)
    stops it at once; sw f1 g1, nw d1 c1. It never lands on a module [SC4]."""
    s = pos({"e1": "P0", "e3": "P1", "c3": "P1B1", "f2": "S1"})
    assert targets(s, "e1") == ["d2", "e2", "f1", "g1", "d1", "c1"]
    with pytest.raises(IllegalMoveError, match="a Power Base never lands on a module"):
        s.play(slide("e1", "e3"))
    after = s.play(slide("e1", "e2"))
    assert after.stack("e2") == "P0" and after.stack("e1") == ""


def test_a_held_power_base_cannot_move_and_a_battlement_leaves_it_behind() -> None:
    """P0 under B0 on e3 is held: only the Battlement moves; sliding it away leaves the
    Power Base, now free, where it was."""
    s = pos({"e3": "P0B0"})
    assert targets(s, "e3") == [
        "d4", "c5", "e4", "e5", "f4", "g5", "f3", "g3", "e2", "e1", "d3", "c3",
    ]  # fmt: skip
    after = s.play(slide("e3", "e5"))
    assert after.stack("e3") == "P0" and after.stack("e5") == "B0"
