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

Header lines are ``[Name "value"]`` (``\\"`` and ``\\\\`` escape a quote and a
backslash). ``Colours``, ``Rules`` and ``First`` (the first player, when not the first
colour) describe a standard start (``new_game``); any other start is given by a
``Position`` header holding a position text. ``Result`` is ``*`` while the game goes on,
else the places (``1st B, 2nd R``). A turn line is the turn number, the colour and the
turn's rolls and moves in move notation (a roll is its number), in the order they
happened; a lone ``6`` at the end of a line is a third 6 [AC10]. Blank lines and lines
starting with ``#`` are ignored; reading replays and checks every roll and move.

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
from collections.abc import Iterable, Mapping

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.aeroplane_chess.board import COLOURS
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.options import rules_from_text, rules_to_text
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.render import describe_outcome
from astroplane.games.aeroplane_chess.setup import new_game
from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["GameRecord"]

_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_TURN = re.compile(r"^(\d{1,9})\s*\.\s*([RYBGrybg])\s*:(.*)$")
_GAME = "aeroplane-chess"


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


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
            ValueError: If a header name is not a word.
        """
        moves = tuple(moves)
        state = initial
        for move in moves:
            state = state.play(move)
        items: list[tuple[str, str]] = [("Game", _GAME)]
        if event is not None:
            items.append(("Event", event))
        if date is not None:
            items.append(("Date", date.isoformat() if isinstance(date, datetime.date) else date))
        items.append(("Colours", "".join(COLOURS[s] for s in initial.seats)))
        items.append(("Rules", rules_to_text(initial.rules)))
        items.append(("Result", _result(state)))
        if not _standard_start(initial):
            items.append(("Position", position_to_text(initial)))
        elif initial.to_move != initial.seats[0]:
            items.append(("First", COLOURS[initial.to_move]))
        for name, value in (headers or {}).items():
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
                raise ValueError(f"a header name is a word, not {name!r}")
            items.append((name, value))
        return cls(tuple(items), initial, moves)

    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the first header called ``name``, or ``default``."""
        return next((v for k, v in self.headers if k == name), default)

    def replay(self) -> tuple[AeroplaneState, ...]:
        """Every state of the game: the start, then the state after each roll and move.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).

        Examples:
            >>> from astroplane.games.aeroplane_chess import Move, new_game
            >>> rec = GameRecord.from_game(new_game(2), [Move.roll(5), Move.PASS])
            >>> [s.to_text() for s in rec.replay()]
            ['standard RB R? t1 -', 'standard RB R5 t1 -', 'standard RB B? t2 -']
        """
        states = [self.initial]
        for move in self.moves:
            states.append(states[-1].play(move))
        return tuple(states)

    def final_state(self) -> AeroplaneState:
        """The state after the last roll or move."""
        return self.replay()[-1]

    def to_text(self) -> str:
        """The record as text (see the module docstring), ending with a newline."""
        lines = [f"[{name} {_quote(value)}]" for name, value in self.headers]
        lines.append("")
        state = self.initial
        turn = -1
        for move in self.moves:
            if state.turn != turn:
                turn = state.turn
                lines.append(f"{turn}. {COLOURS[state.to_move]}:")
            lines[-1] += " " + format_move(state, move)
            state = state.play(move)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record, replaying and checking every roll and move.

        Raises:
            NotationError: If a line cannot be read, a move is illegal, a turn number or
                colour is wrong, or the ``Result`` header does not match the game;
                ``line`` names the line (1-based).

        Examples:
            >>> GameRecord.from_text('[Colours "RB"]\\n1. R: 3 R1-RT\\n')  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            astroplane.errors.NotationError: illegal move: ... (line 2, column 9: '1. R: 3 R1-RT')
        """
        if not isinstance(text, str):
            raise NotationError(f"a record is a string, not {type(text).__name__}")
        headers: list[tuple[str, str]] = []
        where: dict[str, int] = {}
        body: list[tuple[int, str]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                if body:
                    raise NotationError("a header after the moves", raw, 0, number)
                m = _HEADER.match(line)
                if m is None:
                    raise NotationError('a header is [Name "value"]', raw, 0, number)
                headers.append((m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))))
                where.setdefault(m.group(1), number)
                continue
            body.append((number, raw))
        first = dict(reversed(headers))
        if first.get("Game", _GAME) != _GAME:
            raise NotationError(f"not an {_GAME} record", first["Game"], 0, where["Game"])
        initial = _initial(first, where)
        state = initial
        moves: list[Move] = []
        for number, raw in body:
            state = _read_turn(state, number, raw, moves)
        result = first.get("Result")
        if result is not None and result.strip() != _result(state):
            raise NotationError(
                f"the Result header does not match the game: {_result(state)}",
                result,
                None,
                where["Result"],
            )
        return cls(tuple(headers), initial, tuple(moves))


def _initial(headers: dict[str, str], where: dict[str, int]) -> AeroplaneState:
    if "Position" in headers:
        return position_from_text(headers["Position"], line=where["Position"])
    text = headers.get("Rules", "standard")
    try:
        rules = rules_from_text(text)
    except NotationError as exc:
        raise NotationError(exc.problem, text, exc.index, where.get("Rules")) from None
    colours = headers.get("Colours", "RB").strip().upper()
    first = headers.get("First", colours[:1]).strip().upper()
    try:
        return new_game(rules=rules, colours=colours, first=first)
    except ValueError as exc:
        name = "First" if "First" in headers and "first" in str(exc) else "Colours"
        raise NotationError(str(exc), headers.get(name, ""), 0, where.get(name)) from None


def _read_turn(state: AeroplaneState, number: int, raw: str, moves: list[Move]) -> AeroplaneState:
    line = raw.strip()
    m = _TURN.match(line)
    if m is None:
        raise NotationError("a turn line is 'number. colour: rolls and moves'", raw, 0, number)
    if state.is_over:
        raise NotationError("the game is already over", raw, 0, number)
    turn, colour = int(m.group(1)), COLOURS.index(m.group(2).upper())
    if turn != state.turn or colour != state.to_move:
        expected = f"{state.turn}. {COLOURS[state.to_move]}"
        raise NotationError(f"this is turn {expected}", raw, 0, number)
    offset = raw.index(line) + m.start(3)
    tokens = list(re.finditer(r"\S+", m.group(3)))
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
        moves.append(move)
    return state
