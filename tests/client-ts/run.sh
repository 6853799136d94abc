#!/bin/sh
# A TypeScript client generated from the served contract plays whole games
# (see run.mjs).
#
#   TURNPOST_BIN=build/turnpost DATABASE_URL=postgres://... tests/client-ts/run.sh
#
# Without DATABASE_URL, it runs against a throwaway PostgreSQL cluster
# (tests/api/with-postgres.sh). Installs the pinned dependencies (npm ci)
# when they are missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TURNPOST_BIN:?TURNPOST_BIN must name the turnpost binary}"
case $TURNPOST_BIN in /*) ;; *) TURNPOST_BIN=$(pwd)/$TURNPOST_BIN ;; esac
export TURNPOST_BIN
if [ -z "${DATABASE_URL:-}" ]; then
    TURNPOST_WITH_POSTGRES_RUN="$here/run.sh" exec "$here/../api/with-postgres.sh"
fi
cd "$here"
if [ ! -x node_modules/.bin/tsc ] || [ ! -x node_modules/.bin/openapi-typescript ] ||
   [ ! -d node_modules/openapi-fetch ]; then
    npm ci --engine-strict --no-audit --no-fund --loglevel=error
fi
exec node run.mjs
