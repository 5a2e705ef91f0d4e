"""Briefings for the crew's own choices (issue 30): the target, the plan, the new scoundrel (sim.agents.briefing).

Computed only for seats a person holds, like every briefing (:mod:`sim.blades.views.briefings`): each reads the
campaign and the decision's plain context and calls the rules' pure functions, never rolls, never journals.

* ``target`` (BITD.SCORE.1): each target's faction, Tier and the crew's status with it, its payoff (coin and rep,
  BITD.DOWNTIME.PAYOFF.1), the heat it would bring (its exposure and the modifiers its Tier, turf and kind add,
  BITD.DOWNTIME.HEAT.1-2) and the engagement roll of its best plan before information and daring (BITD.SCORE.4).
* ``plan`` (BITD.SCORE.2, BITD.SCORE.4): each plan's detail and its engagement dice, factors and exact odds, with
  the opening position each result gives (BITD.SCORE.5); a plan the target is strongest against is -1d.
* ``gather_action`` (BITD.GATHER.1-5): for each action, who would ask (the scoundrel best at it), the dice of the
  fortune roll (or that a guarded target makes it an action roll, risky) and the exact chance it finds the weakness.
* ``recruit_playbook`` (BITD.CHAR.CREATE.1-2): each playbook's starting ratings and its special abilities.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision
from sim.agents.briefing import briefing, odds
from sim.blades.crew.state import Campaign
from sim.blades.downtime.downtime import payoff_rep
from sim.blades.score.engagement import (
    START_POSITION, engagement_dice, gather_dice, gatherer, strongest_against,
)
from sim.blades.score.score import KILLING_KINDS
from sim.blades.tables import score_tables, table_entries
from sim.odds import blades_odds


def engagement_results(dice: int) -> dict:
    """The engagement roll of ``dice``: each result's exact odds and the position the score opens at (BITD.SCORE.5)."""
    return {r: {**odds(p), "position": START_POSITION[r]} for r, p in blades_odds(max(dice, 0)).items()}


def expected_heat(campaign: Campaign, target: Mapping[str, Any]) -> dict:
    """BITD.DOWNTIME.HEAT.1-2: the heat a score on ``target`` brings if it goes as exposed as the target is: the
    exposure's heat, +1 for a target two Tiers or more above the crew, +1 on hostile turf (status -2 or worse), +2
    for a killing; as the total and its parts."""
    heat = {e["id"]: int(e.get("heat", 0)) for e in table_entries(campaign.content, "blades/heat", "exposures")}
    parts = {"exposure": heat.get(target["exposure"], 0)}
    if int(target["tier"]) >= campaign.crew.tier + 2:
        parts["high_profile"] = 1
    faction = campaign.factions.get(target["faction"])
    if faction is not None and faction.status <= -2:
        parts["hostile_turf"] = 1
    if target.get("kind") in KILLING_KINDS:
        parts["killing"] = 2
    return {"heat": sum(parts.values()), "parts": parts}


def _plan_engagement(campaign: Campaign, target: Mapping[str, Any], plan: str) -> dict:
    strongest = strongest_against(target, plan)
    dice, factors = engagement_dice(campaign, target, plan, False, False, strongest)
    return {"dice": dice, "factors": factors, "results": engagement_results(dice), "strongest_against": strongest}


@briefing("target")
def brief_target(campaign: Campaign, d: Decision) -> dict:
    """BITD.SCORE.1, BITD.SCORE.4, BITD.DOWNTIME.PAYOFF.1, BITD.DOWNTIME.HEAT.1-2 (see the module docstring)."""
    c = d.context
    statuses = c["statuses"]
    by_id = score_tables(campaign.content).targets_by_id
    out = {}
    for row in c["targets"]:
        t = by_id.get(row["id"], row)
        entry = {"faction": t["faction"], "tier": t["tier"], "status": statuses.get(t["faction"], 0),
                 "tier_gap": t["tier"] - c["crew_tier"]}
        if "coin" in t:
            best = max((_plan_engagement(campaign, t, p) | {"plan": p} for p in t["plans"]),
                       key=lambda e: e["dice"], default=None)
            entry.update({"coin": int(t["coin"]), "rep": payoff_rep(True, False, int(t["tier"]), campaign.crew.tier),
                          "exposure": t["exposure"], **expected_heat(campaign, t), "plans": list(t["plans"])})
            if best is not None:
                entry["engagement"] = best
        out[row["id"]] = entry
    return {"target_facts": out}  # not "targets": the context's own rows win over a briefing's keys


@briefing("plan")
def brief_plan(campaign: Campaign, d: Decision) -> dict:
    """BITD.SCORE.2: the detail each plan needs; BITD.SCORE.4-5: its engagement roll before information and daring
    (a plan the target is strongest against, one it does not list, -1d), each result's odds and opening position."""
    c = d.context
    out: dict = {"details": {p: f"blades.plan_detail.{p}" for p in d.options}}
    row = c.get("target_row")
    if row is None:  # a shortlist's plan (an older save): the target's content row
        t = score_tables(campaign.content).targets_by_id.get(c["target"])
        row = None if t is None else {"faction": t["faction"], "tier": t["tier"], "kind": t.get("kind", ""),
                                      "obstacles": len(t["obstacles"]), "plans": list(t["plans"])}
    if row is not None:
        target = {**row, "obstacles": [None] * row["obstacles"]}
        out["engagement"] = {p: _plan_engagement(campaign, target, p) for p in d.options}
    return out


@briefing("recruit_playbook")
def brief_recruit_playbook(campaign: Campaign, d: Decision) -> dict:
    """BITD.CHAR.CREATE.1-2: each playbook's starting ratings (its 3 dots; 4 more are placed at creation) and its
    special abilities (one is chosen next)."""
    books = {b["id"]: b for b in table_entries(campaign.content, "blades/playbooks", "playbooks")}
    return {"playbooks": {p: {"ratings": dict(sorted(books[p]["actions"].items())),
                              "abilities": [a["id"] for a in books[p].get("abilities", ())]}
                          for p in d.options if p in books}}



@briefing("gather_action")
def brief_gather_action(campaign: Campaign, d: Decision) -> dict:
    """BITD.GATHER.1-5 (see the module docstring): who asks with each action, the roll's dice and odds, and the
    chance a fortune roll finds the weakness (a 6 or critical; a 4/5 too with an ability's +1 effect)."""
    row = d.context["target_row"]
    target = {**row, "obstacles": [None] * row["obstacles"]}
    out = {}
    for action in d.options:
        who = gatherer(campaign, (action,))
        if who is None:
            continue
        pc, _ = who
        dice, levels, guarded = gather_dice(campaign, target, d.context["plan"], pc, action)
        odds_of = blades_odds(max(dice, 0))
        finds = odds_of["critical"] + odds_of["success"] + (odds_of["partial"] if levels > 0 else 0)
        out[action] = {"who": pc.id, "dice": dice, "guarded": guarded,
                       "results": {r: odds(p) for r, p in odds_of.items()}, "finds": odds(finds)}
    return {"gathering": out}
