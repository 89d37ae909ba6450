"""astroplane: the reference rules engine for the board game ASTROPLANE.

Examples:
    >>> import astroplane
    >>> state = astroplane.new_game(players=2)
    >>> len(state.legal_moves())
    6
    >>> state = state.play(state.legal_moves()[0])
    >>> state.moves_left
    1
"""

from __future__ import annotations

from astroplane import svg
from astroplane._build import COMPILED
from astroplane.enums import Location
from astroplane.errors import (
    DrawingError,
    IllegalMoveError,
    NotationError,
    PositionError,
    UnknownVariantError,
)
from astroplane.formats import (
    GameRecord,
    effects,
    format_move,
    from_json,
    json_schema,
    parse_move,
    position_from_text,
    position_to_text,
    to_json,
)
from astroplane.game import ASTROPLANE
from astroplane.geometry import BoardGeometry, board_geometry
from astroplane.match import Match
from astroplane.moves import Move, MoveKind
from astroplane.outcome import EndReason, Outcome
from astroplane.perft import divide, perft
from astroplane.pieces import SEAT_NAMES, piece_from_name, piece_name, piece_owner
from astroplane.rules import (
    ADVANCED,
    BASIC,
    STANDARD,
    ActionType,
    Restriction,
    Rules,
    SendBack,
    register_variant,
    variant,
    variants,
)
from astroplane.setup import new_game, setup_position
from astroplane.state import GameState
from astroplane.topology import (
    REFERENCE_BOARD,
    Apex,
    CellKind,
    FiringPosition,
    Seat,
    StartArea,
    Topology,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "ADVANCED",
    "ASTROPLANE",
    "BASIC",
    "COMPILED",
    "REFERENCE_BOARD",
    "SEAT_NAMES",
    "STANDARD",
    "ActionType",
    "Apex",
    "BoardGeometry",
    "CellKind",
    "DrawingError",
    "EndReason",
    "FiringPosition",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "Location",
    "Match",
    "Move",
    "MoveKind",
    "NotationError",
    "Outcome",
    "PositionError",
    "Restriction",
    "Rules",
    "Seat",
    "SendBack",
    "StartArea",
    "Topology",
    "UnknownVariantError",
    "__version__",
    "board_geometry",
    "divide",
    "effects",
    "format_move",
    "from_json",
    "json_schema",
    "new_game",
    "parse_move",
    "perft",
    "piece_from_name",
    "piece_name",
    "piece_owner",
    "position_from_text",
    "position_to_text",
    "register_variant",
    "setup_position",
    "svg",
    "to_json",
    "variant",
    "variants",
]
