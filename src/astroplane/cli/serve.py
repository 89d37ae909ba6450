"""``astroplane serve``: the reference game server (``astroplane.server``) under uvicorn.

It needs the ``server`` extra (``pip install 'astroplane[server]'``); without it, the
command says so. With no options it serves on http://127.0.0.1:8000/ with a SQLite file
(``astroplane-server.sqlite3``) in the current directory; ``--db`` takes a PostgreSQL URL.
Game plug-ins given with ``--plugin`` are served too (and loaded by the bot processes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import os
from typing import Any

from rich.console import Console

from astroplane.cli.common import CliError
from astroplane.server.settings import DEFAULT_DATABASE

__all__ = ["add_serve_parser", "cmd_serve"]

#: The environment variable that names the database when ``--db`` is not given.
DATABASE_VARIABLE = "ASTROPLANE_DATABASE_URL"

_MISSING = (
    "the server needs the 'server' extra (Starlette, uvicorn, SQLAlchemy, ...); install "
    "it with: pip install 'astroplane[server]'"
)


def add_serve_parser(sub: Any, whole: Any, seconds: Any) -> None:
    """Add ``serve`` to the command line's sub-parsers (``whole(low, high)`` and
    ``seconds`` are the parser's number types)."""
    sp = sub.add_parser(
        "serve",
        help="run the game server: lobby, matches, live play, the play page online",
        description="Run the reference game server: a lobby and match API (JSON over HTTP, "
        "described at /api/v1/openapi.json), live play over WebSocket, bots as seats, and "
        "the play page's online mode at /play/. Matches are kept in a database: a SQLite "
        "file by default, or PostgreSQL (--db); several processes may serve one PostgreSQL "
        "database. docs/server.md is the guide.",
    )
    sp.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sp.add_argument(
        "--port", type=whole(0, 65535), default=8000, help="port (default 8000; 0: any free one)"
    )
    sp.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="the database: postgresql://USER:PASSWORD@HOST/NAME, sqlite:///FILE or a file "
        f"path (default: $ASTROPLANE_DATABASE_URL, else {DEFAULT_DATABASE} in the current "
        "directory; the variable keeps a password off the command line)",
    )
    # The bounds: (option, lowest, highest, default, help).
    bounds = (
        ("--max-message-bytes", 256, 16 * 1024 * 1024, 16 * 1024,
         "largest request or WebSocket message"),
        ("--max-matches-per-client", 1, 1_000_000, 20, "matches a client may have running"),
        ("--rate", 1, 1_000_000, 20, "requests and messages a client may send a second"),
        ("--burst", 1, 1_000_000, 60, "how many of them at once"),
        ("--max-connections-per-client", 1, 1_000_000, 32,
         "WebSocket connections a client may hold open"),
        ("--bot-workers", 0, 256, 0, "processes for the bots' moves (0: one per core)"),
    )  # fmt: skip
    for option, low, high, default, words in bounds:
        sp.add_argument(
            option,
            type=whole(low, high),
            default=default,
            metavar="N",
            help=f"{words} (default {default})",
        )
    sp.add_argument(
        "--max-think",
        type=seconds,
        default=10.0,
        metavar="TIME",
        help="longest thinking time of a bot seat (default 10s)",
    )
    sp.add_argument(
        "--bot-pause",
        type=float,
        default=0.3,
        metavar="SECONDS",
        help="pause before each bot move (default 0.3)",
    )
    sp.add_argument("--no-page", action="store_true", help="do not serve the play page")
    sp.add_argument(
        "--sqlite-synchronous",
        choices=("FULL", "NORMAL"),
        default="FULL",
        help="FULL: a commit survives a power cut; NORMAL: a crash (default FULL)",
    )
    sp.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        metavar="IPS",
        help="proxies whose X-Forwarded-For names the client (default 127.0.0.1)",
    )
    sp.add_argument(
        "--upgrade-only", action="store_true", help="upgrade the database schema (Alembic) and exit"
    )
    sp.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="uvicorn's",
    )
    sp.set_defaults(run=cmd_serve)


def _settings(args: argparse.Namespace) -> Any:
    settings = importlib.import_module("astroplane.server.settings")
    if args.bot_pause < 0 or args.bot_pause > 60:
        raise CliError("--bot-pause is 0..60 seconds")
    try:
        return settings.ServerSettings(
            database=args.db or os.environ.get(DATABASE_VARIABLE, f"sqlite:///{DEFAULT_DATABASE}"),
            max_message_bytes=args.max_message_bytes,
            max_matches_per_client=args.max_matches_per_client,
            rate=float(args.rate),
            burst=args.burst,
            max_subscribers_per_client=args.max_connections_per_client,
            bot_workers=args.bot_workers,
            max_think=args.max_think,
            bot_pause=args.bot_pause,
            plugins=tuple(getattr(args, "plugins", ()) or ()),
            page=not args.no_page,
            sqlite_synchronous=args.sqlite_synchronous,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None


def cmd_serve(args: argparse.Namespace, out: Console, err: Console) -> int:
    """Run the server until interrupted (Ctrl-C); ``--upgrade-only`` migrates and exits."""
    try:
        uvicorn = importlib.import_module("uvicorn")
        app_module = importlib.import_module("astroplane.server.app")
        db = importlib.import_module("astroplane.server.db")
    except ModuleNotFoundError as exc:
        raise CliError(f"{_MISSING} ({exc.name} is missing)") from None
    settings = _settings(args)
    _upgrade(db, settings.database)  # here, so that a database that fails says so plainly
    if args.upgrade_only:
        out.print(f"the database is at the newest schema: {_shown_db(settings.database)}")
        return 0
    app = app_module.create_app(settings)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=settings.max_message_bytes,
        # Messages are small and many: compressing each costs more CPU than it saves.
        ws_per_message_deflate=False,
        proxy_headers=True,
        forwarded_allow_ips=args.forwarded_allow_ips,
        lifespan="on",
    )
    server = uvicorn.Server(config)

    async def announce() -> None:
        while not server.started:
            await asyncio.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        host = f"[{args.host}]" if ":" in args.host else args.host
        print(
            f"astroplane server on http://{host}:{port}/ (play page: /play/, API: /api/v1/) "
            f"with {_shown_db(settings.database)}",
            flush=True,
        )

    async def serve() -> None:
        announcer = asyncio.create_task(announce())
        try:
            await server.serve()
        finally:
            announcer.cancel()

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve())
    except SystemExit:  # uvicorn could not start (it logged why: a port in use...)
        if server.started:
            raise
        raise CliError(f"the server could not start on {args.host}:{args.port}") from None
    return 0


def _upgrade(db: Any, url: str) -> None:
    """Open the database and upgrade its schema (Alembic), or say plainly why not."""
    engine = db.make_engine(url)

    async def upgrade() -> None:
        try:
            await db.migrate(engine)
        finally:
            await engine.dispose()

    try:
        asyncio.run(upgrade())
    except (OSError, ValueError) as exc:
        raise CliError(f"cannot open the database {_shown_db(url)}: {exc}") from None
    except Exception as exc:  # the driver's and SQLAlchemy's errors
        if type(exc).__module__.split(".")[0] not in (
            "sqlalchemy",
            "asyncpg",
            "alembic",
            "sqlite3",
        ):
            raise
        raise CliError(f"cannot open the database {_shown_db(url)}: {exc}") from None


def _shown_db(url: str) -> str:
    """The database URL without its password."""
    sa_url = importlib.import_module("sqlalchemy.engine").make_url(url)
    return str(sa_url.render_as_string(hide_password=True))
