#!/usr/bin/env bash
# A fresh clone without ../shared passes the README's two commands (the tests that need the shared
# fixtures or Chromium skip, counted). A step of .ci/run: about 12 minutes on 2 cores (the
# workspace's crates built again at the clone's path, sharing the dependencies' target).
set -euo pipefail
cd "$(dirname "$0")/.."
fresh="$(mktemp -d)"
git clone --quiet . "$fresh/cardnote"
(
    cd "$fresh/cardnote"
    unset CARDNOTE_REQUIRE_SHARED CARDNOTE_REQUIRE_BROWSER
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$OLDPWD/target}"
    cargo run --release -p cardnote -- check corpus > "$fresh/check.txt" || test $? -le 1
    tail -n 3 "$fresh/check.txt"
    cargo test --workspace > "$fresh/test.log" 2>&1 || { cat "$fresh/test.log"; exit 1; }
    echo "fresh clone: $(grep -c '^skipped: ' "$fresh/test.log" || true) tests skipped for want of ../shared or Chromium"
    .ci/test-summary "$fresh/test.log" | sed 's/^/fresh clone /'
)
rm -rf "$fresh"

