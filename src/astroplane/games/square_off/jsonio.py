"""JSON for states and moves: plain objects a JavaScript frontend reads as is [SO23].

Every object has ``"format_version": 1``, ``"game": "square-off"`` and ``"type"``
(``"state"`` or ``"move"``); seats, points and lines are written by name. Readers take
exactly what the writer writes (types exact, names canonical, no field missing or
unknown); each error names the JSON path. Fields: docs/square-off/formats.md; the JSON
Schema (draft 2020-12) ships with the package (``json_schema()``).

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> s = new_game().play(Move.place("d2"))
    >>> d = state_to_dict(s)
    >>> d["points"], d["in_hand"], d["to_move"], d["outcome"]
    ({'W': ['d2'], 'B': []}, {'W': 8, 'B': 9}, 'B', None)
    >>> from_json(to_json(s)) == s
    True
    >>> move_to_dict(Move.slide("d2", "d3"))
    {'format_version': 1, 'game': 'square-off', 'type': 'move', 'kind': 'slide', \
'point': 'd2', 'to': 'd3'}
"""

from __future__ import annotations

import json
from typing import Any

from astroplane.errors import PositionError
from astroplane.games.square_off.board import BOARD, Board
from astroplane.games.square_off.moves import Move, MoveKind
from astroplane.games.square_off.outcome import Ending
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.position import MAX_COUNTER, cooldown_names, unreachable
from astroplane.games.square_off.rulestext import rules_from_dict, rules_to_dict
from astroplane.games.square_off.setup import setup_position
from astroplane.games.square_off.state import SquareOffState
from astroplane.kit.envelope import JSON_FUNCTIONS, JsonEnvelope
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    ascending,
    boolean,
    field,
    integer,
    load_json,
    object_with,
    string,
)
from astroplane.kit.limits import shown

__all__ = list(JSON_FUNCTIONS)

#: The envelope of the documents: game, format version, schema.
ENVELOPE = JsonEnvelope("square-off", 1, "astroplane.games.square_off", "square-off.schema.json")
FORMAT_VERSION, _GAME = ENVELOPE.version, "square-off"
_KINDS = {k.name.lower(): k for k in MoveKind}
_STATE_FIELDS = (
    "rules", "points", "in_hand", "removed", "turn_of", "to_move", "removals", "cooldown",
    "turns", "quiet", "history", "outcome", "over",
)  # fmt: skip
_MOVE_FIELDS = ("kind", "point", "to")
_MAX_HISTORY = 20_000


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of states and moves, read from the package (a new
    copy each call).

    Examples:
        >>> json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    return ENVELOPE.schema()


def _per_seat(values: tuple[Any, Any]) -> dict[str, Any]:
    return {SEATS[0]: values[0], SEATS[1]: values[1]}


def state_to_dict(state: SquareOffState) -> dict[str, Any]:
    """A state as a plain object; ``removed``, ``to_move`` and ``over`` are derived, for
    readers (the reader checks them).

    Raises:
        ValueError: If ``state`` is not a Square Off state.
    """
    if not isinstance(state, SquareOffState):
        raise ValueError(f"not a Square Off state: {type(state).__name__}")
    names = state.board.names
    out = ENVELOPE.head("state")
    outcome = state.outcome
    out.update(
        {
            "rules": rules_to_dict(state.rules),
            "points": _per_seat(
                (
                    [names[p] for p in state.points_of(0)],
                    [names[p] for p in state.points_of(1)],
                )
            ),
            "in_hand": _per_seat(state.in_hand),
            "removed": _per_seat(state.removed),
            "turn_of": SEATS[state.turn_of],
            "to_move": SEATS[state.to_move],
            "removals": [SEATS[s] for s in state.removals],
            "cooldown": _per_seat(
                (
                    cooldown_names(state.board, state.cooldown[0]),
                    cooldown_names(state.board, state.cooldown[1]),
                )
            ),
            "turns": state.turns,
            "quiet": state.quiet,
            "history": [f"{k:x}" for k in state.history[:-1]],
            "outcome": None
            if outcome is None
            else {
                "winner": None if outcome.winner is None else SEATS[outcome.winner],
                "ending": outcome.ending.value,
            },
            "over": state.is_over,
        }
    )
    return out


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move as a plain object: ``kind`` (``place``, ``slide``, ``fly``, ``jump``,
    ``trade``, ``remove``), ``point`` and ``to`` (null for a placement or removal).

    Raises:
        ValueError: If ``move`` is not a ``Move``.
    """
    if not isinstance(move, Move):
        raise ValueError(f"not a Square Off move: {shown(move)}")
    out = ENVELOPE.head("move")
    out.update(
        {
            "kind": move.kind.name.lower(),
            "point": BOARD.names[move.point],
            "to": None if move.to < 0 else BOARD.names[move.to],
        }
    )
    return out


def to_json(value: SquareOffState | Move, *, indent: int | None = None) -> str:
    """A state or move as JSON text (ASCII).

    Raises:
        ValueError: If ``value`` is neither.
    """
    data = move_to_dict(value) if isinstance(value, Move) else state_to_dict(value)
    return json.dumps(data, indent=indent)


def _check_head(data: Any, kind: str, fields: tuple[str, ...]) -> dict[str, Any]:
    return ENVELOPE.read(data, kind, fields, complete=True)


def _seat_object(value: Any, path: str) -> dict[str, Any]:
    d = object_with(value, path, SEATS)
    for seat in SEATS:
        field(d, seat, path)
    return d


def _seat(value: Any, path: str) -> int:
    return SEATS.index(string(value, path, SEATS))


def _point(board: Board, value: Any, path: str) -> int:
    return board.names.index(string(value, path, board.names))


def _points(board: Board, value: Any, path: str) -> list[int]:
    items = array(value, path, len(board.names), unique=True)
    ids = [_point(board, v, f"{path}[{i}]") for i, v in enumerate(items)]
    order = "points are listed in point id order (a7 d7 g7 b6 ... g1)"
    return ascending(ids, path, board.names.__getitem__, order)


def state_from_dict(data: Any, *, board: Board = BOARD) -> SquareOffState:
    """The state of a plain object ``state_to_dict`` wrote, checked like a position text
    [SO20], [SO22].

    Raises:
        NotationError: If a field is missing, unknown, mistyped, out of range or not
            canonical, a derived field disagrees, or the position is impossible; the
            message starts with the JSON path.

    Examples:
        >>> from astroplane.games.square_off import new_game
        >>> d = state_to_dict(new_game())
        >>> d["points"]["W"] = ["a7"]
        >>> state_from_dict(d)
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: state.points: W has more than 9 pieces on \
the board and in hand [SO2]
    """
    d = _check_head(data, "state", _STATE_FIELDS)
    rules = rules_from_dict(d["rules"], "state.rules")
    pts = _seat_object(d["points"], "state.points")
    points = [_points(board, pts[s], f"state.points.{s}") for s in SEATS]
    hands = _seat_object(d["in_hand"], "state.in_hand")
    hand = (
        integer(hands["W"], "state.in_hand.W", 0, rules.pieces),
        integer(hands["B"], "state.in_hand.B", 0, rules.pieces),
    )
    turn_of = _seat(d["turn_of"], "state.turn_of")
    rights = tuple(
        _seat(v, f"state.removals[{i}]")
        for i, v in enumerate(array(d["removals"], "state.removals", 2))
    )
    marks = _seat_object(d["cooldown"], "state.cooldown")
    lines = [board.line_name(i) for i in range(len(board.lines))]
    cooldown: list[list[int]] = []
    for s in SEATS:
        path = f"state.cooldown.{s}"
        items = array(marks[s], path, 2, unique=True)
        idx = [lines.index(string(v, f"{path}[{i}]", lines)) for i, v in enumerate(items)]
        cooldown.append(ascending(idx, path, lines.__getitem__, "lines are listed in board order"))
    turns = integer(d["turns"], "state.turns", 0, MAX_COUNTER)
    quiet = integer(d["quiet"], "state.quiet", 0, MAX_COUNTER)
    found = unreachable(rules, turn_of, rights, turns, quiet)
    if found is not None:
        raise JsonPathError(f"state.{found[0]}", found[1])
    history = []
    for i, key in enumerate(array(d["history"], "state.history", _MAX_HISTORY)):
        if (
            not isinstance(key, str)
            or not key
            or len(key) > 40
            or key != key.lower()
            or (key.startswith("0") or any(c not in "0123456789abcdef" for c in key))
        ):
            raise JsonPathError(f"state.history[{i}]", "expected a key in lower-case hexadecimal")
        history.append(int(key, 16))
    try:
        state = setup_position(
            points[0], points[1], in_hand=hand, to_move=turn_of, removals=rights,
            cooldown=(cooldown[0], cooldown[1]), turns=turns, quiet=quiet, history=history,
            rules=rules, board=board,
        )  # fmt: skip
    except PositionError as exc:
        words = {"history": "history", "removal": "removals", "cooldown": "cooldown"}
        where = next((f for w, f in words.items() if w in exc.problem), "points")
        raise JsonPathError(f"state.{where}", exc.problem) from None
    _check_derived(d, state)
    return state


def _check_derived(d: dict[str, Any], state: SquareOffState) -> None:
    removed = _seat_object(d["removed"], "state.removed")
    for seat, s in enumerate(SEATS):
        if integer(removed[s], f"state.removed.{s}", 0, 15) != state.removed[seat]:
            raise JsonPathError(f"state.removed.{s}", f"{state.removed[seat]} for this state")
    if _seat(d["to_move"], "state.to_move") != state.to_move:
        raise JsonPathError("state.to_move", f"{SEATS[state.to_move]} acts in this state")
    if boolean(d["over"], "state.over") != state.is_over:
        raise JsonPathError("state.over", f"{str(state.is_over).lower()} for this state")
    value = d["outcome"]
    if value is None:
        if state.outcome is not None:
            raise JsonPathError("state.outcome", "the game is over in this state")
        return
    o = object_with(value, "state.outcome", ("winner", "ending"))
    winner = field(o, "winner", "state.outcome")
    win = None if winner is None else _seat(winner, "state.outcome.winner")
    ending = Ending(string(field(o, "ending", "state.outcome"), "state.outcome.ending",
                           [e.value for e in Ending]))  # fmt: skip
    if state.outcome is None or (win, ending) != (state.outcome.winner, state.outcome.ending):
        raise JsonPathError("state.outcome", "not how this state ended")


def move_from_dict(data: Any) -> Move:
    """The move of a plain object ``move_to_dict`` wrote.

    Raises:
        NotationError: If a field is missing, unknown or wrong; the message starts with
            the JSON path.

    Examples:
        >>> move_from_dict(move_to_dict(Move.remove("g7")))
        Move.remove('g7')
    """
    d = _check_head(data, "move", _MOVE_FIELDS)
    kind = _KINDS[string(d["kind"], "move.kind", _KINDS)]
    point = _point(BOARD, d["point"], "move.point")
    if kind in (MoveKind.PLACE, MoveKind.REMOVE):
        if d["to"] is not None:
            raise JsonPathError("move.to", f"expected null for a {kind.name.lower()}")
        return Move(kind, point)
    to = _point(BOARD, d["to"], "move.to")
    if to == point:
        raise JsonPathError("move.to", "expected another point than move.point")
    return Move(kind, point, to)


def from_json(text: str | bytes, *, board: Board = BOARD) -> SquareOffState | Move:
    """The state or move JSON text holds (``type`` says which).

    Raises:
        NotationError: If the text is not JSON within the limits, or not a state or move
            as written here (the message names the JSON path).
    """
    data = load_json(text)
    if isinstance(data, dict) and data.get("type") == "move":
        return move_from_dict(data)
    return state_from_dict(data, board=board)
