"""Move notation [SC18]: one short word per move, read back only as a legal move.

Grammar (points are names [SC10], ``a1`` .. ``q1``)::

    move  = "pass" | "*" point | piece point sep point
    piece = "S" | "B" | "P" | "C"      Spire, Battlement, Power Base, controlled castle
    sep   = "-" | "+" | "x"            to an empty point, docking on a stack, a swap

* ``Sb1-c3`` a Spire steps to an empty point; ``Sb1+c3`` it docks on a stack [SC4];
* ``Bd2-d5``, ``Pd2-d5`` a Battlement or Power Base slides; ``Bd2+d5`` the Battlement
  docks on a lone Power Base [SC4];
* ``Cc3-d3`` a controlled castle steps whole; ``Cg3xh1`` it swaps with the stack on the
  trio point ``h1`` [SC9];
* ``*e3`` a Phase Gem on ``e3`` [SC7]; ``pass`` [SC3].

The letter and the separator are what the state says they are (the moving module's kind,
whether the target holds a stack), so each move has one spelling; the reader says which
one when a text names the right move the wrong way.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> s = new_game(2)
    >>> [format_move(s, m) for m in s.legal_moves()[:3]]
    ['Sb1-c4', 'Sb1-c3', 'Sb2-c5']
    >>> parse_move(s, "Sb1-c3") == s.legal_moves()[1]
    True
    >>> parse_move(s, "Sb1+c3")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: c3 is empty: the move is written Sb1-c3 \
(column 4: 'Sb1+c3')
"""

from __future__ import annotations

import re

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.names import KIND_NAMES
from astroplane.games.starcastles.play import why_illegal
from astroplane.games.starcastles.stacks import KINDS, top
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit.limits import MAX_MOVE_TEXT, check_ascii, check_size, plain_text
from astroplane.protocol import legal_match

__all__ = ["format_move", "parse_move"]

_MOVE = re.compile(r"([SBPC])([a-z][0-9]{1,2})([-+x])([a-z][0-9]{1,2})")
_GEM = re.compile(r"\*([a-z][0-9]{1,2})")


def _write(state: StarCastlesState, move: Move) -> str:
    names = state.board.names
    if move.kind == MoveKind.PASS:
        return "pass"
    if move.kind == MoveKind.GEM:
        return f"*{names[move.to]}"
    frm, to = names[move.frm], names[move.to]
    if move.kind == MoveKind.SWAP:
        return f"C{frm}x{to}"
    sep = "+" if state.cells[move.to] else "-"
    if move.kind == MoveKind.CASTLE:
        return f"C{frm}{sep}{to}"
    t = top(state.cells[move.frm])
    letter = "S" if move.kind == MoveKind.STEP or t is None else KINDS[t[0]]
    return f"{letter}{frm}{sep}{to}"


def format_move(state: StarCastlesState, move: Move) -> str:
    """The notation of a legal move of ``state``.

    Raises:
        IllegalMoveError: If ``move`` is not a legal move of ``state`` (the reason names
            the rule).

    Examples:
        >>> from astroplane.games.starcastles import new_game, Move
        >>> s = new_game(2)
        >>> format_move(s, Move.gem(s.board.point("e3"))), format_move(s, Move.PASS)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move Move.PASS: [SC3] player 0 has a \
move, so may not pass
    """
    if not state.is_legal(move):
        raise IllegalMoveError(move, why_illegal(state, move))
    return _write(state, move)


def _point(state: StarCastlesState, name: str, text: str, at: int) -> int:
    try:
        return state.board.point(name)
    except ValueError:
        raise NotationError(
            f"{name} is not a point of the {len(state.board)}-point board [SC10]", text, at
        ) from None


def parse_move(state: StarCastlesState, text: str) -> Move:
    """The legal move of ``state`` that ``text`` names (the grammar above; exact case).

    Raises:
        NotationError: If ``text`` is not a string, longer than ``MAX_MOVE_TEXT``, not
            printable ASCII, not in the grammar, names a point not on the board, or no
            legal move (the message says why, with the rule's tag), or names a legal move
            with the wrong letter or separator; ``index`` is the column of the problem.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> parse_move(new_game(2), "Sa1-b1")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: illegal move: [SC4] a Spire never lands on a \
Spire (b1) (column 1: 'Sa1-b1')
    """
    text = plain_text(text)  # the characters themselves, never a subclass's methods
    if not isinstance(text, str):
        raise NotationError(f"a move text is a string, not {type(text).__name__}")
    check_size(text, MAX_MOVE_TEXT, "a move text")
    check_ascii(text, "a move text")
    if text == "pass":
        move = Move.PASS
    elif (g := _GEM.fullmatch(text)) is not None:
        move = Move.gem(_point(state, g.group(1), text, 1))
    elif (m := _MOVE.fullmatch(text)) is not None:
        piece, sep = m.group(1), m.group(3)
        frm = _point(state, m.group(2), text, m.start(2))
        to = _point(state, m.group(4), text, m.start(4))
        if frm == to:
            raise NotationError("a move goes from one point to another", text, m.start(4))
        t = top(state.cells[frm])
        if piece != "C" and t is not None and KINDS[t[0]] != piece:
            raise NotationError(
                f"the free module on {m.group(2)} is a {KIND_NAMES[t[0]]} ({KINDS[t[0]]}), "
                f"not a {KIND_NAMES[KINDS.index(piece)]}",
                text,
                0,
            )
        if piece == "S":
            move = Move.step(frm, to)
        elif piece in "BP":
            move = Move.slide(frm, to)
        else:
            move = Move.swap(frm, to) if sep == "x" else Move.castle(frm, to)
        if state.is_legal(move):
            canonical = _write(state, move)
            if canonical != text:
                right = canonical[1 + len(m.group(2))]
                if canonical[0] == piece and right in "-+":
                    what = "is empty" if right == "-" else "holds a stack"
                    raise NotationError(
                        f"{m.group(4)} {what}: the move is written {canonical}",
                        text,
                        m.start(3),
                    )
                raise NotationError(f"the move is written {canonical}", text, 0)
            return legal_match(state, move) or move  # the state's own: play finds it at once
    else:
        raise NotationError(
            "a move is pass, *point (a gem), or a piece S B P C, a point, - + or x and a "
            "point: Sb1-c3, Bd2+d5, Cg3xh1 [SC18]",
            text,
            0,
        )
    if not state.is_legal(move):
        raise NotationError(f"illegal move: {why_illegal(state, move)}", text, 0)
    return legal_match(state, move) or move
