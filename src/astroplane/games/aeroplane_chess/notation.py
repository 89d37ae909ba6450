"""Move notation: the text of one move, read and written against a state [AC17].

Grammar (case-insensitive on reading; written as shown)::

    move    = roll | "pass" | plane sep square [ "&" ]
    roll    = "1" | "2" | "3" | "4" | "5" | "6"       ; a chance outcome: the die shows it
    plane   = colour ( "1" | "2" | "3" | "4" )        ; for a stack, its lowest plane
    colour  = "R" | "Y" | "B" | "G"
    sep     = "-" | "x"                               ; "x": it sends opponents back
    square  = loop | colour "T" | colour "H" ( "1" .. "6" )
    loop    = "1" .. "52"

The square is where the plane ends, after any jump and shortcut, so it also tells whether
the shortcut was taken; ``&`` means it stacks with the player's own planes there. A
launch is written with the take-off square: ``R1-RT``. On reading, either separator is
accepted and any plane of a stack names the stack.

Examples:
    >>> from astroplane.games.aeroplane_chess import setup_position
    >>> s = setup_position("RB", {"R1": "10", "B1": "30"}, roll=4)
    >>> [format_move(s, m) for m in s.legal_moves()]
    ['R2-RT', 'R1-18', 'R1x30']
    >>> parse_move(s, "r1-30") == s.legal_moves()[2]
    True
    >>> parse_move(s, "R1-22")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: illegal move: with a 4, R1 ends on 18 or 30 (seed rules 3 \
    and 4, [AC6]-[AC7]) (column 1: 'R1-22')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess.board import (
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.play import raise_illegal, why_illegal
from astroplane.kit.limits import move_body

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["format_move", "parse_move"]

_MOVE = re.compile(r"([RYBG][1-4])([-X])([RYBG]T|[RYBG]H[1-6]|[0-9]{1,2})(&?)")
_SQUARE = re.compile(r"[RYBG]T|[RYBG]H[1-6]|[0-9]{1,2}")


def format_move(state: AeroplaneState, move: Move) -> str:
    """The notation of a legal move (or chance outcome) of ``state``.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``state`` or not a well-formed
            ``Move`` (another type, or fields forged past its checks: ``6.0`` for ``6``).
    """
    if not isinstance(move, Move) or fields_problem(move) is not None:
        raise_illegal(state, move)
    if state.is_chance_node:
        if move.kind == MoveKind.ROLL:
            return str(move.value)
    else:
        for flight in state.flights():
            if flight.move == move:
                if move.kind == MoveKind.PASS:
                    return "pass"
                sep = "x" if flight.captured else "-"
                tail = "&" if move.stack else ""
                return f"{plane_name(move.plane)}{sep}{square_name(move.square)}{tail}"
    raise_illegal(state, move)


def parse_move(state: AeroplaneState, text: str, *, line: int | None = None) -> Move:
    """The legal move (or chance outcome) of ``state`` that ``text`` names.

    Args:
        state: The state the move is played in.
        text: The move text (surrounding blanks are ignored): at most ``MAX_MOVE_TEXT``
            (256) printable ASCII characters.
        line: A line number to put in errors (for game records).

    Returns:
        The move, a member of ``state.legal_moves()``.

    Raises:
        NotationError: If the text is not a string, too long or not printable ASCII, does
            not follow the grammar, or names a move that is not legal (the message says
            which rule forbids it); ``index`` is the column.
    """
    lead, body = move_body(text, line)
    move: Move
    if len(body) == 1 and body in "123456":
        move = Move.roll(int(body))
    elif body == "PASS":
        move = Move.PASS
    else:
        m = _MOVE.fullmatch(body)
        if m is None:
            raise NotationError(
                "a move is a roll 1-6, 'pass', or plane-square like R1-14 (R1-RT, R1-RH6&)",
                text,
                lead + _bad_at(body),
                line,
            )
        try:
            square = square_from_name(m.group(3))
        except ValueError:
            raise NotationError("a loop square is 1 to 52", text, lead + m.start(3), line) from None
        plane = plane_from_name(m.group(1))
        if not state.is_chance_node and not state.is_over:
            plane = state.stack_of(plane)[0]
        if square >= 52 and square == 52 + plane // 4 and not m.group(4):
            move = Move.launch(plane)
        else:
            move = Move.fly(plane, square, stack=bool(m.group(4)))
    if move not in state.legal_moves():
        raise NotationError("illegal move: " + why_illegal(state, move), text, lead, line)
    return move


def _bad_at(body: str) -> int:
    """The offset of the first character that does not fit the grammar."""
    for i, allowed in enumerate(("RYBG", "1234", "-X")):
        if i >= len(body) or body[i] not in allowed:
            return min(i, len(body) - 1)
    m = _SQUARE.match(body, 3)
    if m is None:
        return 3
    return min(m.end() + (body[m.end() : m.end() + 1] == "&"), len(body) - 1)
