"""Nothing acknowledged is lost: a match survives a restart and a ``kill -9`` of the
server and goes on at its last acknowledged move; a client that reconnects gets what it
missed; bot seats go on moving after a restart."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import Api, Live, ServerProcess

pytestmark = pytest.mark.server


def _two_people(url: str, game: str = "square-off") -> tuple[Api, Api, str]:
    ann, bob = Api(url), Api(url)
    made = ann.create(game=game, join="W" if game == "square-off" else None)
    bob.join(made["match"]["id"])
    return ann, bob, made["match"]["id"]


def _mover(doc: dict[str, Any], people: dict[str, Api]) -> Api:
    return people[doc["to_move"]]


def _events(live: Live, count: int) -> list[dict[str, Any]]:
    """The next ``count`` events (``turn`` messages skipped)."""
    out: list[dict[str, Any]] = []
    while len(out) < count:
        message = live.recv()
        if message["type"] == "event":
            out.append(message)
        else:
            assert message["type"] == "turn", message
    return out


def _play(api: Api, match: str, version: int, rng: random.Random) -> dict[str, Any]:
    doc = api.ok(api.get(f"/matches/{match}"))
    text = rng.choice(doc["legal"])
    return dict(api.ok(api.post(f"/matches/{match}/moves", {"version": version, "move": text})))


def test_kill_9_loses_no_acknowledged_move(database: str, tmp_path: Path) -> None:
    """Moves are played as fast as the server takes them while it is killed (``kill -9``,
    its bot workers with it); after a restart on the same database every acknowledged
    move is there, in order, and the game plays on to its end."""
    rng = random.Random(9)
    server = ServerProcess(tmp_path, database).start()
    ann, bob, match = _two_people(server.url)
    seats = {"W": ann, "B": bob}
    acked: list[str] = []
    stop = threading.Event()
    failure: list[BaseException] = []

    def play() -> None:
        version = 0
        try:
            while not stop.is_set():
                doc = ann.ok(ann.get(f"/matches/{match}"))
                if doc["over"]:
                    return
                api = seats[doc["to_move"]]
                mine = api.ok(api.get(f"/matches/{match}"))
                text = rng.choice(mine["legal"])
                ack = api.ok(
                    api.post(f"/matches/{match}/moves", {"version": version, "move": text})
                )
                acked.append(text)
                version = ack["version"]
        except Exception as exc:  # the server died under us: expected
            failure.append(exc)

    worker = threading.Thread(target=play)
    worker.start()
    deadline = time.monotonic() + 60
    while len(acked) < 12 and time.monotonic() < deadline and worker.is_alive():
        time.sleep(0.01)
    server.kill9()
    stop.set()
    worker.join(timeout=60)
    assert len(acked) >= 12, failure
    again = ServerProcess(tmp_path, database).start()
    try:
        for api in (ann, bob):
            api.http.base_url = again.url + "/api/v1"  # type: ignore[assignment]
        doc = ann.ok(ann.get(f"/matches/{match}"))
        played = [m["move"] for m in doc["moves"]]
        # Every acknowledged move is kept, in order; at most the one in flight is more.
        assert played[: len(acked)] == acked
        assert len(played) - len(acked) in (0, 1)
        assert doc["version"] == len(played) and doc["status"] == "active"
        version = doc["version"]
        while not doc["over"]:
            api = seats[doc["to_move"]]
            ack = _play(api, match, version, rng)
            version = ack["version"]
            doc = ann.ok(ann.get(f"/matches/{match}"))
        assert doc["result"]["reason"] == "game"
    finally:
        again.stop()


def test_restart_and_reconnect_resume_where_they_were(database: str, tmp_path: Path) -> None:
    """A player whose connection drops gets, with ``since``, exactly the events it
    missed; after the server is stopped and started again, the match, the seat tokens and
    the subscriptions go on from the last event."""
    rng = random.Random(4)
    with ServerProcess(tmp_path, database) as server:
        ann, bob, match = _two_people(server.url)
        people = {"W": ann, "B": bob}
        watcher = Live(server.url, match, bob.token)
        seen = watcher.welcome["seq"]
        version = 0
        for _ in range(4):
            doc = ann.ok(ann.get(f"/matches/{match}"))
            version = _play(_mover(doc, people), match, version, rng)["version"]
        events = [m for m in watcher.until("event") if m["type"] == "event"]
        while events[-1]["seq"] < version + seen:
            message = watcher.recv()
            if message["type"] == "event":
                events.append(message)
        last = events[-1]["seq"]
        watcher.close()  # the connection drops
        for _ in range(3):
            doc = ann.ok(ann.get(f"/matches/{match}"))
            version = _play(_mover(doc, people), match, version, rng)["version"]
        back = Live(server.url, match, bob.token, since=last)
        assert "match" not in back.welcome and back.welcome["since"] == last
        missed = _events(back, 3)
        assert [m["seq"] for m in missed] == [last + 1, last + 2, last + 3]
        assert all(m["type"] == "event" and m["kind"] == "move" for m in missed)
        back.close()
        seq = missed[-1]["seq"]
    with ServerProcess(tmp_path, database) as server:
        for api in (ann, bob):
            api.http.base_url = server.url + "/api/v1"  # type: ignore[assignment]
        doc = ann.ok(ann.get(f"/matches/{match}"))
        assert doc["version"] == version and doc["seq"] == seq and doc["you"] == "W"
        back = Live(server.url, match, bob.token, since=seq)
        doc = ann.ok(ann.get(f"/matches/{match}"))
        ack = _play(_mover(doc, people), match, version, rng)
        (event,) = _events(back, 1)
        assert event["seq"] == seq + 1 and event["version"] == ack["version"]
        back.close()


def test_bots_go_on_after_a_restart(tmp_path: Path) -> None:
    """A match between two bots that was running when the server stopped is finished by
    the next server on the database."""
    db = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with ServerProcess(tmp_path, db) as server:
        api = Api(server.url)
        made = api.create(game="tic-tac-toe", seats={"X": "random", "O": "random"})
        match = made["match"]["id"]
    with ServerProcess(tmp_path, db) as server:
        api = Api(server.url)
        deadline = time.monotonic() + 180
        doc = api.ok(api.get(f"/matches/{match}"))
        while not doc["over"] and time.monotonic() < deadline:
            time.sleep(0.2)
            doc = api.ok(api.get(f"/matches/{match}"))
        assert doc["over"], (doc["version"], "".join(server.output)[-3000:])
        assert doc["result"]["reason"] == "game"
