"""The game's names as enums: seats, apexes, kinds of cell.

The lowest layer of the package: everything else may import it, it imports nothing of
the package.

Examples:
    >>> Seat.N.name, Apex(Apex.NE ^ 2).name, CellKind.HYPERSPACE.value
    ('N', 'SW', 3)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["APEX_NAMES", "SEAT_NAMES", "Apex", "CellKind", "Location", "Seat"]


class Apex(IntEnum):
    """The four corners of a cell. ``Apex(a ^ 2)`` is the opposite corner."""

    NE = 0
    """North-east: a step goes to (x+1, y+1)."""
    NW = 1
    """North-west: a step goes to (x-1, y+1)."""
    SW = 2
    """South-west: a step goes to (x-1, y-1)."""
    SE = 3
    """South-east: a step goes to (x+1, y-1)."""


APEX_NAMES = ("ne", "nw", "sw", "se")
"""Apex names by apex number."""


class Seat(IntEnum):
    """The four sides of the board, in clockwise (turn) order [D2]."""

    S = 0
    """South, the bottom side; first in turn order."""
    W = 1
    """West, the left side."""
    N = 2
    """North, the top side."""
    E = 3
    """East, the right side."""


SEAT_NAMES = "SWNE"
"""Seat letters by seat number, in clockwise (turn) order [D2]."""


class Location(IntEnum):
    """Where a piece is when it is not on a position (``GameState.location``).

    A piece on the board (grid, firing position or Start Area) is located by its
    position index instead, which is never negative.
    """

    RESERVE = -1
    """In its owner's reserve [D17]."""
    ELIMINATED = -2
    """Eliminated by a Square's Kill move (rules page: Squares)."""
    REMOVED = -3
    """Its owner was removed as a stuck player [D16]."""
    NOT_PLAYING = -4
    """Its seat is not in the game."""


class CellKind(IntEnum):
    """What a cell of the grid is (rules page: The reference board, [D23])."""

    OFF = 0
    """Not part of the grid: Start Area or Anomaly corner cell, or off the board."""
    ORDINARY = 1
    """An ordinary grid cell (Squares may stand here)."""
    ENTRY = 2
    """A grid cell fed by a Start Area."""
    HYPERSPACE = 3
    """A Hyperspace cell: entering it flings the piece to another one [D11]."""
    WORMHOLE = 4
    """A Wormhole end cell: travel to the other end is free [D12]."""
    SINGULARITY = 5
    """One of the four centre cells around the Singularity [D13]."""
