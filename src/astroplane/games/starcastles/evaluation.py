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

from functools import cache

from astroplane.games.starcastles.board import opposite, star_board
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
#: The progress of a trio point on its way to a winning castle: the player's lone Power
#: Base there, then their Battlement on a Power Base (each a single move) [SC29].
BUILD_BONUS = (6.0, 14.0)
#: The progress a castle the player controls adds anywhere off the trio: it marches whole
#: [SC4], so it is a castle the trio does not have to build [SC29].
MARCHING_BONUS = 8.0
#: The progress off the trio of a Power Base with the player's Battlement on it and no
#: Spire: one Spire step from a marching castle [SC29].
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


@cache
def _layout(
    arm_size: int, arms: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per player, the nearness of every point to their destination trio; per point, the
    players whose destination trio holds it."""
    board = star_board(arm_size)
    near = tuple(_nearness(arm_size, opposite(a)) for a in arms)
    trio_of: list[list[int]] = [[] for _ in board.cube]
    for player, a in enumerate(arms):
        for p in board.trios[opposite(a)]:
            trio_of[p].append(player)
    return near, tuple(tuple(t) for t in trio_of)


#: The last state whose progress vector was computed, and that vector: a search rates one
#: state for every seat in a row.
_last: list[tuple[StarCastlesState, tuple[float, ...]]] = []


def _progress_all(state: StarCastlesState) -> tuple[float, ...]:
    """Every player's ``progress``, in one pass over the board."""
    if _last and _last[0][0] is state:
        return _last[0][1]
    near, trio_of = _layout(state.rules.arm, state.arms)
    own = state.rules.own_castles
    controlled = state.controlled
    build_p, build_pb = BUILD_BONUS
    total = [0.0] * len(state.arms)
    for p, cell in enumerate(state.cells):
        if not cell:
            continue
        # owners of the Power Base, Battlement, Spire (stacks: P | B << 3 | S << 6), or -1
        po, bo, so = (cell & 7) - 1, (cell >> 3 & 7) - 1, (cell >> 6 & 7) - 1
        for who in (po, bo, so):
            if who >= 0:
                total[who] += near[who][p]
        ctrl = controlled >> p & 1
        at_home = trio_of[p]  # players for whom this is a trio point
        for player in at_home:
            if so < 0:  # building: the player's Power Base, or any under their Battlement
                if bo == player and po >= 0 and (not own or po == player):
                    total[player] += build_pb
                elif bo < 0 and po == player:
                    total[player] += build_p
            elif so == player and ctrl and (not own or po == bo == player):
                total[player] += CASTLE_BONUS
        if so >= 0:
            if ctrl and so not in at_home:
                total[so] += MARCHING_BONUS
        elif bo >= 0 and po >= 0 and bo not in at_home:
            total[bo] += READY_BONUS
    result = tuple(total)
    _last[:] = [(state, result)]
    return result


def progress(state: StarCastlesState, player: int) -> float:
    """How far ``player`` has come: the nearness of their modules to their destination
    trio; per trio point, ``BUILD_BONUS`` for their lone Power Base and for their Battlement
    on a Power Base, ``CASTLE_BONUS`` for a castle their Spire controls; and off the trio
    ``MARCHING_BONUS`` per castle they control and ``READY_BONUS`` per Power Base under
    their Battlement with no Spire [SC23, SC29]. Colours mix unless ``own_castles`` [SC6].

    Raises:
        ValueError: If ``player`` is not a player of the game.
    """
    state.destination(player)  # checks the player
    return _progress_all(state)[player]


def evaluate(state: StarCastlesState, seat: int) -> float:
    """How good ``state`` is for ``seat``: its progress less the best rival's, or
    ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once the game is won or drawn.

    Raises:
        ValueError: If ``seat`` is not a player of the game.
    """
    state.destination(seat)  # checks the seat
    if state.winner is not None:
        return WIN_VALUE if state.winner == seat else -WIN_VALUE
    if state.is_over:
        return 0.0
    every = _progress_all(state)
    return every[seat] - max(v for i, v in enumerate(every) if i != seat)
