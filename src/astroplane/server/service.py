"""What the server does with a match: create it, seat players, play moves, end it.

Every change is decided on the match as this process knows it, written to the database
(``Store.append``, which refuses it if another process changed the match first: then the
match is caught up and the change decided again), and only then acknowledged and
published. A move on an old state version is refused without a change; the dice are
rolled here (``secrets``), in the transaction of the move that reaches the chance node,
so a client never waits on a roll nor sees a die that was not kept.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import attrs

import astroplane
from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import sample_chance
from astroplane.server.bots import BotPool
from astroplane.server.errors import ApiError
from astroplane.server.hub import Hub
from astroplane.server.live import (
    EventRow,
    Match,
    Seat,
    draw_result,
    game_has_draws,
    game_result,
    hash_token,
    resign_result,
    seats_from_rows,
)
from astroplane.server.requests import CreateMatch, MoveRequest
from astroplane.server.settings import ServerSettings
from astroplane.server.store import SeatClaim, Store
from astroplane.server.views import match_view

__all__ = ["MatchService", "Planned"]

log = logging.getLogger("astroplane.server")

#: Tries of a change that other processes keep pre-empting, before giving up (409).
TRIES = 5


@attrs.frozen
class Planned:
    """An event decided but not yet written: its row and, for a move, the move and the
    state after it."""

    row: EventRow
    move: Any = None
    after: Any = None


class MatchService:
    """The matches of one server process (see the module docstring)."""

    def __init__(self, settings: ServerSettings, store: Store, hub: Hub, bots: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.hub = hub
        self.bots = bots
        self._cache: OrderedDict[str, Match] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._dice = secrets.SystemRandom()
        self.closing = False

    # ---- loading and catching up ---------------------------------------------------------
    def lock(self, match_id: str) -> asyncio.Lock:
        found = self._locks.get(match_id)
        if found is None:
            found = self._locks[match_id] = asyncio.Lock()
        return found

    async def match(self, match_id: str, *, fresh: bool = True) -> Match:
        """The match, caught up with the database when ``fresh`` (another process may
        have written it).

        Raises:
            ApiError: ``not_found``.
        """
        async with self.lock(match_id):
            return await self._load(match_id, fresh=fresh)

    async def _load(self, match_id: str, *, fresh: bool = True) -> Match:
        found = self._cache.get(match_id)
        if found is not None:
            self._cache.move_to_end(match_id)
            if fresh and self.store.postgres:
                await self._catch_up(found)
            return found
        loaded = await self.store.load(match_id)
        if loaded is None:
            raise ApiError("not_found", f"no match {match_id!r}")
        row, seat_rows, log_rows = loaded
        seats = seats_from_rows(seat_rows)
        for seat in seats:  # the log's joins seat the players again
            seat.name = None
            seat.token_hash = None
        match = Match.start(
            id=row["id"],
            game=row["game"],
            rules=row["rules"],
            players=row["players"],
            first=row["first"],
            creator=row["creator"],
            created=row["created"],
            seats=seats,
        )
        for event in log_rows:
            match.apply(event)
        self._cache[match_id] = match
        while len(self._cache) > self.settings.cache_matches:
            old, _ = self._cache.popitem(last=False)
            if not self.hub.watched(old):
                self._locks.pop(old, None)
        return match

    async def _catch_up(self, match: Match) -> None:
        """Apply and publish the events other processes wrote (call under the lock)."""
        rows = await self.store.events_after(match.id, match.seq)
        if rows:
            for row in rows:
                match.apply(row)
                if row.kind == "leave" and row.seat is not None:
                    self.hub.drop_seat(match.id, row.seat)
            self._publish(match, rows)

    async def notified(self, match_id: str, seq: int) -> None:
        """Another process wrote events up to ``seq`` (a notification): catch up if this
        process holds the match."""
        found = self._cache.get(match_id)
        if found is None or found.seq >= seq:
            return
        async with self.lock(match_id):
            await self._catch_up(found)

    async def resync(self) -> None:
        """Catch every held match up (after a lost notification connection)."""
        for match_id in list(self._cache):
            await self.notified(match_id, 1 << 62)

    async def events_between(self, match_id: str, after: int, upto: int) -> list[str]:
        """The wire texts of the match's events ``after < seq <= upto`` (for a subscriber
        that reconnects or missed some)."""
        match = await self.match(match_id, fresh=False)
        rows = await self.store.events_after(match_id, after)
        return [_text(match.wire(r)) for r in rows if r.seq <= upto]

    async def view(self, match_id: str, token_hash: bytes | None) -> dict[str, Any]:
        """The play page's view of the match for the token's seat (None: a spectator)."""
        async with self.lock(match_id):
            match = await self._load(match_id)
            seat = None if token_hash is None else self.seat_for(match, token_hash)
            return match_view(match, seat)

    async def record_of(self, match_id: str) -> tuple[Match, str]:
        """The match and its game record so far."""
        async with self.lock(match_id):
            match = await self._load(match_id)
            return match, self.record(match)

    async def welcome(
        self, match_id: str, seat: int | None, since: int | None
    ) -> tuple[int, list[str]]:
        """What a new subscriber gets first: the seq it starts from and the messages
        (``welcome`` with the match, or the events after ``since``; the seat's turn)."""
        async with self.lock(match_id):
            match = await self._load(match_id, fresh=False)
            last = match.seq
            if since is None:
                first = [_text({"type": "welcome", "match": match.document(seat), "seq": last})]
            else:
                first = [_text({"type": "welcome", "seq": last, "since": since})]
            yours = seat is not None and seat == match.to_move and match.status == "active"
            turn = (
                _text(self.turn_message(match))
                if yours and not match.state.is_chance_node
                else None
            )
        if since is not None and since < last:
            first += await self.events_between(match_id, since, last)
        if turn is not None:
            first.append(turn)
        return last, first

    # ---- creating and seating ------------------------------------------------------------
    async def create(self, client: str, request: CreateMatch) -> tuple[Match, int | None, str]:
        """Create a match; the creator takes ``request.join`` if given.

        Returns:
            The match, the creator's seat (or None) and its token ("" without a seat).
        """
        if await self.store.live_count(client) >= self.settings.max_matches_per_client:
            raise ApiError(
                "too_many_matches",
                f"a client may have {self.settings.max_matches_per_client} matches that are "
                "not over; finish or resign one first",
            )
        match_id = secrets.token_urlsafe(9)
        now = time.time()
        seats = [
            Seat(number=n, kind="human")
            if spec is None
            else Seat(number=n, kind="bot", bot=spec[0], think=spec[1])
            for n, spec in zip(request.order, request.seats, strict=True)
        ]
        match = Match.start(
            id=match_id,
            game=request.game.name,
            rules=request.rules,
            players=request.players,
            first=request.first,
            creator=client,
            created=now,
            seats=seats,
        )
        token = ""
        rows: list[EventRow] = []
        joined: int | None = None
        if request.join is not None:
            joined = request.join
            token = secrets.token_urlsafe(24)
            data = json.dumps({"name": request.name, "token": hash_token(token).hex()})
            rows.append(EventRow(seq=1, kind="join", seat=joined, version=0, data=data))
            match.seats[joined].token_hash = hash_token(token)
            match.seats[joined].name = request.name
        match.seq = len(rows)
        if match.seats_open == 0:
            match.status = "active"
            for p in self._rolls(match, [], match.state):  # a game that starts with a roll
                if p.row.kind == "move":
                    match.play(p.move, p.row.move or "", None, p.after)
                    match.seq = p.row.seq
                else:
                    match.apply(p.row)
                rows.append(p.row)
        await self.store.create(
            {
                "id": match_id,
                "game": request.game.name,
                "rules": request.rules,
                "players": request.players,
                "first": request.first,
                "status": match.status,
                "seq": match.seq,
                "version": match.version,
                "to_move": match.to_move,
                "seats_open": match.seats_open,
                "result": json.dumps(match.result) if match.result else None,
                "record": self.record(match) if match.result else None,
                "creator": client,
                "library": astroplane.__version__,
                "created": now,
                "updated": now,
            },
            [
                {
                    "seat": s.number,
                    "kind": s.kind,
                    "bot": s.bot,
                    "think": s.think,
                    "name": s.name,
                    "token_hash": s.token_hash,
                }
                for s in seats
            ],
            rows,
        )
        async with self.lock(match_id):
            self._cache[match_id] = match
        self._after(match)
        return match, joined, token

    async def join(
        self, match_id: str, seat_name: str | None, name: str | None
    ) -> tuple[Match, int, str]:
        """Take a free seat (``seat_name``, or the first free one); returns the match, the
        seat and its new token.

        Raises:
            ApiError: ``seat_taken`` (or no free seat), ``bad_option`` (no such seat),
                ``match_over``.
        """
        token = secrets.token_urlsafe(24)
        digest = hash_token(token)
        for _ in range(TRIES):
            async with self.lock(match_id):
                match = await self._load(match_id, fresh=False)
                if match.status == "over":
                    raise ApiError("match_over", "the match is over: nobody can join it")
                seat = self._free_seat(match, seat_name)
                data = json.dumps({"name": name, "token": digest.hex()})
                planned = [Planned(EventRow(match.seq + 1, "join", seat, match.version, data=data))]
                if match.status == "open" and match.seats_open == 1:  # it starts: roll
                    planned += self._rolls(match, planned, match.state)
                claim = SeatClaim(seat, digest, name)
                if await self._commit(match, planned, claim, join=True) is not None:
                    break
        else:
            raise ApiError("seat_taken", "the match keeps changing; try again")
        self._after(match)
        return match, seat, token

    def _free_seat(self, match: Match, seat_name: str | None) -> int:
        if seat_name is None:
            for n in match.order:
                if not match.seats[n].taken:
                    return n
            raise ApiError("seat_taken", "the match has no free seat (watch it instead)")
        seat = match.seat_number(seat_name)
        if seat is None:
            names = ", ".join(str(match.seat_name(s)) for s in match.order)
            raise ApiError("bad_option", f"{seat_name!r:.40} is no seat of this match ({names})")
        found = match.seats[seat]
        if found.kind == "bot":
            raise ApiError("seat_taken", f"seat {seat_name} is played by a bot")
        if found.taken:
            raise ApiError("seat_taken", f"seat {seat_name} is taken")
        return seat

    async def leave(self, match_id: str, token_hash: bytes) -> Match:
        """Give up a seat: its token stops working and someone else may take it (the match
        goes on; the seat's turn waits for them)."""
        for _ in range(TRIES):
            async with self.lock(match_id):
                match = await self._load(match_id)
                seat = self.seat_for(match, token_hash)
                row = EventRow(match.seq + 1, "leave", seat, match.version)
                held = match.seats[seat].token_hash
                claim = SeatClaim(seat, None, None, held)
                if await self._commit(match, [Planned(row)], claim) is not None:
                    self.hub.drop_seat(match_id, seat)
                    return match
        raise ApiError("seat_taken", "the match keeps changing; try again")

    # ---- playing -------------------------------------------------------------------------
    async def move(self, match_id: str, token_hash: bytes, request: MoveRequest) -> dict[str, Any]:
        """Play the seat's move at ``request.version``; returns the acknowledgement: the
        new version and seq, the events written (the state after the moves) and, when the
        same seat is to move again, its legal moves."""
        for _ in range(TRIES):
            async with self.lock(match_id):
                # Decided on the match as this process has it: the write checks that the
                # database has it so too. A move on a later version than ours: catch up.
                match = await self._load(match_id, fresh=False)
                if request.version > match.version and self.store.postgres:
                    await self._catch_up(match)
                seat = self.seat_for(match, token_hash)
                planned = self._plan_move(match, seat, request)
                wires = await self._commit(match, planned)
                if wires is not None:
                    ack = self._ack(match, seat, wires)
                    break
        else:
            raise ApiError("stale_version", "the match keeps changing; read it and try again")
        self._after(match)
        return ack

    def _ack(self, match: Match, seat: int, wires: list[dict[str, Any]]) -> dict[str, Any]:
        yours = match.to_move == seat and not match.state.is_chance_node
        return {
            "version": match.version,
            "seq": match.seq,
            "events": wires,
            "to_move": match.seat_name(match.to_move),
            "legal": match.legal_texts() if yours else [],
        }

    def _plan_move(self, match: Match, seat: int, request: MoveRequest) -> list[Planned]:
        """The events of ``seat``'s move (and the rolls and end it leads to), decided on
        the match as it is; raises the ``ApiError`` that refuses it."""
        if match.status == "over":
            raise ApiError("match_over", "the match is over")
        if match.status == "open":
            raise ApiError("not_your_turn", "the match has not started: seats are free")
        if request.version != match.version:
            raise ApiError(
                "stale_version",
                f"the move was chosen on version {request.version}, but the match is at "
                f"version {match.version}: nothing was played",
                version=match.version,
            )
        state = match.state
        if seat != match.to_move:
            raise ApiError(
                "not_your_turn", f"it is {match.seat_name(match.to_move)}'s turn, not yours"
            )
        game = match.game
        try:
            if request.action is not None:
                if game.action_to_move is None:
                    raise ApiError("bad_request", f"{game.title} has no action numbers")
                move = game.action_to_move(state, request.action)
            else:
                move = game.parse_move(state, request.move or "")
            after = state.play(move)
        except ApiError:
            raise
        except ValueError as exc:
            raise ApiError("illegal_move", str(exc)) from None
        return self._plan_from(match, seat, move, after)

    def _plan_from(self, match: Match, seat: int, move: Any, after: Any) -> list[Planned]:
        """``seat``'s move (checked), then the rolls and end it leads to."""
        text = str(match.game.format_move(match.state, move))
        row = EventRow(match.seq + 1, "move", seat, match.version + 1, text)
        planned = [Planned(row, move, after)]
        return planned + self._rolls(match, planned, after)

    def _rolls(self, match: Match, before: Sequence[Planned], state: Any) -> list[Planned]:
        """After the ``before`` events (``state`` is the state they lead to): the dice
        rolled while ``state`` is a chance node, and the end if the game is over."""
        game = match.game
        seq = match.seq + len(before)
        version = match.version + sum(1 for p in before if p.row.kind == "move")
        planned: list[Planned] = []
        while state.is_chance_node and not state.is_over:
            roll = sample_chance(state, self._dice)
            text = str(game.format_move(state, roll))
            state = state.play(roll)
            version += 1
            planned.append(
                Planned(EventRow(seq + len(planned) + 1, "move", None, version, text), roll, state)
            )
        if state.is_over:
            planned.append(self._end(seq + len(planned) + 1, version, game_result(match, state)))
        return planned

    def _end(self, seq: int, version: int, result: dict[str, Any]) -> Planned:
        """The ``end`` event numbered ``seq``, with the match's result."""
        return Planned(EventRow(seq, "end", None, version, data=json.dumps(result)))

    async def resign(self, match_id: str, token_hash: bytes) -> Match:
        """The seat resigns: the match ends (``live.resign_result``)."""
        for _ in range(TRIES):
            async with self.lock(match_id):
                match = await self._load(match_id)
                seat = self.seat_for(match, token_hash)
                self._playing(match)
                end = self._end(match.seq + 1, match.version, resign_result(match, seat))
                if await self._commit(match, [end]) is not None:
                    return match
        raise ApiError("stale_version", "the match keeps changing; try again")

    async def draw(self, match_id: str, token_hash: bytes, action: str) -> Match:
        """Offer or accept (``"offer"``, ``"accept"``: the same) or decline a draw; when
        every player has agreed, the match ends drawn."""
        for _ in range(TRIES):
            async with self.lock(match_id):
                match = await self._load(match_id)
                seat = self.seat_for(match, token_hash)
                self._playing(match)
                if not game_has_draws(match.game):
                    raise ApiError("no_draws", f"{match.game.title} has no draws")
                if any(s.kind == "bot" for s in match.seats.values()):
                    raise ApiError("no_draws", "the bots of this match do not agree draws")
                seq = match.seq + 1
                if action == "decline":
                    if not match.draw_offers:
                        raise ApiError("bad_request", "no draw is offered")
                    planned = [Planned(EventRow(seq, "draw_decline", seat, match.version))]
                else:
                    if seat in match.draw_offers:
                        raise ApiError("bad_request", "you have offered a draw already")
                    planned = [Planned(EventRow(seq, "draw_offer", seat, match.version))]
                    if {*match.draw_offers, seat} >= set(match.order):
                        end = self._end(seq + 1, match.version, draw_result(match))
                        planned.append(end)
                if await self._commit(match, planned) is not None:
                    return match
        raise ApiError("stale_version", "the match keeps changing; try again")

    def _playing(self, match: Match) -> None:
        if match.status == "over":
            raise ApiError("match_over", "the match is over")
        if match.status == "open":
            raise ApiError("not_your_turn", "the match has not started: seats are free")

    def seat_for(self, match: Match, token_hash: bytes) -> int:
        """The seat ``token_hash`` holds in the match.

        Raises:
            ApiError: ``unauthorized`` if it holds none.
        """
        seat = match.seat_of(token_hash)
        if seat is None:
            raise ApiError("unauthorized", "this token holds no seat of the match")
        return seat

    # ---- writing ----------------------------------------------------------------------
    async def _commit(
        self,
        match: Match,
        planned: Sequence[Planned],
        claim: SeatClaim | None = None,
        *,
        join: bool = False,
    ) -> list[dict[str, Any]] | None:
        """Write the planned events (call under the match's lock); on success apply them
        to the match, publish them and return them as clients receive them. None: another
        process wrote first (the match is then caught up; decide again)."""
        fields = self._fields(match, planned, join=join)
        rows = [p.row for p in planned]
        ok = await self.store.append(match.id, match.seq, rows, fields, claim)
        if not ok:
            await self._catch_up(match)
            return None
        for p, row in zip(planned, rows, strict=True):
            if row.kind == "move":
                match.play(p.move, row.move or "", row.seat, p.after)
                match.seq = row.seq
            else:
                match.apply(row)
        wires = [match.wire(row) for row in rows]
        self._publish(match, rows, wires)
        return wires

    def _fields(self, match: Match, planned: Sequence[Planned], *, join: bool) -> dict[str, Any]:
        """The ``matches`` row after the planned events (every column that changes)."""
        moves = [p for p in planned if p.row.kind == "move"]
        final = moves[-1].after if moves else match.state
        ended = any(p.row.kind == "end" for p in planned)
        open_seats = match.seats_open
        seating = [p.row.kind for p in planned if p.row.kind in ("join", "leave")]
        if seating:
            open_seats += -1 if seating[0] == "join" else 1
        status = match.status
        if join and status == "open" and open_seats == 0:
            status = "active"
        fields: dict[str, Any] = {
            "version": match.version + len(moves),
            "to_move": None if ended or final.is_over else int(final.to_move),
            "seats_open": open_seats,
            "status": "over" if ended else status,
            "result": None,
            "record": None,
        }
        if ended:
            data = planned[-1].row.data or "{}"
            fields["result"] = data
            try:
                fields["record"] = self.record(match, [p.move for p in moves], json.loads(data))
            except ValueError:  # a record writer's bug must not stop the match's end
                log.exception("cannot write the record of match %s", match.id)
        return fields

    def record(
        self, match: Match, more: Sequence[Any] = (), result: dict[str, Any] | None = None
    ) -> str:
        """The match's game record (the game's own format, or the kit's), with the
        players and, for a match ended by a resignation or an agreed draw, a
        ``Termination`` header (the game itself then has no result: ``*``)."""
        headers = {"Event": "astroplane server", "Site": f"match {match.id}"}
        for n in match.order:
            seat = match.seats[n]
            who = f"bot {seat.bot}" if seat.kind == "bot" else (seat.name or "person")
            headers[f"Player{match.seat_name(n)}"] = _header_value(who)
        result = result if result is not None else match.result
        if result is not None and result.get("reason") != "game":
            headers["Termination"] = _header_value(str(result.get("text", "")))
        to_text = record_functions(match.game)[0]
        return str(to_text(match.states[0], [*match.moves, *more], headers))

    def _publish(
        self, match: Match, rows: Sequence[EventRow], wires: Sequence[dict[str, Any]] | None = None
    ) -> None:
        if wires is None:
            wires = [match.wire(r) for r in rows]
        items = [(r.seq, _text(w)) for r, w in zip(rows, wires, strict=True)]
        turn = None
        seat = match.to_move
        if (
            seat is not None
            and match.status == "active"
            and not match.state.is_chance_node
            and self.hub.seat_watched(match.id, seat)
        ):
            turn = (seat, match.version, _text(self.turn_message(match)))
        self.hub.publish(match.id, items, turn)

    def turn_message(self, match: Match) -> dict[str, Any]:
        """``{"type": "turn"}``: the legal moves of the seat to move, at a version."""
        return {
            "type": "turn",
            "match": match.id,
            "version": match.version,
            "seat": match.seat_name(match.to_move),
            "legal": match.legal_texts(),
            "legal_actions": match.legal_actions(),
        }

    # ---- bots ----------------------------------------------------------------------------
    def _after(self, match: Match) -> None:
        """After a change: start the match's bot when it is a bot's turn."""
        if self.closing or match.bot_to_move() is None or match.id in self._bot_tasks:
            return
        task = asyncio.create_task(self._drive_bots(match.id))
        self._bot_tasks[match.id] = task
        task.add_done_callback(lambda _t: self._bot_tasks.pop(match.id, None))

    async def _drive_bots(self, match_id: str) -> None:
        failures = 0
        while not self.closing:
            async with self.lock(match_id):
                match = await self._load(match_id)
                seat = match.bot_to_move()
                if seat is None:
                    return
                state, version = match.state, match.version
            if self.settings.bot_pause > 0:
                await asyncio.sleep(self.settings.bot_pause)
            try:
                text = await self.bots.choose(
                    match.game.name, state, seat.bot or "random", seat.think, secrets.randbits(63)
                )
            except Exception:  # a broken bot must not stop the server: the seat waits
                failures += 1
                log.exception("the %s bot of match %s failed", seat.bot, match_id)
                if failures >= 3:
                    return
                await asyncio.sleep(1.0)
                continue
            async with self.lock(match_id):
                match = await self._load(match_id)
                if match.version != version or match.bot_to_move() is not seat:
                    continue
                try:
                    move = match.game.parse_move(match.state, text)
                    after = match.state.play(move)
                except ValueError:
                    log.exception("the %s bot of match %s chose %r", seat.bot, match_id, text)
                    return
                await self._commit(match, self._plan_from(match, seat.number, move, after))

    async def sweep(self) -> None:
        """Start the bots of matches that wait for one (after a restart, or a process
        that was driving them died)."""
        idle = self.settings.bot_pause + self.settings.max_think + 5.0
        for match_id in await self.store.bot_turns(idle):
            try:
                match = await self.match(match_id)
            except (ApiError, ValueError):
                log.exception("cannot load match %s", match_id)
                continue
            self._after(match)

    async def start_bots(self) -> None:
        """At start-up: every match waiting for a bot."""
        for match_id in await self.store.bot_turns(0.0):
            self._after(await self.match(match_id))

    async def close(self) -> None:
        self.closing = True
        tasks = list(self._bot_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _header_value(text: str) -> str:
    """A record header value: printable, on one line, not too long."""
    clean = "".join(ch if ch.isprintable() else " " for ch in text).replace('"', "'")
    return clean[:64] or "-"


def _text(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))
