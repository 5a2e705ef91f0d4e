"""Leader (BITD.COHORT.10): a cohort a scoundrel with Leader Commands in a fight gains +1 effect and an armor box
a score, and fights on through level 3 harm; option ``leader_combat`` (assault | any); the scripted Leader and the
crew's voice use it. Known answers on small campaigns with scripted dice and answers."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from blades_downtime_kit import events, make_campaign, make_pc
from blades_score_kit import QUIET_GM, QUIET_PLAYER, ScriptedRng, script, u_for_faces
from sim.agents.base import Decision
from sim.blades.advancement import advancement, cohort_actions, cohorts
from sim.blades.crew.state import Cohort
from sim.blades.score import score
from sim.blades.score.action import ScoreContext, choose_action
from sim.blades.score.effects import ScoreTally
from sim.blades.score.teamwork import choose_approach
from sim.rng import make_rng


def _gang(quality=1, harm=0, ctype="thugs", edges=(), cid="cohort1"):
    return Cohort(cid, "gang", ctype, quality, quality, harm, list(edges), [])


def _leader(pc_id="pc1", ability=True, command=1):
    return make_pc(pc_id, actions={"command": command, "skirmish": 2}, abilities=["leader"] if ability else [])


def _campaign(faces=(), pcs=None, options=None, gm=None, **crew):
    c = make_campaign(tier=1, pcs=pcs or [_leader()], rng=ScriptedRng([u_for_faces(*f) for f in faces]),
                      options=options, **crew)
    for pc in c.pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **{**QUIET_GM, **(gm or {})})
    return c


def _lead(c, gang, action="command", plan="assault", tally=None, effect="standard"):
    tally = tally if tally is not None else ScoreTally()
    out = cohort_actions.lead(c, tally, ScoreContext(plan, "bluecoats", 1, 1), c.pcs[0], gang, action, "risky", effect)
    return out, tally


def _run(c, tally, plan="assault"):
    return SimpleNamespace(ctx=SimpleNamespace(kind="burglary", plan=plan), cohort_calls={}, tally=tally)


# --- +1 effect ----------------------------------------------------------------------------------------------

def test_BITD_COHORT_10_commanding_the_cohort_in_a_fight_lands_one_effect_level_more():
    def landed(ability=True, action="command", edges=()):
        c = _campaign(faces=[(6,), (6,)], pcs=[_leader(ability=ability)])
        gang = _gang(edges=edges)
        c.add_cohort(gang)
        out, _ = _lead(c, gang, action)
        return out, events(c, "cohort_leader")
    out, (e,) = landed()
    assert (out.result, out.effect, out.ticks) == ("success", "great", 3)  # standard + 1: 3 ticks, not 2
    assert (e["pc"], e["action"], e["plan"], e["effect"], e["steps"], e["landed"], e["armor"], e["harm"]) == (
        "pc1", "command", "assault", "standard", {"leader": 1}, "great", 1, 0)
    out, none = landed(ability=False)
    assert (out.effect, out.ticks, none) == ("standard", 2, [])
    out, none = landed(action="skirmish")  # fighting beside it is not commanding it
    assert (out.effect, none) == ("standard", [])
    out, (e,) = landed(edges=["fearsome"])  # the cohort's own steps add: Fearsome +1, Leader +1
    assert (out.effect, e["steps"]) == ("extreme", {"fearsome": 1, "leader": 1})


def test_BITD_COHORT_10_a_weakened_cohort_commanded_by_its_leader_keeps_its_effect():
    c = _campaign(faces=[(6,), (6,)])
    gang = _gang(harm=1)
    c.add_cohort(gang)
    out, _ = _lead(c, gang)
    assert out.effect == "standard" and events(c, "cohort_leader")[0]["steps"] == {"weakened": -1, "leader": 1}


# --- option leader_combat: both readings -----------------------------------------------------------------------

@pytest.mark.parametrize("reading,plan,effect", [("assault", "assault", "great"), ("assault", "stealth", "standard"),
                                                 ("any", "stealth", "great"), ("any", "assault", "great")])
def test_BITD_COHORT_10_option_leader_combat_assault_or_any_plan(reading, plan, effect):
    c = _campaign(faces=[(6,), (6,)], options={"leader_combat": reading})
    gang = _gang()
    c.add_cohort(gang)
    out, _ = _lead(c, gang, plan=plan)
    assert out.effect == effect
    assert bool(cohorts.leads_in_fight(c, c.pcs[0], "command", plan)) is (effect == "great")


# --- 1 armor ---------------------------------------------------------------------------------------------------

def test_BITD_COHORT_10_the_armor_takes_a_level_off_the_first_harm_of_the_score_only():
    # leader 5, cohort 2: the cohort rolled worse, a partial; risky harm is standard, level 2
    c = _campaign(faces=[(5,), (2,), (5,), (2,)], gm={"cohort_consequence": "harm"})
    gang = _gang()
    c.add_cohort(gang)
    _, tally = _lead(c, gang)
    (armor,) = events(c, "cohort_armor")
    assert (armor["level"], armor["after"], armor["marked"], armor["boxes"]) == (2, 1, 1, 1)
    assert gang.harm == 1 and tally.cohort_armor == {"cohort1": 1}
    assert [(e["level"], e["after"]) for e in events(c, "cohort_harm")] == [(1, 1)]
    _lead(c, gang, tally=tally)  # the same score: the box is marked, the full level 2 lands
    assert len(events(c, "cohort_armor")) == 1 and gang.harm == 2
    assert events(c, "cohort_leader")[1]["armor"] == 0


def test_BITD_COHORT_10_armor_avoids_level_1_harm_and_a_cohort_without_leader_has_none():
    c = _campaign(faces=[(5,), (2,)], gm={"cohort_consequence": "harm", "severity": "minor"})
    gang = _gang()
    c.add_cohort(gang)
    _lead(c, gang)
    assert gang.harm == 0 and events(c, "cohort_armor")[0]["after"] == 0 and not events(c, "cohort_harm")
    plain = _campaign(faces=[(5,), (2,)], pcs=[_leader(ability=False)], gm={"cohort_consequence": "harm"})
    gang = _gang()
    plain.add_cohort(gang)
    _lead(plain, gang)
    assert gang.harm == 2 and not events(plain, "cohort_armor")


# --- it fights on through level 3 -------------------------------------------------------------------------------

def test_BITD_COHORT_10_level_3_harm_while_led_does_not_take_the_cohort_out():
    c = _campaign(faces=[(5,), (2,)], gm={"cohort_consequence": "harm"})
    gang = _gang(harm=2)  # impaired; a standard harm, less the armor, is level 1: the next level up, 3
    c.add_cohort(gang)
    _, tally = _lead(c, gang)
    assert gang.harm == cohorts.BROKEN and tally.fighting_on == {"cohort1"}
    assert [(e["cohort"], e["pc"], e["harm"]) for e in events(c, "cohort_fights_on")] == [("cohort1", "pc1", 3)]
    run = _run(c, tally)
    assert cohorts.usable(c, run, c.pcs[0], "command") is gang  # its Leader may still Command it in this fight
    assert cohorts.usable(c, run) is None and cohorts.usable(c, run, c.pcs[0], "skirmish") is None
    assert cohorts.usable(c, _run(c, tally, plan="stealth"), c.pcs[0], "command") is None
    assert cohorts.usable(c, run, make_pc("pc2", actions={"command": 2}), "command") is None  # no Leader
    assert cohorts.usable(c, _run(c, ScoreTally()), c.pcs[0], "command") is None  # it broke in another score


def test_BITD_COHORT_10_without_leader_a_broken_cohort_is_out_and_level_4_still_destroys_it():
    plain = _campaign(faces=[(5,), (2,)], pcs=[_leader(ability=False)], gm={"cohort_consequence": "harm"})
    gang = _gang(harm=2)
    plain.add_cohort(gang)
    _, tally = _lead(plain, gang)
    assert gang.harm == 3 and not tally.fighting_on and not events(plain, "cohort_fights_on")
    assert cohorts.usable(plain, _run(plain, tally), plain.pcs[0], "command") is None
    # fighting on, broken, armor spent: the next harm is level 4, and it is dead
    c = _campaign(faces=[(5,), (2,), (5,), (1,)], gm={"cohort_consequence": "harm"})
    gang = _gang(harm=2)
    c.add_cohort(gang)
    _, tally = _lead(c, gang)
    _lead(c, gang, tally=tally)
    assert gang.harm == cohorts.DEAD and len(events(c, "cohort_fights_on")) == 1
    assert events(c, "cohort_leader")[1]["harm"] == 3  # it fought on, broken
    assert cohorts.usable(c, _run(c, tally), c.pcs[0], "command") is None


# --- the scripted Leader and the crew's voice ---------------------------------------------------------------------

def test_BITD_COHORT_10_a_scripted_leader_commands_the_cohort_that_can_join_the_fight():
    def offer(pc=None, plan="assault", **crew):
        c = make_campaign(tier=0, pcs=[pc or _leader()], **crew)
        c.add_cohort(_gang(quality=0, ctype="skulks" if plan == "stealth" else "thugs"))
        run = _run(c, ScoreTally(), plan=plan)
        return score._leader_cohort(c, run, c.pcs[0], ("skirmish", "command", "prowl"))
    assert offer() is None  # a Tier 0 gang rolls 0d: nothing to lead
    assert offer(upgrades={"elite_thugs": 1}) == "cohort1"  # an Elite upgrade of its type: 1d
    assert offer(pc=_leader(ability=False), upgrades={"elite_thugs": 1}) is None
    assert offer(pc=_leader(command=0), upgrades={"elite_thugs": 1}) is None
    assert offer(plan="stealth", upgrades={"shadows_elite_skulks": 1}) is None  # not a fight (leader_combat)
    hurt = make_campaign(tier=1, pcs=[_leader()])
    hurt.add_cohort(_gang(harm=2))  # impaired it rolls 0d, but a Leader's cohort fights on hurt
    assert score._leader_cohort(hurt, _run(hurt, ScoreTally()), hurt.pcs[0], ("skirmish", "command")) == "cohort1"
    rng = make_rng(1)
    ratings = {"skirmish": 2, "command": 1}
    ask = Decision("action", "pc1", ("skirmish", "command"), {"ratings": ratings, "leader_cohort": "cohort1"})
    assert choose_action({}, ask, rng) == "command"
    assert choose_action({}, Decision("action", "pc1", ("skirmish", "command"), {"ratings": ratings,
                                                                                  "leader_cohort": None}), rng) == "skirmish"
    context = {"cohort_fits": True, "cohort_dice": 0, "cohort_position": "risky", "effect": "standard", "leader": True}
    never = {"cohort_chance": 0.0, "send_cohort_chance": 0.0, "group_chance": 0.0, "setup_chance": 0.0}
    assert choose_approach(never, Decision("approach", "pc1", ("solo", "cohort"), context), rng) == "cohort"
    assert choose_approach(never, Decision("approach", "pc1", ("solo", "cohort"), {**context, "leader": False}),
                           rng) == "solo"


def test_BITD_COHORT_10_a_crew_with_leader_buys_its_gang_then_the_gangs_elite_upgrade():
    c = make_campaign(tier=0, pcs=[make_pc("pc1", policy="careful"), _leader("pc2")])
    assert advancement.leader_wants(c) == ["cohort"]
    assert advancement.leader_wants(make_campaign(tier=0)) == []  # no Leader: the policy's own order
    c.ledger.upgrade_boxes = 2
    advancement.buy_upgrades(c)  # careful's own order starts with the vault; the Leader wants the cohort
    assert c.crew.upgrades.get("cohort") == 1 and c.crew.cohorts[0].types == ["skulks"]
    assert advancement.leader_wants(c) == ["shadows_elite_skulks"]
    seen = script(c, "pc1", crew_advance_choice=lambda d: advancement.choose_crew_advance(
        {"crew_advance_choice": "ability"}, d, make_rng(1)))
    advancement.crew_xp_advance(c)  # even a policy that takes crew abilities takes the boxes for it
    assert seen.seen[-1].context["leader_wants"] == ["shadows_elite_skulks"] and c.ledger.upgrade_boxes == 2
    advancement.buy_upgrades(c)
    assert c.crew.upgrades.get("shadows_elite_skulks") == 1 and advancement.leader_wants(c) == []


# --- narration -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_BITD_COHORT_10_leader_events_are_narrated_in_every_language(lang):
    from sim.blades.views.narrate import Narrator
    from sim.content.loader import load_content
    n = Narrator(load_content(), lang)
    n.names["pc1"] = "Ada"
    lines = [n.line(e) for e in (
        {"event": "cohort_leader", "cohort": "cohort1", "pc": "pc1", "action": "command", "plan": "assault",
         "effect": "standard", "steps": {"leader": 1}, "landed": "great", "armor": 1, "harm": 0},
        {"event": "cohort_armor", "cohort": "cohort1", "pc": "pc1", "level": 2, "after": 1, "marked": 1, "boxes": 1},
        {"event": "cohort_armor", "cohort": "cohort1", "pc": "pc1", "level": 1, "after": 0, "marked": 1, "boxes": 1},
        {"event": "cohort_fights_on", "cohort": "cohort1", "pc": "pc1", "harm": 3},
    )]
    assert all(line and "{" not in line and "cohort1" not in line for line in lines)
    assert len(set(lines)) == len(lines) and "Ada" in lines[0] and "Ada" in lines[3]
    if lang != "en":
        assert "great" not in lines[0] and "armor" not in lines[1]
