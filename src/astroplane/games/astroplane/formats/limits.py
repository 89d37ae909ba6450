"""The size limits every reader checks before parsing: ``astroplane.kit.limits``, where
they live for every game, under their ASTROPLANE formats' name.

Examples:
    >>> from astroplane.games.astroplane.formats.limits import MAX_POSITION_TEXT
    >>> MAX_POSITION_TEXT
    4096
"""

from __future__ import annotations

from astroplane.kit.limits import (
    MAX_HEADER_NAME,
    MAX_HEADER_VALUE,
    MAX_JSON_TEXT,
    MAX_MOVE_TEXT,
    MAX_POSITION_TEXT,
    MAX_RECORD_HEADERS,
    MAX_RECORD_TEXT,
    MAX_RECORDS_GAMES,
    MAX_RECORDS_TEXT,
    MAX_RULES_TEXT,
    check_ascii,
    check_size,
)

__all__ = [
    "MAX_HEADER_NAME",
    "MAX_HEADER_VALUE",
    "MAX_JSON_TEXT",
    "MAX_MOVE_TEXT",
    "MAX_POSITION_TEXT",
    "MAX_RECORDS_GAMES",
    "MAX_RECORDS_TEXT",
    "MAX_RECORD_HEADERS",
    "MAX_RECORD_TEXT",
    "MAX_RULES_TEXT",
    "check_ascii",
    "check_size",
]
