"""The small rule helpers in ``sim.dice`` (one test per rule ID they implement)."""

from __future__ import annotations

import pytest

from sim import dice
from sim import sampling as _sampling  # noqa: F401  registers the table sampler
from sim.errors import IllegalMove, UsageError
from sim.options import RuleOptions
from sim.rng import make_rng


# --- Blades ---------------------------------------------------------------------------

def test_BITD_CORE_2_result_of_faces():
    assert dice.blades_result((6, 6, 1), 3) == (6, "critical")
    assert dice.blades_result((6, 5, 1), 3) == (6, "success")
    assert dice.blades_result((3, 5, 4), 3) == (5, "partial")
    assert dice.blades_result((4,), 1) == (4, "partial")
    assert dice.blades_result((1, 3, 2), 3) == (3, "failure")


def test_BITD_CORE_3_zero_pool_keeps_lowest_and_never_crits():
    assert dice.blades_result((6, 6), 0) == (6, "success")
    assert dice.blades_result((6, 2), 0) == (2, "failure")
    assert dice.blades_result((5, 4), -1) == (4, "partial")


def test_BITD_ACTION_4_pool_adds_assist_and_one_of_push_or_bargain():
    assert dice.action_pool(2) == 2
    assert dice.action_pool(2, assist=True) == 3
    assert dice.action_pool(2, assist=True, push=True) == 4
    assert dice.action_pool(0, bargain=True) == 1
    assert dice.action_pool(1, bonus=-2) == -1


def test_BITD_PUSH_2_push_and_bargain_share_a_slot():
    with pytest.raises(IllegalMove, match="BITD.PUSH.2"):
        dice.action_pool(2, push=True, bargain=True)
    share = RuleOptions({"push_and_bargain_share_slot": False}).push_and_bargain_share_slot
    assert dice.action_pool(2, push=True, bargain=True, share_slot=share) == 4


@pytest.mark.parametrize("sampler", dice.SAMPLERS)
def test_BITD_CORE_rolls_are_deterministic_by_seed(sampler):
    first = [dice.roll_action(make_rng(7), n, sampler) for n in (0, 1, 2, 3, 6)]
    again = [dice.roll_action(make_rng(7), n, sampler) for n in (0, 1, 2, 3, 6)]
    assert first == again
    a, b = make_rng(1), make_rng(2)
    assert [dice.roll_action(a, 3, sampler) for _ in range(20)] != [dice.roll_action(b, 3, sampler) for _ in range(20)]


def test_BITD_CORE_faces_sampler_keeps_faces_consistent_with_result():
    rng = make_rng(3)
    for pool in (-2, 0, 1, 2, 4, 5, 6, 9):
        for _ in range(200):
            roll = dice.roll_action(rng, pool)
            assert len(roll.faces) == (2 if pool <= 0 else pool)
            assert all(1 <= f <= 6 for f in roll.faces)
            assert (roll.die, roll.result) == dice.blades_result(roll.faces, pool)
            assert roll.dice == pool


def test_BITD_CORE_table_sampler_has_no_faces_but_a_die():
    rng = make_rng(4)
    rolls = [dice.roll_action(rng, 2, "table") for _ in range(200)]
    assert all(r.faces == () and r.dice == 2 for r in rolls)
    assert {r.result for r in rolls} == set(dice.RESULTS)
    assert all(r.die == 6 for r in rolls if r.result in ("critical", "success"))
    zero = [dice.roll_action(rng, -1, "table") for _ in range(300)]
    assert all(r.dice == -1 and r.result != "critical" for r in zero)


def test_unknown_sampler_is_a_usage_error():
    with pytest.raises(UsageError, match="sampler"):
        dice.roll_action(make_rng(1), 2, "magic")


def test_BITD_DOWNTIME_ACT_4_coin_raises_result_level():
    assert dice.raise_result("failure", 1) == "partial"
    assert dice.raise_result("partial", 1) == "success"
    assert dice.raise_result("success", 1) == "critical"
    assert dice.raise_result("failure", 3) == "critical"
    assert dice.raise_result("success", 5) == "critical"
    assert dice.raise_result("partial", 0) == "partial"
    assert dice.raise_result("partial", -3) == "failure"
    with pytest.raises(UsageError):
        dice.raise_result("great", 1)


def test_BITD_RESIST_3_critical_clears_stress():
    assert dice.resistance_stress(dice.BladesRoll(2, (6, 6), 6, "critical")) == -1
    assert dice.resistance_stress(dice.BladesRoll(2, (6, 3), 6, "success")) == 0
    assert dice.resistance_stress(dice.BladesRoll(0, (6, 2), 2, "failure")) == 4


def test_BITD_DOWNTIME_VICE_1_clears_highest_die():
    assert dice.vice_cleared(dice.BladesRoll(2, (3, 5), 5, "partial")) == 5
    assert dice.vice_cleared(dice.BladesRoll(2, (6, 6), 6, "critical")) == 6
    assert dice.vice_cleared(dice.BladesRoll(0, (6, 1), 1, "failure")) == 1


def test_BITD_DOWNTIME_LTP_1_ticks_for_result():
    assert [dice.ticks_for_result(r) for r in ("failure", "partial", "success", "critical")] == [1, 2, 3, 5]
    seed_rule = RuleOptions({"ltp_critical_ticks": 4}).ltp_critical_ticks
    assert dice.ticks_for_result("critical", seed_rule) == 4
    assert dice.ticks_for_result("success", seed_rule) == 3
    with pytest.raises(UsageError):
        dice.ticks_for_result("win")


def test_BITD_HARM_2_harm_by_position():
    assert [dice.harm_for_position(p) for p in dice.POSITIONS] == [1, 2, 3]
    with pytest.raises(UsageError):
        dice.harm_for_position("dire")


def test_BITD_EFFECT_1_ticks_by_effect_with_options():
    assert [dice.effect_ticks(e) for e in dice.EFFECTS] == [0, 1, 2, 3, 4]
    assert dice.effect_ticks("zero", zero_ticks=1) == 1
    assert dice.effect_ticks("extreme", extreme_ticks=5) == 5
    assert dice.shift_effect("great", 1) == "extreme"
    assert dice.shift_effect("extreme", 1) == "extreme"
    assert dice.shift_effect("limited", -3) == "zero"
    with pytest.raises(UsageError):
        dice.effect_ticks("huge")


def test_BITD_ACTION_5_result_meaning_by_position():
    crit = dice.result_meaning("critical", "risky", "standard")
    assert (crit.effect, crit.ticks, crit.harm) == ("great", 3, 0)
    six = dice.result_meaning("success", "desperate", "limited")
    assert (six.effect, six.ticks, six.harm) == ("limited", 1, 0)
    mixed = dice.result_meaning("partial", "desperate", "standard")
    assert (mixed.effect, mixed.ticks, mixed.harm) == ("standard", 2, 3)
    controlled_fail = dice.result_meaning("failure", "controlled", "great")
    assert (controlled_fail.effect, controlled_fail.ticks, controlled_fail.harm) == (None, 0, 0)
    risky_fail = dice.result_meaning("failure", "risky", "great")
    assert (risky_fail.ticks, risky_fail.harm) == (0, 2)
    assert dice.result_meaning("partial", "controlled").harm == 1


# --- Fate -----------------------------------------------------------------------------

def test_FATE_DICE_2_effort_adds_skill_and_invokes():
    assert dice.effort((1, 0, -1, 1), 3) == 4
    assert dice.effort(2, 3, invokes=2) == 9
    assert dice.effort((0, 0, 0, 0), 1, bonus=2) == 3


def test_FATE_OUTCOME_1_shifts_and_outcomes():
    assert dice.shifts(5, 3) == 2
    assert [dice.fate_outcome(s) for s in (-3, -1, 0, 1, 2, 3, 7)] == [
        "fail", "fail", "tie", "succeed", "succeed", "style", "style"]


def test_FATE_TEAM_1_teamwork_bonus():
    assert dice.teamwork_bonus([3, 1, 1]) == 2
    assert dice.teamwork_bonus([1, 2, 2, 3]) == 3  # the highest (3) rolls; three helpers >= 1
    assert dice.teamwork_bonus([1, 1, 1, 1]) == 1  # capped at the roller's rating
    assert dice.teamwork_bonus([4, 0, 0]) == 0     # helpers below Average add nothing
    assert dice.teamwork_bonus([2]) == 0
    assert dice.teamwork_bonus([0, 0]) == 0
    with pytest.raises(UsageError):
        dice.teamwork_bonus([])


def test_FATE_LADDER_names():
    assert dice.ladder_name(3) == "Good"
    assert dice.ladder_name(0) == "Mediocre"
    assert dice.ladder_name(-4) == "Horrifying"
    assert dice.ladder_name(8) == "Legendary"
    assert dice.ladder_name(9) == "+9"      # FATE.LADDER.2: named by number
    assert dice.ladder_name(-5) == "-5"
    assert [dice.ladder_name(v) for v in range(-4, 9)] == [
        "Horrifying", "Catastrophic", "Terrible", "Poor", "Mediocre", "Average", "Fair", "Good", "Great",
        "Superb", "Fantastic", "Epic", "Legendary"]


def test_FATE_DICE_2_roll_fate_faces():
    rng = make_rng(9)
    rolls = [dice.roll_fate(rng) for _ in range(500)]
    assert all(len(r) == 4 and set(r) <= {-1, 0, 1} for r in rolls)
    assert {sum(r) for r in rolls} >= {-2, -1, 0, 1, 2}


# --- Mist -----------------------------------------------------------------------------

def test_MIST_ROLL_2_power_from_tags_weaknesses_status_burn():
    assert dice.power(tags=2) == 2
    assert dice.power(tags=2, weaknesses=1) == 1
    assert dice.power(tags=1, burned=1) == 4
    assert dice.power(tags=1, statuses=[2]) == 3
    assert dice.power(tags=3, statuses=[-2]) == 1


def test_MIST_STATUS_3_only_the_highest_status_counts():
    assert dice.power(tags=1, statuses=[1, 3, 2]) == 4
    assert dice.power(tags=1, statuses=[2, -4]) == -3
    assert dice.power(tags=1, statuses=[3, -3]) == 1  # a tie of opposing statuses cancels [inferred]
    with pytest.raises(UsageError):
        dice.power(tags=-1)


def test_MIST_ROLL_4_bands():
    assert [dice.mist_result(t) for t in (1, 5, 6, 8, 9, 12)] == [
        "failure", "failure", "partial", "partial", "success", "success"]


def test_MIST_ROLL_3_roll_reads_d8_plus_best_d4():
    rng = make_rng(11)
    for power, count in ((1, 1), (3, 3), (6, 6), (0, 0), (-2, 0)):
        for _ in range(100):
            roll = dice.roll_mist(rng, power)
            assert len(roll.d4s) == count
            assert 1 <= roll.d8 <= 8 and all(1 <= d <= 4 for d in roll.d4s)
            assert roll.total == roll.d8 + (max(roll.d4s) if roll.d4s else 0)
            assert roll.result == dice.mist_result(roll.total)
    assert len(dice.roll_mist(rng, 0, "one_d4").d4s) == 1
    with pytest.raises(UsageError):
        dice.roll_mist(rng, 0, "two_d4")


# --- bad input to the library ---------------------------------------------------------

def test_counting_needs_at_least_one_roll():
    from sim import sampling

    with pytest.raises(UsageError, match="1 or more"):
        sampling.count_blades(make_rng(1), 2, 0)
    with pytest.raises(UsageError):
        sampling.count_mist(make_rng(1), 2, -3)


def test_exact_odds_reject_absurd_sizes():
    from sim import odds

    with pytest.raises(UsageError, match="dice"):
        odds.blades_odds(10_000)
    with pytest.raises(UsageError, match="whole number"):
        odds.blades_odds(2.5)
    with pytest.raises(UsageError, match="invokes"):
        odds.fate_odds(1, 1, invokes=-1)
    with pytest.raises(UsageError, match="power"):
        odds.mist_odds(500)
