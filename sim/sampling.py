"""Sampling rolls: the ``table`` sampler, and counting many rolls made with the real dice code.

:func:`roll_table` is the Blades ``table`` sampler (option ``dice_sampler``): it
draws the read die straight from the exact distribution of :mod:`sim.odds`.
Dice sit below the odds and this module beside them, so importing it registers
the sampler with :func:`sim.dice.register_sampler` and ``roll_action(rng, dice,
"table")`` rolls with it; :mod:`sim.dice` never imports the odds.

The ``count_*`` functions roll ``n`` times with :mod:`sim.dice` (``sim roll``,
tests, ``sim bench dice``) and return the counts of each outcome, keyed in the
same order as the exact distributions of :mod:`sim.odds`, so a count table and
an odds table line up.
"""

from __future__ import annotations

from bisect import bisect_right

from sim.dice import (
    CRITICAL, FATE_OUTCOMES, MIST_RESULTS, RESULTS_BEST_FIRST, BladesRoll, blades_result, effort, fate_outcome,
    register_sampler, resistance_stress, roll_action, roll_fate, roll_mist, shifts,
)
from sim.errors import UsageError
from sim.odds import read_die_distribution
from sim.rng import Rng

_TABLES: dict[int, tuple[tuple[float, ...], tuple[BladesRoll, ...]]] = {}


def read_die_table(dice: int) -> tuple[tuple[float, ...], tuple[BladesRoll, ...]]:
    """Cumulative probabilities of the read die (1..6, then critical) for a pool, built once.

    ``rolls[bisect_right(bounds, u)]`` for a uniform ``u`` in [0, 1) is a draw
    from the exact distribution of :func:`sim.odds.read_die_distribution`
    (the last bound is left out, so every ``u`` lands on an outcome).
    """
    table = _TABLES.get(dice)
    if table is None:
        bounds, rolls, total = [], [], 0
        for outcome, p in read_die_distribution(dice).items():
            if p:
                total += p
                bounds.append(float(total))
                die, result = (6, CRITICAL) if outcome == CRITICAL else blades_result((outcome,), 1)
                rolls.append(BladesRoll(dice, (), die, result))
        table = _TABLES[dice] = (tuple(bounds[:-1]), tuple(rolls))
    return table


def roll_table(rng: Rng, dice: int) -> BladesRoll:
    """A Blades roll of ``dice`` with no faces: the read die and critical drawn from the exact
    distribution with one ``rng.random()`` (BITD.CORE.1-3; the ``table`` sampler)."""
    try:
        bounds, rolls = _TABLES[dice]
    except KeyError:
        bounds, rolls = read_die_table(dice)
    return rolls[bisect_right(bounds, rng.random())]


register_sampler("table", roll_table)


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
