"""Aeroplane Chess (飞行棋) on the shared core: the dice are chance nodes.

Importing this package registers the game as ``"aeroplane-chess"`` with
``astroplane.protocol.register_game``, so the generic tools (bots, ``perft``,
``play_game``, the command line) find it by name. The rules are on
docs/aeroplane-chess/rules.md, every choice the seed text leaves open on
docs/aeroplane-chess/decisions.md (tags ``[AC1]`` ...), the formats on
docs/aeroplane-chess/formats.md.

A state is either a chance node, where the die is to be rolled (its moves are the six
rolls), or waits for the player to move with the roll:

Examples:
    >>> import random
    >>> from astroplane.protocol import get_game, sample_chance
    >>> from astroplane.games.aeroplane_chess import new_game, Move
    >>> s = new_game(2)
    >>> s.is_chance_node, s.chance_outcomes()[0]
    (True, (Move.roll(1), 0.16666666666666666))
    >>> s = s.play(Move.roll(2))
    >>> s.legal_moves()
    (Move.launch('R1'),)
    >>> s = s.play(Move.launch("R1"))
    >>> s.to_text()
    'standard RB B? t2 R1:RT'
    >>> s.play(sample_chance(s, random.Random(1))).roll
    1
    >>> get_game("aeroplane-chess").title
    'Aeroplane Chess'
"""

from __future__ import annotations

from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.aeroplane_chess.actions import action_to_move as action_to_move
from astroplane.games.aeroplane_chess.actions import move_to_action as move_to_action
from astroplane.games.aeroplane_chess.actions import num_actions as num_actions
from astroplane.games.aeroplane_chess.board import (
    COLOUR_NAMES,
    COLOURS,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.board import HANGAR as HANGAR
from astroplane.games.aeroplane_chess.board import SQUARE_OF as SQUARE_OF
from astroplane.games.aeroplane_chess.evaluation import evaluate
from astroplane.games.aeroplane_chess.game import AEROPLANE_CHESS, AeroplaneChess, partners
from astroplane.games.aeroplane_chess.game import GOAL as GOAL
from astroplane.games.aeroplane_chess.game import RULES_SUMMARY as RULES_SUMMARY
from astroplane.games.aeroplane_chess.game import highlights as highlights
from astroplane.games.aeroplane_chess.jsonio import from_json, json_schema, to_json
from astroplane.games.aeroplane_chess.jsonio import state_from_dict as state_from_dict
from astroplane.games.aeroplane_chess.jsonio import state_to_dict as state_to_dict
from astroplane.games.aeroplane_chess.movegen import Flight
from astroplane.games.aeroplane_chess.moves import Move, MoveKind
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.observation import observation_shape as observation_shape
from astroplane.games.aeroplane_chess.observation import observe as observe
from astroplane.games.aeroplane_chess.options import (
    CLASSIC,
    FAMILY,
    MODERN,
    PRESETS,
    STANDARD,
    TEAMS,
    Launch,
    Overshoot,
    Rerolls,
    Rules,
    Stacking,
    ThirdSix,
    describe_variants,
    rules_from_text,
    rules_to_text,
    variants,
)
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.record import GameRecord
from astroplane.games.aeroplane_chess.render import LEGEND as LEGEND
from astroplane.games.aeroplane_chess.render import describe_dice as describe_dice
from astroplane.games.aeroplane_chess.render import describe_outcome, render
from astroplane.games.aeroplane_chess.setup import check_state as check_state
from astroplane.games.aeroplane_chess.setup import new_game, setup_position
from astroplane.games.aeroplane_chess.state import AeroplaneState, use_position_text
from astroplane.games.aeroplane_chess.svg import FILL as FILL
from astroplane.games.aeroplane_chess.svg import render_svg
from astroplane.protocol import register_game

__all__ = [
    "AEROPLANE_CHESS",
    "CLASSIC",
    "COLOURS",
    "COLOUR_NAMES",
    "FAMILY",
    "MODERN",
    "PRESETS",
    "STANDARD",
    "TEAMS",
    "AeroplaneChess",
    "AeroplaneState",
    "Flight",
    "GameRecord",
    "IllegalMoveError",
    "Launch",
    "Move",
    "MoveKind",
    "NotationError",
    "Overshoot",
    "PositionError",
    "Rerolls",
    "Rules",
    "Stacking",
    "ThirdSix",
    "describe_outcome",
    "describe_variants",
    "evaluate",
    "format_move",
    "from_json",
    "json_schema",
    "new_game",
    "parse_move",
    "partners",
    "plane_from_name",
    "plane_name",
    "position_from_text",
    "position_to_text",
    "render",
    "render_svg",
    "rules_from_text",
    "rules_to_text",
    "setup_position",
    "square_from_name",
    "square_name",
    "to_json",
    "variants",
]


use_position_text(position_to_text)
register_game(AEROPLANE_CHESS)
