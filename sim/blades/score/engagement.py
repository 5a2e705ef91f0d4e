"""Free play up to the engagement roll (BITD.CORE.6, BITD.GATHER, BITD.SCORE.2-6, BITD.LOAD).

:func:`free_play` may make the score a claim seizure (:mod:`sim.blades.city.claims`),
else picks a target from ``blades/targets`` by policy (weights,
the crew's Tier + the policy's ``target_tier_delta``, factions in the
scenario), a plan and its detail (BITD.SCORE.2), gathers information
(BITD.GATHER: a fortune roll, or an action roll when the target's secrets are
an obstacle), may stage a diversion (BITD.SCORE.6), lets each scoundrel
choose a load, which restores armor (BITD.LOAD, BITD.ARMOR.2), and makes the
engagement roll (BITD.SCORE.4-5).
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision, pick_weighted
from sim.blades.city import claims
from sim.blades.crew import abilities, mechanics
from sim.blades.crew.state import ACTIONS, STASH_MAX
from sim.blades.downtime.activities import INVESTIGATION
from sim.blades.downtime.downtime import crew_voice, fortune_roll, roll_dice
from sim.blades.score.action import SETUP_ACTIONS, ScoreContext, gm_effect, gm_position, shift, solo_action
from sim.blades.score.effects import ScoreTally
from sim.blades.score.outcomes import ScorePlan
from sim.blades.tables import PLANS, score_tables
from sim.dice import EFFECTS, POSITIONS
from sim.errors import ContentError, Problem
from sim.i18n import text_of
from sim.rng import Rng

#: BITD.SCORE.2: the detail each plan needs.
PLAN_DETAIL = {"assault": "point of attack", "deception": "method of deception", "stealth": "point of infiltration",
               "occult": "arcane method", "social": "social connection", "transport": "route and means"}
#: BITD.GATHER.5: actions that find out what a plan needs to know, best first.
GATHER_ACTIONS = {"assault": ("survey", "hunt", "study"), "deception": ("study", "consort", "sway"),
                  "stealth": ("survey", "study", "prowl"), "occult": ("attune", "study", "consort"),
                  "social": ("consort", "sway", "study"), "transport": ("survey", "hunt", "consort")}
#: BITD.SCORE.5: engagement result -> the opening position.
START_POSITION = {"critical": "controlled", "success": "controlled", "partial": "risky", "failure": "desperate"}
#: BITD.LOAD.2: the most load each level allows.
LOAD_LIMITS = {"light": 3, "normal": 5, "heavy": 6}
LOADS = tuple(LOAD_LIMITS)


def free_play(campaign: Any) -> ScorePlan:
    """Choose a target and plan, gather information, choose loads, roll engagement; return the plan."""
    tables = score_tables(campaign.content)
    leader = _leader(campaign)
    target = claims.choose_claim(campaign, leader) or choose_target(campaign, leader)  # BITD.SCORE.1
    plans, obstacles = _target_facts(tables, target)
    if campaign.seats.leads(leader.id):  # a person: any of the six plans (BITD.SCORE.2), each with its engagement
        plan = campaign.ask(leader.id, "plan", PLANS, {"pc": leader.id, "target": target["id"],
                                                        "target_row": target_row(target)})
    else:
        plan = campaign.ask(leader.id, "plan", plans, {"pc": leader.id, "target": target["id"]})
    detail = f"{tables.details.get(plan, PLAN_DETAIL[plan])}: {target.get('name', target['id'])}"
    campaign.emit("plan", target=target["id"], faction=target["faction"], tier=target["tier"], plan=plan, detail=detail)
    vulnerable = gather_information(campaign, target, plan, leader)
    tries = 1
    while not vulnerable and campaign.active_pcs and campaign.ask(leader.id, "gather_again", (False, True), {
            "pc": leader.id, "tries": tries, "target": target["id"]}):
        vulnerable = gather_information(campaign, target, plan, leader)  # BITD.GATHER.1: ask again, another way
        tries += 1
    diversion = stage_diversion(campaign, leader, target, plan)
    armor_cost = campaign.options["armor_load"]
    heavy_cost = armor_cost + campaign.options["heavy_armor_load"]
    loads = {pc.id: _choose_load(campaign, pc, plan, armor_cost, heavy_cost) for pc in campaign.pcs
             if pc.status == "active"}
    daring = campaign.ask(leader.id, "daring", (False, True), {
        "pc": leader.id, "plan": plan, "target": target["id"], "vulnerable": vulnerable, "diversion": diversion,
        "target_row": target_row(target)})
    dice, factors = engagement_dice(campaign, target, plan, vulnerable, daring, strongest_against(target, plan))
    if diversion is False:  # BITD.SCORE.6: a failed diversion may cost the engagement a die
        factors["diversion"] = -1
        dice -= 1
    roll = roll_dice(campaign, dice)
    position = START_POSITION[roll.result]
    if diversion:  # ... and a successful one improves the opening position
        position = shift(POSITIONS, position, -1)
    campaign.emit("engagement", dice=dice, faces=list(roll.faces), result=roll.result, position=position,
                  factors=factors)
    campaign.count("engagement")
    crew_tier = campaign.crew.tier
    faction = campaign.factions.get(target["faction"])
    return ScorePlan(
        target_id=target["id"], target_faction=target["faction"], target_tier=int(target["tier"]),
        kind=target["kind"], plan=plan, detail=detail, coin=int(target["coin"]), exposure=target["exposure"],
        obstacles=obstacles, loads=loads,
        engagement=roll.result, start_position=position,
        high_profile=int(target["tier"]) >= crew_tier + 2,  # BITD.DOWNTIME.HEAT.2: a well-connected target
        hostile_turf=faction is not None and faction.status <= -2,  # BITD.DOWNTIME.HEAT.2: hostile turf
        claim=target.get("claim", ""),
    )


def target_row(target: Mapping[str, Any]) -> dict:
    """What :func:`engagement_dice` reads of a target, as plain data (a briefing rebuilds the target from it): its
    faction, Tier, kind, how many obstacle layers, and the plans it is not strongest against (BITD.SCORE.4)."""
    return {"faction": target["faction"], "tier": target["tier"], "kind": target.get("kind", ""),
            "obstacles": len(target["obstacles"]), "plans": list(target["plans"])}


def strongest_against(target: Mapping[str, Any], plan: str) -> bool:
    """BITD.SCORE.4: the target is strongest against ``plan``, one it does not list among its ``plans``."""
    return plan not in target.get("plans", PLANS)


#: id of a content target -> (the target, the plans it allows in PLANS order, its obstacles as (English name, size)):
#: a content record does not change, so these are worked out once (a claim target is made per score: not kept)
_FACTS: dict[int, tuple[Mapping[str, Any], tuple[str, ...], tuple[tuple[str, int], ...]]] = {}


def _target_facts(tables: Any, target: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    hit = _FACTS.get(id(target))
    if hit is not None and hit[0] is target:
        return hit[1], hit[2]
    plans = tuple(p for p in PLANS if p in target["plans"])
    obstacles = tuple((text_of(o["name"], "en"), int(o["size"])) for o in target["obstacles"])
    if tables.targets_by_id.get(target["id"]) is target:
        if len(_FACTS) > 4096:
            _FACTS.clear()
        _FACTS[id(target)] = (target, plans, obstacles)
    return plans, obstacles


def side_action(campaign: Any, target: Mapping[str, Any], plan: str, pc: Any, action: str, kind: str) -> Any:
    """An action roll made before the score (a diversion, or gathering against a dominant target).

    Risky by default, effect by the factors against the target (BITD.ACTION.2-4,
    BITD.EFFECT.2); its consequences land now, and any heat they bring is added
    at once. Returns the action's outcome (None if it could not be made).
    """
    tally = ScoreTally(None, "quiet")
    ctx = ScoreContext(plan, target["faction"], int(target["tier"]), campaign.crew.tier, kind=target.get("kind", ""))
    position = gm_position(campaign, "risky", pc=pc.id, action=action, obstacle=kind)
    effect = gm_effect(campaign, ctx, action, pc=pc.id, obstacle=kind)
    out = solo_action(campaign, tally, ctx, pc, action, position, effect, kind=kind)
    if tally.heat:
        campaign.add_heat(0, dict(sorted(tally.heat.items())))
    return out


def stage_diversion(campaign: Any, leader: Any, target: Mapping[str, Any], plan: str) -> bool | None:
    """BITD.SCORE.6 (a): a linked diversion as a setup maneuver; None when the crew stages none.

    The leader's policy decides (player trait ``setup_chance``, the same
    taste for setting things up as in the score, BITD.TEAM.4). The scoundrel
    best at one of the plan's setup actions makes an action roll (risky,
    effect by the factors; consequences land now). Anything but a failure
    improves the opening position one step; a failure costs the engagement 1d.
    """
    if not campaign.ask(leader.id, "diversion", (False, True), {"pc": leader.id, "plan": plan, "target": target["id"]}):
        return None
    moves = SETUP_ACTIONS[plan]
    pc, action = max(((p, a) for p in campaign.pcs if p.status == "active" and not p.harm[3] for a in moves),
                     key=lambda pa: (pa[0].actions.get(pa[1], 0), -moves.index(pa[1])), default=(None, None))
    if pc is None:
        return None
    out = side_action(campaign, target, plan, pc, action, "diversion")
    worked = out is not None and out.result != "failure" and not out.lost_opportunity
    campaign.emit("diversion", pc=pc.id, action=action, result=out.result if out else "none", worked=worked)
    campaign.count("diversion")
    return worked


def _leader(campaign: Any) -> Any:
    """Who chooses the claim, target and plan: the crew voice (:func:`~sim.blades.downtime.downtime.crew_voice`: a
    leading seat's active scoundrel first, so a person who holds any active scoundrel speaks for the crew)."""
    pc = crew_voice(campaign)
    if pc is None:
        raise ValueError("free play needs an active scoundrel")
    return pc


def target_weight(entry: Mapping[str, Any], wanted_tier: int, status: int, hostile: float = 1.0,
                  avoid_war: bool = False) -> float:
    """A target's draw weight: its table weight, quartered per Tier away from the wanted Tier.

    Factions friendly to the crew (status +2 or more, BITD.FACTION.5) are
    not robbed while anyone else is on offer (weight x 1/16); hostile ones
    keep ``hostile`` of their weight per step below 0 (at -3 the crew is at
    war with them, BITD.FACTION.7: a cautious crew does not walk into one).
    With ``avoid_war``, a faction at -2, one score from war (BITD.FACTION.6),
    is also drawn at 1/16.
    """
    weight = float(entry.get("weight", 1)) * 0.25 ** abs(int(entry["tier"]) - wanted_tier)
    return by_status(weight, status, hostile, avoid_war)


def by_status(weight: float, status: int, hostile: float = 1.0, avoid_war: bool = False) -> float:
    """:func:`target_weight`'s ``weight`` for its faction's ``status`` with the crew (unchanged at 0)."""
    if status >= 2:
        return weight / 16
    if avoid_war and status == -2:
        weight /= 16
    return weight * hostile ** -status if status < 0 else weight


#: (id of the score tables, the scenario's faction ids) -> (tables, target ids, their plain rows, their factions
#: sorted): what :func:`choose_target` offers depends on nothing else, so it is worked out once per scenario
_CANDIDATES: dict[tuple, tuple[Any, tuple[str, ...], tuple[dict, ...], tuple[str, ...]]] = {}


def _candidates(tables: Any, factions: Mapping[str, Any]) -> tuple[Any, tuple[str, ...], tuple[dict, ...],
                                                                  tuple[str, ...]]:
    key = (id(tables), tuple(factions))
    hit = _CANDIDATES.get(key)
    if hit is None or hit[0] is not tables:
        candidates = tuple(t for t in tables.targets if t["faction"] in factions and t.get("weight", 1) > 0)
        if not candidates:
            raise ContentError([Problem("content/blades/targets.yaml", 0, "targets",
                                        "no target belongs to a faction of this scenario")])
        rows = tables.target_rows
        if len(_CANDIDATES) > 64:
            _CANDIDATES.clear()
        hit = _CANDIDATES[key] = (tables, tuple(t["id"] for t in candidates),
                                  tuple(rows[t["id"]] for t in candidates),  # what a seat weighs, as plain data
                                  tuple(sorted({t["faction"] for t in candidates})))
    return hit


def target_weights(rows: Sequence[Mapping[str, Any]], wanted_tier: int, statuses: Mapping[str, int],
                   hostile: float = 1.0, avoid_war: bool = False) -> list[float]:
    """:func:`target_weight` of each of ``rows`` (with its faction's status in ``statuses``, 0 if absent): the same
    arithmetic in the same order, so the same floats. The weights quartered by Tier are worked out once per
    wanted Tier (:func:`_weighing`); only the rows of a faction whose status is not 0 are then weighed again."""
    weights, where = _weighing(rows, wanted_tier)
    out = list(weights)
    for faction, status in statuses.items():
        if not status:
            continue
        for i in where.get(faction, ()):
            out[i] = by_status(out[i], status, hostile, avoid_war)
    return out


#: the last tuple of rows weighed and, by wanted Tier, (each row's weight quartered per Tier away from it, faction ->
#: the indexes of its rows): a scenario's candidates are one tuple, offered at every score (:func:`_candidates`);
#: another tuple replaces it
_WEIGHING: list = [None, {}]


def _weighing(rows: Sequence[Mapping[str, Any]], wanted_tier: int) -> tuple[tuple[float, ...], dict[str, tuple[int, ...]]]:
    if _WEIGHING[0] is rows:
        weighed = _WEIGHING[1].get(wanted_tier)
        if weighed is not None:
            return weighed
    where: dict[str, list[int]] = {}
    for i, t in enumerate(rows):
        where.setdefault(t["faction"], []).append(i)
    weighed = (tuple(float(t.get("weight", 1)) * 0.25 ** abs(int(t["tier"]) - wanted_tier) for t in rows),
               {f: tuple(i) for f, i in where.items()})
    if type(rows) is tuple:
        if _WEIGHING[0] is not rows:
            _WEIGHING[0], _WEIGHING[1] = rows, {}
        _WEIGHING[1][wanted_tier] = weighed
    return weighed


def choose_target(campaign: Any, leader: Any) -> Mapping[str, Any]:
    """BITD.SCORE.1: a target of a faction in the scenario, chosen by the leader's policy."""
    tables = score_tables(campaign.content)
    factions = campaign.factions
    _, ids, plain, holders = _candidates(tables, factions)
    chosen = campaign.ask(leader.id, "target", ids, {
        "pc": leader.id, "targets": plain, "crew_tier": campaign.crew.tier,
        "statuses": {f: factions[f].status for f in holders}})
    return tables.targets_by_id[chosen]


def gather_information(campaign: Any, target: Mapping[str, Any], plan: str, leader: Any = None) -> bool:
    """BITD.GATHER.1-2: learn the plan's detail; True if it exploits a vulnerability (+1d engagement).

    The scoundrel best at one of the plan's gathering actions asks; a leading ``leader`` (a person, issue 30)
    says how the crew learns the detail instead: any action (``gather_action``, the plan's own first, each with who
    rolls it and the odds), made by the scoundrel best at it. Against
    a target two or more Tiers above the crew the answers are guarded — an
    obstacle, so an action roll (BITD.ACTION.1: a roll only against an
    obstacle; the GM sets position from risky and effect by the factors;
    consequences land now, heat included); otherwise a fortune roll on the
    action rating. BITD.GATHER.4: +1d on the crew's
    hunting grounds (a preferred operation), +1d Informants, ability dice.
    A 6 or critical finds the vulnerability — a 4/5 too with an ability's
    +1 effect; on an action roll, standard effect or better.
    """
    actions = GATHER_ACTIONS[plan]
    investigation = campaign.clocks.get(INVESTIGATION)
    answered = investigation is not None and investigation.full
    if leader is not None and not answered and campaign.seats.leads(leader.id):
        offered = actions + tuple(a for a in ACTIONS if a not in actions)
        usual = gatherer(campaign, actions)
        actions = (campaign.ask(leader.id, "gather_action", offered, {
            "pc": leader.id, "plan": plan, "detail": plan, "target": target["id"], "target_row": target_row(target),
            "usual": usual[1] if usual is not None else actions[0]}),)
    best = gatherer(campaign, actions)
    if best is None:  # nobody left to ask (an earlier try went badly)
        return False
    pc, action = best
    if answered:  # BITD.GATHER.3: answered as if with great effect
        campaign.clear_clock(investigation, "investigation answered")
        if not campaign.journal.skip("gather"):
            campaign.emit("gather", pc=pc.id, action=action, target=target["id"], vulnerability=True,
                          investigation=True)
        return True
    dice, levels, guarded = gather_dice(campaign, target, plan, pc, action)
    if guarded:
        out = side_action(campaign, target, plan, pc, action, "gather")
        found = out is not None and out.result != "failure" and EFFECTS.index(out.effect) >= EFFECTS.index("standard")
    else:
        roll = fortune_roll(campaign, "gather", dice, pc=pc.id, action=action, target=target["id"])
        found = roll.result in ("success", "critical") or (roll.result == "partial" and levels > 0)
    if not campaign.journal.skip("gather"):
        campaign.emit("gather", pc=pc.id, action=action, target=target["id"], vulnerability=found)
    return found


def gatherer(campaign: Any, actions: Sequence[str]) -> tuple[Any, str] | None:
    """Who gathers, with which of ``actions`` (best first): the active scoundrel best at one, not at level-3 harm
    before one who is; their first best action; of equal keys the first scoundrel. None when nobody is active."""
    best = None
    for pc in campaign.pcs:
        if pc.status != "active":
            continue
        rated = list(map(pc.actions.get, actions, repeat(0)))
        top = max(rated)
        i = rated.index(top)  # the scoundrel's first best action; of equal keys the first scoundrel's stands
        key = (not pc.harm[3], top, -i)
        if best is None or key > best[0]:
            best = (key, pc, actions[i])
    return None if best is None else (best[1], best[2])


def gather_dice(campaign: Any, target: Mapping[str, Any], plan: str, pc: Any, action: str) -> tuple[int, int, bool]:
    """BITD.GATHER.1, .4: the fortune roll's dice for ``pc`` gathering with ``action`` (rating, claims such as
    Informants, ability dice, hunting grounds), the ability's effect levels (a 4/5 finds it too), and whether the
    target guards its answers (two Tiers or more above the crew: an action roll, :func:`side_action`)."""
    gather_claims = score_tables(campaign.content).gather_claims
    bonus = sum(gather_claims.get(c, 0) for c in claims.benefits(campaign))
    grounds = abilities.hunting_grounds(campaign, target.get("kind", ""))
    when = abilities.situations(plan=plan, kind=target.get("kind", ""), action=action, roll="gather",
                                hunting_grounds=grounds)
    extra, levels = abilities.bonus(campaign, pc, "gather", when, action, plan)
    guarded = int(target["tier"]) >= campaign.crew.tier + 2
    return pc.actions.get(action, 0) + bonus + extra + grounds, levels, guarded


def choose_load(campaign: Any, pc: Any, plan: str) -> str:
    """BITD.LOAD.1-3, BITD.ARMOR.2: declare a load; every armor box restores.

    Armor is carried when the load leaves room for it and one more item
    (option ``armor_load``); heavy armor likewise (``heavy_armor_load`` more).
    Special armor (an ability's) restores with the rest.
    An ability with ``load_limits`` (the Mule) raises what each level holds.
    """
    armor_cost = campaign.options["armor_load"]
    return _choose_load(campaign, pc, plan, armor_cost, armor_cost + campaign.options["heavy_armor_load"])


def _choose_load(campaign: Any, pc: Any, plan: str, armor_cost: int, heavy_cost: int) -> str:
    """:func:`choose_load` with the armor's load (options ``armor_load``, ``heavy_armor_load``) read once."""
    load = campaign.ask(pc.id, "load", LOADS, {"pc": pc.id, "plan": plan})
    room = load_limits(campaign, pc)[load]
    if pc.coin:
        room -= carried_coin(campaign, pc, room, armor_cost)
    special = bool(abilities.special_armor(campaign, pc))  # some ability names what its special armor is for
    campaign.set_load(pc, load, armor=room - armor_cost >= 1, heavy=room - heavy_cost >= 1, special=special,
                      coin=pc.coin)
    return load


def carried_coin(campaign: Any, pc: Any, room: int, armor_cost: int) -> int:
    """BITD.COIN.4-5: each coin a scoundrel carries is 1 load; before the score they may put some of it in their
    stash (``stash_coin``: how many). Returns the load the coin left in hand takes."""
    if pc.coin:
        n = campaign.ask(pc.id, "stash_coin", tuple(range(min(pc.coin, STASH_MAX - pc.stash) + 1)), {
            "pc": pc.id, "coin": pc.coin, "room": room, "armor_load": armor_cost, "stash": pc.stash})
        if n:
            campaign.add_pc_coin(pc, -n, "stashed")
            campaign.add_stash(pc, n, "stashed coin")
    return pc.coin


@decision("stash_coin")
def choose_stash_coin(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """Stash as little coin as lets the armor fit in the load (nothing when it cannot fit anyway)."""
    c = d.context
    for n in d.options:
        if c["room"] - (c["coin"] - n) - c["armor_load"] >= 1:
            return n
    return 0


def load_limits(campaign: Any, pc: Any) -> Mapping[str, int]:
    """BITD.LOAD.2-3: most load per level, raised by an ability's ``load_limits`` mechanics."""
    return mechanics.pc_value(campaign, pc, "load_limits") or LOAD_LIMITS


def engagement_dice(campaign: Any, target: Mapping[str, Any], plan: str, vulnerable: bool,
                    daring: bool = False, strongest: bool = False) -> tuple[int, dict]:
    """BITD.SCORE.4: 1d, +1d per major advantage, -1d per major disadvantage (the factors journaled by name).

    * a bold, daring plan +1d; overly complex (more than two obstacle layers) -1d;
    * ``strongest``: the target is strongest against this approach, -1d (``approach``): a plan it does not list
      among its ``plans`` (:func:`strongest_against`; only a leading seat is offered such a plan, BITD.SCORE.2, so
      scripted campaigns never meet it);
    * the detail exploits a vulnerability (gathered) +1d;
    * Tier: a lower-Tier target +1d, a higher-Tier one -1d;
    * friends help: a faction at +2 or better that is the target's enemy +1d;
    * enemies interfere: the target itself hostile (-2 or worse), or a faction
      at -2 or worse that is the target's ally, -1d;
    * abilities of the crew and its scoundrels that add engagement dice
      (Door kickers, Predators, ...);
    * claims (BITD.CREW.CLAIM.3) whose benefit in ``blades/claims`` adds
      engagement dice for this plan (City Records, Cover Identities, ...).
    """
    factors: dict[str, int] = {}
    if daring:
        factors["daring"] = 1
    if vulnerable:
        factors["vulnerability"] = 1
    gap = int(target["tier"]) - campaign.crew.tier
    if gap:
        factors["tier"] = -1 if gap > 0 else 1
    if len(target["obstacles"]) > 2:
        factors["complex"] = -1
    if strongest:
        factors["approach"] = -1
    tables = score_tables(campaign.content)
    allies, enemies = tables.relations.get(target["faction"], ((), ()))
    factions = campaign.factions
    if any(factions[f].status >= 2 for f in enemies if f in factions):
        factors["friends"] = 1
    own = factions.get(target["faction"])
    if (own is not None and own.status <= -2) or any(factions[f].status <= -2 for f in allies if f in factions):
        factors["enemies"] = -1
    when = abilities.situations(plan=plan, kind=target.get("kind", ""), daring=daring,
                                hunting_grounds=abilities.hunting_grounds(campaign, target.get("kind", "")))
    ability_dice = abilities.bonus(campaign, None, "engagement", when, plan=plan)[0]  # the crew's abilities
    for pc in campaign.pcs:
        if pc.status == "active":
            ability_dice += sum(abilities.bonus_of(campaign, pc, "engagement", when, plan=plan))
    if ability_dice:
        factors["abilities"] = ability_dice
    claim_dice = 0
    for claim in claims.benefits(campaign):
        plans, dice = tables.engagement_claims.get(claim, ((), 0))
        if plan in plans:
            claim_dice += dice
    if claim_dice:
        factors["claims"] = claim_dice
    return 1 + sum(factors.values()), factors


# --- scripted answers -------------------------------------------------------------------

@decision("target")
def choose_target_policy(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player traits ``target_tier_delta`` (prefer targets of crew Tier + delta), ``hostile_target_weight`` and
    ``avoid_war`` (:func:`target_weight`)."""
    c = d.context
    wanted = c["crew_tier"] + traits["target_tier_delta"]
    hostile, avoid = traits["hostile_target_weight"], traits["avoid_war"]
    return pick_weighted(rng, d.options, target_weights(c["targets"], wanted, c["statuses"], hostile, avoid))


@decision("plan")
def choose_plan(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player traits ``plan_chances`` (a chance to take each named plan the target allows, in that order, one draw
    each) and ``plans``: else the first preferred plan the target allows. Offered all six (a person's menu answered by
    policy, ``auto``), a policy keeps to the plans the target lists (``target_row``): it does not pick the -1d."""
    listed = (d.context.get("target_row") or {}).get("plans")
    options = [p for p in d.options if p in listed] if listed else d.options
    for plan, chance in (traits.get("plan_chances") or {}).items():
        if plan in options and rng.random() < chance:
            return plan
    for plan in traits["plans"]:
        if plan in options:
            return plan
    return options[0]


@decision("gather_action")
def choose_gather_action(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The action the crew would use unasked (``usual``: the best-rated of the plan's own, BITD.GATHER.5)."""
    usual = d.context.get("usual")
    return usual if usual in d.options else d.options[0]


@decision("gather_again")
def choose_gather_again(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``gather_tries``: gather information again until a vulnerability turns up, this many times at most."""
    return d.context["tries"] < traits["gather_tries"]


@decision("diversion")
def choose_diversion(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``setup_chance``: stage a diversion before the score (BITD.SCORE.6)."""
    return rng.random() < traits["setup_chance"]


@decision("daring")
def choose_daring(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``daring``: pitch the plan boldly (BITD.SCORE.4)."""
    return bool(traits["daring"])


@decision("load")
def choose_load_policy(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``load``; a heavy load on a stealth plan is lightened to normal (BITD.LOAD.2)."""
    load = traits["load"]
    if load == "heavy" and d.context["plan"] == "stealth":
        return "normal"
    return load
