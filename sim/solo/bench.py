"""``sim bench solo``: how long one solo step takes (issue 11: "a solo step answers in well under 100 ms").

A step is one answer typed at the command layer (:meth:`sim.solo.session.Session.handle`), timed from the
line going in to the next decision waiting (the campaign's thread runs to the person's next decision, the
answer is fsynced into the save, the reply's lines are told). The session holds every seat of the scenario,
so each step is a person's; it answers ``1`` each time, in a temporary folder that is removed after.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

#: Most steps one run may time (a guard against a typo; a score and its downtime are ~150 steps).
MAX_STEPS = 2000


def bench_solo(scenario: str | Path, steps: int = 100, *, seed: int | None = None) -> dict[str, Any]:
    """Time up to ``steps`` answers of a new session of ``scenario`` (it may end sooner: then fewer)."""
    from sim.solo.session import Session

    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="sim-bench-solo-") as folder:
        began = time.perf_counter()
        session = Session.new(scenario, Path(folder) / "bench.save", seed=seed, seats="all")
        start_s = time.perf_counter() - began
        try:
            while len(times) < steps and not session.done:
                t = time.perf_counter()
                session.handle("1")
                times.append(time.perf_counter() - t)
        finally:
            session.close()
    ms = sorted(x * 1000 for x in times)
    return {"scenario": str(scenario), "seed": seed, "steps": len(ms), "start_ms": round(start_s * 1000, 2),
            "median_ms": round(statistics.median(ms), 3) if ms else None,
            "p90_ms": round(_percentile(ms, 0.9), 3) if ms else None,
            "max_ms": round(ms[-1], 3) if ms else None}


def _percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values, by linear interpolation between the nearest ranks."""
    if len(sorted_values) == 1:
        return sorted_values[0]
    pos = q * (len(sorted_values) - 1)
    low = int(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)
