"""Fate contests and conflicts as scenes of a Blades score (``sim.blades.score.score`` scene kinds).

Importing this module registers two scene kinds with :func:`sim.blades.score.scenes.scene_kind`:

* ``conflict`` — the crew fights the scene's obstacles, each one an NPC, as a Fate conflict
  (FATE.CONFLICT): ``cleared`` if the crew's side is left standing, else ``out``.
* ``contest`` — the crew races the obstacles (a chase, a race to the goods) as a Fate contest
  (FATE.CONTEST): ``cleared`` if the crew gets three victories first; if it loses, the
  opposition catches up and a ``conflict`` against the same obstacles is queued next
  (FATE.CHALLENGE.3: one scene may lead to another).

Neither kind is laid out by the default planner. With the scenario option ``score_scenes: fate``,
:func:`fate_scene_layout` lays them out where the plan fits (an assault's last obstacle is fought as a
conflict, a transport's as a contest; the layers before it stay a challenge); a scene may also queue
``SceneSpec("conflict", obstacles)`` itself. How Blades numbers become Fate numbers is an
engineering reading `[inferred]`, kept in the tables below:

* skills from action ratings (:data:`ACTION_SKILLS`, the best action for each skill); Physique from
  the better of wreck and the Prowess rating, Will from the Resolve rating (BITD.ATTR);
* harm the scoundrel carries fills consequence slots (level 1 mild, 2 moderate, 3 severe), and each
  new consequence taken in the scene is recorded back as harm of that level (:data:`HARM_FOR_SEVERITY`);
* a scoundrel taken out (FATE.CONFLICT.3) also takes :data:`TAKEN_OUT_HARM` harm and, like one who
  conceded (FATE.CONFLICT.4), is out of the rest of the score; each scoundrel starts each Fate scene
  with the refresh of 3 fate points (FATE.FP.1) and none are kept afterwards (they have no Blades meaning);
* each obstacle is one NPC rated ``min(5, target Tier + 1)`` in its fighting skills: a major NPC
  when its clock has 6 or more segments, else a minor NPC with ``size // 2`` stress boxes (at most 3).

Dice, choices and events: the campaign's ``rng`` rolls; every choice is asked of the campaign's own seats
(a scripted seat plays the Fate traits of its policy, :func:`sim.blades.campaign.seat_agent`; a person or a
replay answers as in the rest of the score); Fate events go into the campaign's journal after a ``scene`` event.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.blades.score.scenes import SceneSpec, ScoreRun, scene_kind, scene_planner
from sim.fate.characters.character import Character, make_character, take_consequence
from sim.fate.scenes.conflict import play_conflict
from sim.fate.scenes.contest import ContestSide, play_contest
from sim.fate.scenes.scene import Scene

#: Blades action -> the Fate skills it stands for [inferred]
ACTION_SKILLS: Mapping[str, tuple[str, ...]] = {
    "attune": ("Lore",), "command": ("Provoke",), "consort": ("Contacts", "Empathy"), "finesse": ("Burglary", "Drive"),
    "hunt": ("Shoot",), "prowl": ("Stealth", "Athletics"), "skirmish": ("Fight",), "study": ("Investigate", "Academics"),
    "survey": ("Notice",), "sway": ("Rapport", "Deceive"), "tinker": ("Crafts",), "wreck": ("Physique",),
}
#: the skill a contest's overcome rolls use, by plan [inferred]
CONTEST_SKILL: Mapping[str, str] = {
    "assault": "Athletics", "deception": "Deceive", "occult": "Lore", "social": "Rapport", "stealth": "Stealth",
    "transport": "Drive",
}
SEVERITY_FOR_HARM: Mapping[int, str] = {1: "mild", 2: "moderate", 3: "severe"}
HARM_FOR_SEVERITY: Mapping[str, int] = {"mild": 1, "moderate": 2, "severe": 3}
TAKEN_OUT_HARM = 2
CREW, OPPOSITION = "crew", "opposition"
NPC_SKILLS: tuple[str, ...] = ("Fight", "Shoot", "Athletics", "Provoke", "Notice", "Stealth", "Drive", "Deceive",
                               "Rapport", "Lore")


def fate_character(pc: Any, options: Any) -> Character:
    """A scoundrel as a Fate PC: skills from action ratings, carried harm as consequences [inferred]."""
    skills: dict[str, int] = {}
    for action, names in sorted(ACTION_SKILLS.items()):
        for name in names:
            skills[name] = max(skills.get(name, 0), min(4, pc.rating(action)))
    skills["Physique"] = max(skills.get("Physique", 0), min(4, pc.attribute("prowess")))
    skills["Will"] = min(4, pc.attribute("resolve"))
    char = make_character(pc.id, skills, name=pc.name, options=options)
    for level in (3, 2, 1):
        for note in pc.harm[level][:1]:
            char = take_consequence(char, SEVERITY_FOR_HARM[level], note)
    return char


def opposition(obstacles, tier: int, options: Any) -> list[Character]:
    """One NPC per obstacle (name, clock size) [inferred]."""
    rating = max(0, min(5, tier + 1))
    out = []
    for i, (name, size) in enumerate(obstacles):
        skills = {s: rating for s in NPC_SKILLS}
        skills.update(Physique=max(0, min(5, tier)), Will=max(0, min(5, tier)))
        if size >= 6:
            out.append(make_character(f"npc{i + 1}", skills, kind="major", name=name, options=options))
        else:
            out.append(make_character(f"npc{i + 1}", skills, kind="minor", name=name,
                                      minor_stress=min(3, size // 2)))
    return out


def _crew(campaign: Any) -> list:
    return [pc for pc in campaign.pcs if pc.status == "active" and not pc.taken_out]


def _open(campaign: Any, run: ScoreRun, spec: SceneSpec, kind: str) -> tuple[list, Scene] | None:
    """Journal the ``scene`` and set it up: the crew still able to act and the Fate scene; None if nobody is."""
    campaign.emit("scene", kind=kind, obstacles=[[name, size] for name, size in spec.obstacles])
    crew = _crew(campaign)
    if not crew:
        return None
    return crew, _scene(campaign, run, spec, crew)


def _scene(campaign: Any, run: ScoreRun, spec: SceneSpec, crew: list) -> Scene:
    chars = [fate_character(pc, campaign.options) for pc in crew]
    chars += opposition(spec.obstacles, run.ctx.target_tier, campaign.options)
    sides = {c.id: CREW if c.kind == "pc" else OPPOSITION for c in chars}
    scene = Scene(campaign.rng, chars, sides, journal=campaign.journal, options=campaign.options, seats=campaign.seats,
                  host_words=lambda: obstacle_words(campaign.content, [name for name, _ in spec.obstacles]))
    scene.journal_sheets(carried="harm")  # the ratings and carried harm a checker re-derives the scene from
    return scene


def obstacle_words(content: Any, names: Any) -> dict[str, dict[str, str]]:
    """English -> {lang: words} of the obstacles ``names`` that ``content/blades/targets.yaml`` translates (a person in
    a Fate scene of a score is offered them by name, sim.fate.views.briefings.scene_words)."""
    wanted = set(names)
    out: dict[str, dict[str, str]] = {}
    for target in content.table("blades/targets")["targets"]:
        for obstacle in target.get("obstacles") or ():
            name = obstacle["name"]
            if isinstance(name, dict) and name["en"] in wanted:
                out[name["en"]] = {lang: words for lang, words in name.items() if lang != "en"}
    return out


#: plan -> the Fate scene its last obstacle becomes under ``score_scenes: fate`` (FATE.CONTEST.1, FATE.CONFLICT.1) [inferred]
FATE_FINALE: Mapping[str, str] = {"assault": "conflict", "transport": "contest"}


@scene_planner
def fate_scene_layout(campaign: Any, plan: Any) -> tuple[SceneSpec, ...] | None:
    """Lay out a score with a Fate finale when the scenario asks for it (option ``score_scenes``)."""
    if campaign is None or campaign.options["score_scenes"] != "fate" or plan.plan not in FATE_FINALE:
        return None
    layers = tuple(plan.obstacles)
    if not layers:
        return None
    scenes = [SceneSpec("challenge", layers[:-1])] if len(layers) > 1 else []
    scenes.append(SceneSpec(FATE_FINALE[plan.plan], layers[-1:]))
    return tuple(scenes)


@scene_kind("conflict")
def play_conflict_scene(campaign: Any, run: ScoreRun, spec: SceneSpec) -> str:
    """A Fate conflict against the spec's obstacles (FATE.CONFLICT)."""
    opened = _open(campaign, run, spec, "conflict")
    if opened is None:
        return "out"
    crew, scene = opened
    result = play_conflict(scene)
    _apply(campaign, scene, crew)
    campaign.count("fate_conflict")
    return "cleared" if result.winner == CREW else "out"


@scene_kind("contest")
def play_contest_scene(campaign: Any, run: ScoreRun, spec: SceneSpec) -> str:
    """A Fate contest against the spec's obstacles (FATE.CONTEST); losing brings the fight to the crew."""
    opened = _open(campaign, run, spec, "contest")
    if opened is None:
        return "out"
    crew, scene = opened
    skill = CONTEST_SKILL.get(run.ctx.plan, "Athletics")
    sides = [ContestSide(CREW, tuple(pc.id for pc in crew), skill),
             ContestSide(OPPOSITION, tuple(c for c in scene.order if scene.side[c] == OPPOSITION), skill)]
    result = play_contest(scene, sides, style_rule=campaign.options["fate_contest_style"])
    scene.end(kind="contest", winner=result.winner)
    _apply(campaign, scene, crew)
    campaign.count("fate_contest")
    if result.winner == CREW:
        return "cleared"
    run.queue.insert(0, SceneSpec("conflict", tuple(spec.obstacles)))
    return "cleared"


def _apply(campaign: Any, scene: Scene, crew: list) -> None:
    """Consequences taken in the scene become harm, in the order taken; taken out or conceded = out of the score."""
    ids = {pc.id: pc for pc in crew}
    for cid, slot_name in scene.new_consequences:
        if cid in ids:
            slot = next(s for s in scene.chars[cid].slots if s.name == slot_name)
            campaign.take_harm(ids[cid], HARM_FOR_SEVERITY[slot.severity], slot.aspect)
    for pc in crew:
        how = scene.out.get(pc.id)
        if how == "taken_out":
            campaign.take_harm(pc, TAKEN_OUT_HARM, "taken out")
        if how is not None:
            campaign.take_out(pc, how)
