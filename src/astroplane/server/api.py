"""The lobby and match API: JSON over HTTP under ``/api/v1`` (the OpenAPI document,
``schema/openapi.json``, describes every path, body and answer).

A seat's requests carry its token: ``Authorization: Bearer TOKEN``. Every answer that
holds a state holds it in the game's own JSON format (``Game.to_dict``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import astroplane
from astroplane.server.catalog import bots_json, game_json, games_json
from astroplane.server.errors import ApiError
from astroplane.server.live import hash_token, row_summary
from astroplane.server.requests import read_body, read_create, read_draw, read_join, read_move

__all__ = ["client_of", "openapi_document", "server_of", "token_hash"]

#: The longest seat token accepted (the server makes 32-character ones).
MAX_TOKEN = 128
#: The most matches one list answers.
MAX_LIST = 200


def server_of(request: Request) -> Any:
    """The ``astroplane.server.app.Server`` of the application serving ``request``."""
    return request.app.state.server


def client_of(request: Request) -> str:
    """The client key rate limits and match counts are kept by: its address."""
    return request.client.host if request.client is not None else "unknown"


def _limit(request: Request) -> Any:
    server = server_of(request)
    if not server.limiter.allow(client_of(request)):
        raise ApiError(
            "rate_limited", f"more than {server.settings.rate:g} requests a second; slow down"
        )
    return server


def token_hash(value: str | None, *, required: bool) -> bytes | None:
    """The hash of a seat token from an ``Authorization: Bearer`` value (or a bare
    token, as WebSocket clients send it).

    Raises:
        ApiError: ``unauthorized`` if it is required and missing, or malformed.
    """
    if value is None or not value.strip():
        if required:
            raise ApiError(
                "unauthorized", "this request needs a seat token (Authorization: Bearer TOKEN)"
            )
        return None
    scheme, _, token = value.strip().partition(" ")
    if not token:
        token = scheme
    elif scheme.lower() != "bearer":
        raise ApiError("unauthorized", "the Authorization header is 'Bearer TOKEN'")
    token = token.strip()
    if not token or len(token) > MAX_TOKEN or not token.isascii() or not token.isprintable():
        raise ApiError("unauthorized", "this is no seat token")
    return hash_token(token)


def _auth(request: Request, *, required: bool) -> bytes | None:
    return token_hash(request.headers.get("authorization"), required=required)


def _seated(request: Request) -> tuple[Any, bytes]:
    """The server and the hash of the seat token a request must carry (rate-limited)."""
    server = _limit(request)
    digest = token_hash(request.headers.get("authorization"), required=True)
    assert digest is not None
    return server, digest


async def _body(request: Request) -> dict[str, Any]:
    limit = server_of(request).settings.max_message_bytes
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise ApiError("too_large", f"the request is {length} bytes; the limit is {limit}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError("too_large", f"the request is over the limit of {limit} bytes")
        chunks.append(chunk)
    return read_body(b"".join(chunks), limit)


def _match_id(request: Request) -> str:
    value = str(request.path_params["match"])
    if not 0 < len(value) <= 32 or not all(c.isalnum() or c in "-_" for c in value):
        raise ApiError("not_found", f"no match {value[:40]!r}")
    return value


def _json(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status)


# ---- the lobby ------------------------------------------------------------------------
async def info(request: Request) -> Response:
    """``GET /api/v1``: the server, its limits and where the rest is."""
    settings = _limit(request).settings
    return _json(
        {
            "server": "astroplane",
            "version": astroplane.__version__,
            "api": "v1",
            "openapi": "/api/v1/openapi.json",
            "limits": {
                "max_message_bytes": settings.max_message_bytes,
                "max_matches_per_client": settings.max_matches_per_client,
                "rate": settings.rate,
                "burst": settings.burst,
                "max_think": settings.max_think,
            },
        }
    )


@cache
def openapi_document() -> dict[str, Any]:
    """The OpenAPI document shipped with the package."""
    text = resources.files("astroplane.server").joinpath("schema/openapi.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    document["info"]["version"] = astroplane.__version__
    return document


async def openapi(request: Request) -> Response:
    """``GET /api/v1/openapi.json``."""
    _limit(request)
    return _json(openapi_document())


async def list_games(request: Request) -> Response:
    """``GET /api/v1/games``: every game and the bots."""
    _limit(request)
    return _json({"games": games_json(), "bots": bots_json()})


async def one_game(request: Request) -> Response:
    """``GET /api/v1/games/{game}``."""
    _limit(request)
    try:
        return _json(game_json(str(request.path_params["game"])))
    except ValueError as exc:
        raise ApiError("not_found", str(exc)) from None


async def list_matches(request: Request) -> Response:
    """``GET /api/v1/matches?game=&status=&open=&limit=``: matches, newest first."""
    server = _limit(request)
    query = request.query_params
    unknown = sorted(set(query) - {"game", "status", "open", "limit"})
    if unknown:
        raise ApiError("bad_request", f"unknown query parameter {unknown[0][:40]!r}")
    status = query.get("status")
    if status is not None and status not in ("open", "active", "over"):
        raise ApiError("bad_request", "status is open, active or over")
    open_only = query.get("open", "false")
    if open_only not in ("true", "false", "1", "0"):
        raise ApiError("bad_request", "open is true or false")
    limit_text = query.get("limit", "50")
    if not (limit_text.isascii() and limit_text.isdigit() and 0 < int(limit_text) <= MAX_LIST):
        raise ApiError("bad_request", f"limit is a whole number 1..{MAX_LIST}")
    game = query.get("game")
    if game is not None and len(game) > 64:
        raise ApiError("bad_request", "game is a game name")
    rows = await server.store.listing(
        game=game, status=status, open_only=open_only in ("true", "1"), limit=int(limit_text)
    )
    return _json({"matches": [row_summary(row, seats) for row, seats in rows]})


async def create_match(request: Request) -> Response:
    """``POST /api/v1/matches``: a new match; the creator may take a seat (``join``)."""
    server = _limit(request)
    body = await _body(request)
    wanted = read_create(body, max_think=server.settings.max_think)
    match, seat, token = await server.service.create(client_of(request), wanted)
    return _json(
        {
            "match": match.document(seat),
            "seat": match.seat_name(seat),
            "token": token or None,
        },
        201,
    )


# ---- one match --------------------------------------------------------------------------
async def read_match(request: Request) -> Response:
    """``GET /api/v1/matches/{match}``: the match, for the seat of the token if any."""
    server = _limit(request)
    digest = _auth(request, required=False)
    match = await server.service.match(_match_id(request))
    seat = None if digest is None else server.service.seat_for(match, digest)
    return _json(match.document(seat))


async def join(request: Request) -> Response:
    """``POST /api/v1/matches/{match}/join``: take a free seat; answers its token."""
    server = _limit(request)
    seat_name, name = read_join(await _body(request))
    match, seat, token = await server.service.join(_match_id(request), seat_name, name)
    return _json({"match": match.document(seat), "seat": match.seat_name(seat), "token": token})


async def leave(request: Request) -> Response:
    """``POST /api/v1/matches/{match}/leave``: give the seat up (its token stops working)."""
    server, digest = _seated(request)
    await _body(request)
    match = await server.service.leave(_match_id(request), digest)
    return _json({"match": match.document(None)})


async def play_move(request: Request) -> Response:
    """``POST /api/v1/matches/{match}/moves``: ``{"version", "move" | "action"}``."""
    server, digest = _seated(request)
    wanted = read_move(await _body(request))
    return _json(await server.service.move(_match_id(request), digest, wanted))


async def resign(request: Request) -> Response:
    """``POST /api/v1/matches/{match}/resign``: the match ends, lost for the seat."""
    server, digest = _seated(request)
    await _body(request)
    match = await server.service.resign(_match_id(request), digest)
    return _json({"match": match.document(match.seat_of(digest))})


async def draw(request: Request) -> Response:
    """``POST /api/v1/matches/{match}/draw``: ``{"action": "offer" | "accept" | "decline"}``."""
    server, digest = _seated(request)
    action = read_draw(await _body(request))
    match = await server.service.draw(_match_id(request), digest, action)
    return _json({"match": match.document(match.seat_of(digest))})


async def record(request: Request) -> Response:
    """``GET /api/v1/matches/{match}/record``: the game record so far (text)."""
    server = _limit(request)
    match_id = _match_id(request)
    match, text = await server.service.record_of(match_id)
    return Response(
        text,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{match.game.name}-{match_id}.txt"'},
    )


async def view(request: Request) -> Response:
    """``GET /api/v1/matches/{match}/view``: what the play page draws for the client."""
    server = _limit(request)
    digest = _auth(request, required=False)
    return _json(await server.service.view(_match_id(request), digest))
