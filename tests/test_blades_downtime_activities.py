"""Downtime activities, vice, advancement, coin, factions and cohorts on hand-built states."""

from blades_downtime_kit import ScriptedRng, events, faction_clock, make_campaign, make_pc, u_for_faces
from sim.blades.downtime import activities as act
from sim.blades.advancement import advancement as adv
from sim.blades.crew.state import Cohort, Faction


def one_pc(policy="careful", **kw):
    return [make_pc(policy=policy, **kw)]


# ------------------------------------------------------------------ ACT


def test_BITD_DOWNTIME_ACT_1_six_activities():
    assert set(act.ACTIVITIES) == {"acquire_asset", "long_term_project", "recover", "reduce_heat", "train",
                                   "indulge_vice"}
    assert set(act.ACTIVITY_RULES) == set(act.ACTIVITIES) | set(act.ARCANE_ACTIVITIES)  # crafting, rituals


def test_BITD_DOWNTIME_ACT_2_two_free_one_at_war_extra_costs_coin_or_rep():
    c = make_campaign(pcs=one_pc("reckless"))  # reckless buys no extra activity
    act.downtime_activities(c)
    assert len(events(c, "activity")) == 2
    w = make_campaign(pcs=one_pc("reckless"))
    w.factions["bluecoats"].status = -3
    act.downtime_activities(w)
    assert len(events(w, "activity")) == 1
    b = make_campaign(pcs=[make_pc(policy="bold", stress=5)], rep=3, coin=0)
    b.seats.sit("pc1", type(b.agents["pc1"])("bold", "players", {**b.agents["pc1"].traits, "extra_with_rep": True}))
    b.pcs[0].harm[2].append("cut")
    act.downtime_activities(b)  # bold buys one extra with rep when badly hurt and short of coin
    assert len(events(b, "activity")) == 3
    assert any(e["reason"] == "extra activity" for e in events(b, "rep"))


def test_BITD_COIN_8_every_2_stash_withdrawn_yields_1_coin():
    c = make_campaign()
    pc = c.pcs[0]
    pc.stash = 5
    assert c.withdraw_stash(pc, 1, "test") == 1 and pc.stash == 3
    assert c.withdraw_stash(pc, 3, "test") == 1 and pc.stash == 1  # 3 left: one coin's worth
    assert c.withdraw_stash(pc, 1, "test") == 0 and pc.stash == 1  # 1 box is no coin
    assert [(e["delta"], e["after"]) for e in events(c, "stash")] == [(-2, 3), (-2, 1)]


def test_BITD_COIN_8_a_badly_hurt_scoundrel_pays_an_extra_activity_from_the_stash():
    b = make_campaign(pcs=[make_pc(policy="bold", stress=5)], rep=3, coin=0)
    b.pcs[0].stash = 4
    b.pcs[0].harm[2].append("cut")
    act.downtime_activities(b)  # urgent, no spare crew coin: 2 stash make the coin (before rep)
    assert len(events(b, "activity")) == 3
    assert [(e["delta"], e["reason"]) for e in events(b, "stash")] == [(-2, "extra activity")]
    assert not any(e["reason"] == "extra activity" for e in events(b, "rep"))
    calm = make_campaign(pcs=[make_pc(policy="bold", stress=1)], coin=0)
    calm.pcs[0].stash = 4
    calm.pcs[0].harm[1].append("bruise")  # needed but not urgent: the stash stays
    act.downtime_activities(calm)
    assert not events(calm, "stash") and calm.pcs[0].stash == 4
    wild = make_campaign(pcs=[make_pc(policy="reckless", stress=7)], coin=0)
    wild.seats.sit("pc1", type(wild.agents["pc1"])("reckless", "players",
                                                  {**wild.agents["pc1"].traits, "extra_activities": 1}))
    wild.pcs[0].stash = 4
    wild.pcs[0].harm[2].append("cut")
    act.downtime_activities(wild)  # a reckless scoundrel would buy one, but not from the stash (stash_when_urgent)
    assert not events(wild, "stash") and wild.pcs[0].stash == 4


def test_BITD_DOWNTIME_ACT_3_only_the_six_are_limited():
    c = make_campaign(heat=2)
    c.pcs[0].harm[1].append("bruise")
    c.pcs[0].stress = 2
    assert set(act.legal_activities(c, c.pcs[0])) <= set(act.ACTIVITIES) | set(act.ARCANE_ACTIVITIES)


def test_BITD_DOWNTIME_ACT_4_coin_raises_result_levels():
    c = make_campaign(rng=ScriptedRng([u_for_faces(2)]), heat=5, coin=11)  # 3 beyond the next Tier's 8 coin
    c.pcs[0].actions["consort"] = 1
    act.reduce_heat(c, c.pcs[0])
    (e,) = events(c, "activity")
    assert (e["result"], e["coin_spent"], e["final_result"], e["heat_removed"]) == ("failure", 1, "partial", 2)
    assert c.crew.coin == 10 and c.crew.heat == 3


def test_coin_raise_keeps_the_coin_saved_for_the_next_tier():
    c = make_campaign(rng=ScriptedRng([u_for_faces(2)]), heat=5, coin=3)  # careful: Tier comes before heat
    c.pcs[0].actions["consort"] = 1
    act.reduce_heat(c, c.pcs[0])
    (e,) = events(c, "activity")
    assert (e["coin_spent"], e["final_result"]) == (0, "failure") and c.crew.coin == 3


def test_recovery_coin_raise_only_when_it_fills_the_healing_clock():
    for filled, spent in ((0, 0), (2, 1)):  # a failure ticks 1, a raised partial 2: only 2 filled + 2 heals
        c = make_campaign(rng=ScriptedRng([u_for_faces(2), u_for_faces(2)]), coin=3)
        pc = c.pcs[0]
        pc.harm[2].append("cut")
        pc.healing.filled = filled
        c.agents[pc.id].traits = dict(c.agents[pc.id].traits, coin_priority=["recover", "stash"])
        act.recover(c, pc)
        (e,) = events(c, "activity")
        assert e["coin_spent"] == spent


def test_BITD_DOWNTIME_ACT_5_calculating_adds_an_activity():
    pc = make_pc(policy="reckless", abilities=["calculating"])
    c = make_campaign(pcs=[pc])
    assert act.activities_allowed(c, pc) == 3
    act.downtime_activities(c)
    assert len(events(c, "activity")) == 3


def test_BITD_DOWNTIME_ACQUIRE_1_2_quality_by_result():
    for faces, quality in (((2,), 0), ((5,), 1), ((6,), 2), ((6, 6), 3)):
        tier = len(faces) if faces != (6, 6) else 2
        c = make_campaign(rng=ScriptedRng([u_for_faces(*faces)]), tier=1 if len(faces) == 1 else 2, coin=0)
        act.acquire_asset(c, c.pcs[0])
        e = events(c, "activity")[0]
        assert e["quality"] == (c.crew.tier + {"failure": -1, "partial": 0, "success": 1, "critical": 2}[e["result"]])
        assert c.ledger.assets == ["gear"] and e["again"] is False


def test_BITD_DOWNTIME_ACQUIRE_3_reacquiring_adds_a_die():
    c = make_campaign(tier=1, coin=0)
    act.acquire_asset(c, c.pcs[0])
    act.acquire_asset(c, c.pcs[0])
    first, second = events(c, "activity")
    assert (first["dice"], second["dice"], second["again"]) == (1, 2, True)


def test_BITD_DOWNTIME_LTP_1_ticks_and_critical_option():
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6, 2)]))
    c.pcs[0].actions["study"] = 3
    act.long_term_project(c, c.pcs[0])
    assert events(c, "activity")[0]["ticks"] == 5 and c.clocks["turf"].filled == 5
    seed = make_campaign(rng=ScriptedRng([u_for_faces(6, 6, 2)]), options={"ltp_critical_ticks": 4})
    seed.pcs[0].actions["study"] = 3
    act.long_term_project(seed, seed.pcs[0])
    assert events(seed, "activity")[0]["ticks"] == 4
    done = make_campaign(rng=ScriptedRng([u_for_faces(6, 2, 1)]))
    done.pcs[0].actions["study"] = 3
    done.add_clock(faction_clock("x"))  # unrelated
    from sim.clocks import Clock
    done.clocks["turf"] = Clock("turf", 8, "project", filled=6)
    act.long_term_project(done, done.pcs[0])
    assert done.crew.turf == 1 and done.clocks["turf"].filled == 0


def test_BITD_DOWNTIME_RECOVER_1_untreated_costs_stress_rolls_zero():
    c = make_campaign(rng=ScriptedRng([u_for_faces(5, 4)]))
    pc = c.pcs[0]
    pc.harm[2].append("cut")
    act.recover(c, pc)
    e = events(c, "activity")[0]
    assert e["dice"] == 0 and e["healer"] == "" and e["ticks"] == 2 and pc.stress == 1
    healer = make_pc("pc2", abilities=["physicker"], actions={"tinker": 2})
    h = make_campaign(rng=ScriptedRng([u_for_faces(6, 1)]), pcs=[make_pc(), healer])
    h.pcs[0].harm[1].append("bruise")
    act.recover(h, h.pcs[0])
    e = events(h, "activity")[0]
    assert e["healer"] == "pc2" and e["dice"] == 2 and e["ticks"] == 3 and h.pcs[0].stress == 0


def test_BITD_DOWNTIME_RECOVER_2_full_clock_heals_a_level_and_rolls_over():
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)]), pcs=[make_pc(abilities=["physicker"], actions={"tinker": 2})])
    pc = c.pcs[0]
    pc.harm = {1: ["bruise"], 2: ["cut"], 3: ["shot"]}
    pc.healing.filled = 2
    act.recover(c, pc)  # self-treatment: +2 stress; critical: 5 ticks -> 2 + 5 = 7 -> one level, 3 carry
    assert pc.stress == 2
    assert [len(pc.harm[i]) for i in (1, 2, 3)] == [1, 1, 0] and pc.healing.filled == 3
    assert events(c, "healed")[0]["rows_after"] == {"1": 1, "2": 1, "3": 0}


def test_BITD_DOWNTIME_RECOVER_3_new_harm_clears_healing_ticks():
    c = make_campaign()
    pc = c.pcs[0]
    pc.healing.filled = 3
    c.take_harm(pc, 1, "cut")
    assert pc.healing.filled == 0


def test_BITD_DOWNTIME_REDUCEHEAT_1_heat_removed_by_result():
    for faces, removed in (((3,), 1), ((4,), 2), ((6,), 3), ((6, 6), 5)):
        c = make_campaign(rng=ScriptedRng([u_for_faces(*faces)]), heat=8, coin=0)
        c.pcs[0].actions["consort"] = len(faces)
        act.reduce_heat(c, c.pcs[0])
        assert c.crew.heat == 8 - removed


def test_BITD_DOWNTIME_TRAIN_1_once_per_track_two_with_upgrade():
    c = make_campaign(upgrades={"training_playbook": 1})
    pc = c.pcs[0]
    tracks = [act.train(c, pc) for _ in range(4)]
    assert sorted(tracks) == ["insight", "playbook", "prowess", "resolve"]
    marks = {e["track"]: e["marked"] for e in events(c, "xp")}
    assert marks == {"insight": 1, "prowess": 1, "resolve": 1, "playbook": 2}
    assert "train" not in act.legal_activities(c, pc)


def test_BITD_DOWNTIME_VICE_1_lowest_attribute_clears_the_die():
    # attributes: insight 3 (hunt, tinker... ), prowess 2, resolve 2 -> lowest 2, +1d friend helps
    c = make_campaign(rng=ScriptedRng([u_for_faces(1, 3, 2)]))
    pc = c.pcs[0]
    pc.stress = 5
    act.indulge_vice(c, pc)
    (e,) = events(c, "vice")
    assert (e["dice"], e["faces"], e["cleared"], e["stress_before"], e["stress_after"], e["overindulged"]) == (
        3, [1, 3, 2], 3, 5, 2, False)
    solo = make_campaign(rng=ScriptedRng([u_for_faces(1, 3)]), options={"vice_helper_die": False})
    solo.pcs[0].stress = 5
    act.indulge_vice(solo, solo.pcs[0])
    assert events(solo, "vice")[0]["dice"] == 2


def test_BITD_DOWNTIME_VICE_2_overindulgence_options():
    for policy, option in (("careful", "tapped"), ("bold", "lost"), ("reckless", "brag")):
        c = make_campaign(rng=ScriptedRng([u_for_faces(6, 5, 4)]), pcs=one_pc(policy))
        pc = c.pcs[0]
        pc.stress = 2
        act.indulge_vice(c, pc)
        assert events(c, "vice")[0]["overindulged"] is True
        assert events(c, "overindulgence")[0]["option"] == option
        if option == "brag":
            assert c.crew.heat == 2
        if option == "lost":
            assert pc.status == "lost" and c.ledger.away == {pc.id: 1}


def test_BITD_DOWNTIME_VICE_3_not_indulging_costs_stress_equal_to_trauma():
    c = make_campaign()
    pc = c.pcs[0]
    pc.trauma = ["cold", "soft"]
    assert act.unindulged_vice(c, pc) == 2 and pc.stress == 2
    pc.vice_satisfied = True  # trauma's satisfied vice waives it once (BITD.STRESS.3)
    assert act.unindulged_vice(c, pc) == 0 and pc.stress == 2
    assert act.unindulged_vice(c, pc) == 2 and pc.stress == 4
    none = make_campaign()
    assert act.unindulged_vice(none, none.pcs[0]) == 0 and none.pcs[0].stress == 0


def test_BITD_DOWNTIME_VICE_4_lost_in_vice_returns_healed():
    from sim.blades.downtime.downtime import serve_sentences

    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 5, 4)]), pcs=one_pc("bold"))
    pc = c.pcs[0]
    pc.stress, pc.harm[2] = 1, ["cut"]
    act.indulge_vice(c, pc)
    assert pc.status == "lost"
    serve_sentences(c)  # misses the next score
    assert pc.status == "lost"
    serve_sentences(c)
    assert pc.status == "active" and pc.worst_harm == 0


# ------------------------------------------------------------------ crew


def test_BITD_CREW_REP_1_track_is_twelve_minus_turf():
    c = make_campaign(turf=2)
    c.add_rep(20, "test")
    assert c.crew.rep == 10


def test_BITD_CREW_REP_2_weak_to_strong_then_pay_for_tier():
    c = make_campaign(hold="weak", rep=12, coin=10)
    assert adv.crew_advance(c)
    e = events(c, "crew_advance")[0]
    assert (e["hold_before"], e["hold_after"], e["tier_before"], e["tier_after"], e["coin_spent"]) == (
        "weak", "strong", 0, 0, 0) and c.crew.rep == 0
    c.crew.rep = 12
    assert adv.crew_advance(c)
    e = events(c, "crew_advance")[1]
    assert (e["tier_after"], e["hold_after"], e["coin_spent"], e["base_cost"]) == (1, "weak", 8, 8)
    assert c.crew.coin == 2
    poor = make_campaign(rep=12, coin=7)
    assert not adv.crew_advance(poor) and poor.crew.rep == 12


def test_BITD_CREW_TURF_1_turf_lowers_rep_needed():
    c = make_campaign(hold="weak", turf=3, rep=9)
    assert adv.crew_advance(c)
    assert events(c, "crew_advance")[0]["rep_needed"] == 9


def test_BITD_CREW_XP_1_triggers():
    assert adv.crew_xp_triggers(True, 2, 1, 3) == {"operation": 1, "above_station": 1, "reputation": 1}
    assert adv.crew_xp_triggers(False, 0, 1, 0) == {"operation": 0, "above_station": 0, "reputation": 0}


def test_BITD_CREW_XP_2_3_4_track_length_upgrades_and_profits():
    c = make_campaign(pcs=[make_pc(), make_pc("pc2")], tier=1, options={"crew_xp_track": 10})
    adv.crew_xp(c, {"a": 2, "b": 2, "c": 2, "d": 2})
    assert c.crew.xp == 8 and not events(c, "upgrade")
    adv.crew_xp(c, {"a": 2})
    assert c.crew.xp == 0
    assert [e["upgrade"] for e in events(c, "upgrade")] == ["vault", "training_playbook"]
    assert c.crew.vault == 8
    assert [(e["pc"], e["delta"]) for e in events(c, "stash")] == [("pc1", 3), ("pc2", 3)]  # Tier + 2


def test_BITD_COHORT_1_2_a_cohort_costs_two_boxes_quality_is_tier():
    c = make_campaign(pcs=one_pc("reckless"), tier=1)
    c.ledger.upgrade_boxes = 2
    adv.buy_upgrades(c)
    (cohort,) = c.crew.cohorts
    assert (cohort.kind, cohort.quality, cohort.scale) == ("gang", 1, 1) and c.ledger.upgrade_boxes == 0
    c.crew.rep, c.crew.coin, c.crew.hold = 12, 16, "strong"
    adv.crew_advance(c)
    assert cohort.quality == 2


def test_BITD_COHORT_9_cohorts_heal_a_level_each_downtime():
    c = make_campaign(cohorts=[Cohort("g", "gang", "thugs", 1, 1, harm=2), Cohort("d", "gang", "thugs", 1, 1, harm=4)])
    adv.heal_cohorts(c)
    assert [k.harm for k in c.crew.cohorts] == [1, 4]


# ------------------------------------------------------------------ xp


def test_BITD_XP_2_3_4_session_xp_fills_tracks_and_advances():
    c = make_campaign()
    pc = c.pcs[0]
    pc.xp["playbook"] = 7
    pc.xp["prowess"] = 5
    adv.session_xp(c, [pc.id])
    kinds = [(e["track"], e["kind"]) for e in events(c, "advance")]
    assert ("playbook", "ability") in kinds and ("prowess", "action") in kinds
    ability = events(c, "advance")[0]["ability"]
    assert ability in pc.abilities and ability != ""


def test_BITD_ATTR_4_action_caps():
    c = make_campaign()
    pc = c.pcs[0]
    pc.actions.update({"skirmish": 3, "prowl": 3, "finesse": 3, "wreck": 3})
    adv.advance(c, pc, "prowess")
    assert events(c, "advance")[0]["action"] == "" and max(pc.actions.values()) == 3
    c.crew.upgrades["mastery"] = 1
    adv.advance(c, pc, "prowess")
    assert events(c, "advance")[1]["after"] == 4


def test_BITD_XP_5_training_marks_xp():
    c = make_campaign()
    act.train(c, c.pcs[0])
    assert events(c, "xp")[0]["reason"] == "train"


# ------------------------------------------------------------------ coin


def test_BITD_COIN_3_excess_coin_is_shared_then_stashed():
    c = make_campaign(pcs=[make_pc(), make_pc("pc2", coin=4)], coin=10)
    adv.settle_coin(c)
    assert c.crew.coin == 4 and c.pcs[0].coin == 3 and c.pcs[1].coin == 4 and c.pcs[1].stash == 3


def test_BITD_COIN_6_stash_caps_at_forty():
    c = make_campaign()
    c.add_stash(c.pcs[0], 50, "test")
    assert c.pcs[0].stash == 40


def test_BITD_COIN_7_retirement_fate_by_stash():
    assert [adv.retirement_fate(s) for s in (0, 10, 11, 20, 21, 39, 40)] == [
        "poor_soul", "poor_soul", "meager", "meager", "modest", "modest", "fine"]
    c = make_campaign(pcs=[make_pc(stash=25), make_pc("pc2", policy="bold", stash=25)])
    adv.consider_retirement(c)
    assert [p.status for p in c.pcs] == ["retired", "active"]
    assert events(c, "retirement")[0]["fate"] == "modest"


# ------------------------------------------------------------------ factions


def test_BITD_DOWNTIME_NPC_1_2_faction_clocks_tick_by_tier_fortune():
    f = Faction("lampblacks", "Lampblacks", 2, "weak", status=-1, clocks=[faction_clock("lampblacks", 4)])
    quiet = Faction("bluecoats", "Bluecoats", 3, "strong", clocks=[faction_clock("bluecoats")])
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)]), factions=[f, quiet])
    adv.faction_turn(c)
    (roll,) = events(c, "faction_roll")  # the neutral Bluecoats are not of interest
    assert (roll["faction"], roll["dice"], roll["ticks"]) == ("lampblacks", 2, 5)
    change = events(c, "faction")[0]
    assert (change["before"]["hold"], change["after"]["hold"]) == ("weak", "strong") and f.clocks[0].filled == 0
    assert events(c, "faction_move")[0]["enemy"] == ""  # no graph edges in this hand-built city
    adv.faction_turn(c, ("bluecoats",))
    assert {e["faction"] for e in events(c, "faction_roll")} == {"lampblacks", "bluecoats"}


def test_BITD_DOWNTIME_NPC_1_a_goal_is_one_move_and_clocks_rotate():
    from sim.clocks import Clock

    a = Faction("lampblacks", "Lampblacks", 2, "strong", status=-1,
                clocks=[Clock("war", 4, "faction", owner="lampblacks"), Clock("supply", 6, "faction", owner="lampblacks")])
    b = Faction("red_sashes", "Red Sashes", 2, "weak")
    weak = Faction("crows", "Crows", 1, "strong")
    # the goal roll (a critical fills the 4-clock), then the opposed fortune rolls: 6,5 beats 3,2
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6), u_for_faces(6, 5), u_for_faces(3, 2)]),
                      factions=[a, b, weak])
    c.graph.add_edge("lampblacks", "red_sashes", relation="enemy")
    c.graph.add_edge("lampblacks", "crows", relation="enemy")
    adv.faction_turn(c)
    assert (a.tier, a.hold) == (2, "strong")  # a strong faction turns on its enemy
    assert (b.tier, b.hold) == (1, "weak") and (weak.tier, weak.hold) == (1, "strong")  # the Tier-2 enemy pays
    assert [k.id for k in a.clocks] == ["supply", "war"]
    lone = Faction("hive", "Hive", 2, "strong", status=1, clocks=[Clock("grow", 4, "faction", owner="hive")])
    g = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)]), factions=[lone])
    adv.faction_turn(g)
    assert (lone.tier, lone.hold) == (3, "weak")  # no enemy in play: it grows


def _feud(*faces, **options):
    """Lampblacks (Tier 2, strong) fill a goal and turn on the Red Sashes (Tier 2, strong); ``faces``: the
    opposed fortune rolls, attacker then defender."""
    from sim.clocks import Clock

    a = Faction("lampblacks", "Lampblacks", 2, "strong", status=-1, clocks=[Clock("war", 4, "faction", owner="lampblacks")])
    b = Faction("red_sashes", "Red Sashes", 2, "strong")
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 6)] + [u_for_faces(*f) for f in faces]), factions=[a, b],
                      options=options)
    c.graph.add_edge("lampblacks", "red_sashes", relation="enemy")
    adv.faction_turn(c)
    return c, b


def test_BITD_FORTUNE_4_a_factions_move_lands_only_if_its_roll_beats_the_enemys():
    c, enemy = _feud((4, 2), (6, 1))  # partial against success: repelled
    assert enemy.hold == "strong"
    (move,) = events(c, "faction_move")
    assert move["enemy"] == "red_sashes" and move["repelled"] is True
    rolls = [(e["side"], e["faction"], e["result"]) for e in events(c, "fortune")]
    assert rolls == [("attacker", "lampblacks", "partial"), ("defender", "red_sashes", "success")]
    assert c.counters["faction_moves_repelled"] == 1
    c, enemy = _feud((6, 2), (6, 3))  # a tie holds
    assert enemy.hold == "strong" and events(c, "faction_move")[0]["repelled"] is True
    c, enemy = _feud((6, 6), (6, 3))  # critical beats success: the enemy is made vulnerable
    assert enemy.hold == "weak" and events(c, "faction_move")[0]["repelled"] is False


def test_option_faction_move_roll_none_lands_every_move_without_rolling():
    c, enemy = _feud(faction_move_roll="none")
    assert enemy.hold == "weak" and not events(c, "fortune")
    assert events(c, "faction_move")[0]["repelled"] is False


def test_BITD_FACTION_5_status_stays_in_range():
    c = make_campaign()
    c.change_status("bluecoats", -9, "test")
    c.change_status("lampblacks", 9, "test")
    assert c.factions["bluecoats"].status == -3 and c.factions["lampblacks"].status == 3


def test_BITD_FACTION_7_war_ends_by_a_negotiated_status():
    from sim.clocks import Clock
    from sim.blades.downtime.downtime import update_war

    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 2)]), tier=1)
    c.factions["red_sashes"].status = -3
    update_war(c)
    assert c.at_war and act.choose_activity(c.agents["pc1"].traits, _decision(c), None) == "long_term_project"
    c.clocks["peace_red_sashes"] = Clock("peace_red_sashes", 8, "project", filled=6)
    act.long_term_project(c, c.pcs[0])  # consort 1 + ... 2 dice: a 6 -> 3 ticks
    assert c.factions["red_sashes"].status == -2 and not c.at_war and c.crew.hold == "strong"
    assert events(c, "activity")[0]["project"] == "peace_red_sashes"


def _decision(c):
    from sim.agents.base import Decision

    return Decision("activity", "pc1", act.legal_activities(c, c.pcs[0]),
                    {"worst_harm": 0, "stress": 0, "heat": 0, "trauma": 0, "recovered": 0, "at_war": c.at_war})


def test_BITD_XP_2_playbook_trigger_needs_the_playbook_actions():
    assert [adv.playbook_trigger_xp(n) for n in (0, 1, 2, 3, 5)] == [0, 1, 1, 2, 2]
    c = make_campaign(pcs=[make_pc(), make_pc("pc2")])  # cutters: skirmish, command, wreck
    adv.session_xp(c, [], [("pc1", "skirmish"), ("pc1", "wreck"), ("pc1", "command"), ("pc2", "prowl")])
    trig = [(e["pc"], e["marked"]) for e in events(c, "xp") if e["reason"] == "playbook trigger"]
    assert trig == [("pc1", 2)]
    assert sum(1 for e in events(c, "xp") if e["reason"] == "end of session") == 2  # beliefs and drives, each


def test_BITD_XP_3_track_lengths():
    from sim.blades.crew.state import XP_TRACKS

    assert XP_TRACKS == {"insight": 6, "prowess": 6, "resolve": 6, "playbook": 8}
    c = make_campaign()
    pc = c.pcs[0]
    adv.mark_xp(c, pc, "playbook", 7, "test")
    adv.mark_xp(c, pc, "insight", 5, "test")
    assert not events(c, "advance")
    adv.mark_xp(c, pc, "playbook", 1, "test")
    adv.mark_xp(c, pc, "insight", 2, "test")  # overflow carries
    assert [e["track"] for e in events(c, "advance")] == ["playbook", "insight"] and pc.xp["insight"] == 1


def test_BITD_FACTION_9_accord_and_fiends_count_as_turf_down_to_six():
    c = make_campaign(turf=2, abilities=["accord"])
    for f in c.factions.values():
        f.status = 3
    assert adv.rep_needed(c) == 12 - 5
    c.crew.turf = 5
    assert adv.rep_needed(c) == 6
    f = make_campaign(turf=1, wanted=2, abilities=["fiends"])
    assert adv.rep_needed(f) == 9
    assert adv.rep_needed(make_campaign(turf=3)) == 9


def test_BITD_DOWNTIME_VICE_2_attract_trouble_rolls_an_entanglement_now():
    c = make_campaign(rng=ScriptedRng([u_for_faces(6, 5, 4)]), coin=5)
    agent = c.agents["pc1"]
    c.seats.sit("pc1", type(agent)("custom", "players", {**agent.traits, "overindulgence_order": ["attract_trouble"]}))
    c.pcs[0].stress = 1
    act.indulge_vice(c, c.pcs[0])
    (e,) = events(c, "entanglement")
    assert e["reason"] == "attract trouble" and events(c, "entanglement_resolved")
