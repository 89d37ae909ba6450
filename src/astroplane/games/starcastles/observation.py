"""The observation tensor for learning tools: planes over the board's points [SC27].

``observe(state, seat)`` is the game's ``Game.observe`` (the PettingZoo environment
``astroplane.env`` shapes it as ``observation_shape(state)``, ``(46, N)`` for a board of
``N`` points: 37, 73 or 121): 46 planes over the point ids, each value 0.0 to 1.0,
flattened row-major. Planes are relative to the observing player: *player k* is the
player ``k`` places after the observer in turn order (k = 0 is the observer itself;
planes of players not in the game stay 0), so one network plays every seat of every
player count.

=======  ===============================================================================
plane    content (per point; "everywhere" planes hold one value at every point)
=======  ===============================================================================
0-5      1 where player k's Power Base is (in any stack)
6-11     1 where player k's Battlement is
12-17    1 where player k's Spire is
18       1 on a complete StarCastle that is controlled [SC4]
19-24    1 where player k's Phase Gem is [SC7]
25-30    1 on the trio points of player k's destination [SC2]
31-36    player k's Phase Gems left / 4 (everywhere)
37-42    1 if player k is in the game (everywhere)
43       1 if the observer is to act (everywhere; 0 once the game is over)
44       1 if the player to act had their own gem removed at the start of this turn, so
         may not play one [SC7] (everywhere)
45       the round / ``max_rounds`` (everywhere) [SC6]
=======  ===============================================================================

A stack's order follows from its kinds (Power Base, Battlement, Spire bottom to top), so
the top module is the highest kind present.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> s = new_game(2)
    >>> v = observe(s, 1)
    >>> n = len(s.board)
    >>> observation_shape(s), v[0 * n + 0], v[1 * n + 0], v[25 * n + 0], v[43 * n]
    ((46, 37), 0.0, 1.0, 1.0, 0.0)
"""

from __future__ import annotations

from astroplane.games.starcastles.board import opposite
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit.limits import shown

__all__ = ["OBSERVATION_PLANES", "observation_shape", "observe"]

#: The number of observation planes (see the module docs).
OBSERVATION_PLANES = 46
_SEATS = 6


def observation_shape(state: StarCastlesState) -> tuple[int, int]:
    """The shape ``observe`` fills: the planes by the board's points.

    Examples:
        >>> from astroplane.games.starcastles import STARCASTLES_121, new_game
        >>> observation_shape(new_game(3, rules=STARCASTLES_121))
        (46, 121)
    """
    return OBSERVATION_PLANES, len(state.board)


def observe(state: StarCastlesState, seat: int) -> list[float]:
    """The observation of ``state`` as player ``seat`` sees it, flat (module docs).

    Raises:
        ValueError: If ``seat`` is not a player of the game.

    Examples:
        >>> from astroplane.games.starcastles import Move, new_game
        >>> s = new_game(2).play(Move.gem(18))
        >>> v = observe(s, 1)
        >>> v[20 * 37 + 18], v[31 * 37], v[32 * 37], v[43 * 37]
        (1.0, 1.0, 0.75, 0.0)
    """
    n = state.player_count
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"a player of this game is 0..{n - 1}, not {shown(seat)}")
    board, rules = state.board, state.rules
    size = len(board)
    v = [0.0] * (OBSERVATION_PLANES * size)

    def fill(plane: int, value: float) -> None:
        if value:
            v[plane * size : (plane + 1) * size] = [value] * size

    for p, cell in enumerate(state.cells):
        for kind in range(3):
            code = cell >> (3 * kind) & 7
            if code:
                k = (code - 1 - seat) % n
                v[(6 * kind + k) * size + p] = 1.0
        if state.controlled >> p & 1:
            v[18 * size + p] = 1.0
    for player in range(n):
        k = (player - seat) % n
        gem = state.gems[player]
        if gem >= 0:
            v[(19 + k) * size + gem] = 1.0
        for p in board.trios[opposite(state.arms[player])]:
            v[(25 + k) * size + p] = 1.0
        fill(31 + k, state.gems_left[player] / 4)
        fill(37 + k, 1.0)
    over = state.is_over
    fill(43, float(not over and state.to_move == seat))
    fill(44, float(not over and state.removed))
    fill(45, min(state.round, rules.max_rounds) / rules.max_rounds)
    return v
