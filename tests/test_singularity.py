"""The Singularity and the reserve (RULES.md 6, [D13, D17]); the true win."""

from __future__ import annotations

import pytest
from hypothesis import given

import astroplane as ap
from astroplane.games.astroplane.moves import RESERVE_CHOICES
from helpers import STEP, choices, make, moves_from, names, setup, step, targets, where
from strategies import Playout, playouts

# (origin, Singularity position): one access path into each centre cell.
ACCESS = [
    ("d4.ne", "e5.ne"),  # e5 entered through sw
    ("f4.nw", "e5.ne"),  # e5 entered through se
    ("d6.se", "e5.ne"),  # e5 entered through nw
    ("e4.ne", "f5.nw"),
    ("g4.nw", "f5.nw"),
    ("g6.sw", "f5.nw"),
    ("d7.se", "e6.se"),
    ("d5.ne", "e6.se"),
    ("f7.sw", "e6.se"),
    ("g7.sw", "f6.sw"),
    ("e7.se", "f6.sw"),
    ("g5.nw", "f6.sw"),
]


@pytest.mark.parametrize(("origin", "apex"), ACCESS)
def test_d13_all_twelve_access_paths_force_the_singularity_apex(origin: str, apex: str) -> None:
    """Each of the 12 access paths leads only to the cell's Singularity apex [D13]."""
    state = setup({origin: ["S1"], "c8.ne": ["N1"]})
    assert targets(state, origin) == {apex}


def test_d13_no_step_through_the_singularity_apex() -> None:
    """The Singularity apex is no access path: a step never enters through it [D13]."""
    state = setup({"e5.ne": ["S1"], "a3.ne": ["S2"], "c8.ne": ["N1"]})
    assert moves_from(state, "e5.ne", None) == []


def test_d13_stacks_on_any_owner_and_sends_nothing_back() -> None:
    """A piece entering a Singularity cell goes on top of whatever is there [D13]."""
    state = setup({"d4.ne": ["S1"], "e5.ne": ["N1", "S2"], "c8.ne": ["N2"]})
    after = step(state, "d4.ne->e5.ne", 1)
    assert names(after, "e5.ne") == ["N1", "S2", "S1"]
    assert names(after, "Nl") == [] and names(after, "Nr") == []


def test_d13_never_moves_again() -> None:
    """Pieces in the Singularity never move, even on top [D13]."""
    state = setup({"e5.ne": ["N1", "S1"], "a3.ne": ["S2"], "c8.ne": ["N2"]})
    assert moves_from(state, "e5.ne", None) == []
    assert moves_from(state, "a3.ne")
    with pytest.raises(ap.IllegalMoveError):
        state.play(make(STEP, "e5.ne->f6.nw"))


def test_d28_reserve_piece_comes_in_left_or_right() -> None:
    """Entering the Singularity brings one reserve piece to a Start Area of the owner's
    choice; refusing it is not a choice [D13, D28]."""
    state = setup({"d4.ne": ["S1"], "c8.ne": ["N1"]})
    assert state.reserve_count("S") == 9
    assert choices(state, "d4.ne", "e5.ne") == {1, 2}
    with pytest.raises(ap.IllegalMoveError, match=r"\[D28\]"):
        state.play(make(STEP, "d4.ne->e5.ne", 0))
    left = step(state, "d4.ne->e5.ne", 1)
    assert left.reserve_count("S") == 8 and names(left, "Sl") == ["S2"]
    right = step(state, "d4.ne->e5.ne", 2)
    assert right.reserve_count("S") == 8 and names(right, "Sr") == ["S2"]


def test_d28_optional_reserve_choice_none_left_right() -> None:
    """Under optional_reserve, entering the Singularity may bring one reserve piece to a
    chosen Start Area, or none [D13, D28]."""
    state = setup({"d4.ne": ["S1"], "c8.ne": ["N1"]}, rules=ap.Rules(optional_reserve=True))
    assert state.reserve_count("S") == 9
    assert choices(state, "d4.ne", "e5.ne") == {0, 1, 2}
    none = step(state, "d4.ne->e5.ne", 0)
    assert none.reserve_count("S") == 9 and names(none, "Sl") == names(none, "Sr") == []
    left = step(state, "d4.ne->e5.ne", 1)
    assert left.reserve_count("S") == 8 and names(left, "Sl") == ["S2"]
    right = step(state, "d4.ne->e5.ne", 2)
    assert right.reserve_count("S") == 8 and names(right, "Sr") == ["S2"]


def test_d17_reserve_piece_lowest_number_first_on_top() -> None:
    """The reserve piece brought in is the lowest-numbered and goes on top of the stack [D17]."""
    state = setup(
        {"d4.ne": ["S1"], "Sl": ["S2", "S3"], "Sr": ["S4"], "c8.ne": ["N1"]},
    )
    after = step(state, "d4.ne->e5.ne", 1)
    assert names(after, "Sl") == ["S2", "S3", "S5"]
    assert after.reserve_count("S") == 5


def test_d17_reserve_pieces_are_located_in_reserve() -> None:
    """A reserve piece's location is the reserve code -1, before and after others come in [D17]."""
    assert ap.new_game(2).location("S7") == -1
    state = setup({"d4.ne": ["S1"], "c8.ne": ["N1"]})
    assert state.location("S2") == -1
    after = step(state, "d4.ne->e5.ne", 1)
    assert after.location("S3") == -1 and where(after, "S2") == "Sl"


def test_d13_no_reserve_choice_without_reserve() -> None:
    """With an empty reserve the only choice is none [D13]."""
    state = setup(
        {
            "d4.ne": ["S1"],
            "Sl": ["S2", "S3", "S4", "S5", "S6"],
            "Sr": ["S7", "S8", "S9", "S10"],
            "c8.ne": ["N1"],
        },
    )
    assert state.reserve_count("S") == 0
    assert choices(state, "d4.ne", "e5.ne") == {0}
    assert make(STEP, "d4.ne->e5.ne", 1) not in state.legal_moves()


def test_d13_reserve_choice_only_into_the_singularity() -> None:
    """Ordinary steps carry no reserve choice [D13]."""
    state = setup({"d4.nw": ["S1"], "c8.ne": ["N1"]})
    assert all(m.choice == 0 for m in moves_from(state, "d4.nw"))


def test_true_win_when_topping_all_four_cells() -> None:
    """The moment one player's pieces top all four Singularity cells, that player wins (6)."""
    state = setup(
        {
            "e5.ne": ["S1"],
            "f5.nw": ["N1", "S2"],
            "e6.se": ["S3"],
            "g7.sw": ["S4"],
            "c8.ne": ["N2"],
        }
    )
    assert not state.is_over
    after = step(state, "g7.sw->f6.sw", 1)
    assert after.is_over
    out = after.outcome
    assert out is not None and out.true_win and out.winners == (ap.Seat.S,)
    assert out.reason == ap.EndReason.TRUE_WIN


def test_no_true_win_while_another_player_tops_a_cell() -> None:
    """No true win while another player's piece is on top of one Singularity cell (6)."""
    state = setup(
        {
            "e5.ne": ["S1"],
            "f5.nw": ["S2", "N1"],
            "e6.se": ["S3"],
            "g7.sw": ["S4"],
            "a3.ne": ["S5"],
            "c8.ne": ["N2"],
        }
    )
    after = step(state, "g7.sw->f6.sw", 1)
    assert not after.is_over
    assert after.to_move == ap.Seat.S and after.moves_left == 1


def test_true_win_by_firing() -> None:
    """Firing the Anomaly can complete the four Singularity tops: a true win (6, [D5])."""
    state = setup(
        {"e5.ne": ["S1"], "f6.sw": ["N1", "S2"], "a1S": ["S3"], "a1W": ["S4"], "c8.ne": ["N2"]}
    )
    after = state.play(ap.Move(ap.MoveKind.FIRE, ap.REFERENCE_BOARD.cell("a1"), -1, 3))
    assert after.outcome is not None and after.outcome.true_win
    assert after.outcome.winners == (ap.Seat.S,)
    short = setup({"e5.ne": ["S1"], "a1S": ["S2"], "a1W": ["S3"], "c8.ne": ["N1"]})
    assert not short.play(ap.Move(ap.MoveKind.FIRE, ap.REFERENCE_BOARD.cell("a1"), -1, 3)).is_over


def _entries(state: ap.GameState) -> list[ap.Move]:
    """The legal actions that put pieces into the Singularity (steps into it, firings)."""
    t = state.topology
    return [
        m
        for m in state.legal_moves()
        if m.kind == ap.MoveKind.FIRE
        or (
            m.kind in (ap.MoveKind.STEP, ap.MoveKind.TRAVEL)
            and m.target < t.fire_base
            and t.singularity_position[m.target >> 2] == m.target
        )
    ]


@given(playouts())
def test_d28_no_legal_way_to_refuse_a_reserve_piece(playout: Playout) -> None:
    """In every state of random games, an action into the Singularity brings in a reserve
    piece per entering piece while the reserve holds one, unless optional_reserve is on, so
    no player can decline reserve pieces to get stuck on purpose [D13, D28]."""
    for state, move, after in zip(
        playout.states[:-1], playout.moves, playout.states[1:], strict=True
    ):
        have = state.reserve[state.to_move]
        for m in _entries(state):
            sides = len(RESERVE_CHOICES[m.choice])
            entering = 2 if m.kind == ap.MoveKind.FIRE else 1
            if state.rules.optional_reserve:
                assert sides <= min(have, entering)
            else:
                assert sides == min(have, entering), (ap.position_to_text(state), m)
        if move in _entries(state):
            sides = len(RESERVE_CHOICES[move.choice])
            assert after.reserve[state.to_move] == have - sides
