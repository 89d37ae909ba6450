"""The end of the game [SO6] and section 8's order of the end checks: two pieces, then a
blocked player to act, then the draws (max_turns, no_removal_turns, threefold)."""

from __future__ import annotations

import pytest
from so_helpers import play, pos

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import BOARD, Ending, Move, Rules
from astroplane.games.square_off.play import position_key

# W's d3-d2 completes a blockade of B's a1 d1 b6.
BLOCKADE = ("a4 g1 d6 b4 d3", "a1 d1 b6")


def test_a_player_down_to_two_pieces_loses_at_once() -> None:
    """The removal that leaves B with two pieces (board plus hand) ends the game: W wins,
    returns (1, 0), no legal move is left [SO6]."""
    s = play(pos("a7 d7 g4 c3", "a1 b6 e4"), "g4-g7 xb6")
    assert s.is_over and s.outcome is not None and s.outcome.ending is Ending.TWO_PIECES
    assert s.winner == 0 and s.returns() == (1.0, 0.0) and s.legal_moves() == ()


def test_two_pieces_on_the_board_with_more_in_hand_is_no_loss() -> None:
    """In stage 1 a player with two pieces on the board but more in hand plays on: the
    count is board plus hand [SO6]."""
    s = pos("a7 d7", "a1 b6", in_hand=(7, 7))
    assert not s.is_over and len(s.legal_moves()) == 20


def test_two_pieces_is_checked_before_the_blockade() -> None:
    """A removal that leaves B with two blocked pieces ends by two pieces, the first check
    of section 8, not by the blockade."""
    s = play(pos("a4 g1 d2 g4 d7", "a1 d1 f6"), "d7-g7 xf6")
    assert s.outcome is not None and s.outcome.ending is Ending.TWO_PIECES and s.winner == 0


def test_a_player_with_no_legal_move_loses() -> None:
    """When the player to act has no legal move, they have lost [SO6]."""
    s = play(pos(*BLOCKADE), "d3-d2")
    assert s.outcome is not None and s.outcome.ending is Ending.BLOCKED
    assert s.winner == 0 and s.returns() == (1.0, 0.0)


def test_a_blockade_on_the_turn_the_turn_limit_is_reached_is_a_loss() -> None:
    """Section 8: a player blocked on the very turn a draw limit is reached loses; the
    same turn without the blockade is a draw."""
    rules = Rules(max_turns=50)
    blocked = play(pos(*BLOCKADE, turns=49, rules=rules), "d3-d2")
    assert blocked.turns == 50 and blocked.outcome is not None
    assert blocked.outcome.ending is Ending.BLOCKED and blocked.winner == 0
    drawn = play(pos(*BLOCKADE, turns=49, rules=rules), "d3-e3")
    assert drawn.outcome is not None and drawn.outcome.ending is Ending.MAX_TURNS
    assert drawn.winner is None and drawn.returns() == (0.5, 0.5)


def test_max_turns_counts_a_turn_with_a_removal_once() -> None:
    """The move that forms a line does not end the turn; the removal does, and only then
    does the turn count reach max_turns [SO6]."""
    s = play(pos("a7 d7 g4 c3", "a1 d1 g1 b6 e4", turns=9, rules=Rules(max_turns=10)), "g4-g7")
    assert not s.is_over and s.turns == 9
    s = play(s, "xb6")
    assert s.turns == 10 and s.outcome is not None and s.outcome.ending is Ending.MAX_TURNS


def test_no_removal_turns_draws_after_that_many_quiet_stage_2_turns() -> None:
    """With no_removal_turns 100 (Square Off), the 100th stage-2 turn in a row without a
    removal draws [SO6]."""
    s = play(pos("a1 c5 f6 d3", "g1 e3 b6 d5", quiet=98, turns=150), "a1-a4")
    assert not s.is_over and s.quiet == 99
    s = play(s, "g1-g4")
    assert s.outcome is not None and s.outcome.ending is Ending.NO_REMOVAL_TURNS
    assert s.returns() == (0.5, 0.5)


def test_stage_1_turns_are_not_counted_as_quiet() -> None:
    """Placements do not count towards no_removal_turns [SO6]."""
    s = play(pos("a1 c5", "g1 e3", in_hand=(7, 7), quiet=99, turns=120), "d2 f2")
    assert s.quiet == 99 and not s.is_over


def test_threefold_draws_at_the_third_occurrence_counting_the_start() -> None:
    """With threefold, shuffling back and forth draws when the start position occurs for
    the third time (the start counts as the first) [SO6]."""
    s = pos("a1 c5 f6 d3", "g1 e3 b6 d5", rules=Rules(threefold=True))
    s = play(s, "a1-a4 g1-g4 a4-a1 g4-g1 a1-a4 g1-g4 a4-a1")
    assert not s.is_over
    s = play(s, "g4-g1")
    assert s.outcome is not None and s.outcome.ending is Ending.THREEFOLD
    assert s.returns() == (0.5, 0.5)
    off = play(pos("a1 c5 f6 d3", "g1 e3 b6 d5"), "a1-a4 g1-g4 a4-a1 g4-g1 a1-a4 g1-g4 a4-a1 g4-g1")
    assert not off.is_over


def test_the_threefold_key_holds_everything_section_8_lists() -> None:
    """The threefold key tells apart positions that differ only in the pieces in hand, the
    player to act, a pending removal (and a trade's rights still to come) or the cooldown
    marks (section 8)."""
    occ = (0b111, 0b111000)
    base = position_key(BOARD, occ, (0, 0), 0, (), (0, 0))
    others = [
        position_key(BOARD, occ, (1, 0), 0, (), (0, 0)),
        position_key(BOARD, occ, (0, 0), 1, (), (0, 0)),
        position_key(BOARD, occ, (0, 0), 0, (0,), (0, 0)),
        position_key(BOARD, occ, (0, 0), 0, (0, 1), (0, 0)),
        position_key(BOARD, occ, (0, 0), 0, (), (1, 0)),
        position_key(BOARD, occ, (0, 0), 0, (), (0, 1)),
        position_key(BOARD, (0b111, 0b1110000), (0, 0), 0, (), (0, 0)),
    ]
    assert len({base, *others}) == 1 + len(others)


def test_a_finished_game_refuses_moves() -> None:
    """Once the game is over every move is illegal: "the game is over"."""
    s = play(pos(*BLOCKADE), "d3-d2")
    with pytest.raises(IllegalMoveError, match=r"the game is over: .* \[SO6\]"):
        s.play(Move.slide("a1", "a4"))


def test_returns_are_zero_while_the_game_goes_on() -> None:
    """returns() is (0.0, 0.0) until the end; winner and outcome are None."""
    s = pos(*BLOCKADE)
    assert s.returns() == (0.0, 0.0) and s.winner is None and s.outcome is None
