"""Untrusted positions (issue 23): what a client sends is read through ``setup_position``
and ``astroplane.games.astroplane.rules.validate``, so a position that play can never reach is
refused with
the reader's own error (``NotationError`` for text, ``PositionError`` for
``setup_position``), saying what is wrong and which rule; and play never reaches a state
the readers refuse [D30]. One test per finding (N3, N4, N5, N16), named after it."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest

import astroplane as ap
from astroplane.games.astroplane.formats import jsonio
from astroplane.games.astroplane.formats.position import position_from_text, position_to_text
from astroplane.games.astroplane.formats.record import GameRecord
from astroplane.games.astroplane.rules.validate import MAX_TURN, validate_position
from strategies import PRESETS, biased_policy, run_playout, uniform_policy

#: Two lone pieces, S to move: the frame the texts below add pieces to.
BASE = "standard SN S2 t1 {stacks} res:S{s},N{n}"
START = "standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4"


def _text(stacks: str, s: int = 9, n: int = 9, rules: str = "standard", extra: str = "") -> str:
    text = BASE.format(stacks=stacks, s=s, n=n).replace("standard", rules, 1)
    return f"{text} {extra}".rstrip()


def _rejected(text: str, *patterns: str) -> None:
    """``text`` is refused by the position reader with a message matching every pattern."""
    with pytest.raises(ap.NotationError) as info:
        position_from_text(text)
    for pattern in patterns:
        assert pattern in str(info.value), str(info.value)


def _reads_back(state: ap.GameState) -> None:
    """``state`` is possible: it writes as text and JSON and reads back equal."""
    validate_position(state, None if state.outcome is None else state.outcome.reason)
    assert position_from_text(position_to_text(state)) == state
    assert jsonio.from_json(jsonio.to_json(state)) == state


# ---- N3: pieces no action leaves side by side -------------------------------------------------
def test_n3_opposite_positions_of_different_players_rejected() -> None:
    """N3: pieces of different players on the opposite positions of one cell are refused
    [D10]: whichever stack was positioned last would have sent the other back."""
    _rejected(_text("d4ne:S1,d4sw:N1,Nl:N2", n=8), "d4.ne and d4.sw", "different players", "[D10]")
    # The other pair of opposite positions, and another player's piece hidden in a stack.
    _rejected(_text("d4nw:N1,d4se:S1,Nl:N2", n=8), "d4.nw and d4.se", "[D10]")
    _rejected(_text("d4ne:N1S1,d4sw:S2,Nl:N2", s=8, n=8), "d4.ne and d4.sw", "[D10]")
    with pytest.raises(ap.PositionError, match=r"opposite positions.*\[D10\]"):
        ap.setup_position(stacks={"d4.ne": ["S1"], "d4.sw": ["N1"], "Nl": ["N2"]})
    # One player's pieces opposite each other are fine (a Square, or two stacks).
    for stacks in ("d4ne:S1,d4sw:S2,Nl:N1", "d4ne:S1S2,d4sw:S3,Nl:N1"):
        assert position_from_text(_text(stacks, s=10 - stacks.count("S"), n=9))


def test_n3_squares_of_different_players_side_by_side_rejected() -> None:
    """N3: Squares of different players side by side in a game where no player was
    removed are refused [D15]; diagonal neighbours, own Squares and (after a removal,
    [D26]) such a pair are fine."""
    pair = "e3ne:S1,e3sw:S2,f3ne:N1,f3sw:N2,Nl:N3"
    _rejected(_text(pair, s=8, n=7), "side by side", "e3", "f3", "[D15")
    with pytest.raises(ap.PositionError, match=r"side by side.*\[D15"):
        ap.setup_position(
            stacks={"e3.ne": ["S1"], "e3.sw": ["S2"], "f3.ne": ["N1"], "f3.sw": ["N2"]}
        )
    # Also in a 4-player game nobody has left yet, and below, next to each other.
    four = "standard SWNE S2 t1 e3nw:S1,e3se:S2,e4nw:E1,e4se:E2,Nl:N1,Wl:W1 res:S8,W9,N9,E8"
    _rejected(four, "side by side", "[D15")
    assert position_from_text(_text(pair.replace("f3", "f4"), s=8, n=7))  # diagonal
    assert position_from_text(_text("e3ne:S1,e3sw:S2,f3ne:S3,f3sw:S4,Nl:N1", s=6, n=9))
    # Without Squares (Basic rules) these are four singles.
    assert position_from_text(_text(pair, s=8, n=7, rules="basic"))
    # A removal may leave such a pair [D26]: W was removed in this 3-player game.
    after_removal = ap.setup_position(
        players=3,
        stacks={"e3.ne": ["S1"], "e3.sw": ["S2"], "f3.ne": ["N1"], "f3.sw": ["N2"], "Nl": ["N3"]},
        removed=["W"],
    )
    _reads_back(after_removal)


# ---- N4: finished games end when their rules say ----------------------------------------------
def test_n4_turn_limit_end_past_max_turns_rejected() -> None:
    """N4: over:turn_limit at turn 500 with max_turns=10 is refused: the game ended when
    turn 10 was over [D18]."""
    text = "standard,max_turns=10 SN S0 t500 Sl:S1,Nl:N1 res:S9,N9 over:turn_limit"
    _rejected(text, "turn 500 is past max_turns=10", "turn 10", "[D18]")
    with pytest.raises(ap.PositionError, match="past max_turns=10"):
        ap.setup_position(
            stacks={"Sl": ["S1"], "Nl": ["N1"]}, turn=500, over="turn_limit",
            rules=attrs.evolve(ap.STANDARD, max_turns=10),
        )  # fmt: skip
    ended = position_from_text(text.replace("t500", "t10"))
    assert ended.outcome is not None and ended.outcome.reason == ap.EndReason.TURN_LIMIT
    _rejected(text.replace("t500", "t9"), "turn limit is not reached")


def test_n4_no_progress_end_later_than_the_limit_rejected() -> None:
    """N4: over:no_progress at turn 900 with no_progress_rounds=1 is refused: the limit
    ended the game when turn 2 was over [D25]; so is a no-progress end at the turn the
    turn limit (checked first) ends the game."""
    text = "standard,no_progress_rounds=1 SN S0 t900 Sl:S1,Nl:N1 res:S9,N9 over:no_progress"
    _rejected(text, "no-progress limit", "turn 899", "[D25]")
    ended = position_from_text(text.replace("t900", "t2"))
    assert ended.outcome is not None and ended.outcome.reason == ap.EndReason.NO_PROGRESS
    # Progress in turn 897: the limit is reached when turn 899 is over, not 900.
    _rejected(text + " progress:897", "turn 899")
    assert position_from_text(text.replace("t900", "t899") + " progress:897")
    both = text.replace("t900", "t2").replace("rounds=1", "rounds=1,max_turns=2")
    _rejected(both, "turn limit, checked first", "[D18]")


def test_n4_stuck_end_past_max_turns_rejected() -> None:
    """N4: over:stuck at turn 40 with max_turns=3 is refused: the turn limit ended the
    game when turn 3 was over, before anyone could be stuck in turn 40 [D18]."""
    stuck = "standard,max_turns=3 SN S0 t40 e5ne:S1S2S3S4S5S6S7S8S9S10,Nl:N1 res:N9 over:stuck"
    _rejected(stuck, "turn 40 is past max_turns=3", "[D18]")
    ended = position_from_text(stuck.replace("t40", "t3"))
    assert ended.outcome is not None and ended.outcome.reason == ap.EndReason.STUCK
    # The same for the other ends that happen within a turn.
    win = "standard,max_turns=3 SN S0 t40 e5ne:S1,e6se:S2,f6sw:S3,f5nw:S4,Nl:N1 res:S6,N9"
    _rejected(win + " over:true_win", "past max_turns=3")
    assert position_from_text(win.replace("t40", "t3") + " over:true_win")


# ---- N5: marks play never makes ---------------------------------------------------------------
def test_n5_travelled_mark_in_a_start_area_rejected() -> None:
    """N5: travelled: on a piece in a Start Area is refused: the mark is made by a
    Wormhole travel and cleared by the piece's next step or when it leaves the board
    [D19]."""
    _rejected(_text("Sl:S1,Nl:N1", extra="travelled:S1"), "travelled: piece S1 at Sl", "[D19]")
    _rejected(_text("e2ne:S1,Nl:N1", extra="travelled:S1"), "not in a Wormhole cell")
    with pytest.raises(ap.PositionError, match=r"travelled: piece S1 at Sl.*\[D19\]"):
        ap.setup_position(stacks={"Sl": ["S1"], "Nl": ["N1"]}, travelled=["S1"])
    # A piece that travelled to a Wormhole cell carries it, whoever is to move.
    assert position_from_text(_text("a2ne:N1,Sl:S1", extra="travelled:N1"))


def test_n5_landed_mark_on_a_piece_of_the_player_not_to_move_rejected() -> None:
    """N5: landed: on a piece of the player not to move is refused: the marks last only
    for the turn they were made in [D9]."""
    _rejected(
        _text("e2ne:S1N1,Sl:S2,Nl:N2", s=8, n=8, extra="landed:N1"),
        "landed: piece N1 is not a piece of the player to move (S)",
        "[D9]",
    )
    with pytest.raises(ap.PositionError, match="not a piece of the player to move"):
        ap.setup_position(stacks={"e2.ne": ["S1", "N1"], "Sl": ["S2"], "Nl": ["N2"]}, landed=["N1"])
    assert position_from_text(_text("e2ne:N1S1,Nl:N2", n=8, extra="landed:S1"))


def test_n5_landed_mark_on_a_lone_piece_rejected() -> None:
    """N5: landed: on a lone piece (or one at the bottom of its stack, or in a Start
    Area) is refused: a piece is marked when it lands on a stack [D9]."""
    _rejected(_text("e2ne:S1,Nl:N1", extra="landed:S1"), "landed: piece S1 at e2.ne", "[D9]")
    _rejected(
        _text("e2ne:S1N1,Sl:S2,Nl:N2", s=8, n=8, extra="landed:S1"), "has not landed on a stack"
    )
    _rejected(_text("Sl:S1S2,Nl:N1", s=8, extra="landed:S2"), "landed: piece S2 at Sl")
    with pytest.raises(ap.PositionError, match="has not landed on a stack"):
        ap.setup_position(stacks={"e2.ne": ["S1"], "Nl": ["N1"]}, landed=["S1"])


def test_n5_eliminations_under_basic_rules_rejected() -> None:
    """N5: eliminated pieces under Basic rules (no Squares) are refused: only a Square's
    Kill move eliminates."""
    text = _text("e2ne:S1,Nl:N1", n=8, rules="basic", extra="elim:N2/S")
    _rejected(text, "eliminated pieces under rules without Squares")
    with pytest.raises(ap.PositionError, match="without Squares"):
        ap.setup_position(
            stacks={"e2.ne": ["S1"], "Nl": ["N1"]}, eliminated=[("N2", "S")], rules=ap.BASIC
        )
    assert position_from_text(text.replace("basic", "standard"))


# ---- N3-N5 through every reader --------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_text("d4ne:S1,d4sw:N2,Nl:N1", n=8), "[D10]"),  # N3
        (_text("e3ne:S1,e3sw:S2,f3ne:N1,f3sw:N2,Nl:N3", s=8, n=7), "side by side"),  # N3
        ("standard,max_turns=10 SN S0 t500 Sl:S1,Nl:N1 res:S9,N9 over:turn_limit", "past"),  # N4
        (_text("Sl:S1,Nl:N1", extra="travelled:S1"), "[D19]"),  # N5
        (
            _text("e2ne:S1N1,Sl:S2,Nl:N2", s=8, n=8, extra="landed:N1"),
            "not a piece of the player to move",
        ),  # N5
        (_text("e2ne:S1,Nl:N1", n=8, rules="basic", extra="elim:N2/S"), "without Squares"),  # N5
    ],
)
def test_n3_n5_json_and_records_refuse_the_same_positions(text: str, words: str) -> None:
    """N3-N5: the JSON reader and game records refuse these positions too, with the same
    words, since every reader builds through setup_position."""
    _rejected(text, words)
    state = position_from_text(START)
    doc = jsonio.state_to_dict(state)
    # The same position as JSON: the fields of the text, over the fields of a valid state.
    bad = _as_json(text, doc)
    with pytest.raises(ap.NotationError, match=re.escape(words)):
        jsonio.state_from_dict(bad)
    record = f'[Seats "SN"]\n[Position "{text}"]\n\n'
    with pytest.raises(ap.NotationError, match=re.escape(words)):
        GameRecord.from_text(record)


def _as_json(text: str, valid: dict[str, Any]) -> dict[str, Any]:
    """The JSON state dict of ``text``, built field by field from its position text (the
    text is impossible, so it cannot be read and written as JSON)."""
    rules, seats, mover, turn, stacks, *rest = text.split()
    labels = dict(item.split(":", 1) for item in rest)
    d = dict(valid)
    name, *options = rules.split(",")
    d["rules"] = {**valid["rules"], "preset": name, "squares": name != "basic"}
    for option in options:
        key, value = option.split("=")
        d["rules"][key] = int(value)
    d["seats"] = list(seats)
    d["to_move"], d["moves_left"] = mover[0], int(mover[1:])
    d["turn"] = int(turn[1:])
    d["stacks"] = {
        re.sub(r"^([a-j]\d+)(ne|nw|sw|se)$", r"\1.\2", pos): _pieces(pieces)
        for pos, pieces in (item.split(":") for item in stacks.split(","))
    }
    d["reserve"] = {r[0]: int(r[1:]) for r in labels.get("res", "").split(",") if r}
    d["eliminated"] = [
        {"piece": e.split("/")[0], "by": e.split("/")[1]}
        for e in labels.get("elim", "").split(",")
        if e
    ]
    d["travelled"] = _pieces(labels.get("travelled", ""))
    d["landed"] = _pieces(labels.get("landed", ""))
    d["outcome"] = None
    if "over" in labels:  # any outcome: the position is checked before the outcome
        scores = dict.fromkeys("SWNE", 0)
        d["outcome"] = {"format_version": 1, "type": "outcome", "winners": ["S"],
                        "scores": scores, "true_win": False, "reason": labels["over"],
                        "turn": d["turn"]}  # fmt: skip
    return d


def _pieces(text: str) -> list[str]:
    """``"S1N1"`` -> ``["S1", "N1"]``."""
    return re.findall(r"[SWNE]\d+", text)


# ---- N16: play ends before any state no reader accepts ---------------------------------------
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("max_turns", [None, MAX_TURN])
def test_n16_the_last_turn_a_reader_accepts_ends_the_game(
    players: int, max_turns: int | None
) -> None:
    """N16: a game one action before the readers' turn bound (turn MAX_TURN, one move
    left) ends by the turn limit when that turn is over, even with max_turns off, and the
    end writes and reads back [D30]. (Three players with one removed: the turn ends
    through close_turn; two players: through play's plain turn change.)"""
    rules = attrs.evolve(ap.STANDARD, max_turns=max_turns)
    kwargs: dict[str, Any] = {"stacks": {"Sl": ["S1"], "Nl": ["N1"]}}
    if players == 3:
        kwargs.update(players=3, removed=["W"])
    last = ap.setup_position(**kwargs, turn=MAX_TURN, moves_left=1, rules=rules)
    _reads_back(last)
    assert last.legal_moves()
    for move in last.legal_moves():
        end = last.play(move)
        assert end.outcome is not None, "the game goes on past the readers' turn bound"
        assert end.outcome.reason == ap.EndReason.TURN_LIMIT
        assert end.turn == MAX_TURN
        _reads_back(end)


def test_n16_a_removal_in_the_last_turn_ends_the_game() -> None:
    """N16: setup_position resolving a stuck player's removal [D16] in turn MAX_TURN ends
    the game by the turn limit instead of returning a turn no reader accepts [D30]."""
    state = ap.setup_position(
        players=3,
        stacks={"e5.ne": [f"W{i}" for i in range(1, 11)], "Sl": ["S1"], "Nl": ["N1"]},
        reserve={"W": 0, "S": 9, "N": 9},
        to_move="W",
        turn=MAX_TURN,
    )
    assert state.outcome is not None and state.outcome.reason == ap.EndReason.TURN_LIMIT
    assert state.removed == (ap.Seat.W,) and state.turn == MAX_TURN
    _reads_back(state)


def test_n16_a_turn_limit_end_at_the_bound_is_read_with_max_turns_off() -> None:
    """N16: over:turn_limit at turn MAX_TURN reads back with max_turns off (the bound is
    the turn limit then [D30]); one turn earlier it is refused."""
    text = f"standard SN S0 t{MAX_TURN} Sl:S1,Nl:N1 res:S9,N9 over:turn_limit"
    ended = position_from_text(text)
    assert ended.outcome is not None and ended.outcome.reason == ap.EndReason.TURN_LIMIT
    _rejected(text.replace(f"t{MAX_TURN}", f"t{MAX_TURN - 1}"), "turn limit is not reached")


# ---- the validator accepts whatever play reaches ----------------------------------------------
def _random_rules(rng: random.Random) -> ap.Rules:
    """A preset with random options and one of the limits, so that every game ends."""
    rounds = rng.choice((None, 1, 2, 3))
    return attrs.evolve(
        rng.choice(PRESETS),
        square_vs_square=rng.random() < 0.5,
        remove_stuck_players=rng.random() < 0.8,
        singles_disband_squares=rng.random() < 0.5,
        optional_reserve=rng.random() < 0.3,
        max_turns=rng.choice((40, 200)) if rounds is None else None,
        no_progress_rounds=rounds,
    )


def test_every_state_of_random_games_validates() -> None:
    """Every state of 300 seeded random games (2-4 players, every preset and option,
    biased and uniform play) passes the validator: the N3-N5 checks and the stricter ends
    of N4 refuse only what play never reaches."""
    seen: Counter[str] = Counter()
    for seed in range(300):
        rng = random.Random(seed)
        start = ap.new_game(rng.choice((2, 3, 4)), rules=_random_rules(rng))
        policy = uniform_policy if seed % 3 == 0 else biased_policy
        for state in run_playout(start, seed, 400, policy).states:
            validate_position(state, None if state.outcome is None else state.outcome.reason)
            seen["opposite"] += any(
                state.stacks[p] and state.stacks[p ^ 2] for p in range(state.topology.fire_base)
            )
            seen["squares"] += len(state.squares()) > 1
            seen["eliminated"] += bool(state.eliminated)
            seen["travelled"] += bool(state.travelled)
            seen["landed"] += bool(state.landed)
            seen["removed"] += bool(state.removed)
            if state.outcome is not None:
                seen[state.outcome.reason.value] += 1
    wanted = ("opposite", "squares", "eliminated", "travelled", "landed", "removed")
    ends = ("stuck", "turn_limit", "no_progress")
    assert all(seen[k] for k in wanted + ends), seen  # play reached what the checks look at
