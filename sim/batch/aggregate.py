"""Aggregates of a batch, computed column by column from ``campaigns.parquet`` and ``series.parquet``.

For each summary field of each variant:

* numbers (int, float): ``n``, the mean, sample standard deviation, its 95%
  confidence interval (:mod:`sim.batch.reporting.intervals`: a seeded bootstrap
  percentile interval, Wilson for a 0/1 quantity, the exact Poisson bound for
  an all-zero count; ``ci_method`` names which), min, max and quantiles
  (linear interpolation, as pandas computes them);
* flags (bool): the rate of ``true`` with its 95% Wilson score interval;
* words (str): the count of each value.

Every aggregate carries ``n`` and ``thin`` (fewer than
:data:`~sim.batch.reporting.intervals.MIN_CAMPAIGNS` campaigns).

With a sweep, every variant after the first also gets the paired difference
from the first variant (same campaign seeds: common random numbers) with its
95% bootstrap interval, which is much narrower than the two intervals apart.

Fields are read one column at a time from ``campaigns.parquet`` (all
variants together, then sliced without copying), so memory is flat in the
number of fields and grows by 8 bytes per campaign and variant at most; the
per-score series come from ``series.parquet``, a row group at a time, as
histograms per (variant, field, score).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.reporting import intervals
from sim.batch.reporting.intervals import wilson  # noqa: F401 (the old import path of wilson)
from sim.batch.plan import Chunk, Variant
from sim.batch.table import CAMPAIGNS, variant_columns

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
BATCH_COLUMNS = ("index", "seed", "variant")


def summary_fields(schema: pa.Schema) -> list[pa.Field]:
    """The campaign summary's fields: every column but the batch's own."""
    return [f for f in schema if f.name not in BATCH_COLUMNS and not f.name.startswith("sweep_")]


def _number(values: pa.Array, seed: int) -> dict[str, Any]:
    array = values.to_numpy(zero_copy_only=False).astype(np.float64)
    stats = intervals.describe_mean(array, seed)
    quantiles = pc.quantile(values, q=list(QUANTILES), interpolation="linear").to_pylist()
    n = len(values)
    return {
        "kind": "number",
        "n": n,
        "thin": intervals.thin(n),
        "mean": stats["mean"],
        "std": pc.stddev(values, ddof=1).as_py() if n > 1 else 0.0,
        "ci95": stats["ci95"],
        "ci_method": stats["ci_method"],
        "min": pc.min(values).as_py(),
        "max": pc.max(values).as_py(),
        "quantiles": {f"{q:g}": v for q, v in zip(QUANTILES, quantiles)},
    }


def _rate(values: pa.Array) -> dict[str, Any]:
    count = pc.sum(values.cast(pa.int64())).as_py() or 0
    n = len(values)
    return {"kind": "rate", "n": n, "thin": intervals.thin(n), "rate": count / n if n else 0.0, "count": count,
            "ci95": wilson(count, n), "ci_method": "wilson"}


def _words(values: pa.Array) -> dict[str, Any]:
    counts = pc.value_counts(values).to_pylist()
    n = len(values)
    return {"kind": "words", "n": n, "thin": intervals.thin(n),
            "counts": {c["values"]: c["counts"] for c in sorted(counts, key=lambda c: c["values"])}}


def describe(values: pa.Array, seed: int = 0) -> dict[str, Any]:
    """The aggregate of one field's values (see the module docstring); ``seed`` seeds its bootstrap."""
    if pa.types.is_boolean(values.type):
        return _rate(values)
    if pa.types.is_string(values.type):
        return _words(values)
    return _number(values, seed)


def paired_difference(values: pa.Array, base: pa.Array, seed: int = 0) -> dict[str, Any]:
    """Mean of ``values - base`` over the same campaigns, with its 95% bootstrap interval."""
    if pa.types.is_boolean(values.type):
        values, base = values.cast(pa.int64()), base.cast(pa.int64())
    diff = (values.to_numpy(zero_copy_only=False).astype(np.float64)
            - base.to_numpy(zero_copy_only=False).astype(np.float64))
    stats = intervals.describe_mean(diff, seed, signed=True)
    return {"diff": stats["mean"], "ci95": stats["ci95"], "ci_method": stats["ci_method"], "n": stats["n"]}


def series_from_counts(counts: dict[tuple[str, str, int], dict[float, int]], variant: Variant,
                       master_seed: int = 0) -> dict[str, dict[str, list]]:
    """Per-score means of the loop's series for one variant, from :func:`sim.batch.tidy.series_counts`.

    ``{field: {"score": [1, 2, ...], "n": [...], "mean": [...], "ci95": [[lo, hi], ...], "thin": [...]}}``;
    ``n`` is how many campaigns reached that score (the mean is over the campaigns still playing there).
    """
    result: dict[str, dict[str, list]] = {}
    keys = sorted((field, score) for label, field, score in counts if label == variant.label)
    for field, score in keys:
        histogram = counts[(variant.label, field, score)]
        values = np.array(sorted(histogram), dtype=np.float64)
        weights = np.array([histogram[v] for v in sorted(histogram)], dtype=np.int64)
        n = int(weights.sum())
        mean = float(values @ weights / n)
        var = float(((values - mean) ** 2) @ weights / (n - 1)) if n > 1 else 0.0
        small = len(values) <= intervals.MAX_DISTINCT
        seed = intervals.interval_seed(master_seed, f"series.{field}.{score}", variant.number)
        ci, _ = intervals.mean_interval(values if small else None, weights if small else None, n=n, mean=mean,
                                        std=var ** 0.5, low=float(values[0]), high=float(values[-1]), seed=seed,
                                        nonnegative=values[0] >= 0)
        entry = result.setdefault(field, {"score": [], "n": [], "mean": [], "ci95": [], "thin": []})
        entry["score"].append(score)
        entry["n"].append(n)
        entry["mean"].append(mean)
        entry["ci95"].append(ci)
        entry["thin"].append(intervals.thin(n))
    return result


def aggregate(out: Path, chunk_list: list[Chunk], variant_list: tuple[Variant, ...],
              schema: pa.Schema, seed: int = 0) -> list[dict[str, Any]]:
    """Aggregates of every summary field of every variant, read column by column from ``campaigns.parquet``,
    and the per-score series from ``series.parquet``; ``seed`` (the batch's master seed) seeds the bootstraps."""
    from sim.batch.tidy import SERIES, series_counts

    first = variant_list[0]
    fields: dict[Variant, dict[str, Any]] = {v: {} for v in variant_list}
    file = pq.ParquetFile(out / CAMPAIGNS)  # the footer is read once
    for field in summary_fields(schema):
        columns = variant_columns(file, field.name, variant_list)
        for variant in variant_list:
            fields[variant][field.name] = describe(columns[variant],
                                                   intervals.interval_seed(seed, field.name, variant.number))
            if variant != first and not pa.types.is_string(field.type):
                fields[variant][field.name]["vs_first"] = paired_difference(
                    columns[variant], columns[first], intervals.interval_seed(seed, "vs_first." + field.name,
                                                                              variant.number))
    rows = file.metadata.num_rows // len(variant_list)
    counts = series_counts(out) if (out / SERIES).exists() else {}
    return [{"variant": v.label, "params": dict(v.params), "campaigns": rows, "aggregates": fields[v],
             "series": series_from_counts(counts, v, seed)} for v in variant_list]
