"""Aggregates of a batch, computed column by column from the chunk files.

For each summary field of each variant:

* numbers (int, float): mean, sample standard deviation, the 95% confidence
  interval of the mean (normal approximation), min, max and quantiles
  (linear interpolation, as pandas computes them);
* flags (bool): the rate of ``true`` with its 95% Wilson score interval;
* words (str): the count of each value.

With a sweep, every variant after the first also gets the paired difference
from the first variant (same campaign seeds: common random numbers) with its
95% confidence interval, which is much narrower than the two intervals apart.

Fields are read one column at a time from ``campaigns.parquet`` (all
variants together, then sliced without copying), so memory is flat in the
number of fields and grows by 8 bytes per campaign and variant at most; the
per-score series come from the chunks' small sum files.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.plan import Chunk, Variant
from sim.batch.table import CAMPAIGNS, SERIES_SCHEMA, series_path, variant_columns

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
Z95 = 1.959963984540054
BATCH_COLUMNS = ("index", "seed", "variant")


def summary_fields(schema: pa.Schema) -> list[pa.Field]:
    """The campaign summary's fields: every column but the batch's own."""
    return [f for f in schema if f.name not in BATCH_COLUMNS and not f.name.startswith("sweep_")]


def _mean_interval(values: pa.Array) -> tuple[float, float, float]:
    """Mean, sample standard deviation and the half-width of the mean's 95% interval."""
    n = len(values)
    mean = pc.mean(values).as_py()
    std = pc.stddev(values, ddof=1).as_py() if n > 1 else 0.0
    return mean, std, Z95 * std / math.sqrt(n)


def _number(values: pa.Array) -> dict[str, Any]:
    mean, std, half = _mean_interval(values)
    quantiles = pc.quantile(values, q=list(QUANTILES), interpolation="linear").to_pylist()
    return {
        "kind": "number",
        "mean": mean,
        "std": std,
        "ci95": [mean - half, mean + half],
        "min": pc.min(values).as_py(),
        "max": pc.max(values).as_py(),
        "quantiles": {f"{q:g}": v for q, v in zip(QUANTILES, quantiles)},
    }


def wilson(successes: int, n: int) -> list[float]:
    """The 95% Wilson score interval of a rate of ``successes`` in ``n``."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def _rate(values: pa.Array) -> dict[str, Any]:
    count = pc.sum(values.cast(pa.int64())).as_py() or 0
    return {"kind": "rate", "rate": count / len(values), "count": count, "ci95": wilson(count, len(values))}


def _words(values: pa.Array) -> dict[str, Any]:
    counts = pc.value_counts(values).to_pylist()
    return {"kind": "words", "counts": {c["values"]: c["counts"] for c in sorted(counts, key=lambda c: c["values"])}}


def describe(values: pa.Array) -> dict[str, Any]:
    """The aggregate of one field's values (see the module docstring)."""
    if pa.types.is_boolean(values.type):
        return _rate(values)
    if pa.types.is_string(values.type):
        return _words(values)
    return _number(values)


def paired_difference(values: pa.Array, base: pa.Array) -> dict[str, Any]:
    """Mean of ``values - base`` over the same campaigns, with its 95% CI."""
    if pa.types.is_boolean(values.type):
        values, base = values.cast(pa.int64()), base.cast(pa.int64())
    mean, _, half = _mean_interval(pc.subtract(values.cast(pa.float64()), base.cast(pa.float64())))
    return {"diff": mean, "ci95": [mean - half, mean + half]}


def series(out: Path, chunk_list: list[Chunk], variant: Variant) -> dict[str, dict[str, list]]:
    """Per-score means of the loop's series for one variant, from the chunks' sums.

    ``{field: {"score": [1, 2, ...], "n": [...], "mean": [...], "ci95": [[lo, hi], ...]}}``;
    ``n`` is how many campaigns reached that score.
    """
    # one small file a chunk, read with ParquetFile (the dataset reader keeps ~60 KB a file); summed here, in chunk
    # and row order (Arrow's group_by imports pyarrow.acero, dataset and pandas, ~0.3 s, and sums the float
    # columns in thread order: the same for whole numbers, run to run different in the last bits otherwise)
    sums: dict[tuple[str, int], list] = {}  # (field, score) -> [n, sum, sumsq]
    for chunk in chunk_list:
        if chunk.variant != variant:
            continue
        part = pq.ParquetFile(series_path(out, chunk)).read(use_threads=False)
        part = part if part.schema == SERIES_SCHEMA else part.cast(SERIES_SCHEMA)
        columns = (part.column(name).to_pylist() for name in ("field", "score", "n", "sum", "sumsq"))
        for field, score, n, total, squares in zip(*columns):
            cell = sums.get((field, score))
            if cell is None:
                cell = sums[(field, score)] = [0, 0.0, 0.0]
            cell[0] += n
            cell[1] += total
            cell[2] += squares
    result: dict[str, dict[str, list]] = {}
    for (field, score), (n, total, squares) in sorted(sums.items()):
        mean = total / n
        var = max(0.0, (squares - total * total / n) / (n - 1)) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        entry = result.setdefault(field, {"score": [], "n": [], "mean": [], "ci95": []})
        entry["score"].append(score)
        entry["n"].append(n)
        entry["mean"].append(mean)
        entry["ci95"].append([mean - half, mean + half])
    return result


def aggregate(out: Path, chunk_list: list[Chunk], variant_list: tuple[Variant, ...],
              schema: pa.Schema) -> list[dict[str, Any]]:
    """Aggregates of every summary field of every variant, read column by column from ``campaigns.parquet``."""
    first = variant_list[0]
    fields: dict[Variant, dict[str, Any]] = {v: {} for v in variant_list}
    file = pq.ParquetFile(out / CAMPAIGNS)  # the footer is read once
    for field in summary_fields(schema):
        columns = variant_columns(file, field.name, variant_list)
        for variant in variant_list:
            fields[variant][field.name] = describe(columns[variant])
            if variant != first and not pa.types.is_string(field.type):
                fields[variant][field.name]["vs_first"] = paired_difference(columns[variant], columns[first])
    rows = file.metadata.num_rows // len(variant_list)
    return [{"variant": v.label, "params": dict(v.params), "campaigns": rows, "aggregates": fields[v],
             "series": series(out, chunk_list, v)} for v in variant_list]
