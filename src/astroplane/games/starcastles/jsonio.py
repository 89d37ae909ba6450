"""JSON for states and moves [SC20]: plain objects a JavaScript frontend reads as is.

Every object has ``"format_version": 1``, ``"game": "starcastles"`` and ``"type"``
(``"state"`` or ``"move"``). Points are named [SC10], stacks written as stack text
[SC13], players by number. A state::

    {"format_version": 1, "game": "starcastles", "type": "state",
     "rules": {"preset": "starcastles", "arm": 2, ...},
     "arms": [0, 3], "first": 0, "to_move": 0, "round": 1,
     "stacks": {"a1": "P0B0S0", ...}, "controlled": ["h1"],
     "gems": [null, "e3"], "gems_left": [4, 3], "removed": false,
     "winner": null, "outcome": ""}

``stacks`` lists the points that hold modules, in point order; ``controlled`` the
controlled complete castles; ``gems`` each player's Phase Gem on the board or null;
``outcome`` is ``""``, ``"win"`` or ``"draw"`` (written for frontends, checked when read).
A move: ``{"kind": "step" | "slide" | "castle" | "swap" | "gem" | "pass", "from": point or
null, "to": point or null, "notation": "Sb1-c3"}``.

Types are exact and every error names the JSON path (``state.stacks.e3``). A JSON
Schema (draft 2020-12) of both ships with the package (``json_schema()``) [SC28].

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> s = new_game(2)
    >>> d = state_to_dict(s)
    >>> d["arms"], d["stacks"]["a1"], d["gems"], d["outcome"]
    ([0, 3], 'P0B0S0', [None, None], '')
    >>> from_json(to_json(s)) == s
    True
    >>> move_to_dict(s, s.legal_moves()[0])["notation"]
    'Sb1-c4'
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from astroplane.games.starcastles.board import star_board
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.notation import format_move
from astroplane.games.starcastles.options import VARIANTS
from astroplane.games.starcastles.play import why_illegal
from astroplane.games.starcastles.position import state_problems, upgrade_win
from astroplane.games.starcastles.stacks import stack_from_text, stack_text
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit.envelope import JSON_FUNCTIONS, JsonEnvelope
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    boolean,
    field,
    integer,
    load_json,
    mapping,
    read_head,
    string,
)

__all__ = [*JSON_FUNCTIONS, "move_from_json"]

#: The envelope of the documents: game, format version, schema.
ENVELOPE = JsonEnvelope("starcastles", 1, "astroplane.games.starcastles", "starcastles.schema.json")
FORMAT_VERSION, _GAME = ENVELOPE.version, "starcastles"
_KINDS = ("step", "slide", "castle", "swap", "gem", "pass")  # by MoveKind
_STATE_FIELDS = (
    "rules", "arms", "first", "to_move", "round", "stacks", "controlled", "gems",
    "gems_left", "removed", "winner", "outcome",
)  # fmt: skip
_MOVE_FIELDS = ("kind", "from", "to", "notation")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the states and moves this module writes [SC28],
    a new dict each call. It checks names, shapes, types and ranges, the points of the
    state's board included; the readers check the rest (a gem and a count per player,
    arms strictly increasing, the modules each player has, the state's consistency).

    Examples:
        >>> json_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    return ENVELOPE.schema()


def state_to_dict(state: StarCastlesState) -> dict[str, Any]:
    """The state as JSON data (the module docstring's fields).

    Raises:
        UnknownVariantError: If the rules are no registered variant's.
    """
    names = state.board.names
    return {
        **ENVELOPE.head("state"),
        "rules": VARIANTS.to_dict(state.rules),
        "arms": list(state.arms),
        "first": state.first,
        "to_move": state.to_move,
        "round": state.round,
        "stacks": {names[p]: stack_text(c) for p, c in enumerate(state.cells) if c},
        "controlled": [names[p] for p in range(len(names)) if state.controlled >> p & 1],
        "gems": [names[g] if g >= 0 else None for g in state.gems],
        "gems_left": list(state.gems_left),
        "removed": state.removed,
        "winner": state.winner,
        "outcome": state.outcome,
    }


def to_json(state: StarCastlesState, indent: int | None = None) -> str:
    """The state as JSON text (``state_to_dict``).

    Raises:
        UnknownVariantError: If the rules are no registered variant's.
    """
    return json.dumps(state_to_dict(state), indent=indent)


def _point(board_points: dict[str, int], value: Any, path: str) -> int:
    if not isinstance(value, str) or value not in board_points:
        raise JsonPathError(path, f"expected a point name of the {len(board_points)}-point board")
    return board_points[value]


def state_from_dict(data: Any, path: str = "state") -> StarCastlesState:
    """The state JSON data describes, checked like every state.

    Raises:
        NotationError: (``JsonPathError``) If a field is missing, unknown, of the wrong
            type or out of range, or the state is impossible (``position.state_problems``);
            the message starts with the JSON path.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> d = state_to_dict(new_game(2))
        >>> d["stacks"]["e3"] = "P0"
        >>> state_from_dict(d)
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: state: player 0 has 4 modules P on the \
board (three each)
    """
    d = read_head(data, path, _GAME, "state", _STATE_FIELDS, version=FORMAT_VERSION)
    rules = VARIANTS.from_dict(field(d, "rules", path), f"{path}.rules")
    board = star_board(rules.arm)
    at = dict(board.graph.index)
    arms_value = array(field(d, "arms", path), f"{path}.arms", 6)
    arms = tuple(integer(a, f"{path}.arms[{i}]", 0, 5) for i, a in enumerate(arms_value))
    if len(arms) < 2 or any(a >= b for a, b in itertools.pairwise(arms)):
        raise JsonPathError(f"{path}.arms", "expected 2 to 6 arms 0..5, strictly increasing")
    n = len(arms)
    first = integer(field(d, "first", path), f"{path}.first", 0, n - 1)
    mover = integer(field(d, "to_move", path), f"{path}.to_move", 0, n - 1)
    rnd = integer(field(d, "round", path), f"{path}.round", 1, rules.max_rounds + 1)
    stacks = mapping(field(d, "stacks", path), f"{path}.stacks", "an object of point: stack text")
    cells = [0] * len(board)
    for name, text in stacks.items():
        p = _point(at, name, f"{path}.stacks")
        try:
            cells[p] = stack_from_text(text)
        except ValueError as exc:
            raise JsonPathError(f"{path}.stacks.{name}", str(exc)) from None
    ctrl = 0
    listed = array(field(d, "controlled", path), f"{path}.controlled", len(board), unique=True)
    for i, name in enumerate(listed):
        ctrl |= 1 << _point(at, name, f"{path}.controlled[{i}]")
    gems_value = array(field(d, "gems", path), f"{path}.gems", n)
    if len(gems_value) != n:
        raise JsonPathError(f"{path}.gems", f"expected {n} items, one per player")
    gems = tuple(
        -1 if g is None else _point(at, g, f"{path}.gems[{i}]") for i, g in enumerate(gems_value)
    )
    left_value = array(field(d, "gems_left", path), f"{path}.gems_left", n)
    if len(left_value) != n:
        raise JsonPathError(f"{path}.gems_left", f"expected {n} items, one per player")
    left = tuple(integer(g, f"{path}.gems_left[{i}]", 0, 4) for i, g in enumerate(left_value))
    removed = boolean(field(d, "removed", path), f"{path}.removed")
    winner_value = field(d, "winner", path)
    winner = None if winner_value is None else integer(winner_value, f"{path}.winner", 0, n - 1)
    state = StarCastlesState(
        rules=rules, arms=arms, first=first, cells=tuple(cells), controlled=ctrl, gems=gems,
        gems_left=left, removed=removed, to_move=mover, round=rnd, winner=winner,
    )  # fmt: skip
    state = upgrade_win(state) or state  # written before [SC30]: to_move the winner
    for where, problem in state_problems(state):
        raise JsonPathError(path if where == "board" else f"{path}.{where}", problem)
    string(field(d, "outcome", path), f"{path}.outcome", (state.outcome,))
    return state


def from_json(text: str | bytes) -> StarCastlesState:
    """The state a JSON text describes (``state_from_dict`` of ``load_json``).

    Raises:
        NotationError: If the text is not JSON within the limits, or not a valid state
            (the message starts with the JSON path).
    """
    return state_from_dict(load_json(text, "a StarCastles state JSON text"))


def move_to_dict(state: StarCastlesState, move: Move) -> dict[str, Any]:
    """A legal move of ``state`` as JSON data: kind, from and to points, notation.

    Raises:
        IllegalMoveError: If ``move`` is not legal in ``state``.
    """
    notation = format_move(state, move)
    names = state.board.names
    return {
        **ENVELOPE.head("move"),
        "kind": _KINDS[move.kind],
        "from": names[move.frm] if move.frm >= 0 else None,
        "to": names[move.to] if move.to >= 0 else None,
        "notation": notation,
    }


def move_from_dict(state: StarCastlesState, data: Any, path: str = "move") -> Move:
    """The legal move of ``state`` that JSON data describes (``notation`` is optional on
    reading; when given it must be the move's).

    Raises:
        NotationError: (``JsonPathError``) If a field is missing, unknown or of the wrong
            type, or the move is not legal in ``state`` (the message says why).

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> s = new_game(2)
        >>> move_from_dict(s, {"format_version": 1, "game": "starcastles", "type": "move",
        ...                    "kind": "pass", "from": None, "to": None})
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: move: illegal move: [SC3] player 0 has a \
move, so may not pass
    """
    d = read_head(data, path, _GAME, "move", _MOVE_FIELDS, version=FORMAT_VERSION)
    kind = MoveKind(_KINDS.index(string(field(d, "kind", path), f"{path}.kind", _KINDS)))
    at = dict(state.board.graph.index)
    frm_value, to_value = field(d, "from", path), field(d, "to", path)
    if kind == MoveKind.PASS:
        if frm_value is not None or to_value is not None:
            raise JsonPathError(path, "a pass has from and to null")
        move = Move.PASS
    elif kind == MoveKind.GEM:
        if frm_value is not None:
            raise JsonPathError(f"{path}.from", "a gem has from null")
        move = Move.gem(_point(at, to_value, f"{path}.to"))
    else:
        p = _point(at, frm_value, f"{path}.from")
        q = _point(at, to_value, f"{path}.to")
        if p == q:
            raise JsonPathError(f"{path}.to", "a move goes from one point to another")
        move = Move(kind, p, q)
    if not state.is_legal(move):
        raise JsonPathError(path, f"illegal move: {why_illegal(state, move)}")
    if "notation" in d:
        string(d["notation"], f"{path}.notation", (format_move(state, move),))
    return move


def move_from_json(state: StarCastlesState, text: str | bytes) -> Move:
    """The legal move of ``state`` a JSON text describes (``move_from_dict``).

    Raises:
        NotationError: If the text is not JSON within the limits, or no legal move.
    """
    return move_from_dict(state, load_json(text, "a StarCastles move JSON text"))
