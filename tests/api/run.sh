#!/bin/sh
# Runs the black-box API suite against the real server.
#
#   TURNPOST_BIN=build/turnpost DATABASE_URL=postgres://... tests/api/run.sh [FILE...]
#
# TURNPOST_BIN is the server binary and DATABASE_URL a migrated database the
# tests may write to (they create their own accounts and games); without
# DATABASE_URL, with-postgres.sh makes a throwaway cluster for the run.
# Without file arguments every *.test.mjs runs. Installs the pinned dependencies
# (npm ci) when node_modules is missing. Exits non-zero when a test fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

: "${TURNPOST_BIN:?TURNPOST_BIN must name the turnpost binary}"
case $TURNPOST_BIN in /*) ;; *) TURNPOST_BIN=$(cd "$OLDPWD" && cd "$(dirname "$TURNPOST_BIN")" && pwd)/$(basename "$TURNPOST_BIN") ;; esac
export TURNPOST_BIN
# Without a database, make a throwaway one (with-postgres.sh calls us back).
if [ -z "${DATABASE_URL:-}" ]; then
    exec "$here/with-postgres.sh" "$@"
fi
export DATABASE_URL

if [ ! -d node_modules/ajv ] || [ ! -d node_modules/yaml ] || [ ! -d node_modules/ajv-formats ] ||
   [ ! -d node_modules/standardwebhooks ]; then
    npm ci --engine-strict --no-audit --no-fund --loglevel=error
fi

# the reference chat bot's own dependencies, for chatbot.test.mjs
if [ ! -d ../../chatbot/node_modules/standardwebhooks ]; then
    (cd ../../chatbot && npm ci --engine-strict --no-audit --no-fund --loglevel=error)
fi

if [ $# -eq 0 ]; then
    set -- *.test.mjs
fi

coverage=$(mktemp)
trap 'rm -f "$coverage"' EXIT
export TURNPOST_API_COVERAGE="$coverage"

status=0
node --test --test-reporter=spec --test-reporter-destination=stdout "$@" || status=$?
node lib/coverage.mjs "$coverage" || true
exit $status
