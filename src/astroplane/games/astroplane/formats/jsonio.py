"""JSON for states, moves and outcomes: plain objects a JavaScript frontend reads as is.

Every object has ``"format_version": 1``, ``"game": "astroplane"`` and ``"type"``
(``"state"``, ``"move"`` or ``"outcome"``); the readers also take objects without
``"game"``, as earlier versions wrote them, and refuse one naming another game. The fields
are documented on the Formats page and checked by the JSON Schema ``json_schema`` (draft
2020-12) shipped with the package.
Seats, pieces, cells and positions are written by name (``"S"``, ``"N3"``,
``"e2"``, ``"e2.ne"``, ``"a1S"``, ``"Sl"``).

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> d = state_to_dict(s)
    >>> d["stacks"]["Sl"], d["reserve"]
    (['S1', 'S2', 'S3'], {'S': 4, 'N': 4})
    >>> state_from_dict(d) == s and from_json(to_json(s)) == s
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.games.astroplane.formats.notation import format_move
from astroplane.games.astroplane.formats.position import state_from_fields
from astroplane.games.astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.games.astroplane.outcome import EndReason, Outcome
from astroplane.games.astroplane.pieces import (
    PIECES_PER_PLAYER,
    SEAT_NAMES,
    piece_from_name,
    piece_name,
)
from astroplane.games.astroplane.rules.ruleset import (
    VARIANTS,
    Rules,
    action_named,
    action_of_kind,
)
from astroplane.games.astroplane.rules.validate import MAX_TURN
from astroplane.games.astroplane.rules.variants import ActionType
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology
from astroplane.kit.envelope import JSON_FUNCTIONS, JsonEnvelope
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    canonical,
    field,
    integer,
    load_json,
    mapping,
    packaged_schema,
    states_only,
)

__all__ = [
    *JSON_FUNCTIONS,
    "events_schema",
    "load_json",
    "outcome_from_dict",
    "outcome_to_dict",
    "state_from_json",
]

T = TypeVar("T")

#: The envelope of the documents: ``"game"`` may be missing (JSON written before it was).
ENVELOPE = JsonEnvelope(
    "astroplane", 1, "astroplane.games.astroplane.formats", "astroplane.schema.json",
    game_optional=True,
)  # fmt: skip
#: The version of the JSON formats; readers reject other versions.
FORMAT_VERSION = ENVELOPE.version
_KINDS = ("step", "travel", "fire", "square", "eliminate", "end_turn")
_SIDES = ("left", "right")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of states, moves and outcomes, from the package
    (a new copy each call: edit it freely).

    It describes the reference board's names (cells ``a1`` .. ``j10``) and validates under
    Ajv (``Ajv2020``) in strict mode; the Formats page shows how a frontend uses it. What
    one object cannot say (a piece in two stacks, a position that breaks the rules) the
    readers check.

    Examples:
        >>> json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    return ENVELOPE.schema()


def events_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a move's events: an array of the objects that
    ``effects_to_dicts`` (``astroplane.games.astroplane.formats.events``) writes (a new
    copy each call).

    Examples:
        >>> sorted(events_schema()["$defs"])[:3]
        ['bonus_move', 'cell', 'eliminated']
    """
    return packaged_schema("astroplane.games.astroplane.formats", "events.schema.json")


# ---------------------------------------------------------------- writing
def outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    """An outcome as a plain object: ``scores`` has the seats of the game (a 2-player game
    two of them).

    Examples:
        >>> from astroplane import EndReason, Outcome
        >>> out = Outcome((0,), (5, 2), False, EndReason.STUCK, 9, seats=(0, 2))
        >>> outcome_to_dict(out)["scores"]
        {'S': 5, 'N': 2}
    """
    return {
        **ENVELOPE.head("outcome"),
        "winners": [SEAT_NAMES[s] for s in outcome.winners],
        "scores": {
            SEAT_NAMES[s]: x for s, x in zip(outcome.seats, outcome.seat_scores, strict=True)
        },
        "true_win": outcome.true_win,
        "reason": outcome.reason.value,
        "turn": outcome.turn,
    }


def move_to_dict(
    move: Move,
    *,
    topology: Topology = REFERENCE_BOARD,
    state: GameState | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """A move as a plain object; with ``state``, its notation is added as ``"notation"``
    (and the board and rules are the state's).

    A variant's own action is written ``{"kind": name, "from": ..., "to": ...,
    "choice": ...}`` with the names its ``ActionType`` declares; its rules come from
    ``state`` or ``rules``. Whatever it writes, ``move_from_dict`` reads back equal.

    Raises:
        ValueError: If ``move`` is not a ``Move``, or its numbers do not fit its kind on
            ``topology`` (a position or cell out of range, a target or choice a kind
            does not have, a reserve choice a move into the Singularity cannot make), or
            its kind is no action of the rules; the message names the field.
        IllegalMoveError: If ``state`` is given and the move is not legal there.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game()
        >>> move_to_dict(s.legal_moves()[0], state=s)
        {'format_version': 1, 'game': 'astroplane', 'type': 'move', 'kind': 'step', \
'from': 'Sl', 'to': 'e2.ne', 'send_back_right': [], 'notation': 'Sl-e2ne'}
    """
    if not isinstance(move, Move):
        raise ValueError(f"not a Move but {type(move).__name__}")
    t = topology if state is None else state.topology
    kind = move.kind
    if not 0 <= kind < len(_KINDS):
        action = action_of_kind(state.rules if state is not None else rules, kind)
        out = {**ENVELOPE.head("move"), "kind": action.name}
        out["from"] = _end_name(t, action.origin, move.origin, "origin")
        out["to"] = _end_name(t, action.target, move.target, "target")
        out["choice"] = move.choice
        if state is not None:
            out["notation"] = format_move(state, move)
        return out
    out = {**ENVELOPE.head("move"), "kind": _KINDS[kind]}
    if kind in (MoveKind.STEP, MoveKind.TRAVEL):
        out["from"] = _field_name(t.position_name, move.origin, "origin")
        out["to"] = _field_name(t.position_name, move.target, "target")
        if _into_singularity(t, move.target):
            if move.choice > 2:
                raise ValueError(
                    f"Move.choice {move.choice}: a piece entering the Singularity brings in "
                    "at most one reserve piece (0..2)"
                )
            out["reserve"] = [_SIDES[x] for x in RESERVE_CHOICES[move.choice]]
        else:
            out["send_back_right"] = [SEAT_NAMES[s] for s in range(4) if move.choice >> s & 1]
    elif kind == MoveKind.FIRE:
        out["from"] = _field_name(t.cell_name, move.origin, "origin")
        _none(move.target, "target", "a firing")
        if move.choice >= len(RESERVE_CHOICES):
            raise ValueError(f"Move.choice {move.choice}: a firing's reserve choice is 0..5")
        out["to"] = None
        out["reserve"] = [_SIDES[x] for x in RESERVE_CHOICES[move.choice]]
    elif kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        out["from"] = _field_name(t.cell_name, move.origin, "origin")
        out["to"] = _field_name(t.cell_name, move.target, "target")
        _zero_choice(move, _KINDS[kind])
    else:
        _none(move.origin, "origin", "end_turn")
        _none(move.target, "target", "end_turn")
        _zero_choice(move, "end_turn")
        out["from"] = out["to"] = None
    if state is not None:
        out["notation"] = format_move(state, move)
    return out


def _field_name(name_of: Any, value: int, field: str) -> str:
    try:
        name: str = name_of(value)
    except ValueError as exc:
        raise ValueError(f"Move.{field}: {exc}") from None
    return name


def _none(value: int, field: str, what: str) -> None:
    if value != -1:
        raise ValueError(f"Move.{field} {value}: {what} has none (-1)")


def _zero_choice(move: Move, what: str) -> None:
    if move.choice:
        raise ValueError(f"Move.choice {move.choice}: a {what} move has no choice (0)")


def _into_singularity(t: Topology, position: int) -> bool:
    return t.is_singularity_position(position)


def _end_name(t: Topology, what: str, value: int, field: str) -> str | None:
    """The name of a variant action's origin or target (None when it has none)."""
    if what == "none":
        _none(value, field, "this action")
        return None
    return _field_name(t.position_name if what == "position" else t.cell_name, value, field)


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A state as a plain object (see the Formats page for every field).

    Raises:
        ValueError: If the rules have custom hooks, which JSON cannot describe.
    """
    t = state.topology
    return {
        **ENVELOPE.head("state"),
        "rules": VARIANTS.to_dict(state.rules),
        "seats": [SEAT_NAMES[s] for s in state.seats],
        "to_move": SEAT_NAMES[state.to_move],
        "moves_left": state.moves_left,
        "turn": state.turn,
        "last_progress": state.last_progress,
        "stacks": {
            t.position_name(p): [piece_name(q) for q in st]
            for p, st in enumerate(state.stacks)
            if st
        },
        "reserve": {SEAT_NAMES[s]: state.reserve[s] for s in state.seats},
        "eliminated": [{"piece": piece_name(p), "by": SEAT_NAMES[b]} for p, b in state.eliminated],
        "removed": [SEAT_NAMES[s] for s in state.removed],
        "travelled": [piece_name(p) for p in range(40) if state.travelled >> p & 1],
        "landed": [piece_name(p) for p in range(40) if state.landed >> p & 1],
        "outcome": None if state.outcome is None else outcome_to_dict(state.outcome),
    }


def to_json(value: GameState | Move | Outcome, *, indent: int | None = None) -> str:
    """JSON text of a state, move (reference board) or outcome.

    Raises:
        TypeError: If ``value`` is none of these (a programming error, as in
            ``json.dumps``).
        ValueError: As ``state_to_dict`` and ``move_to_dict``.
    """
    if isinstance(value, GameState):
        data = state_to_dict(value)
    elif isinstance(value, Move):
        data = move_to_dict(value)
    elif isinstance(value, Outcome):
        data = outcome_to_dict(value)
    else:
        raise TypeError(f"cannot write {type(value).__name__} as astroplane JSON")
    return json.dumps(data, indent=indent)


# ---------------------------------------------------------------- reading
# The value checks are the kit's (astroplane.kit.jsonread); a JsonPathError names the path.
_Bad = JsonPathError
_get = field
_int = integer


def _obj(value: Any, path: str, kind: str, fields: tuple[str, ...]) -> dict[str, Any]:
    return ENVELOPE.read(value, kind, fields, path)


def _list(value: Any, path: str, most: int = 4 * PIECES_PER_PLAYER) -> list[Any]:
    return array(value, path, most)


def _seat(value: Any, path: str) -> int:
    if not isinstance(value, str) or len(value) != 1 or value not in SEAT_NAMES:
        raise _Bad(path, "expected a seat: S, W, N or E")
    return SEAT_NAMES.index(value)


def _piece(value: Any, path: str) -> int:
    """A piece by its canonical name (``"S1"``: upper case, ASCII, nothing around it)."""
    return canonical(value, path, piece_from_name, piece_name, "a piece name such as S1 or N10")


def _name(value: Any, path: str, read: Any, write: Any) -> int:
    """A position or cell by its canonical name: ``read`` then ``write`` gives it back."""
    result: int = canonical(value, path, read, write, "a name on this board")
    return result


def _wrap(path: str, read: Callable[..., T], *args: Any) -> T:
    try:
        return read(*args)
    except _Bad as exc:
        raise NotationError(f"bad {path} JSON: {exc}") from None
    except UnknownVariantError:
        raise
    except NotationError as exc:
        raise NotationError(f"bad {path} JSON: {exc.problem}") from None


def outcome_from_dict(data: Any) -> Outcome:
    """The outcome ``outcome_to_dict`` wrote.

    Args:
        data: Decoded JSON (``json.loads``): an object with exactly the outcome's fields;
            integers are ``int`` (never ``bool`` or ``float``), scores 0..999999999, the
            turn 1..1000000. ``scores`` names the seats of the game (2 to 4 of S, W, N,
            E); an outcome written before outcomes knew their seats has all four (0 for
            seats not in the game) and reads as a 4-seat outcome.

    Raises:
        NotationError: If ``data`` is not a valid outcome object; the message gives the
            JSON path of the bad field.
    """
    return _wrap("outcome", _outcome, data, "outcome")


def _outcome(data: Any, path: str, seats: list[int] | None = None) -> Outcome:
    """The outcome at ``path``; ``seats``: the seats of the state it is part of, if any."""
    fields = ("winners", "scores", "true_win", "reason", "turn")
    d = _obj(data, path, "outcome", fields)
    winners = [_seat(w, f"{path}.winners") for w in _list(_get(d, "winners", path), path, 4)]
    if not winners or winners != sorted(set(winners)):
        raise _Bad(f"{path}.winners", "expected seats, at least one, each once, in order S W N E")
    in_game, scores = _scores(_get(d, "scores", path), f"{path}.scores", seats)
    if not set(winners) <= set(in_game):
        raise _Bad(f"{path}.winners", "expected seats of the game (those of the scores)")
    true_win = _get(d, "true_win", path)
    if not isinstance(true_win, bool):
        raise _Bad(f"{path}.true_win", "expected true or false")
    reasons = {e.value: e for e in EndReason}
    reason = _get(d, "reason", path)
    if not isinstance(reason, str) or reason not in reasons:
        raise _Bad(f"{path}.reason", f"expected one of {', '.join(reasons)}")
    if true_win != (reason == "true_win"):
        raise _Bad(f"{path}.true_win", "true exactly when the reason is true_win")
    turn = _int(_get(d, "turn", path), f"{path}.turn", 1, MAX_TURN)
    return Outcome(tuple(winners), scores, true_win, reasons[reason], turn, seats=in_game)


def _scores(
    raw: Any, path: str, seats: list[int] | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of the game and their scores, from ``{"S": 5, "N": 2}``: the seats of the
    game (``seats``, the state's, when given), or all four with 0 for the seats not in the
    game (the form written before outcomes knew their seats)."""
    if not isinstance(raw, dict) or not 2 <= len(raw) <= 4 or not set(raw) <= set(SEAT_NAMES):
        raise _Bad(path, "expected an object with the seats of the game (2 to 4 of S, W, N, E)")
    named = tuple(sorted(SEAT_NAMES.index(k) for k in raw))
    in_game = named if seats is None else tuple(sorted(set(seats)))
    if named not in (in_game, tuple(range(4))):
        want = ", ".join(SEAT_NAMES[s] for s in in_game)
        raise _Bad(path, f"expected the seats of the game: {want}")
    by_seat = {s: _int(raw[SEAT_NAMES[s]], f"{path}.{SEAT_NAMES[s]}") for s in named}
    for s in named:
        if s not in in_game and by_seat[s] != 0:
            raise _Bad(f"{path}.{SEAT_NAMES[s]}", "a seat not in the game scores 0")
    return in_game, tuple(by_seat[s] for s in in_game)


def move_from_dict(
    data: Any, *, topology: Topology = REFERENCE_BOARD, rules: Rules | None = None
) -> Move:
    """The move ``move_to_dict`` wrote (``"notation"`` is informative and ignored).

    A variant's own action is looked up by its name in ``rules`` (default: every
    registered variant).

    Args:
        data: Decoded JSON: an object with the move's fields; names are canonical (``"S"``,
            ``"e2.ne"``, ``"a1"``: exact case, ASCII, nothing around them), lists are
            short (``send_back_right`` at most 4 seats, ``reserve`` at most 2 sides).
        topology: The board whose names the move uses.
        rules: The rules whose variant actions may be named.

    Raises:
        NotationError: If ``data`` is not a valid move object; the message gives the
            JSON path of the bad field.
    """
    return _wrap("move", _move, data, topology, rules)


def _move(data: Any, t: Topology, rules: Rules | None) -> Move:
    fields = ("kind", "from", "to", "send_back_right", "reserve", "notation", "choice")
    d = _obj(data, "move", "move", fields)
    kind_name = _get(d, "kind", "move")
    if not isinstance(kind_name, str):
        raise _Bad("move.kind", "expected a string")
    if kind_name not in _KINDS:
        action = action_named(rules, kind_name)
        if action is None:
            raise _Bad("move.kind", f"expected one of {', '.join(_KINDS)} or a variant's action")
        return _variant_move(d, t, action)
    if "choice" in d:
        raise _Bad("move.choice", f"not a field of this {kind_name} move")
    kind = _KINDS.index(kind_name)
    src, dst = _get(d, "from", "move"), _get(d, "to", "move")
    allowed: tuple[str, ...] = ()
    choice = 0
    if kind in (MoveKind.STEP, MoveKind.TRAVEL):
        origin = _name(src, "move.from", t.position, t.position_name)
        target = _name(dst, "move.to", t.position, t.position_name)
        if _into_singularity(t, target):
            allowed = ("reserve",)
            choice = _reserve(d.get("reserve", []), "move.reserve", 1)
        else:
            allowed = ("send_back_right",)
            for seat in _list(d.get("send_back_right", []), "move.send_back_right", 4):
                bit = 1 << _seat(seat, "move.send_back_right")
                if choice & bit:
                    raise _Bad("move.send_back_right", "a seat is listed twice")
                choice |= bit
    elif kind in (MoveKind.FIRE, MoveKind.SQUARE, MoveKind.ELIMINATE):
        origin = _name(src, "move.from", t.cell, t.cell_name)
        if kind == MoveKind.FIRE:
            allowed = ("reserve",)
            if dst is not None:
                raise _Bad("move.to", "a firing has no 'to' (null)")
            target = -1
            choice = _reserve(d.get("reserve", []), "move.reserve", 2)
        else:
            target = _name(dst, "move.to", t.cell, t.cell_name)
    else:
        if src is not None or dst is not None:
            raise _Bad("move", "end_turn has null 'from' and 'to'")
        origin = target = -1
    for key in ("send_back_right", "reserve"):
        if key in d and key not in allowed:
            raise _Bad(f"move.{key}", f"not a field of this {kind_name} move")
    if "notation" in d and not isinstance(d["notation"], str):
        raise _Bad("move.notation", "expected a string")
    return Move(kind, origin, target, choice)


def _variant_move(d: dict[str, Any], t: Topology, action: ActionType) -> Move:
    ends = []
    for key, what in (("from", action.origin), ("to", action.target)):
        value = _get(d, key, "move")
        if what == "none":
            if value is not None:
                raise _Bad(f"move.{key}", f"a {action.name} move has no {key!r} (null)")
            ends.append(-1)
        else:
            read, write = (
                (t.position, t.position_name) if what == "position" else (t.cell, t.cell_name)
            )
            ends.append(_name(value, f"move.{key}", read, write))
    for key in ("send_back_right", "reserve"):
        if key in d:
            raise _Bad(f"move.{key}", f"not a field of this {action.name} move")
    choice = _int(d.get("choice", 0), "move.choice", 0, 15)
    return Move(action.kind, ends[0], ends[1], choice)


def _reserve(value: Any, path: str, most: int) -> int:
    sides = []
    for side in _list(value, path, most):
        if not isinstance(side, str) or side not in _SIDES:
            raise _Bad(path, "expected 'left' or 'right'")
        sides.append(_SIDES.index(side))
    if len(sides) > most or tuple(sides) != tuple(sorted(sides)):
        raise _Bad(path, f"at most {most} sides, 'left' before 'right'")
    return RESERVE_CHOICES.index(tuple(sides))


def state_from_dict(data: Any, *, topology: Topology = REFERENCE_BOARD) -> GameState:
    """The state ``state_to_dict`` wrote, validated like a position text.

    Args:
        data: Decoded JSON: an object with exactly the state's fields. Names are
            canonical (``"S"``, ``"N3"``, ``"e2.ne"``: exact case, ASCII), integers are
            ``int`` (turn and ``last_progress`` 0..1000000, reserve counts 0..10), lists
            hold at most 40 items (4 for seats), ``reserve`` names every seat in the game
            and no other.
        topology: The board whose names the state uses.

    Raises:
        NotationError: If ``data`` is not a valid state object (the message gives the
            JSON path of the bad field) or describes an impossible position (see
            ``position_from_text``), including an ``outcome`` that does not follow from
            the position; ``UnknownVariantError`` for rules no variant has.
    """
    return _wrap("state", _state, data, topology)


def _state(data: Any, topology: Topology) -> GameState:
    fields = (
        "rules",
        "seats",
        "to_move",
        "moves_left",
        "turn",
        "last_progress",
        "stacks",
        "reserve",
        "eliminated",
        "removed",
        "travelled",
        "landed",
        "outcome",
    )
    d = ENVELOPE.read(data, "state", fields, complete=True)
    rules = VARIANTS.from_dict(d["rules"], "state.rules")
    seats = [_seat(s, "state.seats") for s in _list(d["seats"], "state.seats", 4)]
    stacks: dict[int | str, list[int | str]] = {}
    for name, pieces in mapping(d["stacks"], "state.stacks").items():
        path = f"state.stacks.{name}"
        pos = _name(name, path, topology.position, topology.position_name)
        if pos in stacks:
            raise _Bad(path, "a position is given twice")
        stacks[pos] = [_piece(p, path) for p in _list(pieces, path)]
        if not stacks[pos]:
            raise _Bad(path, "an empty stack is left out")
    reserve: dict[int | str, int] = {
        _seat(k, "state.reserve"): _int(v, f"state.reserve.{k}", 0, PIECES_PER_PLAYER)
        for k, v in mapping(d["reserve"], "state.reserve").items()
    }
    if sorted(reserve) != sorted(set(seats)):
        raise _Bad("state.reserve", "expected a count for every seat in the game, no other")
    elim = []
    for e in _list(d["eliminated"], "state.eliminated"):
        if not isinstance(e, dict) or sorted(e) != ["by", "piece"]:
            raise _Bad("state.eliminated", "expected objects with 'piece' and 'by'")
        elim.append((_piece(e["piece"], "state.eliminated"), _seat(e["by"], "state.eliminated")))
    kw: dict[str, Any] = {
        "reserve": reserve,
        "eliminated": elim,
        "removed": [_seat(s, "state.removed") for s in _list(d["removed"], "state.removed", 4)],
        "last_progress": _int(d["last_progress"], "state.last_progress", 0, MAX_TURN),
        "travelled": [
            _piece(p, "state.travelled") for p in _list(d["travelled"], "state.travelled")
        ],
        "landed": [_piece(p, "state.landed") for p in _list(d["landed"], "state.landed")],
    }
    outcome = None if d["outcome"] is None else _outcome(d["outcome"], "state.outcome", seats)
    over = None if outcome is None else (outcome.reason, None)
    state = state_from_fields(
        ("", None),
        rules,
        seats,
        _seat(d["to_move"], "state.to_move"),
        _int(d["moves_left"], "state.moves_left"),
        _int(d["turn"], "state.turn", 1, MAX_TURN),
        stacks,
        over,
        kw,
        topology,
    )
    if state.outcome != outcome:
        raise _Bad("state.outcome", f"does not follow from the position: {state.outcome!r}")
    return state


def from_json(text: str | bytes, *, topology: Topology = REFERENCE_BOARD) -> Any:
    """Read JSON text of a state, move or outcome (by its ``"type"``).

    Args:
        text: JSON text, ``str`` or UTF-8 ``bytes``, at most ``MAX_JSON_TEXT`` (256 KiB);
            no object may have a key twice.
        topology: The board whose names the JSON uses.

    Returns:
        A ``GameState``, ``Move`` or
        ``Outcome``.

    Raises:
        NotationError: If the text is too long, not JSON (with the offset) or not a valid
            object (see ``state_from_dict``, ``move_from_dict``, ``outcome_from_dict``).

    Examples:
        >>> from_json('{"format_version": 1, "type": "move", "kind": "end_turn",'
        ...           ' "from": null, "to": null}')
        Move(END_TURN)
    """
    data = load_json(text)
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "state":
        return state_from_dict(data, topology=topology)
    if kind == "move":
        return move_from_dict(data, topology=topology)
    if kind == "outcome":
        return outcome_from_dict(data)
    raise NotationError('astroplane JSON has "type": "state", "move" or "outcome"')


def state_from_json(text: str | bytes, *, topology: Topology = REFERENCE_BOARD) -> GameState:
    """Read JSON text of a state (``GameState.from_json``).

    Raises:
        NotationError: If the text is not JSON of a valid state, or holds a move or an
            outcome.

    Examples:
        >>> from astroplane import new_game
        >>> state_from_json(to_json(new_game(2))) == new_game(2)
        True
    """
    return states_only(from_json, GameState)(text, topology=topology)
