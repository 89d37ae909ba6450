"""The packed core (issue 34): StarCastles' rules on a small tuple of ints, the states
thin views of it.

``check_core`` plays random games through the states and the core side by side under
every option set and player count; homing games (which end in wins) agree too; each
state's fields pack to its position and back; states pickle and hash as positions."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from sc_helpers import ALL_RULES, homing, homing_game, playout

from astroplane.core import core_of, positions_of
from astroplane.errors import PositionError
from astroplane.games.starcastles import Rules, StarCastlesState, evaluate, new_game
from astroplane.games.starcastles.core import StarCastlesCore
from astroplane.games.starcastles.state import FIELDS, core_for
from astroplane.protocol import get_game
from astroplane.testing.core import check_core

GAME = get_game("starcastles")


@pytest.mark.parametrize("index", range(0, len(ALL_RULES), 3))
def test_the_core_agrees_with_the_states(index: int) -> None:
    """check_core finds nothing in random games of a spread of option sets (2..6
    players in turn)."""
    rules = ALL_RULES[index]
    players = 2 + index % 5
    assert check_core(GAME, rules=rules, players=players, games=1, seed=index) == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_core_agrees_to_the_draw(players: int) -> None:
    """Short games, played to their draw [SC6], agree at every ply."""
    rules = Rules(max_rounds=8)
    assert check_core(GAME, rules=rules, players=players, games=2, seed=players) == []


@pytest.mark.parametrize("seed", range(6))
def test_won_games_agree_with_the_core(seed: int) -> None:
    """Homing games (start_controlled, so they end in wins): at every ply the core's
    actions are the moves' numbers, its next position is the next state's, and the end,
    returns, mover and heuristic are the state's."""
    players = 2 + seed % 3
    rng = random.Random(seed)
    state = new_game(players, rules=Rules(start_controlled=True, max_rounds=60, arm=2 + seed % 2))
    while True:
        core, p = positions_of(state)
        assert isinstance(core, StarCastlesCore) and core.state(p) == state
        assert list(core.legal_actions(p)) == [
            GAME.move_to_action(state, m) for m in state.legal_moves()
        ]
        assert core.is_terminal(p) == state.is_over and core.returns(p) == state.returns()
        assert core.to_move(p) == state.to_move and core.turn(p) == state.turn
        for seat in state.seats:
            assert core.evaluate is not None
            assert core.evaluate(p, seat) == evaluate(state, seat)
        if state.is_over:
            break
        move = homing(state, rng)
        after = state.play(move)
        assert core.apply(p, GAME.move_to_action(state, move)) == positions_of(after)[1]
        state = after
    assert state.winner is not None or state.round > state.rules.max_rounds


def test_core_of_gives_the_shared_core_and_the_position() -> None:
    """core_of(state) is the shared core of the state's rules and seating, and the
    state's packed position; num_actions is the encoding's."""
    s = new_game(3, arms=(1, 3, 5))
    found = core_of(s)
    assert found is not None
    core, p = found
    assert core is core_for(s.rules, (1, 3, 5)) and core.num_actions == 2036
    assert core.state(p) == s and core.seats(p) == (0, 1, 2)
    assert not core.is_chance(p) and list(core.chance_outcomes(p)) == []


@pytest.mark.parametrize("seed", range(4))
def test_every_field_packs_and_unpacks(seed: int) -> None:
    """Along random and won games, the constructor given a state's fields builds an
    equal state with the same hash and position, and every field reads back as given."""
    rules = ALL_RULES[seed * 11 % len(ALL_RULES)]
    states, _moves = playout(seed, 2 + seed, rules, max_plies=120)
    for s in [*states, *homing_game(seed)[-3:]]:
        values = tuple(getattr(s, name) for name in FIELDS)
        built = StarCastlesState(*values)
        assert built == s and hash(built) == hash(s) and built._p == s._p
        assert tuple(getattr(built, name) for name in FIELDS) == values


def test_a_state_pickles_and_evolves_as_its_position() -> None:
    """A state pickles as its rules, arms and position; attrs.evolve repacks."""
    s = new_game(2)
    s = s.play(s.legal_moves()[3])
    back = pickle.loads(pickle.dumps(s))
    assert back == s and hash(back) == hash(s) and back.legal_moves() == s.legal_moves()
    later = attrs.evolve(s, round=7)
    assert later.round == 7 and later != s and later.cells == s.cells


def test_fields_the_layout_cannot_hold_are_kept_for_check_state() -> None:
    """A constructor given fields that do not fit the layout keeps them (check_state
    reads them), compares field by field, and refuses to generate moves."""
    from astroplane.games.starcastles import check_state

    s = new_game(2)
    bad = attrs.evolve(s, cells=(*s.cells[:3], 600, *s.cells[4:]))
    assert bad.cells[3] == 600 and check_state(bad) and bad != s
    assert bad == attrs.evolve(s, cells=(*s.cells[:3], 600, *s.cells[4:]))
    with pytest.raises(PositionError, match="cannot be packed"):
        bad.legal_moves()
