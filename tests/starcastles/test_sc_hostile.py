"""StarCastles under hostile input (issue 32): an uncontrolled castle only where a starting
castle whose Spire never moved can stand [SC4], moves built past their constructor or of
look-alike types never played, the documented error for a malformed ``Move``."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from sc_helpers import ALL_RULES, playout, pos

from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.starcastles import (
    Move,
    MoveKind,
    Rules,
    check_state,
    new_game,
    position_from_text,
    position_to_text,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.starcastles.board import opposite
from astroplane.testing.forgeries import forge


# ---- 2. the uncontrolled castle [SC4] ---------------------------------------------------------
def test_an_uncontrolled_castle_in_the_centre_is_refused() -> None:
    """Issue 32.2: the finding, exactly: a complete castle without ``!`` in the centre is
    no starting castle, so every reader and ``check_state`` refuse it."""
    text = "starcastles 03 f0 m0 r5 e3:P0B1S0,a1:S0 44 -"
    with pytest.raises(NotationError, match=r"\[SC4\] e3") as info:
        position_from_text(text)
    assert info.value.index == text.index("e3:")
    marked = position_from_text(text.replace("P0B1S0", "P0B1S0!"))
    assert check_state(attrs.evolve(marked, controlled=0))
    with pytest.raises(NotationError, match=r"\[SC4\] e3"):
        state_from_dict({**state_to_dict(marked), "controlled": []})
    with pytest.raises(PositionError, match=r"\[SC4\] e3"):
        pos({"e3": "P0B1S0", "a1": "S0"}, round=5)


def test_with_start_controlled_no_castle_is_uncontrolled() -> None:
    """Issue 32.2: under ``start_controlled`` the starting castles count as controlled, so
    an unmarked castle, even on its home trio, is impossible [SC2]."""
    rules = Rules(start_controlled=True)
    start = new_game(2, rules=rules)
    assert check_state(start) == []
    with pytest.raises(PositionError, match="start_controlled"):
        pos({"a1": "P0B0S0"}, rules=rules)
    text = position_to_text(start).replace("a1:P0B0S0!", "a1:P0B0S0")
    with pytest.raises(NotationError, match="start_controlled"):
        position_from_text(text)


def test_an_uncontrolled_castle_is_all_its_owners_and_at_its_home() -> None:
    """Issue 32.2: a starting castle is one player's three modules on a trio point of
    their home arm; a swap may have moved it next to that trio point [SC9], and nowhere
    else."""
    start = new_game(2)
    home = start.board.trios[0]
    ok = {start.board.names[p]: "P0B0S0" for p in home}
    assert check_state(pos(ok)) == []
    with pytest.raises(PositionError, match="all one player's"):
        pos({**ok, start.board.names[home[0]]: "P0B1S0"})
    with pytest.raises(PositionError, match="home trio"):
        pos({start.board.names[start.board.trios[3][0]]: "P0B0S0"})  # player 1's home
    beside = next(q for t in home for q in start.board.neighbours[t] if q not in home)
    name = start.board.names[beside]
    assert check_state(pos({name: "P0B0S0"})) == []  # displaced by player 1's swap
    with pytest.raises(PositionError, match="home trio"):
        pos({name: "P0B0S0"}, rules=Rules(swap=False))  # no swap: it never left
    three = new_game(3)  # arms 0, 2, 4: nobody's destination is arm 0
    assert opposite(three.arms[0]) not in three.arms
    with pytest.raises(PositionError, match="home trio"):
        pos({name: "P0B0S0"}, players=3)


@pytest.mark.parametrize("seed", range(12))
def test_every_state_of_random_play_keeps_its_uncontrolled_castles_home(seed: int) -> None:
    """The new check accepts every state play reaches, under every option set and
    player count (the swaps included)."""
    rng = random.Random(seed)
    rules = rng.choice(ALL_RULES)
    states, _moves = playout(seed, players=rng.randint(2, 6), rules=rules)
    for s in states:
        assert check_state(s) == []


# ---- 5. moves from hostile objects ------------------------------------------------------------
@pytest.mark.parametrize("kind", ["x", None, 7, 1.0, True])
def test_a_move_of_a_wrong_kind_is_a_value_error(kind: Any) -> None:
    """Issue 32.5: ``Move("x")`` raises the documented ``ValueError``, not attrs'
    ``TypeError``."""
    with pytest.raises(ValueError, match="kind is a MoveKind"):
        Move(kind)


def test_a_bool_twin_forged_past_the_constructor_is_refused() -> None:
    """Issue 32.5: a legal move with a field replaced by an equal ``bool`` (as unpickling
    can build) is no legal move: ``IllegalMoveError``, the state unchanged."""
    s = new_game(2)
    legal = next(m for m in s.legal_moves() if m.frm == 1)
    twin = forge(legal, frm=True)
    assert twin == legal
    with pytest.raises(IllegalMoveError):
        s.play(twin)
    assert not s.is_legal(twin)


@pytest.mark.parametrize("fields", [{"frm": 1.0}, {"to": None}, {"kind": "STEP"}, {}])
def test_a_forged_move_is_an_illegal_move_error(fields: dict[str, Any]) -> None:
    """Issue 32.5: moves built past the constructor raise ``IllegalMoveError``, never
    ``TypeError`` or ``AttributeError`` (a forged move has no cached hash either)."""
    s = new_game(2)
    legal = next(m for m in s.legal_moves() if m.frm == 1)
    forged = forge(legal, **fields) if fields else object.__new__(Move)
    before = position_to_text(s)
    with pytest.raises(IllegalMoveError):
        s.play(forged)
    assert position_to_text(s) == before


def test_play_applies_the_legal_move_it_matched() -> None:
    """Issue 32.5: an equal copy of a legal move plays the state's own move."""
    s = new_game(2)
    legal = s.legal_moves()[3]
    copy = Move(legal.kind, legal.frm, legal.to)
    assert copy is not legal and s.play(copy) == s.play(legal)


def test_an_action_whose_index_fails_is_a_value_error() -> None:
    """Issue 32.5: an ``__index__`` that raises anything is a ``ValueError``."""
    from astroplane.games.starcastles import action_to_move, decode_action

    class Bad:
        def __index__(self) -> int:
            raise RuntimeError("no")

    with pytest.raises(ValueError):
        action_to_move(new_game(2), Bad())  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        decode_action(Rules(), Bad())  # type: ignore[arg-type]


def test_move_kind_is_exact() -> None:
    """The kind is the ``MoveKind`` member itself (an ``int`` kind is refused)."""
    with pytest.raises(ValueError, match="kind is a MoveKind"):
        Move(0, 1, 2)  # type: ignore[arg-type]
    assert Move(MoveKind.STEP, 1, 2) == Move.step(1, 2)
