"""Sending back to Start (RULES.md 3.4, [D10])."""

from __future__ import annotations

import pytest

import astroplane as ap
from helpers import STEP, choices, make, names, setup, step, where

# Send-back choice bits (moves.py): bit ``seat`` set = that owner's pieces go to the RIGHT area.
S_RIGHT = 1 << ap.Seat.S
N_RIGHT = 1 << ap.Seat.N
W_RIGHT = 1 << ap.Seat.W


def test_d10_opposite_piece_of_other_player_sent_back() -> None:
    """Taking the position opposite another player's piece sends it back to Start [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.se": ["N1"], "c8.ne": ["N2"]})
    assert choices(state, "e3.ne", "f4.nw") == {0, N_RIGHT}
    left = step(state, "e3.ne->f4.nw", 0)
    assert names(left, "f4.se") == []
    assert names(left, "Nl") == ["N1"]
    right = step(state, "e3.ne->f4.nw", N_RIGHT)
    assert names(right, "Nr") == ["N1"] and names(right, "Nl") == []


def test_d10_not_sent_back_when_not_opposite() -> None:
    """A piece that is not opposite the taken position stays where it is [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.se": ["N1"], "c8.ne": ["N2"]})
    after = step(state, "e3.ne->f4.se", 0)  # landing on N1 instead
    assert names(after, "f4.se") == ["N1", "S1"]
    assert names(after, "Nl") == [] and names(after, "Nr") == []


def test_d10_whole_stack_sent_back_including_movers_pieces() -> None:
    """The whole opposite stack is sent back, the mover's own pieces included [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["N1", "S2", "N2"], "c8.ne": ["N3"]})
    assert choices(state, "e3.ne", "f4.ne") == {0, S_RIGHT, N_RIGHT, S_RIGHT | N_RIGHT}
    after = step(state, "e3.ne->f4.ne", S_RIGHT)
    assert names(after, "f4.sw") == []
    assert names(after, "Sr") == ["S2"]
    assert names(after, "Nl") == ["N1", "N2"]
    assert names(after, "f4.ne") == ["S1"]


def test_d10_one_start_area_choice_per_owner() -> None:
    """All pieces of one owner go to the same Start Area; choices name only owners present [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["N1", "N2", "N3"], "c8.ne": ["N4"]})
    assert choices(state, "e3.ne", "f4.ne") == {0, N_RIGHT}
    after = step(state, "e3.ne->f4.ne", N_RIGHT)
    assert names(after, "Nr") == ["N1", "N2", "N3"] and names(after, "Nl") == []
    for bad in (S_RIGHT, W_RIGHT, S_RIGHT | N_RIGHT):
        assert make(STEP, "e3.ne->f4.ne", bad) not in state.legal_moves()


def test_d10_relative_order_kept_lowest_first_on_top_of_start_area() -> None:
    """Each owner's pieces keep their stack order, lowest first, on top of the Start Area [D10]."""
    state = setup(
        {"e3.ne": ["S1"], "f4.sw": ["N3", "S2", "N2"], "Nl": ["N1"], "c8.ne": ["N4"]},
    )
    after = step(state, "e3.ne->f4.ne", 0)
    assert names(after, "Nl") == ["N1", "N3", "N2"]  # stack order, not piece numbers
    assert names(after, "Sl") == ["S2"]


def test_d10_no_send_back_of_only_the_movers_pieces() -> None:
    """An opposite stack holding only the mover's pieces is not sent back [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["S2", "S3"], "c8.ne": ["N1"]})
    assert choices(state, "e3.ne", "f4.ne") == {0}
    after = step(state, "e3.ne->f4.ne")
    assert names(after, "f4.sw") == ["S2", "S3"]
    assert names(after, "Sl") == [] and names(after, "Sr") == []


def test_d10_send_back_when_landing_on_a_stack() -> None:
    """Landing on a stack also sends back the opposite stack of another player [D10]."""
    # (N2 and a stack of N's opposite it: no Square, which could not be landed on.)
    state = setup({"e3.ne": ["S1"], "f4.ne": ["N2"], "f4.sw": ["N1", "N4"], "c8.ne": ["N3"]})
    after = step(state, "e3.ne->f4.ne", N_RIGHT)
    assert names(after, "f4.ne") == ["N2", "S1"]
    assert where(after, "N1") == "Nr" and where(after, "N4") == "Nr"


def test_d10_sent_back_pieces_free_to_move_from_start() -> None:
    """A piece sent back is on top of its Start Area and may move out again [D10, D8]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["N1"], "c8.ne": ["N2"]}, moves_left=1)
    after = step(state, "e3.ne->f4.ne", 0)
    assert after.to_move == ap.Seat.N
    assert make(STEP, "Nl->f9.nw") in after.legal_moves()


@pytest.mark.parametrize("choice", [0, S_RIGHT, N_RIGHT, S_RIGHT | N_RIGHT])
def test_d10_every_choice_conserves_pieces(choice: int) -> None:
    """Whatever the Start Area choices, every sent-back piece lands in its owner's area [D10]."""
    state = setup({"e3.ne": ["S1"], "f4.sw": ["S2", "N1"], "c8.ne": ["N2"]})
    after = step(state, "e3.ne->f4.ne", choice)
    assert where(after, "S2") == ("Sr" if choice & S_RIGHT else "Sl")
    assert where(after, "N1") == ("Nr" if choice & N_RIGHT else "Nl")


def test_d10_one_choice_bit_per_owner_in_a_four_player_stack() -> None:
    """With three other owners in the stack, every combination of their areas is a choice [D10]."""
    state = setup(
        {"e3.ne": ["S1"], "f4.sw": ["W1", "E1", "N1", "W2"], "c8.ne": ["N2"]},
        players=4,
    )
    owners = [ap.Seat.W, ap.Seat.N, ap.Seat.E]
    expected = {sum(1 << s for i, s in enumerate(owners) if mask >> i & 1) for mask in range(8)}
    assert choices(state, "e3.ne", "f4.ne") == expected
    after = step(state, "e3.ne->f4.ne", W_RIGHT | (1 << ap.Seat.E))
    assert names(after, "Wr") == ["W1", "W2"]
    assert names(after, "Er") == ["E1"]
    assert names(after, "Nl") == ["N1"]
