"""Text drawing of a state for terminals: ``str(state)``.

Each cell shows its stacks as ``<top piece><apex>`` with the height after a ``*`` when
more than one piece is stacked (``S3ne*2``); two opposite stacks are joined by ``/``
(see ``LEGEND``). Below the grid: Start Areas, firing positions, reserve, eliminations
and whose turn it is, or the result.

Examples:
    >>> import astroplane
    >>> print(render(astroplane.new_game()).splitlines()[0])
    10  A O . [Nr:3] . H [Nl:3] . O A
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from astroplane.games.astroplane.enums import APEX_NAMES, SEAT_NAMES, CellKind
from astroplane.games.astroplane.pieces import piece_name
from astroplane.games.astroplane.topology import grid_position

if TYPE_CHECKING:
    from astroplane.games.astroplane.view import StateView

__all__ = ["LEGEND", "render"]

LEGEND = """\
How to read the board (rank 10 at the top, files a-j left to right):
  S3ne     piece S3 in this cell, pointing at the cell's ne corner (it steps that way)
  S3ne*2   a stack of 2 with S3 on top; the pieces below it are held captive
  S3ne/N1sw  two pieces back to back in one cell (if both are one player's: a Square)
  .        empty grid cell       H  Hyperspace       O  Wormhole end
  C        Singularity cell      A  Anomaly corner (its firing positions are listed below)
  [Sl:3]   a Start Area (S's left one) with 3 pieces
  >e2ne<   a position the last moves reached"""
"""The symbols of ``render``, for a terminal legend."""

_EMPTY = {
    CellKind.ORDINARY: ".",
    CellKind.ENTRY: ".",
    CellKind.HYPERSPACE: "H",
    CellKind.WORMHOLE: "O",
    CellKind.SINGULARITY: "C",
}


def _stack_text(stack: tuple[int, ...], apex: str) -> str:
    text = piece_name(stack[-1]) + apex
    return text + (f"*{len(stack)}" if len(stack) > 1 else "")


def render(state: StateView, *, highlight: Iterable[int] = (), footer: bool = True) -> str:
    """The board and the off-board facts of ``state`` as text (rank 10 at the top).

    Args:
        state: Any state.
        highlight: Positions to mark ``>...<`` (for example where the last moves went).
        footer: Whether to end with whose turn it is or the result.

    Returns:
        Lines of text, without a final newline.
    """
    t = state.topology
    marked = set(highlight)
    area_at = {a.cell: a for a in t.start_areas}
    corners = set(t.anomaly_corners)
    grid: list[list[str]] = []
    for y in range(t.height - 1, -1, -1):
        row = []
        for x in range(t.width):
            cell = y * t.width + x
            if cell in area_at:
                area = area_at[cell]
                pos = t.start_position(area.seat, area.side)
                count = f":{len(state.stacks[pos])}" if area.seat in state.seats else ""
                text = f"[{area.name}{count}]"
                row.append(f">{text}<" if pos in marked else text)
                continue
            if cell in corners:
                row.append(">A<" if any(p in marked for p in t.firing_of_cell[cell]) else "A")
                continue
            parts = []
            for a in range(4):
                p = grid_position(cell, a)
                if state.stacks[p]:
                    text = _stack_text(state.stacks[p], APEX_NAMES[a])
                    parts.append(f">{text}<" if p in marked else text)
            row.append("/".join(parts) if parts else _EMPTY[CellKind(t.kind[cell])])
        grid.append(row)
    widths = [max(len(grid[r][c]) for r in range(len(grid))) for c in range(t.width)]
    lines = []
    for r, row in enumerate(grid):
        rank = t.height - r
        cells = " ".join(v.ljust(widths[c]) for c, v in enumerate(row))
        lines.append(f"{rank:>2}  {cells}".rstrip())
    files = " ".join(chr(ord("a") + c).ljust(widths[c]) for c in range(t.width))
    lines.append(f"    {files}".rstrip())
    lines.append("")
    for seat in state.seats:
        areas = []
        for side in (0, 1):
            pos = t.start_position(seat, side)
            names = " ".join(piece_name(p) for p in state.stacks[pos]) or "-"
            areas.append(f"{t.position_name(pos)} [{names}]")
        status = " (removed)" if seat in state.removed else ""
        lines.append(
            f"{SEAT_NAMES[seat]}: {'  '.join(areas)}  reserve {state.reserve[seat]}{status}"
        )
    loaded = [
        f"{t.position_name(t.fire_base + f)} "
        f"[{' '.join(piece_name(p) for p in state.stacks[t.fire_base + f])}]"
        for f in range(len(t.firing_positions))
        if state.stacks[t.fire_base + f]
    ]
    if loaded:
        lines.append("Anomaly: " + "  ".join(loaded))
    if state.eliminated:
        lines.append(
            "Eliminated: "
            + " ".join(f"{piece_name(p)}(by {SEAT_NAMES[by]})" for p, by in state.eliminated)
        )
    if footer:
        lines.append(status_line(state))
    return "\n".join(lines)


def status_line(state: StateView) -> str:
    """One line: the turn, who is to move with the moves left, and the scores of the seats
    in the game — or the result in words once it is over.

    Examples:
        >>> import astroplane
        >>> status_line(astroplane.new_game(2))
        'Turn 1: S to move, 2 moves left. Scores: S 0, N 0.'
    """
    points = state.scores()
    scores = ", ".join(f"{SEAT_NAMES[s]} {points[s]}" for s in state.seats)
    if state.outcome is not None:
        return f"Game over: {state.outcome}. Scores: {scores}."
    left = state.moves_left
    return (
        f"Turn {state.turn}: {SEAT_NAMES[state.to_move]} to move, "
        f"{left} move{'s' if left != 1 else ''} left. Scores: {scores}."
    )
