"""Lockstep with OpenSpiel 2.x [SO9]: the ``nine-mens-morris`` preset plays
``pyspiel.load_game("nine_mens_morris")`` exactly. At every node of hundreds of seeded
random games the sorted legal actions, the player to move, the terminal status and the
returns agree; perft agrees from the start and from mid-game positions.

Skipped when pyspiel (``pip install 'open_spiel>=2.0'``) is missing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from astroplane.games.square_off import (
    NINE_MENS_MORRIS,
    Ending,
    SquareOffState,
    action_to_move,
    move_to_action,
    new_game,
)

pytestmark = pytest.mark.openspiel
pyspiel = pytest.importorskip(
    "pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'"
)

GAMES = 500
#: Seeds whose random game ends with a blockade (found by a search over seeds 100000..;
#: random games rarely end that way), so the loss by having no move is compared too.
BLOCKED_SEEDS = (100971, 101609, 101958, 104117)


@pytest.fixture(scope="module")
def game() -> Any:
    """OpenSpiel's nine men's morris."""
    return pyspiel.load_game("nine_mens_morris")


def _actions(state: SquareOffState) -> list[int]:
    return sorted(move_to_action(m) for m in state.legal_moves())


def _lockstep(game: Any, seed: int) -> SquareOffState:
    """Play one random game in both engines, comparing every node; return the last."""
    rng = random.Random(seed)
    ours = new_game(NINE_MENS_MORRIS)
    theirs = game.new_initial_state()
    while True:
        assert ours.is_over == theirs.is_terminal(), (seed, ours)
        if ours.is_over:
            assert [2 * r - 1 for r in ours.returns()] == list(theirs.returns()), (seed, ours)
            return ours
        assert ours.to_move == theirs.current_player(), (seed, ours)
        actions = _actions(ours)
        assert actions == list(theirs.legal_actions()), (seed, ours)
        assert [move_to_action(m) for m in ours.legal_moves()] == actions  # already sorted
        action = rng.choice(actions)
        ours = ours.play(action_to_move(ours, action))
        theirs.apply_action(action)


def test_random_games_agree_at_every_node(game: Any) -> None:
    """500 seeded random games: legal actions, player to move, terminal status and returns
    agree at every node; the games end by two pieces and by the 200-turn draw."""
    endings = {_lockstep(game, seed).outcome.ending for seed in range(GAMES)}  # type: ignore[union-attr]
    assert {Ending.TWO_PIECES, Ending.MAX_TURNS} <= endings


@pytest.mark.parametrize("seed", BLOCKED_SEEDS)
def test_blockades_agree(game: Any, seed: int) -> None:
    """Games that end with the player to move blocked agree too (a loss for them)."""
    last = _lockstep(game, seed)
    assert last.outcome is not None and last.outcome.ending is Ending.BLOCKED


def _perft_ours(state: SquareOffState, depth: int) -> int:
    if depth == 1:
        return len(state.legal_moves())
    return sum(_perft_ours(state.play(m), depth - 1) for m in state.legal_moves())


def _perft_theirs(state: Any, depth: int) -> int:
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(_perft_theirs(state.child(a), depth - 1) for a in actions)


def test_perft_from_the_start_agrees(game: Any) -> None:
    """Perft from the start to depth 4 is the same in both engines (255,024)."""
    ours, theirs = new_game(NINE_MENS_MORRIS), game.new_initial_state()
    counts = [_perft_ours(ours, d) for d in range(1, 5)]
    assert counts == [_perft_theirs(theirs, d) for d in range(1, 5)]
    assert counts == [24, 552, 12144, 255024]


def _flying(s: SquareOffState) -> bool:
    me = s.to_move
    return not s.removals and s.in_hand[me] == 0 and s.occupancy[me].bit_count() == 3


#: What the mid-game positions must show: placement with a pending removal, the first
#: moves of stage 2, a removal in stage 2, a player who flies.
SITUATIONS = {
    "stage 1 removal": lambda s: bool(s.removals) and s.in_hand != (0, 0),
    "stage 2": lambda s: s.in_hand == (0, 0) and not s.removals,
    "stage 2 removal": lambda s: bool(s.removals) and s.in_hand == (0, 0),
    "flying": _flying,
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_perft_from_mid_game_positions_agrees(game: Any, situation: str, seed: int) -> None:
    """From the first position of a seeded random game that shows the situation (a
    removal in stage 1 or 2, stage 2, flying), perft to depth 3 is the same in both
    engines."""
    wanted = SITUATIONS[situation]
    for attempt in range(100):
        rng = random.Random(1000 * seed + attempt)
        ours, theirs = new_game(NINE_MENS_MORRIS), game.new_initial_state()
        while not ours.is_over and not wanted(ours):
            action = rng.choice(_actions(ours))
            ours = ours.play(action_to_move(ours, action))
            theirs.apply_action(action)
        if not ours.is_over:
            break
    assert wanted(ours) and not ours.is_over
    counts = [_perft_ours(ours, d) for d in range(1, 4)]
    assert counts == [_perft_theirs(theirs, d) for d in range(1, 4)]
    assert counts[2] > 0
