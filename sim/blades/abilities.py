"""Special abilities and crew upgrades the score applies (BITD.ABIL, BITD.EFFECT.2).

Abilities are data: each names its ``mechanics`` in ``blades/playbooks`` (a
scoundrel's) or ``blades/crews`` (the crew's). The score reads a few kinds:

* ``bonus_dice`` / ``bonus_effect``: +dice / +effect levels on a kind of roll
  (``action``, ``resist``, ``gather``, ``engagement``) *when* a situation holds
  (:func:`situations`), optionally only for some actions or plans;
* ``special_armor``: a special armor box usable against some kinds of
  consequence, or to push without stress (BITD.ARMOR.1);
* ``group_lead_stress_cap`` (BITD.TEAM.2 Expertise), ``harm_penalty_shift``
  (harm penalties one row lighter), ``free_assists`` (assists per score
  without stress), ``resist_dice_penalty`` (resisting what a bonus-die roll
  brought on).

Crew **quality** for an action is the crew's Tier plus the Quality upgrade of
the kind of item the action relies on (:data:`ITEM_OF_ACTION`, BITD.EFFECT.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping

from sim.blades.tables import score_tables

#: BITD.EFFECT.2 `[inferred]`: the item category (crew Quality upgrade ``quality_<category>``) an action relies on.
ITEM_OF_ACTION = {
    "skirmish": "weapons", "hunt": "weapons", "wreck": "weapons",
    "finesse": "tools", "tinker": "tools",
    "prowl": "gear", "survey": "gear",
    "study": "documents", "sway": "documents", "consort": "documents",
    "attune": "implements", "command": "",
}

#: Consequence kinds special armor is spent against (content ``special_armor`` uses), by resisted attribute.
ARMOR_USES_BY_ATTRIBUTE = {"prowess": ("combat", "physical", "fatigue", "poison"),
                           "resolve": ("fear", "supernatural"),
                           "insight": ("deception", "detection")}


_MECHANICS: dict[tuple, tuple[Any, tuple[Mapping[str, Any], ...]]] = {}


def mechanics(campaign: Any, pc: Any = None) -> tuple[Mapping[str, Any], ...]:
    """The mechanics of ``pc``'s special abilities and the crew's, in ability order (unknown ids have none).

    Looked up once per (content, abilities) combination: the score asks on every roll.
    """
    table = score_tables(campaign.content).abilities
    ids: Iterable[str] = tuple(pc.abilities if pc is not None else ()) + tuple(campaign.crew.abilities)
    key = (id(table), ids)
    hit = _MECHANICS.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    if len(_MECHANICS) > 4096:
        _MECHANICS.clear()
    found = tuple(table[a] for a in ids if table.get(a))
    _MECHANICS[key] = (table, found)
    return found


@lru_cache(maxsize=4096)
def situations(*, plan: str = "", kind: str = "", position: str = "", exposure: str = "", group: bool = False,
               protecting: bool = False, action: str = "", daring: bool = False, hunting_grounds: bool = False,
               roll: str = "") -> frozenset[str]:
    """The ``when`` words that hold for a roll (content CONDITIONS the engine can judge).

    ``deceiving`` on deception plans, ``supernatural`` on occult ones,
    ``violence`` on assault, ``murder`` on murder and accident operations,
    ``from_hiding`` for a stealth plan's prowl, hunt or survey, ``tracking``
    for hunt, ``ranged`` for hunt, ``gather_threats`` when gathering for an
    assault, ``selling`` on a sale, ``target_frightened`` commanding on an
    assault `[inferred]`, ``desperate``, ``group_action``, ``protecting``,
    ``quiet_operation``, ``bold_plan`` and ``own_hunting_grounds`` as named.
    """
    found = {"always"}
    if plan == "deception":
        found.add("deceiving")
    if plan == "occult":
        found.add("supernatural")
    if plan == "assault":
        found.add("violence")
    if kind in ("murder", "accident"):
        found.add("murder")
    if kind == "sale":  # a Hawkers' sale (The good stuff)
        found.add("selling")
    if plan == "assault" and action == "command":  # [inferred] those you command amid the violence are frightened
        found.add("target_frightened")
    if plan == "stealth" and action in ("prowl", "hunt", "survey"):
        found.add("from_hiding")
    if action == "hunt":
        found.update(("tracking", "ranged"))
    if roll == "gather" and plan == "assault":
        found.add("gather_threats")
    if position == "desperate":
        found.add("desperate")
    if group:
        found.add("group_action")
    if protecting:
        found.add("protecting")
    if exposure == "quiet":
        found.add("quiet_operation")
    if daring:
        found.add("bold_plan")
    if hunting_grounds:
        found.add("own_hunting_grounds")
    return frozenset(found)


def bonus(campaign: Any, pc: Any, roll: str, when: frozenset[str], action: str = "", plan: str = "") -> tuple[int, int]:
    """``(dice, effect levels)`` abilities of ``pc`` and the crew add to a ``roll`` in the situations ``when``."""
    return _sum(mechanics(campaign, pc), roll, when, action, plan)


def bonus_of(campaign: Any, pc: Any, roll: str, when: frozenset[str], action: str = "", plan: str = "") -> tuple[int, int]:
    """The same from ``pc``'s own abilities only (for crew-wide rolls, where the crew's count once)."""
    table = score_tables(campaign.content).abilities
    return _sum([table[a] for a in pc.abilities if table.get(a)], roll, when, action, plan)


def _sum(found: Iterable[Mapping[str, Any]], roll: str, when: frozenset[str], action: str, plan: str) -> tuple[int, int]:
    dice = levels = 0
    for mech in found:
        for entry in mech.get("bonus_dice") or ():
            if _applies(entry, roll, when, action, plan):
                dice += int(entry.get("dice", 0))
        for entry in mech.get("bonus_effect") or ():
            if _applies(entry, roll, when, action, plan):
                levels += int(entry.get("levels", 0))
    return dice, levels


def _applies(entry: Mapping[str, Any], roll: str, when: frozenset[str], action: str, plan: str) -> bool:
    if entry.get("roll") != roll or entry.get("when") not in when:
        return False
    if entry.get("actions") and action not in entry["actions"]:
        return False
    return not entry.get("plans") or plan in entry["plans"]


def special_armor(campaign: Any, pc: Any) -> tuple[str, ...]:
    """What ``pc``'s special armor may be spent against (empty: no special armor)."""
    uses: list[str] = []
    for mech in mechanics(campaign, pc):
        uses.extend(u for u in mech.get("special_armor") or () if u not in uses)
    return tuple(uses)


def special_armor_fits(campaign: Any, pc: Any, attribute: str) -> bool:
    """Whether ``pc`` has an unmarked special armor box usable against a consequence resisted with ``attribute``."""
    if not pc.armor.get("special"):
        return False
    uses = special_armor(campaign, pc)
    return any(u in uses for u in ARMOR_USES_BY_ATTRIBUTE.get(attribute, ()))


def mechanic_value(campaign: Any, pc: Any, key: str, default: Any = None) -> Any:
    """The first value of mechanic ``key`` among ``pc``'s (and the crew's) abilities."""
    for mech in mechanics(campaign, pc):
        if key in mech:
            return mech[key]
    return default


def quality(campaign: Any, action: str) -> int:
    """BITD.EFFECT.2: crew Tier, +1 with the crew's Quality upgrade for the action's kind of item."""
    category = ITEM_OF_ACTION.get(action, "")
    upgrades = campaign.crew.upgrades
    return campaign.crew.tier + (1 if category and upgrades.get(f"quality_{category}") else 0)


def hunting_grounds(campaign: Any, kind: str) -> bool:
    """Whether ``kind`` is one of the crew type's preferred operations (BITD.CREW.CREATE.4)."""
    return kind in score_tables(campaign.content).operations.get(campaign.crew.type, ())
