"""Square Off under hostile input (issue 32): its readers and ``setup_position`` refuse every
state play cannot reach (counters past the turn bound, two removal rights of one side, a
history longer than the turns since the last removal), a game ends before it would play
past the turn bound [SO32], reading a long threefold record is linear, and ``play`` applies
its own legal move, never the caller's object."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from so_helpers import play, pos

from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.square_off import (
    SQUARE_OFF,
    TRADING_PLACES,
    GameRecord,
    Move,
    MoveKind,
    Rules,
    action_to_move,
    new_game,
    position_from_text,
    position_to_text,
    setup_position,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.square_off.history import History
from astroplane.games.square_off.outcome import Ending
from astroplane.kit.limits import MAX_TURN
from astroplane.testing import lasting_game
from astroplane.testing.forgeries import forge

ENDLESS = Rules(no_removal_turns=0)  # no draw but the turn bound
THREEFOLD = Rules(threefold=True, no_removal_turns=0)


class Liar(int):
    """An ``int`` that says it equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


def _stage2(rules: Rules = ENDLESS, **kw: Any) -> Any:
    return pos("a7 d7 b4 f6", "a1 d1 g4 f2", in_hand=(0, 0), rules=rules, **kw)


# ---- 1. counters ------------------------------------------------------------------------------
@pytest.mark.parametrize("turns", [MAX_TURN, 999_999_999])
def test_a_turn_past_the_bound_is_refused_by_every_reader(turns: int) -> None:
    """Issue 32.1: ``t`` counts the turns played, so ``turn`` = t + 1 is at most
    ``MAX_TURN``: t1000000 and beyond are refused by text, JSON and ``setup_position``
    [SO32]."""
    text = position_to_text(_stage2(turns=5))
    with pytest.raises(NotationError, match="at most 999999") as info:
        position_from_text(text.replace(" t5 ", f" t{turns} "))
    assert info.value.index == text.index(" t5 ") + 1
    with pytest.raises(NotationError, match=r"state.turns"):
        state_from_dict({**state_to_dict(_stage2(turns=5)), "turns": turns})
    with pytest.raises(PositionError, match="turns"):
        _stage2(turns=turns)


@pytest.mark.parametrize(("turns", "quiet"), [(10**30, 0), (-1, 0), (5, 6), (200, 101)])
def test_setup_position_refuses_counters_play_cannot_reach(turns: int, quiet: int) -> None:
    """Issue 32.1: ``setup_position`` (the validator every reader ends with) refuses turns
    past the bound, quiet turns past the turns or past ``no_removal_turns`` [SO20]."""
    with pytest.raises(PositionError):
        pos("a7 d7 g7", "a1 d1 g1", in_hand=(0, 0), turns=turns, quiet=quiet)


def test_the_game_ends_at_the_turn_bound_and_every_state_reads_back() -> None:
    """Issue 32.1: one turn before the bound, the next turn ends the game, drawn by the
    turn limit even with ``max_turns`` off; the final state writes and reads back [SO32]."""
    s = _stage2(turns=MAX_TURN - 2, quiet=0)
    assert not s.is_over
    end = s.play(s.legal_moves()[0])
    assert end.is_over and end.outcome is not None
    assert (end.outcome.winner, end.outcome.ending, end.turn) == (None, Ending.MAX_TURNS, MAX_TURN)
    assert position_from_text(position_to_text(end)) == end
    assert state_from_dict(state_to_dict(end)) == end


def test_a_quiet_count_past_the_rules_is_refused() -> None:
    """Issue 32.1: a quiet count above ``no_removal_turns`` is no state play reaches."""
    with pytest.raises(PositionError, match="no_removal_turns"):
        pos("a7 d7 g7", "a1 d1 g1", in_hand=(0, 0), turns=500, quiet=150)


# ---- 1. removal rights ------------------------------------------------------------------------
@pytest.mark.parametrize("rights", [["W", "W"], ["B", "B"], [0, 0]])
def test_two_removal_rights_of_one_side_are_refused(rights: list[Any]) -> None:
    """Issue 32.1: a trade gives one right to each side, so two rights of one side are
    impossible: ``setup_position`` and the JSON reader refuse them [SO8]."""
    for rules in (SQUARE_OFF, TRADING_PLACES):
        with pytest.raises(PositionError, match="two removal rights"):
            pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=rights, rules=rules,
                to_move=rights[0])  # fmt: skip
    legal = pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=[1], to_move="B", rules=TRADING_PLACES)
    data = state_to_dict(legal)
    data["removals"] = ["B", "B"]
    with pytest.raises(NotationError, match=r"state.removals: .*two removal rights"):
        state_from_dict(data)


def test_setup_position_refuses_rights_no_move_gives() -> None:
    """Issue 32.1: the checks the text and JSON readers made on removal rights are
    ``setup_position``'s own now: the side not to move holds a right only after a trade,
    the trader's first [SO8]."""
    with pytest.raises(PositionError, match="only a trade"):
        pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=["B"], to_move="W")
    with pytest.raises(PositionError, match="the trader's"):
        pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=["B", "W"], to_move="W", rules=TRADING_PLACES)


class LiarSeat(int):
    """A seat that says it is 0 and 1 at once."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize("seat", [LiarSeat(5), LiarSeat(-1), LiarSeat(0)])
def test_a_seat_of_an_int_subclass_is_refused(seat: int) -> None:
    """Issue 32.5: a seat given as an ``int`` subclass (whose ``in`` test says yes) is a
    ``ValueError``, never an ``IndexError`` from inside."""
    with pytest.raises(ValueError, match="a seat is W or B"):
        new_game(first=seat)
    with pytest.raises(PositionError, match="a seat is W or B"):
        pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=[seat])


# ---- 1. history -------------------------------------------------------------------------------
def test_a_history_longer_than_the_quiet_turns_is_refused() -> None:
    """Issue 32.1: the history holds the positions since the last placement or removal,
    one per quiet turn (and one for a pending removal): a longer one is impossible [SO19]."""
    s = play(_stage2(THREEFOLD), "b4-b2 g4-f4 b2-b4")
    assert (len(s.history), s.quiet) == (4, 3)
    earlier = list(s.history[:-1])
    again = setup_position(
        s.points_of(0), s.points_of(1), in_hand=(0, 0), to_move=s.turn_of, turns=s.turns,
        quiet=s.quiet, history=earlier, rules=THREEFOLD,
    )  # fmt: skip
    assert again == s
    with pytest.raises(PositionError, match="quiet turns"):
        setup_position(
            s.points_of(0), s.points_of(1), in_hand=(0, 0), to_move=s.turn_of, turns=s.turns,
            quiet=2, history=earlier, rules=THREEFOLD,
        )  # fmt: skip
    text = position_to_text(s)
    with pytest.raises(NotationError, match="quiet turns"):
        position_from_text(text.replace(" q3 ", " q2 "))


def _quiet_game(plies: int) -> tuple[Any, list[Move]]:
    """A threefold game of ``plies`` plies with no removal: three pieces a side that fly
    and never form a line, nor a position a third time (``testing.lasting_game``)."""
    rules = Rules(pieces=3, flying=True, threefold=True, no_removal_turns=0)
    start = new_game(rules)
    moves = lasting_game(start, plies, random.Random(7), avoid=lambda s: bool(s.removals))
    return start, moves


def test_a_long_history_reads_back_from_json_and_its_record() -> None:
    """Issue 32.3: a game of thousands of quiet plies with threefold on writes and reads
    back by its record and JSON (the history check counted every key against every other,
    3.8 s for 20,000; the play copied the whole history at every ply, 22 s for 64,000
    plies: both are linear now, measured by ``benchmarks/fuzz.py --cost-only``)."""
    start, moves = _quiet_game(4_000)
    text = GameRecord.from_game(start, moves).to_text()
    record = GameRecord.from_text(text)
    final = record.final_state()
    assert record.moves == tuple(moves) and not final.is_over
    assert len(final.history) == final.quiet + 1 > 3_900
    assert state_from_dict(state_to_dict(final)) == final
    with pytest.raises(PositionError, match="occurs three times"):
        setup_position(
            final.points_of(0), final.points_of(1), in_hand=(0, 0), turns=final.turns,
            quiet=final.quiet, history=[*final.history[:-1], final.history[0]] * 2,
            rules=final.rules,
        )  # fmt: skip


def test_consecutive_states_share_their_history() -> None:
    """Issue 32.3: a ply adds one key to its state's history without copying the keys
    before (``History.then``), so replaying n quiet plies costs n steps, not n * n / 2."""
    start, moves = _quiet_game(50)
    s = start
    for move in moves[:-1]:
        s = s.play(move)
    last = s.play(moves[-1])
    assert isinstance(last.history, History) and last.history.shares(s.history)
    assert last.history[:-1] == s.history


def test_history_is_an_immutable_sequence_equal_to_its_tuple() -> None:
    """``state.history`` is a ``History``: equal to (and hashing as) the tuple of its keys,
    sliced and indexed like one, pickled and copied as a value [SO19]."""
    s = play(_stage2(THREEFOLD), "b4-b2 g4-f4 b2-b4 f4-g4")
    h = s.history
    assert isinstance(h, History)
    keys = tuple(h)
    assert h == keys and keys == h and hash(h) == hash(keys) and len(h) == 5
    assert h[-1] == keys[-1] and h[:-1] == keys[:-1] and h.count(keys[0]) == 2
    assert pickle.loads(pickle.dumps(s)) == s and copy.deepcopy(s) == s
    assert attrs.evolve(s, history=keys) == s


def test_branches_of_one_history_do_not_see_each_other() -> None:
    """Two plies played from the same state share its history but never each other's:
    each counts the repetitions on its own path [SO6]."""
    s = play(_stage2(THREEFOLD), "b4-b2 g4-f4 b2-b4 f4-g4")  # the start position, twice
    a = s.play(Move.slide("b4", "b2"))
    b = s.play(Move.slide("a7", "a4"))
    c = a.play(Move.slide("g4", "f4"))
    assert len(a.history) == len(b.history) == 6 and a.history[:-1] == b.history[:-1]
    assert a.history[-1] != b.history[-1] and len(c.history) == 7
    back = (
        b.play(Move.slide("g4", "f4")).play(Move.slide("a4", "a7")).play(Move.slide("f4", "g4"))
    )  # the start position a third time, on b's path only
    assert back.outcome is not None and back.outcome.ending is Ending.THREEFOLD
    assert not a.play(Move.slide("g4", "f4")).is_over


# ---- 5. moves from hostile objects ------------------------------------------------------------
def test_a_move_of_int_subclasses_is_refused() -> None:
    """Issue 32.5: ``Move`` takes plain ``int`` point ids only."""
    with pytest.raises(ValueError, match=r"Move.point"):
        Move(MoveKind.PLACE, Liar(0))
    with pytest.raises(ValueError, match=r"Move.to"):
        Move(MoveKind.SLIDE, 0, Liar(1))


def test_play_applies_its_own_legal_move_never_the_callers_object() -> None:
    """Issue 32.5: a move forged past its constructor with a point that equals anything
    names at most a legal move, and ``play`` applies that legal move: B's piece never
    lands on W's point."""
    s = new_game().play(Move.place("a7"))  # B to place; a7 is W's
    liar = forge(Move.place("a7"), point=Liar(0))
    with pytest.raises(IllegalMoveError):
        s.play(liar)
    assert s.pieces_at("a7") == 0


@pytest.mark.parametrize(
    "fields",
    [{"point": 3.0}, {"point": True}, {"to": 1.0}, {"kind": "PLACE"}, {"point": None}],
)
def test_a_forged_move_is_an_illegal_move_error(fields: dict[str, Any]) -> None:
    """Issue 32.5: moves built past the constructor (as unpickling does) with fields of
    other types are ``IllegalMoveError``, never ``TypeError`` from inside."""
    s = new_game()
    before = position_to_text(s)
    with pytest.raises(IllegalMoveError):
        s.play(forge(Move.place("d7"), **fields))
    assert position_to_text(s) == before
    with pytest.raises(IllegalMoveError):
        s.play(object.__new__(Move))  # no fields at all


def test_action_to_move_turns_any_index_failure_into_a_value_error() -> None:
    """Issue 32.5: an object whose ``__index__`` raises anything is refused with a
    ``ValueError`` (only ``TypeError`` was caught)."""

    class Bad:
        def __index__(self) -> int:
            raise ZeroDivisionError("no")

    with pytest.raises(ValueError, match=r"an int 0..1175"):
        action_to_move(new_game(), Bad())  # type: ignore[arg-type]


def test_check_state_names_what_setup_position_would_refuse() -> None:
    """``setup.check_state`` (the fuzzing benchmark's validator) is empty for states play
    reaches and names the problem of each impossible one the readers used to accept."""
    from astroplane.games.square_off.setup import check_state

    s = play(_stage2(THREEFOLD), "b4-b2 g4-f4")
    assert check_state(s) == [] and check_state(new_game()) == []
    rights = pos("a7 d7 g7 a4", "g1 d1 a1 b2", removals=[1], to_move="B", rules=TRADING_PLACES)
    assert "two removal rights" in check_state(attrs.evolve(rights, removals=(1, 1)))[0]
    assert "at most 999999" in check_state(attrs.evolve(s, turns=MAX_TURN))[0]
    assert "after 0 quiet turns" in check_state(attrs.evolve(s, quiet=0, turns=0))[0]
    assert check_state("square-off") == ["not a Square Off state: str"]
