#!/usr/bin/env bash
# Builds and serves Turnpost on 127.0.0.1:8080.
# Without DATABASE_URL it keeps a private PostgreSQL cluster in .turnpost/
# (port 5433), which stays running after the server stops:
#   scripts/pg.sh stop .turnpost/pgdata
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh run
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target turnpost >/dev/null

mkdir -p .turnpost
if [ -z "${DATABASE_URL:-}" ]; then
    port=${TURNPOST_PG_PORT:-5433}
    scripts/pg.sh start "$PWD/.turnpost/pgdata" "$port"
    DATABASE_URL=$(scripts/pg.sh url "$PWD/.turnpost/pgdata" "$port" turnpost)
    export DATABASE_URL
fi
build/turnpost migrate
export TURNPOST_KEYS=${TURNPOST_KEYS:-$PWD/.turnpost/keys}
exec build/turnpost serve "$@"
