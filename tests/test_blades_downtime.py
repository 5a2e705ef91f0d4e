"""Downtime rules on hand-built states: payoff, heat, entanglements, incarceration (BITD.DOWNTIME.*)."""

import pytest

from blades_downtime_kit import (
    ScriptedRng, TableContent, events, make_campaign, make_pc, plan, result, u_for_faces,
)
from sim.blades.downtime import downtime
from sim.blades.downtime.downtime import (
    hand_over, heat_modifiers, incarceration_roll, pay_off, payoff_rep, score_fallout, serve_sentences, take_heat,
    update_war,
)
from sim.blades.downtime.entanglements import entanglement_column, entanglement_table, resolve_entanglement, roll_entanglement


# --------------------------------------------------------------- BITD.DOWNTIME.1 / PAYOFF


def test_BITD_DOWNTIME_PAYOFF_1_rep_by_tier_difference():
    assert payoff_rep(True, False, 3, 1) == 4  # RULES example: Tier I vs Tier III
    assert payoff_rep(True, False, 1, 3) == 0  # Tier III vs Tier I
    assert payoff_rep(True, True, 3, 0) == 0  # quiet
    assert payoff_rep(False, False, 3, 0) == 0


def test_BITD_DOWNTIME_PAYOFF_1_payoff_event_and_rep():
    c = make_campaign(tier=1)
    pay_off(c, plan(target_tier=2), result(coin=6))
    (e,) = events(c, "payoff")
    assert (e["success"], e["quiet"], e["crew_tier"], e["target_tier"], e["rep"], e["coin"]) == (True, False, 1, 2, 3, 6)
    assert c.crew.rep == 3 and c.crew.coin == 2 + 6


def test_BITD_DOWNTIME_PAYOFF_2_claims_add_coin_and_rep():
    # BITD.CREW.CLAIM.3: Loyal fence +2 coin on burglary; Victim trophies +1 rep per score
    c = make_campaign(claims=["loyal_fence", "victim_trophies"])
    pay_off(c, plan(kind="burglary"), result(coin=4))
    (e,) = events(c, "payoff")
    assert e["coin"] == 6 and e["rep_bonus"] == 1 and e["rep"] == 3
    assert c.crew.coin == 8 and c.crew.rep == 4


def test_BITD_CREW_CLAIM_3_payoff_claims_pay_by_operation_or_client_only():
    # Street fence pays on lower-class targets (wraith_fence's client), not on every burglary
    c = make_campaign(claims=["street_fence"])
    pay_off(c, plan(kind="burglary"), result(coin=4))
    assert events(c, "payoff")[0]["coin"] == 4
    c = make_campaign(claims=["street_fence"])
    pay_off(c, plan(kind="robbery", target_id="wraith_fence"), result(coin=4))
    assert events(c, "payoff")[0]["coin"] == 6


def test_BITD_DOWNTIME_PAYOFF_3_tithe_paid_or_patience_clock():
    c = make_campaign(tier=1)
    c.boss = "bluecoats"
    pay_off(c, plan(), result(coin=6))
    assert c.crew.coin == 2 + 6 - 2  # Tier 1 + 1
    r = make_campaign(pcs=[make_pc(policy="reckless")])  # reckless does not pay
    r.boss = "bluecoats"
    for _ in range(4):
        pay_off(r, plan(), result(coin=2))
    assert r.factions["bluecoats"].status == -1
    # the full clock empties again, journaled as a clock event like every other change
    assert [(e["after"], e["reason"]) for e in events(r, "clock")] == [
        (1, "unpaid tithe"), (2, "unpaid tithe"), (3, "unpaid tithe"), (4, "unpaid tithe"), (0, "patience ran out")]
    assert r.clocks["patience"].filled == 0


def test_BITD_DOWNTIME_PAYOFF_4_failed_scores_pay_nothing_success_pays_in_full():
    c = make_campaign()
    pay_off(c, plan(), result(success=False, coin=0))
    pay_off(c, plan(), result(abandoned=True, coin=8))
    assert [e["coin"] for e in events(c, "payoff")] == [0, 0] and c.crew.coin == 2
    pay_off(c, plan(), result(coin=10))
    assert c.crew.coin == 12


# ------------------------------------------------------------------------ HEAT


def test_BITD_DOWNTIME_HEAT_1_base_heat_by_exposure():
    for exposure, base in (("quiet", 0), ("standard", 2), ("high", 4), ("devastating", 6)):
        c = make_campaign()
        take_heat(c, plan(), result(exposure=exposure))
        (e,) = events(c, "heat")
        assert e["base"] == base and e["heat_after"] == base


def test_BITD_DOWNTIME_HEAT_2_modifiers_are_cumulative():
    c = make_campaign(claims=["cover_operation"])
    c.factions["lampblacks"].status = -3
    mods = heat_modifiers(c, plan(high_profile=True, hostile_turf=True), result(killing=True, heat_modifiers={"bargain": 1}))
    assert mods == {"high_profile": 1, "hostile_turf": 1, "at_war": 1, "killing": 2, "cover_operation": -2, "bargain": 1}
    take_heat(c, plan(high_profile=True, hostile_turf=True), result(killing=True, heat_modifiers={"bargain": 1}))
    assert events(c, "heat")[0]["added"] == 2 + 4


def test_BITD_DOWNTIME_HEAT_3_roll_over_into_wanted():
    c = make_campaign(heat=7)
    take_heat(c, plan(), result(exposure="high"))  # 7 + 4 -> wanted 1, heat 2
    (e,) = events(c, "heat")
    assert (e["heat_before"], e["wanted_before"], e["heat_after"], e["wanted_after"]) == (7, 0, 2, 1)


def test_BITD_DOWNTIME_HEAT_4_heat_caps_at_wanted_four():
    c = make_campaign(heat=8, wanted=4)
    take_heat(c, plan(), result(exposure="devastating"))
    assert (c.crew.heat, c.crew.wanted) == (8, 4)


def test_BITD_DOWNTIME_HEAT_5_wanted_level_sets_entanglement_dice():
    c = make_campaign(wanted=3, heat=2)
    roll_entanglement(c)
    e = events(c, "entanglement")[0]
    assert e["dice"] == 3 and len(e["faces"]) == 3


# ---------------------------------------------------------------- ENTANGLEMENTS


def test_BITD_DOWNTIME_ENTANGLE_1_zero_wanted_rolls_two_keeps_lowest_on_heat_column():
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 2), 0.0]), heat=5)
    roll_entanglement(c)
    e = events(c, "entanglement")[0]
    assert e["dice"] == 0 and e["faces"] == [6, 2] and e["die"] == 2
    assert e["column"] == "heat_4_5"
    # the GM picks one of the two entanglements of that cell, from its own stream, as a journaled decision
    pick = next(d for d in events(c, "decision") if d["kind"] == "entanglement_pick")
    assert pick["seat"] == "gm" and sorted(pick["options"]) == ["gang_trouble", "questioning"]
    assert e["entanglement"] == pick["choice"]
    cols = entanglement_table(TableContent()).columns
    assert [entanglement_column(h, cols) for h in (0, 3, 4, 5, 6, 8)] == [
        "heat_0_3", "heat_0_3", "heat_4_5", "heat_4_5", "heat_6_plus", "heat_6_plus"]


def test_BITD_DOWNTIME_ENTANGLE_2_table_cells_and_critical_reads_six():
    table = entanglement_table(TableContent())
    assert table.cell("heat_0_3", 2) == ("gang_trouble", "usual_suspects")
    assert table.cell("heat_4_5", 5) == ("reprisals", "unquiet_dead")
    assert table.cell("heat_6_plus", 6) == ("arrest",)
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)]), wanted=2, heat=7, coin=9)
    roll_entanglement(c)
    e = events(c, "entanglement")[0]
    assert e["faces"] == [6, 6] and e["entanglement"] == "arrest"


def test_BITD_DOWNTIME_ENTANGLE_3_every_entanglement_is_resolved_when_it_arrives():
    c = make_campaign(rng=ScriptedRng([u_for_faces(4, 5), 0.99]), heat=1, coin=5)
    roll_entanglement(c)
    names = [e["event"] for e in events(c)]
    assert names.index("entanglement") < names.index("entanglement_resolved")
    assert events(c, "entanglement_resolved")[0]["entanglement"] == "unquiet_dead"


def _resolve(c, kind):
    return resolve_entanglement(c, entanglement_table(c.content).entries[kind])


def test_BITD_DOWNTIME_ENTANGLE_4_arrest_costs_wanted_plus_three():
    c = make_campaign(wanted=2, heat=6, coin=5)
    assert _resolve(c, "arrest") == "pay_off"
    assert c.crew.coin == 0 and events(c, "entanglement_resolved")[0]["cost"] == {"coin": 5}
    poor = make_campaign(wanted=2, heat=6, coin=1)  # can't pay: hand over or evade
    assert _resolve(poor, "arrest") in ("hand_over", "evade")
    assert events(poor, "entanglement_resolved")[0]["options"] == ["hand_over", "evade"]


def test_BITD_DOWNTIME_ENTANGLE_4_cooperation_needs_an_ally():
    c = make_campaign()
    assert _resolve(c, "cooperation") == "none"
    c.factions["lampblacks"].status = 3
    c.crew.rep = 5
    choice = _resolve(c, "cooperation")
    cost = events(c, "entanglement_resolved")[-1]["cost"]
    assert events(c, "entanglement_resolved")[-1]["faction"] == "lampblacks"
    if choice == "forfeit_rep":
        assert cost == {"rep": 2} and c.crew.rep == 3


def test_BITD_DOWNTIME_ENTANGLE_4_show_of_force_without_claims_loses_hold():
    c = make_campaign(pcs=[make_pc(policy="careful")])
    c.factions["red_sashes"].status = -2
    assert _resolve(c, "show_of_force") == "give_claim"
    assert c.crew.hold == "weak"
    w = make_campaign(pcs=[make_pc(policy="careful")], claims=["lookouts"])
    w.factions["red_sashes"].status = -1
    _resolve(w, "show_of_force")
    assert w.crew.claims == [] and w.crew.hold == "strong"


def test_BITD_DOWNTIME_ENTANGLE_4_show_of_force_war_sets_minus_three_and_war_effects():
    c = make_campaign(pcs=[make_pc(policy="reckless")], claims=["lookouts"])
    c.factions["red_sashes"].status = -2
    assert _resolve(c, "show_of_force") == "go_to_war"
    assert c.factions["red_sashes"].status == -3 and c.at_war
    assert c.crew.hold == "weak" and c.ledger.war_penalty == "hold"  # BITD.FACTION.7


def test_BITD_DOWNTIME_ENTANGLE_4_interrogation_harm_and_heat_or_coin():
    c = make_campaign(pcs=[make_pc(policy="reckless")], coin=5)
    c.rng = ScriptedRng([0.0], fallback=0.0)
    _resolve(c, "interrogation")
    # reckless weighs coin 2 x 3 = 6 against harm 1.5 x 2 + heat 0.5 x 3 = 4.5: talks
    assert events(c, "entanglement_resolved")[0]["option"] == "take_it_and_talk"
    assert c.crew.heat == 3 and c.crew.coin == 5
    careful = make_campaign(coin=5)
    _resolve(careful, "interrogation")
    assert careful.crew.coin == 2


def test_BITD_DOWNTIME_ENTANGLE_4_questioning_fortune_roll_heat():
    c = make_campaign(pcs=[make_pc(policy="careful")], rng=ScriptedRng([u_for_faces(2, 3)]), coin=0)
    assert _resolve(c, "questioning") == "see_if_they_talk"
    assert c.crew.heat == 2  # 1-3 -> +2 heat


def test_BITD_DOWNTIME_ENTANGLE_4_rivals_and_reprisals_scale_with_faction_tier():
    c = make_campaign(coin=5, rep=5)
    _resolve(c, "rivals")  # a neutral faction: the highest tier is the Bluecoats (3)
    e = events(c, "entanglement_resolved")[0]
    assert e["faction"] == "bluecoats" and set(e["options"]) == {"forfeit_rep", "forfeit_coin", "stand_up"}
    r = make_campaign(coin=5, rep=5)
    assert _resolve(r, "reprisals") == "none"  # nobody hostile
    r.factions["red_sashes"].status = -2
    _resolve(r, "reprisals")
    e = events(r, "entanglement_resolved")[-1]
    assert e["faction"] == "red_sashes" and e["option"] == "pay_them"  # careful: 2 coin + 2.4 rep < a fight
    assert e["cost"] == {"coin": 2, "rep": 2} and (r.crew.coin, r.crew.rep) == (3, 3)


def test_BITD_DOWNTIME_ENTANGLE_4_gang_trouble_loses_face_by_crew_tier():
    c = make_campaign(tier=2, rep=5)
    assert _resolve(c, "gang_trouble") == "lose_face"
    assert c.crew.rep == 2


# -------------------------------------------------------------------- PRISON


def test_BITD_DOWNTIME_PRISON_1_conviction_lowers_wanted_and_clears_heat():
    c = make_campaign(rng=ScriptedRng([u_for_faces(4, 4)]), pcs=[make_pc(), make_pc("pc2")], wanted=2, heat=6, tier=1)
    pc = hand_over(c)
    assert c.crew.wanted == 1 and c.crew.heat == 0 and pc.status == "jailed"


def test_BITD_DOWNTIME_PRISON_2_sentence_by_wanted_and_release():
    c = make_campaign(rng=ScriptedRng([u_for_faces(4)]), wanted=2, heat=3, tier=1)
    pc = hand_over(c)
    assert events(c, "incarceration")[0]["sentence"] == 4
    for _ in range(4):  # misses four scores
        serve_sentences(c)
        assert pc.status == "jailed"
    serve_sentences(c)  # and plays the fifth
    assert pc.status == "active"
    life = make_campaign(wanted=4, tier=1)
    lifer = hand_over(life)
    for _ in range(20):
        serve_sentences(life)
    assert lifer.status == "jailed" and life.ledger.sentences[lifer.id] == -1


def test_BITD_DOWNTIME_PRISON_2_wanted_zero_may_take_a_beating():
    c = make_campaign(wanted=0, heat=4)
    pc = hand_over(c)
    assert pc.status == "active" and pc.harm[3] and c.crew.heat == 0


def test_BITD_DOWNTIME_PRISON_3_incarceration_roll_results():
    fail = make_campaign(rng=ScriptedRng([u_for_faces(2)]), tier=1)
    incarceration_roll(fail, fail.pcs[0])
    assert len(fail.pcs[0].trauma) == 1
    crit = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)]), tier=2)
    incarceration_roll(crit, crit.pcs[0])
    assert crit.crew.rep == 3 and crit.crew.claims == ["prison:cell_block_control"]
    assert sum(f.status for f in crit.factions.values()) == 1
    zero = make_campaign(rng=ScriptedRng([u_for_faces(6, 1)]), tier=0)
    r = incarceration_roll(zero, zero.pcs[0])
    assert r.dice == 0 and r.die == 1 and len(zero.pcs[0].trauma) == 1


def test_BITD_DOWNTIME_PRISON_4_prison_claims():
    c = make_campaign(rng=ScriptedRng([u_for_faces(1, 1)]), tier=1, claims=["prison:cell_block_control",
                                                                           "prison:guard_payoff"])
    r = incarceration_roll(c, c.pcs[0])
    assert r.dice == 2 and c.pcs[0].trauma == []  # guard payoff +1d; cell block control: no trauma
    p = make_campaign(wanted=1, claims=["prison:parole_influence"])
    pc = hand_over(p)  # serves as if wanted 0: offered the beating
    assert pc.status == "active" and pc.harm[3]
    from sim.blades.advancement.advancement import tier_cost
    h = make_campaign(tier=1, claims=["prison:hardcase"])
    assert tier_cost(h) == 16 - 2


# ------------------------------------------------------------------- fallout


def test_BITD_FACTION_6_score_hurts_and_helps_unless_quiet():
    c = make_campaign()
    score_fallout(c, plan(), result(factions_hurt=("bluecoats",), factions_helped=("lampblacks",)))
    assert c.factions["bluecoats"].status == -1 and c.factions["lampblacks"].status == 1
    score_fallout(c, plan(), result(killing=True, factions_hurt=("bluecoats",)))
    assert c.factions["bluecoats"].status == -3
    q = make_campaign()
    score_fallout(q, plan(), result(quiet=True, factions_hurt=("bluecoats",)))
    assert q.factions["bluecoats"].status == 0


def test_BITD_FACTION_7_war_costs_hold_or_tier_and_is_restored():
    c = make_campaign(tier=2, hold="weak")
    c.factions["bluecoats"].status = -3
    update_war(c)
    assert c.crew.tier == 1 and c.ledger.war_penalty == "tier"
    c.factions["bluecoats"].status = -2
    update_war(c)
    assert c.crew.tier == 2 and c.ledger.war_penalty == ""
    assert [e["started"] for e in events(c, "war")] == [True, False]


def test_BITD_FACTION_4_losing_hold():
    c = make_campaign(tier=1)
    downtime.lose_hold(c, "test")
    assert c.crew.hold == "weak"
    downtime.lose_hold(c, "test")
    assert (c.crew.tier, c.crew.hold) == (0, "weak")
    downtime.lose_hold(c, "test")
    assert events(c, "lair_threatened")


@pytest.mark.parametrize("sampler", ["faces", "table"])
def test_entanglement_faces_follow_the_sampler(sampler):
    c = make_campaign(options={"dice_sampler": sampler}, wanted=1, heat=2, coin=4)
    roll_entanglement(c)
    e = events(c, "entanglement")[0]
    assert (e["faces"] == []) == (sampler == "table")
    assert c.dice_rolled >= 1


def test_BITD_STRESS_6_a_broken_scoundrel_takes_the_fall():
    c = make_campaign(rng=ScriptedRng([u_for_faces(4)]), pcs=[make_pc(), make_pc("pc2")], wanted=2, heat=5, tier=1)
    pc = c.pcs[0]
    for _ in range(4):
        c.add_stress(pc, 9, "test")
    assert pc.status == "retired"
    assert downtime.take_the_fall(c) == ["pc1"]
    assert pc.status == "jailed" and c.ledger.sentences["pc1"] == -1
    assert (c.crew.wanted, c.crew.heat) == (1, 0) and len(pc.trauma) == 4
    assert downtime.take_the_fall(c) == []  # offered once
    calm = make_campaign(wanted=0)
    for _ in range(4):
        calm.add_stress(calm.pcs[0], 9, "test")
    assert downtime.take_the_fall(calm) == [] and calm.pcs[0].status == "retired"
