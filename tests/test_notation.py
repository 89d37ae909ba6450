"""Move notation (issue 4): canonical texts, tolerant reading, errors, round trips."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.moves import Move, MoveKind
from helpers import seeded_playout

B = ap.REFERENCE_BOARD
_RULES = (
    ap.STANDARD,
    ap.BASIC,
    ap.ADVANCED,
    attrs.evolve(ap.STANDARD, square_vs_square=True),
)


def _texts(state: ap.GameState) -> list[str]:
    return [format_move(state, m) for m in state.legal_moves()]


def _setup(stacks: dict[str, list[str]], **kw: object) -> ap.GameState:
    return ap.setup_position(players=2, stacks=stacks, **kw)  # type: ignore[arg-type]


# ---- round trips ---------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 60))
def test_every_legal_move_round_trips_and_texts_are_unique(seed: int, plies: int) -> None:
    """parse_move(s, format_move(s, m)) is m for every legal move, and the texts differ."""
    for state in seeded_playout(seed, plies)[0]:
        legal = state.legal_moves()
        texts = _texts(state)
        assert len(set(texts)) == len(texts)
        for move, text in zip(legal, texts, strict=True):
            assert parse_move(state, text) == move
            assert parse_move(state, f"  {text.upper()} ") == move


@given(st.integers(0, 2**32), st.integers(0, 60))
def test_texts_use_no_spaces(seed: int, plies: int) -> None:
    """Canonical move texts never contain whitespace (records split turns on spaces)."""
    state = seeded_playout(seed, plies)[0][-1]
    assert all(not any(c.isspace() for c in t) for t in _texts(state))


# ---- canonical forms ----------------------------------------------------------------------
def test_start_area_exit_and_plain_step() -> None:
    """A Start Area exit is 'Sl-e2ne'; a step names both positions: 'e2ne-f3nw' [D8]."""
    s = ap.new_game()
    assert _texts(s) == ["Sl-e2ne", "Sl-e2nw", "Sl-e2se", "Sr-f2ne", "Sr-f2nw", "Sr-f2sw"]
    s = s.play(parse_move(s, "Sl-e2ne"))
    assert "e2ne-f3nw" in _texts(s)
    assert "e2ne-f3sw" not in _texts(s)  # the entry apex is not a position [D8]


def test_d11_hyperspace_step_names_the_arrival() -> None:
    """A step into Hyperspace is written with its arrival in another Hyperspace cell [D11]."""
    s = _setup({"d2.se": ["S1"]})
    texts = _texts(s)
    assert {"d2se-a6ne", "d2se-f10sw", "d2se-j5nw"} <= set(texts)
    assert not any(t.startswith("d2se-e1") for t in texts)
    move = parse_move(s, "d2se-e1-a6ne")
    assert move == parse_move(s, "d2se / a6ne".replace("/", "-")) == parse_move(s, "d2se-e1/a6ne")
    assert B.position_name(move.target) == "a6.ne"


def test_d12_wormhole_pass_through_and_free_travel() -> None:
    """Passing straight through a Wormhole is 'c2sw-i1ne'; free travel uses '~' [D12]."""
    s = _setup({"c2.sw": ["S1"], "b1.nw": ["S2"]})
    texts = set(_texts(s))
    assert "c2sw-i1ne" in texts and "b1nw~i1ne" in texts
    through = parse_move(s, "c2sw-b1-i1ne")
    assert through.kind == MoveKind.STEP and B.position_name(through.target) == "i1.ne"
    travel = parse_move(s, "B1NW ~ I1NE")
    assert travel.kind == MoveKind.TRAVEL


def test_d10_send_back_choice_per_owner() -> None:
    """A send-back names each owner's Start Area: '+Nr'; own pieces too: '+Sl' [D10]."""
    s = _setup({"e2.ne": ["S1"], "f3.se": ["S2", "N1"]})
    texts = set(_texts(s))
    assert {"e2ne-f3nw+Sl+Nl", "e2ne-f3nw+Sl+Nr", "e2ne-f3nw+Sr+Nl", "e2ne-f3nw+Sr+Nr"} <= texts
    move = parse_move(s, "e2ne-f3nw + N:r + S:l")
    assert move.choice == 1 << ap.Seat.N
    assert move == parse_move(s, "e2ne-f3nw+Sl+Nr")


def test_d13_singularity_reserve_choice() -> None:
    """Entering the Singularity: '*l' / '*r' brings a reserve piece to that Start Area, and
    leaving it out is an error while the reserve holds pieces [D13, D28]."""
    s = _setup({"d4.ne": ["S1"]})
    texts = set(_texts(s))
    assert {"d4ne-e5ne*l", "d4ne-e5ne*r"} <= texts
    assert "d4ne-e5ne" not in texts
    assert parse_move(s, "d4ne-e5ne * R").choice == 2
    with pytest.raises(ap.NotationError, match=r"must be brought in.*\*l or \*r.*D28") as missing:
        parse_move(s, "d4ne-e5ne")
    assert missing.value.index == 8


def test_d28_optional_reserve_has_a_suffix_free_entry() -> None:
    """Under optional_reserve no suffix brings nothing in, and the three texts differ [D28]."""
    s = _setup({"d4.ne": ["S1"]}, rules=ap.Rules(optional_reserve=True))
    texts = set(_texts(s))
    assert {"d4ne-e5ne", "d4ne-e5ne*l", "d4ne-e5ne*r"} <= texts
    assert parse_move(s, "d4ne-e5ne").choice == 0
    assert parse_move(s, "d4ne-e5ne*l").choice == 1
    gone = [(f"S{n}", "N") for n in range(2, 11)]
    no_reserve = _setup({"d4.ne": ["S1"]}, eliminated=gone)
    with pytest.raises(ap.NotationError, match="reserve") as err:
        parse_move(no_reserve, "d4ne-e5ne*l")
    assert err.value.index == 9


def test_d5_firing_and_firing_positions() -> None:
    """Firing is 'a1!' with a reserve suffix for two; firing positions are 'a1S' [D5, D20]."""
    s = _setup({"a1S": ["S1"], "a1W": ["S2"], "b1.ne": ["S3"]})
    texts = set(_texts(s))
    assert {"a1!*ll", "a1!*lr", "a1!*rr"} <= texts
    assert not {"a1!", "a1!*l", "a1!*r"} & texts  # two reserve pieces come in [D28]
    optional = _setup({"a1S": ["S1"], "a1W": ["S2"]}, rules=ap.Rules(optional_reserve=True))
    assert {"a1!", "a1!*l", "a1!*r", "a1!*ll", "a1!*lr", "a1!*rr"} <= set(_texts(optional))
    assert "a1S-b1ne" in texts  # stepping back out of a firing position [D20]
    assert parse_move(s, "fire a1 *rl") == parse_move(s, "a1!*lr")
    into = _setup({"b1.sw": ["S1"]})
    assert "b1sw-a1S" in _texts(into)
    assert parse_move(into, "b1.sw-a1s").target == B.position("a1S")


def test_squares_slide_and_kill() -> None:
    """A Square move is 'd4>d5', a Kill move 'd4xd7' (section 8)."""
    s = _setup({"d4.ne": ["S1"], "d4.sw": ["S2"], "d7.ne": ["N1"]})
    texts = set(_texts(s))
    assert {"d4>d5", "d4>c4", "d4>e4", "d4>d3", "d4xd7"} <= texts
    assert parse_move(s, "sq D4 - D5").kind == MoveKind.SQUARE
    assert parse_move(s, "x d4 > d7") == parse_move(s, "d4xd7")
    assert parse_move(s, "d4xd7").kind == MoveKind.ELIMINATE


def test_d7_end_turn() -> None:
    """Ending the turn when only free actions are left is 'end' [D7]."""
    s = _setup({"b1.ne": ["S1"], "c2.ne": ["N1"], "c2.sw": ["N2"]})
    assert "end" in _texts(s)
    assert parse_move(s, "End Turn") == Move(MoveKind.END_TURN)
    with pytest.raises(ap.NotationError, match="illegal move: \\[D7\\]"):
        parse_move(ap.new_game(), "end")


# ---- errors -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "index", "problem"),
    [
        ("", 0, "empty"),
        ("   ", 0, "empty"),
        ("Sl", 1, "expected '-'"),
        ("Sl-", 2, "expected a cell"),
        ("Sl-e2", 4, "expected an apex"),
        ("Sl-e2ne extra", 8, "unexpected text"),
        ("Sl-k2ne", 3, "not a cell"),
        ("Sl-e2sw", 0, "illegal move"),
        ("Nl-f9ne", 0, "illegal move"),
        ("Sl-e2ne*l", 7, "reserve choice"),
        ("Sl-e2ne+Nr", 7, "nothing of N|no piece of N"),
        ("a1!", 0, "illegal move"),
        ("Sl~e2ne", 0, "illegal move"),
        ("Sl-e1-e2ne", 3, "does not enter e1"),
        ("z9ne-a1ne", 0, "not a cell"),
        ("?", 0, "expected a cell"),
    ],
)
def test_bad_move_texts_say_what_and_where(text: str, index: int, problem: str) -> None:
    """Unreadable or illegal move texts raise NotationError with the problem and its column."""
    with pytest.raises(ap.NotationError, match=problem) as err:
        parse_move(ap.new_game(), text)
    assert err.value.index == index
    assert isinstance(err.value, ValueError)


def test_d10_missing_or_repeated_send_back_choice_is_rejected() -> None:
    """A send-back move without every owner's Start Area is ambiguous and rejected [D10]."""
    s = _setup({"e2.ne": ["S1"], "f3.se": ["S2", "N1"]})
    with pytest.raises(ap.NotationError, match="sends back pieces of S, N"):
        parse_move(s, "e2ne-f3nw")
    with pytest.raises(ap.NotationError, match="sends back pieces of N"):
        parse_move(s, "e2ne-f3nw+Sl")
    with pytest.raises(ap.NotationError, match="given twice") as err:
        parse_move(s, "e2ne-f3nw+Sl+Sr+Nl")
    assert err.value.index == 12
    with pytest.raises(ap.NotationError, match="no piece of W"):
        parse_move(s, "e2ne-f3nw+Sl+Nl+Wl")


def test_game_over_has_no_moves_to_read() -> None:
    """Parsing a move in a finished game (here a true win) raises NotationError."""
    s = _setup({"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"]})
    won = s.play(parse_move(s, "g7sw-f6sw*l"))
    assert won.is_over and won.outcome is not None and won.outcome.true_win
    with pytest.raises(ap.NotationError, match="game is over"):
        parse_move(won, "Sl-e2ne")


def test_format_of_an_illegal_move_raises() -> None:
    """format_move only writes legal moves (their send-back owners depend on the state)."""
    with pytest.raises(ap.IllegalMoveError):
        format_move(ap.new_game(), Move(MoveKind.END_TURN))


def test_non_string_text_is_a_notation_error() -> None:
    """Passing something that is not text raises NotationError, not TypeError."""
    with pytest.raises(ap.NotationError):
        parse_move(ap.new_game(), None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_whole_seeded_games_round_trip(seed: int) -> None:
    """Every legal move of every state of whole seeded games round-trips (deep positions too)."""
    states = seeded_playout(seed, 3000)[0]
    for state in states:
        for move in state.legal_moves():
            assert parse_move(state, format_move(state, move)) == move
    assert states[-1].is_over or len(states) > 3000
