#!/bin/sh
# A page on another origin plays Turnpost in headless Chromium
# (browser.mjs). Needs TURNPOST_BIN and DATABASE_URL (a migrated database,
# as for tests/api/run.sh) and Debian's chromium; installs the pinned
# playwright-core (npm ci). Exits 77, which ctest counts as skipped, only
# when no Chromium is there and none can be installed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
: "${TURNPOST_BIN:?TURNPOST_BIN must name the turnpost binary}"
: "${DATABASE_URL:?DATABASE_URL must name a migrated database}"

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
            --no-install-recommends chromium >/dev/null; } 2>/dev/null || [ ! -x "$chromium" ]; then
        echo "tests/browser: no Chromium at $chromium and it cannot be installed; skipped"
        exit 77
    fi
fi
export CHROMIUM="$chromium"

if [ ! -d node_modules/playwright-core ]; then
    npm ci --engine-strict --no-audit --no-fund --loglevel=error
fi
exec node browser.mjs
