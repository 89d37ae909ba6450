"""Stage 1 [SO2], [SO3]: placing from hand on empty points, alternating turns, lines formed
by placement, and the switch to stage 2."""

from __future__ import annotations

import pytest
from so_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError, PositionError
from astroplane.games.square_off import BOARD, Move, MoveKind, new_game, setup_position


def test_the_start_offers_every_point_to_the_first_player() -> None:
    """At the start every piece is in hand and the first player (W unless first= says
    otherwise) may place on any of the 24 points [SO2]."""
    s = new_game()
    assert s.in_hand == (9, 9) and s.removed == (0, 0) and s.occupancy == (0, 0)
    assert s.to_move == 0 and s.stage == 1
    assert texts(s) == list(BOARD.names)
    assert all(m.kind == MoveKind.PLACE for m in s.legal_moves())
    assert new_game(first="B").to_move == 1 and new_game(first=1).to_move == 1


def test_players_alternate_and_placements_use_up_the_hand() -> None:
    """Each placement takes one piece from the mover's hand, fills the point and passes
    the turn; the points taken are no longer offered."""
    s = play(new_game(), "d2 d6 b4")
    assert s.in_hand == (7, 8) and s.to_move == 1 and s.turns == 3
    assert s.pieces_at("d2") == 0 and s.pieces_at("d6") == 1 and s.pieces_at("b4") == 0
    assert len(s.legal_moves()) == 21 and "d2" not in texts(s)


def test_placing_on_an_occupied_point_is_illegal_and_changes_nothing() -> None:
    """A placement on an occupied point raises IllegalMoveError saying so; the state is
    unchanged."""
    s = play(new_game(), "d2")
    before = (s.occupancy, s.in_hand, s.to_move, hash(s))
    with pytest.raises(IllegalMoveError, match="d2 is occupied"):
        s.play(Move.place("d2"))
    assert (s.occupancy, s.in_hand, s.to_move, hash(s)) == before


def test_pieces_cannot_move_while_in_hand() -> None:
    """While the mover has pieces in hand, a slide is illegal: stage 1 places [SO2]."""
    s = pos("d2", "d6", in_hand=(8, 8))
    with pytest.raises(IllegalMoveError, match=r"stage 1, a piece is placed, not moved \[SO2\]"):
        s.play(Move.slide("d2", "d3"))


def test_a_placement_that_forms_a_line_earns_a_removal_ply() -> None:
    """A placement completing a line of three gives the same player a removal, a ply of
    its own; the turn passes only after it [SO3], [SO4]."""
    s = play(new_game(), "a7 b6 d7 d6 g7")
    assert s.removals == (0,) and s.to_move == 0 and s.turn_of == 0 and s.turns == 4
    assert texts(s) == ["xb6", "xd6"]
    s = play(s, "xb6")
    assert s.to_move == 1 and s.turns == 5 and s.removed == (0, 1) and s.in_hand == (6, 7)


def test_two_lines_at_once_earn_one_removal() -> None:
    """A placement on the meeting point of two lines forms both but earns one removal [SO3]."""
    s = pos("a7 d7 g4 g1", "b6 d6 f6 b2", in_hand=(1, 1))
    s = s.play(Move.place("g7"))
    assert s.removals == (0,)
    after = s.play(s.legal_moves()[0])
    assert after.removals == () and after.to_move == 1
    assert after.removed == (s.removed[0], s.removed[1] + 1)


def test_removed_pieces_do_not_return_to_hand() -> None:
    """A piece removed during stage 1 is out for good: the victim's hand is unchanged and
    every side ends stage 1 with pieces + removed = 9 [SO2]."""
    s = play(new_game(), "a7 b6 d7 d6 g7 xd6")
    assert s.in_hand == (6, 7) and s.removed == (0, 1)
    assert s.pieces_left(1) == 8


def test_stage_2_begins_when_both_hands_are_empty() -> None:
    """After 18 placements without a line, W (who placed first) moves a piece: slides only."""
    white = ["a7", "g1", "b6", "f2", "c5", "e3", "d7", "a4", "g4"]
    black = ["g7", "d1", "b4", "d2", "f6", "d5", "e4", "c3", "f4"]
    s = play(new_game(), " ".join(w + " " + b for w, b in zip(white, black, strict=True)))
    assert s.in_hand == (0, 0) and s.stage == 2 and s.to_move == 0 and s.removed == (0, 0)
    assert s.legal_moves() and all(m.kind == MoveKind.SLIDE for m in s.legal_moves())


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"white": ["d2", "d2"]}, "W has two pieces on d2"),
        ({"white": ["d2"], "black": ["d2"]}, "a point holds two pieces: d2"),
        ({"white": ["h9"]}, "W: not a point of the board"),
        ({"white": "d2"}, "the points of W is a list"),
        ({"white": None}, "the points of W is a list"),
        ({"white": ["d2"], "in_hand": (9, 0)}, "more than 9 pieces"),
        ({"white": ["d2"], "in_hand": (1,)}, "in_hand is a pair"),
        ({"white": ["d2"], "in_hand": (-1, 0)}, "a whole number >= 0"),
        ({"white": ["d2"], "to_move": "X"}, "a seat is W or B"),
        ({"white": ["d2"], "removals": None}, "removals is a list"),
        ({"white": ["d2"], "removals": ["W"]}, "no piece of B may be removed"),
        ({"white": ["d2"], "cooldown": (1, 2)}, "a cooldown list is a list"),
        ({"white": ["d2"], "cooldown": ((),)}, "cooldown is a pair"),
        ({"white": ["d2"], "turns": 1.5}, "turns is a whole number"),
    ],
)
def test_bad_positions_are_refused_with_the_reason(kwargs: dict[str, object], problem: str) -> None:
    """setup_position refuses malformed or impossible positions with a PositionError that
    says what is wrong [SO20]."""
    with pytest.raises(PositionError, match=problem):
        setup_position(**kwargs)  # type: ignore[arg-type]
