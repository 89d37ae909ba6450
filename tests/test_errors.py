"""Rejected moves: IllegalMoveError carries the move and the rule that forbids it."""

from __future__ import annotations

import pytest

import astroplane as ap
from helpers import END_TURN, STEP, TRAVEL, fire_move, make, setup


def _rejected(state: ap.GameState, move: ap.Move) -> ap.IllegalMoveError:
    before = (state.stacks, state.to_move, state.moves_left, state.turn, state.reserve)
    with pytest.raises(ap.IllegalMoveError) as info:
        state.play(move)
    assert (state.stacks, state.to_move, state.moves_left, state.turn, state.reserve) == before
    return info.value


def test_illegal_move_error_is_a_value_error() -> None:
    """IllegalMoveError is a ValueError carrying ``.move`` and ``.reason``."""
    assert issubclass(ap.IllegalMoveError, ValueError)
    state = ap.new_game(2)
    move = make(STEP, "Sl->e2.sw")
    with pytest.raises(ValueError) as info:
        state.play(move)
    err = info.value
    assert isinstance(err, ap.IllegalMoveError)
    assert err.move == move and isinstance(err.reason, str) and err.reason
    assert err.reason in str(err)


def test_legal_move_raises_nothing() -> None:
    """A legal move is played without error and returns a new state."""
    state = ap.new_game(2)
    move = make(STEP, "Sl->e2.ne")
    after = state.play(move)
    assert after is not state and after.moves_left == 1


@pytest.mark.parametrize(
    ("stacks", "move", "tag"),
    [
        # unreachable target: not through the pointed apex
        ({"e3.ne": ["S1"], "c8.ne": ["N1"]}, make(STEP, "e3.ne->d4.ne"), "[D8]"),
        # rotation in place
        ({"e3.ne": ["S1"], "c8.ne": ["N1"]}, make(STEP, "e3.ne->e3.nw"), "[D8]"),
        # overlapping an occupied position
        ({"e3.ne": ["S1"], "f4.nw": ["N1"]}, make(STEP, "e3.ne->f4.ne"), "[D6]"),
        # a Singularity piece moving again
        (
            {"e5.ne": ["S1"], "a3.ne": ["S2"], "c8.ne": ["N1"]},
            make(STEP, "e5.ne->f6.nw"),
            "[D13]",
        ),
        # END_TURN while a move is legal
        ({"e3.ne": ["S1"], "c8.ne": ["N1"]}, ap.Move(END_TURN), "[D7]"),
        # travelling back before stepping
        ({"b1.nw": ["S1"], "c8.ne": ["N1"]}, make(TRAVEL, "b1.nw->i1.nw"), "[D19]"),
        # firing with another player's piece on a firing position
        ({"a1S": ["S1"], "a1W": ["N1"], "c8.ne": ["N2"]}, fire_move("a1"), "[D5]"),
        # a send-back choice for an owner not in the sent-back stack
        (
            {"e3.ne": ["S1"], "f4.sw": ["N1"], "c8.ne": ["N2"]},
            make(STEP, "e3.ne->f4.ne", 1),
            "[D10]",
        ),
        # a reserve choice with an empty reserve
        (
            {
                "d4.ne": ["S1"],
                "Sl": ["S2", "S3", "S4", "S5", "S6"],
                "Sr": ["S7", "S8", "S9", "S10"],
                "c8.ne": ["N1"],
            },
            make(STEP, "d4.ne->e5.ne", 1),
            "[D13]",
        ),
    ],
)
def test_reason_names_the_rule_tag(stacks: dict[str, list[str]], move: ap.Move, tag: str) -> None:
    """The reason of a typical illegal move names the rule tag that forbids it."""
    travelled = ["S1"] if move.kind == TRAVEL else []
    state = setup(stacks, travelled=travelled)
    assert not state.is_legal(move)
    err = _rejected(state, move)
    assert err.move == move
    assert tag in err.reason and tag in str(err)


def test_state_untouched_after_rejection_then_still_playable() -> None:
    """After a rejected move the old state is unchanged and a legal move still works."""
    state = ap.new_game(2)
    legal_before = state.legal_moves()
    _rejected(state, make(STEP, "Sl->Sr"))
    assert state.legal_moves() == legal_before
    assert state == ap.new_game(2)
    assert state.play(legal_before[0]).moves_left == 1


def test_move_of_the_other_player_is_rejected() -> None:
    """Moving another player's piece is illegal and leaves the state as it was."""
    state = ap.new_game(2)
    err = _rejected(state, make(STEP, "Nl->f9.nw"))
    assert err.move == make(STEP, "Nl->f9.nw")


def test_play_after_game_over_is_rejected() -> None:
    """No move is legal once the game is over."""
    state = setup(
        {"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"], "c8.ne": ["N1"]}
    )
    over = state.play(make(STEP, "g7.sw->f6.sw", 1))
    assert over.is_over and over.legal_moves() == ()
    _rejected(over, make(STEP, "c8.ne->d9.ne"))
