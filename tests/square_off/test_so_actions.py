"""Move values and the action encoding of section 7 [SO9]: OpenSpiel's numbers for
placements, removals, slides and flights; jumps share the move numbers, trades take
600 + 24 a + b; bad fields and non-moves are refused with clear errors."""

from __future__ import annotations

import pytest
from so_helpers import play, pos

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off import (
    JUMP_OFF,
    NUM_ACTIONS,
    TRADING_PLACES,
    Move,
    MoveKind,
    action_to_move,
    move_to_action,
    new_game,
    point_id,
)


def test_the_numbers_follow_section_7() -> None:
    """Placement/removal p is p; a slide, flight or jump f->t is 24 + 24 f + t; a trade of
    a with b is 600 + 24 a + b; there are 1176 actions."""
    assert NUM_ACTIONS == 1176
    for p in range(24):
        assert move_to_action(Move(MoveKind.PLACE, p)) == p
        assert move_to_action(Move(MoveKind.REMOVE, p)) == p
    for f in range(24):
        for t in range(24):
            if f != t:
                for kind in (MoveKind.SLIDE, MoveKind.FLY, MoveKind.JUMP):
                    assert move_to_action(Move(kind, f, t)) == 24 + 24 * f + t
                assert move_to_action(Move(MoveKind.TRADE, f, t)) == 600 + 24 * f + t
    assert move_to_action(Move.slide("a4", "a7")) == 24 + 24 * point_id("a4")


def test_action_to_move_reads_a_number_against_the_state() -> None:
    """The same number reads as a placement or a removal, a slide or a jump, as the state's
    legal moves say."""
    assert action_to_move(new_game(), 5) == Move.place(5)
    remover = play(pos("a7 d7 g4 c3", "a1 d1 g1 b6"), "g4-g7")
    assert action_to_move(remover, point_id("b6")) == Move.remove("b6")
    jumper = pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF)
    number = 24 + 24 * point_id("a1") + point_id("a7")
    assert action_to_move(jumper, number) == Move.jump("a1", "a7")
    trader = pos("a1 c3 g1", "d7 e4 b2 f2", rules=TRADING_PLACES)
    assert action_to_move(trader, 600 + 24 * point_id("a1") + point_id("d7")) == Move.trade(
        "a1", "d7"
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (-1, "an action is an int 0..1175"),
        (1176, "an action is an int 0..1175"),
        (True, "an action is an int"),
        (3.0, "an action is an int"),
        (24, "action 24 moves a piece to its own point"),
        (600, "trades a point with itself"),
        (25, "stage 1"),
    ],
)
def test_bad_action_numbers_are_refused(action: object, reason: str) -> None:
    """A number that is no action, or no legal action here, raises IllegalMoveError saying
    why."""
    with pytest.raises(IllegalMoveError, match=reason):
        action_to_move(new_game(), action)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        ((MoveKind.PLACE, True), "Move.point is a point id"),
        ((MoveKind.PLACE, 2.0), "Move.point is a point id"),
        ((MoveKind.PLACE, 24), "Move.point is a point id"),
        ((MoveKind.SLIDE, 3, 3.0), "Move.to is a point id"),
        ((MoveKind.SLIDE, 3), "Move.to is a point id"),
        ((MoveKind.SLIDE, 3, 3), "goes to another point"),
        ((MoveKind.PLACE, 3, 4), "has no Move.to"),
        ((1, 3, 4), "Move.kind is a MoveKind"),
        (("place", 3), "Move.kind is a MoveKind"),
    ],
)
def test_moves_validate_their_fields(args: tuple[object, ...], reason: str) -> None:
    """Move refuses bools, floats, ids out of range, a missing or extra destination and a
    kind that is not a MoveKind."""
    with pytest.raises(ValueError, match=reason):
        Move(*args)  # type: ignore[arg-type]


def test_the_repr_reads_as_the_constructor_call() -> None:
    """repr(Move) is the builder call with point names, for every kind."""
    moves = [
        Move.place("d2"),
        Move.slide("d2", "d3"),
        Move.fly("d2", "g7"),
        Move.jump("a1", "a7"),
        Move.trade("a1", "d7"),
        Move.remove("g7"),
    ]
    assert [repr(m) for m in moves] == [
        "Move.place('d2')",
        "Move.slide('d2', 'd3')",
        "Move.fly('d2', 'g7')",
        "Move.jump('a1', 'a7')",
        "Move.trade('a1', 'd7')",
        "Move.remove('g7')",
    ]
    assert all(eval(repr(m), {"Move": Move}) == m for m in moves)


@pytest.mark.parametrize("bad", [None, 19, "d2", (0, 19), Move.remove("d2")])
def test_play_refuses_anything_but_a_legal_move(bad: object) -> None:
    """play() of a non-Move or a Move of the wrong kind raises IllegalMoveError, leaving
    the state as it was."""
    s = new_game()
    with pytest.raises(IllegalMoveError) as err:
        s.play(bad)  # type: ignore[arg-type]
    assert err.value.move is bad
    assert s == new_game() and len(s.legal_moves()) == 24


class _LooksEqual:
    """An object that claims to equal anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_an_object_that_claims_equality_is_not_a_move() -> None:
    """play() takes only real Move values: an object whose __eq__ says yes to everything
    is refused as "not a Move" and is_legal says False."""
    s = new_game()
    with pytest.raises(IllegalMoveError, match="not a Move: _LooksEqual"):
        s.play(_LooksEqual())  # type: ignore[arg-type]
    assert not s.is_legal(_LooksEqual())
