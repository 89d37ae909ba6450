"""Move notation: a short, human-typable text for every action (see the Formats page).

Canonical forms (what ``format_move`` writes)::

    Sl-e2ne           step out of a Start Area to e2, pointing ne
    e2ne-f3nw         step through the ne apex into f3, positioned at nw [D8]
    d2sw-a6ne         step into Hyperspace (e1) and on to a6.ne [D11]
    c2sw-i1ne         step into the Wormhole end b1 and straight through to i1 [D12]
    b1nw~i1ne         free Wormhole travel [D12]
    e2ne-f3nw+Nr+Sl   sending back: N's pieces to Nr, S's own to Sl [D10]
    d4ne-e5ne*l       into the Singularity, a reserve piece to the left Start Area [D13]
    b1sw-a1S          into a firing position; ``a1S-b1ne`` steps back out [D20]
    a1!  a1!*lr       fire the a1 corner (reserve pieces: none / left and right) [D5, D13]
    d4>e4             Square move; ``d4xh4`` a Square's Kill move
    end               end the turn when only free actions are left [D7]

Reading is case-insensitive and ignores spaces between tokens; it also takes
``e2.ne`` for ``e2ne``, an optional via cell (``d2sw-e1-a6ne``), ``+N:r``,
``*rl``, ``fire a1``, ``sq d4-e4``, ``x d4>h4`` and ``end turn``.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> m = parse_move(s, "SL - E2.NE")
    >>> format_move(s, m)
    'Sl-e2ne'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.astroplane.formats._lexer import Reader, position_text
from astroplane.games.astroplane.formats.limits import MAX_MOVE_TEXT, check_size
from astroplane.games.astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.games.astroplane.pieces import SEAT_NAMES
from astroplane.games.astroplane.rules.explain import why_illegal
from astroplane.games.astroplane.rules.ruleset import action_of_kind
from astroplane.games.astroplane.rules.variants import ActionType
from astroplane.games.astroplane.topology import Topology, cell_of
from astroplane.kit.limits import plain_text

if TYPE_CHECKING:
    from astroplane.games.astroplane.state import GameState

__all__ = ["format_move", "parse_move"]

_STEP, _TRAVEL, _FIRE, _SQUARE, _ELIM, _END = (int(k) for k in MoveKind)


def _owners(state: GameState, move: Move) -> int:
    """Bitmask of the owners whose pieces ``move`` sends back (its send-back choices)."""
    mask = 0
    for m in state.legal_moves():
        if m.kind == move.kind and m.origin == move.origin and m.target == move.target:
            mask |= m.choice
    return mask


def format_move(state: GameState, move: Move) -> str:
    """The canonical text of a legal move (grammar on the Formats page).

    The texts of the legal moves of a state are all different, and
    ``parse_move(state, format_move(state, move)) == move``.

    Args:
        state: The state the move is played in.
        move: One of ``state.legal_moves()``.

    Returns:
        The move text, without spaces, e.g. ``"e2ne-f3nw+Nr"``.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``state`` (the send-back
            and reserve choices can only be written for legal moves), or is not a
            ``Move`` at all.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game()
        >>> [format_move(s, m) for m in s.legal_moves()[:3]]
        ['Sl-e2ne', 'Sl-e2nw', 'Sl-e2se']
    """
    if not state.is_legal(move):
        raise IllegalMoveError(move, why_illegal(state, move))
    t = state.topology
    kind = move.kind
    if kind == _END:
        return "end"
    if not 0 <= kind < _END:
        return _variant_text(t, action_of_kind(state.rules, kind), move)
    if kind == _FIRE:
        return t.cell_name(move.origin) + "!" + _reserve_text(move.choice)
    if kind == _SQUARE:
        return f"{t.cell_name(move.origin)}>{t.cell_name(move.target)}"
    if kind == _ELIM:
        return f"{t.cell_name(move.origin)}x{t.cell_name(move.target)}"
    sep = "-" if kind == _STEP else "~"
    text = position_text(t, move.origin) + sep + position_text(t, move.target)
    if t.is_singularity_position(move.target):
        return text + _reserve_text(move.choice)
    owners = _owners(state, move)
    for seat in range(4):
        if owners >> seat & 1:
            text += "+" + SEAT_NAMES[seat] + ("r" if move.choice >> seat & 1 else "l")
    return text


def _end_text(t: Topology, what: str, value: int) -> str:
    if what == "none":
        return ""
    return position_text(t, value) if what == "position" else t.cell_name(value)


def _variant_text(t: Topology, action: ActionType, move: Move) -> str:
    """A variant's action: origin, symbol, target, ``/choice`` unless it is 0."""
    text = _end_text(t, action.origin, move.origin) + action.symbol
    text += _end_text(t, action.target, move.target)
    return text + (f"/{move.choice}" if move.choice else "")


def _read_variant(r: Reader, action: ActionType) -> Move:
    """Read ``action``'s notation at the cursor (raises NotationError if it is not)."""
    ends = []
    for what in (action.origin, "symbol", action.target):
        if what == "symbol":
            r.expect(action.symbol, f"{action.symbol!r} ({action.name})")
        elif what == "none":
            ends.append(-1)
        elif what == "position":
            ends.append(r.position())
        else:
            ends.append(r.cell())
    choice = r.number("the choice") if r.accept("/") else 0
    if choice > 15:
        raise r.error("a choice is 0..15")
    return Move(action.kind, ends[0], ends[1], choice)


def _reserve_text(choice: int) -> str:
    sides = RESERVE_CHOICES[choice]
    return "*" + "".join("lr"[s] for s in sides) if sides else ""


def parse_move(state: GameState, text: str, *, line: int | None = None) -> Move:
    """The legal move of ``state`` that ``text`` names.

    Args:
        state: The state the move is played in.
        text: Move notation (see the module docstring); case and spaces between
            tokens do not matter. At most ``MAX_MOVE_TEXT`` (256) characters, printable
            ASCII or tabs.
        line: A line number to report in errors (for multi-line texts).

    Returns:
        The move, one of ``state.legal_moves()``.

    Raises:
        NotationError: If the text is not a string, is too long, holds a character that
            is not printable ASCII, cannot be read, does not say every choice the move
            needs (send-back Start Areas [D10]), or names an illegal move; the message
            says what is wrong and where.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game()
        >>> parse_move(s, "sl-e2ne")
        Move(STEP, Sl->e2.ne)
        >>> parse_move(s, "sl-e2sw")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: illegal move: [D8] a step from Sl cannot reach e2.sw ...
    """
    text = plain_text(text)  # the characters themselves, never a subclass's methods
    if not isinstance(text, str):
        raise NotationError(f"a move text must be a string, not {type(text).__name__}")
    check_size(text, MAX_MOVE_TEXT, "a move text", line)
    r = Reader(text, state.topology, line)
    if r.at_end():
        raise r.error("empty move text", 0)
    if state.outcome is not None:
        raise r.error("the game is over: no move is legal", 0)
    for action in state.rules.actions:
        start = r.i
        try:
            move = _read_variant(r, action)
        except NotationError:
            r.i = start
            continue
        if r.at_end():
            if move in state.legal_moves():
                return move
            raise r.error("illegal move: " + why_illegal(state, move), 0)
        r.i = start
    move, sides, sendback = _read(r)
    if not r.at_end():
        raise r.error("unexpected text after the move")
    return _resolve(state, r, move, sides, sendback)


# A parsed reserve choice (sides, index in text) and send-back choices ((seat, side, index), ...).
_Sides = tuple[tuple[int, ...], int] | None
_SendBack = tuple[tuple[int, int, int], ...]


def _read(r: Reader) -> tuple[Move, _Sides, _SendBack]:
    if r.keyword("end"):
        r.accept("turn")
        return Move(_END), None, ()
    if r.keyword("fire"):
        cell = r.cell()
        r.accept("!")
        return Move(_FIRE, cell, -1), _read_reserve(r), ()
    if r.keyword("sq"):
        cell = r.cell()
        if not (r.accept(">") or r.accept("-")):
            raise r.error("expected '>' between the Square's cell and its target")
        return Move(_SQUARE, cell, r.cell()), None, ()
    if r.keyword("x"):
        cell = r.cell()
        if not (r.accept(">") or r.accept("x") or r.accept("-")):
            raise r.error("expected '>' between the Square's cell and its target")
        return Move(_ELIM, cell, r.cell()), None, ()
    r.skip()
    start = r.i
    if r.peek() and not _starts_position(r):
        cell = r.cell()
        if r.accept("!"):
            return Move(_FIRE, cell, -1), _read_reserve(r), ()
        if r.accept(">"):
            return Move(_SQUARE, cell, r.cell()), None, ()
        if r.accept("x"):
            return Move(_ELIM, cell, r.cell()), None, ()
        r.i = start
    origin = r.position()
    if r.accept("~"):
        kind = _TRAVEL
    elif r.accept("-"):
        kind = _STEP
    else:
        raise r.error("expected '-' (step) or '~' (Wormhole travel) after the position")
    r.skip()
    save = r.i
    if kind == _STEP and not _starts_position(r):
        via = r.cell()
        if not (r.accept("-") or r.accept("/")):
            r.i = save
            r.position()  # raises: a cell alone is not a position
        _check_via(r, origin, via, save)
    target = r.position()
    return Move(kind, origin, target), _read_reserve(r), _read_sendback(r)


def _starts_position(r: Reader) -> bool:
    """Does the text at the cursor hold a position rather than a bare cell?"""
    save = r.i
    try:
        r.position()
    except NotationError:
        return False
    finally:
        r.i = save
    return True


def _check_via(r: Reader, origin: int, via: int, at: int) -> None:
    t = r.t
    entry = t.link[origin]
    entered = cell_of(entry) if t.is_grid_position(entry) else -1
    if via != entered:
        raise r.error(
            f"a step from {position_text(t, origin)} does not enter {t.cell_name(via)}", at
        )


def _read_reserve(r: Reader) -> _Sides:
    if not r.accept("*"):
        return None
    at = r.i - 1
    sides = [r.side()]
    if r.peek() in ("l", "r"):
        sides.append(r.side())
    return tuple(sorted(sides)), at


def _read_sendback(r: Reader) -> _SendBack:
    out: list[tuple[int, int, int]] = []
    while r.accept("+"):
        at = r.i - 1
        seat = r.seat()
        r.accept(":")
        out.append((seat, r.side(), at))
    return tuple(out)


def _resolve(state: GameState, r: Reader, move: Move, sides: _Sides, sendback: _SendBack) -> Move:
    t = state.topology
    legal = state.legal_moves()
    same = [
        m
        for m in legal
        if m.kind == move.kind and m.origin == move.origin and m.target == move.target
    ]
    if not same:
        raise r.error("illegal move: " + why_illegal(state, move), 0)
    kind = move.kind
    reserve_move = kind == _FIRE or (
        kind in (_STEP, _TRAVEL) and t.is_singularity_position(move.target)
    )
    if sides is not None and not reserve_move:
        raise r.error("a reserve choice '*' only follows a move into the Singularity", sides[1])
    if sendback and (reserve_move or kind not in (_STEP, _TRAVEL)):
        raise r.error("nothing is sent back by this move", sendback[0][2])
    choice = 0
    if reserve_move:
        wanted = () if sides is None else sides[0]
        choice = RESERVE_CHOICES.index(wanted) if wanted in RESERVE_CHOICES else -1
        if all(m.choice != choice for m in same):
            at = len(r.text) if sides is None else sides[1]
            have = state.reserve[state.to_move]
            if sides is None:
                options = " or ".join(_reserve_text(m.choice) for m in same)
                raise r.error(
                    f"a reserve piece must be brought in ({have} in reserve): add {options} [D28]",
                    at,
                )
            raise r.error(f"the reserve choice needs more reserve pieces than {have}", at)
    elif kind in (_STEP, _TRAVEL):
        owners = 0
        for m in same:
            owners |= m.choice
        given = 0
        for seat, side, at in sendback:
            if given >> seat & 1:
                raise r.error(f"the Start Area of {SEAT_NAMES[seat]} is given twice", at)
            if not owners >> seat & 1:
                raise r.error(f"no piece of {SEAT_NAMES[seat]} is sent back by this move", at)
            given |= 1 << seat
            choice |= side << seat
        missing = owners & ~given
        if missing:
            who = ", ".join(SEAT_NAMES[s] for s in range(4) if missing >> s & 1)
            raise r.error(
                f"the move sends back pieces of {who}: say which Start Area they go to "
                "(+Nl or +Nr per owner) [D10]",
                len(r.text),
            )
    for m in same:
        if m.choice == choice:
            return m
    bad = Move(kind, move.origin, move.target, choice)  # pragma: no cover
    raise r.error("illegal move: " + why_illegal(state, bad), 0)  # pragma: no cover
