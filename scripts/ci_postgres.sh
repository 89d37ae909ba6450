#!/usr/bin/env bash
# PostgreSQL for the server's tests (tests/server) and its load benchmark: Debian's package
# (apt), then a check that a throwaway cluster starts. The tests start their own private
# cluster from the package's binaries, in a temporary folder on a free port of 127.0.0.1,
# as the postgres user when run as root (tests/server/postgres.py); the machine's own
# cluster is not used. Where it cannot start, the PostgreSQL tests skip and say why.
# Run it inside the venv the tests use, e.g. from .ci/run before pytest:
#   bash scripts/ci_postgres.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n--> %s\n' "$*"; }

have_initdb() {
    command -v initdb >/dev/null || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
}

step "PostgreSQL (Debian's package)"
if ! have_initdb; then
    sudo=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || { echo "need root or sudo to apt-get install postgresql" >&2; exit 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq postgresql
fi
ls -d /usr/lib/postgresql/*/bin 2>/dev/null || command -v initdb

step "A throwaway cluster starts (as the tests start theirs)"
python - <<'PY'
import sys

sys.path.insert(0, "tests")
from server.postgres import PostgresCluster, why_not

reason = why_not()
if reason:
    print(f"warning: the PostgreSQL tests will skip: {reason}")
    raise SystemExit(0)
cluster = PostgresCluster()
try:
    cluster.start()
    print("started and made a database:", cluster.database().rsplit("@", 1)[-1])
except Exception as exc:  # the tests will skip with this reason
    print(f"warning: the PostgreSQL tests will skip: PostgreSQL could not start: {exc}")
finally:
    cluster.stop()
PY
