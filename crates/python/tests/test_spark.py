"""examples/spark_stats.py in PySpark local mode (local[2]): VPIP and PFR by player from Spark,
(a) over binary files through cardnote in mapInArrow and (b) over the Parquet of `cardnote
export`, must equal `cardnote.stats`. Needs pyspark, Java 17 and the `cardnote` command
($CARDNOTE_BIN or target/debug); skipped only when CARDNOTE_SKIP_SPARK=1."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

pytestmark = [
    pytest.mark.spark,
    pytest.mark.skipif(os.environ.get("CARDNOTE_SKIP_SPARK") == "1", reason="CARDNOTE_SKIP_SPARK=1"),
]


def run(directory):
    env = dict(os.environ)
    env.setdefault("CARDNOTE_BIN", str(ROOT / "target" / "debug" / "cardnote"))
    script = ROOT / "examples" / "spark_stats.py"
    return subprocess.run(
        [sys.executable, str(script), str(directory), "--master", "local[2]"],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


def test_spark_agrees_with_cardnote_stats():
    done = run(ROOT / "corpus" / "phh")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [l for l in done.stdout.splitlines() if "differences" in l]
    assert len(lines) == 2 and all(l.endswith(", 0 differences") for l in lines), done.stdout
    assert " 0 players" not in done.stdout
