"""Advancement and the city between scores: crew development, xp, coin, factions, cohorts.

* Crew development (BITD.CREW.REP.2, BITD.CREW.TURF.1): :func:`crew_advance`.
* Crew xp and upgrades (BITD.CREW.XP.1-4, BITD.CREW.CREATE.8): :func:`crew_xp`.
* Scoundrel xp (BITD.XP.1-5, BITD.ATTR.4): :func:`mark_xp`, :func:`session_xp`.
* Coin and stash (BITD.COIN.3, .6-7): :func:`settle_coin`, :func:`consider_retirement`.
* Faction clocks in downtime (BITD.DOWNTIME.NPC.1-2): :func:`faction_turn`.
* Cohort healing (BITD.COHORT.9): :func:`heal_cohorts`.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.blades.advancement import cohorts
from sim.blades.city import claims
from sim.blades.crew import mechanics
from sim.blades.crew.state import ACTIONS_BY_ATTRIBUTE, PC_COIN_MAX, RESULTS, XP_TRACKS, Campaign, Scoundrel
from sim.blades.downtime.downtime import crew_voice, fortune_roll, roll_dice
from sim.blades.tables import score_tables
from sim.dice import ticks_for_result
from sim.rng import Rng

#: a yes/no decision's options, and the forced no (module constants: Cython, for sim accel, types a conditional
#: between two tuple literals of different lengths as an error)
_YES_NO, _NO = (True, False), (False,)

# BITD.CREW.CREATE.8: upgrade -> (boxes per level, levels)
UPGRADES: Mapping[str, tuple[int, int]] = {
    "vault": (1, 1),
    "vault_second": (1, 1),
    "training_insight": (1, 1),
    "training_prowess": (1, 1),
    "training_resolve": (1, 1),
    "training_playbook": (1, 1),
    "composed": (3, 1),
    "hardened": (3, 1),
    "mastery": (4, 1),
    "cohort": (2, 1),
}
VAULT_SIZES = (4, 8, 16)  # BITD.COIN.3
RETIREMENT = ((10, "poor_soul"), (20, "meager"), (39, "modest"), (40, "fine"))  # BITD.COIN.7


# ------------------------------------------------------------ crew development


def tier_cost(campaign: Campaign) -> int:
    """BITD.CREW.REP.2: new Tier x 8 coin (Patron halves it, Hardcase prison claim -2)."""
    crew = campaign.crew
    cost = (crew.tier + 1) * 8
    factor = mechanics.tier_cost_factor(campaign)
    if factor < 1:
        cost = math.ceil(cost * factor)
    if "prison:hardcase" in claims.benefits(campaign):
        cost -= 2
    return max(0, cost)


@decision("tier_up")
def choose_tier_up(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Pay for the next Tier when the policy lists ``tier`` among its coin priorities."""
    return True in d.options and "tier" in traits.get("coin_priority", ("tier",))


def rep_needed(campaign: Campaign) -> int:
    """BITD.CREW.TURF.1, BITD.FACTION.9: 12 - turf (max 6 turf). With Fiends each wanted level counts as turf,
    with Accord up to three +3 statuses do; the rep needed never drops below 6 that way."""
    crew = campaign.crew
    extra = 0
    if mechanics.crew_value(campaign, "turf_from_wanted", False):
        extra += crew.wanted
    allies = int(mechanics.crew_value(campaign, "turf_from_allies", 0))
    if allies:
        extra += min(allies, sum(1 for f in campaign.factions.values() if f.status >= 3))
    return 12 - min(6, crew.turf + extra)


def crew_advance(campaign: Campaign) -> bool:
    """BITD.CREW.REP.2: with the rep track full, weak hold -> strong, or strong -> pay for the next Tier.

    The rep track holds :func:`rep_needed` (BITD.CREW.TURF.1). Journals
    ``crew_advance``; returns whether the crew developed.
    """
    crew = campaign.crew
    if crew.rep < rep_needed(campaign):
        return False
    rep_before, hold_before, tier_before = crew.rep, crew.hold, crew.tier
    spent = 0
    if crew.hold == "weak":
        campaign.set_crew("crew advance", hold="strong")
    else:
        if crew.tier >= 6:
            return False
        cost = tier_cost(campaign)
        seat = _voice(campaign)
        if seat is None or not campaign.ask(seat, "tier_up", _YES_NO if crew.coin >= cost else _NO, {"cost": cost}):
            return False
        campaign.add_coin(-cost, "tier")
        spent = cost
        campaign.set_crew("crew advance", tier=crew.tier + 1, hold="weak")
        campaign.cohorts_follow_tier("crew advance")  # BITD.COHORT.2: gang quality and scale = crew Tier
    campaign.add_rep(-crew.rep, "crew advance")
    campaign.emit("crew_advance", rep_before=rep_before, rep_needed=rep_needed(campaign), turf=crew.turf,
                  hold_before=hold_before, hold_after=crew.hold, tier_before=tier_before, tier_after=crew.tier,
                  coin_spent=spent, base_cost=(crew.tier * 8 if crew.tier > tier_before else 0))
    campaign.count("crew_advances")
    return True


def _voice(campaign: Campaign) -> str | None:
    """The crew voice's seat (:func:`sim.blades.downtime.downtime.crew_voice`: a leading seat first), None when
    nobody is active."""
    pc = crew_voice(campaign)
    return pc.id if pc is not None else None


# ------------------------------------------------------------------ crew xp


def crew_xp_triggers(success: bool, target_tier: int, crew_tier: int, rep_gained: int) -> dict[str, int]:
    """BITD.CREW.XP.1 (a)-(c): a successful operation, a challenge above the crew's station, rep bolstered."""
    return {
        "operation": 1 if success else 0,
        "above_station": 1 if target_tier > crew_tier else 0,
        "reputation": 1 if rep_gained > 0 else 0,
    }


@decision("upgrade")
def choose_upgrade(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The first upgrade of the policy's ``upgrade_priority`` the crew lacks (context ``costs``): bought if the boxes
    cover it (it is on offer), else the boxes are saved for it (``save``). A crew with Leader wants its cohort and
    the gang's Elite upgrade first (context ``leader_wants``, :func:`leader_wants`, BITD.COHORT.10)."""
    costs = d.context.get("costs") or {}
    for name in (*d.context.get("leader_wants", ()), *traits.get("upgrade_priority", ())):
        if name in costs:
            return name if name in d.options else "save"
    return d.options[0]


def crew_xp(campaign: Campaign, triggers: Mapping[str, int]) -> int:
    """BITD.CREW.XP.1-4: mark crew xp; a full track (option ``crew_xp_track``) gives two upgrade boxes
    and each scoundrel stash + (Tier + 2)."""
    marked = sum(min(2, v) for v in triggers.values())
    if not marked:
        return 0
    crew = campaign.crew
    track = campaign.options["crew_xp_track"]
    for _ in range(campaign.mark_crew_xp(marked, triggers, track)):
        crew_xp_advance(campaign)
        for pc in campaign.active_pcs:
            campaign.add_stash(pc, crew.tier + 2, "crew advance profits")
        buy_upgrades(campaign)
    return marked


def free_crew_abilities(campaign: Campaign) -> tuple[str, ...]:
    """The crew type's special abilities the crew lacks (content ``blades/crews``), in content order."""
    if campaign.content is None:
        return ()
    held = set(campaign.crew.abilities)
    for kind in campaign.content.table("blades/crews")["crews"]:
        if kind["id"] == campaign.crew.type:
            return tuple(a["id"] for a in kind.get("abilities") or () if a["id"] not in held)
    return ()


def crew_xp_advance(campaign: Campaign) -> None:
    """BITD.CREW.XP.3: a full crew xp track: two upgrade boxes or one new crew special ability, the crew's choice
    (``crew_advance_choice``; ``crew_ability`` picks which). Journals ``crew_xp_advance`` with ``choice``."""
    seat = _voice(campaign)
    free = free_crew_abilities(campaign)
    options = ("upgrades", "ability") if free else ("upgrades",)
    choice = campaign.ask(seat, "crew_advance_choice", options, {
        "boxes": campaign.ledger.upgrade_boxes, "abilities": list(free),
        "leader_wants": leader_wants(campaign)}) if seat is not None else "upgrades"
    if choice != "ability":
        campaign.crew_xp_advance("upgrades")
        return
    table = score_tables(campaign.content).abilities
    ability = campaign.ask(seat, "crew_ability", free, {"with_mechanics": [a for a in free if table.get(a)]})
    campaign.crew_xp_advance("ability", ability)
    campaign.add_crew_ability(ability, "crew advance")
    mechanics.gain_crew_ability(campaign, ability)


@decision("crew_advance_choice")
def choose_crew_advance(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Trait ``crew_advance_choice``: ``ability`` takes a crew special ability while one is left, ``upgrades``
    always the two boxes. A crew with Leader takes the boxes while it lacks the upgrades its Leader wants (context
    ``leader_wants``: its cohort, the gang's Elite upgrade; BITD.COHORT.10)."""
    if d.context.get("leader_wants") and "upgrades" in d.options:
        return "upgrades"
    want = traits.get("crew_advance_choice", "upgrades")
    return want if want in d.options else d.options[0]


@decision("crew_ability")
def choose_crew_ability(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The first ability on offer that the engine plays (context ``with_mechanics``), else the first."""
    playable = d.context.get("with_mechanics") or ()
    return next((a for a in d.options if a in playable), d.options[0])


def buy_upgrades(campaign: Campaign) -> None:
    """Spend saved upgrade boxes on the policy's priorities (BITD.CREW.XP.3, BITD.CREW.CREATE.8)."""
    seat = _voice(campaign)
    crew = campaign.crew
    while seat is not None:
        boxes = campaign.ledger.upgrade_boxes
        lacking = {n: cost for n, (cost, levels) in upgrade_costs(campaign).items()
                   if crew.upgrades.get(n, 0) < levels and (n != "vault_second" or crew.upgrades.get("vault", 0))
                   and (n != "cohort_type" or any(c.kind == "gang" and len(c.types) < 2 for c in crew.cohorts))}
        on_offer = tuple(n for n, cost in lacking.items() if cost <= boxes)  # only what the boxes pay for
        if not on_offer:
            return
        name = campaign.ask(seat, "upgrade", on_offer + ("save",), {"boxes": boxes, "costs": lacking,
                                                                     "leader_wants": leader_wants(campaign)})
        if name == "save":
            return
        apply_upgrade(campaign, name)


def leader_wants(campaign: Campaign) -> list[str]:
    """BITD.COHORT.10, .4: the upgrades a crew with a scoundrel holding Leader wants before its policy's own: the
    Cohort upgrade while it has no cohort, then the crew type's Elite upgrade of its living gang's types (the
    gang the Leader Commands rolls a die more). Only what the crew lacks; empty without Leader."""
    if not any(cohorts.abilities.mechanic_value(campaign, pc, "cohort_leader") for pc in campaign.active_pcs):
        return []
    if not campaign.crew.cohorts:
        return ["cohort"]
    types = {t for c in campaign.crew.cohorts if c.kind == "gang" and c.harm < cohorts.DEAD for t in c.types}
    held = campaign.crew.upgrades
    return [n for n in upgrade_costs(campaign) if "elite_" in n and n.rsplit("elite_", 1)[1] in types
            and not held.get(n)]


def upgrade_costs(campaign: Campaign) -> dict[str, tuple[int, int]]:
    """Upgrades the crew may buy: ``(boxes, levels)`` of the generic ones (:data:`UPGRADES`), then the Extra
    cohort type (BITD.COHORT.6) and its crew type's Elite upgrades (BITD.COHORT.4, content ``blades/crews``)."""
    content = campaign.content
    key = (id(content), campaign.crew.type)
    hit = _UPGRADE_COSTS.get(key)
    if hit is None or hit[0] is not content:
        out = dict(UPGRADES)
        out["cohort_type"] = (2, 1)
        if content is not None:
            for kind in content.table("blades/crews")["crews"]:
                if kind["id"] == campaign.crew.type:
                    out.update({u["id"]: (u["boxes"], 1) for u in kind.get("upgrades") or () if "elite_" in u["id"]})
        if len(_UPGRADE_COSTS) > 64:
            _UPGRADE_COSTS.clear()
        hit = _UPGRADE_COSTS[key] = (content, out)
    return dict(hit[1])


#: (id of the content, crew type) -> (content, the upgrade costs): content does not change, so read once per crew type
_UPGRADE_COSTS: dict[tuple[int, str], tuple[Any, dict[str, tuple[int, int]]]] = {}


def apply_upgrade(campaign: Campaign, name: str, spend: bool = True) -> None:
    """BITD.CREW.CREATE.8: take one level of upgrade ``name`` (paid from the saved boxes unless ``spend`` is
    False) and what it brings: a bigger vault (BITD.COIN.3), a stress or trauma box for everyone (Composed,
    Hardened), a cohort (BITD.COHORT.1-3: :func:`sim.blades.advancement.cohorts.recruit`), a cohort's second type."""
    crew = campaign.crew
    campaign.add_upgrade(name, upgrade_costs(campaign).get(name, (1, 1))[0], spend)
    if name in ("vault", "vault_second"):  # BITD.COIN.3: 8, then 16
        campaign.set_crew(name, vault=VAULT_SIZES[1 + crew.upgrades.get("vault_second", 0)])
    elif name in ("composed", "hardened"):
        for pc in campaign.pcs:
            campaign.raise_max(pc, "stress" if name == "composed" else "trauma", name)
    elif name == "cohort":  # BITD.COHORT.1-3, .5: a gang or expert, its type, edges and flaws
        seat = _voice(campaign)
        if seat is not None:
            campaign.add_cohort(cohorts.recruit(campaign, seat, f"cohort{len(crew.cohorts) + 1}"))
    elif name == "cohort_type":  # BITD.COHORT.6
        seat = _voice(campaign)
        if seat is not None:
            cohorts.add_type(campaign, seat)


# ------------------------------------------------------------- scoundrel xp


def action_cap(campaign: Campaign) -> int:
    """BITD.ATTR.4: 3 after creation, 4 with the Mastery upgrade."""
    return 4 if campaign.crew.upgrades.get("mastery", 0) else 3


@decision("action_dot")
def choose_action_dot(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Deepen the best action still below the cap (context ``ratings``)."""
    ratings = d.context.get("ratings", {})
    return max(d.options, key=lambda a: (ratings.get(a, 0), -d.options.index(a)))


@decision("ability")
def choose_ability(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    return d.options[0]


def mark_xp(campaign: Campaign, pc: Scoundrel, track: str, amount: int, reason: str) -> None:
    """BITD.XP.3-4: tracks 6/6/6/8; a full track clears and gives an advance (overflow carries)."""
    for _ in range(campaign.mark_xp(pc, track, amount, reason)):
        advance(campaign, pc, track)


def advance(campaign: Campaign, pc: Scoundrel, track: str) -> None:
    """BITD.XP.4: playbook -> a new special ability; attribute -> +1 dot on one of its actions (cap BITD.ATTR.4)."""
    if track == "playbook":
        known = set(pc.abilities)
        free = [a for a in playbook_abilities(campaign.content, pc.playbook) if a not in known]
        if not free:
            campaign.emit("advance", pc=pc.id, track=track, kind="ability", ability="", before=0, after=0)
            return
        ability = campaign.ask(pc.id, "ability", free, {})
        campaign.add_ability(pc, ability, track)
        mechanics.gain_ability(campaign, pc, ability)
        return
    cap = action_cap(campaign)
    room = tuple(a for a in ACTIONS_BY_ATTRIBUTE[track] if pc.rating(a) < cap)
    if not room:
        campaign.emit("advance", pc=pc.id, track=track, kind="action", action="", before=0, after=0, cap=cap)
        return
    campaign.add_action_dot(pc, campaign.ask(pc.id, "action_dot", room, {"ratings": dict(pc.actions)}), track, cap)


_PLAYBOOKS: dict[int, tuple[Any, dict[str, tuple[tuple[str, ...], frozenset[str]]]]] = {}


def _playbook(content: Any, playbook: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """(ability ids, xp-trigger actions) of ``playbook`` from content ``blades/playbooks`` (once per content)."""
    cached = _PLAYBOOKS.get(id(content))
    if cached is None or cached[0] is not content:
        table: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {}
        if content is not None:
            for book in content.table("blades/playbooks")["playbooks"]:
                abilities = tuple(a if isinstance(a, str) else a["id"] for a in book.get("abilities", ()))
                trigger = frozenset((book.get("xp_trigger") or {}).get("actions", ()))
                table[book["id"]] = (abilities, trigger)
        cached = _PLAYBOOKS[id(content)] = (content, table)
    return cached[1].get(playbook, ((), frozenset()))


def playbook_abilities(content: Any, playbook: str) -> tuple[str, ...]:
    """Ability ids of ``playbook``."""
    return _playbook(content, playbook)[0]


def playbook_trigger_actions(content: Any, playbook: str) -> frozenset[str]:
    """The actions whose use satisfies ``playbook``'s xp trigger ("address a challenge with ...")."""
    return _playbook(content, playbook)[1]


@decision("xp_track")
def choose_xp_track(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """End-of-session xp goes on the track closest to filling (BITD.XP.2: any track)."""
    xp = d.context.get("xp", {})
    best = None
    for t in d.options:  # max(options, key=fill): the first of equals
        fill = xp.get(t, 0) / XP_TRACKS[t]
        if best is None or fill > most:
            best, most = t, fill
    return best


def playbook_trigger_xp(uses: int) -> int:
    """BITD.XP.2: 1 xp if the trigger happened, 2 if it happened a lot (3 or more rolls) [inferred]."""
    return 0 if uses <= 0 else 1 if uses < 3 else 2


def session_xp(campaign: Campaign, struggled: Sequence[str], actions: Sequence[tuple[str, str]] = (),
               payback: str = "") -> None:
    """BITD.XP.2: end of session, each active scoundrel marks xp per trigger.

    Playbook trigger: the scoundrel rolled one of their playbook's trigger
    actions during the score (``actions``: (pc, action) per roll), 1 xp or 2 if
    often, on the playbook track. Beliefs, drives, heritage or background: 1.
    Struggled with vice or trauma: 1 for those in ``struggled`` (who took
    trauma or overindulged). The last two go on any track. An ability's ``extra_xp_trigger`` (Vengeful: payback)
    marks 1 playbook xp when ``payback`` names the hostile faction the crew scored against (:func:`payback_on`).
    """
    content = campaign.content
    rolled: dict = {}  # (pc, action) -> rolls (Counter(actions), without its Python-level update)
    for key in actions:
        rolled[key] = rolled.get(key, 0) + 1
    for pc in campaign.active_pcs:
        me = pc.id
        playbook_xp = playbook_trigger_xp(sum(rolled.get((me, a), 0)
                                              for a in playbook_trigger_actions(content, pc.playbook)))
        if playbook_xp:
            mark_xp(campaign, pc, "playbook", playbook_xp, "playbook trigger")
        if payback and mechanics.pc_value(campaign, pc, "extra_xp_trigger"):
            mark_xp(campaign, pc, "playbook", 1, "payback")
        extra = 1 + (1 if pc.id in struggled else 0)
        for _ in range(extra):
            if pc.status != "active":
                break
            track = campaign.ask(pc.id, "xp_track", tuple(XP_TRACKS), {"xp": dict(pc.xp)})
            mark_xp(campaign, pc, track, 1, "end of session")


def payback_on(campaign: Campaign, success: bool, faction: str | None) -> str:
    """Vengeful's trigger, judged by the engine `[inferred]`: a successful score against a faction hostile to the
    crew (status -2 or worse after the score, BITD.FACTION.5: one that harms you) is payback; its id, else ""."""
    rec = campaign.factions.get(faction) if success and faction else None
    return faction if rec is not None and rec.status <= -2 else ""


# ------------------------------------------------------------ coin and stash


def settle_coin(campaign: Campaign) -> None:
    """BITD.COIN.3: crew coin past the vault is handed out, each coin to the scoundrel the crew chooses
    (``coin_share``); a scoundrel keeps 4, the rest goes to their stash."""
    crew = campaign.crew
    excess = crew.coin - crew.vault
    active = campaign.active_pcs
    if excess <= 0 or not active:
        return
    campaign.add_coin(-excess, "distributed")
    given = {pc.id: 0 for pc in active}
    seat = active[0].id
    while excess > 0:
        pick = campaign.ask(seat, "coin_share", tuple(given), {
            "given": dict(given), "left": excess, "coin": {pc.id: pc.coin for pc in active}})
        given[pick] += 1
        pc = campaign.pc(pick)
        if pc.coin < PC_COIN_MAX:
            campaign.add_pc_coin(pc, 1, "share")
        else:
            campaign.add_stash(pc, 1, "share")
        excess -= 1


@decision("coin_share")
def choose_coin_share(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Share alike: the scoundrel given least so far, the first of equals (a round in crew order)."""
    given = d.context["given"]
    return min(d.options, key=lambda pc: given[pc])


def retirement_fate(stash: int) -> str:
    """BITD.COIN.7: 0-10 poor soul, 11-20 meager, 21-39 modest, 40 fine (ids: poor_soul, meager, modest, fine)."""
    for top, fate in RETIREMENT:
        if stash <= top:
            return fate
    return "fine"


@decision("retire")
def choose_retire(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Retire once the stash reaches the policy's ``retire_stash``."""
    return True in d.options and d.context.get("stash", 0) >= int(traits.get("retire_stash", 40))


def consider_retirement(campaign: Campaign) -> None:
    """A scoundrel may retire on their stash (BITD.COIN.7); their fate is journaled."""
    for pc in list(campaign.active_pcs):
        stash = pc.stash + pc.coin
        if campaign.ask(pc.id, "retire", (True, False), {"stash": stash}):
            campaign.emit("retirement", pc=pc.id, stash=stash, fate=retirement_fate(min(stash, 40)))
            campaign.set_status(pc, "retired", "stash")


# ---------------------------------------------------------------- factions


def faction_turn(campaign: Campaign, interest: Sequence[str] = ()) -> None:
    """BITD.DOWNTIME.NPC.1-2: factions of current interest roll their Tier and tick a goal clock 1/2/3/5.

    Of interest: any faction whose status toward the crew is not neutral, and
    those in ``interest`` (the score's target). Factions act in id order and
    work their goal clocks in turn. A filled goal is a move
    (:func:`faction_move`); the clock restarts at the back of the faction's list.
    """
    for fid in sorted(campaign.factions):
        faction = campaign.factions[fid]
        if (faction.status == 0 and fid not in interest) or not faction.clocks:
            continue
        clock = faction.clocks[0]
        roll = roll_dice(campaign, faction.tier)
        ticks = ticks_for_result(roll.result)
        campaign.emit("faction_roll", faction=fid, dice=roll.dice, faces=list(roll.faces), die=roll.die,
                      result=roll.result, ticks=ticks, clock=clock.id)
        before = clock.filled
        campaign.tick_clock(clock, ticks, "faction turn")
        campaign.count(f"faction_ticks_{fid}", clock.filled - before)  # segments filled (not past the last)
        if clock.full:
            faction_move(campaign, fid, clock.id)
            campaign.restart_goal(fid, "goal achieved")


def opposed_fortune(campaign: Campaign, attacker: Any, defender: Any, purpose: str) -> bool:
    """BITD.FORTUNE.4: each side makes a fortune roll on its Tier (BITD.FORTUNE.2); True if the attacker's result
    beats the defender's (a tie holds). Journals ``fortune`` for each side."""
    attack = fortune_roll(campaign, f"faction move {purpose}", attacker.tier, side="attacker", faction=attacker.id)
    defence = fortune_roll(campaign, f"faction move {purpose}", defender.tier, side="defender", faction=defender.id)
    return RESULTS.index(attack.result) > RESULTS.index(defence.result)


def faction_move(campaign: Campaign, fid: str, goal: str) -> None:
    """A faction achieves a goal and makes one move (BITD.DOWNTIME.NPC.1) [inferred]:

    a weak faction increases its hold; a strong one turns on its strongest
    enemy in play (``campaign.graph``): a strong enemy is made vulnerable
    (hold weak), a vulnerable one loses a Tier (BITD.FACTION.4); a strong
    faction with no enemy in play grows a Tier (hold weak again, max V).
    With option ``faction_move_roll`` ``opposed`` (BITD.FORTUNE.4) the two
    factions roll their Tiers and the move lands only if the attacker's
    result beats the defender's; otherwise it is ``repelled``.
    """
    faction = campaign.factions[fid]
    enemy = ""
    repelled = False
    if faction.hold == "weak":
        campaign.set_faction(fid, f"goal {goal}", hold="strong")
    else:
        graph = campaign.graph
        enemies = sorted((campaign.factions[o] for o in graph.successors(fid)
                          if graph[fid][o].get("relation") == "enemy" and o in campaign.factions),
                         key=lambda f: (-f.tier, f.id))
        if enemies:
            target = enemies[0]
            enemy = target.id
            if campaign.options["faction_move_roll"] == "opposed":
                repelled = not opposed_fortune(campaign, faction, target, goal)
            if repelled:
                campaign.count("faction_moves_repelled")
            elif target.hold == "strong":
                campaign.set_faction(enemy, f"{fid} moved", hold="weak")
            else:
                campaign.set_faction(enemy, f"{fid} moved", tier=target.tier - 1)
        elif faction.tier < 5:
            campaign.set_faction(fid, f"goal {goal}", tier=faction.tier + 1, hold="weak")
    campaign.emit("faction_move", faction=fid, kind="advance_goal", reason="goal achieved", goal=goal,
                  tier_after=faction.tier, hold_after=faction.hold, enemy=enemy, repelled=repelled)
    campaign.count("faction_moves")  # faction_move events (the summary's count)
    campaign.count(f"faction_goals_{fid}")


# ------------------------------------------------------------------ cohorts


def heal_cohorts(campaign: Campaign) -> None:
    """BITD.COHORT.9: every downtime each cohort heals one harm level (dead stays dead)."""
    for cohort in campaign.crew.cohorts:
        if 0 < cohort.harm < 4:
            campaign.heal_cohort(cohort, "downtime")
