#!/usr/bin/env bash
# Every library crate builds on its own: without default features, and with only `serde` where it
# has that feature (a feature that forgets to turn on its dependencies' `serde` breaks only here:
# the workspace build unifies features and hides it).
set -euo pipefail
cd "$(dirname "$0")/.."
for toml in crates/*/Cargo.toml; do
    dir="$(dirname "$toml")"
    [ -f "$dir/src/lib.rs" ] || continue
    name="$(sed -n 's/^name = "\(.*\)"/\1/p' "$toml" | head -n 1)"
    case "$name" in
        # The CLI, the Python extension and the test helpers are no library for users.
        cardnote | cardnote-python | shared-fixtures) continue ;;
    esac
    cargo check --quiet -p "$name" --no-default-features --lib
    built="without default features"
    if grep -q '^serde = \[' "$toml"; then
        cargo check --quiet -p "$name" --no-default-features --features serde --lib
        built="$built, and with serde"
    fi
    echo "$name: builds alone $built"
done
