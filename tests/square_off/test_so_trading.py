"""Trading Places [SO8]: an own piece and an opposing piece (not on a line of three) swap
points; the trade can earn a removal for the trader, then one for the opponent, and the
turn then passes to the opponent."""

from __future__ import annotations

import attrs
import pytest
from so_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import TRADING_PLACES, Ending, Move, MoveKind, Rules


def test_a_trade_swaps_two_pieces_at_any_distance() -> None:
    """Every own piece may trade with every opposing piece not on a line, however far; the
    two pieces swap points and the turn passes [SO8]."""
    s = pos("a1 c3 g4", "e4 b2 f2", rules=TRADING_PLACES)
    trades = [m for m in s.legal_moves() if m.kind == MoveKind.TRADE]
    assert len(trades) == 9 and "a1<>f2" in texts(s)
    after = s.play(Move.trade("a1", "f2"))
    assert after.pieces_at("a1") == 1 and after.pieces_at("f2") == 0
    assert after.to_move == 1 and after.removals == () and after.removed == s.removed


def test_a_piece_on_an_opposing_line_cannot_be_traded() -> None:
    """An opposing piece on a line of three opposing pieces is not tradable [SO8]."""
    s = pos("a1 c3 g4", "a7 d7 g7 b2", rules=TRADING_PLACES)
    assert [t for t in texts(s) if "<>" in t] == ["g4<>b2", "c3<>b2", "a1<>b2"]
    with pytest.raises(IllegalMoveError, match=r"\[SO8\] d7 is on a line of three of B"):
        s.play(Move.trade("c3", "d7"))


def test_adjacent_trades_only_between_linked_points() -> None:
    """With adjacent_trades a trade needs the two points to be linked [SO8]."""
    s = pos("a1 c3 g4", "a4 e4 b2 f2", rules=attrs.evolve(TRADING_PLACES, adjacent_trades=True))
    assert [t for t in texts(s) if "<>" in t] == ["a1<>a4"]
    with pytest.raises(IllegalMoveError, match=r"a1 and f2 are not linked \(adjacent_trades\)"):
        s.play(Move.trade("a1", "f2"))


def test_trades_wait_for_stage_2() -> None:
    """A trade during stage 1 is refused: pieces are placed [SO2]."""
    s = pos("a1 c3", "e4 b2", in_hand=(7, 7), rules=TRADING_PLACES)
    assert all(m.kind == MoveKind.PLACE for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match=r"stage 1"):
        s.play(Move.trade("a1", "e4"))


def test_a_trade_that_forms_the_traders_line_earns_the_trader_a_removal() -> None:
    """The trader's piece completing a line at its new point earns the trader a removal;
    then the opponent moves [SO8]."""
    s = play(pos("a7 d7 c3", "g7 e4 b2 f2", rules=TRADING_PLACES), "c3<>g7")
    assert s.removals == (0,) and s.to_move == 0
    s = play(s, "xe4")
    assert s.to_move == 1 and s.removals == ()


def test_a_trade_that_forms_the_opponents_line_lets_the_opponent_remove_then_move() -> None:
    """The opponent's piece completing a line at its new point earns the opponent a
    removal of one of the trader's pieces; then the opponent moves as usual [SO8]."""
    s = play(pos("a1 c3 b6", "d1 g1 e4 f2", rules=TRADING_PLACES), "a1<>e4")
    assert s.removals == (1,) and s.to_move == 1 and s.turn_of == 0
    assert texts(s) == ["xb6", "xe4", "xc3"]
    s = play(s, "xc3")
    assert s.to_move == 1 and s.removals == () and s.turn_of == 1 and s.quiet == 0
    assert not any(m.kind == MoveKind.REMOVE for m in s.legal_moves())


def test_both_sides_remove_the_trader_first() -> None:
    """A trade forming a line for both sides: the trader removes, then the opponent, then
    the opponent moves; both rights are fixed by the trade [SO8]."""
    s = play(pos("a7 d7 a1 c3", "d1 g1 g7 e4", rules=TRADING_PLACES), "a1<>g7")
    assert s.removals == (0, 1) and s.to_move == 0
    assert texts(s) == ["xe4"]
    s = play(s, "xe4")
    assert s.removals == (1,) and s.to_move == 1 and texts(s) == ["xc3"]
    s = play(s, "xc3")
    assert s.removals == () and s.to_move == 1 and s.turns == 1


def test_a_forfeited_trader_right_leaves_the_opponents_right() -> None:
    """When every opposing piece is on a line after the trade, the trader's removal is
    forfeited but the opponent's still comes [SO4], [SO8]."""
    s = play(pos("a7 d7 a1 c3", "d1 g1 g7 b6 d6 f6", rules=TRADING_PLACES), "a1<>g7")
    assert s.removals == (1,) and s.to_move == 1 and texts(s) == ["xc3"]


def test_the_game_ends_at_once_when_a_removal_leaves_two_pieces() -> None:
    """If the trader's removal leaves the opponent with two pieces, the game is over and
    the opponent's right is never used [SO8]."""
    rules = Rules(trades=True, remove_from_lines_when_all=True)
    s = play(pos("a7 d7 a1 c3", "d1 g1 g7", rules=rules), "a1<>g7")
    assert s.removals == (0, 1)
    s = play(s, "xd1")
    assert s.outcome is not None and s.outcome.ending is Ending.TWO_PIECES and s.winner == 0
    assert s.removals == () and s.legal_moves() == ()
