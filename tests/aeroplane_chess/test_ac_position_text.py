"""Position text [AC18]: one line per state, read back equal, checked on reading."""

from __future__ import annotations

import pytest
from ac_helpers import colours_st, playout, rules_st, seeds_st
from hypothesis import given

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess import new_game, position_from_text, position_to_text


@given(seeds_st, colours_st, rules_st)
def test_every_state_of_a_game_round_trips(seed: int, colours: str, rules: object) -> None:
    """position_from_text(position_to_text(s)) == s for states all through a random game,
    and the text is canonical."""
    states, _ = playout(seed, colours, rules)  # type: ignore[arg-type]
    for s in [*states[::3], states[-1]]:
        text = position_to_text(s)
        back = position_from_text(text)
        assert back == s and position_to_text(back) == text
        assert position_from_text("  " + text.lower().replace(" ", "   ")) == s


@pytest.mark.parametrize(
    "text",
    [
        "standard RB R? t1 -",
        "standard RYBG G? t12 R1:RT,R2R3:14,Y1:YH2,B4:52,G1G2G3:GH6",
        "classic RB B664 t7 R1:3,B1B2:30 sixed:B1B2",
        "modern,overshoot=stay RYB - t80 R1R2R3R4:RH6,Y1:YH5,B1B2B3B4:BH6 fin:BR",
        "standard YG G6? t3 Y1:YT,G1:GT sixed:G1 ",
    ],
)
def test_examples_read_and_write_back(text: str) -> None:
    """Hand-written positions, including a finished game and pending 6s, read and write back."""
    assert position_to_text(position_from_text(text)) == " ".join(text.split())


def test_the_start_position() -> None:
    """The start: rules, colours, R to roll, turn 1, no plane out."""
    assert position_to_text(new_game(3)) == "standard RYB R? t1 -"
    assert position_to_text(new_game(2, first="B")) == "standard RB B? t1 -"


@pytest.mark.parametrize(
    ("text", "index", "match"),
    [
        ("standard RB R?", 0, "a position has 5 fields"),
        ("fast RB R? t1 -", 0, "unknown rules 'fast'"),
        ("standard BR R? t1 -", 9, "the colours are 2 to 4"),
        ("standard RB R7 t1 -", 12, "the dice field"),
        ("standard RB R? 1 -", 15, "the turn field"),
        ("standard RB R? t1 R1-14", 18, "a plane group is planes:square"),
        ("standard RB R? t1 R1:60", 21, "not a square"),
        ("standard RB R? t1 R1:3,R1:4", 23, "R1 is listed twice"),
        ("standard RB R? t1 R1:3,Y1:4", 18, "Y1 is on the board but Y is not"),
        ("standard RB R? t1 R1:3,B1:3", 18, "two colours share square 3"),
        ("standard RB Y? t1 -", 18, "is not a colour in the game"),
        ("standard RB R666 t1 -", 12, "a third 6 is never played"),
        ("standard RB R66? t1 R1:3", 18, ""),
        ("standard RB R? t1 R1:3 sixed:R1", 18, "only the mover's planes moved by earlier 6s"),
        ("standard RB R? t1 - fin:R", 18, "R has not all planes home"),
        ("standard RB - t1 -", 12, "'-' \\(game over\\) needs all but one colour in fin:"),
        ("standard RB R? t1 R1R2:RT R1", 26, "after the planes come fin: and then sixed:"),
        ("standard,stacking=never RB R? t1 R1R2:5", 33, "stacking is never"),
        ("standard,stacking=always RB R? t1 R1:5,R2:5", 34, "stacking is always"),
    ],
)
def test_errors_say_what_and_where(text: str, index: int, match: str) -> None:
    """Unreadable or impossible positions raise NotationError with the column."""
    if not match:  # two 6s played, the third pending: valid
        position_from_text(text)
        return
    with pytest.raises(NotationError, match=match) as err:
        position_from_text(text)
    assert err.value.index == index
