"""Game records: a PGN-like text with a header and one line per turn, rolls included.

::

    [Game "aeroplane-chess"]
    [Date "2025-01-31"]
    [Colours "RB"]
    [Rules "standard"]
    [Result "*"]

    1. R: 4 R1-RT
    2. B: 6 B1-BT 6 B1-6 3 B1-9
    3. R: 5 pass

Header lines are ``[Name "value"]``; in the value ``\\"``, ``\\\\``, ``\\n``, ``\\r``,
``\\t`` and ``\\uXXXX`` escape a quote, a backslash and control characters, so every value
reads back; each header is given once. ``Colours``, ``Rules`` and ``First`` (the first
player, when not the first colour) describe a standard start (``new_game``); any other
start is given by a ``Position`` header holding a position text, which ``Colours``,
``Rules`` and ``First`` must then agree with. ``Result`` is ``*`` while the game goes on,
else the places (``1st B, 2nd R``). A turn line is the turn number, the colour and the
turn's rolls and moves in move notation (a roll is its number), in the order they
happened; a lone ``6`` at the end of a line is a third 6 [AC10]. Blank lines and lines
starting with ``#`` are ignored; reading replays and checks every roll and move.

Several games follow each other in one text (``read_records``, ``write_records``), as in
``astroplane.games.astroplane.formats.record``, within the same limits: header values at most 4096
characters, one game at most ``MAX_RECORD_TEXT`` (1 MiB), turn lines printable ASCII.

Examples:
    >>> from astroplane.games.aeroplane_chess import Move, new_game
    >>> s = new_game(2)
    >>> moves = [Move.roll(4), Move.launch("R1"), Move.roll(3), Move.PASS]
    >>> rec = GameRecord.from_game(s, moves, date="2025-01-31")
    >>> print(rec.to_text(), end="")
    [Game "aeroplane-chess"]
    [Date "2025-01-31"]
    [Colours "RB"]
    [Rules "standard"]
    [Result "*"]
    <BLANKLINE>
    1. R: 4 R1-RT
    2. B: 3 pass
    >>> GameRecord.from_text(rec.to_text()) == rec
    True
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Iterator, Mapping

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.aeroplane_chess.board import COLOURS
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.options import Rules, rules_from_text, rules_to_text
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.render import describe_outcome
from astroplane.games.aeroplane_chess.setup import new_game
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.limits import MAX_RECORD_TEXT
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

__all__ = ["GameRecord", "read_records", "write_records"]

_GAME = "aeroplane-chess"
_OWN_HEADERS = ("Game", "Event", "Date", "Colours", "Rules", "Result", "Position", "First")
_WORD = re.compile(r"[^ \t]+")


def _result(state: AeroplaneState) -> str:
    text = describe_outcome(state)
    return re.sub(r" \([A-Za-z]+\)", "", text) if text else "*"


def _standard_start(state: AeroplaneState) -> bool:
    return not state.is_over and state == new_game(
        rules=state.rules, colours=state.seats, first=state.to_move
    )


@attrs.frozen
class GameRecord:
    """A game: its headers, its start and every roll and move in order.

    Attributes:
        headers: ``(name, value)`` pairs in order.
        initial: The start position.
        moves: The rolls (chance outcomes) and moves, in order.
    """

    headers: tuple[tuple[str, str], ...]
    initial: AeroplaneState
    moves: tuple[Move, ...]

    @classmethod
    def from_game(
        cls,
        initial: AeroplaneState,
        moves: Iterable[Move],
        *,
        date: str | datetime.date | None = None,
        event: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """The record of a game played from ``initial`` with ``moves`` (rolls included).

        Args:
            initial: The start position.
            moves: The rolls and moves in order; each must be legal when played.
            date: The date (a ``datetime.date`` is written ISO 8601).
            event: The event name.
            headers: More headers (names: a letter, then letters, digits, ``_``).

        Raises:
            IllegalMoveError: If a move is not legal when it is played.
            ValueError: If a header name is not a word or is one ``from_game`` writes, or
                a value is not a string of at most 4096 characters.
        """
        moves = tuple(moves)
        state = initial
        for move in moves:
            state = state.play(move)
        items: list[tuple[str, str]] = [("Game", _GAME)]
        items.extend(event_headers(event, date))
        items.append(("Colours", "".join(COLOURS[s] for s in initial.seats)))
        items.append(("Rules", rules_to_text(initial.rules)))
        items.append(("Result", _result(state)))
        if not _standard_start(initial):
            items.append(("Position", position_to_text(initial)))
        elif initial.to_move != initial.seats[0]:
            items.append(("First", COLOURS[initial.to_move]))
        items.extend(extra_headers(headers, _OWN_HEADERS))
        for _name, value in items:
            quote(value)
        return cls(tuple(items), initial, moves)

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the first header called ``name``, or ``default``."""
        return next((v for k, v in self.headers if k == name), default)

    def replay(self) -> Iterator[AeroplaneState]:
        """The states of the game, one at a time: the start, then the state after each
        roll and move (an iterator: a long game never holds every state at once).

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).

        Examples:
            >>> from astroplane.games.aeroplane_chess import Move, new_game
            >>> rec = GameRecord.from_game(new_game(2), [Move.roll(5), Move.PASS])
            >>> [s.to_text() for s in rec.replay()]
            ['standard RB R? t1 -', 'standard RB R5 t1 -', 'standard RB B? t2 -']
        """
        state = self.initial
        yield state
        for move in self.moves:
            state = state.play(move)
            yield state

    def final_state(self) -> AeroplaneState:
        """The state after the last roll or move."""
        state = self.initial
        for state in self.replay():  # noqa: B007 - the last one is wanted
            pass
        return state

    def to_text(self) -> str:
        """The record as text (see the module docstring), ending with a newline.

        Raises:
            ValueError: If a header cannot be written (a name that is not a word or given
                twice, a value that is too long) or the text would be longer than
                ``MAX_RECORD_TEXT``.
        """
        lines = header_lines(self.headers)
        state = self.initial
        turn = -1
        for move in self.moves:
            if state.turn != turn:
                turn = state.turn
                lines.append(f"{turn}. {COLOURS[state.to_move]}:")
            lines[-1] += " " + format_move(state, move)
            state = state.play(move)
        text = "\n".join(lines) + "\n"
        if len(text) > MAX_RECORD_TEXT:
            raise ValueError(f"the record is longer than {MAX_RECORD_TEXT} characters")
        return text

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record of one game, replaying and checking every roll and move.

        Args:
            text: The record: at most ``MAX_RECORD_TEXT`` (1 MiB) characters, header
                values at most 4096, turn lines printable ASCII. Several games:
                ``read_records``.

        Raises:
            NotationError: If the text is not a string, too long, empty or holds more than
                one game, a line cannot be read, a header is given twice, ``Colours``,
                ``Rules`` or ``First`` does not agree with the ``Position``, a move is
                illegal, a turn number or colour is wrong, or the ``Result`` header does
                not match the game; ``line`` names the line (1-based).

        Examples:
            >>> GameRecord.from_text('[Colours "RB"]\\n1. R: 3 R1-RT\\n')  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            astroplane.errors.NotationError: illegal move: ... (line 2, column 9: '1. R: 3 R1-RT')
        """
        if not isinstance(text, str):
            raise NotationError(f"a record is a string, not {type(text).__name__}")
        return _read_game(next(split_games(text, many=False)))


def read_records(text: str) -> tuple[GameRecord, ...]:
    """Every game of a text holding one or more records (at most ``MAX_RECORDS_TEXT``).

    Raises:
        NotationError: If the text is too long or empty, or a game cannot be read (see
            ``GameRecord.from_text``).
    """
    if not isinstance(text, str):
        raise NotationError(f"records are a string, not {type(text).__name__}")
    return tuple(_read_game(game) for game in split_games(text, many=True))


def write_records(records: Iterable[GameRecord]) -> str:
    """The text of several games, a blank line between them; ``read_records`` reads it.

    Raises:
        ValueError: If a record cannot be written, there is none, or the text would be
            longer than ``MAX_RECORDS_TEXT``.
    """
    return join_records(r.to_text() for r in records)


def _read_game(game: RawGame) -> GameRecord:
    headers = game.header_map()
    check_game(headers, _GAME, {"Seats": "astroplane"})
    initial = cached_start(headers, _GAME, lambda: _initial(headers))
    state = initial
    moves: list[Move] = []
    for number, raw in game.body:
        state = _read_turn(state, number, raw, moves, game.intern)
    if "Result" in headers:
        result, line = headers["Result"]
        if result.strip(" ") != _result(state):
            raise NotationError(
                f"the Result header does not match the game: {_result(state)}",
                result,
                None,
                line,
            )
    return GameRecord(game.header_pairs(), initial, tuple(moves))


def _rules(headers: Mapping[str, tuple[str, int]]) -> Rules:
    text, line = headers.get("Rules", ("standard", 0))
    try:
        return rules_from_text(text)
    except NotationError as exc:
        raise NotationError(exc.problem, text, exc.index, line or None) from None


def _initial(headers: Mapping[str, tuple[str, int]]) -> AeroplaneState:
    if "Position" in headers:
        text, line = headers["Position"]
        state = position_from_text(text, line=line)
        expected = {
            "Colours": "".join(COLOURS[s] for s in state.seats),
            "First": COLOURS[state.to_move],
        }
        for name, value in expected.items():
            if name in headers and token_header(headers, name, value)[0] != value:
                raise NotationError(
                    f"the {name} header does not agree with the Position ({value})",
                    headers[name][0],
                    None,
                    headers[name][1],
                )
        if "Rules" in headers and _rules(headers) != state.rules:
            raise NotationError(
                f"the Rules header does not agree with the Position ({rules_to_text(state.rules)})",
                headers["Rules"][0],
                None,
                headers["Rules"][1],
            )
        return state
    rules = _rules(headers)
    colours = token_header(headers, "Colours", "RB")[0]
    first = token_header(headers, "First", colours[:1])[0]
    for name, value in (("Colours", colours), ("First", first)):
        if name in headers and not set(value) <= set(COLOURS):
            at = next(i for i, c in enumerate(value) if c not in COLOURS)
            raise NotationError(
                f"{value[at]!r} is not a colour: the {name} header is written with the "
                f"letters {''.join(COLOURS)}",
                value,
                at,
                headers[name][1],
            )
    try:
        return new_game(rules=rules, colours=colours, first=first)
    except ValueError as exc:
        name = "First" if "First" in headers and "first" in str(exc) else "Colours"
        value, line = headers.get(name, ("", 0))
        raise NotationError(str(exc), value, 0, line or None) from None


def _read_turn(
    state: AeroplaneState,
    number: int,
    raw: str,
    moves: list[Move],
    intern: Callable[[Move], Move],
) -> AeroplaneState:
    turn, letter, offset, text = turn_line(raw, number, "".join(COLOURS))
    colour = COLOURS.index(letter)
    if state.is_over:
        raise NotationError("the game is already over", raw, 0, number)
    if turn != state.turn or colour != state.to_move:
        expected = f"{state.turn}. {COLOURS[state.to_move]}"
        raise NotationError(f"this is turn {expected}", raw, 0, number)
    tokens = list(_WORD.finditer(text))
    if not tokens:
        raise NotationError("a turn line has at least one roll or move", raw, offset, number)
    for token in tokens:
        at = offset + token.start()
        if state.turn != turn or state.is_over:
            raise NotationError("the turn is over before this", raw, at, number)
        try:
            move = parse_move(state, token.group(), line=number)
            state = state.play(move)
        except (NotationError, IllegalMoveError) as exc:
            problem = exc.problem if isinstance(exc, NotationError) else str(exc)
            raise NotationError(problem, raw, at, number) from None
        moves.append(intern(move))
    return state
