#!/usr/bin/env bash
# A private PostgreSQL cluster, listening on 127.0.0.1 only.
#   scripts/pg.sh start DIR PORT   create the cluster if needed, start it
#   scripts/pg.sh stop DIR         stop it
#   scripts/pg.sh url DIR PORT DB  print the URL of database DB (created if missing)
# PostgreSQL refuses to run as root: as root, the cluster belongs to the
# postgres user that Debian's package creates.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "pg.sh: PostgreSQL is not installed (scripts/deps.sh)" >&2; exit 1; }

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

cmd=$1 dir=$2
case "$cmd" in
start)
    port=$3
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
