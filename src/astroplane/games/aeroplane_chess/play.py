"""Playing a move: applying a chance outcome or a ``Flight``, and the turn that follows.

The turn [AC10, AC13, AC15]: the die is rolled (a chance node); the player moves or
passes; a 6 earns another roll, up to three rolls; a third 6 sends the planes moved by
the first two 6s back to the hangar and passes the turn (options: every plane not home
goes back [AC23]; a 6 rolls again without limit, or not at all [AC24]). A player whose
fourth plane arrives has finished and rolls no more; play passes clockwise to the next
player who has not finished, until only one is left, or in team play until both
partners of a team have finished [AC26].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, TypeVar

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    COLOURS,
    HANGAR,
    SQUARE_OF,
    plane_name,
    square_name,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.options import Rerolls, ThirdSix
from astroplane.kit import limits

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.movegen import Flight
    from astroplane.games.aeroplane_chess.view import StateView

__all__ = [
    "MAX_TURN",
    "apply_flight",
    "apply_roll",
    "race_over",
    "raise_illegal",
    "team_won",
    "why_illegal",
]

#: A state type (``AeroplaneState``): the play functions return one of the same type.
S = TypeVar("S", bound="StateView")

MAX_TURN = limits.MAX_TURN
"""The last turn of a game (``astroplane.kit.limits.MAX_TURN``): every reader accepts turn
numbers 1..1000000, so the game ends when this turn is over, as a turn-limit end [AC21]."""


def team_won(finished: tuple[int, ...]) -> bool:
    """Both partners of a team (R and B, or Y and G) are among ``finished`` [AC26]."""
    return (0 in finished and 2 in finished) or (1 in finished and 3 in finished)


def race_over(seats: tuple[int, ...], finished: tuple[int, ...], teams: bool) -> bool:
    """The race is over: one player is left [AC13], or in team play a team has won [AC26]
    (the turn limit [AC21] is apart).

    Examples:
        >>> race_over((0, 1, 2, 3), (0, 1), False), race_over((0, 1, 2, 3), (0, 2), True)
        (False, True)
    """
    if teams:
        return team_won(finished)
    return len(seats) - len(finished) <= 1


def _next_turn(
    state: S,
    planes: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    finished: tuple[int, ...],
) -> S:
    """Pass the turn clockwise to the next player who has not finished, or end the game
    when only one is left [AC13] or turn ``MAX_TURN`` is over [AC21]."""
    order = state.seats
    left = [s for s in order if s not in finished]
    limit = False
    if race_over(order, finished, state.rules.teams):  # over: the first left is to move
        nxt, turn = left[0], state.turn
    elif state.turn >= MAX_TURN:  # over at the turn limit: the first one left is recorded
        nxt, turn, limit = left[0], state.turn, True
    else:
        i = order.index(state.to_move)
        nxt = next(s for s in order[i + 1 :] + order[: i + 1] if s in left)
        turn = state.turn + 1
    # The next turn: no roll yet, no 6s counted.
    return type(state)(
        state.rules, state.seats, planes, stacks, nxt, 0, 0, 0, finished, turn, limit
    )


def apply_roll(state: S, value: int) -> S:
    """The die shows ``value`` at a chance node.

    A third 6 in a turn is not played: the planes moved by the first two 6s go back to
    the hangar (stacks they were in come apart) and the turn passes (seed rule 1; [AC10]);
    with ``third_six=all`` so does every other plane of the player that has not arrived
    [AC23]. Only ``rerolls=three`` counts 6s (``sixes`` stays 0 otherwise) [AC24].
    """
    if value != 6 or state.sixes < 2:
        return _replace(state, state.planes, state.stacks, value, state.sixes, state.sixed)
    back = state.sixed
    if state.rules.third_six is ThirdSix.ALL:  # and every other plane not home [AC23]
        base = 4 * state.to_move
        for p in range(base, base + 4):
            if state.planes[p] != CENTRE:
                back |= 1 << p
    planes = tuple(HANGAR if back >> p & 1 else k for p, k in enumerate(state.planes))
    stacks = []
    for st in state.stacks:
        rest = tuple(p for p in st if not back >> p & 1)
        if len(rest) > 1:
            stacks.append(rest)
    return _next_turn(state, planes, tuple(stacks), state.finished)


def apply_flight(state: S, flight: Flight) -> S:
    """The state after the player to move plays ``flight`` (a member of ``flights``)."""
    colour = state.to_move
    planes = list(state.planes)
    stacks = list(state.stacks)
    if flight.captured:  # [AC8]; a stack sent back comes apart (seed rule 5)
        gone = set(flight.captured)
        for q in gone:
            planes[q] = HANGAR
        stacks = [st for st in stacks if not gone.intersection(st)]
    unit = flight.planes
    for p in unit:
        planes[p] = flight.to
    if flight.to == CENTRE and len(unit) > 1:  # arrived: the stack is done [AC9]
        stacks.remove(unit)
    elif flight.joined:  # [AC9]
        group = tuple(sorted(set(unit) | set(flight.joined)))
        stacks = [st for st in stacks if not set(group).intersection(st)]
        stacks.append(group)
        stacks.sort()
    sixed = state.sixed
    if state.roll == 6:
        for p in unit:
            sixed |= 1 << p
    finished = state.finished
    base = 4 * colour
    if colour not in finished and all(planes[p] == CENTRE for p in range(base, base + 4)):
        finished += (colour,)
    new_planes = tuple(planes)
    new_stacks = tuple(stacks)
    rerolls = state.rules.rerolls
    if colour in finished or state.roll != 6 or rerolls is Rerolls.NONE:  # [AC24]
        return _next_turn(state, new_planes, new_stacks, finished)
    if rerolls is Rerolls.UNLIMITED:  # another roll, with no 6s counted [AC24]
        return _replace(state, new_planes, new_stacks, 0, state.sixes, state.sixed)
    return _replace(state, new_planes, new_stacks, 0, state.sixes + 1, sixed)  # [AC10]


def _replace(
    state: S,
    planes: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    roll: int,
    sixes: int,
    sixed: int,
) -> S:
    """``state`` with new planes, stacks, roll and 6s, in the same turn."""
    return type(state)(
        state.rules, state.seats, planes, stacks, state.to_move, roll, sixes, sixed,
        state.finished, state.turn, state.turn_limit,
    )  # fmt: skip


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
    if state.is_chance_node:
        return f"the die must be rolled first: {who} is to roll, only a roll 1..6 [AC15]"
    if move.kind == MoveKind.ROLL:
        return f"the die already shows {state.roll}: {who} must move or pass [AC15]"
    if move.kind == MoveKind.PASS:
        return f"{who} can move with the {state.roll}, so may not pass [AC12]"
    name = plane_name(move.plane)
    if move.plane // 4 != state.to_move:
        return f"{name} is not {who}'s plane, and {who} is to move"
    k = state.planes[move.plane]
    if move.kind == MoveKind.LAUNCH:
        if state.roll not in state.rules.launch_rolls:
            rolls = _names([str(r) for r in sorted(state.rules.launch_rolls)])
            return f"a plane taxis out only on a {rolls}, not a {state.roll} (seed rule 1, [AC5])"
        if k != HANGAR:
            return f"{name} is not in the hangar"
        lowest = state.hangar(state.to_move)[0]
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
    squares = sorted({f.move.square for f in ends}, key=SQUARE_OF[state.to_move].index)
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
