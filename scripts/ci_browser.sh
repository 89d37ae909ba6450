#!/usr/bin/env bash
# Everything the browser test (tests/browser, marker "browser") needs, then the play page:
#   Debian's Chromium (apt), Playwright for Python (pip, into the active environment),
#   Node.js/npm if missing (apt), and docs/play/_build/ (scripts/build_play_page.py, which
#   runs npm ci in web/, builds the wheel and downloads attrs' wheel).
# Playwright's own browser download (`playwright install`) is not used: the test drives
# /usr/bin/chromium. Run it inside the venv the tests use, e.g. from .ci/run before pytest:
#   bash scripts/ci_browser.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n--> %s\n' "$*"; }

APT_UPDATED=0
apt_install() {
    local sudo=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || { echo "need root or sudo to apt-get install $*" >&2; exit 1; }
        sudo=(sudo)
    fi
    if [ "$APT_UPDATED" = 0 ]; then
        "${sudo[@]}" apt-get update -qq
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@"
}

step "Chromium"
if ! command -v chromium >/dev/null; then
    apt_install chromium
fi
chromium --version 2>/dev/null || true

step "Node.js and npm"
if ! command -v npm >/dev/null; then
    apt_install nodejs npm
fi
node --version
npm --version 2>/dev/null

step "Playwright for Python"
python -m pip install --quiet playwright
python -c "from importlib.metadata import version; print('playwright', version('playwright'))"

step "The play page: python scripts/build_play_page.py"
python scripts/build_play_page.py
