"""Scores, winners and the true win (rules page: Scores and winners): the standard phases a
variant may replace (``Rules.scoring``, ``Rules.winners``, ``Rules.true_win``). Each reads
the packed position (``position_scores``, ``tops_all``), which is also what the packed
core runs when these phases are in force."""

from __future__ import annotations

from collections.abc import Sequence

from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.packed import COUNTERS, HEAD, N_PIECES, OWNER
from astroplane.games.astroplane.state import GameState

__all__ = [
    "highest_scores",
    "position_scores",
    "singularity_scores",
    "tops_all",
    "tops_all_singularity_cells",
]


def _singularity_positions(state: GameState) -> tuple[int, ...]:
    t = state.topology
    return tuple(t.singularity_position[cell] for cell, _apex in t.singularity)


def singularity_scores(state: GameState) -> tuple[int, int, int, int]:
    """The standard score per seat number (rules page: Scores and winners): 3 per other
    player's piece eliminated, 2 per own piece on top of a Singularity cell, 1 per own
    piece lower in a Singularity stack."""
    return position_scores(_singularity_positions(state), state.topology.n_positions, state.packed)


def position_scores(
    singularity: tuple[int, ...], n_positions: int, p: bytes
) -> tuple[int, int, int, int]:
    """``singularity_scores`` of the packed position ``p`` whose Singularity apexes are
    ``singularity``."""
    total = [0, 0, 0, 0]
    for v in p[n_positions + HEAD : len(p) - COUNTERS]:
        piece, by = v % N_PIECES, v // N_PIECES
        if piece // 10 != by:
            total[by] += 3
    under = n_positions - 1
    for pos in singularity:
        v = p[pos]
        points = 2
        while v:
            total[OWNER[v]] += points
            points = 1
            v = p[under + v]
    return (total[0], total[1], total[2], total[3])


def highest_scores(state: GameState, points: Sequence[int]) -> tuple[Seat, ...]:
    """The standard winners: the seats with the highest score; equal highest scores share
    the win (rules page: Scores and winners)."""
    best = max(points[s] for s in state.seats)
    return tuple(s for s in state.seats if points[s] == best)


def tops_all_singularity_cells(state: GameState, seat: int) -> bool:
    """The standard true win (rules page: The goal): ``seat``'s pieces are on top of all four
    Singularity cells."""
    return tops_all(_singularity_positions(state), state.packed, seat)


def tops_all(singularity: tuple[int, ...], p: bytes, seat: int) -> bool:
    """``tops_all_singularity_cells`` of the packed position ``p``."""
    for pos in singularity:
        v = p[pos]
        if not v or OWNER[v] != seat:
            return False
    return True
