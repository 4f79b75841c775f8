#!/usr/bin/env bash
# Not yet a step of .ci/run: never run to the end with verification on the project's machine
# (issue 30); run it by hand, then add it to .ci/run.
# Every library crate and the CLI packaged as crates.io would take them (`cargo package` builds
# each .crate's sources on their own, the workspace's crates resolved among themselves), then the
# CLI installed with `cargo install` from the packaged sources alone and run.
set -euo pipefail
cd "$(dirname "$0")/.."
# The crates marked `publish = false` (tests, tools, benches, the Python extension) are left out.
cargo package --workspace --exclude cardnote-benches --exclude cardnote-python --exclude shared-fixtures --exclude xtask "$@"
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)"
# The packaged crates stand in for crates.io, which does not have them (yet).
patches=()
for crate in target/package/*-"$version".crate; do
    dir="${crate%.crate}"
    name="$(basename "$dir")"
    name="${name%-"$version"}"
    [ "$name" = cardnote ] && continue
    patches+=(--config "patch.crates-io.$name.path=\"$PWD/$dir\"")
done
echo "packaged: $(ls target/package/*-"$version".crate | xargs -n 1 basename | tr '\n' ' ')"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
CARGO_TARGET_DIR="$PWD/target/package-install" \
    cargo install --quiet --path "target/package/cardnote-$version" --root "$root" "${patches[@]}"
"$root/bin/cardnote" --version
"$root/bin/cardnote" check corpus/phh/cases > /dev/null
echo "cargo install from the packaged sources: $root/bin/cardnote runs"
