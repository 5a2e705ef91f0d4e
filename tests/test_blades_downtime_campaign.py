"""Building a campaign from a scenario (BITD.CREW.CREATE, BITD.CHAR.CREATE, BITD.FACTION) and the rules left."""

import pytest

from blades_downtime_kit import ScriptedRng, events, make_campaign, plan, result, u_for_faces
from sim.blades.advancement import advancement as adv
from sim.blades.campaign import build_campaign, prepare, run_campaign
from sim.blades.downtime.downtime import pay_off
from sim.blades.downtime.entanglements import give_claim
from sim.blades.crew.state import Cohort, Faction
from sim.content import load_scenario
from sim.journal import Journal


@pytest.fixture(scope="module")
def starter():
    return load_scenario("scenarios/starter.yaml")


def test_BITD_FACTION_3_crew_starts_tier_zero_strong_two_coin(starter):
    c = build_campaign(starter, 1, Journal())
    start = events(c, "campaign_start")[0]
    assert (start["tier"], start["hold"], start["coin"]) == (0, "strong", 2) and c.crew.rep == 0
    assert start["crew"] == "The Lanterns" and len(start["pcs"]) == 4


def test_BITD_CREW_CREATE_3_5_6_hunting_grounds_ability_and_upgrades(starter):
    c = build_campaign(starter, 1, Journal())
    assert c.crew.abilities == ["everyone_steals"]  # the shadows' first special ability
    assert list(c.crew.upgrades)[:2] == ["hidden_lair", "training_prowess"]  # the crew type's two
    assert sum(c.crew.upgrades.values()) == 4 and c.crew.vault == 8  # + two chosen by the careful voice
    assert c.crew.coin == 1 and c.factions["crows"].status == 0  # careful pays 1 coin for the Crows' grounds
    assert [e["reason"] for e in events(c, "coin")] == ["hunting grounds"]


def test_BITD_FACTION_8_scenario_statuses_and_graph(starter):
    c = build_campaign(starter, 1, Journal())
    assert c.factions["lampblacks"].status == 1 and c.factions["red_sashes"].status == -1
    assert c.graph.has_edge("lampblacks", "red_sashes") and c.graph["lampblacks"]["red_sashes"]["relation"] == "enemy"
    assert list(c.graph.nodes) == list(starter.factions)


def test_BITD_FACTION_10_factions_carry_their_content_goal_clocks(starter):
    c = build_campaign(starter, 1, Journal())
    lampblacks = c.factions["lampblacks"]
    assert [(k.id, k.size, k.kind) for k in lampblacks.clocks] == [
        ("destroy_red_sashes", 8, "faction"), ("new_drug_supply", 6, "faction")]


def test_BITD_CHAR_CREATE_2_seven_dots_none_above_two(starter):
    for seed in range(20):
        c = build_campaign(starter, seed, Journal())
        for pc in c.pcs:
            book = prepare(starter).playbooks[pc.playbook]
            created = dict(pc.actions)
            for e in c.journal.events:  # the crew's first ability may add a dot after creation (Deadly, ...)
                if e["event"] == "advance" and e["pc"] == pc.id and e["track"] == "crew_ability":
                    created[e["action"]] -= 1
            assert sum(created.values()) == sum(book["actions"].values()) + 4
            assert max(created.values()) <= 2
            assert pc.abilities == [book["abilities"][0]["id"]] and pc.name and pc.vice


def test_names_are_distinct_and_seeded(starter):
    a = build_campaign(starter, 5, Journal())
    b = build_campaign(starter, 5, Journal())
    assert [p.name for p in a.pcs] == [p.name for p in b.pcs]
    assert len({p.name for p in a.pcs}) == len(a.pcs)


def test_summary_keys_are_stable_and_flat(starter):
    s1 = run_campaign(starter, 1, scores=1)
    s2 = run_campaign(starter, 2, scores=2)
    assert list(s1) == list(s2)
    assert {"tier", "hold", "rep", "coin", "heat", "wanted", "turf", "scores", "scores_won", "pcs_active",
            "pcs_dead", "pcs_retired", "pcs_jailed", "trauma", "harm", "stress_marked", "entanglements"} <= set(s1)
    assert all(f"status_{f}" in s1 for f in starter.factions)
    assert all(isinstance(v, (str, int, float, bool)) for v in s1.values())


def test_journal_may_be_a_list(starter):
    events_list = []
    summary = run_campaign(starter, 1, journal=events_list, scores=1)
    assert events_list and events_list[0]["seq"] == 1
    assert summary["events"] == sum(1 for e in events_list if e["event"] != "decision")  # decisions: a kept journal


def test_BITD_FACTION_1_tier_is_the_pool_for_crew_and_faction_rolls():
    from sim.blades.downtime import activities as act

    c = make_campaign(rng=ScriptedRng([u_for_faces(4, 4)]), tier=2, coin=0)
    act.acquire_asset(c, c.pcs[0])
    assert events(c, "activity")[0]["dice"] == 2
    f = Faction("hive", "Hive", 4, "strong", status=1, clocks=[])
    from sim.clocks import Clock

    f.clocks.append(Clock("grow", 8, "faction", owner="hive"))
    c2 = make_campaign(factions=[f])
    adv.faction_turn(c2)
    assert events(c2, "faction_roll")[0]["dice"] == 4


def test_BITD_FACTION_2_gang_scale_follows_tier():
    c = make_campaign(tier=1, hold="strong", rep=12, coin=16, cohorts=[Cohort("g", "gang", "thugs", 1, 1)])
    adv.crew_advance(c)
    assert (c.crew.cohorts[0].quality, c.crew.cohorts[0].scale) == (2, 2)


def test_BITD_COHORT_3_expert_quality_is_tier_plus_one():
    c = make_campaign(tier=0, rep=12, coin=8, cohorts=[Cohort("doc", "expert", "physicker", 1, 0)])
    adv.crew_advance(c)
    assert (c.crew.cohorts[0].quality, c.crew.cohorts[0].scale) == (2, 0)


def test_BITD_COHORT_8_harm_runs_zero_to_dead():
    c = make_campaign(cohorts=[Cohort("g", "gang", "thugs", 1, 1, harm=3), Cohort("d", "gang", "thugs", 1, 1, harm=4)])
    for _ in range(5):
        adv.heal_cohorts(c)
    assert [k.harm for k in c.crew.cohorts] == [0, 4]  # broken heals; dead stays destroyed


def test_BITD_CREW_CLAIM_2_a_lost_claim_loses_its_benefit():
    c = make_campaign(claims=["loyal_fence"])
    pay_off(c, plan(kind="burglary"), result(coin=4))
    give_claim(c, c.factions["red_sashes"], "show of force")
    pay_off(c, plan(kind="burglary"), result(coin=4))
    assert [e["claim_coin"] for e in events(c, "payoff")] == [2, 0]
    assert events(c, "claim")[0] == {**events(c, "claim")[0], "claim": "loyal_fence", "gained": False}


def test_BITD_CREW_TURF_1_losing_a_turf_claim_loses_the_turf():
    c = make_campaign(claims=["turf"])
    c.crew.turf = 1
    give_claim(c, c.factions["red_sashes"], "show of force")
    assert "turf" not in c.crew.claims and c.crew.turf == 0 and c.crew.rep_max == 12


def test_BITD_DOWNTIME_1_payoff_heat_entanglements_activities_each_once_per_score(starter):
    journal = Journal()
    run_campaign(starter, 3, journal=journal, scores=2)
    order = [e["to"] for e in journal.events if e["event"] == "phase"]
    assert order == ["free_play", "engagement", "score", "payoff", "heat", "entanglements", "activities"] * 2 + ["ended"]
    assert sum(1 for e in journal.events if e["event"] == "payoff") == 2


def test_BITD_XP_1_desperate_roll_xp_uses_the_attribute_track():
    c = make_campaign()
    pc = c.pcs[0]
    pc.xp["prowess"] = 5
    adv.mark_xp(c, pc, "prowess", 1, "desperate")
    assert pc.xp["prowess"] == 0 and events(c, "advance")[0]["track"] == "prowess"
