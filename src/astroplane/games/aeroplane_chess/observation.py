"""The observation tensor for learning tools: planes over the 80 squares.

``observe(state, seat)`` is the game's ``Game.observe`` (the PettingZoo environment
``astroplane.env`` shapes it as ``OBSERVATION_SHAPE``, ``(32, 80)``): 32 planes over the
square ids (``astroplane.games.aeroplane_chess.board``), each value 0.0 to 1.0, flattened
row-major.

Everything is seen from the observing colour. *Player k* is the colour ``k`` seats
clockwise from the observer (k = 0 is the observer; in a 2-player game of R and B each
sees the other as player 2; planes of colours not in the game stay 0). The board is
turned with it: a plane of player k at progress ``p`` of its route shows on square
``SQUARE_OF[k][p]``, so the observer's own planes always fly Red's route, and a position
and its turned copy observe alike. A plane in the hangar is on no square.

=======  ===============================================================================
plane    content (per square; "everywhere" planes hold one value on all 80 squares)
=======  ===============================================================================
0-3      player k's planes on the square / 4 (the centre ``RH6`` ... holds the arrived)
4-7      player k's planes on the square that are stacked (move as one) / 4 [AC9]
8        planes on the square that 6s of this turn moved / 4: a third 6 sends them back
         [AC10]
9-12     player k's planes in the hangar / 4 (everywhere)
13-16    player k's planes arrived in the centre / 4 (everywhere; 1 once k finished)
17-22    1 if the roll to play is 1 .. 6 (everywhere; all 0 when the die is to be
         rolled and once the game is over)
23       6s rolled and played earlier in this turn / 2 (everywhere) [AC10]
24-27    1 if it is player k's turn (everywhere; 0 once the game is over)
28-31    1 if player k is in the game (everywhere)
=======  ===============================================================================

The rules in force (``Rules``) and the turn number are not observed: an environment plays
one rule set, and the turn limit (turn 1,000,000) is far away [AC21].

Examples:
    >>> from astroplane.games.aeroplane_chess import Move, new_game
    >>> s = new_game(2).play(Move.roll(6)).play(Move.launch("R1")).play(Move.roll(2))
    >>> v = observe(s, 2)  # Blue sees: Blue's own (player 0) hangar, Red's plane (player 2)
    >>> v[9 * 80], v[11 * 80], v[2 * 80 + 54], v[18 * 80], v[23 * 80], v[26 * 80]
    (1.0, 0.75, 0.25, 1.0, 0.5, 1.0)
"""

from __future__ import annotations

from astroplane.games.aeroplane_chess.board import CENTRE, HANGAR, N_PLANES, N_SQUARES, SQUARE_OF
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.limits import shown

__all__ = ["OBSERVATION_PLANES", "OBSERVATION_SHAPE", "observation_shape", "observe"]

#: The number of observation planes (see the module docs).
OBSERVATION_PLANES = 32
#: The shape ``observe`` fills: the planes by the square ids.
OBSERVATION_SHAPE = (OBSERVATION_PLANES, N_SQUARES)
_QUARTER = 0.25


def observation_shape(state: AeroplaneState) -> tuple[int, int]:
    """The shape ``observe`` fills: ``OBSERVATION_SHAPE`` for every state.

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> observation_shape(new_game(3))
        (32, 80)
    """
    return OBSERVATION_SHAPE


def observe(state: AeroplaneState, seat: int) -> list[float]:
    """The observation of ``state`` as colour ``seat`` sees it, flat (module docs).

    Raises:
        ValueError: If ``seat`` is not the seat number of a colour in the game.

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> v = observe(new_game(3), 0)
        >>> v[9 * 80], v[12 * 80], v[24 * 80], v[28 * 80], v[31 * 80]
        (1.0, 0.0, 1.0, 1.0, 0.0)
        >>> observe(new_game(2), 1)
        Traceback (most recent call last):
        ...
        ValueError: a colour in this game is one of (0, 2), not 1
    """
    seats = state.seats
    if type(seat) is not int or seat not in seats:
        raise ValueError(f"a colour in this game is one of {seats}, not {shown(seat)}")
    size = N_SQUARES
    v = [0.0] * (OBSERVATION_PLANES * size)
    hangar = [0, 0, 0, 0]
    arrived = [0, 0, 0, 0]
    where = [-1] * N_PLANES  # the square each plane shows on, seen from ``seat``
    planes = state.planes
    for p in range(N_PLANES):
        k = (p // 4 - seat) % 4
        progress = planes[p]
        if progress == HANGAR:
            hangar[k] += 1
            continue
        if progress == CENTRE:
            arrived[k] += 1
        square = SQUARE_OF[k][progress]
        where[p] = square
        v[k * size + square] += _QUARTER
    for stack in state.stacks:
        k = (stack[0] // 4 - seat) % 4
        for p in stack:
            v[(4 + k) * size + where[p]] += _QUARTER
    sixed = state.sixed
    for p in range(N_PLANES):
        if sixed >> p & 1 and where[p] >= 0:
            v[8 * size + where[p]] += _QUARTER

    def fill(plane: int, value: float) -> None:
        if value:
            v[plane * size : (plane + 1) * size] = [value] * size

    over = state.is_over
    for colour in seats:
        k = (colour - seat) % 4
        fill(9 + k, hangar[k] / 4)
        fill(13 + k, arrived[k] / 4)
        fill(28 + k, 1.0)
    if not over:
        if state.roll:
            fill(16 + state.roll, 1.0)
        fill(24 + (state.to_move - seat) % 4, 1.0)
    fill(23, state.sixes / 2)
    return v
