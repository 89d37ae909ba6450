"""Plain-int codes of the move kinds and cell kinds, for the hot path.

``MoveKind`` and ``CellKind`` are IntEnums; comparing a table entry against an enum member
costs more than against an int, and a compiled build (mypyc) inlines ``Final`` int
literals as C constants. So move generation and play compare against these, which equal
the enum values (tests/test_packed.py checks it).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ELIMINATE",
    "END_TURN",
    "FIRE",
    "HYPERSPACE",
    "ORDINARY",
    "SINGULARITY",
    "SQUARE",
    "STEP",
    "TRAVEL",
    "WORMHOLE",
]

# MoveKind
STEP: Final = 0
TRAVEL: Final = 1
FIRE: Final = 2
SQUARE: Final = 3
ELIMINATE: Final = 4
END_TURN: Final = 5
# CellKind
ORDINARY: Final = 1
HYPERSPACE: Final = 3
WORMHOLE: Final = 4
SINGULARITY: Final = 5
