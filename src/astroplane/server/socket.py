"""Live play: ``/api/v1/matches/{match}/live``, a WebSocket per client and match.

The client's first message is ``{"type": "hello", "token"?: TOKEN, "since"?: SEQ}``: with
a token it is that seat, without one a spectator. Without ``since`` the server answers
``{"type": "welcome", "match": MATCH}`` (the whole match, as ``GET`` gives it) and then
every event as it happens; with ``since`` (the last event seen before a reconnection) it
sends the events after it first (``welcome`` then has no ``match``). Events are
``{"type": "event", "seq", "kind", "version", ...}``, in ``seq`` order, none twice; the
seat to move also gets ``{"type": "turn", "version", "legal": [...]}``.

The client may send ``{"type": "move", "version", "move" | "action", "id"?}`` (answered by
``{"type": "ack", "id", "version", "seq"}`` once it is written, its events then coming as
every subscriber's do, or ``{"type": "error", "id", "error": {...}}``) and
``{"type": "ping"}``. Messages over the size limit close the socket (code 1009); a client
over its message rate gets an error, and is closed (1008) if it goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from astroplane.kit import jsonread as jr
from astroplane.kit.limits import shown
from astroplane.server.api import server_of, token_hash
from astroplane.server.errors import ApiError
from astroplane.server.hub import Subscriber
from astroplane.server.requests import read_move

__all__ = ["live"]

#: Seconds a client has to say hello.
HELLO_TIMEOUT = 10.0
#: Rate-limit errors in a row after which the socket is closed.
STRIKES = 20
#: WebSocket close codes.
POLICY, TOO_BIG = 1008, 1009


def _dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def _read(text: str, limit: int) -> dict[str, Any]:
    """A client message: a JSON object with a known ``type``."""
    try:
        data = jr.mapping(jr.load_json(text, "the message", limit), "message", "a JSON object")
        jr.string(data.get("type"), "message.type", ("hello", "move", "ping"))
    except ValueError as exc:
        raise ApiError("bad_request", str(exc)) from None
    return data


async def live(websocket: WebSocket) -> None:
    """The WebSocket endpoint (see the module docstring)."""
    server = server_of(websocket)  # type: ignore[arg-type]
    settings = server.settings
    client = websocket.client.host if websocket.client is not None else "unknown"
    await websocket.accept()
    if server.hub.count(client) >= settings.max_subscribers_per_client:
        await _refuse(websocket, ApiError("too_many_matches", "too many open connections"), POLICY)
        return
    match_id = str(websocket.path_params["match"])
    try:
        text = await asyncio.wait_for(
            _receive(websocket, settings.max_message_bytes), HELLO_TIMEOUT
        )
        hello = _read(text, settings.max_message_bytes)
        if hello["type"] != "hello":
            raise ApiError("bad_request", 'the first message is {"type": "hello"}')
        jr.object_with(hello, "message", ("type", "token", "since"))
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise ApiError(
                "unauthorized", f"message.token: a seat token is a string, not {shown(token)}"
            )
        since = hello.get("since")
        if since is not None:
            since = jr.integer(since, "message.since")
        match = await server.service.match(match_id)
        digest = token_hash(token, required=False)
        seat = None if digest is None else server.service.seat_for(match, digest)
    except _TooBig:
        await _close(websocket, TOO_BIG)
        return
    except (asyncio.TimeoutError, WebSocketDisconnect):
        await _close(websocket, POLICY)
        return
    except ApiError as exc:
        await _refuse(websocket, exc, POLICY)
        return
    except ValueError as exc:
        await _refuse(websocket, ApiError("bad_request", str(exc)), POLICY)
        return
    sub = server.hub.subscribe(match_id, seat, client)
    try:
        await _session(websocket, server, sub, digest, since)
    finally:
        server.hub.unsubscribe(sub)


class _TooBig(Exception):
    pass


async def _receive(websocket: WebSocket, limit: int) -> str:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > limit:
            raise _TooBig
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return "\x00"  # not JSON: answered as such
    if len(text) > limit:
        raise _TooBig
    return str(text)


async def _session(
    websocket: WebSocket, server: Any, sub: Subscriber, digest: bytes | None, since: int | None
) -> None:
    service = server.service
    last, first = await service.welcome(sub.match_id, sub.seat, since)
    for text in first:
        await websocket.send_text(text)
    sender = asyncio.create_task(_forward(websocket, service, sub, last))
    try:
        await _listen(websocket, server, sub, digest, sender)
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _forward(websocket: WebSocket, service: Any, sub: Subscriber, last: int) -> None:
    """Send what the hub queues for ``sub``, in order, none twice, filling gaps."""
    while True:
        item = await sub.queue.get()
        if item is None:
            await _close(websocket, POLICY)
            return
        kind, number, text = item
        if kind == "event":
            if number <= last:
                continue
            if number > last + 1:
                for missed in await service.events_between(sub.match_id, last, number - 1):
                    await websocket.send_text(missed)
            last = number
        await websocket.send_text(text)


async def _listen(
    websocket: WebSocket,
    server: Any,
    sub: Subscriber,
    digest: bytes | None,
    sender: asyncio.Task[None],
) -> None:
    settings = server.settings
    client = sub.client
    strikes = 0
    while not sender.done():
        try:
            text = await _receive(websocket, settings.max_message_bytes)
        except _TooBig:
            await _close(websocket, TOO_BIG)
            return
        except WebSocketDisconnect:
            return
        if not server.limiter.allow(client):
            strikes += 1
            if strikes >= STRIKES:
                await _close(websocket, POLICY)
                return
            await _send_error(
                websocket, ApiError("rate_limited", "too many messages; slow down"), None
            )
            continue
        strikes = 0
        ident: Any = None
        try:
            data = _read(text, settings.max_message_bytes)
            ident = data.get("id")
            if ident is not None and not (isinstance(ident, int | str) and len(str(ident)) <= 64):
                ident = None
                raise ApiError("bad_request", "message.id: a short string or integer")
            if data["type"] == "ping":
                await websocket.send_text(_dump({"type": "pong", "id": ident}))
            elif data["type"] == "hello":
                raise ApiError("bad_request", "hello is the first message only")
            else:
                if digest is None or sub.seat is None:
                    raise ApiError("forbidden", "a spectator cannot move")
                wanted = read_move(data, "message", ("type", "id"))
                ack = await server.service.move(sub.match_id, digest, wanted)
                # The socket gets the move's events (and the next turn) as every
                # subscriber does: the acknowledgement only says it was written.
                answer = {"type": "ack", "id": ident, "version": ack["version"], "seq": ack["seq"]}
                await websocket.send_text(_dump(answer))
        except ApiError as exc:
            await _send_error(websocket, exc, ident)


async def _send_error(websocket: WebSocket, exc: ApiError, ident: Any) -> None:
    await websocket.send_text(_dump({"type": "error", "id": ident, **exc.body()}))


async def _refuse(websocket: WebSocket, exc: ApiError, code: int) -> None:
    with contextlib.suppress(Exception):
        await _send_error(websocket, exc, None)
    await _close(websocket, code)


async def _close(websocket: WebSocket, code: int) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close(code)
