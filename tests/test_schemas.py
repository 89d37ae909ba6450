"""The shipped JSON Schemas: valid draft 2020-12, accept everything the library writes,
reject bogus names and repeated pieces, and validate under Ajv2020 in strict mode as a
JavaScript frontend uses them (with the real Ajv: ``bash scripts/install_ajv.sh``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings

import astroplane as ap
from astroplane.games.aeroplane_chess import jsonio as ac_jsonio
from astroplane.games.aeroplane_chess import new_game as ac_new_game
from astroplane.games.astroplane.formats import jsonio
from astroplane.games.astroplane.formats.events import effects, effects_to_dicts
from astroplane.games.astroplane.geometry import geometry_schema
from helpers import seeded_playout
from strategies import playout_states

AJV_DIR = Path(
    os.environ.get("ASTROPLANE_AJV_DIR")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "astroplane-ajv"
)
CHECK = Path(__file__).with_name("ajv_check.cjs")

SCHEMAS = {
    "astroplane": jsonio.json_schema,
    "events": jsonio.events_schema,
    "aeroplane-chess": ac_jsonio.json_schema,
    "geometry": geometry_schema,
}


@cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = SCHEMAS[name]()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _valid(name: str, doc: Any) -> bool:
    return _validator(name).is_valid(doc)


def _samples() -> list[tuple[str, Any]]:
    """Documents the library writes: states, moves, outcomes, events of seeded games, an
    Aeroplane Chess game, the board geometry."""
    out: list[tuple[str, Any]] = []
    for seed in range(6):
        states, moves = seeded_playout(seed, 120)
        for s, m in list(zip(states, moves, strict=False))[::7]:
            out.append(("astroplane", jsonio.state_to_dict(s)))
            out.append(("astroplane", jsonio.move_to_dict(m, state=s)))
            out.append(("events", effects_to_dicts(effects(s, m))))
        if states[-1].outcome is not None:
            out.append(("astroplane", jsonio.outcome_to_dict(states[-1].outcome)))
    s = ac_new_game(4)
    for _ in range(30):
        move = s.legal_moves()[-1]
        out.append(("aeroplane-chess", ac_jsonio.state_to_dict(s)))
        out.append(("aeroplane-chess", ac_jsonio.move_to_dict(move)))
        s = s.play(move)
    out.append(("geometry", ap.REFERENCE_BOARD.geometry().to_dict()))
    return out


def _bad_documents() -> list[tuple[str, Any]]:
    """Documents each schema must reject: bogus cell names, a piece listed twice..."""
    s = ap.setup_position(stacks={"e2.ne": ["S1", "N1"], "Nl": ["N2"]})
    state = jsonio.state_to_dict(s)
    move = jsonio.move_to_dict(ap.Move(ap.MoveKind.SQUARE, 14, 15))
    bad: list[tuple[str, Any]] = []
    for cell in ("z1", "a11", "a0", "e02", "E2", "k1"):
        bad.append(("astroplane", {**move, "from": cell}))
        bad.append(("astroplane", {**state, "stacks": {f"{cell}.ne": ["S1"]}}))
    bad += [
        ("astroplane", {**state, "stacks": {"e2.ne": ["S1", "S1"]}}),
        ("astroplane", {**state, "travelled": ["S1", "S1"]}),
        ("astroplane", {**state, "removed": ["S", "S"]}),
        ("astroplane", {**state, "seats": ["S", "N", "S"]}),
        ("astroplane", {**state, "stacks": {"e2.ne": ["s1"]}}),
        ("astroplane", {**state, "stacks": {"e2.ne": ["S\u0661"]}}),
        ("astroplane", {**state, "stacks": {"e2.ne": []}}),
        ("astroplane", {**state, "stacks": {"a1X": ["S1"]}}),
        ("astroplane", {**state, "turn": 0}),
        ("astroplane", {**state, "turn": 10**6 + 1}),
        ("astroplane", {**state, "turn": 1.5}),
        ("astroplane", {**state, "moves_left": -1}),
        ("astroplane", {**state, "extra": 1}),
        ("astroplane", {**state, "rules": {**state["rules"], "max_turns": 0}}),
        ("astroplane", {**move, "choice": 1}),
        ("astroplane", {**move, "kind": "end_turn"}),
        ("events", [{"event": "piece_moved", "piece": "S1", "origin": "z1.ne", "target": "Sl",
                     "apex": None, "free": False}]),
        ("events", [{"event": "landed", "piece": "S1", "position": "e2.ne",
                     "captives": ["N1", "N1"]}]),
        ("events", [{"event": "teleported"}]),
        ("aeroplane-chess", {**ac_jsonio.state_to_dict(ac_new_game(2)), "turn": 0}),
    ]  # fmt: skip
    return bad


def test_every_schema_is_valid_draft_2020_12() -> None:
    """Each shipped schema passes the draft 2020-12 meta-schema."""
    for name in SCHEMAS:
        _validator(name)


def test_the_schemas_accept_everything_the_library_writes() -> None:
    """States, moves, outcomes, events, Aeroplane Chess documents and the geometry the
    library writes all validate (Python jsonschema)."""
    for name, doc in _samples():
        errors = list(_validator(name).iter_errors(doc))
        assert not errors, (name, errors[0].message)


@settings(max_examples=20)
@given(playout_states(80))
def test_random_states_validate(state: ap.GameState) -> None:
    """The JSON of random states validates, and so does every legal move's."""
    assert _valid("astroplane", jsonio.state_to_dict(state))
    for move in state.legal_moves()[:5]:
        assert _valid("astroplane", jsonio.move_to_dict(move, state=state))


def test_the_schemas_reject_bogus_names_and_repeated_pieces() -> None:
    """z1, a11, e02 are no cells; a piece listed twice in a list fails; so do counts out
    of range and unknown fields."""
    for name, doc in _bad_documents():
        assert not _valid(name, doc), (name, doc)


def test_the_schema_is_as_strict_as_the_reader_on_names() -> None:
    """Every position and cell name of the reference board matches the schema, and each
    name the schema accepts the reader accepts too."""
    b = ap.REFERENCE_BOARD
    move = jsonio.move_to_dict(ap.Move(ap.MoveKind.STEP, 0, 1))
    for p in range(b.n_positions):
        assert _valid("astroplane", {**move, "from": b.position_name(p)})
        jsonio.move_from_dict({**move, "from": b.position_name(p)})
    cells = {b.cell_name(c) for c in range(b.n_cells)}
    square = jsonio.move_to_dict(ap.Move(ap.MoveKind.SQUARE, 14, 15))
    for x in "abcdefghijk":
        for y in range(0, 12):
            name = f"{x}{y}"
            assert _valid("astroplane", {**square, "from": name}) == (name in cells)


# ---- Ajv ------------------------------------------------------------------------------------
@cache
def _ajv_missing() -> str:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (AJV_DIR / "node_modules" / "ajv" / "dist" / "2020.js").exists():
        return f"Ajv is not installed in {AJV_DIR}: run bash scripts/install_ajv.sh"
    return ""


def _ajv(schemas: dict[str, Any], documents: list[tuple[str, Any]]) -> dict[str, Any]:
    request = json.dumps({"schemas": schemas, "documents": documents})
    done = subprocess.run(
        ["node", str(CHECK), str(AJV_DIR)],
        input=request,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.ajv
def test_the_schemas_validate_under_ajv2020_strict_mode() -> None:
    """Ajv2020 in strict mode (strictTypes, strictRequired...) compiles every schema,
    accepts what the library writes and rejects the bogus documents."""
    missing = _ajv_missing()
    if missing:
        pytest.skip(f"Ajv check skipped: {missing}")
    good, bad = _samples(), _bad_documents()
    result = _ajv({name: get() for name, get in SCHEMAS.items()}, good + bad)
    assert result["compiled"] == dict.fromkeys(SCHEMAS)
    verdicts = result["results"]
    for (name, doc), verdict in zip(good, verdicts[: len(good)], strict=True):
        assert verdict is True, (name, doc, verdict)
    for (name, doc), verdict in zip(bad, verdicts[len(good) :], strict=True):
        assert verdict is not True, (name, doc)
