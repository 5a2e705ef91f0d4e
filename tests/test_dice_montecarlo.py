"""Monte Carlo from the real dice code agrees with the exact odds (docs/dev/style.md 3).

Each case rolls ``N`` times with a fixed seed and runs Pearson's chi-square
goodness-of-fit test against the exact distribution from ``sim.odds``.
Significance: ALPHA = 1e-4 per case (with fixed seeds the outcome is
deterministic; a real bias of a few percent in any category fails by orders
of magnitude). Categories whose expected count is below 5 are pooled; an
outcome the exact odds call impossible fails outright. The chi-square
survival function is computed here (regularised upper incomplete gamma), no
scipy, and is itself checked against closed forms.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from sim import dice, odds, sampling
from sim.rng import make_rng

ALPHA = 1e-4
N = 20_000


# --- the chi-square survival function ---------------------------------------------

def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a): series below a + 1, Lentz's continued fraction above."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def chi2_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom."""
    return _upper_gamma_regularized(df / 2, statistic / 2)


@pytest.mark.parametrize("x", [0.0, 0.1, 1.0, 2.5, 7.0, 20.0, 60.0])
def test_chi2_sf_matches_closed_forms(x):
    assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9, abs=1e-300)
    assert chi2_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-9, abs=1e-300)
    assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)


def test_chi2_sf_critical_values():
    # textbook 5 % critical values: df 1 -> 3.841, df 5 -> 11.070, df 10 -> 18.307
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, rel=1e-5)
    assert chi2_sf(11.070498, 5) == pytest.approx(0.05, rel=1e-5)
    assert chi2_sf(18.307038, 10) == pytest.approx(0.05, rel=1e-5)


def goodness_of_fit(observed: Counter, exact: dict, n: int) -> float:
    """The chi-square p-value of ``observed`` counts against ``exact`` probabilities."""
    impossible = [k for k, p in exact.items() if p == 0 and observed[k]]
    assert not impossible, f"outcomes the exact odds call impossible were rolled: {impossible}"
    assert set(observed) <= set(exact), f"unknown outcomes {set(observed) - set(exact)}"
    cells, pooled_obs, pooled_exp = [], 0, 0.0
    for key, p in exact.items():
        expected = float(p) * n
        if expected == 0:
            continue
        if expected < 5:
            pooled_obs += observed[key]
            pooled_exp += expected
        else:
            cells.append((observed[key], expected))
    if pooled_exp:
        cells.append((pooled_obs, pooled_exp))
    if len(cells) < 2:
        return 1.0
    statistic = sum((o - e) ** 2 / e for o, e in cells)
    return chi2_sf(statistic, len(cells) - 1)


def test_goodness_of_fit_rejects_a_biased_sample():
    exact = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert goodness_of_fit(Counter({1: 10_400, 2: 9_600}), exact, 20_000) < ALPHA
    assert goodness_of_fit(Counter({1: 10_020, 2: 9_980}), exact, 20_000) > ALPHA


# --- Blades -------------------------------------------------------------------------

def _read(roll: dice.BladesRoll):
    return dice.CRITICAL if roll.result == dice.CRITICAL else roll.die


@pytest.mark.parametrize("sampler", dice.SAMPLERS)
@pytest.mark.parametrize("pool", [-1, 0, 1, 2, 3, 4, 5, 6, 8])
def test_BITD_CORE_sampled_read_die_matches_exact(pool, sampler):
    rng = make_rng(1000 + pool)
    observed = Counter(_read(dice.roll_action(rng, pool, sampler)) for _ in range(N))
    assert goodness_of_fit(observed, odds.read_die_distribution(pool), N) > ALPHA


@pytest.mark.parametrize("sampler", dice.SAMPLERS)
@pytest.mark.parametrize("pool", [0, 2, 4, 7])
def test_BITD_CORE_counted_results_match_exact(pool, sampler):
    counts = Counter(sampling.count_blades(make_rng(2000 + pool), pool, N, sampler))
    assert sum(counts.values()) == N
    assert goodness_of_fit(counts, odds.blades_odds(pool), N) > ALPHA


@pytest.mark.parametrize("sampler", dice.SAMPLERS)
@pytest.mark.parametrize("pool", [0, 1, 3])
def test_BITD_RESIST_3_sampled_stress_matches_exact(pool, sampler):
    counts = Counter(sampling.count_resistance(make_rng(3000 + pool), pool, N, sampler))
    assert goodness_of_fit(counts, odds.resistance_odds(pool), N) > ALPHA


@pytest.mark.parametrize("pool", [1, 2, 3])
def test_BITD_CORE_1_faces_are_independent_uniform_d6(pool):
    """Every face sequence is equally likely (not just the read die)."""
    rng = make_rng(4000 + pool)
    observed = Counter(dice.roll_action(rng, pool).faces for _ in range(N))
    whole = 6 ** pool
    from itertools import product

    exact = {faces: Fraction(1, whole) for faces in product(range(1, 7), repeat=pool)}
    assert goodness_of_fit(observed, exact, N) > ALPHA


def test_BITD_CORE_1_chunked_big_pool_faces_are_uniform():
    rng = make_rng(4100)
    observed = Counter(face for _ in range(N // 7) for face in dice.roll_action(rng, 7).faces)
    assert goodness_of_fit(observed, {k: Fraction(1, 6) for k in range(1, 7)}, (N // 7) * 7) > ALPHA


def test_BITD_CORE_1_chunks_of_a_big_pool_are_independent():
    """A 6-die pool joins a 5-die chunk and a 1-die chunk: the faces across the seam are independent."""
    rng = make_rng(4200)
    observed = Counter(dice.roll_action(rng, 6).faces[4:6] for _ in range(N))
    exact = {(a, b): Fraction(1, 36) for a in range(1, 7) for b in range(1, 7)}
    assert goodness_of_fit(observed, exact, N) > ALPHA


# --- Fate ---------------------------------------------------------------------------

def test_FATE_DICE_3_sampled_4dF_sums_match_exact():
    rng = make_rng(5000)
    observed = Counter(sum(dice.roll_fate(rng)) for _ in range(N))
    assert goodness_of_fit(observed, odds.fate_dice_distribution(4), N) > ALPHA


def test_FATE_DICE_2_each_fudge_die_is_uniform():
    rng = make_rng(5001)
    observed = Counter(f for _ in range(N // 4) for f in dice.roll_fate(rng))
    assert goodness_of_fit(observed, {-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)}, N) > ALPHA


@pytest.mark.parametrize("skill,vs,invokes,opposed", [(2, 2, 0, False), (1, 4, 1, False), (3, 3, 0, True)])
def test_FATE_OUTCOME_1_sampled_outcomes_match_exact(skill, vs, invokes, opposed):
    counts = Counter(sampling.count_fate(make_rng(5100 + skill), skill, vs, N, invokes, opposed))
    assert goodness_of_fit(counts, odds.fate_odds(skill, vs, invokes, opposed), N) > ALPHA


# --- Mist ---------------------------------------------------------------------------

@pytest.mark.parametrize("power,zero_power", [(0, "d8_only"), (-2, "one_d4"), (1, "d8_only"), (2, "d8_only"),
                                              (4, "d8_only"), (6, "d8_only")])
def test_MIST_ROLL_3_sampled_totals_match_exact(power, zero_power):
    rng = make_rng(6000 + power)
    observed = Counter(dice.roll_mist(rng, power, zero_power).total for _ in range(N))
    assert goodness_of_fit(observed, odds.mist_total_distribution(power, zero_power), N) > ALPHA


@pytest.mark.parametrize("power", [0, 3])
def test_MIST_ROLL_4_counted_bands_match_exact(power):
    counts = Counter(sampling.count_mist(make_rng(6100 + power), power, N))
    assert goodness_of_fit(counts, odds.mist_odds(power), N) > ALPHA
