"""A whole game record for any game, on the kit's record layer: headers, start and moves.

``astroplane.kit.records`` splits a record text into games and reads header lines;
``astroplane.kit.recordlines`` writes and reads the move lines; this module is the rest a
game's records share, parametrised by what a game knows (a ``RecordFormat``: its
notation, position text, rules text, seats and how its moves group into lines). A game's
``GameRecord`` subclasses ``Record`` and names its format; its ``read_records`` /
``iter_records`` / ``write_records`` call the functions here.

A record is ``[Name "value"]`` header lines, then the move lines. By default
(``RoundLines``) a line is a **round**: the round's number and ``.``, then every ply of the
round in the game's move notation, in the order played; a line that starts in the middle of
a round (a record from a set-up position) writes its number with ``...`` (``12... xd6
b6``). With ``TurnLines`` a line is a turn and names its seat (``3. S: Sl-e2ne``)::

    [Game "square-off"]
    [Result "*"]

    1. d2 f4
    2. d6 b4

Headers: ``Game`` (the game's name; a record of another game is refused; not written when
``game_header`` is off), ``Event``, ``Date``, the game's seat headers (``Players``),
``Rules`` (only when not the game's default rules, unless ``rules_always``), ``Result``
(``*`` while the game goes on), then ``Position`` (a position text, for any start
``new_game`` does not make) or ``First`` (the first player's seat letter, when not the
first seat's); a caller's extra headers (``Round``...) last. With a ``Position``, the seat
headers, ``First`` and ``Rules`` must agree with it. Reading replays every move: an error
names the line, the column and the move, and says which rule forbids it.

Examples:
    >>> round_label(3, True), round_label(12, False)
    ('3.', '12...')
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Generic, TextIO, TypeVar

import attrs

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.kit.limits import MAX_RECORD_HEADERS, MAX_RECORD_TEXT, plain_text, shown
from astroplane.kit.recordlines import (
    Lines,
    PlayableState,
    RoundLines,
    TurnLines,
    blank_tokens,
    round_label,
)
from astroplane.kit.records import (
    RawGame,
    cached_start,
    check_game,
    event_headers,
    extra_headers,
    header_lines,
    join_records,
    quote,
    split_event_date,
    split_games,
    token_header,
)

__all__ = [
    "Headers",
    "Record",
    "RecordFormat",
    "RoundLines",
    "TurnLines",
    "blank_tokens",
    "first_seat",
    "iter_games",
    "read_games",
    "round_label",
    "write_games",
]

S = TypeVar("S", bound=PlayableState)
M = TypeVar("M")
R = TypeVar("R", bound="Record[Any, Any]")

Headers = Mapping[str, tuple[str, int]]
"""A game's headers as ``RawGame.header_map`` gives them: name -> (value, line)."""


@attrs.frozen(kw_only=True)
class RecordFormat(Generic[S, M]):
    """What a game's records need of the game.

    Attributes:
        game: The game's registered name, the ``Game`` header's value.
        state_type: The class of the game's states (``from_game`` refuses others).
        format_move: ``(state, move) -> text``, the game's move notation.
        parse_move: ``(state, text) -> move``, raising ``NotationError`` (``index`` in
            the move text) for a text that names no legal move, saying why.
        position_to_text: The game's position text writer.
        position_from_text: Its reader (``NotationError`` with the column).
        rules_text: ``state -> rules text``.
        rules_from_text: ``rules text -> rules`` (``NotationError`` with the column).
        default_rules: The rules text a record without a ``Rules`` header is played by.
        result: ``state -> Result header`` (``*`` while the game goes on).
        round_of: ``state -> (round, at its start)``: the round the next ply belongs to,
            and whether no ply of it has been played yet (with ``TurnLines``: the turn).
        who: ``state -> the seat letter of the player to act`` (``W``; ``TurnLines``
            writes it and reads it back).
        seat_headers: ``state -> ((name, value), ...)``: the headers that describe the
            seats (``Players``), always written, checked against a ``Position``.
        first: ``state -> seat letter`` of the ``First`` header (the player who moves
            first).
        first_default: The ``First`` a record without one starts with (or ``state ->``
            it, when it depends on the seats, as Aeroplane Chess's colours do).
        standard: ``state -> bool``: is this a start ``new_start`` makes?
        new_start: ``(rules, headers) -> state``: the standard start the seat headers and
            ``First`` describe, raising ``NotationError`` naming the header's line.
        marks: Headers only another game's records carry, with that game's name
            (``check_game``).
        tokens: The plies of a line's text with their offsets (``blank_tokens``).
        lines: How plies group into lines: ``RoundLines()`` (``3. d2 f4``) or
            ``TurnLines(letters)`` (``3. S: Sl-e2ne``).
        game_header: Write the ``Game`` header (ASTROPLANE's records, older than the
            kit, have none; a record without one is read as this game's).
        rules_always: Write the ``Rules`` header even for the default rules.
    """

    game: str
    state_type: type[S]
    format_move: Callable[[S, M], str]
    parse_move: Callable[[S, str], M]
    position_to_text: Callable[[S], str]
    position_from_text: Callable[[str], S]
    rules_text: Callable[[S], str]
    rules_from_text: Callable[[str], Any]
    default_rules: str
    result: Callable[[S], str]
    round_of: Callable[[S], tuple[int, bool]]
    who: Callable[[S], str]
    seat_headers: Callable[[S], tuple[tuple[str, str], ...]]
    first: Callable[[S], str]
    first_default: str | Callable[[S], str]
    standard: Callable[[S], bool]
    new_start: Callable[[Any, Headers], S]
    marks: Mapping[str, str] = attrs.field(factory=dict)
    tokens: Callable[[str], list[tuple[int, str]]] = blank_tokens
    lines: Lines = attrs.field(factory=RoundLines)
    game_header: bool = True
    rules_always: bool = False

    @property
    def own_headers(self) -> tuple[str, ...]:
        """The headers ``from_game`` writes itself (extra headers may not repeat them)."""
        own = ("Event", "Date", "Rules", "Result", "Position", "First")
        return ("Game", *own) if self.game_header else own

    def first_of(self, state: S) -> str | None:
        """The ``First`` header a standard start ``state`` needs (``None``: it starts
        with the default player)."""
        default = self.first_default
        first = self.first(state)
        return None if first == (default if isinstance(default, str) else default(state)) else first


@attrs.frozen(repr=False)
class Record(Generic[S, M]):
    """A game: its headers, its start and its moves (a game's ``GameRecord`` subclasses
    this and sets ``FORMAT``).

    Attributes:
        headers: ``(name, value)`` pairs in order, each name once.
        initial: The start position.
        moves: Every ply, in order.

    Examples:
        >>> from astroplane.games.square_off import GameRecord, new_game, parse_move
        >>> s = new_game()
        >>> rec = GameRecord.from_game(s, [parse_move(s, "d2")], event="Cup")
        >>> rec.to_text().splitlines()[-1], [t.turns for t in rec.replay()]
        ('1. d2', [0, 1])
        >>> GameRecord.from_text(rec.to_text()) == rec
        True
    """

    headers: tuple[tuple[str, str], ...]
    initial: S
    moves: tuple[M, ...]

    FORMAT: ClassVar[RecordFormat[Any, Any]]

    @classmethod
    def from_game(
        cls: type[R],
        initial: Any,
        moves: Iterable[Any],
        *,
        date: str | datetime.date | None = None,
        event: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> R:
        """The record of a game played from ``initial`` with ``moves``.

        Args:
            initial: The start position.
            moves: The plies in order; each must be legal when played.
            date: The date (a ``datetime.date`` is written ISO 8601).
            event: The event name.
            headers: More headers (``Round``...): names a letter, then letters, digits,
                ``_`` (at most 64), none of those ``from_game`` writes; values strings of at
                most 4096 characters.

        Raises:
            IllegalMoveError: If a move is not legal when it is played.
            ValueError: If ``initial`` is not a state of the game, or a header cannot be
                written or read back (more than ``MAX_RECORD_HEADERS`` in all, a ``Game``
                header naming another game): the reader's message.
        """
        fmt = cls.FORMAT
        if not isinstance(initial, fmt.state_type):
            raise ValueError(f"not a {fmt.game} state: {shown(initial)}")
        moves = tuple(moves)
        state = initial
        for move in moves:
            state = state.play(move)
        items: list[tuple[str, str]] = [("Game", fmt.game)] if fmt.game_header else []
        items.extend(event_headers(event, date))
        seats = fmt.seat_headers(initial)
        items.extend(seats)
        rules = fmt.rules_text(initial)
        if fmt.rules_always or rules != fmt.default_rules:
            items.append(("Rules", rules))
        items.append(("Result", fmt.result(state)))
        if not fmt.standard(initial):
            items.append(("Position", fmt.position_to_text(initial)))
        elif (first := fmt.first_of(initial)) is not None:
            items.append(("First", first))
        items.extend(extra_headers(headers, fmt.own_headers + tuple(n for n, _ in seats)))
        for _name, value in items:
            quote(value)  # raises ValueError for a value that cannot be written
        _readable(fmt, items)
        return cls(tuple(items), initial, moves)

    @classmethod
    def text_of_game(
        cls: type[Record[S, M]], initial: S, moves: Iterable[M], headers: Mapping[str, str]
    ) -> str:
        """``Game.record_to_text`` for this record class: the record text of ``moves``
        played from ``initial``, the ``Event`` and ``Date`` of ``headers`` in their places.

        Raises:
            IllegalMoveError: If a move is not legal when played.
            ValueError: If a header cannot be written.
        """
        event, date, others = split_event_date(headers)
        return cls.from_game(initial, moves, event=event, date=date, headers=others).to_text()

    @classmethod
    def game_of_text(cls: type[Record[S, M]], text: str) -> tuple[S, tuple[M, ...]]:
        """``Game.record_from_text`` for this record class: the start and the plies.

        Raises:
            NotationError: As ``from_text``.
        """
        record = cls.from_text(text)
        return record.initial, record.moves

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the header called ``name`` (case-sensitive), or ``default``."""
        return next((v for k, v in self.headers if k == name), default)

    def replay(self) -> Iterator[S]:
        """The states of the game, one at a time: the start, then the state after each
        ply (an iterator: a long game never holds every state at once).

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
        """
        state = self.initial
        yield state
        for move in self.moves:
            state = state.play(move)
            yield state

    def line_moves(self) -> tuple[tuple[M, ...], ...]:
        """The plies of each move line ``to_text`` writes (a round, or a turn), in order.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
        """
        lines: list[list[M]] = []
        current: int | None = None
        state = self.initial
        for move in self.moves:
            number = self.FORMAT.round_of(state)[0]
            if number != current:
                current = number
                lines.append([])
            lines[-1].append(move)
            state = state.play(move)
        return tuple(map(tuple, lines))

    def final_state(self) -> S:
        """The state after the last ply."""
        state = self.initial
        for state in self.replay():  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_text(self) -> str:
        """The record as text (one line per round, or per turn), ending with a newline.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
            ValueError: If a header cannot be written (a name that is not a word or given
                twice, a value too long) or the text would be longer than
                ``MAX_RECORD_TEXT``, so it could not be read back.
        """
        fmt = self.FORMAT
        lines = header_lines(self.headers)
        size = sum(len(line) + 1 for line in lines)
        state = self.initial
        current: int | None = None
        for move in self.moves:
            number = fmt.round_of(state)[0]
            if number != current:
                current = number
                lines.append(fmt.lines.label(fmt, state))
                size += len(lines[-1]) + 1
            written = fmt.format_move(state, move)
            lines[-1] += " " + written
            size += len(written) + 1
            if size > MAX_RECORD_TEXT:
                raise ValueError(f"the record is longer than {MAX_RECORD_TEXT} characters")
            state = state.play(move)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls: type[R], text: str) -> R:
        """Read a record of one game, replaying and checking every ply.

        Args:
            text: The record: at most ``MAX_RECORD_TEXT`` (1 MiB) characters, header
                values at most 4096, round lines printable ASCII. Several games:
                ``read_records``.

        Raises:
            NotationError: If the text is not a string, too long, empty or holds more than
                one game, a line cannot be read, a header is given twice, names another
                game or does not agree with the ``Position``, a move is illegal (the
                message names the move and the rule), a round number is wrong, or the
                ``Result`` header does not match the game; ``line`` names the line
                (1-based) and ``index`` the column.
        """
        text = plain_text(text)  # the characters themselves, never a subclass's methods
        if not isinstance(text, str):
            raise NotationError(f"a record is a string, not {type(text).__name__}")
        return _read_game(cls, next(split_games(text, many=False)))

    def __repr__(self) -> str:
        start = "standard start" if self.header("Position") is None else "set-up position"
        extra = [f"{k}={shown(v)}" for k, v in self.headers if k in ("Event", "Date", "Rules")]
        return (
            f"{type(self).__name__}({self.FORMAT.game}, {start}, {len(self.moves)} "
            f"{'ply' if len(self.moves) == 1 else 'plies'}, "
            f"Result {shown(self.header('Result'))}{''.join(', ' + e for e in extra)})"
        )


def iter_games(cls: type[R], source: str | TextIO) -> Iterator[R]:
    """The games of a text or a text file, one at a time, as records of ``cls``.

    Raises:
        NotationError: If the source is too long, holds no game or too many, or a game
            cannot be read (``Record.from_text``); ``line`` counts from the source's start.
    """
    for game in split_games(source, many=True):
        yield _read_game(cls, game)


def read_games(cls: type[R], text: str) -> tuple[R, ...]:
    """Every game of a text of one or more records (``iter_games``).

    Raises:
        NotationError: As ``iter_games``; a text that is not a string too.
    """
    text = plain_text(text)
    if not isinstance(text, str):
        raise NotationError(f"records are a string, not {type(text).__name__}")
    return tuple(iter_games(cls, text))


def write_games(records: Iterable[Record[Any, Any]]) -> str:
    """The texts of several records, a blank line between them.

    Raises:
        ValueError: If a record cannot be written, there is none or more than
            ``MAX_RECORDS_GAMES``, or the text would be longer than ``MAX_RECORDS_TEXT``
            (the reader's limits, in its words).
    """
    return join_records(r.to_text() for r in records)


def first_seat(headers: Headers, letters: str | tuple[str, ...], default: str) -> int:
    """The seat number the ``First`` header names among ``letters`` (``default`` when
    there is none), exactly as written.

    Raises:
        NotationError: If the header is not one of ``letters``; ``line`` is its line.

    Examples:
        >>> first_seat({"First": ("B", 4)}, "WB", "W"), first_seat({}, "WB", "W")
        (1, 0)
    """
    value, line = token_header(headers, "First", default)
    if value not in letters:
        raise NotationError(
            f"the First header is the seat letter of a player ({', '.join(letters)})",
            value,
            0,
            line,
        )
    return list(letters).index(value)


def _readable(fmt: RecordFormat[Any, Any], items: list[tuple[str, str]]) -> None:
    """Refuse headers the reader would refuse, with its words: more than
    ``MAX_RECORD_HEADERS``, or a ``Game`` header (or, without one, a header only another
    game's records carry) that makes the record another game's (``check_game``).

    Raises:
        ValueError: With the reader's message.
    """
    if len(items) > MAX_RECORD_HEADERS:
        raise ValueError(f"a game has at most {MAX_RECORD_HEADERS} headers")
    try:
        check_game({name: (value, 0) for name, value in items}, fmt.game, fmt.marks)
    except NotationError as exc:
        raise ValueError(exc.problem) from None


# ---- reading ------------------------------------------------------------------------------
def _read_game(cls: type[R], game: RawGame) -> R:
    fmt = cls.FORMAT
    headers = game.header_map()
    check_game(headers, fmt.game, fmt.marks)
    initial = cached_start(headers, fmt.game, lambda: _initial(fmt, headers))
    state = initial
    moves: list[Any] = []
    for number, raw in game.body:
        state = fmt.lines.read(fmt, state, number, raw, moves, game.intern)
    if "Result" in headers:
        result, line = headers["Result"]
        if result.strip(" ") != fmt.result(state):
            raise NotationError(
                f"the Result header does not match the game: {fmt.result(state)}",
                result,
                None,
                line,
            )
    return cls(game.header_pairs(), initial, tuple(moves))


def _rules(fmt: RecordFormat[Any, Any], headers: Headers) -> Any:
    text, line = headers.get("Rules", (fmt.default_rules, 0))
    try:
        return fmt.rules_from_text(text)
    except UnknownVariantError as exc:
        raise UnknownVariantError(exc.name, exc.problem, text, exc.index, line or None) from None
    except NotationError as exc:
        raise NotationError(exc.problem, text, exc.index, line or None) from None


def _initial(fmt: RecordFormat[S, Any], headers: Headers) -> S:
    rules = _rules(fmt, headers)
    if "Position" not in headers:
        return fmt.new_start(rules, headers)
    text, line = headers["Position"]
    try:
        state = fmt.position_from_text(text)
    except UnknownVariantError as exc:
        problem = f"the Position header: {exc.problem}"
        raise UnknownVariantError(exc.name, problem, text, exc.index, line) from None
    except NotationError as exc:
        raise NotationError(f"the Position header: {exc.problem}", text, exc.index, line) from None
    expected = {**dict(fmt.seat_headers(state)), "First": fmt.first(state)}
    for name, value in expected.items():
        if name in headers and token_header(headers, name, value)[0] != value:
            raise NotationError(
                f"the {name} header does not agree with the Position ({value})",
                headers[name][0],
                None,
                headers[name][1],
            )
    if "Rules" in headers and rules != fmt.rules_from_text(fmt.rules_text(state)):
        raise NotationError(
            f"the Rules header does not agree with the Position ({fmt.rules_text(state)})",
            headers["Rules"][0],
            None,
            headers["Rules"][1],
        )
    return state
