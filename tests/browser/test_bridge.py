"""The play page's Python side (docs/play/bridge.py) under CPython, without a browser:
fast, and run by the normal test suite, so a change of the public API that breaks the
page shows up even where Chromium is not installed."""

from __future__ import annotations

import doctest
import importlib.util
import json
import random
from types import ModuleType
from typing import Any

import pytest

import astroplane as ap

from .browser_helpers import PAGE


def load_bridge() -> ModuleType:
    spec = importlib.util.spec_from_file_location("play_bridge", PAGE / "bridge.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bridge = load_bridge()


def view(session: Any) -> dict[str, Any]:
    return json.loads(session.view())


def play_person(session: Any, rng: random.Random) -> list[dict[str, Any]]:
    """One action of the person as the page makes it: select, pick a destination, pick an
    option; returns the options offered."""
    v = view(session)
    if v["end_turn"] and (not v["movable"] or rng.random() < 0.5):
        session.end_turn()
        return []
    v = json.loads(session.select(rng.choice(sorted(v["movable"]))))
    assert v["selected"] and v["destinations"]
    options = json.loads(session.options(rng.choice(v["destinations"])))
    assert options, "a destination with no move"
    session.play(rng.choice(options)["text"])
    return options


def test_docstring_examples() -> None:
    assert doctest.testmod(bridge).failed == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_through_the_session(players: int) -> None:
    rng = random.Random(players)
    session = bridge.Session(players=players, seed=5, max_turns=16)
    assert view(session)["ply"] == 0
    choices = 0
    while not session.state.is_over:
        if session.your_turn:
            options = play_person(session, rng)
            if len(options) > 1:
                choices += 1
                texts = [o["text"] for o in options]
                assert len(set(texts)) == len(texts)
                assert all(o["effects"] for o in options), options
        else:
            session.bot_move()
    v = view(session)
    assert v["over"] and v["status"].startswith("Game over")
    record = ap.GameRecord.from_text(session.record())
    assert record.final_state() == session.state
    assert record.header("Rules") == "standard,max_turns=16"
    assert sum(len(t["moves"]) for t in v["turns"]) == v["ply"] == len(record.moves)
    assert ap.GameState.from_text(v["position"]) == session.state


def test_choices_are_labelled_by_their_effects() -> None:
    # S1 steps into the Singularity: the reserve piece it brings in goes left or right.
    session = bridge.Session()
    session.state = ap.setup_position(
        stacks={"d4.ne": ["S1"], "Nl": ["N1"]}, reserve={"S": 9, "N": 9}
    )
    v = json.loads(session.select("d4.ne"))
    assert "e5.ne" in v["destinations"]
    options = json.loads(session.options("e5.ne"))
    assert [o["text"] for o in options] == ["d4ne-e5ne*l", "d4ne-e5ne*r"]
    assert options[0]["effects"] == ["brings reserve piece S2 into S's left Start Area (Sl)"]


def test_the_person_cannot_make_illegal_actions() -> None:
    session = bridge.Session(seed=1)
    assert json.loads(session.select("Nl"))["selected"] is None  # the bot's piece
    assert json.loads(session.select("e5.ne"))["selected"] is None  # an empty spot
    assert json.loads(session.options("e2.ne")) == []  # nothing selected
    with pytest.raises(ap.NotationError):
        session.play("e2ne-f3nw")
    with pytest.raises(ap.NotationError):
        session.end_turn()  # only legal when just free actions are left
    with pytest.raises(ValueError, match="not a bot's turn"):
        session.bot_move()
    session.play("Sl-e2ne")
    session.play("e2ne-f3nw")
    assert not session.your_turn
    with pytest.raises(ValueError, match="not your turn"):
        session.play("Sl-e2ne")
    assert view(session)["ply"] == 2


def test_undo_takes_back_the_persons_action_and_the_bots_answer() -> None:
    session = bridge.Session(seed=2)
    assert not view(session)["can_undo"]
    session.play("Sl-e2ne")
    after_one = session.state
    session.play("e2ne-f3nw")
    while not session.your_turn:
        session.bot_move()
    assert view(session)["ply"] == 4
    v = json.loads(session.undo())
    assert v["ply"] == 1 and v["your_turn"] and session.state == after_one
    v = json.loads(session.undo())
    assert v["ply"] == 0 and not v["can_undo"] and session.state == session.initial


def test_bots_and_budget() -> None:
    names = json.loads(bridge.bots())
    assert {"greedy", "random"} <= set(names)
    session = bridge.Session(players=3, bot="random", seed=7, iterations=10)
    assert sorted(session.bots) == ["N", "W"]
    assert all(b.name == "random" for b in session.bots.values())
    with pytest.raises(ValueError, match="unknown bot"):
        bridge.Session(bot="nobody")
    versions = json.loads(bridge.versions())
    assert versions["astroplane"] == ap.__version__
