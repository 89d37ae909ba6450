"""Team play [AC26]: R with B against Y with G; partners share squares without sending
each other home or stacking, and a team wins when both partners are home."""

from __future__ import annotations

import pytest
from ac_helpers import play, playout, texts

from astroplane.errors import NotationError, PositionError
from astroplane.games.aeroplane_chess import (
    TEAMS,
    GameRecord,
    describe_outcome,
    evaluate,
    new_game,
    position_from_text,
    render,
    render_svg,
)

NEAR = "teams RYBG R1 t80 R1:RH5,R2R3R4:RH6,B1B2B3B4:BH6,Y1:20,G1:30 fin:B"


def test_a_team_wins_when_both_partners_are_home() -> None:
    """R brings its last plane home after B: R and B win, the game is over, and
    returns() gives both partners 1.0 and the others 0.0."""
    s = play(position_from_text(NEAR), "R1-RH6")
    assert s.is_over and s.finished == (2, 0)
    assert s.returns() == (1.0, 0.0, 1.0, 0.0)
    assert s.ranking == (2, 0, 1, 3)
    assert s.to_text() == ("teams RYBG - t80 R1R2R3R4:RH6,Y1:20,B1B2B3B4:BH6,G1:30 fin:BR")


def test_a_player_of_the_losing_team_who_finished_first_still_loses() -> None:
    """Y finished first, but Y and G lose once B and R are both home."""
    text = "teams RYBG R1 t80 R1:RH5,R2R3R4:RH6,B1B2B3B4:BH6,Y1Y2Y3Y4:YH6,G1:30 fin:YB"
    s = play(position_from_text(text), "R1-RH6")
    assert s.returns() == (1.0, 0.0, 1.0, 0.0)
    assert s.ranking == (2, 0, 1, 3)
    assert describe_outcome(s) == (
        "R (Red) and B (Blue) win as a team, Y (Yellow) and G (Green) lose"
    )


def test_one_partner_home_is_not_a_win() -> None:
    """R home while B is still racing: the game goes on, R leaves the turn order."""
    text = "teams RYBG R1 t80 R1:RH5,R2R3R4:RH6,B1:40,Y1:20,G1:30"
    s = play(position_from_text(text), "R1-RH6")
    assert not s.is_over and s.finished == (0,) and s.to_move == 1
    s = play(s, "1", "Y1-21", "1", "B1-41", "1", "G1-31")
    assert s.to_move == 1 and s.returns() == (0.0, 0.0, 0.0, 0.0)


def test_partners_share_a_square_without_sending_back_or_stacking() -> None:
    """R1 lands on B1: no capture, no stacking choice; both stay on 23."""
    s = position_from_text("teams RYBG R3 t9 R1:20,B1:23")
    assert texts(s) == ["R1-23"]
    after = play(s, "R1-23")
    assert after.planes_at("23") == (0, 8) and after.stacks == ()
    assert texts(position_from_text("standard RYBG R3 t9 R1:20,B1:23")) == ["R1x23"]


def test_the_shortcut_spares_the_partner_on_the_crossed_square() -> None:
    """R's shortcut crosses BH5, B's column: B1 there is not sent back."""
    s = position_from_text("teams RYBG R6 t9 R1:12,B1:BH5")
    assert texts(s) == ["R2-RT", "R1-22", "R1-30"]
    assert play(s, "R1-30").square_of("B1") == position_from_text(
        "teams RYBG R? t9 B1:BH5"
    ).square_of("B1")


def test_an_opponent_landing_on_partners_sends_both_back() -> None:
    """Y lands on the square R1 and B1 share: both go home."""
    s = position_from_text("teams RYBG Y1 t9 R1:23,B1:23,Y1:22")
    flight = s.flights()[-1]
    assert flight.captured == (0, 8)


def test_team_play_is_for_four_players() -> None:
    """new_game and the readers refuse team play with fewer colours."""
    with pytest.raises(PositionError, match=r"four players.*\[AC26\]"):
        new_game(2, rules=TEAMS)
    with pytest.raises(NotationError, match=r"four players.*\[AC26\]"):
        position_from_text("teams RYB R? t1 -")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("teams RYBG R? t9 R1:10,Y1:10", r"two teams share square 10"),
        ("teams RYBG R? t9 R1B1:10", r"not one colour"),
        (
            "teams RYBG - t80 R1R2R3R4:RH6,B1B2B3B4:BH6,Y1Y2Y3Y4:YH6 fin:RBY",
            r"no one finishes after \[AC26\]",
        ),
        ("teams RYBG - t80 R1R2R3R4:RH6,Y1Y2Y3Y4:YH6 fin:RY", r"both\s+partners"),
        ("teams RYBG G? t80 R1R2R3R4:RH6,B1B2B3B4:BH6 fin:RB", r"the game is over"),
    ],
)
def test_readers_refuse_impossible_team_states(text: str, match: str) -> None:
    """Opponents sharing a square, a stack of partners, a finish after the win, a game
    over with no team home, or a running game with a team home are refused."""
    with pytest.raises(NotationError, match=match):
        position_from_text(text)


def test_partners_may_share_only_in_team_play() -> None:
    """The same square shared by R and B is valid with teams, refused without."""
    assert position_from_text("teams RYBG R? t9 R1:10,B1:10").planes_at("10") == (0, 8)
    with pytest.raises(NotationError, match="two colours share"):
        position_from_text("standard RYBG R? t9 R1:10,B1:10")


def test_the_turn_limit_splits_a_team_game_evenly() -> None:
    """At the turn limit with no team home, all four get 0.5 [AC21]."""
    s = position_from_text("teams RYBG - t1000000 R1R2R3R4:RH6,Y1:14 fin:R")
    assert s.is_over and s.returns() == (0.5, 0.5, 0.5, 0.5)
    assert "share" in describe_outcome(s)


def test_the_drawings_show_the_teams() -> None:
    """The terminal board names the teams and each colour's partner; the SVG has a team
    mark in each hangar and a line naming the teams. Standard games have neither."""
    s = new_game(4, rules=TEAMS)
    text = render(s)
    assert "Teams: R (Red) and B (Blue) against Y (Yellow) and G (Green)." in text
    assert "R Red (+B):" in text and "G Green (+Y):" in text
    svg = render_svg(s)
    assert 'id="team-R"' in svg and ">team R+B<" in svg and ">team Y+G<" in svg
    assert 'id="teams"' in svg
    plain = new_game(4)
    assert "Teams" not in render(plain) and "team-R" not in render_svg(plain)


def test_a_random_team_game_ends_with_a_team_winning() -> None:
    """A whole random team game ends with one team home, both partners at 1.0, and the
    record's Result names the team."""
    states, moves = playout(3, "RYBG", TEAMS)
    end = states[-1]
    r = end.returns()
    assert sorted(r) == [0.0, 0.0, 1.0, 1.0] and r[0] == r[2] and r[1] == r[3]
    result = GameRecord.from_game(states[0], moves).header("Result")
    assert result is not None and "win as a team" in result
    assert GameRecord.from_text(GameRecord.from_game(states[0], moves).to_text()).moves


def test_evaluate_counts_the_partner_as_an_ally() -> None:
    """In team play B's progress raises R's value; in the standard game it lowers it."""
    ahead = "R? t9 R1:10,B1:BH3"
    behind = "R? t9 R1:10,B1:30"
    for rules, sign in (("teams", 1), ("standard", -1)):
        a = evaluate(position_from_text(f"{rules} RYBG {ahead}"), 0)
        b = evaluate(position_from_text(f"{rules} RYBG {behind}"), 0)
        assert (a - b) * sign > 0
