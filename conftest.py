"""pytest setup for the whole repository: the example variants of the docs ("Writing a
variant") and the example game ("Writing a game") are importable by the tests and doctests
as a third party imports its own modules. The example game, tic-tac-toe, is registered
for the whole run, so every test that runs over the registered games checks it too."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent / "examples"
sys.path.insert(0, str(EXAMPLES / "variants"))
sys.path.insert(0, str(EXAMPLES / "games"))

import tictactoe  # noqa: E402  (registers "tic-tac-toe" with astroplane.protocol)

assert tictactoe.GAME.name == "tic-tac-toe"

# astroplane.server: its Alembic scripts run only under Alembic, and the modules that use
# the ``server`` extra's libraries are left out of the doctest run when the extra is not
# installed (tests/server skips itself then, saying so).
collect_ignore_glob = ["src/astroplane/server/migrations/*"]
_SERVER_EXTRA = ("starlette", "uvicorn", "sqlalchemy", "alembic", "aiosqlite", "asyncpg")
if any(importlib.util.find_spec(name) is None for name in _SERVER_EXTRA):
    collect_ignore_glob += [
        f"src/astroplane/server/{name}.py"
        for name in ("app", "api", "socket", "page", "db", "store", "hub", "service")
    ]
