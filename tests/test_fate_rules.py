"""Fate Condensed rules as small pure functions, by rule ID (RULES.md Part II)."""

import random

import pytest

from sim.dice import fate_outcome, roll_fate, teamwork_bonus
from sim.errors import IllegalMove, UsageError
from sim.fate.scenes.actions import (
    ATTACK, CREATE_EXISTING, CREATE_HIDDEN, CREATE_NEW, DEFEND, OVERCOME, attack_hit, attack_track, defend_result,
    defend_skills, outcome_of,
)
from sim.fate.characters.aspects import (
    BOOST, CHARACTER, CONSEQUENCE, SITUATION, Aspect, best_invoke_mode, can_invoke, compel, hostile_payee, invoke,
    outlives_scene,
)
from sim.fate.characters.character import (
    Absorb, absorb, absorb_plans, can_absorb, clear_stress, concession_points, extra_mild, make_character, mark_boxes,
    refresh_after_stunts, session_fate_points, stress_boxes,
)
from sim.fate.characters.ladder import difficulty, is_pyramid, ladder_name, skills
from sim.fate.characters.recovery import pass_time, treat, treatment_difficulty
from sim.journal import Journal


def test_FATE_LADDER_1_names_and_FATE_LADDER_2_out_of_range():
    assert [ladder_name(v) for v in (8, 4, 0, -1, -4)] == ["Legendary", "Great", "Mediocre", "Poor", "Horrifying"]
    assert ladder_name(9) == "+9" and ladder_name(-5) == "-5"


def test_FATE_CHAR_2_skill_list_and_pyramid():
    assert skills() == (  # content/fate/skills.yaml, names and order as the rules list them
        "Academics", "Athletics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Empathy", "Fight",
        "Investigate", "Lore", "Notice", "Physique", "Provoke", "Rapport", "Resources", "Shoot", "Stealth", "Will")
    good = {"Fight": 4, "Athletics": 3, "Will": 3, "Physique": 2, "Notice": 2, "Shoot": 2,
            "Lore": 1, "Rapport": 1, "Stealth": 1, "Empathy": 1}
    assert is_pyramid(good)
    assert not is_pyramid({**good, "Crafts": 1})
    assert not is_pyramid({**good, "Fight": 3})
    with pytest.raises(UsageError, match="unknown Fate skill"):
        is_pyramid({"Sword": 4})


def test_FATE_OPP_2_difficulty_rule_of_thumb():
    assert [difficulty(n) for n in range(4)] == [0, 2, 4, 6]
    with pytest.raises(UsageError):
        difficulty(-1)


@pytest.mark.parametrize("shifts,outcome", [(-5, "fail"), (-1, "fail"), (0, "tie"), (1, "succeed"), (2, "succeed"),
                                            (3, "style"), (7, "style")])
def test_FATE_OUTCOME_1_shift_bands(shifts, outcome):
    assert fate_outcome(shifts) == outcome
    assert outcome_of("overcome", shifts).outcome == outcome


def test_FATE_ACTION_1_overcome_table():
    assert not OVERCOME["fail"].success
    assert OVERCOME["tie"].success and OVERCOME["tie"].cost == "minor"
    assert OVERCOME["succeed"].success and not OVERCOME["succeed"].boost and OVERCOME["succeed"].cost is None
    assert OVERCOME["style"].success and OVERCOME["style"].boost


def test_FATE_ACTION_2_create_advantage_new_aspect_table():
    assert (CREATE_NEW["fail"].free_invokes, CREATE_NEW["fail"].boost) == (0, False)
    assert (CREATE_NEW["tie"].free_invokes, CREATE_NEW["tie"].boost) == (0, True)
    assert CREATE_NEW["succeed"].free_invokes == 1
    assert CREATE_NEW["style"].free_invokes == 2


def test_FATE_ACTION_3_create_advantage_existing_aspect_tables():
    assert CREATE_EXISTING["fail"].enemy_free_invoke and CREATE_HIDDEN["fail"].enemy_free_invoke
    assert CREATE_EXISTING["tie"].free_invokes == 1  # known: a free invoke on a tie
    assert CREATE_HIDDEN["tie"].boost and CREATE_HIDDEN["tie"].free_invokes == 0  # unknown: a boost, stays hidden
    assert CREATE_EXISTING["succeed"].free_invokes == CREATE_HIDDEN["succeed"].free_invokes == 1
    assert CREATE_EXISTING["style"].free_invokes == CREATE_HIDDEN["style"].free_invokes == 2


def test_FATE_ACTION_4_attack_table():
    assert attack_hit(-1) == (0, False)  # miss
    assert attack_hit(0) == (0, True)  # graze: attacker's boost
    assert attack_hit(2) == (2, False)  # a hit of the shifts
    assert attack_hit(4) == (4, False) and attack_hit(4, take_boost=True) == (3, True)  # SwS: trade a shift for a boost
    assert attack_hit(2, take_boost=True) == (2, False)  # only on style
    assert ATTACK["style"].style_boost and outcome_of("attack", 5).hit == 5


def test_FATE_ACTION_5_defend_table():
    assert not defend_result(2).success  # attack scored 2: the defence failed, take the hit
    assert defend_result(0).outcome == "tie"
    assert defend_result(-1).success and not defend_result(-1).boost
    assert defend_result(-3).success and defend_result(-3).boost  # defended with style: a boost
    assert DEFEND["style"].boost


def test_FATE_ACTION_6_default_skill_permissions():
    assert attack_track("Fight") == attack_track("Shoot") == "physical" and attack_track("Provoke") == "mental"
    assert defend_skills("Fight") == ("Athletics", "Fight")
    assert defend_skills("Shoot") == ("Athletics",)
    assert defend_skills("Provoke") == ("Will",)
    with pytest.raises(UsageError, match="can't attack"):
        attack_track("Lore")


def test_FATE_ASPECT_2_lifetimes():
    assert outlives_scene(CHARACTER) and outlives_scene(CONSEQUENCE)
    assert not outlives_scene(SITUATION) and not outlives_scene(BOOST)


def test_FATE_ASPECT_3_invoke_plus_two_or_reroll():
    rng = random.Random(5)
    faces = (-1, -1, -1, 0)
    assert invoke(rng, faces, "bonus") == (faces, 2)
    assert invoke(rng, faces, "oppose") == (faces, 2)
    expect = roll_fate(random.Random(5))
    new, bonus = invoke(random.Random(5), faces, "reroll")
    assert bonus == 0 and new == expect  # all four dice again, from the rng
    assert best_invoke_mode((-1, -1, -1, 0)) == "reroll" and best_invoke_mode((-1, -1, 0, 0)) == "bonus"
    with pytest.raises(UsageError):
        invoke(rng, faces, "double")


def test_FATE_ASPECT_3_same_aspect_once_per_roll_unless_free():
    a = Aspect("On Fire", SITUATION)
    assert can_invoke(a, free=False, used=())
    assert not can_invoke(a, free=False, used=("On Fire",))
    assert can_invoke(a, free=True, used=("On Fire", "On Fire"))


def test_FATE_ASPECT_4_hostile_invoke_pays_the_owner():
    wound = Aspect("Deep Cut (Ana)", CONSEQUENCE, "ana")
    assert hostile_payee(wound, "boss", free=False) == "ana"
    assert hostile_payee(wound, "boss", free=True) is None  # free invokes pay nothing
    assert hostile_payee(wound, "ana", free=False) is None
    assert hostile_payee(Aspect("Fog", SITUATION), "boss", free=False) is None


def test_FATE_ASPECT_6_compel_accept_or_refuse():
    assert compel(0, accept=True) == (1, None)  # the GM's compels are free
    assert compel(2, accept=False) == (1, None)
    with pytest.raises(IllegalMove):
        compel(0, accept=False)
    assert compel(1, accept=True, gm_offer=False, offerer_points=2) == (2, 1)
    with pytest.raises(IllegalMove):
        compel(1, accept=True, gm_offer=False, offerer_points=0)


def test_FATE_ASPECT_7_boost_is_free_only():
    boost = Aspect("Upper Hand", BOOST, "ana")
    assert not can_invoke(boost, free=False)
    assert can_invoke(boost, free=True)


@pytest.mark.parametrize("rating,boxes", [(-1, 3), (0, 3), (1, 4), (2, 4), (3, 6), (4, 6), (5, 6), (6, 6)])
def test_FATE_CHAR_3_stress_boxes_by_physique_and_will(rating, boxes):
    assert stress_boxes(rating) == boxes
    c = make_character("x", {"Physique": max(rating, 0), "Will": max(rating, 0)})
    assert len(c.physical) == len(c.mental) == stress_boxes(max(rating, 0))
    assert extra_mild(rating) == (rating >= 5)


def test_FATE_CHAR_3_superb_gives_an_extra_mild_for_that_track_only():
    c = make_character("x", {"Physique": 5, "Will": 1})
    extra = [s for s in c.slots if s.name == "extra_mild_physical"]
    assert len(extra) == 1 and extra[0].track == "physical" and extra[0].value == 2
    assert c.capacity("physical") == 6 + 2 + 4 + 6 + 2
    assert c.capacity("mental") == 4 + 2 + 4 + 6


def test_FATE_CHAR_4_consequence_values_2_4_6_shared():
    c = make_character("x", {})
    assert [(s.severity, s.value, s.track) for s in c.slots] == [("mild", 2, None), ("moderate", 4, None), ("severe", 6, None)]


def test_FATE_CHAR_4_option_unshared_slots_per_track():
    c = make_character("x", {}, shared_consequences=False)
    assert sorted((s.track, s.value) for s in c.slots) == [("mental", 2), ("mental", 4), ("mental", 6),
                                                           ("physical", 2), ("physical", 4), ("physical", 6)]


def test_FATE_CHAR_5_minor_npcs():
    m = make_character("mook", {"Fight": 1}, kind="minor", minor_stress=2)
    assert len(m.physical) == 2 and m.slots == ()
    assert absorb_plans(m, "physical", 3) == ()
    with pytest.raises(UsageError):
        make_character("mook", {}, kind="minor", minor_stress=4)


def test_FATE_FP_1_session_start_and_FATE_FP_2_stunt_costs():
    assert session_fate_points(3, 1) == 3 and session_fate_points(3, 5) == 5
    assert [refresh_after_stunts(n) for n in (0, 3, 4, 5)] == [3, 3, 2, 1]
    with pytest.raises(IllegalMove):
        refresh_after_stunts(6)


def test_FATE_TEAM_1_teamwork_bonus():
    assert teamwork_bonus([3, 1, 1]) == 2
    assert teamwork_bonus([3, 0, 2]) == 1  # a Mediocre helper adds nothing
    assert teamwork_bonus([1, 1, 1, 1]) == 1  # capped at the roller's rating
    assert teamwork_bonus([0, 0]) == 0


def test_FATE_CONFLICT_STRESS_1_each_box_absorbs_one_shift():
    c = make_character("x", {"Physique": 1})
    c = mark_boxes(c, "physical", 3)
    assert c.physical == (True, True, True, False)
    with pytest.raises(IllegalMove):
        mark_boxes(c, "physical", 2)


def test_FATE_CONFLICT_CONSEQ_2_vector_a_two_shifts_two_boxes():
    c = make_character("x", {})  # 3 physical boxes
    plans = absorb_plans(c, "physical", 4 - 2)
    assert plans[0] == Absorb(2, ())
    c = absorb(c, "physical", plans[0], {})
    assert sum(c.physical) == 2 and len(c.physical) == 3


def test_FATE_CONFLICT_CONSEQ_2_vector_b_moderate_plus_one_box():
    c = make_character("x", {})
    plans = absorb_plans(c, "physical", 6 - 1)
    assert Absorb(1, ("moderate",)) in plans
    c = absorb(c, "physical", Absorb(1, ("moderate",)), {"moderate": "Deep Cut"})
    assert sum(c.physical) == 1 and [s.aspect for s in c.consequences()] == ["Deep Cut"]


def test_FATE_CONFLICT_CONSEQ_2_vector_c_nine_shifts_taken_out():
    c = make_character("x", {})
    c = mark_boxes(c, "physical", 3)
    c = absorb(c, "physical", Absorb(0, ("moderate",)), {"moderate": "Old Wound"})
    hit = 8 - (-1)
    assert hit == 9 and c.capacity("physical") == 8
    assert not can_absorb(c, "physical", hit) and absorb_plans(c, "physical", hit) == ()
    assert can_absorb(c, "physical", 8) and absorb_plans(c, "physical", 8) == (Absorb(0, ("mild", "severe")),)


def test_FATE_CONFLICT_CONSEQ_2_plans_use_no_wasted_slot():
    c = make_character("x", {})
    for plan in absorb_plans(c, "physical", 5):
        values = {"mild": 2, "moderate": 4, "severe": 6}
        total = sum(values[s] for s in plan.slots)
        assert all(total - values[s] < 5 for s in plan.slots)
        assert plan.boxes == max(0, 5 - total) <= 3


def test_FATE_CONFLICT_STRESS_2_stress_clears():
    c = mark_boxes(make_character("x", {}), "mental", 2)
    assert clear_stress(c).mental == (False, False, False)


def test_FATE_CONFLICT_4_concession_points():
    assert [concession_points(n) for n in range(4)] == [1, 2, 3, 4]


def test_FATE_RECOVER_2_treatment_difficulties():
    assert [treatment_difficulty(s) for s in ("mild", "moderate", "severe")] == [2, 4, 6]
    assert [treatment_difficulty(s, True) for s in ("mild", "moderate", "severe")] == [4, 6, 8]  # SRD: +2


def _wounded():
    c = make_character("ana", {"Academics": 4, "Empathy": 0})
    return absorb(c, "physical", Absorb(0, ("mild", "moderate")), {"mild": "Bruised", "moderate": "Deep Cut"})


def test_FATE_RECOVER_2_3_treatment_renames_and_time_clears():
    doc = make_character("doc", {"Academics": 4})
    for seed in range(50):
        j = Journal()
        patient, outcome = treat(random.Random(seed), doc, _wounded(), "mild", journal=j)
        roll = j.events[0]
        assert roll["opposition"] == 2 and roll["skill"] == "Academics" and roll["outcome"] == outcome
        mild = next(s for s in patient.slots if s.name == "mild")
        if outcome == "fail":
            assert mild.aspect == "Bruised" and not mild.recovering
        else:
            assert mild.aspect == "Bruised, healing" and mild.recovering
            assert j.events[-1]["event"] == "fate_recovery"
            assert next(s for s in pass_time(patient, "scene").slots if s.name == "mild").empty
            with pytest.raises(IllegalMove):
                treat(random.Random(seed), doc, patient, "mild")


def test_FATE_RECOVER_2_moderate_waits_for_a_session_and_FATE_RECOVER_4_milestone():
    c = _wounded()
    c = pass_time(c, "major_milestone")  # untreated moderate begins recovery; untreated mild stays
    mod = next(s for s in c.slots if s.name == "moderate")
    assert mod.recovering and mod.aspect == "Deep Cut, healing"
    assert next(s for s in c.slots if s.name == "mild").aspect == "Bruised"
    assert not next(s for s in pass_time(c, "scene").slots if s.name == "moderate").empty
    assert next(s for s in pass_time(c, "session").slots if s.name == "moderate").empty


def test_FATE_RECOVER_self_treatment_is_harder():
    me = _wounded()
    j = Journal()
    treat(random.Random(1), me, me, "moderate", journal=j)
    assert j.events[0]["opposition"] == 6


def test_FATE_FP_3_bonus_stunt_adds_two_for_its_skill_and_action():
    from sim.fate import Scene
    from sim.fate.characters.character import Stunt, stunt_bonus
    from sim.rng import make_rng
    riposte = Stunt("Riposte", "Fight", "defend")
    assert stunt_bonus((riposte,), "Fight", "defend") == (2, "Riposte")
    assert stunt_bonus((riposte,), "Fight", "attack") == (0, None)
    ana = make_character("ana", {"Fight": 2}, stunts=(riposte,))
    sc = Scene(make_rng(1), [ana], {"ana": "pcs"})
    p = sc.start_roll("ana", "Fight", "defend", bonus=1)
    assert p.bonus == 3 and p.stunt == "Riposte"
    sc.record(p, 0)
    assert sc.journal.events[-1]["stunt"] == "Riposte" and sc.journal.events[-1]["bonus"] == 3
    assert sc.start_roll("ana", "Fight", "attack").bonus == 0
    with pytest.raises(UsageError, match="unknown Fate skill"):
        make_character("x", {}, stunts=(Stunt("Hack", "Hacking", "overcome"),))


def test_FATE_FP_2_refresh_follows_the_stunts_taken():
    from sim.fate.characters.character import Stunt
    four = tuple(Stunt(f"s{i}", "Fight", "attack") for i in range(4))
    assert make_character("x", {}, stunts=four[:3]).refresh == 3
    c = make_character("x", {}, stunts=four)
    assert c.refresh == 2 and c.fate_points == 2
    assert make_character("x", {}, stunts=four, refresh=5).refresh == 5  # an explicit refresh wins
