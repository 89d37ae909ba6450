"""The ASGI application: ``create_app(settings)`` (Starlette), run by uvicorn
(``astroplane serve``) or mounted in another ASGI site.

Starlette rather than FastAPI: the requests are read by the kit's JSON readers, so that
every refusal carries the library's own message (FastAPI's validation would answer in its
own words and shapes), and the API's OpenAPI document is written by hand, checked against
the routes and the responses by the tests, and shipped with the package
(``schema/openapi.json``); the framework's generated page would not earn its weight.

The database, the bot processes and (on PostgreSQL) the notification listener start with
the application's lifespan; an app mounted in a site whose server does not run the
lifespan of mounted apps starts them on its first request instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.engine import make_url
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from astroplane.server import api, page, socket
from astroplane.server.bots import BotPool
from astroplane.server.db import make_engine, migrate
from astroplane.server.errors import ApiError, error_body
from astroplane.server.hub import Hub, Listener
from astroplane.server.ratelimit import RateLimiter
from astroplane.server.service import MatchService
from astroplane.server.settings import ServerSettings
from astroplane.server.store import CHANNEL, Store

__all__ = ["Server", "create_app"]

log = logging.getLogger("astroplane.server")

#: Seconds between looks for matches whose bot nobody drives.
SWEEP_EVERY = 10.0


class Server:
    """Everything one server process holds: settings, database, subscriptions, bots."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.process = uuid.uuid4().hex[:12]
        self.limiter = RateLimiter(settings.rate, settings.burst)
        self.hub = Hub()
        self.engine = make_engine(settings.database, sqlite_synchronous=settings.sqlite_synchronous)
        self.store = Store(self.engine, self.process)
        self.bots = BotPool(settings.workers, settings.plugins)
        self.service = MatchService(settings, self.store, self.hub, self.bots)
        self.listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._started = False
        self._starting = asyncio.Lock()

    async def start(self) -> None:
        """Upgrade the database, listen for other processes, start waiting bots."""
        async with self._starting:
            if self._started:
                return
            await migrate(self.engine)
            if self.store.postgres:
                url = make_url(self.settings.database).set(drivername="postgresql")
                dsn = url.render_as_string(hide_password=False)
                self.listener = Listener(dsn, CHANNEL, self._notified, self.service.resync)
                await self.listener.start()
            self.bots.warm()
            await self.service.start_bots()
            self._sweeper = asyncio.create_task(self._sweep())
            self._started = True

    def _notified(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[0] == self.process or not parts[2].isdigit():
            return
        task = asyncio.ensure_future(self.service.notified(parts[1], int(parts[2])))
        task.add_done_callback(_log_failure)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.service.sweep()
            except Exception:  # the sweeper must outlive a failing database call
                log.exception("the bot sweep failed")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.service.close()
        self.hub.close()
        if self.listener is not None:
            await self.listener.stop()
        self.bots.close()
        await self.engine.dispose()
        self._started = False


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("catching up after a notification failed", exc_info=task.exception())


class _StartFirst:
    """Start the server on the first request when no lifespan did (a mounted app)."""

    def __init__(self, app: ASGIApp, server: Server) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.server._started:
            await self.server.start()
        await self.app(scope, receive, send)


async def _api_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse(exc.body(), status_code=exc.status)


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        return JSONResponse(
            error_body("method_not_allowed", "this path does not take that method"), 405
        )
    if exc.status_code == 404:
        return JSONResponse(error_body("not_found", "no such path"), 404)
    return JSONResponse(error_body("bad_request", str(exc.detail)), 400)


async def _internal(request: Request, exc: Exception) -> Response:
    log.error("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse(error_body("internal", "internal error: the server logged it"), 500)


def routes(settings: ServerSettings) -> list[BaseRoute]:
    """The application's routes: the API under ``/api/v1``, the page under ``/play``."""
    found: list[BaseRoute] = [
        Route("/api/v1", api.info, methods=["GET"]),
        Route("/api/v1/openapi.json", api.openapi, methods=["GET"]),
        Route("/api/v1/games", api.list_games, methods=["GET"]),
        Route("/api/v1/games/{game}", api.one_game, methods=["GET"]),
        Route("/api/v1/matches", api.list_matches, methods=["GET"]),
        Route("/api/v1/matches", api.create_match, methods=["POST"]),
        Route("/api/v1/matches/{match}", api.read_match, methods=["GET"]),
        Route("/api/v1/matches/{match}/join", api.join, methods=["POST"]),
        Route("/api/v1/matches/{match}/leave", api.leave, methods=["POST"]),
        Route("/api/v1/matches/{match}/moves", api.play_move, methods=["POST"]),
        Route("/api/v1/matches/{match}/resign", api.resign, methods=["POST"]),
        Route("/api/v1/matches/{match}/draw", api.draw, methods=["POST"]),
        Route("/api/v1/matches/{match}/record", api.record, methods=["GET"]),
        Route("/api/v1/matches/{match}/view", api.view, methods=["GET"]),
        WebSocketRoute("/api/v1/matches/{match}/live", socket.live),
    ]
    if settings.page:
        found += [
            Route("/", lambda _r: RedirectResponse("play/"), methods=["GET"]),
            Route("/play", lambda _r: RedirectResponse("play/"), methods=["GET"]),
            Route("/play/online.json", page.online, methods=["GET"]),
            Mount("/play", app=page.files(), name="play"),
        ]
    return found


def create_app(settings: ServerSettings | None = None) -> Starlette:
    """The server as an ASGI application.

    Args:
        settings: How it runs (default: ``ServerSettings()``, a SQLite file in the
            current directory).

    Returns:
        A Starlette application; ``app.state.server`` is its ``Server``.
    """
    settings = settings or ServerSettings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(
        routes=routes(settings),
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _internal,
        },
        lifespan=lifespan,
    )
    app.state.server = server
    app.add_middleware(_StartFirst, server=server)
    return app
