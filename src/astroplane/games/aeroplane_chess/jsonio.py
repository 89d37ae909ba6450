"""JSON for states and moves: plain objects a JavaScript frontend reads as is.

Every object has ``"format_version": 1``, ``"game": "aeroplane-chess"`` and ``"type"``
(``"state"`` or ``"move"``); colours, planes and squares are written by name. The JSON
Schema (draft 2020-12) ships with the package: ``json_schema()``. The fields are listed
in docs/aeroplane-chess/formats.md.

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> s = new_game(2)
    >>> d = state_to_dict(s)
    >>> d["colours"], d["to_move"], d["roll"], d["planes"]["R1"], d["chance_node"]
    (['R', 'B'], 'R', None, 'hangar', True)
    >>> from_json(to_json(s)) == s
    True
    >>> move_to_dict(s.legal_moves()[5])
    {'format_version': 1, 'game': 'aeroplane-chess', 'type': 'move', 'kind': 'roll', 'value': 6}
"""

from __future__ import annotations

import json
from typing import Any

from astroplane.errors import NotationError, PositionError
from astroplane.games.aeroplane_chess.board import (
    COLOURS,
    HANGAR,
    PROGRESS_AT,
    SQUARE_OF,
    colour_from_name,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.options import OPTIONS, PRESETS, VARIANTS, Rules
from astroplane.games.aeroplane_chess.play import race_over
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.jsonread import load_json, packaged_schema
from astroplane.kit.limits import shown

__all__ = [
    "FORMAT_VERSION",
    "from_json",
    "json_schema",
    "move_from_dict",
    "move_to_dict",
    "state_from_dict",
    "state_to_dict",
    "to_json",
]

FORMAT_VERSION = 1
"""The version of the JSON format; readers reject other versions."""
_GAME = "aeroplane-chess"
_KINDS = ("roll", "launch", "fly", "pass")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of states and moves, read from the package (a new
    copy each call: edit it freely). It validates under Ajv2020 in strict mode.

    Examples:
        >>> json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    return packaged_schema("astroplane.games.aeroplane_chess", "aeroplane-chess.schema.json")


def _head(kind: str) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, "game": _GAME, "type": kind}


def _rules_to_dict(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {"preset": rules.name}
    for name in OPTIONS:
        value = getattr(rules, name)
        out[name] = value if isinstance(value, bool) else value.value
    return out


def state_to_dict(state: AeroplaneState) -> dict[str, Any]:
    """A state as a plain object (``chance_node`` and ``over`` are derived, for readers).

    Every plane of the colours in play is listed, at a square name or ``"hangar"``; an
    arrived plane is on its centre (``"RH6"``).
    """
    planes = {}
    for p, k in enumerate(state.planes):
        if p >> 2 in state.seats:
            planes[plane_name(p)] = "hangar" if k == HANGAR else square_name(SQUARE_OF[p >> 2][k])
    out = _head("state")
    out.update(
        {
            "rules": _rules_to_dict(state.rules),
            "colours": [COLOURS[s] for s in state.seats],
            "to_move": COLOURS[state.to_move],
            "roll": state.roll or None,
            "sixes": state.sixes,
            "turn": state.turn,
            "planes": planes,
            "stacks": [[plane_name(p) for p in st] for st in state.stacks],
            "sixed": [plane_name(p) for p in range(16) if state.sixed >> p & 1],
            "finished": [COLOURS[s] for s in state.finished],
            "chance_node": state.is_chance_node,
            "over": state.is_over,
        }
    )
    return out


def move_to_dict(move: Move) -> dict[str, Any]:
    """A move or chance outcome as a plain object; ``move_from_dict`` reads it back equal.

    Raises:
        ValueError: If ``move`` is not a ``Move`` or its fields do not fit its kind (a
            roll 1..6; a plane 0..15 and a square 0..79; a launch to the plane's take-off
            square; ``stack`` a bool, set only on a fly).

    Examples:
        >>> move_to_dict(Move.launch("G2"))["square"]
        'GT'
    """
    _check_move(move)
    out = _head("move")
    out["kind"] = _KINDS[move.kind]
    if move.kind == MoveKind.ROLL:
        out["value"] = move.value
    elif move.kind != MoveKind.PASS:
        out["plane"] = plane_name(move.plane)
        out["square"] = square_name(move.square)
        if move.kind == MoveKind.FLY:
            out["stack"] = move.stack
    return out


def _check_move(move: object) -> None:
    if not isinstance(move, Move):
        raise ValueError(f"not a Move but {type(move).__name__}")
    problem = fields_problem(move)  # a move forged past its constructor's checks
    if problem is not None:
        raise ValueError(f"the fields of this move do not fit it: {problem}")


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def to_json(value: AeroplaneState | Move, *, indent: int | None = None) -> str:
    """A state or a move as JSON text.

    Raises:
        TypeError: If ``value`` is neither.
    """
    if isinstance(value, AeroplaneState):
        return json.dumps(state_to_dict(value), indent=indent, ensure_ascii=False)
    if isinstance(value, Move):
        return json.dumps(move_to_dict(value), indent=indent)
    raise TypeError(f"cannot write {type(value).__name__} as Aeroplane Chess JSON")


_STATE_FIELDS = frozenset(
    ("format_version", "game", "type", "rules", "colours", "to_move", "roll", "sixes", "turn",
     "planes", "stacks", "sixed", "finished", "chance_node", "over")
)  # fmt: skip
_MOVE_FIELDS = frozenset(("format_version", "game", "type", "kind", "value", "plane", "square",
                          "stack"))  # fmt: skip


def _need(data: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise NotationError(f"JSON: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise NotationError(f"JSON: field {key!r} has the wrong type: {shown(value)}")
    if isinstance(value, list) and len(value) > 16:
        raise NotationError(f"JSON: field {key!r} has more than 16 items")
    return value


def _name(value: Any, read: Any, write: Any, what: str) -> int:
    """A colour, plane or square by its canonical name (exact case, ASCII)."""
    try:
        found: int = read(value)
        if not isinstance(value, str) or write(found) != value:
            raise ValueError
    except ValueError:
        raise NotationError(f"JSON: not {what}: {shown(value)}") from None
    return found


def _colour(value: Any) -> int:
    return _name(value, colour_from_name, COLOURS.__getitem__, "a colour letter R, Y, B or G")


def _plane(value: Any) -> int:
    return _name(value, plane_from_name, plane_name, "a plane name such as R1")


def _square(value: Any) -> int:
    return _name(value, square_from_name, square_name, "a square name such as 14 or RT")


def _ascending(path: str, items: list[int], name: Any, order: str) -> None:
    """A list is canonical: each item once, in the order the writer writes ([AC18])."""
    for i in range(1, len(items)):
        if items[i] in items[:i]:
            raise NotationError(f"JSON: {path}[{i}]: {name(items[i])} is listed twice")
        if items[i] < items[i - 1]:
            raise NotationError(
                f"JSON: {path}[{i}]: {name(items[i])} comes before {name(items[i - 1])}: {order}"
            )


def _check_head(data: Any, kind: str) -> None:
    if not isinstance(data, dict):
        raise NotationError(f"JSON: a {kind} is an object, not {type(data).__name__}")
    extra = set(data) - (_STATE_FIELDS if kind == "state" else _MOVE_FIELDS)
    if extra:
        raise NotationError(f"JSON: unknown field {sorted(map(str, extra))[0][:40]!r}")
    if data.get("format_version") != FORMAT_VERSION:
        raise NotationError(f"JSON: format_version must be {FORMAT_VERSION}")
    if data.get("game") != _GAME or data.get("type") != kind:
        raise NotationError(f"JSON: not an Aeroplane Chess {kind} (game, type)")


def _rules_from_dict(data: Any) -> Rules:
    if not isinstance(data, dict) or set(data) != {"preset", *OPTIONS}:
        raise NotationError(f"JSON: rules have the fields preset, {', '.join(OPTIONS)}")
    values = {}
    for option in VARIANTS.options:  # exact types first: a value is never repr'd whole
        try:
            values[option.name] = option.from_json(data[option.name], f"rules.{option.name}")
        except ValueError as exc:
            raise NotationError(f"JSON: {exc}") from None
    rules = Rules(**values)
    if data["preset"] != rules.name and not (
        data["preset"] == "custom" and rules.name not in PRESETS
    ):
        raise NotationError(f"JSON: the rules are {rules.name!r}, not {shown(data['preset'])}")
    return rules


def state_from_dict(data: Any) -> AeroplaneState:
    """The state a plain object (from ``state_to_dict``) describes, validated.

    Args:
        data: Decoded JSON: an object with the state's fields and no other, written
            as ``state_to_dict`` writes it: names are canonical (``"R"``, ``"R1"``,
            ``"RT"``: exact case); ``colours``, ``sixed`` and each stack list each item
            once, in order (colours clockwise, planes ascending), the stacks by their
            lowest plane; ``planes`` lists every plane of the colours in the game and no
            other; numbers are ``int``, the turn 1..1000000, lists at most 16 items.

    Raises:
        NotationError: If a field is missing, unknown, of the wrong type or value, not
            in its one canonical form, or the state breaks a rule of the game (the
            message says which, with its path: ``sixed[1]``).
    """
    _check_head(data, "state")
    try:
        colours = [_colour(c) for c in _need(data, "colours", list)]
        seats = tuple(colours)
        if not 2 <= len(seats) <= 4:
            raise NotationError(f"JSON: colours: a game has 2 to 4 colours, not {len(seats)}")
        _ascending("colours", colours, COLOURS.__getitem__, "colours are in turn order: R, Y, B, G")
        planes = [HANGAR] * 16
        for name, where in _need(data, "planes", dict).items():
            p = _plane(name)
            if p >> 2 not in seats:
                raise NotationError(f"JSON: planes.{name}: {COLOURS[p >> 2]} is not in the game")
            if not isinstance(where, str):
                raise NotationError(f"JSON: planes.{name}: the square is a string")
            if where != "hangar":
                k = PROGRESS_AT[p >> 2][_square(where)]
                if k == HANGAR:
                    raise NotationError(f"JSON: planes.{name}: {name} cannot be on {where}")
                planes[p] = k
        groups = []
        for i, st in enumerate(_need(data, "stacks", list)):
            if not isinstance(st, list) or len(st) > 4:
                raise NotationError(f"JSON: stacks[{i}]: a stack is a list of 2 to 4 plane names")
            group = [_plane(n) for n in st]
            _ascending(f"stacks[{i}]", group, plane_name, "a stack lists its planes in order")
            groups.append(tuple(group))
        if groups != sorted(groups):
            raise NotationError("JSON: stacks: the stacks are listed by their lowest plane")
        stacks = tuple(groups)
        marked = [_plane(name) for name in _need(data, "sixed", list)]
        _ascending("sixed", marked, plane_name, "sixed lists its planes in order")
        sixed = 0
        for p in marked:
            sixed |= 1 << p
        roll = data.get("roll", 0)
        if roll is not None and not _int(roll):
            raise NotationError(f"JSON: field 'roll' is an integer or null, not {shown(roll)}")
        finished = tuple(_colour(c) for c in _need(data, "finished", list))
        # "over" is derived, but for the turn limit it is what says the game ended [AC21]
        rules = _rules_from_dict(data.get("rules"))
        limit = data.get("over") is True and not race_over(seats, finished, rules.teams)
        state = AeroplaneState(
            rules=rules,
            seats=seats,
            planes=tuple(planes),
            stacks=stacks,
            to_move=_colour(_need(data, "to_move", str)),
            roll=0 if roll is None else roll,
            sixes=_need(data, "sixes", int),
            sixed=sixed,
            finished=finished,
            turn=_need(data, "turn", int),
            turn_limit=limit,
        )
        check_state(state)
    except NotationError:
        raise
    except (ValueError, TypeError) as exc:  # includes PositionError
        problem = exc.problem if isinstance(exc, PositionError) else str(exc)
        raise NotationError(f"JSON: {problem}") from None
    if len(data["planes"]) != 4 * len(seats):
        raise NotationError("JSON: planes lists every plane of the colours in play")
    for key, value in (("chance_node", state.is_chance_node), ("over", state.is_over)):
        if data.get(key, value) is not value:
            raise NotationError(f"JSON: {key} is {value} for this state")
    return state


def move_from_dict(data: Any) -> Move:
    """The move a plain object (from ``move_to_dict``) describes.

    Args:
        data: Decoded JSON: an object with the fields of its kind and no other; names are
            canonical (``"R1"``, ``"RT"``).

    Raises:
        NotationError: If the object is not a move.
    """
    _check_head(data, "move")
    kind = data.get("kind")
    allowed = {
        "roll": {"value"},
        "pass": set(),
        "launch": {"plane", "square"},
        "fly": {"plane", "square", "stack"},
    }.get(kind if isinstance(kind, str) else "", set())
    extra = set(data) - allowed - {"format_version", "game", "type", "kind"}
    if extra:
        raise NotationError(f"JSON: field {sorted(extra)[0]!r} is not one of a {kind} move")
    try:
        if kind == "roll":
            return Move.roll(_need(data, "value", int))
        if kind == "pass":
            return Move.PASS
        if kind == "launch":
            move = Move.launch(_plane(_need(data, "plane", str)))
            if move.square != _square(_need(data, "square", str)):
                raise NotationError("JSON: a launch goes to the plane's take-off square")
            return move
        if kind == "fly":
            stack = _need(data, "stack", bool)
            plane, square = _plane(_need(data, "plane", str)), _square(_need(data, "square", str))
            return Move.fly(plane, square, stack=stack)
    except NotationError:
        raise
    except ValueError as exc:
        raise NotationError(f"JSON: {exc}") from None
    raise NotationError(f"JSON: a move's kind is one of {', '.join(_KINDS)}, not {shown(kind)}")


def from_json(text: str) -> AeroplaneState | Move:
    """The state or move a JSON text holds.

    Args:
        text: JSON text (``str`` or UTF-8 ``bytes``), at most ``MAX_JSON_TEXT`` (256 KiB),
            no key twice in an object.

    Raises:
        NotationError: If the text is too long, not JSON, or not a valid state or move;
            for bad JSON, ``index`` is where the parser stopped.
    """
    data = load_json(text)
    if isinstance(data, dict) and data.get("type") == "move":
        return move_from_dict(data)
    return state_from_dict(data)
