"""Move notation [AC17]: the grammar, round trips, and errors that say where and why."""

from __future__ import annotations

import pytest
from ac_helpers import colours_st, playout, pos, rules_st, seeds_st, texts
from hypothesis import given

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.aeroplane_chess import Move, format_move, new_game, parse_move


@given(seeds_st, colours_st, rules_st)
def test_every_legal_move_round_trips(seed: int, colours: str, rules: object) -> None:
    """parse(format(m)) == m for every legal move and roll of a random game, and the
    written text reads back to the same text (lower case too)."""
    states, _ = playout(seed, colours, rules, max_plies=300)  # type: ignore[arg-type]
    for s in states[:-1]:
        for m in s.legal_moves():
            text = format_move(s, m)
            assert parse_move(s, text) == m
            assert parse_move(s, f"  {text.lower()} ") == m
            assert format_move(s, parse_move(s, text)) == text


def test_the_written_forms() -> None:
    """Rolls are digits, a pass is 'pass', a launch names the take-off square, a move
    that sends someone back uses x, stacking ends in &."""
    assert texts(new_game(2)) == ["1", "2", "3", "4", "5", "6"]
    assert texts(new_game(2).play(Move.roll(1))) == ["pass"]
    assert texts(new_game(2).play(Move.roll(2))) == ["R1-RT"]
    s = pos(planes={"R1": "3", "R2": "7", "B1": "11"}, roll=4)
    assert texts(s) == ["R3-RT", "R1-7", "R1-7&", "R2x11"]


def test_either_separator_reads_and_any_stack_member_names_the_stack() -> None:
    """'R1-11' and 'R1x11' read the same; 'R2-14' names the stack R1R2."""
    s = pos(planes={"R1": "7", "R2": "7", "B1": "14"}, stacks=[("R1", "R2")], roll=3)
    assert parse_move(s, "R2-14") == parse_move(s, "r1X14") == Move.fly("R1", "14")


@pytest.mark.parametrize(
    ("text", "index", "match"),
    [
        ("", 0, "empty move text"),
        ("R1+7", 2, "a move is a roll 1-6, 'pass', or plane-square"),
        ("R5-7", 1, "a move is a roll"),
        ("R1-77", 3, "a loop square is 1 to 52"),
        ("R1-0", 3, "a loop square is 1 to 52"),
        ("  R1-8", 2, r"illegal move: with a 4, R1 ends on 7"),
        ("B1-7", 0, "B1 is not R's plane"),
        ("3", 0, r"the die already shows 4"),
        ("7", 0, "a move is a roll 1-6"),
        ("R1-7&x", 5, "a move is a roll 1-6"),
        ("R1-RX", 3, "a move is a roll 1-6"),
        ("pass", 0, r"may not pass \[AC12\]"),
    ],
)
def test_errors_say_where_and_which_rule(text: str, index: int, match: str) -> None:
    """Unreadable or illegal move texts raise NotationError with the column and reason."""
    s = pos(planes={"R1": "3"}, roll=4)
    with pytest.raises(NotationError, match=match) as err:
        parse_move(s, text)
    assert err.value.index == index


def test_formatting_an_illegal_move_raises() -> None:
    """format_move only writes legal moves."""
    with pytest.raises(IllegalMoveError):
        format_move(new_game(2), Move.launch("R1"))
    with pytest.raises(NotationError, match="a move is a string"):
        parse_move(new_game(2), 6)  # type: ignore[arg-type]
