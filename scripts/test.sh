#!/usr/bin/env bash
# Builds Turnpost with AddressSanitizer and UndefinedBehaviorSanitizer,
# starts a throwaway PostgreSQL, and runs every test through ctest: unit
# and property tests, the libFuzzer targets for a short time, the OpenAPI
# lint and the HTTP suite (which starts real servers). Cleans up after.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scripts/deps.sh test

build=$root/build-test
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
    -DTURNPOST_SANITIZE=ON -DTURNPOST_FUZZ=ON >/dev/null
cmake --build "$build" -j"$(nproc)"

(cd tests/api && npm ci --engine-strict --no-audit --no-fund --loglevel=error)
(cd chatbot && npm ci --engine-strict --no-audit --no-fund --loglevel=error)

work=$(mktemp -d /tmp/turnpost-test.XXXXXX)
chmod 755 "$work"
port=$(( 20000 + RANDOM % 20000 ))
cleanup() {
    "$root/scripts/pg.sh" stop "$work/pgdata" || true
    rm -rf "$work"
}
trap cleanup EXIT
PG_FSYNC=off scripts/pg.sh start "$work/pgdata" "$port"
DATABASE_URL=$(scripts/pg.sh url "$work/pgdata" "$port" turnpost_test)
export DATABASE_URL
export TURNPOST_BIN=$build/turnpost
export TURNPOST_PGDATA=$work/pgdata
export TURNPOST_PG_RESTART="$root/scripts/pg.sh restart $work/pgdata"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
# fontconfig keeps its caches to the end (librsvg's text in board.png)
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$TURNPOST_BIN" migrate

cd "$build"
ctest --output-on-failure --timeout 900 -j2
