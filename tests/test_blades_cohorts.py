"""Cohorts in play (BITD.COHORT.2-9) and teamwork's presence rule (BITD.TEAM.5): known answers on small campaigns
with scripted dice and answers, and the sheet rebuilt from the journal."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from blades_downtime_kit import events, make_campaign, make_pc
from blades_score_kit import QUIET_GM, QUIET_PLAYER, ScriptedRng, script, u_for_faces
from sim.blades.advancement import advancement, cohort_actions, cohorts
from sim.blades.downtime import downtime
from sim.blades.score.action import ScoreContext
from sim.blades.downtime.activities import downtime_activities
from sim.blades.score.effects import ScoreTally
from sim.blades.crew.state import Cohort
from sim.blades.score.teamwork import pick_assistant, present
from sim.errors import IllegalMove


def _gang(kind="gang", ctype="thugs", quality=1, scale=1, harm=0, edges=(), flaws=(), cid="cohort1"):
    return Cohort(cid, kind, ctype, quality, scale, harm, list(edges), list(flaws))


def _quiet(c, **gm):
    for pc in c.pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **{**QUIET_GM, **gm})
    return c


def _run(kind="burglary"):
    return SimpleNamespace(ctx=SimpleNamespace(kind=kind), cohort_calls={})


# --- BITD.COHORT.8: harm levels -------------------------------------------------------------------

@pytest.mark.parametrize("before,level,after", [(0, 1, 1), (0, 3, 3), (1, 1, 2), (2, 1, 3), (2, 3, 3), (3, 2, 4),
                                                (3, 3, 4), (4, 1, 4)])
def test_BITD_COHORT_8_harm_marks_its_level_or_the_next_one_up(before, level, after):
    assert cohorts.harm_after(before, level) == after


def test_BITD_COHORT_8_weakened_reduces_effect_impaired_loses_a_die_broken_cannot_act():
    c = make_campaign(tier=1)
    gang = _gang()
    c.add_cohort(gang)
    assert cohorts.cohort_dice(c, gang, "assault") == {"quality": 1, "elite": 0, "impaired": 0}
    c.harm_cohort(gang, 1, "test")
    assert cohorts.effect_steps(gang, "assault") == {"weakened": -1}
    c.harm_cohort(gang, 1, "test")  # weakened again: the next level, impaired
    assert gang.harm == 2 and cohorts.cohort_dice(c, gang, "assault")["impaired"] == -1
    assert cohorts.usable(c, _run()) is gang
    c.harm_cohort(gang, 3, "test")
    assert cohorts.usable(c, _run()) is None  # broken: it can't act until it recovers
    harms = events(c, "cohort_harm")
    assert [(e["before"], e["level"], e["after"]) for e in harms] == [(0, 1, 1), (1, 1, 2), (2, 3, 3)]


# --- BITD.COHORT.4 and .6: elite dice, types ------------------------------------------------------------

def test_BITD_COHORT_4_an_elite_upgrade_adds_a_die_for_its_type_only():
    c = make_campaign(tier=1, upgrades={"bravos_elite_thugs": 1})
    assert cohorts.cohort_dice(c, _gang(), "assault") == {"quality": 1, "elite": 1, "impaired": 0}
    assert cohorts.cohort_dice(c, _gang(ctype="skulks"), "stealth")["elite"] == 0


def test_BITD_COHORT_6_outside_its_types_a_cohort_rolls_quality_0_and_a_second_type_widens_them():
    c = make_campaign(tier=2)
    gang = _gang(quality=2, scale=2)
    c.add_cohort(gang)
    assert cohorts.cohort_dice(c, gang, "stealth")["quality"] == 0
    script(c, "pc1", cohort_type="skulks")
    c.ledger.upgrade_boxes = 2
    advancement.apply_upgrade(c, "cohort_type")
    assert gang.types == ["thugs", "skulks"] and cohorts.cohort_dice(c, gang, "stealth")["quality"] == 2
    assert events(c, "cohort")[-1]["change"] == "type" and c.ledger.upgrade_boxes == 0
    with pytest.raises(IllegalMove):  # two types at most
        c.add_cohort_type(gang, "rooks")
    expert = _gang(kind="expert", ctype="spy", quality=3, scale=0, cid="cohort2")
    assert cohorts.cohort_dice(c, expert, "deception")["quality"] == 3
    assert cohorts.cohort_dice(c, expert, "assault")["quality"] == 0


def test_BITD_COHORT_6_the_extra_type_upgrade_is_on_offer_only_for_a_gang_with_one_type():
    c = make_campaign(tier=1)
    c.ledger.upgrade_boxes = 2
    seen = script(c, "pc1", upgrade="save")
    advancement.buy_upgrades(c)
    assert "cohort_type" not in seen.seen[-1].options
    c.add_cohort(_gang())
    advancement.buy_upgrades(c)
    assert "cohort_type" in seen.seen[-1].options


# --- BITD.COHORT.5: choosing edges and flaws, and what they do ----------------------------------------------

def test_BITD_COHORT_5_the_upgrade_asks_kind_type_and_as_many_flaws_as_edges():
    c = make_campaign(tier=1)
    seen = script(c, "pc1", cohort_kind="expert", cohort_expert="spy", cohort_traits=2,
                  cohort_edge=lambda d: d.options[-1], cohort_flaw=lambda d: d.options[0])
    c.ledger.upgrade_boxes = 2
    advancement.apply_upgrade(c, "cohort")
    (cohort,) = c.crew.cohorts
    assert (cohort.kind, cohort.type, cohort.quality, cohort.scale) == ("expert", "spy", 2, 0)  # BITD.COHORT.3
    assert cohort.edges == ["tenacious", "loyal"] and cohort.flaws == ["principled", "savage"]
    asked = [d.kind for d in seen.seen]
    assert asked == ["cohort_kind", "cohort_expert", "cohort_traits", "cohort_edge", "cohort_edge", "cohort_flaw",
                     "cohort_flaw"]
    assert "tenacious" not in seen.seen[4].options  # an edge once
    gained = events(c, "cohort")[0]
    assert (gained["change"], gained["edges"], gained["flaws"]) == ("gained", cohort.edges, cohort.flaws)


def test_BITD_COHORT_5_scripted_policies_answer_with_their_traits():
    c = make_campaign(tier=0, pcs=[make_pc("pc1", policy="reckless")])
    c.ledger.upgrade_boxes = 2
    advancement.apply_upgrade(c, "cohort")
    (cohort,) = c.crew.cohorts
    assert (cohort.kind, cohort.type, cohort.edges, cohort.flaws) == ("gang", "thugs", ["fearsome", "tenacious"],
                                                                      ["savage", "wild"])


def test_BITD_COHORT_5_edges_fearsome_tenacious_independent_known_answers():
    assert cohorts.effect_steps(_gang(edges=["fearsome"]), "assault") == {"fearsome": 1}
    assert cohorts.effect_steps(_gang(edges=["fearsome"]), "stealth") == {}
    assert cohorts.effect_steps(_gang(edges=["tenacious"], harm=1), "stealth") == {}
    assert cohorts.alone_position(1, 1, False) == "risky" and cohorts.alone_position(1, 1, True) == "controlled"
    assert cohorts.alone_position(0, 2, False) == "desperate" and cohorts.alone_position(3, 2, False) == "controlled"


def test_BITD_COHORT_5_flaws_principled_refuses_a_killing_unreliable_comes_on_a_4_or_better():
    c = make_campaign(tier=1)
    c.add_cohort(_gang(flaws=["principled"]))
    assert cohorts.usable(c, _run("murder")) is None and cohorts.usable(c, _run("burglary")) is not None
    for face, comes in ((3, False), (4, True)):
        c = make_campaign(tier=1, rng=ScriptedRng([u_for_faces(face)]))
        c.add_cohort(_gang(flaws=["unreliable"]))
        run = _run()
        assert (cohorts.usable(c, run) is not None) is comes
        assert (cohorts.usable(c, run) is not None) is comes  # asked once a score
        assert len(events(c, "fortune")) == 1


def test_BITD_COHORT_5_flaws_savage_heat_on_an_assault_wild_noise_on_a_stealth_plan():
    tally = ScoreTally()
    cohort_actions._flaw_costs(_gang(flaws=["savage", "wild"]), tally, "assault")
    assert tally.heat == {"cohort_savage": 1}
    quiet = ScoreTally()
    cohort_actions._flaw_costs(_gang(flaws=["savage", "wild"]), quiet, "stealth")
    assert quiet.heat == {} and quiet.noise == 1


# --- BITD.COHORT.7: leading it, sending it ---------------------------------------------------------------

def test_BITD_COHORT_7_led_cohort_and_leader_both_roll_the_best_counts_the_leader_pays_for_failures():
    pcs = [make_pc("pc1", actions={"skirmish": 1})]
    c = _quiet(make_campaign(tier=1, pcs=pcs, rng=ScriptedRng([u_for_faces(2), u_for_faces(6)])))
    gang = _gang()
    c.add_cohort(gang)
    out = cohort_actions.lead(c, ScoreTally(), ScoreContext("assault", "bluecoats", 1, 1), c.pcs[0], gang, "skirmish",
                       "risky", "standard")
    roll = events(c, "cohort_roll")[0]
    assert (roll["dice"], roll["parts"], roll["faces"], roll["result"]) == (1, {"quality": 1, "elite": 0,
                                                                               "impaired": 0}, [6], "success")
    group = events(c, "group_result")[0]
    assert (group["results"], group["result"], group["leader_stress"]) == (["failure", "success"], "success", 1)
    assert c.pcs[0].stress == 1 and (out.result, out.effect, out.ticks) == ("success", "standard", 2)


def test_BITD_COHORT_7_the_consequence_falls_on_whoever_rolled_worse_and_always_on_a_loyal_cohort():
    def led(faces, edges=()):
        pcs = [make_pc("pc1", actions={"skirmish": 1})]
        c = _quiet(make_campaign(tier=1, pcs=pcs, rng=ScriptedRng([u_for_faces(f) for f in faces])),
                   cohort_consequence="harm", consequence="harm")
        gang = _gang(edges=edges)
        c.add_cohort(gang)
        cohort_actions.lead(c, ScoreTally(), ScoreContext("assault", "bluecoats", 1, 1), c.pcs[0], gang, "skirmish",
                     "risky", "standard")
        return c, gang
    c, gang = led((5, 2))  # the cohort rolled worse: a partial, its harm (risky: standard, level 2)
    assert gang.harm == 2 and not c.pcs[0].worst_harm
    c, gang = led((2, 5))  # the leader rolled worse: the leader's harm
    assert gang.harm == 0 and c.pcs[0].worst_harm == 2
    c, gang = led((2, 5), edges=["loyal"])  # Loyal: the cohort takes it in the leader's place
    assert gang.harm == 2 and not c.pcs[0].worst_harm


def test_BITD_COHORT_7_sent_alone_its_quality_against_the_tier_sets_position_and_no_one_assists():
    pcs = [make_pc("pc1"), make_pc("pc2")]
    c = _quiet(make_campaign(tier=2, pcs=pcs, rng=ScriptedRng([u_for_faces(4, 6)])))
    gang = _gang(quality=2, scale=2, edges=["independent"])
    c.add_cohort(gang)
    out = cohort_actions.send(c, ScoreTally(), ScoreContext("assault", "bluecoats", 2, 2), c.pcs[0], gang, "skirmish")
    action = events(c, "cohort_action")[0]
    assert (action["mode"], action["position"]) == ("send", "controlled")  # equal: risky; Independent: controlled
    assert events(c, "cohort_roll")[0]["faces"] == [4, 6] and out.result == "success"
    assert not events(c, "action_roll") and not [d for d in c.journal.events if d.get("kind") == "assist"]


def test_BITD_COHORT_2_quality_and_scale_follow_the_crews_tier():
    c = make_campaign(tier=0, coin=20, rep=12)
    c.add_cohort(_gang(quality=0, scale=0))
    c.add_cohort(_gang(kind="expert", ctype="doctor", quality=1, scale=0, cid="cohort2"))
    c.crew.hold = "strong"
    script(c, "pc1", tier_up=True)
    assert advancement.crew_advance(c)
    gang, expert = c.crew.cohorts
    assert c.crew.tier == 1 and (gang.quality, gang.scale) == (1, 1) and (expert.quality, expert.scale) == (2, 0)
    downtime.lose_hold(c, "test")  # weak hold lost: a Tier down, and the cohorts with it
    assert c.crew.tier == 0 and (gang.quality, gang.scale) == (0, 0) and expert.quality == 1
    assert [e["reason"] for e in events(c, "cohort_quality")] == ["crew advance"] * 2 + ["test"] * 2


# --- BITD.COHORT.9: replacing a dead cohort ---------------------------------------------------------------

def test_BITD_COHORT_9_a_dead_cohort_is_replaced_for_tier_plus_2_coin_and_two_activities():
    c = make_campaign(tier=1, coin=5, pcs=[make_pc("pc1"), make_pc("pc2")])
    c.add_cohort(_gang(harm=4, edges=["loyal"], flaws=["wild"]))
    script(c, "pc1", replace_cohort=True, cohort_kind="gang", cohort_type="skulks", cohort_traits=1,
           cohort_edge="independent", cohort_flaw="unreliable")
    downtime_activities(c)
    (cohort,) = c.crew.cohorts
    assert (cohort.id, cohort.type, cohort.harm, cohort.edges, cohort.flaws) == ("cohort1", "skulks", 0,
                                                                                 ["independent"], ["unreliable"])
    assert c.crew.coin <= 2 and events(c, "coin")[0]["delta"] == -3
    taken = [e for e in events(c, "activity") if e["activity"] == "replace_cohort"]
    assert [e["pc"] for e in taken] == ["pc1", "pc1"]
    replaced = [e for e in events(c, "cohort") if e.get("change") == "replaced"]
    assert replaced and replaced[0]["coin"] == 3


def test_BITD_COHORT_9_no_replacement_without_the_coin():
    c = make_campaign(tier=1, coin=2)
    c.add_cohort(_gang(harm=4))
    seen = script(c, "pc1")
    downtime_activities(c)
    assert c.crew.cohorts[0].harm == 4 and "replace_cohort" not in [d.kind for d in seen.seen]


# --- BITD.TEAM.5 ------------------------------------------------------------------------------------------

def test_BITD_TEAM_5_a_scoundrel_who_is_not_there_is_never_asked_to_assist():
    pcs = [make_pc("pc1"), make_pc("pc2"), make_pc("pc3")]
    c = make_campaign(pcs=pcs)
    c.sit_out(c.pcs[1])
    asked = {pc.id: script(c, pc.id, assist=False) for pc in c.pcs}
    assert pick_assistant(c, c.pcs[0], "desperate", "prowl") is None
    assert [d.kind for d in asked["pc2"].seen] == [] and [d.kind for d in asked["pc3"].seen] == ["assist"]
    assert not present(c.pcs[1]) and present(c.pcs[2])


# --- narration (three languages) -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_cohort_events_are_narrated_in_every_language(lang):
    from sim.blades.views.narrate import Narrator
    from sim.content.loader import load_content
    n = Narrator(load_content(), lang)
    n.names["pc1"] = "Ada"
    lines = [n.line(e) for e in (
        {"event": "cohort", "cohort": "cohort1", "kind": "gang", "type": "thugs", "quality": 1, "scale": 1, "harm": 0,
         "change": "gained", "types": ["thugs"], "edges": ["loyal"], "flaws": ["wild"]},
        {"event": "cohort", "cohort": "cohort1", "kind": "expert", "type": "spy", "quality": 2, "scale": 0, "harm": 0,
         "change": "replaced", "types": ["spy"], "edges": ["fearsome"], "flaws": ["savage"], "coin": 3},
        {"event": "cohort", "cohort": "cohort1", "kind": "gang", "type": "thugs", "quality": 1, "scale": 1, "harm": 0,
         "change": "type", "types": ["thugs", "rooks"], "edges": [], "flaws": []},
        {"event": "cohort_action", "cohort": "cohort1", "mode": "lead", "pc": "pc1", "action": "skirmish",
         "position": "risky", "effect": "standard"},
        {"event": "cohort_action", "cohort": "cohort1", "mode": "send", "pc": "pc1", "action": "skirmish",
         "position": "risky", "effect": "standard"},
        {"event": "cohort_roll", "dice": 2, "faces": [3, 6], "result": "success"},
        {"event": "cohort_harm", "cohort": "cohort1", "before": 0, "after": 2},
        {"event": "cohort_harm", "cohort": "cohort1", "before": 2, "after": 1},
        {"event": "cohort_harm", "cohort": "cohort1", "before": 1, "after": 0},
    )]
    assert all(line and "{" not in line and "cohort1" not in line for line in lines)
    assert len(set(lines)) == len(lines) and "Ada" in lines[3]
    if lang != "en":
        assert "thugs" not in lines[0] and "loyal" not in lines[0]
