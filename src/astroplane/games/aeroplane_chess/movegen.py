"""Move generation: every legal move of the player to move, with what it does.

A player move is worked out in full here, once: the ``Flight`` of a move lists the planes
that move, where they end, the opponents they send back and whether they stack. ``play``
then only applies it.

Where a plane can end with a roll comes from ``routes``: the square the roll reaches,
then a jump from an own-colour square and the shortcut, as the rules allow [AC6, AC7];
past the centre it bounces, stays or enters [AC11, AC25]. With ``blocking``, opponent
walls cut routes short [AC22]; in team play partners are never sent back [AC26].

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
from typing import Protocol

import attrs

from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    CROSSING,
    EXIT,
    HANGAR,
    JUMP_TO,
    N_PLANES,
    N_SQUARES,
    PROGRESS_AT,
    SHORTCUT_FROM,
    SHORTCUT_TO,
    SQUARE_OF,
    TAKE_OFF,
)
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.options import Overshoot, Rules, Stacking

__all__ = ["Flight", "PositionView", "flights", "routes"]

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


def _route_list(
    start: int,
    roll: int,
    shortcut_jump: bool,
    compulsory: bool,
    overshoot: Overshoot,
    wall: frozenset[int],
    cross_walled: bool,
) -> tuple[Route, ...]:
    """The routes; ``wall`` holds the progresses of opponent walls on the mover's route
    and ``cross_walled`` says one is on the square the shortcut crosses [AC22]."""
    target = start + roll
    if target > CENTRE:  # past the centre [AC11, AC25]; no walls in the home column
        if overshoot is Overshoot.BOUNCE:
            return ((2 * CENTRE - target, (), False),)
        return ((CENTRE, (), False),) if overshoot is Overshoot.ENTER else ()
    if wall and any(start < w <= target for w in wall):  # the roll's way is walled [AC22]
        return ()
    if target > EXIT:  # the home column: no jumps, nobody to send back
        return ((target, (), False),)
    out: list[Route] = []
    fly = not cross_walled and SHORTCUT_TO not in wall  # the shortcut is open [AC22]
    if target == SHORTCUT_FROM:  # a direct landing on the shortcut square [AC7]
        if fly:
            flown: tuple[int, ...] = (target, SHORTCUT_TO)
            if shortcut_jump and JUMP_TO[SHORTCUT_TO] not in wall:
                flown += (JUMP_TO[SHORTCUT_TO],)
            out.append((flown[-1], flown, True))
        if not compulsory or not fly:  # declined: rule 3's jump still applies
            jump = JUMP_TO[target]
            out.append((jump, (target, jump), False) if jump not in wall else _stay(target))
    elif JUMP_TO[target] == SHORTCUT_FROM:  # a jump onto the shortcut square [AC7]
        if SHORTCUT_FROM in wall:
            out.append(_stay(target))
        else:
            if fly:
                out.append((SHORTCUT_TO, (target, SHORTCUT_FROM, SHORTCUT_TO), True))
            if not compulsory or not fly:
                out.append((SHORTCUT_FROM, (target, SHORTCUT_FROM), False))
    elif JUMP_TO[target] and JUMP_TO[target] not in wall:  # jump to the next one [AC6]
        out.append((JUMP_TO[target], (target, JUMP_TO[target]), False))
    else:
        out.append(_stay(target))
    return tuple(sorted(out))


def _stay(target: int) -> Route:
    return (target, (target,), False)


_NO_WALL: frozenset[int] = frozenset()
_routes = cache(_route_list)


def routes(
    start: int,
    roll: int,
    rules: Rules,
    wall: frozenset[int] = _NO_WALL,
    cross_walled: bool = False,
) -> tuple[Route, ...]:
    """The ways a lone plane at progress ``start`` (0..55) can end with ``roll``.

    Args:
        start: The plane's progress (take-off square 0 to home column 55).
        roll: The roll, 1..6.
        rules: The rules in force.
        wall: The progresses (on this plane's route) of squares with an opponent wall
            [AC22]: the roll may neither pass nor reach one; a jump or the shortcut
            that would end on one is not made.
        cross_walled: An opponent wall is on the square the shortcut crosses: the
            shortcut cannot be flown [AC22].

    Returns:
        ``(final progress, loop progresses landed on, flies the shortcut)`` per way, by
        final progress; empty when the plane cannot move (``overshoot=stay``, or a wall).

    Examples:
        >>> from astroplane.games.aeroplane_chess.options import STANDARD
        >>> routes(10, 4, STANDARD, frozenset({18}))  # lands on 14; no jump onto the wall
        ((14, (14,), False),)
        >>> routes(10, 6, STANDARD, frozenset({14}))  # the way passes the wall
        ()
    """
    if wall or cross_walled:
        return _route_list(
            start,
            roll,
            rules.shortcut_jump,
            rules.compulsory_shortcut,
            rules.overshoot,
            wall,
            cross_walled,
        )
    return _routes(
        start, roll, rules.shortcut_jump, rules.compulsory_shortcut, rules.overshoot, wall, False
    )


def _walls(
    occupied: dict[int, list[int]], colour: int, partner: int
) -> tuple[frozenset[int], bool]:
    """The progresses on ``colour``'s route of opponent walls, and whether one is on the
    square its shortcut crosses [AC22]: two or more planes of one opponent colour on a
    square (stacked or not); a partner's planes are no wall [AC26]."""
    at = PROGRESS_AT[colour]
    wall = set()
    for sq, qs in occupied.items():
        if len(qs) < 2:
            continue
        counts = [0, 0, 0, 0]
        for q in qs:
            counts[q >> 2] += 1
        if any(n >= 2 for c, n in enumerate(counts) if c not in (colour, partner)):
            wall.add(sq)
    cross = CROSSING[colour] in wall
    return frozenset(at[sq] for sq in wall if at[sq] > TAKE_OFF), cross


class PositionView(Protocol):
    """What the move generator reads of a state (``AeroplaneState`` has it): the move
    generator need not import the state module, which imports it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def planes(self) -> tuple[int, ...]: ...

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def to_move(self) -> int: ...

    @property
    def roll(self) -> int: ...


def flights(state: PositionView) -> tuple[Flight, ...]:
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
    partner = colour ^ 2 if rules.teams else colour  # partners are safe [AC26]
    friends = (colour, partner)
    wall: frozenset[int] = _NO_WALL
    cross_walled = False
    if rules.blocking:  # [AC22]
        wall, cross_walled = _walls(occupied, colour, partner)
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
        for to, landed, shortcut in routes(k, roll, rules, wall, cross_walled):
            hit: list[int] = []
            for land in landed:
                hit.extend(q for q in occupied.get(route[land], ()) if q >> 2 not in friends)
            if shortcut and partner == colour:  # the crossing is the partner's [AC26]
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
