"""The game's names as enums: seats, apexes, kinds of cell.

The lowest layer of the package: everything else may import it, it imports nothing of
the package.

>>> Seat.N.name, Apex(Apex.NE ^ 2).name, CellKind.HYPERSPACE.value
('N', 'SW', 3)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["APEX_NAMES", "SEAT_NAMES", "Apex", "CellKind", "Location", "Seat"]


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


SEAT_NAMES = "SWNE"
"""Seat letters by seat number, in clockwise (turn) order [D2]."""


class Location(IntEnum):
    """Where a piece is when it is not on a position (``GameState.location``).

    A piece on the board (grid, firing position or Start Area) is located by its
    position index instead, which is never negative.
    """

    RESERVE = -1  #: in its owner's reserve [D17]
    ELIMINATED = -2  #: eliminated by a Square's Kill move (section 8)
    REMOVED = -3  #: its owner was removed as a stuck player [D16]
    NOT_PLAYING = -4  #: its seat is not in the game


class CellKind(IntEnum):
    """What a cell of the grid is (rules section 1.4, [D23])."""

    OFF = 0  #: not part of the grid: Start Area or Anomaly corner cell, or off the board
    ORDINARY = 1  #: an ordinary grid cell (Squares may stand here)
    ENTRY = 2  #: a grid cell fed by a Start Area
    HYPERSPACE = 3
    WORMHOLE = 4
    SINGULARITY = 5
