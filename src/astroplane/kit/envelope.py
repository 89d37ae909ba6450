"""The envelope of a game's JSON documents, written once: the game's name, the version of
its format and its JSON Schema (``JsonEnvelope``), and the functions every game's JSON
module offers (``JSON_FUNCTIONS``).

Every document a game writes starts ``{"format_version": 1, "game": "square-off", "type":
"state", ...}`` (``head``), and its reader checks that start with the document's fields
(``astroplane.kit.jsonread.read_head``). ASTROPLANE's readers also take documents without
``"game"``, written before its documents carried one (``game_optional``).

Examples:
    >>> envelope = JsonEnvelope("pig", 1, "astroplane.games.square_off", "square-off.schema.json")
    >>> envelope.head("state")
    {'format_version': 1, 'game': 'pig', 'type': 'state'}
    >>> envelope.read({"format_version": 1, "game": "pig", "type": "move", "face": 3}, "move",
    ...               ("face",))
    {'format_version': 1, 'game': 'pig', 'type': 'move', 'face': 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from astroplane.kit.jsonread import head, packaged_schema, read_head

__all__ = ["JSON_FUNCTIONS", "JsonEnvelope"]

#: What a game's JSON module (``jsonio``) exports, whatever the game: states and moves as
#: plain data and as JSON text, both ways, its format version and its schema.
JSON_FUNCTIONS = (
    "FORMAT_VERSION", "from_json", "json_schema", "move_from_dict", "move_to_dict",
    "state_from_dict", "state_to_dict", "to_json",
)  # fmt: skip


@attrs.frozen
class JsonEnvelope:
    """The start of every JSON document of one game, and where its schema is.

    Attributes:
        game: The game's registered name, its documents' ``"game"`` (None: none written).
        version: The format version, ``"format_version"``; readers refuse others.
        package: The package that ships the schema file.
        schema_file: The schema's file name in ``package``.
        game_optional: The readers also take documents without ``"game"`` (ASTROPLANE's,
            written before its documents carried it); one naming another game they refuse.
    """

    game: str | None
    version: int
    package: str
    schema_file: str
    game_optional: bool = False

    def head(self, kind: str) -> dict[str, Any]:
        """The envelope of a document of type ``kind`` (``"state"``, ``"move"``...), the
        fields in the order every game writes them."""
        return head(self.game, kind, self.version)

    def read(
        self, data: Any, kind: str, fields: Sequence[str], path: str = "", *, complete: bool = False
    ) -> dict[str, Any]:
        """``data`` checked as a document of type ``kind`` with ``fields`` (``read_head``:
        a ``JsonPathError`` names ``path``, default ``kind``, and what is wrong)."""
        return read_head(data, path or kind, self.game, kind, tuple(fields), version=self.version,
                         complete=complete, game_optional=self.game_optional)  # fmt: skip

    def schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the game's documents, read from its package (a
        new copy each call: edit it freely)."""
        return packaged_schema(self.package, self.schema_file)
