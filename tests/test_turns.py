"""Turn structure (RULES.md 3.1, [D7]): two moves, bonus moves, free actions, ending a turn."""

from __future__ import annotations

import pytest

import astroplane as ap
from helpers import END_TURN, STEP, TRAVEL, kinds, make, setup, step, targets, travel, where

# S1 on a Wormhole end whose only step is walled off by N's Square in c2 (c2.se -> d1 is unusable):
# S's only legal actions are free travels [D7].
ONLY_TRAVEL = {"b1.ne": ["S1"], "c2.ne": ["N1"], "c2.sw": ["N2"]}


def test_d7_a_turn_has_two_moves() -> None:
    """A turn has two moves, then play passes clockwise to the next player [D7]."""
    state = ap.new_game(2)
    assert state.moves_left == 2 and state.to_move == ap.Seat.S and state.turn == 1
    one = step(state, "Sl->e2.ne")
    assert one.to_move == ap.Seat.S and one.moves_left == 1 and one.turn == 1
    two = step(one, "Sr->f2.nw")
    assert two.to_move == ap.Seat.N and two.moves_left == 2 and two.turn == 2


def test_d7_two_pieces_one_move_each_or_one_piece_twice() -> None:
    """Both moves may go to one piece or to two pieces [D7, D8]."""
    state = ap.new_game(2)
    one = step(state, "Sl->e2.ne")
    assert where(one, "S3") == "e2.ne"
    assert targets(one, "e2.ne") and targets(one, "Sr")  # either may make the second move
    assert step(one, "e2.ne->f3.ne").to_move == ap.Seat.N
    assert step(one, "Sr->f2.nw").to_move == ap.Seat.N


def test_d7_third_move_not_allowed_without_bonus() -> None:
    """Without a release bonus a player never gets a third move [D7]."""
    state = setup({"e3.ne": ["S1"], "c8.ne": ["N1"]})
    end = step(step(state, "e3.ne->f4.ne"), "f4.ne->g5.ne")
    assert end.to_move == ap.Seat.N
    assert all(ap.piece_owner(end.top(m.origin)) == ap.Seat.N for m in end.legal_moves())


def test_d9_release_bonus_gives_a_third_move() -> None:
    """A release adds one bonus move: three moves in that turn [D7, D9]."""
    state = setup({"e3.ne": ["N1", "S1"], "c8.ne": ["N2"]}, moves_left=2)
    a = step(state, "e3.ne->f4.ne")
    assert a.to_move == ap.Seat.S and a.moves_left == 2
    b = step(a, "f4.ne->g5.ne")
    assert b.to_move == ap.Seat.S and b.moves_left == 1
    c = step(b, "g5.ne->h6.ne")
    assert c.to_move == ap.Seat.N


def test_d7_free_travel_is_not_compulsory() -> None:
    """With a step and a free travel both legal, the player may just step [D7]."""
    state = setup({"b1.ne": ["S1"], "c8.ne": ["N1"]})
    assert {STEP, TRAVEL} <= kinds(state)
    after = step(state, "b1.ne->c2.ne")
    assert where(after, "S1") == "c2.ne"


def test_d7_end_turn_illegal_while_a_move_is_legal() -> None:
    """END_TURN is not legal while some move is legal, even if a free action is too [D7]."""
    state = setup({"b1.ne": ["S1"], "c8.ne": ["N1"]})
    assert TRAVEL in kinds(state)
    assert END_TURN not in kinds(state)
    with pytest.raises(ap.IllegalMoveError):
        state.play(ap.Move(END_TURN))


def test_d7_end_turn_legal_when_only_free_actions_are() -> None:
    """With no legal move but a legal free travel, the player may end the turn [D7]."""
    state = setup(ONLY_TRAVEL)
    assert kinds(state) == {TRAVEL, END_TURN}
    after = state.play(ap.Move(END_TURN))
    assert after.to_move == ap.Seat.N and after.turn == 2
    assert where(after, "S1") == "b1.ne"


def test_d7_free_action_first_then_the_turn_goes_on() -> None:
    """A free travel uses no move; afterwards the player still has both moves [D7, D12]."""
    state = setup(ONLY_TRAVEL)
    after = travel(state, "b1.ne->i1.nw")
    assert after.to_move == ap.Seat.S and after.moves_left == 2
    assert STEP in kinds(after) and END_TURN not in kinds(after)


def test_d7_end_turn_illegal_at_the_start_of_a_game() -> None:
    """END_TURN is never offered when moves are legal (opening position) [D7]."""
    state = ap.new_game(4)
    assert END_TURN not in kinds(state)
    assert not state.is_legal(ap.Move(END_TURN))


def test_d7_turn_ends_when_nothing_is_legal() -> None:
    """The turn ends by itself when no move and no free action is left [D7]."""
    # S1 steps into the Singularity with its first move; S's other pieces are gone, so no
    # reserve piece comes in and S has nothing else to do.
    gone = [(f"S{n}", "N") for n in range(2, 11)]
    state = setup({"e4.ne": ["S1"], "c8.ne": ["N1"]}, eliminated=gone)
    after = step(state, "e4.ne->f5.nw", choice=0)
    assert after.to_move == ap.Seat.N and after.turn == 2 and after.moves_left == 2


def test_d7_turn_goes_on_while_something_is_legal() -> None:
    """The turn does not end early when a move is still legal [D7]."""
    state = setup({"e4.ne": ["S1"], "c8.ne": ["N1"]})
    after = step(state, "e4.ne->f5.nw", choice=1)  # S2 comes in to Sl
    assert after.to_move == ap.Seat.S and after.moves_left == 1
    assert targets(after, "Sl") == {"e2.ne", "e2.nw", "e2.se"}


def test_d7_turn_ends_after_free_travel_when_no_move_remains() -> None:
    """Moves used up: the turn ends at once, no free travel is offered afterwards [D7, D12]."""
    state = setup({"c2.sw": ["S1"], "c8.ne": ["N1"]}, moves_left=1)
    after = step(state, "c2.sw->b1.nw")
    assert after.to_move == ap.Seat.N
    assert make(TRAVEL, "b1.nw->i1.nw") not in after.legal_moves()


def test_d7_stuck_player_at_turn_start_ends_a_two_player_game() -> None:
    """A player with no move and no free action at the start of the turn is stuck (2p: end) [D7]."""
    # S1 travelled already (no free travel) and its step is walled off by N's Square.
    state = setup(ONLY_TRAVEL, travelled=["S1"])
    assert state.is_over
    assert state.outcome is not None and state.outcome.reason == ap.EndReason.STUCK
    assert not setup(ONLY_TRAVEL).is_over


def test_d7_end_turn_legal_mid_turn_when_only_free_actions_remain() -> None:
    """After a move, if only a free travel is left, END_TURN becomes legal mid-turn [D7]."""
    gone = [(f"S{n}", "N") for n in range(3, 11)]  # no reserve piece to bring in [D28]
    state = setup({**ONLY_TRAVEL, "e4.ne": ["S2"]}, eliminated=gone)
    assert END_TURN not in kinds(state)
    after = step(state, "e4.ne->f5.nw", choice=0)
    assert after.to_move == ap.Seat.S and after.moves_left == 1
    assert kinds(after) == {TRAVEL, END_TURN}
    assert after.play(ap.Move(END_TURN)).to_move == ap.Seat.N
