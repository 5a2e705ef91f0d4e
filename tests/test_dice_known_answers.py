"""Known answers (tests/data/known_answers.yaml), re-derived by enumerating every face.

Each table is checked three ways: brute-force enumeration of every face
sequence through the rule functions in ``sim.dice``, the exact distributions
in ``sim.odds``, and the data file. A mistake in any one of them fails.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
import yaml

from sim import dice, odds

DATA = yaml.safe_load((Path(__file__).parent / "data" / "known_answers.yaml").read_text(encoding="utf-8"))
BLADES_KEYS = ("critical", "success", "partial", "failure")


def enumerate_blades(n: int) -> Counter:
    """Result levels over every face sequence of an n-dice pool (2 dice for n <= 0)."""
    counts = Counter()
    for faces in product(range(1, 7), repeat=2 if n <= 0 else n):
        counts[dice.blades_result(faces, n)[1]] += 1
    return counts


def enumerate_resistance(n: int) -> Counter:
    counts = Counter()
    for faces in product(range(1, 7), repeat=2 if n <= 0 else n):
        die, result = dice.blades_result(faces, n)
        counts[dice.resistance_stress(dice.BladesRoll(n, faces, die, result))] += 1
    return counts


def enumerate_mist(power: int, zero_power: str = "d8_only") -> Counter:
    count = dice.mist_d4_count(power, zero_power)
    counts = Counter()
    for d8 in range(1, 9):
        for d4s in product(range(1, 5), repeat=count):
            counts[dice.mist_result(d8 + (max(d4s) if d4s else 0))] += 1
    return counts


@pytest.mark.parametrize("row", DATA["blades_counts"], ids=lambda r: f"{r['dice']}d")
def test_BITD_CORE_2_blades_counts_by_enumeration(row):
    counts = enumerate_blades(row["dice"])
    assert sum(counts.values()) == row["out_of"]
    assert {k: counts[k] for k in BLADES_KEYS} == {k: row[k] for k in BLADES_KEYS}
    exact = odds.blades_odds(row["dice"])
    assert exact == {k: Fraction(row[k], row["out_of"]) for k in BLADES_KEYS}


def test_BITD_CORE_3_negative_pools_read_like_zero():
    assert enumerate_blades(-2) == enumerate_blades(0)
    assert odds.blades_odds(-3) == odds.blades_odds(0)
    assert odds.blades_odds(0)["critical"] == 0


@pytest.mark.parametrize("row", DATA["blades_percent"], ids=lambda r: f"{r['dice']}d")
def test_BITD_CORE_7_reference_table(row):
    counts = enumerate_blades(row["dice"])
    whole = sum(counts.values())
    exact = odds.blades_odds(row["dice"])
    for key in BLADES_KEYS:
        assert exact[key] == Fraction(counts[key], whole)
        assert abs(float(exact[key]) * 100 - row[key]) <= 0.05 + 1e-9, key


@pytest.mark.parametrize("n", range(0, 9))
def test_BITD_CORE_blades_odds_match_enumeration_up_to_8_dice(n):
    counts = enumerate_blades(n) if n <= 6 else None
    exact = odds.blades_odds(n)
    assert sum(exact.values()) == 1
    if counts is not None:
        whole = sum(counts.values())
        assert exact == {k: Fraction(counts[k], whole) for k in BLADES_KEYS}


def test_BITD_RESIST_3_stress_by_die():
    table = DATA["resistance_stress"]["by_die"]
    for die in range(1, 7):
        read, result = dice.blades_result((die, 1), 2)
        assert dice.resistance_stress(dice.BladesRoll(2, (die, 1), read, result)) == table[die]
    crit = dice.BladesRoll(2, (6, 6), 6, "critical")
    assert dice.resistance_stress(crit) == table["critical"]


@pytest.mark.parametrize("row", DATA["resistance_stress"]["counts"], ids=lambda r: f"{r['dice']}d")
def test_BITD_RESIST_3_stress_counts(row):
    counts = enumerate_resistance(row["dice"])
    assert sum(counts.values()) == row["out_of"]
    assert {k: counts[k] for k in range(-1, 6)} == row["stress"]
    assert odds.resistance_odds(row["dice"]) == {k: Fraction(v, row["out_of"]) for k, v in row["stress"].items()}


def test_BITD_DOWNTIME_VICE_1_vice_clears_the_read_die():
    for n in (0, 1, 2, 3):
        counts = Counter()
        for faces in product(range(1, 7), repeat=2 if n <= 0 else n):
            die, result = dice.blades_result(faces, n)
            counts[dice.vice_cleared(dice.BladesRoll(n, faces, die, result))] += 1
        whole = sum(counts.values())
        assert odds.vice_odds(n) == {k: Fraction(counts[k], whole) for k in range(1, 7)}


def test_FATE_DICE_3_4dF_counts():
    row = DATA["fate_4df"]
    counts = Counter(sum(faces) for faces in product((-1, 0, 1), repeat=4))
    assert sum(counts.values()) == row["out_of"]
    assert dict(sorted(counts.items())) == row["counts"]
    assert odds.fate_dice_distribution(4) == {k: Fraction(v, row["out_of"]) for k, v in row["counts"].items()}


@pytest.mark.parametrize("row", DATA["fate_outcomes"], ids=lambda r: f"{r['skill']}v{r['vs']}")
def test_FATE_OUTCOME_1_counts(row):
    counts = Counter(dice.fate_outcome(dice.shifts(dice.effort(faces, row["skill"]), row["vs"]))
                     for faces in product((-1, 0, 1), repeat=4))
    keys = ("fail", "tie", "succeed", "style")
    assert {k: counts[k] for k in keys} == {k: row[k] for k in keys}
    assert odds.fate_odds(row["skill"], row["vs"]) == {k: Fraction(row[k], row["out_of"]) for k in keys}


@pytest.mark.parametrize("skill,vs,invokes", [(0, 0, 0), (3, 5, 1), (-1, 2, 2), (4, 0, 0), (2, 6, 0)])
def test_FATE_OUTCOME_1_odds_match_enumeration(skill, vs, invokes):
    counts = Counter(dice.fate_outcome(dice.shifts(dice.effort(faces, skill, invokes), vs))
                     for faces in product((-1, 0, 1), repeat=4))
    assert odds.fate_odds(skill, vs, invokes) == {k: Fraction(counts[k], 81) for k in dice.FATE_OUTCOMES}


def test_FATE_OPP_1_opposed_odds_match_enumeration_of_both_rolls():
    counts = Counter(
        dice.fate_outcome(dice.shifts(dice.effort(mine, 2), dice.effort(theirs, 3)))
        for mine in product((-1, 0, 1), repeat=4) for theirs in product((-1, 0, 1), repeat=4))
    assert odds.fate_odds(2, 3, opposed=True) == {k: Fraction(counts[k], 81 * 81) for k in dice.FATE_OUTCOMES}


@pytest.mark.parametrize("row", DATA["mist_counts"], ids=lambda r: f"power{r['power']}")
def test_MIST_ROLL_3_counts_by_enumeration(row):
    counts = enumerate_mist(row["power"])
    keys = ("failure", "partial", "success")
    assert sum(counts.values()) == row["out_of"]
    assert {k: counts[k] for k in keys} == {k: row[k] for k in keys}
    assert odds.mist_odds(row["power"]) == {k: Fraction(row[k], row["out_of"]) for k in keys}


@pytest.mark.parametrize("row", DATA["mist_percent"], ids=lambda r: f"power{r['power']}")
def test_MIST_ROLL_5_reference_table(row):
    counts = enumerate_mist(row["power"])
    whole = sum(counts.values())
    exact = odds.mist_odds(row["power"])
    for key in ("failure", "partial", "success"):
        assert exact[key] == Fraction(counts[key], whole)
        assert abs(float(exact[key]) * 100 - row[key]) <= 0.05 + 1e-9, key
    if row["power"] >= 1:
        assert exact["partial"] == Fraction(3, 8)  # MIST.ROLL.5: the 6-8 band is 3/8 for every N >= 1


def test_MIST_ROLL_3_zero_power_one_d4_option():
    counts = enumerate_mist(0, "one_d4")
    assert counts == enumerate_mist(1)
    assert odds.mist_odds(-2, "one_d4") == odds.mist_odds(1)
    assert odds.mist_odds(-2) == odds.mist_odds(0) == {"failure": Fraction(5, 8), "partial": Fraction(3, 8),
                                                        "success": Fraction(0)}
