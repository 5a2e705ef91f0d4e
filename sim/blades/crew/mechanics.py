"""Special-ability mechanics read outside a roll (BITD.ABIL): what an ability does when it is gained, at the end of
each downtime, to payoff, heat and costs.

Every ``mechanics`` key in ``blades/crews`` and ``blades/playbooks`` is read by the engine through
:func:`crew_value`, :func:`pc_value`, :func:`sim.blades.crew.abilities.mechanic_value` or a ``mech.get`` in
:mod:`sim.blades.crew.abilities` (``tests/test_ability_mechanics.py`` fails for a key nothing reads):

* gained: ``stress_boxes`` (one more stress box, Survivor), ``action_dots`` (each member of the crew adds a dot to
  one of the named actions, up to ``max``: Deadly and the other crew-type dot abilities; a ``crew_action_dot``
  decision of each scoundrel, BITD.CREW.CREATE.5);
* the end of each downtime: ``heat_per_downtime`` (High society, Just passing through), ``rep_at_zero_heat`` (No
  traces), ``stash_per_downtime`` (A little something on the side);
* payoff: ``quiet_rep_factor`` (No traces: a quiet score still earns that share of its rep, rounded down);
* heat: ``ignore_killing_heat`` (Crow's veil: the killing modifier is cancelled by a named ``crows_veil`` one);
* Tier: ``tier_cost_factor`` (Patron, for every crew type that has it).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.crew.abilities import resolved
from sim.blades.tables import score_tables
from sim.rng import Rng


def crew_value(campaign: Any, key: str, default: Any = None) -> Any:
    """The first value of mechanic ``key`` among the crew's special abilities (``default`` if none has it)."""
    return resolved(campaign, None).values.get(key, default)  # the crew's alone, resolved once (abilities.resolved)


def pc_value(campaign: Any, pc: Any, key: str, default: Any = None) -> Any:
    """The first value of mechanic ``key`` among ``pc``'s own special abilities."""
    return _value_of(campaign, pc.abilities, key, default)


def _value_of(campaign: Any, ids: Any, key: str, default: Any) -> Any:
    table = score_tables(campaign.content).abilities
    for ability in ids:
        mech = table.get(ability)
        if mech and key in mech:
            return mech[key]
    return default


def _values(campaign: Any, ids: Any, key: str) -> tuple[Any, ...]:
    """The values of mechanic ``key`` of each of the abilities ``ids`` that has it, in order."""
    table = score_tables(campaign.content).abilities
    return tuple(table[a][key] for a in ids if key in (table.get(a) or {}))


def stress_boxes(campaign: Any, abilities: Any) -> int:
    """Extra stress boxes the special abilities ``abilities`` give (Survivor)."""
    return sum(int(v) for v in _values(campaign, abilities, "stress_boxes"))


# --------------------------------------------------------------------------- gained


def gain_ability(campaign: Any, pc: Any, ability: str) -> None:
    """What a new special ability of ``pc`` brings at once: Survivor's stress box (``pc_max``), Vigorous's
    smaller healing clock (``clock``)."""
    for _ in range(stress_boxes(campaign, (ability,))):
        campaign.raise_max(pc, "stress", ability)
    size = healing_clock(campaign, (ability,), 0)
    if size and size != pc.healing.size:
        campaign.resize_healing(pc, size, ability)


def gain_crew_ability(campaign: Any, ability: str) -> None:
    """A new crew special ability with ``action_dots``: each member adds a dot (:func:`add_crew_dot`)."""
    if _value_of(campaign, (ability,), "action_dots", None) is None:
        return
    for pc in campaign.pcs:
        if pc.status not in ("dead", "retired"):
            add_crew_dot(campaign, pc, ability)


def join_crew(campaign: Any, pc: Any) -> None:
    """A scoundrel joining later gets the dots of the crew's ``action_dots`` abilities too ("each member")."""
    for ability in campaign.crew.abilities:
        if _value_of(campaign, (ability,), "action_dots", None) is not None:
            add_crew_dot(campaign, pc, ability)


def add_crew_dot(campaign: Any, pc: Any, ability: str) -> None:
    """BITD.ABIL (Deadly ...): ``pc`` adds ``dots`` to one of the ability's actions still below its ``max``; the
    scoundrel chooses which (``crew_action_dot``). Nothing when every one is at the max."""
    spec = _value_of(campaign, (ability,), "action_dots", None)
    for _ in range(int(spec["dots"])):
        room = tuple(a for a in spec["actions"] if pc.rating(a) < int(spec["max"]))
        if not room:
            return
        action = campaign.ask(pc.id, "crew_action_dot", room, {
            "pc": pc.id, "ability": ability, "ratings": dict(pc.actions)})
        campaign.add_action_dot(pc, action, "crew_ability", int(spec["max"]))


@decision("crew_action_dot")
def choose_crew_action_dot(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Deepen the action the scoundrel is best at already (the first of equals): it is the one they roll."""
    ratings = d.context.get("ratings", {})
    return max(d.options, key=lambda a: ratings.get(a, 0))


# -------------------------------------------------------------- end of downtime


def end_downtime(campaign: Any) -> None:
    """The end of each downtime: ``heat_per_downtime`` (High society, Just passing through), ``rep_at_zero_heat``
    (No traces) and each scoundrel's ``stash_per_downtime`` (A little something on the side)."""
    heat = int(crew_value(campaign, "heat_per_downtime", 0))
    if heat < 0 and campaign.crew.heat > 0:
        ability = _holder(campaign, "heat_per_downtime")
        campaign.remove_heat(-heat, ability)
    rep = int(crew_value(campaign, "rep_at_zero_heat", 0))
    if rep and campaign.crew.heat == 0:
        campaign.add_rep(rep, _holder(campaign, "rep_at_zero_heat"))
    for pc in campaign.active_pcs:
        stash = int(pc_value(campaign, pc, "stash_per_downtime", 0))
        if stash:
            campaign.add_stash(pc, stash, _own_holder(campaign, pc, "stash_per_downtime"))


def _holder(campaign: Any, key: str) -> str:
    table = score_tables(campaign.content).abilities
    return next(a for a in campaign.crew.abilities if key in (table.get(a) or {}))


def _own_holder(campaign: Any, pc: Any, key: str) -> str:
    table = score_tables(campaign.content).abilities
    return next(a for a in pc.abilities if key in (table.get(a) or {}))


# ------------------------------------------------------------- payoff, heat, Tier


def quiet_rep(campaign: Any, full_rep: int) -> int:
    """No traces: a quiet score earns ``quiet_rep_factor`` of the rep it would have earned, rounded down."""
    return int(full_rep * float(crew_value(campaign, "quiet_rep_factor", 0)))


def killing_heat_cancelled(campaign: Any) -> bool:
    """Crow's veil: no heat for killing."""
    return bool(crew_value(campaign, "ignore_killing_heat", False))


def tier_cost_factor(campaign: Any) -> float:
    """Patron (any crew type's): the share of the Tier cost the crew pays."""
    return float(crew_value(campaign, "tier_cost_factor", 1.0))


def result_levels(campaign: Any, pc: Any, activity: str) -> int:
    """Connected: result levels ``pc``'s abilities add to downtime ``activity`` (``result_levels``)."""
    return sum(int(e["levels"]) for entries in _values(campaign, pc.abilities, "result_levels") for e in entries
               if e["activity"] == activity)


def healing_clock(campaign: Any, abilities: Any, default: int) -> int:
    """The healing clock's size with the special abilities ``abilities`` (Vigorous: 3)."""
    return int(_value_of(campaign, abilities, "healing_clock", default))
