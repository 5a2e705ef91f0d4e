"""Blades rules that had no test of their own (issue 31): each with numbers, from the rules' functions and from
the journals of the starter scenario (three seeds)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from sim.blades.campaign import run_campaign
from sim.blades.score.consequences import consequence_kinds
from sim.content import load_scenario
from sim.dice import roll_action
from sim.journal import Journal
from sim.rng import make_rng

ROOT = Path(__file__).resolve().parents[1]
DOWNTIME_PHASES = ("payoff", "heat", "entanglements", "activities")


@pytest.fixture(scope="module")
def starter():
    return load_scenario(ROOT / "scenarios/starter.yaml")


@pytest.fixture(scope="module")
def journals(starter):
    out = []
    for seed in range(1, 4):
        j = Journal()
        run_campaign(starter, seed, journal=j)
        out.append(j.events)
    return out


def _all(journals, name):
    return [e for evs in journals for e in evs if e["event"] == name]


def test_BITD_CORE_4_the_four_kinds_of_roll_all_happen_and_read_as_one_pool(journals):
    """BITD.CORE.4: action, downtime, fortune and resistance rolls are the common kinds; each is a d6 pool."""
    kinds = Counter()
    for e in _all(journals, "action_roll"):
        kinds["action"] += 1
    for e in _all(journals, "resistance"):
        kinds["resistance"] += 1
    for e in _all(journals, "fortune"):
        kinds["fortune"] += 1
    for e in _all(journals, "activity"):
        kinds["downtime"] += "faces" in e
    assert min(kinds.values()) >= 10 and set(kinds) == {"action", "resistance", "fortune", "downtime"}, kinds
    rng = make_rng(4)
    for dice in (0, 1, 2, 3, 4):  # the one reading every kind uses: 0 dice is the lowest of two
        roll = roll_action(rng, dice)
        assert len(roll.faces) == (dice or 2)
        assert roll.die == (max(roll.faces) if dice else min(roll.faces))


def test_BITD_CORE_5_the_gm_seat_sets_position_effect_and_consequences_the_players_pick_actions_and_xp(journals):
    """BITD.CORE.5: position, effect, consequences and which roll (resist mode) are the GM's; actions and xp
    triggers the players'. Counted over every decision of three campaigns."""
    by_kind: dict[str, set[bool]] = {}
    for e in _all(journals, "decision"):
        by_kind.setdefault(e["kind"], set()).add(e["seat"] == "gm")
    for kind in ("position", "effect", "consequence", "severity", "resist_mode"):
        assert by_kind[kind] == {True}, kind
    for kind in ("action", "xp_track", "push", "resist"):
        assert by_kind[kind] == {False}, kind


def test_BITD_ACTION_7_only_the_scoundrels_make_action_rolls(journals, starter):
    """BITD.ACTION.7: every action roll is a PC's (pc1..pc4 and recruits, never a faction or an NPC)."""
    rolls = _all(journals, "action_roll")
    pcs = {pc["id"] for evs in journals for e in evs if e["event"] == "campaign_start" for pc in e["pcs"]}
    pcs |= {e["pc"] for e in _all(journals, "recruit")}
    assert len(rolls) > 100 and {e["pc"] for e in rolls} <= pcs and all(p.startswith("pc") for p in pcs)


def test_BITD_ACTION_8_every_desperate_roll_marks_xp(journals):
    """BITD.ACTION.8 (with BITD.XP.1): each desperate action roll is followed by an xp mark for that scoundrel."""
    found = 0
    for evs in journals:
        for i, e in enumerate(evs):
            if e["event"] == "action_roll" and e["position"] == "desperate":
                rest = evs[i + 1:i + 40]
                assert any(x["event"] == "xp" and x["pc"] == e["pc"] and x["reason"] == "desperate" for x in rest), e
                found += 1
    assert found >= 5


def test_BITD_EFFECT_6_position_and_effect_are_set_apart_giving_many_pairs(journals):
    """BITD.EFFECT.6: nine combinations are possible; three campaigns show at least six of them."""
    pairs = Counter((e["position"], e["effect"]) for e in _all(journals, "action_roll"))
    assert len(pairs) >= 6, pairs
    assert len({p for p, _ in pairs}) == 3 and len({f for _, f in pairs}) >= 3


def test_BITD_CONSEQ_3_a_desperate_or_risky_failure_offers_more_than_one_consequence():
    """BITD.CONSEQ.3: one situation may bring several consequences (each resisted on its own)."""
    assert consequence_kinds("risky", "failure") == ("harm", "complication")
    assert len(consequence_kinds("risky", "partial")) == 4 and len(consequence_kinds("desperate", "partial")) == 3
    assert consequence_kinds("risky", "success") == () and consequence_kinds("controlled", "critical") == ()


def test_BITD_COIN_1_coin_is_whole_abstract_units_and_every_change_adds_up(journals):
    """BITD.COIN.1: coin is one abstract number: each ``coin`` event is whole, never below 0, and chains
    (after = before + delta, the next before = this after), starting from the crew's 2 (BITD.CREW.CREATE.1)."""
    for evs in journals:
        start = next(e for e in evs if e["event"] == "campaign_start")
        coin = start["coin"]
        assert coin == 2
        changes = [e for e in evs if e["event"] == "coin"]
        assert changes
        for e in changes:
            assert all(type(e[k]) is int for k in ("before", "delta", "after"))
            assert e["before"] == coin and e["after"] == e["before"] + e["delta"] >= 0
            coin = e["after"]


def test_BITD_COIN_2_payoffs_are_priced_on_the_rungs_of_what_coin_buys(journals):
    """BITD.COIN.2: 1 a purse, 2 a fine weapon, 4 a month's pay, 6 a jewel, 8 a small safe, 10 a real asset.
    The payoff sizes are those rungs (2..10), the purse-dropping bargain costs 1, and every score's payoff is one."""
    sizes = [s["coin"] for s in yaml.safe_load((ROOT / "content/blades/payoff.yaml").read_text())["sizes"]]
    assert sizes == [2, 4, 6, 8, 10]
    bargains = yaml.safe_load((ROOT / "content/blades/bargains.yaml").read_text())["bargains"]
    assert next(b for b in bargains if b["id"] == "drop_the_purse")["effect"] == {"coin": -1}
    payoffs = [e for e in _all(journals, "payoff") if e["success"]]
    assert payoffs and all(e["coin"] - e["claim_coin"] in (0, *sizes) for e in payoffs)  # 0: it bought a lair
    assert {e["coin"] - e["claim_coin"] for e in payoffs} >= {2, 4}


def test_BITD_CREW_CREATE_7_the_favourite_contact_sets_a_friend_at_plus_1_and_a_rival_at_minus_1(journals):
    """BITD.CREW.CREATE.7: starter's ``crew.statuses`` (lampblacks +1, red_sashes -1) are the factions' statuses
    at the start of every campaign."""
    for evs in journals:
        factions = evs[0]["factions"]
        assert evs[0]["event"] == "campaign_start"
        assert (factions["lampblacks"]["status"], factions["red_sashes"]["status"]) == (1, -1)


def test_BITD_DOWNTIME_2_downtime_is_its_own_phases_with_no_action_roll(journals):
    """BITD.DOWNTIME.2: after every score the campaign pauses in downtime (payoff, heat, entanglements,
    activities, in that order), where the activities and entanglements happen and no action roll is made."""
    for evs in journals:
        phases = [e["to"] for e in evs if e["event"] == "phase"]
        scores = phases.count("score")
        runs = ["".join(p[0] for p in phases[i:i + 4]) for i, p in enumerate(phases) if p == "payoff"]
        assert scores >= 10 and set(runs) == {"phea"} and len(runs) >= scores - 1
    assert not [e for e in _all(journals, "action_roll") if e["phase"] in DOWNTIME_PHASES]
    assert {e["phase"] for e in _all(journals, "activity")} == {"activities"}
    assert {e["phase"] for e in _all(journals, "entanglement")} == {"entanglements"}


def test_BITD_DOWNTIME_HEAT_5_entanglements_roll_the_wanted_level_in_dice(journals):
    """BITD.DOWNTIME.HEAT.5: the entanglement roll has as many dice as the wanted level (0: the lowest of two)."""
    rolls = _all(journals, "entanglement")
    assert len(rolls) >= 30
    for e in rolls:
        assert e["dice"] == e["wanted"] and len(e["faces"]) == (e["wanted"] or 2)


# --- rules the engine played and cited with no test naming them ------------------------------------------

def test_BITD_ATTR_3_each_plan_offers_five_distinct_actions_of_the_twelve():
    """BITD.ATTR.3: actions fit what a scoundrel does; each of the 6 plans lists 5 of the 12, all 12 used."""
    from sim.blades.score.action import PLAN_ACTIONS
    from sim.blades.crew.state import ACTIONS

    assert len(ACTIONS) == 12 and len(PLAN_ACTIONS) == 6
    assert all(len(set(acts)) == 5 and set(acts) <= set(ACTIONS) for acts in PLAN_ACTIONS.values())
    assert set().union(*PLAN_ACTIONS.values()) == set(ACTIONS)
    assert PLAN_ACTIONS["stealth"][0] == "prowl" and PLAN_ACTIONS["occult"][0] == "attune"


def test_BITD_BARGAIN_2_the_price_is_paid_whatever_the_roll(journals):
    """BITD.BARGAIN.2: every roll taken with a bargain's die is followed by its ``bargain`` event, on a 1-3 too."""
    results = Counter()
    for evs in journals:
        for i, e in enumerate(evs):
            if e["event"] == "action_roll" and e["bonus"]["bargain"]:
                nxt = next(x for x in evs[i + 1:] if x["event"] in ("bargain", "action_roll"))
                assert nxt["event"] == "bargain" and nxt["pc"] == e["pc"], e
                results[e["result"]] += 1
    assert sum(results.values()) >= 20 and len(results) >= 2, results


def test_BITD_BARGAIN_3_the_bargains_cover_the_kinds_of_price():
    """BITD.BARGAIN.3: coin, rep, a faction's status, an unwelcome clock, heat and harm are all prices."""
    bargains = yaml.safe_load((ROOT / "content/blades/bargains.yaml").read_text())["bargains"]
    kinds = {k for b in bargains for k in b["effect"]}
    assert {"coin", "rep", "status", "heat", "harm"} <= kinds and kinds & {"new_clock", "tick_clock"}
    assert len(bargains) >= 12


def test_BITD_PUSH_1_a_push_costs_2_stress_and_buys_one_benefit_once(journals):
    """BITD.PUSH.1: every push costs 2 stress: a ``push`` stress change asks 2 per benefit (2 or 4, at most the
    3 benefits: 6); no roll has two pushed dice (a benefit is bought once)."""
    pushes = Counter(e["requested"] for e in _all(journals, "stress") if e["reason"] == "push")
    assert sum(pushes.values()) >= 10 and set(pushes) <= {2, 4, 6} and pushes[2] > pushes[4], pushes
    assert all(e["bonus"]["push"] <= 1 for e in _all(journals, "action_roll"))


def test_BITD_STRESS_1_nine_stress_boxes(journals):
    """BITD.STRESS.1: every starting scoundrel has 9 stress boxes; a stress change never passes them."""
    from sim.blades.crew.state import STRESS_MAX

    assert STRESS_MAX == 9
    for evs in journals:
        assert all(pc["sheet"]["stress_max"] == 9 for pc in evs[0]["pcs"])
    assert all(0 <= e["after"] <= 10 for e in _all(journals, "stress"))  # 10 only with Composed


def test_BITD_DEATH_1_level_4_harm_kills():
    """BITD.DEATH.1: level-4 harm left unresisted kills; so does level 3 into a full level-3 row (``fatal``)."""
    from blades_score_kit import make_campaign, scoundrel

    campaign = make_campaign([scoundrel("pc1"), scoundrel("pc2")])
    one, two = campaign.pcs
    assert campaign.take_harm(one, 4) == 4 and one.status == "dead"
    campaign.take_harm(two, 3)
    assert two.status == "active"
    assert campaign.take_harm(two, 3) == 4 and two.status == "dead"


def test_BITD_CLOCK_1_a_clock_shows_progress_within_its_segments():
    """BITD.CLOCK.1: a 4-clock ticked 3 then 3 is full with 2 ticks over; it never goes below 0 or past 4."""
    from sim.clocks import Clock

    clock = Clock("interior_patrols", 4)
    assert clock.tick(3) == 0 and clock.filled == 3
    assert clock.tick(3) == 2 and clock.filled == 4
    with pytest.raises(ValueError):
        clock.tick(-1)


def test_BITD_CLOCK_2_clock_sizes_4_6_8_and_the_8_clock_project(journals):
    """BITD.CLOCK.2: complex 4, more complicated 6, daunting 8; a long-term project 8; healing 4."""
    from sim.clocks import SIZES

    assert SIZES == (4, 6, 8)
    sizes = Counter(e["size"] for e in _all(journals, "new_clock"))
    assert {4, 6, 8} <= set(sizes) and sum(sizes[s] for s in SIZES) / sum(sizes.values()) > 0.9
    assert {e["size"] for e in _all(journals, "new_clock") if e["kind"] == "project"} == {8}


def test_BITD_CLOCK_3_progress_ticks_by_effect_and_danger_by_severity(journals):
    """BITD.CLOCK.3: limited 1, standard 2, great 3 ticks; a complication's clock ticks 1/2/3 by severity."""
    from sim.dice import effect_ticks

    assert [effect_ticks(e) for e in ("limited", "standard", "great")] == [1, 2, 3]
    by_severity = {"minor": 1, "standard": 2, "serious": 3}
    ticked = [e for e in _all(journals, "complication") if "tick_clock" in e["effect"]]
    assert ticked and all(e["effect"]["tick_clock"]["ticks"] == by_severity[e["severity"]] for e in ticked)


def test_BITD_CREW_CREATE_2_the_crew_has_one_of_the_eight_reputations(starter):
    """BITD.CREW.CREATE.2: ambitious, brutal, daring, honorable, professional, savvy, subtle, strange."""
    reps = [r["id"] for r in yaml.safe_load((ROOT / "content/blades/crews.yaml").read_text())["reputations"]]
    assert reps == ["ambitious", "brutal", "daring", "honorable", "professional", "savvy", "subtle", "strange"]
    assert starter.crew.reputation == "daring"


def test_BITD_CREW_CREATE_4_a_crews_preferred_operations_are_its_hunting(starter):
    """BITD.CREW.CREATE.4: Shadows prefer burglary, espionage, robbery and sabotage; nothing else counts."""
    from sim.blades.crew.abilities import hunting_grounds
    from sim.blades.campaign import build_campaign

    campaign = build_campaign(starter, 1, Journal())
    assert campaign.crew.type == "shadows"
    assert [k for k in ("burglary", "espionage", "robbery", "sabotage", "murder", "battle")
            if hunting_grounds(campaign, k)] == ["burglary", "espionage", "robbery", "sabotage"]


def test_BITD_CHAR_CREATE_1_and_5_each_scoundrel_has_a_playbook_seven_dots_an_ability_a_vice_and_0_coin(journals):
    """BITD.CHAR.CREATE.1: playbook, 4 dots over the playbook's 3 (at most 2 each at creation), 1 ability, a
    vice, a name; BITD.CHAR.CREATE.5: 0 stress, no harm, 0 coin and 0 stash (options at their defaults)."""
    for evs in journals:
        for pc in evs[0]["pcs"]:
            assert pc["playbook"] and pc["vice"] and pc["name"] and len(pc["abilities"]) == 1
            assert sum(pc["actions"].values()) == 7 and max(pc["actions"].values()) <= 2
            sheet = pc["sheet"]
            assert (sheet["stress"], sheet["coin"], sheet["stash"], sheet["harm"]) == (0, 0, 0, {"1": [], "2": [], "3": []})


def test_BITD_CHAR_CREATE_5_starting_coin_and_stash_are_options(starter):
    from dataclasses import replace

    varied = replace(starter, options=starter.options.replace(starting_pc_coin=2, starting_stash=5))
    j = Journal()
    from sim.blades.campaign import build_campaign

    build_campaign(varied, 1, j)
    sheets = [pc["sheet"] for pc in j.events[0]["pcs"]]
    assert {(s["coin"], s["stash"]) for s in sheets} == {(2, 5)}
