"""A state drawn as text: the board on its 7 by 7 grid, then who acts and the hands.

Points show ``W``, ``B`` or ``.``; straight links are drawn with ``-`` and ``|``
(diagonal links of a variant board are left out of the drawing).

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> print(new_game().play(Move.place("d2")))
    7 .-----.-----.
    6 | .---.---. |
    5 | | .-.-. | |
    4 .-.-.   .-.-.
    3 | | .-.-. | |
    2 | .---W---. |
    1 .-----.-----.
      a b c d e f g
    B to move (stage 1); in hand W 8, B 9; removed W 0, B 0; turn 2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from astroplane.games.square_off.play import SEATS

if TYPE_CHECKING:
    from astroplane.games.square_off.view import StateView

__all__ = ["render"]


def render(state: StateView, highlight: Iterable[int] = ()) -> str:
    """The board as a 7-line drawing with file letters, then one status line; the points
    in ``highlight`` (point ids) are marked ``>like this<`` (over the links beside them).

    Examples:
        >>> from astroplane.games.square_off import new_game, Move
        >>> print(render(new_game().play(Move.place("d2")), [19]).splitlines()[5])
        2 | .-->W<--. |
    """
    board = state.board
    grid = [[" "] * 15 for _ in range(7)]  # rows top (rank 7) down; column 2 * file + 1
    for p, (x, y) in enumerate(board.cells):
        seat = state.pieces_at(p)
        grid[6 - y][2 * x + 1] = "." if seat is None else SEATS[seat]
    for a, b in board.links:
        (x1, y1), (x2, y2) = board.cells[a], board.cells[b]
        if y1 == y2:
            for c in range(2 * min(x1, x2) + 2, 2 * max(x1, x2) + 1):
                grid[6 - y1][c] = "-"
        elif x1 == x2:
            for r in range(min(y1, y2) + 1, max(y1, y2)):
                grid[6 - r][2 * x1 + 1] = "|"
    for p in highlight:
        if isinstance(p, int) and 0 <= p < len(board.cells):
            x, y = board.cells[p]
            grid[6 - y][2 * x] = ">"
            grid[6 - y][2 * x + 2] = "<"
    lines = [f"{7 - i}" + "".join(row).rstrip() for i, row in enumerate(grid)]
    lines.append("  a b c d e f g")
    lines.append(status(state))
    return "\n".join(lines)


def status(state: StateView) -> str:
    """One line: who acts (or the result), the hands, the removed pieces, the turn number
    (the protocol's ``state.turn``: 1 for the first player's first turn), or once the
    game is over the turns played."""
    if state.outcome is not None:
        won = "drawn" if state.winner is None else f"{SEATS[state.winner]} wins"
        head = f"over, {won}: {state.outcome.ending.words}"
    elif state.removals:
        head = f"{SEATS[state.to_move]} removes a piece"
    else:
        head = f"{SEATS[state.to_move]} to move (stage {state.stage})"
    w, b = state.in_hand
    rw, rb = state.removed
    when = f"turn {state.turn}" if state.outcome is None else f"{state.turns} turns played"
    return f"{head}; in hand W {w}, B {b}; removed W {rw}, B {rb}; {when}"
