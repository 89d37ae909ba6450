"""The play page (docs/play) in a real Chromium: a whole game clicked through the user
interface, every drawing checked against this process's own astroplane.

The person's side is played by a seeded rule that clicks like a person: one of the
outlined pieces, then one of the green destinations (mostly the one nearest the
Singularity, so that pieces get there and the reserve dialog comes up), then an option of
the dialog when one opens. The bot answers in the page. After every drawing the page
dispatches ``astroplane:render``; an init script records the pieces of the SVG (name,
``data-position``, ``data-level``), the move list and the position text, and each record
is compared with the state reached by replaying the move list texts here.

A screenshot of the page mid-game is written to the test's tmp dir (and to
``$ASTROPLANE_ARTIFACTS`` when that is set).
"""

from __future__ import annotations

import math
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import astroplane as ap

from .browser_helpers import PAGE, Page, Server, serve

pytestmark = pytest.mark.browser

SEED = 1
MAX_TURNS = 30
TIMEOUT_MS = 120_000  # Pyodide's first start; moves take well under a second

RECORDER = """
window.__renders = [];
document.addEventListener("astroplane:render", (event) => {
  const svg = document.querySelector("#board svg");
  window.__renders.push({
    ply: event.detail.ply,
    over: event.detail.over,
    toMove: svg.dataset.toMove || null,
    pieces: [...svg.querySelectorAll("g.piece")].map(
      (g) => [g.dataset.piece, g.dataset.position, Number(g.dataset.level)]),
    turns: [...document.querySelectorAll("#moves li")].map((li) => ({
      turn: Number(li.dataset.turn), seat: li.dataset.seat,
      moves: [...li.querySelectorAll(".move")].map((m) => m.textContent)})),
    position: document.getElementById("position").value,
  });
});
"""

# A point inside an element of the drawing where a click really lands on that element
# (document.elementFromPoint), in viewport pixels; null if there is none.
POINT_IN = """
(selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  const shape = node.matches("polygon") ? node : node.querySelector("polygon");
  const matrix = shape.getScreenCTM();
  const corners = [...shape.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(matrix));
  const n = corners.length;
  const c = corners.reduce((a, p) => ({x: a.x + p.x / n, y: a.y + p.y / n}), {x: 0, y: 0});
  const towards = (p) => ({x: 0.7 * c.x + 0.3 * p.x, y: 0.7 * c.y + 0.3 * p.y});
  const candidates = [c, ...corners.map(towards)];
  for (const q of candidates) {
    const hit = document.elementFromPoint(q.x, q.y);
    if (hit && (hit === node || node.contains(hit))) return [q.x, q.y];
  }
  return null;
}
"""


def rules() -> ap.Rules:
    return attrs.evolve(ap.STANDARD, max_turns=MAX_TURNS)


class Oracle:
    """Replays move list texts with the local astroplane (states cached by prefix)."""

    def __init__(self, players: int = 2) -> None:
        self.start = ap.new_game(players, rules=rules())
        self.cache: dict[tuple[str, ...], ap.GameState] = {(): self.start}

    def replay(self, turns: list[dict[str, Any]]) -> tuple[ap.GameState, list[str]]:
        texts: list[str] = []
        state = self.start
        for line in turns:
            assert not state.is_over, f"a move list line after the end: {line}"
            assert (line["turn"], line["seat"]) == (state.turn, ap.SEAT_NAMES[state.to_move]), (
                f"move list line {line} but the engine has turn {state.turn}, "
                f"{ap.SEAT_NAMES[state.to_move]} to move"
            )
            for text in line["moves"]:
                key = (*texts, text)
                if key not in self.cache:
                    move = ap.parse_move(state, text)
                    assert ap.format_move(state, move) == text, "not the canonical text"
                    self.cache[key] = state.play(move)
                state = self.cache[key]
                texts.append(text)
        return state, texts

    @staticmethod
    def pieces(state: ap.GameState) -> list[tuple[str, str, int]]:
        t = state.topology
        return sorted(
            (ap.piece_name(piece), t.position_name(pos), level)
            for pos, stack in enumerate(state.stacks)
            for level, piece in enumerate(stack)
        )

    def check(self, render: dict[str, Any]) -> ap.GameState:
        """Compare one recorded drawing with the engine; returns the engine's state."""
        state, texts = self.replay(render["turns"])
        where = f"after {len(texts)} moves ({' '.join(texts[-4:])})"
        assert render["ply"] == len(texts), where
        assert sorted(tuple(p) for p in render["pieces"]) == self.pieces(state), where
        assert render["position"] == state.to_text(), where
        assert render["over"] == state.is_over, where
        if not state.is_over:
            assert render["toMove"] == ap.SEAT_NAMES[state.to_move], where
        return state


class Player:
    """Clicks through the page as the person (seat S), choosing by a seeded rule."""

    def __init__(self, tab: Page, seed: int) -> None:
        self.page = tab.page
        self.rng = random.Random(seed)
        self.dialogs = 0
        self.centre: tuple[float, float] | None = None

    def ply(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.ply)"))

    def click(self, selector: str) -> None:
        point = self.page.evaluate(POINT_IN, selector)
        assert point is not None, f"nothing to click on for {selector}"
        self.page.mouse.click(point[0], point[1])

    def wait_for_turn(self) -> None:
        self.page.wait_for_function(
            "['human', 'over', 'error'].includes(document.body.dataset.phase)", timeout=TIMEOUT_MS
        )
        assert self.page.evaluate("document.body.dataset.phase") != "error", self.page.inner_text(
            "#turn-status"
        )

    def movable(self) -> dict[str, str]:
        """Position -> piece, for the pieces the page outlines as movable."""
        pairs = self.page.eval_on_selector_all(
            "#board g.piece.movable", "gs => gs.map(g => [g.dataset.position, g.dataset.piece])"
        )
        return dict(pairs)

    def destinations(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#board polygon.pos.destination", "ps => ps.map(p => p.dataset.position)"
        )

    def distance_to_centre(self, position: str) -> float:
        if self.centre is None:
            self.centre = tuple(
                self.page.evaluate(
                    """() => {
                      const b = document.querySelector('.mark.singularity').getBoundingClientRect();
                      return [b.x + b.width / 2, b.y + b.height / 2];
                    }"""
                )
            )
        box = self.page.locator(f'#board polygon.pos[data-position="{position}"]').bounding_box()
        assert box is not None
        cx, cy = self.centre
        return math.hypot(box["x"] + box["width"] / 2 - cx, box["y"] + box["height"] / 2 - cy)

    def play_one(self, state: ap.GameState) -> None:
        """One action of the person, through clicks; checks what the page offers."""
        movable = self.movable()
        t = state.topology
        expected = {}
        for piece in state.pieces_of(state.to_move):
            if state.moves_of(piece):
                expected[t.position_name(state.location(piece))] = ap.piece_name(piece)
        assert movable == expected, "the outlined pieces are not the ones that can move"
        end_turn = self.page.is_enabled("#end-turn")
        assert end_turn == (ap.Move(ap.MoveKind.END_TURN) in state.legal_moves())
        before = self.ply()
        choices = sorted(movable) + (["end"] if end_turn else [])
        pick = self.rng.choice(choices)
        if pick == "end":
            self.page.click("#end-turn")
            self.page.wait_for_function(f"Number(document.body.dataset.ply) > {before}")
            return
        piece = movable[pick]
        self.click(f'#board g.piece[data-piece="{piece}"]')
        self.page.wait_for_selector("#board g.piece.selected", timeout=10_000)
        destinations = self.destinations()
        assert destinations == [t.position_name(p) for p in state.destinations(piece)]
        if self.rng.random() < 0.75:
            target = min(destinations, key=self.distance_to_centre)
        else:
            target = self.rng.choice(destinations)
        on_top = f'#board g.piece.top[data-position="{target}"]'
        if self.page.locator(on_top).count():
            self.click(on_top)  # landing on a stack: its top piece is what one clicks
        else:
            self.click(f'#board polygon.pos[data-position="{target}"]')
        dialog_or_move = "document.getElementById('choice').open || "
        self.page.wait_for_function(
            f"{dialog_or_move} Number(document.body.dataset.ply) > {before}", timeout=10_000
        )
        if self.page.evaluate("document.getElementById('choice').open"):
            self.dialogs += 1
            options = self.page.eval_on_selector_all(
                "#choice-options button", "bs => bs.map(b => b.dataset.move)"
            )
            assert len(options) >= 2, options
            legal = {ap.format_move(state, m) for m in state.moves_of(piece)}
            assert set(options) <= legal, options
            choice = self.rng.choice(options)
            self.page.click(f'#choice-options button[data-move="{choice}"]')
            self.page.wait_for_function(f"Number(document.body.dataset.ply) > {before}")
        assert self.ply() > before


def open_page(tab: Page, server: Server, query: str) -> None:
    tab.page.add_init_script(RECORDER)
    tab.page.goto(server.url + "index.html" + query)


def take_renders(tab: Page) -> list[dict[str, Any]]:
    return tab.page.evaluate("window.__renders.splice(0)")


def save_screenshot(tab: Page, path: Path) -> None:
    tab.page.screenshot(path=str(path))
    extra = os.environ.get("ASTROPLANE_ARTIFACTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, Path(extra) / path.name)
    print(f"screenshot: {path}")


def test_whole_game_against_the_bot(tab: Page, page_server: Server, tmp_path: Path) -> None:
    started = time.monotonic()
    open_page(tab, page_server, f"?seed={SEED}&max_turns={MAX_TURNS}&anim=40&delay=0")
    player = Player(tab, seed=SEED)
    oracle = Oracle()
    page = tab.page
    player.wait_for_turn()
    loaded = time.monotonic() - started

    # Illegal actions cannot be made: clicking the bot's piece, or a spot no piece of
    # ours can reach, changes nothing.
    page.wait_for_selector("#board g.piece.movable")
    player.click('#board g.piece.top[data-piece="N3"]')
    player.click('#board polygon.pos[data-position="e5.ne"]')
    assert player.ply() == 0
    assert page.locator("#board g.piece.selected").count() == 0

    checked = 0
    screenshot = tmp_path / "play-page-midgame.png"
    undone = False
    state = oracle.start
    last_ply = 0
    while True:
        player.wait_for_turn()
        for render in take_renders(tab):
            state = oracle.check(render)
            last_ply = render["ply"]
            checked += 1
        assert last_ply == player.ply(), "the last drawing is not of the current position"
        if state.is_over:
            break
        assert page.evaluate("document.body.dataset.phase") == "human"
        assert "Your turn" in page.inner_text("#turn-status")
        if not undone and state.turn >= 12 and state.moves_left == 2:
            # Undo takes back our last action and the bot's answer.
            before = player.ply()
            page.click("#undo")
            renders = take_renders(tab)
            assert len(renders) == 1
            state = oracle.check(renders[0])
            last_ply = renders[0]["ply"]
            assert last_ply < before
            assert ap.SEAT_NAMES[state.to_move] == "S"
            undone = True
            continue
        if undone and not screenshot.exists() and state.turn >= 15:
            piece = next(iter(player.movable().values()))
            player.click(f'#board g.piece[data-piece="{piece}"]')
            page.wait_for_selector("#board polygon.pos.destination")
            save_screenshot(tab, screenshot)
            player.click(f'#board g.piece[data-piece="{piece}"]')  # deselect
            take_renders(tab)
        player.play_one(state)

    assert state.outcome is not None
    status = page.inner_text("#turn-status")
    assert status.startswith("Game over"), status
    assert page.evaluate("document.body.dataset.phase") == "over"
    save_screenshot(tab, tmp_path / "play-page-over.png")
    assert undone and screenshot.exists()
    assert player.dialogs >= 1, "no move needed a choice: pick another SEED"

    # The downloads: the game record replays to the same game, the position text is the state's.
    with page.expect_download() as download:
        page.click("#download-record")
    record = ap.GameRecord.from_text(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record.final_state() == state
    assert record.header("Rules") == f"standard,max_turns={MAX_TURNS}"
    with page.expect_download() as download:
        page.click("#download-position")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert ap.GameState.from_text(text.strip()) == state

    # New game starts over.
    page.click("#new")
    player.wait_for_turn()
    renders = take_renders(tab)
    assert renders[-1]["ply"] == 0
    assert oracle.check(renders[-1]) == oracle.start

    assert tab.foreign == [], "the page fetched from another host"
    assert tab.errors == []
    print(
        f"loaded in {loaded:.1f} s; {len(oracle.cache) - 1} distinct positions, {checked} drawings "
        f"checked, {player.dialogs} dialogs; {time.monotonic() - started:.1f} s in all"
    )


def test_unbuilt_page_says_how_to_build_it(tab: Page, tmp_path: Path) -> None:
    """Without _build/ the page tells the reader how to build it, instead of hanging."""
    for name in ("index.html", "play.js", "online.js", "online.json", "clicktree.js", "play.css"):
        shutil.copy2(PAGE / name, tmp_path / name)
    for name in ("bridge.py", "boardgame.py"):
        shutil.copy2(PAGE / name, tmp_path / name)
    for server in serve(tmp_path):
        tab.page.goto(server.url + "index.html")
        tab.page.wait_for_function("document.body.dataset.phase === 'error'", timeout=20_000)
        assert "build_play_page.py" in tab.page.inner_text("#loading")
    assert tab.foreign == []
