#!/usr/bin/env bash
# Every rule in a ruleset's index (the "Rules of the round (index)" of its
# RULINGS.md, each line "- HS-R-nn ...") is named by a test: a test's name
# (test_hs_r_nn_...) or the comment above it ("HS-R-nn") in tests/unit or
# tests/api. Lists the rules no test names, and fails when there is one.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
check() {
    local rulings=$1 prefix=$2 missing=() n=0
    local lower
    lower=$(printf '%s' "$prefix" | tr 'A-Z-' 'a-z_')
    for id in $(awk '/^## Rules of the round/,0' "$rulings" |
                grep -oE "^- ${prefix}[0-9]+" | sed "s/^- ${prefix}//"); do
        n=$((n + 1))
        if ! grep -rqE "${prefix}${id}([^0-9]|$)|${lower}${id}_|${lower}[0-9_]*_${id}_" \
                "$root/tests/unit" "$root/tests/api"/*.mjs; then
            missing+=("${prefix}${id}")
        fi
    done
    echo "$rulings: $n rules, $(( n - ${#missing[@]} )) named by a test"
    if [ ${#missing[@]} -gt 0 ]; then
        echo "  no test names: ${missing[*]}"
        status=1
    fi
}
check "$root/rules/heavysteam/RULINGS.md" HS-R-
exit $status
