"""Hostile clients: junk of every type, other seats' tokens, spectators, stale versions,
huge messages and floods get a clear JSON error (a code, the library's own message) and
never a 500, a traceback or a changed match."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from astroplane.server.errors import CODES

from .helpers import Api, Live, ServerProcess

pytestmark = pytest.mark.server

LIMITS = ("--rate", "100000", "--burst", "100000", "--max-matches-per-client", "1000",
          "--bot-pause", "0", "--bot-workers", "1", "--max-message-bytes", "4096")  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("hostile")
    with ServerProcess(folder, f"sqlite:///{folder / 'h.sqlite3'}", LIMITS) as running:
        yield running
        assert "Traceback" not in "".join(running.output), "".join(running.output)[-3000:]


@pytest.fixture()
def match(server: ServerProcess) -> Iterator[tuple[Api, Api, str]]:
    """A Square Off match between two people, W to move."""
    ann, bob = Api(server.url), Api(server.url)
    made = ann.create(game="square-off", join="W")
    bob.join(made["match"]["id"])
    yield ann, bob, made["match"]["id"]
    ann.close()
    bob.close()


def refused(response: httpx.Response, code: str, words: str = "") -> dict[str, Any]:
    """The response is the JSON error ``code`` (its status too), saying ``words``."""
    assert response.status_code == CODES[code], (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert error["code"] == code and error["status"] == CODES[code], body
    assert isinstance(error["message"], str) and error["message"]
    assert words.lower() in error["message"].lower(), (words, error["message"])
    assert "Traceback" not in response.text
    return dict(error)


def snapshot(api: Api, match: str) -> tuple[int, int, Any]:
    doc = Api(api.url).ok(Api(api.url).get(f"/matches/{match}"))
    return doc["seq"], doc["version"], doc["state"]


CREATE_JUNK: list[tuple[Any, str, str]] = [
    (b"{", "bad_request", "not JSON"),
    (b"[1, 2]", "bad_request", "JSON object"),
    (b"null", "bad_request", "JSON object"),
    (b'"astroplane"', "bad_request", "JSON object"),
    (b"\xff\xfe", "bad_request", "UTF-8"),
    (b'{"game": "square-off", "game": "astroplane"}', "bad_request", "given twice"),
    (b"[" * 2000 + b"]" * 2000, "bad_request", ""),
    ({}, "bad_request", "missing field 'game'"),
    ({"game": "chess"}, "unknown_game", "unknown game 'chess'"),
    ({"game": 5}, "unknown_game", "string"),
    ({"game": ["square-off"]}, "unknown_game", "string"),
    ({"game": "square-off", "colour": "red"}, "bad_request", "unknown field 'colour'"),
    ({"game": "square-off", "rules": "no-such-rules"}, "bad_rules", "no-such-rules"),
    ({"game": "square-off", "rules": 5}, "bad_request", "rules"),
    ({"game": "square-off", "rules": "x" * 2000}, "bad_request", "rules"),
    ({"game": "square-off", "players": 7}, "bad_option", "players"),
    ({"game": "square-off", "players": "2"}, "bad_option", "players"),
    ({"game": "square-off", "players": True}, "bad_option", "players"),
    ({"game": "square-off", "players": 2.0}, "bad_option", "players"),
    ({"game": "aeroplane-chess", "rules": "teams", "players": 2}, "bad_option", ""),
    ({"game": "square-off", "seats": []}, "bad_request", "seats"),
    ({"game": "square-off", "seats": {"Q": "random"}}, "bad_option", "no seat"),
    ({"game": "square-off", "seats": {"B": {"bot": "alphazero"}}}, "bad_option", "unknown bot"),
    (
        {"game": "square-off", "seats": {"B": {"bot": "mcts", "think": 1e9}}},
        "bad_option",
        "thinking time",
    ),
    (
        {"game": "square-off", "seats": {"B": {"bot": "mcts", "think": True}}},
        "bad_option",
        "thinking time",
    ),
    (
        {"game": "square-off", "seats": {"B": {"bot": "mcts", "iterations": 5}}},
        "bad_request",
        "unknown field",
    ),
    ({"game": "square-off", "seats": {"B": 5}}, "bad_request", ""),
    ({"game": "square-off", "join": "Z"}, "bad_option", "no seat"),
    ({"game": "square-off", "join": "B", "seats": {"B": "random"}}, "bad_option", "bot"),
    ({"game": "square-off", "name": "x" * 1000}, "bad_request", "name"),
    ({"game": "square-off", "name": "a\nb"}, "bad_request", "name"),
    ({"game": "square-off", "first": "X"}, "bad_option", "no seat"),
]


@pytest.mark.parametrize(("body", "code", "words"), CREATE_JUNK)
def test_junk_matches_are_refused(server: ServerProcess, body: Any, code: str, words: str) -> None:
    api = Api(server.url)
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    before = api.ok(api.get("/matches", params={"limit": 200}))["matches"]
    refused(api.http.post("/matches", content=content), code, words)
    assert api.ok(api.get("/matches", params={"limit": 200}))["matches"] == before


MOVE_JUNK: list[tuple[Any, str, str]] = [
    ({"move": "d2"}, "bad_request", "missing field 'version'"),
    ({"version": "0", "move": "d2"}, "bad_request", "version"),
    ({"version": True, "move": "d2"}, "bad_request", "version"),
    ({"version": -1, "move": "d2"}, "bad_request", "version"),
    ({"version": 1e20, "move": "d2"}, "bad_request", "version"),
    ({"version": 0}, "bad_request", "move"),
    ({"version": 0, "move": "d2", "action": 3}, "bad_request", "move"),
    ({"version": 0, "move": 5}, "bad_request", "move"),
    ({"version": 0, "move": ["d2"]}, "bad_request", "move"),
    ({"version": 0, "move": "x" * 300}, "bad_request", "move"),
    ({"version": 0, "move": ""}, "illegal_move", ""),
    ({"version": 0, "move": "\x00"}, "illegal_move", ""),
    ({"version": 0, "move": "zz"}, "illegal_move", "zz"),
    ({"version": 0, "move": "d2-d3"}, "illegal_move", ""),
    ({"version": 0, "action": -1}, "bad_request", "action"),
    ({"version": 0, "action": 10**8}, "illegal_move", ""),
    ({"version": 0, "action": 1.5}, "bad_request", "action"),
    ({"version": 0, "action": True}, "bad_request", "action"),
    ({"version": 0, "move": "d2", "extra": 1}, "bad_request", "unknown field"),
    ({"version": 3, "move": "d2"}, "stale_version", "version 3"),
    ([], "bad_request", "JSON object"),
]


@pytest.mark.parametrize(("body", "code", "words"), MOVE_JUNK)
def test_junk_moves_change_nothing(
    match: tuple[Api, Api, str], body: Any, code: str, words: str
) -> None:
    ann, _bob, match_id = match
    before = snapshot(ann, match_id)
    refused(ann.post(f"/matches/{match_id}/moves", body), code, words)
    assert snapshot(ann, match_id) == before


def test_a_token_plays_only_its_seat(match: tuple[Api, Api, str], server: ServerProcess) -> None:
    ann, bob, match_id = match
    before = snapshot(ann, match_id)
    refused(
        bob.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}),
        "not_your_turn",
        "W's turn",
    )
    stranger = Api(server.url, "A" * 32)
    refused(
        stranger.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}), "unauthorized"
    )
    refused(
        Api(server.url).post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}),
        "unauthorized",
    )
    for header in (
        "Basic abc",
        "Bearer " + "x" * 5000,
        "Bearer caf\u00e9".encode(),
        "Bearer",
    ):
        response = ann.http.post(
            f"/matches/{match_id}/moves",
            json={"version": 0, "move": "d2"},
            headers={"Authorization": header},
        )
        refused(response, "unauthorized")
    # A token of another match holds no seat here.
    other = Api(server.url)
    other.create(game="square-off", join="W")
    refused(other.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}), "unauthorized")
    refused(other.get(f"/matches/{match_id}"), "unauthorized")
    assert snapshot(ann, match_id) == before
    # A stale version is refused without a change, after the state moved on.
    ann.ok(ann.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}))
    after = snapshot(ann, match_id)
    error = refused(
        bob.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d6"}), "stale_version"
    )
    assert error["version"] == 1
    assert snapshot(ann, match_id) == after


def test_seats_resign_and_draws(match: tuple[Api, Api, str], server: ServerProcess) -> None:
    ann, bob, match_id = match
    refused(Api(server.url).post(f"/matches/{match_id}/join", {}), "seat_taken", "no free seat")
    refused(Api(server.url).post(f"/matches/{match_id}/join", {"seat": "W"}), "seat_taken", "taken")
    refused(Api(server.url).post(f"/matches/{match_id}/join", {"seat": 5}), "bad_option")
    refused(Api(server.url).post(f"/matches/{match_id}/resign", {}), "unauthorized")
    refused(ann.post(f"/matches/{match_id}/draw", {"action": "maybe"}), "bad_request", "action")
    refused(ann.post(f"/matches/{match_id}/draw", {"action": "decline"}), "bad_request", "no draw")
    ann.ok(ann.post(f"/matches/{match_id}/draw", {"action": "offer"}))
    refused(ann.post(f"/matches/{match_id}/draw", {"action": "offer"}), "bad_request", "already")
    bob.ok(bob.post(f"/matches/{match_id}/draw", {"action": "decline"}))
    ann.ok(ann.post(f"/matches/{match_id}/resign"))
    done = snapshot(ann, match_id)
    refused(bob.post(f"/matches/{match_id}/resign"), "match_over")
    refused(bob.post(f"/matches/{match_id}/moves", {"version": 0, "move": "d2"}), "match_over")
    refused(Api(server.url).post(f"/matches/{match_id}/join", {}), "match_over")
    assert snapshot(ann, match_id) == done
    bots = Api(server.url)
    made = bots.create(game="square-off", join="W", seats={"B": "greedy"})
    refused(
        bots.post(f"/matches/{made['match']['id']}/draw", {"action": "offer"}), "no_draws", "bots"
    )


def test_paths_methods_and_queries(server: ServerProcess) -> None:
    api = Api(server.url)
    refused(api.get("/nowhere"), "not_found")
    refused(api.http.delete("/matches"), "method_not_allowed")
    refused(api.get("/matches/" + "x" * 500), "not_found")
    refused(api.get("/matches/..%2F..%2Fetc"), "not_found")
    refused(api.get("/matches/abc%00def"), "not_found")
    refused(api.get("/games/chess"), "not_found", "unknown game")
    for params in ({"limit": "abc"}, {"limit": "0"}, {"limit": "100000"}, {"status": "won"},
                   {"open": "maybe"}, {"colour": "red"}):  # fmt: skip
        refused(api.get("/matches", params=params), "bad_request")
    page = httpx.get(server.url + "/play/../../pyproject.toml")
    assert page.status_code == 404
    assert httpx.get(server.url + "/play/bridge.py").status_code == 404


def test_huge_requests(server: ServerProcess, match: tuple[Api, Api, str]) -> None:
    ann, _bob, match_id = match
    before = snapshot(ann, match_id)
    big = json.dumps({"version": 0, "move": "d2", "pad": "x" * 10_000})
    refused(
        ann.http.post(f"/matches/{match_id}/moves", content=big, headers=ann.headers()), "too_large"
    )

    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1000

    response = ann.http.post(f"/matches/{match_id}/moves", content=chunks(), headers=ann.headers())
    refused(response, "too_large")
    assert snapshot(ann, match_id) == before


def _ws(server: ServerProcess, match_id: str) -> Any:
    url = server.url.replace("http://", "ws://") + f"/api/v1/matches/{match_id}/live"
    return connect(url, max_size=2**22).__enter__()


def _error(ws: Any) -> dict[str, Any]:
    message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "error", message
    assert message["error"]["code"] in CODES
    return dict(message["error"])


@pytest.mark.parametrize(
    ("hello", "code"),
    [
        ("not json", "bad_request"),
        (json.dumps([1]), "bad_request"),
        (json.dumps({"type": "move", "version": 0, "move": "d2"}), "bad_request"),
        (json.dumps({"type": "hello", "token": 5}), "unauthorized"),
        (json.dumps({"type": "hello", "token": "nope"}), "unauthorized"),
        (json.dumps({"type": "hello", "since": -1}), "bad_request"),
        (json.dumps({"type": "hello", "since": "3"}), "bad_request"),
        (json.dumps({"type": "hello", "extra": 1}), "bad_request"),
        (json.dumps({"type": "launch"}), "bad_request"),
    ],
)
def test_bad_hellos_are_refused(
    server: ServerProcess, match: tuple[Api, Api, str], hello: str, code: str
) -> None:
    ws = _ws(server, match[2])
    ws.send(hello)
    assert _error(ws)["code"] == code
    with pytest.raises(ConnectionClosed):
        ws.recv(timeout=10)
    assert ws.close_code == 1008


def test_socket_junk_and_spectators(server: ServerProcess, match: tuple[Api, Api, str]) -> None:
    ann, _bob, match_id = match
    before = snapshot(ann, match_id)
    spectator = Live(server.url, match_id)
    spectator.send({"type": "move", "version": 0, "move": "d2"})
    assert list(spectator.until("error"))[-1]["error"]["code"] == "forbidden"
    player = Live(server.url, match_id, ann.token)
    for junk, code in [
        ("[]", "bad_request"),
        ("{", "bad_request"),
        (json.dumps({"type": "hello"}), "bad_request"),
        (json.dumps({"type": "move", "version": 9, "move": "d2"}), "stale_version"),
        (json.dumps({"type": "move", "version": 0, "move": "zz", "id": 7}), "illegal_move"),
        (json.dumps({"type": "move", "version": 0, "move": "d2", "id": {"a": 1}}), "bad_request"),
    ]:
        player.ws.send(junk)
        message = list(player.until("error"))[-1]
        assert message["error"]["code"] == code, (junk, message)
    player.ws.send(b"\xff\x00binary")
    assert list(player.until("error"))[-1]["error"]["code"] == "bad_request"
    player.send({"type": "ping", "id": "p"})
    assert list(player.until("pong"))[-1]["id"] == "p"
    assert snapshot(ann, match_id) == before
    player.ws.send(json.dumps({"type": "ping", "pad": "x" * 10_000}))
    with pytest.raises(ConnectionClosed):
        for _ in range(10):
            player.recv(timeout=10)
    assert player.ws.close_code == 1009
    assert snapshot(ann, match_id) == before


def test_floods_and_match_counts(tmp_path: Path) -> None:
    """A client over its request rate gets 429 (others are served), over its message rate
    on a socket gets errors and then the socket is closed; a client may keep only so many
    matches going."""
    options = (
        "--rate",
        "2",
        "--burst",
        "10",
        "--max-matches-per-client",
        "3",
        "--bot-workers",
        "1",
    )
    with ServerProcess(tmp_path, f"sqlite:///{tmp_path / 'f.sqlite3'}", options) as server:
        api = Api(server.url)
        made = [api.create(game="tic-tac-toe", join="X") for _ in range(3)]
        refused(api.post("/matches", {"game": "tic-tac-toe"}), "too_many_matches", "3 matches")
        # The refusal is read off the flood itself: a request sent after it could find a
        # token refilled on a slow machine (one every half second here).
        flood = [api.get("/games") for _ in range(40)]
        limited = [response for response in flood if response.status_code != 200]
        assert limited, "40 requests at once, burst 10, were all served"
        refused(limited[-1], "rate_limited")
        time.sleep(2.5)
        assert api.get("/games").status_code == 200
        live = Live(server.url, made[0]["match"]["id"], made[0]["token"])
        errors = 0
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                live.send({"type": "ping"})
        with pytest.raises(ConnectionClosed):
            for _ in range(400):
                message = live.recv(timeout=10)
                errors += message["type"] == "error" and message["error"]["code"] == "rate_limited"
        assert errors >= 10 and live.ws.close_code == 1008
        assert "Traceback" not in "".join(server.output)
