"""A match as a server process holds it in memory: its start, its seats and the states its
events lead to, and the events as clients receive them.

A match is its log (``astroplane.server.db``): ``Match.apply`` plays one stored event on
the match, so a process rebuilds any match from the database, and catches up with events
another process wrote, by applying them in order.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from astroplane.protocol import Game, State, get_game

__all__ = [
    "EventRow",
    "Match",
    "Seat",
    "draw_result",
    "game_has_draws",
    "game_result",
    "hash_token",
    "resign_result",
    "row_summary",
    "turn_order",
]

#: The kinds of stored events.
KINDS = ("move", "join", "leave", "draw_offer", "draw_decline", "end")


def hash_token(token: str) -> bytes:
    """The SHA-256 of a seat token: what the database keeps (never the token)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def game_has_draws(game: Game[Any, Any]) -> bool:
    """Whether players of ``game`` may agree a draw: the game's declared type says so
    (``game.game_type.draws`` or ``game.has_draws`` when the game declares it); a game
    that declares nothing allows it (every seat then gets an equal share)."""
    declared = getattr(getattr(game, "game_type", None), "draws", None)
    if declared is None:
        declared = getattr(game, "has_draws", None)
    return True if declared is None else bool(declared)


@attrs.define
class Seat:
    """A seat of a match: a person (once joined: ``token_hash`` set) or a bot.

    Attributes:
        number: The seat number (``state.seats``).
        kind: ``"human"`` or ``"bot"``.
        bot: The bot's name (``astroplane.agents.BOTS``), for a bot seat.
        think: A searching bot's thinking time per move, seconds (None: its default).
        name: The name the person gave when joining (None: none).
        token_hash: SHA-256 of the person's seat token; None while the seat is free.
    """

    number: int
    kind: str
    bot: str | None = None
    think: float | None = None
    name: str | None = None
    token_hash: bytes | None = None

    @property
    def taken(self) -> bool:
        """A bot, or a person has joined."""
        return self.kind == "bot" or self.token_hash is not None

    def holds(self, token_hash: bytes) -> bool:
        """Whether ``token_hash`` is this seat's, compared in constant time."""
        mine = self.token_hash
        return mine is not None and hmac.compare_digest(mine, token_hash)


@attrs.frozen
class EventRow:
    """One stored event (a row of ``events``)."""

    seq: int
    kind: str
    seat: int | None
    version: int
    move: str | None = None
    data: str | None = None


@attrs.define(eq=False)
class Match:
    """A match in memory. ``states[v]`` is the state at version ``v``; ``moves[v]`` the
    move played in it (a chance outcome when ``movers[v]`` is None).

    Attributes:
        id: The match id (URL-safe).
        game: The registered game.
        rules: The rules text.
        seats: The seats by seat number, in turn order.
        status: ``"open"`` (waiting for players), ``"active"`` or ``"over"``.
        seq: The number of events so far.
        draw_offers: The seats that offered or accepted a draw since the last move.
        result: Once over: ``{"reason", "returns", "winners", "text"}``.
    """

    id: str
    game: Game[Any, Any]
    rules: str
    players: int
    first: int
    creator: str
    created: float
    seats: dict[int, Seat]
    status: str = "open"
    seq: int = 0
    states: list[State[Any]] = attrs.field(factory=list)
    moves: list[Any] = attrs.field(factory=list)
    texts: list[str] = attrs.field(factory=list)
    movers: list[int | None] = attrs.field(factory=list)
    draw_offers: set[int] = attrs.field(factory=set)
    result: dict[str, Any] | None = None

    @classmethod
    def start(
        cls,
        id: str,
        game: str,
        rules: str,
        players: int,
        first: int,
        creator: str,
        created: float,
        seats: Sequence[Seat],
    ) -> Match:
        """The match before any event: its initial state from game, rules and players.

        Raises:
            ValueError: From the game, if these cannot start a game.
        """
        g = get_game(game)
        initial = g.new_game(
            players, rules=g.rules_from_text(rules) if rules else None, first=first
        )
        return cls(
            id=id,
            game=g,
            rules=rules,
            players=players,
            first=first,
            creator=creator,
            created=created,
            seats={s.number: s for s in seats},
            status="active" if all(s.taken for s in seats) else "open",
            states=[initial],
        )

    # ---- what the match is now -------------------------------------------------------
    @property
    def state(self) -> State[Any]:
        return self.states[-1]

    @property
    def version(self) -> int:
        """The state version: moves played so far, chance outcomes included."""
        return len(self.moves)

    @property
    def order(self) -> tuple[int, ...]:
        """The seat numbers in turn order."""
        return tuple(self.states[0].seats)

    def _data(self, state: Any) -> dict[str, Any] | None:
        """The state in the game's JSON data, or None for a game without JSON (a client
        then follows the moves; the record and the legal moves are always there)."""
        return None if self.game.to_dict is None else self.game.to_dict(state)

    def seat_name(self, seat: int | None) -> str | None:
        return None if seat is None else str(self.game.seat_names[seat])

    def seat_number(self, name: str) -> int | None:
        """The seat number of a seat name of this match, or None."""
        for seat in self.order:
            if self.game.seat_names[seat] == name:
                return seat
        return None

    @property
    def seats_open(self) -> int:
        return sum(1 for s in self.seats.values() if not s.taken)

    @property
    def to_move(self) -> int | None:
        """The seat to act (None once over)."""
        return None if self.status == "over" or self.state.is_over else int(self.state.to_move)

    def seat_of(self, token_hash: bytes) -> int | None:
        """The seat ``token_hash`` holds, or None (each seat compared in constant time)."""
        found = None
        for seat in self.seats.values():
            if seat.holds(token_hash):
                found = seat.number
        return found

    def bot_to_move(self) -> Seat | None:
        """The bot seat whose choice the match waits for, if any."""
        seat = self.to_move
        if self.status != "active" or seat is None or self.state.is_chance_node:
            return None
        found = self.seats[seat]
        return found if found.kind == "bot" else None

    def legal_texts(self) -> list[str]:
        """The notation of each legal move of the seat to move (none at a chance node)."""
        state = self.state
        if self.status != "active" or state.is_over or state.is_chance_node:
            return []
        fmt = self.game.format_move
        return [fmt(state, m) for m in state.legal_moves()]

    def legal_actions(self) -> list[int] | None:
        """The action numbers of the legal moves, for games with an action encoding."""
        to_action = self.game.move_to_action
        if to_action is None:
            return None
        state = self.state
        if self.status != "active" or state.is_over or state.is_chance_node:
            return []
        return [int(to_action(state, m)) for m in state.legal_moves()]

    # ---- events ------------------------------------------------------------------------
    def apply(self, row: EventRow) -> None:
        """Play a stored event on the match (the next one: ``row.seq == seq + 1``).

        Raises:
            ValueError: If the event does not follow, or its move does not read in the
                state it was played in (a database written by another version of a game).
        """
        if row.seq != self.seq + 1:
            raise ValueError(f"match {self.id}: event {row.seq} does not follow {self.seq}")
        data: dict[str, Any] = json.loads(row.data) if row.data else {}
        if row.kind == "move":
            state = self.state
            move = self.game.parse_move(state, row.move or "")
            self.play(move, row.move or "", row.seat)
        elif row.kind == "join":
            seat = self.seats[int(row.seat or 0)]
            seat.name = data.get("name")
            seat.token_hash = bytes.fromhex(data["token"])
            if self.status == "open" and self.seats_open == 0:
                self.status = "active"
        elif row.kind == "leave":
            seat = self.seats[int(row.seat or 0)]
            seat.name = None
            seat.token_hash = None
        elif row.kind == "draw_offer":
            self.draw_offers.add(int(row.seat or 0))
        elif row.kind == "draw_decline":
            self.draw_offers.clear()
        elif row.kind == "end":
            self.status = "over"
            self.result = data
        self.seq = row.seq

    def play(self, move: Any, text: str, seat: int | None, after: Any = None) -> None:
        """Play a legal move (already checked) of ``seat`` (None: a chance outcome);
        ``after`` is the state it leads to, when the caller has it already."""
        self.states.append(self.state.play(move) if after is None else after)
        self.moves.append(move)
        self.texts.append(text)
        self.movers.append(seat)
        self.draw_offers.clear()

    # ---- what clients receive ----------------------------------------------------------
    def wire(self, row: EventRow, *, state: bool = True) -> dict[str, Any]:
        """The event as clients receive it (``type: "event"``); a move carries the state
        after it (the game's JSON) unless ``state`` is False. Call it when the match has
        applied ``row`` (a move's state is then ``states[row.version]``)."""
        out: dict[str, Any] = {
            "type": "event",
            "match": self.id,
            "seq": row.seq,
            "kind": row.kind,
            "version": row.version,
            "seat": self.seat_name(row.seat),
        }
        if row.kind == "move":
            before = self.states[row.version - 1]
            after = self.states[row.version]
            out["move"] = row.move
            out["chance"] = row.seat is None
            to_action = self.game.move_to_action
            out["action"] = (
                int(to_action(before, self.moves[row.version - 1])) if to_action else None
            )
            out["to_move"] = None if after.is_over else self.seat_name(int(after.to_move))
            out["over"] = bool(after.is_over)
            if state:
                out["state"] = self._data(after)
        elif row.kind in ("join", "leave"):
            data = json.loads(row.data) if row.data else {}
            out["name"] = data.get("name")
        elif row.kind == "draw_offer":
            out["offers"] = [self.seat_name(s) for s in self.order if s in self.draw_offers]
        elif row.kind == "end":
            out["result"] = self.result
        return out

    def seats_json(self) -> list[dict[str, Any]]:
        """The seats in turn order, as the API shows them."""
        return [seat_json(str(self.seat_name(n)), self.seats[n]) for n in self.order]

    def summary(self) -> dict[str, Any]:
        """The match without its state and moves (what match lists show)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "rules": self.rules,
            "players": self.players,
            "status": self.status,
            "version": self.version,
            "seq": self.seq,
            "to_move": self.seat_name(self.to_move),
            "seats": self.seats_json(),
            "seats_open": self.seats_open,
            "created": self.created,
        }

    def document(self, seat: int | None) -> dict[str, Any]:
        """The whole match for a client in ``seat`` (None: a spectator): its summary, the
        state (the game's JSON), the moves so far, the legal moves when ``seat`` is to
        move, draw offers and the result."""
        out = self.summary()
        state = self.state
        yours = seat is not None and seat == self.to_move and not state.is_chance_node
        out.update(
            {
                "you": self.seat_name(seat),
                "state": self._data(state),
                "over": self.status == "over",
                "moves": [
                    {"move": t, "seat": self.seat_name(s)}
                    for t, s in zip(self.texts, self.movers, strict=True)
                ],
                "legal": self.legal_texts() if yours else [],
                "legal_actions": (self.legal_actions() if yours else [])
                if self.game.move_to_action is not None
                else None,
                "draw_offers": [self.seat_name(s) for s in self.order if s in self.draw_offers],
                "draws": game_has_draws(self.game),
                "result": self.result,
            }
        )
        return out


def game_result(match: Match, final: State[Any]) -> dict[str, Any]:
    """The result of a game the rules ended in ``final``: the returns, the seats with the
    best return (none when all are equal) and the game's words."""
    returns = [float(r) for r in final.returns()]
    in_play = list(match.order)
    best = max(returns[s] for s in in_play)
    winners = (
        []
        if all(returns[s] == best for s in in_play)
        else [str(match.seat_name(s)) for s in in_play if returns[s] == best]
    )
    text = str(match.game.describe_outcome(final))
    return {"reason": "game", "returns": returns, "winners": winners, "text": text}


def _sides(match: Match, seat: int) -> set[int]:
    hook = match.game.partners
    partners = set(hook(match.state, seat)) if hook is not None else set()
    return {seat, *partners}


def resign_result(match: Match, seat: int) -> dict[str, Any]:
    """The result when ``seat`` resigns: it and its partners get 0.0, the other seats in
    play share 1.0 equally."""
    losers = _sides(match, seat)
    others = [s for s in match.order if s not in losers]
    returns = [0.0] * len(match.game.seat_names)
    for s in others:
        returns[s] = 1.0 / len(others)
    name = match.seat_name(seat)
    return {
        "reason": "resigned",
        "returns": returns,
        "winners": [str(match.seat_name(s)) for s in others],
        "text": f"{name} resigned",
        "seat": name,
    }


def draw_result(match: Match) -> dict[str, Any]:
    """The result of a draw all players agreed: every seat in play gets an equal share."""
    returns = [0.0] * len(match.game.seat_names)
    for s in match.order:
        returns[s] = 1.0 / len(match.order)
    return {"reason": "draw agreed", "returns": returns, "winners": [], "text": "draw agreed"}


def seat_json(name: str, seat: Seat) -> dict[str, Any]:
    """A seat as the API shows it (never its token's hash)."""
    return {
        "seat": name,
        "number": seat.number,
        "kind": seat.kind,
        "bot": seat.bot,
        "think": seat.think,
        "name": seat.name,
        "taken": seat.taken,
    }


@functools.lru_cache(maxsize=1024)
def turn_order(game: str, rules: str, players: int, first: int) -> tuple[int, ...]:
    """The seat numbers of a match in turn order."""
    g = get_game(game)
    start = g.new_game(players, rules=g.rules_from_text(rules) if rules else None, first=first)
    return tuple(int(s) for s in start.seats)


def row_summary(row: Mapping[str, Any], seat_rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """``Match.summary()`` from the database rows of a match (for lists, which do not
    replay the matches)."""
    game = get_game(str(row["game"]))
    by_number = {seat.number: seat for seat in seats_from_rows(seat_rows)}
    order = turn_order(game.name, str(row["rules"]), int(row["players"]), int(row["first"]))
    name = game.seat_names
    seats = [seat_json(name[n], by_number[n]) for n in order]
    to_move = row["to_move"]
    return {
        "id": row["id"],
        "game": game.name,
        "title": game.title,
        "rules": row["rules"],
        "players": row["players"],
        "status": row["status"],
        "version": row["version"],
        "seq": row["seq"],
        "to_move": None if to_move is None else name[int(to_move)],
        "seats": seats,
        "seats_open": row["seats_open"],
        "created": row["created"],
    }


def seats_from_rows(rows: Sequence[Mapping[str, Any]]) -> list[Seat]:
    """Seats from rows of the ``seats`` table."""
    return [
        Seat(
            number=int(r["seat"]),
            kind=str(r["kind"]),
            bot=r["bot"],
            think=r["think"],
            name=r["name"],
            token_hash=bytes(r["token_hash"]) if r["token_hash"] is not None else None,
        )
        for r in rows
    ]
