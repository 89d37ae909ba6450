"""The server's tables (SQLAlchemy Core), its engine and its schema migrations (Alembic).

Three tables hold everything; a match is *event-sourced*: its state is its start (game,
rules, players, first seat) with every ``move`` event of ``events`` played in order.

* ``matches``: one row per match, its start and what listing and locking need now:
  ``seq`` (events so far, the lock every write checks), ``version`` (moves so far, chance
  outcomes included: the *state version* clients quote), ``status``, ``to_move``,
  ``seats_open``, the ``result`` and, once over, the game ``record``.
* ``seats``: who sits where: a person (the SHA-256 of their seat token once joined) or a
  bot (its name and thinking time).
* ``events``: the match's log, numbered by ``seq`` from 1 (primary key ``(match_id,
  seq)``): moves (their notation), joins, leaves, draw offers, resignations, the end.

A write appends events only if ``matches.seq`` is still what the writer read (an
``UPDATE ... WHERE seq = :seen`` in the transaction that inserts them), so two server
processes can never both accept a move at one state version.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

__all__ = ["METADATA", "events", "make_engine", "matches", "migrate", "seats"]

METADATA = sa.MetaData()

matches = sa.Table(
    "matches",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("first", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("seats_open", sa.Integer, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("creator", sa.String(64), nullable=False),
    sa.Column("library", sa.String(32), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Index("ix_matches_status_game", "status", "game"),
    sa.Index("ix_matches_creator_status", "creator", "status"),
)

seats = sa.Table(
    "seats",
    METADATA,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("think", sa.Float, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.LargeBinary(32), nullable=True),
)

events = sa.Table(
    "events",
    METADATA,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("move", sa.Text, nullable=True),
    sa.Column("data", sa.Text, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
)

#: Where Alembic finds the migrations (package data of ``astroplane.server``).
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def make_engine(url: str, *, sqlite_synchronous: str = "FULL") -> AsyncEngine:
    """An async engine for ``url`` (``postgresql+asyncpg://`` or ``sqlite+aiosqlite://``).

    SQLite runs in WAL mode (readers never wait for the writer) with ``busy_timeout``
    set, so that a second process writing waits instead of failing, and foreign keys on.
    """
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        _on_connect(engine, _sqlite_pragmas(sqlite_synchronous))
        return engine
    # No ping before each use (a round trip per request); connections are renewed hourly,
    # and one that broke fails its request once and is replaced.
    return create_async_engine(url, pool_size=20, max_overflow=20, pool_recycle=3600)


def _sqlite_pragmas(synchronous: str) -> Callable[[Any, Any], None]:
    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            f"synchronous={synchronous}",
            "busy_timeout=30000",
            "foreign_keys=ON",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    return pragmas


def _on_connect(engine: AsyncEngine, hook: Callable[[Any, Any], None]) -> None:
    event.listen(engine.sync_engine, "connect", hook)


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade the database to ``revision`` (the newest by default) with Alembic: the
    tables are created in a new database, and a deployed one gets the changes of later
    versions. On PostgreSQL an advisory lock makes processes that start together run it
    one at a time.
    """
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            await conn.execute(sa.text("SELECT pg_advisory_xact_lock(4242424242)"))
        await conn.run_sync(_upgrade, revision)


async def current_revision(conn: AsyncConnection) -> str | None:
    """The revision the database is at (None: no tables of ours yet)."""

    def read(sync: sa.Connection) -> str | None:
        return MigrationContext.configure(sync).get_current_revision()

    return await conn.run_sync(read)


def _upgrade(connection: sa.Connection, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)
