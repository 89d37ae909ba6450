"""pytest setup for the whole repository.

The example variants of the docs ("Writing a variant") and the example game ("Writing a
game") are importable by the tests and doctests as a third party imports its own modules.
The example games, tic-tac-toe and Pig, are registered for the whole run, so every test
that runs over the registered games checks them too.

Test groups: a test that needs more than the ``test`` extra carries the marker of what it
needs (``GROUPS``: ``rl``, ``openspiel``, ``ray``, ``browser``, ``ajv``, ``server``); the
doctests of ``astroplane.env`` are marked ``rl`` here. Where that is not installed, the test is
skipped with a reason that names the extra to install, so ``pip install -e '.[test]' &&
python -m pytest`` passes on a fresh machine, and ``python -m pytest -m "rl or openspiel
or ray or browser or ajv"`` runs exactly those tests once they are installed (``.ci/run`` does
both). With ``ASTROPLANE_NO_SKIPS=1`` (CI's second run) a test of a group that skips
fails instead, so a missing install cannot pass unnoticed.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Generator
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent / "examples"
sys.path.insert(0, str(EXAMPLES / "variants"))
sys.path.insert(0, str(EXAMPLES / "games"))

import pig  # noqa: E402  (registers "pig")
import tictactoe  # noqa: E402  (registers "tic-tac-toe" with astroplane.protocol)

assert tictactoe.GAME.name == "tic-tac-toe" and pig.GAME.name == "pig"

#: Each test group: the Python modules it needs, and how to install what it needs.
GROUPS: dict[str, tuple[tuple[str, ...], str]] = {
    "rl": (
        ("pettingzoo", "gymnasium", "numpy", "pyarrow", "pandas"),
        "the rl extra (PettingZoo, Gymnasium, NumPy, pyarrow, pandas): pip install -e '.[rl]'",
    ),
    "openspiel": (
        ("pyspiel", "numpy"),
        "the openspiel extra (OpenSpiel, NumPy): pip install -e '.[openspiel]'",
    ),
    "ray": (("ray",), "the ray extra (Ray): pip install -e '.[ray]'"),
    "browser": (
        ("playwright",),
        "Playwright, Chromium and the built play page: bash scripts/ci_browser.sh",
    ),
    "ajv": ((), "Node.js and Ajv: bash scripts/install_ajv.sh"),
    "server": (
        ("starlette", "uvicorn", "sqlalchemy", "alembic", "aiosqlite", "asyncpg", "httpx",
         "websockets"),
        "the server extra and its test clients, and PostgreSQL: pip install -e "
        "'.[server,test-server]' && bash scripts/ci_postgres.sh",
    ),
}

#: Doctests of these modules (and their submodules) belong to a group.
DOCTEST_GROUPS = {
    "astroplane.env": "rl",
    "astroplane.dataset": "rl",
    "astroplane.openspiel": "openspiel",
    "astroplane.server": "server",
}

# astroplane.server: its Alembic scripts run only under Alembic, and its modules that
# import the server extra's libraries cannot even be collected without them (the rest of
# the package's doctests are in the "server" group, skipped then, saying why).
collect_ignore_glob = ["src/astroplane/server/migrations/*"]
if any(importlib.util.find_spec(m) is None for m in GROUPS["server"][0][:6]):
    collect_ignore_glob += [
        f"src/astroplane/server/{name}.py"
        for name in ("app", "api", "socket", "page", "db", "store", "hub", "service")
    ]


def _missing(modules: tuple[str, ...]) -> list[str]:
    return [m for m in modules if importlib.util.find_spec(m) is None]


def pytest_configure(config: pytest.Config) -> None:
    for name, (_modules, needs) in GROUPS.items():
        config.addinivalue_line("markers", f"{name}: needs {needs}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem):
            for module, group in DOCTEST_GROUPS.items():
                if item.name == module or item.name.startswith(module + "."):
                    item.add_marker(getattr(pytest.mark, group))
        for group, (modules, needs) in GROUPS.items():
            if item.get_closest_marker(group) is None:
                continue
            missing = _missing(modules)
            if missing:
                item.add_marker(
                    pytest.mark.skip(reason=f"needs {needs} ({', '.join(missing)} missing)")
                )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """With ``ASTROPLANE_NO_SKIPS=1``, a skipped test of a group is a failure."""
    report = yield
    if (
        report.skipped
        and os.environ.get("ASTROPLANE_NO_SKIPS") == "1"
        and any(item.get_closest_marker(g) for g in GROUPS)
    ):
        report.outcome = "failed"
        report.longrepr = f"skipped in a run that must run its test groups: {report.longrepr}"
    return report
