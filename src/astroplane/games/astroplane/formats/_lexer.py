"""A small cursor over text that reads the tokens every format shares.

Positions are written without the dot in the formats (``e2ne``, ``a1S``,
``Sl``); the dotted engine names (``e2.ne``) are accepted too. Everything is
case-insensitive, in ASCII only: the reader refuses any other character, so a
non-ASCII digit or a letter that Python case-folds to ASCII (U+017F long s) is never read
as its look-alike. Blanks are spaces and tabs. Errors are ``NotationError`` with the
character offset of the problem.
"""

from __future__ import annotations

from astroplane.errors import NotationError
from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER, SEAT_NAMES
from astroplane.games.astroplane.topology import (
    APEX_NAMES,
    Topology,
    apex_of,
    cell_of,
    grid_position,
)

__all__ = ["Reader", "position_text"]


def position_text(t: Topology, position: int) -> str:
    """The compact name of a position: ``e2ne``, ``a1S``, ``Sl``."""
    if 0 <= position < t.fire_base:
        return t.cell_name(cell_of(position)) + APEX_NAMES[apex_of(position)]
    return t.position_name(position)


class Reader:
    """Reads tokens from ``text`` starting at ``i``; blanks between tokens are skipped.

    Raises:
        NotationError: If ``text`` holds a character that is not printable ASCII or a tab.
    """

    def __init__(
        self,
        text: str,
        topology: Topology,
        line: int | None = None,
        *,
        whole: str | None = None,
        base: int = 0,
    ) -> None:
        self.text = text
        self.low = text.lower()
        self.t = topology
        self.i = 0
        self.line = line
        self.whole = text if whole is None else whole
        self.base = base
        if not (text.isascii() and text.isprintable()):
            for k, c in enumerate(text):
                if not (" " <= c <= "~" or c == "\t"):
                    raise self.error(f"not printable ASCII: {c!r} (U+{ord(c):04X})", k)

    def error(self, problem: str, index: int | None = None) -> NotationError:
        """A NotationError at ``index`` (default: the current offset) of the whole text."""
        at = self.base + (self.i if index is None else index)
        return NotationError(problem, self.whole, min(at, max(len(self.whole) - 1, 0)), self.line)

    def skip(self) -> None:
        """Skip whitespace."""
        while self.i < len(self.text) and self.text[self.i] in " \t":
            self.i += 1

    def peek(self) -> str:
        """The next character after whitespace, lower case ('' at the end)."""
        self.skip()
        return self.low[self.i] if self.i < len(self.low) else ""

    def at_end(self) -> bool:
        """True when only whitespace is left."""
        return self.peek() == ""

    def accept(self, word: str) -> bool:
        """Consume ``word`` (lower case) if the text continues with it."""
        self.skip()
        if self.low.startswith(word, self.i):
            self.i += len(word)
            return True
        return False

    def expect(self, word: str, what: str) -> None:
        """Consume ``word`` or raise, naming ``what`` was expected."""
        if not self.accept(word):
            raise self.error(f"expected {what}")

    def keyword(self, word: str) -> bool:
        """Consume ``word`` if it is not the start of a cell name (a letter and digits)."""
        self.skip()
        end = self.i + len(word)
        if self.low.startswith(word, self.i) and not (
            len(word) == 1 and end < len(self.low) and self.low[end] in "0123456789"
        ):
            self.i = end
            return True
        return False

    def number(self, what: str) -> int:
        """A non-negative decimal number (at most 9 digits)."""
        self.skip()
        start = self.i
        while self.i < len(self.low) and self.low[self.i] in "0123456789":
            self.i += 1
        digits = self.low[start : self.i]
        if not digits:
            raise self.error(f"expected {what} (a number)")
        if len(digits) > 9:
            raise self.error(f"{what} is too large", start)
        return int(digits)

    def cell(self) -> int:
        """A cell name such as ``e2`` or ``j10``."""
        self.skip()
        start = self.i
        low = self.low
        if start >= len(low) or not ("a" <= low[start] <= "z"):
            raise self.error("expected a cell (a1..j10)")
        j = start + 1
        while j < len(low) and low[j] in "0123456789" and j - start < 4:
            j += 1
        if j == start + 1 or low[start + 1] == "0":
            raise self.error("expected a cell (a file letter and a rank number)", start)
        x, y = ord(low[start]) - ord("a"), int(low[start + 1 : j]) - 1
        if not (x < self.t.width and 0 <= y < self.t.height):
            raise self.error(f"{low[start:j]!r} is not a cell of this board", start)
        self.i = j
        return y * self.t.width + x

    def seat(self) -> int:
        """A seat letter S, W, N or E."""
        c = self.peek()
        if not c or c not in "swne":
            raise self.error("expected a seat (S, W, N or E)")
        self.i += 1
        return SEAT_NAMES.index(c.upper())

    def side(self) -> int:
        """A Start Area side: ``l`` (0) or ``r`` (1)."""
        c = self.peek()
        if c not in ("l", "r"):
            raise self.error("expected a Start Area side, l or r")
        self.i += 1
        return 0 if c == "l" else 1

    def position(self) -> int:
        """A position: grid ``e2ne`` / ``e2.ne``, firing ``a1S`` or Start Area ``Sl``."""
        self.skip()
        low, i, t = self.low, self.i, self.t
        if (
            i + 1 < len(low)
            and low[i] in "swne"
            and low[i + 1] in "lr"
            and not (i + 2 < len(low) and low[i + 2].isalnum())
        ):
            seat = SEAT_NAMES.index(low[i].upper())
            self.i = i + 2
            index = 2 * seat + (low[i + 1] == "r")
            if index >= len(t.start_areas):
                raise self.error("no such Start Area on this board", i)
            return t.start_base + index
        cell = self.cell()
        name = t.cell_name(cell)
        self.accept(".")
        rest = low[self.i : self.i + 2]
        if rest in APEX_NAMES:
            self.i += 2
            if t.kind[cell] == 0:
                raise self.error(f"{name} is not a grid cell", i)
            return grid_position(cell, APEX_NAMES.index(rest))
        if rest[:1] and rest[0] in "swne":
            fp = name + rest[0].upper()
            for f, firing in enumerate(t.firing_positions):
                if firing.name == fp:
                    self.i += 1
                    return t.fire_base + f
            raise self.error(f"{fp} is not a firing position of this board", i)
        raise self.error("expected an apex (ne, nw, sw, se) or a firing position edge")

    def piece(self) -> int:
        """A piece name such as ``S1`` or ``N10``."""
        start = self.i
        seat = self.seat()
        if self.i < len(self.low) and self.low[self.i] == "0":
            raise self.error("expected a piece number 1..10", self.i)
        if not (self.i < len(self.low) and self.low[self.i] in "123456789"):
            raise self.error("expected a piece number 1..10", self.i)
        number = self.number("a piece number")
        if not 1 <= number <= PIECES_PER_PLAYER:
            raise self.error("a piece number is 1..10", start)
        return seat * PIECES_PER_PLAYER + number - 1
