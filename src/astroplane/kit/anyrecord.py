"""Game records for any registered game, from its ``Game`` alone: what a game gets when it
brings no record format of its own (as OpenSpiel serializes any game by its actions).

A ``Game``'s ``record_to_text`` / ``record_from_text`` use the game's own record class
(``Game.record_type``) when it has one, else the kit's record (``astroplane.kit.gamerecord``)
built here from the protocol: the game's move notation, position text and rules text, its
seat names and player counts. The record reads like the others::

    [Game "tic-tac-toe"]
    [Result "X wins"]

    1. b2 a1
    2. a2 c1
    3. c2

Its choices, the same for every game: a line per **round** (a turn of every player, taking
``state.turn`` as the turn and each turn as one ply of each player in order; a game whose
turns have several plies writes them on its turn's line), a ``Players`` header when the game
has several player counts, ``First`` (the first player's seat name) when it is not the
usual one, ``Rules`` when not the game's default rules (states with a ``rules`` attribute),
``Position`` for any other start, and a ``Result`` of ``*``, ``draw`` or the winners'
seat names and ``wins`` (the seats with the highest return). A game without a position
text gets records that start from a new game: the rules, the players and the first seat
say all there is, and a record of any other start cannot be written (a ``NotationError``
says why), as OpenSpiel serializes a game by its rules and actions.

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")  # examples/games/tictactoe.py, without records
    >>> game.record_type is None
    True
    >>> to_text, from_text = record_functions(game)
    >>> s = game.new_game(2)
    >>> moves = []
    >>> for cell in (4, 0, 3, 2, 5):
    ...     moves.append(cell)
    ...     s = s.play(cell)
    >>> text = to_text(game.new_game(2), moves, {"Event": "demo"})
    >>> print(text, end="")
    [Game "tic-tac-toe"]
    [Event "demo"]
    [Result "X wins"]
    <BLANKLINE>
    1. b2 a1
    2. a2 c1
    3. c2
    >>> from_text(text)[1] == tuple(moves)
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, TextIO, TypeVar

from astroplane.errors import NotationError
from astroplane.kit.gamerecord import (
    Headers,
    Record,
    RecordFormat,
    TurnLines,
    first_seat,
    iter_games,
    read_games,
    write_games,
)
from astroplane.kit.recordlines import PlayableState
from astroplane.kit.records import token_header

#: What a game's record module exports besides its ``GameRecord``: the functions
#: ``record_texts`` makes and the record hooks of ``Game``.
RECORD_TEXTS = (
    "iter_records",
    "read_records",
    "record_from_text",
    "record_to_text",
    "write_records",
)

__all__ = [
    "RECORD_TEXTS",
    "RecordGame",
    "notation_format",
    "record_class",
    "record_format",
    "record_functions",
    "record_texts",
]

R = TypeVar("R", bound=Record[Any, Any])
S = TypeVar("S", bound=PlayableState)
M = TypeVar("M")

#: The headers only one game's records carry, by that game (``RecordFormat.marks``).
MARKS = MappingProxyType({"Seats": "astroplane", "Colours": "aeroplane-chess"})

ToText = Callable[[Any, Sequence[Any], Mapping[str, str]], str]
FromText = Callable[[str], tuple[Any, tuple[Any, ...]]]


class RecordGame(Protocol):
    """What the kit's record needs of a game (an ``astroplane.protocol.Game`` has it)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def player_counts(self) -> tuple[int, ...]: ...
    @property
    def seat_names(self) -> tuple[str, ...]: ...
    @property
    def position_to_text(self) -> Callable[[Any], str] | None: ...
    @property
    def position_from_text(self) -> Callable[..., Any] | None: ...
    def new_game(self, players: int, *, rules: Any = None, first: Any = None) -> Any: ...
    def format_move(self, state: Any, move: Any) -> str: ...
    def parse_move(self, state: Any, text: str) -> Any: ...
    def rules_to_text(self, rules: Any) -> str: ...
    def rules_from_text(self, text: str) -> Any: ...
    def record_to_text(self, state: Any, moves: Sequence[Any], headers: Mapping[str, str]) -> str:
        """The game's record text (what ``record_functions`` gives first)."""
        ...

    def record_from_text(self, text: str) -> tuple[Any, tuple[Any, ...]]:
        """The game's record reader."""
        ...


#: Record classes built so far, by game name (with the game they were built for).
_CLASSES: dict[str, tuple[RecordGame, type[Record[Any, Any]]]] = {}


def record_functions(game: RecordGame) -> tuple[ToText, FromText]:
    """``(record_to_text, record_from_text)`` of ``game``: its own record's, or the kit's
    record built from its ``Game`` (what ``Game``'s defaults use).

    Raises:
        ValueError: From ``record_format``, if the game cannot start a game.
    """
    return game.record_to_text, game.record_from_text


def record_class(game: RecordGame) -> type[Record[Any, Any]]:
    """A ``Record`` subclass for ``game`` whose ``FORMAT`` is ``record_format(game)``
    (built once per game)."""
    known = _CLASSES.get(game.name)
    if known is not None and known[0] is game:
        return known[1]
    title = "".join(ch for ch in game.title.title() if ch.isalnum()) or "Game"
    cls = type(f"{title}Record", (Record,), {"__slots__": (), "FORMAT": record_format(game)})
    _CLASSES[game.name] = (game, cls)
    return cls


def notation_format(
    game: str,
    state_type: type[S],
    seats: Sequence[str],
    notation: tuple[Callable[[S, M], str], Callable[[S, str], M]],
    position: tuple[Callable[[S], str], Callable[[str], S]],
    rules: tuple[Callable[[Any], str], Callable[[str], Any]],
    default_rules: str,
    **choices: Any,
) -> RecordFormat[S, M]:
    """A game's ``RecordFormat`` from its notation, position text and rules text (each a
    ``(write, read)`` pair) and its seat names, with the kit's usual choices where
    ``choices`` (``RecordFormat``'s other fields) does not say otherwise: a state's rules
    written with ``rules[0]``, the seat to act and the first seat by name (the first seat
    name by default), no seat headers, the other games' marks; with ``TurnLines``, a line
    per turn (``state.turn``) and the first seat in play as the usual first.

    Examples:
        >>> from astroplane.games.square_off import GameRecord
        >>> GameRecord.FORMAT.who(GameRecord.FORMAT.new_start(GameRecord.FORMAT.rules_from_text(
        ...     "square-off"), {}))
        'W'
    """
    usual: dict[str, Any] = {
        "rules_text": lambda state: rules[0](state.rules),
        "who": lambda state: seats[int(state.to_move)],
        "first": lambda state: seats[int(state.to_move)],
        "first_default": seats[0],
        "seat_headers": lambda state: (),
        "marks": {k: v for k, v in MARKS.items() if v != game},
    }
    if isinstance(choices.get("lines"), TurnLines):
        usual["round_of"] = lambda state: (state.turn, True)
        usual["first_default"] = lambda state: seats[state.seats[0]]
    return RecordFormat(
        game=game,
        state_type=state_type,
        format_move=notation[0],
        parse_move=notation[1],
        position_to_text=position[0],
        position_from_text=position[1],
        rules_from_text=rules[1],
        default_rules=default_rules,
        **{**usual, **choices},
    )


def record_format(game: RecordGame) -> RecordFormat[Any, Any]:
    """The kit's record format for ``game``, from its ``Game`` (see the module docstring).

    Raises:
        ValueError: If ``game.new_game`` cannot start a game of its smallest player count.
    """
    names = tuple(game.seat_names)
    counts = tuple(game.player_counts)
    start = game.new_game(counts[0])
    default_rules = str(game.rules_to_text(getattr(start, "rules", None)))

    def seat_headers(state: Any) -> tuple[tuple[str, str], ...]:
        return (("Players", str(len(state.seats))),) if len(counts) > 1 else ()

    def standard(state: Any) -> bool:
        if state.is_over:
            return False
        try:
            again = game.new_game(len(state.seats), rules=getattr(state, "rules", None),
                                  first=int(state.to_move))  # fmt: skip
        except (ValueError, TypeError):
            return False
        return bool(again == state)

    def new_start(rules: Any, headers: Headers) -> Any:
        players = counts[0]
        if len(counts) > 1:
            text, line = token_header(headers, "Players", str(counts[0]))
            if not (text.isdigit() and int(text) in counts):
                raise NotationError(
                    f"the Players header is a number of players of {game.title}"
                    f" ({', '.join(map(str, counts))})",
                    text,
                    0,
                    line,
                )
            players = int(text)
        usual = names[int(game.new_game(players, rules=rules).to_move)]
        first = first_seat(headers, names, usual)
        return game.new_game(players, rules=rules, first=first)

    def round_of(state: Any) -> tuple[int, bool]:
        turn, players = int(state.turn), max(len(state.seats), 1)
        return (turn - 1) // players + 1, (turn - 1) % players == 0

    position = game.position_to_text, game.position_from_text
    return notation_format(
        game.name,
        type(start),
        names,
        (game.format_move, game.parse_move),
        (position[0] or _no_position(game, "written"), position[1] or _no_position(game, "read")),
        (game.rules_to_text, game.rules_from_text),
        default_rules,
        rules_text=lambda state: _rules_text(game, state, default_rules),
        result=lambda state: _result(names, state),
        round_of=round_of,
        seat_headers=seat_headers,
        first_default=names[int(start.to_move)],
        standard=standard,
        new_start=new_start,
    )


def _no_position(game: RecordGame, done: str) -> Callable[..., Any]:
    """For a game without position text: a record of a start no new game makes cannot be
    written, nor a ``Position`` header read."""

    def refuse(value: Any) -> Any:
        raise NotationError(
            f"{game.title} has no position text: its records start from a new game (the "
            f"rules, the players and the first seat), so a Position header cannot be {done}",
            value if isinstance(value, str) else "",
        )

    return refuse


def _rules_text(game: RecordGame, state: Any, default: str) -> str:
    rules = getattr(state, "rules", None)
    return default if rules is None else str(game.rules_to_text(rules))


def _result(names: tuple[str, ...], state: Any) -> str:
    """``*``, ``draw`` (every seat the same return) or ``X wins`` (the best returns)."""
    if not state.is_over:
        return "*"
    returns = state.returns()
    values = [returns[s] for s in state.seats]
    best = max(values)
    if all(v == best for v in values):
        return "draw"
    return " ".join(names[s] for s in state.seats if returns[s] == best) + " wins"


def record_texts(
    cls: type[R],
) -> tuple[
    Callable[[str | TextIO], Iterator[R]],
    Callable[[str], tuple[R, ...]],
    Callable[[Iterable[R]], str],
]:
    """``(iter_records, read_records, write_records)`` for the records of ``cls`` (a game's
    ``GameRecord``), so that a game writes none of them itself.

    Examples:
        >>> from astroplane.games.square_off import GameRecord, new_game
        >>> iter_records, read_records, write_records = record_texts(GameRecord)
        >>> a = GameRecord.from_game(new_game(), [], event="one")
        >>> [r.header("Event") for r in read_records(write_records([a, a]))]
        ['one', 'one']
    """

    def iter_records(source: str | TextIO) -> Iterator[R]:
        return iter_games(cls, source)

    def read_records(text: str) -> tuple[R, ...]:
        return read_games(cls, text)

    def write_records(records: Iterable[R]) -> str:
        return write_games(records)

    name = cls.__name__
    iter_records.__doc__ = f"""The games of a text or a text file, one at a time (like a PGN
    file), as ``{name}``s.

    Args:
        source: A text, or a file opened in text mode (read in chunks of 64 KiB, so an
            endless file costs at most ``MAX_RECORDS_TEXT`` characters): at most
            ``MAX_RECORDS_TEXT`` (64 MiB) characters, each game at most ``MAX_RECORD_TEXT``.

    Yields:
        Each game's record, replayed and validated as ``{name}.from_text`` does.

    Raises:
        NotationError: If the source is too long, holds no game or too many, or a game
            cannot be read (``{name}.from_text``); ``line`` counts from the source's start.
    """
    read_records.__doc__ = f"""Every game of a text of one or more records, as ``{name}``s.

    Raises:
        NotationError: If the text is not a string, too long or empty, or a game cannot be
            read (``{name}.from_text``).
    """
    write_records.__doc__ = """The text of several games, a blank line between them;
    ``read_records`` reads it.

    Raises:
        ValueError: If a record cannot be written, there is none, or the text would be
            longer than ``MAX_RECORDS_TEXT``.
    """
    for function in (iter_records, read_records, write_records):
        function.__module__ = cls.__module__
        function.__qualname__ = function.__name__
    return iter_records, read_records, write_records
