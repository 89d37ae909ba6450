"""The engine's fast paths give what the plain definitions give: the byte tables of
``movegen`` against loops over the board's lines, the slide memo against no memo, the
states ``play`` assembles against the attrs constructor, and ``quickplay``'s one-pass ply
against ``play.apply``, written out rule by rule."""

from __future__ import annotations

import pickle
import random
import weakref

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from so_helpers import playout

from astroplane.games.square_off import (
    JUMP_OFF,
    NINE_MENS_MORRIS,
    SQUARE_OFF,
    TRADING_PLACES,
    Move,
    Rules,
    SquareOffState,
    movegen,
    new_game,
    play,
    quickplay,
)
from astroplane.games.square_off.board import BOARD, Board
from astroplane.games.square_off.movegen import (
    formed,
    full_lines,
    line_points,
    protected,
    removable,
    tables,
)

#: The standard board with the four diagonals of the corners (20 lines: the line tables
#: then span three bytes of line indices).
DIAGONALS = Board.build(
    BOARD.names,
    [
        *BOARD.line_names(),
        ("a7", "b6", "c5"),
        ("g7", "f6", "e5"),
        ("a1", "b2", "c3"),
        ("g1", "f2", "e3"),
    ],
)


def _naive_full(board: Board, mine: int) -> int:
    return sum(1 << i for i, m in enumerate(board.line_masks) if mine & m == m)


def _masks(seed: int, n: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(24) & rng.getrandbits(24) | rng.getrandbits(24) for _ in range(n)]


@pytest.mark.parametrize("board", [BOARD, DIAGONALS], ids=["standard", "diagonals"])
def test_line_tables_agree_with_a_loop_over_the_lines(board: Board) -> None:
    """full_lines, line_points, protected and formed equal their definitions by loops
    over the board's lines, on the standard board and on one with 20 lines."""
    tab = tables(board)
    for mine in [0, (1 << 24) - 1, *_masks(1, 3000)]:
        full = _naive_full(board, mine)
        assert full_lines(tab, mine) == full
        cover = 0
        for i, m in enumerate(board.line_masks):
            if full >> i & 1:
                cover |= m
        assert line_points(tab, full) == cover == protected(board, mine)
        for p in range(24):
            assert formed(board, mine, p) == full & sum(1 << i for i in board.lines_at[p])


def test_removable_follows_so4() -> None:
    """removable: the pieces on no line of three; all of them when every one is on a line
    only under remove_from_lines_when_all; none of an empty mask."""
    for victim in [0, *_masks(2, 2000)]:
        free = victim & ~protected(BOARD, victim)
        assert removable(BOARD, SQUARE_OFF, victim) == free
        assert removable(BOARD, NINE_MENS_MORRIS, victim) == (free or victim)


def _fresh_tables(monkeypatch: pytest.MonkeyPatch, memo_limit: int) -> None:
    """Forget every board's tables (rebuilt on the next ask) and set the memo limit."""
    monkeypatch.setattr(movegen, "_MEMO_LIMIT", memo_limit)
    monkeypatch.setattr(movegen, "_TABLES", {})
    monkeypatch.setattr(movegen, "_last", (None, None))


@pytest.mark.parametrize("rules", [SQUARE_OFF, NINE_MENS_MORRIS, JUMP_OFF, TRADING_PLACES])
def test_the_slide_memo_changes_no_move(monkeypatch: pytest.MonkeyPatch, rules: Rules) -> None:
    """generate lists the same moves in the same order with the slide memo full from the
    start (every chunk's slides computed piece by piece) as with it."""
    states = [s for seed in range(4) for s in playout(seed, rules)[0] if not s.is_over]
    with_memo = [s._generate() for s in states]
    _fresh_tables(monkeypatch, memo_limit=0)
    assert [s._generate() for s in states] == with_memo
    assert not any(tables(s.board).slide_memo[0] for s in states[:1])


def test_the_slide_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slide memo keeps at most _MEMO_LIMIT keys a chunk, and past it still answers."""
    _fresh_tables(monkeypatch, memo_limit=5)
    states, _moves = playout(7, SQUARE_OFF)
    assert [s._generate() for s in states if not s.is_over]
    assert all(len(memo) <= 5 for memo in tables(BOARD).slide_memo)


def _constructed(s: SquareOffState) -> SquareOffState:
    return SquareOffState(*(getattr(s, a.name) for a in attrs.fields(SquareOffState)[:-1]))


def test_assembled_states_are_the_constructors_values() -> None:
    """A state play() assembles equals and hashes like the same fields through the attrs
    constructor, is a SquareOffState, stays frozen, takes weak references and pickles."""
    states, _moves = playout(3, NINE_MENS_MORRIS)
    for s in states[1:]:
        twin = _constructed(s)
        assert type(s) is SquareOffState
        assert s == twin and hash(s) == hash(twin) and repr(s) == repr(twin)
        assert s.legal_moves() == twin.legal_moves()
    last = states[-1]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        last.turns = 0  # type: ignore[misc]
    assert weakref.ref(last)() is last
    back = pickle.loads(pickle.dumps(last))
    assert back == last and hash(back) == hash(last)
    assert len({*states, *map(_constructed, states)}) == len(set(states))


def test_a_subclass_is_assembled_through_its_constructor() -> None:
    """settle builds a subclass of SquareOffState (which may add slots) with its own
    constructor: play() on one returns one of the subclass."""

    @attrs.frozen(hash=False, repr=False)
    class Tagged(SquareOffState):
        pass

    start = _constructed(playout(1, SQUARE_OFF, max_plies=3)[0][-1])
    tagged = Tagged(*(getattr(start, a.name) for a in attrs.fields(SquareOffState)[:-1]))
    after = tagged.play(tagged.legal_moves()[0])
    assert type(after) is Tagged
    assert after == Tagged(*(getattr(after, a.name) for a in attrs.fields(Tagged)[:-1]))


def test_the_standard_boards_slides_are_listed_when_the_tables_are_built() -> None:
    """The standard board's slide chunks have 13,012 keys in all, each listed when the
    tables are built, so no position computes its slides piece by piece."""
    fresh = movegen._build(BOARD)
    assert [len(m) for m in fresh.slide_memo] == [1665, 4841, 4841, 1665]
    assert fresh.slide_memo == tables(BOARD).slide_memo


@st.composite
def _any_rules(draw: st.DrawFn) -> Rules:
    """Rules of any options: the plain ones quickplay plays and the others it hands over."""
    return Rules(
        pieces=draw(st.integers(3, 12)),
        flying=draw(st.booleans()),
        remove_from_lines_when_all=draw(st.booleans()),
        no_removal_turns=draw(st.sampled_from([0, 1, 4, 100])),
        max_turns=draw(st.sampled_from([0, 5, 30, 200])),
        threefold=draw(st.booleans()),
        jumps=draw(st.booleans()),
        cooldown=draw(st.booleans()),
        trades=draw(st.booleans()),
        adjacent_trades=draw(st.booleans()),
    )


def _same_ply(state: SquareOffState, move: Move) -> SquareOffState:
    """Play ``move`` both ways; assert the two states and their moves are the same."""
    quick, slow = quickplay.apply(state, move), play.apply(state, move)
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert quick.legal_moves() == slow.legal_moves() and quick.outcome == slow.outcome
    return quick


@given(rules=_any_rules(), seed=st.integers(0, 2**32 - 1))
def test_the_one_pass_ply_is_the_rule_by_rule_ply(rules: Rules, seed: int) -> None:
    """quickplay.apply gives the state play.apply gives, with the same legal moves and
    outcome, at every ply of a random game under any options."""
    rng = random.Random(seed)
    state = new_game(rules, first=rng.choice("WB"))
    while not state.is_over:
        state = _same_ply(state, rng.choice(state.legal_moves()))


@pytest.mark.parametrize("rules", [SQUARE_OFF, NINE_MENS_MORRIS, TRADING_PLACES, JUMP_OFF])
def test_the_one_pass_ply_agrees_on_every_move_of_the_presets(rules: Rules) -> None:
    """Every legal move of every position of 30 random games of each preset gives the same
    state both ways (removals, the last pieces, flights, blocked ends, the draw counters)."""
    for seed in range(30):
        states, _moves = playout(seed, rules)
        for state in states[:-1]:
            for move in state.legal_moves():
                _same_ply(state, move)


def test_the_one_pass_ply_knows_every_option() -> None:
    """quickplay.apply plays only rules without cooldown, jumps, trades and threefold, and
    the options are exactly those it was written for: a new option must be weighed there
    (hand it over to play.apply, or play it) before this test is updated."""
    assert [f.name for f in attrs.fields(Rules)] == [
        "pieces", "flying", "remove_from_lines_when_all", "no_removal_turns", "max_turns",
        "threefold", "jumps", "cooldown", "trades", "adjacent_trades",
    ]  # fmt: skip


def test_the_compiled_build_compiles_the_move_generator_and_the_ply() -> None:
    """Square Off's movegen, play and quickplay are C extensions exactly when
    astroplane.COMPILED (the mypyc build, hatch_build.COMPILED_MODULES), pure Python
    otherwise."""
    import astroplane

    for module in (movegen, play, quickplay):
        assert module.__file__ is not None
        assert module.__file__.endswith((".so", ".pyd")) == astroplane.COMPILED, module
