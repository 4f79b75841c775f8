#!/usr/bin/env bash
# The Python package: a fresh virtual environment, the wheel built with maturin and installed,
# then the pytest suite (crates/python/tests). About 6 minutes on 2 cores, most of it the
# release build of the extension module.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet "maturin>=1.5,<2" "pyarrow>=15" pytest
wheels="$(mktemp -d)"
(cd crates/python && "$venv/bin/maturin" build --release --out "$wheels")
"$venv/bin/pip" install --quiet "$wheels"/cardnote-*.whl
# The check --json comparison uses the CLI binary built by the main job when present.
"$venv/bin/python" -m pytest -q crates/python/tests
