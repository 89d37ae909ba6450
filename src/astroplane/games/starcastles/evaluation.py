"""A heuristic value of a state for bots (``GreedyBot``, MCTS playouts) [SC23].

A player's **progress** counts, for each of their modules on the board, how near it is to
the nearest point of their destination trio (the board's largest distance less the
distance), and adds a bonus for each castle their Spire controls on that trio, which is
what wins [SC6]. A state's value for a seat is its progress less the best rival's: a bot
that raises it marches its modules across and rebuilds its castles, and hinders the
leader. A won game is worth ``WIN_VALUE`` to the winner and ``-WIN_VALUE`` to the others,
a draw 0.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> s = new_game(2)
    >>> evaluate(s, 0) == evaluate(s, 1) == 0.0
    True
    >>> after = s.play(s.legal_moves()[0])
    >>> evaluate(after, 0) > 0 > evaluate(after, 1)
    True
"""

from __future__ import annotations

from functools import cache

from astroplane.games.starcastles.board import opposite, star_board
from astroplane.games.starcastles.stacks import owner
from astroplane.games.starcastles.state import StarCastlesState

__all__ = ["CASTLE_BONUS", "WIN_VALUE", "evaluate", "progress"]

#: The value of a won game for the winner (the others get its negative).
WIN_VALUE = 1_000_000.0
#: The progress a castle controlled by the player on their destination trio adds.
CASTLE_BONUS = 20.0


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


def progress(state: StarCastlesState, player: int) -> float:
    """How far ``player`` has come: the nearness of their modules to their destination
    trio, plus ``CASTLE_BONUS`` per castle they control on it.

    Raises:
        ValueError: If ``player`` is not a player of the game.
    """
    trio = state.destination(player)  # checks the player
    near = _nearness(state.rules.arm, opposite(state.arms[player]))
    total = 0.0
    for p, cell in enumerate(state.cells):
        if cell:
            mine = sum(owner(cell, k) == player for k in range(3))
            total += mine * near[p]
            if p in trio and owner(cell, 2) == player and state.controlled >> p & 1:
                total += CASTLE_BONUS
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
