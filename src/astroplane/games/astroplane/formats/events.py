"""Move effects for frontends: the events of a move (``astroplane.games.astroplane.events``) and
their JSON.

The rule set produces the events in the same pass that plays the move, so they always
agree with ``play()``; this module is their format: ``effects`` returns them,
``effects_to_dicts`` gives the plain JSON objects (``{"event": "piece_moved", ...}``).
The event classes are re-exported here for convenience.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> effects_to_dicts(effects(s, s.legal_moves()[0]))
    [{'event': 'piece_moved', 'piece': 'S3', 'origin': 'Sl', 'target': 'e2.ne', 'apex': 'ne', \
'free': False}]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from astroplane.games.astroplane.events import (
    Board,
    BonusMove,
    Eliminated,
    EnteredSingularity,
    Event,
    Fired,
    GameOver,
    Jumped,
    Landed,
    PieceMoved,
    PlayerRemoved,
    ReservePlaced,
    SentBack,
    SquareMoved,
    TurnPassed,
)
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.state import GameState

__all__ = [
    "Board",
    "BonusMove",
    "Eliminated",
    "EnteredSingularity",
    "Event",
    "Fired",
    "GameOver",
    "Jumped",
    "Landed",
    "PieceMoved",
    "PlayerRemoved",
    "ReservePlaced",
    "SentBack",
    "SquareMoved",
    "TurnPassed",
    "effects",
    "effects_to_dicts",
]


def effects(state: GameState, move: Move) -> list[Event]:
    """What ``move`` does in ``state``, in animation order (see
    ``astroplane.games.astroplane.events``).

    Args:
        state: The state before the move.
        move: A legal move.

    Returns:
        The events, from the same pass as ``state.play(move)``.

    Raises:
        IllegalMoveError: If the move is not legal in ``state``.
    """
    return state.effects(move)


def effects_to_dicts(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events as plain JSON objects, each with an ``"event"`` name."""
    return [e.to_dict() for e in events]
