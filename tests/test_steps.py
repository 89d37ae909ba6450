"""A single piece's step (RULES.md 3.2): [D4] usable apexes, [D6] enterable, [D8] steps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from helpers import STEP, cell, names, pname, pos, setup, step, targets, where

# RULES.md 1.4: Start Area -> entry cell (entered through apex).
START_EXITS = {
    "Sl": ("e2", "sw"),
    "Sr": ("f2", "se"),
    "Wl": ("b6", "nw"),
    "Wr": ("b5", "sw"),
    "Nl": ("f9", "ne"),
    "Nr": ("e9", "nw"),
    "El": ("i5", "se"),
    "Er": ("i6", "ne"),
}
APEXES = ("ne", "nw", "sw", "se")
B_FIRE = ap.REFERENCE_BOARD.fire_base


@pytest.mark.parametrize("area", sorted(START_EXITS))
def test_d8_start_area_exit_into_entry_cell_other_three_apexes(area: str) -> None:
    """The top piece of a Start Area steps into its entry cell at the three other apexes [D8]."""
    state = ap.new_game(4, first=area[0])
    entry, apex = START_EXITS[area]
    expected = {f"{entry}.{a}" for a in APEXES if a != apex}
    assert targets(state, area) == expected
    assert f"{entry}.{apex}" not in targets(state, area)


def test_d8_start_area_moves_only_its_top_piece() -> None:
    """Only the top piece of a Start Area stack moves out of it [D8, D17]."""
    state = ap.new_game(2)
    after = step(state, "Sl->e2.ne")
    assert names(after, "e2.ne") == ["S3"]
    assert names(after, "Sl") == ["S1", "S2"]


def test_d3_no_step_between_the_two_start_areas() -> None:
    """A piece never moves from one Start Area to the other [D3]."""
    state = ap.new_game(2)
    assert "Sr" not in targets(state, "Sl")
    assert "Sl" not in targets(state, "Sr")
    assert not state.is_legal(ap.Move(STEP, pos("Sl"), pos("Sr")))


def test_d8_step_through_pointed_apex_to_other_three() -> None:
    """A step goes through the pointed apex and takes one of the other three apexes [D8]."""
    state = setup({"e3.ne": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "e3.ne") == {"f4.ne", "f4.nw", "f4.se"}


@pytest.mark.parametrize(
    ("origin", "expected"),
    [
        ("e3.nw", {"d4.ne", "d4.nw", "d4.sw"}),
        ("e3.sw", {"d2.nw", "d2.sw", "d2.se"}),
        ("e3.se", {"f2.ne", "f2.sw"}),  # f2.se -> g1 is the Start Area Sr [D4]
    ],
)
def test_d8_each_apex_leads_to_its_diagonal_cell(origin: str, expected: set[str]) -> None:
    """Each apex leads into the diagonal cell sharing only that corner [D8]."""
    state = setup({origin: ["S1"], "c8.ne": ["N1"]})
    assert targets(state, origin) == expected


def test_d4_only_usable_apexes_at_the_board_edge() -> None:
    """An edge cell offers only the apexes that lead somewhere (not off the board) [D4]."""
    state = setup({"b4.sw": ["S1"], "c8.ne": ["N1"]})
    # a3 entered through ne; nw and sw point off the board.
    assert targets(state, "b4.sw") == {"a3.se"}


def test_d4_apex_towards_start_area_or_anomaly_corner_is_unusable() -> None:
    """Apexes pointing into a Start Area cell or an Anomaly corner (no link) are unusable [D4]."""
    state = setup({"b1.ne": ["S1"], "c3.sw": ["S2"], "c8.ne": ["N1"]})
    assert targets(state, "b1.ne") == {"c2.ne", "c2.nw"}  # c2.se -> d1 (Sl) is not usable
    assert targets(state, "c3.sw") == {"b2.nw", "b2.se"}  # b2.sw -> a1 has no link


def test_d6_adjacent_occupied_position_not_enterable() -> None:
    """A position overlapping an occupied one is not enterable; a stack is [D6]."""
    state = setup({"e3.ne": ["S1"], "f4.nw": ["N1"]})
    got = targets(state, "e3.ne")
    assert "f4.ne" not in got  # overlaps f4.nw
    assert "f4.nw" in got  # on top of the stack
    assert "f4.se" in got  # opposite: no overlap


def test_d6_empty_cell_all_three_enterable() -> None:
    """In an empty cell every usable non-entry apex is enterable [D6]."""
    state = setup({"e3.ne": ["S1"], "h4.ne": ["N1"]})
    assert targets(state, "e3.ne") == {"f4.ne", "f4.nw", "f4.se"}


def test_d6_entry_apex_itself_is_not_checked() -> None:
    """A piece may enter through an occupied corner and take the opposite position [D6]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["N1"]})
    got = targets(state, "e3.ne")
    assert got == {"f4.ne"}  # nw and se overlap f4.sw; sw is the entry apex
    after = step(state, "e3.ne->f4.ne")
    assert names(after, "f4.ne") == ["S1"]


def test_d6_entry_apex_never_taken_even_if_free() -> None:
    """The apex a piece enters through is never a position it takes [D8]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["N1"]})
    assert "f4.sw" not in targets(state, "e3.ne")


def test_d8_two_steps_of_one_piece() -> None:
    """One piece may use both moves of a turn: two steps [D8, D7]."""
    state = setup({"e3.ne": ["S1"], "c8.ne": ["N1"]})
    mid = step(state, "e3.ne->f4.ne")
    assert mid.to_move == ap.Seat.S and mid.moves_left == 1
    assert targets(mid, "f4.ne") == {"g5.ne", "g5.nw", "g5.se"}
    end = step(mid, "f4.ne->g5.ne")
    assert where(end, "S1") == "g5.ne"
    assert end.to_move == ap.Seat.N


def test_d8_middle_position_obeys_the_same_rules() -> None:
    """The middle position of a two-space move must itself be enterable [D8]."""
    state = setup({"e3.ne": ["S1"], "f4.nw": ["N1"]})
    # g5 is reachable only from f4.ne, which overlaps N1.
    for first in state.legal_moves():
        if first.kind != STEP or first.origin != pos("e3.ne"):
            continue
        mid = state.play(first)
        reach = targets(mid, pname(first.target))
        assert not any(t.startswith("g5.") for t in reach)


def test_d8_jump_over_by_landing_and_leaving_in_one_turn() -> None:
    """A piece passes a stack by landing on it and leaving it the same turn (jump over) [D8]."""
    state = setup({"e3.ne": ["S1"], "f4.ne": ["N1"], "c8.ne": ["N2"]})
    mid = step(state, "e3.ne->f4.ne")
    assert names(mid, "f4.ne") == ["N1", "S1"]
    end = step(mid, "f4.ne->g5.nw")
    assert names(end, "f4.ne") == ["N1"]
    assert where(end, "S1") == "g5.nw"
    assert end.to_move == ap.Seat.N  # no bonus for a jump over [D9]


def test_d8_never_rotated_in_place() -> None:
    """A positioned piece is never rotated to another apex of its cell [D8]."""
    state = setup({"e3.ne": ["S1"], "c8.ne": ["N1"]})
    got = targets(state, "e3.ne")
    assert not {"e3.nw", "e3.sw", "e3.se"} & got


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_d8_no_step_ends_in_the_cell_it_started(picks: list[int]) -> None:
    """Along any random game, no single step ends in the cell it left (no rotation) [D8]."""
    state = ap.new_game(4)
    for pick in picks:
        legal = state.legal_moves()
        if not legal:
            break
        for m in legal:
            if m.kind == STEP and m.origin < B_FIRE and m.target < B_FIRE:
                assert m.origin >> 2 != m.target >> 2
        state = state.play(legal[pick % len(legal)])


def test_d8_step_into_a_cell_only_through_the_pointed_apex() -> None:
    """A piece can only reach the cell its apex points at (not the other diagonals) [D8]."""
    state = setup({"e3.ne": ["S1"], "c8.ne": ["N1"]})
    reached = {pos(t) >> 2 for t in targets(state, "e3.ne")}
    assert reached == {cell("f4")}


def test_d6_start_area_exit_obeys_enterability_and_send_back() -> None:
    """Leaving a Start Area follows [D6] and [D10] like any step: no overlap; stack or opposite."""
    state = setup({"Sl": ["S1"], "e2.nw": ["N1"], "c8.ne": ["N2"]})
    assert targets(state, "Sl") == {"e2.nw", "e2.se"}  # e2.ne overlaps e2.nw
    after = step(state, "Sl->e2.se", 0)
    assert where(after, "N1") == "Nl" and where(after, "S1") == "e2.se"
