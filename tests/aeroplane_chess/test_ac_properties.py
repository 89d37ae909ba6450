"""Properties of random playouts over every option combination and colour set: every legal
move plays, states never change, planes are conserved, the turn flows as the rules say,
and games end."""

from __future__ import annotations

import random
from collections import Counter

from ac_helpers import ALL_RULES, colours_for, colours_st, rules_st, seeds_st
from hypothesis import given

from astroplane.games.aeroplane_chess import (
    AeroplaneState,
    Move,
    MoveKind,
    Rerolls,
    Rules,
    new_game,
)
from astroplane.games.aeroplane_chess.board import CENTRE, HANGAR
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.protocol import sample_chance

MAX_PLIES = 20_000  # far above any game seen; a game that reaches it counts as not ending


def _policy(state: AeroplaneState, rng: random.Random) -> Move:
    """Uniform, but half the time it takes a stacking or shortcut move when there is one,
    so stacks and shortcuts come up often."""
    moves = state.legal_moves()
    special = [m for m in moves if m.stack or m.square in (29, 42, 3, 16)]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(moves)


def _check_step(before: AeroplaneState, move: Move, after: AeroplaneState) -> None:
    check_state(after)
    mover = before.to_move
    for c in before.seats:  # planes are conserved: hangar + flying + arrived = 4
        flying = [p for p in range(4 * c, 4 * c + 4) if HANGAR < after.planes[p] < CENTRE]
        assert len(after.hangar(c)) + len(flying) + len(after.arrived(c)) == 4
    assert set(before.finished) <= set(after.finished) and after.turn >= before.turn
    rerolls = before.rules.rerolls
    if move.kind == MoveKind.ROLL:
        penalty = move.value == 6 and before.sixes == 2 and rerolls is Rerolls.THREE
        assert after.is_chance_node == penalty
        if not penalty:
            assert after.to_move == mover and after.roll == move.value
        return
    assert after.is_chance_node or after.is_over
    for p, (k0, k1) in enumerate(zip(before.planes, after.planes, strict=True)):
        if p >> 2 == mover:  # own planes only move forward (a bounce stays in the column)
            assert k1 == k0 or k1 > k0 or (k0 > 50 and k1 > 50)
        elif k1 != k0:  # an opponent only ever goes back to its hangar
            assert k1 == HANGAR
    if before.roll == 6 and mover not in after.finished and rerolls is not Rerolls.NONE:
        counted = rerolls is Rerolls.THREE  # only three-roll turns count their 6s [AC24]
        assert after.to_move == mover and after.sixes == before.sixes + counted
    elif not after.is_over:
        assert after.to_move != mover and after.sixes == 0 and after.turn == before.turn + 1


@given(seeds_st, colours_st, rules_st)
def test_random_games_keep_every_invariant_and_end(seed: int, colours: str, rules: Rules) -> None:
    """In a whole random game every state is valid, every legal move of a sampled state
    plays without changing it, each step follows the turn rules, and the game ends with a
    full ranking."""
    rng = random.Random(seed)
    state = new_game(rules=rules, colours=colours_for(rules, colours))
    plies = 0
    while not state.is_over:
        assert plies < MAX_PLIES
        if plies % 11 == 0:  # every legal move plays; the state stays as it was
            text, hashed = state.to_text(), hash(state)
            for m in state.legal_moves():
                check_state(state.play(m))
            assert state.to_text() == text and hash(state) == hashed
        move = sample_chance(state, rng) if state.is_chance_node else _policy(state, rng)
        after = state.play(move)
        _check_step(state, move, after)
        state, plies = after, plies + 1
    assert sorted(state.ranking) == list(state.seats)
    if rules.teams:  # one team wins together [AC26]
        assert sorted(state.returns()) == [0.0, 0.0, 1.0, 1.0]
        return
    assert sorted(state.returns()) == sorted(
        [(len(state.seats) - i) / (len(state.seats) - 1) for i in range(1, len(state.seats) + 1)]
        + [0.0] * (4 - len(state.seats))
    )


def test_the_playouts_reach_every_rule() -> None:
    """Over a fixed batch of games, every rule comes up: launches, jumps, shortcuts,
    captures, stacking, bounces, passes, third-6 penalties, finished players."""
    seen: Counter[str] = Counter()
    for seed in range(24):
        rng = random.Random(seed)
        rules = ALL_RULES[seed * 7 % len(ALL_RULES)]
        state = new_game(rules=rules, colours=colours_for(rules, ("RB", "RYB", "RYBG")[seed % 3]))
        while not state.is_over:
            if state.is_chance_node:
                move = sample_chance(state, rng)
                if move.value == 6 and state.sixes == 2:
                    seen["penalty"] += 1
            else:
                move = _policy(state, rng)
                flight = next(f for f in state.flights() if f.move == move)
                seen["launch"] += move.kind == MoveKind.LAUNCH
                seen["pass"] += move.kind == MoveKind.PASS
                seen["capture"] += bool(flight.captured)
                seen["stack"] += bool(flight.joined)
                seen["shortcut"] += flight.shortcut
                seen["jump"] += len(flight.landed) > 1 and not flight.shortcut
                seen["bounce"] += bool(flight.planes) and flight.to < max(
                    state.planes[p] for p in flight.planes
                )
            state = state.play(move)
        seen["finished"] += len(state.finished)
    assert all(
        seen[k] > 0
        for k in (
            "launch",
            "pass",
            "capture",
            "stack",
            "shortcut",
            "jump",
            "bounce",
            "penalty",
            "finished",
        )
    ), seen
