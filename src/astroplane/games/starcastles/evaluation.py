"""A heuristic value of a state for bots (``GreedyBot``, MCTS playouts) [SC23, SC29].

A player's **progress** counts, for each of their modules on the board, how near it is to
the nearest point of their destination trio (the board's largest distance less the
distance), and adds bonuses for the castles that win [SC6] as they are built: on each
trio point the player's lone Power Base, then their Battlement on a Power Base, then a
castle their Spire controls (``BUILD_BONUS``, ``CASTLE_BONUS``); off the trio, a castle
they control (it marches whole [SC4], ``MARCHING_BONUS``) and a Power Base under their
Battlement waiting for a Spire (``READY_BONUS``). A state's value for a seat is its
progress less the best rival's: a bot that raises it takes control of its castles,
marches them or rebuilds them on the trio, and hinders the leader. A won game is worth
``WIN_VALUE`` to the winner and ``-WIN_VALUE`` to the others, a draw 0.

``MCTSBot`` rates the end of its playouts by ``standing`` instead (the game's
``search_rating``): a seat's progress less the *mean* rival's. With two players it is
``evaluate``; with more, hindering the leader is worth to a seat only its share of it, as
the leader's loss is every other rival's gain too, so the search races for its own castles
(docs/bots.md has the measurements).

Examples:
    >>> from astroplane.games.starcastles import Move, new_game
    >>> s = new_game(2)
    >>> evaluate(s, 0) == evaluate(s, 1) == 0.0
    True

    The starting castles are not controlled [SC2]: a Spire stepping off one, to dock
    again and take control, is progress:

    >>> after = s.play(Move.step(1, 6))
    >>> evaluate(after, 0) > 0 > evaluate(after, 1)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.games.starcastles import core as _core

if TYPE_CHECKING:
    from astroplane.games.starcastles.view import StateView as StarCastlesState

__all__ = [
    "BUILD_BONUS",
    "CASTLE_BONUS",
    "MARCHING_BONUS",
    "READY_BONUS",
    "WIN_VALUE",
    "evaluate",
    "progress",
    "standing",
]

#: The value of a won game for the winner (the others get its negative).
WIN_VALUE = _core.WIN_VALUE
#: The progress a castle controlled by the player on their destination trio adds.
CASTLE_BONUS = _core.CASTLE_BONUS
#: The progress of a trio point on its way to a winning castle: the player's lone Power
#: Base there, then their Battlement on a Power Base (each a single move) [SC29].
BUILD_BONUS = _core.BUILD_BONUS
#: The progress a castle the player controls adds anywhere off the trio: it marches whole
#: [SC4], so it is a castle the trio does not have to build [SC29].
MARCHING_BONUS = _core.MARCHING_BONUS
#: The progress off the trio of a Power Base with the player's Battlement on it and no
#: Spire: one Spire step from a marching castle [SC29].
READY_BONUS = _core.READY_BONUS


def progress(state: StarCastlesState, player: int) -> float:
    """How far ``player`` has come: the nearness of their modules to their destination
    trio; per trio point, ``BUILD_BONUS`` for their lone Power Base and for their Battlement
    on a Power Base, ``CASTLE_BONUS`` for a castle their Spire controls; and off the trio
    ``MARCHING_BONUS`` per castle they control and ``READY_BONUS`` per Power Base under
    their Battlement with no Spire [SC23, SC29]. Colours mix unless ``own_castles`` [SC6].
    The packed core counts it (``core.StarCastlesCore.progress_all``).

    Raises:
        ValueError: If ``player`` is not a player of the game.
    """
    state.destination(player)  # checks the player
    return state._core.progress_all(state._packed())[player]


def evaluate(state: StarCastlesState, seat: int) -> float:
    """How good ``state`` is for ``seat``: its progress less the best rival's, or
    ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once the game is won or drawn (the packed core's
    ``value``, which searches call on positions).

    Raises:
        ValueError: If ``seat`` is not a player of the game.
    """
    state.destination(seat)  # checks the seat
    return state._core.value(state._packed(), seat)


def standing(state: StarCastlesState, seat: int) -> float:
    """How ``seat`` stands in the race: its progress less the mean of the other players'
    (``progress``), or ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once the game is won or drawn;
    what ``MCTSBot`` rates its playouts' ends by (the game's ``search_rating``). With two
    players it equals ``evaluate`` [SC23].

    Examples:
        >>> from astroplane.games.starcastles import Move, new_game

        Player 0 has taken a step: player 1 trails the leader by 5 points, but the mean
        rival by 2.5:

        >>> after = new_game(3).play(Move.step(1, 6))
        >>> [progress(after, player) for player in range(3)]
        [20.0, 15.0, 15.0]
        >>> evaluate(after, 1), standing(after, 1)
        (-5.0, -2.5)

    Raises:
        ValueError: If ``seat`` is not a player of the game.
    """
    state.destination(seat)  # checks the seat
    return state._core.standing(state._packed(), seat)
