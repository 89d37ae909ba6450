"""ASTROPLANE as a PettingZoo AEC environment, for reinforcement-learning research.

Needs the optional extra ``astroplane[rl]`` (``pettingzoo``, ``gymnasium``, ``numpy``);
``import astroplane`` never imports this module, so the core library works without them.
This module itself imports without them too (so tools that import every module, such as
doctest collection, keep working); building an environment or an observation then
raises an ``ImportError`` that names the extra. Examples are in docs/bots.md.

**Agents** are the seat names of the game, in turn order (``"S"``, ``"N"`` for two
players; ``"S"``, ``"W"``, ``"N"`` for three; all four for four). An ASTROPLANE turn is
several actions by the same player (two moves, free Wormhole travels, ``END_TURN``), so
the same agent is often selected several times in a row. A player removed as stuck
[D16] stays in ``agents`` and is simply never selected again: removed players are still
scored and may win, so they get their reward when the game ends.

**Actions** are ``Discrete(ACTION_COUNT)`` (15497 on the reference board), numbered by
``astroplane.games.astroplane.actions`` (every ``(kind, origin, target, choice)`` the board
allows). Only
the actions in the mask are legal; an illegal action raises ``IllegalMoveError`` in the
raw environment, and ends the game with a reward of -1 for the offender under ``env()``
(PettingZoo's ``TerminateIllegalWrapper``).

**Observations** are a dict ``{"observation": float32 array (24, P), "action_mask":
int8 array (ACTION_COUNT,)}``, where ``P`` is the number of positions of the board
(``Topology.n_positions``, 416 on the reference board: the 400 grid positions
``4 * cell + apex``, the 8 firing positions, the 8 Start Areas). Planes are relative to
the observing agent: *player k* is the seat ``k`` places clockwise from it (k = 0 is the
agent itself; planes of seats not in the game stay 0).

=========  =========================================================================
plane      content (per position, counts are numbers of pieces)
=========  =========================================================================
0-3        pieces of player k at the position
4-7        1 if the top piece belongs to player k
8-11       captives of player k: its pieces at the position under another
           player's top piece
12         stack height
13-16      reserve of player k (the same value at every position)
17-20      1 if player k is in the game and not removed (every position)
21         moves left in the current turn (every position)
22         1 if the observing agent is to move (every position)
23         1 if the top piece is marked as having travelled a Wormhole [D19]
=========  =========================================================================

The mask is all zeros for agents other than the one to move.

**Rewards** come from the outcome only: when the game ends each agent gets
``state.returns()[seat]``, so a sole winner 1, winners sharing the win ``1 / k`` each,
the others 0; every other step rewards 0.

**Turn limit**: ``max_turns=N`` means what it means in every tool
(``astroplane.turnlimit``, as in ``play_game``): no turn after turn N is played. It is
set as the rules' turn limit [D18], so the game ends by that rule when turn N is over; a
limit beyond the rule's range (1,000,000 turns) is kept by the environment, which stops
the game in the state in which turn N + 1 begins. A game ended by the turn limit [D18]
and a stopped game are *truncated* (``truncations`` true for every agent), any other end
*terminated*. A stopped game rewards 0 (it is not over), its mask is empty, and
``infos[agent]`` says why (``"stopped"``; its ``"outcome"`` is None).
"""

from __future__ import annotations

from typing import Any

from astroplane.env._deps import AECEnv as _AECEnv
from astroplane.env._deps import gymnasium, np, require, spaces
from astroplane.env._stop import stop_all
from astroplane.games.astroplane.actions import action_space, action_to_move
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.pieces import SEAT_NAMES
from astroplane.games.astroplane.rules.ruleset import STANDARD, Rules
from astroplane.games.astroplane.setup import new_game
from astroplane.games.astroplane.state import GameState
from astroplane.protocol import game_of
from astroplane.turnlimit import check_max_turns, limit_state, stopped, stopped_words

__all__ = ["OBSERVATION_PLANES", "RENDER_MODES", "AstroplaneEnv", "observation"]


#: The render modes of ``AstroplaneEnv``.
RENDER_MODES = ("ansi", "human")
#: Number of observation planes (see the module docs).
OBSERVATION_PLANES = 24


def observation(state: GameState, seat: int) -> Any:
    """The observation tensor of ``state`` as seat ``seat`` sees it.

    Args:
        state: Any state.
        seat: The observing seat (0..3).

    Returns:
        A NumPy float32 array of shape ``(OBSERVATION_PLANES, topology.n_positions)``;
        planes as in the module docs.

    Raises:
        ImportError: If NumPy is not installed.
    """
    require()
    t = state.topology
    obs = np.zeros((OBSERVATION_PLANES, t.n_positions), dtype=np.float32)
    stacks = state.stacks
    where = state.where
    travelled = state.travelled
    for pid, pos in enumerate(where):
        if pos < 0:
            continue
        k = (pid // 10 - seat) % 4
        obs[k, pos] += 1.0
    for pos, st in enumerate(stacks):
        if not st:
            continue
        top = st[-1]
        top_owner = top // 10
        obs[4 + (top_owner - seat) % 4, pos] = 1.0
        obs[12, pos] = len(st)
        for q in st[:-1]:
            if q // 10 != top_owner:
                obs[8 + (q // 10 - seat) % 4, pos] += 1.0
        if (travelled >> top) & 1:
            obs[23, pos] = 1.0
    active = state.active_seats
    for s in range(4):
        k = (s - seat) % 4
        obs[13 + k, :] = state.reserve[s]
        if s in active:
            obs[17 + k, :] = 1.0
    obs[21, :] = state.moves_left
    if state.outcome is None and int(state.to_move) == seat:
        obs[22, :] = 1.0
    return obs


class AstroplaneEnv(_AECEnv):
    """The raw ASTROPLANE AEC environment (use ``env()`` for the wrapped one).

    Args:
        players: 2, 3 or 4.
        rules: The rules (default: standard); ``max_turns`` below overrides theirs.
        max_turns: No turn after turn ``max_turns`` is played: the rules' turn limit
            [D18] is set to it (or, beyond the rule's 1,000,000 turns, the environment
            stops the game there; ``astroplane.turnlimit``); either way the game is
            truncated. None: the rules' own limit. The default keeps random games finite.
        first: The seat (number or name) that starts (default: the first seat).
        render_mode: None, ``"ansi"`` (``render()`` returns the board as text) or
            ``"human"`` (prints it).

    Attributes:
        state: The current ``GameState``.

    Raises:
        ValueError: On a bad player count, seat or render mode.
        ImportError: If the rl extra (PettingZoo, Gymnasium, NumPy) is not installed.
    """

    metadata = {  # noqa: RUF012 (PettingZoo's convention: a class-level dict)
        "render_modes": list(RENDER_MODES),
        "name": "astroplane_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        *,
        rules: Rules | None = None,
        max_turns: int | None = 1000,
        first: int | str | None = None,
        render_mode: str | None = None,
    ) -> None:
        require()
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render mode {render_mode!r} (ansi, human)")
        self._max_turns = None if max_turns is None else check_max_turns(max_turns)
        start = new_game(players, rules=STANDARD if rules is None else rules, first=first)
        if self._max_turns is not None:
            start = limit_state(start, self._max_turns)
        self._rules = start.rules
        self._players = players
        self._first = first
        self.render_mode = render_mode
        self.state: GameState = start
        self._seat_of = {SEAT_NAMES[s]: s for s in self.state.seats}
        self.possible_agents = [SEAT_NAMES[s] for s in self.state.seats]
        self.agents = self.possible_agents[:]
        self._space = action_space(self.state.topology)
        n_pos = self.state.topology.n_positions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=255.0, shape=(OBSERVATION_PLANES, n_pos), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._space.count,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._space.count) for a in self.possible_agents}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same for all agents)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(ACTION_COUNT)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (the game has no randomness; ``seed`` and ``options`` are
        accepted for the API and unused)."""
        self.state = new_game(self._players, rules=self._rules, first=self._first)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = SEAT_NAMES[int(self.state.to_move)]

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of ``agent``: the planes and the mask (see the module docs)."""
        seat = self._seat_of[agent]
        mask = np.zeros(self._space.count, dtype=np.int8)
        s = self.state
        if s.outcome is None and int(s.to_move) == seat and not stopped(s, self._max_turns):
            index = self._space.index
            for m in s.legal_moves():
                mask[index(m)] = 1
        return {"observation": observation(s, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for the selected agent.

        Raises:
            IllegalMoveError: If the action is not legal (see ``env()`` for a wrapper
                that ends the game instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = action_to_move(self.state, int(action))
        self.state = self.state.play(move)
        for a in self.agents:
            self.rewards[a] = 0.0
        self._cumulative_rewards[agent] = 0.0
        out = self.state.outcome
        if out is not None:
            values = self.state.returns()
            truncated = out.reason == EndReason.TURN_LIMIT
            for a in self.agents:
                self.rewards[a] = float(values[self._seat_of[a]])
                if truncated:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                self.infos[a] = {"outcome": out}
        elif stopped(self.state, self._max_turns):
            assert self._max_turns is not None
            stop_all(self, stopped_words(game_of(self.state), self._max_turns), None)
        self.agent_selection = SEAT_NAMES[int(self.state.to_move)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board as text (``"ansi"``), or print it (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode")
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
