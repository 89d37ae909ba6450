"""The fixed action numbering (astroplane.games.astroplane.actions): a bijection on legal moves,
stable, masked."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import astroplane as ap
from astroplane.games.astroplane.actions import (
    ACTION_COUNT,
    ActionSpace,
    action_space,
    action_to_move,
    legal_action_mask,
    legal_actions,
    move_to_action,
)
from helpers import setup
from strategies import Playout, playouts


@settings(max_examples=40)
@given(playout=playouts(max_length=200))
def test_numbering_is_a_bijection_on_legal_moves_along_random_games(playout: Playout) -> None:
    """In every state of random games (all presets and options, 2-4 players), each legal
    move has a distinct number, and the number maps back to that very move."""
    for state in playout.states:
        numbers = legal_actions(state)
        assert len(set(numbers)) == len(numbers)
        for move, number in zip(state.legal_moves(), numbers, strict=True):
            assert 0 <= number < ACTION_COUNT
            assert move_to_action(move) == number
            assert action_to_move(state, number) is move


@settings(max_examples=20)
@given(playout=playouts(max_length=120))
def test_mask_marks_exactly_the_legal_moves(playout: Playout) -> None:
    """legal_action_mask has a 1 exactly at the numbers of the legal moves."""
    state = playout.final
    mask = legal_action_mask(state)
    assert len(mask) == ACTION_COUNT
    assert {i for i, v in enumerate(mask) if v} == set(legal_actions(state))


def test_every_number_names_a_distinct_move_and_back() -> None:
    """The table has no duplicates: move(i) -> index is the identity on range(count)."""
    space = action_space()
    assert space.count == ACTION_COUNT == len(set(space.moves))
    assert all(space.index(space.move(i)) == i for i in range(0, space.count, 97))


def test_numbering_is_stable() -> None:
    """The numbering of the reference board does not change between versions unnoticed
    (learning code stores these numbers)."""
    space = action_space()
    assert ACTION_COUNT == 15497
    b = ap.REFERENCE_BOARD
    assert space.moves[0] == ap.Move(ap.MoveKind.STEP, b.position("b1.ne"), b.position("c2.ne"))
    assert space.moves[-1] == ap.Move(ap.MoveKind.END_TURN)
    kinds = [m.kind for m in space.moves]
    assert kinds == sorted(kinds)  # grouped by kind, in MoveKind order
    counts = {k: kinds.count(k) for k in ap.MoveKind}
    assert counts[ap.MoveKind.FIRE] == 4 * 6
    assert counts[ap.MoveKind.END_TURN] == 1


def test_special_actions_are_numbered() -> None:
    """Firing, Square moves, eliminations and END_TURN positions have numbers too."""
    s = setup({"b1.sw": ["S1"], "a1S": ["S2"], "Nl": ["N1"]})
    b = s.topology
    fire = ap.Move(ap.MoveKind.FIRE, b.cell("a1"), -1, 3)
    assert action_space().move(move_to_action(fire)) == fire
    square = ap.Move(ap.MoveKind.SQUARE, b.cell("c3"), b.cell("c4"), 0)
    kill = ap.Move(ap.MoveKind.ELIMINATE, b.cell("c3"), b.cell("c8"), 0)
    assert move_to_action(square) != move_to_action(kill)


def test_illegal_or_unknown_numbers_are_rejected() -> None:
    """action_to_move refuses numbers out of range (ValueError) and actions that are not
    legal in the state (IllegalMoveError); move_to_action refuses moves no board has."""
    s = ap.new_game(2)
    for number in (ACTION_COUNT, -1):
        with pytest.raises(
            ValueError, match=rf"an ASTROPLANE action is an int 0\.\.{ACTION_COUNT - 1}"
        ):
            action_to_move(s, number)
    with pytest.raises(ap.IllegalMoveError):
        action_to_move(s, ACTION_COUNT - 1)
    with pytest.raises(ValueError, match="not an action"):
        move_to_action(ap.Move(ap.MoveKind.STEP, 0, 0, 0))


@pytest.mark.rl
def test_numpy_integers_are_accepted() -> None:
    """Numbers from a learning framework (NumPy integers) work like ints."""
    np = pytest.importorskip("numpy")
    s = ap.new_game(2)
    first = legal_actions(s)[0]
    assert action_to_move(s, np.int64(first)) is s.legal_moves()[0]


def test_spaces_are_cached_per_board() -> None:
    """action_space builds each board's table once."""
    assert action_space() is action_space(ap.REFERENCE_BOARD)
    assert isinstance(action_space(), ActionSpace)
    assert "15497 actions" in repr(action_space())
