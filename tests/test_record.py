"""Game records (issue 4): PGN-like text, written, read and replayed with every move checked."""

from __future__ import annotations

import datetime
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats.notation import parse_move
from astroplane.games.astroplane.formats.record import GameRecord

_RULES = (ap.STANDARD, ap.BASIC, ap.ADVANCED, attrs.evolve(ap.STANDARD, square_vs_square=True))


def _game(seed: int, plies: int) -> tuple[ap.GameState, list[ap.Move], list[ap.GameState]]:
    """A seeded random game: start, moves, and every state."""
    rng = random.Random(seed)
    rules = attrs.evolve(
        rng.choice(_RULES),
        max_turns=rng.choice((None, 6, 30)),
        no_progress_rounds=rng.choice((None, 2)),
    )
    players = rng.choice((2, 3, 4))
    first = rng.choice({2: "SN", 3: "SWN", 4: "SWNE"}[players])
    start = ap.new_game(players, first=first, rules=rules)
    state, moves, states = start, [], [start]
    while not state.is_over and len(moves) < plies:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
        states.append(state)
    return start, moves, states


@given(st.integers(0, 2**32), st.integers(0, 150))
def test_records_round_trip_and_replay(seed: int, plies: int) -> None:
    """A record reads back equal from its text and replays every state of the game."""
    start, moves, states = _game(seed, plies)
    record = GameRecord.from_game(start, moves, date=datetime.date(2025, 1, 31), event="Test")
    text = record.to_text()
    back = GameRecord.from_text(text)
    assert back == record
    assert tuple(back.replay()) == tuple(states)
    assert back.final_state() == states[-1]
    assert back.moves == tuple(moves)
    assert back.to_text() == text


def test_record_text_layout() -> None:
    """Headers, a blank line, then one line per turn: number, seat, moves."""
    s = ap.new_game()
    moves = []
    for text in ("Sl-e2ne", "Sr-f2nw", "Nl-f9se"):
        m = parse_move(s, text)
        moves.append(m)
        s = s.play(m)
    record = GameRecord.from_game(ap.new_game(), moves, event='Club "night"')
    assert record.to_text() == (
        '[Event "Club \\"night\\""]\n[Seats "SN"]\n[Rules "standard"]\n[Result "*"]\n'
        "\n1. S: Sl-e2ne Sr-f2nw\n2. N: Nl-f9se\n"
    )
    assert record.header("Event") == 'Club "night"'
    assert GameRecord.from_text(record.to_text()).header("Event") == 'Club "night"'


def test_finished_game_result_and_non_standard_start() -> None:
    """A finished game's Result is its outcome; a set-up start is kept in a Position header."""
    start = ap.setup_position(
        players=2, stacks={"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"]}
    )
    move = next(m for m in start.legal_moves() if start.play(m).is_over)
    record = GameRecord.from_game(start, [move])
    assert record.header("Result") == "S wins 8-0-0-0 (true_win), turn 1"
    assert record.header("Position") is not None
    back = GameRecord.from_text(record.to_text())
    assert back.initial == start and back.final_state().is_over


def test_reading_tolerates_comments_blank_lines_and_spaced_moves() -> None:
    """Comment lines, blank lines, lower-case seats and 'fire a1'-style moves are read."""
    text = '# a comment\n[Seats "SN"]\n\n  1 . s :  SL-E2NE   sr-f2nw \n# end\n2. N: Nl-f9se\n'
    record = GameRecord.from_text(text)
    assert len(record.turns) == 2 and record.final_state().turn == 2
    assert record.header("Result") is None


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ('[Seats "SN"]\n1. S: Sl-e2sw\n', 2, "illegal move"),
        ('[Seats "SN"]\n1. S: Sl-e2ne Sr-f2nw Nl-f9se\n', 2, "turn is over"),
        ('[Seats "SN"]\n1. S: Sl-e2ne Sr-f2nw\n3. N: Nl-f9se\n', 3, "this is turn 2, N to move"),
        ('[Seats "SN"]\n1. S: Sl-e2ne Sr-f2nw\nN: Nl-f9se\n', 3, "turn line"),
        ('[Seats "SN"]\n1. S:\n', 2, "at least one move"),
        ('[Seats "SN"\n1. S: Sl-e2ne\n', 1, "header"),
        ('[Seats "SX"]\n1. S: Sl-e2ne\n', 1, "SN, SWN or SWNE"),
        ('[Rules "fancy"]\n1. S: Sl-e2ne\n', 1, "unknown rules"),
        ('[Position "standard SN"]\n1. S: Sl-e2ne\n', 1, "at least 5 fields"),
        ('1. S: Sl-e2ne\n[Seats "SN"]\n', 2, "header after the moves"),
        ('[Result "S wins"]\n1. S: Sl-e2ne\n', 1, "Result header does not match"),
        ('[Seats "SN"]\n1. W: Sl-e2ne\n', 2, "this is turn 1, S to move"),
        ('[Seats "SN"]\n[First "W"]\n1. W: Sl-e2ne\n', 2, "First is a seat"),
    ],
)
def test_bad_records_name_the_line(text: str, line: int, problem: str) -> None:
    """A record with an unreadable line or an illegal move raises NotationError naming the line."""
    with pytest.raises(ap.NotationError, match=problem) as err:
        GameRecord.from_text(text)
    assert err.value.line == line


def test_from_game_rejects_illegal_moves_and_bad_header_names() -> None:
    """Recording an illegal move raises IllegalMoveError; header names must be words."""
    with pytest.raises(ap.IllegalMoveError):
        GameRecord.from_game(ap.new_game(), [ap.Move(ap.MoveKind.END_TURN)])
    with pytest.raises(ValueError, match="header name"):
        GameRecord.from_game(ap.new_game(), [], headers={"bad name": "x"})


def test_docs_example_is_a_real_game() -> None:
    """The record and position shown in docs/formats.md replay and match the formats."""
    from pathlib import Path

    from astroplane.games.astroplane.formats.position import position_to_text

    page = Path(__file__).parent.parent / "docs" / "formats.md"
    if not page.exists():  # pragma: no cover - tests run from an sdist without docs
        pytest.skip("docs not available")
    text = page.read_text(encoding="utf-8")
    block = text.split("<!-- seeded-record -->\n```text\n", 1)[1].split("```", 1)[0]
    record = GameRecord.from_text(block)
    assert record.to_text() == block
    final = record.final_state()
    assert position_to_text(final) in text
    assert final.turn == 22 and final.moves_left == 1
