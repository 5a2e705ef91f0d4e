"""Tidy tables beside ``campaigns.parquet``, and the key-value metadata every batch Parquet file carries.

* ``series.parquet`` — one row per (campaign, score, field): ``campaign``
  (the campaign index), ``variant``, ``score``, ``field``, ``value``
  (float64; a flag is 0/1). Each campaign's own trajectory, as the loop
  recorded it after each score (a campaign that ended early has no rows past
  its last score).
* ``factions.parquet`` — one row per (campaign, faction, field): ``campaign``,
  ``variant``, ``faction``, ``field``, ``value``, from the wide per-faction
  columns of ``campaigns.parquet`` (``faction_goals_<id>`` ... become field
  ``goals`` ...; see :data:`FACTION_FIELDS`). "Mean goals per faction per
  variant" is one ``GROUP BY``::

      SELECT variant, faction, avg(value) FROM 'factions.parquet'
      WHERE field = 'goals' GROUP BY variant, faction

Both are written a row group at a time (memory flat in the campaign count),
to a temporary name and moved into place. Every file's schema metadata holds
:func:`file_metadata`: the engine's version and source fingerprint, the
scenario's name, path and SHA-256, the master seed and the sweep's variants
(label -> parameters), under keys ``sim.*`` (values are UTF-8 text; JSON for
the variants).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim.batch.folder import temporary_path
from sim.batch.plan import Chunk, Variant
from sim.batch.table import CAMPAIGNS, SERIES_SCHEMA, series_path

SERIES = "series.parquet"
FACTIONS = "factions.parquet"
#: the version of the tidy tables' layout (``sim.tables_format`` in each file's metadata)
TABLES_FORMAT = "1"

#: wide per-faction column prefix -> the ``field`` it becomes in factions.parquet
FACTION_FIELDS = {
    "faction_goals_": "goals",  # goals achieved (goal clocks filled)
    "faction_ticks_": "segments",  # goal-clock segments filled
    "faction_tier_": "tier",  # final Tier
    "status_": "crew_status",  # the crew's final status with the faction, -3..+3
    "faction_wars_": "wars",  # wars the faction started or was drawn into
    "goal_rolls_": "goal_rolls",  # fortune rolls its goals took in play
    "goal_exact_": "goal_exact",  # the exact mean rolls of the same goals (sim odds clock)
}
GOALS_PREFIX = "faction_goals_"

SERIES_OUT_SCHEMA = pa.schema([("campaign", pa.int64()), ("variant", pa.string()), ("score", pa.int64()),
                               ("field", pa.string()), ("value", pa.float64())])
FACTIONS_SCHEMA = pa.schema([("campaign", pa.int64()), ("variant", pa.string()), ("faction", pa.string()),
                             ("field", pa.string()), ("value", pa.float64())])


def file_metadata(*, version: str, engine: str, scenario: str, scenario_path: str, scenario_sha256: str, seed: int,
                  variants: tuple[Variant, ...]) -> dict[str, str]:
    """The key-value metadata of every Parquet file of a batch."""
    return {
        "sim.engine_version": version,
        "sim.engine": engine,
        "sim.scenario": scenario,
        "sim.scenario_path": scenario_path,
        "sim.scenario_sha256": scenario_sha256,
        "sim.master_seed": str(seed),
        "sim.variants": json.dumps({v.label: dict(v.params) for v in variants}, sort_keys=True),
        "sim.tables_format": TABLES_FORMAT,
    }


def read_metadata(path: Path) -> dict[str, str]:
    """The ``sim.*`` key-value metadata of a Parquet file, as text."""
    raw = pq.read_schema(path).metadata or {}
    return {k.decode(): v.decode() for k, v in raw.items() if k.startswith(b"sim.")}


def faction_columns(schema: pa.Schema) -> list[tuple[str, str, str]]:
    """(column, faction, field) of every per-faction column, faction by faction in column order."""
    factions = [n[len(GOALS_PREFIX):] for n in schema.names if n.startswith(GOALS_PREFIX)]
    names = set(schema.names)
    return [(prefix + fid, fid, field) for fid in factions for prefix, field in FACTION_FIELDS.items()
            if prefix + fid in names]


def _move_into_place(tmp: Path, path: Path) -> Path:
    os.replace(tmp, path)
    return path


def write_series(out: Path, chunk_list: list[Chunk], metadata: dict[str, str]) -> Path:
    """``series.parquet`` from the chunks' series files, in chunk order (one row group a chunk at most)."""
    path = out / SERIES
    tmp = temporary_path(path)
    with pq.ParquetWriter(tmp, SERIES_OUT_SCHEMA.with_metadata(metadata)) as writer:
        for chunk in chunk_list:
            part = pq.ParquetFile(series_path(out, chunk)).read(use_threads=False)
            part = part if part.schema == SERIES_SCHEMA else part.cast(SERIES_SCHEMA)
            label = pa.array([chunk.variant.label] * part.num_rows, pa.string())
            writer.write_table(pa.Table.from_arrays(
                [part.column("campaign"), label, part.column("score"), part.column("field"), part.column("value")],
                schema=SERIES_OUT_SCHEMA))
    return _move_into_place(tmp, path)


def write_factions(out: Path, metadata: dict[str, str]) -> Path | None:
    """``factions.parquet`` from ``campaigns.parquet``'s per-faction columns, a row group at a time; None (and no
    file) when the campaigns report no factions."""
    file = pq.ParquetFile(out / CAMPAIGNS)
    columns = faction_columns(file.schema_arrow)
    if not columns:
        return None
    path = out / FACTIONS
    tmp = temporary_path(path)
    names = [c for c, _, _ in columns]
    with pq.ParquetWriter(tmp, FACTIONS_SCHEMA.with_metadata(metadata)) as writer:
        for group in range(file.num_row_groups):
            part = file.read_row_group(group, columns=["index", "variant", *names], use_threads=False)
            rows = part.num_rows
            k = len(columns)
            # campaign-major: each campaign's factions and fields together
            take = pa.array(np.repeat(np.arange(rows, dtype=np.int64), k))
            values = pa.concat_arrays([part.column(c).combine_chunks().cast(pa.float64()) for c in names])
            order = pa.array((np.arange(rows, dtype=np.int64)[:, None] + rows * np.arange(k, dtype=np.int64)).ravel())
            writer.write_table(pa.Table.from_arrays([
                part.column("index").take(take), part.column("variant").take(take),
                pa.array([fid for _, fid, _ in columns] * rows, pa.string()),
                pa.array([field for _, _, field in columns] * rows, pa.string()),
                values.take(order)], schema=FACTIONS_SCHEMA))
    return _move_into_place(tmp, path)


def series_counts(out: Path) -> dict[tuple[str, str, int], dict[float, int]]:
    """Per (variant, field, score): how many campaigns had each value, read from ``series.parquet`` a row group
    at a time (the histograms the per-score intervals are computed from, :mod:`sim.batch.reporting.intervals`)."""
    result: dict[tuple[str, str, int], dict[float, int]] = {}
    file = pq.ParquetFile(out / SERIES)
    for group in range(file.num_row_groups):
        part = file.read_row_group(group, columns=["variant", "field", "score", "value"], use_threads=False)
        if not part.num_rows:
            continue
        grouped = part.group_by(["variant", "field", "score", "value"], use_threads=False).aggregate(
            [("value", "count")])
        for variant, field, score, value, count in zip(*(grouped.column(i).to_pylist() for i in range(5))):
            cell = result.setdefault((variant, field, score), {})
            cell[value] = cell.get(value, 0) + count
    return result


def remove_chunks(out: Path, chunk_list: list[Chunk]) -> int:
    """Delete the chunk files once the assembled tables hold their rows; return how many files went."""
    from sim.batch.table import chunk_path

    removed = 0
    for chunk in chunk_list:
        for path in (chunk_path(out, chunk), series_path(out, chunk)):
            if path.exists():
                path.unlink()
                removed += 1
    folder = out / "chunks"
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
    return removed


def sweep_labels(summary: dict[str, Any]) -> list[str]:
    """The variant labels of a summary, in order."""
    return [v["variant"] for v in summary["variants"]]
