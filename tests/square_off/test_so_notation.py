"""Move notation [SO10]: d2, d2-d3, d2~g7, a1^a7, a1<>d7, xg7; read case-insensitively,
errors say where the text is wrong and which rule forbids an illegal move."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from so_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.square_off import (
    JUMP_OFF,
    NINE_MENS_MORRIS,
    TRADING_PLACES,
    Move,
    SquareOffState,
    format_move,
    new_game,
    parse_move,
)


def test_every_kind_has_its_own_sign() -> None:
    """Placement d2, slide d2-d3, flight d2~g7, jump a1^a7, trade a1<>d7, removal xg7."""
    assert format_move(new_game(), Move.place("d2")) == "d2"
    assert format_move(pos("d2 a1 g4 g1", "d1 b2 f2"), Move.slide("d2", "d3")) == "d2-d3"
    flying = pos("d2 a1 g4", "d1 b2 f2 f4", rules=NINE_MENS_MORRIS)
    assert format_move(flying, Move.fly("d2", "g7")) == "d2~g7"
    jumper = pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF)
    assert format_move(jumper, Move.jump("a1", "a7")) == "a1^a7"
    trader = pos("a1 c3 g1", "d7 e4 b2 f2", rules=TRADING_PLACES)
    assert format_move(trader, Move.trade("a1", "d7")) == "a1<>d7"
    remover = play(pos("a7 d7 g4 c3", "a1 d1 g1 b6"), "g4-g7")
    assert format_move(remover, Move.remove("b6")) == "xb6"


def test_reading_ignores_case_and_blanks_and_dash_reads_flights_and_jumps() -> None:
    """Upper case and surrounding blanks are read; "-" also names the one flight or jump
    between two points [SO10]."""
    flying = pos("d2 a1 g4", "d1 b2 f2 f4", rules=NINE_MENS_MORRIS)
    assert parse_move(flying, "  D2-G7\t") == Move.fly("d2", "g7")
    jumper = pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF)
    assert parse_move(jumper, "a1-a7") == Move.jump("a1", "a7")
    remover = play(pos("a7 d7 g4 c3", "a1 d1 g1 b6"), "g4-g7")
    assert parse_move(remover, "XB6") == Move.remove("b6")


@pytest.mark.parametrize(
    ("text", "column", "problem"),
    [
        ("", 1, "empty move text"),
        ("   ", 4, "empty move text"),
        ("d", 1, "a move is a point"),
        ("d2=d3", 3, "a move is a point"),
        ("xd2-d3", 4, "a move is a point"),
        ("h2", 1, "not a point of the board: 'h2'"),
        ("d2-d9", 4, "not a point of the board: 'd9'"),
        ("d2<d3", 3, "a move is a point"),
        ("  a1 ^ a7", 5, "a move is a point"),
        ("d2-d2", 4, "a move joins two different points"),
        ("a1<>A1", 5, "a move joins two different points"),
    ],
)
def test_malformed_text_says_where(text: str, column: int, problem: str) -> None:
    """Text off the grammar raises NotationError pointing at the column of the problem."""
    with pytest.raises(NotationError, match=problem) as err:
        parse_move(new_game(), text)
    assert err.value.index is not None and err.value.index + 1 == column


def test_an_illegal_move_in_notation_names_the_rule() -> None:
    """A well-formed but illegal move raises NotationError with the rule that forbids it."""
    s = play(pos("a7 d7 g4 c3", "a1 d1 g1 b6"), "g4-g7")
    with pytest.raises(NotationError, match=r"illegal move: \[SO4\] d1 is on a line of three"):
        parse_move(s, "xd1")
    with pytest.raises(NotationError, match="illegal move: a removal is pending"):
        parse_move(s, "c3-c4")
    with pytest.raises(NotationError, match=r"illegal move: .*jumps are not in these rules"):
        parse_move(pos("a1 c3 g1", "a4 e4 b2 f2"), "a1^a7")


def test_non_strings_long_and_non_ascii_texts_are_refused() -> None:
    """Only printable ASCII strings of at most 256 characters are read."""
    with pytest.raises(NotationError, match="a move is a string"):
        parse_move(new_game(), 19)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_move(new_game(), "d2" + " " * 300)
    with pytest.raises(NotationError):
        parse_move(new_game(), "d\u00b2")


def test_formatting_an_illegal_move_raises() -> None:
    """format_move only writes legal moves; anything else raises IllegalMoveError."""
    with pytest.raises(IllegalMoveError, match="not linked"):
        format_move(pos("d2 a1 g4 g1", "d1 b2 f2"), Move.slide("a1", "a7"))


def test_all_legal_moves_read_back() -> None:
    """Every legal move of positions of each kind writes and reads back to itself."""
    states = [
        new_game(),
        pos("d2 a1 g4 g1", "d1 b2 f2"),
        pos("d2 a1 g4", "d1 b2 f2 f4", rules=NINE_MENS_MORRIS),
        pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF),
        pos("a1 c3 g1", "d7 e4 b2 f2", rules=TRADING_PLACES),
        play(pos("a7 d7 g4 c3", "a1 d1 g1 b6 e4"), "g4-g7"),
    ]
    for s in states:
        assert texts(s)
        assert [parse_move(s, t) for t in texts(s)] == list(s.legal_moves())


_STATES = [
    new_game(),
    pos("a1 c3 g1", "a4 e4 b2 f2", rules=JUMP_OFF),
    pos("a1 c3 g1", "d7 e4 b2 f2", rules=TRADING_PLACES),
    pos("d2 a1 g4", "d1 b2 f2 f4", rules=NINE_MENS_MORRIS),
]


@given(
    st.sampled_from(_STATES),
    st.one_of(st.text(max_size=10), st.text(alphabet="abcdefghxX012345678-~^<> \t", max_size=8)),
)
def test_any_text_reads_as_a_legal_move_or_a_notation_error(state: object, text: str) -> None:
    """Whatever the text, parse_move returns a legal move or raises NotationError (never
    another exception)."""
    assert isinstance(state, SquareOffState)
    try:
        move = parse_move(state, text)
    except NotationError:
        return
    assert state.is_legal(move)
