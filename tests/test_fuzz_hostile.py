"""Fuzzing every reader of both games with hostile text (issue 10): mutated valid inputs
with look-alike characters (U+017F long s, the Kelvin sign, Arabic-Indic digits, Unicode
spaces and line breaks), control characters, huge numbers and repeated pieces. Readers
raise only their format's error (``NotationError``), and whatever they accept is a
possible state that writes and reads back. Bounded for CI; ``benchmarks/fuzz.py`` runs
the same checks for hours."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.aeroplane_chess import jsonio as ac_jsonio
from astroplane.games.aeroplane_chess import new_game as ac_new_game
from astroplane.games.aeroplane_chess.notation import format_move as ac_format_move
from astroplane.games.aeroplane_chess.notation import parse_move as ac_parse_move
from astroplane.games.aeroplane_chess.options import rules_from_text as ac_rules_from_text
from astroplane.games.aeroplane_chess.position import position_from_text as ac_position_from_text
from astroplane.games.aeroplane_chess.position import position_to_text as ac_position_to_text
from astroplane.games.aeroplane_chess.record import GameRecord as ACRecord
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.games.astroplane.formats import jsonio
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
)
from astroplane.games.astroplane.formats.record import GameRecord, read_records, write_records
from astroplane.games.astroplane.rules.validate import validate_position
from helpers import seeded_playout

#: Characters that Python's str methods treat like ASCII ones, or that split lines and
#: fields: the hostile part of the alphabet.
HOSTILE = (
    "\u017f\u0131\u212a\u0130\u00df\ufb06"  # long s, dotless i, Kelvin, I-dot, sharp s, st
    "\u0661\u0662\u00b2\uff11\u0966"  # Arabic-Indic 1 2, superscript 2, fullwidth 1, Devanagari 0
    "\u00a0\u2028\u0085\x1c\x0b\x0c\r\n\t\x00\ud800"  # spaces, line breaks, NUL, a surrogate
)
ASCII = 'SWNEswnelrtx0123456789:,+-~*!>./ []"#\\abcdefghijkzRYBGHTP?&{}'
ALPHABET = ASCII + HOSTILE


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few edits: deletions, insertions (often hostile characters or long
    digit runs), replacements, swaps, duplicated chunks, truncation."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("delete", "insert", "replace", "swap", "dup", "digits", "cut")))
        i = draw(st.integers(0, len(chars)))
        if op == "insert" or not chars:
            chars[i:i] = draw(st.text(st.sampled_from(ALPHABET), min_size=1, max_size=3))
        elif op == "delete":
            del chars[min(i, len(chars) - 1)]
        elif op == "replace":
            chars[min(i, len(chars) - 1)] = draw(st.sampled_from(ALPHABET))
        elif op == "swap" and len(chars) > 1:
            j = min(i, len(chars) - 2)
            chars[j], chars[j + 1] = chars[j + 1], chars[j]
        elif op == "dup":
            j = draw(st.integers(i, min(len(chars), i + 12)))
            chars[j:j] = chars[i:j]
        elif op == "digits":
            chars[i:i] = draw(st.sampled_from(("9" * 12, "0" * 5, "1000001", "-1", "1.5")))
        else:
            del chars[i:]
    return "".join(chars)


def _playout(seed: int, plies: int) -> tuple[ap.GameState, list[ap.Move], ap.GameState]:
    states, moves = seeded_playout(seed, plies)
    return states[0], moves, states[-1]


def check_accepted(state: ap.GameState) -> None:
    """An accepted ASTROPLANE state is possible (the validator agrees), writes and reads
    back equal as text and JSON, and plays."""
    validate_position(state, None if state.outcome is None else state.outcome.reason)
    assert position_from_text(position_to_text(state)) == state
    assert jsonio.from_json(jsonio.to_json(state)) == state
    for move in state.legal_moves()[:3]:
        state.play(move)


def check_ac_accepted(state: AeroplaneState) -> None:
    """An accepted Aeroplane Chess state keeps every invariant and reads back."""
    check_state(state)
    assert ac_position_from_text(ac_position_to_text(state)) == state
    assert ac_jsonio.from_json(ac_jsonio.to_json(state)) == state
    for move in state.legal_moves()[:3]:
        state.play(move)


def _ac_game(seed: int, plies: int) -> tuple[AeroplaneState, list[Any], AeroplaneState]:
    s = start = ac_new_game(2 + seed % 3)
    moves = []
    for k in range(plies):
        legal = s.legal_moves()
        if not legal:
            break
        move = legal[(seed * 7 + k * 13) % len(legal)]
        moves.append(move)
        s = s.play(move)
    return start, moves, s


# ---- ASTROPLANE --------------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_position_text_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Position texts with hostile edits raise NotationError or give a possible state."""
    text = position_to_text(_playout(seed, plies)[2])
    try:
        state = position_from_text(data.draw(mutated(text)))
    except ap.NotationError:
        return
    check_accepted(state)


@given(st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_move_text_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Move texts with hostile edits raise NotationError or name a legal move."""
    state = _playout(seed, plies)[2]
    if state.is_over:
        return
    text = format_move(state, data.draw(st.sampled_from(state.legal_moves())))
    try:
        move = parse_move(state, data.draw(mutated(text)))
    except ap.NotationError:
        return
    assert move in state.legal_moves()


@given(st.sampled_from(["standard", "basic,max_turns=200", "advanced,no_progress_rounds=4,"
                        "square_vs_square=on"]), st.data())  # fmt: skip
def test_rules_text_with_hostile_edits(text: str, data: st.DataObject) -> None:
    """Rules texts with hostile edits raise NotationError or give rules that read back."""
    try:
        rules = rules_from_text(data.draw(mutated(text)))
    except ap.NotationError:
        return
    assert isinstance(rules, ap.Rules)


@given(st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_json_text_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """State, move and outcome JSON text with hostile edits raises NotationError or gives a
    possible state (or a move or outcome that writes back)."""
    _, moves, final = _playout(seed, plies)
    docs = [jsonio.to_json(final)]
    if moves:
        docs.append(json.dumps(jsonio.move_to_dict(moves[-1])))
    if final.outcome is not None:
        docs.append(jsonio.to_json(final.outcome))
    text = data.draw(mutated(data.draw(st.sampled_from(docs))))
    try:
        value = jsonio.from_json(text)
    except ap.NotationError:
        return
    if isinstance(value, ap.GameState):
        check_accepted(value)
    elif isinstance(value, ap.Move):
        assert jsonio.move_from_dict(jsonio.move_to_dict(value)) == value
    else:
        assert jsonio.outcome_from_dict(jsonio.outcome_to_dict(value)) == value


@given(st.integers(0, 2**32), st.integers(0, 30), st.data())
def test_records_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Records of one or two games with hostile edits (in headers and turn lines) raise
    NotationError or replay to possible states."""
    start, moves, _ = _playout(seed, plies)
    note = data.draw(st.text(st.sampled_from(ALPHABET), max_size=6))
    rec = GameRecord.from_game(start, moves, event=note)
    text = write_records([rec] * data.draw(st.integers(1, 2)))
    try:
        records = read_records(data.draw(mutated(text)))
    except ap.NotationError:
        return
    for r in records:
        check_accepted(r.final_state())
        assert GameRecord.from_text(r.to_text()) == r


# ---- Aeroplane Chess ---------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_ac_position_text_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Aeroplane Chess position texts with hostile edits raise NotationError or give a
    state that keeps the invariants."""
    text = ac_position_to_text(_ac_game(seed, plies)[2])
    try:
        state = ac_position_from_text(data.draw(mutated(text)))
    except ap.NotationError:
        return
    check_ac_accepted(state)


@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_ac_move_text_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Aeroplane Chess move texts with hostile edits raise NotationError or a legal move."""
    state = _ac_game(seed, plies)[2]
    if state.is_over:
        return
    text = ac_format_move(state, data.draw(st.sampled_from(state.legal_moves())))
    try:
        move = ac_parse_move(state, data.draw(mutated(text)))
    except ap.NotationError:
        return
    assert move in state.legal_moves()


@given(st.sampled_from(["standard", "classic,stacking=choice", "modern,overshoot=stay"]), st.data())
def test_ac_rules_text_with_hostile_edits(text: str, data: st.DataObject) -> None:
    """Aeroplane Chess rules texts with hostile edits raise NotationError or read."""
    try:
        ac_rules_from_text(data.draw(mutated(text)))
    except ap.NotationError:
        return


@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_ac_json_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Aeroplane Chess JSON with hostile edits raises NotationError or reads back."""
    _, moves, final = _ac_game(seed, plies)
    docs = [ac_jsonio.to_json(final)] + [ac_jsonio.to_json(m) for m in moves[-1:]]
    try:
        value = ac_jsonio.from_json(data.draw(mutated(data.draw(st.sampled_from(docs)))))
    except ap.NotationError:
        return
    if isinstance(value, AeroplaneState):
        check_ac_accepted(value)
    else:
        assert ac_jsonio.move_from_dict(ac_jsonio.move_to_dict(value)) == value


@given(st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_ac_records_with_hostile_edits(seed: int, plies: int, data: st.DataObject) -> None:
    """Aeroplane Chess records with hostile edits raise NotationError or replay."""
    start, moves, _ = _ac_game(seed, plies)
    text = ACRecord.from_game(start, moves, event="fuzz").to_text()
    try:
        record = ACRecord.from_text(data.draw(mutated(text)))
    except ap.NotationError:
        return
    check_ac_accepted(record.final_state())
