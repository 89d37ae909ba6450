"""The observation tensor for learning tools: OpenSpiel's planes, then what they leave out.

``observe(state, seat)`` is the game's ``Game.observe`` (the PettingZoo environment
``astroplane.env`` shapes it as ``OBSERVATION_SHAPE``): 15 planes over the 7 by 7 grid the
points are named on (row 0 is rank 7, the top; column 0 is file a), each value 0.0 to 1.0,
flattened row-major. The first five planes are exactly OpenSpiel's ``nine_mens_morris``
observation tensor (compared in lockstep with ``pyspiel``) [SO30]; the others carry what
it leaves out and the variants add. Colours are absolute, as in OpenSpiel: plane 5 tells
the observer which side it plays.

=====  =================================================================================
plane  content (per grid cell; "everywhere" planes hold one value in all 49 cells)
=====  =================================================================================
0      1 where a W piece stands
1      1 where a B piece stands
2      1 on an empty point
3      1 on a cell a horizontal link crosses (between two linked points of one rank)
4      1 on a cell a vertical link crosses (between two linked points of one file)
5      1 everywhere if the observer plays W
6      1 everywhere if the observer is to act (0 once the game is over)
7      1 everywhere if the player to act removes a piece (a removal right is pending)
8      1 everywhere if a second removal right follows it (a trade formed two lines) [SO8]
9      W's pieces in hand / pieces (everywhere)
10     B's pieces in hand / pieces (everywhere)
11     1 on the points of the lines W's last move broke (the cooldown) [SO7]
12     1 on the points of the lines B's last move broke [SO7]
13     turns without a removal / ``no_removal_turns`` (everywhere; 0 when off) [SO6]
14     turns played / ``max_turns`` (everywhere; 0 when off) [SO6]
=====  =================================================================================

The threefold history is not observed. A link that is neither horizontal nor vertical (a
variant board's diagonal) marks no cell.

Examples:
    >>> from astroplane.games.square_off import new_game
    >>> values = observe(new_game(), 0)
    >>> len(values) == 15 * 7 * 7, values[2 * 49 + 0], values[3 * 49 + 1], values[5 * 49]
    (True, 1.0, 1.0, 1.0)
"""

from __future__ import annotations

from functools import cache

from astroplane.games.square_off.board import Board
from astroplane.games.square_off.state import SquareOffState

__all__ = ["OBSERVATION_SHAPE", "observation_shape", "observe"]

#: The shape of the observation: planes, rows (ranks 7 to 1), columns (files a to g).
OBSERVATION_SHAPE = (15, 7, 7)
_CELLS = 49


def _cell(board: Board, p: int) -> int:
    """The row-major cell index of point ``p`` (row 0 is rank 7)."""
    file, rank = board.cells[p]
    return (6 - rank) * 7 + file


@cache
def _link_planes(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cells horizontal links cross and the cells vertical links cross."""
    across: set[int] = set()
    down: set[int] = set()
    for p, q in board.links:
        (f1, r1), (f2, r2) = board.cells[p], board.cells[q]
        if r1 == r2:
            across.update((6 - r1) * 7 + f for f in range(min(f1, f2) + 1, max(f1, f2)))
        elif f1 == f2:
            down.update((6 - r) * 7 + f1 for r in range(min(r1, r2) + 1, max(r1, r2)))
    return tuple(sorted(across)), tuple(sorted(down))


def observation_shape(state: SquareOffState) -> tuple[int, int, int]:
    """The shape ``observe`` fills: ``OBSERVATION_SHAPE`` for every state."""
    return OBSERVATION_SHAPE


def observe(state: SquareOffState, seat: int) -> list[float]:
    """The observation of ``state`` as seat ``seat`` (0 W, 1 B) sees it, flat (module docs).

    Raises:
        ValueError: If ``seat`` is not 0 or 1.

    Examples:
        >>> from astroplane.games.square_off import Move, new_game
        >>> s = new_game().play(Move.place("d2"))
        >>> v = observe(s, 1)
        >>> v[0 * 49 + 5 * 7 + 3], v[2 * 49 + 5 * 7 + 3], v[5 * 49], v[6 * 49], v[9 * 49]
        (1.0, 0.0, 0.0, 1.0, 0.8888888888888888)
    """
    if seat not in (0, 1):
        raise ValueError(f"a Square Off seat is 0 (W) or 1 (B), not {seat!r}")
    board, rules = state.board, state.rules
    v = [0.0] * (OBSERVATION_SHAPE[0] * _CELLS)
    for p in range(len(board.names)):
        c = _cell(board, p)
        if state.occupancy[0] >> p & 1:
            v[c] = 1.0
        elif state.occupancy[1] >> p & 1:
            v[_CELLS + c] = 1.0
        else:
            v[2 * _CELLS + c] = 1.0
    across, down = _link_planes(board)
    for c in across:
        v[3 * _CELLS + c] = 1.0
    for c in down:
        v[4 * _CELLS + c] = 1.0
    over = state.outcome is not None
    everywhere = {
        5: float(seat == 0),
        6: float(not over and state.to_move == seat),
        7: float(not over and bool(state.removals)),
        8: float(not over and len(state.removals) > 1),
        9: state.in_hand[0] / rules.pieces,
        10: state.in_hand[1] / rules.pieces,
        13: state.quiet / rules.no_removal_turns if rules.no_removal_turns else 0.0,
        14: min(state.turns, rules.max_turns) / rules.max_turns if rules.max_turns else 0.0,
    }
    for plane, value in everywhere.items():
        if value:
            v[plane * _CELLS : (plane + 1) * _CELLS] = [value] * _CELLS
    for side in (0, 1):
        marks = state.cooldown[side]
        for i, line in enumerate(board.lines):
            if marks >> i & 1:
                for p in line:
                    v[(11 + side) * _CELLS + _cell(board, p)] = 1.0
    return v
