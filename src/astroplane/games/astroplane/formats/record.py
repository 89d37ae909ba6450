"""Game records: a PGN-like text with a header and one line per turn.

::

    [Event "Club night"]
    [Date "2025-01-31"]
    [Seats "SN"]
    [Rules "standard"]
    [Result "N wins 0-0-2-0 (turn_limit), turn 40"]

    1. S: Sl-e2ne e2ne-f3nw
    2. N: Nl-f9ne f9ne-g8sw

Header lines are ``[Name "value"]``; in the value ``\\"``, ``\\\\``, ``\\n``, ``\\r``,
``\\t`` and ``\\uXXXX`` escape a quote, a backslash, a line break, a carriage return, a
tab and any other control character, so every value reads back. Each header is given
once. ``Seats``, ``Rules`` and ``First`` (the first player, when not the first seat)
describe a standard start (``astroplane.new_game``); any other start is given by a
``Position`` header holding a position text, which ``Seats``, ``Rules`` and ``First``
must then agree with. ``Result`` is ``*`` while the game goes on. Each turn line is the
turn number, the seat and the moves of that turn in move notation; blank lines and lines
starting with ``#`` are ignored. Reading replays every move.

Several games follow each other in one text, like a PGN file (``read_records``,
``iter_records``, ``write_records``): a header line after a game's turn lines, or after
the blank line that ends its headers, starts the next game.

Limits (``astroplane.games.astroplane.formats.limits``): a header value at most ``MAX_HEADER_VALUE``
(4096) characters, a name at most 64; one game's text at most ``MAX_RECORD_TEXT`` (1 MiB);
a text of several games at most ``MAX_RECORDS_TEXT`` (64 MiB). Turn lines are printable
ASCII. Reading costs time linear in the text and memory for one state at a time.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> moves = [s.legal_moves()[0]]
    >>> rec = GameRecord.from_game(s, moves, date="2025-01-31")
    >>> print(rec.to_text())
    [Date "2025-01-31"]
    [Seats "SN"]
    [Rules "standard"]
    [Result "*"]
    <BLANKLINE>
    1. S: Sl-e2ne
    <BLANKLINE>
    >>> GameRecord.from_text(rec.to_text()).final_state() == s.play(moves[0])
    True
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TextIO

import attrs

from astroplane.errors import IllegalMoveError, NotationError, UnknownVariantError
from astroplane.games.astroplane.formats.limits import MAX_RECORD_TEXT
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
    rules_to_text,
)
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.pieces import SEAT_NAMES
from astroplane.games.astroplane.rules.ruleset import Rules
from astroplane.games.astroplane.setup import new_game
from astroplane.games.astroplane.state import GameState
from astroplane.kit.records import (
    RawGame,
    cached_start,
    check_game,
    event_headers,
    extra_headers,
    header_lines,
    join_records,
    quote,
    split_games,
    token_header,
    turn_line,
)

__all__ = ["GameRecord", "iter_records", "read_records", "write_records"]

_JOIN = ("fire", "sq", "x")
#: The headers ``from_game`` writes itself; extra headers may not repeat them.
_OWN_HEADERS = ("Event", "Date", "Seats", "Rules", "Result", "Position", "First")
_STANDARD_SEATS = {"SN": 2, "SWN": 3, "SWNE": 4}


def _standard_start(state: GameState) -> bool:
    seats = "".join(SEAT_NAMES[s] for s in state.seats)
    if seats not in _STANDARD_SEATS or state.outcome is not None:
        return False
    return new_game(len(seats), first=state.to_move, rules=state.rules) == state


def _result_text(state: GameState) -> str:
    """The ``Result`` header: ``*``, or the winners, every seat's score S-W-N-E (0 for seats
    not in the game), the reason and the turn, as records have always written it."""
    out = state.outcome
    if out is None:
        return "*"
    who = "+".join(SEAT_NAMES[s] for s in out.winners) or "nobody"
    verb = "win" if len(out.winners) > 1 else "wins"
    scores = "-".join(str(out.score(s)) for s in range(4))
    return f"{who} {verb} {scores} ({out.reason.value}), turn {out.turn}"


@attrs.frozen
class GameRecord:
    """A game: header, start position and the moves, grouped by turn.

    Attributes:
        headers: ``(name, value)`` pairs in order (``Event``, ``Date``, ``Seats``,
            ``Rules``, ``Result``, ``Position``, and any others), each name once.
        initial: The start position.
        turns: The moves of each turn that has moves, in order (a removed
            player's empty turn [D16] has no line).
    """

    headers: tuple[tuple[str, str], ...]
    initial: GameState
    turns: tuple[tuple[Move, ...], ...]

    # ---- building -------------------------------------------------------
    @classmethod
    def from_game(
        cls,
        initial_state: GameState,
        moves: Iterable[Move],
        *,
        date: str | datetime.date | None = None,
        event: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """The record of a game played from ``initial_state`` with ``moves``.

        Args:
            initial_state: The start position.
            moves: The moves, in order; each must be legal when played.
            date: The date of the game (a ``datetime.date`` is written ISO 8601).
            event: The event name.
            headers: More ``name: value`` headers (names: a letter, then letters, digits,
                ``_``, at most 64; values: any text of at most 4096 characters), none of
                the names ``from_game`` writes itself (``Event``, ``Date``, ``Seats``,
                ``Rules``, ``Result``, ``Position``, ``First``).

        Raises:
            IllegalMoveError: If a move is illegal when it is played.
            ValueError: If a header name is not a word or is one of the names written
                here, a value is not a string or too long, or the rules have custom hooks.
        """
        turns: list[list[Move]] = []
        state = initial_state
        last_turn = -1
        for move in moves:
            if state.turn != last_turn:
                turns.append([])
                last_turn = state.turn
            turns[-1].append(move)
            state = state.play(move)
        items: list[tuple[str, str]] = []
        items.extend(event_headers(event, date))
        items.append(("Seats", "".join(SEAT_NAMES[s] for s in initial_state.seats)))
        items.append(("Rules", rules_to_text(initial_state.rules)))
        items.append(("Result", _result_text(state)))
        if not _standard_start(initial_state):
            items.append(("Position", position_to_text(initial_state)))
        elif initial_state.to_move != initial_state.seats[0]:
            items.append(("First", SEAT_NAMES[initial_state.to_move]))
        items.extend(extra_headers(headers, _OWN_HEADERS))
        for _name, value in items:
            quote(value)  # raises ValueError for a value that cannot be written
        return cls(tuple(items), initial_state, tuple(tuple(t) for t in turns))

    # ---- queries ----------------------------------------------------------
    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the header called ``name`` (case-sensitive), or ``default``."""
        for key, value in self.headers:
            if key == name:
                return value
        return default

    @property
    def moves(self) -> tuple[Move, ...]:
        """All moves in order."""
        return tuple(m for turn in self.turns for m in turn)

    def replay(self) -> Iterator[GameState]:
        """The states of the game, one at a time: the start, then the state after each
        move (an iterator, so a long game never holds every state at once).

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
        """
        state = self.initial
        yield state
        for turn in self.turns:
            for move in turn:
                state = state.play(move)
                yield state

    def final_state(self) -> GameState:
        """The state after the last move."""
        state = self.initial
        for state in self.replay():  # noqa: B007 - the last one is wanted
            pass
        return state

    # ---- text ---------------------------------------------------------------
    def to_text(self) -> str:
        """The record as text (see the module docstring); ends with a newline.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
            ValueError: If a header cannot be written (a name that is not a word or given
                twice, a value that is too long) or the text would be longer than
                ``MAX_RECORD_TEXT``, so it could not be read back.
        """
        lines = header_lines(self.headers)
        size = sum(len(line) + 1 for line in lines)
        state = self.initial
        for turn in self.turns:
            head = f"{state.turn}. {SEAT_NAMES[state.to_move]}:"
            texts = []
            for move in turn:
                texts.append(format_move(state, move))
                state = state.play(move)
            lines.append(" ".join([head, *texts]))
            size += len(lines[-1]) + 1
            if size > MAX_RECORD_TEXT:
                raise ValueError(f"the record is longer than {MAX_RECORD_TEXT} characters")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record of one game and replay it, validating every move.

        Args:
            text: The record (see the module docstring): at most ``MAX_RECORD_TEXT``
                (1 MiB) characters, header values at most 4096, turn lines printable
                ASCII. Several games: ``read_records``.

        Raises:
            NotationError: If the text is not a string, too long or empty, holds more than
                one game, a line cannot be read, a header is given twice, the ``Seats``,
                ``Rules`` or ``First`` header does not agree with the ``Position``, a
                move is illegal or its turn number or seat is wrong, or the ``Result``
                header does not match the game; ``line`` names the line (1-based).

        Examples:
            >>> GameRecord.from_text('[Seats "SN"]\\n1. S: Sl-e2sw\\n')
            Traceback (most recent call last):
            ...
            astroplane.errors.NotationError: illegal move: [D8] ... (line 2, column 7: ...)
        """
        if not isinstance(text, str):
            raise NotationError(f"a record must be a string, not {type(text).__name__}")
        return _read_game(next(split_games(text, many=False)))


def iter_records(source: str | TextIO) -> Iterator[GameRecord]:
    """The games of a text or a text file, one at a time (like a PGN file).

    Args:
        source: A text, or a file opened in text mode (it is read in chunks of 64 KiB,
            so an endless file costs at most ``MAX_RECORDS_TEXT`` characters): at most
            ``MAX_RECORDS_TEXT`` (64 MiB) characters, each game at most ``MAX_RECORD_TEXT``.

    Yields:
        Each game's record, replayed and validated as ``GameRecord.from_text`` does.

    Raises:
        NotationError: If the source is too long, holds no game, or a game cannot be read
            (see ``GameRecord.from_text``); ``line`` counts from the start of the source.
    """
    for game in split_games(source, many=True):
        yield _read_game(game)


def read_records(text: str) -> tuple[GameRecord, ...]:
    """Every game of a text holding one or more records (see ``iter_records``).

    Raises:
        NotationError: As ``iter_records``; an empty text is an error.

    Examples:
        >>> import astroplane
        >>> a = GameRecord.from_game(astroplane.new_game(), [], event="one")
        >>> b = GameRecord.from_game(astroplane.new_game(3), [], event="two")
        >>> [r.header("Event") for r in read_records(write_records([a, b]))]
        ['one', 'two']
    """
    if not isinstance(text, str):
        raise NotationError(f"records must be a string, not {type(text).__name__}")
    return tuple(iter_records(text))


def write_records(records: Iterable[GameRecord]) -> str:
    """The text of several games, a blank line between them; ``read_records`` reads it
    back.

    Raises:
        ValueError: If a record cannot be written (see ``GameRecord.to_text``), there is
            none, or the text would be longer than ``MAX_RECORDS_TEXT``.
    """
    return join_records(r.to_text() for r in records)


def _read_game(game: RawGame) -> GameRecord:
    headers = game.header_map()
    check_game(headers, "astroplane")
    initial = cached_start(headers, "astroplane", lambda: _initial(headers))
    state = initial
    turns: list[tuple[Move, ...]] = []
    for number, raw in game.body:
        state, moves = _read_turn(state, number, raw, game.intern)
        turns.append(moves)
    if "Result" in headers:
        result, line = headers["Result"]
        if result.strip(" ") != _result_text(state):
            raise NotationError(
                f"the Result header does not match the game: {_result_text(state)}",
                result,
                None,
                line,
            )
    return GameRecord(game.header_pairs(), initial, tuple(turns))


def _rules_header(headers: Mapping[str, tuple[str, int]]) -> tuple[Rules, int | None]:
    text, line = headers.get("Rules", ("standard", None))
    try:
        return rules_from_text(text.strip(" ")), line
    except UnknownVariantError as exc:
        raise UnknownVariantError(exc.name, exc.problem, text, exc.index, line) from None
    except NotationError as exc:
        raise NotationError(exc.problem, text, exc.index, line) from None


def _initial(headers: Mapping[str, tuple[str, int]]) -> GameState:
    if "Position" in headers:
        text, line = headers["Position"]
        state = position_from_text(text, line=line)
        _agree(headers, "Seats", "".join(SEAT_NAMES[s] for s in state.seats))
        _agree(headers, "First", SEAT_NAMES[state.to_move])
        if "Rules" in headers:
            rules, rules_line = _rules_header(headers)
            if rules != state.rules:
                written = rules_to_text(state.rules)
                raise NotationError(
                    f"the Rules header does not agree with the Position ({written})",
                    headers["Rules"][0],
                    None,
                    rules_line,
                )
        return state
    rules, _line = _rules_header(headers)
    seats, seats_line = token_header(headers, "Seats", "SN")
    if seats not in _STANDARD_SEATS:
        raise NotationError(
            "the Seats of a standard start are SN, SWN or SWNE", seats, 0, seats_line
        )
    first, first_line = token_header(headers, "First", seats[0])
    if len(first) != 1 or first not in seats:
        raise NotationError(f"First is a seat of {seats}", first, 0, first_line)
    return new_game(_STANDARD_SEATS[seats], first=first, rules=rules)


def _agree(headers: Mapping[str, tuple[str, int]], name: str, expected: str) -> None:
    if name in headers:
        value, line = token_header(headers, name, expected)
        if value != expected:
            raise NotationError(
                f"the {name} header does not agree with the Position ({expected})",
                value,
                None,
                line,
            )


def _read_turn(
    state: GameState, number: int, raw: str, intern: Callable[[Move], Move]
) -> tuple[GameState, tuple[Move, ...]]:
    turn, letter, offset, text = turn_line(raw, number, SEAT_NAMES)
    seat = SEAT_NAMES.index(letter)
    offset -= len(raw) - len(raw.lstrip(" \t"))
    raw = raw.strip(" \t")
    if state.outcome is not None:
        raise NotationError("the game is already over", raw, 0, number)
    if turn != state.turn or seat != state.to_move:
        raise NotationError(
            f"this is turn {state.turn}, {SEAT_NAMES[state.to_move]} to move", raw, 0, number
        )
    tokens = _tokens(text)
    if not tokens:
        raise NotationError("a turn line has at least one move", raw, len(raw) - 1, number)
    moves = []
    for i, (at, token) in enumerate(tokens):
        if i and (state.turn != turn or state.outcome is not None):
            raise NotationError("the turn is over before this move", raw, offset + at, number)
        try:
            move = parse_move(state, token, line=number)
        except NotationError as exc:
            index = None if exc.index is None else offset + at + exc.index
            raise NotationError(exc.problem, raw, index, number) from None
        moves.append(intern(move))
        try:
            state = state.play(move)
        except IllegalMoveError as exc:  # pragma: no cover - parse_move returns legal moves
            raise NotationError(str(exc), raw, offset + at, number) from None
    return state, tuple(moves)


def _tokens(text: str) -> list[tuple[int, str]]:
    """The move texts of a turn line with their offsets; ``fire a1`` stays one move."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for m in _WORD.finditer(text):
        word = m.group()
        if pending is not None:
            out.append((pending[0], pending[1] + " " + word))
            pending = None
        elif word.lower() in _JOIN:
            pending = (m.start(), word)
        elif word.lower() == "turn" and out and out[-1][1].lower() == "end":
            out[-1] = (out[-1][0], out[-1][1] + " turn")
        else:
            out.append((m.start(), word))
    if pending is not None:
        out.append(pending)
    return out


_WORD = re.compile(r"[^ \t]+")
