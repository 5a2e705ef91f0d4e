"""Rituals (BITD.RITUAL): knowing them, finding their sources, learning them, performing them in downtime.

* BITD.RITUAL.1: only a scoundrel with the Ritual ability performs rituals; it
  comes with the one ritual content marks ``known``. Any other needs a
  **source** (a long-term project whose clock its magnitude sizes,
  :func:`sim.blades.arcana.magnitude.source_clock`) and then a learning project of 8.
* BITD.RITUAL.2: what each ritual does, how it is done and what it costs are
  content (``blades/arcana`` ``rituals``), answered once for the table.
* BITD.RITUAL.3: performing takes the ritual's downtime activities (the
  ``ritual`` activity; a ritual of two is under way after the first). At the
  last the caster marks the stress of :func:`sim.blades.arcana.magnitude.ritual_stress`;
  a dangerous ritual is an Attune action roll at its position whose 1-3 is
  harm of the position's level and 4/5 one level less, resisted as harm
  [inferred]; an uncertain one (``reduce_heat``) is a fortune roll of its
  magnitude that coin raises a level per coin; a primed one is held and
  released on an action roll later (:mod:`sim.blades.arcana.arcane`). Its price
  ticks an ominous clock; when that fills the caster suffers it.

Journals ``activity`` (``activity: ritual``) with every input its stress and
outcome need, then the changes (``stress``, ``harm``, ``heat_removed``,
``arcana``, ``clock``).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.advancement.advancement import tier_cost
from sim.blades.arcana.magnitude import magnitude, ritual_stress, source_clock, stress_reductions, time_discount
from sim.blades.crew.state import Campaign, Scoundrel
from sim.blades.downtime.downtime import roll_dice
from sim.blades.score.resist import resist_harm
from sim.clocks import Clock
from sim.dice import RESULTS, harm_for_position, raise_result, ticks_for_result
from sim.rng import Rng

RITUAL_ABILITY = "ritual"
SOURCE_ACTIONS = ("study", "consort", "survey")  # consorting with occultists, studying old texts (BITD.RITUAL.1)
LEARN_ACTIONS = ("study", "attune")
LEARN_CLOCK = 8  # BITD.RITUAL.1: most rituals take an 8-segment project to learn


_TABLES: dict[int, tuple[Any, dict[str, Mapping[str, Any]]]] = {}


def ritual_table(content: Any) -> dict[str, Mapping[str, Any]]:
    """The rituals by id, built once per content."""
    hit = _TABLES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _TABLES[id(content)] = (content, {r["id"]: r for r in content.table("blades/arcana")["rituals"]})
    return hit[1]


def ritual_power(ritual: Mapping[str, Any]) -> int:
    """BITD.MAG.1: the ritual's magnitude (its dimensions summed)."""
    return magnitude(ritual["magnitude"])


def known_rituals(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """BITD.RITUAL.1: the rituals ``pc`` can perform: none without the Ritual ability; with it, the one it comes
    with and those learned since."""
    if RITUAL_ABILITY not in pc.abilities:
        return ()
    table = ritual_table(campaign.content)
    learned = [w.split(":", 1)[1] for w in campaign.arcana["learned"].get(pc.id, ()) if w.startswith("ritual:")]
    return tuple(r for r in table if table[r].get("known") or r in learned)


def ritual_projects(campaign: Campaign, pc: Scoundrel) -> list[tuple[str, tuple[str, ...], int]]:
    """BITD.RITUAL.1: the projects open to ``pc``: (project id, actions that fit, clock size): finding a source
    (``source_<ritual>``) for a ritual not yet sourced, learning one sourced (``learn_<ritual>``)."""
    if RITUAL_ABILITY not in pc.abilities:
        return []
    known = set(known_rituals(campaign, pc))
    out = []
    for rid, ritual in ritual_table(campaign.content).items():
        if rid in known:
            continue
        if rid in campaign.arcana["sources"]:
            out.append((f"learn_{rid}", LEARN_ACTIONS, LEARN_CLOCK))
        else:
            out.append((f"source_{rid}", SOURCE_ACTIONS, source_clock(ritual_power(ritual))))
    return out


def finish_project(campaign: Campaign, pc: Scoundrel, project: str) -> None:
    """A ritual project's clock filled: the source is found, or the ritual learned."""
    kind, rid = project.split("_", 1)
    if kind == "source":
        campaign.change_arcana("source", pc=pc.id, ritual=rid)
    else:
        campaign.change_arcana("learned", pc=pc.id, what=f"ritual:{rid}")


def castable(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """The rituals ``pc`` may perform now: known, and not already held primed; reduce-heat rituals only with heat."""
    if RITUAL_ABILITY not in pc.abilities:
        return ()
    primed = campaign.arcana["primed"].get(pc.id, ())
    table = ritual_table(campaign.content)
    out = []
    for rid in known_rituals(campaign, pc):
        ritual = table[rid]
        if ritual["outcome"] == "prime" and rid in primed:
            continue
        if ritual["outcome"] == "reduce_heat" and not campaign.crew.heat:
            continue
        out.append(rid)
    return tuple(out)


def cost_of(campaign: Campaign, ritual: Mapping[str, Any]) -> int:
    """BITD.MAG.5 / BITD.RITUAL.3: the stress ``ritual`` costs this crew."""
    return ritual_stress(ritual["magnitude"], ritual["casting"], stress_reductions(campaign.crew.claims),
                         rule=campaign.options["ritual_time_discount"])


@decision("ritual")
def choose_ritual(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Finish a ritual under way first, then the cheapest (context ``under_way``, ``stress``)."""
    under = d.context.get("under_way", ())
    for rid in d.options:
        if rid in under:
            return rid
    cost = d.context.get("stress", {})
    return min(d.options, key=lambda r: (cost.get(r, 0), d.options.index(r)))


def perform_ritual(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.RITUAL.3: one downtime activity of a ritual; returns the ritual's id."""
    table = ritual_table(campaign.content)
    options = castable(campaign, pc)
    under = [key.split(":", 1)[1] for key in campaign.arcana["casting"] if key.startswith(f"{pc.id}:")]
    rid = campaign.ask(pc.id, "ritual", options, {
        "under_way": under, "stress": {r: cost_of(campaign, table[r]) for r in options}})
    ritual = table[rid]
    parts = int(ritual["activities"])
    done = campaign.arcana["casting"].get(f"{pc.id}:{rid}", 0) + 1
    if done < parts:  # BITD.RITUAL.3: two or more activities for a strong ritual
        campaign.emit("activity", pc=pc.id, activity="ritual", ritual=rid, part=done, parts=parts, complete=False)
        campaign.change_arcana("casting", pc=pc.id, ritual=rid, done=done)
        return rid
    cast(campaign, pc, rid, ritual, done, parts)
    return rid


def cast(campaign: Campaign, pc: Scoundrel, rid: str, ritual: Mapping[str, Any], part: int, parts: int) -> None:
    """The activity that completes a ritual: stress, the danger roll, the outcome, the price (BITD.RITUAL.3)."""
    reductions = stress_reductions(campaign.crew.claims)
    rule = campaign.options["ritual_time_discount"]
    stress = ritual_stress(ritual["magnitude"], ritual["casting"], reductions, rule=rule)
    fields: dict[str, Any] = dict(pc=pc.id, activity="ritual", ritual=rid, part=part, parts=parts, complete=True,
                                  magnitude=dict(sorted(ritual["magnitude"].items())), casting=ritual["casting"],
                                  time_discount=time_discount(ritual["casting"], rule), time_rule=rule,
                                  reductions=reductions,
                                  stress=stress, outcome=ritual["outcome"], danger=None, fortune=None,
                                  heat_before=campaign.crew.heat, heat_removed=0, pool=0)
    backlash = 0
    if ritual.get("danger"):  # an Attune action roll: do bad consequences follow?
        position = ritual["danger"]
        roll = roll_dice(campaign, pc.rating("attune"))
        level = harm_for_position(position)
        backlash = level if roll.result == "failure" else level - 1 if roll.result == "partial" else 0
        fields["danger"] = {"action": "attune", "position": position, "dice": roll.dice, "faces": list(roll.faces),
                            "result": roll.result, "harm": backlash}
    amount = 0
    if ritual["outcome"] == "reduce_heat":  # uncertain: a fortune roll of the magnitude, raised by coin
        pool = ritual_power(ritual)
        roll = roll_dice(campaign, pool)
        spent = coin_raise(campaign, pc, roll.result)
        final = raise_result(roll.result, spent)
        amount = ticks_for_result(final)
        fields.update(pool=pool, heat_removed=min(amount, campaign.crew.heat),
                      fortune={"dice": roll.dice, "faces": list(roll.faces), "result": roll.result,
                               "coin_spent": spent, "final_result": final})
    campaign.emit("activity", **fields)
    campaign.count("rituals")
    if stress:
        campaign.add_stress(pc, stress, f"ritual {rid}")
    if backlash > 0 and pc.active:
        landed = resist_harm(campaign, pc, backlash, "occult", "ritual backlash")
        campaign.take_harm(pc, landed, "ritual backlash")
    if amount:
        campaign.remove_heat(amount, f"ritual {rid}")
    if ritual["outcome"] == "prime":
        campaign.change_arcana("primed", pc=pc.id, ritual=rid)
    elif part > 1:
        campaign.change_arcana("casting", pc=pc.id, ritual=rid, done=0)
    price = ritual.get("price")
    if price:
        pay_price(campaign, pc, price, rid)


def coin_raise(campaign: Campaign, pc: Scoundrel, result: str) -> int:
    """BITD.RITUAL.3, BITD.DOWNTIME.ACT.4: coin raises an uncertain ritual's fortune roll a level per coin."""
    room = RESULTS.index("critical") - RESULTS.index(result)
    most = min(room, campaign.crew.coin)
    if not most:
        return 0
    spent = campaign.ask(pc.id, "coin_raise", tuple(range(most + 1)), {
        "result": result, "purpose": "ritual", "coin": campaign.crew.coin, "tier_cost": tier_cost(campaign)})
    if spent:
        campaign.add_coin(-spent, "ritual")
    return spent


def pay_price(campaign: Campaign, pc: Scoundrel, price: Mapping[str, Any], rid: str) -> None:
    """BITD.RITUAL.3: the GM ticks the ritual's ominous clock; full, the caster suffers ``when_full``
    (stress, or harm after resistance) and the clock starts again [inferred]."""
    clock = campaign.clocks.get(price["clock"])
    if clock is None:
        clock = campaign.add_clock(Clock(price["clock"], int(price["size"]), "danger"), f"ritual {rid}")
    campaign.tick_clock(clock, int(price["ticks"]), f"ritual {rid}")
    if not clock.full:
        return
    hurt = price["when_full"]
    if hurt.get("stress"):
        campaign.add_stress(pc, int(hurt["stress"]), price["clock"])
    if hurt.get("harm") and pc.active:
        campaign.take_harm(pc, resist_harm(campaign, pc, int(hurt["harm"]), "occult", price["clock"]), price["clock"])
    campaign.clear_clock(clock, price["clock"])
