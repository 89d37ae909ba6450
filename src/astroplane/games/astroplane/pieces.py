"""Piece identities and seats as small integers.

A piece is ``10 * seat + (number - 1)``: ``S1`` = 0, ``S10`` = 9, ``W1`` = 10,
..., ``E10`` = 39 (rules page: Seats and setup). Seats are 0..3 = S, W, N, E in
clockwise order [D2].

Examples:
    >>> piece_name(12), piece_from_name("W3"), piece_owner(12)
    ('W3', 12, 1)
"""

from __future__ import annotations

from astroplane.games.astroplane.enums import SEAT_NAMES, Seat
from astroplane.kit.limits import shown

__all__ = [
    "ASCII_BLANKS",
    "PIECES_PER_PLAYER",
    "SEAT_NAMES",
    "next_reserve_piece",
    "piece_from_name",
    "piece_id",
    "piece_name",
    "piece_owner",
    "pieces_of_seat",
    "seat_from_name",
    "seat_name",
]

PIECES_PER_PLAYER = 10
"""Pieces each player owns (rules page: Seats and setup)."""


def piece_owner(piece: int) -> int:
    """The seat number (0..3) owning a piece id (hot path: no checks)."""
    return piece // PIECES_PER_PLAYER


def pieces_of_seat(seat: int) -> range:
    """The piece ids of a seat, lowest number first (``S1``..``S10`` for seat 0)."""
    return range(seat * PIECES_PER_PLAYER, (seat + 1) * PIECES_PER_PLAYER)


def seat_name(seat: int) -> str:
    """The letter of a seat number (``0`` -> ``"S"``).

    Raises:
        ValueError: If ``seat`` is not 0..3.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"not a seat number: {shown(seat)} (0..3 for S, W, N, E)")
    return SEAT_NAMES[seat]


def piece_name(piece: int) -> str:
    """The name of a piece id (``0`` -> ``"S1"``).

    Raises:
        ValueError: If ``piece`` is not an int 0..39.
    """
    if isinstance(piece, bool) or not isinstance(piece, int) or not 0 <= piece < 40:
        raise ValueError(f"not a piece id: {shown(piece)}")
    return f"{SEAT_NAMES[piece // PIECES_PER_PLAYER]}{piece % PIECES_PER_PLAYER + 1}"


#: ASCII whitespace, the only blanks names may be surrounded by (``str.strip()`` would also
#: remove Unicode spaces).
ASCII_BLANKS = " \t\n\r\f\v"

#: Piece id by canonical name, lower-case names included (``"S1"``, ``"s1"``).
_PIECE_IDS = {
    f"{letter}{n + 1}": SEAT_NAMES.index(letter.upper()) * PIECES_PER_PLAYER + n
    for letter in SEAT_NAMES + SEAT_NAMES.lower()
    for n in range(PIECES_PER_PLAYER)
}


def piece_from_name(name: str) -> int:
    """The piece id of a name like ``"S1"`` or ``"e10"`` (ASCII, case-insensitive).

    Only ASCII letters and digits are read: ``S`` with an Arabic-Indic digit one (U+0661),
    or a long s (U+017F, which ``str.upper()`` turns into ``S``) and ``1``, are not piece
    names.

    Raises:
        ValueError: If the text is not a seat letter followed by 1..10.
    """
    found = _PIECE_IDS.get(name.strip(ASCII_BLANKS)) if isinstance(name, str) else None
    if found is None:
        raise ValueError(
            f"not a piece name: {shown(name)} (expected a seat letter S/W/N/E and 1..10)"
        )
    return found


def piece_id(piece: int | str) -> int:
    """A piece id from an id (checked) or a name such as ``"S1"``.

    Raises:
        ValueError: If ``piece`` is neither a piece id 0..39 nor a piece name.

    Examples:
        >>> piece_id("N3"), piece_id(22)
        (22, 22)
    """
    if isinstance(piece, str):
        return piece_from_name(piece)
    if isinstance(piece, bool) or not isinstance(piece, int) or not 0 <= piece < 40:
        raise ValueError(f"not a piece id or name: {shown(piece)} (0..39, or S1..E10)")
    return piece


def seat_from_name(name: str | int) -> Seat:
    """A seat number from ``"S"``/``"W"``/``"N"``/``"E"`` (or a seat number, checked).

    Raises:
        ValueError: If it is not a seat.
    """
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name < 4:
            return Seat(name)
    elif isinstance(name, str):
        letter = name.strip(ASCII_BLANKS)
        if len(letter) == 1 and letter in "SWNEswne":
            return Seat(SEAT_NAMES.index(letter.upper()))
    raise ValueError(f"not a seat: {shown(name)} (expected S, W, N, E or 0..3)")


def next_reserve_piece(seat: int, reserve_count: int) -> int:
    """The piece id that comes out of a seat's reserve next: reserve pieces are the
    highest-numbered and come into play lowest number first [D17].

    Examples:
        >>> piece_name(next_reserve_piece(0, 4))
        'S7'
    """
    return seat * PIECES_PER_PLAYER + PIECES_PER_PLAYER - reserve_count
