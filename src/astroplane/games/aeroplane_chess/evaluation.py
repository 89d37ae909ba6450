"""A heuristic value of a state for a colour, for ``GreedyBot`` and search cut-offs.

``evaluate(state, seat)`` is the game's ``Game.evaluate``: higher is better for ``seat``.
It does not depend on whose turn it is or on a pending roll, so it can rate the state
after any move, chance outcome or not.

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game, setup_position
    >>> evaluate(new_game(2), 0) == evaluate(new_game(2), 2) == 0.0
    True
    >>> s = setup_position("RB", {"R1": "20"})
    >>> evaluate(s, 0) > 0 > evaluate(s, 2)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from astroplane.games.aeroplane_chess.board import CENTRE, EXIT, HANGAR, LOOP, SQUARE_OF
from astroplane.kit.limits import shown

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["WEIGHTS", "WIN_VALUE", "evaluate"]

WEIGHTS: Mapping[str, float] = MappingProxyType(
    {
        "launched": 10.0,  # a plane out of the hangar
        "step": 1.0,  # per square of progress along the route
        "arrived": 10.0,  # bonus for a plane in the centre (it can no longer be sent back)
        "risk": 1.0 / 6.0,  # per opponent plane 1-6 squares behind: the chance of one roll
    }
)
"""The weights of ``evaluate``'s terms."""
WIN_VALUE = 1000.0
"""What a finished place is worth: the winner ``+WIN_VALUE``, the last ``-WIN_VALUE``."""


def _plane_value(k: int) -> float:
    if k == HANGAR:
        return 0.0
    w = WEIGHTS
    value = w["launched"] + w["step"] * k
    return value + w["arrived"] if k == CENTRE else value


def _threatened(state: AeroplaneState, colour: int) -> dict[int, int]:
    """Per loop square, how many opponent planes could land there with one roll (in team
    play a partner is no threat [AC26])."""
    out: dict[int, int] = {}
    for q, k in enumerate(state.planes):
        c = q >> 2
        if c == colour or (state.rules.teams and c == colour ^ 2) or not 0 <= k < EXIT:
            continue
        route = SQUARE_OF[c]
        for d in range(1, min(6, EXIT - k) + 1):
            sq = route[k + d]
            out[sq] = out.get(sq, 0) + 1
    return out


def _strength(state: AeroplaneState, colour: int) -> float:
    planes = state.planes
    value = sum(_plane_value(planes[p]) for p in range(4 * colour, 4 * colour + 4))
    threats = _threatened(state, colour)
    for p in range(4 * colour, 4 * colour + 4):
        k = planes[p]
        if 0 < k <= EXIT:
            sq = SQUARE_OF[colour][k]
            if sq < LOOP and sq in threats:
                value -= WEIGHTS["risk"] * threats[sq] * _plane_value(k)
    return value


def evaluate(state: AeroplaneState, seat: int) -> float:
    """How good ``state`` is for colour ``seat`` (higher is better).

    A colour that has finished (or the last one, once the game is over) is worth its
    place: ``WIN_VALUE * (2 * r - 1)`` with ``r`` its value in ``returns`` (the winner
    ``+WIN_VALUE``, the last ``-WIN_VALUE``). Otherwise its strength minus the mean
    strength of the other colours still playing, where a colour's strength adds, per
    plane, ``launched`` for being out of the hangar, ``step`` per square of progress and
    ``arrived`` in the centre, less ``risk`` times that value per opponent plane one roll
    behind it on the loop. In team play, while the game goes on: the mean strength of the
    seat and its partner less that of the other team [AC26].

    Args:
        state: Any state.
        seat: The colour (0..3) to evaluate for; a colour not in the game is worth 0.

    Returns:
        The value.

    Raises:
        ValueError: If ``seat`` is not a colour number 0..3 (a ``bool`` is not).

    Examples:
        >>> from astroplane.games.aeroplane_chess import position_from_text
        >>> evaluate(position_from_text("standard RB - t90 R1R2R3R4:RH6 fin:R"), 0)
        1000.0
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"a colour is 0..3 (R, Y, B, G), not {shown(seat)}")
    n = len(state.seats)
    if state.is_over and seat in state.seats:
        return WIN_VALUE * (2 * state.returns()[seat] - 1)  # shared at the turn limit [AC21]
    if state.rules.teams and seat in state.seats:  # partners count as one side [AC26]
        ours = (_strength(state, seat) + _strength(state, seat ^ 2)) / 2
        theirs = (_strength(state, seat ^ 1) + _strength(state, seat ^ 3)) / 2
        return ours - theirs
    if seat in state.finished:
        r = (n - 1 - state.finished.index(seat)) / (n - 1)
        return WIN_VALUE * (2 * r - 1)
    if seat not in state.seats:
        return 0.0
    others = [c for c in state.seats if c != seat and c not in state.finished]
    mine = _strength(state, seat)
    if not others:
        return mine
    return mine - sum(_strength(state, c) for c in others) / len(others)
