"""The turn's rules in words: the end of the race, and why a move is illegal.

The rules themselves run on the packed core (``core.AeroplaneCore``): the die (a chance
node), the player's move or pass, a 6 that rolls again (up to three rolls), a third 6
that sends planes back, and the turn passing clockwise to the next player still racing
[AC10, AC13, AC15, AC23, AC24, AC26, AC28]. This module says when the race is over, from a
state's fields, and explains an illegal move (``why_illegal``) from the legal ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import core
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    COLOURS,
    HANGAR,
    SQUARE_OF,
    plane_name,
    square_name,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.view import StateView

__all__ = [
    "MAX_TURN",
    "race_over",
    "raise_illegal",
    "team_won",
    "why_illegal",
]

MAX_TURN = core.MAX_TURN
"""The last turn of a game (``astroplane.kit.limits.MAX_TURN``): every reader accepts turn
numbers 1..1000000, so the game ends when this turn is over, as a turn-limit end [AC21]."""


def _mask(colours: tuple[int, ...]) -> int:
    mask = 0
    for c in colours:
        mask |= 1 << c
    return mask


def team_won(finished: tuple[int, ...]) -> bool:
    """Both partners of a team (R and B, or Y and G) are among ``finished`` [AC26]."""
    return core.race_over(15, _mask(finished), True)


def race_over(seats: tuple[int, ...], finished: tuple[int, ...], teams: bool) -> bool:
    """The race is over: one player is left [AC13], or in team play a team has won [AC26]
    (the turn limit [AC21] is apart): ``core.race_over`` on the colours' masks.

    Examples:
        >>> race_over((0, 1, 2, 3), (0, 1), False), race_over((0, 1, 2, 3), (0, 2), True)
        (False, True)
    """
    return core.race_over(_mask(seats), _mask(finished), teams)


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def why_illegal(state: StateView, move: object) -> str:
    """Which rule forbids ``move`` in ``state`` (for a move that is not legal).

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> why_illegal(setup_position("RB", {"R1": "3"}, roll=4), Move.PASS)
        'R can move with the 4, so may not pass [AC12]'
    """
    if not isinstance(move, Move):
        return f"not a Move but {type(move).__name__}"
    problem = fields_problem(move)
    if problem is not None:
        return f"not a well-formed Move: {problem}"
    if state.turn_limit:
        return "the game is over at the turn limit [AC21]"
    if state.is_over:
        return "the game is over [AC13]"
    who = COLOURS[state.to_move]
    mover = state.mover
    if state.is_chance_node:
        return f"the die must be rolled first: {who} is to roll, only a roll 1..6 [AC15]"
    if move.kind == MoveKind.ROLL:
        return f"the die already shows {state.roll}: {who} must move or pass [AC15]"
    if move.kind == MoveKind.PASS:
        return f"{who} can move with the {state.roll}, so may not pass [AC12]"
    name = plane_name(move.plane)
    if move.plane // 4 != mover and mover != state.to_move:
        return (
            f"{name} is not {COLOURS[mover]}'s plane: {who} has finished and rolls for the "
            f"partner {COLOURS[mover]} [AC28]"
        )
    if move.plane // 4 != mover:
        return f"{name} is not {who}'s plane, and {who} is to move"
    k = state.planes[move.plane]
    if move.kind == MoveKind.LAUNCH:
        if state.roll not in state.rules.launch_rolls:
            rolls = _names([str(r) for r in sorted(state.rules.launch_rolls)])
            return f"a plane taxis out only on a {rolls}, not a {state.roll} (seed rule 1, [AC5])"
        if k != HANGAR:
            return f"{name} is not in the hangar"
        lowest = state.hangar(mover)[0]
        return (
            "the plane to taxi out is the lowest-numbered in the hangar, "
            f"{plane_name(lowest)} [AC5]"
        )
    if k == HANGAR:
        return f"{name} is in the hangar: it must taxi out first (seed rule 1)"
    if k == CENTRE:
        return f"{name} has arrived at the centre and is done [AC13]"
    unit = state.stack_of(move.plane)
    if unit[0] != move.plane:
        return (
            f"{name} is stacked with {plane_name(unit[0])}: the stack moves as one, "
            "named by its lowest plane [AC9]"
        )
    ends = [f for f in state.flights() if f.planes == unit]
    if not ends:
        if k + state.roll <= CENTRE:  # only a wall stops a roll that fits [AC22]
            return (
                f"{name} cannot pass or land on an opponent's wall (two planes of one "
                f"colour on a square) with a {state.roll}: blocking is on [AC22]"
            )
        return (
            f"{name} needs exactly {CENTRE - k} to reach the centre; with overshoot=stay "
            f"a {state.roll} does not move it [AC11]"
        )
    squares = sorted({f.move.square for f in ends}, key=SQUARE_OF[mover].index)
    if move.square not in squares:
        where = _names([square_name(s) for s in squares])
        return f"with a {state.roll}, {name} ends on {where} (seed rules 3 and 4, [AC6]-[AC7])"
    there = square_name(move.square)
    if move.stack:
        return (
            f"{name} cannot stack on {there}: no own plane is there, or stacking is "
            f"{state.rules.stacking.value} [AC9]"
        )
    return f"{name} must stack on {there}: stacking is always [AC9]"


def raise_illegal(state: StateView, move: object) -> NoReturn:
    """Raise the ``IllegalMoveError`` that says why ``move`` is not legal in ``state``."""
    raise IllegalMoveError(move, why_illegal(state, move))
