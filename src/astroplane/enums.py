"""The game's names as enums: seats, apexes, kinds of cell.

The lowest layer of the package: everything else may import it, it imports nothing of
the package.

>>> Seat.N.name, Apex(Apex.NE ^ 2).name, CellKind.HYPERSPACE.value
('N', 'SW', 3)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["APEX_NAMES", "Apex", "CellKind", "Seat"]


class Apex(IntEnum):
    """The four corners of a cell. ``Apex(a ^ 2)`` is the opposite corner."""

    NE = 0
    NW = 1
    SW = 2
    SE = 3


APEX_NAMES = ("ne", "nw", "sw", "se")
"""Apex names by apex number."""


class Seat(IntEnum):
    """The four sides of the board, in clockwise (turn) order [D2]."""

    S = 0
    W = 1
    N = 2
    E = 3


class CellKind(IntEnum):
    """What a cell of the grid is (rules section 1.4, [D23])."""

    OFF = 0  #: not part of the grid: Start Area or Anomaly corner cell, or off the board
    ORDINARY = 1  #: an ordinary grid cell (Squares may stand here)
    ENTRY = 2  #: a grid cell fed by a Start Area
    HYPERSPACE = 3
    WORMHOLE = 4
    SINGULARITY = 5
