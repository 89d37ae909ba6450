"""House rules of the dice and the end [AC23]-[AC25], the new presets [AC27], and the
formats and validator knowing every new option."""

from __future__ import annotations

import attrs
import pytest
from ac_helpers import HOUSE_RULES, play, playout, texts

from astroplane.errors import NotationError, PositionError
from astroplane.games.aeroplane_chess import (
    FAMILY,
    PRESETS,
    STANDARD,
    TEAMS,
    GameRecord,
    Move,
    Overshoot,
    Rerolls,
    Rules,
    ThirdSix,
    describe_variants,
    from_json,
    new_game,
    position_from_text,
    rules_from_text,
    rules_to_text,
    state_from_dict,
    state_to_dict,
    to_json,
    variants,
)
from astroplane.games.aeroplane_chess.setup import check_state

THIRD = "RB R66? t9 R1:17,R2:RT,R3:RH6,R4:40,B1:29 sixed:R1R2"


def test_a_third_six_under_moved_sends_back_only_the_moved_planes() -> None:
    """The seed [AC10]: R1 and R2 (moved by the 6s) go back; R4 stays, R3 stays home."""
    s = play(position_from_text("standard " + THIRD), "6")
    assert s.to_text() == "standard RB B? t10 R3:RH6,R4:40,B1:29"


def test_a_third_six_under_all_sends_back_every_plane_not_home() -> None:
    """third_six=all: R4, not moved by the 6s, goes back too; R3, home, stays [AC23]."""
    s = play(position_from_text("standard,third_six=all " + THIRD), "6")
    assert s.to_text() == "standard,third_six=all RB B? t10 R3:RH6,B1:29"
    assert s.hangar("R") == (0, 1, 3) and s.arrived("R") == (2,)


def test_under_all_a_plane_that_arrived_with_the_sixes_goes_back_too() -> None:
    """R1 arrived with an earlier 6 of the turn: with third_six=all it still goes back, as
    under moved; R2, home before the turn, stays [AC23]."""
    text = "standard,third_six=all RB R66? t9 R1R2:RH6,R3:RH1,B1:29 sixed:R1"
    s = play(position_from_text(text), "6")
    assert s.arrived("R") == (1,) and s.hangar("R") == (0, 2, 3)


def test_third_six_all_breaks_up_stacks() -> None:
    """A stack not moved by the 6s goes back whole and comes apart [AC23]."""
    text = "standard,third_six=all RB R66? t9 R1:17,R2R3:30,B1:29 sixed:R1"
    s = play(position_from_text(text), "6")
    assert s.stacks == () and s.hangar("R") == (0, 1, 2, 3)


def test_unlimited_rerolls_never_punish_a_six() -> None:
    """rerolls=unlimited: three 6s in a row and a fourth: R keeps rolling, nothing goes
    back, and no 6s are counted [AC24]."""
    s = position_from_text("standard,rerolls=unlimited RB R? t9 R1:10,B1:29")
    s = play(s, "6", "R2-RT", "6", "R1-16", "6", "R3-RT", "6")
    assert s.to_move == 0 and s.roll == 6 and s.sixes == 0 and s.sixed == 0
    assert s.to_text() == "standard,rerolls=unlimited RB R6 t9 R1:16,R2:RT,R3:RT,B1:29"


def test_no_rerolls_pass_the_turn_after_a_six() -> None:
    """rerolls=none: a 6 is played like any roll and then B rolls [AC24]."""
    s = play(position_from_text("standard,rerolls=none RB R? t9 R1:10,B1:29"), "6", "R1-16")
    assert s.to_move == 2 and s.is_chance_node and s.turn == 10


@pytest.mark.parametrize("rerolls", ["unlimited", "none"])
def test_readers_refuse_counted_sixes_without_three_rolls(rerolls: str) -> None:
    """Earlier 6s or sixed planes in a position with rerolls other than three are
    impossible and refused [AC24]."""
    with pytest.raises(NotationError, match=r"no 6s are counted.*\[AC24\]"):
        position_from_text(f"standard,rerolls={rerolls} RB R6? t9 R1:10 sixed:R1")
    with pytest.raises(PositionError, match=r"\[AC24\]"):
        check_state(
            attrs.evolve(position_from_text(f"standard,rerolls={rerolls} RB R? t9 R1:10"), sixes=1)
        )


def test_overshoot_enter_takes_the_plane_home() -> None:
    """overshoot=enter: RH4 with a 5 arrives (R1-RH6), where bounce would end on RH3 and
    stay could not move [AC25]."""
    text = "RB R5 t40 R1:RH4,R2R3R4:RH6,B1:20"
    assert texts(position_from_text("standard,overshoot=enter " + text)) == ["R1-RH6"]
    assert texts(position_from_text("standard " + text)) == ["R1-RH3"]
    assert texts(position_from_text("standard,overshoot=stay " + text)) == ["pass"]
    s = play(position_from_text("standard,overshoot=enter " + text), "R1-RH6")
    assert s.is_over and s.finished == (0,) and s.returns()[0] == 1.0


def test_variants_lists_every_preset_with_one_line_each() -> None:
    """variants() has the five presets first; describe_variants() one line each [AC27]."""
    assert list(variants())[:5] == ["standard", "classic", "modern", "family", "teams"]
    lines = describe_variants().splitlines()
    assert [line.split(":")[0] for line in lines[:5]] == list(PRESETS)
    assert "wall" in lines[3] and "partnership" in lines[4]


def test_the_new_presets_write_by_name() -> None:
    """family and teams are written by name; one option more is written as a change."""
    assert rules_to_text(FAMILY) == "family" and rules_to_text(TEAMS) == "teams"
    assert rules_to_text(attrs.evolve(FAMILY, rerolls="none")) == "family,rerolls=none"
    assert rules_from_text("teams,blocking=on") == Rules(teams=True, blocking=True)
    assert Rules(overshoot="enter").overshoot is Overshoot.ENTER
    assert Rules(third_six="all").third_six is ThirdSix.ALL
    assert Rules(rerolls="none").rerolls is Rerolls.NONE


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("standard,third_six=some", "third_six is one of moved, all"),
        ("standard,rerolls=two", "rerolls is one of three, unlimited, none"),
        ("standard,blocking=yes", "blocking is on or off"),
        ("standard,teams=2", "teams is on or off"),
        ("standard,overshoot=wrap", "overshoot is one of bounce, stay, enter"),
    ],
)
def test_bad_house_rule_values_are_refused(text: str, match: str) -> None:
    """Rules text with a value outside an option's values is a NotationError."""
    with pytest.raises(NotationError, match=match):
        rules_from_text(text)


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=rules_to_text)
def test_house_rule_games_round_trip_through_every_format(rules: Rules) -> None:
    """A random game under each house-rule combination: every state reads back equal from
    its position text and JSON, and the game record replays the same moves."""
    states, moves = playout(7, "RYB", rules, max_plies=400)
    for s in states[::7]:
        assert position_from_text(s.to_text()) == s
        assert from_json(to_json(s)) == s
    record = GameRecord.from_game(states[0], moves)
    back = GameRecord.from_text(record.to_text())
    assert back.initial == states[0] and list(back.moves) == moves


def test_json_rules_hold_every_house_option() -> None:
    """The JSON of a state names the preset and every option, the new ones included."""
    s = position_from_text("family,third_six=all RB R? t3 R1:RT")
    rules = to_json(s)
    for part in ('"blocking": true', '"third_six": "all"', '"rerolls": "three"', '"teams"'):
        assert part in rules
    assert STANDARD != FAMILY
    assert from_json(to_json(s)).rules == attrs.evolve(FAMILY, third_six="all")


def test_a_move_through_a_wall_is_refused_in_play() -> None:
    """A legal-looking fly through a wall is an IllegalMoveError, not a crash."""
    s = position_from_text("family RY R3 t9 R1:10,Y1Y2:11")
    assert not s.is_legal(Move.fly("R1", "13"))


def test_json_readers_refuse_states_the_options_make_impossible() -> None:
    """From JSON too: team play with three colours [AC26], partners' planes in one stack,
    and a counted 6 under rerolls=none [AC24] are refused."""
    data = state_to_dict(new_game(3, rules=Rules(rerolls="none")))
    data["rules"] = state_to_dict(new_game(4, rules=TEAMS))["rules"]
    with pytest.raises(NotationError, match=r"four players.*\[AC26\]"):
        state_from_dict(data)
    data = state_to_dict(position_from_text("teams RYBG R? t9 R1:10,B1:10"))
    data["stacks"] = [["R1", "B1"]]
    with pytest.raises(NotationError, match="one colour"):
        state_from_dict(data)
    data = state_to_dict(position_from_text("standard,rerolls=none RB R? t9 R1:10"))
    data["sixes"] = 1
    data["sixed"] = ["R1"]
    with pytest.raises(NotationError, match=r"\[AC24\]"):
        state_from_dict(data)
