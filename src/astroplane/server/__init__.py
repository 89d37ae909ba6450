"""A reference game server for every registered game (``pip install 'astroplane[server]'``;
``astroplane serve``): a lobby and match API (JSON over HTTP), live play over WebSocket,
matches kept in SQLite or PostgreSQL, bots as seats, and the play page's online mode.

``create_app(settings)`` makes the ASGI application (Starlette), to run with uvicorn or
mount in your own ASGI site; ``ServerSettings`` says how it runs. docs/server.md is the
guide; the API is described by the OpenAPI document the server ships
(``GET /api/v1/openapi.json``).

Importing this package needs nothing of the ``server`` extra (the play page's click paths,
``astroplane.server.clicks``, run in the browser too); ``create_app`` does.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["ServerSettings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        return importlib.import_module("astroplane.server.app").create_app
    if name == "ServerSettings":
        return importlib.import_module("astroplane.server.settings").ServerSettings
    raise AttributeError(f"module 'astroplane.server' has no attribute {name!r}")
