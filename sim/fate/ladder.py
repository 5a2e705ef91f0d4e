"""The Fate ladder, skills and difficulties (FATE.LADDER, FATE.CHAR.2, FATE.OPP.2).

The ladder names themselves live in :mod:`sim.dice` (``LADDER``,
:func:`~sim.dice.ladder_name`); this module adds the skill list, the skill
pyramid check and the GM's difficulty rule of thumb. Data is kept in code
constants citing rule IDs: the content loader can register a ``fate/*``
table, but only when ``sim.fate`` is imported, so ``sim validate`` would read
such a file unchecked (see the README's "Fate scenes").
"""

from __future__ import annotations

from typing import Mapping

from sim.dice import LADDER, ladder_name
from sim.errors import UsageError

#: The default skill list, 19 skills (FATE.CHAR.2).
SKILLS: tuple[str, ...] = (
    "Academics", "Athletics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Empathy", "Fight",
    "Investigate", "Lore", "Notice", "Physique", "Provoke", "Rapport", "Resources", "Shoot", "Stealth", "Will",
)

#: The starting skill pyramid: rating -> how many skills at it (FATE.CHAR.2).
PYRAMID: Mapping[int, int] = {4: 1, 3: 2, 2: 3, 1: 4}


def check_skill(name: str) -> str:
    """``name`` if it is one of the 19 default skills (FATE.CHAR.2), else UsageError."""
    if name not in SKILLS:
        raise UsageError(f"unknown Fate skill {name!r}; known: {', '.join(SKILLS)}")
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


__all__ = ["LADDER", "PYRAMID", "SKILLS", "check_skill", "difficulty", "is_pyramid", "ladder_name"]
