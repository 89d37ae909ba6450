"""Who is watching which match in this process, and how events reach them.

``Hub.publish`` hands a match's new events (JSON text, in ``seq`` order) to every
WebSocket subscribed to the match here, and the seat to move its legal moves. Events that
other server processes commit reach this process through PostgreSQL's ``LISTEN`` /
``NOTIFY`` (``Listener``): the notification names the match and its new ``seq``, and the
service reads the events from the database and publishes them like its own. No broker
of our own: the database is the only thing the processes share.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import asyncpg  # type: ignore[import-untyped]

__all__ = ["Hub", "Listener", "Subscriber"]

log = logging.getLogger("astroplane.server")

#: The most messages a subscriber may fall behind; a slower client is disconnected (and
#: catches up with ``since`` when it reconnects).
QUEUE_LIMIT = 512


class Subscriber:
    """One WebSocket's subscription to a match, as the seat ``seat`` (None: spectator).

    ``queue`` holds ``("event", seq, text)`` and ``("turn", version, text)`` items, and
    ``None`` when the subscriber must stop (it fell behind, or its seat was left).
    """

    def __init__(self, match_id: str, seat: int | None, client: str) -> None:
        self.match_id = match_id
        self.seat = seat
        self.client = client
        self.queue: asyncio.Queue[tuple[str, int, str] | None] = asyncio.Queue(QUEUE_LIMIT)
        self.closed = False

    def put(self, item: tuple[str, int, str] | None) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.stop()

    def stop(self) -> None:
        """End the subscription (the socket closes when it reads this)."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


class Hub:
    """The subscriptions of this process, by match."""

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscriber]] = {}
        self._by_client: dict[str, int] = {}

    def subscribe(self, match_id: str, seat: int | None, client: str) -> Subscriber:
        sub = Subscriber(match_id, seat, client)
        self._subs.setdefault(match_id, set()).add(sub)
        self._by_client[client] = self._by_client.get(client, 0) + 1
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        found = self._subs.get(sub.match_id)
        if found is not None and sub in found:
            found.discard(sub)
            if not found:
                del self._subs[sub.match_id]
            left = self._by_client.get(sub.client, 1) - 1
            if left > 0:
                self._by_client[sub.client] = left
            else:
                self._by_client.pop(sub.client, None)
        sub.stop()

    def count(self, client: str) -> int:
        """The subscriptions ``client`` holds open here."""
        return self._by_client.get(client, 0)

    def watched(self, match_id: str) -> bool:
        return bool(self._subs.get(match_id))

    def seat_watched(self, match_id: str, seat: int) -> bool:
        return any(s.seat == seat for s in self._subs.get(match_id, ()))

    def publish(
        self,
        match_id: str,
        items: Sequence[tuple[int, str]],
        turn: tuple[int, int, str] | None = None,
    ) -> None:
        """Queue ``items`` (``(seq, text)``) for every subscriber of the match, and
        ``turn`` (``(seat, version, text)``: the legal moves) for the seat's own."""
        for sub in list(self._subs.get(match_id, ())):
            for seq, text in items:
                sub.put(("event", seq, text))
            if turn is not None and sub.seat == turn[0]:
                sub.put(("turn", turn[1], turn[2]))

    def drop_seat(self, match_id: str, seat: int) -> None:
        """Stop the subscriptions of ``seat`` (its player left: the token is void)."""
        for sub in list(self._subs.get(match_id, ())):
            if sub.seat == seat:
                sub.stop()

    def close(self) -> None:
        for subs in list(self._subs.values()):
            for sub in list(subs):
                sub.stop()


class Listener:
    """``LISTEN`` on a PostgreSQL channel, calling ``on_message(payload)`` for each
    notification; it reconnects after a dropped connection and then calls
    ``on_reconnect()`` (notifications sent meanwhile are lost: the caller re-reads)."""

    def __init__(
        self,
        dsn: str,
        channel: str,
        on_message: Callable[[str], None],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.dsn = dsn
        self.channel = channel
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())
        await asyncio.wait_for(self._ready.wait(), timeout=30)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        first = True
        while True:
            conn: Any = None
            try:
                conn = await asyncpg.connect(self.dsn)
                lost = asyncio.Event()
                conn.add_termination_listener(lambda _c, lost=lost: lost.set())
                await conn.add_listener(self.channel, self._notified)
                self._ready.set()
                if not first:
                    await self.on_reconnect()
                first = False
                await lost.wait()
                log.warning("the notification connection to PostgreSQL was lost; reconnecting")
            except asyncio.CancelledError:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
                raise
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("cannot listen for notifications (%s); retrying", exc)
            await asyncio.sleep(1.0)

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        self.on_message(payload)
