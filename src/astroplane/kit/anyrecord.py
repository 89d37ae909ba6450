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

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from astroplane.errors import NotationError
from astroplane.kit.gamerecord import Headers, Record, RecordFormat, first_seat
from astroplane.kit.records import token_header

__all__ = ["RecordGame", "record_class", "record_format", "record_functions"]

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

    return RecordFormat(
        game=game.name,
        state_type=type(start),
        format_move=game.format_move,
        parse_move=game.parse_move,
        position_to_text=game.position_to_text or _no_position(game, "written"),
        position_from_text=game.position_from_text or _no_position(game, "read"),
        rules_text=lambda state: _rules_text(game, state, default_rules),
        rules_from_text=game.rules_from_text,
        default_rules=default_rules,
        result=lambda state: _result(names, state),
        round_of=round_of,
        who=lambda state: names[int(state.to_move)],
        seat_headers=seat_headers,
        first=lambda state: names[int(state.to_move)],
        first_default=names[int(start.to_move)],
        standard=standard,
        new_start=new_start,
        marks={"Seats": "astroplane", "Colours": "aeroplane-chess"},
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
