"""The fixed action encoding [SC11]: from point, what moves, direction, distance; gems by
point; the pass last."""

from __future__ import annotations

import pytest
from hypothesis import given
from sc_helpers import ALL_RULES, B2, players_st, playout, pt, rules_st, seeds_st

from astroplane.games.starcastles import (
    STARCASTLES,
    Move,
    Rules,
    action_to_move,
    decode_action,
    encode_move,
    move_to_action,
    new_game,
    num_actions,
)


@pytest.mark.parametrize(("arm", "count"), [(2, 2036), (3, 5330), (4, 11012)])
def test_num_actions(arm: int, count: int) -> None:
    """N points, longest slide D = 3k, a block of 6 + 6D + 6 + 6 per point, then N gems
    and the pass: k=2: 37 * 54 + 38 = 2036; k=3: 73 * 72 + 74 = 5330; k=4: 121 * 90 +
    122 = 11012."""
    assert num_actions(Rules(arm=arm)) == count


def test_hand_computed_actions() -> None:
    """b1 (id 1) steps south-east (direction 2) to c4: 1 * 54 + 2 = 56; c1 (id 3) slides
    east (1) by 6 to c7: 3 * 54 + 6 + 1 * 6 + 5 = 179; g4 (id 30) castle south-west (3)
    to h1: 30 * 54 + 6 + 36 + 3 = 1665, its swap 30 * 54 + 12 + 36 + 3 = 1671; a gem on
    e3 (id 18): 37 * 54 + 18 = 2016; the pass 2035."""
    cases = [
        (Move.step(1, pt("c4")), 56),
        (Move.slide(3, pt("c7")), 179),
        (Move.castle(30, pt("h1")), 1665),
        (Move.swap(30, pt("h1")), 1671),
        (Move.gem(18), 2016),
        (Move.PASS, 2035),
    ]
    for move, action in cases:
        assert encode_move(STARCASTLES, move) == action
        assert decode_action(STARCASTLES, action) == move


def test_every_action_that_names_a_move_round_trips() -> None:
    """Over all 2036 actions of the 37-point board, those that stay on the board give a
    move that encodes back to the same action; the rest raise ValueError. On-board slots:
    per point, its 6 steps + its ray lengths + 6 castle + 6 swap slots limited to links."""
    ok = 0
    for action in range(num_actions(STARCASTLES)):
        try:
            move = decode_action(STARCASTLES, action)
        except ValueError as exc:
            assert "names no move" in str(exc)
            continue
        ok += 1
        assert encode_move(STARCASTLES, move) == action
    links = sum(len(n) for n in B2.neighbours)  # 2 * 84 directed links
    ray_points = sum(len(r) for per in B2.rays for r in per)
    assert ok == 3 * links + ray_points + 37 + 1


@given(seeds_st, players_st, rules_st)
def test_legal_moves_are_in_increasing_action_order_and_round_trip(
    seed: int, players: int, rules: Rules
) -> None:
    """In random games every legal move encodes to a distinct action, increasing along
    legal_moves(), that decodes back to the move."""
    states, _ = playout(seed, players, rules, max_plies=40)
    for s in states[::7]:
        actions = [move_to_action(s, m) for m in s.legal_moves()]
        assert actions == sorted(set(actions))
        assert all(0 <= a < num_actions(s) == num_actions(rules) for a in actions)
        assert [action_to_move(s, a) for a in actions] == list(s.legal_moves())
        assert [decode_action(rules, a) for a in actions] == list(s.legal_moves())


def test_bad_actions_and_moves_are_refused() -> None:
    """Out of range, bools, moves off the board or off a line raise ValueError."""
    for bad in (-1, 2036, True, 3.0):
        with pytest.raises(ValueError, match=r"an action is an int 0\.\.2035"):
            decode_action(STARCASTLES, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"an action is an int 0\.\.2035"):
            action_to_move(new_game(2), bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not on the 37-point board"):
        encode_move(STARCASTLES, Move.gem(40))
    with pytest.raises(ValueError, match="e5 is not linked to e3"):
        move_to_action(new_game(2), Move.step(pt("e3"), pt("e5")))
    with pytest.raises(ValueError, match="f3 is not on a line from e1"):
        encode_move(STARCASTLES, Move.slide(pt("e1"), pt("f3")))
    with pytest.raises(ValueError, match="not a Move"):
        move_to_action(new_game(2), "b1-c4")  # type: ignore[arg-type]


def test_the_encoding_depends_on_the_board_only() -> None:
    """Every rules value with the same arm size has the same number of actions."""
    for rules in ALL_RULES:
        assert num_actions(rules) == num_actions(Rules(arm=rules.arm))
