"""Records of any game, read and written without knowing the game in advance:
``read_record(text)`` finds the game from the record's ``Game`` header, and
``write_record(start, moves)`` from the start state.

A record is the PGN-like text every game writes (``Game.record_to_text``: the game's own
record class, or the kit's record made from its ``Game``, ``astroplane.kit.anyrecord``).
Every game's record names its game in a ``[Game "square-off"]`` header but ASTROPLANE's,
which are older than the other games: a record without one is read as ASTROPLANE's,
unless it has a header that only other games' records write and ASTROPLANE's do not
(Aeroplane Chess's ``Colours``, StarCastles' ``Players``: ``record_marks``). Such a
record is another game's that lost its ``Game`` header, and is refused with a
``NotationError`` that names the header to add. Games installed as plug-ins (entry point
group ``astroplane.games``) are found too, and their records' headers count the same.

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
    >>> astroplane.read_record('[Colours "RB"]\\n\\n1. R: 6 R1')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: the record has no [Game "..."] header, so it would be \
read as ASTROPLANE, but its Colours header is written only by records of Aeroplane Chess \
(not ASTROPLANE): add [Game "aeroplane-chess"] ... (line 1: 'RB')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from astroplane.errors import NotationError, UnknownGameError
from astroplane.gamebase import Game
from astroplane.kit.anyrecord import record_class
from astroplane.kit.limits import shown
from astroplane.kit.records import split_games, token_header
from astroplane.protocol import games, get_game

__all__ = [
    "RecordedGame",
    "UnknownGameError",
    "game_of_record",
    "read_record",
    "record_marks",
    "write_record",
]

#: The game of a record without a ``Game`` header (ASTROPLANE's records have none).
DEFAULT_GAME = "astroplane"


#: The header names each game's records write themselves, by game name (with the game
#: they were found for): its record format's own headers and its seat headers.
_WRITTEN: dict[str, tuple[Game[Any, Any], frozenset[str]]] = {}


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


def _written_headers(game: Game[Any, Any]) -> frozenset[str]:
    """The header names ``game``'s records write themselves (found once per game): its
    record format's (``RecordFormat.own_headers``) and the seat headers it writes for each
    player count (``seat_headers``: ``Seats``, ``Colours``, ``Players``); none for a game
    whose records cannot be built (it cannot start a game)."""
    known = _WRITTEN.get(game.name)
    if known is not None and known[0] is game:
        return known[1]
    try:
        fmt = (game.record_type or record_class(game)).FORMAT
        names = set(fmt.own_headers)
        for count in game.player_counts:
            names.update(name for name, _value in fmt.seat_headers(game.new_game(count)))
    except (ValueError, TypeError):  # a plug-in that cannot start a game has no records
        names = set()
    written = frozenset(names)
    _WRITTEN[game.name] = (game, written)
    return written


def record_marks() -> Mapping[str, tuple[str, ...]]:
    """The headers that only other games' records write, not ASTROPLANE's (whose records
    have no ``Game`` header), with the names of the games that write them, in the order
    of ``games()``: a record without a ``Game`` header that has one of them is refused.

    Found from each registered and installed game's record format (its own headers and its
    seat headers), so a plug-in's records count too.

    Examples:
        >>> record_marks()["Colours"]
        ('aeroplane-chess',)
    """
    own = _written_headers(get_game(DEFAULT_GAME))
    marks: dict[str, list[str]] = {}
    for name, game in games().items():
        if name != DEFAULT_GAME:
            for header in sorted(_written_headers(game) - own - {"Game"}):
                marks.setdefault(header, []).append(name)
    return MappingProxyType({header: tuple(names) for header, names in marks.items()})


def _refuse_marked(headers: Mapping[str, tuple[str, int]]) -> None:
    """Refuse a record without a ``Game`` header that has a header only other games'
    records write (``record_marks``): it is one of theirs that lost its ``Game`` header.

    Raises:
        NotationError: Naming the header, its games and the ``Game`` header to add;
            ``line`` is the header's.
    """
    own = _written_headers(get_game(DEFAULT_GAME))
    if set(headers) <= own:
        return
    marks = record_marks()
    for header, (value, line) in headers.items():
        names = marks.get(header)
        if names:
            raise NotationError(_marked_problem(header, names), value, None, line)


def _marked_problem(header: str, names: Iterable[str]) -> str:
    named = [(name, get_game(name).title) for name in names]
    titles = " and ".join(title for _name, title in named)
    add = " or ".join(f'[Game "{name}"]' for name, _title in named)
    own = get_game(DEFAULT_GAME).title
    return (
        f'the record has no [Game "..."] header, so it would be read as {own}, but its '
        f"{header} header is written only by records of {titles} (not {own}): add {add} "
        "to read it as that game's"
    )


def game_of_record(text: str) -> tuple[Game[Any, Any], dict[str, str]]:
    """The game of a record of one game, from its ``Game`` header, and its headers by
    name; nothing else of the record is read.

    A record without a ``Game`` header is ASTROPLANE's (its records have none), unless
    it has a header only other games' records write (``record_marks``: Aeroplane Chess's
    ``Colours``, StarCastles' ``Players``): it is then refused.

    Raises:
        NotationError: If ``text`` is not a string, too long, holds no game or several,
            a header line is malformed (``line`` says which), or the record has no
            ``Game`` header and a header of another game's records (the message names
            the ``[Game "..."]`` header to add and the game; ``line`` is the header's).
        UnknownGameError: If the ``Game`` header names no registered or installed game,
            or an installed game that fails to load (a ``NotationError`` too).
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is text (str), not {type(text).__name__} {shown(text)}")
    raw = next(split_games(text, many=False))
    headers = raw.header_map()
    name, line = token_header(headers, "Game", DEFAULT_GAME)
    if line is None:
        _refuse_marked(headers)
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
            a header cannot be written (the game's ``record_to_text`` says why; for
            ASTROPLANE, whose records have no ``Game`` header, also a header only other
            games' records write, which ``read_record`` would refuse).
    """
    name = getattr(type(start), "game_name", None)
    if not isinstance(name, str):
        raise ValueError(f"write_record takes a state of a game, not {type(start).__name__}")
    game = get_game(name)
    extra = dict(headers or {})
    if name == DEFAULT_GAME:
        try:
            _refuse_marked({key: (str(value), 0) for key, value in extra.items()})
        except NotationError as exc:
            raise ValueError(f"{exc.problem} (a header given to write_record)") from None
    return game.record_to_text(start, list(moves), extra)
