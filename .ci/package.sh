#!/usr/bin/env bash
# Every library crate and the CLI packaged as crates.io would take them, then the CLI installed
# with `cargo install` from the packaged sources alone (every library is among its dependencies,
# so each .crate's sources build) and run. `cargo package` also builds each .crate on its own
# unless given `--no-verify`: .ci/run passes it (the install builds the same sources, and
# .ci/features.sh builds each library alone), which saves about 20 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# The crates marked `publish = false` (tests, tools, benches, the Python extension) are left out.
cargo package --workspace --exclude cardnote-benches --exclude cardnote-python --exclude shared-fixtures --exclude xtask "$@"
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)"
# The packaged crates stand in for crates.io, which does not have them (yet).
patches=()
for crate in target/package/*-"$version".crate; do
    dir="${crate%.crate}"
    # The packaged sources themselves (`cargo package` unpacks them only when it verifies).
    rm -rf "$dir"
    tar -xzf "$crate" -C target/package
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
# The bundled corpus holds files that must fail: exit 1 is expected, and every record is reported.
status=0
records="$("$root/bin/cardnote" check --json corpus | wc -l)" || status=$?
echo "the installed cardnote checked $records records of the bundled corpus (exit $status)"
test "$status" -le 1 && test "$records" -ge 300
echo "cargo install from the packaged sources: $root/bin/cardnote runs"
