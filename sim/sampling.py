"""Counting many rolls made with the engine's real dice code (``sim roll``, tests, ``sim bench dice``).

Each function rolls ``n`` times with :mod:`sim.dice` and returns the counts of
each outcome, keyed in the same order as the exact distributions of
:mod:`sim.odds`, so a count table and an odds table line up.
"""

from __future__ import annotations

from sim.dice import (
    FATE_OUTCOMES, MIST_RESULTS, RESULTS_BEST_FIRST, effort, fate_outcome, resistance_stress, roll_action, roll_fate,
    roll_mist, shifts,
)
from sim.errors import UsageError
from sim.rng import Rng


def _check_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise UsageError(f"the number of rolls must be 1 or more, got {n!r}")
    return n


def count_blades(rng: Rng, dice: int, n: int, sampler: str = "faces") -> dict[str, int]:
    """Result levels of ``n`` Blades rolls of ``dice`` (BITD.CORE.1-3), best first."""
    counts = dict.fromkeys(RESULTS_BEST_FIRST, 0)
    for _ in range(_check_n(n)):
        counts[roll_action(rng, dice, sampler).result] += 1
    return counts


def count_resistance(rng: Rng, dice: int, n: int, sampler: str = "faces") -> dict[int, int]:
    """Stress paid on ``n`` resistance rolls of ``dice``, ``{-1: count, ..., 5: count}`` (BITD.RESIST.3)."""
    counts = dict.fromkeys(range(-1, 6), 0)
    for _ in range(_check_n(n)):
        counts[resistance_stress(roll_action(rng, dice, sampler))] += 1
    return counts


def count_fate(rng: Rng, skill: int, vs: int, n: int, invokes: int = 0, opposed: bool = False) -> dict[str, int]:
    """Outcomes of ``n`` Fate rolls (FATE.DICE.2, FATE.OUTCOME.1); ``opposed``: ``vs`` rolls 4dF too."""
    counts = dict.fromkeys(FATE_OUTCOMES, 0)
    for _ in range(_check_n(n)):
        mine = effort(roll_fate(rng), skill, invokes)
        target = effort(roll_fate(rng), vs) if opposed else vs
        counts[fate_outcome(shifts(mine, target))] += 1
    return counts


def count_mist(rng: Rng, power: int, n: int, zero_power: str = "d8_only") -> dict[str, int]:
    """Bands of ``n`` mist rolls at ``power`` (MIST.ROLL.3-4)."""
    counts = dict.fromkeys(MIST_RESULTS, 0)
    for _ in range(_check_n(n)):
        counts[roll_mist(rng, power, zero_power).result] += 1
    return counts
