"""Game records: a PGN-like text with a header and one line per turn.

::

    [Event "Club night"]
    [Date "2025-01-31"]
    [Seats "SN"]
    [Rules "standard"]
    [Result "N wins 0-0-2-0 (turn_limit), turn 40"]

    1. S: Sl-e2ne e2ne-f3nw
    2. N: Nl-f9ne f9ne-g8sw

Header lines are ``[Name "value"]`` (``\\"`` and ``\\\\`` escape a quote and a
backslash). ``Seats``, ``Rules`` and ``First`` (the first player, when not the first
seat) describe a standard start (``astroplane.new_game``); any other
start is given by a ``Position`` header holding a position text.
``Result`` is ``*`` while the game goes on. Each turn line is the turn
number, the seat and the moves of that turn in move notation; blank lines
and lines starting with ``#`` are ignored. Reading replays every move.

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
from collections.abc import Iterable, Mapping

import attrs

from astroplane.errors import IllegalMoveError, NotationError, UnknownVariantError
from astroplane.formats.notation import format_move, parse_move
from astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
    rules_to_text,
)
from astroplane.moves import Move
from astroplane.pieces import SEAT_NAMES
from astroplane.setup import new_game
from astroplane.state import GameState

__all__ = ["GameRecord"]

_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_TURN = re.compile(r"^(\d{1,9})\s*\.\s*([SWNEswne])\s*:(.*)$")
_JOIN = ("fire", "sq", "x")


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


_STANDARD_SEATS = {"SN": 2, "SWN": 3, "SWNE": 4}


def _standard_start(state: GameState) -> bool:
    seats = "".join(SEAT_NAMES[s] for s in state.seats)
    if seats not in _STANDARD_SEATS or state.outcome is not None:
        return False
    return new_game(len(seats), first=state.to_move, rules=state.rules) == state


def _result_text(state: GameState) -> str:
    out = state.outcome
    return "*" if out is None else repr(out).removeprefix("Outcome(").removesuffix(")")


@attrs.frozen
class GameRecord:
    """A game: header, start position and the moves, grouped by turn.

    Attributes:
        headers: ``(name, value)`` pairs in order (``Event``, ``Date``, ``Seats``,
            ``Rules``, ``Result``, ``Position``, and any others).
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
            headers: More ``name: value`` headers (names: letters, digits, ``_``).

        Raises:
            IllegalMoveError: If a move is illegal when it is played.
            ValueError: If a header name is not a word, or the rules have custom hooks.
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
        if event is not None:
            items.append(("Event", event))
        if date is not None:
            items.append(("Date", date.isoformat() if isinstance(date, datetime.date) else date))
        items.append(("Seats", "".join(SEAT_NAMES[s] for s in initial_state.seats)))
        items.append(("Rules", rules_to_text(initial_state.rules)))
        items.append(("Result", _result_text(state)))
        if not _standard_start(initial_state):
            items.append(("Position", position_to_text(initial_state)))
        elif initial_state.to_move != initial_state.seats[0]:
            items.append(("First", SEAT_NAMES[initial_state.to_move]))
        for name, value in (headers or {}).items():
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
                raise ValueError(f"a header name is a word, not {name!r}")
            items.append((name, value))
        return cls(tuple(items), initial_state, tuple(tuple(t) for t in turns))

    # ---- queries ----------------------------------------------------------
    def header(self, name: str, default: str | None = None) -> str | None:
        """The value of the first header called ``name`` (case-sensitive), or ``default``."""
        for key, value in self.headers:
            if key == name:
                return value
        return default

    @property
    def moves(self) -> tuple[Move, ...]:
        """All moves in order."""
        return tuple(m for turn in self.turns for m in turn)

    def replay(self) -> tuple[GameState, ...]:
        """Every state of the game: the start, then the state after each move.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
        """
        states = [self.initial]
        for move in self.moves:
            states.append(states[-1].play(move))
        return tuple(states)

    def final_state(self) -> GameState:
        """The state after the last move."""
        return self.replay()[-1]

    # ---- text ---------------------------------------------------------------
    def to_text(self) -> str:
        """The record as text (see the module docstring); ends with a newline.

        Raises:
            IllegalMoveError: If a move is illegal (only for a record built by hand).
        """
        lines = [f"[{name} {_quote(value)}]" for name, value in self.headers]
        lines.append("")
        state = self.initial
        for turn in self.turns:
            head = f"{state.turn}. {SEAT_NAMES[state.to_move]}:"
            texts = []
            for move in turn:
                texts.append(format_move(state, move))
                state = state.play(move)
            lines.append(" ".join([head, *texts]))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record and replay it, validating every move.

        Raises:
            NotationError: If a line cannot be read, a move is illegal or its
                turn number or seat is wrong, or the ``Result`` header does not
                match the game; ``line`` names the line (1-based).

        Examples:
            >>> GameRecord.from_text('[Seats "SN"]\\n1. S: Sl-e2sw\\n')
            Traceback (most recent call last):
            ...
            astroplane.errors.NotationError: illegal move: [D8] ... (line 2, column 7: ...)
        """
        if not isinstance(text, str):
            raise NotationError(f"a record must be a string, not {type(text).__name__}")
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
                headers.append((m.group(1), _unquote(m.group(2))))
                where.setdefault(m.group(1), number)
                continue
            body.append((number, raw))
        initial = _initial(dict(reversed(headers)), where)
        state = initial
        turns: list[tuple[Move, ...]] = []
        for number, raw in body:
            state, moves = _read_turn(state, number, raw)
            turns.append(moves)
        result = dict(headers).get("Result")
        if result is not None and result.strip() != _result_text(state):
            raise NotationError(
                f"the Result header does not match the game: {_result_text(state)}",
                result,
                None,
                where["Result"],
            )
        return cls(tuple(headers), initial, tuple(turns))


def _initial(headers: dict[str, str], where: dict[str, int]) -> GameState:
    if "Position" in headers:
        return position_from_text(headers["Position"], line=where["Position"])
    rules_text = headers.get("Rules", "standard")
    try:
        rules = rules_from_text(rules_text.strip())
    except UnknownVariantError as exc:
        line = where.get("Rules")
        raise UnknownVariantError(exc.name, exc.problem, rules_text, exc.index, line) from None
    except NotationError as exc:
        raise NotationError(exc.problem, rules_text, exc.index, where.get("Rules")) from None
    seats = headers.get("Seats", "SN").strip().upper()
    if seats not in _STANDARD_SEATS:
        line = where.get("Seats")
        raise NotationError("the Seats of a standard start are SN, SWN or SWNE", seats, 0, line)
    first = headers.get("First", seats[0]).strip().upper()
    if len(first) != 1 or first not in seats:
        raise NotationError(f"First is a seat of {seats}", first, 0, where.get("First"))
    return new_game(_STANDARD_SEATS[seats], first=first, rules=rules)


def _read_turn(state: GameState, number: int, raw: str) -> tuple[GameState, tuple[Move, ...]]:
    raw = raw.strip()
    m = _TURN.match(raw)
    if m is None:
        raise NotationError("a turn line is 'number. seat: moves'", raw, 0, number)
    turn, seat = int(m.group(1)), SEAT_NAMES.index(m.group(2).upper())
    if state.outcome is not None:
        raise NotationError("the game is already over", raw, 0, number)
    if turn != state.turn or seat != state.to_move:
        raise NotationError(
            f"this is turn {state.turn}, {SEAT_NAMES[state.to_move]} to move", raw, 0, number
        )
    tokens = _tokens(m.group(3))
    if not tokens:
        raise NotationError("a turn line has at least one move", raw, len(raw) - 1, number)
    offset = m.start(3)
    moves = []
    for i, (at, token) in enumerate(tokens):
        if i and (state.turn != turn or state.outcome is not None):
            raise NotationError("the turn is over before this move", raw, offset + at, number)
        try:
            move = parse_move(state, token, line=number)
        except NotationError as exc:
            index = None if exc.index is None else offset + at + exc.index
            raise NotationError(exc.problem, raw, index, number) from None
        moves.append(move)
        try:
            state = state.play(move)
        except IllegalMoveError as exc:  # pragma: no cover - parse_move returns legal moves
            raise NotationError(str(exc), raw, offset + at, number) from None
    return state, tuple(moves)


def _tokens(text: str) -> list[tuple[int, str]]:
    """The move texts of a turn line with their offsets; ``fire a1`` stays one move."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for m in re.finditer(r"\S+", text):
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
