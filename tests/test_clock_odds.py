"""``sim odds clock``: the exact number of fortune rolls that fill a clock (BITD.CLOCK.4, BITD.DOWNTIME.NPC.2),
checked against an independent enumeration of every face."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import lru_cache

import pytest

from sim.cli import main
from sim.clockodds import clock_odds, quantile, rolls_to_fill


def _faces_ticks(dice: int, critical: int) -> dict[int, Fraction]:
    """Ticks of one roll by enumerating every face of the pool (0 dice: two dice, the lowest, no critical)."""
    count = Fraction(0)
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=max(dice, 2) if dice <= 0 else dice):
        count += 1
        if dice <= 0:
            die, sixes = min(faces), 0
        else:
            die, sixes = max(faces), faces.count(6)
        ticks = critical if sixes >= 2 else 3 if die == 6 else 2 if die >= 4 else 1
        out[ticks] = out.get(ticks, 0) + 1
    return {t: n / count for t, n in out.items()}


def _enumerated(size: int, dice: int, critical: int = 5) -> dict[int, Fraction]:
    """P(first full at roll n) by recursion on the segments left: a different method from the forward chain."""
    step = _faces_ticks(dice, critical)

    @lru_cache(maxsize=None)
    def within(left: int, n: int) -> Fraction:  # P(full within n rolls | ``left`` segments to go)
        if left <= 0:
            return Fraction(1)
        if n == 0:
            return Fraction(0)
        return sum((p * within(left - t, n - 1) for t, p in step.items()), Fraction(0))

    out = {}
    for n in range(1, size + 1):
        p = within(size, n) - within(size, n - 1)
        if p:
            out[n] = p
    return out


@pytest.mark.parametrize("size,dice", [(1, 1), (4, 0), (4, 1), (6, 2), (8, 3), (12, 2), (6, 4)])
def test_BITD_DOWNTIME_NPC_2_clock_rolls_match_an_independent_enumeration(size, dice):
    assert rolls_to_fill(size, dice) == _enumerated(size, dice)
    assert sum(rolls_to_fill(size, dice).values()) == 1


def test_BITD_CLOCK_4_critical_ticks_option_and_known_answers():
    assert rolls_to_fill(6, 1, critical_ticks=4) == _enumerated(6, 1, 4)
    assert rolls_to_fill(1, 3) == {1: Fraction(1)}  # any roll ticks a 1-segment clock
    two = rolls_to_fill(2, 1)  # 1d: 1-3 ticks once (1/2), anything else fills at once
    assert two == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert quantile(two, Fraction(1, 2)) == 1 and quantile(two, Fraction(9, 10)) == 2


def test_sim_odds_clock_json_keys_and_a_bad_size(capsys):
    assert main(["odds", "clock", "--size", "8", "--dice", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["size"] == 8 and data["dice"] == 2
    exact = {int(n): Fraction(v) for n, v in data["exact"].items()}
    assert exact == _enumerated(8, 2)
    assert data["mean"] == pytest.approx(float(sum(n * p for n, p in exact.items())))
    assert data == clock_odds(8, 2)
    assert main(["odds", "clock", "--size", "8", "--dice", "2"]) == 0
    assert "mean rolls 4.136" in capsys.readouterr().out
    assert main(["odds", "clock", "--size", "0", "--dice", "2"]) == 2
    assert capsys.readouterr().err.strip() == "sim: error: --size must be 1..64, got 0"
