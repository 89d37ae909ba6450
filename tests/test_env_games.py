"""The PettingZoo environment of every game with an action encoding (astroplane.env):
API conformance, masks, rewards, truncation, chance and the observation tensors."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from astroplane.env import AstroplaneEnv, GameEnv, env, raw_env  # noqa: E402
from astroplane.errors import IllegalMoveError  # noqa: E402
from astroplane.games.aeroplane_chess import AEROPLANE_CHESS  # noqa: E402
from astroplane.games.aeroplane_chess import Move as AcMove  # noqa: E402
from astroplane.games.aeroplane_chess import MoveKind as AcKind  # noqa: E402
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


@pytest.mark.parametrize(("game", "options"), [("square-off", {}), ("starcastles", {"players": 6})])
def test_passes_pettingzoo_seed_test(game: str, options: dict[str, Any]) -> None:
    """Two environments reset with one seed behave identically (PettingZoo's seed_test)."""
    seed_test(lambda: env(game, max_turns=60, **options), num_cycles=200)


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
    assert sc.state.is_over and sc.state.winner < 0
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
    with pytest.raises(ValueError, match=r"aeroplane-chess.*lacks num_actions"):
        raw_env("aeroplane-chess")
    with pytest.raises(ValueError, match="unknown game"):
        raw_env("no-such-game")


def test_options_reach_the_game() -> None:
    """Players, rules (a value or its text), first and max_turns reach the new game."""
    g = get_game("starcastles")
    e = raw_env("starcastles", players=4, rules="starcastles-121", first="R", max_turns=60)
    e.reset()
    s = e.state
    assert s.player_count == 4 and s.rules.arm == 4 and s.to_move == 3
    assert s.rules.max_rounds == 10 and e.agent_selection == "R"
    assert e.observation_space("B")["observation"].shape == (46, 121)
    assert e.action_space("B").n == g.num_actions(s)


def test_render_ansi_shows_the_board_and_the_status() -> None:
    """render() in ansi mode is the game's text drawing and its status line."""
    e = raw_env("square-off", render_mode="ansi")
    e.reset()
    g = get_game("square-off")
    assert e.render() == g.render_text(e.state) + "\n" + g.status(e.state)


# ---- chance: a test encoding on Aeroplane Chess, whose die is a chance node ---------------
_AC_LAUNCHES, _AC_FLIGHTS = 16, 16 * 80 * 2


def _ac_number(_state: object, move: AcMove) -> int:
    if move.kind == AcKind.LAUNCH:
        return move.plane
    if move.kind == AcKind.FLY:
        return _AC_LAUNCHES + (move.plane * 80 + move.square) * 2 + int(move.stack)
    return _AC_LAUNCHES + _AC_FLIGHTS  # the pass


def _ac_move(state: Any, action: int) -> AcMove:
    for m in state.legal_moves():
        if _ac_number(state, m) == action:
            return m
    raise IllegalMoveError(action, "not a legal action number")


_AC_WITH_ACTIONS = attrs.evolve(
    AEROPLANE_CHESS,
    num_actions=lambda state: _AC_LAUNCHES + _AC_FLIGHTS + 1,
    action_to_move=_ac_move,
    move_to_action=_ac_number,
    observe=lambda state, seat: [float(state.to_move == seat)],
    observation_shape=lambda state: (1,),
)


def test_chance_is_drawn_inside_the_env_from_the_reset_seed() -> None:
    """A game with dice (Aeroplane Chess, given a test encoding) never selects chance: the
    env rolls the die, and one reset seed gives one game, another seed another."""
    games = []
    for seed in (7, 7, 8):
        e = raw_env(_AC_WITH_ACTIONS, players=2)
        _random_game(e, seed)
        assert e.state.is_over
        games.append(e.state)
    assert games[0] == games[1] != games[2]
    e = raw_env(_AC_WITH_ACTIONS, players=2)
    api_test(e, num_cycles=200)


def test_chance_env_states_are_never_chance_nodes() -> None:
    """After reset and after every step, the state holds a player to act (or is over)."""
    e = raw_env(_AC_WITH_ACTIONS, players=3)
    e.reset(seed=3)
    rng = random.Random(3)
    while not e.state.is_over:
        assert not e.state.is_chance_node
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(rng.choice(list(legal))))


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
