"""The play page's online mode, served by ``astroplane serve``: two Chromium contexts
create and join a match through the page, play a whole game against each other by
clicks (a third watches), one reloads the page mid-game and plays on in its seat, and the
record downloads. Skipped, saying why, without Chromium, Playwright or the server extra."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import Page

pytest.importorskip(
    "starlette", reason="the server extra is not installed: pip install -e '.[server]'"
)
pytest.importorskip("httpx", reason="httpx is not installed: pip install -e '.[test-server]'")

from server.helpers import Api, ServerProcess

pytestmark = [pytest.mark.browser, pytest.mark.server]

#: (game, players, turn limit or None) of the games played through the page.
GAMES = [
    ("tic-tac-toe", 2, None),
    ("astroplane", 2, 3),
    ("square-off", 2, 12),
    ("starcastles", 2, 6),
    ("aeroplane-chess", 2, None),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("online")
    with ServerProcess(folder, f"sqlite:///{folder / 'page.sqlite3'}") as running:
        yield running


def _tab(chromium: Any) -> Page:
    return Page(chromium, viewport={"width": 1280, "height": 900}, accept_downloads=True)


def _phase(tab: Page) -> str:
    return str(tab.page.evaluate("document.body.dataset.phase"))


def _ply(tab: Page) -> int:
    return int(tab.page.evaluate("Number(document.body.dataset.ply ?? -1)"))


def _click_a_move(tab: Page, rng: random.Random) -> None:
    """Click through one move like a person: a ringed place or a move button, again until
    the move is played (a choice dialog answered with its first option)."""
    page = tab.page
    start = _ply(tab)
    for _ in range(6):
        targets = page.locator("#board svg circle.click-ring.target")
        buttons = page.locator("#move-buttons button")
        options = targets.count() + buttons.count()
        assert options > 0, page.inner_text("#turn-status")
        pick = rng.randrange(options)
        if pick < targets.count():
            targets.nth(pick).dispatch_event("click")
        else:
            buttons.nth(pick - targets.count()).click()
        page.wait_for_timeout(50)
        if page.locator("#choice[open]").count():
            page.locator("#choice-options button").first.click()
        if _phase(tab) != "human" or _ply(tab) != start:
            return
    raise AssertionError("six clicks made no move")


@pytest.mark.parametrize(("game", "players", "turns"), GAMES)
def test_two_browsers_play_a_whole_game(
    chromium: Any, server: ServerProcess, tmp_path: Path, game: str, players: int, turns: int | None
) -> None:
    rng = random.Random(len(game))
    ann, bob, watcher = _tab(chromium), _tab(chromium), _tab(chromium)
    try:
        ann.page.goto(server.url + "/play/")
        ann.page.wait_for_function("document.body.dataset.phase === 'lobby'", timeout=60_000)
        ann.page.select_option("#game", game)
        ann.page.select_option("#players", str(players))
        ann.page.select_option("#bot", "people")
        if turns is not None:
            ann.page.fill("#max-turns", str(turns))
        ann.page.click("#new")
        ann.page.wait_for_function("location.search.includes('match=')", timeout=30_000)
        link = ann.page.input_value("#share-link")
        match = link.rsplit("=", 1)[1]
        bob.page.goto(link)
        bob.page.locator("#seat-buttons button").first.click()
        watcher.page.goto(link)
        for tab in (ann, bob, watcher):
            tab.page.wait_for_function(
                "['human', 'waiting', 'over'].includes(document.body.dataset.phase)", timeout=30_000
            )
        assert watcher.page.locator("#seat-buttons button").count() == 0  # no free seat left
        api = Api(server.url)
        moves = 0
        reloaded = False
        while True:
            doc = api.ok(api.get(f"/matches/{match}"))
            if doc["over"]:
                break
            mover = ann if doc["seats"][0]["seat"] == doc["to_move"] else bob
            try:
                mover.page.wait_for_function(
                    "([v]) => document.body.dataset.phase === 'human'"
                    " && Number(document.body.dataset.ply) === v",
                    arg=[doc["version"]],
                    timeout=30_000,
                )
            except Exception:
                mover.page.screenshot(path=str(tmp_path / "stuck.png"))
                status = mover.page.inner_text("#turn-status")
                raise AssertionError(
                    f"{doc['to_move']} is not offered its move: {status!r}, phase "
                    f"{_phase(mover)}, ply {_ply(mover)}, match {doc['version']}"
                ) from None
            _click_a_move(mover, rng)
            moves += 1
            # The next read must see this move: the click reaches the server over the
            # page's socket, so a read at once may still find the version it was chosen on.
            deadline = time.monotonic() + 30
            while api.ok(api.get(f"/matches/{match}"))["version"] <= doc["version"]:
                assert time.monotonic() < deadline, f"move {moves} never reached the server"
                time.sleep(0.05)
            if moves == 3 and not reloaded:  # a reload plays on in the same seat
                bob.page.reload()
                bob.page.wait_for_function(
                    "['human', 'waiting', 'over'].includes(document.body.dataset.phase)",
                    timeout=30_000,
                )
                assert bob.page.locator("#seat-buttons button").count() == 0
                assert "You are" in bob.page.inner_text("#game-howto")
                reloaded = True
        final = api.ok(api.get(f"/matches/{match}"))
        for tab in (ann, bob, watcher):
            tab.page.wait_for_function("document.body.dataset.phase === 'over'", timeout=30_000)
            assert tab.page.inner_text("#turn-status").startswith("Game over")
            assert _ply(tab) == final["version"]
        ann.page.screenshot(path=str(tmp_path / f"{game}-ann.png"))
        watcher.page.screenshot(path=str(tmp_path / f"{game}-watcher.png"))
        assert ann.page.input_value("#position") == watcher.page.input_value("#position")
        with ann.page.expect_download() as download:
            ann.page.click("#download-record")
        record = Path(download.value.path()).read_text(encoding="utf-8")
        assert f'[Site "match {match}"]' in record
        for tab in (ann, bob, watcher):
            assert tab.foreign == [], tab.foreign
            assert tab.errors == [], tab.errors
    finally:
        for tab in (ann, bob, watcher):
            tab.close()
