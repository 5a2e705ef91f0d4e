"""Free play: target, plan, gathering information, load and the engagement roll
(BITD.SCORE.1-5, BITD.GATHER, BITD.LOAD, BITD.FORTUNE) on hand-built states."""

import pytest

from blades_score_kit import (
    CONTENT, QUIET_GM, QUIET_PLAYER, TARGETS, ScriptedRng, TinyContent, events, make_campaign, script, scoundrel,
    u_for_faces,
)
from sim.blades.score.engagement import (
    choose_load, choose_target, engagement_dice, free_play, gather_information, load_limits, target_weight,
)
from sim.blades.crew.state import Faction
from sim.rng import make_rng
from sim.i18n import text_of

VAULT = TARGETS[0]  # tier 1, bluecoats, plans stealth/deception, two obstacles


def quiet(c, **player):
    for pc in c.pcs:
        script(c, pc.id, **{**QUIET_PLAYER, **player})
    return script(c, "gm", **QUIET_GM)


# --- BITD.SCORE -----------------------------------------------------------------------

def test_BITD_SCORE_1_targets_come_from_factions_of_the_scenario():
    c = make_campaign(rng=make_rng(3), factions=[Faction("lampblacks", "Lampblacks", 1, "weak")])
    for _ in range(10):
        assert choose_target(c, c.pcs[0])["faction"] == "lampblacks"


def test_BITD_SCORE_1_policy_prefers_targets_near_crew_tier_plus_delta():
    assert target_weight({"tier": 1, "weight": 4}, 1, 0) == 4
    assert target_weight({"tier": 3, "weight": 4}, 1, 0) == 4 * 0.25 ** 2
    assert target_weight({"tier": 1, "weight": 4}, 1, 2) == 4 / 16  # friendly factions are left alone
    c = make_campaign([scoundrel("pc1", "careful")], rng=make_rng(1))  # target_tier_delta 0: tier 0 preferred
    picks = [choose_target(c, c.pcs[0])["id"] for _ in range(40)]
    assert picks.count("den") > picks.count("vault")


def test_BITD_SCORE_2_plan_follows_policy_preference_among_the_targets_plans():
    for policy, plan in (("careful", "stealth"), ("bold", "deception")):
        c = make_campaign([scoundrel("pc1", policy)], rng=make_rng(2))
        script(c, "pc1", target="vault")
        sp = free_play(c)
        assert sp.plan == plan and sp.target_id == "vault"
        assert events(c, "plan")[0]["detail"].endswith("A vault")


def test_BITD_SCORE_2_detail_is_named_by_the_plans_table():
    content = TinyContent(**{"blades/plans": {"plans": [{"id": "stealth", "detail": {"id": "p", "name": "Point of infiltration"}}]}})
    c = make_campaign([scoundrel("pc1", "careful")], rng=make_rng(2), content=content)
    script(c, "pc1", target="vault")
    assert free_play(c).detail == "Point of infiltration: A vault"


def test_BITD_SCORE_3_gather_then_load_then_engagement():
    c = make_campaign([scoundrel("pc1"), scoundrel("pc2", "careful")], rng=make_rng(4))
    free_play(c)
    order = [e["event"] for e in c.journal.events if e["event"] in ("plan", "gather", "load", "engagement")]
    gathers = order.count("gather")  # the careful leader may ask again (gather_tries)
    assert 1 <= gathers <= 3 and order == ["plan"] + ["gather"] * gathers + ["load", "load", "engagement"]


def test_BITD_GATHER_1_careful_crews_ask_again_until_they_find_a_vulnerability():
    for policy, most in (("careful", 3), ("reckless", 1)):
        c = make_campaign([scoundrel("pc1", policy)], rng=ScriptedRng([u_for_faces(2)] * 8 + [0.5] * 40))
        script(c, "pc1", target="vault", diversion=False, daring=False)
        free_play(c)
        assert len(events(c, "gather")) == most


def test_BITD_SCORE_4_engagement_starts_at_one_die_plus_minus_factors():
    c = make_campaign()
    assert engagement_dice(c, {**VAULT, "tier": 0}, "stealth", False) == (1, {})
    assert engagement_dice(c, VAULT, "stealth", True, daring=True) == (2, {"daring": 1, "vulnerability": 1, "tier": -1})
    c.crew.tier = 2
    assert engagement_dice(c, VAULT, "stealth", False)[1] == {"tier": 1}
    three = {**VAULT, "tier": 2, "obstacles": [{"name": n, "size": 4} for n in "abc"]}
    assert engagement_dice(c, three, "stealth", False)[1] == {"complex": -1}


def test_BITD_SCORE_4_friends_enemies_and_claims():
    content = TinyContent(**{"blades/claims": {"claims": [
        {"id": "city_records", "benefit": {"engagement_dice": {"plans": ["stealth"], "dice": 1}}}]}})
    c = make_campaign(content=content)
    vault0 = {**VAULT, "tier": 0}
    c.factions["lampblacks"].status = 2  # the bluecoats' enemy is our friend
    assert engagement_dice(c, vault0, "stealth", False)[1] == {"friends": 1}
    c.factions["bluecoats"].status = -2  # the target itself is hostile and on guard
    assert engagement_dice(c, vault0, "stealth", False)[1] == {"friends": 1, "enemies": -1}
    c.crew.claims.append("city_records")
    assert engagement_dice(c, vault0, "stealth", False) == (2, {"friends": 1, "enemies": -1, "claims": 1})
    assert engagement_dice(c, vault0, "social", False)[1] == {"friends": 1, "enemies": -1}


@pytest.mark.parametrize("faces,result,position", [
    ((6, 6), "critical", "controlled"), ((6, 1), "success", "controlled"), ((4, 1), "partial", "risky"),
    ((3, 2), "failure", "desperate")])
def test_BITD_SCORE_5_engagement_result_sets_the_opening_position(faces, result, position):
    rng = ScriptedRng([u_for_faces(1), u_for_faces(*faces)])  # gather fortune (1d), engagement (2d)
    c = make_campaign([scoundrel("pc1", "bold", survey=1)], rng=rng)
    quiet(c, target="vault", daring=True)
    c.crew.tier = 1  # same tier: 1d + daring
    sp = free_play(c)
    e = events(c, "engagement")[0]
    assert (e["dice"], e["faces"], e["result"], e["position"]) == (2, list(faces), result, position)
    assert (sp.engagement, sp.start_position) == (result, position)


def test_BITD_SCORE_5_zero_dice_engagement_keeps_the_lowest_of_two():
    rng = ScriptedRng([u_for_faces(1), u_for_faces(6, 5)])
    c = make_campaign([scoundrel("pc1", "careful", survey=1)], rng=rng)
    quiet(c, target="vault", daring=False)
    e = (free_play(c), events(c, "engagement")[0])[1]
    assert e["dice"] == 0 and e["faces"] == [6, 5] and e["result"] == "partial"


@pytest.mark.parametrize("faces,worked,dice,position", [((6,), True, 1, "risky"), ((2,), False, 0, "desperate")])
def test_BITD_SCORE_6_a_diversion_sets_up_the_opening_or_costs_a_die(faces, worked, dice, position):
    rng = ScriptedRng([u_for_faces(1), u_for_faces(*faces), u_for_faces(*(3,) * max(dice, 2))])
    c = make_campaign([scoundrel("pc1", "careful", survey=1)], rng=rng)
    quiet(c, target="vault", diversion=True)
    script(c, "gm", **{**QUIET_GM, "complication": "patrol"})
    c.crew.tier = 1  # engagement 1d before the diversion
    sp = free_play(c)
    div = events(c, "diversion")[0]
    assert div["worked"] is worked and events(c, "action_roll")[0]["kind"] == "diversion"
    e = events(c, "engagement")[0]
    assert e["dice"] == dice and e["result"] == "failure" and sp.start_position == position


# --- BITD.GATHER / BITD.FORTUNE ---------------------------------------------------------------

def test_BITD_GATHER_1_common_ground_is_a_fortune_roll_on_the_action_rating():
    c = make_campaign([scoundrel("pc1", survey=2, prowl=1)], rng=ScriptedRng([u_for_faces(6, 2)]))
    quiet(c)
    assert gather_information(c, VAULT, "stealth") is True
    f = events(c, "fortune")[0]
    assert (f["purpose"], f["dice"], f["faces"], f["result"], f["action"]) == ("gather", 2, [6, 2], "success", "survey")


def test_BITD_GATHER_2_detail_scales_with_effect_on_an_action_roll():
    c = make_campaign([scoundrel("pc1", survey=2)], rng=ScriptedRng([u_for_faces(6, 1), u_for_faces(6, 1)]))
    quiet(c)
    c.crew.tier = 0
    hard = {**VAULT, "tier": 2}
    assert gather_information(c, hard, "stealth") is False  # crew quality 0 vs tier 2: limited effect, partial detail
    c.crew.tier = 1
    hard = {**VAULT, "tier": 3}
    script(c, "gm", **{**QUIET_GM, "effect": "standard"})
    assert gather_information(c, hard, "stealth") is True


def test_BITD_GATHER_4_informants_add_a_die():
    content = TinyContent(**{"blades/claims": {"claims": [{"id": "informants", "benefit": {"gather_dice": 1}}]}})
    c = make_campaign([scoundrel("pc1", survey=1)], rng=make_rng(1), content=content)
    c.crew.claims.append("informants")
    quiet(c)
    gather_information(c, VAULT, "stealth")
    assert events(c, "fortune")[0]["dice"] == 2


def test_BITD_GATHER_5_the_plan_decides_which_action_gathers():
    c = make_campaign([scoundrel("pc1", survey=1, study=2), scoundrel("pc2", consort=2)], rng=make_rng(1))
    quiet(c)
    gather_information(c, VAULT, "stealth")  # survey first, study next: pc1's study 2 beats survey 1
    gather_information(c, VAULT, "social")  # consort: pc2
    assert [(e["pc"], e["action"]) for e in events(c, "gather")] == [("pc1", "study"), ("pc2", "consort")]


@pytest.mark.parametrize("faces,found", [((6,), True), ((6, 6), True), ((5,), False), ((3,), False)])
def test_BITD_FORTUNE_3_result_reading(faces, found):
    pc = scoundrel("pc1", survey=len(faces))
    c = make_campaign([pc], rng=ScriptedRng([u_for_faces(*faces)]))
    quiet(c)
    assert gather_information(c, VAULT, "stealth") is found


def test_BITD_FORTUNE_1_fortune_rolls_count_dice():
    c = make_campaign([scoundrel("pc1", survey=3)], rng=make_rng(9))
    quiet(c)
    gather_information(c, VAULT, "stealth")
    assert c.dice_rolled == 3 and c.counters["fortune"] == 1


# --- BITD.LOAD --------------------------------------------------------------------------

def test_BITD_LOAD_1_every_active_scoundrel_declares_a_load():
    c = make_campaign([scoundrel("pc1", "careful"), scoundrel("pc2", "reckless"), scoundrel("pc3", "bold")],
                      rng=make_rng(3))
    c.pcs[2].status = "dead"
    script(c, "pc1", target="den")
    sp = free_play(c)
    assert sp.loads == {"pc1": "light", "pc2": "heavy"}
    assert [(e["pc"], e["load"]) for e in events(c, "load")] == [("pc1", "light"), ("pc2", "heavy")]


def test_BITD_LOAD_2_heavy_load_is_slow_on_stealth():
    from sim.blades.score.score import load_position_steps

    assert load_position_steps("stealth", "heavy") == 1
    assert load_position_steps("assault", "heavy") == 0 and load_position_steps("stealth", "light") == 0
    c = make_campaign([scoundrel("pc1", "reckless")])
    assert choose_load(c, c.pcs[0], "stealth") == "normal"  # policy lightens a heavy load for stealth


def test_BITD_LOAD_3_mule_raises_the_load_limits():
    content = TinyContent(**{"blades/playbooks": {"playbooks": [{"id": "cutter", "abilities": [
        {"id": "mule", "mechanics": {"load_limits": {"light": 5, "normal": 7, "heavy": 8}}}]}]}})
    c = make_campaign(content=content)
    pc = c.pcs[0]
    assert load_limits(c, pc)["light"] == 3
    pc.abilities.append("mule")
    assert load_limits(c, pc) == {"light": 5, "normal": 7, "heavy": 8}
    script(c, "pc1", load="normal")
    choose_load(c, pc, "assault")
    assert pc.armor["heavy"] is True  # 7 load holds armor and heavy armor (5) and more


def test_free_play_returns_a_complete_plan():
    c = make_campaign([scoundrel("pc1", "bold")], rng=make_rng(12), content=CONTENT)
    sp = free_play(c)
    t = {t["id"]: t for t in TARGETS}[sp.target_id]
    assert sp.target_faction == t["faction"] and sp.target_tier == t["tier"] and sp.coin == t["coin"]
    assert sp.obstacles == tuple((text_of(o["name"], "en"), o["size"]) for o in t["obstacles"])  # journals keep English ids
    assert sp.plan in t["plans"] and sp.engagement == events(c, "engagement")[0]["result"]
