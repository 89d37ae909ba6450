"""Position notation (issue 4): one line holding the whole state, read back equal."""

from __future__ import annotations

import functools
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
    rules_to_text,
)
from helpers import seeded_playout
from strategies import Playout, playouts, positions

_RULES = (
    ap.STANDARD,
    ap.BASIC,
    ap.ADVANCED,
    attrs.evolve(ap.STANDARD, square_vs_square=True),
)


@functools.cache
def _ended(reason: ap.EndReason) -> ap.GameState:
    """The final state of the first seeded whole game (no limits) that ends for ``reason``."""
    for seed in range(5000):
        rng = random.Random(seed)
        players = rng.choice((2, 3, 4))
        state = ap.new_game(players, rules=rng.choice(_RULES[:3]))
        for _ in range(3000):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is not None and state.outcome.reason == reason:
            return state
    raise AssertionError(f"no seeded game ends by {reason}")  # pragma: no cover


def _check_round_trip(state: ap.GameState) -> None:
    text = position_to_text(state)
    back = position_from_text(text)
    assert back == state
    assert back.outcome == state.outcome
    assert back.legal_moves() == state.legal_moves()
    assert back.where == state.where
    assert "\n" not in text and position_to_text(back) == text


# ---- round trips ---------------------------------------------------------------------------
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_every_state_of_random_playouts_round_trips(seed: int, plies: int) -> None:
    """GameState.from_text(s.to_text()) == s for every state of random playouts."""
    for state in seeded_playout(seed, plies)[0]:
        _check_round_trip(state)


@pytest.mark.parametrize("reason", list(ap.EndReason))
def test_finished_games_round_trip_with_their_outcome(reason: ap.EndReason) -> None:
    """Finished games (every end reason) round-trip, outcome included (section 9, [D16])."""
    if reason in (ap.EndReason.TURN_LIMIT, ap.EndReason.NO_PROGRESS):
        state = next(
            s
            for seed in range(500)
            for s in seeded_playout(seed, 5000)[0][-1:]
            if s.outcome is not None and s.outcome.reason == reason
        )
    else:
        state = _ended(reason)
    assert state.outcome is not None and state.outcome.reason == reason
    _check_round_trip(state)
    assert f"over:{reason.value}" in position_to_text(state)


def test_new_game_text() -> None:
    """The text of a new game lists rules, seats, mover and moves, turn, stacks and reserve."""
    assert position_to_text(ap.new_game(4, first="W")) == (
        "standard SWNE W2 t1 Sl:S1S2S3,Sr:S4S5S6,Wl:W1W2W3,Wr:W4W5W6,Nl:N1N2N3,Nr:N4N5N6,"
        "El:E1E2E3,Er:E4E5E6 res:S4,W4,N4,E4"
    )


def test_remembered_facts_are_written() -> None:
    """Eliminations, removals, progress, Wormhole marks and landings are in the text [D9, D19]."""
    state = ap.setup_position(
        players=3,
        stacks={"b1.nw": ["S1"], "d4.ne": ["N1", "S2"], "e5.ne": ["W1"]},
        eliminated=[("N2", "S")],
        removed=["W"],
        to_move="S",
        moves_left=3,
        turn=7,
        travelled=["S1"],
        landed=["S2"],
        last_progress=5,
    )
    text = position_to_text(state)
    assert text == (
        "standard SWN S3 t7 b1nw:S1,d4ne:N1S2,e5ne:W1 res:S8,N8 elim:N2/S removed:W "
        "progress:5 travelled:S1 landed:S2"
    )
    _check_round_trip(state)


def test_reading_is_case_and_space_tolerant() -> None:
    """Case and runs of spaces between fields do not matter; e2.ne is read like e2ne."""
    text = "  STANDARD   sn  s2 T1  SL:s1S2S3,sr:S4s5S6,nL:N1N2N3,NR:N4N5N6 RES:s4,n4 "
    assert position_from_text(text) == ap.new_game()
    dotted = "standard SN S2 t1 e2.ne:S3,Sl:S1S2,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6"
    assert position_from_text(dotted).stack("e2.ne") == (2,)


def test_reserve_field_may_be_left_out() -> None:
    """Without res: every unplaced piece of a seat is in reserve, as in setup_position [D17]."""
    text = "standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6"
    assert position_from_text(text) == ap.new_game()


# ---- rules ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (ap.STANDARD, "standard"),
        (ap.BASIC, "basic"),
        (ap.ADVANCED, "advanced"),
        (attrs.evolve(ap.BASIC, max_turns=200), "basic,max_turns=200"),
        (
            attrs.evolve(ap.STANDARD, square_vs_square=True, remove_stuck_players=False),
            "standard,square_vs_square=on,remove_stuck_players=off",
        ),
        (attrs.evolve(ap.ADVANCED, no_progress_rounds=3, match_target=40), None),
    ],
)
def test_rules_text_round_trips(rules: ap.Rules, text: str | None) -> None:
    """Rules are a preset plus the options that differ from it (RULES.md section 10)."""
    written = rules_to_text(rules)
    if text is not None:
        assert written == text
    assert rules_from_text(written) == rules


def test_custom_hooks_cannot_be_written() -> None:
    """Rules with a custom turn_moves or action_filter hook raise ValueError when written."""
    rules = attrs.evolve(ap.STANDARD, turn_moves=lambda state, seat: 3)
    with pytest.raises(ValueError, match="hook"):
        position_to_text(ap.new_game(rules=rules))


# ---- errors --------------------------------------------------------------------------------
_NEW = "standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6"
_OVER = _NEW.replace(" S2 ", " S0 ")


@pytest.mark.parametrize(
    ("text", "index", "problem"),
    [
        ("", 0, "at least 5 fields"),
        ("standard SN S2 t1", 16, "at least 5 fields"),
        (_NEW.replace("standard", "fancy"), 0, "unknown rules"),
        (_NEW.replace("standard", "standard,max_turns=0"), 9, "max_turns is a number 1..1000000"),
        (_NEW.replace("standard", "standard,colour=on"), 9, "not a rules option"),
        (_NEW.replace(" SN ", " SX "), 10, "expected a seat"),
        (_NEW.replace(" S2 ", " S2x "), 14, "unexpected text"),
        (_NEW.replace("t1", "1"), 15, "'t'"),
        (_NEW.replace("Sl:", "Sl="), 20, "':'"),
        (_NEW.replace("S1S2S3", "S1S2S33"), 25, "1..10"),
        (_NEW.replace("Sr:", "Sl:"), 28, "listed twice"),
        (_NEW + " res:S4,S4", 66, "twice"),
        (_NEW + " colour:red", 58, "unknown field"),
        (_NEW + " over:bored", 63, "unknown end reason"),
        (_NEW + " elim:N7", 64, "'/'"),
    ],
)
def test_bad_position_texts_say_what_and_where(text: str, index: int, problem: str) -> None:
    """Unreadable position texts raise NotationError naming the problem and its column."""
    with pytest.raises(ap.NotationError, match=problem) as err:
        position_from_text(text)
    assert err.value.index == index


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_NEW.replace("Sl:S1S2S3", "Sl:S1S2S3N7"), "Start Area holds only"),
        (_NEW.replace("Sl:S1S2S3", "Sl:S1S2S3,e2ne:S1"), "placed twice"),
        (_NEW.replace("Sl:S1S2S3", "Sl:S1S2,e2ne:S3,e2nw:S7"), "overlap"),
        (_NEW + " res:S5", "reserve"),
        (_NEW.replace(" SN ", " NS "), "order S, W, N, E"),
        (_OVER, "at least one move"),
        (_NEW.replace(" SN S2 ", " SN W2 "), "cannot be to move"),
        (_NEW + " over:stuck", "no moves left"),
        (_OVER + " over:true_win", "true win needs"),
        (_OVER + " over:stuck", "did not end stuck"),
        (_OVER + " over:turn_limit", "turn limit"),
        (_OVER + " over:no_progress", "no-progress"),
        (_OVER + " over:last_player", "last player"),
        (_NEW + " travelled:S7", "not on a position"),
        (_NEW + " progress:5", "last progress"),
        (_NEW + " removed:N", "removed"),
    ],
)
def test_impossible_positions_are_rejected(text: str, problem: str) -> None:
    """A readable text describing an impossible state raises NotationError, never a bad state."""
    with pytest.raises(ap.NotationError, match=problem):
        position_from_text(text)


def test_a_stuck_player_to_move_is_rejected() -> None:
    """A game in progress whose player to move cannot act is not a position to play [D16]."""
    text = "standard SN S2 t1 e5ne:S1,Nl:N1"
    with pytest.raises(ap.NotationError, match="stuck"):
        position_from_text(text)


@given(positions())
def test_random_valid_positions_round_trip(state: ap.GameState) -> None:
    """Any valid position (setup_position), e.g. stranded Square pieces [D21], round-trips."""
    _check_round_trip(state)


@given(playouts(max_length=120))
def test_biased_playouts_round_trip(playout: Playout) -> None:
    """Every state of playouts biased towards rare actions (firing, kills) round-trips."""
    for state in playout.states:
        _check_round_trip(state)
