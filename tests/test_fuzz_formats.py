"""Fuzzing every parser (issue 4): arbitrary text and mutated valid texts raise only
NotationError, and whatever is accepted is valid."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats import jsonio
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
)
from astroplane.games.astroplane.formats.record import GameRecord
from helpers import seeded_playout

_RULES = (ap.STANDARD, ap.BASIC, ap.ADVANCED, attrs.evolve(ap.STANDARD, square_vs_square=True))
#: Characters the formats use, so mutations often stay nearly readable.
_ALPHABET = 'SWNEswnelrtx0123456789:,+-~*!>./ \n[]"#abcdefghijkz{}'


def _playout(seed: int, plies: int) -> tuple[ap.GameState, list[ap.Move], ap.GameState]:
    """A seeded random game: start, moves and final state (random players, rules, limits)."""
    states, moves = seeded_playout(seed, plies)
    return states[0], moves, states[-1]


@st.composite
def _mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few random edits: deletions, insertions, replacements, swaps."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("delete", "insert", "replace", "swap", "cut")))
        i = draw(st.integers(0, len(chars)))
        if op == "insert" or not chars:
            chars[i:i] = draw(st.text(st.sampled_from(_ALPHABET), min_size=1, max_size=3))
        elif op == "delete":
            del chars[min(i, len(chars) - 1)]
        elif op == "replace":
            chars[min(i, len(chars) - 1)] = draw(st.sampled_from(_ALPHABET))
        elif op == "swap" and len(chars) > 1:
            j = min(i, len(chars) - 2)
            chars[j], chars[j + 1] = chars[j + 1], chars[j]
        else:
            del chars[i:]
    return "".join(chars)


def _valid_state(state: ap.GameState) -> None:
    """An accepted state is playable and its own text reads back equal."""
    assert position_from_text(position_to_text(state)) == state
    for move in state.legal_moves()[:5]:
        state.play(move)


# ---- moves -------------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 40), st.text(max_size=30))
def test_parse_move_on_arbitrary_text(seed: int, plies: int, text: str) -> None:
    """parse_move on arbitrary text raises NotationError or returns a legal move."""
    state = _playout(seed, plies)[2]
    try:
        move = parse_move(state, text)
    except ap.NotationError:
        return
    assert move in state.legal_moves()


@given(st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_parse_move_on_mutated_move_texts(seed: int, plies: int, data: st.DataObject) -> None:
    """Mutated legal move texts raise NotationError or name a legal move."""
    state = _playout(seed, plies)[2]
    if state.is_over:
        return
    text = format_move(state, data.draw(st.sampled_from(state.legal_moves())))
    try:
        move = parse_move(state, data.draw(_mutated(text)))
    except ap.NotationError:
        return
    assert move in state.legal_moves()


# ---- positions ---------------------------------------------------------------------------
@given(st.text(max_size=80))
def test_position_from_arbitrary_text(text: str) -> None:
    """position_from_text on arbitrary text raises NotationError or returns a valid state."""
    try:
        state = position_from_text(text)
    except ap.NotationError:
        return
    _valid_state(state)  # pragma: no cover - arbitrary text is hardly ever a position


@given(st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_position_from_mutated_texts(seed: int, plies: int, data: st.DataObject) -> None:
    """Mutated position texts raise NotationError or give a state that keeps the invariants."""
    text = position_to_text(_playout(seed, plies)[2])
    try:
        state = position_from_text(data.draw(_mutated(text)))
    except ap.NotationError:
        return
    _valid_state(state)


@given(st.text(max_size=40))
def test_rules_from_arbitrary_text(text: str) -> None:
    """rules_from_text raises only NotationError."""
    try:
        rules = rules_from_text(text)
    except ap.NotationError:
        return
    assert isinstance(rules, ap.Rules)


# ---- records -----------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_records_from_mutated_texts(seed: int, plies: int, data: st.DataObject) -> None:
    """Mutated game records raise NotationError or replay to valid states."""
    start, moves, _ = _playout(seed, plies)
    text = GameRecord.from_game(start, moves, event="fuzz").to_text()
    try:
        record = GameRecord.from_text(data.draw(_mutated(text)))
    except ap.NotationError:
        return
    _valid_state(record.final_state())


@given(st.text(max_size=120))
def test_records_from_arbitrary_text(text: str) -> None:
    """GameRecord.from_text on arbitrary text raises NotationError or replays."""
    try:
        record = GameRecord.from_text(text)
    except ap.NotationError:
        return
    _valid_state(record.final_state())


# ---- JSON --------------------------------------------------------------------------------
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@given(st.text(max_size=60))
def test_from_json_on_arbitrary_text(text: str) -> None:
    """from_json on arbitrary text raises only NotationError."""
    try:
        jsonio.from_json(text)
    except ap.NotationError:
        return


@given(_JSON)
def test_from_dict_on_arbitrary_json_values(value: Any) -> None:
    """The from_dict readers raise only NotationError on arbitrary JSON values."""
    for read in (jsonio.state_from_dict, jsonio.move_from_dict, jsonio.outcome_from_dict):
        with contextlib.suppress(ap.NotationError):
            read(value)


@given(st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_state_from_mutated_json(seed: int, plies: int, data: st.DataObject) -> None:
    """Mutated state objects (a field replaced by any JSON value) raise NotationError or
    give a valid state."""
    d = jsonio.state_to_dict(_playout(seed, plies)[2])
    target = d
    keys = list(d)
    key = data.draw(st.sampled_from(keys))
    if isinstance(d[key], dict) and d[key] and data.draw(st.booleans()):
        target = d[key]
        key = data.draw(st.sampled_from(sorted(target)))
    target[key] = data.draw(_JSON)
    try:
        state = jsonio.state_from_dict(json.loads(json.dumps(d)))
    except ap.NotationError:
        return
    _valid_state(state)


@given(st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_state_from_mutated_json_text(seed: int, plies: int, data: st.DataObject) -> None:
    """Mutated JSON text of a state raises NotationError or gives a valid state."""
    text = jsonio.to_json(_playout(seed, plies)[2])
    try:
        state = jsonio.from_json(data.draw(_mutated(text)))
    except ap.NotationError:
        return
    if isinstance(state, ap.GameState):
        _valid_state(state)
