"""StarCastles: a multi-level Chinese checkers for 2 to 6 players, on the shared core.

The rules are the seed text as the spec (shared STARCASTLES.md, tags ``[SC1]`` ..
``[SC9]``) reads it; the choices made here are on docs/starcastles/decisions.md
(``[SC10]`` ...). Each player disassembles their three StarCastles (Power Base,
Battlement, Spire) on their home arm's trio, moves them across the star board and
re-assembles them, each controlled by one of their Spires, on the opposite arm's trio.
Phase Gems block a point for a round. There is no chance.

Importing this package registers the game as ``"starcastles"`` with
``astroplane.protocol.register_game`` (``STARCASTLES_GAME``), so the generic tools (bots,
``perft``, ``play_game``, the conformance suite, the command line) serve it by name. The
formats (names, move notation, position text, JSON, drawings) are on
docs/starcastles/formats.md.

Examples:
    >>> from astroplane.games.starcastles import new_game, Move
    >>> s = new_game(2)
    >>> s.game_name, len(s.board), s.legal_moves()[:2]
    ('starcastles', 37, (Move.step(1, 6), Move.step(1, 5)))
    >>> s = s.play(Move.step(1, 5))
    >>> s.to_move, s.stack("b1"), s.stack("c3")
    (1, 'P0B0', 'S0')
    >>> from astroplane.protocol import get_game
    >>> g = get_game("starcastles")
    >>> g.format_move(s, s.legal_moves()[0]), g.position_to_text(s).split(" ")[:5]
    ('Sh1-g4', ['starcastles', '03', 'f0', 'm1', 'r1'])
"""

from __future__ import annotations

from astroplane.games.starcastles.actions import (
    action_to_move,
    decode_action,
    encode_move,
    move_to_action,
    num_actions,
)
from astroplane.games.starcastles.board import (
    DIRECTIONS,
    HOME_ARMS,
    StarBoard,
    opposite,
    star_board,
)
from astroplane.games.starcastles.evaluation import evaluate, standing
from astroplane.games.starcastles.game import STARCASTLES_GAME, StarCastlesGame, with_turn_limit
from astroplane.games.starcastles.jsonio import (
    from_json,
    json_schema,
    move_from_dict,
    move_from_json,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.names import COLOUR_NAMES, SEAT_COLOURS, SEAT_NAMES
from astroplane.games.starcastles.notation import format_move, parse_move
from astroplane.games.starcastles.observation import observation_shape as observation_shape
from astroplane.games.starcastles.observation import observe as observe
from astroplane.games.starcastles.options import (
    OWN_CASTLES,
    STARCASTLES,
    STARCASTLES_121,
    VARIANTS,
    Rules,
)
from astroplane.games.starcastles.position import position_from_text, position_to_text
from astroplane.games.starcastles.record import (
    GameRecord,
    iter_records,
    read_records,
    write_records,
)
from astroplane.games.starcastles.record import record_from_text as record_from_text
from astroplane.games.starcastles.record import record_to_text as record_to_text
from astroplane.games.starcastles.render import GOAL as GOAL
from astroplane.games.starcastles.render import LEGEND as LEGEND
from astroplane.games.starcastles.render import RULES_SUMMARY as RULES_SUMMARY
from astroplane.games.starcastles.render import describe_outcome, render_text
from astroplane.games.starcastles.render import highlights as highlights
from astroplane.games.starcastles.render import status as status
from astroplane.games.starcastles.setup import check_state, new_game, setup_position
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.games.starcastles.svg import render_svg
from astroplane.protocol import register_game

__all__ = [
    "COLOUR_NAMES",
    "DIRECTIONS",
    "HOME_ARMS",
    "OWN_CASTLES",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "STARCASTLES",
    "STARCASTLES_121",
    "STARCASTLES_GAME",
    "VARIANTS",
    "GameRecord",
    "Move",
    "MoveKind",
    "Rules",
    "StarBoard",
    "StarCastlesGame",
    "StarCastlesState",
    "action_to_move",
    "check_state",
    "decode_action",
    "describe_outcome",
    "encode_move",
    "evaluate",
    "format_move",
    "from_json",
    "iter_records",
    "json_schema",
    "move_from_dict",
    "move_from_json",
    "move_to_action",
    "move_to_dict",
    "new_game",
    "num_actions",
    "opposite",
    "parse_move",
    "position_from_text",
    "position_to_text",
    "read_records",
    "render_svg",
    "render_text",
    "setup_position",
    "standing",
    "star_board",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "with_turn_limit",
    "write_records",
]


register_game(STARCASTLES_GAME)
