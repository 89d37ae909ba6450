"""Scores, winners and the true win (rules page: Scores and winners): the standard phases a
variant may replace (``Rules.scoring``, ``Rules.winners``, ``Rules.true_win``)."""

from __future__ import annotations

from collections.abc import Sequence

from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.pieces import piece_owner
from astroplane.games.astroplane.state import GameState

__all__ = ["highest_scores", "singularity_scores", "tops_all_singularity_cells"]


def singularity_scores(state: GameState) -> tuple[int, int, int, int]:
    """The standard score per seat number (rules page: Scores and winners): 3 per other
    player's piece eliminated, 2 per own piece on top of a Singularity cell, 1 per own
    piece lower in a Singularity stack."""
    total = [0, 0, 0, 0]
    for piece, by in state.eliminated:
        if piece_owner(piece) != by:
            total[by] += 3
    t = state.topology
    for cell, _apex in t.singularity:
        st = state.stack(t.singularity_position[cell])
        for i, piece in enumerate(st):
            total[piece_owner(piece)] += 2 if i == len(st) - 1 else 1
    return (total[0], total[1], total[2], total[3])


def highest_scores(state: GameState, points: Sequence[int]) -> tuple[Seat, ...]:
    """The standard winners: the seats with the highest score; equal highest scores share
    the win (rules page: Scores and winners)."""
    best = max(points[s] for s in state.seats)
    return tuple(s for s in state.seats if points[s] == best)


def tops_all_singularity_cells(state: GameState, seat: int) -> bool:
    """The standard true win (rules page: The goal): ``seat``'s pieces are on top of all four
    Singularity cells."""
    t = state.topology
    for cell, _apex in t.singularity:
        v = state.board[t.singularity_position[cell]]
        if not v or piece_owner(v - 1) != seat:
            return False
    return True
