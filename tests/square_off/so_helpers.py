"""Shared helpers for the Square Off tests: positions from point names, moves from text,
random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from astroplane.games.square_off import (
    SQUARE_OFF,
    Move,
    Rules,
    SquareOffState,
    format_move,
    new_game,
    parse_move,
    setup_position,
)


def pos(white: str = "", black: str = "", **kw: Any) -> SquareOffState:
    """A position from space-separated point names (``pos("a7 d7", "g1")``); the other
    keywords go to ``setup_position`` (``in_hand``, ``to_move``, ``removals``, ``rules``)."""
    return setup_position(white.split(), black.split(), **kw)


def texts(state: SquareOffState) -> list[str]:
    """The notation of every legal move of ``state``, in order."""
    return [format_move(state, m) for m in state.legal_moves()]


def play(state: SquareOffState, moves: str) -> SquareOffState:
    """Play space-separated moves in notation."""
    for text in moves.split():
        state = state.play(parse_move(state, text))
    return state


def line_index(state: SquareOffState, names: str) -> int:
    """The index of a line given as ``"a7-d7-g7"`` (either direction)."""
    wanted = set(names.split("-"))
    for i, line in enumerate(state.board.line_names()):
        if set(line) == wanted:
            return i
    raise AssertionError(f"no line {names}")


def playout(
    seed: int, rules: Rules = SQUARE_OFF, max_plies: int | None = None, first: str = "W"
) -> tuple[list[SquareOffState], list[Move]]:
    """A uniformly random game: its states and moves, to the end unless ``max_plies``
    stops it first."""
    rng = random.Random(seed)
    state = new_game(rules, first=first)
    states, moves = [state], []
    while not state.is_over and (max_plies is None or len(moves) < max_plies):
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


def names(points: Iterable[int], state: SquareOffState) -> list[str]:
    """Point ids as names."""
    return [state.board.names[p] for p in points]
