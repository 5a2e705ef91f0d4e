"""Property tests (hypothesis): invariants of the dice over any pool, faces and seed."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sim import dice, odds
from sim.rng import make_rng

pools = st.integers(min_value=-10, max_value=40)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
samplers = st.sampled_from(dice.SAMPLERS)
# The first roll of a pool size builds its tables (tens of milliseconds); no per-example deadline.
rolls = settings(deadline=None)


@rolls
@given(pools, seeds, samplers)
def test_BITD_RESIST_3_stress_always_in_minus1_to_5(pool, seed, sampler):
    roll = dice.roll_action(make_rng(seed), pool, sampler)
    stress = dice.resistance_stress(roll)
    assert -1 <= stress <= 5
    assert (stress == -1) == (roll.result == dice.CRITICAL)


@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=30))
def test_BITD_CORE_2_bands_exhaustive_and_exclusive(faces):
    pool = len(faces)
    die, result = dice.blades_result(faces, pool)
    sixes = faces.count(6)
    top = max(faces)
    bands = {
        dice.CRITICAL: sixes >= 2,
        dice.SUCCESS: sixes == 1,
        dice.PARTIAL: top in (4, 5),
        dice.FAILURE: top <= 3,
    }
    assert sum(bands.values()) == 1  # exactly one band describes any faces
    assert bands[result]
    assert die == top


@given(st.tuples(st.integers(1, 6), st.integers(1, 6)), st.integers(min_value=-10, max_value=0))
def test_BITD_CORE_3_zero_pool_bands(faces, pool):
    die, result = dice.blades_result(faces, pool)
    assert die == min(faces)
    assert result != dice.CRITICAL
    assert result == {1: "failure", 2: "failure", 3: "failure", 4: "partial", 5: "partial", 6: "success"}[die]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=-20, max_value=100))
def test_BITD_CORE_exact_odds_of_any_pool_sum_to_one(pool):
    exact = odds.blades_odds(pool)
    assert sum(exact.values()) == 1
    assert all(p >= 0 for p in exact.values())
    assert sum(odds.resistance_odds(pool).values()) == 1
    assert sum(odds.vice_odds(pool).values()) == 1
    if pool >= 1:
        assert exact["failure"] == Fraction(1, 2) ** pool


@given(st.integers(min_value=0, max_value=60))
def test_BITD_CORE_more_dice_never_hurt(pool):
    fewer, more = odds.blades_odds(pool), odds.blades_odds(pool + 1)
    assert more["failure"] <= fewer["failure"]
    assert more["critical"] >= fewer["critical"]


@rolls
@given(pools, seeds, samplers)
def test_BITD_CORE_any_pool_rolls_a_known_result(pool, seed, sampler):
    roll = dice.roll_action(make_rng(seed), pool, sampler)
    assert roll.result in dice.RESULTS
    assert 1 <= roll.die <= 6
    assert odds.read_die_distribution(pool)[dice.CRITICAL if roll.critical else roll.die] > 0


@given(st.sampled_from(dice.RESULTS), st.integers(min_value=-10, max_value=10))
def test_BITD_DOWNTIME_ACT_4_raise_is_monotone_and_capped(result, steps):
    raised = dice.raise_result(result, steps)
    assert raised in dice.RESULTS
    order = dice.RESULTS.index
    if steps >= 0:
        assert order(raised) >= order(result)
    else:
        assert order(raised) <= order(result)
    assert dice.ticks_for_result(raised) >= 1


@given(st.integers(min_value=-50, max_value=50))
def test_FATE_OUTCOME_1_outcomes_exhaustive_and_exclusive(shift):
    outcome = dice.fate_outcome(shift)
    bands = {"fail": shift < 0, "tie": shift == 0, "succeed": 1 <= shift <= 2, "style": shift >= 3}
    assert sum(bands.values()) == 1 and bands[outcome]


@given(st.integers(-10, 10), st.integers(-10, 10), st.integers(0, 4), st.booleans())
def test_FATE_odds_sum_to_one(skill, vs, invokes, opposed):
    assert sum(odds.fate_odds(skill, vs, invokes, opposed).values()) == 1


@given(st.lists(st.integers(min_value=-2, max_value=8), min_size=1, max_size=8))
def test_FATE_TEAM_1_bonus_bounds(skills):
    bonus = dice.teamwork_bonus(skills)
    assert 0 <= bonus <= max(0, max(skills))
    assert bonus <= len(skills) - 1


@given(st.integers(min_value=-30, max_value=30))
def test_MIST_ROLL_4_bands_exhaustive_and_exclusive(total):
    result = dice.mist_result(total)
    bands = {"failure": total <= 5, "partial": 6 <= total <= 8, "success": total >= 9}
    assert sum(bands.values()) == 1 and bands[result]


@rolls
@given(st.integers(min_value=-10, max_value=40), seeds, st.sampled_from(dice.ZERO_POWER_MODES))
def test_MIST_ROLL_3_any_power_rolls_in_range(power, seed, zero_power):
    roll = dice.roll_mist(make_rng(seed), power, zero_power)
    assert 1 <= roll.total <= 12
    if power <= 0 and zero_power == "d8_only":
        assert roll.result != "success" and roll.d4s == ()
    assert sum(odds.mist_odds(power, zero_power).values()) == 1


@given(st.integers(0, 6), st.integers(0, 6), st.lists(st.integers(-6, 6), max_size=4), st.integers(0, 3))
def test_MIST_ROLL_2_power_is_sum_of_sources(tags, weaknesses, statuses, burned):
    value = dice.power(tags, weaknesses, statuses, burned)
    top = max((abs(s) for s in statuses), default=0)
    assert tags - weaknesses + 3 * burned - top <= value <= tags - weaknesses + 3 * burned + top
