"""The mist roll and its effects (MIST.ROLL, MIST.EFFECT): power, dice, bands and the budget to spend.

Power counts the applicable tags (MIST.ROLL.2, :func:`sim.dice.power`); the roll is 1d8 plus the highest
of N d4, N = power (MIST.ROLL.3), or their sum for an Avatar (MIST.EVOLUTION.1); bands as MIST.ROLL.4.
A success buys effects priced in power (MIST.EFFECT.1) from a budget (MIST.EFFECT.2, option
``mist_partial_budget``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Sequence

from sim.dice import MIST_FAILURE, MIST_PARTIAL, mist_d4_count, mist_result, power, roll_mist
from sim.errors import UsageError
from sim.rng import Rng

#: MIST.EFFECT.1: what each effect costs in power (a status effect costs 1 per level: ``status_up`` raises the
#: aim's status on the challenge, ``status_down`` lowers one's own worst harm, ``bolster`` raises one's own
#: helpful status of the roll's approach)
EFFECT_COSTS = {"status_up": 1, "status_down": 1, "bolster": 1, "create_tag": 2, "remove_tag": 2, "clue": 1,
                "extra_feat": 1}
BUDGET_MODES = ("full", "minus_one")


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll: its power, the d8, the d4s rolled, the total, the band and whether the d4s were summed."""

    power: int
    d8: int
    d4s: tuple[int, ...]
    total: int
    result: str
    sum_d4s: bool = False


def count_power(tags: Sequence[str], weaknesses: Sequence[str], status: int, burned: Sequence[str]) -> int:
    """MIST.ROLL.2: +1 per applicable positive tag, -1 per weakness, the one status's signed level, +3 per burned
    tag (in place of its +1: a burned tag is not also in ``tags``)."""
    return power(len(tags), len(weaknesses), (status,) if status else (), len(burned))


def total_of(d8: int, d4s: Sequence[int], sum_d4s: bool = False) -> int:
    """MIST.ROLL.3: the d8 plus the highest d4 (none rolled: the d8 alone); an Avatar adds every d4 (MIST.EVOLUTION.1)."""
    if not d4s:
        return d8
    return d8 + (sum(d4s) if sum_d4s else max(d4s))


def roll_action(rng: Rng, power_value: int, zero_power: str = "d8_only", sum_d4s: bool = False) -> Roll:
    """Roll for ``power_value`` with :func:`sim.dice.roll_mist` (one ``rng.random()`` for up to 4 d4s) and read
    the band (MIST.ROLL.4); ``sum_d4s`` totals every d4 (an Avatar's roll)."""
    rolled = roll_mist(rng, power_value, zero_power)
    total = total_of(rolled.d8, rolled.d4s, sum_d4s)
    return Roll(power_value, rolled.d8, rolled.d4s, total, mist_result(total), sum_d4s)


def total_distribution(power_value: int, zero_power: str = "d8_only", sum_d4s: bool = False) -> dict[int, Fraction]:
    """The exact distribution of the total by brute force over every face sequence (the oracle the tests hold
    :func:`sim.odds.mist_total_distribution` to; MIST.ROLL.5)."""
    count = mist_d4_count(power_value, zero_power)
    faces = list(product(range(1, 9), *[range(1, 5)] * count))
    out: dict[int, Fraction] = {}
    for seq in faces:
        total = total_of(seq[0], seq[1:], sum_d4s)
        out[total] = out.get(total, Fraction(0)) + Fraction(1, len(faces))
    return dict(sorted(out.items()))


def effect_budget(power_value: int, result: str, mode: str = "full", least: int = 0) -> int:
    """MIST.EFFECT.2: power to spend on effects. A failure buys nothing; a success its power; a 6-8 result its
    power (``full``) or power - 1 (``minus_one``). Power 0 or below buys ``least`` (option
    ``mist_least_budget``, MIST.OPEN.1; default 0: negative power buys no effect)."""
    if mode not in BUDGET_MODES:
        raise UsageError(f"unknown mist_partial_budget {mode!r}; choose {', '.join(BUDGET_MODES)}")
    if result == MIST_FAILURE:
        return 0
    budget = power_value - 1 if result == MIST_PARTIAL and mode == "minus_one" else power_value
    return max(budget, least if power_value <= 0 else 0, 0)


def affordable(budget: int) -> tuple[str, ...]:
    """The effects ``budget`` can still pay for, in the order of MIST.EFFECT.1."""
    return tuple(e for e, cost in EFFECT_COSTS.items() if cost <= budget)
