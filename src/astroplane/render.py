"""Text drawing of a state for terminals: ``str(state)``.

Each cell shows its stacks as ``<top piece><apex>`` with the height after a
``*`` when more than one piece is stacked (``S3ne*2``); two opposite stacks are
joined by ``/``. Empty cells show their kind: ``.`` ordinary, ``H``
Hyperspace, ``O`` Wormhole end, ``C`` Singularity, ``A`` Anomaly corner, and
the Start Area name on Start Area cells. Below the grid: Start Areas, firing
positions, reserve, eliminations and whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.pieces import SEAT_NAMES, piece_name
from astroplane.topology import APEX_NAMES, CellKind

if TYPE_CHECKING:
    from astroplane.state import GameState

__all__ = ["render"]

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


def render(state: GameState) -> str:
    """The board and the off-board facts of ``state`` as text (rank 10 at the top)."""
    t = state.topology
    area_at = {a.cell: a for a in t.start_areas}
    corners = set(t.anomaly_corners)
    grid: list[list[str]] = []
    for y in range(t.height - 1, -1, -1):
        row = []
        for x in range(t.width):
            cell = y * t.width + x
            if cell in area_at:
                pos = t.start_base + t.start_areas.index(area_at[cell])
                st = state.stacks[pos]
                count = f":{len(st)}" if area_at[cell].seat in state.seats else ""
                row.append(f"[{area_at[cell].name}{count}]")
                continue
            if cell in corners:
                row.append("A")
                continue
            parts = [
                _stack_text(state.stacks[4 * cell + a], APEX_NAMES[a])
                for a in range(4)
                if state.stacks[4 * cell + a]
            ]
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
    if state.outcome is not None:
        lines.append(f"Game over: {state.outcome}")
    else:
        lines.append(
            f"Turn {state.turn}: {SEAT_NAMES[state.to_move]} to move, "
            f"{state.moves_left} move{'s' if state.moves_left != 1 else ''} left"
        )
    return "\n".join(lines)
