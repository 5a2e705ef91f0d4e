"""Inventing and crafting (BITD.CRAFT): formulas known, the crafting roll, items and their drawbacks.

* BITD.CRAFT.1: common items and alchemicals need no invention; the Alchemist,
  Artificer and Strange Methods abilities each teach one formula of their
  kind (content ``known_with``) and add a result level to inventing and
  crafting that kind (their ``bonus_effect`` on the ``crafting`` roll, when
  ``alchemical`` / ``spark_craft`` / ``supernatural``); any other formula is
  invented with a Study project of 8 (``invent_<formula>``), and another
  scoundrel's design is learned with a project of 8 (``learn_<formula>``).
* BITD.CRAFT.2: the ``craft`` activity rolls Tinker; quality = crew Tier +
  (1-3: -1, 4/5: 0, 6: +1, critical: +2) + 1 with a Workshop + 1 per coin
  spent after the roll; below the item's minimum quality nothing is made.
* BITD.CRAFT.3: a modification of an existing item needs Tier+1 (simple),
  Tier+2 (significant) or Tier+3 (arcane, spark-craft, alchemical) quality.
* BITD.CRAFT.4: drawbacks: complex (a stage per activity, the lowest stage's
  quality counts), conspicuous (+1 heat on a score it is used on), consumable
  (its uses), rare (a rare material: 1 coin each crafting [inferred]),
  unreliable (a fortune roll on its quality at each use: 1-3 it fails
  [inferred]), volatile (its side effect on the user at each use, resisted).

The minimum quality of a new item is the magnitude of what it does
(BITD.MAG.3-4, :func:`sim.blades.arcana.magnitude.min_quality`). Using items on a
score is :mod:`sim.blades.arcana.arcane`.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.arcana.magnitude import min_quality
from sim.blades.crew import abilities
from sim.blades.crew.state import Campaign, Scoundrel
from sim.blades.downtime.downtime import roll_dice
from sim.dice import raise_result
from sim.rng import Rng

CRAFT_ACTION = "tinker"  # BITD.CRAFT.2
INVENT_ACTIONS = ("study",)  # BITD.CRAFT.1: a Study project
LEARN_ACTIONS = ("study", "tinker")
PROJECT_CLOCK = 8  # BITD.CRAFT.1: most new formulas or designs take 8 segments
QUALITY_STEP = {"failure": -1, "partial": 0, "success": 1, "critical": 2}  # BITD.CRAFT.2
MODIFY_STEP = {"simple": 1, "significant": 2, "arcane": 3}  # BITD.CRAFT.3
#: the ``when`` word a crafting ability's bonus names for each kind (BITD.CRAFT.1)
KIND_WHEN = {"alchemical": "alchemical", "spark_craft": "spark_craft", "arcane": "supernatural", "common": ""}
RARE_COIN = 1  # BITD.CRAFT.4 Rare: the rare material, bought each crafting [inferred]


_TABLES: dict[int, tuple[Any, dict[str, Mapping[str, Any]], tuple[str, ...], frozenset[str], bool]] = {}


def _tables(content: Any) -> tuple[dict[str, Mapping[str, Any]], tuple[str, ...], frozenset[str]]:
    """(formulas by id, the common ones, the abilities that teach one), built once per content: the downtime asks
    on every activity choice."""
    hit = _TABLES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _build_tables(content)
    return hit[1], hit[2], hit[3]


def _build_tables(content: Any) -> tuple[Any, dict[str, Mapping[str, Any]], tuple[str, ...], frozenset[str], bool]:
    table = {f["id"]: f for f in content.table("blades/arcana")["formulas"]}
    common = tuple(f for f, rec in table.items() if rec.get("common"))
    teachers = frozenset(rec["known_with"] for rec in table.values() if rec.get("known_with"))
    plain = any("rare" not in table[f]["drawbacks"] for f in common)  # a common formula needing no rare material
    hit = _TABLES[id(content)] = (content, table, common, teachers, plain)
    return hit


def formula_table(content: Any) -> dict[str, Mapping[str, Any]]:
    return _tables(content)[0]


def known_formulas(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """BITD.CRAFT.1: the common formulas, the one each of ``pc``'s crafting abilities teaches, those learned."""
    table, common, teachers = _tables(campaign.content)
    learned_all = campaign.arcana["learned"].get(pc.id)
    if not learned_all and teachers.isdisjoint(pc.abilities):
        return common
    key = (id(table), tuple(learned_all or ()), tuple(pc.abilities))
    hit = _KNOWN.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    learned = {w.split(":", 1)[1] for w in learned_all or () if w.startswith("formula:")}
    known = tuple(f for f, rec in table.items()
                  if rec.get("common") or rec.get("known_with") in pc.abilities or f in learned)
    if len(_KNOWN) > 1024:
        _KNOWN.clear()
    _KNOWN[key] = (table, known)
    return known


#: (id of the formula table, what the scoundrel learned, their abilities) -> (table, the formulas they know): a pure
#: function of the three (a crafter's is asked at every activity choice)
_KNOWN: dict[tuple, tuple[Any, tuple[str, ...]]] = {}


def crafting_levels(campaign: Campaign, pc: Scoundrel, kind: str) -> int:
    """BITD.CRAFT.1: result levels ``pc``'s abilities add to inventing or crafting ``kind``."""
    when = frozenset(("always", KIND_WHEN[kind]) if KIND_WHEN[kind] else ("always",))
    return abilities.bonus_of(campaign, pc, "crafting", when)[1]


def crafter(campaign: Campaign, pc: Scoundrel) -> bool:
    """Whether ``pc`` has an ability that teaches a formula (the scripted crews' crafters)."""
    return not _tables(campaign.content)[2].isdisjoint(pc.abilities)


def required_quality(formula: Mapping[str, Any], tier: int) -> int:
    """BITD.CRAFT.2-3, BITD.MAG.3-4: a new item's magnitude, or Tier + 1/2/3 for a modification."""
    if "modify" in formula:
        return tier + MODIFY_STEP[formula["modify"]]
    return min_quality(formula["magnitude"])


def craft_quality(tier: int, result: str, workshop: bool, coin: int) -> int:
    """BITD.CRAFT.2: crew Tier + the result's step + 1 with a Workshop + 1 a coin (at least 0)."""
    return max(0, tier + QUALITY_STEP[result] + int(workshop) + coin)


def craft_projects(campaign: Campaign, pc: Scoundrel) -> list[tuple[str, tuple[str, ...], int]]:
    """BITD.CRAFT.1: (project, actions, clock size): inventing a formula nobody in the crew knows, learning one a
    crewmate knows."""
    mine = known_formulas(campaign, pc)
    others = frozenset(f for other in campaign.pcs if other is not pc and other.status == "active"
                       for f in known_formulas(campaign, other))
    table = formula_table(campaign.content)
    key = (id(table), mine, others)
    hit = _PROJECTS.get(key)
    if hit is None or hit[0] is not table:
        out = []
        for fid, rec in table.items():
            if fid in mine or rec.get("common"):
                continue
            if fid in others:
                out.append((f"learn_{fid}", LEARN_ACTIONS, PROJECT_CLOCK))
            else:
                out.append((f"invent_{fid}", INVENT_ACTIONS, PROJECT_CLOCK))
        if len(_PROJECTS) > 1024:
            _PROJECTS.clear()
        hit = _PROJECTS[key] = (table, tuple(out))
    return list(hit[1])


#: (id of the formula table, formulas known, formulas the crewmates know) -> (table, the projects): a pure function
#: of the three, asked on every long-term project
_PROJECTS: dict[tuple, tuple[Any, tuple[tuple[str, tuple[str, ...], int], ...]]] = {}


def project_levels(campaign: Campaign, pc: Scoundrel, project: str) -> int:
    """BITD.CRAFT.1: an ability's +1 result level to inventing its kind."""
    kind, fid = project.split("_", 1)
    table = formula_table(campaign.content)
    if kind != "invent" or fid not in table:
        return 0
    return crafting_levels(campaign, pc, table[fid]["kind"])


def finish_project(campaign: Campaign, pc: Scoundrel, project: str) -> None:
    """An invention or learning project filled: ``pc`` knows the formula."""
    campaign.change_arcana("learned", pc=pc.id, what=f"formula:{project.split('_', 1)[1]}")


def craftable(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """Formulas ``pc`` can craft now: known, and a rare one only when the crew can buy its material."""
    table = formula_table(campaign.content)
    return tuple(f for f in known_formulas(campaign, pc)
                 if "rare" not in table[f]["drawbacks"] or campaign.crew.coin >= RARE_COIN)


def can_craft(campaign: Campaign, pc: Scoundrel) -> bool:
    """Whether :func:`craftable` offers anything, answered from the content's index when ``pc`` knows only the
    common formulas (no crafting ability, nothing learned): the downtime asks on every activity choice."""
    hit = _TABLES.get(id(campaign.content))
    if hit is None or hit[0] is not campaign.content:
        hit = _build_tables(campaign.content)
    if not campaign.arcana["learned"].get(pc.id) and hit[3].isdisjoint(pc.abilities):
        return hit[4] or (bool(hit[2]) and campaign.crew.coin >= RARE_COIN)
    return bool(craftable(campaign, pc))


def holding(campaign: Campaign, pc: Scoundrel) -> int:
    return sum(1 for item in campaign.arcana["items"] if item["pc"] == pc.id)


@decision("craft_formula")
def choose_craft_formula(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A complex item under way first; then the first formula of the scoundrel's own kind, then any."""
    for fid in d.options:
        if fid in d.context.get("under_way", ()):
            return fid
    own = d.context.get("own", ())
    for fid in d.options:
        if fid in own:
            return fid
    return d.options[0]


@decision("craft_coin")
def choose_craft_coin(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """Coin to raise a crafted item's quality: what reaches the minimum, if that is within ``coin_raise_max``."""
    short = max(0, d.context.get("min_quality", 0) - d.context.get("quality", 0))
    want = short if short <= int(traits.get("coin_raise_max", 1)) else 0
    return max(o for o in d.options if o <= want)


def craft(campaign: Campaign, pc: Scoundrel) -> str:
    """BITD.CRAFT.2, .4: one crafting activity (a stage of a complex item); returns the formula's id."""
    table = formula_table(campaign.content)
    crew = campaign.crew
    options = craftable(campaign, pc)
    under = [key.split(":", 1)[1] for key in campaign.arcana["stages"] if key.startswith(f"{pc.id}:")]
    own = [f for f in options if table[f].get("known_with") in pc.abilities]
    fid = campaign.ask(pc.id, "craft_formula", options, {"under_way": under, "own": own})
    formula = table[fid]
    rare = RARE_COIN if "rare" in formula["drawbacks"] else 0
    if rare:
        campaign.add_coin(-rare, f"rare material for {fid}")
    levels = crafting_levels(campaign, pc, formula["kind"])
    roll = roll_dice(campaign, pc.rating(CRAFT_ACTION))
    final = raise_result(roll.result, levels)
    workshop = bool(crew.upgrades.get("workshop"))
    need = required_quality(formula, crew.tier)
    before = craft_quality(crew.tier, final, workshop, 0)
    spent = 0
    room = min(crew.coin, 4)
    if room and before < need:
        spent = campaign.ask(pc.id, "craft_coin", tuple(range(room + 1)), {
            "formula": fid, "quality": before, "min_quality": need, "coin": crew.coin})
        if spent:
            campaign.add_coin(-spent, f"crafting {fid}")
    quality = craft_quality(crew.tier, final, workshop, spent)
    stages = int(formula.get("stages", 1))
    so_far = list(campaign.arcana["stages"].get(f"{pc.id}:{fid}", ()))
    stage = len(so_far) + 1
    made = quality >= need and stage == stages
    campaign.emit("activity", pc=pc.id, activity="craft", formula=fid, kind=formula["kind"], action=CRAFT_ACTION,
                  dice=roll.dice, faces=list(roll.faces), result=roll.result, bonus_levels=levels,
                  final_result=final, tier=crew.tier, workshop=int(workshop), coin_spent=spent, rare_coin=rare,
                  quality=quality, min_quality=need, stage=stage, stages=stages, made=made)
    campaign.count("crafts")
    if quality < need:  # BITD.CRAFT.2: short of the minimum quality, the work is lost
        return fid
    if not made:  # BITD.CRAFT.4 Complex: one more stage done
        campaign.change_arcana("stage", pc=pc.id, formula=fid, qualities=so_far + [quality])
        return fid
    uses = int(formula["uses"])
    campaign.change_arcana("item", pc=pc.id, formula=fid, item=f"{fid}#{campaign.arcana['made'] + 1}",
                           quality=min([quality] + so_far), uses=uses, limited=uses > 0)
    return fid
