"""Downtime, part one: payoff, heat, the score's fallout, entanglements, incarceration.

BITD.DOWNTIME.1: after every score, in order, **payoff -> heat ->
entanglements -> activities** (activities are :mod:`sim.blades.activities`).
Each step is a plain function of the campaign and the score's
:class:`~sim.blades.outcomes.ScoreResult`; the campaign machine
(:mod:`sim.blades.loop`) only sequences them. Choices go to the seats through
``campaign.decide``; the scripted answers are registered here.

Seats: the crew's collective choices (pay or hand someone over) are asked of
the *crew voice*, the first active scoundrel; the GM seat picks between the
two entanglements of a table cell.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.blades.outcomes import EXPOSURE_HEAT, ScorePlan, ScoreResult
from sim.blades.state import Campaign, Scoundrel
from sim.clocks import Clock
from sim.dice import BladesRoll, roll_action
from sim.errors import ContentError, Problem
from sim.rng import Rng

# --------------------------------------------------------------------- dice


def roll_dice(campaign: Campaign, dice: int) -> BladesRoll:
    """Roll a Blades pool with the scenario's sampler and count the dice (BITD.CORE.1-3)."""
    roll = roll_action(campaign.rng, dice, campaign.options["dice_sampler"])
    campaign.dice_rolled += dice if dice > 0 else 2
    return roll


def crew_voice(campaign: Campaign) -> Scoundrel | None:
    """The scoundrel who answers for the crew: the first active one."""
    for pc in campaign.pcs:
        if pc.status == "active":
            return pc
    return None


def _voice_seat(campaign: Campaign) -> str:
    pc = crew_voice(campaign)
    return pc.id if pc is not None else "gm"


# ------------------------------------------------------------------- payoff

#: BITD.CREW.CLAIM.3: claims that add 2 coin to the payoff of scores of these kinds.
CLAIM_COIN: Mapping[str, tuple[str, ...]] = {
    "envoy": ("social", "deception"),
    "fixer": ("smuggling", "transport"),
    "street_fence": ("burglary", "robbery", "theft"),
    "loyal_fence": ("burglary", "robbery", "theft"),
    "terrorized_citizens": ("battle", "extortion"),
    "offertory": ("occult",),
    "local_graft": ("show_of_force", "socializing"),
    "surplus_cache": ("product", "supply"),
    "covert_drop": ("espionage", "sabotage"),
}


def payoff_rep(success: bool, quiet: bool, target_tier: int, crew_tier: int) -> int:
    """BITD.DOWNTIME.PAYOFF.1: ``max(0, 2 + targetTier - crewTier)``; 0 if quiet or failed."""
    if not success or quiet:
        return 0
    return max(0, 2 + target_tier - crew_tier)


def claim_bonuses(claims: Sequence[str], kind: str) -> tuple[int, int]:
    """(coin, rep) the crew's claims add to a successful score of ``kind`` (BITD.CREW.CLAIM.3)."""
    coin = sum(2 for c in claims if kind in CLAIM_COIN.get(c, ()))
    rep = 1 if "victim_trophies" in claims else 0
    return coin, rep


def tithe(crew_tier: int) -> int:
    """BITD.DOWNTIME.PAYOFF.3: the boss's cut is crew Tier + 1 coin."""
    return crew_tier + 1


@decision("pay_tithe")
def choose_pay_tithe(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Pay the boss when the policy says so (trait ``pay_tithe``) and it is affordable."""
    return bool(traits.get("pay_tithe", True)) and True in d.options


def pay_off(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> dict[str, Any]:
    """BITD.DOWNTIME.PAYOFF.1-4: rep and coin for the score; the boss's tithe.

    Failed or abandoned scores pay nothing (BITD.SCORE.7); the client always
    pays what was earned (PAYOFF.4). Journals ``payoff``.
    """
    crew = campaign.crew
    success = result.success and not result.abandoned
    rep = payoff_rep(success, result.quiet, plan.target_tier, crew.tier)
    coin = result.coin if success else 0
    coin_bonus, rep_bonus = claim_bonuses(crew.claims, plan.kind) if success else (0, 0)
    if result.quiet:
        rep_bonus = 0
    event = campaign.emit("payoff", success=success, quiet=result.quiet, crew_tier=crew.tier,
                          target_tier=plan.target_tier, rep=rep, rep_bonus=rep_bonus, coin=coin + coin_bonus,
                          claim_coin=coin_bonus, target=plan.target_id)
    if rep + rep_bonus:
        campaign.add_rep(rep + rep_bonus, "payoff")
    if coin + coin_bonus:
        campaign.add_coin(coin + coin_bonus, "payoff")
    if campaign.boss and success:
        _tithe(campaign)
    return event


def _tithe(campaign: Campaign) -> None:
    """BITD.DOWNTIME.PAYOFF.3: pay the boss, or tick their patience clock (full: -1 status)."""
    cut = tithe(campaign.crew.tier)
    affordable = campaign.crew.coin >= cut
    pay = campaign.decide(_voice_seat(campaign), "pay_tithe", (True, False) if affordable else (False,), cut=cut)
    if pay:
        campaign.add_coin(-cut, "tithe")
        return
    clock = campaign.clocks.get("patience")
    if clock is None:
        clock = campaign.add_clock(Clock("patience", 4, "danger", owner=campaign.boss), "unpaid tithe")
    campaign.tick_clock(clock, 1, "unpaid tithe")
    if clock.full:
        campaign.change_status(campaign.boss, -1, "patience ran out")
        clock.clear()


# ------------------------------------------------------------ score fallout


def score_fallout(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> None:
    """BITD.FACTION.6: -1 with factions the score hurt (-2 if it was wild or deadly), +1 with those it helped.

    A fully quiet operation changes nothing.
    """
    if result.quiet:
        return
    harsh = result.killing or exposure_heat(campaign, result.exposure) >= 6
    for faction in sorted(set(result.factions_hurt)):
        if faction in campaign.factions:
            campaign.change_status(faction, -2 if harsh else -1, "score")
    for faction in sorted(set(result.factions_helped)):
        if faction in campaign.factions:
            campaign.change_status(faction, 1, "score")


def update_war(campaign: Campaign) -> None:
    """BITD.FACTION.7: while at war the crew loses 1 hold (1 Tier if hold was already weak).

    The loss is restored when no faction is at -3 any more.
    """
    ledger = campaign.ledger
    crew = campaign.crew
    if campaign.at_war and not ledger.war_penalty:
        campaign.emit("war", started=True, enemies=sorted(f.id for f in campaign.factions.values() if f.status <= -3))
        campaign.count("wars")
        if crew.hold == "strong":
            ledger.war_penalty = "hold"
            campaign.set_crew("war", hold="weak")
        elif crew.tier > 0:
            ledger.war_penalty = "tier"
            campaign.set_crew("war", tier=crew.tier - 1)
        else:
            ledger.war_penalty = "none"  # Tier 0 weak: the lair is threatened (BITD.FACTION.4)
    elif not campaign.at_war and ledger.war_penalty:
        campaign.emit("war", started=False, enemies=[])
        if ledger.war_penalty == "hold":
            campaign.set_crew("war ended", hold="strong")
        elif ledger.war_penalty == "tier":
            campaign.set_crew("war ended", tier=crew.tier + 1)
        ledger.war_penalty = ""


# --------------------------------------------------------------------- heat


_HEAT: dict[int, tuple[Any, dict[str, int], dict[str, int]]] = {}


def heat_tables(content: Any) -> tuple[dict[str, int], dict[str, int]]:
    """(exposure -> base heat, modifier -> heat) from content ``blades/heat`` (built once per content).

    The seam's exposure names (:data:`~sim.blades.outcomes.EXPOSURE_HEAT`) are
    accepted too.
    """
    cached = _HEAT.get(id(content))
    if cached is None or cached[0] is not content:
        doc = content.table("blades/heat")
        exposures = dict(EXPOSURE_HEAT)
        exposures.update({e["id"]: int(e["heat"]) for e in doc["exposures"]})
        modifiers = {m["id"]: int(m["heat"]) for m in doc["modifiers"]}
        cached = _HEAT[id(content)] = (content, exposures, modifiers)
    return cached[1], cached[2]


def exposure_heat(campaign: Campaign, exposure: str) -> int:
    """BITD.DOWNTIME.HEAT.1: base heat by the operation's exposure."""
    return heat_tables(campaign.content)[0][exposure]


def heat_modifiers(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> dict[str, int]:
    """BITD.DOWNTIME.HEAT.2: the cumulative modifiers on the score's base heat (sizes from content)."""
    size = heat_tables(campaign.content)[1]
    applies = {
        "high_profile": plan.high_profile,
        "hostile_turf": plan.hostile_turf,
        "at_war": campaign.at_war,
        "killing": result.killing,
        "cover_operation": "cover_operation" in campaign.crew.claims,
    }
    mods = {name: size[name] if on else 0 for name, on in applies.items()}
    for name, value in sorted(result.heat_modifiers.items()):
        mods[name] = mods.get(name, 0) + int(value)
    return mods


def take_heat(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> int:
    """BITD.DOWNTIME.HEAT.1-3: base heat by exposure plus modifiers, rolling over into wanted level."""
    return campaign.add_heat(exposure_heat(campaign, result.exposure), heat_modifiers(campaign, plan, result))


# ------------------------------------------------------------ entanglements


def entanglement_column(heat: int, columns: Sequence[tuple[str, int, int]]) -> str:
    """BITD.DOWNTIME.ENTANGLE.1-2: the id of the column whose heat band holds ``heat``."""
    for cid, lo, hi in columns:
        if lo <= heat <= hi:
            return cid
    raise ContentError([Problem("content/blades/entanglements.yaml", 0, "columns", f"no column for heat {heat}")])


def _band(text: Any) -> tuple[int, int]:
    """``"1-3"`` -> (1, 3); ``"6"`` or ``6`` -> (6, 6); ``"critical"`` -> (7, 7)."""
    text = str(text)
    if text == "critical":
        return 7, 7
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


class EntanglementTable:
    """Content ``blades/entanglements``, indexed once per content object."""

    __slots__ = ("columns", "rows", "entries")

    def __init__(self, doc: Mapping[str, Any]):
        self.columns = tuple((c["id"], *_band(c["heat"])) for c in doc["columns"])
        self.rows = tuple((*_band(r["die"]), {k: tuple(v) for k, v in r["cells"].items()}) for r in doc["rows"])
        self.entries = {e["id"]: e for e in doc["entanglements"]}

    def cell(self, column: str, die: int) -> tuple[str, ...]:
        """The entanglements of a cell; a critical reads the 6 row (BITD.DOWNTIME.ENTANGLE.2)."""
        die = min(die, 6)
        for lo, hi, cells in self.rows:
            if lo <= die <= hi:
                return cells[column]
        raise ContentError([Problem("content/blades/entanglements.yaml", 0, "rows", f"no row for die {die}")])


_TABLES: dict[int, tuple[Any, EntanglementTable]] = {}


def entanglement_table(content: Any) -> EntanglementTable:
    """The entanglement table of ``content`` (built once per content object)."""
    cached = _TABLES.get(id(content))
    if cached is None or cached[0] is not content:
        cached = _TABLES[id(content)] = (content, EntanglementTable(content.table("blades/entanglements")))
    return cached[1]


@decision("entanglement_pick")
def choose_entanglement(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """BITD.DOWNTIME.ENTANGLE.1: where a cell names two, the GM picks; scripted GMs pick at random."""
    return d.options[int(rng.random() * len(d.options))]


def roll_entanglement(campaign: Campaign, reason: str = "downtime") -> str:
    """BITD.DOWNTIME.ENTANGLE.1-4: roll wanted-level dice on the current-heat column and resolve it.

    Journals ``entanglement`` (``heat``, ``wanted``, ``dice``, ``faces``,
    ``column``, ``entanglement``), then resolves it.
    """
    crew = campaign.crew
    table = entanglement_table(campaign.content)
    roll = roll_dice(campaign, crew.wanted)
    column = entanglement_column(crew.heat, table.columns)
    options = table.cell(column, roll.die)
    chosen = campaign.decide("gm", "entanglement_pick", options, column=column, die=roll.die)
    campaign.emit("entanglement", heat=crew.heat, wanted=crew.wanted, dice=roll.dice, faces=list(roll.faces),
                  die=roll.die, result=roll.result, column=column, entanglement=chosen, options=list(options),
                  reason=reason)
    campaign.count(f"entanglement.{chosen}")
    resolve_entanglement(campaign, table.entries[chosen])
    return chosen


def entanglements(campaign: Campaign) -> None:
    """The entanglement step: one roll, plus one per overindulgence that attracted trouble."""
    roll_entanglement(campaign)
    while campaign.ledger.extra_entanglements > 0:
        campaign.ledger.extra_entanglements -= 1
        roll_entanglement(campaign, "attract trouble")


# ---- resolving an entanglement (BITD.DOWNTIME.ENTANGLE.4): content options with costs

#: How much a scripted crew dislikes each unit of a cost, unless its policy says otherwise.
DEFAULT_COST_WEIGHTS: Mapping[str, float] = {
    "coin": 1, "rep": 1, "heat": 1, "clear_heat": -2, "harm": 3, "status": 2, "war": 8, "claims": 5,
    "hold": 5, "incarcerate": 9, "lose_contact": 2, "accept_bargain": 4, "acquire_asset": 2, "fortune": 2,
    "play_out": 3,
}


def cost_score(cost: Mapping[str, Any], weights: Mapping[str, float]) -> float:
    """A policy's dislike of a resolved cost: sum of weight x size (booleans and rolls count once)."""
    total = 0.0
    for key, value in cost.items():
        w = float(weights.get(key, DEFAULT_COST_WEIGHTS.get(key, 1)))
        if key == "set_status":  # going to war is its own weight
            if value.get("to", 0) <= -3:
                total += float(weights.get("war", 8))
            else:
                total += float(weights.get("status", 2)) * abs(int(value.get("delta", 0)))
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            total += w
        else:
            total += w * abs(value)
    return total


@decision("entanglement_option")
def choose_entanglement_option(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The option whose cost the policy dislikes least (trait ``entanglement_weights``); ties by order."""
    costs = d.context.get("costs", {})
    weights = traits.get("entanglement_weights", {})
    return min(d.options, key=lambda o: (cost_score(costs.get(o, {}), weights), d.options.index(o)))


def amount(spec: Any, campaign: Campaign, faction: Any) -> int:
    """A content amount: a number, or ``base + times x per`` (per: wanted, crew_tier, faction_tier)."""
    if not isinstance(spec, Mapping):
        return int(spec)
    per = {"wanted": campaign.crew.wanted, "crew_tier": campaign.crew.tier,
           "faction_tier": faction.tier if faction is not None else 0}[spec["per"]]
    return int(spec.get("base", 0)) + int(spec.get("times", 1)) * per


def resolved_cost(cost: Mapping[str, Any], campaign: Campaign, faction: Any) -> dict[str, Any]:
    """An option's cost with amounts worked out for this crew and faction (``set_status`` as a delta)."""
    out: dict[str, Any] = {}
    for key in sorted(cost):
        value = cost[key]
        if key in ("coin", "rep"):
            out[key] = amount(value, campaign, faction)
        elif key == "set_status":
            out[key] = {"to": int(value), "delta": int(value) - (faction.status if faction is not None else 0)}
        else:
            out[key] = value
    return out


def affordable(cost: Mapping[str, Any], campaign: Campaign) -> bool:
    """Coin and rep can only be paid if the crew has them; someone must be free to hand over."""
    crew = campaign.crew
    if cost.get("coin", 0) > crew.coin or cost.get("rep", 0) > crew.rep:
        return False
    if cost.get("incarcerate") and not campaign.active_pcs:
        return False
    return True


def _satisfies(faction: Any, requires: Mapping[str, int]) -> bool:
    s = faction.status
    return (s >= requires.get("status_at_least", -9) and s <= requires.get("status_at_most", 9)
            and ("status_is" not in requires or s == requires["status_is"]))


def entanglement_faction(campaign: Campaign, entry: Mapping[str, Any]) -> Any:
    """The faction an entanglement involves.

    With ``requires``: a faction of that status (the most extreme status, then
    the highest Tier, then id), or None (no entanglement). Without: the most
    hostile faction in play (the same ordering) [inferred].
    """
    requires = entry.get("requires") or {}
    pool = [f for f in campaign.factions.values() if _satisfies(f, requires)] if requires else list(
        campaign.factions.values())
    if not pool:
        return None
    friendly = requires.get("status_at_least", -9) > 0
    return sorted(pool, key=lambda f: (-f.status if friendly else f.status, -f.tier, f.id))[0]


def _victim(campaign: Campaign) -> Scoundrel | None:
    """The scoundrel an entanglement falls on (the GM picks at random among the active)."""
    active = campaign.active_pcs
    return active[int(campaign.rng.random() * len(active))] if active else None


def resolve_entanglement(campaign: Campaign, entry: Mapping[str, Any]) -> str:
    """BITD.DOWNTIME.ENTANGLE.3-4: the entanglement has arrived; the crew picks an option and pays its cost.

    Options whose coin or rep the crew lacks are not on offer (if none is
    affordable, all are, and coin and rep are paid as far as they go).
    Journals ``entanglement_resolved`` with the option and its cost.
    """
    kind = entry["id"]
    faction = entanglement_faction(campaign, entry)
    if entry.get("requires") and faction is None:
        campaign.emit("entanglement_resolved", entanglement=kind, option="none", options=[], cost={}, faction="")
        return "none"
    costs = {o["id"]: resolved_cost(o["cost"], campaign, faction) for o in entry["options"]}
    offered = [o["id"] for o in entry["options"] if affordable(costs[o["id"]], campaign)]
    if not offered:
        offered = [o["id"] for o in entry["options"] if not costs[o["id"]].get("incarcerate")] or [
            entry["options"][0]["id"]]
    seat = _voice_seat(campaign)
    choice = campaign.decide(seat, "entanglement_option", offered, entanglement=kind, costs=costs,
                             faction=faction.id if faction else "")
    campaign.emit("entanglement_resolved", entanglement=kind, option=choice, options=offered, cost=costs[choice],
                  faction=faction.id if faction else "")
    campaign.count(f"entanglement_option.{kind}.{choice}")
    apply_cost(campaign, costs[choice], faction, kind)
    return choice


def apply_cost(campaign: Campaign, cost: Mapping[str, Any], faction: Any, reason: str) -> None:
    """Apply a resolved entanglement cost (the content COST vocabulary), key by key in a fixed order."""
    crew = campaign.crew
    if "coin" in cost and cost["coin"]:
        campaign.add_coin(-min(cost["coin"], crew.coin), reason)
    if "rep" in cost and cost["rep"]:
        campaign.add_rep(-cost["rep"], reason)
    if cost.get("heat"):
        campaign.add_heat(int(cost["heat"]), {})
    if cost.get("clear_heat") and crew.heat:
        campaign.remove_heat(crew.heat, reason)
    if cost.get("harm"):
        _harm_victim(campaign, int(cost["harm"]), reason)
    if cost.get("status") and faction is not None:
        campaign.change_status(faction.id, int(cost["status"]), reason)
    if "set_status" in cost and faction is not None:
        campaign.change_status(faction.id, cost["set_status"]["to"] - faction.status, reason)
    if cost.get("claims"):
        for _ in range(int(cost["claims"])):
            give_claim(campaign, faction, reason)
    if cost.get("hold"):
        lose_hold(campaign, reason)
    if cost.get("incarcerate"):
        hand_over(campaign)
    if cost.get("lose_contact"):  # a contact turns to another faction: the friendliest cools by 1 [inferred]
        friend = sorted(campaign.factions.values(), key=lambda f: (-f.status, -f.tier, f.id))
        if friend and friend[0].status > -3:
            campaign.change_status(friend[0].id, -1, reason)
    if cost.get("accept_bargain"):  # a demon's dark bargain: a scoundrel pays 2 stress [inferred]
        pc = _victim(campaign)
        if pc is not None:
            campaign.add_stress(pc, 2, reason)
    if cost.get("acquire_asset"):  # hire help: an acquire-asset fortune roll on crew Tier (BITD.DOWNTIME.ACQUIRE.2)
        roll = roll_dice(campaign, crew.tier)
        campaign.emit("fortune", dice=roll.dice, faces=list(roll.faces), die=roll.die, result=roll.result,
                      reason=f"{reason}: {cost['acquire_asset']}")
    if cost.get("fortune"):
        fortune_cost(campaign, cost["fortune"], faction, reason)
    if cost.get("play_out"):
        play_out(campaign, reason)
    update_war(campaign)


def fortune_cost(campaign: Campaign, spec: Mapping[str, Any], faction: Any, reason: str) -> BladesRoll:
    """A fortune roll decides the cost (Questioning, The Usual Suspects): read the die's band."""
    roll = roll_dice(campaign, int(spec["dice"]))
    campaign.emit("fortune", dice=roll.dice, faces=list(roll.faces), die=roll.die, result=roll.result, reason=reason)
    die = 7 if roll.result == "critical" else roll.die
    for band in spec["results"]:
        lo, hi = _band(band["die"])
        if lo <= die <= hi or (die == 7 and hi == 6):
            result_cost = band["cost"]
            if result_cost.get("heat"):
                campaign.add_heat(int(result_cost["heat"]), {})
            if result_cost.get("harm"):
                _harm_victim(campaign, int(result_cost["harm"]), reason)
            break
    return roll


def play_out(campaign: Campaign, reason: str) -> BladesRoll:
    """An entanglement played out rather than paid: a fortune roll on crew Tier [inferred].

    1-3: a scoundrel takes level-2 harm; 4/5: they take 2 stress; 6+: it is dealt with.
    """
    roll = roll_dice(campaign, campaign.crew.tier)
    campaign.emit("fortune", dice=roll.dice, faces=list(roll.faces), die=roll.die, result=roll.result, reason=reason)
    if roll.result in ("failure", "partial"):
        pc = _victim(campaign)
        if pc is not None:
            if roll.result == "failure":
                _harm_victim(campaign, 2, reason, pc)
            else:
                campaign.add_stress(pc, 2, reason)
    return roll


def _harm_victim(campaign: Campaign, level: int, reason: str, pc: Scoundrel | None = None) -> None:
    """Harm to a scoundrel, who may resist it (BITD.RESIST; each consequence separately)."""
    pc = pc or _victim(campaign)
    if pc is None:
        return
    from sim.blades.resist import resist_harm

    landed = resist_harm(campaign, pc, level, "assault", reason)
    if landed > 0:
        campaign.take_harm(pc, landed, reason)


def give_claim(campaign: Campaign, faction: Any, reason: str) -> None:
    """Hand a claim over (Show of Force); with none, option ``show_of_force_no_claims``: lose hold or turf."""
    crew = campaign.crew
    held = [c for c in crew.claims if not c.startswith("prison:")]
    if held:
        lost = held[-1]
        crew.claims.remove(lost)
        campaign.emit("claim", claim=lost, gained=False, reason=reason, faction=faction.id if faction else "")
    elif crew.turf > 0:
        campaign.set_crew(reason, turf=crew.turf - 1)
    elif campaign.options["show_of_force_no_claims"] == "lose_turf":
        campaign.emit("claim", claim="turf", gained=False, reason=reason, faction=faction.id if faction else "")
    else:
        lose_hold(campaign, reason)


def lose_hold(campaign: Campaign, reason: str) -> None:
    """BITD.FACTION.4: strong -> weak; weak -> drop a Tier and stay weak (Tier 0: the lair is threatened)."""
    crew = campaign.crew
    if crew.hold == "strong":
        campaign.set_crew(reason, hold="weak")
    elif crew.tier > 0:
        campaign.set_crew(reason, tier=crew.tier - 1)
    else:
        campaign.emit("lair_threatened", reason=reason)


# -------------------------------------------------------------- incarceration

#: BITD.DOWNTIME.PRISON.2: the sentence by wanted level, in scores missed [inferred] (-1: life).
SENTENCE_SCORES = (1, 2, 4, 8, -1)
PRISON_CLAIMS = ("cell_block_control", "guard_payoff", "hardcase", "parole_influence", "smuggling", "allied_claim")


@decision("hand_over")
def choose_hand_over(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Who takes the fall: the scoundrel with the most trauma, then the most stress (context ``burden``)."""
    burden = d.context.get("burden", {})
    return max(d.options, key=lambda pc: (burden.get(pc, (0, 0)), -d.options.index(pc)))


@decision("beating")
def choose_beating(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """At wanted 0, a few weeks inside or a beating (level-3 harm): take the beating only if unhurt."""
    return "beating" if "beating" in d.options and d.context.get("worst_harm", 0) == 0 else "prison"


@decision("prison_claim")
def choose_prison_claim(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    return d.options[0]


def hand_over(campaign: Campaign, pc: Scoundrel | None = None) -> Scoundrel | None:
    """BITD.DOWNTIME.PRISON.1-3: a scoundrel is convicted: wanted -1, heat cleared, the incarceration roll."""
    active = campaign.active_pcs
    if pc is None:
        if not active:
            return None
        burden = {p.id: (len(p.trauma), p.stress) for p in active}
        pick = campaign.decide(_voice_seat(campaign), "hand_over", [p.id for p in active], burden=burden)
        pc = campaign.pc(pick)
    crew = campaign.crew
    wanted = crew.wanted
    if "prison:parole_influence" in crew.claims:
        wanted = max(0, wanted - 1)
    if wanted == 0:
        choice = campaign.decide(pc.id, "beating", ("prison", "beating"), worst_harm=pc.worst_harm)
        if choice == "beating":
            campaign.emit("incarceration", pc=pc.id, wanted=crew.wanted, sentence=0, beating=True)
            campaign.take_harm(pc, 3, "beaten by the watch")
            _convicted(campaign)
            return pc
    sentence = SENTENCE_SCORES[min(wanted, 4)]
    campaign.emit("incarceration", pc=pc.id, wanted=crew.wanted, sentence=sentence, beating=False)
    campaign.set_status(pc, "jailed", "handed over")
    campaign.ledger.sentences[pc.id] = sentence
    campaign.count("incarcerations")
    _convicted(campaign)
    incarceration_roll(campaign, pc)
    return pc


def _convicted(campaign: Campaign) -> None:
    campaign.reduce_wanted(1, "conviction")
    if campaign.crew.heat:
        campaign.remove_heat(campaign.crew.heat, "conviction")


def incarceration_roll(campaign: Campaign, pc: Scoundrel) -> BladesRoll:
    """BITD.DOWNTIME.PRISON.3: pool = crew Tier (+1d Guard Payoff); results per the table."""
    crew = campaign.crew
    dice = crew.tier + (1 if "prison:guard_payoff" in crew.claims else 0)
    roll = roll_dice(campaign, dice)
    campaign.emit("incarceration_roll", pc=pc.id, dice=roll.dice, faces=list(roll.faces), die=roll.die,
                  result=roll.result)
    if roll.result in ("success", "critical"):
        if roll.result == "critical":
            campaign.add_rep(3, "incarceration")
        free = [c for c in PRISON_CLAIMS if f"prison:{c}" not in crew.claims]
        if free:
            claim = campaign.decide(_voice_seat(campaign), "prison_claim", free)
            crew.claims.append(f"prison:{claim}")
            campaign.emit("claim", claim=f"prison:{claim}", gained=True, reason="incarceration", faction="")
        allies = sorted((f for f in campaign.factions.values() if f.status < 3), key=lambda f: (-f.status, -f.tier, f.id))
        helped = allies[0] if allies else None  # the friendliest faction helped inside
        if helped is not None:
            campaign.change_status(helped.id, 1, "helped inside")
    elif roll.result == "failure" and "prison:cell_block_control" not in crew.claims:
        campaign.add_trauma(pc, "incarceration")
    return roll


def serve_sentences(campaign: Campaign) -> None:
    """Count down sentences (and weeks lost in vice) once per score; release those who are done."""
    ledger = campaign.ledger
    for pc_id in sorted(ledger.sentences):
        left = ledger.sentences[pc_id]
        if left < 0:
            continue
        left -= 1
        if left <= 0:
            del ledger.sentences[pc_id]
            pc = campaign.pc(pc_id)
            if pc.status == "jailed":
                campaign.set_status(pc, "active", "released")
        else:
            ledger.sentences[pc_id] = left
    for pc_id in sorted(ledger.away):
        left = ledger.away[pc_id] - 1
        if left <= 0:
            del ledger.away[pc_id]
            pc = campaign.pc(pc_id)
            if pc.status == "lost":
                campaign.set_status(pc, "active", "back from vice")
                while pc.worst_harm:  # BITD.DOWNTIME.VICE.2 "Lost": all harm healed on return
                    campaign.heal_one_level(pc)
        else:
            ledger.away[pc_id] = left
