"""The engine's fast paths give what the plain definitions give: the byte tables of
``movegen`` against loops over the board's lines, the slide memo against no memo, the two
catalogs (action numbers, moves) against each other, ``has_move`` against ``generate``,
the views ``play`` builds against the attrs constructor, and the packed core's ply with
its move list (``step``) against ``apply`` and ``legal_moves``."""

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
    Rules,
    SquareOffState,
    core,
    evaluation,
    move_to_action,
    movegen,
    new_game,
    packed,
    play,
    viewbase,
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
from astroplane.games.square_off.viewbase import FIELDS

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
PRESETS = [SQUARE_OFF, NINE_MENS_MORRIS, JUMP_OFF, TRADING_PLACES]


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


def _mover(state: SquareOffState) -> tuple[int, int, int, int, int, int, bool]:
    """``generate``'s arguments after the catalog for the player to act: flags, flies,
    mine, theirs, in hand, marks, removing."""
    me = state.to_move
    mine, hand = state.occupancy[me], state.in_hand[me]
    flags = movegen.flags_of(state.rules)
    flies = flags & movegen.FLYING if not hand and mine.bit_count() == 3 else 0
    return (
        flags, flies, mine, state.occupancy[1 - me], hand, state.cooldown[me], bool(state.removals)
    )  # fmt: skip


def _states(rules: Rules, games: int = 4) -> list[SquareOffState]:
    return [s for seed in range(games) for s in playout(seed, rules)[0] if not s.is_over]


@pytest.mark.parametrize("rules", PRESETS)
def test_the_slide_memo_changes_no_move(rules: Rules) -> None:
    """Tables built with no room in the slide memo (every chunk's slides computed piece by
    piece) list the same actions and moves in the same order as the standard tables."""
    states = _states(rules)
    full = tables(BOARD)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(movegen, "_MEMO_LIMIT", 0)
        bare = movegen.Tables(BOARD)
    assert not any(bare.actions.slide_memo) and not any(bare.moves.slide_memo)
    for s in states:
        args = _mover(s)
        assert movegen.generate(bare, bare.actions, *args) == movegen.generate(
            full, full.actions, *args
        )
        assert movegen.generate(bare, bare.moves, *args) == s.legal_moves()


def test_the_slide_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slide memo keeps at most _MEMO_LIMIT keys a chunk, and past it still answers."""
    monkeypatch.setattr(movegen, "_MEMO_LIMIT", 5)
    small = movegen.Tables(BOARD)
    full = tables(BOARD)
    for s in _states(SQUARE_OFF, games=2):
        args = _mover(s)
        assert movegen.generate(small, small.moves, *args) == s.legal_moves()
    assert all(len(memo) <= 5 for memo in small.moves.slide_memo)
    assert [len(m) for m in full.moves.slide_memo] == [len(m) for m in full.actions.slide_memo]


def test_the_standard_boards_slides_are_listed_when_the_tables_are_built() -> None:
    """The standard board's slide chunks have 13,012 keys in all, each listed when the
    tables are built, so no position computes its slides piece by piece."""
    fresh = movegen.Tables(BOARD)
    for cat in (fresh.actions, fresh.moves):
        assert [len(m) for m in cat.slide_memo] == [1665, 4841, 4841, 1665]


@pytest.mark.parametrize("rules", PRESETS)
def test_the_catalogs_list_the_same_actions(rules: Rules) -> None:
    """The moves a state hands out are the moves of the action numbers the core lists,
    one for one, and each move's number is the core's (``SquareOffCore.numbers``)."""
    for s in _states(rules):
        c, p = s._core, s._p
        actions = c.legal_actions(p)
        moves = s.legal_moves()
        assert [move_to_action(m) for m in moves] == list(actions)
        assert [c.numbers[id(m)] for m in moves] == list(actions)


@st.composite
def _any_rules(draw: st.DrawFn) -> Rules:
    """Rules of any options."""
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


@given(rules=_any_rules(), seed=st.integers(0, 2**32 - 1))
def test_a_ply_is_apply_with_the_next_moves(rules: Rules, seed: int) -> None:
    """At every ply of a random game under any options: the core's ``ply`` listing moves
    (what ``play`` runs) gives ``apply``'s position and that position's legal moves;
    ``has_move`` is whether ``generate`` lists one; the end checks found an end exactly
    when no move is listed or a draw or a two-piece loss applies."""
    rng = random.Random(seed)
    state = new_game(rules, first=rng.choice("WB"))
    c = state._core
    while not state.is_over:
        p = state._p
        action = rng.choice(c.legal_actions(p))
        after, listed = c.ply(p, action, c.tab.moves)
        assert after == c.apply(p, action)
        assert listed == c.legal_moves(after)
        nxt = c.state(after)
        args = _mover(nxt)
        assert movegen.has_move(c.tab, *args) == bool(movegen.generate(c.tab, c.tab.actions, *args))
        if not listed and not c.is_terminal(after):
            pytest.fail("a player to act with no move, and the game goes on")
        state = nxt


def test_the_core_knows_every_option() -> None:
    """The options are exactly those the core and ``movegen.flags_of`` were written for: a
    new option must be weighed there before this test is updated."""
    assert [f.name for f in attrs.fields(Rules)] == [
        "pieces", "flying", "remove_from_lines_when_all", "no_removal_turns", "max_turns",
        "threefold", "jumps", "cooldown", "trades", "adjacent_trades",
    ]  # fmt: skip


def _constructed(s: SquareOffState) -> SquareOffState:
    return SquareOffState(*(getattr(s, name) for name in FIELDS))


def test_views_are_the_constructors_values() -> None:
    """A state play() builds equals and hashes like the same fields through the attrs
    constructor, is a SquareOffState, stays frozen, takes weak references and pickles;
    its fields are derived from the packed position when first read."""
    states, _moves = playout(3, NINE_MENS_MORRIS)
    assert [f.name for f in attrs.fields(SquareOffState)] == list(FIELDS)
    for s in states[1:]:
        twin = _constructed(s)
        assert type(s) is SquareOffState
        assert s == twin and hash(s) == hash(twin) and repr(s) == repr(twin)
        assert s.legal_moves() == twin.legal_moves() and s.is_over == twin.is_over
    last = states[-1]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        last.turns = 0  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        last.is_over = False  # type: ignore[misc]
    assert weakref.ref(last)() is last
    back = pickle.loads(pickle.dumps(last))
    assert back == last and hash(back) == hash(last) and back.outcome == last.outcome
    assert len({*states, *map(_constructed, states)}) == len(set(states))


def test_the_constructor_refuses_what_a_state_cannot_hold() -> None:
    """The constructor (and attrs.evolve) packs its fields: values no state can hold (a
    negative count, a seat 2, three removal rights) raise ValueError."""
    s = new_game()
    for change in ({"in_hand": (-1, 9)}, {"turn_of": 2}, {"removals": (0, 1, 0)}):
        with pytest.raises(ValueError, match="Square Off state"):
            attrs.evolve(s, **change)


@attrs.frozen(eq=False, repr=False)
class Tagged(SquareOffState):
    """A subclass of the state (a module-level class: it pickles)."""


def test_a_subclass_is_built_through_its_constructor() -> None:
    """play() on a subclass of SquareOffState (which may add fields) returns one of the
    subclass, made by its constructor; pickling keeps the class."""
    start = playout(1, SQUARE_OFF, max_plies=3)[0][-1]
    tagged = Tagged(*(getattr(start, name) for name in FIELDS))
    after = tagged.play(tagged.legal_moves()[0])
    assert type(after) is Tagged
    assert after == Tagged(*(getattr(after, name) for name in FIELDS))
    assert type(pickle.loads(pickle.dumps(after))) is Tagged


def test_the_compiled_build_compiles_the_core() -> None:
    """Square Off's core modules (packed positions, move generation, the ply, the views'
    base, the explanations and the heuristic) are C extensions exactly when
    astroplane.COMPILED (the mypyc build, hatch_build.COMPILED_MODULES), pure Python
    otherwise."""
    import astroplane

    for module in (movegen, packed, core, play, viewbase, evaluation):
        assert module.__file__ is not None
        assert module.__file__.endswith((".so", ".pyd")) == astroplane.COMPILED, module


def _naive_terms(board: Board, mine: int, theirs: int) -> tuple[int, int]:
    """Open twos and freedom of ``mine`` by loops over the board's lines and points."""
    empty = ~(mine | theirs)
    twos = sum(1 for m in board.line_masks if (mine & m).bit_count() == 2 and not theirs & m)
    free = sum((board.neighbour_masks[p] & empty).bit_count() for p in range(24) if mine >> p & 1)
    return twos, free


@pytest.mark.parametrize("board", [BOARD, DIAGONALS], ids=["standard", "diagonals"])
def test_the_heuristic_counts_as_loops_over_lines_and_points(board: Board) -> None:
    """evaluation.lead (line counts and link ends read a byte at a time) is the weighted
    difference of the terms counted by loops over the lines and points [SO26]."""
    tab = tables(board)
    w_ = evaluation.WEIGHTS
    for i, raw in enumerate(_masks(3, 1500)):
        mine = raw
        theirs = _masks(4 + i, 1)[0] & ~mine
        hands, code = (i % 4, i % 3), i % 7
        sides = []
        for me, (a, b) in enumerate(((mine, theirs), (theirs, mine))):
            twos, free = _naive_terms(board, a, b)
            rights = packed.RIGHTS[code].count(me)
            sides.append(
                w_["piece"] * (a.bit_count() + hands[me]) + w_["removal"] * rights
                + w_["open_two"] * twos + w_["freedom"] * free
            )  # fmt: skip
        got = evaluation.lead(tab, mine, theirs, hands[0], hands[1], code, 0)
        assert got == pytest.approx(sides[0] - sides[1])
