"""Game records: a PGN-like text with headers [SO27] and one line per round [SO28].

::

    [Game "square-off"]
    [Event "Club night"]
    [Result "W wins (two_pieces)"]

    1. a7 b6
    2. d7 d6
    3. g7 xd6 f6

A line is a round, W's turn then B's (B's then W's after ``[First "B"]``): the round's
number and ``.``, then every ply in move notation [SO10], a removal its own ply right
after the move that earned it [SO4] (a trade's two removals, the trader's then the
opponent's [SO8]). A record from a set-up position whose first round is under way starts
``12...``. Headers: ``Game``, ``Event``, ``Date``, ``Rules`` (only when not
``square-off``), ``Result`` (``*`` while the game goes on, else [SO29]), ``Position`` (a
position text, for any start ``new_game`` does not make) or ``First`` (``B``, when B
starts), then any others (``Round``...). Header grammar, escapes, limits and several games
per text are the kit's (``astroplane.kit.records``); reading replays every ply and an
error names the line, the column, the move and the rule that forbids it.

Examples:
    >>> from astroplane.games.square_off import new_game, parse_move
    >>> s = new_game()
    >>> moves = []
    >>> for text in "a7 b6 d7 d6 g7 xd6".split():
    ...     moves.append(parse_move(s, text))
    ...     s = s.play(moves[-1])
    >>> rec = GameRecord.from_game(new_game(), moves, date="2025-01-31")
    >>> print(rec.to_text(), end="")
    [Game "square-off"]
    [Date "2025-01-31"]
    [Result "*"]
    <BLANKLINE>
    1. a7 b6
    2. d7 d6
    3. g7 xd6
    >>> GameRecord.from_text(rec.to_text()) == rec
    True
    >>> rec
    GameRecord(square-off, standard start, 6 plies, Result '*', Date='2025-01-31')
    >>> GameRecord.from_text("1. a7 b6\\n2. d7 d6\\n3. g7 xa1\\n")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: round 3, W's move 'xa1': illegal move: a1 holds no \
piece of B to remove [SO4] (line 3, column 7: '3. g7 xa1')
"""

from __future__ import annotations

from astroplane.games.square_off.moves import Move
from astroplane.games.square_off.notation import format_move, parse_move
from astroplane.games.square_off.options import SQUARE_OFF, Rules
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.position import position_from_text, position_to_text
from astroplane.games.square_off.rulestext import rules_from_text, rules_to_text
from astroplane.games.square_off.setup import new_game
from astroplane.games.square_off.state import SquareOffState
from astroplane.kit.anyrecord import RECORD_TEXTS, notation_format, record_texts
from astroplane.kit.gamerecord import (
    Headers,
    Record,
    first_seat,
)

__all__ = ["GameRecord", "result_text", *RECORD_TEXTS]


def result_text(state: SquareOffState) -> str:
    """The ``Result`` header [SO29]: ``*`` while the game goes on, else the winner and
    the ending as the position text names it: ``W wins (two_pieces)``, ``draw
    (max_turns)``.

    Examples:
        >>> result_text(new_game())
        '*'
    """
    out = state.outcome
    if out is None:
        return "*"
    who = "draw" if out.winner is None else f"{SEATS[out.winner]} wins"
    return f"{who} ({out.ending.value})"


def _standard(state: SquareOffState) -> bool:
    return state.outcome is None and state == new_game(state.rules, state.to_move)


def _new_start(rules: Rules, headers: Headers) -> SquareOffState:
    return new_game(rules, first_seat(headers, SEATS, "W"))


def _round_of(state: SquareOffState) -> tuple[int, bool]:
    return state.turns // 2 + 1, state.turns % 2 == 0 and not state.removals


class GameRecord(Record[SquareOffState, Move]):
    """A Square Off game: its headers, its start and every ply in order (the kit's
    ``Record``: ``from_game``, ``from_text``, ``to_text``, ``replay``, ``final_state``,
    ``header``)."""

    __slots__ = ()
    FORMAT = notation_format(
        "square-off",
        SquareOffState,
        SEATS,
        (format_move, parse_move),
        (position_to_text, position_from_text),
        (rules_to_text, rules_from_text),
        rules_to_text(SQUARE_OFF),
        result=result_text,
        round_of=_round_of,
        standard=_standard,
        new_start=_new_start,
    )


iter_records, read_records, write_records = record_texts(GameRecord)
record_to_text, record_from_text = GameRecord.text_of_game, GameRecord.game_of_text
