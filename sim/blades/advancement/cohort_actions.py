"""Cohorts acting in a score: led by a scoundrel or sent alone (BITD.COHORT.7, BITD.TEAM.2, BITD.TEAM.5).

The score's beat (:func:`sim.blades.score.score._beat`) offers ``cohort`` (lead it) and ``send_cohort`` (send it
alone) when the crew has a cohort that can act (:func:`sim.blades.advancement.cohorts.usable`). Its dice, effect steps and
position when alone are :mod:`sim.blades.advancement.cohorts`' rules; this module rolls, judges and journals
(``cohort_action``, ``cohort_roll``, ``group_result`` with ``cohort``, ``consequence`` with ``cohort``,
``cohort_harm``). A scoundrel with Leader Commanding it in a fight (BITD.COHORT.10) adds ``cohort_leader`` (+1
effect), ``cohort_armor`` (its armor box spent on a harm) and ``cohort_fights_on`` (level 3 does not take it out).
"""

from __future__ import annotations

from typing import Any

from sim.blades.advancement import cohorts
from sim.blades.downtime.downtime import roll_dice
from sim.blades.score.action import Outcome, _judge, _roll, effect_factors, shift
from sim.blades.score.consequences import SEVERITY_OF_POSITION, consequence_kinds, inflict
from sim.blades.score.harm_penalties import penalties
from sim.blades.score.teamwork import best_result, leader_stress
from sim.blades.tables import SEVERITIES
from sim.dice import EFFECTS, RESULTS, effect_ticks

def _cohort_roll(campaign: Any, tally: Any, cohort: Any, plan: str, position: str, effect: str, kind: str,
                 leader: str | None) -> str:
    parts = cohorts.cohort_dice(campaign, cohort, plan)
    dice = sum(parts.values())
    roll = roll_dice(campaign, dice)
    campaign.emit("cohort_roll", cohort=cohort.id, kind=kind, leader=leader, dice=dice, parts=parts,
                  faces=list(roll.faces), result=roll.result, position=position, effect=effect, plan=plan)
    campaign.count("cohort_roll")
    tally.rolls += 1
    return roll.result


def _flaw_costs(cohort: Any, tally: Any, plan: str) -> None:
    """Savage: +1 heat (named modifier ``cohort_savage``) when it fights an assault; Wild: noise on a quiet plan."""
    if "savage" in cohort.flaws and plan == "assault":
        tally.add_heat("cohort_savage", 1)
    if "wild" in cohort.flaws and plan in cohorts.WILD_PLANS:
        tally.noise += 1


def _land(campaign: Any, tally: Any, ctx: Any, cohort: Any, effect: str, leader_steps: int = 0) -> str:
    """The effect after the cohort's own steps (:func:`sim.blades.advancement.cohorts.effect_steps`) and a
    Leader's (BITD.COHORT.10)."""
    steps = cohorts.effect_steps(cohort, ctx.plan)
    return _shift(effect, sum(steps.values()) + leader_steps)


def _shift(effect: str, steps: int) -> str:
    i = max(0, min(len(EFFECTS) - 1, EFFECTS.index(effect) + steps))
    return EFFECTS[i]


def cohort_consequence(campaign: Any, tally: Any, ctx: Any, cohort: Any, position: str, result: str,
                       answerer: Any, action: str, leader: Any = None) -> str | None:
    """The consequence of a roll that falls on the cohort: the GM picks the kind (``cohort_consequence``); harm
    marks the cohort (severity by position, the GM's ``severity``: level 1-3, :meth:`harm_cohort`); a
    reduced effect or worse position counts as for a scoundrel; a complication falls on the crew and
    ``answerer`` (the scoundrel leading or sending it) resists it as usual. ``leader``: the Leader terms of the
    scoundrel Commanding it in a fight (BITD.COHORT.10): the harm is first reduced by its armor
    (:func:`leader_armor`) and level 3 does not take it out (:func:`leader_fights_on`)."""
    kinds = consequence_kinds(position, result)
    if not kinds:
        return None
    kind = campaign.ask("gm", "cohort_consequence", kinds, {
        "pc": answerer.id, "cohort": cohort.id, "position": position, "result": result})
    if kind == "complication":
        return inflict(campaign, tally, answerer, position, result, plan=ctx.plan, target_faction=ctx.target_faction,
                       action=action, only=("complication",))
    tally.noticed += 1
    severity = campaign.ask("gm", "severity", SEVERITIES, {
        "position": position, "suggested": SEVERITY_OF_POSITION[position]})
    level = SEVERITIES.index(severity) + 1
    campaign.emit("consequence", pc=answerer.id, kind=kind, severity=severity, level=level, position=position,
                  result=result, action=action, cohort=cohort.id)
    if kind == "harm":
        if leader:
            level = leader_armor(campaign, tally, cohort, answerer, level, leader)
        if level:
            campaign.harm_cohort(cohort, level, f"{ctx.plan} {severity} harm", severity)
        if leader:
            leader_fights_on(campaign, tally, cohort, answerer, leader)
    elif kind == "reduced_effect":
        tally.pending_effect -= 1
    else:
        tally.pending_worse += 1
    return kind


def leader_armor(campaign: Any, tally: Any, cohort: Any, pc: Any, level: int, terms: Any) -> int:
    """BITD.COHORT.10, BITD.ARMOR.1-2: the cohort's Leader armor (``terms["armor"]`` boxes a score, marked in
    ``tally.cohort_armor``) takes one level off a harm while a box is left: spent at once (a cohort rolls no
    resistance to weigh it against). Returns the level left (0: avoided); journals ``cohort_armor``."""
    marked = tally.cohort_armor.get(cohort.id, 0)
    if marked >= terms["armor"] or level <= 0:
        return level
    tally.cohort_armor[cohort.id] = marked + 1
    campaign.emit("cohort_armor", cohort=cohort.id, pc=pc.id, level=level, after=level - 1, marked=marked + 1,
                  boxes=terms["armor"])
    campaign.count("cohort_armor")
    return level - 1


def leader_fights_on(campaign: Any, tally: Any, cohort: Any, pc: Any, terms: Any) -> bool:
    """BITD.COHORT.10: harm that broke the cohort (level 3) while a Leader Commands it does not take it out: it
    fights on for the rest of the score (``tally.fighting_on``; :func:`sim.blades.advancement.cohorts.usable`
    offers it to them). Level 4 still destroys it. Journals ``cohort_fights_on``."""
    if cohort.harm != cohorts.BROKEN or not terms.get("fights_on") or cohort.id in tally.fighting_on:
        return False
    tally.fighting_on.add(cohort.id)
    campaign.emit("cohort_fights_on", cohort=cohort.id, pc=pc.id, harm=cohort.harm)
    campaign.count("cohort_fights_on")
    return True


def lead(campaign: Any, tally: Any, ctx: Any, leader: Any, cohort: Any, action: str, position: str,
         effect: str) -> Any:
    """BITD.COHORT.7, BITD.TEAM.2: ``leader`` leads the cohort: both roll (the leader ``action``, the cohort its
    quality), the best result counts; the leader takes 1 stress per failed roll (their own too, option
    ``group_leader_counts_self``). The consequence falls on whoever rolled worse (the cohort on a tie), on the
    cohort whenever it is Loyal. Journals ``cohort_action`` (lead), the rolls and ``group_result``.

    BITD.COHORT.10: a leader with Leader who Commands the cohort in a fight
    (:func:`sim.blades.advancement.cohorts.leads_in_fight`) lands the effect ``terms["effect"]`` levels higher
    (journal ``cohort_leader``), and harm on the cohort meets its armor and does not break it."""
    campaign.emit("cohort_action", cohort=cohort.id, mode="lead", pc=leader.id, action=action, position=position,
                  effect=effect, edges=list(cohort.edges), flaws=list(cohort.flaws))
    campaign.count("cohort_action")
    dice_pen = penalties(campaign, leader, action)[0]
    roll = _roll(campaign, tally, leader, action, position, effect, assist=False, push=False, bargain=False,
                     penalty=dice_pen, kind="group", leader=leader.id)
    own = _cohort_roll(campaign, tally, cohort, ctx.plan, position, effect, "led", leader.id)
    results = [roll.result, own]
    best = best_result(results)
    failures = leader_stress([own], roll.result, campaign.options["group_leader_counts_self"])
    campaign.emit("group_result", leader=leader.id, results=results, result=best, failures=failures,
                  leader_stress=failures, cohort=cohort.id)
    if failures:
        campaign.add_stress(leader, failures, "group action")
    _flaw_costs(cohort, tally, ctx.plan)
    on_cohort = RESULTS.index(own) <= RESULTS.index(roll.result) or "loyal" in cohort.edges
    terms = cohorts.leads_in_fight(campaign, leader, action, ctx.plan)
    landed_effect = _land(campaign, tally, ctx, cohort, effect, terms["effect"] if terms else 0)
    if terms:
        steps = cohorts.effect_steps(cohort, ctx.plan)
        campaign.emit("cohort_leader", cohort=cohort.id, pc=leader.id, action=action, plan=ctx.plan, effect=effect,
                      steps={**steps, "leader": terms["effect"]}, landed=landed_effect,
                      armor=terms["armor"] - tally.cohort_armor.get(cohort.id, 0), harm=cohort.harm)
        campaign.count("cohort_leader")
    if on_cohort:
        consequence = cohort_consequence(campaign, tally, ctx, cohort, position, best, leader, action, terms)
        return _outcome(campaign, tally, leader, action, position, landed_effect, best, consequence)
    return _judge(campaign, tally, ctx, leader, action, position, landed_effect, best)


def send(campaign: Any, tally: Any, ctx: Any, sender: Any, cohort: Any, action: str) -> Any:
    """BITD.COHORT.7: ``sender`` sends the cohort alone: it rolls its quality; its position comes from its quality
    against the target's Tier (:func:`alone_position`), its effect from the usual factors at its own scale (the
    GM's call, ``effect``); no scoundrel is there to assist it (BITD.TEAM.5) and every consequence is its own
    (a complication falls on the crew). Journals ``cohort_action`` (send) and ``cohort_roll``."""
    position = cohorts.alone_position(cohort.quality, ctx.target_tier, "independent" in cohort.edges)
    battle = ctx.plan == "assault"
    steps = effect_factors(cohort.quality, ctx.target_tier, battle=battle, side_scale=cohort.scale,
                               opposition_scale=ctx.target_tier)
    effect = campaign.ask("gm", "effect", EFFECTS, {
        "suggested": shift(EFFECTS, "standard", steps), "action": action, "pc": sender.id, "cohort": cohort.id})
    campaign.emit("cohort_action", cohort=cohort.id, mode="send", pc=sender.id, action=action, position=position,
                  effect=effect, edges=list(cohort.edges), flaws=list(cohort.flaws))
    campaign.count("cohort_action")
    result = _cohort_roll(campaign, tally, cohort, ctx.plan, position, effect, "alone", None)
    _flaw_costs(cohort, tally, ctx.plan)
    landed_effect = _land(campaign, tally, ctx, cohort, effect)
    consequence = cohort_consequence(campaign, tally, ctx, cohort, position, result, sender, action)
    return _outcome(campaign, tally, sender, action, position, landed_effect, result, consequence)


def _outcome(campaign: Any, tally: Any, pc: Any, action: str, position: str, effect: str, result: str,
             consequence: str | None) -> Any:
    """BITD.ACTION.6, BITD.EFFECT.1: what lands, read as :func:`sim.blades.score.action._judge` reads it (a failure
    lands nothing and worsens the position; a desperate one loses the opportunity); pending marks are cleared."""
    if result == "failure":
        landed, ticks = "zero", 0
        tally.pending_worse += 1
        if position == "desperate":
            tally.pending_lost = True
    else:
        landed = _shift(effect, tally.pending_effect + (result == "critical"))
        opts = campaign.options
        ticks = effect_ticks(landed, opts["zero_effect_ticks"], opts["extreme_effect_ticks"])
    out = Outcome(pc.id, action, position, landed, result, ticks, consequence, tally.pending_lost,
                  tally.pending_worse)
    tally.clear_pending()
    return out
