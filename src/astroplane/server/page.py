"""The play page, served by the server (``/play/``) for its online mode.

The page's files are docs/play's (index.html, play.js, online.js, clicktree.js, play.css),
shipped in the wheel under ``astroplane/server/static/``; from a checkout (an editable
install) they are read from docs/play itself. The page's local mode (the rules engine
under Pyodide, with bots) is on the documentation site; the server does not ship Pyodide.
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.staticfiles import StaticFiles

__all__ = ["PAGE_FILES", "files", "online", "page_dir"]

#: The files of docs/play the server serves.
PAGE_FILES = ("index.html", "play.js", "online.js", "clicktree.js", "play.css")

_HERE = Path(__file__).resolve().parent


def page_dir() -> Path:
    """Where the page's files are: in the package (a wheel), else the checkout's
    docs/play."""
    shipped = _HERE / "static"
    if (shipped / "index.html").is_file():
        return shipped
    checkout = _HERE.parents[2] / "docs" / "play"
    if (checkout / "index.html").is_file():
        return checkout
    return shipped


class _PageFiles(StaticFiles):
    """Only the page's own files (never the checkout's Python or build output)."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        name = "/".join(parts) or "index.html"
        if name not in PAGE_FILES:
            return "", None
        return super().lookup_path(name)


def files() -> StaticFiles:
    """The static files app of the page."""
    return _PageFiles(directory=page_dir(), html=True, check_dir=False)


async def online(_request: Request) -> Response:
    """``/play/online.json``: tells play.js that a server is here, and where its API is
    (the docs site's own file says ``{"api": null}``)."""
    return JSONResponse({"api": "../api/v1/"})
