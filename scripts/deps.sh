#!/usr/bin/env bash
# Installs the Debian packages Turnpost needs that are missing.
#   scripts/deps.sh run    what building and serving need
#   scripts/deps.sh test   that, and what the tests and the bench need
set -euo pipefail

want=(build-essential cmake pkg-config libmicrohttpd-dev libjansson-dev
      libsodium-dev libpq-dev postgresql curl jq)
if [ "${1:-run}" = test ]; then
    want+=(clang libclang-rt-14-dev)
    # Node.js may come from elsewhere with its own npm; Debian's otherwise.
    command -v node >/dev/null && command -v npm >/dev/null || want+=(nodejs npm)
fi

missing=()
for p in "${want[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
