"""Shared helpers and hypothesis strategies for the Aeroplane Chess tests."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
from hypothesis import strategies as st

from astroplane.games.aeroplane_chess import (
    AeroplaneState,
    Launch,
    Move,
    Overshoot,
    Rerolls,
    Rules,
    Stacking,
    ThirdSix,
    format_move,
    new_game,
    parse_move,
    setup_position,
)
from astroplane.protocol import sample_chance

#: Every combination of the seed's options (3 * 3 * 3 * 2 * 2 = 108 rule sets).
BASE_RULES: tuple[Rules, ...] = tuple(
    Rules(launch=a, stacking=b, overshoot=c, shortcut_jump=d, compulsory_shortcut=e)
    for a, b, c, d, e in itertools.product(
        Launch, Stacking, Overshoot, (False, True), (False, True)
    )
)
#: Every combination of the house-rule options [AC22-AC26] (2 * 2 * 3 * 2 = 24), each on
#: a different one of the base rule sets.
HOUSE_RULES: tuple[Rules, ...] = tuple(
    attrs.evolve(BASE_RULES[i * 37 % len(BASE_RULES)], blocking=a, third_six=b, rerolls=c, teams=d)
    for i, (a, b, c, d) in enumerate(
        itertools.product((False, True), ThirdSix, Rerolls, (False, True))
    )
)
ALL_RULES: tuple[Rules, ...] = BASE_RULES + HOUSE_RULES
#: The colour sets a game can be played with (2, 3 and 4 players, the standard and others).
COLOUR_SETS = ("RB", "RYB", "RYBG", "YG", "RY", "YBG", "RG")

rules_st = st.sampled_from(ALL_RULES)
colours_st = st.sampled_from(COLOUR_SETS)
seeds_st = st.integers(0, 2**32 - 1)


def colours_for(rules: Rules | None, colours: str) -> str:
    """``colours``, or all four for team play (which is for four players [AC26])."""
    return "RYBG" if rules is not None and rules.teams else colours


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
    state = new_game(rules=rules, colours=colours_for(rules, colours))
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
