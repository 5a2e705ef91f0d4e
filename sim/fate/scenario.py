"""Fate adventures: the fields a ``system: fate`` scenario adds to every system's, and the frozen Adventure spec.

An adventure is a cast of PCs (FATE.CHAR.1-2, FATE.FP.1-3), a GM policy, and a list of **scenes**, each a
challenge, a contest or a conflict (FATE.CHALLENGE, FATE.CONTEST, FATE.CONFLICT) with its situation aspects,
zones (a networkx graph with impeded borders, FATE.SCENE.1-4) and opposition (NPC stat blocks of
``content/fate/npcs.yaml``). Which scene comes next is the scenario's choice by what happened (``next:``, by
result; FATE.CHALLENGE.3); a scene may end a session (minor milestone) or an arc (major milestone), FATE.ADV.

:func:`check` is what ``sim validate`` reports (the shared checks, then the skill pyramid, the scene graph, the
zones and every reference), :func:`load` builds the :class:`FateScenario`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from sim.content.loader import Content
from sim.content.scenario import check_common, checked_scenario, scenario_schema
from sim.content.schema import Either, F, Id, Int, ListOf, MapOf, Record, Ref, Str, Text
from sim.content.source import Document
from sim.errors import Problem, UsageError
from sim.fate.schemas import TABLES

PLAYER_POLICIES = ("careful", "bold", "reckless")
GM_POLICIES = ("gentle", "standard", "gritty")
HUMAN = "human"
SEAT_PATTERN = r"^(gm|pc[1-9][0-9]*)$"
KINDS = ("challenge", "contest", "conflict")
#: what a scene of each kind can end with: the keys of its ``next:`` (FATE.CHALLENGE.3)
RESULTS = {"challenge": ("success", "partial", "failure"), "contest": ("won", "lost"), "conflict": ("won", "lost")}
END = "end"
TRACKS = ("physical", "mental")
REQUIRED: tuple[str, ...] = tuple(sorted(TABLES))
PYRAMID = {4: 1, 3: 2, 2: 3, 1: 4}

_ZONES = Record({
    "zones": F(ListOf(Text(doc="a zone: its name, or {en: ..., zh-Hant: ..., zh-Hans: ...} (the English is what "
                                "borders, start_zone and zone: name)"), min=1, unique_by=""),
               doc="zone names (FATE.SCENE.1)"),
    "borders": F(ListOf(Record({
        "between": F(ListOf(Str(), min=2, max=2, unique_by=""), doc="the two zones it joins"),
        "impeded": F(Int(0, 8), required=False, doc="difficulty of crossing: an overcome instead of the free move (FATE.SCENE.2)"),
        "sight": F(Str(enum=("clear", "blocked")), required=False, doc="blocked: a corner or floor ranged attacks can't pass (FATE.SCENE.3)"),
    })), required=False),
}, doc="the scene's sketch map")
#: words people read that the author may write in several languages (``{en: ..., zh-Hant: ..., zh-Hans: ...}``): the
#: engine and the journal keep the English, readers see their own (:data:`sim.content.loader.Content.authored`)
_WORDS = "an aspect: a string, or {en: ..., zh-Hant: ..., zh-Hans: ...}"
_ASPECT = Either((Str(), Record({"name": F(Text(doc=_WORDS)),
                                 "zone": F(Str(), required=False, doc="a zone aspect (FATE.SCENE.4)")})),
                 doc="a situation aspect: its name, or {name, zone}; name may be {en: ..., zh-Hant: ..., zh-Hans: ...}")
_FOE = Either((Ref("fate_npc"), Record({
    "npc": F(Ref("fate_npc")),
    "count": F(Int(1, 8), required=False, doc="how many (default 1)"),
    "zone": F(Str(), required=False, doc="where they stand (default the first zone)"),
})), doc="an NPC of content/fate/npcs.yaml, or {npc, count, zone}")

SCENARIO = scenario_schema("fate", {
    "pcs": F(ListOf(Record({
        "name": F(Str(), doc="the character's name"),
        "policy": F(Str(enum=PLAYER_POLICIES), doc="the scripted player in this PC's seat"),
        "aspects": F(Record({
            "high_concept": F(Text(doc=_WORDS)), "trouble": F(Text(doc=_WORDS)), "relationship": F(Text(doc=_WORDS)),
            "free": F(ListOf(Text(doc=_WORDS), max=2, unique_by=""), required=False),
        }), doc="FATE.CHAR.1: high concept, trouble, relationship, two free"),
        "skills": F(MapOf(Ref("fate_skill"), Int(1, 4)), doc="FATE.CHAR.2: the pyramid, skill id -> +1..+4"),
        "stunts": F(ListOf(Ref("fate_stunt"), max=5, unique_by=""), required=False, doc="FATE.FP.2-3: three free, more cost refresh"),
    }), min=1, max=6), doc="the PCs; their seats are pc1, pc2, ... in this order"),
    "gm": F(Record({"policy": F(Str(enum=GM_POLICIES))})),
    "seats": F(MapOf(Str(pattern=SEAT_PATTERN), Str(enum=(*PLAYER_POLICIES, *GM_POLICIES, HUMAN))), required=False,
               doc="who holds each seat (gm, pc1...): a policy name, or human"),
    "length": F(Record({"scenes": F(Int(1, 50), doc="the adventure stops after this many scenes at most")}),
                required=False),
    "start": F(Id(), required=False, doc="the first scene's id (default: the first listed)"),
    "scenes": F(ListOf(Record({
        "id": F(Id()),
        "kind": F(Str(enum=KINDS)),
        "name": F(Text(), required=False, doc="the scene's name for people"),
        "aspects": F(ListOf(_ASPECT), required=False, doc="situation aspects the GM seeds (FATE.SCENE.4)"),
        "zones": F(_ZONES, required=False),
        "start_zone": F(Str(), required=False, doc="where the PCs stand (default the first zone)"),
        "opposition": F(ListOf(_FOE), required=False, doc="NPCs (a contest's other side, a conflict's enemies)"),
        "tasks": F(ListOf(Record({
            "name": F(Text(doc="the task: a string, or {en: ..., zh-Hant: ..., zh-Hans: ...}")),
            "skill": F(Ref("fate_skill")), "difficulty": F(Int(-4, 8)),
        }), min=1), required=False, doc="a challenge's overcome tasks (FATE.CHALLENGE.1-2)"),
        "skill": F(Ref("fate_skill"), required=False, doc="the skill a contest's overcome rolls use"),
        "difficulty": F(Int(-4, 8), required=False, doc="a contest against a passive difficulty"),
        "victories": F(Int(1, 9), required=False, doc="victories a contest needs (default 3)"),
        "threat": F(Record({"name": F(Text(doc="the threat: a string, or {en: ..., zh-Hant: ..., zh-Hans: ...}")),
                            "rating": F(Int(-4, 8)),
                            "track": F(Str(enum=TRACKS), required=False)}), required=False,
                    doc="a harmful outside threat in a contest (FATE.CONTEST.4)"),
        "next": F(MapOf(Str(enum=("success", "partial", "failure", "won", "lost")), Str()), required=False,
                  doc="the scene that follows each result (a scene id or end); default the next one listed"),
        "ends": F(Str(enum=("session", "arc")), required=False,
                  doc="this scene closes a session (minor milestone) or an arc (major milestone), FATE.ADV.1-2"),
    }), min=1, unique_by="id")),
}, "Fate adventure")


@dataclass(frozen=True, slots=True)
class Pc:
    seat: str
    name: str
    policy: str
    aspects: tuple[str, ...]  # high concept, trouble, relationship, free...
    skills: tuple[tuple[str, int], ...]  # (skill name, rating)
    stunts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Foe:
    npc: str
    count: int = 1
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class SceneSpec:
    id: str
    kind: str
    name: Any
    aspects: tuple[tuple[str, str | None], ...]  # (name, zone or None)
    zones: tuple[str, ...]
    borders: tuple[tuple[str, str, int, bool], ...]  # (a, b, impeded, sight)
    start_zone: str | None
    opposition: tuple[Foe, ...]
    tasks: tuple[tuple[str, str, int], ...]  # (name, skill name, difficulty)
    skill: str | None
    difficulty: int | None
    victories: int
    threat: tuple[str, int, str] | None
    next: tuple[tuple[str, str], ...]
    ends: str | None

    def follows(self, result: str, after: str | None) -> str:
        """The scene after this one ends with ``result`` (``end`` to finish): its ``next``, else ``after``."""
        return dict(self.next).get(result, after or END)


@dataclass(frozen=True, slots=True)
class FateScenario:
    name: str
    system: str
    seed: int
    lang: str
    name_locale: str
    options: Any
    content: Content
    path: str
    pcs: tuple[Pc, ...]
    gm_policy: str
    scenes: tuple[SceneSpec, ...]
    start: str
    max_scenes: int
    description: Any = None
    seats: tuple[tuple[str, str], ...] = ()

    def scene(self, sid: str) -> SceneSpec:
        for s in self.scenes:
            if s.id == sid:
                return s
        raise UsageError(f"no scene {sid!r} in {self.name}")

    def after(self, sid: str) -> str | None:
        """The scene listed after ``sid`` (None after the last)."""
        ids = [s.id for s in self.scenes]
        i = ids.index(sid)
        return ids[i + 1] if i + 1 < len(ids) else None


def _is_pyramid(skills: dict) -> str | None:
    counts: dict[int, int] = {}
    for r in skills.values():
        if isinstance(r, int) and not isinstance(r, bool):
            counts[r] = counts.get(r, 0) + 1
    if counts != PYRAMID:
        got = ", ".join(f"{counts.get(r, 0)} at +{r}" for r in (4, 3, 2, 1))
        return f"must be the pyramid of FATE.CHAR.2 (1 at +4, 2 at +3, 3 at +2, 4 at +1), got {got}"
    return None


def _list(value: Any) -> list:
    """``value`` if it is a list, else an empty one (the schema reports a wrong type; these checks read on)."""
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _scene_problems(doc: Document, problems: list[Problem]) -> None:
    data = doc.data
    scenes = data.get("scenes") if isinstance(data, dict) else None
    if not isinstance(scenes, list):
        return
    ids = [s.get("id") for s in scenes if isinstance(s, dict)]

    def err(where: str, msg: str) -> None:
        problems.append(Problem(doc.file, doc.line(where), where, msg))

    start = data.get("start")
    if isinstance(start, str) and start not in ids:
        err("start", f"unknown scene {start!r}; scenes: {', '.join(map(str, ids))}")
    for i, s in enumerate(scenes):
        if not isinstance(s, dict) or s.get("kind") not in KINDS:
            continue
        where, kind = f"scenes[{i}]", s["kind"]
        zones_rec = _dict(s.get("zones"))
        zones = [z.get("en") if isinstance(z, dict) else z for z in _list(zones_rec.get("zones"))]
        for j, z in enumerate(zones):  # a translated zone is named by its English: two may not share one
            if isinstance(z, str) and z in zones[:j] and isinstance(_list(zones_rec.get("zones"))[j], dict):
                err(f"{where}.zones.zones[{j}]", f"duplicate zone {z!r} (first at {where}.zones.zones[{zones.index(z)}])")
        zones = [z for z in zones if isinstance(z, str)]
        for j, b in enumerate(_list(zones_rec.get("borders"))):
            if isinstance(b, dict):
                for z in _list(b.get("between")):
                    if isinstance(z, str) and z not in zones:
                        err(f"{where}.zones.borders[{j}].between", f"unknown zone {z!r}; zones: {', '.join(zones)}")
        named = [(f"{where}.start_zone", s.get("start_zone"))]
        named += [(f"{where}.aspects[{j}].zone", a.get("zone")) for j, a in enumerate(_list(s.get("aspects"))) if isinstance(a, dict)]
        named += [(f"{where}.opposition[{j}].zone", f.get("zone")) for j, f in enumerate(_list(s.get("opposition"))) if isinstance(f, dict)]
        for path, z in named:
            if isinstance(z, str) and z not in zones:
                err(path, f"unknown zone {z!r}; zones: {', '.join(zones) or 'none (add zones:)'}")
        if kind == "challenge" and not s.get("tasks"):
            err(where, "a challenge needs tasks (FATE.CHALLENGE.1)")
        if kind != "challenge" and s.get("tasks"):
            err(f"{where}.tasks", f"only a challenge has tasks, this is a {kind}")
        if kind == "contest":
            if not s.get("skill"):
                err(where, "a contest needs the skill its overcome rolls use (skill:)")
            if not s.get("opposition") and "difficulty" not in s and not s.get("threat"):
                err(where, "a contest needs opposition, a difficulty or a threat (FATE.CONTEST.1)")
        if kind == "conflict" and not s.get("opposition"):
            err(where, "a conflict needs opposition (FATE.CONFLICT.1)")
        if kind != "contest":
            for key in ("skill", "difficulty", "victories", "threat"):
                if key in s:
                    err(f"{where}.{key}", f"only a contest has {key}:, this is a {kind}")
        for result, target in _dict(s.get("next")).items():
            if result in RESULTS["challenge"] + RESULTS["contest"] and result not in RESULTS[kind]:
                err(f"{where}.next.{result}", f"a {kind} ends {' or '.join(RESULTS[kind])}, not {result}")
            if isinstance(target, str) and target != END and target not in ids:
                err(f"{where}.next.{result}", f"unknown scene {target!r}; scenes: {', '.join(map(str, ids))} or end")


def _pc_problems(doc: Document, problems: list[Problem]) -> None:
    pcs = doc.data.get("pcs") if isinstance(doc.data, dict) else None
    for i, pc in enumerate(_list(pcs)):
        if isinstance(pc, dict) and isinstance(pc.get("skills"), dict):
            why = _is_pyramid(pc["skills"])
            if why:
                problems.append(Problem(doc.file, doc.line(f"pcs[{i}].skills"), f"pcs[{i}].skills", why))
    seats = doc.data.get("seats") if isinstance(doc.data, dict) else None
    if isinstance(seats, dict) and isinstance(pcs, list):
        for seat, holder in seats.items():
            why = seat_problem(str(seat), str(holder), len(pcs))
            if why:
                problems.append(Problem(doc.file, doc.line(f"seats.{seat}"), f"seats.{seat}", why))


def seat_problem(seat: str, holder: str, pcs: int) -> str | None:
    """Why ``holder`` cannot sit in ``seat`` of an adventure with ``pcs`` PCs, or None if it can."""
    if not re.match(SEAT_PATTERN, seat) or len(seat) > 8:
        return f"no seat {seat[:40]!r}: seats are gm and pc1..pc{pcs}"
    if seat != "gm" and int(seat[2:]) > pcs:
        return f"no seat {seat!r}: the adventure has {pcs} PC{'s' if pcs != 1 else ''} (pc1..pc{pcs})"
    allowed = (GM_POLICIES if seat == "gm" else PLAYER_POLICIES) + (HUMAN,)
    if holder not in allowed:
        return f"{holder[:40]!r} cannot hold seat {seat}: use {', '.join(allowed)}"
    return None


def check(doc: Document, path: Path, content_root: Path | None = None) -> tuple[list[Problem], Content | None, list]:
    """Every problem of a Fate adventure: the shared checks, the PCs' pyramids and seats, the scene graph."""
    _ck, problems, content, overlays = check_common(doc, path, SCENARIO, require=REQUIRED, content_root=content_root)
    _pc_problems(doc, problems)
    _scene_problems(doc, problems)
    return problems, content, overlays


class _Authored:
    """The English of each text an author wrote (what the engine and journal keep), gathering the other languages
    given into ``words`` (English -> {lang: words}, :data:`sim.content.loader.Content.authored`)."""

    def __init__(self) -> None:
        self.words: dict[str, dict[str, str]] = {}

    def __call__(self, text: Any) -> str:
        if isinstance(text, str):
            return text
        english = text["en"]
        others = {lang: words for lang, words in text.items() if lang != "en"}
        if others:
            self.words.setdefault(english, {}).update(others)
        return english


def _scene(rec: dict, names: dict, en: Callable[[Any], str]) -> SceneSpec:
    zones_rec = rec.get("zones") or {}
    zones = tuple(en(z) for z in zones_rec.get("zones") or ("here",))
    borders = tuple((b["between"][0], b["between"][1], int(b.get("impeded", 0)), b.get("sight", "clear") == "clear")
                    for b in zones_rec.get("borders") or ())
    aspects = tuple((a, None) if isinstance(a, str) else (en(a["name"]), a.get("zone")) for a in rec.get("aspects") or ())
    foes = tuple(Foe(f) if isinstance(f, str) else Foe(f["npc"], int(f.get("count", 1)), f.get("zone"))
                 for f in rec.get("opposition") or ())
    threat = rec.get("threat")
    return SceneSpec(
        id=rec["id"], kind=rec["kind"], name=rec.get("name"), aspects=aspects, zones=zones, borders=borders,
        start_zone=rec.get("start_zone"), opposition=foes,
        tasks=tuple((en(t["name"]), names[t["skill"]], int(t["difficulty"])) for t in rec.get("tasks") or ()),
        skill=names[rec["skill"]] if rec.get("skill") else None, difficulty=rec.get("difficulty"),
        victories=int(rec.get("victories", 3)),
        threat=(en(threat["name"]), int(threat["rating"]), threat.get("track", "physical")) if threat else None,
        next=tuple((rec.get("next") or {}).items()), ends=rec.get("ends"))


def load(path: str | Path, *, content_root: str | Path | None = None) -> FateScenario:
    """Load and validate a Fate adventure and the content it uses; raise ContentError listing every problem."""
    doc, content = checked_scenario(path, content_root)
    if doc.data["system"] != "fate":
        raise UsageError(f"{doc.file} is a {doc.data['system']} scenario, not a Fate one")
    from sim.fate.tables import skill_names
    from sim.i18n import default_name_locale
    from sim.options import RuleOptions

    data = doc.data
    names = skill_names(content)
    en = _Authored()
    pcs = []
    for i, p in enumerate(data["pcs"]):
        a = p["aspects"]
        pcs.append(Pc(f"pc{i + 1}", p["name"], p["policy"],
                      tuple(map(en, (a["high_concept"], a["trouble"], a["relationship"], *(a.get("free") or ())))),
                      tuple(sorted((names[k], int(v)) for k, v in p["skills"].items())), tuple(p.get("stunts") or ())))
    scenes = tuple(_scene(s, names, en) for s in data["scenes"])
    if en.words:  # the readers' words for what the author wrote, beside the content's own (sim.fate.tables.words)
        content = replace(content, authored=en.words)  # plain dicts: a scenario goes to batch workers by pickle
    return FateScenario(
        name=data["name"], system="fate", seed=data["seed"], lang=data["lang"],
        name_locale=data.get("name_locale") or default_name_locale(data["lang"]),
        options=RuleOptions(data.get("options") or {}), content=content, path=doc.file, pcs=tuple(pcs),
        gm_policy=data["gm"]["policy"], scenes=scenes, start=data.get("start") or scenes[0].id,
        max_scenes=int((data.get("length") or {}).get("scenes", 12)), description=data.get("description"),
        seats=tuple((data.get("seats") or {}).items()))


def seat_scenario(scenario: FateScenario, overrides: dict | None = None) -> tuple[FateScenario, tuple[str, ...]]:
    """The scenario with ``--seat`` overrides laid over its ``seats:``, and the seats people hold."""
    holders = dict(scenario.seats)
    holders.update(overrides or {})
    for seat, holder in holders.items():
        why = seat_problem(seat, holder, len(scenario.pcs))
        if why:
            raise UsageError(f"--seat: {why}" if seat in (overrides or {}) else why)
    order = lambda s: (0, 0) if s == "gm" else (1, int(s[2:]))  # noqa: E731
    people = tuple(sorted((s for s, h in holders.items() if h == HUMAN), key=order))
    return replace(scenario, seats=tuple(sorted(holders.items(), key=lambda kv: order(kv[0])))), people
