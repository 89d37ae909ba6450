"""Squares (RULES.md section 8; rulebook 001 "The ASTROPLANE Square", sheet 000)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from sq_helpers import (
    B,
    N,
    S,
    at,
    cell,
    kill,
    kills,
    names,
    setup,
    slide,
    slides,
    square_map,
    step,
    steps_from,
)

# N always gets a piece that can move, so that ending S's turn never ends the game.
N_IDLE = {"Nl": ["N1"]}


def sq(
    cell_name: str, a: str, b: str, apexes: tuple[str, str] = ("ne", "sw")
) -> dict[str, list[str]]:
    """Two pieces at opposite apexes of one cell."""
    return {f"{cell_name}.{apexes[0]}": [a], f"{cell_name}.{apexes[1]}": [b]}


# ---------- [D14] / [D23]
def test_d14_square_is_derived_from_two_opposite_own_singles() -> None:
    """Two opposite single pieces of one player in an ordinary cell are a Square [D14]."""
    s = setup({**sq("c3", "S1", "S2"), **N_IDLE})
    assert square_map(s) == {"c3": "S"}
    s2 = setup({**sq("g7", "S1", "S2", ("nw", "se")), **N_IDLE})
    assert square_map(s2) == {"g7": "S"}


@pytest.mark.parametrize(
    "stacks",
    [
        {"c3.ne": ["S1", "S2"], "c3.sw": ["S3"]},  # a stack of two is not a single
        {"c3.ne": ["S1"]},  # a lone piece
        {"c3.ne": ["S1"], "d4.sw": ["S2"]},  # back to back across a corner, different cells
    ],
)
def test_d14_no_square_without_two_opposite_own_singles(stacks: dict[str, list[str]]) -> None:
    """A stack or a lone piece do not make a Square [D14]. (Two players' pieces opposite
    each other cannot stand at all [D10]: tests/test_hostile_positions.py.)"""
    s = setup({**stacks, "Nl": ["N1"]})
    assert s.squares() == ()
    assert not kills(s) and not slides(s)


@pytest.mark.parametrize(
    ("cell_name", "apexes"),
    [
        ("e2", ("nw", "se")),  # entry cell of Sl
        ("f2", ("ne", "sw")),  # entry cell of Sr
        ("b6", ("ne", "sw")),  # entry cell of Wl (W not playing: still an entry cell)
        ("b1", ("ne", "sw")),  # Wormhole end
        ("a2", ("ne", "sw")),  # Wormhole end
    ],
)
def test_d23_no_square_outside_ordinary_cells(cell_name: str, apexes: tuple[str, str]) -> None:
    """Two opposite own singles in an entry or Wormhole cell are just singles [D23]."""
    s = setup({**sq(cell_name, "S1", "S2", apexes), **N_IDLE})
    assert s.squares() == ()
    assert not slides(s) and not kills(s)


def test_d23_square_forms_in_ordinary_neighbour_of_entry_cell() -> None:
    """The same pair one cell off the entry cell, in an ordinary cell, is a Square [D23]."""
    s = setup({**sq("e3", "S1", "S2", ("nw", "se")), **N_IDLE})
    assert square_map(s) == {"e3": "S"}


def test_d14_square_forms_by_a_step() -> None:
    """A step that puts a piece opposite an own single forms a Square with Square moves [D14]."""
    s = setup({"c3.sw": ["S2"], "d2.nw": ["S1"], **N_IDLE})
    assert s.squares() == ()
    s = s.play(step("d2.nw", "c3.ne"))
    assert square_map(s) == {"c3": "S"}
    assert s.moves_left == 1
    assert ("c3", "c4") in slides(s)


def test_d14_step_onto_an_own_single_forms_no_square() -> None:
    """Landing on an own single makes a stack, not a Square [D14]."""
    s = setup({"c3.sw": ["S2"], "d2.nw": ["S1"], **N_IDLE})
    s = s.play(step("d2.nw", "c3.sw"))
    assert names(s, "c3.sw") == ["S2", "S1"]
    assert s.squares() == ()


# ---------- Square move [D21]
def test_square_move_one_cell_in_each_direction() -> None:
    """A Square slides one cell N, E, S or W into an empty ordinary cell (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), **N_IDLE})
    assert slides(s) == {("c3", "c4"), ("c3", "d3"), ("c3", "c2"), ("c3", "b3")}


def test_d21_square_move_keeps_apexes_and_costs_one_move() -> None:
    """The sliding Square's pieces keep their apexes; the slide is one move [D21]."""
    s = setup({**sq("c3", "S1", "S2", ("nw", "se")), **N_IDLE})
    s = s.play(slide("c3", "d3"))
    assert at(s, "S1") == "d3.nw" and at(s, "S2") == "d3.se"
    assert names(s, "c3.nw") == [] and names(s, "c3.se") == []
    assert square_map(s) == {"d3": "S"}
    assert s.moves_left == 1
    s = s.play(slide("d3", "d4"))
    assert s.to_move == N  # two Square moves used the turn
    assert square_map(s) == {"d4": "S"}


def test_square_move_never_two_cells_or_diagonal() -> None:
    """A Square move is one orthogonal cell, never two cells or diagonal (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), **N_IDLE})
    for target in ("c5", "d4", "e3", "b2"):
        assert not s.is_legal(slide("c3", target))
        with pytest.raises(ap.IllegalMoveError):
            s.play(slide("c3", target))


def test_square_move_blocked_by_occupied_cell() -> None:
    """A Square cannot slide into a cell that is not completely empty (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), "c4.nw": ["S3"], "d3.se": ["S4"], **N_IDLE})
    assert ("c3", "c4") not in slides(s)
    assert ("c3", "d3") not in slides(s)
    assert ("c3", "c2") in slides(s)


@pytest.mark.parametrize(
    ("square", "target"),
    [
        ("e3", "e2"),  # entry cell
        ("d5", "e5"),  # Singularity cell
        ("b2", "a2"),  # Wormhole end
        ("c4", "b4"),  # ordinary: the positive control
    ],
)
def test_d23_square_move_only_into_ordinary_cells(square: str, target: str) -> None:
    """A Square slides only into ordinary grid cells [D23]."""
    s = setup({**sq(square, "S1", "S2", ("nw", "se")), **N_IDLE})
    assert square_map(s) == {square: "S"}
    ordinary = B.kind[cell(target)] == ap.CellKind.ORDINARY
    assert ((square, target) in slides(s)) == ordinary


def test_d21_square_slides_to_edge_with_unusable_apex() -> None:
    """A Square may slide to an edge cell where one piece points at an unusable apex [D21]."""
    s = setup({**sq("b3", "S1", "S2"), **N_IDLE})
    s = s.play(slide("b3", "a3"))
    assert at(s, "S1") == "a3.ne" and at(s, "S2") == "a3.sw"
    assert not B.usable[B.position("a3.sw")]
    assert square_map(s) == {"a3": "S"}
    assert steps_from(s, "a3.sw") == set()  # cannot step through an unusable apex
    assert steps_from(s, "a3.ne") == {"b4.ne", "b4.nw", "b4.se"}


def test_d21_piece_left_at_unusable_apex_is_stranded() -> None:
    """After its partner leaves, a piece at an unusable apex cannot move at all [D21]."""
    s = setup({**sq("a3", "S1", "S2"), "Sl": ["S3"], **N_IDLE})
    s = s.play(step("a3.ne", "b4.ne"))
    assert s.squares() == ()
    assert steps_from(s, "a3.sw") == set()
    assert all(m.origin != B.position("a3.sw") for m in s.legal_moves())


def test_d21_stranded_piece_can_be_sent_back_but_not_landed_on() -> None:
    """A stranded piece can be sent back from the opposite apex, never landed on [D21]."""
    s = setup({"a3.sw": ["S1"], "b2.nw": ["N1"], "Sl": ["S2"]}, to_move="N")
    assert steps_from(s, "b2.nw") == {"a3.ne"}  # a3.sw itself is unusable: no landing
    s = s.play(step("b2.nw", "a3.ne", choice=1 << S))
    assert at(s, "S1") == "Sr"
    assert names(s, "a3.sw") == []


# ---------- elimination
def test_elimination_over_empty_cells_scores_three() -> None:
    """A Square kills over empty ordinary cells into the first occupied one: 3 points (sec. 8)."""
    s = setup({**sq("c3", "S1", "S2"), "c7.se": ["N1"], "Nl": ["N2"]})
    assert ("c3", "c7") in kills(s)
    s = s.play(kill("c3", "c7"))
    assert s.location("N1") == -2
    assert (ap.piece_from_name("N1"), S) in s.eliminated
    assert at(s, "S1") == "c7.ne" and at(s, "S2") == "c7.sw"
    assert square_map(s) == {"c7": "S"}
    assert s.scores()[S] == 3
    assert s.moves_left == 1  # one move, whatever the distance


def test_elimination_over_zero_empty_cells() -> None:
    """A Square kills a piece in the directly neighbouring cell (zero cells between)."""
    s = setup({**sq("c3", "S1", "S2"), "d3.nw": ["N1"], "Nl": ["N2"]})
    assert ("c3", "d3") in kills(s)
    assert ("c3", "d3") not in slides(s)  # an occupied cell is no Square-move target


def test_elimination_removes_whole_stack_own_pieces_score_nothing() -> None:
    """Every piece in the hit cell goes, own ones too; only other players' pieces score."""
    s = setup({**sq("c3", "S1", "S2"), "c6.ne": ["S3", "N1", "N2"], "Nl": ["N3"]})
    s = s.play(kill("c3", "c6"))
    for p in ("S3", "N1", "N2"):
        assert s.location(p) == -2
    assert s.scores()[S] == 6
    assert s.scores()[N] == 0


def test_elimination_needs_another_players_piece() -> None:
    """A cell holding only own pieces cannot be hit (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), "c6.ne": ["S3"], "c8.ne": ["N1"], "Nl": ["N2"]})
    assert ("c3", "c6") not in kills(s)
    assert ("c3", "c8") not in kills(s)  # and the own piece blocks the line


def test_elimination_blocked_by_piece_in_between() -> None:
    """The first occupied cell is the only target: pieces behind it are safe (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), "c5.ne": ["N2"], "c8.ne": ["N1"], "Nl": ["N3"]})
    assert ("c3", "c5") in kills(s)
    assert ("c3", "c8") not in kills(s)


@pytest.mark.parametrize(
    ("stacks", "line"),
    [
        # e2/f2 are entry cells between d2 and g2.
        ({**sq("c2", "S1", "S2", ("nw", "se")), "h2.ne": ["N1"]}, ("c2", "h2")),
        # a9 is a Wormhole end at the end of row 9.
        ({**sq("c9", "S1", "S2", ("nw", "se")), "a9.se": ["N1"]}, ("c9", "a9")),
        # the Singularity cells block the 5th rank.
        ({**sq("c5", "S1", "S2", ("nw", "se")), "h5.ne": ["N1"]}, ("c5", "h5")),
    ],
)
def test_elimination_blocked_by_non_ordinary_cells(
    stacks: dict[str, list[str]], line: tuple[str, str]
) -> None:
    """A non-ordinary cell in the way, or as target, stops a kill (section 8)."""
    s = setup({**stacks, "Nl": ["N2"]})
    assert line not in kills(s)


def test_elimination_control_on_open_line() -> None:
    """The same distant kill is legal on a line of ordinary cells (section 8)."""
    s = setup({**sq("c8", "S1", "S2", ("nw", "se")), "h8.ne": ["N1"], "Nl": ["N2"]})
    assert ("c8", "h8") in kills(s)


def test_elimination_cannot_hit_piece_in_entry_cell() -> None:
    """Pieces in an entry cell cannot be eliminated [D23]."""
    s = setup({**sq("e4", "S1", "S2", ("nw", "se")), "e2.ne": ["N1"], "Nl": ["N2"]})
    assert ("e4", "e2") not in kills(s)
    s2 = setup({**sq("e4", "S1", "S2", ("nw", "se")), "e3.ne": ["N1"], "Nl": ["N2"]})
    assert ("e4", "e3") in kills(s2)


def test_elimination_cannot_hit_a_square() -> None:
    """Squares cannot be eliminated under the standard rules (001 "Impenetrable")."""
    s = setup({**sq("c3", "S1", "S2"), **sq("c7", "N1", "N2"), "Nl": ["N3"]})
    assert ("c3", "c7") not in kills(s)
    assert ("c3", "c4") in slides(s)


# ---------- [D15]
def test_d15_step_may_not_form_square_next_to_other_players_square() -> None:
    """A step forming a Square side by side with another player's Square is illegal [D15]."""
    s = setup({"c3.sw": ["S2"], "d2.nw": ["S1"], **sq("d3", "N1", "N2"), "Nl": ["N3"]})
    assert "c3.ne" not in steps_from(s, "d2.nw")
    assert "c3.sw" in steps_from(s, "d2.nw")  # stacking forms no Square


def test_d15_step_may_form_square_kitty_corner_to_other_players_square() -> None:
    """Diagonal neighbours are fine: a Square may form kitty-corner to another's [D15]."""
    s = setup({"c3.sw": ["S2"], "d2.nw": ["S1"], **sq("d4", "N1", "N2"), "Nl": ["N3"]})
    assert "c3.ne" in steps_from(s, "d2.nw")


def test_d15_own_squares_may_touch() -> None:
    """A Square may form side by side with an own Square [D15]."""
    s = setup({"c3.sw": ["S2"], "d2.nw": ["S1"], **sq("d3", "S3", "S4"), **N_IDLE})
    assert "c3.ne" in steps_from(s, "d2.nw")
    s = s.play(step("d2.nw", "c3.ne"))
    assert square_map(s) == {"c3": "S", "d3": "S"}


def test_d15_leaving_a_stack_may_not_uncover_a_square_next_to_another() -> None:
    """Leaving a stack never uncovers another player's Square next to another's [D15]: the
    cell would hold two players' pieces opposite each other, which play never leaves and
    no reader accepts [D10]. (Uncovering an own Square: the next test.)"""
    # N1 under S3 at c3.ne, N2 at c3.sw: S3 leaving would uncover N's Square at c3.
    with pytest.raises(ap.PositionError, match=r"\[D10\]"):
        setup({"c3.ne": ["N1", "S3"], "c3.sw": ["N2"], **sq("b3", "S1", "S2"), "Nl": ["N3"]})


def test_d15_leaving_an_own_stack_may_not_uncover_own_square_next_to_another() -> None:
    """Uncovering an own Square next to another player's Square is illegal too [D15]."""
    s = setup({"c3.ne": ["S1", "S3"], "c3.sw": ["S2"], **sq("d3", "N1", "N2"), "Nl": ["N3"]})
    assert steps_from(s, "c3.ne") == set()
    s2 = setup({"c3.ne": ["S1", "S3"], "c3.sw": ["S2"], **sq("d2", "N1", "N2"), "Nl": ["N3"]})
    assert steps_from(s2, "c3.ne") == {"d4.ne", "d4.nw", "d4.se"}


def test_d15_square_move_may_not_stop_next_to_other_players_square() -> None:
    """A Square may not slide to a cell side by side with another's Square [D15]."""
    s = setup({**sq("c3", "S1", "S2"), **sq("e3", "N1", "N2"), "Nl": ["N3"]})
    assert ("c3", "d3") not in slides(s)
    assert ("c3", "c4") in slides(s)
    kitty = setup({**sq("c3", "S1", "S2"), **sq("e4", "N1", "N2"), "Nl": ["N3"]})
    assert ("c3", "d3") in slides(kitty)


def test_d15_elimination_may_not_end_next_to_other_players_square() -> None:
    """An elimination that ends side by side with another's Square is illegal [D15]."""
    s = setup({**sq("c3", "S1", "S2"), "c6.ne": ["N3"], **sq("d6", "N1", "N2"), "Nl": ["N4"]})
    assert ("c3", "c6") not in kills(s)
    kitty = setup({**sq("c3", "S1", "S2"), "c6.ne": ["N3"], **sq("d7", "N1", "N2"), "Nl": ["N4"]})
    assert ("c3", "c6") in kills(kitty)


def test_d15_elimination_may_pass_by_other_players_square() -> None:
    """Squares may pass by another's Square on the way to a kill (001 Navigation limitations)."""
    s = setup({**sq("c3", "S1", "S2"), **sq("d4", "N1", "N2"), "c7.ne": ["N3"], "Nl": ["N4"]})
    assert ("c3", "c7") in kills(s)
    assert ("c3", "c4") not in slides(s)  # but it may not stop next to it


def test_d26_existing_pair_does_not_block_unrelated_actions() -> None:
    """A pair standing before the action does not make unrelated actions illegal [D15, D26]."""
    # Only a removal leaves such a pair [D26]: W was removed in this 3-player game.
    removed: dict[str, Any] = {"players": 3, "removed": ["W"]}
    s = setup(
        {**sq("c3", "S1", "S2"), **sq("d3", "N1", "N2"), "Sl": ["S3"], "Nl": ["N3"]}, **removed
    )
    assert "e2.ne" in steps_from(s, "Sl")
    assert slides(s) == {("c3", "c4"), ("c3", "c2"), ("c3", "b3")}
    # A new pair is still refused: S5 forming a Square at d2, under N's d3 Square.
    s2 = setup(
        {**sq("c3", "S1", "S2"), **sq("d3", "N1", "N2"), "d2.sw": ["S4"], "e1.nw": ["S3"]}
        | {"Nl": ["N3"]},
        **removed,
    )
    assert "d2.ne" not in steps_from(s2, "e1.nw")
    control = setup(
        {**sq("c3", "S1", "S2"), "d2.sw": ["S4"], "e1.nw": ["S3"], "d7.ne": ["N1"], "Nl": ["N2"]}
    )
    assert "d2.ne" in steps_from(control, "e1.nw")


# ---------- impenetrable
def test_single_may_not_land_on_another_players_square() -> None:
    """A single piece may not land on a piece of a Square (001 Impenetrable, 3.5)."""
    s = setup({**sq("c3", "N1", "N2"), "d2.nw": ["S1"], "Nl": ["N3"]})
    assert not any(t.startswith("c3.") for t in steps_from(s, "d2.nw"))
    plain = setup({"c3.ne": ["N1"], "d2.nw": ["S1"], "Nl": ["N2"]})
    assert {"c3.ne", "c3.sw"} <= steps_from(plain, "d2.nw")


def test_single_may_not_land_on_own_square() -> None:
    """Own Squares are impenetrable to own singles as well (3.5)."""
    s = setup({**sq("c3", "S2", "S3"), "d2.nw": ["S1"], **N_IDLE})
    assert not any(t.startswith("c3.") for t in steps_from(s, "d2.nw"))


# ---------- disbanding
def test_square_disbands_when_one_piece_steps() -> None:
    """Moving one piece of a Square as a single disbands it (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), **N_IDLE})
    s = s.play(step("c3.ne", "d4.ne"))
    assert s.squares() == ()
    assert at(s, "S2") == "c3.sw"
    assert not slides(s) and steps_from(s, "c3.sw") == {"b2.nw", "b2.se"}


def test_square_move_does_not_disband() -> None:
    """A Square move keeps the Square together (section 8)."""
    s = setup({**sq("c3", "S1", "S2"), **N_IDLE})
    s = s.play(slide("c3", "c4"))
    assert square_map(s) == {"c4": "S"}


def test_d15_leaving_for_the_singularity_may_not_uncover_square_next_to_another() -> None:
    """Stepping into the Singularity off a stack that leaves a Square behind next to another
    player's Square is illegal too [D15]."""
    s = setup({"d4.ne": ["S1", "S3"], "d4.sw": ["S2"], **sq("d3", "N1", "N2"), "Nl": ["N3"]})
    assert steps_from(s, "d4.ne") == set()
    kitty = setup({"d4.ne": ["S1", "S3"], "d4.sw": ["S2"], **sq("c3", "N1", "N2"), "Nl": ["N3"]})
    assert steps_from(kitty, "d4.ne") == {"e5.ne"}


def test_elimination_scores_three_per_piece_of_each_other_player() -> None:
    """A kill on a stack of two other players' pieces scores 3 for each (section 8)."""
    s = setup(
        {**sq("c3", "S1", "S2"), "c6.ne": ["W1", "N1"], "Wl": ["W2"], "Nl": ["N2"]},
        players=3,
    )
    s = s.play(kill("c3", "c6"))
    assert s.scores() == (6, 0, 0, 0)
    assert {(ap.piece_name(p), by) for p, by in s.eliminated} == {("W1", S), ("N1", S)}


CROWDED = {
    **sq("c3", "S1", "S2"),
    **sq("g3", "S3", "S4", ("nw", "se")),
    "d4.nw": ["S5"],
    "f4.ne": ["S6"],
    **sq("c8", "N1", "N2", ("nw", "se")),
    **sq("g8", "N3", "N4"),
    "d7.sw": ["N5"],
    "f7.se": ["N6"],
}


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40))
def test_d15_d23_invariants_in_random_play(choices: list[int]) -> None:
    """In random 2-player play from a crowded position Squares stand only in ordinary cells
    and Squares of different players are never side by side [D15, D23]."""
    s = setup(CROWDED)
    for c in choices:
        if s.is_over:
            break
        s = s.play(s.legal_moves()[c % len(s.legal_moves())])
        owners = dict(s.squares())
        for c_idx, owner in owners.items():
            assert B.kind[c_idx] == ap.CellKind.ORDINARY
            for n in B.neighbours[c_idx]:
                assert owners.get(n, owner) == owner
