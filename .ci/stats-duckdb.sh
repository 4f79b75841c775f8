#!/usr/bin/env bash
# The DuckDB cross-check of `cardnote stats` (issue 18): export the shared real PHH hands to
# Parquet, compute the same statistics with SQL in DuckDB (Python package in a venv this script
# creates), and compare player by player. Needs ../shared: skipped (one
# `skipped:` line) when it is absent, failing when CARDNOTE_REQUIRE_SHARED=1 (as .ci/run sets).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus/phh
if [ ! -d "$corpus" ]; then
  case "${CARDNOTE_REQUIRE_SHARED:-0}" in
    1) echo "stats-duckdb: $corpus is missing and CARDNOTE_REQUIRE_SHARED=1 requires it" >&2; exit 1 ;;
    0 | "") echo "skipped: stats-duckdb: $corpus is missing; put the shared fixtures there to run it"; exit 0 ;;
    *) echo "CARDNOTE_REQUIRE_SHARED=$CARDNOTE_REQUIRE_SHARED: the value must be 1 or 0" >&2; exit 2 ;;
  esac
fi
venv=target/duckdb-venv
[ -x "$venv/bin/pip" ] || { rm -rf "$venv"; python3 -m venv "$venv"; }  # a half-made venv (a full disk) is made again
"$venv/bin/python" -c 'import duckdb' 2>/dev/null || "$venv/bin/pip" install --quiet 'duckdb>=1.1'
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cargo build --quiet -p cardnote
# The real hands, then 11,000 generated hands of the 11 variants, each with the reviewed numbers
# of hands exported, hands the replay refuses and hands that do not end: both sides leave the
# last two out of the statistics, so they are counted and must not change unseen.
while read -r dir hands errored unfinished; do
  rm -rf "$work/tables"
  ./target/debug/cardnote export --to parquet -o "$work/tables" --partition-by variant "$dir" || test $? -le 1
  ./target/debug/cardnote stats --json "$dir" > "$work/stats.jsonl"
  echo "$dir:"
  "$venv/bin/python" .ci/stats_duckdb.py "$work/tables" "$work/stats.jsonl" "$hands" "$errored" "$unfinished"
done <<EOF
$corpus 159 0 1
../shared/corpus/phh-generated 11000 0 0
EOF
