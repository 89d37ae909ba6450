"""Square Off's JSON [SO23]: states and moves read back equal, readers take exactly what
the writer writes and name the JSON path of anything else, and the shipped JSON Schema
accepts every written document (Python jsonschema; Ajv2020 strict when installed)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from so_helpers import play, playout, pos

from astroplane.errors import NotationError
from astroplane.games.square_off import (
    JUMP_OFF,
    PRESETS,
    TRADING_PLACES,
    Move,
    MoveKind,
    Rules,
    from_json,
    json_schema,
    move_from_dict,
    move_to_dict,
    new_game,
    state_from_dict,
    state_to_dict,
    to_json,
)

ALL_RULES = (
    *PRESETS.values(),
    Rules(jumps=True, trades=True, cooldown=True, flying=True, threefold=True),
    Rules(pieces=3, flying=True, threefold=True),
    Rules(pieces=12, trades=True, adjacent_trades=True),
)
AJV_DIR = Path(
    os.environ.get("ASTROPLANE_AJV_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "astroplane-ajv"
)
CHECK = Path(__file__).parents[1] / "ajv_check.cjs"


def _validator() -> jsonschema.Draft202012Validator:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_a_state_has_every_field_by_name() -> None:
    """A state's object holds the head, the rules with every option, and every field of
    the state with seats, points and lines by name."""
    s = play(pos("a7 d7 g7 b2", "a1 d1 f4", rules=JUMP_OFF, in_hand=(0, 0)), "g7-g4")
    d = state_to_dict(s)
    assert list(d) == [
        "format_version", "game", "type", "rules", "points", "in_hand", "removed",
        "turn_of", "to_move", "removals", "cooldown", "turns", "quiet", "history",
        "outcome", "over",
    ]  # fmt: skip
    assert d["rules"]["preset"] == "jump-off" and d["rules"]["pieces"] == 9
    assert d["points"] == {"W": ["a7", "d7", "g4", "b2"], "B": ["f4", "a1", "d1"]}
    assert d["cooldown"] == {"W": ["a7-d7-g7"], "B": []}
    assert (d["turn_of"], d["to_move"], d["turns"], d["history"]) == ("B", "B", 1, [])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES), st.integers(0, 400))
def test_states_and_moves_read_back_equal(seed: int, rules: Rules, plies: int) -> None:
    """JSON text of states and moves of random games reads back equal, and the schema
    accepts every document."""
    states, moves = playout(seed, rules, max_plies=plies)
    validator = _validator()
    for state in [*states[:: max(1, len(states) // 10)], states[-1]]:
        assert from_json(to_json(state)) == state
        validator.validate(state_to_dict(state))
    for move in moves[:20]:
        assert from_json(to_json(move)) == move
        validator.validate(move_to_dict(move))


def test_every_move_kind_round_trips() -> None:
    """Each of the six kinds is written with its word and read back."""
    for move in (Move.place("d2"), Move.slide("d2", "d3"), Move.fly("a7", "g1"),
                 Move.jump("a1", "a7"), Move.trade("a1", "d7"), Move.remove("g7")):  # fmt: skip
        d = move_to_dict(move)
        assert d["kind"] == move.kind.name.lower()
        assert move_from_dict(d) == move


def _state() -> dict[str, Any]:
    s = play(pos("a7 d7 b2", "a1 d1 f4", rules=TRADING_PLACES, in_hand=(1, 0)), "g7")
    return state_to_dict(s)


def _set(d: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    d = copy.deepcopy(d)
    keys = path.split(".")
    target = d
    for k in keys[:-1]:
        target = target[k]
    if value is KeyError:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return d


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format_version", 2, "state.format_version"),
        ("format_version", True, "state.format_version"),
        ("game", "astroplane", "state.game"),
        ("type", "move", "state.type"),
        ("extra", 1, "state: unknown field 'extra'"),
        ("quiet", KeyError, "state: missing field 'quiet'"),
        ("rules.pieces", 9.0, "state.rules.pieces"),
        ("rules.preset", "square-off", "state.rules.preset"),
        ("rules.jumps", 1, "state.rules.jumps"),
        ("points.W", ["a7", "a7"], "state.points.W: 'a7' is listed twice"),
        ("points.W", ["d7", "a7"], r"state.points.W\[1\]: a7 comes before d7: points are listed"),
        ("points.W", ["A7"], r"state.points.W\[0\]"),
        ("points.B", ["a7"], "state.points: a point holds two pieces"),
        ("points.X", [], "state.points: unknown field 'X'"),
        ("in_hand.W", -1, "state.in_hand.W"),
        ("in_hand.W", "1", "state.in_hand.W"),
        ("removed.W", 0, "state.removed.W"),
        ("turn_of", "w", "state.turn_of"),
        ("to_move", "B", "state.to_move"),
        ("removals", ["W", "B", "W"], "state.removals: expected at most 2"),
        ("removals", "W", "state.removals: expected an array"),
        ("cooldown.W", ["a7-d7-g7"], "state.cooldown: W has cooldown marks"),
        ("cooldown.W", ["g7-d7-a7"], r"state.cooldown.W\[0\]"),
        ("turns", 10**10, "state.turns"),
        ("quiet", 5, "state.quiet: turns without a removal are at most"),
        ("history", ["abc"], "state.history: a history is kept only with the threefold"),
        ("history", [12], r"state.history\[0\]"),
        ("outcome", {"winner": "W", "ending": "blocked"}, "state.outcome"),
        ("over", True, "state.over"),
        ("over", None, "state.over"),
    ],
)
def test_wrong_fields_are_refused_with_their_path(path: str, value: Any, message: str) -> None:
    """Each wrong, missing, extra or mistyped field gives a NotationError naming its
    JSON path (or the position's problem)."""
    good = _state()
    assert state_from_dict(good)
    with pytest.raises(NotationError, match=message):
        state_from_dict(_set(good, path, value))


@pytest.mark.parametrize(
    "value",
    [
        None,
        3,
        "x",
        [],
        {"type": "state"},
        {"type": "move"},
        b"\xff",
        "[" * 100_000,
        '{"a":1,"a":2}',
    ],
)
def test_any_json_gives_a_notation_error_never_a_traceback(value: Any) -> None:
    """Whatever the input, the reader raises NotationError (not TypeError, KeyError or
    RecursionError)."""
    with pytest.raises(NotationError):
        from_json(value if isinstance(value, (str, bytes)) else json.dumps(value))
    with pytest.raises(NotationError):
        state_from_dict(value)


@pytest.mark.parametrize(
    ("field", "value"),
    [("kind", "hop"), ("point", "h9"), ("to", "d2"), ("to", None), ("extra", 1)],
)
def test_wrong_moves_are_refused_with_their_path(field: str, value: Any) -> None:
    """A move with an unknown kind or point, a missing or superfluous ``to`` or an
    extra field is refused naming the field."""
    d = move_to_dict(Move.slide("d2", "d3"))
    d[field] = value
    with pytest.raises(NotationError, match="move"):
        move_from_dict(d)
    d = move_to_dict(Move.place("d2"))
    d["to"] = "d3"
    with pytest.raises(NotationError, match=r"move\.to"):
        move_from_dict(d)


def _bad_documents() -> list[Any]:
    good = _state()
    return [
        _set(good, "points.W", ["a7", "a7"]),
        _set(good, "points.W", ["h1"]),
        _set(good, "turn_of", "X"),
        _set(good, "extra", 1),
        _set(good, "rules.pieces", 2),
        _set(good, "cooldown.W", ["a7-b7-c7"]),
        {**move_to_dict(Move.place("d2")), "to": "d3"},
        {**move_to_dict(Move.slide("d2", "d3")), "to": None},
    ]


def test_the_schema_rejects_bogus_names_and_shapes() -> None:
    """The schema refuses unknown points and lines, repeated points, unknown fields,
    out-of-range options, and a ``to`` that does not fit the kind."""
    validator = _validator()
    for doc in _bad_documents():
        assert not validator.is_valid(doc), doc


@pytest.mark.ajv
def test_the_schema_validates_under_ajv2020_strict_mode() -> None:
    """Ajv2020 in strict mode compiles the schema, accepts what the library writes and
    rejects the bogus documents (skipped when node or Ajv is missing)."""
    if shutil.which("node") is None or not (AJV_DIR / "node_modules/ajv/dist/2020.js").exists():
        pytest.skip("Ajv check skipped: node or Ajv missing (bash scripts/install_ajv.sh)")
    good = [state_to_dict(s) for s in playout(3, attrs.evolve(JUMP_OFF, threefold=True))[0][::9]]
    good += [move_to_dict(m) for m in playout(4, TRADING_PLACES)[1][:30]]
    good.append(state_to_dict(new_game()))
    bad = _bad_documents()
    request = json.dumps(
        {"schemas": {"square-off": json_schema()},
         "documents": [["square-off", d] for d in good + bad]}
    )  # fmt: skip
    done = subprocess.run(["node", str(CHECK), str(AJV_DIR)], input=request,
                          capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    result = json.loads(done.stdout)
    assert result["compiled"] == {"square-off": None}
    verdicts = result["results"]
    assert verdicts[: len(good)] == [True] * len(good)
    assert all(v is not True for v in verdicts[len(good) :])


def test_a_move_kind_word_for_each_kind() -> None:
    """The schema lists exactly the move kinds the writer uses."""
    words = {k.name.lower() for k in MoveKind}
    moves = json_schema()["$defs"]["move"]["oneOf"]
    assert {w for m in moves for w in m["properties"]["kind"]["enum"]} == words
