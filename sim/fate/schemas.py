"""Schemas of the Fate Condensed content tables (``content/fate/*.yaml``), registered by :mod:`sim.fate.system`.

* ``fate/skills``: the default skill list (FATE.CHAR.2), read by :func:`sim.fate.characters.ladder.skills`.
* ``fate/consequences``: what each consequence slot absorbs, its treatment difficulty, when a treated one
  clears and the words written into it (FATE.CHAR.4, FATE.CONFLICT.CONSEQ.1, FATE.RECOVER.2).
* ``fate/stunts``: bonus stunts (FATE.FP.3).
* ``fate/aspects``: the pools scenes draw aspect names from (twists, advantages; FATE.SCENE.4, FATE.CONTEST.3-5).
* ``fate/npcs``: NPC stat blocks, minor and major (FATE.CHAR.5).

Words for people are in the tables themselves (``{en, zh-Hant, zh-Hans}``); journals keep the English and
the narrator translates (as Blades' obstacles). Read through :mod:`sim.fate.tables`.
"""

from __future__ import annotations

from typing import Any

from sim.content.schema import Checker, F, Id, Int, ListOf, MapOf, Record, Ref, Str, Text

SEVERITIES = ("mild", "moderate", "severe")
SPANS = ("scene", "session", "major_milestone")
ACTIONS = ("overcome", "create_advantage", "attack", "defend")
POOLS = ("twists", "contest_advantages", "on_enemy", "on_scene")
NPC_KINDS = ("major", "minor")


def _id_is_the_name(data: Any, ck: Checker) -> None:
    """A skill's id is its name in lower case (``Academics`` -> ``academics``, the term ``fate.skill.academics``)."""
    for i, rec in enumerate(data.get("skills") or ()):
        if isinstance(rec, dict) and isinstance(rec.get("id"), str) and isinstance(rec.get("name"), str):
            if rec["id"] != rec["name"].lower():
                ck.error(f"skills[{i}].id", f"must be the name in lower case, {rec['name'].lower()!r}, got {rec['id']!r}")


def _severities_in_order(data: Any, ck: Checker) -> None:
    """FATE.CHAR.4: exactly mild, moderate, severe, in that order, each absorbing more than the last."""
    recs = [r for r in data.get("consequences") or () if isinstance(r, dict)]
    ids = [r.get("id") for r in recs]
    if ids != list(SEVERITIES):
        ck.error("consequences", f"must list {', '.join(SEVERITIES)} in that order, got {ids}")
        return
    values = [r.get("value") for r in recs]
    if all(isinstance(v, int) for v in values) and values != sorted(set(values)):
        ck.error("consequences", f"values must rise from mild to severe, got {values}")


def _minor_npcs_have_stress_only(data: Any, ck: Checker) -> None:
    """FATE.CHAR.5: a minor NPC has 0-3 stress boxes (``stress``); a major one has none of its own (its skills size them)."""
    for i, rec in enumerate(data.get("npcs") or ()):
        if not isinstance(rec, dict):
            continue
        if rec.get("kind") == "minor" and "stress" not in rec:
            ck.error(f"npcs[{i}].stress", "a minor NPC needs stress: 0-3 boxes")
        if rec.get("kind") == "major" and "stress" in rec:
            ck.error(f"npcs[{i}].stress", "a major NPC's stress boxes come from Physique and Will (FATE.CHAR.3)")


def _schemas():
    from sim.content.table import TableSchema

    skills = TableSchema("fate/skills", Record({
        "skills": F(ListOf(Record({
            "id": F(Id(doc="the name in lower case; the words for people are the term fate.skill.<id>")),
            "name": F(Str(pattern=r"^[A-Z][A-Za-z]*$", doc="the rules' name of the skill, e.g. Academics")),
        }), min=1, unique_by="id"), doc="FATE.CHAR.2: the default skill list"),
    }), "Fate skills (FATE.CHAR.2)", provides=(("fate_skill", "skills[*]"),), checks=(_id_is_the_name,))

    words = Record({"physical": F(Text()), "mental": F(Text())}, doc="the aspect written in the slot, by the hit's track")
    consequences = TableSchema("fate/consequences", Record({
        "self_treatment_extra": F(Int(0, 8), doc="FATE.RECOVER.2: added to the difficulty when treating yourself"),
        "consequences": F(ListOf(Record({
            "id": F(Str(enum=SEVERITIES)),
            "value": F(Int(1, 12), doc="shifts the slot absorbs (FATE.CHAR.4)"),
            "treatment": F(Int(0, 12), doc="overcome difficulty that starts recovery (FATE.RECOVER.2)"),
            "clears_after": F(Str(enum=SPANS), doc="what must pass, once treated, before it clears"),
            "words": F(words),
        }), min=3, max=3, unique_by="id")),
    }), "Fate consequences (FATE.CHAR.4, FATE.RECOVER.2)", checks=(_severities_in_order,))

    stunts = TableSchema("fate/stunts", Record({
        "stunts": F(ListOf(Record({
            "id": F(Id()),
            "name": F(Text(doc="name shown to people")),
            "skill": F(Ref("fate_skill")),
            "action": F(Str(enum=ACTIONS)),
            "bonus": F(Int(1, 4), doc="FATE.FP.3: a bonus stunt gives +2"),
            "circumstance": F(Text(doc="when it applies")),
        }), min=1, unique_by="id")),
    }), "Fate stunts (FATE.FP.3)", provides=(("fate_stunt", "stunts[*]"),))

    aspects = TableSchema("fate/aspects", Record({
        "pools": F(Record({name: F(ListOf(Text(), min=1)) for name in POOLS}),
                   doc="aspect names by use; the journal keeps the English"),
    }), "Fate aspect pools (FATE.SCENE.4, FATE.CONTEST.3, FATE.CONTEST.5)")

    npcs = TableSchema("fate/npcs", Record({
        "npcs": F(ListOf(Record({
            "id": F(Id()),
            "kind": F(Str(enum=NPC_KINDS), doc="FATE.CHAR.5"),
            "name": F(Text(doc="name shown to people")),
            "aspects": F(ListOf(Str(), unique_by=""), required=False),
            "skills": F(MapOf(Ref("fate_skill"), Int(-4, 8)), doc="skill id -> rating"),
            "stress": F(Int(0, 3), required=False, doc="a minor NPC's stress boxes on each track"),
            "stunts": F(ListOf(Ref("fate_stunt"), unique_by=""), required=False),
        }), min=1, unique_by="id")),
    }), "Fate NPC stat blocks (FATE.CHAR.5)", provides=(("fate_npc", "npcs[*]"),),
        checks=(_minor_npcs_have_stress_only,))
    return {t.key: t for t in (skills, consequences, stunts, aspects, npcs)}


TABLES = _schemas()
