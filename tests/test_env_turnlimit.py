"""``astroplane.env``'s ``max_turns`` means what it means in every tool
(``astroplane.turnlimit``): no turn after turn N is played. A game with a turn-limit rule
ends by it, any other game is stopped by the environment, and both are a PettingZoo
*truncation* of every agent; the environment stops at the same ply as ``play_game``."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.rl
pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")
np = pytest.importorskip("numpy", reason="needs the rl extra: pip install -e '.[rl]'")

from pettingzoo.test import api_test  # noqa: E402

from astroplane.agents import RandomBot, play_game  # noqa: E402
from astroplane.env import AstroplaneEnv, env, raw_env  # noqa: E402
from astroplane.protocol import games, get_game  # noqa: E402
from test_env_games import _random_game  # noqa: E402

#: (game, players) for every registered game with an action encoding (the example games
#: the test run registers included), at its smallest and largest table.
TABLES = sorted(
    {
        (name, count)
        for name, game in games().items()
        if game.num_actions is not None
        for count in {game.player_counts[0], game.player_counts[-1]}
    }
)


def _env_run(
    name: str, players: int, max_turns: int, seed: int, moves: list[Any]
) -> tuple[Any, dict[str, tuple[bool, bool]]]:
    """The raw environment of ``name``, reset with ``seed`` and stepped with the actions of
    the players' ``moves`` (its chance drawn by itself), then to the end of its agents;
    and each agent's ``(terminated, truncated)`` when it was done."""
    game = get_game(name)
    e = raw_env(name, players=players, max_turns=max_turns)
    e.reset(seed=seed)
    ends: dict[str, tuple[bool, bool]] = {}
    steps = 0
    for agent in e.agent_iter(max_iter=10_000):
        _obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated)
            e.step(None)
            continue
        assert steps < len(moves), "the environment plays on after play_game stopped"
        e.step(game.move_to_action(e.state, moves[steps]))
        steps += 1
    assert steps == len(moves)
    return e, ends


@pytest.mark.parametrize(("name", "players"), TABLES)
@pytest.mark.parametrize("max_turns", [2, 5])
def test_every_game_stops_at_the_ply_play_game_stops_at(
    name: str, players: int, max_turns: int
) -> None:
    """With a small ``max_turns`` the environment of every registered game ends in the
    state ``play_game(..., max_turns=...)`` ends in, after the same actions; a game the
    tools stop (no turn-limit rule, or one that cannot end it there) and a game ended by
    its turn-limit rule are truncated for every agent, any other end terminated."""
    game = get_game(name)
    seed = 3
    start = game.new_game(players)
    bots = [RandomBot(seed + k) for k in range(players)]
    run = play_game(start, bots, max_turns=max_turns, chance_seed=seed)
    chosen = [m for s, m in zip(_states(run), run.moves, strict=False) if not s.is_chance_node]
    e, ends = _env_run(name, players, max_turns, seed, chosen)
    assert e.state == run.final
    assert not e.agents and set(ends) == set(e.possible_agents)  # every agent done
    if run.truncated:
        assert not e.state.is_over and e.state.turn == max_turns + 1
        by_rule = False
    else:
        assert e.state.is_over
        hook = game.ended_by_turn_limit
        by_rule = hook is not None and hook(e.state)
    truncated = run.truncated or by_rule
    assert set(ends.values()) == {(not truncated, truncated)}


def _states(run: Any) -> list[Any]:
    states = [run.initial]
    for move in run.moves:
        states.append(states[-1].play(move))
    return states


def test_aeroplane_chess_takes_a_limit_and_is_truncated_with_no_reward() -> None:
    """Aeroplane Chess has no turn-limit rule [AC21]: ``max_turns`` no longer raises; the
    environment stops the game when turn ``max_turns`` is over, every agent truncated
    with reward 0 and the reason in its info, the mask empty."""
    e = raw_env("aeroplane-chess", players=3, max_turns=4)
    infos: dict[str, Any] = {}
    rewards = _random_game(e, 1, infos)
    assert e.state.turn == 5 and not e.state.is_over
    assert set(rewards.values()) == {0.0} and set(infos) == set(e.possible_agents)
    for info in infos.values():
        assert "stopped when turn 4 was over" in info["stopped"]
        assert info["outcome"] == info["stopped"]
    assert not any(e.observe(agent)["action_mask"].any() for agent in e.possible_agents)


def test_starcastles_counts_turns_not_rounds() -> None:
    """StarCastles' rule counts rounds [SC6]: ``max_turns=12`` for three players is the
    four rounds that end by turn 12 (``with_turn_limit`` given 12 made it two rounds of
    the six-player table)."""
    e = raw_env("starcastles", players=3, max_turns=12)
    assert e.state.rules.max_rounds == 4


def test_a_limit_beyond_astroplanes_rule_is_kept_by_the_environment() -> None:
    """ASTROPLANE's rule [D18] takes at most 1,000,000 turns: a larger ``max_turns`` is
    no error, the environment keeps it itself (the rules have no limit then)."""
    e = AstroplaneEnv(players=2, max_turns=10**7)
    assert e.state.rules.max_turns is None
    assert AstroplaneEnv(players=2, max_turns=7).state.rules.max_turns == 7
    with pytest.raises(ValueError, match="max_turns is a positive number of turns"):
        raw_env("square-off", max_turns=0)


def test_a_stopped_game_passes_pettingzoo_api_test() -> None:
    """The wrapped and the raw environment of a game the tools stop pass ``api_test``."""
    api_test(env("aeroplane-chess", players=2, max_turns=6), num_cycles=200)
    api_test(raw_env("tic-tac-toe", max_turns=2), num_cycles=50)
