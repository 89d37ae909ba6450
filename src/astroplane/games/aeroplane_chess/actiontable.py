"""The move of every action number of Aeroplane Chess (``MOVES``), apart from the
numbering functions (``actions``) so that the packed core (``core``), which ``actions``
imports, can hand out these very move objects without importing ``actions``.

The order is the encoding's: the six die faces, the pass, the 16 launches, then for each
plane each square it can fly to, alone and as a stack (``core.FLY_BASE`` onwards).

Examples:
    >>> len(MOVES), MOVES[6]
    (1815, Move.PASS)
"""

from __future__ import annotations

from astroplane.games.aeroplane_chess.board import CENTRE, ENTRY, N_PLANES, SQUARE_OF
from astroplane.games.aeroplane_chess.moves import Move

__all__ = ["MOVES"]


def _all_moves() -> tuple[Move, ...]:
    """The move of every action number, in order (built and checked once, at import)."""
    moves = [Move.roll(v) for v in range(1, 7)]
    moves.append(Move.PASS)
    moves += [Move.launch(p) for p in range(N_PLANES)]
    moves += [
        Move.fly(p, SQUARE_OF[p >> 2][k], stack=stack)
        for p in range(N_PLANES)
        for k in range(ENTRY, CENTRE + 1)
        for stack in (False, True)
    ]
    return tuple(moves)


MOVES: tuple[Move, ...] = _all_moves()
"""The move of each action number (``MOVES[a]``): the very objects ``legal_moves`` holds."""
