"""The game-independent part of PGN-like game records: lines, headers and games.

Part of the kit: the records of every game are built on it, through
``astroplane.kit.gamerecord`` (and its move lines, ``astroplane.kit.recordlines``). A record
text is split into lines at ``\\n`` only (a ``\\r`` before it is dropped): the Unicode line
breaks that ``str.splitlines`` also splits at (U+2028, U+0085, ``\\x1c``...) are escaped by
the writer, so a header value never breaks a line.

A game is its header lines ``[Name "value"]``, then its move lines. Several games follow each other
in one text: a header line starts a new game when the game before has a turn line, or when a blank
line has ended its headers. Blank lines and lines starting with ``#`` are ignored otherwise.

Header values escape ``\\\\``, ``\\"``, ``\\n``, ``\\r``, ``\\t`` and, as ``\\uXXXX``, every
other control character, line or paragraph separator and lone surrogate; the reader
accepts exactly these escapes. Everything is read in one pass with bounded work per
character (no regular expression can backtrack), within the limits of
``astroplane.kit.limits``.
"""

from __future__ import annotations

import datetime
import itertools
import re
import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, TextIO, TypeVar

from astroplane.errors import NotationError
from astroplane.kit.limits import (
    MAX_HEADER_NAME,
    MAX_HEADER_VALUE,
    MAX_RECORD_HEADERS,
    MAX_RECORD_TEXT,
    MAX_RECORDS_GAMES,
    MAX_RECORDS_TEXT,
    check_size,
    plain_text,
)
from astroplane.kit.recordlines import turn_label

__all__ = [
    "RawGame",
    "cached_start",
    "check_game",
    "event_headers",
    "extra_headers",
    "header_lines",
    "header_name_ok",
    "join_records",
    "quote",
    "split_event_date",
    "split_games",
    "token_header",
    "turn_line",
]

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_PLAIN = re.compile(r'[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]*')
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_WRITE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_HEX = frozenset("0123456789abcdefABCDEF")
#: How much of a file is read at a time.
_CHUNK = 1 << 16


def header_name_ok(name: object) -> bool:
    """Is ``name`` a header name the reader accepts (a letter, then letters, digits, ``_``;
    at most ``MAX_HEADER_NAME`` characters)?"""
    return isinstance(name, str) and len(name) <= MAX_HEADER_NAME and bool(_NAME.fullmatch(name))


def event_headers(event: str | None, date: str | datetime.date | None) -> list[tuple[str, str]]:
    """The ``Event`` and ``Date`` headers a record starts with (a date written ISO 8601)."""
    items = []
    if event is not None:
        items.append(("Event", event))
    if date is not None:
        items.append(("Date", date.isoformat() if isinstance(date, datetime.date) else date))
    return items


def split_event_date(
    headers: Mapping[str, str],
) -> tuple[str | None, str | None, dict[str, str]]:
    """``(Event, Date, the other headers)`` of a header mapping: what a game's
    ``record_to_text`` hands to ``GameRecord.from_game`` as ``event``, ``date`` and
    ``headers``."""
    others = {k: v for k, v in headers.items() if k not in ("Event", "Date")}
    return headers.get("Event"), headers.get("Date"), others


def extra_headers(headers: Mapping[str, str] | None, own: tuple[str, ...]) -> list[tuple[str, str]]:
    """A caller's extra headers, checked: names are words, none repeats one of ``own``.

    Raises:
        ValueError: If a name is not a word of at most 64 characters or is one of ``own``.
    """
    items = []
    for name, value in (headers or {}).items():
        if not header_name_ok(name):
            raise ValueError(f"a header name is a word of at most 64 characters, not {name!r}")
        if name in own:
            raise ValueError(f"the {name} header is written by from_game itself")
        items.append((name, value))
    return items


def header_lines(headers: Iterable[tuple[str, str]]) -> list[str]:
    """The header lines of a record, then the blank line after them.

    Raises:
        ValueError: If a name is not a word or is given twice, or there are more than
            ``MAX_RECORD_HEADERS``.
    """
    pairs = list(headers)
    if len(pairs) > MAX_RECORD_HEADERS:  # the reader's limit and words
        raise ValueError(f"a game has at most {MAX_RECORD_HEADERS} headers")
    names = [name for name, _value in pairs]
    if len(set(names)) != len(names) or not all(map(header_name_ok, names)):
        raise ValueError(f"header names are words, each given once: {names}")
    return [*(f"[{name} {quote(value)}]" for name, value in pairs), ""]


def join_records(texts: Iterable[str]) -> str:
    """Record texts joined with a blank line between them (``write_records``).

    Raises:
        ValueError: If there is no record or more than ``MAX_RECORDS_GAMES``, or the text
            would be longer than ``MAX_RECORDS_TEXT``.
    """
    texts = list(itertools.islice(texts, MAX_RECORDS_GAMES + 1))
    if not texts:
        raise ValueError("no record to write")
    if len(texts) > MAX_RECORDS_GAMES:  # the reader's limit and words
        raise ValueError(f"a record text holds at most {MAX_RECORDS_GAMES} games")
    out = "\n".join(texts)
    if len(out) > MAX_RECORDS_TEXT:
        raise ValueError(f"the records are longer than {MAX_RECORDS_TEXT} characters")
    return out


def quote(value: str) -> str:
    """``value`` as a quoted header value that reads back equal and stays on one line.

    Raises:
        ValueError: If ``value`` is not a string or is longer than ``MAX_HEADER_VALUE``.
    """
    if not isinstance(value, str):
        raise ValueError(f"a header value is a string, not {type(value).__name__}")
    if len(value) > MAX_HEADER_VALUE:
        raise ValueError(f"a header value is at most {MAX_HEADER_VALUE} characters")
    out = ['"']
    i = 0
    while i < len(value):
        m = _PLAIN.match(value, i)
        assert m is not None  # the pattern matches the empty string
        out.append(m.group())
        i = m.end()
        if i < len(value):
            c = value[i]
            out.append(_WRITE_ESCAPES.get(c) or f"\\u{ord(c):04x}")
            i += 1
    out.append('"')
    return "".join(out)


#: How many distinct values ``RawGame.intern`` keeps per read (a game has a few thousand
#: distinct moves).
_SHARED_KEPT = 1 << 14


class RawGame:
    """One game of a record text, split but not interpreted.

    The headers are read when the game is handed out; the turn lines are read from the
    text while ``body`` is iterated (so a long game is never held as lines), and must be
    iterated before the next game is asked for.

    Attributes:
        headers: ``(name, value, line)`` per header line, unescaped, in order.
        body: ``(line, text)`` per turn line, in order (an iterator, read once).
        first_line: The game's first line number (1-based).
    """

    __slots__ = ("_shared", "body", "first_line", "headers")

    def __init__(
        self,
        headers: tuple[tuple[str, str, int], ...],
        body: Iterator[tuple[int, str]],
        first_line: int,
        shared: dict[Any, Any] | None = None,
    ) -> None:
        self.headers = headers
        self.body = body
        self.first_line = first_line
        self._shared: dict[Any, Any] = {} if shared is None else shared

    def intern(self, value: H) -> H:
        """One shared object for equal immutable values (moves, headers) across the games
        of one read: a game then holds a pointer per move, not an object per move. The
        table belongs to the read and holds at most ``_SHARED_KEPT`` values."""
        found = self._shared.get(value)
        if found is None:
            if len(self._shared) >= _SHARED_KEPT:  # iter_records: never keep a whole file
                self._shared.clear()
            self._shared[value] = found = value
        return found

    def header_pairs(self) -> tuple[tuple[str, str], ...]:
        """The ``(name, value)`` headers for the game's record, shared with equal ones of
        the games read before (a text of many games repeats its headers)."""
        pairs = (self.intern((self.intern(n), v)) for n, v, _line in self.headers)
        return self.intern(tuple(pairs))

    def header_map(self) -> dict[str, tuple[str, int]]:
        """The headers by name with their line numbers.

        Raises:
            NotationError: If a header is given twice (a second ``Result`` could hide a
                false one); ``line`` is the second one's.
        """
        out: dict[str, tuple[str, int]] = {}
        for name, value, line in self.headers:
            if name in out:
                raise NotationError(
                    f"header {name} is given twice (first on line {out[name][1]})",
                    name,
                    0,
                    line,
                )
            out[name] = (value, line)
        return out


def _header(raw: str, number: int) -> tuple[str, str]:
    """Name and unescaped value of the header line ``raw`` (stripped of blanks)."""

    def bad(problem: str, at: int) -> NotationError:
        at = min(at, max(len(raw) - 1, 0))
        return NotationError(f'a header is [Name "value"]: {problem}', raw, at, number)

    i = 1
    n = len(raw)
    while i < n and raw[i] in " \t":
        i += 1
    start = i
    while i < n and (raw[i].isascii() and (raw[i].isalnum() or raw[i] == "_")):
        i += 1
    name = raw[start:i]
    if not header_name_ok(name):
        raise bad(f"Name is a word of at most {MAX_HEADER_NAME} characters", start)
    if i >= n or raw[i] not in " \t":
        raise bad("expected a blank and a quoted value", i)
    while i < n and raw[i] in " \t":
        i += 1
    if i >= n or raw[i] != '"':
        raise bad("expected a quoted value", i)
    i += 1
    parts: list[str] = []
    size = 0
    while True:
        m = _PLAIN.match(raw, i)
        assert m is not None
        parts.append(m.group())
        size += m.end() - i
        i = m.end()
        if size > MAX_HEADER_VALUE:
            raise bad(f"a header value is at most {MAX_HEADER_VALUE} characters", i)
        if i >= n:
            raise bad("the header value has no closing quote", i)
        c = raw[i]
        if c == '"':
            i += 1
            break
        if c != "\\":
            raise bad(f"a control character in a header value must be escaped: {c!r}", i)
        esc = raw[i + 1 : i + 2]
        if esc in _ESCAPES:
            parts.append(_ESCAPES[esc])
            i += 2
        elif esc == "u" and len(raw) >= i + 6 and all(h in _HEX for h in raw[i + 2 : i + 6]):
            parts.append(chr(int(raw[i + 2 : i + 6], 16)))
            i += 6
        else:
            raise bad('unknown escape in a header value (\\\\ \\" \\n \\r \\t \\uXXXX)', i)
        size += 1
    while i < n and raw[i] in " \t":
        i += 1
    if raw[i:] != "]":
        raise bad("expected ']' after the header value", i)
    return name, "".join(parts)


def _chunks(source: str | TextIO, limit: int) -> Iterator[str]:
    """The text in pieces of at most ``_CHUNK`` characters (a file is read that way; a
    string is sliced, so no list of all its lines is ever built)."""
    source = plain_text(source)  # a str subclass: its characters, never its methods
    if isinstance(source, str):
        check_size(source, limit, "a record text")
        for start in range(0, len(source), _CHUNK):
            yield source[start : start + _CHUNK]
        return
    read = getattr(source, "read", None)
    if read is None:
        raise NotationError(f"a record is a string or a text file, not {type(source).__name__}")
    total = 0
    while True:
        chunk = read(_CHUNK)
        if not isinstance(chunk, str):
            raise NotationError("a record file must be opened in text mode")
        total += len(chunk)
        if total > limit:
            raise NotationError(f"a record text is longer than {limit} characters")
        if not chunk:
            return
        yield chunk


def _lines(source: str | TextIO, limit: int) -> Iterator[tuple[int, str]]:
    """Numbered lines of a text or a text file, read a chunk at a time (so an endless file
    without line breaks costs at most ``MAX_RECORD_TEXT`` characters, and memory never
    holds more than a chunk's lines)."""
    pending: list[str] = []  # the start of a line, in pieces (joining them once is linear)
    pending_size = 0
    number = 0
    for chunk in _chunks(source, limit):
        if "\n" not in chunk:
            pending.append(chunk)
            pending_size += len(chunk)
            if pending_size > MAX_RECORD_TEXT:
                raise NotationError(
                    f"a line is longer than {MAX_RECORD_TEXT} characters", "", None, number + 1
                )
            continue
        lines = chunk.split("\n")
        lines[0] = "".join(pending) + lines[0]
        tail = lines.pop()
        pending, pending_size = [tail], len(tail)
        for line in lines:
            number += 1
            yield number, line.removesuffix("\r")
    number += 1
    yield number, "".join(pending).removesuffix("\r")


_AFTER_BLANK = "a header after the blank line that ends the headers"


class _Splitter:
    """Splits a stream of numbered lines into games, one game at a time (see
    ``split_games``)."""

    def __init__(self, source: str | TextIO, many: bool) -> None:
        self.many = many
        self.lines = _lines(source, MAX_RECORDS_TEXT if many else MAX_RECORD_TEXT)
        self.next_line: tuple[int, str] | None = None  # read but not yet used
        self.size = 0  # characters of the current game so far
        self.games = 0
        self.shared: dict[Any, Any] = {}  # RawGame.intern's table for this read

    def _read(self) -> tuple[int, str] | None:
        if self.next_line is not None:
            line, self.next_line = self.next_line, None
            return line
        item = next(self.lines, None)
        if item is not None:
            number, raw = item
            self.size += len(raw) + 1
            if self.size > MAX_RECORD_TEXT:
                raise NotationError(
                    f"one game's record is longer than {MAX_RECORD_TEXT} characters",
                    "",
                    None,
                    number,
                )
        return item

    def games_(self) -> Iterator[RawGame]:
        while True:
            first: tuple[int, str] | None = None  # the game's first turn line
            headers: list[tuple[str, str, int]] = []
            first_line = 0
            closed = False  # a blank line ended the headers
            while True:
                item = self._read()
                if item is None:
                    break
                number, raw = item
                line = raw.strip(" \t")
                if not line:
                    closed = closed or bool(headers)
                    continue
                if line.startswith("#"):
                    continue
                if not headers:
                    first_line = number
                if line.startswith("["):
                    if closed:
                        self._second_game(number, raw, _AFTER_BLANK)
                        self.next_line = item
                        break
                    if len(headers) >= MAX_RECORD_HEADERS:
                        raise NotationError(
                            f"a game has at most {MAX_RECORD_HEADERS} headers", raw, 0, number
                        )
                    headers.append((*_header(line, number), number))
                    continue
                first = item
                break
            if not headers and first is None:
                if not self.games:
                    raise NotationError("an empty record: no header and no turn line")
                return
            self.games += 1
            if self.games > MAX_RECORDS_GAMES:
                raise NotationError(
                    f"a record text holds at most {MAX_RECORDS_GAMES} games",
                    "",
                    None,
                    first_line,
                )
            body = self._body(first)
            yield RawGame(tuple(headers), body, first_line, self.shared)
            for _item in body:  # the reader stopped early: skip the rest of the game
                pass
            if self.next_line is None:
                return
            self.size = len(self.next_line[1]) + 1

    def _second_game(self, number: int, raw: str, problem: str) -> None:
        if not self.many:
            raise NotationError(
                problem + ": a second game? (read several with read_records)", raw, 0, number
            )

    def _body(self, first: tuple[int, str] | None) -> Iterator[tuple[int, str]]:
        if first is None:
            return
        yield first
        while True:
            item = self._read()
            if item is None:
                return
            line = item[1].strip(" \t")
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                self._second_game(item[0], item[1], "a header after the moves")
                self.next_line = item
                return
            yield item


def split_games(source: str | TextIO, *, many: bool) -> Iterator[RawGame]:
    """The games of a record text (``many``) or its one game, lazily.

    Each game's headers are read when it is handed out and its turn lines while its
    ``body`` is iterated, so memory holds one game's headers and one chunk of text.

    Args:
        source: The text, or a text file (read in chunks).
        many: Several games allowed (within ``MAX_RECORDS_TEXT`` and
            ``MAX_RECORDS_GAMES``, each within ``MAX_RECORD_TEXT``); else exactly one,
            within ``MAX_RECORD_TEXT``.

    Raises:
        NotationError: If the text is too long or holds too many games or headers, a
            header line is malformed, a header comes after the turn lines of a single
            game (raised while its body is read), or there is no game at all.
    """
    return _Splitter(source, many).games_()


_STARTS: dict[tuple[object, ...], Any] = {}
#: How many start positions ``cached_start`` keeps.
_STARTS_KEPT = 64
_START_HEADERS = ("Position", "Rules", "Seats", "Colours", "Players", "First")


def cached_start(headers: Mapping[str, tuple[str, int]], game: str, build: Callable[[], T]) -> T:
    """The start position a game's headers describe: ``build()``, or the same (immutable)
    state built before for the same header values, so a text of many short games costs one
    validated start per distinct start instead of one per game.

    Raises:
        NotationError: As ``build`` (errors are not kept: they name the lines).
    """
    key = (game, *(headers[n][0] if n in headers else None for n in _START_HEADERS))
    state = _STARTS.get(key)
    if state is None:
        state = build()
        if len(_STARTS) >= _STARTS_KEPT:
            _STARTS.clear()
        _STARTS[key] = state
    return state


#: A token header's value: printable ASCII without blanks.
_TOKEN = re.compile(r"[!-~]+")


def token_header(
    headers: Mapping[str, tuple[str, int]], name: str, default: str
) -> tuple[str, int | None]:
    """The value and line of a header that holds a token (``Game``, ``Seats``, ``Colours``,
    ``First``), or ``(default, None)`` when it is absent.

    A token is printable ASCII without blanks and is compared exactly: a look-alike
    (U+017F long s for ``S``) or a Unicode blank (U+2003 em space) is an error, never
    folded into the ASCII the writer writes.

    Raises:
        NotationError: If the value is not such a token; ``index`` is the bad character's
            column in the value, ``line`` the header's.
    """
    if name not in headers:
        return default, None
    value, line = headers[name]
    if _TOKEN.fullmatch(value) is None:
        bad = next((i for i, c in enumerate(value) if not "!" <= c <= "~"), 0)
        shown = f"{value[bad]!r} (U+{ord(value[bad]):04X})" if value else "nothing"
        raise NotationError(
            f"the {name} header is printable ASCII without blanks, written exactly, not {shown}",
            value,
            bad,
            line,
        )
    return value, line


def check_game(
    headers: Mapping[str, tuple[str, int]], game: str, marks: Mapping[str, str] | None = None
) -> None:
    """Refuse a record of another game than ``game``: one whose ``Game`` header names
    another game or, without a ``Game`` header, that has a header of ``marks`` (a header
    name that only another game's records carry, with that game's name: ASTROPLANE
    records, which have no ``Game`` header, carry ``Seats``).

    Raises:
        NotationError: If the record is another game's (or the header is not a token);
            ``line`` is the header's.
    """
    value, line = token_header(headers, "Game", game)
    article = "an" if game[:1] in "aeiou" else "a"
    if line is None:
        for mark, other in (marks or {}).items():
            if mark in headers:
                raise NotationError(
                    f"not {article} {game} record: it has no Game header and a {mark} "
                    f"header, so it is {other!r}'s (read it with that game's reader)",
                    headers[mark][0],
                    0,
                    headers[mark][1],
                )
    if value != game:
        raise NotationError(
            f"not {article} {game} record: its Game header names {value!r} (read it with "
            f"that game's reader: astroplane.protocol.get_game(name).record_from_text)",
            value,
            0,
            line,
        )


def turn_line(raw: str, number: int, letters: str) -> tuple[int, str, int, str]:
    """Deprecated: ``astroplane.kit.recordlines.turn_label`` (the same function), which
    ``TurnLines`` reads turn lines with. Kept for one release with a ``DeprecationWarning``.

    Raises:
        NotationError: If the line is not printable ASCII or not a turn line.
    """
    warnings.warn(
        "astroplane.kit.records.turn_line is deprecated: use astroplane.kit.recordlines.turn_label",
        DeprecationWarning,
        stacklevel=2,
    )
    return turn_label(raw, number, letters)
