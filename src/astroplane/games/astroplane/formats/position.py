"""Position notation: one line of text holding a whole game state, like FEN for chess.

The line is made of fields separated by spaces (grammar on the Formats page)::

    standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4

rules, seats, player to move with the moves left in the turn, turn number,
then every non-empty stack bottom to top (position ``:`` pieces), then
labelled fields that are left out when empty: ``res:`` reserve counts,
``elim:`` eliminated pieces with who eliminated them (``N3/S``), ``removed:``
seats removed as stuck [D16], ``progress:`` the last turn with progress
[D25], ``travelled:`` the Wormhole marks [D19], ``landed:`` pieces that
landed on a stack this turn [D9], and ``over:`` the reason the game ended
(the rest of the outcome follows from the position).

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> position_to_text(s)
    'standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4'
    >>> position_from_text(position_to_text(s)) == s
    True
"""

from __future__ import annotations

import re
from typing import Any

from astroplane.errors import NotationError, PositionError
from astroplane.games.astroplane.formats._lexer import Reader, position_text
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.pieces import SEAT_NAMES, piece_name
from astroplane.games.astroplane.rules.ruleset import VARIANTS, Rules
from astroplane.games.astroplane.setup import setup_position
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology
from astroplane.kit.limits import position_fields

__all__ = ["position_from_text", "position_to_text", "rules_from_text", "rules_to_text"]

_LABELS = ("res", "elim", "removed", "progress", "travelled", "landed", "over")
_NUMBER = re.compile(r"[0-9]{1,9}")


def rules_to_text(rules: Rules) -> str:
    """The rules as a registered variant's name plus the options that differ from it.

    Raises:
        UnknownVariantError: If the rules' phases are no registered variant's (register it
            with ``astroplane.register_variant`` first).

    Examples:
        >>> import attrs
        >>> from astroplane import BASIC
        >>> rules_to_text(attrs.evolve(BASIC, max_turns=200))
        'basic,max_turns=200'
    """
    return VARIANTS.to_text(rules)


def rules_from_text(text: str) -> Rules:
    """The rules that ``rules_to_text`` wrote (case-insensitive).

    Args:
        text: Rules text: a registered variant's name, then ``,option=value`` changes
            (flags ``on``/``off``, limits a number 1..1000000 in ASCII digits or ``none``),
            each option at most once. At most ``MAX_RULES_TEXT`` (1024) printable ASCII
            characters.

    Raises:
        NotationError: If the text is not a string, is too long, holds a character that
            is not printable ASCII, or is not a registered variant with known options, each
            given once (``UnknownVariantError`` for an unknown name); ``index`` is the
            column.

    Examples:
        >>> rules_from_text("standard,square_vs_square=on").square_vs_square
        True
    """
    return VARIANTS.from_text(text)


def _read_rules(field: str, whole: str, base: int, line: int | None) -> Rules:
    return VARIANTS.from_text(field, whole=whole, base=base, line=line)


def _pieces(pieces: list[int]) -> str:
    return "".join(piece_name(p) for p in pieces)


def position_to_text(state: GameState) -> str:
    """The one-line text of a state; ``position_from_text`` reads it back equal.

    Args:
        state: Any state, including a finished game.

    Returns:
        The position text (see the module docstring and the Formats page).

    Raises:
        ValueError: If the rules have custom hooks (see ``rules_to_text``).

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(3)
        >>> position_to_text(s.play(s.legal_moves()[0]))[:42]
        'standard SWN S1 t1 e2ne:S3,Sl:S1S2,Sr:S4S5'
    """
    t = state.topology
    fields = [
        rules_to_text(state.rules),
        "".join(SEAT_NAMES[s] for s in state.seats),
        f"{SEAT_NAMES[state.to_move]}{state.moves_left}",
        f"t{state.turn}",
        ",".join(
            f"{position_text(t, p)}:{_pieces(list(st))}" for p, st in enumerate(state.stacks) if st
        )
        or "-",
    ]
    res = ",".join(f"{SEAT_NAMES[s]}{n}" for s, n in enumerate(state.reserve) if n)
    marks = (
        ("res", res),
        ("elim", ",".join(f"{piece_name(p)}/{SEAT_NAMES[by]}" for p, by in state.eliminated)),
        ("removed", "".join(SEAT_NAMES[s] for s in state.removed)),
        ("progress", str(state.last_progress) if state.last_progress else ""),
        ("travelled", _pieces([p for p in range(40) if state.travelled >> p & 1])),
        ("landed", _pieces([p for p in range(40) if state.landed >> p & 1])),
        ("over", state.outcome.reason.value if state.outcome is not None else ""),
    )
    fields.extend(f"{label}:{value}" for label, value in marks if value)
    return " ".join(fields)


def position_from_text(
    text: str, *, topology: Topology = REFERENCE_BOARD, line: int | None = None
) -> GameState:
    """The state a position text describes, validated.

    Args:
        text: A position text (case-insensitive; any runs of spaces or tabs between
            fields): at most ``MAX_POSITION_TEXT`` (4096) characters, all printable ASCII
            or tabs; numbers in ASCII digits, at most 9 of them.
        topology: The board the text is about (default the reference board).
        line: A line number to report in errors (for multi-line texts).

    Returns:
        The state; ``position_from_text(position_to_text(s)) == s`` for every state.

    Raises:
        NotationError: If ``text`` is not a string, is longer than the limit, holds a
            character that is not printable ASCII, cannot be read, or describes an
            impossible position (one that ``astroplane.games.astroplane.rules.validate``
            rejects: a broken invariant of ``astroplane.setup_position``, a game in progress that is
            already over, a turn past 1000000, more moves left than a turn holds [D29], a
            seat removed or a piece marked twice, a player to move who is stuck, an
            outcome that does not follow from the position); the message says what and
            where. ``UnknownVariantError`` (a ``NotationError``) for unknown rules.

    Examples:
        >>> position_from_text("standard SN S2 t1 Sl:S1 res:S9,N10").reserve
        (9, 0, 10, 0)
        >>> position_from_text("standard SN S2 t1 e2ne:S1,e2nw:N1")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: e2.ne and e2.nw overlap (occupancy invariant, [D6]) ...
    """
    fields = position_fields(text, line)
    if len(fields) < 5:
        at = len(text) if fields else 0
        raise NotationError(
            "a position has at least 5 fields: rules, seats, mover and moves left, turn, stacks",
            text,
            min(at, max(len(text) - 1, 0)),
            line,
        )

    def reader(k: int, skip: int = 0) -> Reader:
        start, field = fields[k]
        return Reader(field[skip:], topology, line, whole=text, base=start + skip)

    rules = _read_rules(fields[0][1], text, fields[0][0], line)
    r = reader(1)
    seats: list[int] = []
    while not r.at_end():
        seats.append(r.seat())
    r = reader(2)
    to_move = r.seat()
    moves_left = r.number("the moves left")
    _end(r)
    r = reader(3)
    r.expect("t", "'t' and the turn number")
    turn = r.number("the turn number")
    _end(r)
    stacks: dict[int | str, list[int | str]] = {}
    if fields[4][1] != "-":
        r = reader(4)
        while True:
            at = r.i
            pos = r.position()
            if pos in stacks:
                raise r.error("a position is listed twice", at)
            r.expect(":", "':' after the position")
            pieces: list[int | str] = [r.piece()]
            while r.peek() not in ("", ","):
                pieces.append(r.piece())
            stacks[pos] = pieces
            if not r.accept(","):
                break
        _end(r)
    labelled: dict[str, tuple[int, Reader]] = {}
    for k in range(5, len(fields)):
        label = fields[k][1].split(":", 1)[0].lower()
        if label not in _LABELS or ":" not in fields[k][1]:
            raise reader(k).error(f"unknown field (expected one of {', '.join(_LABELS)}, then ':')")
        if label in labelled:
            raise reader(k).error(f"field {label}: is given twice")
        labelled[label] = (k, reader(k, len(label) + 1))
    kw = _read_labelled(labelled)
    over = kw.pop("over")
    state_text = (text, line)
    return state_from_fields(
        state_text, rules, seats, to_move, moves_left, turn, stacks, over, kw, topology
    )


def _end(r: Reader) -> None:
    if not r.at_end():
        raise r.error("unexpected text in this field")


def _read_labelled(labelled: dict[str, tuple[int, Reader]]) -> dict[str, Any]:
    kw: dict[str, Any] = {"over": None}
    for label, (_k, r) in labelled.items():
        if label == "res":
            reserve: dict[int | str, int] = {}
            while True:
                seat = r.seat()
                if seat in reserve:
                    raise r.error("a seat's reserve is given twice")
                reserve[seat] = r.number("a reserve count")
                if not r.accept(","):
                    break
            kw["reserve"] = reserve
        elif label == "elim":
            elim = []
            while True:
                piece = r.piece()
                r.expect("/", "'/' and the seat that eliminated the piece")
                elim.append((piece, r.seat()))
                if not r.accept(","):
                    break
            kw["eliminated"] = elim
        elif label == "removed":
            seats = []
            while not r.at_end():
                seats.append(r.seat())
            kw["removed"] = seats
        elif label == "progress":
            kw["last_progress"] = r.number("the last turn with progress")
        elif label in ("travelled", "landed"):
            pieces = []
            while not r.at_end():
                pieces.append(r.piece())
            kw[label] = pieces
        else:
            at = r.i
            value = r.text.lower()
            reasons = {e.value: e for e in EndReason}
            if value not in reasons:
                raise r.error(f"unknown end reason (one of {', '.join(reasons)})", at)
            r.i = len(r.text)
            kw["over"] = (reasons[value], r)
        _end(r)
    return kw


def state_from_fields(
    where: tuple[str, int | None],
    rules: Rules,
    seats: list[int],
    to_move: int,
    moves_left: int,
    turn: int,
    stacks: dict[int | str, list[int | str]],
    over: object,
    kw: dict[str, Any],
    topology: Topology,
) -> GameState:
    """Validate and build a state from parsed fields (shared by the text and JSON readers),
    with ``setup_position``, which has the rule set check it.

    ``where`` is ``(text, line)`` for error messages (empty text: no column);
    ``over`` is None or ``(EndReason, ...)``; ``kw`` holds the optional
    ``setup_position`` arguments.

    Raises:
        NotationError: If the fields describe an impossible state.
    """
    text, line = where

    def err(problem: str) -> NotationError:
        return NotationError(problem, text, 0 if text else None, line)

    if not seats:
        raise err("no seats")
    if len(set(seats)) != len(seats) or seats != sorted(seats):
        raise err("seats are listed once each, in the order S, W, N, E")
    reason = over[0] if isinstance(over, tuple) else None
    if reason is None and moves_left < 1:
        raise err("a game in progress has at least one move left in the turn")
    if reason is not None and moves_left != 0:
        raise err("a finished game has no moves left (write the mover with 0)")
    try:
        state = setup_position(
            players=seats,
            stacks=stacks,
            to_move=to_move,
            moves_left=moves_left,
            turn=turn,
            over=reason,
            rules=rules,
            topology=topology,
            **kw,
        )
    except PositionError as exc:
        raise err(exc.problem) from None
    if reason is None and (
        state.outcome is not None
        or state.turn != turn
        or state.removed != tuple(kw.get("removed", ()))
    ):
        raise err("the player to move has no legal action (is stuck): not a position to play")
    return state
