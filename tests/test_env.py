"""The PettingZoo AEC environment (astroplane.env): API conformance, masks, rewards."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.rl
pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")
np = pytest.importorskip("numpy", reason="needs the rl extra: pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import astroplane as ap  # noqa: E402
from astroplane.env import OBSERVATION_PLANES, AstroplaneEnv, env, observation  # noqa: E402
from astroplane.games.astroplane.actions import ACTION_COUNT, legal_actions  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_passes_pettingzoo_api_test(players: int) -> None:
    """The wrapped and the raw environment pass PettingZoo's own api_test."""
    api_test(env(players=players), num_cycles=200)
    api_test(AstroplaneEnv(players=players, max_turns=20), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4])
def test_passes_pettingzoo_seed_test(players: int) -> None:
    """Two environments reset with one seed behave identically (PettingZoo's seed_test)."""
    seed_test(lambda: env(players=players), num_cycles=200)


def test_agents_are_seat_names_in_turn_order() -> None:
    """Agents are the seats' names; the first to move is S."""
    e = AstroplaneEnv(players=3)
    e.reset()
    assert e.possible_agents == ["S", "W", "N"]
    assert e.agent_selection == "S"


def test_observation_shape_and_mask() -> None:
    """The observation has 24 planes over the 416 positions and an int8 mask of the legal
    actions, for the agent to move only."""
    e = AstroplaneEnv(players=2)
    e.reset(seed=1)
    obs = e.observe("S")
    assert obs["observation"].shape == (OBSERVATION_PLANES, 416)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (ACTION_COUNT,) and obs["action_mask"].dtype == np.int8
    assert set(np.flatnonzero(obs["action_mask"])) == set(legal_actions(e.state))
    assert e.observe("N")["action_mask"].sum() == 0


def test_observation_planes_are_relative_to_the_agent() -> None:
    """Plane 0 counts the observer's own pieces; the opposite seat of a 2-player game is
    player 2 (two places clockwise); reserve and turn planes are filled."""
    s = ap.new_game(2)
    b = s.topology
    sl, nl = b.position("Sl"), b.position("Nl")
    south, north = observation(s, 0), observation(s, 2)
    assert south[0, sl] == 3 and south[2, nl] == 3
    assert north[0, nl] == 3 and north[2, sl] == 3
    assert south[4, sl] == 1 and south[12, sl] == 3
    assert south[13, 0] == 4 and south[22, 0] == 1 and north[22, 0] == 0
    assert south[21, 0] == 2 and south[17, 0] == 1 and south[18, 0] == 0


def test_observation_counts_captives() -> None:
    """A piece under another player's top piece counts as that player's captive."""
    s = ap.setup_position(players=2, stacks={"c3.ne": ["N1", "S1"], "Sl": ["S2"], "Nl": ["N2"]})
    pos = s.topology.position("c3.ne")
    obs = observation(s, 0)
    assert obs[10, pos] == 1 and obs[8, pos] == 0 and obs[4, pos] == 1


def test_rewards_come_from_the_outcome() -> None:
    """A game played through the env to its end rewards each agent its returns()."""
    e = AstroplaneEnv(players=2, max_turns=8)
    e.reset()
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    final = e.state
    assert final.outcome is not None and final.outcome.reason == ap.EndReason.TURN_LIMIT
    returns = final.returns()
    assert total == {"S": returns[0], "N": returns[2]}


def test_illegal_action_raises_in_the_raw_env_and_ends_the_wrapped_one() -> None:
    """An action outside the mask raises IllegalMoveError in the raw env; the wrapped env
    ends the game with reward -1 for the offender."""
    raw = AstroplaneEnv(players=2)
    raw.reset()
    with pytest.raises(ap.IllegalMoveError):
        raw.step(ACTION_COUNT - 1)
    wrapped = env(players=2)
    wrapped.reset()
    wrapped.step(ACTION_COUNT - 1)
    assert wrapped.rewards["S"] == -1
    assert all(wrapped.terminations.values())


def test_render_ansi() -> None:
    """render() in ansi mode returns the board as text."""
    e = AstroplaneEnv(players=2, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str) and text == str(e.state)


def test_core_import_does_not_import_the_env() -> None:
    """import astroplane (and its bots and actions) never imports astroplane.env or
    PettingZoo, so the core works without the rl extra."""
    code = (
        "import sys, astroplane, astroplane.mcts, astroplane.agents;"
        "import astroplane.games.astroplane.actions;"
        "assert 'astroplane.env' not in sys.modules and 'pettingzoo' not in sys.modules;"
        "assert 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bots_page_examples_run() -> None:
    """Every example of docs/bots.md (MCTS, action numbering, the AEC loop) runs as shown."""
    page = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0
