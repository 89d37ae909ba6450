"""PettingZoo AEC environments for the games, for reinforcement-learning research.

Needs the optional extra ``astroplane[rl]`` (``pettingzoo``, ``gymnasium``, ``numpy``);
``import astroplane`` never imports this package, so the core library works without them.
The package itself imports without them too (so tools that import every module, such as
doctest collection, keep working); building an environment or an observation then raises
an ``ImportError`` that names the extra. Examples are in docs/bots.md.

* ``env(game="astroplane", **options)``: a game's environment with PettingZoo's usual
  wrappers; ``raw_env(game, **options)`` without them.
* ASTROPLANE: ``AstroplaneEnv`` (``astroplane.env.astroplane_env``: agents, actions and
  its 24 observation planes are described there), ``observation``.
* Every other registered game with an action encoding and an observation (Square Off,
  StarCastles, Aeroplane Chess): ``GameEnv`` (``astroplane.env.generic``), through the
  protocol alone.

Examples:
    >>> from astroplane.env import env
    >>> e = env("starcastles", players=6, max_turns=60)
    >>> e.reset(seed=0)
    >>> e.possible_agents, e.observation_space("B")["observation"].shape
    (['B', 'O', 'V', 'R', 'G', 'S'], (46, 37))
"""

from __future__ import annotations

from typing import Any

from astroplane.env._deps import wrap
from astroplane.env.astroplane_env import (
    OBSERVATION_PLANES,
    RENDER_MODES,
    AstroplaneEnv,
    observation,
)
from astroplane.env.generic import GameEnv
from astroplane.protocol import Game

__all__ = [
    "OBSERVATION_PLANES",
    "RENDER_MODES",
    "AstroplaneEnv",
    "GameEnv",
    "env",
    "observation",
    "raw_env",
]


def _is_astroplane(game: str | Game[Any, Any]) -> bool:
    return game == "astroplane" or (isinstance(game, Game) and game.name == "astroplane")


def raw_env(game: str | Game[Any, Any] = "astroplane", **options: Any) -> Any:
    """The raw AEC environment of a game, without PettingZoo's wrappers.

    Args:
        game: The game's registered name or its ``Game`` (default ASTROPLANE).
        **options: ASTROPLANE: ``AstroplaneEnv``'s (``players``, ``rules``,
            ``max_turns``, ``first``, ``render_mode``); another game: ``GameEnv``'s
            (the same names; ``rules`` may be the rules text).

    Returns:
        An ``AstroplaneEnv`` or a ``GameEnv``.

    Raises:
        ValueError: If no game has that name, the game lacks the action encoding or the
            observation, or an option is bad.
        ImportError: If the rl extra (PettingZoo, Gymnasium, NumPy) is not installed.

    Examples:
        >>> raw_env("square-off").action_space("W")
        Discrete(1176)
    """
    if _is_astroplane(game):
        return AstroplaneEnv(**options)
    return GameEnv(game, **options)


def env(game: str | Game[Any, Any] = "astroplane", **options: Any) -> Any:
    """A game's environment with PettingZoo's usual wrappers: an illegal action ends the
    game with reward -1 for the offender, actions are checked against the space, and the
    AEC call order is enforced.

    Args:
        game: The game's registered name or its ``Game`` (default ASTROPLANE, so
            ``env(players=2)`` is ASTROPLANE's environment).
        **options: As for ``raw_env``.

    Returns:
        The wrapped environment (a ``pettingzoo.AECEnv``); ``.unwrapped`` is the raw one.

    Raises:
        ValueError: As ``raw_env``.
        ImportError: If the rl extra (PettingZoo, Gymnasium, NumPy) is not installed.
    """
    return wrap(raw_env(game, **options))
