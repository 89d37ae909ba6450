"""Move generation in detail: every legal move of the player to move, with what it does.

The packed core (``core.AeroplaneCore``) generates the legal action numbers and works out
each move (``AeroplaneCore.details``); ``flights`` gives the same as ``Flight`` values for
people and tools (the drawing's highlights, the notation's ``x``, the explanations of
illegal moves): the planes that move, where they end, the squares they land on, the
opponents they send back and the planes they stack with.

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

import attrs

from astroplane.games.aeroplane_chess.actions import MOVES
from astroplane.games.aeroplane_chess.board import HANGAR, TAKE_OFF
from astroplane.games.aeroplane_chess.core import (
    FLY_BASE,
    PASS_ACTION,
    AeroplaneCore,
    core_for,
)
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.options import Rules
from astroplane.games.aeroplane_chess.packed import Position

__all__ = ["Flight", "flights", "routes"]

#: One way to end a flight: (final progress, loop progresses landed on, flies the shortcut).
Route = tuple[int, tuple[int, ...], bool]


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


def _ids(mask: int) -> tuple[int, ...]:
    return tuple(q for q in range(16) if mask >> q & 1)


def _route(code: int) -> Route:
    """A route int of ``core.route_list`` as ``(to, landed, shortcut)``."""
    landed = tuple(code >> (6 * n) & 63 for n in range(code >> 18 & 3))
    return (code >> 21, landed, bool(code >> 20 & 1))


def routes(
    start: int,
    roll: int,
    rules: Rules,
    wall: frozenset[int] = frozenset(),
    cross_walled: bool = False,
) -> tuple[Route, ...]:
    """The ways a lone plane at progress ``start`` (0..55) can end with ``roll``
    (``core.route_list``).

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
    mask = int(cross_walled)
    for k in wall:
        mask |= 1 << k
    return tuple(_route(r) for r in core_for(rules).routes(start, roll, mask))


def flights(core: AeroplaneCore, p: Position) -> tuple[Flight, ...]:
    """The legal player moves of position ``p`` with what they do, in ``legal_moves``
    order (``AeroplaneState.flights``, which keeps them). Not at a chance node or after
    the end.

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> s = setup_position("RB", {"R1": "3", "B1": "7"}, roll=4)
        >>> [f.move for f in flights(core_for(s.rules), s.packed)]
        [Move.launch('R2'), Move.fly('R1', '7')]
    """
    out: list[Flight] = []
    for a in core.legal_actions(p):
        move = MOVES[a]
        if a == PASS_ACTION:
            out.append(Flight(move))
        elif a < FLY_BASE:
            out.append(Flight(move, (move.plane,), TAKE_OFF))
        else:
            unit, to, code, captured, joined = core.details(p, a)
            _to, landed, shortcut = _route(code)
            out.append(Flight(move, _ids(unit), to, landed, shortcut, _ids(captured), _ids(joined)))
    return tuple(out)
