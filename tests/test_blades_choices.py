"""Issue 16: choices the rules give that the engine now offers, each a decision with its legal options
(BITD.CREW.XP.3 crew advance, BITD.DOWNTIME.VICE.1 the friend's die)."""

from __future__ import annotations

from blades_downtime_kit import make_campaign, make_pc
from blades_score_kit import ScriptedRng, script, u_for_faces
from sim.blades.advancement import advancement as adv
from sim.blades.downtime.activities import indulge_vice


def _events(c, name):
    return [e for e in c.journal.events if e["event"] == name]


def test_BITD_CREW_XP_3_a_full_track_offers_two_upgrade_boxes_or_a_crew_ability():
    c = make_campaign(pcs=[make_pc(), make_pc("pc2")], tier=1, abilities=["everyone_steals"])
    seen = script(c, "pc1", crew_advance_choice="ability")
    adv.crew_xp(c, {"a": 2, "b": 2, "c": 2, "d": 2})
    choice = next(d for d in seen.seen if d.kind == "crew_advance_choice")
    assert choice.options == ("upgrades", "ability")
    offered = next(d for d in seen.seen if d.kind == "crew_ability")
    assert offered.options == ("ghost_echoes", "pack_rats", "second_story", "synchronized")  # shadows, not held
    (advance,) = _events(c, "crew_xp_advance")
    assert (advance["choice"], advance["ability"]) == ("ability", "pack_rats")  # the first the engine plays
    assert c.crew.abilities == ["everyone_steals", "pack_rats"] and c.ledger.upgrade_boxes == 0
    assert [(e["pc"], e["delta"]) for e in _events(c, "stash")] == [("pc1", 3), ("pc2", 3)]  # profits either way


def test_BITD_CREW_XP_3_upgrades_mark_two_boxes_and_with_every_ability_held_they_are_the_only_option():
    c = make_campaign(pcs=[make_pc()], abilities=["everyone_steals", "ghost_echoes", "pack_rats", "second_story",
                                                  "synchronized"])
    seen = script(c, "pc1", upgrade="save")
    adv.crew_xp(c, {"a": 2, "b": 2, "c": 2, "d": 2})
    assert next(d for d in seen.seen if d.kind == "crew_advance_choice").options == ("upgrades",)
    (advance,) = _events(c, "crew_xp_advance")
    assert (advance["choice"], "ability" in advance, c.ledger.upgrade_boxes) == ("upgrades", False, 2)


def test_BITD_CREW_XP_3_the_scripted_choice_follows_the_policy_trait():
    from sim.agents.base import Decision

    decide = adv.choose_crew_advance
    d = Decision("crew_advance_choice", "pc1", ("upgrades", "ability"), {})
    assert decide({"crew_advance_choice": "ability"}, d, None) == "ability"
    assert decide({"crew_advance_choice": "upgrades"}, d, None) == "upgrades"
    only = Decision("crew_advance_choice", "pc1", ("upgrades",), {})
    assert decide({"crew_advance_choice": "ability"}, only, None) == "upgrades"


def test_BITD_DOWNTIME_VICE_1_the_friends_die_is_the_scoundrels_choice():
    def vice(answer, stress=4):
        pc = make_pc(stress=stress)
        c = make_campaign(pcs=[pc], rng=ScriptedRng([u_for_faces(3, 2, 1)]))
        seen = script(c, "pc1", vice_friend=answer)
        indulge_vice(c, pc)
        d = [d for d in seen.seen if d.kind == "vice_friend"]
        return d, _events(c, "activity")[0]
    asked, helped = vice(True)
    assert asked[0].options == (True, False) and asked[0].context["dice"] == 2  # the lowest attribute, alone
    assert (helped["dice"], helped["friend_helped"]) == (3, True)
    _, alone = vice(False)
    assert (alone["dice"], alone["friend_helped"]) == (2, False)


def test_BITD_DOWNTIME_VICE_1_without_a_friend_or_with_the_option_off_nobody_is_asked():
    friendless = make_pc()
    friendless.friend = ""
    for pc, options in ((make_pc(), {"vice_helper_die": False}), (friendless, {})):
        pc.stress = 4
        c = make_campaign(pcs=[pc], options=options, rng=ScriptedRng([u_for_faces(3, 2)]))
        seen = script(c, "pc1")
        indulge_vice(c, pc)
        assert not [d for d in seen.seen if d.kind == "vice_friend"] and _events(c, "activity")[0]["dice"] == 2


def test_BITD_DOWNTIME_VICE_1_scripted_players_ask_the_friend_only_when_stressed_enough():
    from sim.agents.base import Decision
    from sim.blades.downtime.activities import choose_vice_friend

    def d(stress):
        return Decision("vice_friend", "pc1", (True, False), {"stress": stress})
    assert choose_vice_friend({"vice_friend_min_stress": 4}, d(4), None) is True
    assert choose_vice_friend({"vice_friend_min_stress": 4}, d(3), None) is False


def test_BITD_CHAR_CREATE_3_special_armor_pays_a_push_only_where_an_ability_names_it_and_by_choice():
    from sim.blades.score.action import pay_pushes

    def push(abilities, answer=None):
        pc = make_pc(abilities=abilities)
        pc.armor["special"] = True
        c = make_campaign(pcs=[pc])
        seen = script(c, "pc1", **({"push_payment": answer} if answer else {}))
        pay_pushes(c, pc, 1)
        asked = [d.options for d in seen.seen if d.kind == "push_payment"]
        return asked, pc.stress, pc.armor["special"]
    assert push(["battleborn"]) == ([("armor", "stress")], 0, False)  # scripted: the armor pays
    assert push(["battleborn"], "stress") == ([("armor", "stress")], 2, True)
    assert push(["fortitude"]) == ([("armor", "stress")], 0, False)
    assert push([]) == ([], 2, True)  # no ability names the box: it is no use here
    assert push(["tough_as_nails"]) == ([], 2, True)


def test_BITD_STRESS_5_playing_a_trauma_costs_an_activity_and_earns_the_struggle_xp():
    from sim.blades.downtime.activities import downtime_activities

    def downtime(answer, **pc):
        c = make_campaign(pcs=[make_pc(**pc)])
        seen = script(c, "pc1", trauma_trouble=answer, activity="acquire_asset", extra_activity="none")
        downtime_activities(c)
        return c, [d for d in seen.seen if d.kind == "trauma_trouble"]
    c, asked = downtime("cold", trauma=["cold", "haunted"])
    assert asked[0].options == ("cold", "haunted", "none")
    assert [e["activity"] for e in _events(c, "activity")] == ["trauma_trouble", "acquire_asset"]  # 2 slots, 1 left
    assert _events(c, "activity")[0]["condition"] == "cold" and c.ledger.troubled == ["pc1"]
    c, _ = downtime("none", trauma=["cold"])
    assert [e["activity"] for e in _events(c, "activity")] == ["acquire_asset", "acquire_asset"]
    c, asked = downtime("none")
    assert asked == []  # no trauma: nothing to play


def test_BITD_STRESS_5_scripted_players_play_a_trauma_only_when_the_activity_is_not_needed():
    from sim.agents.base import Decision
    from sim.blades.downtime.activities import choose_trauma_trouble
    traits = {"vice_min_stress": 3, "reduce_heat_at": 3}

    def d(**c):
        return Decision("trauma_trouble", "pc1", ("cold", "none"), {"worst_harm": 0, "stress": 0, "heat": 0, **c})
    assert choose_trauma_trouble(traits, d(), None) == "cold"
    assert [choose_trauma_trouble(traits, d(**c), None) for c in ({"worst_harm": 1}, {"stress": 3}, {"heat": 3})] == [
        "none"] * 3


def test_BITD_DOWNTIME_ACQUIRE_3_a_dangerous_asset_acquired_brings_two_heat_as_a_named_modifier():
    from sim.blades.downtime.activities import acquire_asset

    def acquire(answer):
        c = make_campaign(tier=1, rng=ScriptedRng([u_for_faces(4)]))
        seen = script(c, "pc1", asset=answer, coin_raise=0)
        acquire_asset(c, c.pcs[0])
        return c, next(d for d in seen.seen if d.kind == "asset")
    c, asked = acquire("bombs")
    assert asked.options == ("gear", "alchemicals", "bombs", "poisons", "gadgets")
    (heat,) = _events(c, "heat")
    assert (heat["base"], heat["modifiers"], heat["added"], c.crew.heat) == (0, {"dangerous_asset": 2}, 2, 2)
    assert _events(c, "activity")[0]["asset"] == "bombs" and c.ledger.assets == ["bombs"]
    c, _ = acquire("gear")
    assert _events(c, "heat") == [] and c.crew.heat == 0


def test_BITD_TEAM_1_the_assistant_may_share_the_harm_one_level_lower():
    from blades_score_kit import QUIET_PLAYER
    from sim.blades.score.action import ScoreContext, solo_action
    from sim.blades.score.effects import ScoreTally

    def assisted(share):
        pcs = [make_pc(actions={"prowl": 1}), make_pc("pc2", actions={"prowl": 1})]
        c = make_campaign(pcs=pcs, rng=ScriptedRng([u_for_faces(2, 1)]))
        script(c, "pc1", **QUIET_PLAYER)
        script(c, "pc2", **{**QUIET_PLAYER, "assist": True})
        gm = script(c, "gm", consequence="harm", severity="standard", offer_bargain=None,
                    assist_consequence="share" if share else "none")
        solo_action(c, ScoreTally(), ScoreContext("stealth", "bluecoats", 0, 0), pcs[0], "prowl", "risky",
                    "standard")
        asked = [d for d in gm.seen if d.kind == "assist_consequence"]
        return c, asked
    c, asked = assisted(True)
    assert asked[0].options == ("none", "share") and asked[0].context["assistant"] == "pc2"
    harm = [(e["pc"], e["level"]) for e in _events(c, "consequence")]
    assert harm == [("pc1", 2), ("pc2", 1)] and _events(c, "consequence")[1]["shared_from"] == "pc1"
    assert c.pcs[1].harm[1] and c.pcs[0].harm[2]
    c, _ = assisted(False)
    assert [e["pc"] for e in _events(c, "consequence")] == ["pc1"] and not c.pcs[1].harm[1]


def test_BITD_CREW_CLAIM_2_losing_the_lair_suspends_every_claim_until_a_score_pays_for_a_new_one():
    from blades_downtime_kit import plan, result
    from sim.blades.city import claims
    from sim.blades.downtime import downtime
    c = make_campaign(claims=["cover_operation", "warehouses"], hold="weak")
    downtime.lose_hold(c, "war")
    assert not c.crew.lair and claims.benefits(c) == () and c.crew.claims == ["cover_operation", "warehouses"]
    assert "cover_operation" not in {k for k, v in downtime.heat_modifiers(c, plan(), result()).items() if v}
    assert [e["held"] for e in _events(c, "lair")] == [False]
    seen = script(c, "pc1", new_lair=True)
    event = downtime.pay_off(c, plan(), result(coin=4))
    assert next(d for d in seen.seen if d.kind == "new_lair").context["coin"] == 4
    assert (event["coin"], event["new_lair"], c.crew.lair, claims.benefits(c)) == (
        0, True, True, ["cover_operation", "warehouses"])


def test_BITD_CREW_CLAIM_2_keeping_the_coin_leaves_the_lair_lost_and_a_failed_score_asks_nothing():
    from blades_downtime_kit import plan, result
    from sim.blades.downtime import downtime
    c = make_campaign(hold="weak")
    downtime.lose_hold(c, "war")
    seen = script(c, "pc1", new_lair=False)
    downtime.pay_off(c, plan(), result(success=False))
    assert not [d for d in seen.seen if d.kind == "new_lair"]
    assert downtime.pay_off(c, plan(), result(coin=4))["coin"] == 4 and not c.crew.lair


def test_BITD_GATHER_3_an_investigation_worked_as_a_project_answers_the_next_gathering_at_great_effect():
    from blades_score_kit import TARGETS
    from sim.blades.downtime.activities import INVESTIGATION, long_term_project
    from sim.blades.score.engagement import gather_information
    pc = make_pc(actions={"study": 2, "tinker": 1})
    c = make_campaign(pcs=[pc], rng=ScriptedRng([u_for_faces(6, 6)] * 2))  # criticals: 5 ticks each
    seen = script(c, "pc1", project="investigation", coin_raise=0)
    long_term_project(c, pc)
    long_term_project(c, pc)
    asked = next(d for d in seen.seen if d.kind == "project")
    crew = asked.options[:2]  # the crew's projects, then the scoundrel's own (inventing: BITD.CRAFT.1)
    assert crew == ("turf", "investigation") and all(o.startswith(("invent_", "learn_", "source_")) for o in asked.options[2:])
    assert {k: asked.context["dice"][k] for k in crew} == {"turf": 2, "investigation": 2}
    clock = c.clocks[INVESTIGATION]
    assert clock.full and [e["project"] for e in _events(c, "activity")] == [INVESTIGATION] * 2
    seen = script(c, "pc1", project="turf", coin_raise=0)
    long_term_project(c, pc)  # a full investigation waits: of the crew's projects only the turf is on offer
    asked = [d for d in seen.seen if d.kind == "project"]  # (beside the scoundrel's own: inventing, BITD.CRAFT.1)
    assert all("investigation" not in d.options for d in asked) and _events(c, "activity")[-1]["project"] == "turf"
    rolls = c.rng.used
    assert gather_information(c, TARGETS[0], "stealth") is True and c.rng.used == rolls  # no roll
    assert _events(c, "gather")[-1]["investigation"] is True and c.clocks[INVESTIGATION].filled == 0


def test_BITD_GATHER_3_scripted_crews_keep_to_the_standing_project_while_there_is_one():
    from sim.agents.base import Decision
    from sim.blades.arcana.arcane import choose_project  # the one scripted answer to ``project`` (crew's and own projects)
    assert choose_project({}, Decision("project", "pc1", ("turf", "investigation"), {}), None) == "turf"


def test_BITD_COIN_4_5_coin_carried_is_load_and_may_be_stashed_before_the_score():
    from sim.blades.score.engagement import choose_load

    def load(coin, answer=None, level="light"):
        pc = make_pc(coin=coin)
        c = make_campaign(pcs=[pc])
        seen = script(c, "pc1", load=level, **({"stash_coin": answer} if answer is not None else {}))
        choose_load(c, pc, "stealth")
        asked = [d.options for d in seen.seen if d.kind == "stash_coin"]
        return asked, _events(c, "load")[0], pc
    asked, event, pc = load(3, 0)  # light: 3 items, all coin: no room for armor
    assert asked == [(0, 1, 2, 3)] and (event["coin_load"], event["armor"]) == (3, False)
    asked, event, pc = load(3)  # scripted: stash just enough for the armor to fit with an item to spare
    assert (event["coin_load"], event["armor"], pc.coin, pc.stash) == (0, True, 0, 3)  # armor takes 2 of 3
    asked, event, pc = load(0)
    assert asked == [] and (event["coin_load"], event["armor"]) == (0, True)


def test_BITD_STRESS_2_every_stress_marked_in_seeded_campaigns_comes_from_a_listed_source_at_its_cost():
    """Re-derive each stress gain of 6 starter campaigns from the events before it (BITD.STRESS.2)."""
    from pathlib import Path

    from sim.blades.campaign import run_campaign
    from sim.content.scenario import load_scenario
    scenario = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "starter.yaml")
    fixed = {"assist": {1}, "recover untreated": {1}, "self-treatment": {2}, "rook's gambit": {2}, "push": {2, 4, 6},  # up to three pushes: to act at level 3 harm, +1d, +1 effect
             "flashback": {0, 1, 2}, "vice unsatisfied": {1, 2, 3, 4}}
    effects = {"bargain", "complication"}  # a devil's bargain or complication's own stress (BITD.BARGAIN.3)
    seen = set()
    for seed in range(6):
        events = []
        run_campaign(scenario, seed, journal=events)
        last = {}
        for e in events:
            if e["event"] in ("resistance", "group_result"):
                last[e["event"]] = e
            if e["event"] != "stress" or e["requested"] <= 0 or e["reason"] in ("vice", "trauma"):
                continue
            reason, n = e["reason"], e["requested"]
            seen.add(reason)
            if reason == "resistance":  # 6 - the highest die (BITD.RESIST.3)
                assert last["resistance"]["pc"] == e["pc"] and n == last["resistance"]["stress"]
            elif reason == "group action":  # 1 per participant who failed, for the leader (BITD.TEAM.2)
                assert last["group_result"]["leader"] == e["pc"] and n == last["group_result"]["leader_stress"]
            elif reason in fixed:
                assert n in fixed[reason], (reason, n)
            else:
                assert reason in effects or reason.replace(" ", "_") in {"demonic_notice", "unquiet_dead"}, reason
    assert {"assist", "push", "resistance", "group action", "recover untreated"} <= seen


def test_BITD_COIN_3_coin_past_the_vault_goes_to_whom_the_crew_chooses():
    c = make_campaign(pcs=[make_pc(), make_pc("pc2", coin=4)], coin=7)  # vault 4: 3 to hand out
    seen = script(c, "pc1")
    adv.settle_coin(c)
    asked = [d for d in seen.seen if d.kind == "coin_share"]
    assert [d.options for d in asked] == [("pc1", "pc2")] * 3 and [d.context["left"] for d in asked] == [3, 2, 1]
    assert (c.crew.coin, c.pcs[0].coin, c.pcs[1].coin, c.pcs[1].stash) == (4, 2, 4, 1)  # pc2 is full: to stash
    c = make_campaign(pcs=[make_pc(), make_pc("pc2")], coin=6)
    script(c, "pc1", coin_share="pc2")
    adv.settle_coin(c)
    assert (c.pcs[0].coin, c.pcs[1].coin) == (0, 2)
