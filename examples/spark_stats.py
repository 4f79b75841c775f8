"""VPIP and PFR by player with PySpark, two ways, checked against `cardnote.stats`.

    python examples/spark_stats.py DIR [--master local[2]] [--parquet TABLES_DIR]

(a) The directory's `.phh`/`.phhs` files are read by Spark as binary files; each is turned into
    an Arrow batch of per-player counts by cardnote inside `mapInArrow`, and Spark sums them.
(b) The Parquet dataset of `cardnote export DIR` (made with the `cardnote` command, taken from
    $CARDNOTE_BIN or PATH, unless --parquet names one) is read by Spark and VPIP/PFR computed in
    Spark SQL from the `hands`, `seats` and `actions` tables.
Both are compared with `cardnote.stats(DIR)` player by player; exit status 1 on any difference.

On a cluster: `spark-submit --py-files cardnote-*.whl` does not install a compiled wheel; install
it on every executor (`pip install cardnote-*.whl` in the image, or ship a packed virtual
environment with `--archives env.tar.gz#env` and `PYSPARK_PYTHON=./env/bin/python`), then
`spark-submit --master yarn examples/spark_stats.py hdfs:///hands`. Files are the unit of
parallelism in (a): many files spread over the executors, one huge `.phhs` does not (split it at
`[table]` headers first, as `cardnote export` does internally). (b) scales with the Parquet files.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import pyarrow as pa

import cardnote

COUNTS = pa.schema([("player", pa.string()), ("hands", pa.int64()), ("vpip", pa.int64()), ("pfr", pa.int64())])


def counts_of_files(batches):
    """mapInArrow: (path, content) rows -> per-player counts of each file, by cardnote."""
    for batch in batches:
        for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
            suffix = ".phhs" if path.endswith(".phhs") else ".phh"
            with tempfile.NamedTemporaryFile(suffix=suffix) as f:
                f.write(content)
                f.flush()
                table = cardnote.stats(f.name)
            yield pa.RecordBatch.from_arrays(
                [table.column(n).combine_chunks().cast(COUNTS.field(n).type) for n in COUNTS.names], schema=COUNTS
            )


PARQUET_SQL = """
WITH hands AS (SELECT file, `index` FROM hands WHERE counted),
acts AS (SELECT a.* FROM actions a LEFT SEMI JOIN hands h ON a.file = h.file AND a.`index` = h.`index`),
seat_flags AS (
  SELECT file, `index`, actor AS seat,
         max(CASE WHEN street = 0 AND kind IN ('call', 'bet_raise_to') THEN 1 ELSE 0 END) AS vpip,
         max(CASE WHEN street = 0 AND kind = 'bet_raise_to' THEN 1 ELSE 0 END) AS pfr
  FROM acts WHERE actor IS NOT NULL GROUP BY file, `index`, actor
)
SELECT coalesce(nullif(s.player, ''), s.position, concat('p', s.seat)) AS player,
       count(*) AS hands, sum(coalesce(f.vpip, 0)) AS vpip, sum(coalesce(f.pfr, 0)) AS pfr
FROM seats s
LEFT SEMI JOIN hands h ON s.file = h.file AND s.`index` = h.`index`
"""


def parquet_counts(spark, tables):
    for name in ["hands", "seats", "actions"]:
        spark.read.option("recursiveFileLookup", "true").parquet(os.path.join(tables, name)).createOrReplaceTempView(name)
    # LEFT SEMI JOIN cannot bring columns, so the flags are joined separately.
    sql = PARQUET_SQL.replace(
        "FROM seats s\nLEFT SEMI JOIN hands h ON s.file = h.file AND s.`index` = h.`index`",
        "FROM (SELECT s.* FROM seats s LEFT SEMI JOIN hands h ON s.file = h.file AND s.`index` = h.`index`) s\n"
        "LEFT JOIN seat_flags f ON f.file = s.file AND f.`index` = s.`index` AND f.seat = s.seat",
    )
    return spark.sql(sql + " GROUP BY 1")


def as_dict(rows):
    return {r["player"]: (int(r["hands"]), int(r["vpip"]), int(r["pfr"])) for r in rows}


def compare(name, got, want):
    bad = 0
    for player in sorted(set(got) | set(want)):
        if got.get(player) != want.get(player):
            bad += 1
            print(f"{name}: {player}: spark {got.get(player)} != cardnote.stats {want.get(player)}")
    print(f"{name}: {len(want)} players, {bad} differences")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--parquet", help="the tables of `cardnote export DIR` (made when not given)")
    args = parser.parse_args()

    from pyspark.sql import SparkSession

    # Spark's Python workers start `python3` from PATH unless told otherwise; that interpreter may
    # not have cardnote (a virtual environment not activated). Locally, use this one.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(args.master).appName("cardnote-spark-stats").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    want = as_dict(cardnote.stats(args.dir).select(["player", "hands", "vpip", "pfr"]).to_pylist())

    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .option("pathGlobFilter", "*.phh*")
        .load(args.dir)
        .select("path", "content")
    )
    per_file = files.mapInArrow(counts_of_files, "player string, hands long, vpip long, pfr long")
    summed = per_file.groupBy("player").sum("hands", "vpip", "pfr").toDF("player", "hands", "vpip", "pfr")
    bad = compare("(a) binaryFiles + mapInArrow", as_dict(summed.collect()), want)

    tables = args.parquet
    made = None
    if tables is None:
        cli = os.environ.get("CARDNOTE_BIN") or shutil.which("cardnote")
        if cli is None:
            print("(b) needs the cardnote command (CARDNOTE_BIN or PATH) or --parquet", file=sys.stderr)
            return 2
        made = tempfile.mkdtemp()
        tables = os.path.join(made, "tables")
        status = subprocess.run([cli, "export", "--to", "parquet", "-o", tables, args.dir]).returncode
        if status > 1:
            return 2
    bad += compare("(b) Parquet of cardnote export", as_dict(parquet_counts(spark, tables).collect()), want)
    if made:
        shutil.rmtree(made, ignore_errors=True)
    spark.stop()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
