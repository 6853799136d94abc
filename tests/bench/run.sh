#!/usr/bin/env bash
# Load figures for Turnpost against one throwaway PostgreSQL: HTTP move
# submissions and game views through the real server, next to pgbench
# sending the server's own statements in the server's round trips on the
# same database. Figures, not pass/fail; see tests/bench/README.md.
#
#   tests/bench/run.sh [--ruleset R] [--seats N] [--games N] [--duration S]
#                      [--warmup S] [--rounds N] [--soak S] [--workers N]
#                      [--io-threads N] [--no-extra] [--delivery]
#                      [--streams N] [--only-live] [--rate-limit]
#
# --ruleset steam plays 4-player Steam games unless --seats says otherwise
# (other rulesets: their fewest seats), 64 of them unless --games says
# otherwise, so that games run to their end and are replaced within a run
# (a Steam game is about 230 moves; its state grows with its track).
# --rounds N repeats the measured phases N times and reports medians (and
# the range of each ratio): on a shared machine, other processes' load
# comes and goes. --soak S adds S seconds of move submissions at the end,
# for the server's memory over time. --no-extra skips the diagnostic
# pgbench runs of the old reference (move.sql, read.sql).
# --delivery adds webhook deliveries to a receiver in turnpost-bench while
# moves run at 32 clients (the server then runs with
# TURNPOST_WEBHOOK_ALLOW=127.0.0.1); --streams N adds N event streams held
# at once, with the server's RSS, and the latency of a move's event on 1,000
# of them on one game. Both come after the other phases and are off by
# default; --only-live skips the other measured phases (setup still runs).
# The server runs without rate limits (TURNPOST_RATE_LIMIT=0 and _ANON=0);
# --rate-limit starts two more servers on the same database that deliver
# nothing, one without limits and one with limits no request reaches
# (every request still charged to its bucket), and runs the view phase
# against each in every round, in turn first: the limits' cost.
# TURNPOST_BIN=path uses that server binary instead of building one;
# BENCH_BUILD=dir builds in dir instead of build-bench/;
# PG_FSYNC=off runs PostgreSQL without fsync (default: on).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

ruleset=ironfuture seats='' games='' duration=20 warmup=2 soak=0 extra=1 rounds=1
delivery=0 streams=0 main=1 ratelimit=0
client_threads=2   # pgbench -j, and the view clients' threads
server_args=()
while [ $# -gt 0 ]; do
    case $1 in
    --ruleset) ruleset=$2; shift 2 ;;
    --seats) seats=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --soak) soak=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --workers) server_args+=(--workers "$2"); shift 2 ;;
    --io-threads) server_args+=(--io-threads "$2"); shift 2 ;;
    --no-extra) extra=0; shift ;;
    --delivery) delivery=1; shift ;;
    --streams) streams=$2; shift 2 ;;
    --only-live) main=0; shift ;;
    --rate-limit) ratelimit=1; shift ;;
    *) sed -n '2,33p' "$0" >&2; exit 2 ;;
    esac
done
[ -n "$seats" ] || [ "$ruleset" != steam ] || seats=4
[ -n "$games" ] || { [ "$ruleset" = steam ] && games=64; } || games=256
for v in "$games" "$duration" "$warmup" "$soak" "$rounds" "$streams" ${seats:+"$seats"}; do
    [[ $v =~ ^[0-9]+$ ]] || { echo "run.sh: numbers only: $v" >&2; exit 2; }
done
[ "$duration" -ge 3 ] || { echo "run.sh: --duration is at least 3 s" >&2; exit 2; }
[ "$rounds" -ge 1 ] && [ "$rounds" -le 32 ] || { echo "run.sh: --rounds is 1 to 32" >&2; exit 2; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
revision="$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- api storage rules migrations 2>/dev/null || echo '+changes')"

# --- build -------------------------------------------------------------
build=${BENCH_BUILD:-$root/build-bench}
case $build in /*) ;; *) build=$root/$build ;; esac
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
targets=(--target turnpost-bench)
[ -n "${TURNPOST_BIN:-}" ] || targets+=(--target turnpost)
cmake --build "$build" -j"$(nproc)" "${targets[@]}" >/dev/null
bench=$build/turnpost-bench
server_bin=${TURNPOST_BIN:-$build/turnpost}
[ -x "$server_bin" ] || { echo "run.sh: no server binary $server_bin" >&2; exit 1; }

# The scripts in the server's shape name its statements ("@name arg ...");
# their text comes from storage/statements.def through turnpost-bench.
expand_script() {
    local line w
    while IFS= read -r line; do
        if [[ $line == @* ]]; then
            read -r -a w <<<"${line#@}"
            "$bench" sql "${w[@]}"
        else
            printf '%s\n' "$line"
        fi
    done <"$1"
}

# --- a throwaway cluster and server, removed on exit or Ctrl-C -----------
work=$(mktemp -d /tmp/turnpost-bench.XXXXXX)
chmod 755 "$work"
server_pid='' sampler_pid='' pg_started=0 limited_pid='' unlimited_pid=''

free_port() {
    local p
    for _ in $(seq 1 50); do
        p=$(( 15000 + RANDOM % 17000 ))  # below the ephemeral range
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
            echo "$p"
            return
        fi
    done
    echo "run.sh: no free port" >&2
    exit 1
}

cleanup() {
    set +e
    trap - EXIT INT TERM
    [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null && wait "$sampler_pid" 2>/dev/null
    for pid in "$limited_pid" "$unlimited_pid"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid"
            wait "$pid" 2>/dev/null
        fi
    done
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        for _ in $(seq 1 50); do
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$server_pid" 2>/dev/null
        wait "$server_pid" 2>/dev/null
    fi
    if [ "$pg_started" = 1 ]; then
        psql -q -h 127.0.0.1 -p "$pg_port" -U postgres -d turnpost_bench \
            -c 'DROP TABLE IF EXISTS bench_games, bench_answers; DROP SEQUENCE IF EXISTS bench_move_seq' \
            >/dev/null 2>&1
        scripts/pg.sh stop "$work/pgdata"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "run.sh: interrupted" >&2; exit 130' INT TERM

for s in same_move same_read; do
    expand_script "tests/bench/$s.sql" >"$work/$s.sql"
done

pg_port=$(free_port)
PG_FSYNC=${PG_FSYNC:-on} scripts/pg.sh start "$work/pgdata" "$pg_port"
pg_started=1
DATABASE_URL=$(scripts/pg.sh url "$work/pgdata" "$pg_port" turnpost_bench)
export DATABASE_URL
psql_q() { psql -qAt -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pg_port" -U postgres -d turnpost_bench "$@"; }
"$server_bin" migrate >/dev/null

port=$(free_port)
mkdir -p "$work/keys"
# webhooks to the bench's own receiver on loopback, for --delivery only
server_env=(TURNPOST_KEYS="$work/keys" TURNPOST_RATE_LIMIT=0 TURNPOST_RATE_LIMIT_ANON=0)
[ "$delivery" = 0 ] || server_env+=(TURNPOST_WEBHOOK_ALLOW=127.0.0.1)
env "${server_env[@]}" "$server_bin" serve --address 127.0.0.1 --port "$port" \
    "${server_args[@]}" >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
url=http://127.0.0.1:$port
for _ in $(seq 1 100); do
    grep -q "serving on" "$work/server.out" 2>/dev/null &&
        curl -fs "$url/healthz" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { tail -n 20 "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
curl -fs "$url/readyz" >/dev/null || { echo "run.sh: the server is not ready" >&2; exit 1; }
workers=$(sed -n 's/.*(\([0-9]*\) workers).*/\1/p' "$work/server.out")

# --rate-limit: two servers like the first but delivering nothing (the
# first does), one without limits and one charging every request at a
# quota never reached
start_extra() {   # start_extra NAME LIMIT: sets ${NAME}_pid and ${NAME}_url
    local p
    p=$(free_port)
    env TURNPOST_KEYS="$work/keys" TURNPOST_RATE_LIMIT="$2" TURNPOST_RATE_LIMIT_ANON="$2" \
        TURNPOST_DISPATCHERS=0 TURNPOST_SWEEPERS=0 \
        "$server_bin" serve --address 127.0.0.1 --port "$p" "${server_args[@]}" \
        >"$work/$1.out" 2>"$work/$1.log" &
    printf -v "${1}_pid" %s "$!"
    printf -v "${1}_url" %s "http://127.0.0.1:$p"
    for _ in $(seq 1 100); do
        curl -fs "http://127.0.0.1:$p/readyz" >/dev/null 2>&1 && return
        sleep 0.1
    done
    tail -n 20 "$work/$1.log" >&2
    exit 1
}
if [ "$ratelimit" = 1 ]; then
    start_extra limited 100000000/1
    start_extra unlimited 0
    curl -fsi "$limited_url/healthz" | grep -qi '^ratelimit:' &&
        ! curl -fsi "$unlimited_url/healthz" | grep -qi '^ratelimit:' ||
        { echo "run.sh: the extra servers do not answer as set" >&2; exit 1; }
fi

# Server memory, every 2 s, labelled with the phase running.
echo setup >"$work/phase"
(
    while kill -0 "$server_pid" 2>/dev/null; do
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null) || break
        [ -n "$rss" ] && echo "$(date +%s.%N) $(cat "$work/phase") $rss" >>"$work/rss"
        sleep 2
    done
) &
sampler_pid=$!

results=$work/results
: >"$results"
round=1
phase() {
    local p=$1
    [ "$rounds" = 1 ] || [ "$p" = setup ] || [ "$p" = soak ] || [ "$p" = done ] || p="r$round:$p"
    # written whole and then renamed: the sampler never reads it half-written
    echo "$p" >"$work/phase.new" && mv "$work/phase.new" "$work/phase"
    echo "== $p" >&2
}

# --- 1. setup ---------------------------------------------------------------
phase setup
"$bench" setup --url "$url" --state "$work/state" --games "$games" \
    --ruleset "$ruleset" ${seats:+--seats "$seats"} --ids "$work/ids" >&2
seats=$(sed -n 's/^seats //p' "$work/state")
psql_q -c 'CREATE TABLE bench_games (n serial PRIMARY KEY, id uuid NOT NULL)' \
    -c 'CREATE SEQUENCE bench_move_seq START 1000000000' \
    -c "\\copy bench_games (id) FROM '$work/ids'" -c 'ANALYZE'
count=$(psql_q -c 'SELECT count(*) FROM bench_games')
state_bytes=$(psql_q -c 'SELECT round(avg(octet_length(state::text))) FROM games g JOIN bench_games b ON b.id = g.id')

# Real moves, for pgbench's move rows: their events, answers, seats,
# rng_pos and notifications, sampled from the server's move log and outbox
# once the HTTP phases have written some.
answers='' pg_state_bytes='?'
sample_answers() {
    psql_q -c 'CREATE TABLE bench_answers (n serial PRIMARY KEY, events jsonb NOT NULL,
                   response text NOT NULL, move jsonb NOT NULL, seat int NOT NULL,
                   rng_pos bigint NOT NULL, payload jsonb NOT NULL)' \
        -c "INSERT INTO bench_answers (events, response, move, seat, rng_pos, payload)
            SELECT m.events, m.response, m.move, m.seat, m.rng_pos, o.payload FROM moves m
            JOIN outbox o ON o.game_id = m.game_id AND o.topic = 'game.move'
                AND o.payload->>'seq' = m.seq::text
            WHERE m.kind = 'move' AND m.response IS NOT NULL AND m.seq < 1000000000
            ORDER BY random() LIMIT 512" -c 'ANALYZE bench_answers'
    answers=$(psql_q -c 'SELECT count(*) FROM bench_answers')
    [ "$answers" -gt 0 ] || { echo "run.sh: the server logged no moves" >&2; exit 1; }
    # pgbench writes each bench game's own state back: its size once played
    # (a Steam state grows with track) is the size pgbench moves.
    pg_state_bytes=$(psql_q -c 'SELECT round(avg(octet_length(state::text))) FROM games g JOIN bench_games b ON b.id = g.id')
}

# The games of the scripts in the server's shape: a copy of each bench
# game n (id 00000000-0000-0000-0000-00000000000n, version 1) as it stands
# now, made again before each of those phases, so that they write and read
# games no HTTP client plays, and each phase starts from the games' states.
copy_games() {
    psql_q -c "DELETE FROM games WHERE id IN (SELECT lpad(n::text, 32, '0')::uuid FROM bench_games)" \
        -c 'CREATE TEMP TABLE bench_copy AS SELECT g.* FROM games g JOIN bench_games b ON b.id = g.id' \
        -c "UPDATE bench_copy c SET id = lpad(b.n::text, 32, '0')::uuid, version = 1
            FROM bench_games b WHERE b.id = c.id" \
        -c 'INSERT INTO games SELECT * FROM bench_copy' -c 'ANALYZE games'
}

# Runs one pgbench script; its tps, latency percentiles (from the
# per-transaction log) and failures become one result line. The scripts
# in the server's shape run from their expansion in $work, on copies.
run_pgbench() {
    local label=$1 script=$2 clients=$3 out tps failed lat cpu_pid file=$root/tests/bench/$2
    [ -n "$answers" ] || sample_answers
    case $script in same_*) file=$work/$script; copy_games ;; esac
    phase "$label"
    "$bench" cpu --server-pid "$server_pid" --from 1 --to "$((duration - 1))" \
        --label "cpu_$label" --result "$results" --round "$round" >/dev/null &
    cpu_pid=$!
    out=$(pgbench -n -M prepared -c "$clients" -j "$client_threads" -T "$duration" \
        -D count="$count" -D answers="$answers" -D clients="$clients" -D k=0 -D loaded=0 \
        -D known=1 -D kind=move -D topic=game.move \
        -f "$file" -l --log-prefix="$work/log_$label" \
        -h 127.0.0.1 -p "$pg_port" -U postgres turnpost_bench 2>&1) ||
        { echo "$out" >&2; exit 1; }
    wait "$cpu_pid"
    tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out")
    failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' <<<"$out")
    lat=$(cat "$work/log_$label".* | awk '{print $3}' | sort -n | awk '
        { v[NR] = $1; s += $1 }
        END { if (NR == 0) { print "0 0 0"; exit }
              i50 = int(NR * 0.50); if (i50 < NR * 0.50) i50++; if (i50 < 1) i50 = 1
              i99 = int(NR * 0.99); if (i99 < NR * 0.99) i99++; if (i99 < 1) i99 = 1
              printf "%.2f %.2f %.2f\n", v[i50] / 1000, v[i99] / 1000, s / NR / 1000 }')
    read -r p50 p99 mean <<<"$lat"
    echo "$label kind=pgbench clients=$clients duration=$duration tps=$tps p50_ms=$p50 p99_ms=$p99 mean_ms=$mean failed=${failed:-0} round=$round" |
        tee -a "$results" >&2
    rm -f "$work/log_$label".*
}

# One HTTP phase of turnpost-bench (moves or view).
# The view phase's clients take the shape of pgbench's: $client_threads
# threads (pgbench -j), each keeping all of its connections busy.
# A fourth and fifth argument name another server and its process.
run_http() {
    local what=$1 label=$2 clients=$3 to=${4:-$url} pid=${5:-$server_pid}
    phase "$label"
    "$bench" "$what" --url "$to" --state "$work/state" --clients "$clients" \
        --duration "$duration" --warmup "$warmup" --label "$label" --round "$round" \
        --result "$results" --server-pid "$pid" \
        $([ "$what" = view ] && echo --threads "$client_threads") >&2
}

for round in $(seq 1 "$rounds"); do
    [ "$main" = 1 ] || break
    [ "$rounds" = 1 ] || echo "=== round $round of $rounds" >&2
    # --- 2. HTTP move submissions, 3. the move in pgbench: the reference in
    # the server's shape, then (diagnostic) the old six-round-trip one ------
    run_http moves http_moves_8 8
    run_http moves http_moves_32 32
    run_pgbench pgbench_same_move_8 same_move.sql 8
    run_pgbench pgbench_same_move_32 same_move.sql 32
    if [ "$extra" = 1 ]; then
        run_pgbench pgbench_move_8 move.sql 8
        run_pgbench pgbench_move_32 move.sql 32
    fi
    # --- 4. GET view next to the server's read, then the plain SELECT state ---
    run_http view http_view_8 8
    if [ "$ratelimit" = 1 ] && [ $((round % 2)) = 1 ]; then
        run_http view http_view_limits_off_8 8 "$unlimited_url" "$unlimited_pid"
        run_http view http_view_limits_on_8 8 "$limited_url" "$limited_pid"
    elif [ "$ratelimit" = 1 ]; then
        run_http view http_view_limits_on_8 8 "$limited_url" "$limited_pid"
        run_http view http_view_limits_off_8 8 "$unlimited_url" "$unlimited_pid"
    fi
    run_pgbench pgbench_same_read_8 same_read.sql 8
    if [ "$extra" = 1 ]; then
        run_pgbench pgbench_read_8 read.sql 8
    fi
done

# --- 6. soak ------------------------------------------------------------------
if [ "$soak" -gt 0 ]; then
    phase soak
    "$bench" moves --url "$url" --state "$work/state" --clients 32 --duration "$soak" \
        --warmup 0 --label http_soak --result "$results" --server-pid "$server_pid" >&2
fi
# --- 6b. webhook deliveries and event streams (--delivery, --streams N) ------
round=1
if [ "$delivery" = 1 ]; then
    phase deliveries
    "$bench" deliveries --url "$url" --state "$work/state" --clients 32 \
        --duration "$duration" --warmup "$warmup" --drain 30 --label http_deliveries \
        --result "$results" --server-pid "$server_pid" >&2
fi
if [ "$streams" -gt 0 ]; then
    phase streams
    "$bench" streams --url "$url" --state "$work/state" --streams "$streams" \
        --subscribers 1000 --rate 20 --duration "$duration" --label sse_streams \
        --result "$results" --server-pid "$server_pid" >&2
fi
phase done
sleep 2.1   # one more RSS sample

# --- 5. the table -------------------------------------------------------------
title="Turnpost bench $(date -u +%Y-%m-%dT%H:%MZ), ${revision}: ruleset $ruleset, $count games of $seats seats (state ~${state_bytes} B at setup, ~${pg_state_bytes} B when pgbench ran), ${duration} s per phase (+${warmup} s warm-up), $rounds round(s), server ${workers:-?} workers $(basename "$server_bin"), $(nproc) CPUs, PostgreSQL $(psql_q -c 'SHOW server_version' | cut -d' ' -f1) fsync=${PG_FSYNC:-on}; load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg)"
mkdir -p "$build"
"$bench" report --result "$results" --rss "$work/rss" --title "$title" | tee "$build/bench-report.txt"
cp "$results" "$build/bench-results.txt"
cp "$work/rss" "$build/bench-rss.txt" 2>/dev/null || true
echo "(saved in $build/bench-report.txt)"

# --- 7. the rules engines alone: random playouts -------------------------------
# Whole random Steam and Iron Future games through the engine interface,
# no server or database: games and moves per second of one core, with a
# fixed seed (tests/bench/playouts.c). Appended to the saved report.
cmake --build "$build" -j"$(nproc)" --target turnpost-playouts >/dev/null
echo "engines alone, random playouts (seed 1, one core):" | tee -a "$build/bench-report.txt"
"$build/turnpost-playouts" --seed 1 | sed 's/^/  /' | tee -a "$build/bench-report.txt"
cmake --build "$build" -j"$(nproc)" --target turnpost-hs-engine >/dev/null
"$build/turnpost-hs-engine" | sed 's/^/  /' | tee -a "$build/bench-report.txt"
