"""A fixed integer action space for learning agents: every action a board allows, numbered.

Reinforcement-learning frameworks want a fixed, finite set of actions and a mask of the
legal ones. This module numbers every ``(kind, origin, target, choice)`` that a board's
geometry can ever make legal, under any rules option, and maps between those numbers and
``astroplane.Move`` values. It needs nothing but the standard library, so it also serves
frameworks other than PettingZoo (see ``astroplane.env`` for the PettingZoo environment).

The actions of a board, in this order (so the numbering is stable for a board):

=============  ===============================================  ===========================
kind           (origin, target) pairs                           choices
=============  ===============================================  ===========================
STEP           each position and each step destination          grid target: send-back
               (``Topology.step_dests``)                        mask 0-15; Singularity:
                                                                reserve 0-2; firing: 0
TRAVEL         each Wormhole end position and each far-end      send-back mask 0-15
               position (``Topology.travel_dests``)
FIRE           each Anomaly corner (target -1)                  reserve 0-5
SQUARE         each ordinary cell and each orthogonal           0
               ordinary neighbour
ELIMINATE      each ordinary cell and each ordinary cell in     0
               a straight orthogonal line of ordinary cells
END_TURN       one action                                       0
=============  ===============================================  ===========================

The numbering is a bijection between the legal moves of any state on the board and
their numbers: ``move_to_action`` and ``action_to_move`` invert each other on
``state.legal_moves()``. On the reference board there are ``ACTION_COUNT`` actions; a
typical state has 5-40 legal ones, so learning code should always use the mask
(``legal_action_mask``).

Examples:
    >>> import astroplane
    >>> from astroplane.games.astroplane.actions import (
    ...     ACTION_COUNT, action_to_move, legal_actions, move_to_action
    ... )
    >>> s = astroplane.new_game(2)
    >>> ACTION_COUNT
    15497
    >>> first = legal_actions(s)[0]
    >>> move = action_to_move(s, first)
    >>> move in s.legal_moves() and move_to_action(move) == first
    True
"""

from __future__ import annotations

from astroplane.errors import IllegalMoveError
from astroplane.games.astroplane.actionspace import ACTION_COUNT, ActionSpace, action_space
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology
from astroplane.kit.limits import action_number

__all__ = [
    "ACTION_COUNT",
    "ActionSpace",
    "action_space",
    "action_to_move",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
]


def move_to_action(move: Move, topology: Topology = REFERENCE_BOARD) -> int:
    """The action number of a move on a board.

    Args:
        move: A move (for example one of ``state.legal_moves()``).
        topology: The board (default: the reference board).

    Returns:
        Its number, in ``range(action_space(topology).count)``.

    Raises:
        ValueError: If the move is not an action of that board.

    Examples:
        >>> from astroplane import Move, MoveKind
        >>> move_to_action(Move(MoveKind.END_TURN)) == ACTION_COUNT - 1
        True
    """
    return action_space(topology).index(move)


def action_to_move(state: GameState, action: int) -> Move:
    """The legal move of ``state`` numbered ``action`` (on ``state.topology``).

    Args:
        state: The state the action is played in.
        action: An action number: an ``int`` or an integer of another type that says it
            is one, such as a NumPy integer (never a ``bool``, ``float`` or string).

    Returns:
        The member of ``state.legal_moves()`` with that number.

    Raises:
        ValueError: If ``action`` is not an action number of the board (a ``float``,
            ``bool`` or string twin of one included).
        IllegalMoveError: If the action is not legal in ``state`` (a ``ValueError`` too).

    Examples:
        >>> import astroplane
        >>> action_to_move(astroplane.new_game(2), ACTION_COUNT - 1)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move Move(END_TURN): not legal in this state
    """
    space = action_space(state.topology)
    move = space.move(action_number(action, space.count, "an ASTROPLANE action"))
    for m in state.legal_moves():
        if m == move:
            return m
    raise IllegalMoveError(move, "not legal in this state")


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The action numbers of ``state.legal_moves()``, in legal-move order."""
    index = action_space(state.topology).index
    return tuple(index(m) for m in state.legal_moves())


def legal_action_mask(state: GameState) -> bytearray:
    """A mask of the legal actions of ``state``: one byte per action, 1 when legal.

    Returns:
        A ``bytearray`` of length ``action_space(state.topology).count`` (with NumPy:
        ``numpy.frombuffer(mask, dtype=numpy.int8)``).

    Examples:
        >>> import astroplane
        >>> mask = legal_action_mask(astroplane.new_game(2))
        >>> len(mask) == ACTION_COUNT, sum(mask)
        (True, 6)
    """
    space = action_space(state.topology)
    mask = bytearray(space.count)
    index = space.index
    for m in state.legal_moves():
        mask[index(m)] = 1
    return mask
