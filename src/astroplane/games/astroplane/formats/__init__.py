"""The formats frontends and tools exchange (see the Formats page).

* ``notation``: move notation (``e2ne-f3nw+Nr``).
* ``position``: one-line position text, like FEN.
* ``jsonio``: JSON for states, moves and outcomes, with a JSON Schema.
* ``events``: what a move does, as events for animations.
* ``record``: PGN-like game records, one or several games per text.
* ``limits``: the size limits every reader checks before parsing.

Examples:
    >>> import astroplane
    >>> from astroplane.games.astroplane import formats
    >>> s = astroplane.new_game()
    >>> formats.format_move(s, formats.parse_move(s, "Sl-e2ne"))
    'Sl-e2ne'
"""

from __future__ import annotations

from astroplane.games.astroplane.formats.events import Event, effects
from astroplane.games.astroplane.formats.jsonio import (
    FORMAT_VERSION,
    events_schema,
    from_json,
    json_schema,
    move_from_dict,
    move_to_dict,
    outcome_from_dict,
    outcome_to_dict,
    state_from_dict,
    state_to_dict,
    to_json,
)
from astroplane.games.astroplane.formats.limits import (
    MAX_HEADER_VALUE,
    MAX_JSON_TEXT,
    MAX_MOVE_TEXT,
    MAX_POSITION_TEXT,
    MAX_RECORD_TEXT,
    MAX_RECORDS_TEXT,
    MAX_RULES_TEXT,
)
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
    rules_to_text,
)
from astroplane.games.astroplane.formats.record import (
    GameRecord,
    iter_records,
    read_records,
    write_records,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_HEADER_VALUE",
    "MAX_JSON_TEXT",
    "MAX_MOVE_TEXT",
    "MAX_POSITION_TEXT",
    "MAX_RECORDS_TEXT",
    "MAX_RECORD_TEXT",
    "MAX_RULES_TEXT",
    "Event",
    "GameRecord",
    "effects",
    "events_schema",
    "format_move",
    "from_json",
    "iter_records",
    "json_schema",
    "move_from_dict",
    "move_to_dict",
    "outcome_from_dict",
    "outcome_to_dict",
    "parse_move",
    "position_from_text",
    "position_to_text",
    "read_records",
    "rules_from_text",
    "rules_to_text",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "write_records",
]
