#!/usr/bin/env bash
# A private PostgreSQL cluster, listening on 127.0.0.1 only.
#   scripts/pg.sh start DIR PORT   create the cluster if needed, start it
#   scripts/pg.sh stop DIR         stop it
#   scripts/pg.sh url DIR PORT DB  print the URL of database DB (created if missing)
# PostgreSQL refuses to run as root: as root, the cluster belongs to the
# postgres user that Debian's package creates. That user cannot enter a
# directory such as /root (mode 700), so when it cannot reach DIR's parent,
# the cluster lives in /var/lib/turnpost/<name>-<hash of DIR>/pgdata and
# DIR is made a symlink to it; every command follows the symlink, so DIR
# names the cluster wherever it lives.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "pg.sh: PostgreSQL is not installed (scripts/deps.sh)" >&2; exit 1; }

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        # From /: postgres may not enter the caller's directory.
        (cd / && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

# Puts the cluster of DIR where the postgres user can reach it, as above.
place_for_postgres() {
    local dir=$1 parent real
    parent=$(dirname "$dir")
    mkdir -p "$parent"
    [ ! -L "$dir" ] || return 0
    runuser -u postgres -- test -x "$parent" 2>/dev/null && return 0
    if [ -d "$dir" ]; then
        # Left by an earlier start that could not initialise it.
        rmdir "$dir" 2>/dev/null || {
            echo "pg.sh: postgres cannot reach $dir; move the cluster away" >&2
            exit 1
        }
    fi
    real=/var/lib/turnpost/$(basename "$(dirname "$parent")")-$(printf %s "$dir" | sha256sum | cut -c1-12)/pgdata
    mkdir -p "$real"
    chmod 755 /var/lib/turnpost "$(dirname "$real")"
    printf '%s\n' "$dir" > "$(dirname "$real")/checkout"
    ln -s "$real" "$dir"
    echo "pg.sh: postgres cannot enter $parent; the cluster lives in $real" >&2
}

cmd=${1:-} dir=$(realpath -m "${2:-.}")
case "$cmd" in
start)
    port=$3
    [ "$(id -u)" -ne 0 ] || place_for_postgres "$dir"
    dir=$(realpath -m "$dir")
    mkdir -p "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$dir"
    chmod 700 "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
        as_owner "$bindir/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 \
            --locale=C.UTF-8 >/dev/null
    fi
    if ! as_owner "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
        as_owner "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=${PG_FSYNC:-on}" \
            start >/dev/null
    fi
    ;;
stop)
    if [ -f "$dir/PG_VERSION" ]; then
        as_owner "$bindir/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
restart)
    as_owner "$bindir/pg_ctl" -D "$dir" -m fast -w restart >/dev/null
    ;;
url)
    port=$3 db=$4
    if ! psql -h 127.0.0.1 -p "$port" -U postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'" postgres | grep -q 1; then
        psql -h 127.0.0.1 -p "$port" -U postgres -qc "CREATE DATABASE \"$db\"" postgres
    fi
    echo "postgresql://postgres@127.0.0.1:$port/$db"
    ;;
*)
    echo "usage: pg.sh start|stop|restart|url DIR [PORT [DB]]" >&2
    exit 2
    ;;
esac
