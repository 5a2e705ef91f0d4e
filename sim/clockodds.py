"""Exact odds of filling a clock with fortune rolls: how many rolls a faction goal clock takes.

A faction advancing a goal clock makes a fortune roll on its Tier each downtime (BITD.DOWNTIME.NPC.2,
BITD.FORTUNE.2) and ticks the clock by the result: 1-3 one tick, 4/5 two, 6 three, a critical five
(option ``ltp_critical_ticks``; BITD.CLOCK.4). The filled segments form a Markov chain on 0..size that
is absorbed at a full clock; every roll ticks at least once, so a clock of ``size`` segments fills within
``size`` rolls and the distribution of the number of rolls is finite and exact (``Fraction``s).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from sim.dice import CRITICAL, FAILURE, PARTIAL, SUCCESS
from sim.errors import UsageError

#: largest clock and pool the exact chain accepts (far beyond any real faction clock or Tier)
MAX_SIZE = 64
MAX_DICE = 12
QUANTILES = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(9, 10))


def tick_distribution(dice: int, critical_ticks: int = 5) -> dict[int, Fraction]:
    """Ticks of one fortune roll of ``dice`` dice: ``{ticks: p}`` (BITD.DOWNTIME.NPC.2; 0 dice: the lowest of
    two, never a critical, BITD.CORE.3)."""
    from sim.odds import blades_odds

    ticks = {FAILURE: 1, PARTIAL: 2, SUCCESS: 3, CRITICAL: int(critical_ticks)}
    out: dict[int, Fraction] = {}
    for result, p in blades_odds(max(0, dice)).items():
        if p:
            out[ticks[result]] = out.get(ticks[result], Fraction(0)) + p
    return dict(sorted(out.items()))


def rolls_to_fill(size: int, dice: int, critical_ticks: int = 5) -> dict[int, Fraction]:
    """``{n: P(the clock is first full after n rolls)}`` for an empty clock of ``size`` segments, n = 1..size.

    The chain: ``alive[s]`` is the chance the clock stands at ``s`` (< size) after the rolls so far; each roll
    moves it by the tick distribution, and what reaches ``size`` or beyond is absorbed at that roll.
    """
    _check(size, dice)
    step = tick_distribution(dice, critical_ticks)
    alive = {0: Fraction(1)}
    out: dict[int, Fraction] = {}
    n = 0
    while alive:
        n += 1
        nxt: dict[int, Fraction] = {}
        filled = Fraction(0)
        for s, p in alive.items():
            for t, q in step.items():
                if s + t >= size:
                    filled += p * q
                else:
                    nxt[s + t] = nxt.get(s + t, Fraction(0)) + p * q
        if filled:
            out[n] = filled
        alive = nxt
    return out


@lru_cache(maxsize=None)
def mean_rolls(size: int, dice: int, critical_ticks: int = 5) -> float:
    """The exact mean number of rolls that fill an empty clock of ``size`` at ``dice`` (a float, cached)."""
    return float(mean(rolls_to_fill(size, max(0, min(dice, MAX_DICE)), critical_ticks)))


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((n * p for n, p in dist.items()), Fraction(0))


def quantile(dist: dict[int, Fraction], q: Fraction) -> int:
    """The smallest n with P(rolls <= n) >= q."""
    total = Fraction(0)
    for n, p in sorted(dist.items()):
        total += p
        if total >= q:
            return n
    return max(dist)


def clock_odds(size: int, dice: int, critical_ticks: int = 5) -> dict:
    """The ``sim odds clock`` result: JSON keys ``size``, ``dice``, ``exact`` (``"rolls": "n/d"``), ``mean``
    (a float), ``mean_exact``, ``chance`` (floats), ``cumulative`` and ``quantiles`` (``"0.5": rolls``)."""
    from sim.odds import fraction_text

    dist = rolls_to_fill(size, dice, critical_ticks)
    cumulative, total = {}, Fraction(0)
    for n, p in dist.items():
        total += p
        cumulative[str(n)] = float(total)
    m = mean(dist)
    return {
        "system": "clock",
        "size": size,
        "dice": dice,
        "critical_ticks": int(critical_ticks),
        "exact": {str(n): fraction_text(p) for n, p in dist.items()},
        "chance": {str(n): float(p) for n, p in dist.items()},
        "cumulative": cumulative,
        "mean": float(m),
        "mean_exact": fraction_text(m),
        "quantiles": {str(float(q)): quantile(dist, q) for q in QUANTILES},
    }


def _check(size: int, dice: int) -> None:
    for name, value, low, high in (("size", size, 1, MAX_SIZE), ("dice", dice, 0, MAX_DICE)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise UsageError(f"--{name} must be {low}..{high}, got {value!r}")
