"""Briefings for Fate scene decisions (sim.agents.briefing): what a person weighs that a script doesn't.

Computed only for seats a person holds, from the decision's plain context and
the exact 4dF distribution (FATE.DICE.3); nothing here rolls or journals.
"""

from __future__ import annotations

from fractions import Fraction

from sim.agents.base import Decision
from sim.agents.briefing import briefing, names_for, odds, words_for
from sim.fate.scenes.actions import (
    ATTACK_ACTION, CREATE_ACTION, DEFEND_ACTION, OVERCOME_ACTION, attack_track, defend_skills,
)
from sim.fate.characters.character import concession_points, stunt_bonus
from sim.fate.adventure import Adventure
from sim.fate.scenes.scene import Scene
from sim.fate.tables import translations
from sim.odds import fate_dice_distribution, fate_odds


@names_for(Scene)
def scene_names(scene: Scene) -> dict:
    """Each character's id -> name."""
    return {cid: c.name for cid, c in scene.chars.items()}


@words_for(Scene)
def scene_words(scene: Scene) -> dict:
    """The words in other languages of the English names a scene keeps (:func:`sim.fate.tables.translations`), and
    of those its host gave (``Scene.host_words``: a Blades score's obstacles)."""
    out = translations(scene.content)
    if scene.host_words is not None:
        out.update(scene.host_words())
    return out


@words_for(Adventure)
def adventure_words(adv: Adventure) -> dict:
    """:func:`scene_words` for the decisions an adventure asks between scenes (compels)."""
    return translations(adv.scenario.content)


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


def _bonus(char, skill: str, action: str) -> int:
    return stunt_bonus(char.stunts, skill, action)[0]


def _row(scene: Scene, actor: str, what: str, target, skill: str, helpers=(), borders=None, vs=None) -> dict:
    """One rolled option's odds (FATE.ACTION.1-6, FATE.OPP.1, FATE.DICE.2, FATE.TEAM.3): the actor's rating in
    ``skill`` with its bonus stunt (and an attack's teamwork) against the scene's difficulty (passive) or the
    defender's best defence with its stunt, both rolling 4dF (active: the difference of two 4dF, 8dF)."""
    from sim.dice import teamwork_bonus
    from sim.fate.scenes.conflict import ADVANTAGE_DEFENCE, SCENE_ADVANTAGE_DIFFICULTY  # the conflict imports the scene

    char = scene.chars[actor]
    action = ATTACK_ACTION if what == "attack" else OVERCOME_ACTION if what == "overcome_move" else CREATE_ACTION
    rating = char.skill(skill) + _bonus(char, skill, action)
    if what == "attack":
        rating += teamwork_bonus([scene.chars[c].skill(skill) for c in (actor, *helpers)])
    if what == "overcome_move" or target is None or what == "exploit":
        if vs is None:
            vs = (borders or {}).get(target, 0) if what == "overcome_move" else SCENE_ADVANTAGE_DIFFICULTY
        return {"skill": skill, "rating": rating, "vs": vs, "opposed": False,
                "outcomes": {k: odds(p) for k, p in fate_odds(rating, vs).items()}}
    defender = scene.chars[target]
    dskill, drating = defender.best(defend_skills(skill) if what == "attack" else ADVANTAGE_DEFENCE)
    vs = drating + _bonus(defender, dskill, DEFEND_ACTION)
    row = {"skill": skill, "rating": rating, "vs": vs, "defence": dskill, "opposed": True,
           "outcomes": {k: odds(p) for k, p in fate_odds(rating, vs, opposed=True).items()}}
    if what == "attack":
        capacity = defender.capacity(attack_track(skill))
        out_p = sum((p for n, p in fate_dice_distribution(8).items() if rating - vs + n > capacity), Fraction(0))
        row.update(capacity=capacity, takes_out=odds(out_p))
    return row


@briefing("fate_action")
def brief_action(scene: Scene, d: Decision) -> dict:
    """FATE.ACTION.2-5, FATE.DICE.2: the exact outcome odds of each rolled option before invokes (skill and bonus
    stunt against the defender's best defence, both rolling 4dF; or against the scene's difficulty), and for an
    attack the chance its hit takes the target out (more shifts than it can absorb, FATE.CONFLICT.3). An option
    whose skill is chosen next (a leading seat's, ``None``) shows the odds with the actor's best skill (``best``)."""
    from sim.fate.scenes.conflict import lead_skills

    actor = d.context["actor"]
    helpers, borders = d.context.get("helpers", ()), d.context.get("borders", {})
    out = {}
    for o in d.options:
        what, target, skill = o
        key = f"{what}:{target}:{skill}"
        if what == "help":
            out[key] = {"roll": False}
            continue
        best = skill is None
        row = _row(scene, actor, what, target, lead_skills(scene, actor)[0] if best else skill, helpers, borders)
        out[key] = {**row, "best": True} if best else row
    return {"options": out, "fate_points": scene.fate_points(actor)}


@briefing("fate_skill")
def brief_skill(scene: Scene, d: Decision) -> dict:
    """FATE.ACTION.2-3, FATE.ACTION.6: the odds of the chosen action with each skill of the list."""
    c = d.context
    return {"options": {skill: _row(scene, c["actor"], c["what"], c["target"], skill, vs=c.get("vs"))
                        for skill in d.options}}


@briefing("fate_task")
def brief_task(scene: Scene, d: Decision) -> dict:
    """FATE.CHALLENGE.1-2, FATE.ACTION.1, FATE.TEAM.1: each open task's overcome odds if this character takes it:
    the task's skill with its bonus stunt and the teamwork the others would add (the engine's assignment of the
    rest, :func:`sim.fate.scenes.challenge.assign_tasks`) against its difficulty (+2 for a compel's complication)."""
    from sim.dice import teamwork_bonus
    from sim.fate.scenes.challenge import Task, assign_tasks

    c = d.context
    actor, tasks = c["actor"], [Task(*t) for t in c["tasks"]]
    chosen = {int(i): who for i, who in c["chosen"].items()}
    char = scene.chars[actor]
    out = {}
    for i in d.options:
        task, roller, helpers = assign_tasks(scene, c["characters"], tasks, {**chosen, i: actor})[i]
        rating = char.skill(task.skill) + _bonus(char, task.skill, OVERCOME_ACTION)
        rating += teamwork_bonus([scene.chars[h].skill(task.skill) for h in (roller, *helpers)])
        vs = task.difficulty + (2 if actor in c["harder"] else 0)
        out[str(i)] = {"skill": task.skill, "rating": rating, "vs": vs, "opposed": False, "helpers": list(helpers),
                       "outcomes": {k: odds(p) for k, p in fate_odds(rating, vs).items()}}
    return {"options": out}


@briefing("fate_defend")
def brief_defend(scene: Scene, d: Decision) -> dict:
    """FATE.ACTION.5-6: the defender's odds with each legal defence against the roll coming (the attacker's rating
    with its stunt and teamwork, both rolling 4dF), read from the defender's side: fail, the action lands."""
    c = d.context
    defender = scene.chars[c["actor"]]
    vs = c["rating"]
    out = {}
    for skill in d.options:
        rating = defender.skill(skill) + _bonus(defender, skill, DEFEND_ACTION)
        out[skill] = {"skill": skill, "rating": rating, "vs": vs, "defence": c["skill"], "opposed": True,
                      "outcomes": {k: odds(p) for k, p in fate_odds(rating, vs, opposed=True).items()}}
    return {"options": out}


@briefing("fate_concede")
def brief_concede(scene: Scene, d: Decision) -> dict:
    """FATE.CONFLICT.4: the fate points conceding earns (1, +1 per consequence taken in this conflict) and the
    hit coming against what the character can still absorb."""
    c = d.context
    return {"fate_points_gained": concession_points(c["taken"]), "taken": c["taken"], "capacity": c["capacity"],
            "threat": c["threat"], "doomed": c["doomed"]}


@briefing("fate_style_boost")
def brief_style_boost(scene: Scene, d: Decision) -> dict:
    """FATE.ACTION.4: the hit with and without the boost, and whether each takes the target out."""
    hit, capacity = d.context["hit"], d.context["capacity"]
    return {"hit": hit, "capacity": capacity, "takes_out": hit > capacity, "takes_out_with_boost": hit - 1 > capacity}
