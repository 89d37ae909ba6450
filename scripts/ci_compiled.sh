#!/usr/bin/env bash
# Build the mypyc-compiled variant of astroplane into its own venv and run the whole test
# suite against the installed, compiled package (not src/).
#
#   scripts/ci_compiled.sh              # from the repository root; venv in $VENV
#
# Environment: PYTHON (default python3), VENV (default: a temporary directory, removed at
# the end), HYPOTHESIS_PROFILE (default ci).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
WORK="$(mktemp -d)"
VENV="${VENV:-$WORK/venv}"
trap 'rm -rf "$WORK"' EXIT

start=$(date +%s)
"$PYTHON" -m venv "$VENV"
# shellcheck disable=SC1091
. "$VENV/bin/activate"
python -m pip install -q --upgrade pip
# The build (an isolated build environment with mypy, setuptools and attrs) compiles the
# hot modules because of ASTROPLANE_COMPILE=1; not editable, so the extensions are used.
ASTROPLANE_COMPILE=1 python -m pip install -q "$ROOT[test]"
# Square Off's move generator and play are compiled too: the OpenSpiel lockstep test
# (tests/square_off/test_so_openspiel.py) must run against them, not skip.
python -m pip install -q 'open_spiel>=2.0'
echo "compiled build and install: $(( $(date +%s) - start )) s"

# A copy of the tests (with the files some tests read: src/ as text, docs/, examples/,
# benchmarks/ for the balance studies test),
# run from outside the clone. src/ is not on sys.path, so the installed package is imported.
mkdir "$WORK/repo"
(cd "$ROOT" && cp -r tests src docs examples benchmarks conftest.py pyproject.toml README.md mkdocs.yml \
    "$WORK/repo/")
cd "$WORK/repo"
python -c "import astroplane, sys; print('astroplane.COMPILED =', astroplane.COMPILED); sys.exit(0 if astroplane.COMPILED else 1)"
ASTROPLANE_EXPECT_COMPILED=1 HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" \
    python -m pytest -q -p no:cacheprovider tests
echo "compiled build, install and tests: $(( $(date +%s) - start )) s"
