"""PySpark data sources for card-game files (Spark 4's Python Data Source API).

``register(spark)`` adds three formats to a session: ``phh`` (PHH hands), ``pbn`` (PBN boards)
and ``lin`` (BBO LIN boards, read through cardnote's LIN to PBN conversion). Their rows are the
tables of ``cardnote export`` / ``cardnote.to_arrow`` (option ``table``: ``hands`` (default),
``seats``, ``actions`` for ``phh``; ``boards`` (default), ``calls``, ``plays``, ``results`` for
``pbn`` and ``lin``; ``errors`` for all), with one partition per file::

    import cardnote.spark
    cardnote.spark.register(spark)
    hands = spark.read.format("phh").load("hands/")
    calls = spark.read.format("pbn").option("table", "calls").load("boards/")

Each partition is read by cardnote in Rust and handed to Spark as Arrow record batches. Unsigned
columns become Spark's signed types one size up (``uint8`` to ``short``, ``uint32`` to ``long``;
``uint64`` to ``decimal(20,0)``).
"""

from __future__ import annotations

import os
from typing import Iterator, List, Optional

import pyarrow as pa
from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
from pyspark.sql.types import (
    ArrayType,
    BooleanType,
    ByteType,
    DataType,
    DecimalType,
    DoubleType,
    FloatType,
    IntegerType,
    LongType,
    ShortType,
    StringType,
    StructField,
    StructType,
)

import cardnote

#: The tables of each format, the first its default.
TABLES = {
    "phh": ["hands", "seats", "actions", "errors"],
    "pbn": ["boards", "calls", "plays", "results", "errors"],
    "lin": ["boards", "calls", "plays", "results", "errors"],
}

#: The file extensions each format reads when given a directory.
EXTENSIONS = {"phh": (".phh", ".phhs"), "pbn": (".pbn",), "lin": (".lin",)}


def _spark_type(t: pa.DataType) -> DataType:
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return StringType()
    if pa.types.is_boolean(t):
        return BooleanType()
    if pa.types.is_int8(t):
        return ByteType()
    if pa.types.is_int16(t) or pa.types.is_uint8(t):
        return ShortType()
    if pa.types.is_int32(t) or pa.types.is_uint16(t):
        return IntegerType()
    if pa.types.is_int64(t) or pa.types.is_uint32(t):
        return LongType()
    if pa.types.is_uint64(t):
        return DecimalType(20, 0)
    if pa.types.is_float32(t):
        return FloatType()
    if pa.types.is_float64(t):
        return DoubleType()
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return ArrayType(_spark_type(t.value_type), True)
    raise TypeError(f"no Spark type for the Arrow type {t}")


def _arrow_type(t: pa.DataType) -> pa.DataType:
    """The Arrow type Spark expects for a column of Arrow type `t`."""
    if pa.types.is_uint8(t):
        return pa.int16()
    if pa.types.is_uint16(t):
        return pa.int32()
    if pa.types.is_uint32(t):
        return pa.int64()
    if pa.types.is_uint64(t):
        return pa.decimal128(20, 0)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return pa.list_(pa.field("element", _arrow_type(t.value_type)))
    return t


def arrow_schema(format: str, table: str) -> pa.Schema:
    """The Arrow schema of one table of a format, as `cardnote.to_arrow` gives it."""
    if table not in TABLES[format]:
        raise ValueError(f"the {format} source has no table {table!r} ({', '.join(TABLES[format])})")
    return cardnote.to_arrow([], table).schema


def spark_schema(format: str, table: str) -> StructType:
    """The Spark schema of one table of a format."""
    return StructType(
        [StructField(f.name, _spark_type(f.type), f.nullable) for f in arrow_schema(format, table)]
    )


def _files(paths: List[str], format: str) -> List[str]:
    out = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                out.extend(
                    os.path.join(root, n) for n in sorted(names) if n.lower().endswith(EXTENSIONS[format])
                )
        elif os.path.exists(path):
            out.append(path)
        else:
            raise FileNotFoundError(f"cannot read {path}: no such file or directory")
    return out


class _FilePartition(InputPartition):
    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


class _Reader(DataSourceReader):
    def __init__(self, format: str, options: dict, schema: StructType):
        self.format = format
        self.table = options.get("table", TABLES[format][0])
        self.rules = options.get("rules", "pokerkit")
        paths = options.get("paths") or options.get("path")
        if paths is None:
            raise ValueError(f"the {format} source needs a path: spark.read.format({format!r}).load(path)")
        # Several paths come as a JSON list in the `paths` option.
        if isinstance(paths, str) and paths.startswith("["):
            import json

            paths = json.loads(paths)
        self.paths = [paths] if isinstance(paths, str) else list(paths)

    def partitions(self) -> List[InputPartition]:
        return [_FilePartition(p) for p in _files(self.paths, self.format)]

    def read(self, partition: _FilePartition) -> Iterator[pa.RecordBatch]:
        import cardnote as cn

        table = cn.to_arrow(partition.path, self.table, rules=self.rules)
        target = pa.schema([pa.field(f.name, _arrow_type(f.type), f.nullable) for f in table.schema])
        for batch in table.cast(target).to_batches():
            yield batch


def _source(format: str) -> type:
    class _Source(DataSource):
        @classmethod
        def name(cls) -> str:
            return format

        def schema(self) -> StructType:
            return spark_schema(format, self.options.get("table", TABLES[format][0]))

        def reader(self, schema: StructType) -> DataSourceReader:
            return _Reader(format, dict(self.options), schema)

    _Source.__name__ = _Source.__qualname__ = f"{format.capitalize()}DataSource"
    _Source.__doc__ = f"The `{format}` data source: the tables of `cardnote.to_arrow`, one partition per file."
    return _Source


PhhDataSource = _source("phh")
PbnDataSource = _source("pbn")
LinDataSource = _source("lin")


def register(spark: Optional[object] = None) -> None:
    """Registers the `phh`, `pbn` and `lin` formats with `spark` (default: the active session)."""
    if spark is None:
        from pyspark.sql import SparkSession

        spark = SparkSession.getActiveSession()
        if spark is None:
            raise RuntimeError("no active SparkSession: pass one to cardnote.spark.register")
    for source in (PhhDataSource, PbnDataSource, LinDataSource):
        spark.dataSource.register(source)
