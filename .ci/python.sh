#!/usr/bin/env bash
# The Python package: a fresh virtual environment, the wheel built with maturin and installed,
# then the pytest suite (crates/python/tests), including the PySpark local[2] test of
# examples/spark_stats.py (Java 17 installed from Debian when missing). About 8 minutes on
# 2 cores: the release build of the extension module (~6 min), pip installs, Spark (~40 s).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v java >/dev/null; then
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless
fi
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet "maturin>=1.5,<2" "pyarrow>=15" pytest pyspark "pandas>=2.2,<3"
wheels="$(mktemp -d)"
(cd crates/python && "$venv/bin/maturin" build --release --out "$wheels")
"$venv/bin/pip" install --quiet "$wheels"/cardnote-*.whl
# The CLI for the check --json comparison and for `cardnote export` in the Spark test.
cargo build --quiet -p cardnote
export CARDNOTE_BIN="$PWD/target/debug/cardnote"
"$venv/bin/python" -m pytest -q crates/python/tests
