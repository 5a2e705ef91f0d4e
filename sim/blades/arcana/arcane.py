"""Rituals and crafted items in the campaign loop: the downtime choices they add and their use on a score.

* Downtime (BITD.DOWNTIME.ACT.1 and BITD.RITUAL.3, BITD.CRAFT.2): ``ritual``
  and ``craft`` are activities beside the six (:func:`legal`), and a
  scoundrel's long-term project may be one of their own ritual or formula
  projects instead of the crew's (:func:`projects`, decision ``project``).
* A score (BITD.RITUAL.3 primed rituals, BITD.CRAFT.4 drawbacks): before an
  action roll a scoundrel holding a primed ritual or a crafted item that fits
  the action may release or use it (decision ``use_arcana``) for its dice and
  effect (:func:`boost`). Journals ``arcana`` (``released`` / ``item_used``,
  with what it added and why) before the ``action_roll``.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.arcana import craft, rituals
from sim.blades.crew.state import Campaign, Scoundrel
from sim.blades.downtime.downtime import roll_dice
from sim.blades.score.resist import resist_harm
from sim.rng import Rng

ITEMS_HELD = 2  # a scripted crafter keeps this many items standing by before crafting more


def legal(campaign: Campaign, pc: Scoundrel) -> tuple[str, ...]:
    """The arcane activities ``pc`` can take now: ``ritual`` (a known ritual castable), ``craft`` (any formula)."""
    ritual = rituals.RITUAL_ABILITY in pc.abilities and rituals.castable(campaign, pc)
    if craft.can_craft(campaign, pc):
        return ("ritual", "craft") if ritual else ("craft",)
    return ("ritual",) if ritual else ()


def hint(campaign: Campaign, pc: Scoundrel, options: tuple[str, ...]) -> dict[str, Any]:
    """What a scripted policy needs to weigh the arcane activities (context of the ``activity`` decision):
    ``arcane`` (the one the scoundrel's sheet points to, or "") and ``ritual_stress`` (the cheapest castable)."""
    wanted, cost = wish(campaign, pc, options)
    return {"arcane": wanted, "ritual_stress": cost}


def wish(campaign: Campaign, pc: Scoundrel, options: tuple[str, ...]) -> tuple[str, int]:
    """:func:`hint` as a pair ``(arcane, ritual_stress)``."""
    if "ritual" in options:
        arcana = campaign.arcana
        table = rituals.ritual_table(campaign.content)
        castable = rituals.castable(campaign, pc)
        under = any(key.startswith(f"{pc.id}:") for key in arcana["casting"])
        wanted = [r for r in castable if table[r]["outcome"] == "prime" or campaign.crew.heat >= 2]
        if under or wanted:
            return "ritual", min(rituals.cost_of(campaign, table[r]) for r in (wanted or castable))
    if "craft" in options and craft.crafter(campaign, pc):
        under = any(key.startswith(f"{pc.id}:") for key in campaign.arcana["stages"])
        if under or craft.holding(campaign, pc) < ITEMS_HELD:
            return "craft", 0
    return "", 0


def projects(campaign: Campaign, pc: Scoundrel) -> list[tuple[str, tuple[str, ...], int]]:
    """The ritual and formula projects open to ``pc`` (BITD.RITUAL.1, BITD.CRAFT.1): (id, actions, size)."""
    return rituals.ritual_projects(campaign, pc) + craft.craft_projects(campaign, pc)


def project_levels(campaign: Campaign, pc: Scoundrel, project: str) -> int:
    """Result levels ``pc``'s abilities add to the project (BITD.CRAFT.1: inventing their kind)."""
    return craft.project_levels(campaign, pc, project) if project.startswith("invent_") else 0


def finish(campaign: Campaign, pc: Scoundrel, project: str) -> None:
    """A ritual or formula project's clock filled (BITD.RITUAL.1, BITD.CRAFT.1)."""
    kind, what = project.split("_", 1)
    if kind == "source" or what in rituals.ritual_table(campaign.content):
        rituals.finish_project(campaign, pc, project)
    else:
        craft.finish_project(campaign, pc, project)


@decision("project")
def choose_project(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A scoundrel's own project that fits their abilities (context ``fits``) before the crew's; the crew's
    (listed first when open, context ``crew_project``) otherwise, and always while at war (the peace project)."""
    fits = d.context.get("fits", ())
    if d.context.get("at_war") and d.context.get("crew_project", True):
        return d.options[0]
    for option in d.options:
        if option in fits:
            return option
    return d.options[0]


def fitting(campaign: Campaign, pc: Scoundrel, project: str) -> bool:
    """Whether ``project`` suits ``pc``'s abilities: a ritual project for a ritualist, a formula of a kind their
    crafting ability serves for a crafter."""
    kind, what = project.split("_", 1)
    if kind == "source" or what in rituals.ritual_table(campaign.content):
        return rituals.RITUAL_ABILITY in pc.abilities
    formula = craft.formula_table(campaign.content)[what]
    return craft.crafting_levels(campaign, pc, formula["kind"]) > 0


def fitting_projects(campaign: Campaign, pc: Scoundrel, projects: Any) -> list[str]:
    """The ``projects`` that are :func:`fitting` for ``pc``, in order (a crafting ability's levels looked up once per
    formula kind)."""
    rituals_by_id = rituals.ritual_table(campaign.content)
    formulas = None
    levels: dict[str, int] = {}
    out = []
    for project in projects:
        kind, what = project.split("_", 1)
        if kind == "source" or what in rituals_by_id:
            if rituals.RITUAL_ABILITY in pc.abilities:
                out.append(project)
            continue
        if formulas is None:
            formulas = craft.formula_table(campaign.content)
        formula_kind = formulas[what]["kind"]
        n = levels.get(formula_kind)
        if n is None:
            n = levels[formula_kind] = craft.crafting_levels(campaign, pc, formula_kind)
        if n > 0:
            out.append(project)
    return out


# ------------------------------------------------------------------ on a score


def usable(campaign: Campaign, pc: Scoundrel, action: str) -> list[str]:
    """What ``pc`` could add to an action roll of ``action``: primed rituals (``ritual:<id>``), then items
    (``item:<id>``, one of each formula) whose use fits the action."""
    arcana = campaign.arcana
    out = []
    if arcana["primed"].get(pc.id):
        table = rituals.ritual_table(campaign.content)
        out += [f"ritual:{r}" for r in arcana["primed"][pc.id] if action in table[r]["prime"]["actions"]]
    if arcana["items"]:
        formulas = craft.formula_table(campaign.content)
        seen = set()  # of two items alike, the first made is offered
        for item in arcana["items"]:
            if item["pc"] == pc.id and item["formula"] not in seen and action in formulas[item["formula"]]["use"]["actions"]:
                seen.add(item["formula"])
                out.append(f"item:{item['id']}")
    return out


@decision("use_arcana")
def choose_use_arcana(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Spend a primed ritual or an item where the policy would push (trait ``push_positions``) or when desperate."""
    position = d.context.get("position", "risky")
    if position == "desperate" or position in traits.get("push_positions", ()):
        return d.options[0]
    return "none"


def boost(campaign: Campaign, tally: Any, pc: Scoundrel, action: str, position: str, effect: str) -> tuple[int, int]:
    """BITD.RITUAL.3 / BITD.CRAFT.4: (dice, effect levels) a released ritual or a used item adds to this roll."""
    arcana = campaign.arcana
    if not arcana["primed"] and not arcana["items"]:
        return 0, 0
    options = usable(campaign, pc, action)
    if not options:
        return 0, 0
    pick = campaign.ask(pc.id, "use_arcana", (*options, "none"), {
        "action": action, "position": position, "effect": effect})
    if pick == "none":
        return 0, 0
    kind, what = pick.split(":", 1)
    if kind == "ritual":
        prime = rituals.ritual_table(campaign.content)[what]["prime"]
        campaign.change_arcana("released", pc=pc.id, ritual=what, action=action, dice=prime["dice"],
                               effect=prime["effect"])
        campaign.count("rituals_released")
        return int(prime["dice"]), int(prime["effect"])
    return use_item(campaign, tally, pc, what, action)


def use_item(campaign: Campaign, tally: Any, pc: Scoundrel, item_id: str, action: str) -> tuple[int, int]:
    """BITD.CRAFT.4: use a crafted item on an action roll; its drawbacks apply."""
    item = next(i for i in campaign.arcana["items"] if i["id"] == item_id)
    formula = craft.formula_table(campaign.content)[item["formula"]]
    drawbacks = formula["drawbacks"]
    use = formula["use"]
    check = None
    works = True
    if "unreliable" in drawbacks:  # a fortune roll on its quality: 1-3, it fails this time [inferred]
        roll = roll_dice(campaign, item["quality"])
        works = roll.result != "failure"
        check = {"dice": roll.dice, "faces": list(roll.faces), "result": roll.result}
    uses_after = item["uses"] - 1 if item["limited"] else item["uses"]
    conspicuous = "conspicuous" in drawbacks and "conspicuous_item" not in tally.heat
    dice, levels = (int(use["dice"]), int(use["effect"])) if works else (0, 0)
    campaign.change_arcana("item_used", pc=pc.id, item=item_id, formula=item["formula"], action=action,
                           quality=item["quality"], works=works, check=check, dice=dice, effect=levels,
                           uses_before=item["uses"], uses_after=uses_after, conspicuous=conspicuous)
    campaign.count("items_used")
    if conspicuous:  # +1 heat if used at all on the operation
        tally.add_heat("conspicuous_item", 1)
    side = formula.get("side_effect")
    if side:  # Volatile: its side effect lands on the user, resisted as harm
        if side.get("stress"):
            campaign.add_stress(pc, int(side["stress"]), f"volatile {item['formula']}")
        if side.get("harm") and pc.active:
            campaign.take_harm(pc, resist_harm(campaign, pc, int(side["harm"]), "assault", "volatile"), "volatile")
    return dice, levels
