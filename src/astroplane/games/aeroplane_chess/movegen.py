"""Move generation: every legal move of the player to move, with what it does.

A player move is worked out in full here, once: the ``Flight`` of a move lists the planes
that move, where they end, the opponents they send back and whether they stack. ``play``
then only applies it.

Where a plane can end with a roll comes from ``routes``: the square the roll reaches,
then a jump from an own-colour square and the shortcut, as the rules allow [AC6, AC7];
past the centre it bounces or stays [AC11].

Examples:
    >>> from astroplane.games.aeroplane_chess.options import STANDARD
    >>> routes(10, 4, STANDARD)  # lands on 14, jumps to the shortcut square 18: fly or stay
    ((18, (14, 18), False), (30, (14, 18, 30), True))
    >>> routes(12, 6, STANDARD)  # lands on the shortcut square: fly, or decline and jump
    ((22, (18, 22), False), (30, (18, 30), True))
    >>> routes(53, 5, STANDARD)  # 3 to the centre, 2 back out
    ((54, (), False),)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import attrs

from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    CROSSING,
    EXIT,
    HANGAR,
    JUMP_TO,
    N_PLANES,
    N_SQUARES,
    SHORTCUT_FROM,
    SHORTCUT_TO,
    SQUARE_OF,
    TAKE_OFF,
)
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.options import Overshoot, Rules, Stacking

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["Flight", "flights", "routes"]

#: One way to end a flight: (final progress, loop progresses landed on, flies the shortcut).
Route = tuple[int, tuple[int, ...], bool]

#: Every launch, by plane id: moves are built (and their fields checked) once, here.
_LAUNCH = tuple(Move.launch(p) for p in range(N_PLANES))
#: Every fly, at ``(plane * N_SQUARES + square) * 2 + stack``.
_FLY = tuple(
    Move.fly(p, sq, stack=stack)
    for p in range(N_PLANES)
    for sq in range(N_SQUARES)
    for stack in (False, True)
)


@attrs.frozen
class Flight:
    """What a legal player move does.

    Attributes:
        move: The move.
        planes: The planes that move (a stack moves as one), ascending; empty for a pass.
        to: Their progress at the end.
        landed: The progresses of the loop squares they landed on, in order (the roll's
            square, a jump's, the shortcut's end) [AC8].
        shortcut: They flew the shortcut (over ``CROSSING[colour]``) [AC7].
        captured: Opponent planes sent back to their hangars, ascending [AC8].
        joined: Own planes they stack with at the end, ascending (empty: no stacking).
    """

    move: Move
    planes: tuple[int, ...] = ()
    to: int = HANGAR
    landed: tuple[int, ...] = ()
    shortcut: bool = False
    captured: tuple[int, ...] = ()
    joined: tuple[int, ...] = ()


@cache
def _routes(
    start: int, roll: int, shortcut_jump: bool, compulsory: bool, bounce: bool
) -> tuple[Route, ...]:
    target = start + roll
    if target > CENTRE:  # past the centre [AC11]
        return ((2 * CENTRE - target, (), False),) if bounce else ()
    if target > EXIT:  # the home column: no jumps, nobody to send back
        return ((target, (), False),)
    out: list[Route] = []
    if target == SHORTCUT_FROM:  # a direct landing on the shortcut square [AC7]
        flown: tuple[int, ...] = (target, SHORTCUT_TO)
        if shortcut_jump:
            flown += (JUMP_TO[SHORTCUT_TO],)
        out.append((flown[-1], flown, True))
        if not compulsory:  # declined: rule 3's jump still applies
            out.append((JUMP_TO[target], (target, JUMP_TO[target]), False))
    elif JUMP_TO[target] == SHORTCUT_FROM:  # a jump onto the shortcut square [AC7]
        out.append((SHORTCUT_TO, (target, SHORTCUT_FROM, SHORTCUT_TO), True))
        if not compulsory:
            out.append((SHORTCUT_FROM, (target, SHORTCUT_FROM), False))
    elif JUMP_TO[target]:  # an own-colour square: jump to the next one [AC6]
        out.append((JUMP_TO[target], (target, JUMP_TO[target]), False))
    else:
        out.append((target, (target,), False))
    return tuple(sorted(out))


def routes(start: int, roll: int, rules: Rules) -> tuple[Route, ...]:
    """The ways a lone plane at progress ``start`` (0..55) can end with ``roll``.

    Args:
        start: The plane's progress (take-off square 0 to home column 55).
        roll: The roll, 1..6.
        rules: The rules in force.

    Returns:
        ``(final progress, loop progresses landed on, flies the shortcut)`` per way, by
        final progress; empty when the plane cannot move (``overshoot=stay``).
    """
    return _routes(
        start,
        roll,
        rules.shortcut_jump,
        rules.compulsory_shortcut,
        rules.overshoot is Overshoot.BOUNCE,
    )


def flights(state: AeroplaneState) -> tuple[Flight, ...]:
    """The legal player moves of ``state`` with what they do, in ``legal_moves`` order.

    Order: the launch first, then each plane (or stack, by its lowest plane) by number,
    its destinations by progress, not stacking before stacking. A lone ``PASS`` when
    nothing else is legal [AC12]. Must not be called at a chance node or after the end
    (``AeroplaneState.flights`` checks and caches).

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> [f.move for f in flights(setup_position("RB", {"R1": "3", "B1": "7"}, roll=4))]
        [Move.launch('R2'), Move.fly('R1', '7')]
    """
    colour = state.to_move
    roll = state.roll
    rules = state.rules
    planes = state.planes
    route = SQUARE_OF[colour]
    occupied: dict[int, list[int]] = {}
    for p, k in enumerate(planes):
        if TAKE_OFF <= k < CENTRE:
            occupied.setdefault(SQUARE_OF[p >> 2][k], []).append(p)
    out: list[Flight] = []
    base = 4 * colour
    if roll in rules.launch_rolls:  # seed rule 1; the lowest plane in the hangar [AC5]
        for p in range(base, base + 4):
            if planes[p] == HANGAR:
                out.append(Flight(_LAUNCH[p], (p,), TAKE_OFF))
                break
    unit_of = {p: st for st in state.stacks for p in st}
    seen: set[int] = set()
    for p in range(base, base + 4):
        k = planes[p]
        if k < TAKE_OFF or k >= CENTRE or p in seen:
            continue
        unit = unit_of.get(p, (p,))
        seen.update(unit)
        for to, landed, shortcut in routes(k, roll, rules):
            hit: list[int] = []
            for land in landed:
                hit.extend(q for q in occupied.get(route[land], ()) if q >> 2 != colour)
            if shortcut:
                hit.extend(occupied.get(CROSSING[colour], ()))
            captured = tuple(sorted(set(hit)))
            square = route[to]
            own = tuple(
                sorted(q for q in occupied.get(square, ()) if q >> 2 == colour and q not in unit)
            )
            if not own or to == CENTRE or rules.stacking is Stacking.NEVER:
                choices: tuple[bool, ...] = (False,)
            elif rules.stacking is Stacking.ALWAYS:
                choices = (True,)
            else:
                choices = (False, True)
            fly = (p * N_SQUARES + square) * 2
            for stack in choices:
                out.append(
                    Flight(
                        _FLY[fly + stack],
                        unit,
                        to,
                        landed,
                        shortcut,
                        captured,
                        own if stack else (),
                    )
                )
    if not out:
        out.append(Flight(Move.PASS))
    return tuple(out)
