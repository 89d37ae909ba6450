"""JSON [SC20]: states and moves as plain objects with exact types; every reachable state
and legal move reads back; every error names the JSON path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from sc_helpers import homing_game, players_st, playout, pos, rules_st, seeds_st

from astroplane.errors import NotationError
from astroplane.games.starcastles import (
    Rules,
    from_json,
    move_from_dict,
    move_from_json,
    move_to_dict,
    new_game,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.kit.jsonread import JsonPathError


def test_a_state_is_written_with_every_field() -> None:
    """A state's JSON has the header, the rules, players, counters, stacks by point,
    control, gems per player, gems left, removal, winner and outcome."""
    s = pos({"e3": "P0B1S0", "c3": "S1"}, controlled=["e3"], gems={1: "d3"}, round=3)
    d = state_to_dict(s)
    assert d == {
        "format_version": 1,
        "game": "starcastles",
        "type": "state",
        "rules": {
            "preset": "starcastles",
            "arm": 2,
            "gems_per_player": False,
            "own_castles": False,
            "start_controlled": False,
            "swap": True,
            "max_rounds": 200,
        },
        "arms": [0, 3],
        "first": 0,
        "to_move": 0,
        "round": 3,
        "stacks": {"c3": "S1", "e3": "P0B1S0"},
        "controlled": ["e3"],
        "gems": [None, "d3"],
        "gems_left": [4, 3],
        "removed": False,
        "winner": None,
        "outcome": "",
    }
    assert state_from_dict(json.loads(json.dumps(d))) == s


@given(seeds_st, players_st, rules_st)
def test_states_and_moves_of_random_games_read_back(seed: int, players: int, rules: Rules) -> None:
    """Every sampled state of random games (2..6 players, every option) and each of its
    legal moves reads back equal from JSON text."""
    states, _moves = playout(seed, players, rules, max_plies=80)
    for state in states[::9] + states[-1:]:
        assert from_json(to_json(state)) == state
        for move in state.legal_moves()[:: max(1, len(state.legal_moves()) // 5)]:
            text = json.dumps(move_to_dict(state, move))
            assert move_from_json(state, text) == move


def test_a_won_state_reads_back() -> None:
    """A won game's JSON says the winner and ``"win"`` and reads back equal."""
    final = homing_game(0)[-1]
    d = state_to_dict(final)
    assert (d["winner"], d["outcome"]) == (1, "win")
    assert from_json(to_json(final, indent=2)) == final


def _start() -> dict[str, Any]:
    return state_to_dict(new_game(2))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(format_version=2), "state.format_version"),
        (lambda d: d.update(format_version=True), "state.format_version"),
        (lambda d: d.update(game="astroplane"), "state.game"),
        (lambda d: d.update(type="move"), "state.type"),
        (lambda d: d.update(extra=1), "state"),
        (lambda d: d.pop("round"), "state"),
        (lambda d: d.update(round=1.0), "state.round"),
        (lambda d: d.update(round=0), "state.round"),
        (lambda d: d.update(round=202), "state.round"),
        (lambda d: d.update(arms=[3, 0]), "state.arms"),
        (lambda d: d.update(arms=[0, "3"]), "state.arms[1]"),
        (lambda d: d.update(arms="03"), "state.arms"),
        (lambda d: d.update(first=2), "state.first"),
        (lambda d: d.update(to_move=None), "state.to_move"),
        (lambda d: d["stacks"].update(z9="P0"), "state.stacks"),
        (lambda d: d["stacks"].update(e3="S0P0"), "state.stacks.e3"),
        (lambda d: d["stacks"].update(e3=7), "state.stacks.e3"),
        (lambda d: d["stacks"].update(e3="P0", e4="P0"), "state"),
        (lambda d: d.update(stacks=[]), "state.stacks"),
        (lambda d: d.update(controlled=["e3"]), "state"),
        (lambda d: d.update(controlled=["a1", "a1"]), "state.controlled"),
        (lambda d: d.update(controlled=[1]), "state.controlled[0]"),
        (lambda d: d.update(gems=[None]), "state.gems"),
        (lambda d: d.update(gems=["a1", None]), "state"),
        (lambda d: d.update(gems=[0, None]), "state.gems[0]"),
        (lambda d: d.update(gems_left=[4, 5]), "state.gems_left[1]"),
        (lambda d: d.update(removed=0), "state.removed"),
        (lambda d: d.update(winner=0), "state.winner"),
        (lambda d: d.update(winner=False), "state.winner"),
        (lambda d: d.update(outcome="win"), "state.outcome"),
        (lambda d: d["rules"].update(arm=9), "state.rules.arm"),
    ],
)
def test_bad_state_json_names_the_path(change: Any, path: str) -> None:
    """Each wrong, missing, extra or impossible value raises JsonPathError at its path."""
    d = _start()
    change(d)
    with pytest.raises(NotationError) as info:
        state_from_dict(d)
    assert str(info.value).startswith(path + ":") or str(info.value).startswith(path + " ")


@pytest.mark.parametrize("text", ["", "[]", "null", '{"a": 1, "a": 2}', "[" * 100_000, b"\xff"])
def test_bad_json_text_raises_notation_error(text: str | bytes) -> None:
    """Text that is no JSON object raises NotationError, never another error."""
    with pytest.raises(NotationError):
        from_json(text)


def test_a_move_is_written_with_kind_points_and_notation() -> None:
    """A move's JSON gives its kind, points by name and notation."""
    s = new_game(2)
    d = move_to_dict(s, s.legal_moves()[0])
    assert d == {
        "format_version": 1,
        "game": "starcastles",
        "type": "move",
        "kind": "step",
        "from": "b1",
        "to": "c4",
        "notation": "Sb1-c4",
    }


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(kind="jump"), "move.kind"),
        (lambda d: d.update(to="z9"), "move.to"),
        (lambda d: d.update(to="b1"), "move.to"),
        (lambda d: d.update(to="b2"), "move"),
        (lambda d: d.update(notation="Sb1-c3"), "move.notation"),
        (lambda d: d.update(kind="pass"), "move"),
        (lambda d: d.update(kind="gem"), "move.from"),
        (lambda d: d.pop("from"), "move"),
    ],
)
def test_bad_move_json_names_the_path(change: Any, path: str) -> None:
    """A move that is malformed or not legal raises JsonPathError at its path (an
    illegal one with the rule's reason)."""
    s = new_game(2)
    d = move_to_dict(s, s.legal_moves()[0])
    change(d)
    with pytest.raises(JsonPathError) as info:
        move_from_dict(s, d)
    assert info.value.path == path
