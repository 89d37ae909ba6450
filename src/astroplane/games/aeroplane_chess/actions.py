"""The fixed action encoding for research: every move the board allows is one integer.

The numbering is the same for every state, player count and rule set (``NUM_ACTIONS``,
1815). The die's six outcomes are numbered too, as OpenSpiel numbers chance outcomes, so
a chance node's moves have numbers like any other (a learning environment resolves them
itself, and no agent ever picks one). Planes are absolute ids 0..15 (``R1`` .. ``G4``),
and a flight's square is counted along the plane's own route: its progress ``k``, 1 (the
colour's entry square) to 56 (the centre), as a plane only ever ends on squares of its
own colour's route (``board.SQUARE_OF``)::

    action                                move
    ------------------------------------  ----------------------------------------------
    0 .. 5           v - 1                Move.roll(v), the die shows v (chance)
    6                                     Move.PASS
    7 .. 22          7 + p                Move.launch(p), plane p taxis out
    23 .. 1814       23 + (56 p + k - 1) * 2 + s
                                          Move.fly(p, SQUARE_OF[p // 4][k], stack=s):
                                          plane p (its stack) ends at progress k, stacks
                                          there if s is 1

The 16 slots "stack in the centre" (``k = 56, s = 1``) are never legal (planes that
arrive are done, never stacked), but keep the arithmetic plain. Each legal move of any
state has its own number (the numbering is a bijection on legal moves), and
``action_to_move`` gives back the very move object ``legal_moves`` holds.

Examples:
    >>> from astroplane.games.aeroplane_chess import Move, new_game
    >>> s = new_game(2)
    >>> NUM_ACTIONS, legal_actions(s)
    (1815, (0, 1, 2, 3, 4, 5))
    >>> s = s.play(Move.roll(6))
    >>> legal_actions(s), action_to_move(s, 7)
    ((7,), Move.launch('R1'))
    >>> move_to_action(s, Move.fly("R1", "18", stack=True))
    58
    >>> action_to_move(s, 1815)
    Traceback (most recent call last):
    ...
    ValueError: an Aeroplane Chess action is an int 0..1814, not 1815
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess.actiontable import MOVES
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    ENTRY,
    PROGRESS_AT,
    plane_name,
    square_name,
)
from astroplane.games.aeroplane_chess.core import (
    FLY_BASE,
    LAUNCH_BASE,
    NUM_ACTIONS,
    PASS_ACTION,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.play import why_illegal
from astroplane.kit.limits import action_number, shown

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = [
    "FLY_BASE",
    "LAUNCH_BASE",
    "MOVES",
    "NUM_ACTIONS",
    "PASS_ACTION",
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
]

_STEPS = CENTRE - ENTRY + 1  # the progresses a flight can end on: 1..56


def num_actions(state: AeroplaneState) -> int:
    """The size of the encoding, ``NUM_ACTIONS`` for every state (the protocol's hook).

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> num_actions(new_game(4))
        1815
    """
    return NUM_ACTIONS


def move_to_action(state: AeroplaneState, move: Move) -> int:
    """The action number of ``move`` (module docs); ``state`` is not consulted, so a move
    need not be legal to have its number.

    Raises:
        ValueError: If ``move`` is not a well-formed ``Move``, or is a flight to a square
            off its plane's route or to its take-off square (no flight ends there).

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> s = new_game(2)
        >>> move_to_action(s, Move.roll(4)), move_to_action(s, Move.launch("B2"))
        (3, 16)
        >>> move_to_action(s, Move.fly("R1", "YT"))
        Traceback (most recent call last):
        ...
        ValueError: Move.fly('R1', 'YT') has no action number: YT is not a square a flight \
of R1 ends on
    """
    if not isinstance(move, Move) or fields_problem(move) is not None:
        raise ValueError(f"not a well-formed Move: {shown(move)}")
    kind = move.kind
    if kind is MoveKind.FLY:
        k = PROGRESS_AT[move.plane >> 2][move.square]
        if k < ENTRY:
            raise ValueError(
                f"{move!r} has no action number: {square_name(move.square)} is not a square "
                f"a flight of {plane_name(move.plane)} ends on"
            )
        return FLY_BASE + (move.plane * _STEPS + k - ENTRY) * 2 + move.stack
    if kind is MoveKind.LAUNCH:
        return LAUNCH_BASE + move.plane
    if kind is MoveKind.ROLL:
        return move.value - 1
    if kind is MoveKind.PASS:
        return PASS_ACTION
    raise ValueError(f"{move!r} has no action number: the encoding has no {kind.name} moves")


def action_to_move(state: AeroplaneState, action: int) -> Move:
    """The legal move of ``state`` that ``action`` stands for (the object in
    ``state.legal_moves()``, so ``state.play`` finds it at once).

    Raises:
        ValueError: If ``action`` is not an int (or NumPy integer) 0..``NUM_ACTIONS - 1``.
        IllegalMoveError: If the move it stands for is not legal in ``state``; the
            message gives the action and the rule that forbids the move.

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> s = new_game(2)
        >>> action_to_move(s, 5)
        Move.roll(6)
        >>> action_to_move(s.play(Move.roll(3)), 7)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move Move.launch('R1'): action 7: a plane \
taxis out only on a 2, 4 or 6, not a 3 (seed rule 1, [AC5])
    """
    number = action_number(action, NUM_ACTIONS, "an Aeroplane Chess action")
    wanted = MOVES[number]
    for move in state.legal_moves():
        if move == wanted:
            return move
    raise IllegalMoveError(wanted, f"action {number}: {why_illegal(state, wanted)}")


def legal_actions(state: AeroplaneState) -> tuple[int, ...]:
    """The numbers of ``state``'s legal moves, in ``legal_moves`` order: the six rolls at a
    chance node, none once the game is over.

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> legal_actions(setup_position("RB", {"R1": "3", "R2": "7"}, roll=4))
        (9, 35, 36, 155)
    """
    return state.action_numbers()
