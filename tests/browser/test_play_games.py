"""The play page (docs/play) playing Square Off, StarCastles and Aeroplane Chess in a real
Chromium: moves made by clicking the green rings and the buttons, against seeded bots,
every drawing compared with the state reached here by replaying the page's move list; and
six bots playing StarCastles to its end.

Screenshots of each game are written to the test's tmp dir (and to
``$ASTROPLANE_ARTIFACTS`` when that is set).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from astroplane.agents import make_bot
from astroplane.protocol import get_game

from .browser_helpers import Page, Server
from .test_play_page import save_screenshot

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000  # Pyodide's first start

RECORDER = """
window.__renders = [];
document.addEventListener("astroplane:render", (event) => {
  const svg = document.querySelector("#board svg");
  window.__renders.push({
    game: event.detail.game,
    ply: event.detail.ply,
    over: event.detail.over,
    title: svg.querySelector(":scope > title").textContent,
    desc: svg.querySelector(":scope > desc")?.textContent ?? null,
    pieces: [...svg.querySelectorAll("g.piece[id^='piece-']")].map(
      (g) => [g.id.slice(6), g.classList.contains("W") ? "W" : "B"]),
    turns: [...document.querySelectorAll("#moves li")].map((li) => ({
      seat: li.dataset.seat,
      moves: [...li.querySelectorAll(".move")].map((m) => m.textContent)})),
    position: document.getElementById("position").value,
    status: document.getElementById("turn-status").textContent,
  });
});
"""


class Oracle:
    """Replays the page's move list with this process's astroplane, and checks drawings."""

    def __init__(self, name: str, players: int, rules: Any) -> None:
        self.game = get_game(name)
        self.start = self.game.new_game(players, rules=rules)

    def replay(self, turns: list[dict[str, Any]]) -> tuple[Any, list[str]]:
        state, texts = self.start, []
        for line in turns:
            for text in line["moves"]:
                assert line["seat"] == self.game.seat_names[state.to_move], (line, texts)
                move = self.game.parse_move(state, text)
                assert self.game.format_move(state, move) == text
                state = state.play(move)
                texts.append(text)
        return state, texts

    def check(self, render: dict[str, Any]) -> Any:
        """Compare one recorded drawing with the engine; returns the engine's state."""
        game = self.game
        state, texts = self.replay(render["turns"])
        where = f"after {texts[-4:]}"
        assert render["game"] == game.name
        assert render["ply"] == len(texts), where
        assert render["position"] == game.position_to_text(state), where
        if game.name == "aeroplane-chess":  # the drawing's description is the position
            assert render["desc"] == render["position"], where
        else:  # the drawing's title ends with the position
            assert render["title"] == f"{game.title}: {render['position']}", where
        assert render["over"] == state.is_over, where
        if game.name == "square-off":
            names = state.board.names
            pieces = sorted(
                (names[i], "WB"[seat])
                for seat in (0, 1)
                for i in range(len(names))
                if state.occupancy[seat] >> i & 1
            )
            assert sorted(tuple(p) for p in render["pieces"]) == pieces, where
        return state


class Person:
    """Clicks through the page as the person."""

    def __init__(self, tab: Page, server: Server, query: str) -> None:
        self.page = tab.page
        self.page.add_init_script(RECORDER)
        self.page.goto(server.url + "index.html" + query)
        self.wait()

    def ply(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.ply)"))

    def wait(self) -> None:
        self.page.wait_for_function(
            "['human', 'over', 'error'].includes(document.body.dataset.phase)", timeout=TIMEOUT_MS
        )
        phase = self.page.evaluate("document.body.dataset.phase")
        assert phase != "error", self.page.inner_text("#turn-status")

    def renders(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.__renders.splice(0)"))

    def targets(self) -> set[str]:
        """The points ringed as clickable next."""
        return set(
            self.page.eval_on_selector_all(
                "#board circle.click-ring.target", "cs => cs.map(c => c.dataset.point)"
            )
        )

    def buttons(self) -> set[str]:
        return set(
            self.page.eval_on_selector_all(
                "#move-buttons button", "bs => bs.map(b => b.dataset.token)"
            )
        )

    def click_point(self, point: str) -> None:
        self.page.click(f'#board circle.click-ring.target[data-point="{point}"]')

    def play(self, clicks: list[str], choice: str | None = None) -> None:
        """Click a move's path (points and button tokens); pick ``choice`` in the dialog."""
        before = self.ply()
        for token in clicks:
            if token.startswith("@"):
                self.page.click(f'#move-buttons button[data-token="{token}"]')
            else:
                self.click_point(token)
        if choice is not None:
            self.page.wait_for_selector("#choice[open]", timeout=10_000)
            self.page.click(f'#choice-options button[data-move="{choice}"]')
        self.page.wait_for_function(f"Number(document.body.dataset.ply) > {before}")
        self.wait()


def first_clicks(game: Any, state: Any) -> tuple[set[str], set[str]]:
    """The points and the buttons a person can click first, from the legal moves."""
    from .test_game_sessions import clicks

    tokens = {p["clicks"][0] for p in clicks.click_paths(game, state)}
    return {t for t in tokens if not t.startswith("@")}, {t for t in tokens if t.startswith("@")}


def test_square_off_by_clicks(tab: Page, page_server: Server, tmp_path: Path) -> None:
    """A person places by clicks, forms a line and removes a piece by a click against the
    seeded bot; every drawing shows the engine's state."""
    game = get_game("square-off")
    person = Person(tab, page_server, "?game=square-off&human=W&seed=5&anim=0&delay=0")
    oracle = Oracle("square-off", 2, game.rules_from_text("square-off"))
    chooser = make_bot("greedy", 5)  # the person's choices, clicked

    def choose(state: Any) -> Any:
        """A move that forms a line (a removal follows), else the greedy bot's."""
        for move in state.legal_moves():
            if state.play(move).to_move == state.to_move:
                return move
        return chooser.choose(state)

    removed = placed = 0
    for _ in range(30):
        person.wait()
        state = None
        for render in person.renders():
            state = oracle.check(render)
        assert state is not None and not state.is_over
        assert game.seat_names[state.to_move] == "W"
        points, buttons = first_clicks(game, state)
        assert person.targets() == points and person.buttons() == buttons
        text = game.format_move(state, choose(state))
        if text.startswith("x"):  # the removal: one click on the opposing piece
            assert person.page.locator(f'#board g.piece.B[id="piece-{text[1:]}"]').count() == 1
            save_screenshot(tab, tmp_path / "play-square-off-removal.png")
            person.play([text[1:]])
            removed += 1
            break
        person.play([text] if len(text) == 2 else [text[:2], text[-2:]])
        placed += 1
    assert removed == 1 and placed >= 3
    state = None
    for render in person.renders():
        state = oracle.check(render)
    assert state is not None and state.removed[1] == 1  # B lost a piece
    assert tab.foreign == [] and tab.errors == []


def test_starcastles_gem_step_dock_and_choice(
    tab: Page, page_server: Server, tmp_path: Path
) -> None:
    """A person places a Phase Gem with its button, steps a Spire and docks it by clicks,
    and picks the castle in the choice list when the Spire alone could go too."""
    game = get_game("starcastles")
    person = Person(tab, page_server, "?game=starcastles&players=2&human=B&seed=1&anim=0&delay=0")
    oracle = Oracle("starcastles", 2, game.rules_from_text("starcastles"))
    state = oracle.check(person.renders()[-1])
    points, buttons = first_clicks(game, state)
    assert person.targets() == points and person.buttons() == buttons == {"@gem"}

    # The gem: its button, then an empty point; the person then still moves.
    person.page.click('#move-buttons button[data-token="@gem"]')
    assert "e3" in person.targets() and "b1" not in person.targets()
    person.play(["e3"])
    state = oracle.check(person.renders()[-1])
    assert game.seat_names[state.to_move] == "B"
    assert "@gem" not in person.buttons()  # one gem in play at a time

    # A step, then (after the bot) a dock back onto the Battlement left behind.
    person.click_point("b1")
    assert person.targets() == {"c3", "c4"}
    person.play(["c3"])
    person.play(["b2", "b1"])
    for render in person.renders():
        state = oracle.check(render)

    # The castle on b1 (controlled) and its Spire both go to c4: the dialog asks.
    legal = {game.format_move(state, m) for m in state.legal_moves()}
    assert {"Sb1-c4", "Cb1-c4"} <= legal, sorted(legal)
    person.click_point("b1")
    person.click_point("c4")
    person.page.wait_for_selector("#choice[open]", timeout=10_000)
    offered = person.page.eval_on_selector_all(
        "#choice-options button", "bs => bs.map(b => b.dataset.move)"
    )
    assert sorted(offered) == ["Cb1-c4", "Sb1-c4"]
    save_screenshot(tab, tmp_path / "play-starcastles-choice.png")
    before = person.ply()
    person.page.click('#choice-options button[data-move="Cb1-c4"]')
    person.page.wait_for_function(f"Number(document.body.dataset.ply) > {before}")
    person.wait()
    for render in person.renders():
        state = oracle.check(render)
    texts = oracle.replay(render["turns"])[1]
    assert texts[:2] == ["*e3", "Sb1-c3"] and "Sb2+b1" in texts and "Cb1-c4" in texts
    assert tab.foreign == [] and tab.errors == []


def test_six_bots_play_starcastles_to_the_end(
    tab: Page, page_server: Server, tmp_path: Path
) -> None:
    """Nobody's seat: six bots play StarCastles with a two-round limit to its end, and the
    page shows the end message of the engine's final state."""
    game = get_game("starcastles")
    query = "?game=starcastles&players=6&human=none&seed=1&max_turns=12&anim=0&delay=0"
    person = Person(tab, page_server, query)
    person.page.wait_for_function("document.body.dataset.phase === 'over'", timeout=TIMEOUT_MS)
    rules = game.with_turn_limit(game.rules_from_text("starcastles"), 12)
    oracle = Oracle("starcastles", 6, rules)
    renders = person.renders()
    for render in renders:
        state = oracle.check(render)
    assert state.is_over and renders[-1]["ply"] >= 12
    status = person.page.inner_text("#turn-status")
    assert status == f"Game over: {game.describe_outcome(state)}"
    assert person.targets() == set() and person.buttons() == set()
    save_screenshot(tab, tmp_path / "play-starcastles-6-bots.png")
    assert tab.foreign == [] and tab.errors == []


def test_aeroplane_chess_roll_button_and_clicks(tab: Page, page_server: Server) -> None:
    """A person rolls the die with its button and moves planes by clicking the plane and
    the square it ends on, against a seeded bot; every drawing shows the engine's state."""
    game = get_game("aeroplane-chess")
    person = Person(tab, page_server, "?game=aeroplane-chess&human=R&seed=3&anim=0&delay=0")
    oracle = Oracle("aeroplane-chess", 2, game.rules_from_text("standard"))
    moved = 0
    for _ in range(40):
        person.wait()
        for render in person.renders():
            state = oracle.check(render)
        if state.is_over or moved >= 3:
            break
        assert game.seat_names[state.to_move] == "R"
        if state.is_chance_node:
            assert person.buttons() == {"@roll"} and person.targets() == set()
            person.play(["@roll"])
            continue
        points, buttons = first_clicks(game, state)
        assert person.targets() == points and person.buttons() == buttons
        text = game.format_move(state, state.legal_moves()[0])
        clicks = ["@pass"] if text == "pass" else [text[:2], text[3:].rstrip("&")]
        person.play(clicks)
        moved += text != "pass"
    assert moved >= 3
    assert tab.foreign == [] and tab.errors == []


def test_aeroplane_chess_teams_by_clicks(tab: Page, page_server: Server, tmp_path: Path) -> None:
    """The teams rules force four players in the form; a person plays R against three
    seeded bots for a few turns by clicks (roll button, plane, square), with the partner
    named in the how-to text, the status and the move list [AC26]."""
    game = get_game("aeroplane-chess")
    person = Person(tab, page_server, "?game=aeroplane-chess&human=R&seed=4&anim=0&delay=0")
    page = person.page
    page.select_option("#variant", "teams")
    assert page.eval_on_selector_all("#players option", "os => os.map(o => o.value)") == ["4"]
    assert page.input_value("#players") == "4" and "teams rules are for 4" in (
        page.get_attribute("#players", "title") or ""
    )
    assert page.eval_on_selector_all("#human option", "os => os.map(o => o.value)")[:4] == [
        "R",
        "Y",
        "B",
        "G",
    ]
    page.select_option("#human", "R")
    person.renders()
    page.click("#new")
    person.wait()
    assert "You play R with your partner B against Y and G." in page.inner_text("#game-howto")
    oracle = Oracle("aeroplane-chess", 4, game.rules_from_text("teams"))
    moved = 0
    for _ in range(60):
        person.wait()
        for render in person.renders():
            state = oracle.check(render)
        if state.is_over or moved >= 3:
            break
        assert game.seat_names[state.to_move] == "R"
        assert page.inner_text("#turn-status").startswith("Your turn (R, partner of B): ")
        if state.is_chance_node:
            assert person.buttons() == {"@roll"} and person.targets() == set()
            person.play(["@roll"])
            continue
        points, buttons = first_clicks(game, state)
        assert person.targets() == points and person.buttons() == buttons
        text = game.format_move(state, state.legal_moves()[0])
        clicks = ["@pass"] if text == "pass" else [text[:2], text[3:].rstrip("&")]
        person.play(clicks)
        moved += text != "pass"
    assert moved >= 3
    teams = page.eval_on_selector_all(
        "#moves li",
        "ls => ls.map(l => [l.dataset.seat, l.querySelector('.team').textContent,"
        " l.classList.contains('partner')])",
    )
    assert {tuple(t) for t in teams} >= {("R", "+B", False), ("B", "+R", True), ("Y", "+G", False)}
    save_screenshot(tab, tmp_path / "play-aeroplane-chess-teams.png")
    assert tab.foreign == [] and tab.errors == []


def test_four_bots_play_an_aeroplane_chess_team_game_to_the_end(
    tab: Page, page_server: Server, tmp_path: Path
) -> None:
    """Nobody's seat: four bots play a teams game to its end; every drawing shows the
    engine's state, and the page ends with the team result of describe_outcome [AC26]."""
    game = get_game("aeroplane-chess")
    query = "?game=aeroplane-chess&variant=teams&players=4&human=none&seed=2&anim=0&delay=0"
    person = Person(tab, page_server, query)
    assert "Teams: R and B against Y and G." in person.page.inner_text("#game-howto")
    person.page.wait_for_function("document.body.dataset.phase === 'over'", timeout=600_000)
    oracle = Oracle("aeroplane-chess", 4, game.rules_from_text("teams"))
    renders = person.renders()
    state = oracle.start
    for render in renders[:: max(1, len(renders) // 40)] + renders[-1:]:
        state = oracle.check(render)
    assert state.is_over and not state.turn_limit
    status = person.page.inner_text("#turn-status")
    assert status == f"Game over: {game.describe_outcome(state)}"
    assert "win as a team" in status
    save_screenshot(tab, tmp_path / "play-aeroplane-chess-teams-end.png")
    assert tab.foreign == [] and tab.errors == []
