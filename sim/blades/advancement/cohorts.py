"""Cohorts in play: gangs and experts recruited, led, sent, hurt, healed and replaced (BITD.COHORT.1-9).

* Gaining one (BITD.COHORT.1-3, .5): the Cohort upgrade asks the crew's voice for a gang or an expert
  (``cohort_kind``), its type (``cohort_type`` / ``cohort_expert``), how many edges and flaws (``cohort_traits``,
  1 or 2) and each edge and flaw (``cohort_edge``, ``cohort_flaw``): :func:`recruit`.
* Its dice (BITD.COHORT.4/.6/.8): quality where a type fits the plan, quality 0 outside its types, +1d from an
  Elite upgrade for one of its types, -1d impaired: :func:`cohort_dice`.
* In a score (BITD.COHORT.7, BITD.TEAM.2): a scoundrel leads it (``approach`` ``cohort``: both roll, the best
  counts, the leader takes 1 stress per failed roll) or sends it alone (``send_cohort``: it rolls alone, quality
  against the target's Tier sets its position): :mod:`sim.blades.advancement.cohort_actions`. Harm that falls on it marks its
  harm track (:func:`harm_after`); weakened it has reduced effect, broken it can't act, dead it is gone.
* Between scores (BITD.COHORT.9): it heals a level each downtime (:func:`sim.blades.advancement.advancement.heal_cohorts`);
  a destroyed one may be replaced for Tier + 2 coin and two downtime activities (:func:`replacement`).
* Edges and flaws, our reading of each (docs/rules/blades.md, BITD.COHORT.5): Fearsome +1 effect on assault
  and social plans; Independent sent alone one position better; Loyal takes the harm of an action it joins in
  its leader's place; Tenacious keeps its effect when weakened. Principled won't join a killing (accident,
  murder); Savage makes an assault +1 heat (``cohort_savage``); Unreliable answers the first call of a score
  only on a fortune roll of 4+ (1d); Wild makes noise on stealth and deception plans.
* Leader (BITD.COHORT.10): a scoundrel with the ability who Commands the cohort in a fight (:func:`leads_in_fight`,
  option ``leader_combat``) gives it +1 effect and an armor box for the score, and it fights on through level 3
  harm (:func:`usable` still offers it to them while it is broken): :mod:`sim.blades.advancement.cohort_actions`.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.blades.crew import abilities
from sim.blades.crew.crew import harm_after  # noqa: F401  BITD.COHORT.8, the harm rule the change method applies
from sim.blades.crew.state import Cohort
from sim.blades.downtime.downtime import fortune_roll
from sim.blades.score.consequences import choose_consequence
from sim.dice import POSITIONS
from sim.rng import Rng

#: BITD.COHORT.8: harm levels
WEAKENED, IMPAIRED, BROKEN, DEAD = 1, 2, 3, 4
#: operations a Principled cohort refuses (the killing ones, BITD.DOWNTIME.HEAT.2)
KILLING_KINDS = frozenset(("accident", "murder"))
#: plans where a Fearsome cohort's reputation counts, and where a Wild one gives the crew away
FEARSOME_PLANS = frozenset(("assault", "social"))
WILD_PLANS = frozenset(("stealth", "deception"))
#: a fortune roll this good brings an Unreliable cohort (BITD.FORTUNE.1: 4/5 is a partial: it comes)
UNRELIABLE_COMES = ("partial", "success", "critical")


# --- small rules ------------------------------------------------------------------------------------

_SHIPPED: list[Any] = []


def cohort_table(content: Any) -> Mapping[str, Any]:
    """``blades/cohorts`` of ``content``, or of the shipped content for a campaign built without any (unit tests)."""
    if content is None:
        if not _SHIPPED:
            from sim.content.loader import load_content
            _SHIPPED.append(load_content())
        content = _SHIPPED[0]
    return content.table("blades/cohorts")


def type_plans(content: Any, cohort: Any) -> set[str]:
    """The plans the cohort's types fit (``plans`` in ``blades/cohorts``; BITD.COHORT.6)."""
    table = cohort_table(content)
    rows = table["gang_types"] if cohort.kind == "gang" else table["experts"]
    plans: set[str] = set()
    for row in rows:
        if row["id"] in cohort.types:
            plans.update(row["plans"])
    return plans


def elite(crew: Any, cohort: Any) -> int:
    """BITD.COHORT.4: +1d when the crew holds an Elite upgrade (``elite_<type>``, any crew's) for one of its types."""
    for name, level in crew.upgrades.items():
        if level and "elite_" in name and name.rsplit("elite_", 1)[1] in cohort.types:
            return 1
    return 0


def cohort_dice(campaign: Any, cohort: Any, plan: str) -> dict[str, int]:
    """The cohort's pool, by part (BITD.COHORT.4/.6/.8): ``quality`` (0 when no type fits the plan), ``elite``,
    ``impaired`` (-1 at harm 2 or more). The pool is their sum (a pool of 0 rolls 2 and keeps the worst)."""
    fits = plan in type_plans(campaign.content, cohort)
    return {"quality": cohort.quality if fits else 0, "elite": elite(campaign.crew, cohort),
            "impaired": -1 if cohort.harm >= IMPAIRED else 0}


def effect_steps(cohort: Any, plan: str) -> dict[str, int]:
    """Effect levels from the cohort itself, by name: ``weakened`` (-1 at harm 1+, not when Tenacious),
    ``fearsome`` (+1 on assault and social plans)."""
    out = {}
    if cohort.harm >= WEAKENED and "tenacious" not in cohort.edges:
        out["weakened"] = -1
    if "fearsome" in cohort.edges and plan in FEARSOME_PLANS:
        out["fearsome"] = 1
    return out


def alone_position(quality: int, target_tier: int, independent: bool) -> str:
    """BITD.COHORT.7: sent alone, its quality against the opposition's Tier sets the position (higher: controlled,
    equal: risky, lower: desperate) `[inferred]`; Independent acts one position better."""
    base = 0 if quality > target_tier else 1 if quality == target_tier else 2
    return POSITIONS[max(0, base - independent)]


#: BITD.COHORT.10: the action that directs a cohort by orders (the seed: "roll Command")
COMMAND = "command"


def leads_in_fight(campaign: Any, pc: Any, action: str, plan: str) -> Mapping[str, Any] | None:
    """BITD.COHORT.10: the Leader terms (mechanic ``cohort_leader``: ``effect``, ``armor``, ``fights_on``) when ``pc``
    leading a cohort with ``action`` on ``plan`` Commands it in a fight, else None. A fight: an assault plan (option
    ``leader_combat`` ``assault``, our reading of "in combat") or any plan (``any``)."""
    if action != COMMAND or pc is None:
        return None
    if plan != "assault" and campaign.options["leader_combat"] == "assault":
        return None
    return abilities.mechanic_value(campaign, pc, "cohort_leader")


def fights_on(campaign: Any, run: Any, cohort: Any, pc: Any, action: str) -> bool:
    """BITD.COHORT.10: a broken cohort (harm 3) still fights for ``pc`` leading it with ``action``: it broke while a
    Leader led it in this score (``run.tally.fighting_on``) and ``pc`` Commands it in a fight with Leader's
    ``fights_on``."""
    if cohort.harm != BROKEN or cohort.id not in run.tally.fighting_on:
        return False
    terms = leads_in_fight(campaign, pc, action, run.ctx.plan)
    return bool(terms and terms.get("fights_on"))


def usable(campaign: Any, run: Any, pc: Any = None, action: str = "") -> Any:
    """The crew's cohort that can act in this score now, or None: alive and not broken (BITD.COHORT.8) unless it
    fights on for ``pc`` Commanding it with ``action`` (:func:`fights_on`, BITD.COHORT.10), not Principled on a
    killing, and an Unreliable one only if it came (:func:`answers_call`)."""
    for cohort in campaign.crew.cohorts:
        if cohort.harm >= BROKEN and not (pc is not None and fights_on(campaign, run, cohort, pc, action)):
            continue
        if "principled" in cohort.flaws and run.ctx.kind in KILLING_KINDS:
            continue
        if answers_call(campaign, run, cohort):
            return cohort
    return None


def answers_call(campaign: Any, run: Any, cohort: Any) -> bool:
    """Unreliable: the first time a score calls on the cohort, a 1d fortune roll says whether it is there (4+);
    the answer holds for the score (``run.cohort_calls``). Journals ``fortune`` (purpose ``cohort_unreliable``)."""
    if "unreliable" not in cohort.flaws:
        return True
    calls = run.cohort_calls
    if cohort.id not in calls:
        roll = fortune_roll(campaign, "cohort_unreliable", 1, cohort=cohort.id)
        calls[cohort.id] = roll.result in UNRELIABLE_COMES
    return calls[cohort.id]


# --- gaining and replacing -----------------------------------------------------------------------------

def recruit(campaign: Any, seat: str, cohort_id: str) -> Cohort:
    """BITD.COHORT.1-3, .5: the crew's voice chooses a gang (quality and scale = Tier) or an expert (quality
    Tier + 1, scale 0), its type, and 1-2 edges with as many flaws. Returns the cohort (not yet added)."""
    table = cohort_table(campaign.content)
    tier = campaign.crew.tier
    kind = campaign.ask(seat, "cohort_kind", ("gang", "expert"), {"tier": tier})
    if kind == "gang":
        ctype = campaign.ask(seat, "cohort_type", tuple(r["id"] for r in table["gang_types"]), {"tier": tier})
        quality, scale = tier, tier
    else:
        ctype = campaign.ask(seat, "cohort_expert", tuple(r["id"] for r in table["experts"]), {"tier": tier})
        quality, scale = tier + 1, 0
    count = campaign.ask(seat, "cohort_traits", (1, 2), {"cohort_kind": kind, "cohort_type": ctype})
    edges: list[str] = []
    flaws: list[str] = []
    for _ in range(count):
        edges.append(campaign.ask(seat, "cohort_edge", tuple(r["id"] for r in table["edges"] if r["id"] not in edges), {
            "cohort_kind": kind, "cohort_type": ctype, "chosen": list(edges)}))
    for _ in range(count):
        flaws.append(campaign.ask(seat, "cohort_flaw", tuple(r["id"] for r in table["flaws"] if r["id"] not in flaws), {
            "cohort_kind": kind, "cohort_type": ctype, "chosen": list(flaws), "edges": list(edges)}))
    return Cohort(cohort_id, kind, ctype, quality, scale, 0, edges, flaws)


def replacement_cost(campaign: Any) -> int:
    """BITD.COHORT.9: replacing a destroyed cohort costs Tier + 2 coin (and two downtime activities)."""
    return campaign.crew.tier + 2


def replacement(campaign: Any, seat: str | None) -> Any:
    """BITD.COHORT.9: in downtime, the crew's voice may replace a destroyed cohort (``replace_cohort``) when the
    crew has the coin and two activities to give; returns the dead cohort to replace, or None. The caller takes
    the two activities and :func:`replace` finishes it."""
    if seat is None:
        return None
    dead = next((c for c in campaign.crew.cohorts if c.harm >= DEAD), None)
    cost = replacement_cost(campaign)
    if dead is None or campaign.crew.coin < cost:
        return None
    if not campaign.ask(seat, "replace_cohort", (False, True), {
            "cohort": dead.id, "coin": cost, "crew_coin": campaign.crew.coin}):
        return None
    return dead


def replace(campaign: Any, seat: str, dead: Any) -> None:
    """Recruit the new cohort (:func:`recruit`) and put it in the dead one's place, paying Tier + 2 coin."""
    new = recruit(campaign, seat, dead.id)
    campaign.replace_cohort(dead, new, replacement_cost(campaign))


def add_type(campaign: Any, seat: str) -> None:
    """BITD.COHORT.6: the Extra cohort type upgrade: the crew's first gang with one type gains a second
    (``cohort_type``, the types it lacks)."""
    gang = next((c for c in campaign.crew.cohorts if c.kind == "gang" and len(c.types) < 2), None)
    if gang is None:
        return
    table = cohort_table(campaign.content)
    options = tuple(r["id"] for r in table["gang_types"] if r["id"] not in gang.types)
    campaign.add_cohort_type(gang, campaign.ask(seat, "cohort_type", options, {"tier": campaign.crew.tier}))


# --- scripted answers ----------------------------------------------------------------------------------

@decision("cohort_kind")
def choose_cohort_kind(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``cohort_kind``: gang or expert."""
    return traits["cohort_kind"] if traits["cohort_kind"] in d.options else d.options[0]


def _first_of(order: Sequence[str], options: Sequence[Any]) -> Any:
    return next((o for o in order if o in options), options[0])


@decision("cohort_type")
def choose_cohort_type(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``cohort_types``: the first on offer."""
    return _first_of(traits["cohort_types"], d.options)


@decision("cohort_expert")
def choose_cohort_expert(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``cohort_experts``: the first on offer."""
    return _first_of(traits["cohort_experts"], d.options)


@decision("cohort_traits")
def choose_cohort_traits(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """Player trait ``cohort_traits``: how many edges (and as many flaws), 1 or 2."""
    return int(traits["cohort_traits"]) if int(traits["cohort_traits"]) in d.options else d.options[0]


@decision("cohort_edge")
def choose_cohort_edge(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``cohort_edges``: the first on offer."""
    return _first_of(traits["cohort_edges"], d.options)


@decision("cohort_flaw")
def choose_cohort_flaw(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``cohort_flaws``: the first on offer."""
    return _first_of(traits["cohort_flaws"], d.options)


@decision("cohort_consequence")
def choose_cohort_consequence(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """As for a scoundrel's roll (GM traits ``harm_share`` and ``soft_share``)."""
    return choose_consequence(traits, d, rng)


@decision("replace_cohort")
def choose_replace_cohort(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``replace_cohort``: replace a destroyed cohort when the coin is there."""
    return bool(traits["replace_cohort"]) and True in d.options
