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

from astroplane._moved import MOVED
from astroplane._moved import install as _install_moved

# ``perft`` is a function and a submodule: bound now, so that importing the submodule
# later (as the tools do) cannot put the module where the function is expected. The
# module needs only the protocol.
from astroplane.perft import divide, perft

_install_moved()

if TYPE_CHECKING:
    from astroplane import svg
    from astroplane._build import COMPILED
    from astroplane.errors import (
        DrawingError,
        IllegalMoveError,
        NotationError,
        PositionError,
        UnknownGameError,
        UnknownVariantError,
    )
    from astroplane.games.astroplane.enums import Location
    from astroplane.games.astroplane.formats import (
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
    from astroplane.games.astroplane.game import ASTROPLANE
    from astroplane.games.astroplane.geometry import BoardGeometry, board_geometry
    from astroplane.games.astroplane.moves import Move, MoveKind
    from astroplane.games.astroplane.outcome import EndReason, Outcome
    from astroplane.games.astroplane.pieces import (
        SEAT_NAMES,
        piece_from_name,
        piece_name,
        piece_owner,
    )
    from astroplane.games.astroplane.rules import (
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
    from astroplane.games.astroplane.setup import new_game, setup_position
    from astroplane.games.astroplane.state import GameState
    from astroplane.games.astroplane.topology import (
        REFERENCE_BOARD,
        Apex,
        CellKind,
        FiringPosition,
        Seat,
        StartArea,
        Topology,
    )
    from astroplane.match import Match
    from astroplane.records import RecordedGame, read_record, write_record

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
    "RecordedGame",
    "Restriction",
    "Rules",
    "Seat",
    "SendBack",
    "StartArea",
    "Topology",
    "UnknownGameError",
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
    "read_record",
    "register_variant",
    "setup_position",
    "svg",
    "to_json",
    "variant",
    "variants",
    "write_record",
]


#: Where each public name lives: loaded by ``__getattr__`` the first time it is asked for.
_LAZY = {
    "ADVANCED": "astroplane.games.astroplane.rules",
    "ASTROPLANE": "astroplane.games.astroplane.game",
    "ActionType": "astroplane.games.astroplane.rules",
    "Apex": "astroplane.games.astroplane.topology",
    "BASIC": "astroplane.games.astroplane.rules",
    "BoardGeometry": "astroplane.games.astroplane.geometry",
    "COMPILED": "astroplane._build",
    "CellKind": "astroplane.games.astroplane.topology",
    "DrawingError": "astroplane.errors",
    "EndReason": "astroplane.games.astroplane.outcome",
    "FiringPosition": "astroplane.games.astroplane.topology",
    "GameRecord": "astroplane.games.astroplane.formats",
    "GameState": "astroplane.games.astroplane.state",
    "IllegalMoveError": "astroplane.errors",
    "Location": "astroplane.games.astroplane.enums",
    "Match": "astroplane.match",
    "Move": "astroplane.games.astroplane.moves",
    "MoveKind": "astroplane.games.astroplane.moves",
    "NotationError": "astroplane.errors",
    "Outcome": "astroplane.games.astroplane.outcome",
    "PositionError": "astroplane.errors",
    "REFERENCE_BOARD": "astroplane.games.astroplane.topology",
    "RecordedGame": "astroplane.records",
    "Restriction": "astroplane.games.astroplane.rules",
    "Rules": "astroplane.games.astroplane.rules",
    "SEAT_NAMES": "astroplane.games.astroplane.pieces",
    "STANDARD": "astroplane.games.astroplane.rules",
    "Seat": "astroplane.games.astroplane.topology",
    "SendBack": "astroplane.games.astroplane.rules",
    "StartArea": "astroplane.games.astroplane.topology",
    "Topology": "astroplane.games.astroplane.topology",
    "UnknownGameError": "astroplane.errors",
    "UnknownVariantError": "astroplane.errors",
    "board_geometry": "astroplane.games.astroplane.geometry",
    "effects": "astroplane.games.astroplane.formats",
    "format_move": "astroplane.games.astroplane.formats",
    "from_json": "astroplane.games.astroplane.formats",
    "json_schema": "astroplane.games.astroplane.formats",
    "new_game": "astroplane.games.astroplane.setup",
    "parse_move": "astroplane.games.astroplane.formats",
    "piece_from_name": "astroplane.games.astroplane.pieces",
    "piece_name": "astroplane.games.astroplane.pieces",
    "piece_owner": "astroplane.games.astroplane.pieces",
    "position_from_text": "astroplane.games.astroplane.formats",
    "position_to_text": "astroplane.games.astroplane.formats",
    "read_record": "astroplane.records",
    "register_variant": "astroplane.games.astroplane.rules",
    "setup_position": "astroplane.games.astroplane.setup",
    "svg": "astroplane.svg",
    "to_json": "astroplane.games.astroplane.formats",
    "variant": "astroplane.games.astroplane.rules",
    "variants": "astroplane.games.astroplane.rules",
    "write_record": "astroplane.records",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        if name in MOVED:  # an old submodule, as an attribute: warns like its import
            return importlib.import_module(f"astroplane.{name}")
        raise AttributeError(f"module 'astroplane' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded if module == f"astroplane.{name}" else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
