"""``sim bench campaigns``: how fast batches run, and against what floor.

Measured in one run, on one scenario, with the real batch runner:

* **campaigns per second** in this process (``--workers 1``), counting the
  time to play and save chunks (not the final assembly and aggregates);
* the **dice floor**: the campaigns' own count of dice rolled (summary field
  ``dice_rolled``), rolled again as a bare loop of d6 faces
  (``int(rng.random() * 6) + 1``); ``floor_ratio`` is campaign time over that;
* the **transitions share**: time spent inside the ``transitions`` machinery
  (event triggers, minus the callbacks they run, which are the rules) over
  campaign time. Measured on a sample by timing every ``Event.trigger`` and
  ``Machine.callback`` call with an exclusive-time stack, less the timer's own
  cost calibrated on an empty call;
* the **bookkeeping floor**, where the summary counts them (fields
  ``decisions`` and ``events``): the same number of choices answered by a
  do-nothing agent through the real ``Campaign.decide``, and of journal
  events through the real ``Journal.emit``, not kept, with no listener (the
  summary reads counters). This is the cost of asking and recording with no rule
  or policy logic at all, so ``bookkeeping_ratio`` (that floor over the dice
  floor) bounds how close any campaign that asks and records so much can come
  to its dice floor;
* **time by area**: a ``cProfile`` of a sample of campaigns, own time
  grouped by module (``blades.score.score``, ``agents``, ``journal``,
  ``transitions``, ``builtins``...): where the time goes. The profiler
  inflates call-heavy code, so these are shares, not times;
* **speed-up and efficiency** with ``workers`` processes, and on a Dask
  ``LocalCluster`` of ``workers`` single-threaded processes (its start-up is
  timed apart; the run is timed once the cluster is up).

Efficiency is ``(T_in_process / T_parallel) / workers``: 1.0 is ideal. Other
work on the machine lowers the parallel runs more than the in-process one, so
the 1-minute load average before and after is reported beside the figures.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.accel import build_kind, compiled_loaded
from sim.batch.runner import run_batch
from sim.rng import make_rng

DICE_FIELD = "dice_rolled"
DECISIONS_FIELD = "decisions"
EVENTS_FIELD = "events"


def dice_floor_seconds(dice: int, seed: int = 0) -> float:
    """Seconds to roll ``dice`` d6 faces in a bare loop, best of three."""
    best = float("inf")
    for _ in range(3):
        random = make_rng(seed).random
        began = time.perf_counter()
        for _ in range(dice):
            int(random() * 6) + 1
        best = min(best, time.perf_counter() - began)
    return best


class _FirstOption:
    """An agent with no policy: it takes the first option (the decision floor's seat)."""

    name = "first"
    person = False

    def choose(self, d, rng):
        return d.options[0]


def bookkeeping_floor_seconds(decisions: int, events: int) -> dict[str, float]:
    """Seconds for ``decisions`` choices and ``events`` journal events with no rule or policy logic, best of three.

    Choices go through the real :meth:`sim.agents.seats.Seats.decide` (a
    context keyword, the option tuple, the :class:`~sim.agents.base.Decision`,
    the legality check, no journal kept) to an agent that takes the first option; events through the real
    :meth:`sim.journal.Journal.emit`, not kept and with no listener (as a batch campaign's: the summary reads
    the campaign's counters, not its events), five fields each like a typical ``stress`` event.
    """
    from sim.agents.seats import Seats
    from sim.journal import Journal

    options = ("a", "b", "c")
    best = {"decisions": float("inf"), "events": float("inf")}
    for _ in range(3):
        decide = Seats({"pc1": _FirstOption()}, 0, Journal(keep=False)).decide
        began = time.perf_counter()
        for _ in range(decisions):
            decide("pc1", "floor", options, pc="pc1")
        best["decisions"] = min(best["decisions"], time.perf_counter() - began)
        emit = Journal(keep=False).emit
        began = time.perf_counter()
        for _ in range(events):
            emit("stress", pc="pc1", before=1, delta=2, after=3, reason="push")
        best["events"] = min(best["events"], time.perf_counter() - began)
    return best


def _area(filename: str) -> str:
    """The area a profiled function belongs to: ``blades.score.score`` for ``.../sim/blades/score/score.py``, else its package."""
    if filename == "~":
        return "builtins"
    if filename.startswith("<"):  # e.g. a namedtuple's generated __new__
        return "generated"
    parts = Path(filename).parts
    if "sim" in parts:
        last_sim = len(parts) - 1 - parts[::-1].index("sim")  # the innermost "sim" folder: the package
        return ".".join(parts[last_sim + 1:]).removesuffix(".py") or "sim"
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1].removesuffix(".py")
    return Path(filename).stem


def profile_areas(game: Any, scenario: str, seed: int, campaigns: int) -> dict[str, float]:
    """Share of profiled own time by area (:func:`_area`), largest first, over ``campaigns`` campaigns."""
    import cProfile
    import pstats

    from sim.rng import derive_seed

    prepared = game.prepare(scenario, ())
    game.play(prepared, derive_seed(seed, 0), None, None)  # warm caches outside the profile
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(campaigns):
        game.play(prepared, derive_seed(seed, index), None, None)
    profiler.disable()
    areas: dict[str, float] = {}
    for (filename, _line, _function), (_cc, _nc, own, _cum, _callers) in pstats.Stats(profiler).stats.items():
        area = _area(filename)
        areas[area] = areas.get(area, 0.0) + own
    total = sum(areas.values()) or 1.0
    return {a: t / total for a, t in sorted(areas.items(), key=lambda kv: (-kv[1], kv[0]))}


class TriggerTimer:
    """Exclusive time in ``transitions`` triggers and in the callbacks they run.

    While installed, ``Event.trigger`` and ``Machine.callback`` are wrapped (the phase tables use the
    library's own classes); each call's time less its nested calls' is added to its kind, so a
    trigger fired from inside a callback counts as machinery again.
    """

    def __init__(self):
        self.exclusive = {"trigger": 0.0, "callback": 0.0}
        self.calls = {"trigger": 0, "callback": 0}
        self._stack: list[list[float]] = []
        self._saved: list[tuple[type, str, Callable]] = []

    def _wrap(self, kind: str, func: Callable) -> Callable:
        clock, stack, exclusive, calls = time.perf_counter, self._stack, self.exclusive, self.calls

        def timed(*args, **kwargs):
            frame = [clock(), 0.0]
            stack.append(frame)
            try:
                return func(*args, **kwargs)
            finally:
                stack.pop()
                spent = clock() - frame[0]
                exclusive[kind] += spent - frame[1]
                calls[kind] += 1
                if stack:
                    stack[-1][1] += spent

        return timed

    def __enter__(self) -> "TriggerTimer":
        from transitions.core import Event, Machine

        for cls, name, kind in ((Event, "trigger", "trigger"), (Machine, "callback", "callback")):
            original = cls.__dict__[name]
            self._saved.append((cls, name, original))
            setattr(cls, name, self._wrap(kind, original))
        return self

    def __exit__(self, *exc) -> None:
        for cls, name, original in reversed(self._saved):
            setattr(cls, name, original)
        self._saved.clear()

    def cost_per_call(self, calls: int = 20_000) -> float:
        """The timer's own seconds per wrapped call, measured on an empty function."""
        probe = TriggerTimer()
        empty = probe._wrap("trigger", lambda: None)
        began = time.perf_counter()
        for _ in range(calls):
            empty()
        wrapped = time.perf_counter() - began
        bare = (lambda: None)
        began = time.perf_counter()
        for _ in range(calls):
            bare()
        return max(0.0, (wrapped - (time.perf_counter() - began)) / calls)


def transitions_seconds(game: Any, scenario: str, seed: int, campaigns: int) -> dict[str, float]:
    """Seconds per campaign inside the transitions machinery, on ``campaigns`` campaigns."""
    from sim.rng import derive_seed

    prepared = game.prepare(scenario, ())
    timer = TriggerTimer()
    with timer:
        for index in range(campaigns):
            game.play(prepared, derive_seed(seed, index), None, None)
    cost = timer.cost_per_call()
    machinery = max(0.0, timer.exclusive["trigger"] - cost * timer.calls["trigger"])
    return {"seconds_per_campaign": machinery / campaigns,
            "triggers_per_campaign": timer.calls["trigger"] / campaigns}


def _timed(scenario: str, game: Any, campaigns: int, root: Path, name: str, **kwargs) -> dict[str, Any]:
    result = run_batch(scenario, game, campaigns, out=root / name, journals=0, report=False, **kwargs)
    return {"summary": result.summary, "out": result.out}


def bench_campaigns(scenario: str, game: Any, campaigns: int, workers: int = 2,
                    transitions_sample: int | None = None, profile_sample: int | None = None,
                    progress=None) -> dict[str, Any]:
    """Measure the figures in the module docstring; returns one flat-ish dict."""
    from dask.distributed import LocalCluster

    sample = transitions_sample or max(1, min(campaigns, 500))
    profiled = profile_sample or max(1, min(campaigns, 100))
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="sim-bench-") as tmp:
        root = Path(tmp)
        one = _timed(scenario, game, campaigns, root, "inprocess", workers=1, progress=progress)
        t1 = one["summary"]["elapsed_s"]
        seed = one["summary"]["seed"]
        table = one["out"] / "campaigns.parquet"
        if DICE_FIELD not in pq.read_schema(table).names:
            raise ValueError(f"the campaign summary has no {DICE_FIELD!r} field to measure the dice floor")
        names = pq.read_schema(table).names
        totals = {name: int(pc.sum(pq.read_table(table, columns=[name]).column(name)).as_py())
                  for name in (DICE_FIELD, DECISIONS_FIELD, EVENTS_FIELD) if name in names}
        dice = totals[DICE_FIELD]
        floor = dice_floor_seconds(dice, seed)
        bookkeeping = (bookkeeping_floor_seconds(totals[DECISIONS_FIELD], totals[EVENTS_FIELD])
                       if DECISIONS_FIELD in totals and EVENTS_FIELD in totals else None)
        machinery = transitions_seconds(game, scenario, seed, sample)
        areas = profile_areas(game, scenario, seed, profiled)

        procs = _timed(scenario, game, campaigns, root, "processes", workers=workers, progress=progress)
        tp = procs["summary"]["elapsed_s"]

        began = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.ERROR) as cluster:
            start = time.perf_counter() - began
            dask = _timed(scenario, game, campaigns, root, "dask", workers=workers, dask=cluster.scheduler_address,
                          progress=progress)
        td = dask["summary"]["elapsed_s"]
        for other in (procs, dask):  # the backends must agree, or the timings compare different work
            if not pq.read_table(other["out"] / "campaigns.parquet").equals(pq.read_table(table)):
                raise RuntimeError(f"{other['out'].name} rows differ from the in-process rows "
                                   "(did the code or content change while the bench ran?)")

    per_campaign = t1 / campaigns
    compiled = compiled_loaded()
    return {
        "cores": os.cpu_count(),
        "load_before": load_before,  # 1-minute load averages: other work on the machine skews every figure
        "load_after": os.getloadavg()[0],
        "scenario": one["summary"]["scenario"],
        "campaigns": campaigns,
        "workers": workers,
        "chunk_size": one["summary"]["chunk_size"],
        "seconds_in_process": t1,
        "campaigns_per_s": campaigns / t1,
        "dice_rolled": dice,
        "dice_per_campaign": dice / campaigns,
        "dice_floor_s": floor,
        "floor_ratio": t1 / floor if floor > 0 else None,
        "decisions_per_campaign": totals[DECISIONS_FIELD] / campaigns if bookkeeping else None,
        "events_per_campaign": totals[EVENTS_FIELD] / campaigns if bookkeeping else None,
        "decision_floor_s": bookkeeping["decisions"] if bookkeeping else None,
        "journal_floor_s": bookkeeping["events"] if bookkeeping else None,
        "bookkeeping_ratio": (sum(bookkeeping.values()) / floor if bookkeeping and floor > 0 else None),
        "profile_sample": profiled,
        "profile_areas": areas,
        "transitions_sample": sample,
        "triggers_per_campaign": machinery["triggers_per_campaign"],
        "transitions_share": machinery["seconds_per_campaign"] / per_campaign,
        "seconds_processes": tp,
        "speedup_processes": t1 / tp,
        "efficiency_processes": t1 / tp / workers,
        "dask_start_s": start,
        "seconds_dask": td,
        "speedup_dask": t1 / td,
        "efficiency_dask": t1 / td / workers,
        "compiled_modules": compiled,  # sim accel build: modules run compiled (cProfile cannot see them)
        "accel_build": build_kind() if compiled else "",  # "profile-guided" or "plain" when any ran compiled
    }
