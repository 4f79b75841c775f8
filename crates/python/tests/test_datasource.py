"""The `phh`, `pbn` and `lin` PySpark data sources (cardnote.spark) under local[2]: the rows are
the tables of `cardnote.to_arrow`, one partition per file, and the README's query gives the same
answer in Spark and in DuckDB. Needs pyspark 4, Java 17 and duckdb; skipped only when
CARDNOTE_SKIP_SPARK=1."""

import os
import pathlib

import pytest

import cardnote

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "corpus"

pytestmark = [
    pytest.mark.spark,
    pytest.mark.skipif(os.environ.get("CARDNOTE_SKIP_SPARK") == "1", reason="CARDNOTE_SKIP_SPARK=1"),
]


@pytest.fixture(scope="module")
def spark():
    import sys

    from pyspark.sql import SparkSession

    import cardnote.spark

    # The Python workers must import cardnote: the interpreter running the tests.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("cardnote-datasource-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    cardnote.spark.register(session)
    yield session
    session.stop()


def rows(table):
    return sorted((tuple(sorted(r.items())) for r in table), key=repr)


@pytest.mark.parametrize(
    "fmt,folder,table",
    [("phh", "phh", "hands"), ("phh", "phh", "actions"), ("pbn", "pbn", "boards"), ("pbn", "pbn", "calls"),
     ("lin", "lin", "boards"), ("lin", "lin", "results")],
)
def test_rows_are_the_to_arrow_table_one_partition_per_file(spark, fmt, folder, table):
    from cardnote.spark import _files

    path = str(CORPUS / folder)
    df = spark.read.format(fmt).option("table", table).load(path)
    files = _files([path], fmt)
    assert df.rdd.getNumPartitions() == len(files) > 1
    expected = cardnote.to_arrow(files, table)
    assert df.columns == expected.column_names
    got = [r.asDict(recursive=True) for r in df.collect()]
    assert len(got) == expected.num_rows > 0
    # Spark's signed types hold the same numbers.
    assert rows(got) == rows(expected.to_pylist())


def test_an_unknown_table_or_a_missing_path_fails(spark):
    with pytest.raises(Exception):
        spark.read.format("phh").option("table", "boards").load(str(CORPUS / "phh")).collect()
    with pytest.raises(Exception):
        spark.read.format("pbn").load(str(CORPUS / "no-such-folder")).collect()


QUERY = "SELECT variant, count(*) AS hands FROM hands GROUP BY variant ORDER BY variant NULLS LAST"


def test_the_readme_query_gives_the_same_answer_in_spark_and_duckdb(spark):
    import duckdb

    folder = str(CORPUS / "phh")
    # Spark (README, "Spark"):
    spark.read.format("phh").load(folder).createOrReplaceTempView("hands")
    from_spark = [tuple(r) for r in spark.sql(QUERY).collect()]
    # DuckDB over the same table from cardnote.to_arrow (README, "DuckDB"):
    hands = cardnote.to_arrow(folder, "hands")  # noqa: F841 (read by DuckDB by its name)
    from_duckdb = duckdb.sql(QUERY).fetchall()
    assert from_spark == from_duckdb
    assert len(from_spark) > 1
