"""The kit: what every game of the library needs, written once.

A game package builds its formats and pictures from these parts instead of copying
another game's:

* ``Option`` (``astroplane.kit.options``): how one rules option is spelled and bounded in
  rules text, JSON and on the command line;
* ``Variants`` (``astroplane.kit.variants``): a game's registry of presets and variants,
  and its rules text (``preset,option=value``) and rules JSON;
* ``astroplane.kit.jsonread``: decoding JSON from clients under limits, the envelope every
  document starts with (``head``, ``read_head``), and checks of single values that name
  the JSON path of a bad one;
* ``BoardGraph`` (``astroplane.kit.graph``): a board of named points, links and lines
  (a Morris board, a star board) compiled to the tables rules and drawings use;
* ``astroplane.kit.limits``: the size limits every reader checks before parsing, and the
  first checks of a move text (``move_body``), a position text (``position_fields``) and
  an action number (``action_number``);
* ``astroplane.kit.records``: the game-independent part of PGN-like game records (lines,
  headers and their escapes, several games per text), read as a stream;
* ``astroplane.kit.recordlines``: the move lines of a record, one per round
  (``RoundLines``) or one per turn with its seat letter (``TurnLines``), written and read;
* ``astroplane.kit.gamerecord``: the rest of a game record (``Record``: headers, start,
  move lines, replay), parametrised by a game's notation, seats and layout
  (``RecordFormat``): the one record of every game;
* ``astroplane.kit.svg``: SVG elements, text, arrows and documents, a six-seat palette and
  id prefixes, so several boards can share a page.

Examples:
    >>> from astroplane.kit import Option
    >>> Option.flag("jumps").read("on")
    True
"""

from __future__ import annotations

from astroplane.kit.graph import BoardGraph
from astroplane.kit.options import Option
from astroplane.kit.variants import Variants

__all__ = ["BoardGraph", "Option", "Variants"]
