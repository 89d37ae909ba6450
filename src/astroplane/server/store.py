"""The server's reads and writes of its database (``astroplane.server.db``'s tables).

Every write of a match goes through ``Store.append``: one transaction that moves the
match's ``seq`` on only if it is still the one the writer read, inserts the events and,
on PostgreSQL, notifies the other server processes (``NOTIFY``; delivered when the
transaction commits). A write that finds ``seq`` moved on changes nothing and returns
False: the writer catches up and decides again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import attrs
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from astroplane.server.db import events, matches, seats
from astroplane.server.live import EventRow

__all__ = ["CHANNEL", "ROW_FIELDS", "SeatClaim", "Store"]

#: The PostgreSQL notification channel of match events: payload ``"PROCESS MATCH SEQ"``.
CHANNEL = "astroplane_events"
#: The columns of ``matches`` every append sets (with ``seq`` and ``updated``).
ROW_FIELDS = ("version", "to_move", "seats_open", "status", "result", "record")
#: The most appends one group commit writes.
MAX_BATCH = 256

_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")
_UPDATE_ONE = (
    matches.update()
    .where(matches.c.id == sa.bindparam("b_id"), matches.c.seq == sa.bindparam("b_seen"))
    .values(
        seq=sa.bindparam("b_seq"),
        updated=sa.bindparam("b_updated"),
        **{name: sa.bindparam(f"b_{name}") for name in ROW_FIELDS},
    )
)


#: PostgreSQL: an append without a seat claim as one statement (its own transaction): the
#: row moves on only from ``seen``, the events are inserted only if it did, and the other
#: processes are notified only then (a row comes back only then too).
_PG_APPEND = sa.text(
    """
    WITH moved AS (
        UPDATE matches SET seq = :b_seq, updated = :b_updated, version = :b_version,
            to_move = :b_to_move, seats_open = :b_seats_open, status = :b_status,
            result = :b_result, record = :b_record
        WHERE id = :b_id AND seq = :b_seen
        RETURNING id
    ), added AS (
        INSERT INTO events (match_id, seq, kind, seat, version, move, data, created)
        SELECT moved.id, e.seq, e.kind, e.seat, e.version, e.move, e.data, e.created
        FROM moved, jsonb_to_recordset(CAST(:b_events AS jsonb)) AS e(
            seq integer, kind text, seat integer, version integer, move text, data text,
            created double precision)
        RETURNING 1
    )
    SELECT pg_notify(:b_channel, :b_payload) FROM moved
    """
)


class _Refused(Exception):
    """An append that cannot be written as it is: its transaction is rolled back."""


@attrs.frozen
class _Append:
    """One append: the match, the ``seq`` it was decided on, its events and row."""

    match_id: str
    seen: int
    rows: tuple[EventRow, ...]
    fields: dict[str, Any]
    claim: SeatClaim | None

    def params(self) -> dict[str, Any]:
        out = {f"b_{name}": self.fields[name] for name in ROW_FIELDS}
        out.update(
            b_id=self.match_id,
            b_seen=self.seen,
            b_seq=self.seen + len(self.rows),
            b_updated=time.time(),
        )
        return out

    def event_dicts(self) -> list[dict[str, Any]]:
        return _event_dicts(self.match_id, self.rows)

    def pg_params(self, process: str) -> dict[str, Any]:
        """The parameters of ``_PG_APPEND``."""
        rows = [{k: v for k, v in e.items() if k != "match_id"} for e in self.event_dicts()]
        payload = f"{process} {self.match_id} {self.seen + len(self.rows)}"
        return {
            **self.params(),
            "b_events": json.dumps(rows),
            "b_channel": CHANNEL,
            "b_payload": payload,
        }


@attrs.frozen
class SeatClaim:
    """A change of one seat that must happen with the events: a join (``token_hash``
    set, the seat free before) or a leave (``token_hash`` None, the seat held by
    ``held``)."""

    seat: int
    token_hash: bytes | None
    name: str | None = None
    held: bytes | None = None


class Store:
    """The database of one server process.

    Args:
        engine: The async engine (``astroplane.server.db.make_engine``).
        process: This process's id in notifications (so it skips its own).
    """

    def __init__(self, engine: AsyncEngine, process: str) -> None:
        self.engine = engine
        self.process = process
        self.postgres = engine.dialect.name == "postgresql"
        # Reads and PostgreSQL's one-statement appends need no BEGIN and COMMIT: each is
        # one round trip (a statement is atomic on its own).
        self.reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite has one writer at a time: this process's writers queue here rather than
        # in SQLite's busy wait.
        self._write_lock = asyncio.Lock()
        self._pending: list[tuple[_Append, asyncio.Future[bool]]] = []
        self._flusher: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        if self.postgres:
            async with self.engine.begin() as conn:
                yield conn
        else:
            async with self._write_lock, self.engine.begin() as conn:
                yield conn

    # ---- writes ------------------------------------------------------------------------
    async def create(
        self,
        match: Mapping[str, Any],
        seat_rows: Sequence[Mapping[str, Any]],
        rows: Sequence[EventRow],
    ) -> None:
        """Insert a new match, its seats and its first events."""
        async with self._writing() as conn:
            await conn.execute(matches.insert(), [dict(match)])
            await conn.execute(seats.insert(), [{"match_id": match["id"], **s} for s in seat_rows])
            if rows:
                await conn.execute(events.insert(), _event_dicts(str(match["id"]), rows))

    async def append(
        self,
        match_id: str,
        seen: int,
        rows: Sequence[EventRow],
        fields: Mapping[str, Any],
        claim: SeatClaim | None = None,
    ) -> bool:
        """Append ``rows`` (numbered ``seen + 1``...) to the match's events and set
        ``fields`` of its row (all of ``ROW_FIELDS``), if its ``seq`` is still ``seen``
        (and the ``claim`` on a seat holds); else change nothing and return False.

        On SQLite the appends of concurrent writers are committed together (*group
        commit*: one transaction, one ``fsync``, for every append waiting), each still
        all or nothing; each caller gets its answer after the commit."""
        job = _Append(match_id, seen, tuple(rows), dict(fields), claim)
        if self.postgres:
            if claim is None:
                async with self.reader.connect() as conn:
                    found = await conn.execute(_PG_APPEND, job.pg_params(self.process))
                    return found.first() is not None
            try:
                async with self.engine.begin() as conn:
                    return await self._one(conn, job)
            except _Refused:
                return False
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((job, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        """Commit the waiting appends in batches until none is left (SQLite)."""
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            jobs = [job for job, _f in batch]
            try:
                try:
                    async with self._write_lock, self.engine.begin() as conn:
                        answers = await self._together(conn, jobs)
                except _Refused:  # one of them conflicts: each alone, under a savepoint
                    async with self._write_lock, self.engine.begin() as conn:
                        answers = await self._one_by_one(conn, jobs)
            except Exception as exc:  # the transaction failed: nothing of it was written
                for _job, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_job, future), ok in zip(batch, answers, strict=True):
                if not future.done():
                    future.set_result(ok)

    async def _together(self, conn: AsyncConnection, jobs: Sequence[_Append]) -> list[bool]:
        """Every job in one statement per table; ``_Refused`` (rolling all of it back) if
        any match moved on or any job claims a seat."""
        if any(j.claim is not None for j in jobs):
            raise _Refused
        moved = await conn.execute(_UPDATE_ONE, [j.params() for j in jobs])
        if moved.rowcount != len(jobs):
            raise _Refused
        await conn.execute(events.insert(), [e for j in jobs for e in j.event_dicts()])
        return [True] * len(jobs)

    async def _one_by_one(self, conn: AsyncConnection, jobs: Sequence[_Append]) -> list[bool]:
        answers = []
        for job in jobs:
            nested = await conn.begin_nested()
            ok = await self._one(conn, job)
            await (nested.commit() if ok else nested.rollback())
            answers.append(ok)
        return answers

    async def _one(self, conn: AsyncConnection, job: _Append) -> bool:
        """Write one append in the open transaction; False (and nothing written by the
        caller's rollback) when the match moved on or the claim fails."""
        moved = await conn.execute(_UPDATE_ONE, job.params())
        if moved.rowcount != 1:
            return False
        if job.claim is not None and not await _claim(conn, job.match_id, job.claim):
            if self.postgres:
                raise _Refused
            return False
        await conn.execute(events.insert(), job.event_dicts())
        if self.postgres:
            payload = f"{self.process} {job.match_id} {job.seen + len(job.rows)}"
            await conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
        return True

    # ---- reads -------------------------------------------------------------------------
    async def load(
        self, match_id: str
    ) -> tuple[Mapping[str, Any], list[Mapping[str, Any]], list[EventRow]] | None:
        """The match's row, its seats and all its events; None if there is no such match."""
        async with self.reader.connect() as conn:
            row = (await conn.execute(matches.select().where(matches.c.id == match_id))).first()
            if row is None:
                return None
            seat_rows = (
                await conn.execute(
                    seats.select().where(seats.c.match_id == match_id).order_by(seats.c.seat)
                )
            ).mappings()
            found: list[Mapping[str, Any]] = [dict(r) for r in seat_rows]
            log = await _events(conn, match_id, 0)
        header: Mapping[str, Any] = dict(row._mapping)
        return header, found, log

    async def events_after(self, match_id: str, seq: int) -> list[EventRow]:
        """The match's events after ``seq``, in order."""
        async with self.reader.connect() as conn:
            return await _events(conn, match_id, seq)

    async def seq_of(self, match_id: str) -> int | None:
        """The match's number of events (None: no such match)."""
        async with self.reader.connect() as conn:
            found = await conn.scalar(sa.select(matches.c.seq).where(matches.c.id == match_id))
        return None if found is None else int(found)

    async def live_count(self, creator: str) -> int:
        """The matches ``creator`` made that are not over."""
        query = (
            sa.select(sa.func.count())
            .select_from(matches)
            .where(matches.c.creator == creator, matches.c.status != "over")
        )
        async with self.reader.connect() as conn:
            return int(await conn.scalar(query) or 0)

    async def listing(
        self, *, game: str | None, status: str | None, open_only: bool, limit: int
    ) -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]]:
        """Matches newest first, with their seats: ``open_only`` keeps those that are
        not over and have a free seat."""
        query = sa.select(matches).order_by(matches.c.created.desc()).limit(limit)
        if game is not None:
            query = query.where(matches.c.game == game)
        if status is not None:
            query = query.where(matches.c.status == status)
        if open_only:
            query = query.where(matches.c.status != "over", matches.c.seats_open > 0)
        async with self.reader.connect() as conn:
            rows = [dict(r._mapping) for r in (await conn.execute(query)).all()]
            ids = [r["id"] for r in rows]
            by_match: dict[str, list[Mapping[str, Any]]] = {i: [] for i in ids}
            if ids:
                found = await conn.execute(
                    seats.select().where(seats.c.match_id.in_(ids)).order_by(seats.c.seat)
                )
                for s in found.mappings():
                    by_match[s["match_id"]].append(dict(s))
        return [(r, by_match[r["id"]]) for r in rows]

    async def bot_turns(self, idle: float) -> list[str]:
        """Active matches waiting for a bot's move for ``idle`` seconds or more."""
        query = (
            sa.select(matches.c.id)
            .join(
                seats,
                sa.and_(seats.c.match_id == matches.c.id, seats.c.seat == matches.c.to_move),
            )
            .where(
                matches.c.status == "active",
                seats.c.kind == "bot",
                matches.c.updated <= time.time() - idle,
            )
        )
        async with self.reader.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(query)).all()]


async def _claim(conn: AsyncConnection, match_id: str, claim: SeatClaim) -> bool:
    where = [seats.c.match_id == match_id, seats.c.seat == claim.seat, seats.c.kind == "human"]
    if claim.token_hash is not None:
        where.append(seats.c.token_hash.is_(None))
    else:
        where.append(seats.c.token_hash == claim.held)
    done = await conn.execute(
        seats.update().where(*where).values(token_hash=claim.token_hash, name=claim.name)
    )
    return bool(done.rowcount == 1)


async def _events(conn: AsyncConnection, match_id: str, after: int) -> list[EventRow]:
    found = await conn.execute(
        events.select()
        .where(events.c.match_id == match_id, events.c.seq > after)
        .order_by(events.c.seq)
    )
    return [
        EventRow(
            seq=int(r["seq"]),
            kind=str(r["kind"]),
            seat=r["seat"],
            version=int(r["version"]),
            move=r["move"],
            data=r["data"],
        )
        for r in found.mappings()
    ]


def _event_dicts(match_id: str, rows: Sequence[EventRow]) -> list[dict[str, Any]]:
    now = time.time()
    return [{"match_id": match_id, **attrs.asdict(r), "created": now} for r in rows]
