#!/usr/bin/env bash
# The Python package as `pip install` takes it from the source distribution: `maturin sdist`
# (the extension's crate and the workspace crates it uses), then pip builds the abi3 wheel from
# it into a fresh virtual environment and installs it; then the pytest suite (crates/python/tests):
# the objects, the docstring examples, the PySpark local[2] tests of the data sources and of
# examples/spark_stats.py (Java 17 installed from Debian when missing). About 10 minutes on 2
# cores: the release build of the extension module from the sdist (~7 min), pip installs, Spark
# (~1 min).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v java >/dev/null; then
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless
fi
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
# pyspark 4: the Python Data Source API (pyspark.sql.datasource) of cardnote.spark.
"$venv/bin/pip" install --quiet "maturin>=1.5,<2" "pyarrow>=15" pytest "pyspark>=4,<5" "pandas>=2.2,<3" duckdb
sdist="$(mktemp -d)"
(cd crates/python && "$venv/bin/maturin" sdist --out "$sdist")
# The build reuses the workspace's release artifacts of the third-party crates.
CARGO_TARGET_DIR="$PWD/target" "$venv/bin/pip" install --quiet "$sdist"/cardnote-*.tar.gz
# The CLI for the check --json comparison and for `cardnote export` in the Spark test.
cargo build --quiet -p cardnote
export CARDNOTE_BIN="$PWD/target/debug/cardnote"
"$venv/bin/python" -m pytest -q crates/python/tests
