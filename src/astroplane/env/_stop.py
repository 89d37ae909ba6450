"""A game the environment stops at its turn limit (``astroplane.turnlimit``), the same way
in ``AstroplaneEnv`` and ``GameEnv``: every agent truncated, no reward."""

from __future__ import annotations

from typing import Any

__all__ = ["stop_all"]


def stop_all(env: Any, words: str, outcome: Any) -> None:
    """Truncate every agent of ``env`` (its ``rewards``, ``truncations`` and ``infos``
    dicts): reward 0, ``infos[agent]`` = ``{"outcome": outcome, "stopped": words}``.

    Args:
        env: The environment whose game ``turnlimit.stopped`` says must stop.
        words: How the game was stopped (``turnlimit.stopped_words``).
        outcome: The environment's usual ``"outcome"`` info for a game that has none.
    """
    for agent in env.agents:
        env.rewards[agent] = 0.0
        env.truncations[agent] = True
        env.infos[agent] = {"outcome": outcome, "stopped": words}
