"""StarCastles' JSON Schema [SC28]: it accepts every state and move the library writes
(Python jsonschema; Ajv2020 strict when installed), knows each board's point names, and
rejects bogus names, stacks, shapes and ranges."""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from sc_helpers import players_st, rules_st, seeds_st

from astroplane.games.starcastles import (
    STARCASTLES_121,
    Move,
    MoveKind,
    Rules,
    StarCastlesState,
    json_schema,
    move_to_dict,
    new_game,
    star_board,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.starcastles.jsonio import _KINDS

AJV_DIR = Path(
    os.environ.get("ASTROPLANE_AJV_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "astroplane-ajv"
)
CHECK = Path(__file__).parents[1] / "ajv_check.cjs"


@cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _playout(seed: int, players: int, rules: Rules, plies: int = 60) -> list[StarCastlesState]:
    rng = random.Random(seed)
    s = new_game(players, rules=rules)
    out = [s]
    for _ in range(plies):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_moves()))
        out.append(s)
    return out


def _good() -> list[Any]:
    """States and moves of seeded games on the three boards, 2 to 6 players, won and
    drawn ones included."""
    docs: list[Any] = []
    for arm, players in ((2, 2), (2, 6), (3, 3), (4, 4)):
        states = _playout(arm * players, players, Rules(arm=arm, max_rounds=4), plies=200)
        assert states[-1].is_over
        for s in states[::6] + states[-1:]:
            docs.append(state_to_dict(s))
            docs += [move_to_dict(s, m) for m in s.legal_moves()[:2]]
    return docs


def _set(d: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    d = copy.deepcopy(d)
    *keys, last = path.split(".")
    target = d
    for k in keys:
        target = target[k]
    target[last] = value
    return d


def _bad() -> list[Any]:
    """Documents the schema must reject."""
    state = state_to_dict(new_game(3))
    big = state_to_dict(new_game(2, rules=STARCASTLES_121))
    s = new_game(2)
    step = move_to_dict(s, s.legal_moves()[0])
    gem = move_to_dict(s, Move.gem(18))
    return [
        _set(state, "stacks.e3", "S0P1"),
        _set(state, "stacks.e3", "P6"),
        _set(state, "stacks.e3", ""),
        _set(state, "stacks.z1", "P0"),
        _set(state, "stacks.c8", "P0"),  # no c8 on the 37-point board
        _set(big, "stacks.c7", "P0"),  # c7 is on the 37-point board, not the 121-point one
        _set(state, "controlled", ["a1", "a1"]),
        _set(state, "gems", [None, "a0", None]),
        _set(state, "gems_left", [4, 5, 4]),
        _set(state, "arms", [0, 0]),
        _set(state, "arms", [0, 6]),
        _set(state, "to_move", 6),
        _set(state, "round", 0),
        _set(state, "winner", -1),
        _set(state, "outcome", "lost"),
        _set(state, "removed", 0),
        _set(state, "rules.arm", 5),
        _set(state, "rules.max_rounds", 0),
        _set(state, "extra", 1),
        _set(step, "to", None),
        _set(step, "kind", "fly"),
        _set(gem, "from", "a1"),
        _set(move_to_dict(s, Move.gem(18)), "kind", "pass"),
        _set(step, "notation", 7),
    ]


def test_the_schema_is_draft_2020_12_and_a_fresh_copy() -> None:
    """The schema passes the draft 2020-12 meta-schema; each call gives a new dict."""
    jsonschema.Draft202012Validator.check_schema(json_schema())
    a, b = json_schema(), json_schema()
    assert a == b and a is not b and a["$id"].endswith("starcastles.schema.json")


def test_the_schema_accepts_what_the_library_writes() -> None:
    """States and moves of seeded games on every board validate."""
    validator = _validator()
    for doc in _good():
        errors = list(validator.iter_errors(doc))
        assert not errors, (doc, errors[0].message)


@settings(max_examples=15, deadline=None)
@given(rules=rules_st, players=players_st, seed=seeds_st)
def test_random_states_and_moves_validate(rules: Rules, players: int, seed: int) -> None:
    """The JSON of every state of a random game of any rules and player count validates,
    and so do its legal moves'."""
    validator = _validator()
    for s in _playout(seed, players, rules, plies=30)[::3]:
        validator.validate(state_to_dict(s))
        for m in s.legal_moves()[:3]:
            validator.validate(move_to_dict(s, m))


def test_the_schema_knows_each_boards_point_names() -> None:
    """A state takes exactly its board's point names as stack points (every name of the
    board passes the schema and the reader; a name of another board fails the schema)."""
    validator = _validator()
    names = {k: set(star_board(k).names) for k in (2, 3, 4)}
    for k in (2, 3, 4):
        d = state_to_dict(new_game(2, rules=Rules(arm=k)))
        for name in sorted(names[2] | names[3] | names[4]):
            doc = _set(d, f"stacks.{name}", "P1") if name not in d["stacks"] else d
            assert validator.is_valid(doc) == (name in names[k]), (k, name)
        assert state_from_dict(d) == new_game(2, rules=Rules(arm=k))


def test_the_schema_rejects_bogus_documents() -> None:
    """Bad stack texts, unknown or foreign points, repeats, out-of-range counts, unknown
    fields and a from/to that does not fit the move's kind all fail."""
    validator = _validator()
    for doc in _bad():
        assert not validator.is_valid(doc), doc


def test_the_schema_lists_the_writers_move_kinds() -> None:
    """The move kinds of the schema are exactly the words the writer uses."""
    moves = json_schema()["$defs"]["move"]["oneOf"]
    words = {w for m in moves for w in m["properties"]["kind"]["enum"]}
    assert words == set(_KINDS) and len(_KINDS) == len(MoveKind)


@pytest.mark.ajv
def test_the_schema_validates_under_ajv2020_strict_mode() -> None:
    """Ajv2020 in strict mode compiles the schema, accepts what the library writes and
    rejects the bogus documents (skipped when node or Ajv is missing)."""
    if shutil.which("node") is None or not (AJV_DIR / "node_modules/ajv/dist/2020.js").exists():
        pytest.skip("Ajv check skipped: node or Ajv missing (bash scripts/install_ajv.sh)")
    good, bad = _good(), _bad()
    request = json.dumps(
        {"schemas": {"starcastles": json_schema()},
         "documents": [["starcastles", d] for d in good + bad]}
    )  # fmt: skip
    done = subprocess.run(["node", str(CHECK), str(AJV_DIR)], input=request,
                          capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    result = json.loads(done.stdout)
    assert result["compiled"] == {"starcastles": None}
    verdicts = result["results"]
    assert verdicts[: len(good)] == [True] * len(good)
    assert all(v is not True for v in verdicts[len(good) :])
