"""Hyperspace (RULES.md 4, [D11])."""

from __future__ import annotations

import astroplane as ap
from helpers import B, cells_of, names, pos, setup, step, targets, where

# Usable apexes of the Hyperspace cells (RULES.md 1.4/1.5): edge cells, two apexes each.
ARRIVALS = {
    "e1": {"e1.ne", "e1.nw"},
    "a6": {"a6.ne", "a6.se"},
    "f10": {"f10.sw", "f10.se"},
    "j5": {"j5.nw", "j5.sw"},
}


def _all_but(entered: str) -> set[str]:
    return set().union(*(v for k, v in ARRIVALS.items() if k != entered))


def test_d11_entering_continues_to_the_other_three() -> None:
    """A step into Hyperspace continues to any usable apex of the other three cells [D11]."""
    state = setup({"d2.se": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "d2.se") == _all_but("e1")


def test_d11_cannot_stay_in_the_entered_hyperspace_cell() -> None:
    """The piece cannot stay in the Hyperspace cell it entered [D11]."""
    state = setup({"f2.sw": ["S1"], "c8.ne": ["N1"]})
    got = targets(state, "f2.sw")
    assert "e1" not in cells_of(got)
    assert cells_of(got) == {"a6", "f10", "j5"}


def test_d11_continuation_costs_one_move_in_all() -> None:
    """Entering and continuing is one move [D11]."""
    state = setup({"d2.se": ["S1"], "c8.ne": ["N1"]})
    after = step(state, "d2.se->j5.nw")
    assert where(after, "S1") == "j5.nw"
    assert after.to_move == ap.Seat.S and after.moves_left == 1
    assert names(after, "e1.nw") == [] and names(after, "e1.ne") == []


def test_d11_entry_allowed_whatever_stands_in_the_entered_cell() -> None:
    """Pieces in the entered Hyperspace cell are jumped over, not landed on or sent back [D11]."""
    state = setup({"d2.se": ["S1"], "e1.ne": ["N1"], "c8.ne": ["N2"]})
    assert targets(state, "d2.se") == _all_but("e1")
    after = step(state, "d2.se->a6.ne")
    assert names(after, "e1.ne") == ["N1"]


def test_d11_arrival_must_be_enterable() -> None:
    """Arrival positions follow [D6]: an overlapping one is out, a stack may be landed on."""
    state = setup({"d2.se": ["S1"], "a6.ne": ["N1"], "c8.ne": ["N2"]})
    got = targets(state, "d2.se")
    assert "a6.se" not in got  # overlaps a6.ne
    assert "a6.ne" in got


def test_d11_arrival_on_a_stack_makes_a_captive() -> None:
    """Arriving on another player's piece lands on top of it (captive) [D11, D9]."""
    state = setup({"d2.se": ["S1"], "a6.ne": ["N1"], "c8.ne": ["N2"]}, moves_left=1)
    after = step(state, "d2.se->a6.ne")
    assert names(after, "a6.ne") == ["N1", "S1"]
    assert after.to_move == ap.Seat.N
    assert not [m for m in after.legal_moves() if m.origin == pos("a6.ne")]


def test_d11_hyperspace_crosses_universes() -> None:
    """Hyperspace connects both universes: e1/f10 are universe 0, a6/j5 universe 1 [D1, D11]."""
    universes = {c: B.universe[B.cell(c)] for c in ARRIVALS}
    assert universes == {"e1": 0, "f10": 0, "a6": 1, "j5": 1}
    state = setup({"d2.se": ["S1"], "c8.ne": ["N1"]})
    arrived = {B.universe[pos(t) >> 2] for t in targets(state, "d2.se")}
    assert arrived == {0, 1}


def test_d11_a_piece_that_arrived_stays_and_moves_on_normally() -> None:
    """A piece already in a Hyperspace cell moves on by an ordinary step, not through HS [D11]."""
    state = setup({"a6.ne": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "a6.ne") == {"b7.ne", "b7.nw", "b7.se"}
    after = step(setup({"d2.se": ["S1"], "c8.ne": ["N1"]}), "d2.se->a6.se")
    assert targets(after, "a6.se") == {"b5.ne", "b5.se"}  # b5.sw -> a4 is Wr [D4]


def test_d11_stepping_back_into_hyperspace_continues_again() -> None:
    """A piece stepping from next to a Hyperspace cell into it always continues [D11]."""
    state = setup({"b7.sw": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "b7.sw") == _all_but("a6")
