"""Hostile input, the checks every game inherits (issue 23): the conformance suite's
``check_hostile`` runs over every registered game, so a game registered tomorrow gets them
for free; a deliberately sloppy toy game is caught by them; the shared legal-move check
``astroplane.protocol.legal_match`` rejects junk and ``float``/``bool`` twins.

Checks that fail today only because of a finding that is being fixed on another branch are
marked ``xfail(strict=True)`` for that game and that check alone: once the fix is merged
they XPASS, which fails the run, and the mark must go.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.astroplane.formats.limits import (
    MAX_JSON_TEXT,
    MAX_POSITION_TEXT,
    check_ascii,
    check_size,
)
from astroplane.kit.limits import plain_text
from astroplane.protocol import (
    Game,
    GameType,
    delegate,
    get_game,
    is_legal_action,
    legal_match,
    require_legal,
)
from astroplane.testing import (
    HOSTILE_CHECKS,
    READERS,
    TURN_BOUND,
    check_conformance,
    check_hostile,
    check_input,
    loadable_games,
    mutate_data,
    mutate_text,
    seed_corpus,
)

#: Checks that fail today because of a finding fixed elsewhere: (game, check) -> reason.
KNOWN: dict[tuple[str, str], str] = {}

EXAMPLES = 30


def _cases() -> list[Any]:
    out = []
    for name in sorted(loadable_games()):
        for check in HOSTILE_CHECKS:
            reason = KNOWN.get((name, check))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(name, check, id=f"{name}-{check}", marks=marks))
    return out


@pytest.mark.parametrize(("name", "check"), _cases())
def test_every_registered_game_takes_hostile_input(name: str, check: str) -> None:
    """Every registered game (by name, so a new one is checked the day it is registered)
    keeps each hostile-input contract: junk to play raises a ValueError and changes
    nothing; each reader, given mutated output of the game, raises its own error or
    returns a valid value; a state at the turn bound plays to an end that reads back."""
    report = check_hostile(name, seed=11, examples=EXAMPLES, checks=[check])
    for note in report.notes:
        if note.startswith(f"{check}: the game has no"):
            pytest.skip(f"{name}: {note} (a Game may leave it out)")
    assert report.games >= 1 and report.states >= 1
    assert report.ok, str(report)


# ---- hypothesis drives the mutators ---------------------------------------------------------
_CORPUS: dict[str, dict[str, list[tuple[Any, Any]]]] = {}


def _corpus(name: str) -> dict[str, list[tuple[Any, Any]]]:
    if name not in _CORPUS:
        g = get_game(name)
        rng = random.Random(5)
        plays = []
        for count in g.player_counts:
            s = start = g.new_game(count)
            moves = []
            for _ in range(60):
                if s.is_over:
                    break
                m = rng.choice(list(s.legal_moves()))
                moves.append(m)
                s = s.play(m)
            plays.append((start, moves))
        _CORPUS[name] = seed_corpus(g, plays)
    return _CORPUS[name]


def _reader_cases() -> list[Any]:
    out = []
    for name in sorted(loadable_games()):
        for reader in READERS:
            reason = KNOWN.get((name, reader))
            # Not strict: whether hypothesis draws the one edit that shows a finding is
            # chance; check_hostile's fixed probes pin each finding down strictly.
            marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason else []
            out.append(pytest.param(name, reader, id=f"{name}-{reader}", marks=marks))
    return out


@pytest.mark.parametrize(("name", "reader"), _reader_cases())
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rng=st.randoms(use_true_random=False))
def test_mutated_output_reads_as_a_valid_value_or_the_formats_error(
    name: str, reader: str, rng: random.Random
) -> None:
    """Hypothesis picks the edits (mutate_text / mutate_data) of what each reader of each
    registered game wrote: the reader raises a ValueError subclass or returns a valid
    value, never a TypeError, KeyError, RecursionError or an impossible state."""
    if reader not in _corpus(name):
        pytest.skip(f"{name} has no {reader} format (a Game may leave it out)")
    corpus = _corpus(name)[reader]
    value, context = rng.choice(corpus)
    texts = [v for v, _ in corpus if isinstance(v, str)]
    mutated = mutate_data(rng, value) if reader == "dict" else mutate_text(rng, value, texts)
    outcome = check_input(name, reader, mutated, context)
    assert outcome.ok, f"{outcome.problem}; input {mutated!r:.600}"


# ---- the suite can fail: a deliberately sloppy toy game -------------------------------------
RESULT = ("*", "0", "1", "=")  # running, seat 0 won, seat 1 won, drawn at the turn bound
_TEXT = re.compile(r"race t([1-9][0-9]{0,6}) ([01]) ([0-9]{1,2}) ([*01=])")


@attrs.frozen
class Race:
    """A toy race to 21: each ply adds 1 or 2 (the moves are plain ints); whoever reaches
    21 wins; a game still running in turn ``TURN_BOUND`` is drawn after its last ply."""

    game_name: ClassVar[str] = "race"
    turn: int = 1
    to_move: int = 0
    total: int = 0
    result: str = "*"
    sloppy: bool = False

    @property
    def rules(self) -> str:
        return "standard"

    @property
    def is_over(self) -> bool:
        return self.result != "*"

    @property
    def is_chance_node(self) -> bool:
        return False

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 1)

    def legal_moves(self) -> tuple[int, ...]:
        return () if self.is_over else (1, 2)

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return ()

    def play(self, move: Any) -> Race:
        # Sloppy: "6", 2.0 and True get in, None raises TypeError.
        step = int(move) if self.sloppy else require_legal(self, move)
        total, other = self.total + step, 1 - self.to_move
        if total >= 21:
            return attrs.evolve(self, total=total, result=str(self.to_move), to_move=other)
        if self.turn == TURN_BOUND:
            return attrs.evolve(self, total=total, result="=", to_move=other)
        return attrs.evolve(self, turn=self.turn + 1, total=total, to_move=other)

    def returns(self) -> tuple[float, ...]:
        if self.result == "=":
            return (0.5, 0.5)
        if self.result == "*":
            return (0.0, 0.0)
        return (1.0, 0.0) if self.result == "0" else (0.0, 1.0)


def _race_check(turn: int, seat: int, total: int, result: str, text: str) -> None:
    if not 1 <= turn <= TURN_BOUND:
        raise NotationError(f"the turn is 1..{TURN_BOUND}", text)
    ok = {
        "*": total < 21,
        "=": total < 21 and turn == TURN_BOUND,
        "0": 21 <= total <= 22 and seat == 1,
        "1": 21 <= total <= 22 and seat == 0,
    }[result]
    if not ok:
        raise NotationError(f"total {total} and result {result!r} do not agree", text)


def _race_from_text(text: str, sloppy: bool = False) -> Race:
    if sloppy:  # the bug under test: raises IndexError and KeyError on bad input
        parts = text.split(" ")
        seat = {"0": 0, "1": 1}[parts[2]]
        return Race(int(parts[1][1:]), seat, int(parts[3]), parts[4], sloppy=True)
    text = plain_text(text)
    if not isinstance(text, str):
        raise NotationError("a race position is a string")
    check_size(text, MAX_POSITION_TEXT, "a race position")
    check_ascii(text, "a race position")
    m = _TEXT.fullmatch(text)
    if m is None:
        raise NotationError("not a race position ('race t<turn> <seat> <total> <result>')", text)
    turn, seat, total = int(m[1]), int(m[2]), int(m[3])
    _race_check(turn, seat, total, m[4], text)
    return Race(turn, seat, total, m[4])


def _race_from_dict(data: Any, sloppy: bool = False) -> Race:
    if sloppy:
        return Race(data["turn"], data["to_move"], data["total"], data["result"], sloppy=True)
    if not isinstance(data, dict) or set(data) != {"turn", "to_move", "total", "result"}:
        raise NotationError("a race is a dict with turn, to_move, total and result")
    turn, seat, total, result = data["turn"], data["to_move"], data["total"], data["result"]
    if any(type(v) is not int for v in (turn, seat, total)) or result not in RESULT:
        raise NotationError("a race's turn, to_move and total are ints, its result one of *01=")
    if seat not in (0, 1) or not 0 <= total <= 22:
        raise NotationError("the seat is 0 or 1, the total 0..22")
    _race_check(turn, seat, total, result, "")
    return Race(turn, seat, total, result)


def _race_from_json(text: str, sloppy: bool = False) -> Race:
    if not sloppy:
        text = plain_text(text)
        if not isinstance(text, str | bytes):
            raise NotationError("race JSON is a string")
        check_size(text, MAX_JSON_TEXT, "race JSON")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        if sloppy:
            raise
        raise NotationError(f"not JSON: {exc}") from None
    return _race_from_dict(data, sloppy)


def _race_parse_move(state: Race, text: str) -> int:
    if text not in ("1", "2") or state.is_over:
        raise NotationError("a race move is 1 or 2, in a running game", text)
    return require_legal(state, int(text))


def _race_rules(text: str) -> str:
    if text != "standard":
        raise NotationError("the race has one rule set, 'standard'", text)
    return text


def race(*, sloppy_play: bool = False, sloppy_reader: bool = False) -> Game[Race, int]:
    """The toy race as a Game; ``sloppy_*`` plants a bug the suite must find."""

    def keep(s: Race) -> Race:  # a state read back plays as sloppily as the game's
        return attrs.evolve(s, sloppy=sloppy_play)

    class RaceGame(Game[Race, int]):
        name, title, player_counts, seat_names = "race", "Race to 21", (2,), ("A", "B")
        game_type = GameType(max_game_length=TURN_BOUND)
        rules_from_text = delegate(_race_rules)
        parse_move = delegate(_race_parse_move)

        def new_game(self, players: int = 2, *, rules: Any = None, first: Any = None) -> Race:
            return Race(sloppy=sloppy_play)

        def rules_to_text(self, rules: Any) -> str:
            return "standard"

        def format_move(self, state: Race, move: int) -> str:
            return str(move)

        def position_to_text(self, s: Race) -> str:
            return f"race t{s.turn} {s.to_move} {s.total} {s.result}"

        def position_from_text(self, text: str) -> Race:
            return keep(_race_from_text(text, sloppy_reader))

        def to_dict(self, s: Race) -> dict[str, Any]:
            return {"turn": s.turn, "to_move": s.to_move, "total": s.total, "result": s.result}

        def from_dict(self, data: Any) -> Race:
            return keep(_race_from_dict(data, sloppy_reader))

        def from_json(self, text: str) -> Race:
            return keep(_race_from_json(text, sloppy_reader))

        def describe_outcome(self, s: Race) -> str:
            return s.result

    return RaceGame()


def test_a_careful_toy_game_keeps_every_hostile_contract() -> None:
    """A small game that checks its moves with require_legal and its inputs strictly
    passes the whole suite, hostile checks included: the checks ask nothing a careful game
    cannot give; it has no record format of its own, and the kit's record made from its
    Game (astroplane.kit.anyrecord) is checked like any other."""
    report = check_conformance(game=race(), games=3, max_turns=60, hostile=60)
    assert report.ok, str(report)
    assert not any("record" in n for n in report.notes), report.notes


def test_the_suite_catches_a_play_that_accepts_junk() -> None:
    """A play that converts whatever it gets (int(move)) is reported: it accepts the
    string '6', the float twin 2.0 of the legal move 2 and True, and raises TypeError (not
    a ValueError) for None."""
    report = check_hostile(race(sloppy_play=True), examples=5, checks=["play"])
    assert not report.ok
    text = "\n".join(report.problems)
    assert "play accepted '6' (str)" in text
    assert "play accepted 2.0 (float)" in text
    assert "play accepted True (bool)" in text
    assert "play(None) raised TypeError" in text


def test_the_suite_catches_a_reader_that_raises_keyerror() -> None:
    """Readers that index into their input without checking it are reported with the
    exception and the input: IndexError or KeyError from the position text, KeyError or
    TypeError from the dict."""
    sloppy = race(sloppy_reader=True)
    report = check_hostile(sloppy, examples=40, checks=["position", "dict"])
    crashes = [p for p in report.problems if "reader raised" in p]
    assert any("position reader raised" in p and "; input '" in p for p in crashes), report
    assert any(re.search(r"dict reader raised (KeyError|TypeError)", p) for p in crashes)
    assert check_input(sloppy, "position", "race").verdict == "crash"
    assert check_input(sloppy, "dict", {}).verdict == "crash"


def test_the_suite_catches_a_game_that_plays_past_the_turn_bound() -> None:
    """A game that goes on past the readers' turn bound reaches a state no reader accepts:
    the turn-bound check reports it."""

    class Endless(Race):
        def play(self, move: Any) -> Race:
            step = require_legal(self, move)
            return attrs.evolve(self, turn=self.turn + 1, total=(self.total + step) % 20)

    def endless_(state: Race) -> Endless:
        return Endless(state.turn, state.to_move, state.total, state.result)

    careful = race()

    class EndlessGame(type(careful)):  # type: ignore[misc]
        def new_game(self, players: int = 2, *, rules: Any = None, first: Any = None) -> Race:
            return Endless()

        def position_from_text(self, text: str) -> Race:
            return endless_(careful.position_from_text(text))

        def from_json(self, text: str) -> Race:
            return endless_(careful.from_json(text))

        def from_dict(self, data: Any) -> Race:
            return endless_(careful.from_dict(data))

    endless = EndlessGame()
    report = check_hostile(endless, examples=1, checks=["turn-bound"])
    assert any("past the turn bound" in p for p in report.problems), report


def test_the_suite_catches_each_hostile_value() -> None:
    """Issue 32: each check of hostile Python values reports a game that trusts them: a
    play that takes an ``int`` subclass equal to everything, a reader that calls a
    ``str`` subclass's methods or takes a turn past the bound, a drawing that turns its
    size into a float, an evaluation that indexes by a seat of an ``int`` subclass.
    (Another game's state is ``check_declarations``' ``wrong-game`` check, and
    ``Game`` refuses one, and a first seat that is none, before a game's code runs.)"""
    sloppy = race(sloppy_play=True, sloppy_reader=True)
    careful = race()

    class Trusting(type(sloppy)):  # type: ignore[misc]
        def render_svg(self, state: Race, last_move: Any = None, *, size: Any = None) -> str:
            return f"<svg width='{float(size or 300) * 1.5}'/>"  # OverflowError at 10**309

        def evaluate(self, state: Race, seat: int) -> float:
            return (0.0, 1.0)[seat]  # IndexError for a seat out of range

    trusting = Trusting()
    expected = {
        "forged": "play accepted a forged move (LiarInt",
        "text-subclass": "reader given a lying str",
        "counters": "past the bound",
        "drawing": "render_svg(size=1000",
        "seats": "evaluate with seat LiarInt(99) raised IndexError",
    }
    for check, words in expected.items():
        report = check_hostile(trusting, examples=8, checks=[check])
        assert any(words in p for p in report.problems), (check, report)
        assert check_hostile(careful, examples=8, checks=[check]).ok, check


def test_check_conformance_runs_the_hostile_checks_and_can_skip_them() -> None:
    """check_conformance runs check_hostile by default (hostile=N inputs per reader) and
    skips it with hostile=0."""
    sloppy = race(sloppy_play=True)
    assert not check_conformance(game=sloppy, games=1, hostile=3).ok
    assert check_conformance(game=sloppy, games=1, hostile=0).ok


def test_unknown_check_and_reader_names_are_rejected() -> None:
    """A misspelt check or reader name raises ValueError naming the known ones."""
    with pytest.raises(ValueError, match="known: play, position"):
        check_hostile("astroplane", checks=["positions"])
    with pytest.raises(ValueError, match="unknown reader 'pos'"):
        check_input("astroplane", "pos", "")
    assert check_input(race(), "record", "").verdict == "rejected"  # the kit's record


# ---- the shared legal-move check ------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(loadable_games()))
def test_legal_match_is_true_exactly_for_legal_moves_of_the_right_types(name: str) -> None:
    """legal_match returns the game's own legal move for each legal move (and an equal,
    same-typed copy) and None for junk, moves of other games and bool/float twins."""
    g = get_game(name)
    rng = random.Random(2)
    s = g.new_game(g.player_counts[0])
    found = loadable_games()
    others = [m for n, o in found.items() if n != name for m in o.new_game(2).legal_moves()]
    for _ in range(40):
        if s.is_over:
            break
        moves = list(s.legal_moves())
        for m in moves:
            assert legal_match(s, m) is m
            if attrs.has(type(m)):
                copy = attrs.evolve(m)
                assert copy is not m and legal_match(s, copy) is m
                for f in attrs.fields(type(m)):
                    v = getattr(m, f.name)
                    if type(v) is int and v in (0, 1):
                        try:
                            twin = attrs.evolve(m, **{f.name: bool(v)})
                        except (ValueError, TypeError):
                            continue
                        assert twin == m and not is_legal_action(s, twin)
        for junk in (None, 0, 1.0, True, "1", (), object(), *others):
            if type(junk) is type(moves[0]) and junk in moves:
                continue  # a game whose moves are plain ints (tic-tac-toe): 0 is legal
            assert legal_match(s, junk) is None
        s = s.play(rng.choice(moves))


def test_require_legal_names_the_move_and_uses_the_games_reason() -> None:
    """require_legal raises IllegalMoveError carrying the move, with the game's own
    explanation when one is given; an IntEnum kind and its plain int count as the same."""
    import astroplane as ap

    s = ap.new_game(2)
    with pytest.raises(IllegalMoveError) as info:
        require_legal(s, 2.0, explain=lambda state, move: "[D7] not a move")
    assert info.value.move == 2.0 and info.value.reason == "[D7] not a move"
    first = s.legal_moves()[0]
    as_enum = ap.Move(ap.MoveKind(first.kind), first.origin, first.target, first.choice)
    assert require_legal(s, as_enum) is first
