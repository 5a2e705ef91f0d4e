"""Campaign rows as Parquet: one file per finished chunk, then one file in order.

Columns: ``index``, ``seed``, ``variant`` (``base`` without a sweep); with a
sweep one ``sweep_<name>`` column per swept parameter; then every field of the campaign
summary, sorted by name. Types follow the values: bool, int64, float64,
string. The schema is fixed by the first chunk written and every later chunk
is checked against it (an int field may fill a float column, nothing else
changes type), so a file written in pieces reads as one table.

Every file is written to a temporary name (``.{name}.{pid}.tmp``) and moved
into place with ``os.replace``: a chunk file exists only once it is complete,
and :func:`write_atomic` returns the SHA-256 the manifest records for it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

import pyarrow as pa
import pyarrow.parquet as pq

from sim.batch.folder import file_sha256, temporary_path
from sim.batch.plan import Chunk, Variant
from sim.rng import derive_seed

CAMPAIGNS = "campaigns.parquet"
CHUNKS = "chunks"


def value_type(values: list[Any]) -> pa.DataType:
    """The Arrow type of a summary field's values."""
    kinds = {type(v) for v in values}
    if kinds <= {bool}:
        return pa.bool_()
    if kinds <= {int}:
        return pa.int64()
    if kinds <= {int, float}:
        return pa.float64()
    if kinds <= {str}:
        return pa.string()
    raise ValueError(f"values of mixed kinds {sorted(k.__name__ for k in kinds)}")


def sweep_column(name: str) -> str:
    """``sweep_resist_mode``; ``tier.hive`` gives ``sweep_tier_hive`` (no dot: SQL reads it unquoted)."""
    return f"sweep_{name.replace('.', '_')}"


def chunk_table(chunk: Chunk, master_seed: int, columns: dict[str, list[Any]],
                swept: bool, schema: pa.Schema | None) -> pa.Table:
    """The rows of one chunk as a table; checked against ``schema`` if given."""
    indices = list(range(chunk.start, chunk.stop))
    data: dict[str, list[Any]] = {
        "index": indices,
        "seed": [derive_seed(master_seed, i) for i in indices],
    }
    data["variant"] = [chunk.variant.label] * len(indices)  # "base" without a sweep: groupby("variant") works
    if swept:
        for name, value in chunk.variant.params:
            data[sweep_column(name)] = [value] * len(indices)
    for key in sorted(columns):
        if key not in data:
            data[key] = columns[key]
        elif columns[key] != data[key]:  # a summary may repeat a batch column (its seed), never contradict it
            raise ValueError(f"chunk {chunk.name}: campaign summary field {key!r} clashes with the batch's column")
    if schema is None:
        arrays = []
        for key, values in data.items():
            try:
                arrays.append(pa.array(values, type=value_type(values)))
            except ValueError as exc:
                raise ValueError(f"chunk {chunk.name}: summary field {key!r}: {exc}") from None
        return pa.Table.from_arrays(arrays, names=list(data))
    if list(data) != schema.names:
        raise ValueError(f"chunk {chunk.name}: columns {sorted(set(data) ^ set(schema.names))} "
                         "differ from the batch's first chunk")
    arrays = []
    for field in schema:
        values = data[field.name]
        have = value_type(values) if values else field.type
        if have != field.type and not (have == pa.int64() and field.type == pa.float64()):
            raise ValueError(f"chunk {chunk.name}: summary field {field.name!r} is {have}, "
                             f"the batch's first chunk made it {field.type}")
        arrays.append(pa.array(values, type=field.type))
    return pa.Table.from_arrays(arrays, schema=schema)


def chunk_path(out: Path, chunk: Chunk) -> Path:
    return out / CHUNKS / f"{chunk.name}.parquet"


def series_path(out: Path, chunk: Chunk) -> Path:
    """The chunk's per-score sums (:class:`sim.batch.worker.SeriesSums`), saved before its rows."""
    return out / CHUNKS / f"{chunk.name}.series.parquet"


SERIES_SCHEMA = pa.schema([("score", pa.int64()), ("field", pa.string()), ("n", pa.int64()),
                           ("sum", pa.float64()), ("sumsq", pa.float64())])


def series_table(columns: dict[str, list[Any]]) -> pa.Table:
    return pa.Table.from_pydict(columns or {name: [] for name in SERIES_SCHEMA.names}, schema=SERIES_SCHEMA)


def write_atomic(table: pa.Table, path: Path) -> str:
    """Write ``table`` to ``path`` via ``.{name}.{pid}.tmp`` and ``os.replace``; return its SHA-256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temporary_path(path)
    pq.write_table(table, tmp)
    digest = file_sha256(tmp)
    os.replace(tmp, path)
    return digest


def existing_schema(out: Path, done: Iterable[Chunk]) -> pa.Schema | None:
    """The schema of the first of the ``done`` (checked) chunks, if any."""
    for chunk in done:
        return pq.read_schema(chunk_path(out, chunk))
    return None


ROW_GROUP = 16_384  # rows per row group of campaigns.parquet: few groups, a small footer


def assemble(out: Path, chunk_list: list[Chunk], schema: pa.Schema) -> Path:
    """Write ``campaigns.parquet`` from the chunk files, in chunk order.

    Chunks are gathered into row groups of about :data:`ROW_GROUP` rows, so
    at most that many rows are in memory and the file's footer stays small
    (one row group per chunk made a 1,000,000-row file's footer cost 100+ MB
    to write and to read back).
    """
    path = out / CAMPAIGNS
    tmp = temporary_path(path)
    with pq.ParquetWriter(tmp, schema) as writer:
        pending: list[pa.Table] = []
        rows = 0
        for chunk in chunk_list:
            # ParquetFile.read, not read_table: the dataset reader keeps ~60 KB a file (60 MB over 1,000 chunks)
            piece = pq.ParquetFile(chunk_path(out, chunk)).read(use_threads=False)
            pending.append(piece if piece.schema == schema else piece.cast(schema))
            rows += pending[-1].num_rows
            if rows >= ROW_GROUP:
                writer.write_table(pa.concat_tables(pending), row_group_size=rows)
                pending, rows = [], 0
        if pending:
            writer.write_table(pa.concat_tables(pending), row_group_size=rows)
    os.replace(tmp, path)
    return path


def variant_columns(source: Path | pq.ParquetFile, name: str,
                    variant_list: tuple[Variant, ...]) -> dict[Variant, pa.Array]:
    """One column of ``campaigns.parquet`` (a directory or an open file), split by variant.

    Rows are variant by variant, N each, so each variant's values are a slice.
    """
    file = source if isinstance(source, pq.ParquetFile) else pq.ParquetFile(source / CAMPAIGNS)
    column = file.read(columns=[name]).column(0).combine_chunks()
    n = len(column) // len(variant_list)
    return {v: column.slice(k * n, n) for k, v in enumerate(variant_list)}
