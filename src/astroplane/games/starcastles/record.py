"""Game records: a PGN-like text with headers [SC24] and one line per round [SC25].

::

    [Game "starcastles"]
    [Players "3"]
    [Result "*"]

    1. Sb1-c4 *e3 Sf6-f5 Sf1-e1
    2. Sc4-d4

A line is a round [SC3]: the round's number and ``.``, then each player's turn in turn
order from the first player, in move notation [SC18]: a Phase Gem played (``*e3``, a ply
of its own) right before the move of the same turn, and the move or ``pass``. A player's
own gem leaving the board as their turn starts is no ply and is not written [SC7]. A
record from a set-up position whose first round is under way starts ``7...``. Headers:
``Game``, ``Event``, ``Date``, ``Players`` (2 to 6, always), ``Rules`` (only when not
``starcastles``), ``Result`` (``*`` while the game goes on, else [SC26]), ``Position``
(a position text, for any start ``new_game`` with the default arms does not make) or
``First`` (the first player's seat letter, when not ``B``), then any others
(``Round``...). Header grammar, escapes, limits and several games per text are the
kit's (``astroplane.kit.records``); reading replays every ply and an error names the line,
the column, the move and the rule that forbids it.

Examples:
    >>> from astroplane.games.starcastles import new_game, parse_move
    >>> s = new_game(3)
    >>> moves = []
    >>> for text in "Sb1-c4 *e3 Sf6-f5 Sf1-e1 Sc4-d4".split():
    ...     moves.append(parse_move(s, text))
    ...     s = s.play(moves[-1])
    >>> rec = GameRecord.from_game(new_game(3), moves, event="Club night")
    >>> print(rec.to_text(), end="")
    [Game "starcastles"]
    [Event "Club night"]
    [Players "3"]
    [Result "*"]
    <BLANKLINE>
    1. Sb1-c4 *e3 Sf6-f5 Sf1-e1
    2. Sc4-d4
    >>> GameRecord.from_text(rec.to_text()) == rec
    True
    >>> GameRecord.from_text('[Players "3"]\\n1. Sb1-c4 *e3 Sf6-e4\\n')
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: round 1, O's move 'Sf6-e4': illegal move: [SC4] e4 is \
not linked to f6 (line 2, column 15: '1. Sb1-c4 *e3 Sf6-e4')
"""

from __future__ import annotations

from astroplane.errors import NotationError
from astroplane.games.starcastles.moves import Move
from astroplane.games.starcastles.names import SEAT_NAMES
from astroplane.games.starcastles.notation import format_move, parse_move
from astroplane.games.starcastles.options import STARCASTLES, VARIANTS, Rules
from astroplane.games.starcastles.position import position_from_text, position_to_text
from astroplane.games.starcastles.setup import new_game
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit.anyrecord import RECORD_TEXTS, notation_format, record_texts
from astroplane.kit.gamerecord import (
    Headers,
    Record,
    first_seat,
)
from astroplane.kit.records import token_header

__all__ = ["GameRecord", "result_text", *RECORD_TEXTS]

_PLAYERS = ("2", "3", "4", "5", "6")


def result_text(state: StarCastlesState) -> str:
    """The ``Result`` header [SC26]: ``*`` while the game goes on, ``B wins`` (the
    winner's seat letter), or ``draw (max_rounds)``.

    Examples:
        >>> result_text(new_game(2))
        '*'
    """
    if state.winner is not None:
        return f"{SEAT_NAMES[state.winner]} wins"
    return "draw (max_rounds)" if state.is_over else "*"


def _standard(state: StarCastlesState) -> bool:
    return not state.is_over and state == new_game(
        state.player_count, rules=state.rules, first=state.first
    )


def _new_start(rules: Rules, headers: Headers) -> StarCastlesState:
    players, line = token_header(headers, "Players", "2")
    if players not in _PLAYERS:
        raise NotationError(
            "the Players header is the number of players, 2 to 6 [SC2]", players, 0, line
        )
    n = int(players)
    return new_game(n, rules=rules, first=first_seat(headers, SEAT_NAMES[:n], "B"))


def _round_of(state: StarCastlesState) -> tuple[int, bool]:
    return state.round, state.to_move == state.first and state.gems[state.to_move] < 0


class GameRecord(Record[StarCastlesState, Move]):
    """A StarCastles game as the kit's ``Record`` keeps it: headers, start, plies."""

    __slots__ = ()
    FORMAT = notation_format(
        "starcastles",
        StarCastlesState,
        SEAT_NAMES,
        (format_move, parse_move),
        (position_to_text, position_from_text),
        (VARIANTS.to_text, VARIANTS.from_text),
        VARIANTS.to_text(STARCASTLES),
        result=result_text,
        round_of=_round_of,
        seat_headers=lambda state: (("Players", str(state.player_count)),),
        first=lambda state: SEAT_NAMES[state.first],
        standard=_standard,
        new_start=_new_start,
    )


iter_records, read_records, write_records = record_texts(GameRecord)
record_to_text, record_from_text = GameRecord.text_of_game, GameRecord.game_of_text
