#!/usr/bin/env bash
# Install Ajv (the JSON Schema validator most JavaScript frontends use) for the schema
# tests in tests/test_schemas.py, which check that the shipped JSON Schemas compile and
# validate under Ajv2020 in strict mode. The tests are skipped, saying so, when node or
# Ajv is missing.
#
# Usage: bash scripts/install_ajv.sh
# Installs into $ASTROPLANE_AJV_DIR (default: ~/.cache/astroplane-ajv), outside the
# repository; the tests look there too.
set -euo pipefail

DIR="${ASTROPLANE_AJV_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/astroplane-ajv}"
if ! command -v npm >/dev/null 2>&1; then
    echo "install_ajv: npm not found; the Ajv schema tests will be skipped" >&2
    exit 0
fi
mkdir -p "$DIR"
npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error ajv@8
node -e "require('$DIR/node_modules/ajv/dist/2020'); console.log('ajv', require('$DIR/node_modules/ajv/package.json').version, 'in $DIR')"
