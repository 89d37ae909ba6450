"""JSON for states and moves: plain objects a JavaScript frontend reads as is.

Every object has ``"format_version": 1``, ``"game": "aeroplane-chess"`` and ``"type"``
(``"state"`` or ``"move"``); colours, planes and squares are written by name. Reading
checks every value with ``astroplane.kit.jsonread``: an error is a ``JsonPathError`` whose
message starts with the value's JSON path (``state.colours[1]``). The JSON
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
from astroplane.games.aeroplane_chess.options import VARIANTS
from astroplane.games.aeroplane_chess.play import MAX_TURN, race_over
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.envelope import JSON_FUNCTIONS, JsonEnvelope
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    ascending,
    boolean,
    canonical,
    field,
    integer,
    load_json,
    mapping,
    read_head,
)
from astroplane.kit.limits import shown

__all__ = list(JSON_FUNCTIONS)

#: The envelope of the documents: game, format version, schema.
ENVELOPE = JsonEnvelope(
    "aeroplane-chess", 1, "astroplane.games.aeroplane_chess", "aeroplane-chess.schema.json"
)
FORMAT_VERSION, _GAME = ENVELOPE.version, "aeroplane-chess"
_KINDS = ("roll", "launch", "fly", "pass")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of states and moves, read from the package (a new
    copy each call: edit it freely). It validates under Ajv2020 in strict mode.

    Examples:
        >>> json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    return ENVELOPE.schema()


def state_to_dict(state: AeroplaneState) -> dict[str, Any]:
    """A state as a plain object (``chance_node`` and ``over`` are derived, for readers).

    Every plane of the colours in play is listed, at a square name or ``"hangar"``; an
    arrived plane is on its centre (``"RH6"``).
    """
    planes = {}
    for p, k in enumerate(state.planes):
        if p >> 2 in state.seats:
            planes[plane_name(p)] = "hangar" if k == HANGAR else square_name(SQUARE_OF[p >> 2][k])
    out = ENVELOPE.head("state")
    out.update(
        {
            "rules": VARIANTS.to_dict(state.rules),
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
    out = ENVELOPE.head("move")
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


_STATE_FIELDS = ("rules", "colours", "to_move", "roll", "sixes", "turn", "planes", "stacks",
                 "sixed", "finished", "chance_node", "over")  # fmt: skip
#: The fields of each kind of move, besides ``kind`` and the envelope.
_KIND_FIELDS = {
    "roll": ("value",),
    "pass": (),
    "launch": ("plane", "square"),
    "fly": ("plane", "square", "stack"),
}
_MOST = 16  # items in a JSON list of a state


def _colour(value: Any, path: str) -> int:
    return canonical(
        value, path, colour_from_name, COLOURS.__getitem__, "a colour letter R, Y, B or G"
    )


def _plane(value: Any, path: str) -> int:
    return canonical(value, path, plane_from_name, plane_name, "a plane name such as R1")


def _square(value: Any, path: str) -> int:
    return canonical(value, path, square_from_name, square_name, "a square name such as 14 or RT")


def _planes(value: Any, path: str, most: int, order: str) -> list[int]:
    """A list of plane names, each once, in ascending order (one spelling [AC18])."""
    items = [_plane(v, f"{path}[{i}]") for i, v in enumerate(array(value, path, most))]
    return ascending(items, path, plane_name, order)


def _board(
    d: dict[str, Any], seats: tuple[int, ...]
) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """The planes' progress and the stacks of a state object."""
    planes = [HANGAR] * 16
    for name, where in mapping(field(d, "planes", "state"), "state.planes").items():
        p = _plane(name, "state.planes")
        path = f"state.planes.{name}"
        if p >> 2 not in seats:
            raise JsonPathError(path, f"{COLOURS[p >> 2]} is not in the game")
        if not isinstance(where, str):
            raise JsonPathError(path, "the square is a string")
        if where != "hangar":
            k = PROGRESS_AT[p >> 2][_square(where, path)]
            if k == HANGAR:
                raise JsonPathError(path, f"{name} cannot be on {where}")
            planes[p] = k
    groups = []
    for i, st in enumerate(array(field(d, "stacks", "state"), "state.stacks", _MOST)):
        path = f"state.stacks[{i}]"
        groups.append(tuple(_planes(st, path, 4, "a stack lists its planes in order")))
    if groups != sorted(groups):
        raise JsonPathError("state.stacks", "the stacks are listed by their lowest plane")
    return planes, tuple(groups)


def state_from_dict(data: Any) -> AeroplaneState:
    """The state a plain object (from ``state_to_dict``) describes, validated.

    Args:
        data: Decoded JSON: an object with the state's fields and no other, written
            as ``state_to_dict`` writes it: names are canonical (``"R"``, ``"R1"``,
            ``"RT"``: exact case); ``colours``, ``sixed`` and each stack list each item
            once, in order (colours clockwise, planes ascending), the stacks by their
            lowest plane; ``planes`` lists every plane of the colours in the game and no
            other; numbers are ``int``, the turn 1..1000000, lists at most 16 items;
            ``roll``, ``chance_node`` and ``over`` may be left out; ``rules`` is
            ``VARIANTS.to_dict``'s (the preset rules text names, then every option).

    Raises:
        NotationError: If a field is missing, unknown, of the wrong type or value, not
            in its one canonical form, or the state breaks a rule of the game; the
            message starts with the JSON path (``state.sixed[1]``); a ``JsonPathError``
            (``UnknownVariantError`` for a preset no variant has).
    """
    d = read_head(data, "state", _GAME, "state", _STATE_FIELDS, version=FORMAT_VERSION)
    items = array(field(d, "colours", "state"), "state.colours", _MOST)
    colours = [_colour(c, f"state.colours[{i}]") for i, c in enumerate(items)]
    seats = tuple(colours)
    if not 2 <= len(seats) <= 4:
        raise JsonPathError("state.colours", f"a game has 2 to 4 colours, not {len(seats)}")
    ascending(
        colours, "state.colours", COLOURS.__getitem__, "colours are in turn order: R, Y, B, G"
    )
    planes, stacks = _board(d, seats)
    marked = _planes(
        field(d, "sixed", "state"), "state.sixed", _MOST, "sixed lists its planes in order"
    )
    roll = d.get("roll", 0)
    if roll is not None:
        integer(roll, "state.roll", 0, 6)
    items = array(field(d, "finished", "state"), "state.finished", _MOST)
    finished = tuple(_colour(c, f"state.finished[{i}]") for i, c in enumerate(items))
    # "over" is derived, but for the turn limit it is what says the game ended [AC21]
    rules = VARIANTS.from_dict(field(d, "rules", "state"), "state.rules")
    limit = d.get("over") is True and not race_over(seats, finished, rules.teams)
    try:
        state = AeroplaneState(
            rules=rules,
            seats=seats,
            planes=tuple(planes),
            stacks=stacks,
            to_move=_colour(field(d, "to_move", "state"), "state.to_move"),
            roll=roll or 0,
            sixes=integer(field(d, "sixes", "state"), "state.sixes", 0, 2),
            sixed=sum(1 << p for p in marked),
            finished=finished,
            turn=integer(field(d, "turn", "state"), "state.turn", 1, MAX_TURN),
            turn_limit=limit,
        )
        check_state(state)
    except NotationError:
        raise
    except (ValueError, TypeError) as exc:  # includes PositionError
        problem = exc.problem if isinstance(exc, PositionError) else str(exc)
        raise JsonPathError("state", problem) from None
    if len(d["planes"]) != 4 * len(seats):
        raise JsonPathError("state.planes", "planes lists every plane of the colours in play")
    for key, value in (("chance_node", state.is_chance_node), ("over", state.is_over)):
        if d.get(key, value) is not value:
            raise JsonPathError(f"state.{key}", f"{key} is {value} for this state")
    return state


def move_from_dict(data: Any) -> Move:
    """The move a plain object (from ``move_to_dict``) describes.

    Args:
        data: Decoded JSON: an object with the fields of its kind and no other; names are
            canonical (``"R1"``, ``"RT"``).

    Raises:
        NotationError: If the object is not a move; the message starts with the JSON
            path (``move.value``); a ``JsonPathError``.
    """
    kind = data.get("kind") if isinstance(data, dict) else None
    allowed = _KIND_FIELDS.get(kind if isinstance(kind, str) else "", ())
    d = read_head(data, "move", _GAME, "move", ("kind", *allowed), version=FORMAT_VERSION)
    if kind == "roll":
        value = field(d, "value", "move")
        if type(value) is not int:
            raise JsonPathError("move.value", "expected an integer")
        try:
            return Move.roll(value)
        except ValueError as exc:
            raise JsonPathError("move.value", str(exc)) from None
    if kind == "pass":
        return Move.PASS
    if kind in ("launch", "fly"):
        stack = boolean(field(d, "stack", "move"), "move.stack") if kind == "fly" else False
        plane = _plane(field(d, "plane", "move"), "move.plane")
        square = _square(field(d, "square", "move"), "move.square")
        if kind == "fly":
            try:
                return Move.fly(plane, square, stack=stack)
            except ValueError as exc:
                raise JsonPathError("move", str(exc)) from None
        move = Move.launch(plane)
        if move.square != square:
            raise JsonPathError("move.square", "a launch goes to the plane's take-off square")
        return move
    raise JsonPathError(
        "move.kind", f"a move's kind is one of {', '.join(_KINDS)}, not {shown(kind)}"
    )


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
