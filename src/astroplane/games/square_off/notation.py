"""Move notation in the usual Morris style, read and written against a state [SO10].

Grammar (case-insensitive on reading, blanks around the move ignored; written as shown)::

    move     = place | slide | flight | jump | trade | removal
    place    = point                  ; d2     a piece from hand to d2
    slide    = point "-" point        ; d2-d3  along a link
    flight   = point "~" point        ; d2~g7  a flight [SO5]
    jump     = point "^" point        ; a1^a7  over the opposing piece on a4 [SO7]
    trade    = point "<>" point       ; a1<>d7 own a1 swaps with the opposing d7 [SO8]
    removal  = "x" point              ; xg7    the opposing piece on g7 is removed [SO4]
    point    = "a".."g" "1".."7"      ; a point of the board

A removal is a ply of its own, so it is a move of its own (not appended to the move that
formed the line). On reading, ``-`` also names a flight or a jump: a state has at most one
legal move from one point to another, so ``d2-g7`` is read as the flight when the player
flies; the writer always uses the kind's own sign.

Examples:
    >>> from astroplane.games.square_off import new_game, JUMP_OFF, setup_position
    >>> s = setup_position(["a1", "d1", "b2", "c3"], ["a4", "g1", "f2", "e3"], rules=JUMP_OFF)
    >>> [format_move(s, m) for m in s.legal_moves()]
    ['c3-c4', 'c3-d3', 'b2-b4', 'b2-d2', 'a1^a7', 'd1-d2']
    >>> parse_move(s, " A1^A7 ") == parse_move(s, "a1-a7")
    True
    >>> parse_move(s, "a1-a4")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: illegal move: a4 is occupied (column 1: 'a1-a4')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from astroplane.errors import NotationError
from astroplane.games.square_off.moves import Move, MoveKind
from astroplane.games.square_off.play import raise_illegal, why_illegal
from astroplane.kit.limits import move_body
from astroplane.protocol import legal_match

if TYPE_CHECKING:
    from astroplane.games.square_off.state import SquareOffState

__all__ = ["format_move", "parse_move"]

_SIGN = {
    MoveKind.SLIDE: "-",
    MoveKind.FLY: "~",
    MoveKind.JUMP: "^",
    MoveKind.TRADE: "<>",
}
_KIND = {"~": MoveKind.FLY, "^": MoveKind.JUMP, "<>": MoveKind.TRADE}
_MOVE = re.compile(r"(X?)([A-Z][0-9]+)(?:(-|~|\^|<>)([A-Z][0-9]+))?")
_POINT = re.compile(r"[A-Z][0-9]+")


def format_move(state: SquareOffState, move: Move) -> str:
    """The notation of a legal move of ``state``.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``state``.

    Examples:
        >>> from astroplane.games.square_off import new_game, Move
        >>> format_move(new_game(), Move.place("d2"))
        'd2'
    """
    if not state.is_legal(move):
        raise_illegal(state, move)
    names = state.board.names
    if move.kind == MoveKind.PLACE:
        return names[move.point]
    if move.kind == MoveKind.REMOVE:
        return "x" + names[move.point]
    return names[move.point] + _SIGN[move.kind] + names[move.to]


def parse_move(state: SquareOffState, text: str, *, line: int | None = None) -> Move:
    """The legal move of ``state`` that ``text`` names.

    Args:
        state: The state the move is played in.
        text: The move text: at most ``MAX_MOVE_TEXT`` (256) printable ASCII characters.
        line: A line number to put in errors (for game records).

    Returns:
        The move, a member of ``state.legal_moves()``.

    Raises:
        NotationError: If the text is not a string, too long or not printable ASCII, does
            not follow the grammar, names a point that is not on the board, or names a
            move that is not legal (the message says which rule forbids it); ``index`` is
            the column of the problem.

    Examples:
        >>> from astroplane.games.square_off import new_game
        >>> parse_move(new_game(), "d2-h3")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: not a point of the board: 'h3' (a1..g7) \
    (column 4: 'd2-h3')
    """
    lead, body = move_body(text, line)
    m = _MOVE.fullmatch(body)
    if m is None or (m.group(1) and m.group(3)):
        raise NotationError(
            "a move is a point (d2), x and a point (xg7), or two points joined by - ~ ^ or <> "
            "(d2-d3, d2~g7, a1^a7, a1<>d7)",
            text,
            lead + _bad_at(body),
            line,
        )
    board = state.board
    ids = []
    for group in (2, 4):
        name = m.group(group)
        if name is None:
            continue
        if name.lower() not in board.names:
            problem = f"not a point of the board: {name.lower()!r} (a1..g7)"
            raise NotationError(problem, text, lead + m.start(group), line)
        ids.append(board.names.index(name.lower()))
    sign = m.group(3)
    if sign is not None and ids[0] == ids[1]:
        raise NotationError("a move joins two different points", text, lead + m.start(4), line)
    move: Move
    if m.group(1):
        move = Move(MoveKind.REMOVE, ids[0])
    elif sign is None:
        move = Move(MoveKind.PLACE, ids[0])
    elif sign == "-":
        found = [
            mv
            for mv in state.legal_moves()
            if mv.point == ids[0] and mv.to == ids[1] and mv.kind != MoveKind.TRADE
        ]
        move = found[0] if found else Move(MoveKind.SLIDE, ids[0], ids[1])
    else:
        move = Move(_KIND[sign], ids[0], ids[1])
    legal = legal_match(state, move)  # the state's own move: play finds it by identity
    if legal is None:
        raise NotationError("illegal move: " + why_illegal(state, move), text, lead, line)
    return legal


def _bad_at(body: str) -> int:
    """The offset of the first character that does not fit the grammar."""
    at = 1 if body.startswith("X") else 0
    first = _POINT.match(body, at)
    if first is None:
        return at
    at = first.end()
    if at >= len(body):
        return len(body) - 1
    if body.startswith("X"):
        return at
    for sign in ("<>", "-", "~", "^"):
        if body.startswith(sign, at):
            second = _POINT.match(body, at + len(sign))
            return at + len(sign) if second is None else min(second.end(), len(body) - 1)
    return at
