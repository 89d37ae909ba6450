"""Position text: a whole state on one line, like FEN for chess [SO22].

Fields are separated by single blanks (grammar on docs/square-off/formats.md)::

    square-off W.B/.../.../....../.../.../... 7/8 W - -/- t2 q0

1. the rules (``rulestext.rules_to_text``);
2. the board: one sign per point, ``W``, ``B`` or ``.``, in point id order (OpenSpiel's,
   row by row from the top: a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 / c3 d3
   e3 / b2 d2 f2 / a1 d1 g1), a ``/`` between ranks;
3. the pieces in hand, ``W/B`` (the removed pieces follow: ``pieces`` minus the pieces on
   the board and in hand);
4. the side whose turn it is, ``W`` or ``B``;
5. the removal rights still to use this turn, the first acts now: ``-``, ``W``, ``B``,
   ``WB`` or ``BW`` (a trade's two rights) [SO4], [SO8];
6. the cooldown marks, ``W/B``: each ``-`` or the lines the side's last move broke, by
   their points (``a7-d7-g7``), joined by ``,`` [SO7];
7. ``t`` and the completed turns; 8. ``q`` and the stage-2 turns without a removal [SO6];

then, only when they apply: ``h:`` and the earlier threefold keys since the last placement
or removal, in hexadecimal, joined by ``,`` (with ``threefold``) [SO19]; ``over:`` and the
winner (``W``, ``B`` or ``draw``), ``:`` and the ending (``over:W:two_pieces``).

Reading checks the state with ``setup_position`` (the game's one validator [SO20]) and
rejects what play cannot reach: counters past the rules' limits, removal rights no move
gives. Errors are ``NotationError`` with the column of the bad field.

Examples:
    >>> from astroplane.games.square_off import new_game, parse_move
    >>> s = new_game()
    >>> for m in ["a7", "d2", "g7"]:
    ...     s = s.play(parse_move(s, m))
    >>> position_to_text(s)
    'square-off W.W/.../.../....../.../.B./... 7/8 B - -/- t3 q0'
    >>> position_from_text(position_to_text(s)) == s
    True
    >>> position_from_text("square-off W.W/.../.../....../.../.X./... 7/8 B - -/- t3 q0")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: a point holds W, B or '.', not 'X' (column 36: \
'square-off W.W/.../.../....../.../.X./... 7/8 B - -/- t3 q0')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from astroplane.errors import NotationError, PositionError
from astroplane.games.square_off.board import BOARD, Board
from astroplane.games.square_off.outcome import Ending, Outcome
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.rulestext import rules_from_text, rules_to_text
from astroplane.games.square_off.setup import MAX_COUNTER, setup_position, unreachable
from astroplane.games.square_off.state import SquareOffState
from astroplane.kit.limits import MAX_POSITION_TEXT, position_fields, shown

__all__ = [
    "MAX_COUNTER",
    "board_field",
    "cooldown_names",
    "outcome_text",
    "position_from_text",
    "position_to_text",
    "unreachable",
]

_RIGHTS = {"-": (), "W": (0,), "B": (1,), "WB": (0, 1), "BW": (1, 0)}
_NUMBER = re.compile(r"(0|[1-9][0-9]{0,8})")
_HEX = re.compile(r"[1-9a-f][0-9a-f]{0,39}")
_ENDINGS = {e.value: e for e in Ending}


def board_field(state: SquareOffState) -> str:
    """The board field: ``W``/``B``/``.`` per point in id order, ``/`` between ranks."""
    return _group(
        state.board,
        "".join(
            "W" if state.occupancy[0] >> p & 1 else "B" if state.occupancy[1] >> p & 1 else "."
            for p in range(len(state.board.names))
        ),
    )


def _group(board: Board, signs: str) -> str:
    out = []
    for p, sign in enumerate(signs):
        if p and board.cells[p][1] != board.cells[p - 1][1]:
            out.append("/")
        out.append(sign)
    return "".join(out)


def cooldown_names(board: Board, mask: int) -> list[str]:
    """The names of the lines in a cooldown bitmask, by line index (``a7-d7-g7``)."""
    return [board.line_name(i) for i in range(len(board.lines)) if mask >> i & 1]


def outcome_text(outcome: Outcome) -> str:
    """``W:two_pieces``, ``B:blocked`` or ``draw:max_turns``."""
    who = "draw" if outcome.winner is None else SEATS[outcome.winner]
    return f"{who}:{outcome.ending.value}"


def position_to_text(state: SquareOffState) -> str:
    """The state as one line of position text (module docstring).

    Raises:
        ValueError: If ``state`` is not a Square Off state, or the text would be longer
            than ``MAX_POSITION_TEXT`` (a very long threefold history).
    """
    if not isinstance(state, SquareOffState):
        raise ValueError(f"not a Square Off state: {type(state).__name__}")
    marks = "/".join(",".join(cooldown_names(state.board, m)) or "-" for m in state.cooldown)
    rights = "".join(SEATS[s] for s in state.removals) or "-"
    parts = [
        rules_to_text(state.rules),
        board_field(state),
        f"{state.in_hand[0]}/{state.in_hand[1]}",
        SEATS[state.turn_of],
        rights,
        marks,
        f"t{state.turns}",
        f"q{state.quiet}",
    ]
    if len(state.history) > 1:
        parts.append("h:" + ",".join(f"{k:x}" for k in state.history[:-1]))
    if state.outcome is not None:
        parts.append("over:" + outcome_text(state.outcome))
    text = " ".join(parts)
    if len(text) > MAX_POSITION_TEXT:
        raise ValueError(f"the position text would be longer than {MAX_POSITION_TEXT} characters")
    return text


def position_from_text(text: str, *, board: Board = BOARD) -> SquareOffState:
    """The state a position text describes, checked [SO20], [SO22].

    Args:
        text: The position text (at most ``MAX_POSITION_TEXT`` printable ASCII characters).
        board: The board the text is about (the standard one unless a variant's).

    Raises:
        NotationError: If the text is not a string, too long, not ASCII, a field is
            missing, unknown, malformed or given twice, or the position is impossible (too
            many pieces, a removal right with nothing to remove or that no move gives,
            counters past the rules' limits, a wrong result); ``index`` is the column of
            the field at fault.

    Examples:
        >>> position_from_text("square-off W/W/W/W/W/W/W 0/0 W - -/- t0 q0")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: the board is 24 points in 7 ranks \
(3/3/3/6/3/3/3), not 'W/W/W/W/W/W/W' (column 12: 'square-off W/W/W/W/W/W/W 0/0 W - -/- t0 q0')
    """
    if not isinstance(board, Board):
        raise ValueError(f"board is a Board, not {shown(board)}")
    fields = [(part, at) for at, part in position_fields(text, single_blanks=True)]

    def err(problem: str, at: int) -> NotationError:
        return NotationError(problem, text, at)

    if len(fields) < 8:
        raise err(
            "a position is: rules, board, hands W/B, side, removal rights, cooldown W/B, "
            f"t<turns>, q<quiet> (found {len(fields)} fields)",
            len(text),
        )
    rules = rules_from_text(fields[0][0], whole=text, base=0)
    occupancy = _board(board, *fields[1], err)
    hand = _pair(*fields[2], err, "the pieces in hand are two counts W/B (7/8)")
    turn_of = _seat(*fields[3], err)
    rights_text, rights_at = fields[4]
    if rights_text not in _RIGHTS:
        raise err("removal rights are -, W, B, WB or BW", rights_at)
    rights = _RIGHTS[rights_text]
    cooldown = _cooldown(board, *fields[5], err)
    turns = _counter(*fields[6], "t", err)
    quiet = _counter(*fields[7], "q", err)
    found = unreachable(rules, turn_of, rights, turns, quiet)
    if found is not None:
        raise err(found[1], fields[{"removals": 4, "turns": 6, "quiet": 7}[found[0]]][1])
    rest = fields[8:]
    history: list[int] = []
    if rest and rest[0][0].startswith("h:"):
        history = _history(*rest[0], err)
        rest = rest[1:]
    over: tuple[str, int] | None = None
    if rest and rest[0][0].startswith("over:"):
        over = rest[0]
        rest = rest[1:]
    if rest:
        raise err("unknown or misplaced field (after q<quiet>: h:..., then over:...)", rest[0][1])
    try:
        state = setup_position(
            occupancy[0],
            occupancy[1],
            in_hand=hand,
            to_move=turn_of,
            removals=rights,
            cooldown=cooldown,
            turns=turns,
            quiet=quiet,
            history=history,
            rules=rules,
            board=board,
        )
    except PositionError as exc:
        where = {"history": 8, "removal": 4, "cooldown": 5}  # a history problem may name others
        field_no = next((n for word, n in where.items() if word in exc.problem), 1)
        at = fields[field_no][1] if field_no < len(fields) else fields[1][1]
        raise err(exc.problem, at) from None
    if over is None and state.outcome is not None:
        raise err(f"the game is over here ({state.outcome.ending.words}): the position ends "
                  f"with over:{outcome_text(state.outcome)}", len(text))  # fmt: skip
    if over is not None:
        _check_over(state, *over, err)
    return state


def _board(
    board: Board, field: str, at: int, err: Callable[[str, int], NotationError]
) -> tuple[list[int], list[int]]:
    n = len(board.names)
    shape = _group(board, "." * n)
    if len(field) != len(shape) or [i for i, c in enumerate(field) if c == "/"] != [
        i for i, c in enumerate(shape) if c == "/"
    ]:
        ranks = "/".join(str(len(r)) for r in shape.split("/"))
        raise err(f"the board is {n} points in {shape.count('/') + 1} ranks ({ranks}), "
                  f"not {shown(field[:60])}", at)  # fmt: skip
    white: list[int] = []
    black: list[int] = []
    p = 0
    for i, c in enumerate(field):
        if c == "/":
            continue
        if c == "W":
            white.append(p)
        elif c == "B":
            black.append(p)
        elif c != ".":
            raise err(f"a point holds W, B or '.', not {shown(c)}", at + i)
        p += 1
    return white, black


def _pair(
    field: str, at: int, err: Callable[[str, int], NotationError], what: str
) -> tuple[int, int]:
    first, slash, second = field.partition("/")
    if not slash or not _NUMBER.fullmatch(first) or not _NUMBER.fullmatch(second):
        raise err(what, at)
    return int(first), int(second)


def _seat(field: str, at: int, err: Callable[[str, int], NotationError]) -> int:
    if field not in SEATS:
        raise err(f"the side whose turn it is is W or B, not {shown(field[:20])}", at)
    return SEATS.index(field)


def _counter(field: str, at: int, label: str, err: Callable[[str, int], NotationError]) -> int:
    if not field.startswith(label) or not _NUMBER.fullmatch(field[1:]):
        what = "the turns played" if label == "t" else "the turns without a removal"
        raise err(f"{label} and {what}, a whole number up to {MAX_COUNTER} ({label}0)", at)
    return int(field[1:])


def _cooldown(
    board: Board, field: str, at: int, err: Callable[[str, int], NotationError]
) -> tuple[list[int], list[int]]:
    sides = field.split("/")
    if len(sides) != 2:
        raise err("the cooldown marks are W/B, each - or lines like a7-d7-g7 [SO7]", at)
    names = [board.line_name(i) for i in range(len(board.lines))]
    out: tuple[list[int], list[int]] = ([], [])
    offset = at
    for seat, side in enumerate(sides):
        if side != "-":
            for name in side.split(","):
                if name not in names:
                    raise err(f"not a line of the board, by its points in order: "
                              f"{shown(name[:20])} (a7-d7-g7) [SO7]", offset)  # fmt: skip
                index = names.index(name)
                if out[seat] and index <= out[seat][-1]:
                    raise err("cooldown lines are listed once each, in board order [SO7]",
                              offset)  # fmt: skip
                out[seat].append(index)
                offset += len(name) + 1
            if len(out[seat]) > 2:
                raise err("a move breaks at most two lines [SO7]", at)
        else:
            offset += 2
    return out


def _history(field: str, at: int, err: Callable[[str, int], NotationError]) -> list[int]:
    keys = []
    offset = at + 2
    for key in field[2:].split(","):
        if not _HEX.fullmatch(key):
            raise err("a history key is lower-case hexadecimal, no leading zeros [SO19]", offset)
        keys.append(int(key, 16))
        offset += len(key) + 1
    return keys


def _check_over(
    state: SquareOffState, field: str, at: int, err: Callable[[str, int], NotationError]
) -> None:
    who, colon, ending = field[5:].partition(":")
    if who not in ("W", "B", "draw") or not colon or ending not in _ENDINGS:
        raise err("the result is over:W, over:B or over:draw, then : and the ending "
                  f"({', '.join(_ENDINGS)})", at)  # fmt: skip
    if state.outcome is None:
        raise err("the game is not over in this position", at)
    if field[5:] != outcome_text(state.outcome):
        raise err(f"the game ended otherwise: over:{outcome_text(state.outcome)}", at)
