"""Fate Condensed in the registry of game systems (:mod:`sim.systems`): its content tables only.

Fate is not a playable system yet (a Fate scenario is issue 13), so this registers no
:class:`~sim.systems.System`, only the schemas of Fate's content tables
(:func:`sim.systems.register_tables`), so ``content/fate/*.yaml`` is validated like Blades' tables
before any content is loaded:

* ``fate/skills``: the default skill list (FATE.CHAR.2), read by :func:`sim.fate.ladder.skills`.
"""

from __future__ import annotations

from typing import Any

from sim.content.schema import Checker, F, Id, ListOf, Record, Str
from sim.content.table import TableSchema
from sim.systems import register_tables


def _id_is_the_name(data: Any, ck: Checker) -> None:
    """A skill's id is its name in lower case (``Academics`` -> ``academics``, the term ``fate.skill.academics``)."""
    for i, rec in enumerate(data.get("skills") or ()):
        if isinstance(rec, dict) and isinstance(rec.get("id"), str) and isinstance(rec.get("name"), str):
            if rec["id"] != rec["name"].lower():
                ck.error(f"skills[{i}].id", f"must be the name in lower case, {rec['name'].lower()!r}, got {rec['id']!r}")


SKILLS = TableSchema("fate/skills", Record({
    "skills": F(ListOf(Record({
        "id": F(Id(doc="the name in lower case; the words for people are the term fate.skill.<id>")),
        "name": F(Str(pattern=r"^[A-Z][A-Za-z]*$", doc="the rules' name of the skill, e.g. Academics")),
    }), min=1, unique_by="id"), doc="FATE.CHAR.2: the default skill list"),
}), "Fate skills (FATE.CHAR.2)", provides=(("fate_skill", "skills[*]"),), checks=(_id_is_the_name,))

TABLES = {t.key: t for t in (SKILLS,)}

register_tables("fate", TABLES, required=tuple(TABLES))
