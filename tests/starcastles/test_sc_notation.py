"""Move notation [SC18]: each kind of move written as the decisions page says, every legal
move of random games read back as itself, and bad text rejected with the column."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sc_helpers import castle, gem, players_st, playout, pos, rules_st, seeds_st, slide, step, swap

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.starcastles import Move, format_move, new_game, parse_move


@pytest.mark.parametrize(
    ("stacks", "move", "text"),
    [
        ({"e3": "S0"}, step("e3", "e4"), "Se3-e4"),
        ({"e3": "S0", "e4": "P1"}, step("e3", "e4"), "Se3+e4"),
        ({"e3": "P0B0"}, slide("e3", "e5"), "Be3-e5"),
        ({"e3": "P0"}, slide("e3", "e1"), "Pe3-e1"),
        ({"e3": "B0", "e5": "P1"}, slide("e3", "e5"), "Be3+e5"),
        ({"e3": "P0B1S0"}, castle("e3", "d3"), "Ce3-d3"),
        ({"g5": "P0B0S0", "h2": "P1"}, swap("g5", "h2"), "Cg5xh2"),
        ({"e3": "S0"}, gem("a1"), "*a1"),
    ],
)
def test_each_kind_of_move_is_written_as_decided(
    stacks: dict[str, str], move: Move, text: str
) -> None:
    """Steps, dockings, slides of both kinds, castle moves, swaps and gems have the
    spelling [SC18] gives them, and read back as the same move."""
    controlled = [p for p, s in stacks.items() if len(s) == 6]
    state = pos(stacks, controlled=controlled)
    assert format_move(state, move) == text
    assert parse_move(state, text) == move


def test_pass_is_written_pass() -> None:
    """A player with no move passes, written ``pass``."""
    state = pos({"e3": "P1"})  # player 0 has no module
    assert state.legal_moves()[-1] == Move.PASS
    assert format_move(state, Move.PASS) == "pass"
    assert parse_move(state, "pass") == Move.PASS


@given(seeds_st, players_st, rules_st)
def test_every_legal_move_round_trips(seed: int, players: int, rules: object) -> None:
    """In random games of 2..6 players under every option, each legal move's text is
    distinct and reads back as that move."""
    states, _moves = playout(seed, players, rules, max_plies=60)  # type: ignore[arg-type]
    for state in states[::7]:
        texts = [format_move(state, m) for m in state.legal_moves()]
        assert len(set(texts)) == len(texts)
        assert [parse_move(state, t) for t in texts] == list(state.legal_moves())


@pytest.mark.parametrize(
    ("text", "problem", "column"),
    [
        ("Sb1+c3", "c3 is empty: the move is written Sb1-c3", 4),
        ("Pa1-c1", r"the free module on a1 is a Spire \(S\), not a Power Base", 1),
        ("Sa1-c1", r"illegal move: \[SC4\] c1 is not linked to a1", 1),
        ("Cb1-c3", r"illegal move: \[SC4\] the stack on b1 is not a controlled", 1),
        ("Sa1-b1", r"illegal move: \[SC4\] a Spire never lands on a Spire \(b1\)", 1),
        ("Sb1-z9", "z9 is not a point of the 37-point board", 5),
        ("Sb1-b1", "a move goes from one point to another", 5),
        ("sb1-c3", "a move is pass", 1),
        ("Sb1 -c3", "a move is pass", 1),
        ("*a1", r"illegal move: \[SC7\] a Phase Gem goes on an unoccupied point", 1),
        ("PASS", "a move is pass", 1),
        ("", "a move is pass", 1),
    ],
)
def test_bad_move_text_says_what_and_where(text: str, problem: str, column: int) -> None:
    """Text that names no legal move raises NotationError naming the problem (the rule
    and its tag for an illegal move) and the column."""
    with pytest.raises(NotationError, match=problem) as info:
        parse_move(new_game(2), text)
    assert info.value.index == column - 1


def test_a_move_of_the_wrong_kind_letter_is_spelled_out() -> None:
    """A legal move written with the wrong separator names its one spelling."""
    state = pos({"e3": "S0", "e4": "P1"})
    with pytest.raises(NotationError, match=r"e4 holds a stack: the move is written Se3\+e4"):
        parse_move(state, "Se3xe4")


@pytest.mark.parametrize("value", [None, 3, b"Sb1-c3", ["Sb1-c3"], "S" * 300, "Sb1-c\u0663"])
def test_non_text_and_hostile_text_raise_notation_error(value: object) -> None:
    """Values that are no short ASCII string raise NotationError, never another error."""
    with pytest.raises(NotationError):
        parse_move(new_game(2), value)  # type: ignore[arg-type]


def test_format_move_refuses_an_illegal_move() -> None:
    """Only legal moves are written: another raises IllegalMoveError with the rule."""
    with pytest.raises(IllegalMoveError, match=r"\[SC3\]"):
        format_move(new_game(2), Move.PASS)


@given(st.data(), seeds_st, players_st)
def test_mutated_move_texts_fail_cleanly_or_name_a_legal_move(
    data: st.DataObject, seed: int, players: int
) -> None:
    """Random edits of a legal move's text raise only NotationError, or name a legal
    move whose text is exactly the edited one."""
    states, _moves = playout(seed, players, max_plies=30)
    state = states[-1]
    if state.is_over:
        return
    text = format_move(state, data.draw(st.sampled_from(state.legal_moves())))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        char = data.draw(st.sampled_from("SBPCx+-*abcdefghiq0123456789 "))
        text = data.draw(
            st.sampled_from([text[:at] + char + text[at:], text[:at] + text[at + 1 :]])
        )
    try:
        move = parse_move(state, text)
    except NotationError:
        return
    assert state.is_legal(move) and format_move(state, move) == text
