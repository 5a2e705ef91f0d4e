"""Briefings for Fate scene decisions (sim.agents.briefing): what a person weighs that a script doesn't.

Computed only for seats a person holds, from the decision's plain context and
the exact 4dF distribution (FATE.DICE.3); nothing here rolls or journals.
"""

from __future__ import annotations

from fractions import Fraction

from sim.agents.base import Decision
from sim.agents.briefing import briefing, names_for, odds
from sim.fate.scene import Scene
from sim.odds import fate_dice_distribution


@names_for(Scene)
def scene_names(scene: Scene) -> dict:
    """Each character's id -> name."""
    return {cid: c.name for cid, c in scene.chars.items()}


@briefing("fate_invoke")
def brief_invoke(scene: Scene, d: Decision) -> dict:
    """FATE.ASPECT.3: the gap now, and what each invoke makes of it: +2, or a reroll of all four dice (the new
    gap's distribution and the chance it reaches the goal)."""
    c = d.context
    gap, goal, faces = c["gap"], c["goal"], tuple(c["faces"])
    base = gap - sum(faces)
    reroll = {}
    reach = Fraction(0)
    for total, p in sorted(fate_dice_distribution(4).items()):
        reroll[str(base + total)] = odds(p)
        reach += p if base + total >= goal else 0
    options = {}
    for o in d.options:
        how, aspect, mode = o
        key = f"{how}:{aspect}:{mode}" if how != "pass" else "pass"
        if how == "pass":
            options[key] = {"gap": gap}
        elif mode == "bonus":
            options[key] = {"gap": gap + 2, "reaches_goal": gap + 2 >= goal, "costs_fate_point": how == "paid"}
        else:
            options[key] = {"gap": reroll, "reaches_goal": odds(reach), "costs_fate_point": how == "paid"}
    return {"gap": gap, "goal": goal, "free_goal": c["free_goal"], "faces": list(faces),
            "fate_points": c["fate_points"], "options": options}


@briefing("fate_absorb")
def brief_absorb(scene: Scene, d: Decision) -> dict:
    """FATE.CONFLICT.CONSEQ.2: what each way of taking the hit leaves: stress boxes free, consequence slots free,
    and the largest hit on this track still absorbable."""
    c = d.context
    track, slots = c["track"], c["slots"]
    free_boxes = sum(1 for box in c["stress"] if not box)
    options = []
    for boxes, used in d.options:
        left = {name: s for name, s in slots.items() if name not in used}
        capacity = (free_boxes - boxes) + sum(s["value"] for s in left.values() if s["track"] in (None, track))
        options.append({"boxes": boxes, "consequences": [slots[n]["severity"] for n in used],
                        "boxes_left": free_boxes - boxes, "slots_left": sorted(left), "capacity_after": capacity})
    return {"hit": c["hit"], "track": track, "options": options}
