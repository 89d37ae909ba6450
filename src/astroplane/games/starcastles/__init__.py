"""StarCastles: a multi-level Chinese checkers for 2 to 6 players, on the shared core.

The rules are the seed text as the spec (shared STARCASTLES.md, tags ``[SC1]`` ..
``[SC9]``) reads it; the choices made here are on docs/starcastles/decisions.md
(``[SC10]`` ...). Each player disassembles their three StarCastles (Power Base,
Battlement, Spire) on their home arm's trio, moves them across the star board and
re-assembles them, each controlled by one of their Spires, on the opposite arm's trio.
Phase Gems block a point for a round. There is no chance.

This package is the rules core; the game is not registered with ``register_game`` yet
(its formats come later).

Examples:
    >>> from astroplane.games.starcastles import new_game, Move
    >>> s = new_game(2)
    >>> s.game_name, len(s.board), s.legal_moves()[:2]
    ('starcastles', 37, (Move.step(1, 6), Move.step(1, 5)))
    >>> s = s.play(Move.step(1, 5))
    >>> s.to_move, s.stack("b1"), s.stack("c3")
    (1, 'P0B0', 'S0')
"""

from __future__ import annotations

from astroplane.games.starcastles.actions import action_to_move, move_to_action, num_actions
from astroplane.games.starcastles.board import (
    DIRECTIONS,
    HOME_ARMS,
    StarBoard,
    opposite,
    star_board,
)
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.options import (
    OWN_CASTLES,
    STARCASTLES,
    STARCASTLES_121,
    VARIANTS,
    Rules,
)
from astroplane.games.starcastles.setup import check_state, new_game, setup_position
from astroplane.games.starcastles.state import StarCastlesState

__all__ = [
    "DIRECTIONS",
    "HOME_ARMS",
    "OWN_CASTLES",
    "STARCASTLES",
    "STARCASTLES_121",
    "VARIANTS",
    "Move",
    "MoveKind",
    "Rules",
    "StarBoard",
    "StarCastlesState",
    "action_to_move",
    "check_state",
    "move_to_action",
    "new_game",
    "num_actions",
    "opposite",
    "setup_position",
    "star_board",
]
