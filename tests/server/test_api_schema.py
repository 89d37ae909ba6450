"""The OpenAPI document the server ships describes it: every route is in it with its
methods, its schemas are valid JSON Schema (2020-12), and what the server answers, over
HTTP and WebSocket, validates against them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from starlette.routing import Route, WebSocketRoute

from astroplane.server.api import openapi_document
from astroplane.server.app import routes
from astroplane.server.settings import ServerSettings

from .helpers import Api, Live, ServerProcess

pytestmark = pytest.mark.server

DOCUMENT = openapi_document()


def check(name: str, value: Any) -> None:
    """``value`` validates against the component schema ``name``."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOCUMENT["components"]}
    jsonschema.Draft202012Validator(schema).validate(value)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("schema")
    with ServerProcess(folder, f"sqlite:///{folder / 's.sqlite3'}") as running:
        yield running


def test_every_route_is_documented() -> None:
    documented = {path: set(ops) for path, ops in DOCUMENT["paths"].items()}
    served: dict[str, set[str]] = {}
    for route in routes(ServerSettings(database="sqlite:///unused.db", page=False)):
        assert isinstance(route, (Route, WebSocketRoute))
        methods = (
            {m.lower() for m in (route.methods or ())} - {"head"}
            if isinstance(route, Route)
            else {"get"}
        )
        served.setdefault(route.path, set()).update(methods)
    assert served == documented


def test_schemas_are_valid_json_schema() -> None:
    for schema in DOCUMENT["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(schema)
    assert DOCUMENT["openapi"].startswith("3.1")
    json.dumps(DOCUMENT)


def test_answers_follow_the_document(server: ServerProcess, tmp_path: Path) -> None:
    api = Api(server.url)
    check("Info", api.ok(api.http.get(server.url + "/api/v1")))
    games = api.ok(api.get("/games"))
    check("GameList", games)
    assert {"astroplane", "square-off", "starcastles", "aeroplane-chess", "tic-tac-toe"} <= {
        g["name"] for g in games["games"]
    }
    check("Game", api.ok(api.get("/games/starcastles")))
    made = api.create(game="aeroplane-chess", players=2, join="R", name="Ann")
    check("Seated", made)
    match = made["match"]["id"]
    check("MatchList", api.ok(api.get("/matches", params={"open": "true"})))
    bob = Api(server.url)
    check("Seated", bob.join(match, name="Bob"))
    watcher = Live(server.url, match)
    check("ServerMessage", watcher.welcome)
    player = Live(server.url, match, api.token)
    check("ServerMessage", player.welcome)
    doc = api.ok(api.get(f"/matches/{match}"))
    check("Match", doc)
    check("Match", Api(server.url).ok(Api(server.url).get(f"/matches/{match}")))
    mover = api if doc["to_move"] == "R" else bob
    mine = mover.ok(mover.get(f"/matches/{match}"))
    ack = mover.ok(
        mover.post(
            f"/matches/{match}/moves", {"version": mine["version"], "move": mine["legal"][0]}
        )
    )
    check("MoveAck", ack)
    for message in watcher.until("event"):
        check("ServerMessage", message)
    check("View", api.ok(api.get(f"/matches/{match}/view")))
    check("Error", api.post(f"/matches/{match}/moves", {"version": 0, "move": "zz"}).json())
    player.send({"type": "ping", "id": 1})
    for message in player.until("pong"):
        check("ServerMessage", message)
    player.send({"type": "move", "version": 0, "move": "zz", "id": "x"})
    for message in player.until("error"):
        check("ServerMessage", message)
    check("MatchOnly", api.ok(api.post(f"/matches/{match}/draw", {"action": "offer"})))
    check("MatchOnly", bob.ok(bob.post(f"/matches/{match}/draw", {"action": "decline"})))
    check("MatchOnly", api.ok(api.post(f"/matches/{match}/resign")))
    final = api.ok(api.get(f"/matches/{match}"))
    check("Match", final)
    assert final["result"]["reason"] == "resigned" and final["result"]["winners"] == ["B"]
    for message in watcher.until("event"):
        check("ServerMessage", message)
    record = api.get(f"/matches/{match}/record")
    assert record.status_code == 200 and '[Termination "R resigned"]' in record.text
    other = Api(server.url)
    made = other.create(game="tic-tac-toe", join="X")
    check("MatchOnly", other.ok(other.post(f"/matches/{made['match']['id']}/leave")))
    assert api.ok(api.get("/openapi.json"))["paths"].keys() == DOCUMENT["paths"].keys()
    watcher.close()
    player.close()
