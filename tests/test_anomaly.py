"""The Space/Time Anomaly (RULES.md 1.5 and 7, [D5, D20]): loading, firing, stepping out."""

from __future__ import annotations

import pytest

import astroplane as ap
from helpers import (
    FIRE,
    TRAVEL,
    cells_of,
    fire,
    fire_move,
    kinds,
    moves_from,
    names,
    setup,
    step,
    targets,
    where,
)

# RULES.md 1.5: link (cell.apex) -> firing position -> fires into.
LINKS = [
    ("b1.sw", "a1S", "e6"),
    ("a2.sw", "a1W", "f5"),
    ("a9.nw", "a10W", "f6"),
    ("b10.nw", "a10N", "e5"),
    ("i10.ne", "j10N", "f5"),
    ("j9.ne", "j10E", "e6"),
    ("j2.se", "j1E", "e5"),
    ("i1.se", "j1S", "f6"),
]
FIRES_INTO = {fp: into for _, fp, into in LINKS}
SING_APEX = {"e5": "e5.ne", "f5": "f5.nw", "e6": "e6.se", "f6": "f6.sw"}
CORNERS = {"a1": ("a1S", "a1W"), "a10": ("a10W", "a10N"), "j10": ("j10N", "j10E")}
CORNERS["j1"] = ("j1E", "j1S")


@pytest.mark.parametrize(("link", "fp", "_into"), LINKS)
def test_d5_loading_through_each_of_the_eight_links(link: str, fp: str, _into: str) -> None:
    """A piece at a link apex steps into its firing position, and nowhere else [D5]."""
    state = setup({link: ["S1"], "c8.ne": ["N1"]})
    assert targets(state, link) == {fp}
    after = step(state, f"{link}->{fp}")
    assert names(after, fp) == ["S1"]


def test_d5_landing_on_a_firing_position_stack() -> None:
    """A firing position can be landed on: the piece below is held captive [D5, D9]."""
    state = setup({"b1.sw": ["S1"], "a1S": ["N1"], "c8.ne": ["N2"]}, moves_left=1)
    after = step(state, "b1.sw->a1S")
    assert names(after, "a1S") == ["N1", "S1"]
    assert after.to_move == ap.Seat.N and not moves_from(after, "a1S", None)


def test_d5_two_firing_positions_of_a_corner_are_separate() -> None:
    """The two firing positions of a corner neither overlap nor send each other back [D5]."""
    state = setup({"b1.sw": ["S1"], "a1W": ["N1"], "c8.ne": ["N2"]})
    assert {m.choice for m in moves_from(state, "b1.sw")} == {0}
    after = step(state, "b1.sw->a1S")
    assert names(after, "a1W") == ["N1"] and names(after, "a1S") == ["S1"]


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_d5_firing_flies_both_top_pieces_into_their_centre_cells(corner: str) -> None:
    """Firing is one move: both pieces land at the Singularity cells of the table in 1.5 [D5]."""
    fp1, fp2 = CORNERS[corner]
    state = setup({fp1: ["S1"], fp2: ["S2"], "c3.ne": ["S3"], "c8.ne": ["N1"]})
    after = fire(state, corner, 3)
    assert where(after, "S1") == SING_APEX[FIRES_INTO[fp1]]
    assert where(after, "S2") == SING_APEX[FIRES_INTO[fp2]]
    assert after.to_move == ap.Seat.S and after.moves_left == 1
    assert names(after, fp1) == [] and names(after, fp2) == []


def test_d5_fired_piece_lands_on_top_of_the_singularity_stack() -> None:
    """A fired piece goes on top of the stack in its centre cell [D5, D13]."""
    state = setup({"a1S": ["S1"], "a1W": ["S2"], "e6.se": ["N1"], "c8.ne": ["N2"]})
    after = fire(state, "a1", 3)
    assert names(after, "e6.se") == ["N1", "S1"]
    assert names(after, "f5.nw") == ["S2"]


def test_d5_no_firing_with_one_position_empty() -> None:
    """A corner with only one loaded firing position cannot fire [D5]."""
    state = setup({"a1S": ["S1"], "c3.ne": ["S2"], "c8.ne": ["N1"]})
    assert FIRE not in kinds(state)


def test_d5_never_fire_with_another_players_piece_on_top() -> None:
    """Pieces of different players never fire together [D5]."""
    state = setup({"a1S": ["S1"], "a1W": ["N1"], "c8.ne": ["N2"]})
    assert FIRE not in kinds(state)
    covered = setup({"a1S": ["S1"], "a1W": ["S2", "N1"], "c3.ne": ["S3"], "c8.ne": ["N2"]})
    assert FIRE not in kinds(covered)
    assert not covered.is_legal(fire_move("a1"))


def test_d5_pieces_below_stay_and_are_no_longer_captive() -> None:
    """Firing leaves the pieces below in place; they are free again [D5, D9]."""
    state = setup({"a1S": ["S1"], "a1W": ["N1", "S2"], "c8.ne": ["N2"]}, moves_left=1)
    after = fire(state, "a1", 3)
    assert names(after, "a1W") == ["N1"]
    # the release bonus gives S back the move the firing used; the two reserve pieces it
    # brought in [D28] can use it, then N's freed piece moves
    assert (after.to_move, after.moves_left) == (ap.Seat.S, 1)
    assert step(after, "Sl->e2.ne").to_move == ap.Seat.N
    assert moves_from(step(after, "Sl->e2.ne"), "a1W")


@pytest.mark.parametrize(
    ("reserve_pieces", "optional", "expected"),
    [
        (8, False, {3, 4, 5}),
        (2, False, {3, 4, 5}),
        (1, False, {1, 2}),
        (0, False, {0}),
        (8, True, {0, 1, 2, 3, 4, 5}),
        (2, True, {0, 1, 2, 3, 4, 5}),
        (1, True, {0, 1, 2}),
        (0, True, {0}),
    ],
)
def test_d28_firing_brings_in_a_reserve_piece_per_fired_piece(
    reserve_pieces: int, optional: bool, expected: set[int]
) -> None:
    """Each fired piece brings in a reserve piece while the reserve holds one [D13, D28];
    under optional_reserve any number up to two, no more than the reserve, may come in."""
    placed = 10 - reserve_pieces
    extra = [f"S{n}" for n in range(3, placed + 1)]
    stacks = {"a1S": ["S1"], "a1W": ["S2"], "c8.ne": ["N1"]}
    if extra:
        stacks["Sl"] = extra
    state = setup(stacks, rules=ap.Rules(optional_reserve=optional))
    assert state.reserve_count("S") == reserve_pieces
    assert {m.choice for m in state.legal_moves() if m.kind == FIRE} == expected


@pytest.mark.parametrize(
    ("choice", "left", "right"),
    [
        (0, [], []),
        (1, ["S3"], []),
        (2, [], ["S3"]),
        (3, ["S3", "S4"], []),
        (4, ["S3"], ["S4"]),
        (5, [], ["S3", "S4"]),
    ],
)
def test_d13_firing_reserve_placement(choice: int, left: list[str], right: list[str]) -> None:
    """Reserve pieces come in lowest number first, to the left one when split [D13, D17]
    (fewer than two only under optional_reserve [D28])."""
    rules = ap.Rules(optional_reserve=choice < 3)
    state = setup({"a1S": ["S1"], "a1W": ["S2"], "c8.ne": ["N1"]}, rules=rules)
    after = fire(state, "a1", choice)
    assert names(after, "Sl") == left and names(after, "Sr") == right
    assert after.reserve_count("S") == 8 - len(left) - len(right)


def test_d20_stepping_back_out_is_the_only_other_move() -> None:
    """A firing position's top piece may only step back out through its link (or fire) [D20]."""
    state = setup({"a1S": ["S1"], "c8.ne": ["N1"]})
    out = targets(state, "a1S")
    # an ordinary step into the Wormhole end b1 (through sw), which may go straight through [D12]
    assert out == {"b1.ne", "b1.nw", "i1.ne", "i1.nw", "i1.se"}
    assert cells_of(out) == {"b1", "i1"}
    assert "b1.sw" not in out and "a1W" not in out
    assert not moves_from(state, "a1S", TRAVEL)
    assert {m.kind for m in moves_from(state, "a1S", None)} == {ap.MoveKind.STEP}


def test_d20_stepping_out_releases_a_captive_with_bonus() -> None:
    """Stepping out of a firing position off another player's piece releases it (bonus) [D20]."""
    state = setup({"a1S": ["N1", "S1"], "c8.ne": ["N2"]})
    after = step(state, "a1S->b1.ne")
    assert names(after, "a1S") == ["N1"]
    assert after.to_move == ap.Seat.S and after.moves_left == 2


def test_secret4_loading_both_and_firing_needs_three_moves() -> None:
    """Loading two firing positions takes the turn's two moves; firing waits (secret 4)."""
    state = setup({"b1.sw": ["S1"], "a2.sw": ["S2"], "c8.ne": ["N1"]})
    loaded = step(step(state, "b1.sw->a1S"), "a2.sw->a1W")
    assert loaded.to_move == ap.Seat.N
    armed = setup({"a1S": ["S1"], "a2.sw": ["S2"], "c8.ne": ["N1"]})
    ready = step(armed, "a2.sw->a1W")
    assert ready.to_move == ap.Seat.S and fire_move("a1", 3) in ready.legal_moves()
