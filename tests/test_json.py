"""JSON for states, moves and outcomes (issue 4): plain objects, versioned, schema-checked."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats import jsonio
from helpers import seeded_playout

_RULES = (ap.STANDARD, ap.BASIC, ap.ADVANCED, attrs.evolve(ap.STANDARD, square_vs_square=True))
_VALIDATOR = jsonschema.Draft202012Validator(jsonio.json_schema())


def _plain(value: Any) -> bool:
    """Only JSON types: dict with str keys, list, str, int, bool, None."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or type(value) in (str, int, bool)


# ---- round trips ---------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_states_moves_and_outcomes_round_trip_and_match_the_schema(seed: int, plies: int) -> None:
    """to_dict/from_dict and to_json/from_json round-trip; every object validates."""
    states = seeded_playout(seed, plies)[0]
    for state in states:
        data = jsonio.state_to_dict(state)
        assert _plain(data)
        if state is states[-1] or state.outcome is not None:
            _VALIDATOR.validate(data)
        assert jsonio.state_from_dict(data) == state
        assert jsonio.from_json(jsonio.to_json(state)) == state
        assert jsonio.state_from_dict(json.loads(json.dumps(data))) == state
        if state.outcome is not None:
            out = jsonio.outcome_to_dict(state.outcome)
            _VALIDATOR.validate(out)
            assert jsonio.outcome_from_dict(out) == state.outcome
            assert jsonio.from_json(jsonio.to_json(state.outcome)) == state.outcome
    state = seeded_playout(seed, plies)[0][-1]
    for move in state.legal_moves():
        data = jsonio.move_to_dict(move, state=state)
        assert _plain(data)
        _VALIDATOR.validate(data)
        assert jsonio.move_from_dict(data) == move
        assert jsonio.from_json(jsonio.to_json(move)) == move


def test_every_kind_of_move_has_a_json_form() -> None:
    """Steps, travel, fire, Square moves, kills and end turn each have their own fields."""
    s = ap.setup_position(
        players=2,
        stacks={"a1S": ["S1"], "a1W": ["S2"], "b1.nw": ["S3"], "d4.ne": ["S4"], "d4.sw": ["S5"]},
        reserve={"S": 5, "N": 10},
    )
    kinds = {}
    for move in s.legal_moves():
        data = jsonio.move_to_dict(move, state=s)
        _VALIDATOR.validate(data)
        kinds.setdefault(data["kind"], data)
    assert set(kinds) == {"step", "travel", "fire", "square"}
    assert kinds["fire"] == {
        "format_version": 1,
        "game": "astroplane",
        "type": "move",
        "kind": "fire",
        "from": "a1",
        "to": None,
        "reserve": ["left", "left"],
        "notation": "a1!*ll",
    }
    assert kinds["square"]["from"] == "d4" and "reserve" not in kinds["square"]
    end = jsonio.move_to_dict(ap.Move(ap.MoveKind.END_TURN))
    assert end == {
        "format_version": 1,
        "game": "astroplane",
        "type": "move",
        "kind": "end_turn",
        "from": None,
        "to": None,
    }


def test_json_without_game_still_reads() -> None:
    """Every object names its game; an object written before it did (no ``"game"``) reads
    the same and is valid under the schema."""
    s = ap.new_game(2)
    move = s.legal_moves()[0]
    for data, read in (
        (jsonio.state_to_dict(s), jsonio.state_from_dict),
        (jsonio.move_to_dict(move), jsonio.move_from_dict),
    ):
        assert list(data)[:3] == ["format_version", "game", "type"]
        assert data["game"] == "astroplane"
        old = {k: v for k, v in data.items() if k != "game"}
        _VALIDATOR.validate(old)
        assert read(old) == read(data)
        assert jsonio.from_json(json.dumps(old)) == jsonio.from_json(json.dumps(data))


@pytest.mark.parametrize("other", ["square-off", "Astroplane", 1, None])
def test_json_of_another_game_is_refused(other: object) -> None:
    """A ``"game"`` other than ``"astroplane"`` is refused, naming the field and the game."""
    data = jsonio.state_to_dict(ap.new_game(2))
    data["game"] = other
    with pytest.raises(ap.NotationError, match=r"state\.game: game must be 'astroplane'"):
        jsonio.state_from_dict(data)
    assert not _VALIDATOR.is_valid(data)
    move = jsonio.move_to_dict(ap.new_game(2).legal_moves()[0])
    move["game"] = other
    with pytest.raises(ap.NotationError, match=r"move\.game: .*another game"):
        jsonio.from_json(json.dumps(move))


def test_state_json_fields() -> None:
    """A state object names seats, pieces and positions and spells the rules out."""
    data = jsonio.state_to_dict(ap.new_game(3, first="W"))
    assert data["rules"] == {
        "preset": "standard",
        "squares": True,
        "square_vs_square": False,
        "remove_stuck_players": True,
        "singles_disband_squares": False,
        "optional_reserve": False,
        "max_turns": None,
        "no_progress_rounds": None,
        "match_target": None,
    }
    assert data["seats"] == ["S", "W", "N"] and data["to_move"] == "W"
    assert data["stacks"]["Wr"] == ["W4", "W5", "W6"]
    assert data["outcome"] is None and data["format_version"] == jsonio.FORMAT_VERSION


def test_schema_ships_in_the_package() -> None:
    """The JSON Schema is a file inside the installed package (draft 2020-12)."""
    path = resources.files("astroplane.games.astroplane.formats").joinpath(
        "schema/astroplane.schema.json"
    )
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema == jsonio.json_schema()


# ---- errors --------------------------------------------------------------------------------
def _state_data() -> dict[str, Any]:
    return jsonio.state_to_dict(ap.new_game())


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(format_version=2), "format_version"),
        (lambda d: d.update(type="move"), "type must be 'state'"),
        (lambda d: d.update(colour="red"), "unknown field 'colour'"),
        (lambda d: d.pop("turn"), "missing field 'turn'"),
        (lambda d: d.update(turn=0), "state.turn"),
        (lambda d: d.update(turn=True), "state.turn"),
        (lambda d: d.update(to_move="X"), "state.to_move"),
        (lambda d: d["stacks"].update(Sl=["S1", "S1"]), "placed twice"),
        (lambda d: d["stacks"].update(Sl=["Q1"]), "piece name"),
        (lambda d: d["stacks"].update(Sl=[]), "empty stack"),
        (lambda d: d["stacks"].update({"z1.ne": ["S7"]}), "not a name"),
        (lambda d: d["reserve"].update(S=5), "reserve"),
        (lambda d: d["rules"].update(preset="basic"), "'standard' rules"),
        (lambda d: d["rules"].update(max_turns=0), "max_turns"),
        (lambda d: d.update(moves_left=0), "at least one move"),
        (lambda d: d.update(outcome={"winners": ["S"]}), "format_version"),
    ],
)
def test_bad_state_objects_raise_notation_error(change: Any, problem: str) -> None:
    """Invalid state objects raise NotationError naming the field or the broken invariant."""
    data = _state_data()
    change(data)
    with pytest.raises(ap.NotationError, match=problem):
        jsonio.state_from_dict(json.loads(json.dumps(data)))


def test_outcome_must_follow_from_the_position() -> None:
    """A state's outcome object must be the one its position and end reason give."""
    s = seeded_playout(2, 5000)[0][-1]
    assert s.outcome is not None
    data = jsonio.state_to_dict(s)
    data["outcome"]["scores"]["W"] += 1
    with pytest.raises(ap.NotationError, match="does not follow"):
        jsonio.state_from_dict(data)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"kind": "step"}, "format_version"),
        ({"format_version": 1, "type": "move", "kind": "hop", "from": None, "to": None}, "kind"),
        (
            {"format_version": 1, "type": "move", "kind": "end_turn", "from": "e2", "to": None},
            "null",
        ),
        (
            {
                "format_version": 1,
                "type": "move",
                "kind": "fire",
                "from": "a1",
                "to": None,
                "reserve": ["right", "left"],
            },
            "'left' before 'right'",
        ),
        (
            {
                "format_version": 1,
                "type": "move",
                "kind": "step",
                "from": "Sl",
                "to": "e2.ne",
                "reserve": ["left"],
            },
            "not a field",
        ),
        (
            {
                "format_version": 1,
                "type": "move",
                "kind": "step",
                "from": "Sl",
                "to": "e2.ne",
                "send_back_right": ["N", "N"],
            },
            "twice",
        ),
    ],
)
def test_bad_move_objects_raise_notation_error(data: dict[str, Any], problem: str) -> None:
    """Invalid move objects raise NotationError saying which field is wrong."""
    with pytest.raises(ap.NotationError, match=problem):
        jsonio.move_from_dict(data)


def test_bad_outcome_objects_raise_notation_error() -> None:
    """An outcome needs winners in seat order and true_win exactly for a true win."""
    good = jsonio.outcome_to_dict(ap.Outcome((0,), (5, 0, 2, 0), False, ap.EndReason.STUCK, 9))
    assert jsonio.outcome_from_dict(good).turn == 9
    for key, value, problem in (
        ("winners", ["N", "S"], "winners"),
        ("true_win", True, "true_win"),
        ("scores", {"S": 1}, "scores"),
        ("reason", "bored", "reason"),
    ):
        with pytest.raises(ap.NotationError, match=problem):
            jsonio.outcome_from_dict({**good, key: value})


def _finished_two_player_game() -> ap.GameState:
    rules = attrs.evolve(ap.STANDARD, max_turns=2)
    s = ap.new_game(2, rules=rules)
    while not s.is_over:
        s = s.play(s.legal_moves()[0])
    return s


def test_outcome_scores_name_the_seats_of_the_game() -> None:
    """A 2-player game's outcome is written with the scores of its two seats only."""
    s = _finished_two_player_game()
    scores = jsonio.state_to_dict(s)["outcome"]["scores"]
    assert sorted(scores) == ["N", "S"]
    assert jsonio.from_json(jsonio.to_json(s)) == s


def test_outcomes_written_with_all_four_seats_still_read() -> None:
    """An outcome written before outcomes named only their seats (all four, 0 for seats
    not in the game) reads in a state as the state's outcome, and standalone as a 4-seat
    outcome; a point for a seat not in the game is refused."""
    s = _finished_two_player_game()
    old = jsonio.state_to_dict(s)
    out = old["outcome"]
    out["scores"] = {"S": out["scores"]["S"], "W": 0, "N": out["scores"]["N"], "E": 0}
    assert jsonio.state_from_dict(old) == s
    alone = jsonio.outcome_from_dict(out)
    assert alone.seats == (0, 1, 2, 3) and alone.score(2) == s.outcome.score(2)
    out["scores"]["W"] = 1
    with pytest.raises(ap.NotationError, match=r"state\.outcome\.scores\.W"):
        jsonio.state_from_dict(old)


def test_invalid_json_text_says_where() -> None:
    """Text that is not JSON raises NotationError with the offset of the problem."""
    with pytest.raises(ap.NotationError, match="not JSON") as err:
        jsonio.from_json('{"type": "state",}')
    # Python's json points at the closing brace (<= 3.12) or at the trailing comma (3.13+).
    assert err.value.index in (16, 17)
    with pytest.raises(ap.NotationError, match='"type"'):
        jsonio.from_json("[1, 2]")


def test_custom_hooks_cannot_be_written() -> None:
    """Rules with custom hooks cannot be described in JSON: ValueError."""
    rules = attrs.evolve(ap.STANDARD, action_filter=lambda state, actions: actions)
    with pytest.raises(ValueError, match="hook"):
        jsonio.state_to_dict(ap.new_game(rules=rules))
