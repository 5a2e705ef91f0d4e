"""Measuring the dice (``sim bench dice``): rolls per second against a bare ``random.random()`` loop.

Every case runs rolls through the engine's real dice functions in a plain
``for`` loop; the baseline is the same loop calling ``rng.random()`` as many
times, timed in the same run. ``n`` rolls per case are timed in ``repeats`` x
10 slices that alternate with equal slices of the baseline, and each ratio
compares the best slice of the case with the best slice of the baseline
beside it (the least disturbed by other work on the machine). The exact-odds timing
computes every Blades pool 0..10 and the whole Fate grid (skills -2..+8
against difficulties -4..+8) once with empty caches ("cold") and once warm.
"""

from __future__ import annotations

import time
from typing import Callable

from sim.rng import make_rng

#: (name, description, function taking (rng, n) and rolling n times)
Case = tuple[str, str, Callable]


def _bare(rng, n: int) -> None:
    rnd = rng.random
    for _ in range(n):
        rnd()


def _blades(dice: int, sampler: str) -> Callable:
    from sim import sampling  # noqa: F401  registers the table sampler
    from sim.dice import roll_action

    def loop(rng, n: int) -> None:
        for _ in range(n):
            roll_action(rng, dice, sampler)

    return loop


def _resist(rng, n: int) -> None:
    from sim.dice import resistance_stress, roll_action

    for _ in range(n):
        resistance_stress(roll_action(rng, 2))


def _fate(rng, n: int) -> None:
    from sim.dice import effort, fate_outcome, roll_fate, shifts

    for _ in range(n):
        fate_outcome(shifts(effort(roll_fate(rng), 2), 2))


def _mist(power: int) -> Callable:
    from sim.dice import roll_mist

    def loop(rng, n: int) -> None:
        for _ in range(n):
            roll_mist(rng, power)

    return loop


def cases() -> list[Case]:
    return [
        ("blades_action_2d_faces", "Blades action roll, 2d, faces sampler", _blades(2, "faces")),
        ("blades_action_2d_table", "Blades action roll, 2d, table sampler", _blades(2, "table")),
        ("blades_action_4d_faces", "Blades action roll, 4d, faces sampler", _blades(4, "faces")),
        ("blades_action_0d_faces", "Blades action roll, 0d, faces sampler", _blades(0, "faces")),
        ("blades_action_6d_faces", "Blades action roll, 6d, faces (5 + 1 chunks)", _blades(6, "faces")),
        ("blades_action_6d_table", "Blades action roll, 6d, table sampler", _blades(6, "table")),
        ("blades_resistance_2d", "Blades resistance roll, 2d, stress", _resist),
        ("fate_4df_outcome", "Fate 4dF, effort, shifts, outcome", _fate),
        ("mist_power_2", "Mist roll, power 2", _mist(2)),
    ]


def _paired(func: Callable, n: int, repeats: int, seed: int, slices: int = 10) -> tuple[float, float]:
    """Best time per roll of ``func`` and of the bare loop, timed in alternating slices of ``n / slices``.

    Short alternating slices see the same machine: a busy moment slows the
    baseline and the case alike, and the best slice of each is compared.
    """
    size = max(1, n // slices)
    best_bare = best_case = float("inf")
    rng = make_rng(seed)
    for _ in range(repeats * slices):
        start = time.perf_counter()
        _bare(rng, size)
        best_bare = min(best_bare, time.perf_counter() - start)
        start = time.perf_counter()
        func(rng, size)
        best_case = min(best_case, time.perf_counter() - start)
    return best_bare / size, best_case / size


def _odds_ms(repeats: int) -> tuple[float, float]:
    from sim import odds

    cold = warm = float("inf")
    for _ in range(repeats):
        odds.clear_caches()
        start = time.perf_counter()
        odds.odds_grid()
        cold = min(cold, time.perf_counter() - start)
        start = time.perf_counter()
        odds.odds_grid()
        warm = min(warm, time.perf_counter() - start)
    return cold * 1000, warm * 1000


def bench_dice(n: int = 200_000, repeats: int = 3, seed: int = 1) -> dict:
    """Time every case; return ``{"n", "repeats", "bare_loop", "cases": [...], "odds_grid_ms": {...}}``."""
    from sim.errors import UsageError

    if n < 1000 or repeats < 1:
        raise UsageError("bench dice needs --n of at least 1000 and --repeats of at least 1")
    for _, _, func in cases():  # warm up: build tables, import modules
        func(make_rng(seed), 1000)
    rows = []
    bare_best = float("inf")
    for name, text, func in cases():
        bare, elapsed = _paired(func, n, repeats, seed)
        bare_best = min(bare_best, bare)
        rows.append({"case": name, "description": text, "seconds_per_roll": elapsed,
                     "rolls_per_second": 1 / elapsed, "ratio_to_bare_loop": elapsed / bare})
    cold, warm = _odds_ms(repeats)
    return {
        "n": n,
        "repeats": repeats,
        "bare_loop": {"seconds_per_call": bare_best, "calls_per_second": 1 / bare_best},
        "cases": rows,
        "odds_grid_ms": {"cold": cold, "warm": warm, "blades_pools": "0..10",
                         "fate_grid": "skills -2..+8 x difficulties -4..+8"},
        "goal": {"blades_action_ratio": 4.0, "odds_grid_ms": 10.0},
    }
