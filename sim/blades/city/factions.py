"""Faction agents: every faction in play chooses its moves each downtime through its seat (BITD.DOWNTIME.NPC.1-2).

A faction is a seat, ``faction.<id>``, held by a faction policy (``content/blades/faction_policies.yaml``: a
policy per faction category, a faction's own over it; a scenario's ``seats:`` or ``--seat`` may put another
policy or a person there). Each downtime every faction in play, in id order, makes option ``faction_moves``
moves (one fewer, at least one, while it is at war with another faction: BITD.FACTION.7 read for two
factions). For each move its seat chooses a kind among those on offer (``faction_move``), then a target
(``faction_target``) or a goal kind (``faction_goal``):

* ``advance_goal`` — a fortune roll on its Tier ticks its first goal clock of the chosen kind 1/2/3/5
  (BITD.DOWNTIME.NPC.2; ``faction_roll``); a full clock is a goal achieved (:func:`achieve`), and the clock
  starts again at the back of its goals.
* ``seize`` — a claim or turf from a rival (status -1 or worse toward it): opposed fortune rolls on their
  Tiers (BITD.FORTUNE.4; option ``faction_move_roll``); success takes a claim-map cell the rival holds (the
  crew does not hold it), else firms its own hold; the rival's status toward it -2 (BITD.FACTION.6), -1
  when it fails.
* ``gather_info`` — a fortune roll on its Tier; 4+ gives information on a rival: +1d on its next opposed roll
  against it (BITD.FORTUNE.2, a major advantage), spent there.
* ``call_favour`` — an ally (status +2 or better toward it) rolls its own Tier and ticks the caller's first
  goal clock; the ally's status toward it -1 (the favour is spent).
* ``move_against`` — an enemy (status -2 or worse toward it): opposed fortune rolls; success costs the enemy
  a hold level, or a Tier when its hold is weak (BITD.FACTION.4); the enemy's status toward it -1.
* ``move_against_crew`` — when its status with the crew is -2 or worse: opposed rolls against the crew's
  Tier; success takes a claim (or turf, or hold) from the crew (as Show of Force,
  :func:`sim.blades.downtime.entanglements.give_claim`).
* ``recover`` — a weak faction's fortune roll on its Tier; 4+ makes its hold strong again (BITD.FACTION.3).
* ``seek_peace`` — with a faction it is at war with: a fortune roll on its Tier; 4+ raises both statuses by 1,
  a critical by 2 (a negotiated new status ends the war when neither is at -3 any more).

Goals by kind (content ``kind``): ``expand`` (weak -> strong hold, strong -> +1 Tier and weak, up to Tier V),
``destroy`` (a move against the clock's ``target``, else its worst enemy in play; expand without one),
``influence`` (+1 status toward it from every faction it stands +1 or better with; expand without one).
A faction at war brought down to Tier 0 by its enemy is destroyed as a power: both statuses are set to -2 and
the war ends. Every move journals ``faction_move`` with ``kind``, ``reason``, ``target``, ``success``,
``goal`` (the goal achieved, "" when none) and, as before, ``enemy``, ``repelled``, ``tier_after``,
``hold_after``. Option ``faction_turn`` ``fixed`` plays the old procedure instead
(:func:`sim.blades.advancement.advancement.faction_turn`).
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, ScriptedAgent, decision
from sim.blades.city import city as c
from sim.blades.crew.state import RESULTS, Campaign, Faction
from sim.blades.downtime.downtime import fortune_roll, roll_dice
from sim.blades.schemas import FACTION_MOVES, GOAL_KINDS
from sim.clockodds import mean_rolls
from sim.dice import ticks_for_result
from sim.rng import Rng

SEAT_PREFIX = "faction."
PARTIAL_OR_BETTER = RESULTS.index("partial")


def seat_of(fid: str) -> str:
    return SEAT_PREFIX + fid


# ------------------------------------------------------------------ policies

_TABLES: dict[int, tuple[Any, Mapping[str, Any]]] = {}


def policy_table(content: Any) -> Mapping[str, Any]:
    """``{"policies": {name: traits}, "categories": {...}, "factions": {...}}`` of content ``blades/faction_policies``."""
    cached = _TABLES.get(id(content))
    if cached is None or cached[0] is not content:
        doc = content.table("blades/faction_policies")
        table = MappingProxyType({
            "policies": MappingProxyType({p["id"]: MappingProxyType(dict(p)) for p in doc["policies"]}),
            "categories": MappingProxyType(dict(doc["categories"])),
            "factions": MappingProxyType(dict(doc.get("factions") or {})),
        })
        cached = _TABLES[id(content)] = (content, table)
    return cached[1]


def default_policy(content: Any, record: Mapping[str, Any]) -> str:
    """The faction's own policy, else its category's, else ``cautious``."""
    table = policy_table(content)
    return table["factions"].get(record["id"]) or table["categories"].get(record.get("category"), "cautious")


_AGENTS: dict[tuple[int, str], tuple[Any, ScriptedAgent]] = {}


def faction_agent(content: Any, name: str) -> ScriptedAgent:
    """The scripted holder of a faction seat playing policy ``name`` (one per content and policy)."""
    cached = _AGENTS.get((id(content), name))
    if cached is not None and cached[0] is content:
        return cached[1]
    policies = policy_table(content)["policies"]
    if name not in policies:
        from sim.errors import UsageError

        raise UsageError(f"unknown faction policy {name!r}; known: {', '.join(sorted(policies))}")
    agent = ScriptedAgent(name, "faction", policies[name])
    _AGENTS[(id(content), name)] = (content, agent)
    return agent


# ---------------------------------------------------------------- decisions


_WEIGHTS: dict[tuple[int, tuple], tuple[Mapping[str, Any], list[float], float]] = {}


@decision("faction_move")
def choose_faction_move(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A move kind drawn by the policy's ``moves`` weights among those on offer (the first when all weigh 0)."""
    options = d.options
    # cumulative weights per policy and offer (a policy's traits never change; the entry keeps them alive, so their
    # id is not reused): pick_weighted's own sums, so the same draw picks the same option
    cached = _WEIGHTS.get((id(traits), options))
    if cached is None or cached[0] is not traits:
        moves = traits["moves"]
        weights = [float(moves.get(k, 0)) for k in options]
        if len(_WEIGHTS) > 4096:  # policies made on the fly (a sweep's): don't keep them all
            _WEIGHTS.clear()
        cached = _WEIGHTS[(id(traits), options)] = (traits, list(accumulate(weights)), float(sum(weights)))
    _, cumulative, total = cached
    if total <= 0:
        return options[0]
    i = bisect_right(cumulative, rng.random() * total)  # pick_weighted: the first option whose running sum passes x
    return options[i] if i < len(options) else options[-1]


@decision("faction_target")
def choose_faction_target(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Favours from the warmest ally (context ``theirs``: each option's status toward the faction); peace with the
    strongest enemy; otherwise the policy's ``target``: the most hated (lowest ``statuses``), the weakest or the
    strongest (``tiers``); information held (``intel``) breaks ties."""
    ctx = d.context
    statuses, theirs, tiers = ctx.get("statuses", {}), ctx.get("theirs", {}), ctx.get("tiers", {})
    intel = ctx.get("intel", ())
    move = ctx.get("move")
    # each a loop keeping the first best option: max/min over a key ending in the option's index, without the index
    options = d.options
    best = options[0]
    if move == "call_favour" or move == "seek_peace":
        favour = move == "call_favour"
        top = (theirs.get(best, 0) if favour else 0, tiers.get(best, 0))
        for o in options[1:]:
            k = (theirs.get(o, 0) if favour else 0, tiers.get(o, 0))
            if k > top:
                best, top = o, k
        return best
    rule = traits.get("target", "hated")
    if rule == "weakest":
        key = lambda o: (tiers.get(o, 0), statuses.get(o, 0), o not in intel)  # noqa: E731
    elif rule == "strongest":
        key = lambda o: (-tiers.get(o, 0), statuses.get(o, 0), o not in intel)  # noqa: E731
    else:
        key = lambda o: (statuses.get(o, 0), o not in intel, -tiers.get(o, 0))  # noqa: E731
    low = key(best)
    for o in options[1:]:
        k = key(o)
        if k < low:
            best, low = o, k
    return best


@decision("faction_goal")
def choose_faction_goal(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The first of the policy's ``goals`` the faction has a clock of."""
    for kind in traits.get("goals", ()):
        if kind in d.options:
            return kind
    return d.options[0]


# ---------------------------------------------------------------- the turn


def downtime(campaign: Campaign, interest: Sequence[str] = ()) -> None:
    """BITD.DOWNTIME.NPC.1-2: every faction in play, in id order, makes its moves (option ``faction_turn`` ``fixed``:
    the old procedure for the factions of interest)."""
    if campaign.options["faction_turn"] == "fixed":
        from sim.blades.advancement.advancement import faction_turn

        faction_turn(campaign, interest)
        return
    per_turn = campaign.options["faction_moves"]
    seated = campaign.seats.agents
    factions = campaign.factions
    for fid in sorted(factions):
        if SEAT_PREFIX + fid not in seated:
            _seated(campaign, fid)
        moves = per_turn
        graph = campaign.city
        if graph.graph["wars"] and c.view(graph, fid, factions).wars:  # BITD.FACTION.7 for two factions
            moves = moves - 1 if moves > 1 else 1  # a downtime action lost, at least one left
        for _ in range(moves):
            take_move(campaign, fid)


def _seated(campaign: Campaign, fid: str) -> None:
    """A campaign built by hand (not by :func:`sim.blades.campaign.build_campaign`) seats a faction with its
    content policy the first time it moves."""
    seat = seat_of(fid)
    if seat not in campaign.agents:
        records = {r["id"]: r for r in campaign.content.table("blades/factions")["factions"]}
        campaign.seats.sit(seat, faction_agent(campaign.content, default_policy(campaign.content,
                                                                                records.get(fid, {"id": fid}))))


def offered(campaign: Campaign, fid: str) -> dict[str, tuple[str, ...]]:
    """The move kinds on offer to ``fid`` now and, for each, its targets (goal kinds for ``advance_goal``), in
    :data:`FACTION_MOVES` order."""
    return dict(_offers(campaign, fid)[1])


def _offers(campaign: Campaign, fid: str) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """(the kinds on offer, :func:`offered`), shared read-only values: cached in the faction's city view
    (:class:`sim.blades.city.city.View`, dropped when one of its sets changes) under what else they read: its goal clocks
    (their kinds: ``Faction.goals`` never changes), its status with the crew and its hold."""
    return _offers_in(c.view(campaign.city, fid, campaign.factions), campaign.factions[fid])


def _offers_in(view: c.View, faction: Faction) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """:func:`_offers` from the faction's view."""
    clocks = faction.clocks
    key = (tuple(clocks), faction.status <= -2, faction.hold == "weak")
    got = view.offers.get(key)
    if got is None:
        kinds = (view.kinds.get(key[0]) or view.kinds.setdefault(key[0], goal_kinds(faction))) if clocks else None
        offers: dict[str, tuple[str, ...]] = {}  # built in FACTION_MOVES order
        if kinds is not None:
            offers["advance_goal"] = kinds
        if view.rivals:
            offers["seize"] = view.rivals
        if view.unknown:
            offers["gather_info"] = view.unknown
        if kinds is not None and view.allies:
            offers["call_favour"] = view.allies
        if view.enemies:
            offers["move_against"] = view.enemies
        if key[1]:
            offers["move_against_crew"] = (c.CREW,)
        if key[2]:
            offers["recover"] = ()
        if view.at_war:
            offers["seek_peace"] = view.at_war
        got = view.offers[key] = (tuple(offers), offers)
    return got


def goal_of(faction: Faction, clock: Any) -> tuple[str, str]:
    """(kind, target) of one of the faction's goal clocks (``Faction.goals``; ``expand`` when content names none)."""
    goal = faction.goals.get(clock.id) or {}
    return goal.get("kind", "expand"), goal.get("target", "")


def goal_kinds(faction: Faction) -> tuple[str, ...]:
    """The kinds of the faction's goal clocks, in :data:`GOAL_KINDS` order."""
    goals = faction.goals  # goal_of's kind, inline (once a move)
    kinds = {(goals.get(clock.id) or _NO_GOAL).get("kind", "expand") for clock in faction.clocks}
    return _KIND_ORDER.get(frozenset(kinds)) or tuple(k for k in GOAL_KINDS if k in kinds)


_NO_GOAL: Mapping[str, Any] = MappingProxyType({})
_KIND_ORDER = {frozenset(k for i, k in enumerate(GOAL_KINDS) if bits >> i & 1): tuple(
    k for i, k in enumerate(GOAL_KINDS) if bits >> i & 1) for bits in range(1, 1 << len(GOAL_KINDS))}


_SEATS: dict[str, str] = {}  # seat_of, made once per faction id


def take_move(campaign: Campaign, fid: str) -> None:
    """One move of ``fid``: its seat chooses the kind, then the target or goal; the move is played and journaled."""
    factions = campaign.factions
    faction = factions[fid]
    view = c.view(campaign.city, fid, factions)
    kinds, offers = _offers_in(view, faction)
    if not kinds:
        return
    seat = _SEATS.get(fid) or _SEATS.setdefault(fid, SEAT_PREFIX + fid)
    kind = campaign.ask(seat, "faction_move", kinds, {"faction": fid, "tier": faction.tier, "hold": faction.hold})
    choices = offers[kind]
    if kind == "advance_goal":
        target = campaign.ask(seat, "faction_goal", choices, {"faction": fid})
    elif kind == "recover" or kind == "move_against_crew":
        target = choices[0] if choices else ""
    else:
        statuses, theirs, intel = view.contexts.get(kind) or _context_in(view, campaign.city, fid, kind, choices)
        target = campaign.ask(seat, "faction_target", choices, {
            "faction": fid, "move": kind, "statuses": statuses, "theirs": theirs,
            "tiers": {o: factions[o].tier for o in choices}, "intel": intel})
    MOVES[kind](campaign, fid, target)


def _target_context(campaign: Campaign, fid: str, kind: str, choices: tuple[str, ...]) -> tuple[dict, dict, list]:
    """``faction_target``'s ``statuses``, ``theirs`` and ``intel`` for ``kind``'s targets (the view's own tuple): read
    from the edges at ``fid`` only, so cached in its city view (dropped when one changes); shared, never changed."""
    graph = campaign.city
    view = c.view(graph, fid, campaign.factions)
    return view.contexts.get(kind) or _context_in(view, graph, fid, kind, choices)


def _context_in(view: c.View, graph: Any, fid: str, kind: str, choices: tuple[str, ...]) -> tuple[dict, dict, list]:
    """:func:`_target_context` built and kept in the view."""
    mine, toward_me = graph._succ[fid], graph._pred[fid]  # c.status both ways, inline (an edge always has a status)
    got = view.contexts[kind] = ({o: mine[o]["status"] if o in mine else 0 for o in choices},
                                 {o: toward_me[o]["status"] if o in toward_me else 0 for o in choices},
                                 [o for o in choices if mine[o]["intel"]])
    return got


_RANK = {r: i for i, r in enumerate(RESULTS)}  # RESULTS.index, as a dict
_TICKS = {"failure": 1, "partial": 2, "success": 3}  # ticks_for_result below a critical (BITD.DOWNTIME.NPC.2)
_MOVE_KEYS = {k: (f"faction_moves_{k}", f"faction_moves_{k}_success") for k in FACTION_MOVES}
_FACTION_KEYS: dict[str, tuple[str, str, str, str, str]] = {}


def _keys(fid: str) -> tuple[str, str, str, str, str]:
    """The faction's counter names: moves, ticks, goal rolls, goal exact mean (milli), goals (made once per id)."""
    keys = _FACTION_KEYS.get(fid)
    if keys is None:
        keys = _FACTION_KEYS[fid] = (f"faction_moves_{fid}", f"faction_ticks_{fid}", f"goal_rolls_{fid}",
                                     f"goal_exact_milli_{fid}", f"faction_goals_{fid}")
    return keys


def _ticks(result: str, critical_ticks: int) -> int:
    """:func:`sim.dice.ticks_for_result`, its common answers looked up."""
    ticks = _TICKS.get(result)
    return ticks if ticks is not None else ticks_for_result(result, critical_ticks)


def _record(campaign: Campaign, fid: str, kind: str, reason: str, *, target: str = "", success: bool,
            goal: str = "", goal_kind: str = "", enemy: str = "", repelled: bool = False) -> None:
    faction = campaign.factions[fid]
    if not campaign.journal.skip("faction_move"):  # seq advances either way (Journal.skip)
        campaign.emit("faction_move", faction=fid, kind=kind, reason=reason, target=target, success=success,
                      goal=goal, goal_kind=goal_kind, tier_after=faction.tier, hold_after=faction.hold, enemy=enemy,
                      repelled=repelled)
    counters = campaign.counters  # campaign.count, inline
    counters["faction_moves"] = counters.get("faction_moves", 0) + 1  # faction_move events (the summary's count)
    kind_key, success_key = _MOVE_KEYS.get(kind) or (f"faction_moves_{kind}", f"faction_moves_{kind}_success")
    fid_key = (_FACTION_KEYS.get(fid) or _keys(fid))[0]
    counters[kind_key] = counters.get(kind_key, 0) + 1
    counters[fid_key] = counters.get(fid_key, 0) + 1
    if success:
        counters[success_key] = counters.get(success_key, 0) + 1


def _beats(campaign: Campaign, fid: str, other: str, purpose: str) -> bool:
    """BITD.FORTUNE.4: opposed fortune rolls of ``fid`` and ``other`` (a faction or the crew) on their Tiers, the
    attacker +1d with information on ``other`` (spent); True when the attacker's result beats the defender's
    (a tie holds). Option ``faction_move_roll`` ``none``: always True, no roll."""
    bonus = 0
    edge = campaign.city._succ[fid].get(other) if other != c.CREW else None  # c.out_edges, inline
    if edge is not None and edge["intel"]:
        bonus = 1
        campaign.set_intel(fid, other, False, f"spent on {purpose}")
    if campaign.options["faction_move_roll"] != "opposed":
        return True
    factions = campaign.factions
    tier = campaign.crew.tier if other == c.CREW else factions[other].tier
    what = f"faction move {purpose}"
    attack = fortune_roll(campaign, what, factions[fid].tier + bonus, side="attacker", faction=fid)
    defence = fortune_roll(campaign, what, tier, side="defender", faction=other)
    return _RANK[attack.result] > _RANK[defence.result]


def hit(campaign: Campaign, fid: str, target: str, reason: str) -> bool:
    """BITD.FACTION.4: the target loses a hold level, or a Tier (staying weak) when its hold is already weak; at
    war and brought to Tier 0, it is destroyed as a power: both statuses -2, the war is over."""
    victim = campaign.factions[target]
    if victim.hold == "strong":
        campaign.set_faction(target, reason, hold="weak")
    else:
        campaign.set_faction(target, reason, tier=victim.tier - 1)
    graph = campaign.city
    if victim.tier == 0 and c.at_war(graph, fid, target):
        for a, b in ((fid, target), (target, fid)):
            campaign.change_faction_status(a, b, -2 - c.status(graph, a, b), "war ended: enemy destroyed")
        return True
    return False


def _expand(campaign: Campaign, fid: str, reason: str) -> None:
    faction = campaign.factions[fid]
    if faction.hold == "weak":
        campaign.set_faction(fid, reason, hold="strong")
    elif faction.tier < 5:
        campaign.set_faction(fid, reason, tier=faction.tier + 1, hold="weak")


def achieve(campaign: Campaign, fid: str, clock: Any) -> tuple[str, bool]:
    """A goal achieved: its kind's effect (see the module docstring). Returns (the enemy moved against, repelled)."""
    kind, target = goal_of(campaign.factions[fid], clock)
    reason = f"goal {clock.id}"
    campaign.count(f"faction_goals_{fid}")
    campaign.count(f"faction_goals_kind_{kind}")
    graph = campaign.city
    if kind == "destroy":
        if target not in campaign.factions or target == fid:
            worst = list(c.view(graph, fid, campaign.factions).rivals)  # toward(s <= -1), in play, sorted
            worst.sort(key=lambda o: (c.status(graph, fid, o), -campaign.factions[o].tier, o))
            target = worst[0] if worst else ""
        if target:
            landed = _beats(campaign, fid, target, clock.id)
            destroyed = landed and hit(campaign, fid, target, f"{fid} moved")
            if not landed:
                campaign.count("faction_moves_repelled")
            if not destroyed:
                campaign.change_faction_status(target, fid, -1, reason)
            return target, not landed
    elif kind == "influence":
        friends = [o for o in c.toward(graph, fid, lambda s: s >= 1) if o in campaign.factions]
        for other in friends:
            campaign.change_faction_status(other, fid, 1, reason)
        if friends:
            return "", False
    _expand(campaign, fid, reason)
    return "", False


def _tick_goal(campaign: Campaign, fid: str, index: int, ticks: int) -> tuple[str, str, bool]:
    """Tick the faction's ``index``-th goal clock; on a full one, achieve it and start it again. Returns (goal achieved
    or "", enemy moved against, repelled)."""
    faction = campaign.factions[fid]
    clock = faction.clocks[index]
    before = clock.filled
    campaign.tick_clock(clock, ticks, "faction turn")
    _, ticks_key, goal_rolls_key, exact_key, _ = _keys(fid)
    counters = campaign.counters  # campaign.count, inline
    counters[ticks_key] = counters.get(ticks_key, 0) + clock.filled - before  # segments filled (not past the last)
    rolls_key = f"goal_rolls:{fid}.{clock.id}"
    rolls = counters[rolls_key] = counters.get(rolls_key, 0) + 1
    if clock.filled < clock.size:  # not clock.full
        return "", "", False
    counters[goal_rolls_key] = counters.get(goal_rolls_key, 0) + rolls  # fortune rolls the goal took (sim odds clock)
    counters[rolls_key] = 0
    exact = mean_rolls(clock.size, faction.tier, campaign.options["ltp_critical_ticks"])
    counters[exact_key] = counters.get(exact_key, 0) + round(1000 * exact)  # its exact mean at the Tier it filled at
    enemy, repelled = achieve(campaign, fid, clock)
    campaign.restart_goal(fid, "goal achieved", faction.clocks.index(clock))
    return clock.id, enemy, repelled


def advance_goal(campaign: Campaign, fid: str, kind: str) -> None:
    faction = campaign.factions[fid]
    goals = faction.goals  # goal_of's kind, inline
    for index, clock in enumerate(faction.clocks):  # the first clock of the kind (one there is: it was offered)
        if (goals.get(clock.id) or _NO_GOAL).get("kind", "expand") == kind:
            break
    else:
        raise StopIteration(f"{fid} has no {kind} goal")
    roll = roll_dice(campaign, faction.tier)
    ticks = _ticks(roll.result, campaign.options["ltp_critical_ticks"])
    if not campaign.journal.skip("faction_roll"):
        campaign.emit("faction_roll", faction=fid, dice=roll.dice, faces=list(roll.faces), die=roll.die,
                      result=roll.result, ticks=ticks, clock=clock.id)
    goal, enemy, repelled = _tick_goal(campaign, fid, index, ticks)
    _record(campaign, fid, "advance_goal", f"work on {clock.id}", target=clock.id, success=bool(goal), goal=goal,
            goal_kind=kind, enemy=enemy, repelled=repelled)


def seize(campaign: Campaign, fid: str, rival: str) -> None:
    landed = _beats(campaign, fid, rival, "seize")
    reason = f"{fid} seized from {rival}" if landed else f"{fid} tried to seize from {rival}"
    if landed:
        holders = campaign.ledger.claim_holders
        theirs = [k for k, v in holders.items() if v == rival]
        crew = _crew_cells(campaign) if theirs else ()  # once, not once per cell
        cells = sorted(k for k in theirs if k not in crew)
        if cells:
            campaign.set_claim_holders({cells[0]: fid})
        elif campaign.factions[fid].hold == "weak":
            campaign.set_faction(fid, reason, hold="strong")
    else:
        campaign.count("faction_moves_repelled")
    campaign.change_faction_status(rival, fid, -2 if landed else -1, reason)  # BITD.FACTION.6
    _record(campaign, fid, "seize", reason, target=rival, success=landed, enemy=rival, repelled=not landed)


_GRIDS: dict[tuple[int, str], tuple[Any, tuple]] = {}


def _crew_cells(campaign: Campaign) -> set[str]:
    from sim.blades.city.claims import cell_key, claim_map, held_cells

    content, crew_type = campaign.content, campaign.crew.type
    cached = _GRIDS.get((id(content), crew_type))  # the claim map of a content's crew type: content never changes
    if cached is None or cached[0] is not content:
        if len(_GRIDS) > 256:
            _GRIDS.clear()
        cached = _GRIDS[(id(content), crew_type)] = (content, claim_map(content, crew_type))
    grid = cached[1]
    return {cell_key(cell) for cell in held_cells(grid, campaign.crew.claims)} if grid else set()


def gather_info(campaign: Campaign, fid: str, rival: str) -> None:
    roll = fortune_roll(campaign, "faction gathers information", campaign.factions[fid].tier, faction=fid)
    success = _RANK[roll.result] >= PARTIAL_OR_BETTER
    if success:
        campaign.set_intel(fid, rival, True, "gathered information")
    _record(campaign, fid, "gather_info", f"information on {rival}", target=rival, success=success)


def call_favour(campaign: Campaign, fid: str, ally: str) -> None:
    helper = campaign.factions[ally]
    roll = fortune_roll(campaign, "faction favour", helper.tier, faction=ally, side="ally")
    ticks = _ticks(roll.result, campaign.options["ltp_critical_ticks"])
    goal, enemy, repelled = _tick_goal(campaign, fid, 0, ticks)
    campaign.change_faction_status(ally, fid, -1, f"favour for {fid}")
    _record(campaign, fid, "call_favour", f"favour from {ally}", target=ally, success=ticks >= 2, goal=goal,
            enemy=enemy, repelled=repelled)


def move_against(campaign: Campaign, fid: str, enemy: str) -> None:
    landed = _beats(campaign, fid, enemy, "against an enemy")
    reason = f"{fid} moved"
    destroyed = landed and hit(campaign, fid, enemy, reason)
    if not landed:
        campaign.count("faction_moves_repelled")
    if not destroyed:
        campaign.change_faction_status(enemy, fid, -1, reason)
    _record(campaign, fid, "move_against", f"against {enemy}", target=enemy, success=landed, enemy=enemy,
            repelled=not landed)


def move_against_crew(campaign: Campaign, fid: str, _target: str = "") -> None:
    from sim.blades.downtime.entanglements import give_claim

    landed = _beats(campaign, fid, c.CREW, "against the crew")
    if landed:
        give_claim(campaign, campaign.factions[fid], f"{fid} moved against the crew")
    else:
        campaign.count("faction_moves_repelled")
    _record(campaign, fid, "move_against_crew", "against the crew", target=c.CREW, success=landed,
            repelled=not landed)


def recover(campaign: Campaign, fid: str, _target: str = "") -> None:
    roll = fortune_roll(campaign, "faction recovers", campaign.factions[fid].tier, faction=fid)
    success = _RANK[roll.result] >= PARTIAL_OR_BETTER
    if success:
        campaign.set_faction(fid, "recovered", hold="strong")
    _record(campaign, fid, "recover", "recover its hold", success=success)


def seek_peace(campaign: Campaign, fid: str, enemy: str) -> None:
    roll = fortune_roll(campaign, "faction seeks peace", campaign.factions[fid].tier, faction=fid)
    success = _RANK[roll.result] >= PARTIAL_OR_BETTER
    if success:
        step = 2 if roll.result == "critical" else 1
        for a, b in ((fid, enemy), (enemy, fid)):
            campaign.change_faction_status(a, b, step, f"peace between {fid} and {enemy}")
    _record(campaign, fid, "seek_peace", f"peace with {enemy}", target=enemy, success=success)


MOVES = {"advance_goal": advance_goal, "seize": seize, "gather_info": gather_info, "call_favour": call_favour,
         "move_against": move_against, "move_against_crew": move_against_crew, "recover": recover,
         "seek_peace": seek_peace}
