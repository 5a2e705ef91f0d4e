"""Downtime, step 3: entanglements (BITD.DOWNTIME.ENTANGLE.1-4).

After payoff and heat, roll dice equal to the wanted level (BITD.DOWNTIME.HEAT.5; 0: two dice,
keep the lowest) and read the column of the crew's current heat in content
``blades/entanglements``; the GM picks where a cell names two. The
entanglement arrives already manifested (ENTANGLE.3): the crew's voice picks
one of its content options, each priced in the content COST vocabulary
(coin, rep, heat, harm, status, claims, hold, incarceration, a fortune roll,
or playing it out), and pays it. Policies weigh costs with their
``entanglement_weights`` trait.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.blades.crew.state import Campaign, Scoundrel
from sim.blades.downtime.downtime import voice_seat, hand_over, lose_hold, roll_dice, update_war
from sim.dice import BladesRoll
from sim.errors import ContentError, Problem
from sim.rng import Rng


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
    chosen = campaign.ask("gm", "entanglement_pick", options, {"column": column, "die": roll.die})
    campaign.emit("entanglement", heat=crew.heat, wanted=crew.wanted, dice=roll.dice, faces=list(roll.faces),
                  die=roll.die, result=roll.result, column=column, entanglement=chosen, options=list(options),
                  reason=reason)
    campaign.count(f"entanglement.{chosen}")
    resolve_entanglement(campaign, table.entries[chosen])
    return chosen


def roll_entanglements(campaign: Campaign) -> None:
    """The entanglement step: one roll (an overindulgence that attracts trouble rolls its own, at once)."""
    roll_entanglement(campaign)


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
    if type(spec) is int:  # the common case, before the (slow) abstract Mapping check
        return spec
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
    if friendly:  # the first of the sorted order (min keeps the first of equals, as a stable sort does)
        return min(pool, key=lambda f: (-f.status, -f.tier, f.id))
    return min(pool, key=lambda f: (f.status, -f.tier, f.id))


def _victim(campaign: Campaign) -> Scoundrel | None:
    """The scoundrel an entanglement falls on (the GM picks at random among the active)."""
    active = campaign.active_pcs
    return active[int(campaign.stream("tables").random() * len(active))] if active else None


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
    seat = voice_seat(campaign)
    choice = campaign.ask(seat, "entanglement_option", offered, {
        "entanglement": kind, "costs": costs, "faction": faction.id if faction else ""})
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
        campaign.add_heat(0, {"entanglement": int(cost["heat"])})
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
                campaign.add_heat(0, {"entanglement": int(result_cost["heat"])})
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
    from sim.blades.score.resist import resist_harm

    landed = resist_harm(campaign, pc, level, "assault", reason)
    if landed > 0:
        campaign.take_harm(pc, landed, reason)


def give_claim(campaign: Campaign, faction: Any, reason: str) -> None:
    """Hand a claim over (Show of Force); with none, option ``show_of_force_no_claims``: lose hold or turf."""
    crew = campaign.crew
    held = [c for c in crew.claims if not c.startswith("prison:")]
    if held:
        lost = held[-1]
        campaign.lose_claim(lost, reason, faction.id if faction else "")
        if lost == "turf" and crew.turf > 0:  # BITD.CREW.TURF.1: a turf claim is a mark of turf
            campaign.set_crew(reason, turf=crew.turf - 1)
    elif crew.turf > 0:
        campaign.set_crew(reason, turf=crew.turf - 1)
    elif campaign.options["show_of_force_no_claims"] == "lose_turf":
        campaign.emit("claim", claim="turf", gained=False, change="none", reason=reason,
                      faction=faction.id if faction else "")
    else:
        lose_hold(campaign, reason)
