"""Exact outcome distributions, as ``fractions.Fraction`` (no sampling).

Closed forms for Blades pools (the highest of n d6 is at most k with
probability (k/6)^n), enumeration by convolution for 4dF and the mist roll.
Every function returns a fresh ``dict`` whose keys are in a fixed order: the
order tables print them in. Known answers (BITD.CORE.7,
FATE.DICE.3, MIST.ROLL.5) are checked in ``tests/data/known_answers.yaml``
against brute-force enumeration of every face.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from sim.dice import (
    CRITICAL, FAILURE, FATE_OUTCOMES, INVOKE_BONUS, MIST_FAILURE, MIST_PARTIAL, MIST_SUCCESS, PARTIAL, SUCCESS,
    fate_outcome, mist_d4_count, mist_result,
)
from sim.errors import UsageError

Distribution = dict  # outcome -> Fraction, in print order

#: Largest pool / d4 count / dice count the exact functions accept (far beyond any real roll).
MAX_POOL = 100


def _check_count(name: str, value: int, low: int = -MAX_POOL) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= MAX_POOL:
        raise UsageError(f"{name} must be {low}..{MAX_POOL}, got {value}")
    return value


# --- Blades in the Dark -------------------------------------------------------

@lru_cache(maxsize=None)
def _read_die(dice: int) -> tuple[tuple[object, Fraction], ...]:
    if dice <= 0:
        # BITD.CORE.3: the lowest of two d6; P(min >= k) = ((7 - k) / 6)^2; no critical.
        rows = [(k, Fraction((7 - k) ** 2 - (6 - k) ** 2, 36)) for k in range(1, 7)]
        return tuple(rows) + ((CRITICAL, Fraction(0)),)
    # BITD.CORE.1-2: the highest of n d6; P(max <= k) = (k / 6)^n.
    whole = 6 ** dice
    rows = [(k, Fraction(k ** dice - (k - 1) ** dice, whole)) for k in range(1, 6)]
    one_six = dice * 5 ** (dice - 1)
    rows.append((6, Fraction(one_six, whole)))
    rows.append((CRITICAL, Fraction(whole - 5 ** dice - one_six, whole)))
    return tuple(rows)


def read_die_distribution(dice: int) -> Distribution:
    """The die a Blades pool reads: ``{1: p, ..., 6: p, "critical": p}`` (6 = a single six).

    BITD.CORE.1-3. A pool of 0 or fewer reads the lowest of 2d6 and never crits.
    """
    return dict(_read_die(_check_count("dice", dice)))


def blades_odds(dice: int) -> Distribution:
    """Result levels of a Blades pool: ``{"critical", "success", "partial", "failure"}`` (BITD.CORE.2)."""
    die = read_die_distribution(dice)
    return {
        CRITICAL: die[CRITICAL],
        SUCCESS: die[6],
        PARTIAL: die[4] + die[5],
        FAILURE: die[1] + die[2] + die[3],
    }


def resistance_odds(dice: int) -> Distribution:
    """Stress a resistance roll costs, ``{-1: p, 0: p, ..., 5: p}`` (BITD.RESIST.3): 6 - die, critical -1."""
    die = read_die_distribution(dice)
    return {-1: die[CRITICAL], **{6 - k: die[k] for k in range(6, 0, -1)}}


def vice_odds(dice: int) -> Distribution:
    """Stress an indulge-vice roll clears, ``{1: p, ..., 6: p}`` (BITD.DOWNTIME.VICE.1): the read die."""
    die = read_die_distribution(dice)
    return {k: die[k] + (die[CRITICAL] if k == 6 else 0) for k in range(1, 7)}


def expected(distribution: Mapping[int, Fraction]) -> Fraction:
    """The mean of a distribution over numbers."""
    return sum((Fraction(k) * p for k, p in distribution.items()), Fraction(0))


# --- Fate Condensed -----------------------------------------------------------

@lru_cache(maxsize=None)
def _fate_dice(count: int) -> tuple[tuple[int, Fraction], ...]:
    ways = {0: 1}
    for _ in range(count):  # convolve with one fudge die: -1, 0, +1
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in (-1, 0, 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    whole = 3 ** count
    return tuple((t, Fraction(ways[t], whole)) for t in sorted(ways))


def fate_dice_distribution(count: int = 4) -> Distribution:
    """Sum of ``count`` fudge dice, ``{-count: p, ..., count: p}``; 4dF is FATE.DICE.3."""
    return dict(_fate_dice(_check_count("fate dice", count, 0)))


def fate_odds(skill: int, vs: int, invokes: int = 0, opposed: bool = False, bonus: int = 0) -> Distribution:
    """Outcomes of a Fate roll, ``{"fail", "tie", "succeed", "style"}`` (FATE.DICE.2, FATE.OUTCOME.1).

    Effort = 4dF + ``skill`` + 2 per invoke + ``bonus`` against ``vs``: a
    static difficulty, or, when ``opposed``, an opposing skill that rolls its
    own 4dF (the difference of two 4dF is distributed as 8dF).
    """
    for name, value in (("skill", skill), ("vs", vs), ("invokes", invokes), ("bonus", bonus)):
        _check_count(name, value)
    if invokes < 0:
        raise UsageError(f"invokes must be 0 or more, got {invokes}")
    base = skill + INVOKE_BONUS * invokes + bonus - vs
    out = {o: Fraction(0) for o in FATE_OUTCOMES}
    for total, p in _fate_dice(8 if opposed else 4):
        out[fate_outcome(total + base)] += p
    return out


# --- Mist ---------------------------------------------------------------------

@lru_cache(maxsize=None)
def _mist_totals(d4s: int) -> tuple[tuple[int, Fraction], ...]:
    if d4s == 0:
        return tuple((t, Fraction(1, 8)) for t in range(1, 9))
    whole = 4 ** d4s
    best = {m: Fraction(m ** d4s - (m - 1) ** d4s, whole) for m in range(1, 5)}  # highest of N d4
    totals: dict[int, Fraction] = {}
    for d8 in range(1, 9):
        for m, p in best.items():
            totals[d8 + m] = totals.get(d8 + m, Fraction(0)) + p / 8
    return tuple(sorted(totals.items()))


def mist_total_distribution(power: int, zero_power: str = "d8_only") -> Distribution:
    """Total of 1d8 + the highest of N d4 (N = power), ``{total: p}`` (MIST.ROLL.3)."""
    return dict(_mist_totals(mist_d4_count(_check_count("power", power), zero_power)))


def mist_odds(power: int, zero_power: str = "d8_only") -> Distribution:
    """Bands of a mist roll, ``{"failure", "partial", "success"}`` (MIST.ROLL.4)."""
    out = {MIST_FAILURE: Fraction(0), MIST_PARTIAL: Fraction(0), MIST_SUCCESS: Fraction(0)}
    for total, p in mist_total_distribution(power, zero_power).items():
        out[mist_result(total)] += p
    return out


def clear_caches() -> None:
    """Forget the cached distributions (the benchmark times a cold computation)."""
    for cached in (_read_die, _fate_dice, _mist_totals):
        cached.cache_clear()


# --- helpers for renderers ----------------------------------------------------

def fraction_text(p: Fraction) -> str:
    """``"n/d"`` for any probability, including ``"0/1"`` and ``"1/1"`` (the ``--json`` contract)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def odds_grid(pools: range = range(0, 11), skills: range = range(-2, 9), difficulties: range = range(-4, 9)) -> dict:
    """Every Blades pool's results and every Fate skill-vs-difficulty cell, for tables and the benchmark."""
    return {
        "blades": {n: blades_odds(n) for n in pools},
        "fate": {(s, d): fate_odds(s, d) for s in skills for d in difficulties},
    }


__all__ = [
    "blades_odds", "clear_caches", "expected", "fate_dice_distribution", "fate_odds", "fraction_text",
    "mist_odds", "mist_total_distribution", "odds_grid", "read_die_distribution", "resistance_odds", "vice_odds",
]
