"""Game records: PGN-like text with the rolls, read back by replaying every roll and move."""

from __future__ import annotations

import datetime

import pytest
from ac_helpers import colours_st, playout, rules_st, seeds_st
from hypothesis import given

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess import GameRecord, Move, new_game, position_from_text


@given(seeds_st, colours_st, rules_st)
def test_random_games_round_trip(seed: int, colours: str, rules: object) -> None:
    """A whole random game's record reads back equal and replays to the same final state."""
    states, moves = playout(seed, colours, rules)  # type: ignore[arg-type]
    rec = GameRecord.from_game(states[0], moves, date=datetime.date(2025, 1, 31))
    text = rec.to_text()
    back = GameRecord.from_text(text)
    assert back == rec and back.to_text() == text
    assert back.final_state() == states[-1] and tuple(back.replay()) == tuple(states)
    assert rec.header("Result") != "*"


def test_a_record_shows_the_rolls_turn_by_turn() -> None:
    """Each turn line has the colour and its rolls and moves; a third 6 ends a line."""
    s = new_game(2)
    moves = [Move.roll(6), Move.launch("R1"), Move.roll(6), Move.launch("R2"), Move.roll(6)]
    moves += [Move.roll(3), Move.PASS]
    text = GameRecord.from_game(s, moves, event="Club").to_text()
    assert text.splitlines()[-2:] == ["1. R: 6 R1-RT 6 R2-RT 6", "2. B: 3 pass"]
    assert '[Event "Club"]' in text and '[Result "*"]' in text


def test_other_starts_are_written_as_first_or_position() -> None:
    """A different first player gets a First header; any other start a Position header."""
    rec = GameRecord.from_game(new_game(3, first="Y"), [Move.roll(1)])
    assert rec.header("First") == "Y" and rec.header("Position") is None
    assert GameRecord.from_text(rec.to_text()).initial == new_game(3, first="Y")
    start = position_from_text("classic RB B6? t5 R1:20,B1:30 sixed:B1")
    rec = GameRecord.from_game(start, [Move.roll(2)], headers={"Site": 'The "Hall"'})
    back = GameRecord.from_text(rec.to_text())
    assert back.initial == start and back.header("Site") == 'The "Hall"'
    assert rec.to_text().splitlines()[-1] == "5. B: 2"


@pytest.mark.parametrize(
    ("text", "line", "match"),
    [
        ('[Colours "RB"]\n1. R: 3 R1-RT\n', 2, r"illegal move: a plane taxis out only on"),
        ('[Colours "RB"]\n2. R: 3 pass\n', 2, r"this is turn 1. R"),
        ('[Colours "RB"]\n1. R: 3 pass 4\n', 2, "the turn is over before this"),
        ('[Colours "RB"]\n1. R:\n', 2, "at least one roll or move"),
        ('[Colours "RB"]\nR: 3\n', 2, "a turn line is"),
        ('[Colours "RB" ]x\n', 1, r'a header is \[Name "value"\]'),
        ('1. R: 3 pass\n[Colours "RB"]\n', 2, "a header after the moves"),
        ('[Colours "RX"]\n', 1, "not a colour"),
        ('[Rules "fast"]\n', 1, "unknown rules 'fast'"),
        ('[Result "1st R, 2nd B"]\n1. R: 3 pass\n', 1, "the Result header does not match"),
        ('[Game "chess"]\n', 1, "not an aeroplane-chess record"),
    ],
)
def test_bad_records_name_the_line(text: str, line: int, match: str) -> None:
    """Reading errors raise NotationError naming the line and the problem."""
    with pytest.raises(NotationError, match=match) as err:
        GameRecord.from_text(text)
    assert err.value.line == line


def test_bad_header_names_are_refused() -> None:
    """Header names are words."""
    with pytest.raises(ValueError, match="a header name is a word"):
        GameRecord.from_game(new_game(2), [], headers={"two words": "x"})
