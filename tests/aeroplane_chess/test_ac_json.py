"""JSON for states and moves: plain objects, versioned, valid under the shipped schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from ac_helpers import colours_st, playout, rules_st, seeds_st
from hypothesis import given

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.games.aeroplane_chess import (
    Move,
    Rules,
    from_json,
    json_schema,
    new_game,
    rules_to_text,
    to_json,
)
from astroplane.games.aeroplane_chess.jsonio import (
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
)
from astroplane.kit.jsonread import JsonPathError

_VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    """The shipped schema checks against the draft 2020-12 meta-schema."""
    jsonschema.Draft202012Validator.check_schema(json_schema())


@given(seeds_st, colours_st, rules_st)
def test_states_and_moves_round_trip_and_match_the_schema(
    seed: int, colours: str, rules: object
) -> None:
    """States and moves of a random game round-trip; a sample of them validates against
    the schema."""
    states, moves = playout(seed, colours, rules, max_plies=400)  # type: ignore[arg-type]
    for s in [*states[::29], states[-1]]:
        data = state_to_dict(s)
        _VALIDATOR.validate(data)
        assert state_from_dict(json.loads(json.dumps(data))) == s
        assert from_json(to_json(s, indent=2)) == s
    for i, m in enumerate(sorted(set(moves), key=repr)):
        if i % 5 == 0:
            _VALIDATOR.validate(move_to_dict(m))
        assert move_from_dict(move_to_dict(m)) == m and from_json(to_json(m)) == m


def test_the_start_as_json() -> None:
    """The start lists every plane of the colours in play in its hangar; roll is null."""
    data = state_to_dict(new_game(2))
    assert data["planes"] == {f"{c}{n}": "hangar" for c in "RB" for n in range(1, 5)}
    assert data["roll"] is None and data["chance_node"] and not data["over"]
    assert data["rules"] == {
        "preset": "standard",
        "launch": "even",
        "stacking": "choice",
        "overshoot": "bounce",
        "shortcut_jump": False,
        "compulsory_shortcut": False,
        "blocking": False,
        "third_six": "moved",
        "rerolls": "three",
        "teams": False,
        "roll_for_partner": False,
    }


def _start() -> dict[str, Any]:
    return state_to_dict(new_game(2))


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"format_version": 2}, "format_version must be 1"),
        ({"game": "astroplane"}, r"state\.game: game must be 'aeroplane-chess'"),
        ({"colours": ["R", "Q"]}, "not a colour"),
        ({"planes": {"R1": "RT"}}, "planes lists every plane"),
        ({"turn": "1"}, r"state\.turn: expected an integer"),
        ({"planes": {**_start()["planes"], "R1": "BT"}}, "R1 cannot be on BT"),
        ({"rules": {"preset": "standard"}}, r"state\.rules: missing 'launch'"),
        ({"rules": {**_start()["rules"], "launch": "odd"}}, "rules.launch: expected one of"),
        (
            {"rules": {**_start()["rules"], "preset": "classic"}},
            r"state\.rules\.preset: these options are written as the 'standard' rules",
        ),
        ({"chance_node": False}, "chance_node is True"),
        ({"to_move": "Y"}, "is not a colour in the game"),
    ],
)
def test_bad_state_objects_are_refused(change: dict[str, Any], match: str) -> None:
    """A wrong field, an impossible state or inconsistent derived fields raise NotationError."""
    with pytest.raises(NotationError, match=match):
        state_from_dict({**_start(), **change})


def test_bad_json_and_moves_are_refused() -> None:
    """Text that is not JSON gives the offset; a bad move object names the problem."""
    with pytest.raises(NotationError, match="not JSON") as err:
        from_json('{"type": "state",}')
    assert err.value.index is not None
    head = {"format_version": 1, "game": "aeroplane-chess", "type": "move"}
    with pytest.raises(NotationError, match="a move's kind is one of"):
        move_from_dict({**head, "kind": "jump"})
    with pytest.raises(NotationError, match=r"a die shows 1\.\.6"):
        move_from_dict({**head, "kind": "roll", "value": 9})
    with pytest.raises(NotationError, match="take-off square"):
        move_from_dict({**head, "kind": "launch", "plane": "R1", "square": "BT"})
    assert move_from_dict({**head, "kind": "pass"}) == Move.PASS
    with pytest.raises(TypeError):
        to_json(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"colours": ["R", "Q"]}, "state.colours[1]"),
        ({"sixed": ["R2", "R1"]}, "state.sixed[1]"),
        ({"planes": {**_start()["planes"], "B3": 14}}, "state.planes.B3"),
        ({"stacks": [["R1", "R1"]]}, "state.stacks[0][1]"),
        ({"rules": {**_start()["rules"], "teams": 1}}, "state.rules.teams"),
        ({"roll": 7}, "state.roll"),
    ],
)
def test_a_bad_state_value_is_named_by_its_json_path(change: dict[str, Any], path: str) -> None:
    """A wrong value in a state object raises JsonPathError carrying the value's path."""
    with pytest.raises(JsonPathError) as err:
        state_from_dict({**_start(), **change})
    assert err.value.path == path and str(err.value).startswith(path + ": ")


def test_a_bad_move_value_is_named_by_its_json_path() -> None:
    """A wrong value in a move object raises JsonPathError carrying the value's path."""
    head = {"format_version": 1, "game": "aeroplane-chess", "type": "move"}
    with pytest.raises(JsonPathError) as err:
        move_from_dict({**head, "kind": "fly", "plane": "R1", "square": "14", "stack": 0})
    assert err.value.path == "move.stack"


def test_rules_off_every_preset_name_the_nearest_preset() -> None:
    """Rules no preset equals are written under the preset they differ least from, as in
    rules text and the other games' JSON; "custom" is no variant, and a house variant
    registered later is read but never written."""
    s = new_game(2, rules=Rules(launch="six", blocking=True, overshoot="stay"))
    data = state_to_dict(s)
    assert rules_to_text(s.rules) == "family,overshoot=stay"
    assert data["rules"]["preset"] == "family" and data["rules"]["overshoot"] == "stay"
    _VALIDATOR.validate(data)
    assert state_from_dict(data) == s
    with pytest.raises(UnknownVariantError, match=r"^state\.rules\.preset: unknown rules 'custom'"):
        state_from_dict({**data, "rules": {**data["rules"], "preset": "custom"}})
