"""A throwaway PostgreSQL server for the server's tests and benchmark: Debian's binaries
(``apt-get install -y postgresql``; ``bash scripts/ci_postgres.sh``) run a private cluster
in a temporary folder, on a free port of 127.0.0.1, as the ``postgres`` user when we are
root; nothing of the machine's own cluster is touched. ``ASTROPLANE_TEST_POSTGRES`` (a
``postgresql://`` URL of a server where the user may create databases) uses that server
instead.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

__all__ = ["PostgresCluster", "why_not"]


def _bin_dir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    return versions[-1].parent if versions else None


def why_not() -> str | None:
    """Why no PostgreSQL can be had here, or None when one can."""
    if os.environ.get("ASTROPLANE_TEST_POSTGRES"):
        return None
    if _bin_dir() is None:
        return (
            "PostgreSQL is not installed "
            "(apt-get install -y postgresql, or bash scripts/ci_postgres.sh)"
        )
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run PostgreSQL as"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresCluster:
    """A private PostgreSQL server (``start``/``stop``), or the one the environment names.

    ``database()`` makes a fresh database and returns its ``postgresql://`` URL.
    """

    def __init__(self) -> None:
        self.external = os.environ.get("ASTROPLANE_TEST_POSTGRES")
        self.folder: Path | None = None
        self.url = self.external or ""

    def _run(self, args: list[str]) -> None:
        if os.geteuid() == 0:
            args = ["runuser", "-u", "postgres", "--", *args]
        subprocess.run(args, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        if self.external:
            return
        bindir = _bin_dir()
        assert bindir is not None
        self.folder = Path(tempfile.mkdtemp(prefix="astroplane-pg-"))
        os.chmod(self.folder, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        data = self.folder / "data"
        self._run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "astroplane",
                   "-E", "UTF8", "--no-sync"])  # fmt: skip
        port = _free_port()
        options = f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
        self._run([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "log"),
                   "-o", options, "-w", "-t", "60", "start"])  # fmt: skip
        self.url = f"postgresql://astroplane@127.0.0.1:{port}/postgres"

    def stop(self) -> None:
        if self.external or self.folder is None:
            return
        bindir = _bin_dir()
        assert bindir is not None
        try:
            self._run(
                [str(bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"]
            )
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def database(self) -> str:
        """A new, empty database: its URL."""
        import asyncpg

        name = f"t_{uuid.uuid4().hex[:12]}"

        async def create() -> None:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()

        asyncio.run(create())
        base, _, _old = self.url.rpartition("/")
        return f"{base}/{name}"
