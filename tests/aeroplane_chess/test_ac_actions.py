"""The fixed action encoding (astroplane.games.aeroplane_chess.actions): the numbering,
a bijection on the legal moves of every state, and the errors."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from ac_helpers import ALL_RULES, COLOUR_SETS, playout, pos

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import PRESETS, Move, MoveKind, new_game
from astroplane.games.aeroplane_chess.actions import (
    FLY_BASE,
    LAUNCH_BASE,
    NUM_ACTIONS,
    PASS_ACTION,
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
)
from astroplane.games.aeroplane_chess.board import N_PLANES, N_SQUARES, PROGRESS_AT


def _every_move() -> list[Move]:
    """Every move the Move constructor accepts (rolls, the pass, launches, all flights)."""
    moves = [Move.roll(v) for v in range(1, 7)] + [Move.PASS]
    moves += [Move.launch(p) for p in range(N_PLANES)]
    moves += [
        Move.fly(p, sq, stack=s)
        for p in range(N_PLANES)
        for sq in range(N_SQUARES)
        for s in (False, True)
    ]
    return moves


def test_the_numbering_is_the_table_of_the_module_docs() -> None:
    """Rolls are 0..5, the pass 6, launches 7 + plane, and a flight 23 + (56 plane +
    progress - 1) * 2 + stack; 1815 numbers in all."""
    s = new_game(2)
    assert (PASS_ACTION, LAUNCH_BASE, FLY_BASE, NUM_ACTIONS) == (6, 7, 23, 1815)
    assert [move_to_action(s, Move.roll(v)) for v in range(1, 7)] == [0, 1, 2, 3, 4, 5]
    assert move_to_action(s, Move.PASS) == 6
    assert move_to_action(s, Move.launch("R1")) == 7
    assert move_to_action(s, Move.launch("G4")) == 22
    assert move_to_action(s, Move.fly("R1", "1")) == 23  # progress 1 of Red
    assert move_to_action(s, Move.fly("R1", "1", stack=True)) == 24
    assert move_to_action(s, Move.fly("Y1", "14")) == 23 + 4 * 56 * 2  # progress 1 of Yellow
    assert move_to_action(s, Move.fly("G4", "GH6")) == 1813  # the centre, the last progress
    assert num_actions(s) == NUM_ACTIONS


def test_every_number_stands_for_one_move_and_only_flights_off_the_route_have_none() -> None:
    """The numbers of all the moves that have one are exactly 0 .. NUM_ACTIONS - 1, each
    once; the moves without are the flights to a square off the plane's route or to its
    take-off square (24 squares per plane, stacked or not)."""
    s = new_game(4)
    numbers: list[int] = []
    refused: list[Move] = []
    for m in _every_move():
        try:
            numbers.append(move_to_action(s, m))
        except ValueError:
            refused.append(m)
    assert sorted(numbers) == list(range(NUM_ACTIONS))
    assert len(refused) == N_PLANES * 24 * 2
    assert all(m.kind == MoveKind.FLY and PROGRESS_AT[m.plane >> 2][m.square] < 1 for m in refused)


def _check_bijection(state: Any) -> None:
    moves = state.legal_moves()
    numbers = legal_actions(state)
    assert numbers == tuple(move_to_action(state, m) for m in moves)
    assert len(set(numbers)) == len(numbers)
    assert all(0 <= a < NUM_ACTIONS for a in numbers)
    assert all(action_to_move(state, a) is m for a, m in zip(numbers, moves, strict=True))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("colours", COLOUR_SETS)
def test_legal_moves_map_to_distinct_numbers_and_back_in_every_preset(
    preset: str, colours: str
) -> None:
    """Along random games of 2 to 4 players under every preset, every legal move (rolls
    at chance nodes too) has its own number in range, and the number gives back the very
    move object."""
    for seed in range(2):
        states, _moves = playout(seed, colours, PRESETS[preset])
        assert states[-1].is_over
        for state in states:
            _check_bijection(state)
        assert legal_actions(states[-1]) == ()


def test_legal_moves_map_to_distinct_numbers_under_every_option_combination() -> None:
    """The bijection holds under every combination of the options (short random games)."""
    for i, rules in enumerate(ALL_RULES):
        states, _moves = playout(i, COLOUR_SETS[i % len(COLOUR_SETS)], rules, max_plies=150)
        for state in states:
            _check_bijection(state)


def test_a_stack_choice_is_two_numbers() -> None:
    """Flying onto one's own plane with the choice to stack gives two numbers, one apart."""
    s = pos("RB", {"R1": "3", "R2": "7"}, roll=4)
    assert legal_actions(s) == (9, 35, 36, 155)
    assert action_to_move(s, 36) == Move.fly("R1", "7", stack=True)


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, True, 2.0, "3", None])
def test_an_action_that_is_no_number_of_the_encoding_is_refused_by_name(bad: object) -> None:
    """action_to_move refuses what is not an int 0..1814 with a ValueError naming it."""
    with pytest.raises(ValueError, match=r"action is an int 0\.\.1814, not ") as info:
        action_to_move(new_game(2), bad)  # type: ignore[arg-type]
    assert repr(bad) in str(info.value)


def test_an_action_not_legal_here_raises_the_rule_that_forbids_it() -> None:
    """A number in range whose move is not legal raises IllegalMoveError with the number
    and the rule (a roll at a player's turn, a player move at a chance node)."""
    s = new_game(2)
    with pytest.raises(IllegalMoveError, match=r"action 7: ") as info:
        action_to_move(s, 7)
    assert info.value.move == Move.launch("R1")
    with pytest.raises(IllegalMoveError, match=r"action 2: "):
        action_to_move(s.play(Move.roll(6)), 2)


@pytest.mark.rl
def test_a_numpy_integer_is_an_action() -> None:
    """An action may be a NumPy integer, as a learning loop draws it."""
    np = pytest.importorskip("numpy")
    assert action_to_move(new_game(2), np.int64(5)) == Move.roll(6)


def test_move_to_action_refuses_what_is_no_well_formed_move() -> None:
    """move_to_action refuses another type and a move forged past its checks (a float
    twin), naming it."""
    s = new_game(2)
    with pytest.raises(ValueError, match="not a well-formed Move: 'R1'"):
        move_to_action(s, "R1")  # type: ignore[arg-type]
    forged = attrs.evolve(Move.launch("R1"))
    object.__setattr__(forged, "plane", 0.0)
    with pytest.raises(ValueError, match="not a well-formed Move"):
        move_to_action(s, forged)


def test_a_flight_off_the_route_has_no_number() -> None:
    """A flight to another colour's home column or to a take-off square has no number."""
    s = new_game(2)
    with pytest.raises(ValueError, match=r"BH1 is not a square a flight of R1 ends on"):
        move_to_action(s, Move.fly("R1", "BH1"))
    with pytest.raises(ValueError, match=r"RT is not a square"):
        move_to_action(s, Move.fly("R1", "RT"))
