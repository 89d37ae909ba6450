"""The numbering of a board's actions (``ActionSpace``), without states: what
``astroplane.games.astroplane.actions`` (the action encoding for learning code) and the
packed core (``astroplane.games.astroplane.rules.engine``) share. See
``astroplane.games.astroplane.actions`` for the order of the actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from astroplane.games.astroplane.moves import Move, MoveKind
from astroplane.games.astroplane.topology import (
    REFERENCE_BOARD,
    STEP_SINGULARITY,
    CellKind,
    Topology,
)

__all__ = ["ACTION_COUNT", "ActionSpace", "action_space"]

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
