#!/usr/bin/env bash
# Builds and serves Turnpost on 127.0.0.1:8080.
# Without DATABASE_URL it keeps a private PostgreSQL cluster in .turnpost/
# (port 5433), which stays running after the server stops:
#   scripts/pg.sh stop .turnpost/pgdata
# When the postgres user cannot enter the checkout (as root under /root),
# .turnpost/pgdata is a symlink to the cluster in /var/lib/turnpost/.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "run.sh: $*"; }

# Runs a quiet step; its output is shown only when it fails.
quietly() {
    local log
    log=$(mktemp)
    if ! "$@" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        rm -f "$log"
        say "failed: $*" >&2
        exit 1
    fi
    rm -f "$log"
}

say "checking the Debian packages it needs"
scripts/deps.sh run
say "configuring (cmake, build/)"
quietly cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
say "building build/turnpost (the first build takes a minute or two)"
quietly cmake --build build -j"$(nproc)" --target turnpost

mkdir -p .turnpost
if [ -z "${DATABASE_URL:-}" ]; then
    port=${TURNPOST_PG_PORT:-5433}
    say "starting PostgreSQL (.turnpost/pgdata, 127.0.0.1:$port)"
    scripts/pg.sh start "$PWD/.turnpost/pgdata" "$port"
    DATABASE_URL=$(scripts/pg.sh url "$PWD/.turnpost/pgdata" "$port" turnpost)
    export DATABASE_URL
fi
say "migrating the database"
build/turnpost migrate
export TURNPOST_KEYS=${TURNPOST_KEYS:-$PWD/.turnpost/keys}
say "serving (Ctrl-C stops the server)"
exec build/turnpost serve "$@"
