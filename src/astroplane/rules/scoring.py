"""Scores and winners (RULES.md section 9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from astroplane.state import GameState

__all__ = ["scores", "winners"]


def scores(state: GameState) -> tuple[int, int, int, int]:
    """Score per seat: 3 per other player's piece eliminated, 2 per own piece on top
    of a Singularity cell, 1 per own piece lower in a Singularity stack."""
    total = [0, 0, 0, 0]
    for piece, by in state.eliminated:
        if piece // 10 != by:
            total[by] += 3
    t = state.topology
    for cell, _apex in t.singularity:
        st = state.stacks[t.singularity_position[cell]]
        for i, piece in enumerate(st):
            total[piece // 10] += 2 if i == len(st) - 1 else 1
    return (total[0], total[1], total[2], total[3])


def winners(state: GameState, points: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The seats with the highest score (equal highest scores share the win)."""
    best = max(points[s] for s in state.seats)
    return tuple(s for s in state.seats if points[s] == best)
