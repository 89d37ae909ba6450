"""A heuristic value of a state for bots (``GreedyBot``, MCTS playouts) [SC23, SC30].

A player's **progress** counts, for each of their modules on the board, how near it is to
the nearest point of their destination trio (the board's largest distance less the
distance), and adds bonuses for the castles that win [SC6] as they are built: on each
trio point a lone Power Base, then a Battlement on it, then a castle the player's Spire
controls (``BUILD_BONUS``, ``CASTLE_BONUS``); off the trio, a castle the player controls
(it marches whole, ``MARCHING_BONUS``) and a Power Base under the player's Battlement
waiting for a Spire (``READY_BONUS``). Colours mix unless ``own_castles`` is on, so a
rival's Power Base and Battlement on the trio serve too. A state's value for a seat is
its progress less the best rival's: a bot that raises it marches its modules across,
rebuilds its castles there, and hinders the leader. A won game is worth ``WIN_VALUE`` to
the winner and ``-WIN_VALUE`` to the others, a draw 0.

Examples:
    >>> from astroplane.games.starcastles import Move, new_game
    >>> s = new_game(2)
    >>> evaluate(s, 0) == evaluate(s, 1) == 0.0
    True

    Player 0's home castles stand on player 1's destination trio; a Spire stepping off
    one leaves player 1 a Power Base and Battlement to dock on:

    >>> after = s.play(Move.step(1, 6))
    >>> evaluate(after, 0) < 0 < evaluate(after, 1)
    True
"""

from __future__ import annotations

from functools import cache

from astroplane.games.starcastles.board import opposite, star_board
from astroplane.games.starcastles.stacks import owner
from astroplane.games.starcastles.state import StarCastlesState

__all__ = [
    "BUILD_BONUS",
    "CASTLE_BONUS",
    "MARCHING_BONUS",
    "READY_BONUS",
    "WIN_VALUE",
    "evaluate",
    "progress",
]

#: The value of a won game for the winner (the others get its negative).
WIN_VALUE = 1_000_000.0
#: The progress a castle controlled by the player on their destination trio adds.
CASTLE_BONUS = 30.0
#: The progress of a trio point on its way to a winning castle: a lone Power Base there,
#: then a Battlement on it (each step of the build a single move makes) [SC30].
BUILD_BONUS = (6.0, 14.0)
#: The progress a castle the player controls adds anywhere off the trio: it marches whole
#: [SC4], so it is a castle the trio does not have to build [SC30].
MARCHING_BONUS = 8.0
#: The progress off the trio of a Power Base with the player's Battlement on it and no
#: Spire: one Spire step from a marching castle [SC30].
READY_BONUS = 4.0


@cache
def _nearness(arm_size: int, dest: int) -> tuple[int, ...]:
    """Per point, the board's largest distance less its distance to the trio of ``dest``."""
    board = star_board(arm_size)
    trio = [board.cube[p] for p in board.trios[dest]]
    far = 4 * arm_size
    return tuple(
        far - min(max(abs(a - b) for a, b in zip(c, t, strict=True)) for t in trio)
        for c in board.cube
    )


def _usable(cell: int, kind: int, player: int, own: bool) -> bool:
    """Does the stack's module of ``kind`` serve ``player``'s castle (any colour, or only
    the player's own under ``own_castles``) [SC6]?"""
    who = owner(cell, kind)
    return who >= 0 and (not own or who == player)


def progress(state: StarCastlesState, player: int) -> float:
    """How far ``player`` has come: the nearness of their modules to their destination
    trio; per trio point, ``BUILD_BONUS`` for a lone Power Base and for a Power Base with a
    Battlement on it, ``CASTLE_BONUS`` for a castle their Spire controls; and
    ``MARCHING_BONUS`` per castle they control elsewhere [SC23, SC30].

    Raises:
        ValueError: If ``player`` is not a player of the game.
    """
    trio = state.destination(player)  # checks the player
    near = _nearness(state.rules.arm, opposite(state.arms[player]))
    own = state.rules.own_castles
    controlled = state.controlled
    total = 0.0
    for p, cell in enumerate(state.cells):
        if not cell:
            continue
        mine = (owner(cell, 0) == player) + (owner(cell, 1) == player) + (owner(cell, 2) == player)
        total += mine * near[p]
        spire = owner(cell, 2)
        ours = spire == player and controlled >> p & 1  # a castle our Spire controls
        if p in trio:
            if spire < 0 and _usable(cell, 0, player, own):
                total += BUILD_BONUS[1] if _usable(cell, 1, player, own) else BUILD_BONUS[0]
            elif ours and _usable(cell, 0, player, own) and _usable(cell, 1, player, own):
                total += CASTLE_BONUS
        elif ours:
            total += MARCHING_BONUS
        elif spire < 0 and owner(cell, 1) == player and owner(cell, 0) >= 0:
            total += READY_BONUS
    return total


def evaluate(state: StarCastlesState, seat: int) -> float:
    """How good ``state`` is for ``seat``: its progress less the best rival's, or
    ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once the game is won or drawn.

    Raises:
        ValueError: If ``seat`` is not a player of the game.
    """
    mine = progress(state, seat)
    if state.winner >= 0:
        return WIN_VALUE if state.winner == seat else -WIN_VALUE
    if state.is_over:
        return 0.0
    rivals = [progress(state, i) for i in range(len(state.arms)) if i != seat]
    return mine - max(rivals)
