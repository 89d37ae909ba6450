"""What a server may be configured with: its database and the bounds it holds every client
to (``astroplane serve --help`` sets the same fields from the command line)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs

__all__ = ["DEFAULT_DATABASE", "ServerSettings", "database_url"]

#: The database ``astroplane serve`` uses without ``--db``: a SQLite file in the current
#: directory.
DEFAULT_DATABASE = "astroplane-server.sqlite3"


def database_url(text: str) -> str:
    """The SQLAlchemy URL of the async driver for ``text``: a PostgreSQL URL
    (``postgresql://user@host/db``, run by asyncpg), a SQLite URL (``sqlite:///file``, run
    by aiosqlite) or a path to a SQLite file.

    Raises:
        ValueError: For a URL of another database, or an empty text.

    Examples:
        >>> database_url("postgresql://game@db.example/astroplane")
        'postgresql+asyncpg://game@db.example/astroplane'
        >>> database_url("sqlite:///games.db")
        'sqlite+aiosqlite:///games.db'
        >>> database_url("games.db")
        'sqlite+aiosqlite:///games.db'
    """
    t = text.strip()
    if not t:
        raise ValueError("a database is a PostgreSQL URL, a SQLite URL or a file path, not ''")
    scheme, sep, rest = t.partition("://")
    if not sep:
        return f"sqlite+aiosqlite:///{Path(t).expanduser()}"
    base = scheme.split("+", 1)[0].lower()
    if base in ("postgresql", "postgres"):
        return f"postgresql+asyncpg://{rest}"
    if base == "sqlite":
        return f"sqlite+aiosqlite://{rest}"
    raise ValueError(
        f"the server runs on PostgreSQL (postgresql://...) or SQLite (sqlite:///FILE), "
        f"not {scheme!r}"
    )


def _positive(_inst: object, attr: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"{attr.name} is a positive number, not {value!r}")


def _url(value: str) -> str:
    return database_url(value)


@attrs.frozen
class ServerSettings:
    """How a server runs and what it allows each client.

    A *client* is a remote address (``request.client.host``; behind a reverse proxy, run
    uvicorn with ``--forwarded-allow-ips`` so that it is the visitor's address).

    Attributes:
        database: The database URL (``database_url`` normalises it): SQLite by default.
        max_message_bytes: The largest request body or WebSocket message, in bytes; a
            larger one is refused (413, or the socket is closed with code 1009).
        max_matches_per_client: Matches a client may have created that are not over.
        rate: Requests and WebSocket messages a client may send per second, sustained.
        burst: How many it may send at once before ``rate`` applies.
        max_subscribers_per_client: WebSocket connections a client may hold open.
        bot_workers: Processes that run the bots' moves (a process pool off the event
            loop); 0: as many as the machine has cores.
        max_think: The longest thinking time a searching bot seat may be given, seconds.
        bot_pause: Seconds the server waits before a bot moves (so people can follow).
        plugins: Game plug-ins (module names or ``.py`` files, as ``--plugin`` takes) that
            the bot processes load, so that they play the plug-ins' games too.
        page: Serve the play page (``/play/``) with its online mode.
        sqlite_synchronous: SQLite's ``synchronous`` pragma: ``FULL`` (a commit survives
            a power loss) or ``NORMAL`` (it survives the process being killed; faster).
        cache_matches: Matches kept in memory (states replayed); others are read again.
    """

    database: str = attrs.field(default=f"sqlite:///{DEFAULT_DATABASE}", converter=_url)
    max_message_bytes: int = attrs.field(default=16 * 1024, validator=_positive)
    max_matches_per_client: int = attrs.field(default=20, validator=_positive)
    rate: float = attrs.field(default=20.0, validator=_positive)
    burst: int = attrs.field(default=60, validator=_positive)
    max_subscribers_per_client: int = attrs.field(default=32, validator=_positive)
    bot_workers: int = attrs.field(default=0)
    max_think: float = attrs.field(default=10.0, validator=_positive)
    bot_pause: float = attrs.field(default=0.3)
    plugins: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    page: bool = True
    sqlite_synchronous: str = attrs.field(
        default="FULL", validator=attrs.validators.in_(("FULL", "NORMAL"))
    )
    cache_matches: int = attrs.field(default=2000, validator=_positive)

    @property
    def workers(self) -> int:
        """The number of bot processes (``bot_workers``, or the machine's cores)."""
        return self.bot_workers if self.bot_workers > 0 else max(os.cpu_count() or 1, 1)

    @property
    def is_sqlite(self) -> bool:
        """True when the database is SQLite."""
        return self.database.startswith("sqlite")
