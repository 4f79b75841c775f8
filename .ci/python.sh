#!/usr/bin/env bash
# The Python package: the abi3 wheel built with maturin and installed into a fresh virtual
# environment (installing the source distribution, `maturin sdist`, is not yet checked here:
# issue 30), then the pytest suite (crates/python/tests): the objects, the docstring examples, the
# PySpark local[2] tests of the data sources and of examples/spark_stats.py (Java 17 installed
# from Debian when missing). About 9 minutes on 2 cores: the release build of the extension
# module (~6 min), pip installs, Spark (~1 min).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v java >/dev/null; then
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless
fi
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
# pyspark 4: the Python Data Source API (pyspark.sql.datasource) of cardnote.spark.
"$venv/bin/pip" install --quiet "maturin>=1.5,<2" "pyarrow>=15" pytest "pyspark>=4,<5" "pandas>=2.2,<3" duckdb
wheels="$(mktemp -d)"
(cd crates/python && "$venv/bin/maturin" build --release --out "$wheels")
"$venv/bin/pip" install --quiet "$wheels"/cardnote-*.whl
# The CLI for the check --json comparison and for `cardnote export` in the Spark test.
cargo build --quiet -p cardnote
export CARDNOTE_BIN="$PWD/target/debug/cardnote"
"$venv/bin/python" -m pytest -q crates/python/tests
