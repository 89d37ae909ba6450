"""``Game.json_schema``: the optional protocol hook that gives a game's JSON Schema, so a
frontend asks the game for it instead of importing each game's JSON module; the
conformance suite checks that a declared schema validates the game's own JSON."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from astroplane.games.aeroplane_chess import jsonio as aeroplane_chess_json
from astroplane.games.astroplane.formats import jsonio as astroplane_json
from astroplane.games.square_off import jsonio as square_off_json
from astroplane.games.starcastles import jsonio as starcastles_json
from astroplane.protocol import Game, games, get_game
from astroplane.testing import check_declarations

#: The bundled games wired to the hook, with their JSON module's schema.
WIRED = {
    "astroplane": astroplane_json.json_schema,
    "aeroplane-chess": aeroplane_chess_json.json_schema,
    "square-off": square_off_json.json_schema,
    "starcastles": starcastles_json.json_schema,
}


def test_the_hook_is_optional_and_none_by_default() -> None:
    """A game that gives no schema has ``json_schema`` None, as the other optional hooks
    (the example tic-tac-toe writes no JSON at all)."""
    assert Game.json_schema is None
    assert get_game("tic-tac-toe").json_schema is None


@pytest.mark.parametrize("name", sorted(WIRED))
def test_the_bundled_games_give_their_schema(name: str) -> None:
    """Each bundled game's hook gives the schema its JSON module ships, a new copy each
    call, that validates the JSON of its new game."""
    hook = get_game(name).json_schema
    assert hook is not None
    schema = hook()
    assert schema == WIRED[name]() and schema["$schema"].endswith("2020-12/schema")
    assert hook() is not schema
    game = get_game(name)
    jsonschema.validate(game.to_dict(game.new_game(game.player_counts[0])), schema)  # type: ignore[misc]


def test_every_declared_schema_passes_the_conformance_check() -> None:
    """Every registered game that declares a schema passes the ``json-schema`` check."""
    declared = [g for g in games().values() if g.json_schema is not None]
    assert {g.name for g in declared} >= set(WIRED)
    for game in declared:
        report = check_declarations(game)
        assert not [p for p in report.problems if p.startswith("json-schema")], report


def _bent(name: str, schema: Any) -> Game[Any, Any]:
    """An unregistered copy of a bundled game whose hook gives ``schema``."""
    base = type(get_game(name))

    class Bent(base):  # type: ignore[valid-type,misc]
        json_schema = staticmethod(lambda: schema)

    return Bent()  # type: ignore[no-any-return]


def test_a_schema_that_refuses_the_games_json_is_a_problem() -> None:
    """The check validates the JSON of seeded states: a schema that refuses it (here: a
    ``game`` that must be another) is reported, naming the state, the field and why."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"game": {"const": "another-game"}},
    }
    report = check_declarations(_bent("starcastles", schema))
    found = [p for p in report.problems if p.startswith("json-schema")]
    assert found and "does not validate" in found[0], report.problems
    assert "at game" in found[0] and "'another-game' was expected" in found[0]


def test_a_schema_that_is_no_schema_or_without_json_is_a_problem() -> None:
    """A hook that gives no valid draft 2020-12 schema, or a schema for a game that writes
    no JSON, is a problem of the check."""
    report = check_declarations(_bent("starcastles", {"type": 7}))
    assert any(p.startswith("json-schema: ") for p in report.problems), report.problems

    class NoJson(type(get_game("tic-tac-toe"))):  # type: ignore[misc]
        name = "no-json-schema"
        json_schema = staticmethod(dict)

    report = check_declarations(NoJson())
    assert any("writes no JSON" in p for p in report.problems), report.problems
