"""Reading what clients send: every request body and WebSocket message is decoded under
the kit's JSON limits (``astroplane.kit.jsonread``: size, UTF-8, no key twice) and every
field is checked with its path, so junk of any type gets a clear ``bad_request`` (or the
game's own error for a game, rules or move it does not know), never a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from astroplane.agents import BOTS
from astroplane.kit import jsonread as jr
from astroplane.kit.limits import MAX_MOVE_TEXT, MAX_RULES_TEXT, MAX_TURN, shown
from astroplane.protocol import Game, get_game
from astroplane.server.errors import ApiError

__all__ = [
    "CreateMatch",
    "MoveRequest",
    "read_body",
    "read_create",
    "read_draw",
    "read_join",
    "read_move",
]

#: The longest name a player may give.
MAX_NAME = 40

#: A seat's bot: its name and thinking time (None: the bot's default).
BotSpec = tuple[str, float | None]


@attrs.frozen
class CreateMatch:
    """A checked request to create a match.

    Attributes:
        game: The game.
        rules: The rules text ("": the game's standard rules).
        players: The number of players.
        first: The seat number that moves first.
        order: The seat numbers in turn order.
        seats: Per seat of ``order``: None (a person) or a bot.
        join: The seat the creator takes (None: none).
        name: The creator's name.
    """

    game: Game[Any, Any]
    rules: str
    players: int
    first: int
    order: tuple[int, ...]
    seats: tuple[BotSpec | None, ...]
    join: int | None
    name: str | None


@attrs.frozen
class MoveRequest:
    """A move: its notation or its action number, and the state version it was chosen on."""

    version: int
    move: str | None = None
    action: int | None = None


def read_body(body: bytes, limit: int) -> dict[str, Any]:
    """The JSON object of a request body (an empty body is ``{}``).

    Raises:
        ApiError: ``too_large`` over ``limit`` bytes; ``bad_request`` for anything that is
            not a JSON object.
    """
    if len(body) > limit:
        raise ApiError("too_large", f"the request is {len(body)} bytes; the limit is {limit}")
    if not body.strip():
        return {}
    try:
        data = jr.load_json(body, "the request body", limit)
        return jr.mapping(data, "body", "a JSON object")
    except ValueError as exc:
        raise ApiError("bad_request", str(exc)) from None


def _bad(exc: ValueError) -> ApiError:
    return ApiError("bad_request", str(exc))


def _name(data: Mapping[str, Any], path: str) -> str | None:
    value = data.get("name")
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        raise ApiError("bad_request", f"{path}.name: expected a name of 1..{MAX_NAME} characters")
    if not value.isprintable():
        raise ApiError("bad_request", f"{path}.name: a name is printable text on one line")
    return value.strip()


def _text(data: Mapping[str, Any], key: str, path: str, most: int) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > most:
        raise ApiError(
            "bad_request", f"{path}.{key}: expected a string of at most {most} characters"
        )
    return value


def _seat_of(game: Game[Any, Any], order: tuple[int, ...], name: object, path: str) -> int:
    names = [game.seat_names[s] for s in order]
    if not isinstance(name, str) or name not in names:
        raise ApiError(
            "bad_option", f"{path}: {shown(name)} is no seat of this match ({', '.join(names)})"
        )
    return order[names.index(name)]


def _bot(value: Any, path: str, max_think: float) -> BotSpec | None:
    """A seat's spec: ``"human"`` (or null) or ``{"bot": NAME, "think": SECONDS}``."""
    if value is None or value == "human":
        return None
    if isinstance(value, str):
        value = {"bot": value}
    try:
        spec = jr.object_with(value, path, ("bot", "think"))
    except ValueError as exc:
        raise _bad(exc) from None
    bot = spec.get("bot")
    if not isinstance(bot, str) or bot not in BOTS:
        raise ApiError(
            "bad_option",
            f"{path}.bot: unknown bot {shown(bot)} (choose from {', '.join(sorted(BOTS))})",
        )
    think = spec.get("think")
    if think is None:
        return bot, None
    if isinstance(think, bool) or not isinstance(think, int | float) or not 0 < think <= max_think:
        raise ApiError(
            "bad_option",
            f"{path}.think: a thinking time is 0..{max_think:g} seconds, not {shown(think)}",
        )
    return bot, float(think)


def read_create(data: Mapping[str, Any], *, max_think: float) -> CreateMatch:
    """A create-match request: ``{"game", "rules"?, "players"?, "first"?, "seats"?,
    "join"?, "name"?, "max_turns"?}``, where ``seats`` maps seat names to ``"human"`` or a
    bot (``{"bot": "mcts", "think": 1.0}``) and ``max_turns`` ends the game after that turn
    by the game's own turn-limit rule (``Game.with_turn_limit``).

    Raises:
        ApiError: ``unknown_game``, ``bad_rules``, ``bad_option`` or ``bad_request``, with
            the library's own message.
    """
    fields = ("game", "rules", "players", "first", "seats", "join", "name", "max_turns")
    try:
        jr.object_with(data, "body", fields)
        jr.field(dict(data), "game", "body")
    except ValueError as exc:
        raise _bad(exc) from None
    name = data["game"]
    if not isinstance(name, str):
        raise ApiError("unknown_game", f"body.game: a game name is a string, not {shown(name)}")
    try:
        game = get_game(name)
    except ValueError as exc:
        raise ApiError("unknown_game", str(exc)) from None
    rules_text = _text(data, "rules", "body", MAX_RULES_TEXT) or ""
    try:
        rules = game.rules_from_text(rules_text) if rules_text else None
    except ValueError as exc:
        raise ApiError("bad_rules", str(exc)) from None
    players = data.get("players", game.player_counts[0])
    if type(players) is not int or players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        raise ApiError(
            "bad_option",
            f"body.players: {game.title} is for {counts} players, not {shown(players)}",
        )
    try:
        initial = game.new_game(players, rules=rules)
    except ValueError as exc:
        raise ApiError("bad_option", str(exc)) from None
    if data.get("max_turns") is not None:
        rules, rules_text = _turn_limit(game, initial, data["max_turns"])
        initial = game.new_game(players, rules=rules)
    order = tuple(int(s) for s in initial.seats)
    first = int(initial.to_move)
    if data.get("first") is not None:
        first = _seat_of(game, order, data["first"], "body.first")
        try:
            game.new_game(players, rules=rules, first=first)
        except ValueError as exc:
            raise ApiError("bad_option", str(exc)) from None
    specs: dict[int, BotSpec | None] = dict.fromkeys(order)
    seats = data.get("seats")
    if seats is not None:
        try:
            jr.mapping(seats, "body.seats", 'an object of seat name: "human" or a bot')
        except ValueError as exc:
            raise _bad(exc) from None
        for key, value in seats.items():
            seat = _seat_of(game, order, key, f"body.seats.{str(key)[:8]}")
            specs[seat] = _bot(value, f"body.seats.{key}", max_think)
    join = None
    if data.get("join") is not None:
        join = _seat_of(game, order, data["join"], "body.join")
        if specs[join] is not None:
            raise ApiError("bad_option", f"body.join: seat {data['join']} is a bot's")
    return CreateMatch(
        game=game,
        rules=rules_text,
        players=players,
        first=first,
        order=order,
        seats=tuple(specs[s] for s in order),
        join=join,
        name=_name(data, "body"),
    )


def _turn_limit(game: Game[Any, Any], initial: Any, turns: Any) -> tuple[Any, str]:
    """The rules of ``initial`` with the game ending after turn ``turns``, and their text."""
    if game.with_turn_limit is None or getattr(initial, "rules", None) is None:
        raise ApiError("bad_option", f"body.max_turns: {game.title} has no turn limit option")
    if type(turns) is not int or not 1 <= turns <= MAX_TURN:
        raise ApiError(
            "bad_option", f"body.max_turns: a turn number 1..{MAX_TURN}, not {shown(turns)}"
        )
    try:
        rules = game.with_turn_limit(initial.rules, turns)
        return rules, str(game.rules_to_text(rules))
    except ValueError as exc:
        raise ApiError("bad_option", str(exc)) from None


def read_join(data: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """A join request: ``{"seat"?, "name"?}`` -> (seat name, player name)."""
    try:
        jr.object_with(data, "body", ("seat", "name"))
    except ValueError as exc:
        raise _bad(exc) from None
    seat = data.get("seat")
    if seat is not None and (not isinstance(seat, str) or len(seat) > 8):
        raise ApiError("bad_option", f"body.seat: expected a seat name, not {shown(seat)}")
    return seat, _name(data, "body")


def read_move(
    data: Mapping[str, Any], path: str = "body", extra: tuple[str, ...] = ()
) -> MoveRequest:
    """A move: ``{"version": N, "move": TEXT}`` or ``{"version": N, "action": N}``."""
    try:
        jr.object_with(data, path, ("version", "move", "action", *extra))
        version = jr.integer(jr.field(dict(data), "version", path), f"{path}.version")
        action = data.get("action")
        if action is not None:
            action = jr.integer(action, f"{path}.action")
    except ValueError as exc:
        raise _bad(exc) from None
    move = _text(data, "move", path, MAX_MOVE_TEXT)
    if (move is None) == (action is None):
        raise ApiError(
            "bad_request", f"{path}: give the move's notation (move) or its action number (action)"
        )
    return MoveRequest(version=version, move=move, action=action)


def read_draw(data: Mapping[str, Any]) -> str:
    """A draw request: ``{"action": "offer" | "accept" | "decline"}``."""
    try:
        jr.object_with(data, "body", ("action",))
        return jr.string(
            jr.field(dict(data), "action", "body"), "body.action", ("offer", "accept", "decline")
        )
    except ValueError as exc:
        raise _bad(exc) from None
