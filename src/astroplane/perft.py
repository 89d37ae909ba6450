"""Counting action sequences (perft), to check move generation against known numbers [D22].

Written against the game-agnostic ``astroplane.protocol.State``, so it counts any
registered game; the counting runs on the game's packed core by action number when it has
one (``astroplane.core.positions_of``), without building states, else on the states.
Every action is one ply: for ASTROPLANE a move, a free Wormhole travel and ending the turn
under [D7] alike; at a chance node (a die roll, in games that have them) each outcome of
``legal_moves()`` is one ply too, so perft counts the branches of the whole game tree,
chance included. Turn changes happen inside ``GameState.play``, so a sequence may cross
into the next player's turn. A sequence that reaches the end of the game before its last
action counts 0 (the finished state has no legal action).

Examples:
    >>> import astroplane
    >>> from astroplane.perft import divide, perft
    >>> perft(astroplane.new_game(2), 1)
    6
    >>> sum(divide(astroplane.new_game(2), 2).values()) == perft(astroplane.new_game(2), 2)
    True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from astroplane.core import Core, positions_of
from astroplane.kit.limits import shown
from astroplane.protocol import State

__all__ = ["MAX_DEPTH", "divide", "perft"]

MAX_DEPTH = 200
"""The deepest perft counted: each ply is a level of recursion, and Python's stack holds
about 1,000 frames. Counts that deep finish only along forced lines anyway."""


def _check_depth(depth: object, least: int) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int) or not least <= depth <= MAX_DEPTH:
        raise ValueError(f"depth is an int {least}..{MAX_DEPTH}, not {shown(depth)}")
    return depth


def perft(state: State[Any], depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state`` [D22].

    Depth 1 is bulk-counted as ``len(state.legal_moves())``; deeper levels
    play every legal action and recurse.

    Args:
        state: Any game state (a finished game has no action, so it counts 0
            for ``depth >= 1``).
        depth: Number of actions (plies), ``0 .. MAX_DEPTH``. ``perft(state, 0)`` is
            1: the empty sequence.

    Returns:
        The count of action sequences of exactly ``depth`` actions.

    Raises:
        ValueError: If ``depth`` is not an int in ``0 .. MAX_DEPTH`` (200).

    Examples:
        >>> import astroplane
        >>> perft(astroplane.new_game(2), 0), perft(astroplane.new_game(2), 1)
        (1, 6)
    """
    depth = _check_depth(depth, 0)
    core, p = positions_of(state)
    return _perft(core, p, depth)


def _perft(core: Core[Any], p: Hashable, depth: int) -> int:
    if depth == 0:
        return 1
    actions = core.legal_actions(p)
    if depth == 1:
        return len(actions)
    apply = core.apply
    return sum(_perft(core, apply(p, a), depth - 1) for a in actions)


def divide(state: State[Any], depth: int) -> dict[Hashable, int]:
    """Perft split by first action: ``{first action: perft after it}`` [D22].

    The values sum to ``perft(state, depth)``; comparing two ``divide``
    outputs narrows a disagreement down to one line of play.

    Args:
        state: Any game state.
        depth: Number of actions, ``1 .. MAX_DEPTH`` (the first action included).

    Returns:
        A dict from each legal action of ``state`` (in ``legal_moves()``
        order) to the number of sequences of ``depth`` actions starting with it.

    Raises:
        ValueError: If ``depth`` is not an int in ``1 .. MAX_DEPTH`` (200).

    Examples:
        >>> import astroplane
        >>> counts = divide(astroplane.new_game(2), 2)
        >>> len(counts), sum(counts.values())
        (6, 47)
    """
    _check_depth(depth, 1)
    core, p = positions_of(state)
    moves = state.legal_moves()  # in the order of the core's actions
    return {
        m: _perft(core, core.apply(p, a), depth - 1)
        for m, a in zip(moves, core.legal_actions(p), strict=True)
    }
