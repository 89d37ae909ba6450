"""Stage 2: slides along links to empty points, and flying with three pieces [SO5]."""

from __future__ import annotations

import attrs
import pytest
from so_helpers import pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import NINE_MENS_MORRIS, SQUARE_OFF, Move, MoveKind, Rules

FLYING = Rules(flying=True)


def test_slides_go_along_links_to_empty_points_in_action_order() -> None:
    """A piece slides to each linked empty point; the moves come by origin id, then
    destination id (ascending action numbers) [SO14]."""
    s = pos("d2 a1 g4", "d1 d3 b2")
    assert texts(s) == ["g4-g7", "g4-f4", "g4-g1", "d2-f2", "a1-a4"]


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move.slide("a1", "a7"), "a1 and a7 are not linked"),
        (Move.slide("d2", "d1"), "d1 is occupied"),
        (Move.slide("b2", "b4"), "b2 holds no piece of W"),
        (Move.fly("a1", "g7"), r"flying is not in these rules \[SO5\]"),
        (Move.place("g7"), r"W has no piece in hand: stage 2, a piece moves \[SO2\]"),
        (Move.jump("a1", "a7"), "not linked|jumps are not in these rules"),
        (Move.trade("d2", "d1"), r"trades are not in these rules \[SO8\]"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(move: Move, reason: str) -> None:
    """Each illegal stage-2 move raises IllegalMoveError naming its rule; the state is
    unchanged."""
    s = pos("d2 a1 g4", "d1 d3 b2")
    copy = attrs.evolve(s)
    with pytest.raises(IllegalMoveError, match=reason):
        s.play(move)
    assert s == copy and s.legal_moves() == copy.legal_moves()


def test_square_off_never_flies() -> None:
    """In Square Off a player down to three pieces still slides [SO5]."""
    s = pos("d2 a1 g4", "d1 d3 b2 f2", rules=SQUARE_OFF)
    assert all(m.kind == MoveKind.SLIDE for m in s.legal_moves())


def test_with_flying_three_pieces_fly_to_every_empty_point() -> None:
    """With flying, a player with exactly three pieces and none in hand flies: each piece
    to every empty point, and every move is a flight (no separate slides) [SO5], [SO12]."""
    s = pos("d2 a1 g4", "d1 d3 b2 f2", rules=FLYING)
    moves = s.legal_moves()
    assert len(moves) == 3 * (24 - 7)
    assert all(m.kind == MoveKind.FLY for m in moves)
    assert "a1~g7" in texts(s) and "d2~d1" not in texts(s)
    with pytest.raises(IllegalMoveError, match=r"every move is a flight \[SO5\]"):
        s.play(Move.slide("a1", "a4"))


def test_four_pieces_or_pieces_in_hand_do_not_fly() -> None:
    """With four pieces, or three on the board and one in hand, a player does not fly
    [SO5]; B with three pieces flies on its own turn."""
    four = pos("d2 a1 g4 g1", "d1 d3 b2", rules=NINE_MENS_MORRIS)
    assert all(m.kind == MoveKind.SLIDE for m in four.legal_moves())
    with pytest.raises(IllegalMoveError, match="W has 4 pieces: only a player with 3 flies"):
        four.play(Move.fly("a1", "g7"))
    hand = pos("d2 a1 g4", "d1 d3 b2", in_hand=(1, 1), rules=NINE_MENS_MORRIS)
    assert all(m.kind == MoveKind.PLACE for m in hand.legal_moves())
    black = pos("d2 a1 g4 g1", "d1 d3 b2", to_move="B", rules=NINE_MENS_MORRIS)
    assert len(black.legal_moves()) == 3 * 17


def test_a_flight_that_forms_a_line_earns_a_removal() -> None:
    """A flight forms a line like a slide does [SO3]."""
    s = pos("a7 d7 b4", "d1 d3 b2 f2", rules=FLYING)
    s = s.play(Move.fly("b4", "g7"))
    assert s.removals == (0,) and s.to_move == 0
