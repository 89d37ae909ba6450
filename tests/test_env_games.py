"""The PettingZoo environment of every game with an action encoding (astroplane.env):
API conformance, masks, rewards, truncation, chance and the observation tensors."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

pytestmark = pytest.mark.rl
pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")
np = pytest.importorskip("numpy", reason="needs the rl extra: pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from astroplane.env import AstroplaneEnv, GameEnv, env, raw_env  # noqa: E402
from astroplane.errors import IllegalMoveError  # noqa: E402
from astroplane.games.aeroplane_chess import setup_position  # noqa: E402
from astroplane.games.aeroplane_chess.play import MAX_TURN  # noqa: E402
from astroplane.protocol import get_game  # noqa: E402

SQUARE_OFF_RULES = ["square-off", "jump-off", "trading-places", "nine-mens-morris"]


def _random_game(e: Any, seed: int, infos: dict[str, Any] | None = None) -> dict[str, float]:
    """Play ``e`` (reset with ``seed``) to its end with random legal actions; the rewards
    each agent collected (and in ``infos``, each agent's last info)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if infos is not None:
            infos[agent] = info
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


@pytest.mark.parametrize("rules", SQUARE_OFF_RULES)
def test_square_off_passes_pettingzoo_api_test(rules: str) -> None:
    """The wrapped and the raw Square Off environment of every preset pass api_test."""
    api_test(env("square-off", rules=rules), num_cycles=300)
    api_test(raw_env("square-off", rules=rules, max_turns=30), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starcastles_passes_pettingzoo_api_test(players: int) -> None:
    """The wrapped and the raw StarCastles environment pass api_test for 2 to 6 players."""
    api_test(env("starcastles", players=players, max_turns=120), num_cycles=300)
    api_test(raw_env("starcastles", players=players, max_turns=12), num_cycles=300)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("square-off", {"max_turns": 60}),
        ("starcastles", {"players": 6, "max_turns": 60}),
        ("aeroplane-chess", {"players": 4}),
    ],
)
def test_passes_pettingzoo_seed_test(game: str, options: dict[str, Any]) -> None:
    """Two environments reset with one seed behave identically (PettingZoo's seed_test),
    the die's rolls included."""
    seed_test(lambda: env(game, **options), num_cycles=200)


@pytest.mark.parametrize("rules", SQUARE_OFF_RULES)
def test_random_square_off_games_end_with_the_returns(rules: str) -> None:
    """A random-agents Square Off game runs to its end; each agent's rewards add up to its
    returns() (a win 1, a loss 0, a draw 0.5), and its info says how the game ended."""
    for seed in range(3):
        e = raw_env("square-off", rules=rules)
        infos: dict[str, Any] = {}
        total = _random_game(e, seed, infos)
        final = e.state
        assert final.is_over
        assert total == {"W": final.returns()[0], "B": final.returns()[1]}
        assert infos["B"]["outcome"] == get_game("square-off").describe_outcome(final) != ""


@pytest.mark.parametrize("players", [2, 6])
def test_random_starcastles_games_end_with_the_returns(players: int) -> None:
    """A random-agents StarCastles game runs to its end (the round limit at the latest);
    each agent's rewards add up to its returns()."""
    e = raw_env("starcastles", players=players, max_turns=120)
    total = _random_game(e, 4)
    final = e.state
    assert final.is_over
    assert total == {a: final.returns()[i] for i, a in enumerate(e.possible_agents)}


def test_a_turn_limit_end_is_a_truncation_and_any_other_a_termination() -> None:
    """A game ended by the limit with_turn_limit sets is truncated (Square Off's max_turns,
    StarCastles' max_rounds); a win terminates."""
    so = raw_env("square-off", max_turns=6)
    _random_game(so, 0)
    assert so.state.outcome.ending.value == "max_turns"
    assert all(so.truncations.values()) and not any(so.terminations.values())
    sc = raw_env("starcastles", players=3, max_turns=6)
    _random_game(sc, 0)
    assert sc.state.is_over and sc.state.winner is None
    assert all(sc.truncations.values()) and not any(sc.terminations.values())
    won = raw_env("square-off", rules="nine-mens-morris")
    for seed in range(20):
        _random_game(won, seed)
        if won.state.outcome.winner is not None:
            break
    assert won.state.outcome.winner is not None
    assert all(won.terminations.values()) and not any(won.truncations.values())


def test_the_mask_is_the_legal_actions_of_the_agent_to_act() -> None:
    """The mask marks exactly the numbers of the legal moves, for the agent to act only;
    agents are the seat names."""
    e = raw_env("starcastles", players=3)
    e.reset(seed=0)
    g = get_game("starcastles")
    assert e.possible_agents == ["B", "O", "V"] and e.agent_selection == "B"
    mask = e.observe("B")["action_mask"]
    want = {g.move_to_action(e.state, m) for m in e.state.legal_moves()}
    assert set(np.flatnonzero(mask)) == want and mask.dtype == np.int8
    assert e.observe("O")["action_mask"].sum() == 0


def test_an_illegal_action_raises_raw_and_ends_the_wrapped_game() -> None:
    """An action outside the mask raises the game's error in the raw env; the wrapped env
    ends the game with reward -1 for the offender."""
    raw = raw_env("square-off")
    raw.reset()
    with pytest.raises(IllegalMoveError):
        raw.step(25)  # a slide in stage 1
    wrapped = env("starcastles")
    wrapped.reset()
    wrapped.step(0)  # leads off the board
    assert wrapped.rewards["B"] == -1 and all(wrapped.terminations.values())


def test_the_game_is_picked_by_name_and_astroplane_stays_the_default() -> None:
    """env() and raw_env() with no game are ASTROPLANE's; a name or a Game value picks
    another game; a game without an encoding or observation is refused, naming what it
    lacks."""
    assert isinstance(raw_env(players=3), AstroplaneEnv)
    assert isinstance(env(players=2).unwrapped, AstroplaneEnv)
    assert isinstance(raw_env(get_game("square-off")), GameEnv)
    assert raw_env("starcastles").metadata["name"] == "starcastles_v0"
    # the game may be named by keyword too, as the package docstring writes it
    assert isinstance(env(game="square-off", rules="jump-off").unwrapped, GameEnv)
    assert isinstance(raw_env(game="astroplane", players=2), AstroplaneEnv)
    bare = type("Bare", (type(get_game("square-off")),), {"num_actions": None, "observe": None})
    with pytest.raises(ValueError, match=r"square-off.*lacks num_actions, observe"):
        raw_env(bare())
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("no-such-game")


def test_options_reach_the_game() -> None:
    """Players, rules (a value or its text), first and max_turns reach the new game (60
    turns of four players are 15 rounds [SC6], as in every tool: astroplane.turnlimit)."""
    g = get_game("starcastles")
    e = raw_env("starcastles", players=4, rules="starcastles-121", first="R", max_turns=60)
    e.reset()
    s = e.state
    assert s.player_count == 4 and s.rules.arm == 4 and s.to_move == 3
    assert s.rules.max_rounds == 15 and e.agent_selection == "R"
    assert e.observation_space("B")["observation"].shape == (46, 121)
    assert e.action_space("B").n == g.num_actions(s)


def test_render_ansi_shows_the_board_and_the_status() -> None:
    """render() in ansi mode is the game's text drawing and its status line."""
    e = raw_env("square-off", render_mode="ansi")
    e.reset()
    g = get_game("square-off")
    assert e.render() == g.render_text(e.state) + "\n" + g.status(e.state)


# ---- Aeroplane Chess: chance (its die) is drawn inside the env ---------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aeroplane_chess_passes_pettingzoo_api_test(players: int) -> None:
    """The wrapped and the raw Aeroplane Chess environment pass api_test for 2 to 4
    players."""
    api_test(env("aeroplane-chess", players=players), num_cycles=300)
    api_test(raw_env("aeroplane-chess", players=players, rules="classic"), num_cycles=300)


def test_aeroplane_chess_has_its_encoding_and_observation() -> None:
    """The registered game gives the env its 1815 actions, its (32, 80) observation and
    its colours as agents."""
    e = raw_env("aeroplane-chess", players=2, first="B")
    e.reset(seed=0)
    assert e.possible_agents == ["R", "B"] and e.agent_selection == "B"
    assert e.action_space("R").n == 1815
    assert e.observation_space("B")["observation"].shape == (32, 80)
    assert e.metadata["name"] == "aeroplane_chess_v0"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_aeroplane_chess_games_end_with_the_returns_and_never_show_chance(
    players: int,
) -> None:
    """Seeded random-agent games run to the end; no agent ever meets a chance node or a
    roll in its mask; each agent's rewards add up to its returns()."""
    for seed in range(2):
        e = raw_env("aeroplane-chess", players=players)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            total[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            assert not e.state.is_chance_node
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) and legal.min() >= 6  # 0..5 are the die's outcomes
            e.step(int(rng.choice(legal)))
        final = e.state
        assert final.is_over and all(e.terminations.values())
        seat = {"R": 0, "Y": 1, "B": 2, "G": 3}
        assert total == {a: final.returns()[seat[a]] for a in e.possible_agents}


def test_chance_is_drawn_inside_the_env_from_the_reset_seed() -> None:
    """A game with dice never selects chance: the env rolls the die, and one reset seed
    gives one game, another seed another."""
    games = []
    for seed in (7, 7, 8):
        e = raw_env("aeroplane-chess", players=2)
        _random_game(e, seed)
        assert e.state.is_over
        games.append(e.state)
    assert games[0] == games[1] != games[2]


def test_an_aeroplane_chess_game_stopped_by_the_turn_limit_is_truncated() -> None:
    """A game that ends when turn 1,000,000 is over [AC21] is truncated, not terminated."""
    e = raw_env("aeroplane-chess", players=2)
    e.reset(seed=0)
    e.state = setup_position("RB", {"R1": "5"}, turn=MAX_TURN, roll=1)
    e.agent_selection = "R"
    e.step(int(np.flatnonzero(e.observe("R")["action_mask"])[0]))
    assert e.state.is_over and e.state.turn_limit
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_without_the_rl_extra_the_package_imports_and_building_names_the_extra() -> None:
    """With PettingZoo missing, astroplane.env still imports; making any game's env
    raises an ImportError that names the extra."""
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "import astroplane.env as e\n"
        "for game in ('square-off', 'astroplane'):\n"
        "    try:\n"
        "        e.raw_env(game)\n"
        "    except ImportError as exc:\n"
        '        assert "astroplane[rl]" in str(exc), exc\n'
        "    else:\n"
        "        raise SystemExit('no ImportError')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---- Aeroplane Chess team play [AC26]: partners share the reward -------------------------


def test_aeroplane_chess_team_game_passes_pettingzoo_api_test() -> None:
    """The wrapped and the raw environment of a four-player team game pass api_test."""
    api_test(env("aeroplane-chess", players=4, rules="teams"), num_cycles=300)
    api_test(raw_env("aeroplane-chess", players=4, rules="family,teams=on"), num_cycles=300)


def test_random_aeroplane_chess_team_games_reward_both_winning_partners() -> None:
    """Seeded random team games run to the end; both partners of the team that finished
    get reward 1.0 and the others 0.0, each agent's rewards add up to its returns(), and
    the outcome in the infos names the team."""
    seat = {"R": 0, "Y": 1, "B": 2, "G": 3}
    winners = set()
    for seed in range(3):
        e = raw_env("aeroplane-chess", players=4, rules="teams")
        infos: dict[str, Any] = {}
        total = _random_game(e, seed, infos)
        final = e.state
        assert final.is_over and not final.turn_limit and all(e.terminations.values())
        assert total == {a: final.returns()[seat[a]] for a in e.possible_agents}
        won = {a for a, r in total.items() if r == 1.0}
        assert won in ({"R", "B"}, {"Y", "G"}) and sum(total.values()) == 2.0
        assert set(final.finished) >= {seat[a] for a in won}
        assert "win as a team" in infos["R"]["outcome"]
        winners.add(frozenset(won))
    assert len(winners) == 2  # the seeds give a win to each team


def test_aeroplane_chess_team_play_needs_four_players() -> None:
    """The environment refuses team play with two or three players [AC26]."""
    for players in (2, 3):
        with pytest.raises(ValueError, match="four"):
            raw_env("aeroplane-chess", players=players, rules="teams")
