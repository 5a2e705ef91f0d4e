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


class _Resolved:
    """One scoundrel's special-ability mechanics and the crew's, resolved from the content's ability table once.

    ``values``: mechanic key -> its first value (:func:`mechanic_value`); ``dice`` / ``levels``: every
    ``bonus_dice`` / ``bonus_effect`` entry, in ability order (:func:`bonus`); ``armor``: :func:`special_armor`.
    """

    __slots__ = ("owner", "content", "own", "own_n", "crew", "crew_n", "found", "values", "dice", "levels", "armor",
                 "bonuses", "penalties")

    def __init__(self, owner: Any, content: Any, own: list, crew: list) -> None:
        self.owner, self.content = owner, content
        self.own, self.own_n, self.crew, self.crew_n = own, len(own), crew, len(crew)
        table = score_tables(content).abilities
        self.found = found = tuple(table[a] for a in (*own, *crew) if table.get(a))
        values: dict[str, Any] = {}
        dice: list[Mapping[str, Any]] = []
        levels: list[Mapping[str, Any]] = []
        uses: list[str] = []
        for mech in found:
            for key, value in mech.items():
                values.setdefault(key, value)
            dice.extend(mech.get("bonus_dice") or ())
            levels.extend(mech.get("bonus_effect") or ())
            uses.extend(u for u in mech.get("special_armor") or () if u not in uses)
        self.values, self.dice, self.levels, self.armor = values, tuple(dice), tuple(levels), tuple(uses)
        self.bonuses: dict[tuple, tuple[int, int]] = {}  # (roll, when, action, plan) -> what :func:`bonus` adds
        self.penalties: Any = None  # the owner's harm penalties, kept by :func:`sim.blades.score.harm_penalties.penalties`


_NO_ABILITIES: list = []
#: owner id -> its :class:`_Resolved`. Stale (rebuilt) once the owner's or the crew's ability list is another list or
#: a longer one (abilities are only ever appended: ``Campaign.add_ability``, ``add_crew_ability``) or the content
#: differs; the owner is the scoundrel, or the crew for the crew's alone.
_RESOLVED: dict[int, _Resolved] = {}


def resolved(campaign: Any, pc: Any) -> _Resolved:
    """``pc``'s resolved mechanics and the crew's (the crew's alone for None); the same object until one changes."""
    crew = campaign.crew
    owner = crew if pc is None else pc
    hit = _RESOLVED.get(id(owner))
    if hit is not None and hit.owner is owner:
        own, theirs = hit.own, hit.crew
        if (own is (_NO_ABILITIES if pc is None else pc.abilities) and hit.own_n == len(own)
                and theirs is crew.abilities and hit.crew_n == len(theirs) and hit.content is campaign.content):
            return hit
    if len(_RESOLVED) > 4096:
        _RESOLVED.clear()
    hit = _RESOLVED[id(owner)] = _Resolved(owner, campaign.content, _NO_ABILITIES if pc is None else pc.abilities,
                                           crew.abilities)
    return hit


def mechanics(campaign: Any, pc: Any = None) -> tuple[Mapping[str, Any], ...]:
    """The mechanics of ``pc``'s special abilities and the crew's, in ability order (unknown ids have none).

    Resolved once per scoundrel and kept until an ability is gained (:class:`_Resolved`): the score asks on every roll.
    """
    return resolved(campaign, pc).found


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


def roll_situations(plan: str, kind: str, position: str, exposure: str, action: str, roll: str) -> frozenset[str]:
    """:func:`situations` of an action roll, remembered by its arguments (asked on every roll; situations are pure)."""
    key = (plan, kind, position, exposure, action, roll)
    found = _ROLL_SITUATIONS.get(key)
    if found is None:
        if len(_ROLL_SITUATIONS) > 4096:
            _ROLL_SITUATIONS.clear()
        found = _ROLL_SITUATIONS[key] = situations(plan=plan, kind=kind, position=position, exposure=exposure,
                                                   action=action, roll=roll)
    return found


_ROLL_SITUATIONS: dict[tuple[str, ...], frozenset[str]] = {}


def bonus(campaign: Any, pc: Any, roll: str, when: frozenset[str], action: str = "", plan: str = "") -> tuple[int, int]:
    """``(dice, effect levels)`` abilities of ``pc`` and the crew add to a ``roll`` in the situations ``when``."""
    found = resolved(campaign, pc)
    if not (found.dice or found.levels):
        return NO_BONUS
    key = (roll, when, action, plan)
    hit = found.bonuses.get(key)
    if hit is not None:
        return hit
    dice = levels = 0
    for entry in found.dice:
        if _applies(entry, roll, when, action, plan):
            dice += int(entry.get("dice", 0))
    for entry in found.levels:
        if _applies(entry, roll, when, action, plan):
            levels += int(entry.get("levels", 0))
    found.bonuses[key] = dice, levels
    return dice, levels


NO_BONUS = (0, 0)


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
    return resolved(campaign, pc).armor


def special_armor_fits(campaign: Any, pc: Any, attribute: str) -> bool:
    """Whether ``pc`` has an unmarked special armor box usable against a consequence resisted with ``attribute``."""
    if not pc.armor.get("special"):
        return False
    uses = special_armor(campaign, pc)
    return any(u in uses for u in ARMOR_USES_BY_ATTRIBUTE.get(attribute, ()))


def mechanic_value(campaign: Any, pc: Any, key: str, default: Any = None) -> Any:
    """The first value of mechanic ``key`` among ``pc``'s (and the crew's) abilities."""
    return resolved(campaign, pc).values.get(key, default)


def quality(campaign: Any, action: str) -> int:
    """BITD.EFFECT.2: crew Tier, +1 with the crew's Quality upgrade for the action's kind of item."""
    upgrade = QUALITY_UPGRADE.get(action)
    crew = campaign.crew
    return crew.tier + (1 if upgrade and crew.upgrades.get(upgrade) else 0)


#: action -> the crew Quality upgrade (``quality_<category>``) that counts for it (:data:`ITEM_OF_ACTION`)
QUALITY_UPGRADE = {action: f"quality_{category}" for action, category in ITEM_OF_ACTION.items() if category}


def hunting_grounds(campaign: Any, kind: str) -> bool:
    """Whether ``kind`` is one of the crew type's preferred operations (BITD.CREW.CREATE.4)."""
    return kind in score_tables(campaign.content).operations.get(campaign.crew.type, ())
