"""astroplane: the reference rules engine for the board game ASTROPLANE, and the kit its
family of games is built on.

The names below load on first use (PEP 562), so ``import astroplane.protocol`` or
``import astroplane.kit`` loads no game: a tool written against the protocol pays only
for the games it plays.

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

import importlib
from typing import TYPE_CHECKING, Any

# ``perft`` is a function and a submodule: bound now, so that importing the submodule
# later (as the tools do) cannot put the module where the function is expected. The
# module needs only the protocol.
from astroplane.perft import divide, perft

if TYPE_CHECKING:
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


#: Where each public name lives: loaded by ``__getattr__`` the first time it is asked for.
_LAZY = {
    "ADVANCED": "astroplane.rules",
    "ASTROPLANE": "astroplane.game",
    "ActionType": "astroplane.rules",
    "Apex": "astroplane.topology",
    "BASIC": "astroplane.rules",
    "BoardGeometry": "astroplane.geometry",
    "COMPILED": "astroplane._build",
    "CellKind": "astroplane.topology",
    "DrawingError": "astroplane.errors",
    "EndReason": "astroplane.outcome",
    "FiringPosition": "astroplane.topology",
    "GameRecord": "astroplane.formats",
    "GameState": "astroplane.state",
    "IllegalMoveError": "astroplane.errors",
    "Location": "astroplane.enums",
    "Match": "astroplane.match",
    "Move": "astroplane.moves",
    "MoveKind": "astroplane.moves",
    "NotationError": "astroplane.errors",
    "Outcome": "astroplane.outcome",
    "PositionError": "astroplane.errors",
    "REFERENCE_BOARD": "astroplane.topology",
    "Restriction": "astroplane.rules",
    "Rules": "astroplane.rules",
    "SEAT_NAMES": "astroplane.pieces",
    "STANDARD": "astroplane.rules",
    "Seat": "astroplane.topology",
    "SendBack": "astroplane.rules",
    "StartArea": "astroplane.topology",
    "Topology": "astroplane.topology",
    "UnknownVariantError": "astroplane.errors",
    "board_geometry": "astroplane.geometry",
    "effects": "astroplane.formats",
    "format_move": "astroplane.formats",
    "from_json": "astroplane.formats",
    "json_schema": "astroplane.formats",
    "new_game": "astroplane.setup",
    "parse_move": "astroplane.formats",
    "piece_from_name": "astroplane.pieces",
    "piece_name": "astroplane.pieces",
    "piece_owner": "astroplane.pieces",
    "position_from_text": "astroplane.formats",
    "position_to_text": "astroplane.formats",
    "register_variant": "astroplane.rules",
    "setup_position": "astroplane.setup",
    "svg": "astroplane.svg",
    "to_json": "astroplane.formats",
    "variant": "astroplane.rules",
    "variants": "astroplane.rules",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'astroplane' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded if module == f"astroplane.{name}" else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
