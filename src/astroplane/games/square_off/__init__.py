"""Square Off, Jump Off and Trading Places, and Nine Men's Morris as OpenSpiel plays it.

The rules core of the third game (spec: SQUARE_OFF.md; decisions on
docs/square-off/decisions.md, tags ``[SO1]`` ...): a Morris-family game on the 24-point
board. Players place their pieces, then slide them along the links; three in a row (a
*line*) removes an opposing piece, a ply of its own. Variants add jumps and a cooldown
(``jump-off``) or trades (``trading-places``); ``nine-mens-morris`` plays OpenSpiel 2.x's
``nine_mens_morris`` exactly, action numbers included.

States follow ``astroplane.protocol.State`` (``game_name = "square-off"``). Importing
this package registers the game as ``"square-off"`` (``game.SQUARE_OFF_GAME``), with its
formats built on the shared kit: rules text, position text and JSON (on
docs/square-off/formats.md), the terminal and SVG drawings.

Examples:
    >>> from astroplane.games.square_off import new_game, parse_move, format_move
    >>> s = new_game()
    >>> for text in ["a7", "b6", "d7", "d6", "g7"]:
    ...     s = s.play(parse_move(s, text))
    >>> s.to_move, [format_move(s, m) for m in s.legal_moves()]
    (0, ['xb6', 'xd6'])
    >>> s = s.play(parse_move(s, "xd6"))
    >>> s.to_move, s.removed, s.in_hand
    (1, (0, 1), (6, 7))
    >>> position_to_text(s)
    'square-off WWW/B../.../....../.../.../... 6/7 B - -/- t5 q0'
    >>> from astroplane.protocol import get_game
    >>> get_game("square-off").title
    'Square Off'
"""

from __future__ import annotations

from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.square_off.board import BOARD, N_POINTS, Board, point_id, point_name
from astroplane.games.square_off.evaluation import evaluate
from astroplane.games.square_off.game import (
    SQUARE_OFF_GAME,
    SquareOffGame,
    describe_outcome,
    highlights,
    invariants,
)
from astroplane.games.square_off.jsonio import (
    from_json,
    json_schema,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.games.square_off.moves import (
    NUM_ACTIONS,
    Move,
    MoveKind,
    action_to_move,
    move_to_action,
)
from astroplane.games.square_off.notation import format_move, parse_move
from astroplane.games.square_off.options import (
    JUMP_OFF,
    NINE_MENS_MORRIS,
    OPTIONS,
    PRESETS,
    SQUARE_OFF,
    TRADING_PLACES,
    Rules,
)
from astroplane.games.square_off.outcome import Ending, Outcome
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.position import position_from_text, position_to_text
from astroplane.games.square_off.record import GameRecord, iter_records, read_records, write_records
from astroplane.games.square_off.render import render
from astroplane.games.square_off.rulestext import VARIANTS, rules_from_text, rules_to_text
from astroplane.games.square_off.setup import new_game, seat_from_name, setup_position
from astroplane.games.square_off.state import SquareOffState
from astroplane.games.square_off.svg import render_svg
from astroplane.protocol import register_game

__all__ = [
    "BOARD",
    "JUMP_OFF",
    "NINE_MENS_MORRIS",
    "NUM_ACTIONS",
    "N_POINTS",
    "OPTIONS",
    "PRESETS",
    "SEATS",
    "SQUARE_OFF",
    "SQUARE_OFF_GAME",
    "TRADING_PLACES",
    "VARIANTS",
    "Board",
    "Ending",
    "GameRecord",
    "IllegalMoveError",
    "Move",
    "MoveKind",
    "NotationError",
    "Outcome",
    "PositionError",
    "Rules",
    "SquareOffGame",
    "SquareOffState",
    "action_to_move",
    "describe_outcome",
    "evaluate",
    "format_move",
    "from_json",
    "highlights",
    "invariants",
    "iter_records",
    "json_schema",
    "move_from_dict",
    "move_to_action",
    "move_to_dict",
    "new_game",
    "parse_move",
    "point_id",
    "point_name",
    "position_from_text",
    "position_to_text",
    "read_records",
    "render",
    "render_svg",
    "rules_from_text",
    "rules_to_text",
    "seat_from_name",
    "setup_position",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "write_records",
]

register_game(SQUARE_OFF_GAME)
