"""Briefings for Blades decisions: what a person weighs that a script doesn't (sim.agents.briefing).

Computed only for seats a person holds. Each reads the campaign and the
decision's plain context and calls the rules' pure functions: the GM's
position and effect policies (:func:`~sim.blades.score.action.choose_position`,
:func:`~sim.blades.score.action.choose_effect`, pure: no dice), the effect factors
(:func:`~sim.blades.score.action.suggested_effect`, BITD.EFFECT.2), harm penalties
(BITD.HARM.4) and the exact odds of :mod:`sim.odds` (BITD.CORE.2,
BITD.RESIST.3). Nothing here rolls or journals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from sim.agents.base import Decision
from sim.agents.briefing import briefing, names_for, odds
from sim.blades.arcana import arcane
from sim.blades.crew import abilities
from sim.blades.crew.state import Campaign
from sim.blades.downtime.activities import (
    REDUCE_HEAT_ACTIONS, acquire_dice, best_action, friend_may_help, projects, recover_roll, vice_dice,
)
from sim.blades.score.action import (
    BATTLE_ACTIONS, SETUP_ACTIONS, choose_effect, choose_position, penalties, shift, suggested_effect,
)
from sim.blades.score.leads import every_action
from sim.blades.score.engagement import START_POSITION, engagement_dice, load_limits, strongest_against
from sim.blades.score.score import load_position_steps
from sim.blades.tables import table_entries
from sim.dice import EFFECTS, POSITIONS, raise_result, result_meaning, ticks_for_result
from sim.odds import blades_odds, resistance_odds, vice_odds


@names_for(Campaign)
def campaign_names(campaign: Campaign) -> dict:
    """Each scoundrel's id -> name."""
    return {pc.id: pc.name for pc in campaign.pcs}


def _gm_traits(campaign: Campaign) -> Mapping[str, Any] | None:
    """The GM policy's traits when a script holds the GM seat (None when a person does: no policy to apply)."""
    return getattr(campaign.agents.get("gm"), "traits", None)


def _pc(campaign: Campaign, d: Decision):
    return campaign.pc(d.context.get("pc", d.seat))


def _sheet(campaign: Campaign, pc: Any) -> dict:
    """The numbers a player keeps an eye on: the scoundrel's stress, trauma and harm, the crew's coin, rep, heat."""
    crew = campaign.crew
    return {"stress": pc.stress, "stress_max": pc.stress_max, "trauma": list(pc.trauma), "worst_harm": pc.worst_harm,
            "stash": pc.stash, "coin": crew.coin, "rep": crew.rep, "heat": crew.heat, "wanted": crew.wanted,
            "tier": crew.tier}


def roll_odds(dice: int, position: str, effect: str) -> dict:
    """Each result of a ``dice`` pool at ``position``/``effect``: its exact odds and what it means there
    (BITD.CORE.2, BITD.ACTION.5-6)."""
    out = {}
    for result, p in blades_odds(max(dice, 0)).items():
        m = result_meaning(result, position, effect)
        out[result] = {**odds(p), "effect": m.effect, "ticks": m.ticks, "harm": m.harm,
                       "meaning": f"blades.meaning.{position}.{result}"}
    return out


def gm_position(campaign: Campaign, suggested: str) -> str:
    """The position the GM policy would set from ``suggested`` (BITD.ACTION.3), without asking or journaling."""
    traits = _gm_traits(campaign)
    return suggested if traits is None else choose_position(traits, Decision("position", "gm", POSITIONS,
                                                                             {"suggested": suggested}), None)


def gm_effect(campaign: Campaign, suggested: str) -> str:
    """The effect the GM policy would set from the factors' ``suggested`` (BITD.EFFECT.2)."""
    traits = _gm_traits(campaign)
    return suggested if traits is None else choose_effect(traits, Decision("effect", "gm", EFFECTS,
                                                                           {"suggested": suggested}), None)


def solo_pool(campaign: Campaign, pc: Any, action: str, position: str, set_effect: str, plan: str,
              operation: str = "", exposure: str = "", extra_effect: int = 0) -> dict:
    """The pool and effect of ``pc`` rolling ``action`` alone at ``position`` with the GM's ``set_effect``, as
    :func:`~sim.blades.score.action.solo_action` builds them: rating, harm penalties (BITD.HARM.4), abilities' bonus
    dice and effect (before assists, pushes and bargains, which are asked later); ``extra_effect``: a set-up's +1
    (BITD.TEAM.4), added with the abilities' as the roll adds it. A pool of 0 or fewer dice rolls 2d and keeps the
    lowest (BITD.CORE.2): its odds are those."""
    dice_pen, effect_pen, needs_help = penalties(campaign, pc, action)
    rating = pc.actions.get(action, 0)
    when = abilities.situations(plan=plan, kind=operation, position=position, exposure=exposure, action=action,
                                roll="action")
    bonus_dice, bonus_effect = abilities.bonus(campaign, pc, "action", when, action, plan)
    effect = shift(EFFECTS, shift(EFFECTS, set_effect, -effect_pen), bonus_effect + extra_effect)
    dice = rating - dice_pen + bonus_dice
    return {"rating": rating, "dice": dice, "position": position, "effect": effect, "needs_help": needs_help,
            "results": roll_odds(dice, position, effect),
            "dice_factors": {"rating": rating, "harm": -dice_pen, "abilities": bonus_dice},
            "effect_factors": {"set": set_effect, "harm": -effect_pen, "abilities": bonus_effect,
                               **({"setup": extra_effect} if extra_effect else {})}}


def action_pools(campaign: Campaign, pc: Any, c: Mapping[str, Any], actions: Any, position: str,
                 position_factors: Mapping[str, Any], set_effects: Mapping[str, str] | None = None,
                 extra_effect: int = 0) -> dict:
    """For each of ``actions``: the effect the GM would set (BITD.EFFECT.2; ``set_effects``: those already set), the
    factors it weighed, and the exact odds of the pool ``pc`` rolls alone at ``position`` (:func:`solo_pool`)."""
    traits = _gm_traits(campaign) or {}
    set_effects = set_effects or {}
    out = {}
    for action in actions:
        if action is None:
            continue
        suggested = suggested_effect(campaign, c["plan"], c["target_tier"], action)
        effect = set_effects.get(action) or gm_effect(campaign, suggested)
        pool = solo_pool(campaign, pc, action, position, effect, c["plan"], c["operation"], c["exposure"],
                         extra_effect)
        pool["factors"] = {
            "position": dict(position_factors),
            "effect": {"quality": abilities.quality(campaign, action), "tier": c["target_tier"],
                       "scale": c["plan"] == "assault" and action in BATTLE_ACTIONS, "plan": c["plan"],
                       "suggested": suggested, "gm_shift": traits.get("effect_shift", 0),
                       **({"as_set": True} if action in set_effects else {}), **pool.pop("effect_factors")},
            "dice": pool.pop("dice_factors"),
        }
        out[action] = pool
    return out


@briefing("action")
def brief_action(campaign: Campaign, d: Decision) -> dict:
    """For each action: the position and effect the GM would set, the factors it weighed (BITD.ACTION.3,
    BITD.EFFECT.2, BITD.HARM.4), and the exact odds of each result for the pool the scoundrel would roll alone
    (:func:`solo_pool`; a 0-dot action rolls 2d and keeps the lowest)."""
    c = d.context
    pc = _pc(campaign, d)
    traits = _gm_traits(campaign) or {}
    factors = {**(c.get("position_factors") or {}), "suggested": c["suggested"],
               "gm_shift": traits.get("position_shift", 0)}
    actions = action_pools(campaign, pc, c, d.options, gm_position(campaign, c["suggested"]), factors)
    return {"actions": actions, **_sheet(campaign, pc)}


@briefing("follow_up")
def brief_follow_up(campaign: Campaign, d: Decision) -> dict:
    """BITD.TEAM.4: following a teammate's set-up, each action's pool at the position set for the beat (one step
    better when the set-up bought that), the effect the GM sets for it (the set-up's action keeps the one set, a
    set-up's +1 added) and its exact odds; not following up rolls nothing."""
    c = d.context
    pc = _pc(campaign, d)
    factors = {"as_set": True, "setup": c["benefit"] == "position", "benefit": c["benefit"]}
    actions = action_pools(campaign, pc, c, d.options, c["position"], factors, {c["action"]: c["effect"]},
                           1 if c["benefit"] == "effect" else 0)
    return {"actions": actions, "benefit": c["benefit"], **_sheet(campaign, pc)}


@briefing("setup_action")
def brief_setup_action(campaign: Campaign, d: Decision) -> dict:
    """BITD.TEAM.4: each set-up action's pool at the beat's position, the effect the GM would set and its exact
    odds (a set-up that works gives the teammate +1 effect or a better position)."""
    c = d.context
    pc = _pc(campaign, d)
    actions = action_pools(campaign, pc, c, d.options, c["position"], {"as_set": True})
    return {"actions": actions, **_sheet(campaign, pc)}


@briefing("setup_mate")
def brief_setup_mate(campaign: Campaign, d: Decision) -> dict:
    """BITD.TEAM.4: each teammate's follow-up of the action at the beat's position and effect: their pool and its
    exact odds before the set-up's benefit."""
    c = d.context
    mates = {}
    for mate in d.options:
        pool = solo_pool(campaign, campaign.pc(mate), c["action"], c["position"], c["effect"], c["plan"],
                         c["operation"], c["exposure"])
        mates[mate] = {k: pool[k] for k in ("rating", "dice", "position", "effect", "results")}
    return {"mates": mates, **_sheet(campaign, _pc(campaign, d))}


def fortune_pool(pc: Any, action: str) -> dict:
    """A flashback's fortune roll on ``action`` (BITD.FLASH.1, BITD.FORTUNE.1): its rating as the dice (0: 2d keep
    the lowest), the exact odds of each result; 4+ (partial or better) makes the preparation pay off."""
    dice = pc.actions.get(action, 0)
    results = _result_odds(dice)
    works = sum((Fraction(results[r]["p"]) for r in ("partial", "success", "critical")), Fraction(0))
    return {"action": action, "dice": dice, "results": results, "works": odds(works)}


@briefing("flashback_action")
def brief_flashback_action(campaign: Campaign, d: Decision) -> dict:
    """BITD.FLASH.1: each action's fortune roll (:func:`fortune_pool`)."""
    pc = _pc(campaign, d)
    return {"rolls": {a: fortune_pool(pc, a) for a in d.options}, **_sheet(campaign, pc)}


@briefing("trade")
def brief_trade(campaign: Campaign, d: Decision) -> dict:
    """BITD.EFFECT.5: the position, effect and odds of the roll after each trade."""
    c = d.context
    pc = _pc(campaign, d)
    out = {}
    for option in d.options:
        step = 0 if option == "none" else 1 if option == "effect" else -1
        position, effect = shift(POSITIONS, c["position"], step), shift(EFFECTS, c["effect"], step)
        pool = solo_pool(campaign, pc, c["action"], position, effect, c["plan"], c["operation"], c["exposure"])
        out[option] = {k: pool[k] for k in ("dice", "position", "effect", "results")}
    return {"trades": out}


@briefing("assist")
def brief_assist(campaign: Campaign, d: Decision) -> dict:
    """BITD.TEAM.1: 1 stress for +1d to a teammate's roll: their odds with and without the die."""
    c = d.context
    out = {"cost": 1, "stress": c["stress"], "stress_after": c["stress"] + 1, "stress_max": c["stress_max"],
           "without": {r: odds(p) for r, p in blades_odds(max(c["dice"], 0)).items()},
           "with": {r: odds(p) for r, p in blades_odds(max(c["dice"] + 1, 0)).items()},
           "needs_help": c["needs_help"]}
    if c.get("effect"):  # the teammate's roll as it stands (0 dice: 2d keep the lowest) and with the die
        out["pools"] = {str(helps).lower(): {"dice": c["dice"] + helps, "position": c["position"],
                                            "effect": c["effect"],
                                            "results": roll_odds(c["dice"] + helps, c["position"], c["effect"])}
                        for helps in (False, True)}
    return out


@briefing("protect")
def brief_protect(campaign: Campaign, d: Decision) -> dict:
    """BITD.TEAM.3: the harm the protector would face instead, against both scoundrels' harm."""
    c = d.context
    return {"harm": c["level"], "victim_harm": c["victim_harm"], "own_harm": c["own_harm"],
            **_sheet(campaign, _pc(campaign, d))}


@briefing("daring")
def brief_daring(campaign: Campaign, d: Decision) -> dict:
    """BITD.SCORE.4-5: the engagement dice with and without a daring plan, the odds of each result and the
    opening position it gives (a failed diversion costs a die, a good one improves the position, BITD.SCORE.6)."""
    c = d.context
    row = c["target_row"]  # what engagement_dice reads of the target (a claim seizure's row is built, not content)
    target = {**row, "obstacles": [None] * row["obstacles"]}
    out = {}
    for daring in d.options:
        dice, factors = engagement_dice(campaign, target, c["plan"], c["vulnerable"], daring,
                                        strongest_against(target, c["plan"]))
        if c["diversion"] is False:
            factors["diversion"], dice = -1, dice - 1
        results = {}
        for result, p in blades_odds(max(dice, 0)).items():
            position = START_POSITION[result]
            results[result] = {**odds(p), "position": shift(POSITIONS, position, -1) if c["diversion"] else position}
        out[str(daring).lower()] = {"dice": dice, "factors": factors, "results": results}
    return {"engagement": out}


@briefing("position")
def brief_position(campaign: Campaign, d: Decision) -> dict:
    """The GM's reasons: the situation's suggested position and where its policy would move it."""
    traits = _gm_traits(campaign) or {}
    return {"suggested": d.context["suggested"], "policy": gm_position(campaign, d.context["suggested"]),
            "gm_shift": traits.get("position_shift", 0)}


@briefing("effect")
def brief_effect(campaign: Campaign, d: Decision) -> dict:
    """The GM's reasons: quality against Tier (and scale in a fight) suggest an effect; the policy's shift."""
    traits = _gm_traits(campaign) or {}
    action = d.context["action"]
    return {"suggested": d.context["suggested"], "policy": gm_effect(campaign, d.context["suggested"]),
            "quality": abilities.quality(campaign, action), "gm_shift": traits.get("effect_shift", 0)}


@briefing("push")
def brief_push(campaign: Campaign, d: Decision) -> dict:
    """BITD.PUSH.1: 2 stress for +1d (the odds with and without it), +1 effect, or to act at all."""
    c = d.context
    out = {"cost": 2, "stress": c["stress"], "stress_after": c["stress"] + 2, "stress_max": c["stress_max"],
           "benefit": c["benefit"]}
    if c["benefit"] == "dice":
        out["without"] = roll_odds(c["dice"], c["position"], c["effect"])
        out["with"] = roll_odds(c["dice"] + 1, c["position"], c["effect"])
    elif c["benefit"] == "effect":
        out["effect_without"], out["effect_with"] = c["effect"], shift(EFFECTS, c["effect"], 1)
    return out


def _bargain(campaign: Campaign, bargain_id: str) -> Mapping[str, Any]:
    for b in table_entries(campaign.content, "blades/bargains", "bargains"):
        if b.get("id") == bargain_id:
            return b
    return {}


@briefing("accept_bargain")
def brief_accept_bargain(campaign: Campaign, d: Decision) -> dict:
    """BITD.BARGAIN.1-2: +1d for the bargain's price (paid whatever the roll): the odds with and without it."""
    c = d.context
    effect = dict(_bargain(campaign, c["bargain"]).get("effect") or {})
    return {"bargain": f"blades.bargain.{c['bargain']}", "price": effect, "starts_war": c["starts_war"],
            "without": {r: odds(p) for r, p in blades_odds(max(c["dice"], 0)).items()},
            "with": {r: odds(p) for r, p in blades_odds(max(c["dice"] + 1, 0)).items()},
            **_sheet(campaign, _pc(campaign, d))}


@briefing("resist")
def brief_resist(campaign: Campaign, d: Decision) -> dict:
    """BITD.RESIST.3: the stress each resistance outcome would cost (6 minus the highest die, a critical clears
    1) with its odds, and the chance it marks the last box (trauma, BITD.STRESS.3)."""
    c = d.context
    costs = {}
    trauma = 0
    for cost, p in resistance_odds(c["dice"]).items():
        after = max(0, c["stress"] + cost)
        costs[str(cost)] = {**odds(p), "stress_after": min(after, c["stress_max"]), "trauma": after >= c["stress_max"]}
        trauma += p if after >= c["stress_max"] else 0
    return {"dice": c["dice"], "costs": costs, "trauma_chance": odds(trauma), "stress": c["stress"],
            "stress_max": c["stress_max"], "consequence": c["consequence"], "level": c["level"]}


@briefing("armor")
def brief_armor(campaign: Campaign, d: Decision) -> dict:
    """BITD.ARMOR.1: a box reduces or avoids the consequence; what armor is left after."""
    pc = _pc(campaign, d)
    left = {box: bool(free) for box, free in pc.armor.items() if box != d.context["box"]}
    return {"box": d.context["box"], "level": d.context["level"], "armor_left_after": left, **_sheet(campaign, pc)}


@briefing("flashback")
def brief_flashback(campaign: Campaign, d: Decision) -> dict:
    """BITD.FLASH.2: its stress cost against the scoundrel's stress (coin or rep may stand in)."""
    c = d.context
    pc = _pc(campaign, d)
    return {"cost": c["cost"], "stress_after": c["stress"] + c["cost"], "roll": fortune_pool(pc, flashback_pick(campaign, pc, c["plan"])),
            **_sheet(campaign, pc)}


def flashback_pick(campaign: Campaign, pc: Any, plan: str) -> str:
    """The action a flashback's roll would use: the scripted pick (the best-rated set-up action of the ``plan``), or
    for a scoundrel who leads the best-rated of all (they choose next, ``flashback_action``)."""
    if campaign.seats.leads(pc.id):
        options = every_action(SETUP_ACTIONS[plan])
        best = options[0]
        for a in options:  # the first of equals, as the choice's own list
            if pc.actions.get(a, 0) > pc.actions.get(best, 0):
                best = a
        return best
    return max(SETUP_ACTIONS[plan], key=lambda a: pc.actions.get(a, 0))


@briefing("coin_raise")
def brief_coin_raise(campaign: Campaign, d: Decision) -> dict:
    """BITD.DOWNTIME.ACT.4: the result each coin buys."""
    return {"result": d.context["result"], "raised": {str(n): raise_result(d.context["result"], n) for n in d.options},
            **_sheet(campaign, campaign.pc(d.seat))}


def _downtime_roll(dice: int) -> dict:
    """A downtime roll's result odds with the ticks (or heat) each result gives, 1/2/3/5 (BITD.DOWNTIME.ACT.3)."""
    return {r: {**odds(p), "ticks": ticks_for_result(r)} for r, p in blades_odds(max(dice, 0)).items()}


@briefing("activity")
def brief_activity(campaign: Campaign, d: Decision) -> dict:
    """BITD.DOWNTIME.ACT.1: for each activity, the roll it makes (the dice and action the rules pick, exact odds,
    what each result gives) and its cost; the scoundrel's and crew's state the activities answer."""
    pc = campaign.pc(d.seat)
    out = {}
    for activity in d.options:
        if activity == "acquire_asset":
            out[activity] = {"dice": acquire_dice(campaign, pc), "results": _downtime_roll(acquire_dice(campaign, pc))}
        elif activity == "long_term_project":
            on_offer = projects(campaign)
            on_offer.update({p: a for p, a, _ in arcane.projects(campaign, pc)})  # BITD.RITUAL.1, BITD.CRAFT.1
            project, actions = next(iter(on_offer.items()))
            action = best_action(pc, actions)
            out[activity] = {"project": project, "action": action, "dice": pc.rating(action),
                             "results": _downtime_roll(pc.rating(action))}
            if len(on_offer) > 1:  # BITD.GATHER.3: asked next (project)
                out[activity]["projects"] = {p: {"action": best_action(pc, a), "dice": pc.rating(best_action(pc, a))}
                                             for p, a in on_offer.items()}
        elif activity == "recover":
            healer, dice, stress = recover_roll(campaign, pc)
            out[activity] = {"healer": healer, "dice": dice, "stress": stress, "results": _downtime_roll(dice),
                             "healing": [pc.healing.filled, pc.healing.size]}
        elif activity == "reduce_heat":
            action = best_action(pc, REDUCE_HEAT_ACTIONS)
            out[activity] = {"action": action, "dice": pc.rating(action), "results": _downtime_roll(pc.rating(action))}
        elif activity == "indulge_vice":
            out[activity] = vice_roll_odds(vice_dice(campaign, pc, False), pc.stress)
            if friend_may_help(campaign, pc):  # BITD.DOWNTIME.VICE.1: asked next (vice_friend)
                out[activity]["with_friend"] = vice_roll_odds(vice_dice(campaign, pc, True), pc.stress)
        else:
            out[activity] = {"dice": None}
    return {"activities": out, **_sheet(campaign, pc), "at_war": campaign.at_war}


def vice_roll_odds(dice: int, stress: int) -> dict:
    """A vice roll of ``dice``: the stress each outcome clears and the chance of overindulging (clearing more
    than the ``stress`` marked, BITD.DOWNTIME.VICE.1)."""
    cleared = vice_odds(max(dice, 0))
    over = sum((p for n, p in cleared.items() if n > stress), Fraction(0))
    return {"dice": dice, "cleared": {str(n): odds(p) for n, p in cleared.items()}, "overindulge": odds(over)}


@briefing("vice_friend")
def brief_vice_friend(campaign: Campaign, d: Decision) -> dict:
    """BITD.DOWNTIME.VICE.1: the vice roll alone and with the friend's +1d (more stress cleared, likelier to
    overindulge)."""
    pc = campaign.pc(d.context["pc"])
    alone = d.context["dice"]
    return {"options": {"false": vice_roll_odds(alone, pc.stress), "true": vice_roll_odds(alone + 1, pc.stress)},
            **_sheet(campaign, pc)}


def _result_odds(dice: int) -> dict:
    return {r: odds(p) for r, p in blades_odds(max(dice, 0)).items()}


@briefing("rooks_gambit")
def brief_rooks_gambit(campaign: Campaign, d: Decision) -> dict:
    """Rook's gambit (BITD.STRESS.2): the pool of each choice, alone and before help, pushes and bargains, and the
    stress the gambit costs."""
    c = d.context
    pc = campaign.pc(c["pc"])
    return {"options": {"false": {"dice": c["rating"], "results": _result_odds(c["rating"]), "stress": 0},
                        "true": {"dice": c["best_rating"], "results": _result_odds(c["best_rating"]),
                                 "stress": c["stress"]}},
            **_sheet(campaign, pc)}


@briefing("entanglement_option")
def brief_entanglement_option(campaign: Campaign, d: Decision) -> dict:
    """BITD.DOWNTIME.ENTANGLE.4: each option's cost against what the crew has."""
    crew = campaign.crew
    return {"costs": {o: dict(d.context["costs"][o]) for o in d.options}, "coin": crew.coin, "rep": crew.rep,
            "heat": crew.heat, "wanted": crew.wanted}


@briefing("load")
def brief_load(campaign: Campaign, d: Decision) -> dict:
    """BITD.LOAD.2: the items each load carries and how it moves the opening position on this plan."""
    pc = _pc(campaign, d)
    room = load_limits(campaign, pc)
    return {"loads": {load: {"items": room[load], "position_steps": load_position_steps(d.context["plan"], load)}
                      for load in d.options},
            "coin_load": pc.coin}  # BITD.COIN.4: each coin carried takes 1 of those items (stash_coin is asked next)



@briefing("resist_mode")
def brief_resist_mode(campaign: Campaign, d: Decision) -> dict:
    """BITD.RESIST.1: the GM's call: the consequence's level after a reduced or an avoided resistance."""
    level = d.context["level"]
    return {"level": level, "after": {"reduce": max(0, level - 1), "avoid": 0}}


@briefing("severity")
def brief_severity(campaign: Campaign, d: Decision) -> dict:
    """BITD.HARM.2, BITD.CONSEQ.1: the harm level (and complication ticks) of each severity; the position's own."""
    return {"suggested": d.context["suggested"], "position": d.context["position"],
            "levels": {severity: i + 1 for i, severity in enumerate(d.options)}}


@briefing("complication")
def brief_complication(campaign: Campaign, d: Decision) -> dict:
    """The GM's draw: each complication's chance under the table's weights, and which would start a war."""
    weights = d.context["weights"]
    total = sum(weights)
    return {"chances": {i: w / total for i, w in zip(d.options, weights)}, "starts_war": list(d.context["starts_war"])}


def brief_sheet(campaign: Campaign, d: Decision) -> dict:
    """The scoundrel's and the crew's numbers (stress, harm, coin, rep, heat, ...) for decisions they bear on."""
    seat = d.context.get("pc", d.seat)
    if any(pc.id == seat for pc in campaign.pcs):
        return _sheet(campaign, campaign.pc(seat))
    crew = campaign.crew
    return {"coin": crew.coin, "rep": crew.rep, "heat": crew.heat, "wanted": crew.wanted, "tier": crew.tier}


#: decisions whose options weigh against the sheet: the scoundrel's stress and harm, the crew's coin and rep
for _kind in ("ability", "abandon", "action_dot", "approach", "armor_first", "beating", "claim", "extra_activity",
              "flashback_payment", "gather_again", "hand_over", "hunting_grounds", "overindulge", "pay_tithe",
              "preemptive_resistance", "retire", "setup_benefit", "sit_out", "take_the_fall", "tier_up",
              "train_track", "trauma_condition", "upgrade", "xp_track"):
    briefing(_kind)(brief_sheet)

# the crew's own choices (target, plan, a new scoundrel's playbook; issue 30) are briefed beside: registered with these
from sim.blades.views import crew_briefings as _crew_briefings  # noqa: E402,F401
