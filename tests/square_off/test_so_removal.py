"""Removal [SO4]: a ply of its own after a move that forms a line; pieces on lines of three
are safe; a removal with nothing to remove is forfeited (no ply), or under
remove_from_lines_when_all takes any piece; lines form "over and over again" [SO3]."""

from __future__ import annotations

import pytest
from so_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import NINE_MENS_MORRIS, Move

# W's g4-g7 forms a7-d7-g7; B's a1 d1 g1 are a line, b6 is not.
MIXED = ("a7 d7 g4 c3", "a1 d1 g1 b6")
# The same, but every B piece is on a line (a1-d1-g1 and b6-d6-f6).
ALL_ON_LINES = ("a7 d7 g4 c3", "a1 d1 g1 b6 d6 f6")


def test_pieces_on_a_line_of_three_cannot_be_removed() -> None:
    """After a line is formed only opposing pieces on no line may be removed; naming one
    on a line says [SO4] and which pieces may go."""
    s = play(pos(*MIXED), "g4-g7")
    assert s.removals == (0,) and s.to_move == 0 and texts(s) == ["xb6"]
    reason = r"\[SO4\] d1 is on a line of three; W may remove b6"
    with pytest.raises(IllegalMoveError, match=reason):
        s.play(Move.remove("d1"))


def test_a_pending_removal_comes_before_any_other_move() -> None:
    """While a removal is pending, any other move is illegal: "a removal is pending"."""
    s = play(pos(*MIXED), "g4-g7")
    with pytest.raises(IllegalMoveError, match="a removal is pending: W removes a piece of B"):
        s.play(Move.slide("c3", "c4"))
    with pytest.raises(IllegalMoveError, match="c3 holds no piece of B"):
        s.play(Move.remove("c3"))


def test_a_removal_without_a_line_is_illegal() -> None:
    """A removal when none is pending is illegal, saying a removal follows a line [SO4]."""
    with pytest.raises(IllegalMoveError, match="no removal is pending"):
        pos(*MIXED).play(Move.remove("b6"))


def test_the_removal_takes_the_piece_for_good_and_ends_the_turn() -> None:
    """The removal empties the point, counts the piece as removed and passes the turn; it
    is one turn with the move (turns + 1) and resets the no-removal count."""
    s0 = pos(*MIXED, quiet=7, turns=30)
    s = play(s0, "g4-g7 xb6")
    assert s.pieces_at("b6") is None and s.removed == (s0.removed[0], s0.removed[1] + 1)
    assert s.to_move == 1 and s.turns == 31 and s.quiet == 0


def test_a_removal_with_every_opposing_piece_on_a_line_is_forfeited() -> None:
    """In Square Off, when every opposing piece is on a line, the right is forfeited: no
    removal ply, the turn passes, and it counts as a turn without removal (section 8)."""
    s0 = pos(*ALL_ON_LINES, quiet=7, turns=30)
    s = play(s0, "g4-g7")
    assert s.removals == () and s.to_move == 1 and s.removed == s0.removed
    assert s.turns == 31 and s.quiet == 8


def test_remove_from_lines_when_all_lets_any_piece_go() -> None:
    """With remove_from_lines_when_all (nine-mens-morris) the same move lets W remove any
    B piece, all six being on lines."""
    s = play(pos(*ALL_ON_LINES, rules=NINE_MENS_MORRIS), "g4-g7")
    assert s.removals == (0,) and texts(s) == ["xb6", "xd6", "xf6", "xa1", "xd1", "xg1"]


def test_a_line_broken_and_formed_again_earns_another_removal() -> None:
    """Without the cooldown a player may open and close the same line over and over,
    removing a piece each time [SO3]."""
    s = pos("a7 d7 g4 c3", "a1 d1 g1 b6 b4 e4")
    s = play(s, "g4-g7 xb6 b4-b6 g7-g4 b6-b4 g4-g7")
    assert s.removals == (0,) and texts(s) == ["xb4", "xe4"]
