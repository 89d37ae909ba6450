"""astroplane.openspiel (issue 36): every registered game with an action encoding is an
OpenSpiel game that OpenSpiel's own tests, algorithms and serialization accept.

* OpenSpiel's ``random_sim_test`` (with serialization) on every registered game, bundled
  and plug-in, at its smallest and largest player count;
* Square Off's ``nine-mens-morris`` preset through the adapter in lockstep with OpenSpiel's
  ``nine_mens_morris`` (legal actions, player, returns at every node);
* OpenSpiel's Python MCTS and ``evaluate_bots`` play our games;
* what a caller gets wrong: an illegal action, an unknown game or rules text, a game
  without an action encoding.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from astroplane.protocol import Game, games, get_game

pytestmark = pytest.mark.openspiel
pyspiel = pytest.importorskip(
    "pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'"
)
adapter = pytest.importorskip("astroplane.openspiel")


def _encoded() -> list[Game[Any, Any]]:
    return sorted((g for g in games().values() if g.num_actions is not None), key=lambda g: g.name)


CASES = [
    pytest.param(g.name, n, id=f"{g.name}-{n}p")
    for g in _encoded()
    for n in sorted({min(g.player_counts), max(g.player_counts)})
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test_accepts_every_game(name: str, players: int) -> None:
    """OpenSpiel's own check of a game (legal actions, chance outcomes summing to 1,
    returns in the declared range, clone, serialize and deserialize at every state)."""
    # The largest player count is cut short at 300 decisions (ASTROPLANE's 4-player
    # games are long); the cut-short returns are checked by OpenSpiel too.
    bound = 300 if players > 2 else None
    game = adapter.load_game(name, players=players, max_game_length=bound)
    assert game.num_players() == players
    assert game.get_type().short_name == adapter.openspiel_name(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_type_follows_the_declaration() -> None:
    for g in _encoded():
        spiel_type = adapter.load_game(g.name).get_type()
        declared = g.game_type
        assert spiel_type.chance_mode.name == declared.chance_mode.name, g.name
        assert spiel_type.utility.name == declared.utility.name, g.name
        assert spiel_type.information.name == declared.information.name, g.name
    dice = adapter.load_game("aeroplane-chess").get_type()
    assert dice.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_a_string_loads_the_game_after_register_all() -> None:
    """``pyspiel.load_game`` with the short name and parameters, as a serialized game has."""
    assert "astroplane_square_off" in adapter.register_all()
    game = pyspiel.load_game("astroplane_square_off(rules=nine-mens-morris)")
    state = game.new_initial_state()
    assert state.legal_actions() == pyspiel.load_game("nine_mens_morris").new_initial_state(
    ).legal_actions()  # fmt: skip


def test_square_off_nine_mens_morris_plays_in_lockstep_with_openspiel() -> None:
    """The adapter's nine-mens-morris game and OpenSpiel's nine_mens_morris agree at every
    node of seeded random games: sorted legal actions, player, terminal, returns."""
    ours_game = adapter.load_game("square-off", rules="nine-mens-morris")
    theirs_game = pyspiel.load_game("nine_mens_morris")
    plies = 0
    for seed in range(20):
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.current_player() == theirs.current_player()
            legal = theirs.legal_actions()
            assert ours.legal_actions() == legal
            action = rng.choice(legal)
            ours.apply_action(action)
            theirs.apply_action(action)
            plies += 1
        assert ours.is_terminal()
        # OpenSpiel scores a win 1/-1 (zero-sum); astroplane 1/0 (constant-sum 1).
        assert [(r + 1) / 2 for r in theirs.returns()] == ours.returns()
    assert plies > 1000


def test_a_clone_is_independent_and_serialization_round_trips() -> None:
    game = adapter.load_game("aeroplane-chess", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before and state.history() != clone.history()
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history() and str(back) == before
    assert back.astroplane_state() == state.astroplane_state()


def test_the_astroplane_state_and_the_observation() -> None:
    game = adapter.load_game("starcastles", players=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    ours = state.astroplane_state()
    g = get_game("starcastles")
    assert str(state) == g.position_to_text(ours)
    assert g.observe is not None and g.observation_shape is not None
    tensor = state.observation_tensor(state.current_player())
    assert list(tensor) == pytest.approx(list(g.observe(ours, ours.to_move)))
    assert len(tensor) == game.observation_tensor_size()


def test_openspiel_mcts_and_evaluate_bots_play_our_games() -> None:
    """OpenSpiel's Python MCTS (random rollouts) never loses to uniform random play at
    tic-tac-toe (the plug-in example), and plays Pig (dice) and Square Off through
    ``evaluate_bots`` to an end."""
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots, mcts

    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    game = adapter.load_game("tic-tac-toe")
    for first in (0, 1, 0, 1):
        searcher = mcts.MCTSBot(game, 2, 200, evaluator, random_state=rng)
        rand = pyspiel.make_uniform_random_bot(1 - first, 7 + first)
        bots = [searcher, rand] if first == 0 else [rand, searcher]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[first] >= 0.5, (first, returns)  # a win (1) or a draw (0.5)
    for name, bound in (("pig", 200), ("square-off", 40)):
        short = adapter.load_game(name, max_game_length=bound)
        bots = [mcts.MCTSBot(short, 2, 10, evaluator, random_state=rng) for _ in range(2)]
        returns = evaluate_bots.evaluate_bots(short.new_initial_state(), bots, rng)
        assert len(returns) == 2 and sum(returns) == pytest.approx(1.0), (name, returns)


def test_an_illegal_action_is_a_value_error_and_changes_nothing() -> None:
    game = adapter.load_game("square-off")
    state = game.new_initial_state()
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(ValueError, match=f"action {illegal} is not legal"):
        state.apply_action(illegal)
    assert set(state.legal_actions()) == legal and state.history() == []


def test_bad_parameters_are_value_errors() -> None:
    with pytest.raises(ValueError, match="no-such-game"):
        adapter.load_game("no-such-game")
    with pytest.raises(ValueError):
        adapter.load_game("square-off", rules="no-such-preset")
    with pytest.raises(ValueError):
        adapter.load_game("square-off", players=5)
    with pytest.raises(ValueError, match="max_game_length"):
        adapter.load_game("square-off", max_game_length=-1)


def test_a_game_cut_short_shares_the_utility_sum() -> None:
    game = adapter.load_game("square-off", max_game_length=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 3
    assert state.returns() == [0.5, 0.5]
