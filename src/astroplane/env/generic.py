"""A PettingZoo AEC environment for any registered game with an action encoding.

``GameEnv`` plays a game through the protocol alone (``astroplane.protocol.Game``): the
game must give its fixed action encoding (``num_actions``, ``action_to_move``,
``move_to_action``) and an observation (``observe``, ``observation_shape``). Square Off,
StarCastles and Aeroplane Chess do; ASTROPLANE has its own environment
(``AstroplaneEnv``), which ``raw_env("astroplane")`` gives.

**Agents** are the game's seat names (``Game.seat_names``) of the seats in play, in turn
order. An agent may be selected several times in a row when its turn has several
actions (a Square Off removal, a StarCastles Phase Gem).

**Actions** are ``Discrete(num_actions)``; the mask (``"action_mask"``, int8) marks the
legal actions of the agent to act and is all zeros for the others.

**Observations** are ``{"observation": float32 array of observation_shape,
"action_mask": ...}``, the game's ``observe(state, seat)`` shaped, values 0 to 1.

**Chance** (a die) is no agent: after ``reset`` and after each action, chance nodes are
resolved inside the environment by drawing outcomes with their probabilities from a
``random.Random`` seeded by ``reset(seed=...)``, so one seed gives one game.

**The packed core.** For a game with one (``astroplane.core``), the environment keeps the
packed position and plays actions on the core by number: a step builds no state, and the
action mask is the core's legal action numbers. ``state`` (and the observation, which is
the game's ``observe`` of the state) is the view of the position, made when asked; a game
without a core is played on its states, with the same results.

**Rewards** come from the outcome only: when the game ends each agent gets the game's
``returns()[seat]`` (and ``infos[agent]["outcome"]``, the result in words); every other
step rewards 0.

**Turn limit**: ``max_turns=N`` means what it means in every tool
(``astroplane.turnlimit``, as in ``play_game`` and ``astroplane selfplay --max-turns``):
no turn after turn N (``state.turn``) is played. A game with a turn-limit rule
(``with_turn_limit``) has it set so that the game ends by that rule when turn N is over
at the latest (StarCastles' rounds [SC6]: the whole rounds that end by turn N); any
other game (Aeroplane Chess, which has no such rule [AC21], or a limit the rule cannot
express) is *stopped* by the environment in the state in which turn N + 1 begins, after
the same actions and chance draws as ``play_game(..., max_turns=N, chance_seed=seed)``.
A game its turn-limit rule ended (``ended_by_turn_limit``) and a stopped game are
*truncated* for every agent, any other end *terminated*. A stopped game rewards 0 (it is
not over), its mask is empty, and ``infos[agent]`` says why (``"stopped"``, also its
``"outcome"``).

**Illegal actions** raise the game's ``ValueError`` in the raw environment; under
``env()`` they end the game with reward -1 for the offender.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from astroplane.core import Core, StateCore, positions_of
from astroplane.env._deps import AECEnv as _AECEnv
from astroplane.env._deps import gymnasium, np, require, spaces
from astroplane.env._stop import stop_all
from astroplane.protocol import Game, get_game
from astroplane.turnlimit import check_max_turns, limit_state, stopped_words

__all__ = ["RENDER_MODES", "GameEnv", "env_name"]

#: The render modes of ``GameEnv``.
RENDER_MODES = ("ansi", "human")
#: The protocol hooks a game needs for ``GameEnv``.
NEEDED = ("num_actions", "action_to_move", "move_to_action", "observe", "observation_shape")


def env_name(game: Game[Any, Any]) -> str:
    """The environment's PettingZoo name: ``square_off_v0`` for ``square-off``."""
    return game.name.replace("-", "_") + "_v0"


@attrs.frozen
class _Hooks:
    """The ``Game`` hooks ``GameEnv`` calls, known to be there."""

    num_actions: Callable[[Any], int]
    action_to_move: Callable[[Any, int], Any]
    move_to_action: Callable[[Any, Any], int]
    observe: Callable[[Any, int], Sequence[float]]
    observation_shape: Callable[[Any], Sequence[int]]


def _resolve(game: str | Game[Any, Any]) -> tuple[Game[Any, Any], _Hooks]:
    """The game ``game`` names and the hooks ``GameEnv`` needs.

    Raises:
        ValueError: If the game is not registered or lacks one of the hooks.
    """
    found = game if isinstance(game, Game) else get_game(game)
    missing = [h for h in NEEDED if getattr(found, h) is None]
    if missing:
        raise ValueError(
            f"the game {found.name!r} has no PettingZoo environment: it lacks "
            f"{', '.join(missing)} (astroplane.protocol.Game)"
        )
    return found, _Hooks(**{f.name: getattr(found, f.name) for f in attrs.fields(_Hooks)})


class GameEnv(_AECEnv):
    """The raw AEC environment of a game (``astroplane.env.env(game)`` wraps it).

    Args:
        game: The game: its registered name (``"square-off"``) or a ``Game`` value.
        players: The number of players (default: the game's smallest).
        rules: The rules: a rules value of the game or its rules text (``"jump-off"``);
            None for its standard rules.
        max_turns: If given, no turn after turn ``max_turns`` is played: the game's
            turn-limit rule ends it by then, or the environment stops it there and
            truncates every agent (see the module docs; ``astroplane.turnlimit``). None:
            the rules' own limit.
        first: The seat (number or name) that starts (default: the game's).
        render_mode: None, ``"ansi"`` (``render()`` returns the board as text) or
            ``"human"`` (prints it).

    Attributes:
        game: The ``Game``.
        state: The current state.

    Raises:
        ValueError: If the game lacks a hook ``GameEnv`` needs, or on a bad player count,
            rules, turn limit, seat or render mode.
        ImportError: If the rl extra (PettingZoo, Gymnasium, NumPy) is not installed.

    Examples:
        >>> e = GameEnv("square-off", rules="jump-off")
        >>> e.reset(seed=1)
        >>> e.possible_agents, e.agent_selection, int(e.action_space("W").n)
        (['W', 'B'], 'W', 1176)
    """

    metadata = {  # noqa: RUF012 (PettingZoo's convention: a class-level dict)
        "render_modes": list(RENDER_MODES),
        "name": "astroplane_game_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        *,
        rules: Any = None,
        max_turns: int | None = None,
        first: int | str | None = None,
        render_mode: str | None = None,
    ) -> None:
        require()
        super().__init__()
        g, self._hooks = _resolve(game)
        self.game = g
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render mode {render_mode!r} (ansi, human)")
        self._players = g.player_counts[0] if players is None else players
        if isinstance(rules, str):
            rules = g.rules_from_text(rules)
        self._max_turns = None if max_turns is None else check_max_turns(max_turns)
        self._rules = rules
        self._first = first
        self.metadata = {**type(self).metadata, "name": env_name(g)}
        self.render_mode = render_mode
        self._rng = random.Random()
        self._core: Core[Any]
        self._p: Any
        self._start()
        seats = self.state.seats
        self._seat_of = {g.seat_names[s]: s for s in seats}
        self.possible_agents = [g.seat_names[s] for s in seats]
        self.agents = self.possible_agents[:]
        self._n_actions: int = self._hooks.num_actions(self.state)
        self._shape: tuple[int, ...] = tuple(self._hooks.observation_shape(self.state))
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=1.0, shape=self._shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._n_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    @property
    def state(self) -> Any:
        """The current state (for a game with a packed core: the view of its position)."""
        return self._core.state(self._p)

    @state.setter
    def state(self, value: Any) -> None:
        self._core, self._p = positions_of(value)

    def _start(self) -> None:
        """A new game, its turn-limit rule set to ``max_turns``, its chance resolved."""
        state = self.game.new_game(self._players, rules=self._rules, first=self._first)
        if self._max_turns is not None:
            state = limit_state(state, self._max_turns, self.game)
        self.state = state
        self._settle()

    def _settle(self) -> None:
        """Draw chance until a player acts, the game is over or the turn limit stops it
        (before the roll that would begin turn ``max_turns + 1``), as
        ``astroplane.protocol.sample_chance`` draws it."""
        core, p, rng = self._core, self._p, self._rng
        while core.is_chance(p) and not core.is_terminal(p) and not self._stopped(p):
            outcomes = core.chance_outcomes(p)
            p = core.apply(p, rng.choices([a for a, _q in outcomes], [q for _a, q in outcomes])[0])
        self._p = p

    def _stopped(self, p: Any) -> bool:
        """``astroplane.turnlimit.stopped`` of the position ``p``, read on the core."""
        limit = self._max_turns
        return limit is not None and not self._core.is_terminal(p) and self._core.turn(p) > limit

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same for all agents)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the draws of chance (``options`` is unused)."""
        self._rng = random.Random(seed)
        self._start()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.game.seat_names[int(self._core.to_move(self._p))]
        if self._core.is_terminal(self._p):  # pragma: no cover - no bundled game starts finished
            self._finish()

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of ``agent``: the game's ``observe`` and the action mask."""
        seat = self._seat_of[agent]
        core, p = self._core, self._p
        s = core.state(p)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        if not core.is_terminal(p) and int(core.to_move(p)) == seat and not self._stopped(p):
            if isinstance(core, StateCore):  # the actions are moves: number them
                number = self._hooks.move_to_action
                for m in s.legal_moves():
                    mask[number(s, m)] = 1
            else:
                mask[list(core.legal_actions(p))] = 1
        values = self._hooks.observe(s, seat)
        obs = np.asarray(values, dtype=np.float32).reshape(self._shape)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for the selected agent, then any chance.

        Raises:
            ValueError: If the action is not legal (the game's error, such as
                ``IllegalMoveError``; see ``env()`` for a wrapper that ends the game
                instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core, p, number = self._core, self._p, int(action)
        if isinstance(core, StateCore) or number not in core.legal_actions(p):
            move = self._hooks.action_to_move(core.state(p), number)  # raises if illegal
            self.state = core.state(p).play(move)
        else:
            self._p = core.apply(p, number)
        self._settle()
        for a in self.agents:
            self.rewards[a] = 0.0
        self._cumulative_rewards[agent] = 0.0
        if self._core.is_terminal(self._p):
            self._finish()
        elif self._stopped(self._p):
            assert self._max_turns is not None
            words = stopped_words(self.game, self._max_turns)
            stop_all(self, words, words)
        self.agent_selection = self.game.seat_names[int(self._core.to_move(self._p))]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        """Set the rewards and the end flags of a finished game."""
        state = self.state
        values = state.returns()
        hook = self.game.ended_by_turn_limit
        truncated = hook is not None and hook(state)
        how = self.game.describe_outcome(state)
        for a in self.agents:
            self.rewards[a] = float(values[self._seat_of[a]])
            self.infos[a] = {"outcome": how}
            if truncated:
                self.truncations[a] = True
            else:
                self.terminations[a] = True

    def render(self) -> str | None:
        """The board as text (``"ansi"``), or print it (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode")
            return None
        s, g = self.state, self.game
        text = g.render_text(s) + "\n" + (g.describe_outcome(s) if s.is_over else g.status(s))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
