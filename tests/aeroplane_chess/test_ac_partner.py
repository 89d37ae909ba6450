"""Rolling for the partner [AC28]: with ``teams,roll_for_partner=on`` a player whose
planes are all home keeps their turns and plays them with the partner's planes."""

from __future__ import annotations

import attrs
import jsonschema
import pytest
from ac_helpers import HOUSE_RULES, play, playout, texts

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess import (
    STANDARD,
    TEAMS,
    GameRecord,
    Move,
    Rules,
    describe_variants,
    from_json,
    json_schema,
    position_from_text,
    render,
    render_svg,
    rules_from_text,
    rules_to_text,
    to_json,
    variants,
)
from astroplane.games.aeroplane_chess.play import why_illegal
from astroplane.games.aeroplane_chess.setup import check_state

HELP = attrs.evolve(TEAMS, roll_for_partner=True)
#: R brings its last plane home with a 1; B is still racing.
LAST = "RYBG R1 t80 R1:RH5,R2R3R4:RH6,B1:40,B2:9,Y1:20,G1:30"
#: R finished and rolls for B.
HELPING = "teams,roll_for_partner=on RYBG R? t84 R1R2R3R4:RH6,Y1:21,B1:41,B2:9,G1:31 fin:R"


def test_the_option_in_rules_text_json_and_schema() -> None:
    """roll_for_partner is a flag of the rules like the others: rules text, JSON (valid
    under the schema), the presets unchanged."""
    assert rules_from_text("teams,roll_for_partner=on") == HELP
    assert rules_to_text(HELP) == "teams,roll_for_partner=on"
    assert rules_to_text(TEAMS) == "teams" and HELP.name == "custom"
    assert list(variants())[:5] == ["standard", "classic", "modern", "family", "teams"]
    assert "roll_for_partner" not in describe_variants()
    s = position_from_text(HELPING)
    data = to_json(s)
    assert '"roll_for_partner": true' in data
    jsonschema.Draft202012Validator(json_schema()).validate(__import__("json").loads(data))
    assert from_json(data) == s
    with pytest.raises(ValueError, match="roll_for_partner is True or False"):
        Rules(roll_for_partner=1)  # type: ignore[arg-type]


def test_without_the_option_a_player_home_stops_rolling() -> None:
    """teams alone: R home leaves the turn order [AC26]."""
    s = play(position_from_text("teams " + LAST), "R1-RH6", "1", "Y1-21", "1", "B1-41", "1")
    assert s.to_move == 3
    s = play(s, "G1-31")
    assert s.to_move == 1


def test_a_player_home_keeps_their_turns_for_the_partner() -> None:
    """With the option R's turn comes round after G's; R rolls and moves B's planes."""
    s = play(position_from_text("teams,roll_for_partner=on " + LAST), "R1-RH6")
    assert s.finished == (0,) and s.to_move == 1  # the turn of the arrival ends [AC10]
    s = play(s, "1", "Y1-21", "1", "B1-41", "1", "G1-31")
    assert s.to_move == 0 and s.mover == 2 and s.is_chance_node
    assert s.to_text() == HELPING
    s = play(s, "4")
    assert texts(s) == ["B3-BT", "B1-45", "B2-13"]
    s = play(s, "B2-13")
    assert s.to_move == 1 and s.progress("B2") == 13 - 26 + 52  # Blue enters on 27


def test_the_turn_of_the_arrival_ends_even_after_a_6() -> None:
    """R's last plane arrives with a 6: no roll for the partner in that turn [AC10]."""
    text = "teams,roll_for_partner=on RYBG R6 t80 R1:50,R2R3R4:RH6,B1:40,B2:9,Y1:20,G1:30"
    s = play(position_from_text(text), "R1-RH6")
    assert s.finished == (0,) and s.to_move == 1 and s.sixes == 0


def test_a_6_rolled_for_the_partner_rolls_again_and_a_third_sends_back() -> None:
    """The helper's 6s count as the partner's would: another roll, and a third 6 sends
    back the partner's planes the first two moved [AC10, AC28]."""
    s = play(position_from_text(HELPING), "6")
    assert texts(s) == ["B3-BT", "B1-47", "B2-15"]
    s = play(s, "B3-BT")
    assert s.to_move == 0 and s.sixes == 1 and s.sixed == 1 << 10 and s.is_chance_node
    assert s.to_text().endswith("fin:R sixed:B3")
    s = play(s, "6", "B1-47", "6")
    assert s.to_move == 1 and s.progress("B3") == -1 and s.progress("B1") == -1
    assert s.progress("B2") == 35  # not moved by the 6s: stays


def test_the_team_wins_when_the_helper_brings_the_partner_home() -> None:
    """R rolls B's last plane home: R and B win together [AC26, AC28]."""
    text = "teams,roll_for_partner=on RYBG R3 t90 R1R2R3R4:RH6,B1:BH3,B2B3B4:BH6,Y1:21,G1:31 fin:R"
    s = play(position_from_text(text), "B1-BH6")
    assert s.is_over and s.finished == (0, 2) and s.returns() == (1.0, 0.0, 1.0, 0.0)


def test_readers_accept_a_finished_roller_only_with_the_option() -> None:
    """A finished colour to move is refused without the option and read with it; its
    sixed planes are the partner's."""
    with pytest.raises(NotationError, match=r"R has finished and cannot be to move"):
        position_from_text(HELPING.replace("teams,roll_for_partner=on", "teams"))
    with pytest.raises(NotationError, match=r"only the mover's planes"):
        position_from_text(HELPING.replace("R?", "R6?") + " sixed:R1")
    s = position_from_text(HELPING.replace("R?", "R6?").replace("B2:9", "B2:15") + " sixed:B2")
    check_state(s)
    assert s.mover == 2 and s.sixed == 1 << 9


def test_moves_explained_name_the_partner() -> None:
    """An illegal move of the helper's own colour says whose planes move."""
    s = play(position_from_text(HELPING), "4")
    assert why_illegal(s, Move.fly("Y1", "25")) == (
        "Y1 is not B's plane: R has finished and rolls for the partner B [AC28]"
    )
    assert "R (Red) rolled a 4 for B (Blue), to move." in render(s)
    assert "to roll for B (Blue)" in render_svg(position_from_text(HELPING))


def test_records_replay_a_game_with_the_option() -> None:
    """A whole random game with the option writes and reads back as a record."""
    states, moves = playout(11, "RYBG", HELP)
    assert states[-1].is_over
    text = GameRecord.text_of_game(states[0], moves, {})
    initial, plies = GameRecord.game_of_text(text)
    assert initial == states[0] and plies == tuple(moves)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_invariant(seed: int) -> None:
    """Every state of random games with the option passes check_state; a player home
    rolls only while the partner races; the game ends with a team home."""
    rules = attrs.evolve(HOUSE_RULES[seed * 4 + 1], teams=True, roll_for_partner=True)
    states, _moves = playout(seed, "RYBG", rules)
    helped = False
    for s in states:
        check_state(s)
        if not s.is_over and s.to_move in s.finished:
            helped = True
            assert s.mover == s.to_move ^ 2 and s.mover not in s.finished
    assert states[-1].is_over
    assert helped or seed % 2  # most games see a player roll for the partner


def test_without_teams_the_option_changes_nothing() -> None:
    """roll_for_partner without teams plays exactly the standard games."""
    alone = attrs.evolve(STANDARD, roll_for_partner=True)
    for seed in range(3):
        plain, moves = playout(seed, "RYB", STANDARD)
        other, moves2 = playout(seed, "RYB", alone)
        assert moves == moves2 and [s.to_text().split(" ", 1)[1] for s in plain] == [
            s.to_text().split(" ", 1)[1] for s in other
        ]
