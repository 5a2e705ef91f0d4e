"""The mist rules as pure functions (issue 12 step 1): known answers per MIST rule ID."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from sim.errors import IllegalMove, UsageError
from sim.mist.rules import arcs
from sim.mist.rules.roll import EFFECT_COSTS, affordable, count_power, effect_budget, roll_action, total_distribution, total_of
from sim.mist.rules.statuses import PC_LIMIT, limit_reached, relevant_status, stack
from sim.mist.rules.tags import recovers
from sim.odds import mist_odds, mist_total_distribution
from sim.rng import make_rng


# --- MIST.STATUS.2: status arithmetic in each mist_status_stack mode ---------------------------------------

@pytest.mark.parametrize("before, delta, add_cap6, highest", [
    (0, 2, 2, 2), (2, 3, 5, 3), (3, 2, 5, 3), (4, 4, 6, 4), (6, 1, 6, 6), (5, 6, 6, 6),
    (3, -1, 2, 2), (3, -3, 0, 0), (2, -5, 0, 0), (0, -2, 0, 0), (0, 0, 0, 0),
])
def test_MIST_STATUS_2_known_answers_in_each_mode(before, delta, add_cap6, highest):
    assert stack(before, delta, "add_cap6") == add_cap6
    assert stack(before, delta, "highest") == highest


@given(st.integers(0, 6), st.integers(-6, 6), st.sampled_from(["add_cap6", "highest"]))
def test_MIST_STATUS_1_levels_stay_0_to_6_and_same_kind_never_lowers(before, delta, mode):
    after = stack(before, delta, mode)
    assert 0 <= after <= 6
    assert (after >= before) if delta >= 0 else (after <= before)


def test_MIST_STATUS_2_unknown_mode_and_bad_level_are_refused():
    with pytest.raises(UsageError, match="mist_status_stack"):
        stack(1, 1, "multiply")
    with pytest.raises(UsageError, match="0..6"):
        stack(7, 1)


def test_MIST_STATUS_3_only_the_highest_status_counts():
    assert relevant_status({"hurt": -2, "inspired": 3}) == ("inspired", 3)
    assert relevant_status({"hurt": -4, "inspired": 3, "tired": -1}) == ("hurt", -4)
    assert relevant_status({"hurt": -3, "inspired": 3}) is None  # different statuses cancel (MIST.STATUS.2)
    assert relevant_status({"b": 2, "a": 2}) == ("a", 2)
    assert relevant_status({}) is None and relevant_status({"gone": 0}) is None


def test_MIST_LIMIT_1_reaching_or_passing_the_limit_counts():
    assert limit_reached(3, 3) and limit_reached(4, 3) and not limit_reached(2, 3)
    assert not limit_reached(6, None)


def test_MIST_LIMIT_3_a_player_characters_limit_is_6():
    assert PC_LIMIT == 6 and limit_reached(stack(4, 2), PC_LIMIT) and not limit_reached(stack(4, 1), PC_LIMIT)


# --- MIST.ROLL.2: power --------------------------------------------------------------------------------------

@pytest.mark.parametrize("tags, weaknesses, status, burned, expected", [
    (("a", "b", "c"), (), 0, (), 3),
    (("a", "b"), ("w",), 0, (), 1),
    (("a",), (), -2, (), -1),
    (("a", "b"), (), 3, (), 5),
    (("a",), ("w",), 0, ("c",), 3),  # the burned tag counts +3 in place of its +1
    ((), ("w", "v"), -1, (), -3),
    ((), (), 0, ("a", "b"), 6),
])
def test_MIST_ROLL_2_power_from_tags_weaknesses_status_and_burn(tags, weaknesses, status, burned, expected):
    assert count_power(tags, weaknesses, status, burned) == expected


def test_MIST_TAG_3_burning_a_tag_adds_two_more_than_bringing_it():
    assert count_power(("a", "b"), (), 0, ("c",)) - count_power(("a", "b", "c"), (), 0, ()) == 2


# --- MIST.ROLL.3-5: the dice -----------------------------------------------------------------------------------

@pytest.mark.parametrize("power", range(0, 7))
@pytest.mark.parametrize("zero_power", ["d8_only", "one_d4"])
def test_MIST_ROLL_5_brute_force_equals_sim_odds_for_power_0_to_6(power, zero_power):
    assert total_distribution(power, zero_power) == mist_total_distribution(power, zero_power)


def test_MIST_ROLL_5_band_known_answers():
    assert mist_odds(1) == {"failure": Fraction(10, 32), "partial": Fraction(12, 32), "success": Fraction(10, 32)}
    assert mist_odds(0)["success"] == 0


def test_MIST_ROLL_3_a_seeded_sample_follows_the_exact_distribution():
    rng = make_rng(5)
    n = 4000
    seen = sum(roll_action(rng, 3).result == "success" for _ in range(n)) / n
    assert abs(seen - float(mist_odds(3)["success"])) < 4 * (0.25 / n) ** 0.5


def test_MIST_EVOLUTION_1_the_avatar_sums_every_d4():
    assert total_of(5, (2, 3, 4)) == 9 and total_of(5, (2, 3, 4), sum_d4s=True) == 14
    assert total_of(7, ()) == 7 and total_of(7, (), sum_d4s=True) == 7
    # 1d8 + 2d4 summed: the convolution by hand
    d4s = {}
    for a in range(1, 5):
        for b in range(1, 5):
            d4s[a + b] = d4s.get(a + b, 0) + Fraction(1, 16)
    expected = {}
    for d8 in range(1, 9):
        for s, p in d4s.items():
            expected[d8 + s] = expected.get(d8 + s, 0) + p / 8
    assert total_distribution(2, sum_d4s=True) == dict(sorted(expected.items()))
    assert max(total_distribution(2, sum_d4s=True)) == 16
    rolled = roll_action(make_rng(3), 3, sum_d4s=True)
    assert rolled.sum_d4s and rolled.total == rolled.d8 + sum(rolled.d4s)


def test_MIST_EVOLUTION_1_summing_beats_keeping_the_highest():
    def success(dist):
        return sum(p for t, p in dist.items() if t >= 9)
    for power in range(2, 5):
        assert success(total_distribution(power, sum_d4s=True)) > success(total_distribution(power))
    assert total_distribution(1, sum_d4s=True) == total_distribution(1)


# --- MIST.EFFECT: prices and budgets ----------------------------------------------------------------------

def test_MIST_EFFECT_1_prices():
    assert EFFECT_COSTS == {"status_up": 1, "status_down": 1, "bolster": 1, "create_tag": 2, "remove_tag": 2,
                            "clue": 1, "extra_feat": 1}
    assert affordable(1) == ("status_up", "status_down", "bolster", "clue", "extra_feat")
    assert affordable(0) == ()


@pytest.mark.parametrize("power, result, full, minus_one", [
    (4, "success", 4, 4), (4, "partial", 4, 3), (4, "failure", 0, 0), (1, "partial", 1, 0),
    (0, "partial", 0, 0), (-2, "partial", 0, 0), (-1, "success", 0, 0),
])
def test_MIST_EFFECT_2_budget_in_each_mist_partial_budget_mode(power, result, full, minus_one):
    assert effect_budget(power, result, "full") == full
    assert effect_budget(power, result, "minus_one") == minus_one


def test_MIST_OPEN_1_least_budget_for_power_0_or_below():
    assert effect_budget(0, "partial", "full", least=1) == 1
    assert effect_budget(-3, "success", "full", least=1) == 1
    assert effect_budget(-3, "failure", "full", least=1) == 0
    assert effect_budget(2, "partial", "minus_one", least=1) == 1


# --- MIST.TAG.3 / MIST.OPEN.3: burn recovery --------------------------------------------------------------

def test_MIST_TAG_3_burned_tags_recover_per_mist_burn_recovery():
    assert not recovers("scene", "end_of_chapter") and recovers("chapter", "end_of_chapter")
    assert recovers("scene", "end_of_scene") and recovers("chapter", "end_of_scene")
    with pytest.raises(UsageError):
        recovers("scene", "never")


# --- MIST.ARC: growth, fading, replacement, evolution ------------------------------------------------------

def gift() -> arcs.Theme:
    return arcs.new_theme("storm_blood", "gift", ("storm_blood", "call_lightning", "wind_walk"), ("fear_of_water",))


def test_MIST_THEME_2_normal_and_nascent_theme_tags():
    assert gift().theme_tag == "storm_blood" and len(gift().tags) == 3 and len(gift().weaknesses) == 1
    nascent = arcs.nascent_theme("old_debt", "self", "old_debt", "pride")
    assert nascent.tags == ("old_debt",) and nascent.weaknesses == ("pride",) and arcs.is_nascent(nascent)
    assert not arcs.is_nascent(gift())
    with pytest.raises(UsageError):
        arcs.new_theme("x", "gift", ("a", "b"), ("w",))


def test_MIST_ARC_GROW_2_growth_at_three_marks_and_the_reset_option():
    theme = gift()
    for i in range(2):
        theme = arcs.mark(theme, "resonance")
        assert not arcs.growth_due(theme)
    theme = arcs.mark(theme, "resonance")
    assert arcs.growth_due(theme) and theme.grow == 3
    grown = arcs.grow(theme, "new_power_tag", tag="thunder_voice")
    assert grown.tags[-1] == "thunder_voice" and grown.grow == 0 and grown.growths == 1
    kept = arcs.grow(theme, "rewrite", motive="protect_the_coast", reset_marks=False)
    assert kept.grow == 3 and kept.motive == "protect_the_coast" and arcs.growth_due(kept)
    with pytest.raises(IllegalMove):
        arcs.grow(grown, "rewrite")


def test_MIST_ARC_GROW_2_the_four_growths():
    theme = arcs.mark(arcs.mark(arcs.mark(arcs.mark(gift(), "decay"), "resonance"), "resonance"), "resonance")
    assert arcs.growth_options(theme, ["thunder_voice"], []) == ("new_power_tag", "weakness", "rewrite", "reset")
    assert arcs.growth_options(gift(), [], []) == ("weakness", "rewrite")
    assert arcs.grow(theme, "reset").fade == 0
    assert arcs.grow(theme, "weakness", weakness="").weaknesses == ()
    assert arcs.grow(theme, "weakness", weakness="reckless").weaknesses == ("reckless",)


def test_MIST_ARC_GROW_3_a_nascent_theme_grows_at_every_mark_until_normal():
    theme = arcs.nascent_theme("old_debt", "self", "old_debt", "pride")
    for new in ("ledger", "favours"):
        theme = arcs.mark(theme, "progress")
        assert arcs.growth_due(theme)
        theme = arcs.grow(theme, "new_power_tag", tag=new)
    assert theme.tags == ("old_debt", "ledger", "favours") and not arcs.is_nascent(theme)
    theme = arcs.mark(theme, "progress")
    assert not arcs.growth_due(theme)  # normal now: three marks again


def test_MIST_ARC_FADE_2_fading_at_three_with_a_nascent_replacement_of_the_other_type():
    theme = gift()
    for _ in range(2):
        theme = arcs.mark(theme, "decay")
        assert not arcs.fades(theme)
    theme = arcs.mark(theme, "decay")
    assert arcs.fades(theme)
    loss = arcs.lose(theme)
    assert loss == arcs.Loss(evolution=1, wounds=1, replacement_type="self")


def test_MIST_ARC_REPLACE_2_evolution_counts_once_not_twice_and_one_more_for_growth():
    theme = arcs.mark(arcs.mark(arcs.mark(gift(), "resonance"), "resonance"), "resonance")
    theme = arcs.grow(theme, "rewrite", motive="m")
    for _ in range(3):
        theme = arcs.mark(theme, "decay")
    assert arcs.lose(theme) == arcs.Loss(evolution=2, wounds=1, replacement_type="self")
    self_theme = arcs.new_theme("oath", "self", ("oath", "shield", "vigil"), ("stubborn",))
    assert arcs.lose(self_theme).replacement_type == "gift"


def test_MIST_ARC_FADE_1_a_track_the_type_lacks_is_refused():
    with pytest.raises(IllegalMove):
        arcs.mark(gift(), "progress")


def test_MIST_EVOLUTION_1_five_evolution_opens_the_endings_and_the_avatar_holds_three_gifts():
    assert not arcs.endings_open(4) and arcs.endings_open(5)
    assert arcs.ENDINGS == ("avatar", "sleep", "calm")
    oath = arcs.new_theme("oath", "self", ("oath", "shield", "vigil"), ("stubborn",))
    kits = [gift(), arcs.new_theme("fox", "gift", ("fox", "a", "b"), ("c",)),
            arcs.new_theme("moon", "gift", ("moon", "d", "e"), ("f",))]
    themes = arcs.avatar_themes((oath, gift()), kits)
    assert [t.kit for t in themes] == ["storm_blood", "fox", "moon"] and all(t.type == "gift" for t in themes)
    with pytest.raises(IllegalMove):
        arcs.avatar_themes((oath,), kits[:1])
