"""Position text [SC19]: the start written as decided, every reachable state (random games
of every player count and option, won games too) read back equal, and impossible or hostile
text rejected with NotationError and the column where."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sc_helpers import homing_game, players_st, playout, pos, rules_st, seeds_st

from astroplane.errors import NotationError
from astroplane.games.starcastles import (
    Rules,
    check_state,
    new_game,
    position_from_text,
    position_to_text,
)

START = "starcastles 03 f0 m0 r1 a1:P0B0S0,b1:P0B0S0,b2:P0B0S0,h1:P1B1S1,h2:P1B1S1,i1:P1B1S1 44 -"


def test_the_start_is_written_as_decided() -> None:
    """The two-player start: rules, arms 0 and 3, first and mover 0, round 1, the six
    uncontrolled castles (no ``!``), four gems each, nothing removed."""
    assert position_to_text(new_game(2)) == START
    assert position_from_text(START) == new_game(2)


def test_control_gems_and_removal_are_written() -> None:
    """A controlled castle carries ``!``, a gem is ``point:*player``, the status says
    ``removed`` when the mover's gem was just taken off."""
    s = pos(
        {"e3": "P0B1S0", "c3": "S1"},
        controlled=["e3"],
        gems={1: "d3"},
        gems_left=[2, 3],
        to_move=0,
        removed=True,
        round=7,
    )
    text = position_to_text(s)
    assert text == "starcastles 03 f0 m0 r7 c3:S1,d3:*1,e3:P0B1S0! 23 removed"
    assert position_from_text(text) == s


@given(seeds_st, players_st, rules_st)
def test_every_state_of_random_games_reads_back(seed: int, players: int, rules: Rules) -> None:
    """Write then read gives the same state, for every state of random games of 2..6
    players under every option combination (to the draw)."""
    states, _moves = playout(seed, players, rules)
    for state in states[::5] + states[-1:]:
        assert position_from_text(position_to_text(state)) == state


@given(seeds_st, st.integers(2, 6))
def test_won_games_read_back(seed: int, players: int) -> None:
    """States of games that march castles home, to the win, read back equal; the last
    says ``won``."""
    states = homing_game(seed, players)
    for state in states[::9] + states[-1:]:
        assert position_from_text(position_to_text(state)) == state
    if states[-1].winner is not None:
        assert position_to_text(states[-1]).endswith("won")


def test_a_drawn_game_reads_back() -> None:
    """After max_rounds rounds the status is ``drawn`` and the round max_rounds + 1."""
    state = new_game(2, rules=Rules(max_rounds=1))
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    text = position_to_text(state)
    assert text.endswith(" r2 " + text.split(" ")[5] + " 44 drawn")
    assert position_from_text(text) == state


@pytest.mark.parametrize(
    ("text", "problem", "column"),
    [
        # a Spire under another module
        ("starcastles 03 f0 m0 r1 a1:S0P0 44 -", "a stack is written bottom to top", 28),
        # ten (here four) modules of one kind of one player
        (
            "starcastles 03 f0 m0 r1 a1:P0,b1:P0,b2:P0,c1:P0 44 -",
            r"player 0 has 4 modules P on the board \(three each\)",
            25,
        ),
        # a gem on an occupied point
        ("starcastles 03 f0 m0 r1 e3:P0,e3:*1 44 -", "e3 is given twice", 31),
        ("starcastles 03 f0 m0 r1 z9:P0 44 -", "z9 is not a point of the 37-point board", 25),
        ("starcastles 03 f0 m0 r1 q1:P0 44 -", "q1 is not a point of the 37-point board", 25),
        ("starcastles 03 f0 m0 r1 e3:P0,e3:B1 44 -", "e3 is given twice", 31),
        ("starcastles 03 f0 m0 r1 e3:P0! 44 -", r"only a complete castle is controlled", 25),
        ("starcastles 03 f0 m0 r1 e3:P2 44 -", "a module of player 2, not in the game", 25),
        ("starcastles 03 f0 m0 r1 e3:*2 44 -", "a gem of player 2", 25),
        ("starcastles 03 f0 m0 r1 e3:*0,e4:*1 34 -", r"\[SC7\] only one Phase Gem", 25),
        ("starcastles 03 f0 m0 r1 e3:*0,e4:*0 34 -", "player 0 has two gems", 31),
        ("starcastles 03 f0 m0 r1 e3:*0 44 -", "player 0: 4 gems left with 1 in play", 25),
        ("starcastles 03 f0 m0 r1 E3:P0 44 -", "a board entry is point:stack", 25),
        ("starcastles 30 f0 m0 r1 - 44 -", "strictly increasing", 13),
        ("starcastles 033 f0 m0 r1 - 444 -", "strictly increasing", 13),
        ("starcastles 0 f0 m0 r1 - 4 -", "strictly increasing", 13),
        ("starcastles 03 f2 m0 r1 - 44 -", "the first player is f and a number 0..1", 16),
        ("starcastles 03 f0 m01 r1 - 44 -", "the player to move is m and a number 0..1", 19),
        ("starcastles 03 f0 m0 r0 - 44 -", "the round is r and a number 1..201", 22),
        ("starcastles 03 f0 m0 r202 - 44 -", "the round is r and a number 1..201", 22),
        ("starcastles 03 f0 m0 r99999999999 - 44 -", "the round is r and a number", 22),
        ("starcastles 03 f0 m0 r201 - 44 -", "the status is drawn", 32),
        ("starcastles 03 f0 m0 r5 - 44 drawn", "the status is -", 30),
        ("starcastles 03 f0 m1 r201 - 44 drawn", "first player's turn would come", 19),
        ("starcastles 03 f0 m0 r1 - 54 -", r"the gems left are 2 digits 0..4", 27),
        ("starcastles 03 f0 m0 r1 - 44 won", r"player 1 has not won", 30),
        ("starcastles 03 f0 m0 r1 - 44 removed,won", r"player 1 has not won", 30),
        ("starcastles 03 f0 m0 r1 e3:*0 34 removed", r"gem was removed as the turn started", 34),
        ("starcastles 03 f0 m0 r1 - 44 over", "the status is one of", 30),
        ("starcastles 03 f0 m0 r1 -  44 -", "fields are separated by single blanks", 27),
        ("starcastles 03 f0 m0 r1 -", "a position has 8 fields", 1),
        ("chess 03 f0 m0 r1 - 44 -", "unknown", 1),
        ("starcastles,arm=9 03 f0 m0 r1 - 44 -", "arm", 13),
    ],
)
def test_impossible_and_malformed_positions_say_what_and_where(
    text: str, problem: str, column: int
) -> None:
    """Each impossible or malformed position raises NotationError naming the problem and
    the column of its field or entry."""
    with pytest.raises(NotationError, match=problem) as info:
        position_from_text(text)
    assert info.value.index == column - 1


@pytest.mark.parametrize(
    "value", [None, 5, b"starcastles", ["x"], "starcastles " + "x" * 5000, "starcastles\u00a0"]
)
def test_values_that_are_no_short_ascii_text_raise_notation_error(value: object) -> None:
    """Non-strings, oversized and non-ASCII texts raise NotationError, never another
    error."""
    with pytest.raises(NotationError):
        position_from_text(value)  # type: ignore[arg-type]


_ALPHABET = "starcle0123456789:,*!PBS- rmfwondaq"


@given(st.data(), seeds_st)
def test_mutated_texts_fail_cleanly_or_give_a_valid_state(data: st.DataObject, seed: int) -> None:
    """Random edits of a reachable position's text raise only NotationError, or give a
    state that keeps every invariant and reads back equal."""
    states, _moves = playout(seed, 1 + seed % 5 + 1, max_plies=40)
    text = position_to_text(random.Random(seed).choice(states))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        edit = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        char = data.draw(st.sampled_from(_ALPHABET))
        if edit == "insert":
            text = text[:at] + char + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    try:
        state = position_from_text(text)
    except NotationError:
        return
    assert check_state(state) == []
    assert position_from_text(position_to_text(state)) == state


def test_the_reader_builds_nothing_the_writer_would_not_write() -> None:
    """A read state has the fields an engine state has: equal texts, equal states, and a
    changed field (the round) changes the text."""
    state = position_from_text(START)
    assert position_to_text(attrs.evolve(state, round=2)) != START


def test_a_win_written_before_sc30_reads_as_the_same_game() -> None:
    """Before [SC30] a won game kept the winner to move (``m`` the winner, ``removed,won``
    when their gem had been removed as the winning turn began); such a text reads as the
    game held now: the turn passed (here into the next round), nothing removed. The text
    written now reads back equal."""
    final = homing_game(0)[-1]
    assert (final.winner, final.to_move, final.first, final.removed) == (1, 0, 0, False)
    text = position_to_text(final)
    assert text.endswith(" won") and position_from_text(text) == final
    fields = text.split(" ")
    for status in ("won", "removed,won"):
        fields[3:5] = ["m1", f"r{final.round - 1}"]
        fields[7] = status
        assert position_from_text(" ".join(fields)) == final
