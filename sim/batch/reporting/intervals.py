"""Confidence intervals that respect what they measure (issue 32).

* A **rate** (a flag's share of ``true``, or a 0/1 quantity's mean) gets the
  95% Wilson score interval: inside [0, 1] by construction, and honest at 0 of n
  (``[0, 0.30]`` for 0 of 10, not ``[0, 0]``).
* A **mean** of a count or an amount gets a seeded **bootstrap percentile**
  interval: the batch's values are summarised as a histogram (value -> how many
  campaigns had it), and each of :data:`RESAMPLES` resamples draws ``n``
  campaigns from it at once (one multinomial draw over the distinct values, so
  a million campaigns cost as much as a thousand). A percentile interval lies
  inside the values' own range, so a count's interval never goes below 0.
  When every campaign has 0 of a non-negative count the bootstrap would give
  ``[0, 0]``; the interval is then the exact Poisson (Garwood) one for 0
  events in ``n`` campaigns, ``[0, -ln(0.025) / n]``.
* Past :data:`MAX_DISTINCT` distinct values (a float amount of a long batch)
  the histogram is not kept and the normal interval is used, clipped to the
  values' observed range (the bootstrap's own bound).

Every estimate carries its ``n``; an estimate resting on fewer than
:data:`MIN_CAMPAIGNS` campaigns is *thin*: the report says so, and plots grey
it out (:mod:`sim.batch.reporting.figures`).

The generator of each interval is seeded from the batch's master seed and the
quantity's name (:func:`interval_seed`), so the same batch gives the same
intervals, byte for byte.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

import numpy as np

from sim.rng import derive_seed

Z95 = 1.959963984540054
#: fewer campaigns than this and an estimate is thin: greyed or left out of plots, listed in the report
MIN_CAMPAIGNS = 20
#: bootstrap resamples per interval
RESAMPLES = 2000
#: a histogram of more distinct values than this is not kept (normal interval, clipped)
MAX_DISTINCT = 4096
#: -ln(0.025): the exact 95% upper bound of a Poisson mean is this over n when no event was seen in n campaigns
ZERO_EVENTS_UPPER = -math.log(0.025)


def wilson(successes: int, n: int) -> list[float]:
    """The 95% Wilson score interval of a rate of ``successes`` in ``n`` (``[0, 1]`` for n = 0)."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def interval_seed(master_seed: int, name: str, variant: int = 0) -> int:
    """The bootstrap generator's seed for quantity ``name`` of variant number ``variant``."""
    return derive_seed(master_seed, variant, f"bootstrap.{name}")


def is_rate(values: Iterable[float]) -> bool:
    """Whether a histogram's values are all 0 or 1 (its mean is a share)."""
    return all(v in (0, 1) for v in values)


def bootstrap_mean(values: np.ndarray, counts: np.ndarray, seed: int, resamples: int = RESAMPLES) -> list[float]:
    """The 95% percentile bootstrap interval of the mean of a sample given as a histogram.

    ``values[i]`` was seen ``counts[i]`` times. A resample is one multinomial
    draw of ``n = counts.sum()`` over the observed frequencies: exactly
    resampling ``n`` campaigns with replacement."""
    n = int(counts.sum())
    if len(values) == 1:
        return [float(values[0]), float(values[0])]
    # default_rng's stream, built without default_rng (which frees two objects of a caller's gc.freeze each call)
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = rng.multinomial(n, counts / n, size=resamples)
    means = draws @ values.astype(np.float64) / n
    lo, hi = np.quantile(means, [0.025, 0.975])
    return [max(float(lo), float(values.min())), min(float(hi), float(values.max()))]


def mean_interval(values: np.ndarray | None, counts: np.ndarray | None, *, n: int, mean: float, std: float,
                  low: float, high: float, seed: int, nonnegative: bool) -> tuple[list[float], str]:
    """(the 95% interval of a mean, the method's name) from a histogram (``values``, ``counts``; None past
    :data:`MAX_DISTINCT`) or, without one, the normal interval clipped to [``low``, ``high``]."""
    if n == 0:
        return [0.0, 0.0], "none"
    if values is not None and nonnegative and len(values) == 1 and values[0] == 0:
        return [0.0, ZERO_EVENTS_UPPER / n], "poisson_zero"
    if values is not None and is_rate(values.tolist()):
        k = int(counts[values == 1].sum()) if (values == 1).any() else 0
        return wilson(k, n), "wilson"
    if values is not None:
        return bootstrap_mean(values, counts, seed), "bootstrap"
    half = Z95 * std / math.sqrt(n)
    return [max(low, mean - half), min(high, mean + half)], "normal_clipped"


def histogram(array: np.ndarray) -> tuple[np.ndarray, np.ndarray] | tuple[None, None]:
    """(distinct values, counts) of ``array``, or (None, None) with more than :data:`MAX_DISTINCT`."""
    values, counts = np.unique(array, return_counts=True)
    if len(values) > MAX_DISTINCT:
        return None, None
    return values, counts


def describe_mean(array: np.ndarray, seed: int, signed: bool = False) -> dict[str, Any]:
    """n, mean, its 95% interval and the interval's method for one sample of numbers (``signed``: a difference,
    never read as a count)."""
    n = len(array)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": [None, None], "ci_method": "none"}
    mean = float(array.mean())
    std = float(array.std(ddof=1)) if n > 1 else 0.0
    values, counts = histogram(array)
    low, high = float(array.min()), float(array.max())
    ci, method = mean_interval(values, counts, n=n, mean=mean, std=std, low=low, high=high, seed=seed,
                               nonnegative=low >= 0 and not signed)
    return {"n": n, "mean": mean, "ci95": ci, "ci_method": method}


def thin(n: int) -> bool:
    """Whether an estimate over ``n`` campaigns is too thin to draw (fewer than :data:`MIN_CAMPAIGNS`)."""
    return n < MIN_CAMPAIGNS
