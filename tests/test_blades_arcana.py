"""Magnitude, rituals and crafting (issue 16 part 3): BITD.MAG.1-5, BITD.RITUAL.1-3, BITD.CRAFT.1-4.

Known answers for the pure rules (magnitude, ritual stress, crafted quality),
the activities on hand-built campaigns with forced dice, and the shipped
``arcane`` scenario, whose Whisper and Leech use them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blades_downtime_kit import ScriptedRng, make_campaign, make_pc, u_for_faces
from sim.blades.arcana import arcane, craft, rituals
from sim.blades.downtime.activities import legal_activities, long_term_project
from sim.blades.campaign import play_campaign
from sim.blades.score.effects import ScoreTally
from sim.blades.arcana.magnitude import (DIMENSIONS, magnitude, min_quality, ritual_stress, row, source_clock,
                                  stress_reductions, time_discount)
from sim.blades.crew.sheet import differences, fold_sheet, live_sheet
from sim.content import load_content, load_scenario
from sim.journal import Journal

ROOT = Path(__file__).resolve().parents[1]


def events(c, name, **match):
    return [e for e in c.journal.events if e["event"] == name and all(e.get(k) == v for k, v in match.items())]


def whisper(**kw):
    return make_pc("pc1", playbook="whisper", abilities=["ritual"],
                   actions=kw.pop("actions", {"attune": 2, "study": 2, "consort": 1}), **kw)


def leech(ability="alchemist", **kw):
    return make_pc("pc1", playbook="leech", abilities=[ability], actions=kw.pop("actions", {"tinker": 2, "study": 1}),
                   **kw)


# --- BITD.MAG --------------------------------------------------------------------------------------------

def test_BITD_MAG_1_dimensions_add_up_or_one_key_feature_is_assessed():
    assert magnitude({"force": 6, "range": 5}) == 11
    assert magnitude({"force": 6, "range": 5}, "key") == 6
    assert magnitude({}) == 0
    with pytest.raises(ValueError, match="dimension"):
        magnitude({"force": 7})
    with pytest.raises(ValueError, match="dimension"):
        magnitude({"weight": 1})


@given(st.dictionaries(st.sampled_from(DIMENSIONS), st.integers(0, 6), min_size=1))
def test_BITD_MAG_1_the_key_feature_never_exceeds_the_sum(dims):
    assert max(dims.values()) == magnitude(dims, "key") <= magnitude(dims) <= 6 * len(dims)


def test_BITD_MAG_2_the_guide_has_seven_rows_of_six_dimensions_in_three_languages():
    table = load_content().table("blades/arcana")
    assert [r["level"] for r in table["magnitude"]] == list(range(7))
    assert row(table, 2)["duration"]["en"] == "an hour" and row(table, 6)["area"]["zh-Hant"] == "城市街區"
    assert row(table, 3)["scale"]["en"] == "a large gang (20)" and row(table, 5)["force"]["zh-Hans"] == "压倒性"
    for r in table["magnitude"]:
        assert set(r) == {"level", *DIMENSIONS} and all(set(r[d]) == {"en", "zh-Hant", "zh-Hans"} for d in DIMENSIONS)


def test_BITD_MAG_3_an_items_minimum_quality_is_the_magnitude_of_what_it_does():
    assert min_quality({"quality": 2}) == 2  # a pistol
    assert min_quality({"area": 1}) == 1  # smoke filling a small room
    table = craft.formula_table(load_content())
    assert craft.required_quality(table["quicksilver_smoke"], tier=3) == 1  # the crew's Tier does not change it
    assert craft.required_quality(table["ghost_lantern"], tier=0) == 2


def test_BITD_MAG_4_force_sets_the_quality_of_a_force_item():
    assert min_quality({"force": 3}) == 3  # a grenade
    table = craft.formula_table(load_content())
    assert craft.required_quality(table["fire_oil"], tier=0) == 1  # a torch's force


def test_BITD_MAG_5_the_worked_example_eleven_stress_or_eight_over_a_few_hours():
    assert ritual_stress({"force": 6, "range": 5}) == 11
    assert ritual_stress({"force": 6, "range": 5}, casting=3) == 8
    assert time_discount(1) == 0 and time_discount(2) == 2  # an hour or more
    assert ritual_stress({"force": 1}, casting=4) == 0  # never below 0
    assert ritual_stress({"force": 6, "range": 5}, 3, stress_reductions(["ancient_obelisk", "turf"])) == 7
    assert ritual_stress({"force": 6, "range": 5}, casting=3, rule="none") == 11  # option ritual_time_discount


def test_BITD_MAG_5_the_option_ritual_time_discount_none_costs_the_whole_magnitude():
    c = make_campaign(pcs=[whisper()], options={"ritual_time_discount": "none"}, rng=ScriptedRng([u_for_faces(6, 2, 1)]),
                      heat=5, coin=0)
    c.change_arcana("learned", pc="pc1", what="ritual:veil_of_forgetting")
    c.change_arcana("primed", pc="pc1", ritual="bargain_with_the_dead")
    rituals.perform_ritual(c, c.pcs[0])
    (act,) = events(c, "activity", activity="ritual")
    assert (act["stress"], act["time_discount"], act["time_rule"]) == (3, 0, "none") and c.pcs[0].stress == 3


# --- BITD.RITUAL -----------------------------------------------------------------------------------------

def test_BITD_RITUAL_1_the_ritual_ability_comes_with_one_ritual_and_others_need_a_source_then_learning():
    c = make_campaign(pcs=[whisper()])
    pc = c.pcs[0]
    assert rituals.known_rituals(c, pc) == ("bargain_with_the_dead",)
    assert rituals.known_rituals(c, make_pc("pc2")) == ()  # no Ritual ability: no rituals at all
    projects = dict((p, size) for p, _, size in rituals.ritual_projects(c, pc))
    assert projects == {"source_veil_of_forgetting": source_clock(3), "source_call_the_storm": source_clock(7)}
    assert (source_clock(2), source_clock(3), source_clock(7)) == (4, 6, 8)
    rituals.finish_project(c, pc, "source_veil_of_forgetting")
    assert ("learn_veil_of_forgetting", rituals.LEARN_ACTIONS, 8) in rituals.ritual_projects(c, pc)
    rituals.finish_project(c, pc, "learn_veil_of_forgetting")
    assert rituals.known_rituals(c, pc) == ("veil_of_forgetting", "bargain_with_the_dead")
    assert [e["change"] for e in events(c, "arcana")] == ["source", "learned"]


def test_BITD_RITUAL_1_a_source_is_a_long_term_project_sized_by_magnitude():
    c = make_campaign(pcs=[whisper()], rng=ScriptedRng([u_for_faces(6, 6), u_for_faces(4, 1)]), coin=0)
    long_term_project(c, c.pcs[0])  # a critical: 5 ticks of 6
    assert not events(c, "arcana") and c.clocks["pc1:source_veil_of_forgetting"].filled == 5
    long_term_project(c, c.pcs[0])  # 4/5: 2 more
    first, second = events(c, "activity", activity="long_term_project")
    assert first["project"] == second["project"] == "source_veil_of_forgetting" and first["clock_size"] == 6
    assert (first["ticks"], second["ticks"]) == (5, 2)
    assert events(c, "arcana", change="source") and "veil_of_forgetting" in c.arcana["sources"]
    assert "pc1:source_veil_of_forgetting" not in c.clocks  # done with


def test_BITD_RITUAL_2_each_ritual_answers_what_it_does_how_and_its_price_in_content():
    for ritual in rituals.ritual_table(load_content()).values():
        assert ritual["text"]["en"] and ritual["activities"] >= 1 and ritual["outcome"] in ("reduce_heat", "prime")
        assert set(ritual["text"]) == {"en", "zh-Hant", "zh-Hans"}


def test_BITD_RITUAL_3_an_uncertain_ritual_is_a_fortune_roll_of_its_magnitude_and_costs_its_stress():
    c = make_campaign(pcs=[whisper()], rng=ScriptedRng([u_for_faces(6, 2, 1)]), heat=5, coin=0)
    c.change_arcana("learned", pc="pc1", what="ritual:veil_of_forgetting")
    c.change_arcana("primed", pc="pc1", ritual="bargain_with_the_dead")  # held: only the veil to cast
    rituals.perform_ritual(c, c.pcs[0])
    (act,) = events(c, "activity", activity="ritual")
    assert act["stress"] == 1 and act["time_discount"] == 2  # scale 1 + duration 2, cast over an hour
    assert act["fortune"]["dice"] == act["pool"] == 3 and act["fortune"]["result"] == "success"
    assert act["heat_removed"] == 3 and c.crew.heat == 2 and c.pcs[0].stress == 1


def test_BITD_RITUAL_3_coin_raises_the_fortune_roll_a_level_per_coin():
    c = make_campaign(pcs=[whisper()], rng=ScriptedRng([u_for_faces(1, 2, 3)]), heat=5, coin=9)
    c.change_arcana("learned", pc="pc1", what="ritual:veil_of_forgetting")
    c.change_arcana("primed", pc="pc1", ritual="bargain_with_the_dead")
    rituals.perform_ritual(c, c.pcs[0])
    (act,) = events(c, "activity", activity="ritual")
    assert act["fortune"]["coin_spent"] == 1 and act["fortune"]["final_result"] == "partial"
    assert act["heat_removed"] == 2


def test_BITD_RITUAL_3_a_dangerous_ritual_of_two_activities_is_an_attune_roll_and_is_primed():
    c = make_campaign(pcs=[whisper()], rng=ScriptedRng([u_for_faces(2, 3)]))  # Attune 2: a failure
    pc = c.pcs[0]
    c.change_arcana("learned", pc=pc.id, what="ritual:call_the_storm")
    c.change_arcana("primed", pc=pc.id, ritual="bargain_with_the_dead")  # held: only the storm is castable
    assert rituals.castable(c, pc) == ("call_the_storm",)
    rituals.perform_ritual(c, pc)
    assert events(c, "activity", activity="ritual")[-1]["complete"] is False and not pc.stress
    rituals.perform_ritual(c, pc)
    act = events(c, "activity", activity="ritual")[-1]
    assert act["complete"] and act["part"] == 2 and act["stress"] == 4  # force 4 + area 3 - a few hours (3)
    assert act["danger"]["result"] == "failure" and act["danger"]["harm"] == 3  # desperate
    assert c.arcana["primed"] == {"pc1": ["bargain_with_the_dead", "call_the_storm"]} and c.arcana["casting"] == {}
    assert c.clocks["hungry_dead"].filled == 2  # the price: the GM ticks a clock
    assert events(c, "harm") or events(c, "resistance")


def test_BITD_RITUAL_3_a_primed_ritual_is_released_on_an_action_roll():
    c = make_campaign(pcs=[whisper()])
    pc = c.pcs[0]
    c.change_arcana("primed", pc=pc.id, ritual="bargain_with_the_dead")
    tally = ScoreTally()
    assert arcane.usable(c, pc, "attune") == ["ritual:bargain_with_the_dead"]
    assert arcane.boost(c, tally, pc, "attune", "desperate", "standard") == (1, 0)
    assert c.arcana["primed"] == {} and events(c, "arcana", change="released")[0]["dice"] == 1
    assert arcane.boost(c, tally, pc, "attune", "desperate", "standard") == (0, 0)


def test_BITD_RITUAL_3_a_careful_scoundrel_keeps_a_primed_ritual_at_a_risky_position():
    c = make_campaign(pcs=[whisper()])
    c.change_arcana("primed", pc="pc1", ritual="bargain_with_the_dead")
    assert arcane.boost(c, ScoreTally(), c.pcs[0], "attune", "risky", "standard") == (0, 0)
    assert c.arcana["primed"] == {"pc1": ["bargain_with_the_dead"]}


# --- BITD.CRAFT ------------------------------------------------------------------------------------------

def test_BITD_CRAFT_1_common_formulas_need_no_invention_and_an_ability_teaches_its_own():
    c = make_campaign(pcs=[leech(), make_pc("pc2")])
    alchemist, other = c.pcs
    assert craft.known_formulas(c, other) == ("fire_oil", "silenced_pistol")
    assert craft.known_formulas(c, alchemist) == ("fire_oil", "quicksilver_smoke", "silenced_pistol")
    projects = {p for p, _, _ in craft.craft_projects(c, other)}
    assert "learn_quicksilver_smoke" in projects and "invent_spark_jack" in projects  # a crewmate's design
    assert craft.crafting_levels(c, alchemist, "alchemical") == 1 and craft.crafting_levels(c, alchemist, "arcane") == 0


def test_BITD_CRAFT_1_the_ability_adds_a_result_level_to_inventing_its_kind():
    c = make_campaign(pcs=[leech("artificer")], rng=ScriptedRng([u_for_faces(6, 4)]))
    c.pcs[0].abilities.append("alchemist")
    assert arcane.project_levels(c, c.pcs[0], "invent_dread_tonic") == 1
    assert arcane.project_levels(c, c.pcs[0], "invent_ghost_lantern") == 0  # arcane: Strange Methods' kind


def test_BITD_CRAFT_2_quality_is_tier_plus_the_result_plus_workshop_plus_coin():
    assert craft.craft_quality(1, "failure", False, 0) == 0
    assert craft.craft_quality(1, "partial", True, 0) == 2
    assert craft.craft_quality(2, "critical", True, 3) == 8  # coin may take it past Tier + 2
    assert craft.craft_quality(0, "failure", False, 0) == 0


def test_BITD_CRAFT_2_the_crafting_roll_makes_an_item_with_the_alchemists_level():
    c = make_campaign(pcs=[leech()], rng=ScriptedRng([u_for_faces(5, 2)]), coin=0)  # 4/5 +1 level: a 6
    craft.craft(c, c.pcs[0])
    (act,) = events(c, "activity", activity="craft")
    assert act["formula"] == "quicksilver_smoke" and act["bonus_levels"] == 1 and act["final_result"] == "success"
    assert act["quality"] == 1 == act["min_quality"] and act["made"]
    assert c.arcana["items"] == [{"id": "quicksilver_smoke#1", "formula": "quicksilver_smoke", "pc": "pc1",
                                  "quality": 1, "uses": 2, "limited": True}]


def test_BITD_CRAFT_2_short_of_the_minimum_quality_nothing_is_made_unless_coin_makes_it_up():
    poor = make_campaign(pcs=[leech("artificer")], rng=ScriptedRng([u_for_faces(1, 2)]), coin=0)
    craft.craft(poor, poor.pcs[0])  # spark jack: 1-3 +1 level = 4/5, quality 0 < 1
    assert events(poor, "activity")[0]["made"] is False and poor.arcana["items"] == []
    paid = make_campaign(pcs=[leech("artificer")], rng=ScriptedRng([u_for_faces(1, 2)]), coin=3)
    craft.craft(paid, paid.pcs[0])
    act = events(paid, "activity")[0]
    assert act["coin_spent"] == 1 and act["quality"] == 1 and act["made"] and paid.crew.coin == 2


def test_BITD_CRAFT_3_a_modification_needs_tier_plus_one_two_or_three():
    table = craft.formula_table(load_content())
    assert craft.required_quality(table["silenced_pistol"], tier=2) == 3
    assert craft.required_quality({"modify": "significant"}, 2) == 4
    assert craft.required_quality({"modify": "arcane"}, 1) == 4


def test_BITD_CRAFT_4_complex_takes_stages_and_rare_costs_its_material():
    c = make_campaign(pcs=[leech("strange_methods")], rng=ScriptedRng([u_for_faces(6, 2), u_for_faces(6, 3)]),
                      coin=4)
    pc = c.pcs[0]
    craft.craft(c, pc)
    assert c.arcana["stages"] == {"pc1:ghost_lantern": [2]} and c.arcana["items"] == [] and c.crew.coin == 3
    craft.craft(c, pc)
    assert c.arcana["stages"] == {} and c.arcana["items"][0]["quality"] == 2 and c.crew.coin == 2
    assert [e["stage"] for e in events(c, "activity")] == [1, 2]


def test_BITD_CRAFT_4_consumable_conspicuous_unreliable_volatile_on_use():
    c = make_campaign(pcs=[leech()], rng=ScriptedRng([u_for_faces(2)]))  # the unreliable check: 1-3
    pc = c.pcs[0]
    for formula, quality, uses in (("fire_oil", 1, 1), ("spark_jack", 1, 0)):
        c.change_arcana("item", pc=pc.id, formula=formula, item=f"{formula}#1", quality=quality, uses=uses,
                        limited=uses > 0)
    tally = ScoreTally()
    assert craft.formula_table(c.content)["spark_jack"]["drawbacks"] == ["conspicuous", "unreliable"]
    assert arcane.use_item(c, tally, pc, "spark_jack#1", "tinker") == (0, 0)  # it failed this time
    assert tally.heat == {"conspicuous_item": 1}
    assert arcane.use_item(c, tally, pc, "spark_jack#1", "tinker") != (0, 0) and tally.heat == {"conspicuous_item": 1}
    assert arcane.use_item(c, tally, pc, "fire_oil#1", "wreck") == (0, 1)
    assert [i["id"] for i in c.arcana["items"]] == ["spark_jack#1"]  # the oil is used up
    assert events(c, "harm", note="volatile") or events(c, "resistance")  # its side effect, resisted


# --- in the loop -----------------------------------------------------------------------------------------

def test_craft_and_ritual_are_activities_only_when_they_can_be_taken():
    c = make_campaign(pcs=[whisper(), leech()], heat=0)
    w, l = c.pcs
    assert "ritual" in legal_activities(c, w) and "craft" in legal_activities(c, l)
    c.change_arcana("primed", pc="pc1", ritual="bargain_with_the_dead")  # held already
    c.change_arcana("learned", pc="pc1", what="ritual:veil_of_forgetting")
    assert "ritual" not in legal_activities(c, w)  # and the veil needs heat
    c.crew.heat = 3
    assert "ritual" in legal_activities(c, w)


@pytest.fixture(scope="module")
def arcane_campaigns():
    scenario = load_scenario(ROOT / "scenarios/arcane.yaml")
    out = []
    for seed in range(6):
        journal = Journal()
        campaign, _ = play_campaign(scenario, seed, journal=journal)
        out.append((campaign, journal.events))
    return out


def test_the_arcane_scenario_whisper_and_leech_use_rituals_and_crafts(arcane_campaigns):
    acts = [e for _, evs in arcane_campaigns for e in evs if e["event"] == "activity"]
    changes = {e["change"] for _, evs in arcane_campaigns for e in evs if e["event"] == "arcana"}
    assert {e["pc"] for e in acts if e["activity"] == "ritual"} == {"pc1"}  # the Whisper
    assert {e["pc"] for e in acts if e["activity"] == "craft"} >= {"pc2"}  # the Leech
    assert any(e["project"].startswith("source_") for e in acts if e["activity"] == "long_term_project")
    assert {"item", "item_used", "source", "primed", "released"} <= changes


def test_the_journal_alone_rebuilds_what_the_crew_knows_and_holds(arcane_campaigns):
    for campaign, evs in arcane_campaigns:
        assert differences(fold_sheet(evs), live_sheet(campaign)) == []


def test_a_members_ability_must_be_one_of_their_playbooks(tmp_path):
    from sim.errors import ContentError

    bad = tmp_path / "bad.yaml"
    bad.write_text((ROOT / "scenarios/arcane.yaml").read_text(encoding="utf-8").replace(
        "ability: ritual}", "ability: alchemist}"), encoding="utf-8")
    with pytest.raises(ContentError, match=r"crew.members\[0\].ability: 'alchemist' is not a special ability of the "
                                           r"whisper playbook"):
        load_scenario(bad)
    campaign, _ = play_campaign(load_scenario(ROOT / "scenarios/arcane.yaml"), 1, scores=1)
    assert campaign.pcs[0].abilities[:1] == ["ritual"] and campaign.pcs[1].abilities[:1] == ["alchemist"]
