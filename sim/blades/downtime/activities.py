"""Downtime, part two: the six activities (BITD.DOWNTIME.ACT).

Each active scoundrel gets two free activities (one while the crew is at war,
BITD.DOWNTIME.ACT.2 / BITD.FACTION.7) and may buy more with 1 coin or 1 rep.
After a rolled activity, coin raises the result one level per coin
(BITD.DOWNTIME.ACT.4, :mod:`sim.blades.crew.coin`). Indulging vice, the sixth, is
:mod:`sim.blades.downtime.vice`; both are re-exported here.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.advancement import cohorts
from sim.blades.advancement.advancement import mark_xp, tier_cost
from sim.blades.arcana import arcane, craft, rituals
from sim.blades.city import claims
from sim.blades.crew import abilities, mechanics
from sim.blades.crew.coin import coin_budget, raise_with_coin  # noqa: F401 (the activities' coin, re-exported)
from sim.blades.crew.state import STASH_PER_COIN, XP_TRACKS, Campaign, Scoundrel
from sim.blades.downtime.downtime import roll_dice, update_war
from sim.blades.downtime.vice import (  # noqa: F401 (indulging vice, one of the six: re-exported)
    OVERINDULGENCES, choose_overindulgence, choose_vice_friend, friend_helps, friend_may_help, indulge_vice,
    lowest_attribute, unindulged_vice, vice_dice)
from sim.clocks import Clock
from sim.dice import RESULTS, raise_result, ticks_for_result
from sim.rng import Rng

ACTIVITIES = ("acquire_asset", "long_term_project", "recover", "reduce_heat", "train", "indulge_vice")
ARCANE_ACTIVITIES = ("craft", "ritual")  # BITD.CRAFT.2, BITD.RITUAL.3: downtime activities too (sim.blades.arcana.arcane)
REDUCE_HEAT_ACTIONS = ("consort", "sway", "command", "finesse")  # describe the method (BITD.DOWNTIME.REDUCEHEAT.1)
PROJECT_ACTIONS = ("study", "tinker", "consort", "survey")
PEACE_ACTIONS = ("consort", "sway", "command")  # negotiating a new status (BITD.FACTION.7)
ACQUIRED_ASSET = "gear"  # what scripted crews acquire: a set of common items for the next score [inferred]
ALWAYS = frozenset({"always"})  # the situation of a downtime roll's ability dice (Vigorous, Pack rats)
#: BITD.DOWNTIME.ACQUIRE.3: assets that bring +2 heat when acquired rather than crafted
DANGEROUS_ASSETS = ("alchemicals", "bombs", "poisons", "gadgets")
DANGEROUS_ASSET_HEAT = 2
TURF_PROJECT = "turf"  # the crew's standing long-term project: claim a turf when its 8-clock fills [inferred]
#: BITD.GATHER.3: an investigation worked as a long-term project; full, the next score's gathering is answered as if
#: with great effect (the vulnerability is found without a roll) and the clock starts again
INVESTIGATION = "investigation"
INVESTIGATION_ACTIONS = ("study", "survey", "hunt", "consort")


# ------------------------------------------------------------- choosing


@decision("activity")
def choose_activity(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A scripted scoundrel's downtime: heal, then vice when stressed, then heat, then train or build.

    At war (trait ``seek_peace``) the scoundrel works the peace project before reducing heat; a policy that
    ``avoid_war``s also puts it before healing anything short of severe (level 3) harm."""
    c = d.context
    opts = d.options
    harm = c.get("worst_harm", 0)
    skilled = c.get("project_dice", 1) > 0  # nobody works a project on a 0-dice roll by choice
    peace = "long_term_project" in opts and c.get("at_war") and traits.get("seek_peace", True) and skilled
    if "recover" in opts and harm >= int(traits.get("recover_min_harm", 1)) and (not c.get("recovered") or harm >= 3) \
            and not (peace and traits["avoid_war"] and harm < 3):
        return "recover"
    stress = c.get("stress", 0)
    if "indulge_vice" in opts and (stress >= int(traits.get("vice_min_stress", 3)) or (c.get("trauma") and stress >= 2)):
        return "indulge_vice"  # with trauma, not indulging costs stress (BITD.DOWNTIME.VICE.3)
    if peace:
        return "long_term_project"  # negotiate an end to the war (war adds heat every score: peace first)
    wish = c.get("arcane", "")  # a ritual or an item the sheet points to (sim.blades.arcana.arcane.hint)
    if wish in opts and stress + c.get("ritual_stress", 0) <= int(traits.get("resist_max_stress", 6)):
        return wish
    if "reduce_heat" in opts and c.get("heat", 0) >= int(traits.get("reduce_heat_at", 4)):
        return "reduce_heat"
    for activity in traits.get("activity_order", ("train", "long_term_project")):
        if activity in opts and (activity != "long_term_project" or skilled):
            return activity
    return opts[0]


@decision("extra_activity")
def choose_extra_activity(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Buy an extra activity with crew coin, rep or the scoundrel's stash (BITD.DOWNTIME.ACT.2, BITD.COIN.8), or not
    (``none``). Coin first; when badly hurt or stressed (``urgent``), the stash (trait ``stash_when_urgent``) before
    rep (trait ``extra_with_rep``)."""
    if d.context.get("bought", 0) >= int(traits.get("extra_activities", 0)) or not d.context.get("needed"):
        return "none"
    if "coin" in d.options and coin_budget(traits, d.context["coin"], d.context["tier_cost"], "extra_activity") >= 1:
        return "coin"
    if d.context.get("urgent"):
        if "stash" in d.options and traits["stash_when_urgent"]:
            return "stash"
        if "rep" in d.options and traits.get("extra_with_rep", False):  # rep is the road to Tier
            return "rep"
    return "none"


@decision("train_track")
def choose_train_track(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Train the track closest to filling (context ``xp``; ties by track order)."""
    xp = d.context.get("xp", {})
    best, most = None, -1.0
    for t in d.options:  # the fullest; of equals the first
        fill = xp.get(t, 0) / XP_TRACKS[t]
        if fill > most:
            best, most = t, fill
    return best


def activities_allowed(campaign: Campaign, pc: Scoundrel | None = None, at_war: bool | None = None) -> int:
    """BITD.DOWNTIME.ACT.2 / BITD.FACTION.7: 2 free activities each, 1 while at war (``at_war``: the campaign's,
    if already read).

    BITD.DOWNTIME.ACT.5 / BITD.ABIL: War Dogs (crew) keeps 2 at war; Calculating adds 1.
    """
    if at_war is None:
        at_war = campaign.at_war
    at_war = at_war and not mechanics.crew_value(campaign, "war_activities", 0)
    extra = int(mechanics.pc_value(campaign, pc, "extra_activities", 0)) if pc is not None else 0
    return (1 if at_war else 2) + extra


def legal_activities(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """Activities that can do something for ``pc`` now (recover needs harm, reduce heat needs heat...)."""
    return _legal(campaign, pc, campaign.at_war, investigation_ready(campaign))


def _legal(campaign: Campaign, pc: Scoundrel, at_war: bool, ready: bool) -> tuple[str, ...]:
    """:func:`legal_activities` with the crew's war and its investigation's readiness already known."""
    ledger = campaign.ledger
    crew = campaign.crew
    harm = pc.harm
    out = ["recover"] if harm[1] or harm[2] or harm[3] else []
    if pc.stress and pc.id not in ledger.indulged:
        out.append("indulge_vice")
    if crew.heat:
        out.append("reduce_heat")
    trained = ledger.trained
    for t in XP_TRACKS:
        if (pc.id, t) not in trained:
            out.append("train")
            break
    if crew.turf < 6 or at_war or not ready or arcane.projects(campaign, pc):
        out.append("long_term_project")
    out.append("acquire_asset")
    out.extend(arcane.legal(campaign, pc))  # BITD.RITUAL.3, BITD.CRAFT.2
    return tuple(out)


def trauma_trouble(campaign: Campaign, pc: Scoundrel) -> bool:
    """BITD.STRESS.5, BITD.XP.2: a scoundrel with a trauma condition may play it to cause trouble, which earns the
    end-of-session "struggled with vice or trauma" xp; the trouble costs a downtime activity `[inferred]`. Offered
    (``trauma_trouble``) when the session has not already brought a struggle (a new trauma, an overindulgence).
    Journals ``activity`` ``trauma_trouble`` with the ``condition``; True when played."""
    turn = campaign.turn
    if not pc.trauma or len(pc.trauma) > turn.trauma_before.get(pc.id, len(pc.trauma)):
        return False
    if pc.id in campaign.ledger.overindulged:
        return False
    condition = campaign.ask(pc.id, "trauma_trouble", tuple(pc.trauma) + ("none",), {
        "pc": pc.id, "worst_harm": pc.worst_harm, "stress": pc.stress, "heat": campaign.crew.heat})
    if condition == "none":
        return False
    campaign.log_activity(pc, "trauma_trouble", condition=condition)
    return True


@decision("trauma_trouble")
def choose_trauma_trouble(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Play the first trauma condition when the activity it costs is not needed: no harm, stress below
    ``vice_min_stress`` and heat below ``reduce_heat_at``."""
    c = d.context
    calm = not c["worst_harm"] and c["stress"] < traits["vice_min_stress"] and c["heat"] < traits["reduce_heat_at"]
    return d.options[0] if calm else "none"


def _cohort_replacement(campaign: Campaign, owed: int) -> tuple[int, Any]:
    """BITD.COHORT.9: whether the crew replaces a destroyed cohort this downtime (:func:`sim.blades.advancement.cohorts.replacement`,
    offered when the scoundrels have two activities to spare after the favors owed): ``(activities, cohort)``."""
    if not any(c.harm >= cohorts.DEAD for c in campaign.crew.cohorts):
        return 0, None
    spare = sum(activities_allowed(campaign, pc) for pc in campaign.active_pcs) - owed
    active = campaign.active_pcs
    dead = cohorts.replacement(campaign, active[0].id if active and spare >= 2 else None)
    return (2, dead) if dead is not None else (0, None)


def downtime_activities(campaign: Campaign) -> None:
    """BITD.DOWNTIME.ACT: every active scoundrel takes their activities, then unindulged vice costs stress."""
    owed = campaign.begin_activities()
    replacing, dead = _cohort_replacement(campaign, owed)
    crew = campaign.crew
    for pc in campaign.active_pcs:  # a new list: a scoundrel lost in vice stays in it
        # read again after each activity (peace, attracted trouble change statuses); nothing else here does
        at_war = campaign.at_war
        slots = activities_allowed(campaign, pc, at_war)
        if owed and slots:  # a favor for a +3 faction takes an activity (cooperation)
            owed -= 1
            slots -= 1
            campaign.emit("activity", pc=pc.id, activity="favor", free=True)
        while replacing and slots:  # BITD.COHORT.9: two activities to replace a destroyed cohort
            replacing -= 1
            slots -= 1
            campaign.log_activity(pc, "replace_cohort", cohort=dead.id)
            if not replacing:
                cohorts.replace(campaign, pc.id, dead)
        if slots and pc.trauma and trauma_trouble(campaign, pc):
            slots -= 1
        bought = recovered = 0
        ratings = pc.actions
        while pc.status == "active":
            if slots <= 0:
                pays = ("coin",) if crew.coin >= 1 else ()
                if crew.rep >= 1:
                    pays += ("rep",)
                if pc.stash >= STASH_PER_COIN:
                    pays += ("stash",)
                worst = pc.worst_harm
                stress = pc.stress
                pay = campaign.ask(pc.id, "extra_activity", pays + ("none",), {
                    "bought": bought, "needed": bool(worst or stress >= 3 or crew.heat >= 4),
                    "urgent": bool(worst >= 2 or stress >= 6), "coin": crew.coin, "tier_cost": tier_cost(campaign)})
                if pay == "none":
                    break
                if pay == "coin":
                    campaign.add_coin(-1, "extra activity")
                elif pay == "stash":  # BITD.COIN.8: 2 stash make the 1 coin it costs
                    campaign.withdraw_stash(pc, 1, "extra activity")
                else:
                    campaign.add_rep(-1, "extra activity")
                bought += 1
                slots += 1
            if at_war is None:
                at_war = campaign.at_war
            ready = investigation_ready(campaign)
            options = _legal(campaign, pc, at_war, ready)
            # the best rating among the first project's actions (:func:`projects`, in its order)
            project_dice = max(map(ratings.get, PEACE_ACTIONS if at_war else INVESTIGATION_ACTIONS
                                   if crew.turf >= 6 and not ready else PROJECT_ACTIONS, repeat(0)))
            wish, ritual_stress = arcane.wish(campaign, pc, options)
            activity = campaign.ask(pc.id, "activity", options, {
                "worst_harm": pc.worst_harm, "stress": pc.stress, "heat": crew.heat, "trauma": len(pc.trauma),
                "recovered": recovered, "at_war": at_war, "project_dice": project_dice, "arcane": wish,
                "ritual_stress": ritual_stress})
            slots -= 1
            if activity == "recover":
                recovered += 1
            ACTIVITY_RULES[activity](campaign, pc)
            at_war = None
    for pc in campaign.active_pcs:
        unindulged_vice(campaign, pc)


# -------------------------------------------------------------- the six


def acquire_dice_from(campaign: Campaign, pc: Scoundrel | None = None, asset: str = ACQUIRED_ASSET) -> dict[str, int]:
    """BITD.DOWNTIME.ACQUIRE.2-3, by source: crew Tier, +1d with Warehouses, +1d re-acquiring the same asset, + the
    crew's (and ``pc``'s) ``acquire`` bonus dice (Pack rats). The ``activity`` event's ``dice_from``."""
    crew = campaign.crew
    return {"tier": crew.tier, "warehouses": int("warehouses" in claims.benefits(campaign)),
            "again": int(asset in campaign.ledger.assets), "abilities": abilities.bonus(campaign, pc, "acquire", ALWAYS)[0]}


def acquire_dice(campaign: Campaign, pc: Scoundrel | None = None, asset: str = ACQUIRED_ASSET) -> int:
    """The acquire-asset pool: the sum of :func:`acquire_dice_from`."""
    return sum(acquire_dice_from(campaign, pc, asset).values())


def acquire_asset(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.DOWNTIME.ACQUIRE.2: roll crew Tier; quality Tier-1 / Tier / Tier+1 / Tier+2 by result.

    What is acquired (BITD.DOWNTIME.ACQUIRE.1: an item, a cohort, a vehicle or a service, for one stretch) is
    one abstract asset, or a dangerous one the scoundrel names; its only number is its quality."""
    crew = campaign.crew
    asset = campaign.ask(pc.id, "asset", (ACQUIRED_ASSET,) + DANGEROUS_ASSETS, {
        "pc": pc.id, "heat": crew.heat, "dangerous_heat": DANGEROUS_ASSET_HEAT, "held": list(campaign.ledger.assets)})
    again = asset in campaign.ledger.assets  # BITD.DOWNTIME.ACQUIRE.3: re-acquiring the same asset +1d
    roll = roll_dice(campaign, acquire_dice(campaign, pc, asset))
    spent, final = raise_with_coin(campaign, pc, roll.result, "acquire_asset")
    levels = mechanics.result_levels(campaign, pc, "acquire_asset")
    final = raise_result(final, levels)
    quality = max(0, crew.tier + RESULTS.index(final) - 1)
    campaign.log_activity(pc, "acquire_asset", asset=asset, again=again, dice=roll.dice,
                          faces=list(roll.faces), result=roll.result, coin_spent=spent, bonus_levels=levels,
                          final_result=final, quality=quality, tier=crew.tier,
                          dice_from=acquire_dice_from(campaign, pc, asset))
    if asset in DANGEROUS_ASSETS:  # BITD.DOWNTIME.ACQUIRE.3: alchemicals, bombs, poisons, gadgets bought: +2 heat
        campaign.add_heat(0, {"dangerous_asset": DANGEROUS_ASSET_HEAT})
    return final


@decision("asset")
def choose_asset(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Common gear for the next score (the dangerous kinds cost heat the scripted crews never need)."""
    return d.options[0]


def best_action(pc: Scoundrel, actions: tuple[str, ...]) -> str:
    """The scoundrel's best-rated of ``actions`` (the first listed on a tie): the one a downtime roll uses."""
    rated = list(map(pc.actions.get, actions, repeat(0)))
    return actions[rated.index(max(rated))]


def current_project(campaign: Campaign) -> tuple[str, tuple[str, ...]]:
    """The project a long-term project activity works on, and the actions that fit it.

    At war (BITD.FACTION.7): negotiating a new status with the strongest enemy
    at -3 ("peace_<faction>"), worked with Consort, Sway or Command. Otherwise
    the crew's standing project to take a new turf [inferred].
    """
    enemies = sorted((f for f in campaign.factions.values() if f.status <= -3), key=lambda f: (-f.tier, f.id))
    if enemies:
        return f"peace_{enemies[0].id}", PEACE_ACTIONS
    return TURF_PROJECT, PROJECT_ACTIONS


def projects(campaign: Campaign) -> dict[str, tuple[str, ...]]:
    """The long-term projects a scoundrel may work on now, with the actions that fit each: the standing one
    (:func:`current_project`; none when the crew's 6 turf leave nothing to take), and an investigation
    (BITD.GATHER.3) unless one is complete and waiting for the next score."""
    project, actions = current_project(campaign)
    out = {} if project == TURF_PROJECT and campaign.crew.turf >= 6 else {project: actions}
    if not investigation_ready(campaign):
        out[INVESTIGATION] = INVESTIGATION_ACTIONS
    return out or {project: actions}


def investigation_ready(campaign: Campaign) -> bool:
    """BITD.GATHER.3: an investigation's clock is full, its answers waiting for the next score."""
    clock = campaign.clocks.get(INVESTIGATION)
    return clock is not None and clock.full


def choose_project(campaign: Campaign, pc: Scoundrel, own: list | tuple = ()) -> tuple[str, tuple[str, ...]]:
    """The project ``pc`` works on, their choice (``project``) when there is more than one: the crew's projects
    on offer (:func:`projects`) and the scoundrel's ``own`` ritual and formula projects (``(id, actions, size)``,
    :func:`sim.blades.arcana.arcane.projects`; BITD.RITUAL.1, BITD.CRAFT.1)."""
    on_offer = projects(campaign)
    mine = {p: actions for p, actions, _ in own}
    if mine and campaign.crew.turf >= 6 and set(on_offer) == {TURF_PROJECT}:
        on_offer = {}  # the turf project only as the last resort: the scoundrel has projects of their own
    if len(on_offer) + len(mine) == 1:
        return next(iter({**on_offer, **mine}.items()))
    names = {("peace" if p.startswith("peace_") else p): p for p in on_offer}  # peace_<faction>: "peace"
    names.update({p: p for p in mine})
    actions_of = {**on_offer, **mine}
    ratings = pc.actions
    dice = {n: max(map(ratings.get, actions_of[p], repeat(0))) for n, p in names.items()}
    enemy = next((p[len("peace_"):] for p in on_offer if p.startswith("peace_")), "")
    crew_open = bool(on_offer)
    choice = campaign.ask(pc.id, "project", tuple(names), {
        "pc": pc.id, "dice": dice, "turf": campaign.crew.turf, "faction": enemy, "at_war": campaign.at_war,
        "crew_project": crew_open, "fits": arcane.fitting_projects(campaign, pc, mine)})
    return names[choice], actions_of[names[choice]]


def long_term_project(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.DOWNTIME.LTP.1: roll the best fitting action; tick the project's 8-clock 1/2/3/5 (BITD.CLOCK.2).

    Projects (:func:`current_project`): when a peace clock fills, the war ends
    in a negotiated status of -2 with that faction (BITD.FACTION.7) [inferred];
    when the turf clock fills the crew gains 1 turf (max 6) [inferred].
    """
    own = arcane.projects(campaign, pc)  # BITD.RITUAL.1, BITD.CRAFT.1: the scoundrel's own projects
    project, actions = choose_project(campaign, pc, own)
    if any(p == project for p, _, _ in own):
        return own_project(campaign, pc, next(p for p in own if p[0] == project))
    action = best_action(pc, actions)
    roll = roll_dice(campaign, pc.rating(action))
    spent, final = raise_with_coin(campaign, pc, roll.result, "long_term_project")
    ticks = ticks_for_result(final, campaign.options["ltp_critical_ticks"])
    clock = campaign.clocks.get(project)
    if clock is None:
        clock = campaign.add_clock(Clock(project, 8, "project", owner="crew"), "long-term project")
    if not campaign.journal.skip("activity"):
        campaign.emit("activity", pc=pc.id, activity="long_term_project", project=project, action=action,
                      dice=roll.dice, faces=list(roll.faces), result=roll.result, coin_spent=spent, bonus_levels=0,
                      final_result=final, ticks=ticks, critical_ticks=campaign.options["ltp_critical_ticks"])
    campaign.tick_clock(clock, ticks, "long-term project")
    if clock.full and project == INVESTIGATION:
        campaign.count("investigations")  # full: its answers wait for the next score (BITD.GATHER.3)
    elif clock.full:
        campaign.clear_clock(clock, "project complete")
        if project == TURF_PROJECT:
            campaign.set_crew("project complete", turf=campaign.crew.turf + 1)
            campaign.count("turf_projects")
        else:
            enemy = project[len("peace_"):]
            campaign.change_status(enemy, -2 - campaign.factions[enemy].status, "negotiated peace")
            campaign.remove_clock(clock, "negotiated peace")
            update_war(campaign)
    return final


def own_project(campaign: Campaign, pc: Scoundrel, project: tuple[str, tuple[str, ...], int]) -> str:
    """BITD.DOWNTIME.LTP.1 on a scoundrel's own project (BITD.RITUAL.1 a ritual's source or learning, BITD.CRAFT.1
    inventing or learning a formula): its clock is the scoundrel's (``<pc>:<project>``, sized by the project);
    a crafting ability adds its result level to inventing its kind (``bonus_levels``)."""
    name, actions, size = project
    action = best_action(pc, actions)
    roll = roll_dice(campaign, pc.rating(action))
    spent, final = raise_with_coin(campaign, pc, roll.result, "long_term_project")
    levels = arcane.project_levels(campaign, pc, name)
    final = raise_result(final, levels)
    critical = campaign.options["ltp_critical_ticks"]
    ticks = ticks_for_result(final, critical)
    key = f"{pc.id}:{name}"
    clock = campaign.clocks.get(key)
    if clock is None:
        clock = campaign.add_clock(Clock(key, size, "project"), "long-term project")
    if not campaign.journal.skip("activity"):
        campaign.emit("activity", pc=pc.id, activity="long_term_project", project=name, action=action,
                      dice=roll.dice, faces=list(roll.faces), result=roll.result, coin_spent=spent, bonus_levels=levels,
                      final_result=final, ticks=ticks, critical_ticks=critical, clock_size=size)
    campaign.tick_clock(clock, ticks, "long-term project")
    if clock.full:
        campaign.remove_clock(clock, "project complete")
        arcane.finish(campaign, pc, name)
    return final


def _healer(campaign: Campaign, pc: Scoundrel) -> tuple[str, int, int]:
    """BITD.DOWNTIME.RECOVER.1, .3: (healer, dice, stress cost to the patient)."""
    for other in campaign.pcs:
        if other.status == "active" and "physicker" in other.abilities:
            if other is pc:
                return other.id, other.rating("tinker"), 2  # self-treatment: +2 stress
            return other.id, other.rating("tinker"), 0
    for cohort in campaign.crew.cohorts:
        if cohort.kind == "expert" and cohort.type in ("physicker", "doctor") and cohort.harm < 3:
            return cohort.id, cohort.quality, 0
    return "", 0, 1  # untreated: 1 stress, roll 0d


def recover_roll(campaign: Campaign, pc: Scoundrel) -> tuple[str, int, int]:
    """BITD.DOWNTIME.RECOVER.1-3: (healer, dice, stress the patient pays): the healer's dice, +1d from the
    patient's and the crew's ``healing`` bonus dice (Vigorous, Anointed), +1d with an Infirmary."""
    healer, dice, stress = _healer(campaign, pc)
    dice += abilities.bonus(campaign, pc, "healing", ALWAYS)[0]
    if "infirmary" in claims.benefits(campaign):
        dice += 1
    return healer, dice, stress


def recover(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.DOWNTIME.RECOVER.1-3: tick the 4-segment healing clock; full -> all harm one level down, roll over."""
    healer, dice, stress = recover_roll(campaign, pc)
    vigorous = int("vigorous" in pc.abilities)
    infirmary = int("infirmary" in campaign.crew.claims)
    # the healer's Tinker, or a cohort's quality (0: none)
    dice_from = {"vigorous": vigorous, "infirmary": infirmary, "healer": dice - vigorous - infirmary}
    if stress:
        campaign.add_stress(pc, stress, "recover untreated" if not healer else "self-treatment")
    roll = roll_dice(campaign, dice)
    spent, final = raise_with_coin(campaign, pc, roll.result, "recover", heal_left=pc.healing.size - pc.healing.filled)
    ticks = ticks_for_result(final)
    if not campaign.journal.skip("activity"):
        campaign.emit("activity", pc=pc.id, activity="recover", healer=healer, dice=roll.dice, faces=list(roll.faces),
                      result=roll.result, coin_spent=spent, bonus_levels=0, final_result=final, ticks=ticks,
                      dice_from=dice_from, patient_stress=stress)
    heal_ticks(campaign, pc, ticks)
    return final


def heal_ticks(campaign: Campaign, pc: Scoundrel, ticks: int) -> None:
    """Tick the healing clock; each time it fills every harm drops a level and extra ticks roll over."""
    clock = pc.healing
    while ticks > 0:
        overflow = campaign.tick_clock(clock, ticks, "recover")
        if not clock.full:
            break
        campaign.heal_one_level(pc)
        campaign.clear_clock(clock, "healed")
        ticks = overflow if pc.worst_harm else 0


def reduce_heat(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.DOWNTIME.REDUCEHEAT.1: an action roll; remove 1/2/3/5 heat."""
    action = best_action(pc, REDUCE_HEAT_ACTIONS)
    roll = roll_dice(campaign, pc.rating(action))
    spent, final = raise_with_coin(campaign, pc, roll.result, "reduce_heat")
    levels = mechanics.result_levels(campaign, pc, "reduce_heat")
    final = raise_result(final, levels)
    amount = ticks_for_result(final)
    removed = min(amount, campaign.crew.heat)
    if not campaign.journal.skip("activity"):
        campaign.emit("activity", pc=pc.id, activity="reduce_heat", action=action, dice=roll.dice,
                      faces=list(roll.faces), result=roll.result, coin_spent=spent, bonus_levels=levels,
                      final_result=final, heat_before=campaign.crew.heat, heat_removed=removed)
    campaign.remove_heat(amount, "reduce heat")
    return final


def train(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.DOWNTIME.TRAIN.1: 1 xp (2 with the matching Training upgrade) on a track not yet trained this downtime."""
    free = tuple(t for t in XP_TRACKS if (pc.id, t) not in campaign.ledger.trained)
    track = campaign.ask(pc.id, "train_track", free, {"xp": dict(pc.xp)})
    amount = 2 if campaign.crew.upgrades.get(f"training_{track}", 0) >= 1 else 1
    campaign.log_activity(pc, "train", track=track, xp=amount)
    mark_xp(campaign, pc, track, amount, "train")
    return track


ACTIVITY_RULES = {
    "acquire_asset": acquire_asset,
    "long_term_project": long_term_project,
    "recover": recover,
    "reduce_heat": reduce_heat,
    "train": train,
    "indulge_vice": indulge_vice,
    "craft": craft.craft,  # BITD.CRAFT.2
    "ritual": rituals.perform_ritual,  # BITD.RITUAL.3
}
