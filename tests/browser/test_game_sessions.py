"""The play page's Python side for Square Off, StarCastles and Aeroplane Chess
(docs/play/boardgame.py and astroplane.server.clicks) under CPython: every legal move can be made by
clicks or a button, the clicks are unambiguous, and whole games run through the session
as the page drives it."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import json
import random
import re
import sys
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from astroplane.agents import make_bot
from astroplane.games.aeroplane_chess.clicks import path_of as aeroplane_chess_path
from astroplane.games.square_off.clicks import path_of as square_off_path
from astroplane.games.starcastles.clicks import path_of as starcastles_path
from astroplane.protocol import get_game, sample_chance

from .browser_helpers import PAGE


def load(name: str) -> ModuleType:
    """Import docs/play/<name>.py as the page does (its folder on the path, top-level
    names), without leaving the folder on sys.path."""
    sys.path.insert(0, str(PAGE))
    try:
        spec = importlib.util.spec_from_file_location(name, PAGE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(PAGE))


clicks = importlib.import_module("astroplane.server.clicks")
boardgame = load("boardgame")

#: (game, players, variant) of the random states checked.
SETUPS = [
    ("square-off", 2, "square-off"),
    ("square-off", 2, "jump-off"),
    ("square-off", 2, "trading-places"),
    ("square-off", 2, "nine-mens-morris"),
    ("starcastles", 2, "starcastles"),
    ("starcastles", 3, "starcastles"),
    ("starcastles", 6, "starcastles"),
    ("starcastles", 2, "starcastles-121"),
    ("starcastles", 4, "own-castles"),
    ("aeroplane-chess", 2, "standard"),
    ("aeroplane-chess", 4, "classic"),
    ("aeroplane-chess", 3, "modern"),
]


def random_states(name: str, players: int, variant: str, seed: int) -> Iterator[Any]:
    """The states (not chance nodes) of a few games played by a mix of random and greedy
    bots."""
    game = get_game(name)
    rng = random.Random(seed)
    for _ in range(3):
        state = game.new_game(players, rules=game.rules_from_text(variant))
        bot = make_bot(rng.choice(["random", "greedy"]), rng.randrange(1000))
        for _ in range(rng.randrange(40, 160)):
            if state.is_over:
                break
            if state.is_chance_node:
                state = state.play(sample_chance(state, rng))
                continue
            yield state
            state = state.play(bot.choose(state))


def svg_ids(svg: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', svg))


def test_docstring_examples() -> None:
    """The examples in clicks.py and boardgame.py hold."""
    for module in (clicks, boardgame):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(("name", "players", "variant"), SETUPS)
def test_every_move_has_one_unambiguous_click_path(name: str, players: int, variant: str) -> None:
    """Each legal move has a click path of drawn places and buttons; a path is never the
    start of another, and moves that share a path differ in words (the choice list)."""
    game = get_game(name)
    shared = 0
    for state in random_states(name, players, variant, seed=players):
        paths = clicks.click_paths(game, state)
        texts = [game.format_move(state, m) for m in state.legal_moves()]
        assert [p["text"] for p in paths] == texts
        ids = svg_ids(game.render_svg(state))
        by_path: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for p in paths:
            assert p["clicks"], p
            for token in p["clicks"]:
                drawn = token.startswith("@") or clicks.element_id(name, token) in ids
                assert drawn or token in clicks.BUTTONS, (p, game.position_to_text(state))
            by_path.setdefault(tuple(p["clicks"]), []).append(p)
        for path, moves in by_path.items():
            for i in range(1, len(path)):
                assert path[:i] not in by_path, f"{path[:i]} is a move and the start of {path}"
            words = [m["words"] for m in moves]
            assert len(set(words)) == len(words), words
            shared += len(moves) > 1
            for m in moves:  # the path (and the choice) lead back to the move
                assert game.format_move(state, game.parse_move(state, m["text"])) == m["text"]
    if name == "starcastles":  # a Spire or its whole castle: the choice list is needed
        assert shared > 0


def test_square_off_paths_in_words() -> None:
    """Square Off's paths: a placement and a removal are one point, the others two."""
    assert square_off_path("d2") == (["d2"], "place a piece on d2")
    assert square_off_path("xg7") == (["g7"], "remove the opposing piece on g7")
    assert square_off_path("a1^a7")[0] == ["a1", "a7"]
    assert square_off_path("a1<>d7") == (
        ["a1", "d7"],
        "trade your a1 with the opposing piece on d7",
    )


def test_starcastles_castle_and_spire_share_a_path() -> None:
    """A Spire leaving a controlled castle and the whole castle going to the same point
    share the clicks and differ in words."""
    spire = starcastles_path("Sc3-d3")
    castle = starcastles_path("Cc3-d3")
    assert spire[0] == castle[0] == ["c3", "d3"]
    assert spire[1] != castle[1]
    assert starcastles_path("pass") == (["@pass"], "pass (no move)")
    assert starcastles_path("*e3")[0] == ["@gem", "e3"]


def test_aeroplane_chess_paths_in_words() -> None:
    """Aeroplane Chess: the plane then the square it ends on; pass is a button."""
    assert aeroplane_chess_path("R1x30") == (["R1", "30"], "R1 to 30, sending opponents home")
    assert aeroplane_chess_path("R2-RT")[0] == ["R2", "RT"]
    assert aeroplane_chess_path("pass")[0] == ["@pass"]
    assert clicks.element_id("aeroplane-chess", "R2") == "plane-R2"
    assert clicks.element_id("aeroplane-chess", "RH3") == "sq-RH3"


def test_a_game_without_paths_gets_a_button_per_move() -> None:
    """A game clicks.py does not know is played by one button per move."""
    known = get_game("square-off")
    game = SimpleNamespace(name="unknown", format_move=known.format_move)
    state = known.new_game(2)
    paths = clicks.click_paths(game, state)
    assert paths and all(p["clicks"] == ["@" + p["text"]] for p in paths)


@pytest.mark.parametrize(
    ("name", "players", "human"),
    [("square-off", 2, "B"), ("starcastles", 3, "O"), ("aeroplane-chess", 2, "B")],
)
def test_whole_game_through_the_session(name: str, players: int, human: str) -> None:
    """The person (a seeded random choice of the offered paths) against the bots, to the
    end: the view's move list replays to its position, undo goes back to the person's
    last choice (a die they rolled stays rolled)."""
    session = boardgame.GameSession(name, players=players, human=human, seed=3, max_turns=60)
    game = get_game(name)
    rng = random.Random(5)
    undone = False
    while True:
        view = json.loads(session.view())
        if view["over"]:
            break
        if not view["your_turn"]:
            assert view["paths"] == []
            session.bot_move()
            continue
        assert view["to_move"] == human
        if not undone and view["ply"] > 10:
            after = json.loads(session.undo())
            assert after["ply"] < view["ply"] and after["your_turn"]
            assert not session.state.is_chance_node, "undo kept the person's roll"
            undone = True
            continue
        session.play(rng.choice(view["paths"])["text"])
    state = game.new_game(players, rules=game.rules_from_text(view["rules"]))
    for turn in view["turns"]:
        assert turn["seat"] == game.seat_names[state.to_move]
        for text in turn["moves"]:
            state = state.play(game.parse_move(state, text))
    assert game.position_to_text(state) == view["position"]
    assert view["status"].startswith("Game over: ")
    assert undone


def test_bots_play_every_seat_of_six() -> None:
    """Nobody's seat: six bots play StarCastles to its end with a small round limit."""
    session = boardgame.GameSession("starcastles", players=6, human=None, seed=1, max_turns=12)
    view = json.loads(session.view())
    assert not view["your_turn"] and view["human"] is None
    while not json.loads(session.view())["over"]:
        session.bot_move()
    view = json.loads(session.view())
    assert view["status"].startswith("Game over: ") and view["ply"] >= 12
    with pytest.raises(ValueError, match="not your turn"):
        session.play("pass")


@pytest.mark.parametrize(
    ("name", "players", "stopped"), [("aeroplane-chess", 2, True), ("starcastles", 2, False)]
)
def test_the_turn_limit_means_what_it_means_in_the_library(
    name: str, players: int, stopped: bool
) -> None:
    """``max_turns`` is the library's limit (``astroplane.turnlimit``): no turn after it is
    played. Aeroplane Chess, without a turn-limit rule, is stopped and says so; a
    2-player StarCastles game is drawn by its rule after its sixth round (turn 12), not
    after the second (12 // 6 rounds, as before)."""
    session = boardgame.GameSession(name, players=players, human=None, seed=4, max_turns=12)
    assert json.loads(boardgame.catalogue())[0]["turn_limit"] is True
    while not json.loads(session.view())["over"]:
        session.bot_move()
    view = json.loads(session.view())
    assert max(turn["turn"] for turn in view["turns"]) == 12
    assert session.state.is_over is not stopped
    words = "stopped when turn 12 was over" if stopped else "within 6 rounds"
    assert view["status"].startswith("Game over: ") and words in view["status"], view["status"]
    with pytest.raises(ValueError, match="not a bot's turn"):
        session.bot_move()


def test_session_rejects_bad_settings_and_moves() -> None:
    """A seat the game has not, or a move that is not legal, is refused."""
    with pytest.raises(ValueError, match="not one of"):
        boardgame.GameSession("square-off", human="S")
    session = boardgame.GameSession("square-off", human="W", seed=1)
    with pytest.raises(ValueError):
        session.play("a1-a4")
    with pytest.raises(ValueError, match="not a bot's turn"):
        session.bot_move()


def test_catalogue() -> None:
    """The selector's games: their titles, player counts and presets."""
    games = {g["name"]: g for g in json.loads(boardgame.catalogue())}
    assert games["square-off"]["variants"][0] == "square-off"
    assert "trading-places" in games["square-off"]["variants"]
    assert games["starcastles"]["player_counts"] == [2, 3, 4, 5, 6]
    assert len(games["starcastles"]["seat_colours"]) == 6
    assert games["aeroplane-chess"]["seats"]["2"] == ["R", "B"]
    assert games["aeroplane-chess"]["variants"] == [
        "standard",
        "classic",
        "modern",
        "family",
        "teams",
    ]
    allowed = games["aeroplane-chess"]["variant_players"]
    assert allowed["teams"] == [4] and allowed["family"] == [2, 3, 4]
    assert games["starcastles"]["variant_players"]["starcastles"] == [2, 3, 4, 5, 6]


def test_a_team_game_needs_four_players() -> None:
    """The session refuses the teams rules with fewer than four players, saying which
    rules and why [AC26]."""
    for players in (2, 3):
        refused = rf"teams rules of Aeroplane Chess cannot be played by {players} players: team"
        with pytest.raises(ValueError, match=refused):
            boardgame.GameSession("aeroplane-chess", players=players, variant="teams")


def test_a_team_game_through_the_session_names_the_partner_and_the_team_result() -> None:
    """A person (R) and three bots play a teams game to the end: the view names the teams
    and the partner (in the status on the person's turn and the partner's), and the end
    says which team won (describe_outcome) and whether it was the person's."""
    session = boardgame.GameSession(
        "aeroplane-chess", players=4, variant="teams", human="R", seed=2
    )
    game = get_game("aeroplane-chess")
    rng = random.Random(2)
    view = json.loads(session.view())
    assert view["teams"] == [["R", "B"], ["Y", "G"]]
    assert view["sides"] == "You play R with your partner B against Y and G."
    said = set()
    while not view["over"]:
        if view["your_turn"]:
            assert view["status"].startswith("Your turn (R, partner of B): ")
            session.play(rng.choice(view["paths"])["text"])
        else:
            if view["to_move"] == "B":
                assert view["status"].startswith("Your partner, the bot B, is to move: ")
            said.add(view["to_move"])
            session.bot_move()
        view = json.loads(session.view())
    assert said == {"Y", "B", "G"}
    state = session.state
    won = "R" if state.returns()[0] == 1.0 else "Y"
    assert view["status"] == (
        f"Game over: {game.describe_outcome(state)}. Your team {'wins' if won == 'R' else 'loses'}."
    )
    assert "win as a team" in view["status"]
    watch = boardgame.GameSession("aeroplane-chess", players=4, variant="teams", human=None)
    assert json.loads(watch.view())["sides"] == "Teams: R and B against Y and G."
    assert json.loads(boardgame.GameSession("aeroplane-chess", players=4).view())["teams"] == []
