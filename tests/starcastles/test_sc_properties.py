"""Properties of random games over every option combination and player count 2..6: every
state is valid, modules are conserved and only the moved ones move, nothing lands on a
Spire, gems follow [SC7], turns follow [SC3], states never change, and games end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from sc_helpers import ALL_RULES, homing, interesting, players_st, rules_st, seeds_st

from astroplane.games.starcastles import (
    Move,
    MoveKind,
    Rules,
    StarCastlesState,
    check_state,
    new_game,
)
from astroplane.games.starcastles.stacks import stack_from_text, stack_text, top

_SHAPES = {"P", "B", "S", "PB", "PS", "BS", "PBS"}


def _modules(state: StarCastlesState) -> Counter[tuple[int, str]]:
    """(player, kind) -> how many of those modules are on the board."""
    count: Counter[tuple[int, str]] = Counter()
    for c in state.cells:
        text = stack_text(c)
        for i in range(0, len(text), 2):
            count[int(text[i + 1]), text[i]] += 1
    return count


def _check_step(before: StarCastlesState, move: Move, after: StarCastlesState) -> None:
    assert check_state(after) == []
    n = before.player_count
    assert _modules(after) == Counter({(i, k): 3 for i in range(n) for k in "PBS"})
    for c in after.cells:  # only the legal shapes, each written one way
        shape = "".join(ch for ch in stack_text(c) if ch.isalpha())
        assert c == 0 or (shape in _SHAPES and stack_from_text(stack_text(c)) == c)
    if not after.rules.gems_per_player:
        assert sum(g >= 0 for g in after.gems) <= 1
    p, q = move.frm, move.to
    moved = {p, q} if move.kind not in (MoveKind.GEM, MoveKind.PASS) else set()
    for r, (c0, c1) in enumerate(zip(before.cells, after.cells, strict=True)):
        if r not in moved:  # held and untouched modules never move
            assert c0 == c1
    if move.kind in (MoveKind.STEP, MoveKind.SLIDE):
        t = top(before.cells[p])
        assert t is not None
        kind_mask = 7 << (3 * t[0])
        assert after.cells[p] == before.cells[p] & ~kind_mask  # the rest stays
        assert after.cells[q] & ~kind_mask == before.cells[q]  # landed on top
        assert before.cells[q] >> 6 == 0  # never onto a Spire
    elif move.kind in (MoveKind.CASTLE, MoveKind.SWAP):
        assert (after.cells[p], after.cells[q]) == (before.cells[q], before.cells[p])
        assert after.controlled >> q & 1
    mover = before.to_move
    if move.kind == MoveKind.GEM:
        assert after.to_move == mover and after.gems[mover] == move.to
        assert after.gems_left[mover] == before.gems_left[mover] - 1
        assert after.round == before.round
    elif after.winner is not None:
        assert after.winner == mover and after.returns()[mover] == 1.0
        assert after.to_move == (mover + 1) % n and not after.removed  # [SC30]
        assert after.gems == before.gems  # no turn starts: nothing removed
    elif not after.is_over:
        assert after.to_move == (mover + 1) % n
        assert after.gems[after.to_move] == -1  # removed as the turn starts
        assert after.removed == (before.gems[after.to_move] >= 0)
    assert all(a <= b for a, b in zip(after.gems_left, before.gems_left, strict=True))


@given(seeds_st, players_st, rules_st)
def test_random_games_keep_every_invariant_and_end(seed: int, players: int, rules: Rules) -> None:
    """A whole random game (25 rounds at most; one seed in three marches castles home, so
    games are won too): every step keeps the invariants, every legal move of a sampled
    state plays without changing it, and the end pays 1 in all."""
    rng = random.Random(seed)
    policy = homing if seed % 3 == 0 else interesting
    state = new_game(players, rules=rules)
    plies = 0
    while not state.is_over:
        assert plies < 10 * players * rules.max_rounds
        if plies % 23 == 0:
            cells, hashed = state.cells, hash(state)
            for m in state.legal_moves():
                assert check_state(state.play(m)) == []
            assert state.cells == cells and hash(state) == hashed
        move = policy(state, rng)
        after = state.play(move)
        _check_step(state, move, after)
        state, plies = after, plies + 1
    assert abs(sum(state.returns()) - 1.0) < 1e-9 and state.legal_moves() == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_uniform_playouts_of_the_default_game_end_in_200_rounds(players: int) -> None:
    """Uniformly random play of the default preset ends, by a win or by the draw after
    200 rounds: 200 turns per player plus at most 4 gem plies each."""
    rng = random.Random(players)
    state = new_game(players)
    plies = 0
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        plies += 1
    assert state.outcome in ("win", "draw")
    if state.outcome == "draw":
        assert 200 * players <= plies <= 204 * players and state.round == 201


def test_the_playouts_reach_every_rule() -> None:
    """Over a fixed batch of games every kind of action comes up: steps, dockings,
    control taken, castle moves, swaps, slides, Battlement dockings, gems, gem removals,
    wins and draws. (A pass needs a player with no move at all, too rare to count on in
    random play: test_sc_gems builds one.)"""
    seen: Counter[str] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        rules = ALL_RULES[seed * 7 % len(ALL_RULES)]
        policy = homing if seed % 2 else interesting
        state = new_game(2 + seed % 5, rules=rules)
        while not state.is_over:
            move = policy(state, rng)
            after = state.play(move)
            seen[move.kind.name] += 1
            if move.kind in (MoveKind.STEP, MoveKind.SLIDE) and state.cells[move.to]:
                seen["dock " + move.kind.name] += 1
            if move.kind == MoveKind.STEP and after.controlled >> move.to & 1:
                seen["control"] += 1
            seen["removed"] += after.removed and not state.removed
            state = after
        seen[state.outcome] += 1
    wanted = ("STEP", "SLIDE", "CASTLE", "SWAP", "GEM", "dock STEP", "dock SLIDE")
    assert all(seen[k] > 0 for k in (*wanted, "control", "removed", "win", "draw")), seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("arm", [2, 3, 4])
def test_marching_castles_home_wins(players: int, arm: int) -> None:
    """With start_controlled, a player who marches castles home wins: the game ends with
    a winner whose destination trio holds three castles their Spires control [SC6]."""
    rng = random.Random(players * 10 + arm)
    state = new_game(players, rules=Rules(arm=arm, start_controlled=True))
    while not state.is_over:
        state = state.play(homing(state, rng))
    assert state.outcome == "win"
    w = state.winner
    for p in state.destination(w):
        assert state.is_controlled(p) and state.stack(p).endswith(f"S{w}")
    assert state.returns() == tuple(1.0 if i == w else 0.0 for i in range(players))
