"""Fixtures of the server's tests. They need the ``server`` extra and the test clients
(``pip install -e '.[server,test-server]'``) and skip, saying so, without them; the
PostgreSQL tests need Debian's PostgreSQL (``bash scripts/ci_postgres.sh``) and skip,
saying why, when it cannot start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

for _name in ("starlette", "uvicorn", "sqlalchemy", "alembic", "aiosqlite", "asyncpg"):
    pytest.importorskip(
        _name, reason=f"the server extra is not installed ({_name}): pip install -e '.[server]'"
    )
for _name in ("httpx", "websockets"):
    pytest.importorskip(_name, reason=f"{_name} is not installed: pip install -e '.[test-server]'")

from .postgres import PostgresCluster, why_not  # noqa: E402


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL server for the session (skips when none can start)."""
    reason = why_not()
    if reason is not None:
        pytest.skip(reason)
    cluster = PostgresCluster()
    try:
        cluster.start()
    except Exception as exc:  # initdb or pg_ctl failed: say why
        detail = getattr(exc, "stderr", "") or str(exc)
        pytest.skip(f"PostgreSQL could not start: {str(detail).strip()[:300]}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh database URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'matches.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.database()
