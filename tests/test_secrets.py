"""The six "Secrets of ASTROPLANE", each on a concrete position (RULES.md section 11)."""

from __future__ import annotations

import pytest

import astroplane as ap
from astroplane import MoveKind
from sq_helpers import (
    B,
    N,
    S,
    at,
    cell,
    fire,
    kill,
    kills,
    names,
    setup,
    slide,
    step,
    steps_from,
    travel,
)


def universe(position: str) -> int:
    """The universe (checkerboard colour) of a named position's cell [D1]."""
    return B.universe[B.position(position) >> 2]


def step_universes(state: ap.GameState, origin: str) -> set[int]:
    """Universes of the cells a STEP from ``origin`` may end in."""
    return {universe(t) for t in steps_from(state, origin)}


# ---------- 1. surprise kill
def test_secret1_surprise_kill_after_own_blocker_moves_away() -> None:
    """Secret 1: the moment an own piece in between moves away, the Square kills from afar."""
    s = setup({"c3.ne": ["S1"], "c3.sw": ["S2"], "c5.nw": ["S3"], "c7.ne": ["N1"], "Nl": ["N2"]})
    assert ("c3", "c7") not in kills(s)
    s = s.play(step("c5.nw", "b6.ne"))
    assert ("c3", "c7") in kills(s)
    s = s.play(kill("c3", "c7"))
    assert s.location("N1") == -2
    assert s.scores()[S] == 3
    assert s.to_move == N


def test_secret1_surprise_kill_after_other_players_blocker_moves_away() -> None:
    """Secret 1: when another player's piece in between leaves, the far piece is exposed."""
    s = setup(
        {"c3.ne": ["S1"], "c3.sw": ["S2"], "c5.nw": ["N2"], "c7.ne": ["N1"]},
        to_move="N",
        moves_left=1,
    )
    s = s.play(step("c5.nw", "b6.ne"))
    assert s.to_move == S
    assert ("c3", "c7") in kills(s)
    s = s.play(kill("c3", "c7"))
    assert s.location("N1") == -2


def test_secret1_blocker_still_in_place_protects() -> None:
    """Secret 1, negative: while the blocker stands, the far piece is safe."""
    s = setup({"c3.ne": ["S1"], "c3.sw": ["S2"], "c5.nw": ["S3"], "c7.ne": ["N1"], "Nl": ["N2"]})
    s = s.play(step("c3.ne", "d4.ne"))  # the Square itself disbands instead
    assert not kills(s)
    with pytest.raises(ap.IllegalMoveError):
        s.play(kill("c3", "c7"))


# ---------- 2. parallel universe
def test_secret2_square_slide_aligns_with_parallel_universe() -> None:
    """Secret 2: a Square slides one cell (switching universe), disbands, and both pieces
    now move in the other universe [D1]."""
    s = setup({"c3.ne": ["S1"], "c3.sw": ["S2"], "Nl": ["N1"]})
    assert universe("c3.ne") == 0
    assert step_universes(s, "c3.ne") == {0} and step_universes(s, "c3.sw") == {0}
    s = s.play(slide("c3", "d3"))
    assert universe("d3.ne") == 1
    assert step_universes(s, "d3.ne") == {1} and step_universes(s, "d3.sw") == {1}
    s = s.play(step("d3.ne", "e4.ne"))  # disband: S1 now flies in universe 1
    assert universe(str(at(s, "S1"))) == 1
    assert s.squares() == ()
    while s.to_move == N:  # N's turn
        s = s.play(s.legal_moves()[0])
    assert step_universes(s, "d3.sw") == {1}


def test_secret2_singles_never_change_universe_by_steps() -> None:
    """Secret 2, negative: without the slide, single steps keep the universe [D1]."""
    s = setup({"c3.ne": ["S1"], "c3.sw": ["S2"], "Nl": ["N1"]})
    s = s.play(step("c3.ne", "d4.ne")).play(step("d4.ne", "e5.ne", 1))
    assert universe("e5.ne") == 0


# ---------- 3. hyperspace
def test_secret3_hyperspace_cells_lie_in_both_universes() -> None:
    """Secret 3: e1 and f10 are universe 0, a6 and j5 universe 1."""
    assert [B.universe[cell(c)] for c in ("e1", "f10", "a6", "j5")] == [0, 0, 1, 1]
    assert {B.kind[cell(c)] for c in ("e1", "f10", "a6", "j5")} == {ap.CellKind.HYPERSPACE}


def test_secret3_hyperspace_jump_reaches_the_other_universe() -> None:
    """Secret 3: a universe-0 piece entering e1 may arrive in universe 1 and go on there."""
    s = setup({"d2.se": ["S1"], "Nl": ["N1"]})
    assert universe("d2.se") == 0
    assert step_universes(s, "d2.se") == {0, 1}
    s = s.play(step("d2.se", "a6.ne"))
    assert at(s, "S1") == "a6.ne" and s.moves_left == 1  # the jump is part of one move
    assert step_universes(s, "a6.ne") == {1}
    s = s.play(step("a6.ne", "b7.ne"))
    assert universe(str(at(s, "S1"))) == 1


def test_secret3_plain_steps_stay_in_universe() -> None:
    """Secret 3, negative: a plain step from d2 stays in universe 0."""
    s = setup({"d2.ne": ["S1"], "Nl": ["N1"]})
    assert step_universes(s, "d2.ne") == {0}


# ---------- 4. Anomaly
def test_secret4_load_and_fire_in_one_turn_with_release_bonus() -> None:
    """Secret 4: loading both firing positions and firing takes three moves; a release
    bonus pays the third [D9]."""
    s = setup({"b1.sw": ["S1"], "a2.sw": ["N1", "S2"], "Nl": ["N2"]})
    s = s.play(step("b1.sw", "a1S"))
    assert s.moves_left == 1
    s = s.play(step("a2.sw", "a1W"))  # leaves N1: the release bonus
    assert s.to_move == S and s.moves_left == 1
    assert s.is_legal(fire("a1", 3))
    s = s.play(fire("a1", 3))
    assert names(s, "e6.se") == ["S1"] and names(s, "f5.nw") == ["S2"]
    assert s.scores()[S] == 4
    assert s.to_move == N


def test_secret4_without_bonus_the_turn_ends_before_firing() -> None:
    """Secret 4, negative: without a release, loading both positions uses the whole turn."""
    s = setup({"b1.sw": ["S1"], "a2.sw": ["S2"], "Nl": ["N1"]})
    s = s.play(step("b1.sw", "a1S")).play(step("a2.sw", "a1W"))
    assert s.to_move == N
    assert names(s, "a1S") == ["S1"] and names(s, "a1W") == ["S2"]


def test_secret4_free_travel_saves_the_arming_step() -> None:
    """Secret 4: a piece already on a Wormhole end travels free to arm, then loads and fires."""
    s = setup({"a1S": ["S1"], "a9.se": ["S2"], "Nl": ["N1"]})
    s = s.play(travel("a9.se", "a2.sw"))
    assert s.moves_left == 2  # travel is free
    s = s.play(step("a2.sw", "a1W"))
    s = s.play(fire("a1", 3))
    assert at(s, "S1") == "e6.se" and at(s, "S2") == "f5.nw"
    assert s.to_move == N


def test_secret4_arming_by_a_step_leaves_no_move_to_fire() -> None:
    """Secret 4, negative: arming by a step costs the move that firing would need."""
    s = setup({"a1S": ["S1"], "b3.sw": ["S2"], "Nl": ["N1"]})
    s = s.play(step("b3.sw", "a2.sw")).play(step("a2.sw", "a1W"))
    assert s.to_move == N
    assert at(s, "S1") == "a1S" and at(s, "S2") == "a1W"


# ---------- 5. wormhole to wormhole
def test_secret5_fall_through_one_wormhole_to_the_next() -> None:
    """Secret 5: a piece that just arrived at b1 steps b1.nw into a2 and straight through
    to a9 in one move [D19, D24]."""
    s = setup({"b1.nw": ["S1"], "Nl": ["N1"]}, travelled=["S1"])
    assert not any(m.kind == MoveKind.TRAVEL for m in s.legal_moves())  # no travel back
    assert {"a9.ne", "a9.nw", "a9.se"} <= steps_from(s, "b1.nw")
    assert universe("b1.nw") == 1 and universe("a9.nw") == 0
    s = s.play(step("b1.nw", "a9.nw"))
    assert at(s, "S1") == "a9.nw" and s.moves_left == 1
    # It went through a2<->a9: it may not travel back this time [D19].
    assert not any(m.kind == MoveKind.TRAVEL for m in s.legal_moves())
    s = s.play(step("a9.nw", "a10W"))
    assert at(s, "S1") == "a10W"


def test_secret5_without_travel_mark_b1_may_travel() -> None:
    """Secret 5, control: a piece on b1 without the travelled mark may travel b1 -> i1."""
    s = setup({"b1.nw": ["S1"], "Nl": ["N1"]})
    assert s.is_legal(travel("b1.nw", "i1.nw"))
    marked = setup({"b1.nw": ["S1"], "Nl": ["N1"]}, travelled=["S1"])
    assert not marked.is_legal(travel("b1.nw", "i1.nw"))


# ---------- 6. Singularity
def test_secret6_covering_another_top_piece_swaps_points() -> None:
    """Secret 6: covering N's top Singularity piece turns its 2 points into 1 and gives S 2."""
    s = setup({"e5.ne": ["N1"], "d4.ne": ["S1"], "Nl": ["N2"]})
    assert s.scores() == (0, 0, 2, 0)
    s = s.play(step("d4.ne", "e5.ne", 1))
    assert names(s, "e5.ne") == ["N1", "S1"]
    assert s.scores() == (2, 0, 1, 0)


def test_secret6_empty_singularity_cell_leaves_other_points() -> None:
    """Secret 6, negative: entering an empty Singularity cell leaves N's 2 points alone."""
    s = setup({"e5.ne": ["N1"], "g4.nw": ["S1"], "Nl": ["N2"]})
    s = s.play(step("g4.nw", "f5.nw", 1))
    assert s.scores() == (2, 0, 2, 0)
