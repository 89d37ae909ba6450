"""Records of any game, read and written without knowing the game in advance:
``read_record(text)`` finds the game from the record's ``Game`` header, and
``write_record(start, moves)`` from the start state.

A record is the PGN-like text every game writes (``Game.record_to_text``: the game's own
record class, or the kit's record made from its ``Game``, ``astroplane.kit.anyrecord``).
Every game's record names its game in a ``[Game "square-off"]`` header but ASTROPLANE's,
which are older than the other games: a record without one is read as ASTROPLANE's (and
ASTROPLANE's reader refuses a record that another game's headers mark as that game's).
Games installed as plug-ins (entry point group ``astroplane.games``) are found too.

Examples:
    >>> import astroplane
    >>> from astroplane.protocol import get_game
    >>> game = get_game("square-off")
    >>> start = game.new_game(2)
    >>> moves = [game.parse_move(start, "d2")]
    >>> text = astroplane.write_record(start, moves, {"Event": "demo"})
    >>> print(text, end="")
    [Game "square-off"]
    [Event "demo"]
    [Result "*"]
    <BLANKLINE>
    1. d2
    >>> record = astroplane.read_record(text)
    >>> record.game.name, record.moves == tuple(moves), record.headers["Event"]
    ('square-off', True, 'demo')
    >>> astroplane.read_record('[Game "chess"]\\n\\n1. e4')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    astroplane.errors.UnknownGameError: the Game header: unknown game 'chess' (known: ...) \
(line 1: 'chess')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from astroplane.errors import NotationError, UnknownGameError
from astroplane.gamebase import Game
from astroplane.kit.limits import shown
from astroplane.kit.records import split_games, token_header
from astroplane.protocol import get_game

__all__ = ["RecordedGame", "UnknownGameError", "game_of_record", "read_record", "write_record"]

#: The game of a record without a ``Game`` header (ASTROPLANE's records have none).
DEFAULT_GAME = "astroplane"


def _read_only(headers: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(headers))


@attrs.frozen
class RecordedGame:
    """One game read from a record: its game, where it started, its moves and headers.

    Attributes:
        game: The ``Game`` (``astroplane.protocol``) the record is of.
        start: The state the record starts from (a new game, or its ``Position``).
        moves: The moves played from ``start``, in order, each legal where it was played
            (chance outcomes, such as die rolls, are moves too).
        headers: Every header of the record by name (``"Game"``, ``"Event"``, ``"Result"``
            ...), as written (read-only).
    """

    game: Game[Any, Any]
    start: Any
    moves: tuple[Any, ...]
    headers: Mapping[str, str] = attrs.field(converter=_read_only)

    def states(self) -> Iterator[Any]:
        """``start``, then the state after each move: ``len(moves) + 1`` states, made one
        at a time (the last is where the record ends)."""
        state = self.start
        yield state
        for move in self.moves:
            state = state.play(move)
            yield state

    @property
    def final(self) -> Any:
        """The state after the last move (replays the moves: linear in their number)."""
        return deque(self.states(), maxlen=1)[0]


def game_of_record(text: str) -> tuple[Game[Any, Any], dict[str, str]]:
    """The game of a record of one game, from its ``Game`` header (ASTROPLANE when it has
    none), and its headers by name; nothing else of the record is read.

    Raises:
        NotationError: If ``text`` is not a string, too long, holds no game or several,
            or a header line is malformed (``line`` says which).
        UnknownGameError: If the ``Game`` header names no registered or installed game,
            or an installed game that fails to load (a ``NotationError`` too).
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is text (str), not {type(text).__name__} {shown(text)}")
    raw = next(split_games(text, many=False))
    headers = raw.header_map()
    name, line = token_header(headers, "Game", DEFAULT_GAME)
    try:
        game = get_game(name)
    except ValueError as exc:
        raise UnknownGameError(name, f"the Game header: {exc}", name, None, line) from exc
    return game, {key: value for key, (value, _line) in headers.items()}


def read_record(text: str) -> RecordedGame:
    """The game a record holds, replayed and checked: its game (from the ``Game``
    header), start, moves and headers.

    Args:
        text: A record of one game, at most ``MAX_RECORD_TEXT`` (1 MiB) characters.

    Raises:
        UnknownGameError: If the record names a game that is not registered or installed.
        NotationError: If the text is not a record of one game of its game, or a move is
            illegal (the message says which, and on which line); every error here is a
            ``ValueError``.
    """
    game, headers = game_of_record(text)
    start, moves = game.record_from_text(text)
    return RecordedGame(game, start, tuple(moves), headers)


def write_record(start: Any, moves: Sequence[Any], headers: Mapping[str, str] | None = None) -> str:
    """The record text of ``moves`` played from ``start``, a state of any registered game
    (found by the state's ``game_name``); ``read_record`` reads it back.

    Args:
        start: The state the game starts from.
        moves: The moves played from it, each legal where it is played.
        headers: More headers (``{"Event": "club night", "Date": "2026.05.01"}``); the
            game writes ``Game``, ``Result`` and what its start needs itself.

    Raises:
        ValueError: If ``start`` is no state of a registered game, a move is illegal, or
            a header cannot be written (the game's ``record_to_text`` says why).
    """
    name = getattr(type(start), "game_name", None)
    if not isinstance(name, str):
        raise ValueError(f"write_record takes a state of a game, not {type(start).__name__}")
    game = get_game(name)
    return game.record_to_text(start, list(moves), dict(headers or {}))
