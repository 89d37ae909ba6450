"""Piece identities and seats as small integers.

A piece is ``10 * seat + (number - 1)``: ``S1`` = 0, ``S10`` = 9, ``W1`` = 10,
..., ``E10`` = 39 (RULES.md section 2). Seats are 0..3 = S, W, N, E in
clockwise order [D2].

>>> piece_name(12), piece_from_name("W3"), piece_owner(12)
('W3', 12, 1)
"""

from __future__ import annotations

__all__ = [
    "PIECES_PER_PLAYER",
    "SEAT_NAMES",
    "next_reserve_piece",
    "piece_from_name",
    "piece_name",
    "piece_owner",
    "seat_from_name",
]

PIECES_PER_PLAYER = 10
"""Pieces each player owns (RULES.md section 2)."""
SEAT_NAMES = "SWNE"
"""Seat letters by seat number, in clockwise (turn) order [D2]."""


def piece_owner(piece: int) -> int:
    """The seat (0..3) owning a piece id."""
    return piece // PIECES_PER_PLAYER


def piece_name(piece: int) -> str:
    """The name of a piece id (``0`` -> ``"S1"``).

    Raises:
        ValueError: If ``piece`` is not 0..39.
    """
    if not 0 <= piece < 4 * PIECES_PER_PLAYER:
        raise ValueError(f"not a piece id: {piece!r}")
    return f"{SEAT_NAMES[piece // PIECES_PER_PLAYER]}{piece % PIECES_PER_PLAYER + 1}"


def piece_from_name(name: str) -> int:
    """The piece id of a name like ``"S1"`` or ``"e10"`` (case-insensitive).

    Raises:
        ValueError: If the text is not a seat letter followed by 1..10.
    """
    text = name.strip().upper()
    if len(text) >= 2 and text[0] in SEAT_NAMES and text[1:].isdigit():
        number = int(text[1:])
        if 1 <= number <= PIECES_PER_PLAYER and text[1] != "0":
            return SEAT_NAMES.index(text[0]) * PIECES_PER_PLAYER + number - 1
    raise ValueError(f"not a piece name: {name!r} (expected a seat letter S/W/N/E and 1..10)")


def seat_from_name(name: str | int) -> int:
    """A seat number from ``"S"``/``"W"``/``"N"``/``"E"`` (or a seat number, checked).

    Raises:
        ValueError: If it is not a seat.
    """
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name < 4:
            return name
    elif isinstance(name, str) and name.strip().upper() in ("S", "W", "N", "E"):
        return SEAT_NAMES.index(name.strip().upper())
    raise ValueError(f"not a seat: {name!r} (expected S, W, N, E or 0..3)")


def next_reserve_piece(seat: int, reserve_count: int) -> int:
    """The piece id that comes out of a seat's reserve next: reserve pieces are the
    highest-numbered and come into play lowest number first [D17].

    >>> piece_name(next_reserve_piece(0, 4))
    'S7'
    """
    return seat * PIECES_PER_PLAYER + PIECES_PER_PLAYER - reserve_count
