"""Dice expressions (sim.dicexpr; issue 30 "Dice for anything"): exact distributions by enumeration, rolls against
the exact odds, the old ``NdM``/``Nd`` faces unchanged, and the commands that read them."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim import dicexpr
from sim.cli import main
from sim.errors import UsageError
from sim.odds import blades_odds


def brute(expr: str) -> dict[int, Fraction]:
    """Every roll of every term listed: the oracle the dynamic programmes are checked against."""
    e = dicexpr.parse(expr)
    dist: Counter = Counter()
    terms = [list(itertools.product(d.values(), repeat=d.n)) for d in e.dice]
    total = 1
    for d in e.dice:
        total *= len(d.values()) ** d.n
    for combo in itertools.product(*terms):
        value = e.constant
        for d, faces in zip(e.dice, combo):
            kept = sorted(faces, reverse=d.highest)[: d.keep] if d.keep is not None else faces
            value += d.sign * sum(kept)
        dist[value] += 1
    return {k: Fraction(n, total) for k, n in sorted(dist.items())}


def test_BITD_CORE_1_known_answers_3d6_and_4dF():
    """3d6: 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, ... of 216; 4dF: 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81 (FATE.DICE.1)."""
    three = dicexpr.distribution("3d6")
    assert [three[k] * 216 for k in range(3, 19)] == [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
    fate = dicexpr.distribution("4dF+2")
    assert [fate[k] * 81 for k in range(-2, 7)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_keep_and_drop_known_answers():
    """4d6 drop the lowest averages 15869/1296 (12.24); the best of 2d20 shows 20 with 39/400; 3d6kh1 is 6 with
    91/216 (1 - (5/6)^3)."""
    assert dicexpr.odds("4d6dl1")["mean_exact"] == "15869/1296"
    assert dicexpr.distribution("2d20kh1")[20] == Fraction(39, 400)
    assert dicexpr.distribution("3d6kh1")[6] == Fraction(91, 216)
    assert dicexpr.distribution("2d20kl1")[1] == Fraction(39, 400)
    assert dicexpr.distribution("d%")[100] == Fraction(1, 100)


@pytest.mark.parametrize("expr", ["2d6+3", "3d4kh2", "4d3kl2", "3d6dh1", "2d6-1d4", "2dF+1d4-2", "5d2k3", "1d8+1d6"])
def test_exact_distributions_equal_enumerating_every_roll(expr):
    assert dicexpr.distribution(expr) == brute(expr)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 5), m=st.integers(2, 6), k=st.integers(1, 5), highest=st.booleans())
def test_keep_programme_equals_enumeration(n, m, k, highest):
    k = min(k, n)
    expr = f"{n}d{m}{'kh' if highest else 'kl'}{k}"
    dist = dicexpr.distribution(expr)
    assert dist == brute(expr) and sum(dist.values()) == 1


def test_a_blades_pool_has_the_four_results_of_sim_odds():
    """BITD.CORE.1-3: ``2d`` and ``0d`` read as pools, their odds those of sim.odds.blades_odds."""
    for n in (0, 1, 2, 5):
        assert dicexpr.distribution(f"{n}d") == dict(blades_odds(n))


def test_rolls_agree_with_the_exact_odds():
    """20,000 rolls of 3d6kh1 and 4dF+2: every total's share within 4.5 standard errors of its exact chance."""
    rng = random.Random(7)
    for expr in ("3d6kh1", "4dF+2"):
        n = 20_000
        counts = Counter(dicexpr.roll(rng, expr)["total"] for _ in range(n))
        for total, p in dicexpr.distribution(expr).items():
            se = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(counts[total] / n - float(p)) <= 4.5 * se + 1e-9, (expr, total)


def test_NdM_and_Nd_roll_the_faces_solo_play_always_rolled():
    """A save made before expressions replays the same faces: one ``randint(1, M)`` (``randint(1, 6)``) per die."""
    for expr, faces, total in (("3d8", 8, sum), ("4d", 6, max)):
        a, b = random.Random(5), random.Random(5)
        old = [b.randint(1, faces) for _ in range(int(expr[0]))]
        got = dicexpr.roll(a, expr)
        assert got["faces"] == old and got["total"] == total(old)


@pytest.mark.parametrize("bad", ["", "d", "1d1", "0d6", "101d6", "3d6kh4", "2d6+", "2d6*2", "31d", "1d6+" + "+1" * 12])
def test_an_expression_that_cannot_be_read_is_one_usage_error(bad):
    with pytest.raises(UsageError, match="cannot read the dice"):
        dicexpr.parse(bad)


def test_sim_odds_roll_json_is_the_exact_distribution(capsys):
    assert main(["odds", "roll", "3d6kh1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == "dice" and out["expr"] == "3d6kh1" and out["exact"]["6"] == "91/216"
    assert out["mean_exact"] == "119/24" and out["min"] == 1 and out["max"] == 6
    assert main(["odds", "roll", "2d", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"] == {"critical": "1/36", "success": "5/18", "partial": "4/9",
                                                             "failure": "1/4"}


def test_sim_roll_takes_an_expression_in_the_systems_place(capsys):
    assert main(["roll", "1d6+2", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    want = dicexpr.roll(__import__("sim.rng", fromlist=["make_rng"]).make_rng(3), "1d6+2")
    assert out["roll"] == want and out["counts"][str(want["total"])] == 1
    assert main(["roll", "4dF", "--n", "500", "--seed", "1", "--json"]) == 0
    assert sum(json.loads(capsys.readouterr().out)["counts"].values()) == 500
    assert main(["roll", "1d1"]) == 2
    assert "a die has 2..1000 faces" in capsys.readouterr().err
