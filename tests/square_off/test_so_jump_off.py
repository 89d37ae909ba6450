"""Jump Off [SO7]: jumps over an adjacent opposing piece along a line, and the cooldown:
a line the player's own last move broke may not be formed by their next move, by any
kind of move (section 8), per line, not per piece."""

from __future__ import annotations

import pytest
from so_helpers import line_index, play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import (
    BOARD,
    JUMP_OFF,
    Board,
    Move,
    MoveKind,
    Rules,
    setup_position,
)

COOL_TRADES = Rules(trades=True, cooldown=True)
COOL_FLYING = Rules(flying=True, cooldown=True)


def test_a_jump_goes_over_an_opposing_piece_to_the_empty_end_of_the_line() -> None:
    """A piece at the end of a line jumps over an opposing middle piece to the empty
    other end; the jumped piece stays on the board [SO7]."""
    s = pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF)
    assert "a1^a7" in texts(s)
    after = s.play(Move.jump("a1", "a7"))
    assert after.pieces_at("a7") == 0 and after.pieces_at("a1") is None
    assert after.pieces_at("a4") == 1 and after.removed == s.removed


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move.jump("c3", "e3"), r"a jump goes over a piece of B; d3 holds none \[SO7\]"),
        (Move.jump("a1", "g7"), r"no line runs from a1 over one point to g7 \[SO7\]"),
        (Move.jump("a1", "g1"), r"a jump goes over a piece of B; d1 holds none"),
    ],
)
def test_jumps_need_an_opposing_piece_in_the_middle_of_a_line(move: Move, reason: str) -> None:
    """A jump over an empty point or an own piece, or not along a line, is illegal and
    says why [SO7]."""
    s = pos("a1 c3 d1", "a4 e4 b2 f2", rules=JUMP_OFF)
    with pytest.raises(IllegalMoveError, match=reason):
        s.play(move)


def test_jumps_are_not_in_square_off() -> None:
    """Without the jumps option no jump is offered [SO7]."""
    s = pos("a1 c3 g1", "a4 e4 b2 f2")
    assert all(m.kind != MoveKind.JUMP for m in s.legal_moves())


def test_a_jump_that_forms_a_line_earns_a_removal() -> None:
    """A jump completing a line earns a removal with the usual restriction [SO7], [SO4]."""
    s = play(pos("a1 d7 g7", "a4 e4 b2 f2", rules=JUMP_OFF), "a1^a7")
    assert s.removals == (0,) and texts(s) == ["xa4", "xe4", "xb2", "xf2"]


def test_a_broken_line_cannot_be_formed_by_the_next_move_of_any_piece() -> None:
    """After W's d5-c5 breaks d7-d6-d5, W's next move may not form it again, with the
    same piece or another (the cooldown is per line); the message names [SO7]."""
    s = play(pos("d7 d6 d5 e5 c3", "a1 g1 b2 e3", rules=JUMP_OFF), "d5-c5")
    assert s.cooldown[0] == 1 << line_index(s, "d7-d6-d5")
    s = play(s, "a1-a4")
    assert "c5-d5" not in texts(s) and "e5-d5" not in texts(s)
    with pytest.raises(IllegalMoveError, match=r"\[SO7\] cooldown: the move would form d7-d6-d5"):
        s.play(Move.slide("e5", "d5"))


def test_one_turn_later_the_line_may_be_formed_again() -> None:
    """Every move of the player replaces their marks: after another move, the broken line
    may be formed again, and earns a removal (section 8)."""
    s = play(pos("d7 d6 d5 e5 c3", "a1 g1 b2 e3", rules=JUMP_OFF), "d5-c5 a1-a4 c3-c4")
    assert s.cooldown[0] == 0
    s = play(s, "a4-a1 c5-d5")
    assert s.removals == (0,)


def test_the_opponents_moves_keep_the_marks() -> None:
    """B's moves leave W's cooldown marks as they are [SO7]."""
    s = play(pos("d7 d6 d5 e5 c3", "a1 g1 b2 e3", rules=JUMP_OFF), "d5-c5")
    marks = s.cooldown
    assert play(s, "a1-a4").cooldown == marks


def test_the_cooldown_forbids_a_jump_back_into_the_line() -> None:
    """A jump out of a line and straight back is refused by the cooldown (section 8)."""
    s = play(pos("a7 d7 g7 c3", "a4 e4 b2 f2", rules=JUMP_OFF), "a7^a1 f2-f4")
    assert "a1^a7" not in texts(s)
    with pytest.raises(IllegalMoveError, match=r"\[SO7\] cooldown"):
        s.play(Move.jump("a1", "a7"))


def test_the_cooldown_forbids_a_flight_back_into_the_line() -> None:
    """With flying and the cooldown, a flight that re-forms the line just broken is
    refused (section 8)."""
    s = play(pos("a7 d7 g7", "a4 e4 b2 f2", rules=COOL_FLYING), "g7~c3 f2-f4")
    assert "c3~g7" not in texts(s) and "c3~d2" in texts(s)


def test_the_cooldown_forbids_a_trade_back_into_the_line() -> None:
    """A trade that breaks a line marks it; trading back, with that piece or another, to
    form it again is refused (section 8)."""
    s = play(pos("a7 d7 g7 c3", "b2 e4 f2 b4", rules=COOL_TRADES), "g7<>b4 f2-f4")
    assert s.cooldown[0] == 1 << line_index(s, "a7-d7-g7")
    assert "b4<>g7" not in texts(s) and "c3<>g7" not in texts(s) and "c3<>e4" in texts(s)


def test_a_trade_out_of_two_lines_marks_both() -> None:
    """A piece that leaves the meeting point of two full lines breaks both: both are
    marked [SO7]."""
    s = play(pos("a7 d7 g7 g4 g1", "b2 e4 f2 b4", rules=COOL_TRADES), "g7<>b4")
    assert s.cooldown[0] == (1 << line_index(s, "a7-d7-g7")) | (1 << line_index(s, "g7-g4-g1"))


def test_without_the_option_there_are_no_marks() -> None:
    """Square Off keeps no cooldown marks; setting some up is refused [SO7]."""
    s = play(pos("d7 d6 d5 e5 c3", "a1 g1 b2 e3"), "d5-c5")
    assert s.cooldown == (0, 0)
    with pytest.raises(ValueError, match="cooldown marks but the rules have none"):
        pos("d7", "a1", in_hand=(8, 8), cooldown=((1,), ()))


def test_a_flying_player_flies_instead_of_jumping() -> None:
    """With jumps and flying, a player with three pieces flies; the flight to a jump's end
    is the same move, so no jump is listed [SO12]."""
    s = pos("a1 c3 d1", "a4 e4 b2 f2", rules=Rules(jumps=True, flying=True))
    assert "a1~a7" in texts(s) and all(m.kind == MoveKind.FLY for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="every move is a flight"):
        s.play(Move.jump("a1", "a7"))


def test_a_jump_between_linked_points_is_the_slide() -> None:
    """On a board where a line's ends are also linked, the move between them is one move,
    the slide, whatever stands in the middle: one action number names one move [SO33]."""
    linked = Board.build(BOARD.names, BOARD.line_names(), [("a7", "g7")])
    s = setup_position(
        ["a7", "b6", "f2"], ["d7", "d1", "b2"], in_hand=(0, 0), rules=JUMP_OFF, board=linked
    )
    to_g7 = [m for m in s.legal_moves() if m.point == 0 and m.to == 2]
    assert to_g7 == [Move.slide("a7", "g7")]
    assert s.play(to_g7[0]).pieces_at("g7") == 0
