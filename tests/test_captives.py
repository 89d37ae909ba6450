"""Landing on stacks, captives and the release bonus (RULES.md 3.3, [D9])."""

from __future__ import annotations

import astroplane as ap
from helpers import fire, moves_from, names, setup, step, targets, travel, where


def _turn(state: ap.GameState) -> tuple[int, int]:
    return state.to_move, state.moves_left


def test_d9_land_on_own_stack() -> None:
    """A piece may land on top of its own piece; the lower one cannot move [D9]."""
    state = setup({"e3.ne": ["S1"], "f4.ne": ["S2"], "c8.ne": ["N1"]})
    after = step(state, "e3.ne->f4.ne")
    assert names(after, "f4.ne") == ["S2", "S1"]
    assert after.to_move == ap.Seat.S
    assert all(after.top(m.origin) != ap.piece_from_name("S2") for m in after.legal_moves())


def test_d9_land_on_other_players_piece_makes_it_captive() -> None:
    """A piece left on another player's piece at the end of the turn holds it captive [D9]."""
    state = setup({"e3.ne": ["S1"], "f4.ne": ["N1"], "c8.ne": ["N2"]}, moves_left=1)
    after = step(state, "e3.ne->f4.ne")
    assert after.to_move == ap.Seat.N
    assert names(after, "f4.ne") == ["N1", "S1"]
    assert moves_from(after, "f4.ne", None) == []  # N1 is captive
    assert moves_from(after, "c8.ne")  # N's free piece still moves


def test_d9_captive_cannot_move_but_free_piece_can() -> None:
    """Only the top piece of a stack moves; a piece not under another moves freely [D9]."""
    free = setup({"f4.ne": ["N1"], "c8.ne": ["N2"]}, to_move="N")
    assert moves_from(free, "f4.ne")
    held = setup({"f4.ne": ["N1", "S1"], "c8.ne": ["N2"], "a3.ne": ["S2"]}, to_move="N")
    assert not moves_from(held, "f4.ne", None)


def test_d9_release_bonus_for_leaving_another_players_piece() -> None:
    """Stepping off another player's piece it held since an earlier turn earns a bonus [D9]."""
    state = setup({"f4.ne": ["N1", "S1"], "c8.ne": ["N2"]})
    after = step(state, "f4.ne->g5.ne")
    assert after.to_move == ap.Seat.S and after.moves_left == 2


def test_d9_no_bonus_for_leaving_own_piece() -> None:
    """Moving off one's own piece earns no bonus [D9]."""
    state = setup({"f4.ne": ["S2", "S1"], "c8.ne": ["N1"]})
    after = step(state, "f4.ne->g5.ne")
    assert (after.to_move, after.moves_left) == (ap.Seat.S, 1)


def test_d9_bonus_depends_on_the_piece_directly_below() -> None:
    """Only the piece directly below counts: other owner -> bonus, own piece -> none [D9]."""
    bonus = setup({"f4.ne": ["S2", "N1", "S1"], "c8.ne": ["N2"]})
    assert _turn(step(bonus, "f4.ne->g5.ne")) == (ap.Seat.S, 2)
    none = setup({"f4.ne": ["N2", "S2", "S1"], "c8.ne": ["N1"]})
    assert _turn(step(none, "f4.ne->g5.ne")) == (ap.Seat.S, 1)


def test_d9_no_bonus_for_a_stack_landed_on_this_turn() -> None:
    """Leaving a stack landed on earlier in the same turn is a jump over: no bonus [D9]."""
    state = setup({"e3.ne": ["S1"], "f4.ne": ["N1"], "c8.ne": ["N2"]})
    mid = step(state, "e3.ne->f4.ne")
    end = step(mid, "f4.ne->g5.ne")
    assert end.to_move == ap.Seat.N
    marked = setup({"f4.ne": ["N1", "S1"], "c8.ne": ["N2"]}, landed=["S1"])
    assert _turn(step(marked, "f4.ne->g5.ne")) == (ap.Seat.S, 1)


def test_d9_bonus_when_destination_is_the_singularity() -> None:
    """The destination does not matter: stepping off into the Singularity earns the bonus [D9]."""
    state = setup({"e4.ne": ["N1", "S1"], "c8.ne": ["N2"], "a3.ne": ["S2"]})
    after = step(state, "e4.ne->f5.nw", choice=1)
    assert where(after, "S1") == "f5.nw"
    assert (after.to_move, after.moves_left) == (ap.Seat.S, 2)


def test_d9_bonus_from_free_wormhole_travel() -> None:
    """A free Wormhole travel off another player's piece earns the bonus [D9]."""
    state = setup({"b1.ne": ["N1", "S1"], "c8.ne": ["N2"]})
    after = travel(state, "b1.ne->i1.nw")
    assert (after.to_move, after.moves_left) == (ap.Seat.S, 3)  # travel is free, plus one bonus


def test_d9_no_bonus_from_free_travel_off_own_piece() -> None:
    """A free travel off one's own piece earns nothing and uses no move [D9, D12]."""
    state = setup({"b1.ne": ["S2", "S1"], "c8.ne": ["N1"]})
    assert _turn(travel(state, "b1.ne->i1.nw")) == (ap.Seat.S, 2)


def test_d9_bonus_from_firing() -> None:
    """Firing a piece off another player's piece earns the bonus [D9]."""
    state = setup({"a1S": ["N1", "S1"], "a1W": ["S2"], "a3.ne": ["S3"], "c8.ne": ["N2"]})
    after = fire(state, "a1", 3)
    assert (after.to_move, after.moves_left) == (ap.Seat.S, 2)  # one move used, one gained
    plain = setup({"a1S": ["S1"], "a1W": ["S2"], "a3.ne": ["S3"], "c8.ne": ["N1"]})
    assert _turn(fire(plain, "a1", 3)) == (ap.Seat.S, 1)


def test_d9_bonus_even_if_covered_meanwhile() -> None:
    """What happened on top of the piece meanwhile does not matter: still a bonus [D9]."""
    # N2 covered S1 in N's turn and left again: S1 is on top of N1 as before.
    state = setup(
        {"f4.ne": ["N1", "S1", "N2"], "c8.ne": ["N3"], "a3.ne": ["S2"]}, to_move="N", moves_left=1
    )
    state = step(state, "f4.ne->g5.ne")  # N2 releases S1: N's own bonus
    assert state.to_move == ap.Seat.N and state.moves_left == 1
    state = step(state, "c8.ne->d9.ne")
    assert state.to_move == ap.Seat.S
    assert _turn(step(state, "f4.ne->g5.ne")) == (ap.Seat.S, 2)


def test_d13_no_landing_in_a_singularity_cell_except_its_apex() -> None:
    """A Singularity cell can only be entered at its Singularity apex, stacking on anyone [D13]."""
    state = setup({"e4.ne": ["S1"], "f5.nw": ["N1"], "c8.ne": ["N2"]})
    got = targets(state, "e4.ne")
    assert got == {"f5.nw"}
    after = step(state, "e4.ne->f5.nw", 1)
    assert names(after, "f5.nw") == ["N1", "S1"]


def test_d9_one_bonus_per_release() -> None:
    """Each release adds one bonus move: two releases give four moves in the turn [D9]."""
    state = setup({"f4.ne": ["N1", "S1"], "c4.ne": ["N2", "S2"], "c8.ne": ["N3"]})
    one = step(state, "f4.ne->g5.ne")
    assert _turn(one) == (ap.Seat.S, 2)
    two = step(one, "c4.ne->d5.nw")
    assert _turn(two) == (ap.Seat.S, 2)
    three = step(two, "g5.ne->h6.ne")
    assert _turn(three) == (ap.Seat.S, 1)
    assert step(three, "d5.nw->c6.ne").to_move == ap.Seat.N


def test_d9_landed_mark_lasts_only_for_the_turn() -> None:
    """A piece that landed on another's piece earns the bonus leaving in a later turn [D9]."""
    state = setup({"e3.ne": ["S1"], "f4.ne": ["N1"], "a3.ne": ["S2"], "c8.ne": ["N2"]})
    state = step(step(state, "e3.ne->f4.ne"), "a3.ne->b4.ne")
    state = step(step(state, "c8.ne->d9.ne"), "d9.ne->e10.se")
    assert state.to_move == ap.Seat.S and state.turn == 3
    assert _turn(step(state, "f4.ne->g5.ne")) == (ap.Seat.S, 2)


def test_d9_no_bonus_leaving_a_hyperspace_arrival_stack_same_turn() -> None:
    """Landing on a stack by a Hyperspace arrival, leaving it the same turn: no bonus [D9, D11]."""
    state = setup({"d2.se": ["S1"], "a6.ne": ["N1"], "c8.ne": ["N2"]})
    mid = step(state, "d2.se->a6.ne")
    assert names(mid, "a6.ne") == ["N1", "S1"]
    assert step(mid, "a6.ne->b7.ne").to_move == ap.Seat.N


def test_d9_no_bonus_leaving_a_travel_arrival_stack_same_turn() -> None:
    """Landing on a stack by a free travel and stepping off the same turn: no bonus [D9, D12]."""
    state = setup({"b1.nw": ["S1"], "i1.nw": ["N1"], "c8.ne": ["N2"]})
    mid = travel(state, "b1.nw->i1.nw")
    assert names(mid, "i1.nw") == ["N1", "S1"] and _turn(mid) == (ap.Seat.S, 2)
    assert _turn(step(mid, "i1.nw->h2.ne")) == (ap.Seat.S, 1)
