"""Helpers of the browser tests: a static HTTP server on 127.0.0.1, a browser tab that may
only talk to it, and where Chromium and the page are."""

from __future__ import annotations

import http.server
import importlib.util
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "play"
BUILD_HINT = "python scripts/build_play_page.py (or bash scripts/ci_browser.sh)"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """The Chromium binary to drive: $ASTROPLANE_CHROMIUM, else Debian's."""
    wanted = os.environ.get("ASTROPLANE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # quiet test output
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class Server:
    """A static HTTP server on 127.0.0.1 (a free port) in a daemon thread."""

    def __init__(self, directory: Path) -> None:
        def handler(*args: Any, **kwargs: Any) -> _Handler:
            return _Handler(*args, directory=str(directory), **kwargs)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


def serve(directory: Path) -> Iterator[Server]:
    server = Server(directory)
    try:
        yield server
    finally:
        server.close()


class Page:
    """A browser tab that may only talk to 127.0.0.1: any other request is recorded in
    ``foreign`` and aborted; page errors and console errors go to ``errors``."""

    def __init__(self, browser: Any, **context_options: Any) -> None:
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on(
            "console",
            lambda msg: self.errors.append(f"console: {msg.text}") if msg.type == "error" else None,
        )

    def _route(self, route: Any) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def close(self) -> None:
        self.context.close()


def stale_build(build: Path) -> str | None:
    """Why the page's built astroplane wheel is not this checkout's ``src/astroplane``
    (the build script's own check), or None when it is, or when the script is not there
    to ask (a copy of the tests, as the compiled build's run makes)."""
    path = ROOT / "scripts" / "build_play_page.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("build_play_page", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    wheel = next((build / "wheels").glob("astroplane-*.whl"), None)
    if wheel is None:
        return "no astroplane wheel"
    try:
        script.check_wheel(wheel)
    except SystemExit as stop:
        return str(stop.code)
    return None
