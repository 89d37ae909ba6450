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

The record is the kit's (``astroplane.kit.gamerecord``) with turn lines
(``TurnLines``), no ``Game`` header and the ``Rules`` header always written; this module
holds only what is ASTROPLANE's: its seats, its standard starts and how a turn line splits
into moves. Limits (``astroplane.kit.limits``): a header value at most
``MAX_HEADER_VALUE`` (4096) characters, a name at most 64; one game's text at most
``MAX_RECORD_TEXT`` (1 MiB); a text of several games at most ``MAX_RECORDS_TEXT`` (64 MiB).
Turn lines are printable ASCII. Reading costs time linear in the text and memory for one
state at a time.

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

from astroplane.errors import NotationError
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
from astroplane.kit.anyrecord import notation_format, record_texts
from astroplane.kit.gamerecord import (
    Headers,
    Record,
    TurnLines,
)
from astroplane.kit.records import token_header

__all__ = ["GameRecord", "iter_records", "read_records", "write_records"]

_JOIN = ("fire", "sq", "x")
_STANDARD_SEATS = {"SN": 2, "SWN": 3, "SWNE": 4}
_WORD = re.compile(r"[^ \t]+")


def _seats(state: GameState) -> str:
    return "".join(SEAT_NAMES[s] for s in state.seats)


def _standard_start(state: GameState) -> bool:
    seats = _seats(state)
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


def _new_start(rules: Rules, headers: Headers) -> GameState:
    seats, seats_line = token_header(headers, "Seats", "SN")
    if seats not in _STANDARD_SEATS:
        raise NotationError(
            "the Seats of a standard start are SN, SWN or SWNE", seats, 0, seats_line
        )
    first, first_line = token_header(headers, "First", seats[0])
    if len(first) != 1 or first not in seats:
        raise NotationError(f"First is a seat of {seats}", first, 0, first_line)
    return new_game(_STANDARD_SEATS[seats], first=first, rules=rules)


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


class GameRecord(Record[GameState, Move]):
    """A game: header, start position and the moves, grouped by turn (the kit's
    ``Record``: ``from_game``, ``from_text``, ``to_text``, ``replay``, ``final_state``,
    ``header``).

    Attributes:
        headers: ``(name, value)`` pairs in order (``Event``, ``Date``, ``Seats``,
            ``Rules``, ``Result``, ``Position``, and any others), each name once.
        initial: The start position.
        moves: Every move, in order.
    """

    __slots__ = ()
    FORMAT = notation_format(
        "astroplane",
        GameState,
        SEAT_NAMES,
        (format_move, parse_move),
        (position_to_text, position_from_text),
        (rules_to_text, lambda text: rules_from_text(text.strip(" "))),
        "standard",
        result=_result_text,
        seat_headers=lambda state: (("Seats", _seats(state)),),
        standard=_standard_start,
        new_start=_new_start,
        marks={},
        tokens=_tokens,
        lines=TurnLines("".join(SEAT_NAMES)),
        game_header=False,
        rules_always=True,
    )

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
        return super().from_game(initial_state, moves, date=date, event=event, headers=headers)

    @property
    def turns(self) -> tuple[tuple[Move, ...], ...]:
        """The moves of each turn that has moves, in order (a removed player's empty turn
        [D16] has none)."""
        return self.line_moves()

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
        return super().from_text(text)


iter_records, read_records, write_records = record_texts(GameRecord)
