"""The documented size limits of every reader, checked before any parsing.

Frontends hand this library text and JSON from browsers and files. Every reader first
checks the size of its input against the limit below and raises the format's own error
(``NotationError``) when it is larger, so hostile input costs at most a bounded, linear
amount of work. Each limit is far above anything the library writes: a writer that would
produce more refuses (``ValueError``), so everything written reads back.

The limits are counted in characters (``len(text)``); for ``bytes`` JSON, in bytes.

Examples:
    >>> MAX_POSITION_TEXT, MAX_MOVE_TEXT
    (4096, 256)
"""

from __future__ import annotations

import contextlib
import enum
import operator
import re
import reprlib
from typing import SupportsIndex, TypeGuard, TypeVar

from astroplane.errors import NotationError

__all__ = [
    "MAX_DRAWING_MARKS",
    "MAX_DRAWING_SIZE",
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
    "MAX_TURN",
    "action_number",
    "check_ascii",
    "check_size",
    "move_body",
    "plain_int",
    "plain_text",
    "position_fields",
    "shown",
]

#: The last turn any reader accepts, and so the last turn any game plays: a game still
#: going when it is over ends by its turn limit ([D30], [AC21]), so every state play
#: reaches can be written and read back.
MAX_TURN = 1_000_000
#: Move notation (one move). The longest move the library writes is under 30 characters.
MAX_MOVE_TEXT = 256
#: Rules text (``standard,max_turns=200``); a position's first field is rules text too.
MAX_RULES_TEXT = 1024
#: One position text. The longest the library writes is about 1,500 characters.
MAX_POSITION_TEXT = 4096
#: One JSON document (a state, move, outcome or event list), in characters or bytes. A
#: state written with ``indent=4`` is under 10 KiB.
MAX_JSON_TEXT = 256 * 1024
#: A game record header's name (letters, digits, ``_``).
MAX_HEADER_NAME = 64
#: A game record header's value, unescaped (a ``Position`` header holds a position text).
MAX_HEADER_VALUE = MAX_POSITION_TEXT
#: The text of one game record: about 50,000 moves, over 30 times the longest bot game.
MAX_RECORD_TEXT = 1024 * 1024
#: A text holding several game records (``read_records``), each within ``MAX_RECORD_TEXT``.
MAX_RECORDS_TEXT = 64 * 1024 * 1024
#: The games in one text of several records: every game read costs a few hundred bytes and
#: some microseconds however short its text, so a text of tiny games is bounded by count.
MAX_RECORDS_GAMES = 100_000
#: The header lines of one game (the library writes at most 8, plus a caller's extras).
MAX_RECORD_HEADERS = 64
#: A drawing's displayed width in pixels (``size``): far above any screen or print, and
#: small enough that every length computed from it is an exact float.
MAX_DRAWING_SIZE = 100_000
#: The marks a caller may ask a drawing for, per option (ASTROPLANE's ``highlight`` and
#: ``arrows``): more than a board has positions and cells, so every useful list fits.
MAX_DRAWING_MARKS = 1024

#: The characters text formats are made of besides printable ASCII: space and tab.
_BLANKS = frozenset(" \t")


T = TypeVar("T")


def plain_text(value: T) -> T:
    """``value`` itself as a plain ``str`` (or ``bytes``) when it is an instance of a
    subclass, else ``value`` unchanged: every reader calls it first, so that it works on
    the characters and never on a subclass's methods (a ``__len__`` that lies about the
    size, a ``strip`` or ``split`` that raises or answers something else).

    Examples:
        >>> class Sneaky(str):
        ...     def __len__(self) -> int:
        ...         return 0
        >>> text = plain_text(Sneaky("abc"))
        >>> type(text).__name__, len(text)
        ('str', 3)
    """
    kind = type(value)
    if kind is str or kind is bytes:
        return value
    if isinstance(value, str):
        return str.__str__(value)  # type: ignore[return-value]  # an exact copy
    if isinstance(value, bytes):
        return bytes(memoryview(value))  # type: ignore[return-value]  # its own buffer
    return value


def plain_int(value: object) -> TypeGuard[int]:
    """Is ``value`` a plain ``int``, or an ``IntEnum`` member (a move kind written either
    way)? Never a ``bool``, a ``float`` nor another ``int`` subclass, whose ``__eq__`` or
    arithmetic may say anything: the fields of moves and the seats are plain ints.

    Examples:
        >>> class Liar(int):
        ...     def __eq__(self, other: object) -> bool:
        ...         return True
        >>> plain_int(3), plain_int(True), plain_int(Liar(3)), plain_int(3.0)
        (True, False, False, False)
    """
    return type(value) is int or (isinstance(value, int) and isinstance(value, enum.Enum))


def check_size(text: str | bytes, limit: int, what: str, line: int | None = None) -> None:
    """Raise ``NotationError`` if ``text`` is longer than ``limit``.

    Args:
        text: The input, before any parsing.
        limit: The documented maximum (one of this module's constants).
        what: What the input is, for the message ("a position text").
        line: A line number to report (for multi-line texts).

    Raises:
        NotationError: If ``len(text) > limit``; ``index`` is the first character past
            the limit.
    """
    size = str.__len__(text) if isinstance(text, str) else bytes.__len__(text)
    if size > limit:
        raise NotationError(f"{what} is longer than {limit} characters ({size})", line=line)


def check_ascii(text: str, what: str, line: int | None = None, *, whole: str = "") -> None:
    """Raise ``NotationError`` at the first character of ``text`` that is not printable
    ASCII, a space or a tab.

    Text formats are ASCII only: a non-ASCII digit (U+0661 Arabic-Indic one, U+00B2
    superscript two) or a letter that Python case-folds to ASCII (U+017F long s ->
    ``S``, U+212A Kelvin sign -> ``k``) is rejected, never read as its ASCII look-alike.

    Args:
        text: The text to check.
        what: What the text is, for the message.
        line: A line number to report.
        whole: The text to show in the error (default ``text``).

    Raises:
        NotationError: Naming the character and its column.
    """
    text = plain_text(text)
    if text.isascii() and text.isprintable():
        return
    for i, c in enumerate(text):
        if not (" " <= c <= "~" or c in _BLANKS):
            raise NotationError(
                f"{what} is printable ASCII only, not {c!r} (U+{ord(c):04X})",
                whole or text,
                i,
                line,
            )


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel = 2
_SHOWN.maxstring = 40
_SHOWN.maxother = 40
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = 4


def shown(value: object) -> str:
    """A bounded ``repr`` of any value for an error message: strings cut at 40
    characters, containers at 4 items and 2 levels, so a hostile value (a list nested
    thousands deep, a megabyte string) costs a message of a few dozen characters and never
    a ``RecursionError``.

    Examples:
        >>> nested = []
        >>> for _ in range(5000):
        ...     nested = [nested]
        >>> shown(nested), shown("S" * 100)[:12], shown(3)
        ('[[...]]', "'SSSSSSSSSSS", '3')
    """
    try:
        return _SHOWN.repr(value)
    except Exception:  # a hostile object whose __repr__ raises
        return f"<{type(value).__name__}>"


def move_body(text: object, line: int | None = None) -> tuple[int, str]:
    """The checks every game's move reader starts with: ``text`` is a string of at most
    ``MAX_MOVE_TEXT`` printable ASCII characters with something besides blanks.

    Returns:
        ``(lead, body)``: the column where the move starts (after leading blanks and tabs)
        and the move without the blanks around it, upper case.

    Raises:
        NotationError: If ``text`` is not a string, too long, not printable ASCII or empty.

    Examples:
        >>> move_body("  d2-d3")
        (2, 'D2-D3')
    """
    text = plain_text(text)
    if not isinstance(text, str):
        raise NotationError(f"a move is a string, not {type(text).__name__}")
    check_size(text, MAX_MOVE_TEXT, "a move text", line)
    check_ascii(text, "a move text", line)
    lead = len(text) - len(text.lstrip(" \t"))
    body = text.strip(" \t").upper()
    if not body:
        raise NotationError("empty move text", text, lead, line)
    return lead, body


_FIELD = re.compile(r"[^ \t]+")


def position_fields(
    text: object, line: int | None = None, *, single_blanks: bool = False
) -> list[tuple[int, str]]:
    """The checks every game's position reader starts with, then the text's fields: ``text``
    is a string of at most ``MAX_POSITION_TEXT`` printable ASCII characters, its fields
    the runs of characters between blanks and tabs.

    Args:
        text: The position text.
        line: The line of a multi-line text (a record), for messages.
        single_blanks: Fields are separated by exactly one blank, with none around them
            (a game whose position text has one spelling); otherwise any run of blanks and
            tabs separates them.

    Returns:
        Each field with the column (0-based) it starts at, in order.

    Raises:
        NotationError: If ``text`` is not a string, too long or not printable ASCII, or,
            with ``single_blanks``, a field is empty (``index`` is where).

    Examples:
        >>> position_fields("standard  RB\\tR?")
        [(0, 'standard'), (10, 'RB'), (13, 'R?')]
        >>> position_fields("standard  RB", single_blanks=True)
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: fields are separated by single blanks, with none \
around (column 10: 'standard  RB')
    """
    text = plain_text(text)
    if not isinstance(text, str):
        raise NotationError(f"a position text is a string, not {type(text).__name__}")
    check_size(text, MAX_POSITION_TEXT, "a position text", line)
    check_ascii(text, "a position text", line)
    if not single_blanks:
        return [(m.start(), m.group()) for m in _FIELD.finditer(text)]
    fields: list[tuple[int, str]] = []
    at = 0
    for part in text.split(" "):
        if not part:
            raise NotationError(
                "fields are separated by single blanks, with none around", text, at, line
            )
        fields.append((at, part))
        at += len(part) + 1
    return fields


def action_number(action: object, count: int, what: str = "an action") -> int:
    """``action`` as a number of a game's fixed action encoding (``Game.num_actions``):
    an ``int`` in ``0 .. count - 1``, or an integer of another type that says it is one
    (``operator.index``: a NumPy integer from a learning library). Never a ``bool``,
    a ``float`` (``3.0``, ``2.5``) or a string (``"3"``), which ``int()`` would turn into
    some number; a game's ``action_to_move`` calls it first.

    Args:
        action: What a caller passed as an action.
        count: The number of actions of the encoding.
        what: How the error names an action (``"an Aeroplane Chess action"``).

    Returns:
        The action as a plain ``int``.

    Raises:
        ValueError: If ``action`` is no such number; the message gives the range.

    Examples:
        >>> action_number(3, 9)
        3
        >>> action_number(3.0, 9)
        Traceback (most recent call last):
        ...
        ValueError: an action is an int 0..8, not 3.0
    """
    if type(action) is int:
        number = action
    else:
        number = -1
        if isinstance(action, SupportsIndex) and not isinstance(action, bool):
            with contextlib.suppress(Exception):  # an __index__ that fails in any way
                number = operator.index(action)
    if not 0 <= number < count:
        raise ValueError(f"{what} is an int 0..{count - 1}, not {shown(action)}")
    return number
