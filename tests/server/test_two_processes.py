"""Two ``astroplane serve`` processes on one PostgreSQL database serve the same match: one
player on each, moves passed between the processes by PostgreSQL's LISTEN/NOTIFY; two
processes never both accept a move at one state version, nor give one seat to two."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from .helpers import Api, Live, ServerProcess
from .postgres import PostgresCluster
from .test_whole_games import play_match

pytestmark = pytest.mark.server


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads that start together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.fixture()
def two(postgres: PostgresCluster, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    db = postgres.database()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = ServerProcess(tmp_path / "a", db).start()
    try:
        second = ServerProcess(tmp_path / "b", db).start()
        try:
            yield first, second
        finally:
            second.stop()
    finally:
        first.stop()


@pytest.mark.parametrize("game", ["square-off", "aeroplane-chess"])
def test_one_player_on_each_process(two: tuple[ServerProcess, ServerProcess], game: str) -> None:
    """A whole game with the two people (HTTP and WebSocket) on different processes."""
    play_match(two[0].url, game, 2, "", seed=3, second_url=two[1].url)


def test_no_two_moves_at_one_version(two: tuple[ServerProcess, ServerProcess]) -> None:
    """The seat to move sends a different legal move to each process at once, 20 times:
    each time exactly one is played and the other is refused as stale, and the spectators
    on both processes see the same single move."""
    a, b = two
    ann = Api(a.url)
    made = ann.create(game="starcastles", join="B")
    match = made["match"]["id"]
    bob = Api(b.url)
    bob.join(match)
    ann_b = Api(b.url, ann.token)
    watchers = [Live(a.url, match), Live(b.url, match)]
    rng = random.Random(2)
    seat_api = {"B": (ann, ann_b), "O": (bob, Api(a.url, bob.token))}
    for _ in range(20):
        doc = ann.ok(ann.get(f"/matches/{match}"))
        if doc["over"]:
            break
        here, there = seat_api[doc["to_move"]]
        legal = here.ok(here.get(f"/matches/{match}"))["legal"]
        if len(legal) < 2:
            here.ok(
                here.post(f"/matches/{match}/moves", {"version": doc["version"], "move": legal[0]})
            )
            continue
        one, other = rng.sample(legal, 2)
        version = doc["version"]
        path = f"/matches/{match}/moves"
        sent = race(
            [
                partial(here.post, path, {"version": version, "move": one}),
                partial(there.post, path, {"version": version, "move": other}),
            ]
        )
        answers = dict(zip((one, other), sent, strict=True))
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 409], {t: r.text for t, r in answers.items()}
        refused = next(r for r in answers.values() if r.status_code == 409)
        assert refused.json()["error"]["code"] == "stale_version"
        played = next(t for t, r in answers.items() if r.status_code == 200)
        after = ann.ok(ann.get(f"/matches/{match}"))
        assert after["version"] == doc["version"] + 1
        assert after["moves"][-1]["move"] == played
        for live in watchers:
            event = next(m for m in live.until("event") if m["type"] == "event")
            assert event["version"] == after["version"] and event["move"] == played


def test_one_seat_one_player(two: tuple[ServerProcess, ServerProcess]) -> None:
    """Two people ask the two processes for the last free seat at once: one gets it."""
    a, b = two
    for _ in range(5):
        made = Api(a.url).create(game="square-off", join="W")
        match = made["match"]["id"]
        path = f"/matches/{match}/join"
        answers = race([partial(Api(url).post, path, {}) for url in (a.url, b.url)])
        assert sorted(r.status_code for r in answers) == [200, 409]
        assert (
            next(r for r in answers if r.status_code == 409).json()["error"]["code"] == "seat_taken"
        )
