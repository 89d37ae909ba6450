"""Properties of random games under every preset and some option mixes: pieces are
conserved, no point holds two pieces, play never changes a state, the turn flows as the
rules say, games end, and every legal move round-trips through notation and actions."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st
from so_helpers import playout

from astroplane.games.square_off import (
    PRESETS,
    Move,
    MoveKind,
    Rules,
    SquareOffState,
    action_to_move,
    format_move,
    move_to_action,
    parse_move,
)
from astroplane.protocol import State

ALL_RULES = (
    *PRESETS.values(),
    Rules(jumps=True, trades=True, cooldown=True, flying=True, threefold=True),
    Rules(pieces=3, flying=True),
    Rules(pieces=12, trades=True, adjacent_trades=True, remove_from_lines_when_all=True),
    Rules(pieces=5, jumps=True, no_removal_turns=10, max_turns=60, threefold=True),
)
rules_st = st.sampled_from(ALL_RULES)
seeds_st = st.integers(0, 2**32 - 1)


def _check(state: SquareOffState) -> None:
    w, b = state.occupancy
    assert w & b == 0 and (w | b) >> 24 == 0  # no point holds two pieces
    for seat in (0, 1):
        on_board = state.occupancy[seat].bit_count()
        assert on_board + state.in_hand[seat] + state.removed[seat] == state.rules.pieces
        assert state.in_hand[seat] >= 0 and state.removed[seat] >= 0
    assert state.is_over == (state.legal_moves() == ())
    if not state.rules.cooldown:
        assert state.cooldown == (0, 0)


def _check_step(before: SquareOffState, move: Move, after: SquareOffState) -> None:
    mover = before.to_move
    if move.kind == MoveKind.REMOVE:
        assert after.removed[1 - mover] == before.removed[1 - mover] + 1
    else:
        assert after.removed == before.removed
    if after.is_over:
        return
    if after.removals:  # a removal ply follows; the turn is not over
        assert after.turns == before.turns and after.turn_of == before.turn_of
    else:
        assert after.turns == before.turns + 1 and after.turn_of == 1 - before.turn_of


@given(seeds_st, rules_st)
def test_random_games_keep_every_invariant_and_end(seed: int, rules: Rules) -> None:
    """A whole random game: every state is consistent, every step follows the turn rules,
    play leaves the state it is called on unchanged, and the game ends."""
    states, moves = playout(seed, rules, max_plies=5000)
    assert states[-1].is_over
    for before, move, after in zip(states, moves, states[1:], strict=False):
        snapshot = attrs.astuple(before, recurse=False)
        _check(after)
        _check_step(before, move, after)
        assert attrs.astuple(before, recurse=False) == snapshot
    assert isinstance(states[-1], State)
    assert sum(states[-1].returns()) == 1.0


@given(seeds_st, rules_st, st.integers(0, 400))
def test_legal_moves_round_trip_through_notation_and_actions(
    seed: int, rules: Rules, plies: int
) -> None:
    """At a random point of a random game every legal move writes and reads back, and its
    action number is distinct and reads back to it; moves come in ascending action order."""
    states, _moves = playout(seed, rules, max_plies=plies)
    s = states[-1]
    moves = s.legal_moves()
    actions = [move_to_action(m) for m in moves]
    assert actions == sorted(set(actions))
    for move, action in zip(moves, actions, strict=True):
        assert parse_move(s, format_move(s, move)) == move
        assert action_to_move(s, action) == move
        assert s.is_legal(move)


@given(seeds_st, rules_st, st.integers(0, 300))
def test_first_player_choice_mirrors_the_game(seed: int, rules: Rules, plies: int) -> None:
    """A game started by B is the colour mirror of one started by W: the same moves are
    legal at every step."""
    w_states, w_moves = playout(seed, rules, max_plies=plies)
    b_states, b_moves = playout(seed, rules, max_plies=plies, first="B")
    assert w_moves == b_moves
    for a, b in zip(w_states, b_states, strict=True):
        assert a.occupancy == b.occupancy[::-1] and a.to_move == 1 - b.to_move
