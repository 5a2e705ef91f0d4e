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

Costs that scale with the chunk count are kept small, since a chunk is ~10
campaigns of ~300 fields in a short batch: arrays are built from buffers
(:func:`column_array`), a file is encoded in memory and written with one
call, chunk files carry no dictionary pages or statistics (they are only
ever read back whole), and :func:`assemble` takes the tables of the chunks
this run played from :class:`Held` instead of reading them back.
"""

from __future__ import annotations

import array
import hashlib
import itertools
import os
from pathlib import Path
from typing import Any, Iterable

import pyarrow as pa
import pyarrow.parquet as pq

from sim.batch.folder import temporary_path
from sim.batch.plan import Chunk, Variant
from sim.rng import derive_seed

CAMPAIGNS = "campaigns.parquet"
CHUNKS = "chunks"


BOOL, INT64, FLOAT64, STRING = pa.bool_(), pa.int64(), pa.float64(), pa.string()
_KINDS = ((frozenset({bool}), BOOL), (frozenset({int}), INT64), (frozenset({int, float}), FLOAT64),
          (frozenset({str}), STRING))


def value_type(values: list[Any]) -> pa.DataType:
    """The Arrow type of a summary field's values."""
    kinds = set(map(type, values))
    for allowed, kind in _KINDS:
        if kinds <= allowed:
            return kind
    raise ValueError(f"values of mixed kinds {sorted(k.__name__ for k in kinds)}")


EXACT_IN_DOUBLE = 2 ** 53  # ints up to this size become float64 exactly (pa.array refuses larger ones)


def _doubles(values: list[Any]) -> array.array:
    if not all(type(v) is float for v in values):  # ints in a float column, checked as pa.array checks them
        for v in values:
            if type(v) is int and not -EXACT_IN_DOUBLE <= v <= EXACT_IN_DOUBLE:
                raise ValueError(f"Integer value {v} is outside of the range exactly representable "
                                 "by a IEEE 754 double precision value")
    return array.array("d", values)


def _bits(values: list[Any]) -> bytes:
    return sum(1 << i for i, v in enumerate(values) if v).to_bytes((len(values) + 7) // 8, "little")


def _strings(values: list[Any]) -> list[pa.Buffer]:
    encoded = [v.encode("utf-8") for v in values]
    offsets = array.array("i", itertools.accumulate(map(len, encoded), initial=0))  # int32, as pa.string()
    return [pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))]


_BUFFERS = {  # type id -> the buffers after the (absent) validity bitmap
    INT64.id: lambda values: [pa.py_buffer(array.array("q", values))],
    FLOAT64.id: lambda values: [pa.py_buffer(_doubles(values))],
    BOOL.id: lambda values: [pa.py_buffer(_bits(values))],
    STRING.id: _strings,
}


def column_array(values: list[Any], kind: pa.DataType) -> pa.Array:
    """``pa.array(values, type=kind)`` for values :func:`value_type` accepted for ``kind``, built from buffers.

    ``pa.array`` on a list first asks whether it is a pandas object, which
    imports pandas (~0.2 s, once a process) and costs a few microseconds a
    column; the buffers hold the same values (no nulls: summaries have none).
    """
    buffers = _BUFFERS.get(kind.id)  # these four types have no parameters: the id is the type
    if buffers is None:
        return pa.array(values, type=kind)
    return pa.Array.from_buffers(kind, len(values), [None, *buffers(values)])


def is_pair_field(field: str) -> bool:
    """``war_<a>__<b>`` and ``edge_<a>__<b>``: one column per pair of factions (a system's city fields, shown
    by its own report section; the generic tables fold them to one row per prefix)."""
    return field.startswith(("war_", "edge_")) and "__" in field


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
                arrays.append(column_array(values, value_type(values)))
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
        if have != field.type and not (have == INT64 and field.type == FLOAT64):
            raise ValueError(f"chunk {chunk.name}: summary field {field.name!r} is {have}, "
                             f"the batch's first chunk made it {field.type}")
        arrays.append(column_array(values, field.type))
    return pa.Table.from_arrays(arrays, schema=schema)


def chunk_path(out: Path, chunk: Chunk) -> Path:
    return out / CHUNKS / f"{chunk.name}.parquet"


def series_path(out: Path, chunk: Chunk) -> Path:
    """The chunk's per-score rows (:class:`sim.batch.worker.SeriesRows`), saved before its campaign rows."""
    return out / CHUNKS / f"{chunk.name}.series.parquet"


SERIES_SCHEMA = pa.schema([("campaign", pa.int64()), ("score", pa.int64()), ("field", pa.string()),
                           ("value", pa.float64())])


def series_table(columns: dict[str, list[Any]]) -> pa.Table:
    return pa.Table.from_arrays([column_array(columns.get(f.name, []), f.type) for f in SERIES_SCHEMA],
                                schema=SERIES_SCHEMA)


#: how chunk files are written: read back whole, never filtered, so no dictionary pages or statistics (a third
#: less work for ~300 columns of ~10 rows); ``campaigns.parquet`` keeps Parquet's defaults
CHUNK_OPTIONS: dict[str, Any] = {"use_dictionary": False, "write_statistics": False}


def write_atomic(table: pa.Table, path: Path, **options: Any) -> str:
    """Write ``table`` to ``path`` via ``.{name}.{pid}.tmp`` and ``os.replace``; return its SHA-256.

    The file is encoded in memory and written with one call (a file sink writes
    every column chunk separately), and its checksum is taken from those bytes.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, **options)
    data = sink.getvalue()
    digest = hashlib.sha256(data).hexdigest()  # before the file is in place: recorded right after it
    tmp = temporary_path(path)
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return digest


def existing_schema(out: Path, done: Iterable[Chunk]) -> pa.Schema | None:
    """The schema of the first of the ``done`` (checked) chunks, if any."""
    for chunk in done:
        return pq.read_schema(chunk_path(out, chunk))
    return None


ROW_GROUP = 16_384  # rows per row group of campaigns.parquet: few groups, a small footer
HELD_BYTES = 16 * 1024 * 1024  # row tables Held keeps for assemble, at most (a short batch's all: ~2.5 KB a campaign)


class Held:
    """The row tables of chunks this run wrote, kept (up to ``budget`` bytes) so assemble need not read them back.

    A table is the one written to the chunk's file, so assembling from it
    gives the same ``campaigns.parquet``; past the budget (a long batch),
    chunks are read from their files as before.
    """

    __slots__ = ("budget", "size", "tables")

    def __init__(self, budget: int = HELD_BYTES) -> None:
        self.budget = budget
        self.size = 0
        self.tables: dict[str, tuple[pa.Table, int]] = {}  # chunk name -> (table, its buffers' bytes)

    def keep(self, name: str, rows: pa.Table) -> None:
        size = rows.get_total_buffer_size()  # not nbytes: that one looks for shared buffers, 20x slower
        if self.size + size <= self.budget:
            self.tables[name] = (rows, size)
            self.size += size

    def take(self, name: str) -> pa.Table | None:
        """The table kept for chunk ``name`` (forgotten here: assemble uses it once), or None."""
        rows, size = self.tables.pop(name, (None, 0))
        self.size -= size
        return rows


def assemble(out: Path, chunk_list: list[Chunk], schema: pa.Schema, held: Held | None = None,
             metadata: dict[str, str] | None = None) -> Path:
    """Write ``campaigns.parquet`` from the chunk files, in chunk order.

    Chunks are gathered into row groups of about :data:`ROW_GROUP` rows, so
    at most that many rows are in memory and the file's footer stays small
    (one row group per chunk made a 1,000,000-row file's footer cost 100+ MB
    to write and to read back). A chunk whose table ``held`` kept is taken
    from there, the others are read from their files. ``metadata`` is the
    file's key-value metadata (:func:`sim.batch.tidy.file_metadata`).
    """
    path = out / CAMPAIGNS
    tmp = temporary_path(path)
    with pq.ParquetWriter(tmp, schema.with_metadata(metadata) if metadata else schema) as writer:
        pending: list[pa.Table] = []
        rows = 0
        for chunk in chunk_list:
            piece = held.take(chunk.name) if held is not None else None
            if piece is None:
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
