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

from collections.abc import Sequence

from astroplane.errors import IllegalMoveError
from astroplane.games.astroplane.moves import Move, MoveKind
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import (
    REFERENCE_BOARD,
    STEP_SINGULARITY,
    CellKind,
    Topology,
)
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

#: Send-back choices: a bitmask of the seats whose pieces go to their right Start Area [D10].
_SENDBACK_CHOICES = tuple(range(16))
#: Reserve choices of one piece entering the Singularity (none, left, right) [D13].
_SINGULARITY_CHOICES = (0, 1, 2)
#: Reserve choices of a firing (none, l, r, ll, lr, rr) [D13].
_FIRE_CHOICES = (0, 1, 2, 3, 4, 5)


class ActionSpace:
    """The numbered actions of one board (see the module docs for the order).

    Args:
        topology: The board.

    Attributes:
        topology: The board.
        moves: Every action of the board, indexed by action number.
        count: The number of actions (``len(moves)``).

    Examples:
        >>> space = action_space()
        >>> space.count == ACTION_COUNT, space.moves[-1]
        (True, Move(END_TURN))
    """

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self.moves: tuple[Move, ...] = tuple(_enumerate(topology))
        self.count = len(self.moves)
        self._index: dict[Move, int] = {m: i for i, m in enumerate(self.moves)}

    def __repr__(self) -> str:
        return f"<ActionSpace of {self.topology!r}: {self.count} actions>"

    def index(self, move: Move) -> int:
        """The action number of ``move``.

        Raises:
            ValueError: If ``move`` is not an action of this board.
        """
        try:
            return self._index[move]
        except (KeyError, TypeError):
            raise ValueError(f"{move!r} is not an action of this board") from None

    def move(self, action: int) -> Move:
        """The move numbered ``action`` (legal or not in a given state).

        Raises:
            ValueError: If ``action`` is not in ``range(count)``.
        """
        if not 0 <= action < self.count:
            raise ValueError(f"action {action} is out of range (0..{self.count - 1})")
        return self.moves[action]


def _enumerate(t: Topology) -> list[Move]:
    """Every action the board's geometry allows, in the documented order."""
    out: list[Move] = []
    fire_base = t.fire_base
    for p in range(t.n_positions):
        for dst, how in t.step_dests[p]:
            if how == STEP_SINGULARITY:
                choices: Sequence[int] = _SINGULARITY_CHOICES
            elif dst >= fire_base:
                choices = (0,)
            else:
                choices = _SENDBACK_CHOICES
            out.extend(Move(int(MoveKind.STEP), p, dst, c) for c in choices)
    for p in range(t.n_positions):
        for dst, _how in t.travel_dests[p]:
            out.extend(Move(int(MoveKind.TRAVEL), p, dst, c) for c in _SENDBACK_CHOICES)
    for corner in sorted(c for c, _pair in t.corner_firing):
        out.extend(Move(int(MoveKind.FIRE), corner, -1, c) for c in _FIRE_CHOICES)
    ordinary = int(CellKind.ORDINARY)
    for cell in range(t.n_cells):
        if t.kind[cell] != ordinary:
            continue
        for n in t.neighbours[cell]:
            if n >= 0 and t.kind[n] == ordinary:
                out.append(Move(int(MoveKind.SQUARE), cell, n, 0))
    for cell in range(t.n_cells):
        if t.kind[cell] != ordinary:
            continue
        for d in range(4):
            n = t.neighbours[cell][d]
            while n >= 0 and t.kind[n] == ordinary:
                out.append(Move(int(MoveKind.ELIMINATE), cell, n, 0))
                n = t.neighbours[n][d]
    out.append(Move(int(MoveKind.END_TURN)))
    return out


_SPACES: dict[int, tuple[Topology, ActionSpace]] = {}


def action_space(topology: Topology = REFERENCE_BOARD) -> ActionSpace:
    """The ``ActionSpace`` of a board (built once per board and cached)."""
    hit = _SPACES.get(id(topology))
    if hit is not None and hit[0] is topology:
        return hit[1]
    space = ActionSpace(topology)
    _SPACES[id(topology)] = (topology, space)
    return space


#: The number of actions on the reference board.
ACTION_COUNT: int = action_space().count


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
