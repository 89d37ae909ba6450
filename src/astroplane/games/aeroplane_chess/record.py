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

The record is the kit's (``astroplane.kit.gamerecord``) with turn lines (``TurnLines``) and
the ``Rules`` header always written; this module holds only what is Aeroplane Chess's: its
colours, its standard starts and its result. Several games follow each other in one text
(``read_records``, ``iter_records``, ``write_records``), within the kit's limits: header
values at most 4096 characters, one game at most ``MAX_RECORD_TEXT`` (1 MiB), turn lines
printable ASCII.

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

import re

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess.board import COLOURS
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.notation import format_move, parse_move
from astroplane.games.aeroplane_chess.options import Rules, rules_from_text, rules_to_text
from astroplane.games.aeroplane_chess.position import position_from_text, position_to_text
from astroplane.games.aeroplane_chess.render import describe_outcome
from astroplane.games.aeroplane_chess.setup import new_game
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.kit.anyrecord import notation_format, record_texts
from astroplane.kit.gamerecord import (
    Headers,
    Record,
    TurnLines,
)
from astroplane.kit.records import token_header

__all__ = ["GameRecord", "iter_records", "read_records", "write_records"]


def _result(state: AeroplaneState) -> str:
    text = describe_outcome(state)
    return re.sub(r" \([A-Za-z]+\)", "", text) if text else "*"


def _standard_start(state: AeroplaneState) -> bool:
    return not state.is_over and state == new_game(
        rules=state.rules, colours=state.seats, first=state.to_move
    )


def _new_start(rules: Rules, headers: Headers) -> AeroplaneState:
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


def _colours(state: AeroplaneState) -> str:
    return "".join(COLOURS[s] for s in state.seats)


class GameRecord(Record[AeroplaneState, Move]):
    """A game: its headers, its start and every roll and move in order (the kit's
    ``Record``: ``from_game``, ``from_text``, ``to_text``, ``replay``, ``final_state``,
    ``header``).

    Attributes:
        headers: ``(name, value)`` pairs in order.
        initial: The start position.
        moves: The rolls (chance outcomes) and moves, in order.

    Examples:
        >>> from astroplane.games.aeroplane_chess import Move, new_game
        >>> rec = GameRecord.from_game(new_game(2), [Move.roll(5), Move.PASS])
        >>> [s.to_text() for s in rec.replay()]
        ['standard RB R? t1 -', 'standard RB R5 t1 -', 'standard RB B? t2 -']
        >>> GameRecord.from_text('[Colours "RB"]\\n1. R: 3 R1-RT\\n')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: illegal move: ... (line 2, column 9: '1. R: 3 R1-RT')
    """

    __slots__ = ()
    FORMAT = notation_format(
        "aeroplane-chess",
        AeroplaneState,
        COLOURS,
        (format_move, parse_move),
        (position_to_text, position_from_text),
        (rules_to_text, rules_from_text),
        "standard",
        result=_result,
        seat_headers=lambda state: (("Colours", _colours(state)),),
        standard=_standard_start,
        new_start=_new_start,
        lines=TurnLines("".join(COLOURS), noun="roll or move"),
        rules_always=True,
    )


iter_records, read_records, write_records = record_texts(GameRecord)
