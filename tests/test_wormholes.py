"""Wormholes (RULES.md 5, [D12, D19, D24])."""

from __future__ import annotations

import astroplane as ap
from helpers import (
    END_TURN,
    STEP,
    TRAVEL,
    choices,
    kinds,
    names,
    pid,
    setup,
    step,
    targets,
    travel,
    where,
)

N_RIGHT = 1 << ap.Seat.N
NEAR_B1 = {"b1.nw", "b1.sw"}  # b1 entered through ne from c2.sw; b1.se points off the board
FAR_I1 = {"i1.ne", "i1.nw", "i1.se"}  # usable apexes of i1 (i1.sw points off the board)


def _marked(state: ap.GameState, piece: str) -> bool:
    return bool(state.travelled >> pid(piece) & 1)


def test_d12_step_into_an_end_cell_and_stay() -> None:
    """A step into a Wormhole end is an ordinary move; the piece may stay there [D12]."""
    state = setup({"c2.sw": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "c2.sw") >= NEAR_B1
    after = step(state, "c2.sw->b1.nw")
    assert where(after, "S1") == "b1.nw" and after.moves_left == 1
    assert not _marked(after, "S1")


def test_d12_pass_straight_through_as_part_of_the_entering_move() -> None:
    """The entering step may go straight through to any usable apex of the far end [D12]."""
    state = setup({"c2.sw": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "c2.sw") == NEAR_B1 | FAR_I1
    after = step(state, "c2.sw->i1.nw")
    assert where(after, "S1") == "i1.nw"
    assert after.to_move == ap.Seat.S and after.moves_left == 1  # travel itself is free
    assert _marked(after, "S1")
    assert not targets(after, "i1.nw", TRAVEL)  # no travel back [D19]


def test_d12_straight_through_jumps_over_the_near_end() -> None:
    """Passing straight through takes no position at the near end: nothing there is touched."""
    state = setup({"c2.sw": ["S1"], "b1.sw": ["N1"], "c8.ne": ["N2"]})
    assert targets(state, "c2.sw") >= FAR_I1
    after = step(state, "c2.sw->i1.ne")
    assert names(after, "b1.sw") == ["N1"]
    assert where(after, "S1") == "i1.ne"


def test_d12_free_travel_later_uses_no_move() -> None:
    """A top piece already on an end cell may travel later as a free action [D12]."""
    state = setup({"b1.nw": ["S1"], "c8.ne": ["N1"]})
    assert targets(state, "b1.nw", TRAVEL) == FAR_I1
    after = travel(state, "b1.nw->i1.ne")
    assert after.to_move == ap.Seat.S and after.moves_left == 2
    assert _marked(after, "S1")


def test_d7_travel_is_optional() -> None:
    """Travel is never compulsory: the piece may step on instead; no END_TURN offered [D7]."""
    state = setup({"b1.nw": ["S1"], "c8.ne": ["N1"]})
    assert {STEP, TRAVEL} <= kinds(state) and END_TURN not in kinds(state)
    after = step(state, "b1.nw->a2.ne")
    assert where(after, "S1") == "a2.ne"


def test_d12_captive_on_an_end_cell_cannot_travel() -> None:
    """Only a top piece travels; a captive on a Wormhole end cannot [D12, D9]."""
    state = setup({"b1.nw": ["S1", "N1"], "a3.ne": ["S2"], "c8.ne": ["N2"]})
    assert not targets(state, "b1.nw", TRAVEL)
    assert targets(setup({"b1.nw": ["N1", "S1"], "c8.ne": ["N2"]}), "b1.nw", TRAVEL)


def test_d19_no_travel_back_before_a_step() -> None:
    """After travelling, the piece may not travel again before it has stepped [D19]."""
    state = setup({"i1.ne": ["S1"], "c8.ne": ["N1"]}, travelled=["S1"])
    assert not targets(state, "i1.ne", TRAVEL)
    after = step(state, "i1.ne->j2.nw")
    assert not _marked(after, "S1")
    assert targets(after, "j2.nw", TRAVEL) == {"j9.ne", "j9.nw", "j9.sw"}


def test_d19_mark_cleared_before_straight_through_travel() -> None:
    """b1.nw -> a2 -> a9 is one legal move for a piece that just arrived at b1 [D19, D24]."""
    state = setup({"i1.nw": ["S1"], "c8.ne": ["N1"]})
    arrived = travel(state, "i1.nw->b1.nw")
    assert _marked(arrived, "S1") and not targets(arrived, "b1.nw", TRAVEL)
    reach = targets(arrived, "b1.nw")
    assert reach == {"a2.ne", "a2.sw", "a9.ne", "a9.nw", "a9.se"}
    fell = step(arrived, "b1.nw->a9.se")
    assert where(fell, "S1") == "a9.se"
    assert fell.to_move == ap.Seat.S and fell.moves_left == 1
    assert _marked(fell, "S1") and not targets(fell, "a9.se", TRAVEL)


def test_d24_far_end_apex_dictates_the_next_step() -> None:
    """At the far end: one apex leads to the Anomaly, one onto the grid, one into the next tube."""
    state = setup({"i1.se": ["S1"], "i1.nw": ["S2"], "j2.sw": ["S3"], "c8.ne": ["N1"]})
    assert targets(state, "i1.se") == {"j1S"}
    assert targets(state, "i1.nw") == {"h2.ne", "h2.nw"}  # h2.sw -> g1 is Sr [D4]
    ahead = setup({"i1.ne": ["S1"], "c8.ne": ["N1"]})
    assert targets(ahead, "i1.ne") == {"j2.nw", "j2.se", "j9.ne", "j9.nw", "j9.sw"}


def test_d12_arrival_lands_on_a_stack_or_sends_back() -> None:
    """Arrival at the far end follows [D6, D9, D10]: landing on a stack, sending back."""
    state = setup({"b1.nw": ["S1"], "i1.se": ["N1"], "c8.ne": ["N2"]})
    assert targets(state, "b1.nw", TRAVEL) == {"i1.nw", "i1.se"}  # i1.ne overlaps i1.se
    assert choices(state, "b1.nw", "i1.nw", TRAVEL) == {0, N_RIGHT}
    sent = travel(state, "b1.nw->i1.nw", N_RIGHT)
    assert where(sent, "N1") == "Nr"
    landed = travel(state, "b1.nw->i1.se")
    assert names(landed, "i1.se") == ["N1", "S1"]


def test_d19_mark_cleared_when_the_piece_leaves_the_board() -> None:
    """A travelled piece sent back to Start loses its travel mark [D19]."""
    state = setup(
        {"i1.nw": ["S1"], "j2.sw": ["N1"], "c8.ne": ["S2"]}, to_move="N", travelled=["S1"]
    )
    after = step(state, "j2.sw->i1.se", 0)
    assert where(after, "S1") == "Sl"
    assert not _marked(after, "S1")


def test_d12_travel_only_while_moves_are_left() -> None:
    """Entering an end cell with the last move ends the turn: no free travel afterwards [D12]."""
    state = setup({"c2.sw": ["S1"], "c8.ne": ["N1"]}, moves_left=1)
    after = step(state, "c2.sw->b1.nw")
    assert after.to_move == ap.Seat.N
    assert not targets(after, "b1.nw", TRAVEL)


def test_d14_no_square_in_a_wormhole_cell() -> None:
    """Two opposite own singles on a Wormhole end are no Square [D14, D23]."""
    state = setup({"b1.ne": ["S1"], "b1.sw": ["S2"], "c8.ne": ["N1"]})
    assert state.squares() == ()
    ordinary = setup({"c3.ne": ["S1"], "c3.sw": ["S2"], "c8.ne": ["N1"]})
    assert ordinary.squares() == ((ap.REFERENCE_BOARD.cell("c3"), ap.Seat.S),)
