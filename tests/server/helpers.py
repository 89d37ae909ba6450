"""Helpers of the server's tests: ``astroplane serve`` as a real process on 127.0.0.1, and
HTTP and WebSocket clients that talk to it over loopback."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
TICTACTOE = ROOT / "examples" / "games" / "tictactoe.py"

#: Options that let tests send as fast as they like (the hostile test sets its own).
FAST = (
    *("--rate", "100000", "--burst", "100000", "--max-matches-per-client", "100000"),
    *("--max-connections-per-client", "1000", "--bot-pause", "0", "--bot-workers", "1"),
)


class ServerProcess:
    """``python -m astroplane serve --port 0`` in ``folder``; ``url`` once it listens."""

    def __init__(self, folder: Path, db: str | None = None, options: Sequence[str] = FAST,
                 plugin: bool = True) -> None:  # fmt: skip
        self.folder = folder
        self.db = db
        args = [sys.executable, "-m", "astroplane"]
        if plugin:
            args += ["--plugin", str(TICTACTOE)]
        args += ["serve", "--port", "0", "--log-level", "warning", *options]
        if db is not None:
            args += ["--db", db]
        self.args = args
        self.output: list[str] = []
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            self.args, cwd=self.folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env=env, start_new_session=True,
        )  # fmt: skip
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.output.append(line)
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=deadline - time.monotonic())
            except queue.Empty:
                break
            if line is None:
                break
            if line.startswith("astroplane server on "):
                self.url = line.split()[3].rstrip("/")
                return self
        self.stop()
        raise RuntimeError("the server did not start:\n" + "".join(self.output[-40:]))

    def stop(self) -> None:
        """Stop it as Ctrl-C does (and wait)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill9()
        self.proc = None

    def kill9(self) -> None:
        """``kill -9`` the server (and its bot workers, as a crash of the machine would)."""
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=20)
        self.proc = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


class Api:
    """A JSON client of one server (``httpx``), with the seat token of a player."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url + "/api/v1", timeout=30)
        self.token = token

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.http.get(path, headers=self.headers(), **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        if body is not None:
            kwargs["content"] = json.dumps(body)
        return self.http.post(path, headers=self.headers(), **kwargs)

    def ok(self, response: httpx.Response) -> Any:
        assert response.status_code < 300, (response.status_code, response.text)
        return response.json()

    def create(self, **body: Any) -> Any:
        found = self.ok(self.post("/matches", body))
        if found.get("token"):
            self.token = found["token"]
        return found

    def join(self, match: str, **body: Any) -> Any:
        found = self.ok(self.post(f"/matches/{match}/join", body))
        self.token = found["token"]
        return found

    def close(self) -> None:
        self.http.close()


class Live:
    """A WebSocket subscription to a match (the seat of ``token``, or a spectator)."""

    def __init__(
        self, url: str, match: str, token: str | None = None, since: int | None = None
    ) -> None:
        ws_url = url.replace("http://", "ws://") + f"/api/v1/matches/{match}/live"
        self.ws: ClientConnection = connect(ws_url, max_size=2**22, open_timeout=30).__enter__()
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        self.ws.send(json.dumps(hello))
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome", self.welcome

    def recv(self, timeout: float = 30.0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        return data

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, kind: str, timeout: float = 30.0) -> Iterator[dict[str, Any]]:
        """Messages up to and including the first of type ``kind``."""
        while True:
            message = self.recv(timeout)
            yield message
            if message["type"] == kind:
                return

    def close(self) -> None:
        self.ws.close()
