"""The ``json-schema`` check of ``check_declarations``: a game that declares its JSON
Schema (``Game.json_schema``) gives a valid schema, writes JSON (``to_json``), and the
schema validates the game's own JSON of seeded states of every player count.

The schema is checked with the ``jsonschema`` package (in the ``test`` extra; not a
dependency of the library), with the validator of the draft the schema names
(``$schema``; draft 2020-12 when it names none). Without ``jsonschema`` the check does
not run, and the report's notes say so.

Examples:
    >>> from astroplane.protocol import get_game
    >>> problems, notes = [], []
    >>> schema_problems(get_game("starcastles"), 0, problems, notes)
    >>> problems, notes
    ([], [])
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

from astroplane.protocol import Game
from astroplane.testing.hostile import _random_play

__all__ = ["SCHEMA_PLIES", "schema_problems"]

#: The seeded random game of each player count whose states' JSON is validated: every
#: ``SCHEMA_STEP``-th state of its first ``SCHEMA_PLIES`` plies, and its last.
SCHEMA_PLIES = 60
SCHEMA_STEP = 15


def _validator_class(jsonschema: Any, schema: dict[str, Any]) -> Any:
    """The validator class of the draft ``schema`` names (draft 2020-12 by default)."""
    return jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)


def schema_problems(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    """Check ``g``'s declared JSON Schema (nothing when it declares none): append what is
    wrong to ``problems`` (each starts ``json-schema:``), or to ``notes`` why the check
    could not run.

    Args:
        g: The game.
        seed: The seed of the random games whose states' JSON is validated.
        problems: Where the problems go.
        notes: Where a check that could not run says why.
    """
    if g.json_schema is None:
        return
    if g.to_json is None:
        problems.append("json-schema: the game declares a JSON Schema but writes no JSON "
                        "(to_dict or to_json)")  # fmt: skip
        return
    schema = g.json_schema()
    if not isinstance(schema, dict):
        problems.append(f"json-schema: json_schema() gives a {type(schema).__name__}, not a "
                        "schema (a dict)")  # fmt: skip
        return
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError:
        notes.append("json-schema: not checked, jsonschema is not installed (pip install "
                     "jsonschema, or astroplane[test])")  # fmt: skip
        return
    cls = _validator_class(jsonschema, schema)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        problems.append(f"json-schema: json_schema() is no valid schema of its draft: "
                        f"{exc.message} (at {_path(exc.absolute_path)})")  # fmt: skip
        return
    validator = cls(schema)
    for count in g.player_counts:
        _validate_game(g, validator, seed + count, count, problems)
        if problems and problems[-1].startswith("json-schema"):
            return


def _validate_game(
    g: Game[Any, Any], validator: Any, seed: int, count: int, problems: list[str]
) -> None:
    """Validate the JSON of states of one seeded random game of ``count`` players."""
    assert g.to_json is not None
    state = g.new_game(count)
    moves = _random_play(g, state, random.Random(seed), SCHEMA_PLIES)
    last = len(moves)
    for ply, move in [*enumerate(moves), (last, None)]:
        if ply % SCHEMA_STEP == 0 or ply == last:
            document = json.loads(g.to_json(state))
            error = next(iter(validator.iter_errors(document)), None)
            if error is not None:
                problems.append(
                    f"json-schema: the JSON of a {count}-player state after {ply} plies does "
                    f"not validate against json_schema(): {error.message:.200} (at "
                    f"{_path(error.absolute_path)})"
                )
                return
        if move is not None:
            state = state.play(move)


def _path(path: Any) -> str:
    """A JSON path as ``outcome.winners.0`` (``the document`` for the root)."""
    parts = [str(p) for p in path]
    return ".".join(parts) if parts else "the document"
