#!/usr/bin/env bash
# Installs the Debian packages Turnpost needs that are missing.
#   scripts/deps.sh run    what building and serving need
#   scripts/deps.sh test   that, and what the tests and the bench need
set -euo pipefail

want=(build-essential cmake pkg-config libmicrohttpd-dev libjansson-dev
      libsodium-dev libpq-dev libcurl4-openssl-dev librsvg2-dev zlib1g-dev postgresql curl jq)
if [ "${1:-run}" = test ]; then
    want+=(clang libclang-rt-14-dev)
    # tests/browser: a page on another origin, in headless Chromium
    want+=(chromium)
    # docker.test.mjs runs docker/nginx.conf in front of a server; it reads
    # the binary's libraries with readelf (binutils) and dpkg
    want+=(nginx binutils)
    # The HTTP suite and the lint need Node.js 18.17 or later and npm
    # (tests/api/package.json): Debian 12's nodejs (18.20) and npm, unless
    # a new enough Node.js with its npm came from elsewhere.
    if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number);
                  process.exit(a > 18 || (a === 18 && b >= 17) ? 0 : 1)' 2>/dev/null ||
       ! command -v npm >/dev/null; then
        want+=(nodejs npm)
    fi
fi

missing=()
for p in "${want[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "deps.sh: installing ${missing[*]} (apt-get)"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
