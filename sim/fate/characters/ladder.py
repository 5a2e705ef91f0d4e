"""The Fate ladder, skills and difficulties (FATE.LADDER, FATE.CHAR.2, FATE.OPP.2).

The ladder names themselves live in :mod:`sim.dice` (``LADDER``,
:func:`~sim.dice.ladder_name`); this module adds the skill list, the skill
pyramid check and the GM's difficulty rule of thumb. The skill list is the
content table ``fate/skills`` (``content/fate/skills.yaml``, its schema
registered by :mod:`sim.fate.system` before any content is loaded), read
through :class:`~sim.content.Content` by :func:`skills`; the words for people
are the terms ``fate.skill.<id>`` in three languages.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from sim.dice import LADDER, ladder_name
from sim.errors import UsageError


def skills(content: Any = None) -> tuple[str, ...]:
    """The skill list (FATE.CHAR.2) of ``content``'s table ``fate/skills``, in file order (default:
    the project's content, read once): the 19 default skills, ``("Academics", ..., "Will")``."""
    if content is None:
        return _project_skills()
    return tuple(rec["name"] for rec in content.table("fate/skills")["skills"])


@lru_cache(maxsize=1)
def _project_skills() -> tuple[str, ...]:
    from sim.content.loader import load_content

    return skills(load_content())

#: The starting skill pyramid: rating -> how many skills at it (FATE.CHAR.2).
PYRAMID: Mapping[int, int] = {4: 1, 3: 2, 2: 3, 1: 4}


def check_skill(name: str, known: tuple[str, ...] | None = None) -> str:
    """``name`` if it is one of ``known`` (default: the 19 default skills, FATE.CHAR.2), else UsageError."""
    known = skills() if known is None else known
    if name not in known:
        raise UsageError(f"unknown Fate skill {name!r}; known: {', '.join(known)}")
    return name


def is_pyramid(skills: Mapping[str, int]) -> bool:
    """True iff ``skills`` is the starting pyramid: 1 Great, 2 Good, 3 Fair, 4 Average, rest Mediocre (FATE.CHAR.2)."""
    counts: dict[int, int] = {}
    for name in sorted(skills):
        check_skill(name)
        rating = int(skills[name])
        if rating:
            counts[rating] = counts.get(rating, 0) + 1
    return counts == dict(PYRAMID)


def difficulty(factors: int) -> int:
    """The GM's difficulty for an obstacle with ``factors`` reasons it is hard (FATE.OPP.2).

    None: Mediocre (+0); one: Fair (+2); +2 for each further adverse factor.
    """
    factors = int(factors)
    if factors < 0:
        raise UsageError(f"difficulty factors must be >= 0, got {factors}")
    return 2 * factors


__all__ = ["LADDER", "PYRAMID", "check_skill", "difficulty", "is_pyramid", "ladder_name", "skills"]
