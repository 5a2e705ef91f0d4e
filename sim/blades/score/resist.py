"""Resisting consequences and spending armor (BITD.RESIST, BITD.ARMOR).

A consequence is either harm of a level (BITD.HARM.2) or a complication's
effect mapping (BITD.CONSEQ.1). The GM declares first whether resisting
**reduces** or **avoids** it (BITD.RESIST.1, option ``resist_mode``), the
player commits (BITD.RESIST.4), then rolls the attribute the GM names
(BITD.RESIST.2) and pays ``6 - highest die`` stress, a critical clearing one
(BITD.RESIST.3). Each consequence is rolled against once (BITD.RESIST.5).
Armor boxes reduce or avoid harm instead of, or as well as, the roll
(BITD.ARMOR.1-3, option ``armor_excludes_roll``).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.crew import abilities
from sim.blades.crew.state import escalated_harm_level
from sim.blades.downtime.downtime import roll_dice
from sim.dice import resistance_stress
from sim.rng import Rng

SEVERITY_LEVEL = {"minor": 1, "standard": 2, "serious": 3}  # BITD.CONSEQ.1 / BITD.HARM.2

#: BITD.RESIST.2: harm is physical strain on most plans; mental on occult and social ones, misunderstanding on deception.
HARM_ATTRIBUTE = {"assault": "prowess", "stealth": "prowess", "transport": "prowess", "occult": "resolve",
                  "social": "resolve", "deception": "insight"}


def resist_attribute(kind: str, plan: str, effect: Mapping[str, Any] | None = None) -> str:
    """BITD.RESIST.2: the attribute the GM names for a consequence.

    Harm by the plan's nature (:data:`HARM_ATTRIBUTE`); a complication that
    costs stress is mental strain (resolve); other complications (being seen,
    tracked, outwitted) are resisted with insight.
    """
    if kind == "harm":
        return HARM_ATTRIBUTE.get(plan, "prowess")
    if effect and "stress" in effect:
        return "resolve"
    return "insight"


def reduce_effect(effect: Mapping[str, Any]) -> dict[str, Any]:
    """BITD.RESIST.1 *reduced*: a complication loses one step of each part.

    Counts move one toward zero (heat 2 -> 1, status -1 -> 0, fewer clock
    ticks), harm drops a level, and the all-or-nothing parts (worse position,
    lost opportunity, a new clock) are shrugged off. Parts that reach zero go.
    """
    out: dict[str, Any] = {}
    for key, value in effect.items():
        if key in ("heat", "coin", "rep", "stress", "harm", "wanted", "effect"):
            v = int(value)
            v = v - 1 if v > 0 else v + 1 if v < 0 else 0
            if v:
                out[key] = v
        elif key == "tick_clock":
            if value["ticks"] > 1:
                out[key] = {"clock": value["clock"], "ticks": value["ticks"] - 1}
        elif key == "status":
            if abs(value["delta"]) > 1:
                d = value["delta"]
                out[key] = {"faction": value["faction"], "delta": d - 1 if d > 0 else d + 1}
    return out


def resist_mode(campaign: Any, pc: Any, kind: str, level: int) -> str:
    """The GM's declaration before the roll (BITD.RESIST.1, BITD.RESIST.6)."""
    mode = campaign.options["resist_mode"]
    if mode != "gm_choice":
        return mode
    return campaign.ask("gm", "resist_mode", ("reduce", "avoid"), {"pc": pc.id, "consequence": kind, "level": level})


def resistance_roll(campaign: Any, pc: Any, attribute: str, reason: str, plan: str = "",
                    protecting: bool = False, position: str = "") -> int:
    """Roll ``attribute`` (+ ability dice) and pay the stress (BITD.RESIST.3); journal ``resistance``; return the cost.

    ``position``: the roll's that brought the consequence on; a desperate one costs Daredevil's
    ``resist_dice_penalty`` (its +1d came with the consequence), counted in ``bonus``."""
    rating = pc.attribute(attribute)
    extra = abilities.bonus(campaign, pc, "resist", abilities.situations(plan=plan, protecting=protecting))[0]
    if position == "desperate" and not protecting:
        extra += int(abilities.mechanic_value(campaign, pc, "resist_dice_penalty", 0))
    dice = rating + extra
    roll = roll_dice(campaign, dice)
    cost = resistance_stress(roll)
    if not campaign.journal.skip("resistance"):  # nobody reads it: seq only
        campaign.emit("resistance", pc=pc.id, attribute=attribute, rating=rating, bonus=extra, dice=dice,
                      faces=list(roll.faces), die=roll.die, result=roll.result, stress=cost, reason=reason)
    campaign.count("resistance")
    campaign.add_stress(pc, cost, "resistance")
    return cost


def spend_armor(campaign: Any, pc: Any, level: int, mode: str, reason: str, attribute: str = "prowess") -> int:
    """Mark armor boxes against harm of ``level`` (BITD.ARMOR.1); return the level left.

    ``avoid`` takes one box to stop the harm; ``reduce`` takes a box per level
    (armor, then heavy, then an ability's special armor if it covers this kind
    of harm) while the player's policy keeps spending.
    """
    for box in ("armor", "heavy", "special"):
        if level <= 0:
            break
        if not pc.armor.get(box):
            continue
        if box == "special" and not abilities.special_armor_fits(campaign, pc, attribute):
            continue
        if not campaign.ask(pc.id, "armor", (False, True), {
                "pc": pc.id, "box": box, "level": level, "stress": pc.stress, "consequence": "harm"}):
            break
        after = 0 if mode == "avoid" else level - 1
        campaign.mark_armor(pc, box, level, after, reason)
        level = after
    return level


def resist_harm(campaign: Any, pc: Any, level: int, plan: str, reason: str, protecting: bool = False,
                position: str = "") -> int:
    """Armor and resistance against harm of ``level``; return the level that lands (0: none).

    BITD.ARMOR.3: by default one resistance roll *and* any armor may apply
    (armor first or after the roll by policy); with ``armor_excludes_roll``
    armor replaces the roll.
    """
    if level <= 0 or not pc.active:
        return level
    mode = resist_mode(campaign, pc, "harm", level)
    excludes = campaign.options["armor_excludes_roll"]
    attribute = resist_attribute("harm", plan)
    armored = _has_armor(campaign, pc, attribute)
    traits_first = campaign.ask(pc.id, "armor_first", (False, True), {"pc": pc.id}) if armored else False
    if traits_first:
        before = level
        level = spend_armor(campaign, pc, level, mode, reason, attribute)
        if excludes and level != before:
            return level
    if level > 0:
        would = escalated_harm_level(pc.harm, level)
        if campaign.ask(pc.id, "resist", (False, True), {
                "pc": pc.id, "consequence": "harm", "level": level, "recorded": would, "stress": pc.stress,
                "stress_max": pc.stress_max, "dice": pc.attribute(attribute)}):
            resistance_roll(campaign, pc, attribute, reason, plan, protecting, position)
            level = 0 if mode == "avoid" else level - 1
            if excludes:
                return level
    if level > 0 and not traits_first and _has_armor(campaign, pc, attribute) and pc.active:
        level = spend_armor(campaign, pc, level, mode, reason, attribute)
    return level


def resist_complication(campaign: Any, pc: Any, effect: Mapping[str, Any], severity: str, plan: str,
                        reason: str, position: str = "") -> Mapping[str, Any] | None:
    """Resistance against a complication; return the effect that lands (None when avoided).

    An ability's special armor that covers the complication's nature
    (detection, deception, ...) may take it instead of the roll.
    """
    attribute = resist_attribute("complication", plan, effect)
    if pc.active and abilities.special_armor_fits(campaign, pc, attribute) and campaign.ask(
            pc.id, "armor", (False, True), {"pc": pc.id, "box": "special", "level": SEVERITY_LEVEL[severity],
                                            "stress": pc.stress, "consequence": "complication"}):
        mode = resist_mode(campaign, pc, "complication", 0)
        campaign.mark_armor(pc, "special", SEVERITY_LEVEL[severity], 0, reason)
        return None if mode == "avoid" else reduce_effect(effect) or None
    if not pc.active or not campaign.ask(pc.id, "resist", (False, True), {
            "pc": pc.id, "consequence": "complication", "severity": severity, "level": 0, "recorded": 0,
            "stress": pc.stress, "stress_max": pc.stress_max, "dice": pc.attribute(attribute)}):
        return effect
    mode = resist_mode(campaign, pc, "complication", 0)
    resistance_roll(campaign, pc, attribute, reason, plan, position=position)
    if mode == "avoid":
        return None
    return reduce_effect(effect) or None


def _has_armor(campaign: Any, pc: Any, attribute: str) -> bool:
    return bool(pc.armor.get("armor") or pc.armor.get("heavy") or abilities.special_armor_fits(campaign, pc, attribute))


# --- scripted answers ------------------------------------------------------------

@decision("resist_mode")
def choose_resist_mode(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM trait ``resist``: what resistance does when the rules leave it to the GM (BITD.RESIST.6)."""
    return traits["resist"]


@decision("resist")
def choose_resist(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player traits ``resist_min_harm``, ``resist_max_stress``, ``resist_complications``.

    Harm that would be recorded as fatal is always resisted (BITD.DEATH.1: a
    player may choose to die, ours never do). Otherwise resist while stress
    is at most ``resist_max_stress`` and the likely cost (6 - the die a pool
    of ``dice`` usually reads: 4 with no dice, 3 with one, 2 with more)
    cannot trauma. Complications: only serious ones, or standard ones with 2+ dice.
    """
    c = d.context
    if c["consequence"] == "harm" and c["recorded"] >= 4:
        return True
    likely = 4 if c["dice"] <= 0 else 3 if c["dice"] == 1 else 2
    if c["stress"] > traits["resist_max_stress"] or c["stress"] + likely >= c["stress_max"]:
        return False
    if c["consequence"] == "harm":
        return c["level"] >= traits["resist_min_harm"] and (c["dice"] > 0 or c["level"] >= 3)
    if not traits["resist_complications"]:
        return False
    return c["severity"] == "serious" or (c["severity"] == "standard" and c["dice"] >= 2)


@decision("armor_first")
def choose_armor_first(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``armor_first``: spend armor before rolling resistance (BITD.ARMOR.3)."""
    return bool(traits["armor_first"])


@decision("armor")
def choose_armor(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Mark an armor box against harm at or above ``resist_min_harm`` (armor restores with the next load)."""
    return d.context["level"] >= min(traits["resist_min_harm"], 2)
