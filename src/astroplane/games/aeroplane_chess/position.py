"""Position text: one line holding a whole state, like FEN for chess [AC18].

Fields are separated by blanks (grammar in docs/aeroplane-chess/formats.md)::

    standard RB R6? t7 R1R2:14,R3:RT,B1:BH6 sixed:R1R2

1. the rules (``options.rules_to_text``);
2. the colours in the game, in turn order;
3. the dice: the colour to move, a ``6`` for each 6 it rolled and played earlier in the
   turn, then the roll to play, or ``?`` when the die is to be rolled (a chance node);
   ``-`` once the game is over (one player left, a team home [AC26], or the turn limit
   ``t1000000`` [AC21]);
4. ``t`` and the turn number;
5. the planes not in a hangar, as ``planes:square`` separated by commas, a stack written
   as its planes together (``R1R2:14``), each group by its lowest plane; ``-`` for none.
   The planes of a colour that arrived are one group on its centre (``B1B3:BH6``);

then labelled fields, left out when empty: ``fin:`` the colours that finished, in order,
and ``sixed:`` the planes moved by earlier 6s in this turn [AC10].

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> s = new_game(4)
    >>> position_to_text(s)
    'standard RYBG R? t1 -'
    >>> t = "standard,launch=six RB B64 t3 R1R2:14,B1:30 sixed:B1"
    >>> position_to_text(position_from_text(t)) == t
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable

from astroplane.errors import NotationError, PositionError
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    COLOURS,
    HANGAR,
    PROGRESS_AT,
    SQUARE_OF,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.options import rules_from_text, rules_to_text
from astroplane.games.aeroplane_chess.play import MAX_TURN, race_over
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.limits import position_fields

__all__ = ["position_from_text", "position_to_text"]

_DICE = re.compile(r"([RYBG])(6{0,2})([1-6?])")
_GROUP = re.compile(r"((?:[RYBG][1-4])+):([^,]*)")


def _units(state: AeroplaneState) -> list[str]:
    out = []
    seen: set[int] = set()
    for p, k in enumerate(state.planes):
        if k == HANGAR or p in seen:
            continue
        unit = state.arrived(p >> 2) if k == CENTRE else state.stack_of(p)
        seen.update(unit)
        out.append("".join(map(plane_name, unit)) + ":" + square_name(SQUARE_OF[p >> 2][k]))
    return out


def position_to_text(state: AeroplaneState) -> str:
    """The one-line text of a state; ``position_from_text`` reads it back equal.

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> position_to_text(new_game(2).play(new_game(2).legal_moves()[5]))
        'standard RB R6 t1 -'
    """
    if state.is_over:
        dice = "-"
    else:
        dice = COLOURS[state.to_move] + "6" * state.sixes + (str(state.roll or "?"))
    fields = [
        rules_to_text(state.rules),
        "".join(COLOURS[s] for s in state.seats),
        dice,
        f"t{state.turn}",
        ",".join(_units(state)) or "-",
    ]
    if state.finished:
        fields.append("fin:" + "".join(COLOURS[s] for s in state.finished))
    if state.sixed:
        fields.append("sixed:" + "".join(plane_name(p) for p in range(16) if state.sixed >> p & 1))
    return " ".join(fields)


def position_from_text(text: str, *, line: int | None = None) -> AeroplaneState:
    """The state a position text describes, validated.

    Args:
        text: A position text (case-insensitive, any spaces or tabs between fields): at
            most ``MAX_POSITION_TEXT`` (4096) printable ASCII characters; the turn 1 ..
            1000000.
        line: A line number to put in errors (for game records).

    Returns:
        The state; ``position_from_text(position_to_text(s)) == s``.

    Raises:
        NotationError: If the text is not a string, too long or not printable ASCII,
            cannot be read, or the position breaks a rule of the game
            (``setup.check_state``); the message says what and the index where.

    Examples:
        >>> position_from_text("standard RB R? t1 R1:14,B1:RT")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: B1 cannot be on RT (column 25: ...)
    """
    fields = position_fields(text, line)

    def err(problem: str, at: int) -> NotationError:
        return NotationError(problem, text, at, line)

    if not 5 <= len(fields) <= 7:
        raise err("a position has 5 fields (rules colours dice turn planes) and fin:, sixed:", 0)
    (r_at, r_text), (c_at, c_text), (d_at, d_text), (t_at, t_text), (p_at, p_text) = fields[:5]
    try:
        rules = rules_from_text(r_text)
    except NotationError as exc:
        raise err(exc.problem, r_at + (exc.index or 0)) from None
    c_text = c_text.upper()
    if not re.fullmatch("R?Y?B?G?", c_text) or not 2 <= len(c_text) <= 4:
        raise err("the colours are 2 to 4 of R, Y, B, G in that order", c_at)
    seats = tuple(COLOURS.index(c) for c in c_text)
    to_move, sixes, roll = seats[0], 0, 0
    if d_text != "-":
        m = _DICE.fullmatch(d_text.upper())
        if m is None:
            raise err("the dice field is a colour, earlier 6s and the roll or ?: R?, B64", d_at)
        to_move = COLOURS.index(m.group(1))
        sixes, roll = len(m.group(2)), 0 if m.group(3) == "?" else int(m.group(3))
        if sixes == 2 and roll == 6:
            raise err("a third 6 is never played: it ends the turn [AC10]", d_at)
    if not re.fullmatch(r"[tT][1-9][0-9]{0,8}", t_text):
        raise err("the turn field is t and a number from 1: t12", t_at)
    planes, stacks = _planes(p_text, p_at, err)
    finished: tuple[int, ...] = ()
    sixed = 0
    expected = ["fin", "sixed"]
    for at, field in fields[5:]:
        label, colon, value = field.partition(":")
        label = label.lower()
        if not colon or label not in expected:
            raise err("after the planes come fin: and then sixed:", at)
        expected = expected[expected.index(label) + 1 :]
        value = value.upper()
        if label == "fin":
            if not re.fullmatch("[RYBG]{1,4}", value):
                raise err("fin: lists colours: fin:BR", at)
            finished = tuple(COLOURS.index(c) for c in value)
        else:
            if not re.fullmatch("([RYBG][1-4]){1,4}", value):
                raise err("sixed: lists planes: sixed:R1R2", at)
            for i in range(0, len(value), 2):
                bit = 1 << plane_from_name(value[i : i + 2])
                if sixed & bit:
                    raise err(f"sixed: lists {value[i : i + 2]} twice", at + 6 + i)
                sixed |= bit
    turn = int(t_text[1:])
    limit = False
    if d_text == "-":
        left = [s for s in seats if s not in finished]
        over = race_over(seats, finished, rules.teams)
        limit = not over and turn == MAX_TURN  # over at the turn limit [AC21]
        if not over and not limit:
            raise err(
                f"'-' (game over) needs all but one colour in fin: (in team play, both "
                f"partners of a team [AC26]), or the turn limit t{MAX_TURN} [AC21]",
                d_at,
            )
        if not left:
            raise err("the game is over once one player is left: not all finish [AC13]", d_at)
        to_move = left[0]
    state = AeroplaneState(
        rules=rules,
        seats=seats,
        planes=planes,
        stacks=stacks,
        to_move=to_move,
        roll=roll,
        sixes=sixes,
        sixed=sixed,
        finished=finished,
        turn=turn,
        turn_limit=limit,
    )
    try:
        check_state(state)
    except PositionError as exc:
        raise err(exc.problem, p_at) from None
    if d_text != "-" and state.is_over:
        raise err("the game is over: the dice field is '-'", d_at)
    return state


def _planes(
    field: str, at: int, err: Callable[[str, int], NotationError]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The progress of every plane and the stacks, from the planes field."""
    planes = [HANGAR] * 16
    stacks: list[tuple[int, ...]] = []
    if field == "-":
        return tuple(planes), ()
    offset = at
    seen: set[int] = set()
    for group in field.split(","):
        m = _GROUP.fullmatch(group.upper())
        if m is None:
            raise err("a plane group is planes:square, like R1:14 or R1R2:RH3", offset)
        names = m.group(1)
        members = [plane_from_name(names[i : i + 2]) for i in range(0, len(names), 2)]
        try:
            square = square_from_name(m.group(2))
        except ValueError as exc:
            raise err(str(exc), offset + m.start(2)) from None
        for p in members:
            if p in seen:
                raise err(f"{plane_name(p)} is listed twice", offset)
            seen.add(p)
            k = PROGRESS_AT[p >> 2][square]
            if k == HANGAR:
                raise err(f"{plane_name(p)} cannot be on {square_name(square)}", offset)
            planes[p] = k
        if len(members) > 1 and planes[members[0]] != CENTRE:
            stacks.append(tuple(sorted(members)))
        offset += len(group) + 1
    return tuple(planes), tuple(sorted(stacks))
