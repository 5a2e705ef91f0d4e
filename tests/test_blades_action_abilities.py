"""Special abilities and crew upgrades in the score (BITD.ABIL, BITD.EFFECT.2, BITD.ARMOR.1, BITD.TEAM.2)."""

from blades_score_kit import (
    QUIET_GM, QUIET_PLAYER, TARGETS, ScriptedRng, TinyContent, events, make_campaign, script, scoundrel, tally_ctx,
    u_for_faces,
)
from sim.blades.crew import abilities
from sim.blades.score.action import gm_effect, group_action, solo_action
from sim.blades.score.consequences import inflict
from sim.blades.score.engagement import choose_load, engagement_dice, gather_information
from sim.blades.score.resist import resist_complication, resist_harm

ABILITIES = [
    {"id": "daredevil", "mechanics": {"bonus_dice": [{"roll": "action", "when": "desperate", "dice": 1}]}},
    {"id": "ambush", "mechanics": {"bonus_dice": [{"roll": "action", "when": "from_hiding", "dice": 1,
                                                   "actions": ["prowl", "hunt"]}]}},
    {"id": "artificer", "mechanics": {"bonus_effect": [{"roll": "action", "when": "always", "levels": 1,
                                                        "actions": ["tinker"]}]}},
    {"id": "battleborn", "mechanics": {"special_armor": ["combat", "physical", "push"]}},
    {"id": "shadow", "mechanics": {"special_armor": ["detection"]}},
    {"id": "tough_as_nails", "mechanics": {"harm_penalty_shift": 1}},
    {"id": "expertise", "mechanics": {"group_lead_stress_cap": 1}},
    {"id": "foresight", "mechanics": {"free_assists": 1}},
    {"id": "bodyguard", "mechanics": {"bonus_dice": [{"roll": "resist", "when": "protecting", "dice": 1}]}},
    {"id": "spider", "mechanics": {"bonus_dice": [{"roll": "gather", "when": "always", "dice": 1},
                                                  {"roll": "engagement", "when": "always", "dice": 1}]}},
]
CREWS = [{"id": "shadows", "operations": ["burglary", "robbery"],
          "abilities": [{"id": "pathways", "mechanics": {"bonus_dice": [{"roll": "engagement", "when": "always",
                                                                          "dice": 1, "plans": ["stealth"]}]}}]}]
CONTENT = TinyContent(**{"blades/playbooks": {"playbooks": [{"id": "lurk", "abilities": ABILITIES}]},
                         "blades/crews": {"crews": CREWS}})


def setup(faces_list=(), pcs=None, **options):
    c = make_campaign(pcs, rng=ScriptedRng([u_for_faces(*f) for f in faces_list]), content=CONTENT, **options)
    for pc in c.pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **QUIET_GM)
    return c


def test_ability_dice_count_as_other_bonus_when_the_situation_holds():
    c = setup([(6, 1, 1), (6, 1)])
    c.pcs[0].abilities.append("daredevil")
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    rolls = events(c, "action_roll")
    assert [(r["bonus"]["other"], r["dice"]) for r in rolls] == [(1, 3), (0, 2)]


def test_ability_dice_limited_to_actions_and_plans():
    assert abilities.situations(plan="stealth", action="prowl") >= {"from_hiding", "always"}
    assert "from_hiding" not in abilities.situations(plan="assault", action="prowl")
    c = setup()
    c.pcs[0].abilities.append("ambush")
    when = abilities.situations(plan="stealth", action="prowl")
    assert abilities.bonus(c, c.pcs[0], "action", when, "prowl", "stealth") == (1, 0)
    assert abilities.bonus(c, c.pcs[0], "action", when, "finesse", "stealth") == (0, 0)


def test_ability_effect_comes_after_the_factors():
    c = setup([(6, 1)], [scoundrel("pc1", tinker=2)])
    c.pcs[0].abilities.append("artificer")
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "tinker", "risky", "limited")
    assert out.effect == "standard" and out.ticks == 2


def test_BITD_EFFECT_2_quality_upgrade_for_the_actions_item():
    c = setup()
    _, ctx = tally_ctx(target_tier=1)
    assert gm_effect(c, ctx, "tinker") == "limited"
    c.crew.upgrades["quality_tools"] = 1
    assert abilities.quality(c, "tinker") == 1 and gm_effect(c, ctx, "tinker") == "standard"
    assert gm_effect(c, ctx, "sway") == "limited"


def test_BITD_ARMOR_1_special_armor_pays_for_a_push():
    c = setup([(6, 1, 1)])
    pc = c.pcs[0]
    pc.abilities.append("battleborn")
    pc.armor["special"] = True
    script(c, "pc1", **{**QUIET_PLAYER, "push": lambda d: d.context["benefit"] == "dice"})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, pc, "prowl", "risky", "standard")
    assert pc.stress == 0 and not pc.armor["special"]
    assert events(c, "armor")[0]["box"] == "special" and events(c, "action_roll")[0]["bonus"]["push"] == 1


def test_BITD_ARMOR_1_special_armor_only_against_what_it_covers():
    c = setup()
    pc = c.pcs[0]
    pc.abilities.append("battleborn")
    pc.armor["special"] = True
    script(c, "pc1", **{**QUIET_PLAYER, "armor": True, "armor_first": True})
    assert resist_harm(c, pc, 2, "occult", "harm") == 2  # resolve harm: not combat or physical
    assert resist_harm(c, pc, 2, "assault", "harm") == 1 and not pc.armor["special"]
    c = setup()
    pc = c.pcs[0]
    pc.abilities.append("shadow")
    pc.armor["special"] = True
    script(c, "pc1", **{**QUIET_PLAYER, "armor": True})
    script(c, "gm", **{**QUIET_GM, "resist_mode": "avoid"})
    assert resist_complication(c, pc, {"heat": 1}, "standard", "stealth", "complication") is None
    assert events(c, "armor")[0]["box"] == "special" and not events(c, "resistance")


def test_BITD_ARMOR_2_load_restores_special_armor_for_those_who_have_it():
    c = setup()
    pc = c.pcs[0]
    script(c, "pc1", load="light")
    choose_load(c, pc, "stealth")
    assert pc.armor["special"] is False
    pc.abilities.append("battleborn")
    choose_load(c, pc, "stealth")
    assert pc.armor["special"] is True and events(c, "load")[-1]["special"] is True


def test_harm_penalty_shift_makes_each_row_lighter():
    c = setup([(6, 1)])
    pc = c.pcs[0]
    pc.abilities.append("tough_as_nails")
    pc.harm[2].append("cut")
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, pc, "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["penalty"] == 0 and roll["dice"] == 2 and out.effect == "limited"  # level 2 counts as level 1


def test_BITD_TEAM_2_expertise_caps_the_leaders_stress():
    c = setup([(1,), (2,), (3,)], [scoundrel(f"pc{i}", prowl=1) for i in (1, 2, 3)])
    c.pcs[0].abilities.append("expertise")
    tally, ctx = tally_ctx()
    group_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    res = events(c, "group_result")[0]
    assert (res["failures"], res["leader_stress"], c.pcs[0].stress) == (3, 1, 1)


def test_free_assists_cost_no_stress_until_spent():
    c = setup([(6, 1, 1), (6, 1, 1)], [scoundrel("pc1"), scoundrel("pc2")])
    c.pcs[1].abilities.append("foresight")
    script(c, "pc2", **{**QUIET_PLAYER, "assist": True})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert len(events(c, "assist")) == 2 and c.pcs[1].stress == 1


def test_bodyguard_adds_a_die_to_resist_when_protecting():
    c = setup([(6, 1)], [scoundrel("pc1"), scoundrel("pc2", skirmish=1)])
    c.pcs[0].harm[2].append("cut")
    c.pcs[1].abilities.append("bodyguard")
    script(c, "pc2", **{**QUIET_PLAYER, "protect": True, "resist": True})
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    tally, ctx = tally_ctx()
    inflict(c, tally, c.pcs[0], "risky", "partial", plan="assault", target_faction="bluecoats")
    r = events(c, "resistance")[0]
    assert (r["pc"], r["rating"], r["bonus"], r["dice"]) == ("pc2", 1, 1, 2)


def test_engagement_and_gather_take_ability_and_hunting_ground_dice():
    c = setup([(6,) * 3])
    c.crew.abilities.append("pathways")
    c.pcs[0].abilities.append("spider")
    vault = {**TARGETS[0], "tier": 0}
    assert engagement_dice(c, vault, "stealth", False) == (3, {"abilities": 2})
    assert engagement_dice(c, vault, "deception", False) == (2, {"abilities": 1})
    gather_information(c, vault, "stealth")  # prowl 2 + spider 1 + hunting grounds (burglary) 1
    assert events(c, "fortune")[0]["dice"] == 4
