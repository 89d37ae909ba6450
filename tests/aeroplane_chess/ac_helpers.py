"""Shared helpers and hypothesis strategies for the Aeroplane Chess tests."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import strategies as st

from astroplane.games.aeroplane_chess import (
    AeroplaneState,
    Launch,
    Move,
    Overshoot,
    Rules,
    Stacking,
    format_move,
    new_game,
    parse_move,
    setup_position,
)
from astroplane.protocol import sample_chance

#: Every combination of the rules options (3 * 3 * 2 * 2 * 2 = 72 rule sets).
ALL_RULES: tuple[Rules, ...] = tuple(
    Rules(launch=a, stacking=b, overshoot=c, shortcut_jump=d, compulsory_shortcut=e)
    for a, b, c, d, e in itertools.product(
        Launch, Stacking, Overshoot, (False, True), (False, True)
    )
)
#: The colour sets a game can be played with (2, 3 and 4 players, the standard and others).
COLOUR_SETS = ("RB", "RYB", "RYBG", "YG", "RY", "YBG", "RG")

rules_st = st.sampled_from(ALL_RULES)
colours_st = st.sampled_from(COLOUR_SETS)
seeds_st = st.integers(0, 2**32 - 1)


def pos(colours: str = "RB", planes: dict[str, str] | None = None, **kw: Any) -> AeroplaneState:
    """``setup_position`` with the standard rules unless ``rules=`` is given."""
    return setup_position(colours, planes or {}, **kw)


def texts(state: AeroplaneState) -> list[str]:
    """The notation of every legal move of ``state``, in order."""
    return [format_move(state, m) for m in state.legal_moves()]


def play(state: AeroplaneState, *moves: str) -> AeroplaneState:
    """Play moves given in notation (rolls as digits)."""
    for text in moves:
        state = state.play(parse_move(state, text))
    return state


def playout(
    seed: int,
    colours: str = "RB",
    rules: Rules | None = None,
    max_plies: int | None = None,
) -> tuple[list[AeroplaneState], list[Move]]:
    """A random game (uniform legal moves, dice drawn with ``sample_chance``): its states
    and moves; to the end unless ``max_plies`` stops it first."""
    rng = random.Random(seed)
    state = new_game(rules=rules, colours=colours)
    states, moves = [state], []
    while not state.is_over and (max_plies is None or len(moves) < max_plies):
        if state.is_chance_node:
            move = sample_chance(state, rng)
        else:
            move = rng.choice(state.legal_moves())
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves
