"""The score: a sequence of scenes the crew plays through (BITD.SCORE, BITD.CLOCK.5).

:func:`play_score` turns a :class:`ScorePlan` into scenes (:func:`~sim.blades.score.scenes.scenes_for`)
and plays each with the function registered for its ``kind`` in
:data:`~sim.blades.score.scenes.SCENE_KINDS` (the scene mechanism is :mod:`sim.blades.score.scenes`); a module
may lay out other scenes with :func:`~sim.blades.score.scenes.scene_planner`, and a scene may queue more
(``run.queue``). This module builds ``challenge``:
the target's obstacles are clock layers the crew works through in order
(BITD.CLOCK.5), one beat at a time, in the shape of a Fate challenge
(FATE.CHALLENGE.1-3: a set of tasks, each an overcome roll, teamwork allowed,
results read together) resolved with Blades dice. ``contest`` and ``conflict``
scenes register themselves the same way from :mod:`sim.blades.score.fate_scenes`,
imported here so they are there whenever a score is played.

Each beat: the spotlight scoundrel may flash back (BITD.FLASH), picks a
fitting action, the GM sets position (the engagement's for the opening action,
BITD.SCORE.5) and effect, and the scoundrel acts alone, leads a group action or
sets up a teammate (:mod:`sim.blades.score.action`). Effect ticks the layer's clock
(BITD.EFFECT.1). Between beats the crew may abandon the score (BITD.SCORE.7).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.advancement import cohort_actions, cohorts
from sim.blades.downtime.downtime import crew_voice, fortune_roll
from sim.blades.score import fate_scenes as _fate_scenes  # noqa: F401  registers the Fate contest and conflict scene kinds
from sim.blades.score.action import (
    PLAN_ACTIONS, SETUP_ACTIONS, ScoreContext, fitting_actions, gang_scale, gm_effect, gm_position, group_action,
    rooks_gambit, setup_action, shift, solo_action,
)
from sim.blades.score.effects import ScoreTally
from sim.blades.score.harm_penalties import penalties
from sim.blades.score.leads import choose_setup, every_action, flashback_action, follow_up
from sim.blades.score.outcomes import ScorePlan, ScoreResult
from sim.blades.score.resist import resist_attribute, resistance_roll
from sim.blades.score.vote import abandon as _abandon, wants_to_abandon as _wants_to_abandon
from sim.blades.score.scenes import (  # noqa: F401  the scene mechanism, re-exported for callers of sim.blades.score.score
    SCENE_KINDS, SCENE_PLANNERS, SceneSpec, ScoreRun, scene_kind, scene_planner, scenes_for,
)
from sim.blades.tables import score_tables
from sim.clocks import Clock
from sim.dice import EFFECTS, POSITIONS
from sim.rng import Rng

#: Operations (target kinds) that involve killing: +2 heat (BITD.DOWNTIME.HEAT.2).
KILLING_KINDS = frozenset(("accident", "murder"))
#: A raised alarm makes the score at least this exposed (rank 2: high exposure, BITD.DOWNTIME.HEAT.1).
ALARM_EXPOSURE = 2
#: Layers of a score's challenge get at most this many beats per segment before the crew gives up (stalled).
BEATS_PER_SEGMENT = 3


def play_score(campaign: Any, plan: ScorePlan) -> ScoreResult:
    """Play the score and return how it went, for downtime (BITD.DOWNTIME.1)."""
    tables = score_tables(campaign.content)
    tally = ScoreTally(plan, plan.exposure, tables.exposures)
    ctx = ScoreContext(plan.plan, plan.target_faction, plan.target_tier, campaign.crew.tier, plan.detail, plan.kind,
                       plan.exposure)
    run = ScoreRun(plan, ctx, tally)
    campaign.score_run = run  # the score under way, which a free act in solo play joins (sim.blades.free_act)
    try:
        return _play_score(campaign, plan, tables, tally, run)
    finally:
        campaign.score_run = None


def _play_score(campaign: Any, plan: ScorePlan, tables: Any, tally: ScoreTally, run: ScoreRun) -> ScoreResult:
    campaign.return_pcs("score start")  # BITD.STRESS.3: out of the last score's conflict, not this one's
    for pc in campaign.pcs:
        run.harm_before[pc.id] = pc.worst_harm
    sit_out(campaign)
    if not campaign.journal.skip("score_start"):  # nobody reads it: seq only
        campaign.emit("score_start", target=plan.target_id, faction=plan.target_faction, plan=plan.plan,
                      detail=plan.detail, engagement=plan.engagement, position=plan.start_position)
    status = "cleared"
    run.queue.extend(scenes_for(plan, campaign))
    while run.queue:
        spec = run.queue.pop(0)
        try:
            fn = SCENE_KINDS[spec.kind]
        except KeyError:
            raise ValueError(f"no scene function registered for scene kind {spec.kind!r}") from None
        status = fn(campaign, run, spec)
        if status != "cleared":
            break
    success = status == "cleared"
    # BITD.DOWNTIME.PAYOFF.1 "completely quiet, nobody knows": a quiet job with no consequence, noise or alarm
    quiet = tally.quiet and tally.noise == 0 and tally.noticed == 0 and not run.alarm
    killing = tally.killing or (success and plan.kind in KILLING_KINDS)
    # BITD.FACTION.6: status moves with the factions an operation hurts; a failed one hurts its target only when it
    # turned loud (the alarm went up) or deadly — otherwise the target lost nothing and knows of no one to blame
    hurt = (plan.target_faction,) if plan.target_faction and tally.rolls and (success or run.alarm or killing) else ()
    helped: tuple[str, ...] = ()
    if success:
        enemies = tables.relations.get(plan.target_faction, ((), ()))[1]
        helped = tuple(sorted(f for f in enemies if f in campaign.factions))
    heat_mods = {k: v for k, v in sorted(tally.heat.items()) if v}
    result = ScoreResult(success=success, abandoned=run.abandoned, quiet=quiet, exposure=tally.exposure,
                         coin=plan.coin if success else 0, killing=killing, heat_modifiers=heat_mods,
                         factions_hurt=hurt, factions_helped=helped, desperate_rolls=tally.desperate_rolls,
                         rolls=tally.rolls)
    if not campaign.journal.skip("score_end"):  # nobody reads it: seq only
        campaign.emit("score_end", target=plan.target_id, success=success, abandoned=run.abandoned, reason=run.reason,
                      quiet=quiet, exposure=tally.exposure, coin=result.coin, killing=killing,
                      heat_modifiers=heat_mods, factions_hurt=list(hurt), factions_helped=list(helped),
                      rolls=tally.rolls, desperate_rolls=tally.desperate_rolls)
    campaign.count("score")
    campaign.count("score_success" if success else "score_abandoned" if run.abandoned else "score_failed")
    return result


def sit_out(campaign: Any) -> list[str]:
    """Badly hurt scoundrels may stay behind (BITD.SCORE.1: the players choose who goes; BITD.HARM.4: level-3
    harm means acting only with help). Each asks their policy; at least two scoundrels always go. Those who
    stay are out of this score (``taken_out``) and journaled with ``sit_out``."""
    going = [pc for pc in campaign.pcs if pc.status == "active"]
    staying = []
    for pc in sorted(going, key=lambda p: -p.worst_harm):
        if len(going) <= 2 or not pc.worst_harm:
            break
        if campaign.ask(pc.id, "sit_out", (False, True), {"pc": pc.id, "worst_harm": pc.worst_harm}):
            going.remove(pc)
            staying.append(pc.id)
            campaign.sit_out(pc)
    return staying


# --- the challenge scene -------------------------------------------------------------------

def load_position_steps(plan: str, load: str) -> int:
    """BITD.LOAD.2: a heavy load is slow and conspicuous — one position worse on stealth and deception plans."""
    return 1 if load == "heavy" and plan in ("stealth", "deception") else 0


def base_position(campaign: Any, run: ScoreRun, pc: Any, carry: str | None = None) -> str:
    """The position the situation suggests before the GM's own call (:func:`position_factors`)."""
    return position_from(position_factors(run, pc, carry))


def position_factors(run: ScoreRun, pc: Any, carry: str | None = None) -> dict:
    """What the suggested position weighs, as plain data (the GM's reasons; BITD.ACTION.3).

    Opening action: the engagement roll's (``start``, BITD.SCORE.5). Afterwards risky
    (BITD.ACTION.3), one worse against a target three or more Tiers above the
    crew's quality (``tier_gap``) and once the alarm is up, one better against a lower Tier, and worse
    by load (BITD.LOAD.2); never better than where the last try at this
    obstacle left the crew (``carry``: "end up risky / desperate", BITD.ACTION.5).
    """
    load = run.plan.loads.get(pc.id, "normal")
    return {"opening": run.opening, "start": run.plan.start_position if run.opening else "risky",
            "tier_gap": run.ctx.target_tier - run.ctx.quality, "alarm": run.alarm, "load": load,
            "load_steps": load_position_steps(run.ctx.plan, load), "carry": carry}


def position_from(factors: Mapping[str, Any]) -> str:
    """The position :func:`position_factors` suggest."""
    if factors["opening"]:
        return shift(POSITIONS, factors["start"], factors["load_steps"])
    gap = factors["tier_gap"]
    position = shift(POSITIONS, "risky", (gap >= 3) - (gap < 0) + factors["alarm"] + factors["load_steps"])
    carry = factors["carry"]
    if carry is not None and POSITIONS.index(carry) > POSITIONS.index(position):
        return carry
    return position


@scene_kind("challenge")
def play_challenge(campaign: Any, run: ScoreRun, spec: SceneSpec) -> str:
    """Work through the obstacle layers in order; each layer is an ``obstacle`` clock (BITD.CLOCK.5)."""
    if not campaign.journal.skip("scene"):  # nobody reads it: seq only
        campaign.emit("scene", kind="challenge", obstacles=[[name, size] for name, size in spec.obstacles])
    for index, (name, size) in enumerate(spec.obstacles):
        clock = Clock(name, size, "obstacle", owner="score")
        if not campaign.journal.skip("new_clock"):  # nobody reads it: seq only
            campaign.emit("new_clock", id=name, kind="obstacle", size=size, owner="score", reason="obstacle")
        if index == 0 and run.plan.engagement == "critical":  # BITD.SCORE.5: already past the first obstacle
            campaign.tick_clock(clock, size, "engagement critical")
            run.done += size
            continue
        run.clock = clock  # the obstacle a free act works on (solo play, sim.blades.free_act)
        status = _work_layer(campaign, run, clock)
        run.clock = None
        if status != "cleared":
            return status
    return "cleared"


def _work_layer(campaign: Any, run: ScoreRun, clock: Clock) -> str:
    blocked: list[str] = []  # actions whose opportunity was lost here (BITD.CONSEQ.1)
    carry: str | None = None
    flashed: list[str] = []
    limit = BEATS_PER_SEGMENT * clock.size
    beats = 0
    trouble = False
    while not clock.full:
        actors = [pc for pc in campaign.pcs if pc.status == "active" and not pc.taken_out]
        if not actors:
            campaign.emit("abandon", reason="nobody left", obstacle=clock.id)
            run.reason = "nobody left"
            return "out"
        if beats >= limit:
            return _abandon(campaign, run, clock, "stalled")
        if beats and trouble:  # after a beat that cost the crew something, it may walk away (BITD.SCORE.7)
            why = _wants_to_abandon(campaign, run, actors)
            if why is not None:
                return _abandon(campaign, run, clock, "policy", **why)
        beats += 1
        run.beats += 1
        pc = _spotlight(campaign, run, actors, blocked)
        factors = position_factors(run, pc, carry)
        suggested = position_from(factors)
        # BITD.FLASH.1: a scripted scoundrel flashes back from a desperate spot; one who leads (a person) is offered
        # it whenever it can improve the position (issue 30), once per scoundrel and obstacle as for a script
        if pc.id not in flashed and (suggested == "desperate" or (
                suggested != "controlled" and campaign.seats.leads(pc.id))):
            improved = _flashback(campaign, run, pc, clock)
            if improved:
                flashed.append(pc.id)
                suggested = shift(POSITIONS, suggested, -1)
                factors["flashback"] = -1
        before = _strain(actors)
        out = _beat(campaign, run, pc, actors, suggested, blocked, clock, factors)
        if out is None:
            trouble = _strain(actors) != before
            continue
        # the cheap half first: a consequence or a failure is trouble whatever the strain did (_strain reads only)
        trouble = bool(out.consequence or out.result == "failure") or _strain(actors) != before
        run.opening = False
        if out.ticks:
            before_fill = clock.filled
            campaign.tick_clock(clock, out.ticks, f"{out.pc} {out.action}")
            run.done += clock.filled - before_fill
        if out.lost_opportunity and out.action not in blocked:
            blocked.append(out.action)
        carry = shift(POSITIONS, out.position, out.worse) if out.worse else None
        _check_clocks(campaign, run)
        if run.closed:
            run.reason = "window closed"
            return "closed"
    return "cleared"


def readiness(campaign: Any, pc: Any, plan: str, blocked: list) -> int:
    """How well placed a scoundrel is to take on the obstacle: best fitting rating less harm penalties."""
    actions = pc.actions
    best, rating = "", -1
    for a in PLAN_ACTIONS[plan]:  # the best-rated fitting action, the first listed on a tie
        r = actions.get(a, 0)
        if r > rating and a not in blocked:
            best, rating = a, r
    if not best:  # every fitting action blocked: they all come back (fitting_actions)
        best = max(PLAN_ACTIONS[plan], key=lambda a: (actions.get(a, 0), -PLAN_ACTIONS[plan].index(a)))
        rating = actions.get(best, 0)
    harm = pc.harm
    if not (harm[1] or harm[2] or harm[3]):  # no harm, no penalty (the common case, without the call)
        return rating
    dice, effect, needs_help = penalties(campaign, pc, best)
    return rating - dice - effect - 3 * needs_help


def _spotlight(campaign: Any, run: ScoreRun, actors: list, blocked: list) -> Any:
    """The leader picks who acts next (scripted: the readiest, the one who waited longest on a tie): a leading seat's
    active scoundrel when there is one (even one taken out of this score), else the first of those acting."""
    plan, acted = run.ctx.plan, run.acted
    ready, waited, who = {}, {}, {}
    for pc in actors:
        pid = pc.id
        ready[pid] = readiness(campaign, pc, plan, blocked)
        waited[pid] = acted.get(pid, -1)
        who[pid] = pc
    voice = crew_voice(campaign)  # a person who holds any active scoundrel calls the spotlight (issue 30)
    seat = voice.id if voice is not None and campaign.seats.leads(voice.id) else actors[0].id
    chosen = campaign.ask(seat, "spotlight", tuple(ready), {"readiness": ready, "last_acted": waited})
    acted[chosen] = run.beats
    return who[chosen]


def _beat(campaign: Any, run: ScoreRun, pc: Any, actors: list, suggested: str, blocked: list, clock: Clock,
          factors: Mapping[str, Any] | None = None):
    ctx, tally = run.ctx, run.tally
    leading = campaign.seats.leads(pc.id)  # issue 30: a person is offered every action, a script the fitting ones
    options = every_action(PLAN_ACTIONS[ctx.plan], blocked) if leading else fitting_actions(pc, ctx.plan, blocked)
    action = campaign.ask(pc.id, "action", options, {
        "pc": pc.id, "ratings": dict(pc.actions), "plan": ctx.plan, "obstacle": clock.id, "suggested": suggested,
        "position_factors": factors, "target_tier": ctx.target_tier, "quality": ctx.quality, "operation": ctx.kind,
        "exposure": ctx.exposure, "leader_cohort": _leader_cohort(campaign, run, pc, options)})
    if pc.id in run.free_acted:  # a free act (solo play, sim.blades.free_act) was this beat's action
        run.free_acted.discard(pc.id)
        return None
    position = gm_position(campaign, suggested, pc=pc.id, action=action, obstacle=clock.id)
    effect = gm_effect(campaign, ctx, action, pc=pc.id, obstacle=clock.id)
    position, effect = trade(campaign, pc, position, effect, action=action, plan=ctx.plan, operation=ctx.kind,
                             exposure=ctx.exposure)
    preemptive_resistance(campaign, run, pc, position)
    approaches = ["solo"]
    ratings = pc.actions
    harm = pc.harm
    mates = [m for m in actors if m is not pc]
    group = bool(mates) and not harm[3]
    # BITD.TEAM.4: set up a teammate who is better at it, or anyone when the effect is poor
    anyone = effect in ("zero", "limited") or bool(harm[1])
    mine = ratings.get(action, 0)
    better = []
    for m in mates:
        theirs = m.actions.get(action, 0)
        if theirs < 1:
            group = False  # a group action needs every teammate's dot in it
        if not m.harm[3] and (anyone or theirs > mine):
            better.append(m)
    if group:
        approaches.append("group")
    if leading:  # BITD.TEAM.4: a person may set up any teammate able to act, with any action
        better = [m for m in mates if not m.harm[3]]
        setup_moves = every_action(SETUP_ACTIONS[ctx.plan], blocked) if better else ()
    else:  # the setup moves matter only with a teammate to set up (read again below only when "setup" was offered)
        setup_moves = [a for a in SETUP_ACTIONS[ctx.plan] if ratings.get(a, 0) >= 1 and a not in blocked] if better else ()
    if setup_moves:
        approaches.append("setup")
    felt = shift(EFFECTS, effect, -penalties(campaign, pc, action)[1])
    group_effect = effect
    if "group" in approaches and ctx.plan == "assault":  # BITD.EFFECT.2: the whole crew fights at its gang's scale
        group_effect = gm_effect(campaign, ctx, action, side_scale=gang_scale(len(actors)), pc=pc.id,
                                 obstacle=clock.id, group=True)
    cohort_ctx: dict = {}
    cohort = cohorts.usable(campaign, run, pc, action) if campaign.crew.cohorts else None
    if cohort is not None and cohort.harm >= cohorts.BROKEN and pc.harm[3]:
        cohort = None  # BITD.COHORT.10: a broken cohort fights on only led, and this scoundrel can't lead
    if cohort is not None:  # BITD.COHORT.7: lead the crew's cohort, or send it alone
        if cohort.harm >= cohorts.BROKEN:  # BITD.COHORT.10: it fights on for its Leader, led and Commanded only
            approaches.append("cohort")
        else:
            approaches += ["cohort", "send_cohort"] if not pc.harm[3] else ["send_cohort"]
        parts = cohorts.cohort_dice(campaign, cohort, ctx.plan)
        cohort_ctx = {"cohort": cohort.id, "cohort_dice": sum(parts.values()), "cohort_fits": ctx.plan in cohorts.type_plans(campaign.content, cohort),
                      "cohort_position": cohorts.alone_position(cohort.quality, ctx.target_tier,
                                                                "independent" in cohort.edges),
                      "leader": bool(cohorts.leads_in_fight(campaign, pc, action, ctx.plan))}
    approach = campaign.ask(pc.id, "approach", tuple(approaches), {
        "pc": pc.id, "action": action, "position": position, "effect": felt, "group_effect": group_effect,
        **cohort_ctx})
    if approach == "cohort":
        lead_effect = effect
        if ctx.plan == "assault":  # BITD.EFFECT.2: a fight at the cohort's scale
            lead_effect = gm_effect(campaign, ctx, action, side_scale=cohort.scale, pc=pc.id, obstacle=clock.id, cohort=cohort.id)
        return cohort_actions.lead(campaign, tally, ctx, pc, cohort, action, position, lead_effect)
    if approach == "send_cohort":
        return cohort_actions.send(campaign, tally, ctx, pc, cohort, action)
    if approach == "group":
        return group_action(campaign, tally, ctx, pc, action, position, group_effect)
    if approach == "setup":
        if leading:
            follower, setup = choose_setup(campaign, run, pc, better, setup_moves, action, position, effect, clock)
        else:
            follower = max(better, key=lambda m: m.actions.get(action, 0))
            setup = max(setup_moves, key=lambda a: (pc.actions.get(a, 0), -setup_moves.index(a)))
        benefit = setup_action(campaign, tally, ctx, pc, setup, position, gm_effect(campaign, ctx, setup, pc=pc.id),
                               position)
        if not (follower.status == "active" and not follower.taken_out):
            return None
        if benefit == "position":
            position = shift(POSITIONS, position, -1)
        if campaign.seats.leads(follower.id):  # issue 30: a person set up says whether and how they follow up
            return follow_up(campaign, run, pc, follower, action, position, effect, benefit, blocked, clock)
        return solo_action(campaign, tally, ctx, follower, action, position, effect,
                           bonus_effect=1 if benefit == "effect" else 0)
    return solo_action(campaign, tally, ctx, pc, action, position, effect, gambit=rooks_gambit(campaign, pc, action))


def _leader_cohort(campaign: Any, run: ScoreRun, pc: Any, options: tuple) -> str | None:
    """BITD.COHORT.10: for a scoundrel with Leader who could Command the crew's cohort in this fight (Command on
    offer and rated, a cohort that can act for them, fits the plan and rolls 1d or more unhurt: a Leader's
    cohort fights on hurt), its id; else None (and nothing is asked of anyone else: the Unreliable cohort's call
    is rolled here only for such a scoundrel)."""
    if (not campaign.crew.cohorts or cohorts.COMMAND not in options or pc.actions.get(cohorts.COMMAND, 0) < 1
            or pc.harm[3] or not cohorts.leads_in_fight(campaign, pc, cohorts.COMMAND, run.ctx.plan)):
        return None
    cohort = cohorts.usable(campaign, run, pc, cohorts.COMMAND)
    if cohort is None or run.ctx.plan not in cohorts.type_plans(campaign.content, cohort) \
            or cohort.quality + cohorts.elite(campaign.crew, cohort) < 1:
        return None
    return cohort.id


def preemptive_resistance(campaign: Any, run: ScoreRun, pc: Any, position: str) -> bool:
    """BITD.RESIST.7: facing a dominant foe from a desperate position, the GM may demand a resistance roll first.

    Dominant: three or more Tiers above the crew, in a fight or against the
    supernatural (keep hold of the blade, resist possession). The roll always
    works; its stress is the price of acting at all.
    """
    ctx = run.ctx
    dominant = ctx.target_tier - ctx.quality >= 3 and ctx.plan in ("assault", "occult")
    if not dominant or position != "desperate":
        return False
    if not campaign.ask("gm", "preemptive_resistance", (False, True), {
            "pc": pc.id, "plan": ctx.plan, "tier_gap": ctx.target_tier - ctx.quality}):
        return False
    attribute = resist_attribute("harm", ctx.plan)
    campaign.emit("preemptive", pc=pc.id, attribute=attribute)
    resistance_roll(campaign, pc, attribute, "preemptive", ctx.plan)
    return True


def trade(campaign: Any, pc: Any, position: str, effect: str, **roll: str) -> tuple[str, str]:
    """BITD.EFFECT.5: once effect is announced, trade one step of position for one of effect, or back.

    ``roll``: the action, plan, operation and exposure of the roll being traded for (what its briefing reads)."""
    options: tuple[str, ...] = ("none",)
    if position != "desperate" and effect not in ("great", "extreme"):
        options += ("effect",)
    if position != "controlled" and effect not in ("zero", "limited"):
        options += ("position",)
    choice = campaign.ask(pc.id, "trade", options, {"pc": pc.id, "position": position, "effect": effect, **roll})
    if choice == "none":
        return position, effect
    step = 1 if choice == "effect" else -1
    traded = shift(POSITIONS, position, step), shift(EFFECTS, effect, step)
    campaign.emit("trade", pc=pc.id, give=choice, before=[position, effect], after=list(traded))
    return traded


def _flashback(campaign: Any, run: ScoreRun, pc: Any, clock: Clock) -> bool:
    """BITD.FLASH.1-2: facing a desperate spot (a scoundrel who leads: any spot short of controlled), a scoundrel
    may reveal earlier preparation.

    The GM sets the cost (0 ordinary, 1 complex, 2 elaborate: by the
    obstacle's size and the target's Tier); a flashback to a downtime
    activity may pay 1 coin or 1 rep instead (BITD.FLASH.3). It resolves as
    a fortune roll on the scoundrel's best setup action (one who leads chooses the action,
    :func:`~sim.blades.score.leads.flashback_action`): a 4+ means the
    preparation pays off and the coming position improves one step. It never
    undoes what already happened (BITD.FLASH.4): harm, ticks and clocks stand.
    """
    ctx = run.ctx
    suggested = (clock.size > 4) + (ctx.target_tier > ctx.quality + 1)
    cost = campaign.ask("gm", "flashback_cost", (0, 1, 2), {"suggested": min(suggested, 2), "obstacle": clock.id})
    if pc.stress + cost >= pc.stress_max:
        return False
    if not campaign.ask(pc.id, "flashback", (False, True), {"pc": pc.id, "cost": cost, "stress": pc.stress,
                                                              "plan": ctx.plan}):
        return False
    payment = "stress"
    if cost:
        ways = ("stress",) + (("coin",) if campaign.crew.coin >= 1 else ()) + (("rep",) if campaign.crew.rep >= 1 else ())
        payment = campaign.ask(pc.id, "flashback_payment", ways, {"pc": pc.id, "cost": cost, "stress": pc.stress})
        if payment == "coin":
            campaign.add_coin(-1, "flashback")
        elif payment == "rep":
            campaign.add_rep(-1, "flashback")
        else:
            campaign.add_stress(pc, cost, "flashback")
    if campaign.seats.leads(pc.id):  # issue 30: a person chooses the action of the flashback's roll
        action = flashback_action(campaign, run, pc, clock, cost)
    else:
        action = max(SETUP_ACTIONS[ctx.plan], key=lambda a: pc.actions.get(a, 0))
    roll = fortune_roll(campaign, "flashback", pc.actions.get(action, 0), pc=pc.id, action=action)
    worked = roll.result != "failure"
    campaign.emit("flashback", pc=pc.id, cost=cost, paid=payment, action=action, result=roll.result, improved=worked,
                  obstacle=clock.id)
    campaign.count("flashback")
    return worked


def _check_clocks(campaign: Any, run: ScoreRun) -> None:
    """BITD.CLOCK.4: when a score clock fills, its trouble happens (once per clock).

    A danger or racing clock (alert, reinforcements, pursuit, ...) raises the
    alarm: every later position is one step worse and the score's exposure is
    at least high (:data:`ALARM_EXPOSURE`). A mission clock (the window) closes: the score fails.
    """
    clocks = run.tally.clocks
    if not clocks:
        return
    seen = run.seen
    due = [cid for cid, clock in clocks.items() if clock.full and cid not in seen]  # dealing with one fills no other
    if not due:
        return
    for cid in sorted(due):
        clock = clocks[cid]
        seen.append(cid)
        if clock.kind == "mission":
            run.closed = True
            campaign.emit("danger", clock=cid, kind=clock.kind, happens="window closed", exposure=run.tally.exposure)
        elif clock.kind in ("danger", "racing"):
            first = not run.alarm
            run.alarm = True
            run.tally.raise_exposure(ALARM_EXPOSURE)
            campaign.emit("danger", clock=cid, kind=clock.kind, happens="alarm" if first else "more trouble",
                          exposure=run.tally.exposure)


def _strain(actors: list) -> tuple[int, int]:
    """What the crew has suffered so far: total stress and harm (trauma resets stress, so it counts too)."""
    stress = harm = 0
    for pc in actors:
        rows = pc.harm
        stress += pc.stress + 10 * len(pc.trauma)
        harm += len(rows[1]) + len(rows[2]) + len(rows[3])
    return stress, harm


# --- scripted answers -----------------------------------------------------------------------------

@decision("sit_out")
def choose_sit_out(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``sit_out_harm``: stay behind while carrying harm of this level or worse."""
    return d.context["worst_harm"] >= traits["sit_out_harm"]


@decision("spotlight")
def choose_spotlight(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The readiest scoundrel acts; on a tie, the one who has waited longest (then crew order)."""
    ready, last = d.context["readiness"], d.context["last_acted"]
    best = d.options[0]
    for pc in d.options:  # max(..., key=(readiness, -last acted)) as a plain loop: the first of equals stays
        if ready[pc] > ready[best] or (ready[pc] == ready[best] and last[pc] < last[best]):
            best = pc
    return best


@decision("flashback")
def choose_flashback(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player traits ``flashback_chance`` and ``flashback_max_cost``."""
    return d.context["cost"] <= traits["flashback_max_cost"] and rng.random() < traits["flashback_chance"]


@decision("preemptive_resistance")
def choose_preemptive_resistance(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """The scripted GM always asks for it when the rules allow (a dominant foe, a desperate spot)."""
    return True


@decision("trade")
def choose_trade(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``trade``: ``effect`` takes a worse position when effect is poor; ``position`` gives up
    effect for safety when desperate; ``none`` never trades."""
    want, c = traits["trade"], d.context
    if want == "effect" and "effect" in d.options and c["effect"] in ("zero", "limited") and c["position"] == "controlled":
        return "effect"
    if want == "effect" and "effect" in d.options and c["effect"] == "zero":
        return "effect"
    if want == "position" and "position" in d.options and c["position"] == "desperate":
        return "position"
    return "none"


@decision("flashback_payment")
def choose_flashback_payment(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """BITD.FLASH.3: pay stress while it stays within ``push_max_stress``, else coin, else rep."""
    if d.context["stress"] + d.context["cost"] <= traits["push_max_stress"] or len(d.options) == 1:
        return "stress"
    return d.options[1]


@decision("flashback_cost")
def choose_flashback_cost(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """BITD.FLASH.2: the GM charges what the situation suggests."""
    return d.context["suggested"]
