"""ASTROPLANE's packed core (issue 34): the states are views of packed positions, and the
core (``Game.core``, ``rules/core.py``) agrees with them under every preset, option and
kind of variant phase; a variant that adds actions has no core."""

from __future__ import annotations

import random

import attrs
import pytest
from hyperspace_closed import HYPERSPACE_CLOSED
from hypothesis import given
from rotating_squares import ROTATING_SQUARES
from three_of_four import THREE_OF_FOUR

import astroplane as ap
from astroplane.games.astroplane.packed import encode
from astroplane.games.astroplane.rules.core import core_for
from astroplane.protocol import get_game
from astroplane.testing.core import check_core
from strategies import positions


def _keep_away(state: ap.GameState, piece: int, below: int) -> int:
    """A release bonus of two moves for leaving any other player's piece."""
    return 2 if below // 10 != piece // 10 else 0


def _flat(state: ap.GameState) -> tuple[int, int, int, int]:
    """Scores: one point per piece on the board."""
    total = [0, 0, 0, 0]
    for q, w in enumerate(state.where):
        if w >= 0:
            total[q // 10] += 1
    return (total[0], total[1], total[2], total[3])


RULES = {
    "standard": ap.STANDARD,
    "basic": ap.BASIC,
    "advanced": ap.ADVANCED,
    "every option": attrs.evolve(
        ap.STANDARD,
        square_vs_square=True,
        singles_disband_squares=True,
        remove_stuck_players=False,
        optional_reserve=True,
        no_progress_rounds=3,
        max_turns=60,
    ),
    "three moves a turn": attrs.evolve(ap.STANDARD, turn_moves=lambda state, seat: 3),
    "a bigger release bonus": attrs.evolve(ap.STANDARD, release_bonus=_keep_away),
    "pieces on the board score": attrs.evolve(ap.STANDARD, scoring=_flat, max_turns=30),
    "hyperspace closed (a restriction)": HYPERSPACE_CLOSED,
    "three of four (a true win)": THREE_OF_FOUR,
    "first action only (a filter)": attrs.evolve(
        ap.STANDARD, action_filter=lambda state, acts: acts[:1], max_turns=40
    ),
}


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_core_agrees_with_the_states(name: str, players: int) -> None:
    """Standard phases run natively, a variant's through its rules on a state: either way
    the core says what the states say, ply by ply."""
    game = get_game("astroplane")
    problems = check_core(game, rules=RULES[name], players=players, games=2, seed=players)
    assert problems == []


def test_rules_with_their_own_actions_have_no_core() -> None:
    """A variant's own actions have no action numbers: asking for the core is a ValueError
    naming why, and the states play on as ever."""
    s = ap.new_game(2, rules=ROTATING_SQUARES)
    with pytest.raises(ValueError, match="no action numbers"):
        get_game("astroplane").core(s)  # type: ignore[misc]
    assert s.play(s.legal_moves()[0]).turn == 1


def test_the_core_plays_whole_games_without_states() -> None:
    """Random games through the core alone end, and the end is the states' end."""
    s = ap.new_game(4, rules=attrs.evolve(ap.STANDARD, max_turns=50))
    core = core_for(s)
    rng = random.Random(7)
    p = s.packed
    while not core.is_terminal(p):
        legal = core.legal_actions(p)
        a = legal[rng.randrange(len(legal))]
        p = core.apply(p, a)
        s = s.play(s.legal_moves()[list(core.legal_actions(s.packed)).index(a)])
        assert s.packed == p
    assert s.is_over and core.returns(p) == s.returns()
    assert core.state(p) == s and hash(core.state(p)) == hash(s)


@given(positions())
def test_a_packed_position_is_its_fields(s: ap.GameState) -> None:
    """The packed bytes are exactly what the fields pack to (``packed.encode``), so two
    states are equal exactly when their fields are."""
    ended = 0 if s.outcome is None else list(ap.EndReason).index(s.outcome.reason) + 1
    again = encode(
        s.board, s.locs, s.eliminated, s.seats, s.removed, s.to_move, s.reserve,
        s.travelled, s.landed, s.moves_left, s.turn, s.last_progress, ended,
    )  # fmt: skip
    assert again == s.packed
    assert hash(s) == hash(s.packed)
