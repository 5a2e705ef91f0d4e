"""Scripted policies and war (BITD.FACTION.6-7): which moves would start one, and who steers clear.

Player trait ``avoid_war`` (careful and bold: true, reckless: false) and GM
trait ``war_weight`` (gentle 0, standard 0.5, gritty 1), from
``content/agents/policies.yaml``.
"""

from __future__ import annotations

import pytest

from sim.agents.base import Decision, load_policies
from sim.blades.downtime import activities as act
from sim.blades.score.action import choose_accept_bargain
from sim.blades.city.claims import choose_claim_policy
from sim.blades.score.consequences import choose_complication
from sim.blades.score.effects import starts_war
from sim.blades.score.engagement import target_weight
from sim.blades.tables import make_pool
from sim.rng import make_rng
from blades_downtime_kit import make_campaign

PLAYERS = load_policies()["players"]
GM = load_policies()["gm"]


def test_policies_say_who_avoids_war():
    assert {n: t["avoid_war"] for n, t in PLAYERS.items()} == {"careful": True, "bold": True, "reckless": False}
    assert {n: t["war_weight"] for n, t in GM.items()} == {"gentle": 0, "standard": 0.5, "gritty": 1}


@pytest.mark.parametrize("status, delta, war", [(0, -1, False), (-1, -1, False), (-2, -1, True), (-1, -2, True),
                                                (-3, -1, False), (-2, 1, False)])
def test_BITD_FACTION_7_a_status_price_starts_a_war_when_it_brings_a_faction_to_minus_3(status, delta, war):
    c = make_campaign()
    c.factions["red_sashes"].status = status
    assert starts_war(c, {"status": {"faction": "red_sashes", "delta": delta}}, None) is war
    assert starts_war(c, {"status": {"faction": "target", "delta": delta}}, "red_sashes") is war  # the score's target


def test_a_price_without_status_or_on_a_faction_not_in_play_starts_no_war():
    c = make_campaign()
    c.factions["red_sashes"].status = -2
    assert not starts_war(c, {"coin": -1}, "red_sashes")
    assert not starts_war(c, {"status": {"faction": "hive", "delta": -3}}, None)
    assert not starts_war(c, {"status": {"faction": "target", "delta": -1}}, None)


def _bargain(starts: bool) -> Decision:
    return Decision("accept_bargain", "pc1", (False, True), {"starts_war": starts, "stress": 0})


def test_a_war_averse_player_never_pays_a_bargain_that_starts_a_war():
    sure = dict(PLAYERS["careful"], bargain_chance=1.0)
    assert not any(choose_accept_bargain(sure, _bargain(True), make_rng(s)) for s in range(50))
    assert all(choose_accept_bargain(sure, _bargain(False), make_rng(s)) for s in range(50))
    reckless = dict(PLAYERS["reckless"], bargain_chance=1.0)
    assert all(choose_accept_bargain(reckless, _bargain(True), make_rng(s)) for s in range(50))


def test_a_war_averse_player_draws_targets_one_step_from_war_at_a_sixteenth():
    entry = {"tier": 1, "weight": 4}
    assert target_weight(entry, 1, -2, 1.0, avoid_war=True) == 4 / 16
    assert target_weight(entry, 1, -2, 1.0, avoid_war=False) == 4
    assert target_weight(entry, 1, -1, 1.0, avoid_war=True) == 4  # -1: a score's -1 is not yet war
    assert target_weight(entry, 1, -2, 0.1, avoid_war=True) == pytest.approx(4 * 0.01 / 16)


def _claims(statuses: dict[str, int]) -> Decision:
    return Decision("claim", "pc1", ("",) + tuple(statuses),
                    {"statuses": statuses, "tiers": {k: 1 for k in statuses}, "crew_tier": 1})


def test_BITD_FACTION_6_a_war_averse_player_seizes_no_claim_from_a_faction_at_minus_1_or_worse():
    traits = dict(PLAYERS["careful"], claim_chance=1.0)
    picks = {choose_claim_policy(traits, _claims({"0,2": -1, "1,1": 0, "1,3": -2}), make_rng(s)) for s in range(80)}
    assert picks == {"1,1"}
    assert choose_claim_policy(traits, _claims({"0,2": -1, "1,3": -2}), make_rng(1)) == ""  # every one means war
    reckless = dict(PLAYERS["reckless"], claim_chance=1.0)
    picks = {choose_claim_policy(reckless, _claims({"0,2": -1, "1,1": 0, "1,3": -2}), make_rng(s)) for s in range(80)}
    assert picks == {"0,2", "1,1", "1,3"}


def _complications(war: set[str]) -> Decision:
    pool = make_pool([{"id": "a", "weight": 5, "effect": {}}, {"id": "b", "weight": 5, "effect": {}},
                      {"id": "c", "weight": 1, "effect": {}}])
    return Decision("complication", "gm", pool.ids, {"weights": pool.weights, "starts_war": tuple(sorted(war))})


def test_gm_war_weight_scales_complications_that_would_start_a_war():
    gentle, standard, gritty = GM["gentle"], GM["standard"], GM["gritty"]
    n = 4000
    drawn = {name: sum(choose_complication(t, _complications({"a"}), make_rng(s)) == "a" for s in range(n)) / n
             for name, t in (("gentle", gentle), ("standard", standard), ("gritty", gritty))}
    assert drawn["gentle"] == 0
    # exact shares 2.5/8.5 and 5/11; 4,000 draws: 4 standard errors is under 0.032
    assert drawn["standard"] == pytest.approx(2.5 / 8.5, abs=0.032)
    assert drawn["gritty"] == pytest.approx(5 / 11, abs=0.032)
    # when every fitting complication would start a war, the GM still draws one
    assert choose_complication(gentle, _complications({"a", "b", "c"}), make_rng(3)) in ("a", "b", "c")


def _activity(c, harm: int) -> Decision:
    c.pcs[0].harm = {1: ["bruised"] if harm == 1 else [], 2: ["cut"] if harm == 2 else [], 3: ["broken"] if harm == 3 else []}
    return Decision("activity", "pc1", act.legal_activities(c, c.pcs[0]),
                    {"worst_harm": harm, "stress": 0, "heat": 6, "trauma": 0, "recovered": 0, "at_war": c.at_war,
                     "project_dice": 1})


def test_BITD_FACTION_7_at_war_a_war_averse_scoundrel_negotiates_before_healing_light_harm_or_reducing_heat():
    c = make_campaign(tier=1, heat=6)
    c.factions["red_sashes"].status = -3
    assert c.at_war
    careful = PLAYERS["careful"]
    assert act.choose_activity(careful, _activity(c, 0), None) == "long_term_project"  # before heat 6
    assert act.choose_activity(careful, _activity(c, 2), None) == "long_term_project"
    assert act.choose_activity(careful, _activity(c, 3), None) == "recover"  # severe harm first
    reckless = PLAYERS["reckless"]
    assert act.choose_activity(reckless, _activity(c, 3), None) == "recover"
    c.factions["red_sashes"].status = -2  # at peace: heat and healing as usual
    assert act.choose_activity(careful, _activity(c, 1), None) == "recover"
    assert act.choose_activity(careful, _activity(c, 0), None) == "reduce_heat"

