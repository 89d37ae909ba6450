"""The packed core (issue 34): the rules on five ints, the states thin views of them.

``check_core`` plays random games through the states and the core side by side under
every preset and house rule; the packed layout holds every field and gives each state one
position; the constructor keeps the problem of fields it cannot hold; a state stays
small."""

from __future__ import annotations

import pickle
import sys

import attrs
import pytest
from ac_helpers import BASE_RULES, COLOUR_SETS, HOUSE_RULES, colours_for, playout

from astroplane.core import core_of
from astroplane.errors import PositionError
from astroplane.games.aeroplane_chess import (
    PRESETS,
    STANDARD,
    TEAMS,
    AeroplaneState,
    Move,
    new_game,
    position_from_text,
)
from astroplane.games.aeroplane_chess.core import AeroplaneCore, core_for
from astroplane.games.aeroplane_chess.packed import fields, position
from astroplane.games.aeroplane_chess.setup import check_state
from astroplane.protocol import get_game
from astroplane.testing.core import check_core

GAME = get_game("aeroplane-chess")
#: The presets, every house-rule combination and a spread of the base ones, with the
#: partner rule on and off.
RULES = (
    tuple(PRESETS.values())
    + HOUSE_RULES
    + BASE_RULES[::9]
    + tuple(attrs.evolve(r, roll_for_partner=True) for r in HOUSE_RULES if r.teams)
)


@pytest.mark.parametrize("index", range(len(RULES)))
def test_the_core_agrees_with_the_states(index: int) -> None:
    """check_core finds nothing in a random game of each rule set (2, 3 or 4 players
    in turn; team play with 4)."""
    rules = RULES[index]
    players = 4 if rules.teams else 2 + index % 3
    assert check_core(GAME, rules=rules, players=players, games=1, seed=index) == []


def test_core_of_gives_the_rules_core_and_the_position() -> None:
    """core_of(state) is the shared core of the state's rules and its packed position."""
    s = new_game(4, rules=TEAMS)
    found = core_of(s)
    assert found is not None
    core, p = found
    assert isinstance(core, AeroplaneCore) and core is core_for(TEAMS) and p == s.packed
    assert core.num_actions == 1815 and core.state(p) == s


@pytest.mark.parametrize("colours", COLOUR_SETS)
def test_every_field_packs_and_unpacks(colours: str) -> None:
    """Along random games, each state's fields pack to its position, the position reads
    back the fields, every int is below 2**62, and the constructor from the fields gives
    the same state with no problem."""
    for rules in (STANDARD, HOUSE_RULES[5], HOUSE_RULES[23]):
        states, _moves = playout(7, colours_for(rules, colours), rules)
        for s in states:
            values = fields(s.packed)
            assert values == (
                s.seats, s.planes, s.stacks, s.to_move, s.roll, s.sixes, s.sixed,
                s.finished, s.turn, s.turn_limit,
            )  # fmt: skip
            assert position(*values, s.is_over) == s.packed
            assert all(0 <= w < 2**62 for w in s.packed)
            built = AeroplaneState(s.rules, *values)
            assert built == s and hash(built) == hash(s)
            check_state(built)


def test_one_position_per_state() -> None:
    """Equal states have equal positions and different states different ones: reading a
    state's text back gives its very position, and distinct texts distinct positions."""
    seen: dict[tuple[int, ...], str] = {}
    for seed in range(4):
        for s in playout(seed, "RYBG")[0]:
            text = s.to_text()
            assert position_from_text(text).packed == s.packed
            assert seen.setdefault(s.packed, text) == text


def test_the_constructor_keeps_what_it_cannot_pack_as_a_problem() -> None:
    """Fields the layout cannot hold (a float progress, a stack of two colours) make a
    state whose check_state raises the problem; the view never crashes on them."""
    good = new_game(2)
    bad = attrs.evolve(good, planes=(0.5,) * 16)
    with pytest.raises(PositionError, match="tuples of ints"):
        check_state(bad)
    mixed = attrs.evolve(good, planes=(14,) + (-1,) * 7 + (14,) + (-1,) * 7, stacks=((0, 8),))
    with pytest.raises(PositionError, match="not one colour on one square"):
        check_state(mixed)
    assert bad != good and isinstance(repr(bad), str)
    with pytest.raises(TypeError, match="turn missing"):
        AeroplaneState(STANDARD, (0, 2), (-1,) * 16, (), 0, 0, 0, 0, ())  # type: ignore[call-arg]


def test_evolve_rules_and_fields() -> None:
    """attrs.fields lists the rules and the position; attrs.evolve sets the rules (as the
    turn-limit tools do) or any field."""
    assert [f.name for f in attrs.fields(AeroplaneState)] == ["rules", "packed", "_problem"]
    s = new_game(4).play(Move.roll(6))
    teams = attrs.evolve(s, rules=TEAMS)
    assert teams.rules == TEAMS and teams.packed == s.packed and teams.to_text().startswith("teams")
    later = attrs.evolve(s, turn=9)
    assert later.turn == 9 and later.roll == 6 and later.planes == s.planes
    check_state(later)


def test_a_state_pickles_and_copies() -> None:
    """A state pickles (without its caches) and plays on the same after."""
    s = new_game(2).play(Move.roll(6))
    s.legal_moves()
    t = pickle.loads(pickle.dumps(s))
    assert t == s and hash(t) == hash(s) and t.legal_moves() == s.legal_moves()
    assert t.play(Move.launch("R1")) == s.play(Move.launch("R1"))


def test_a_state_is_small() -> None:
    """A state with its legal moves kept costs well under 1 KB: the object, its position
    (a tuple of five ints) and the kept move list; the rules, the core and the moves are
    shared."""
    for s in playout(3, "RYBG")[0][::25]:
        s.legal_moves()
        size = sys.getsizeof(s) + sys.getsizeof(s.packed) + sum(map(sys.getsizeof, s.packed))
        if s._moves is not None:
            size += sys.getsizeof(s._moves) + sys.getsizeof(s._actions)
            size += sum(sys.getsizeof(a) for a in s._actions if a > 256)
        assert size < 1024
