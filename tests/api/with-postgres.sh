#!/bin/sh
# Runs run.sh against a throwaway PostgreSQL cluster, for a developer's
# machine or CI where no database is given.
#
#   TURNPOST_BIN=build/turnpost tests/api/with-postgres.sh [FILE...]
#
# PostgreSQL refuses to run as root, so when run as root the cluster is
# created and started as the "postgres" user (Debian's package makes it).
# The cluster lives in a fresh directory under /tmp, listens on 127.0.0.1
# on a free port only, and is stopped and removed on exit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TURNPOST_BIN:?TURNPOST_BIN must name the turnpost binary}"
case $TURNPOST_BIN in /*) ;; *) TURNPOST_BIN=$(pwd)/$TURNPOST_BIN ;; esac
export TURNPOST_BIN

bindir=$(pg_config --bindir 2>/dev/null || true)
for d in "$bindir" /usr/lib/postgresql/*/bin /usr/local/bin /usr/bin; do
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then bindir=$d; break; fi
done
[ -x "$bindir/initdb" ] || { echo "with-postgres.sh: no initdb found" >&2; exit 1; }

as_pg() {
    if [ "$(id -u)" = 0 ]; then (cd / && su postgres -s /bin/sh -c "$*"); else sh -c "$*"; fi
}

dir=$(mktemp -d /tmp/turnpost-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

cleanup() {
    as_pg "'$bindir/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT INT TERM

as_pg "'$bindir/initdb' -D '$dir/data' -U postgres -A trust --no-sync" >/dev/null
as_pg "'$bindir/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off -c max_connections=200\" start" >/dev/null
as_pg "'$bindir/createdb' -h 127.0.0.1 -p $port -U postgres turnpost_test"

export DATABASE_URL="postgresql://postgres@127.0.0.1:$port/turnpost_test"
"$TURNPOST_BIN" migrate
# TURNPOST_WITH_POSTGRES_RUN runs another suite's script instead of ours.
"${TURNPOST_WITH_POSTGRES_RUN:-$here/run.sh}" "$@"
