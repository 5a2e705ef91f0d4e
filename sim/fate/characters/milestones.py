"""Milestones: what a character may change at the end of a session or an arc (FATE.ADV.1-3).

Pure functions over a :class:`~sim.fate.characters.character.Character`. :func:`is_column` is the column rule
(FATE.ADV.3); :func:`minor_options` / :func:`major_options` list the legal choices of a milestone
(FATE.ADV.1-2) as plain strings for a seat to pick; :func:`apply_milestone` makes one. Which pair of skills a
swap exchanges, which Average skill is replaced, which stunt a rewrite gives up and which skill is raised are
fixed rules of thumb (:func:`best_swap`, :func:`stunt_to_rewrite`, :func:`best_raise`) so a choice is one word a
person can answer; a raise that would break the column is banked instead (FATE.ADV.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from sim.errors import IllegalMove, UsageError
from sim.fate.characters.character import MIN_REFRESH, Character, Stunt, fit_tracks

MINOR, MAJOR = "minor", "major"
#: FATE.ADV.1 minor milestone choices (one), and "none"
MINOR_CHOICES: tuple[str, ...] = ("swap_skills", "replace_average", "buy_stunt", "rewrite_stunt", "rewrite_aspect",
                                   "none")
#: FATE.ADV.2: a major milestone adds +1 step to one skill (the raise) to one minor choice
RAISE = "raise_skill"


def is_column(skills: Mapping[str, int]) -> bool:
    """FATE.ADV.3: no rating above Average holds more skills than the rating just below it."""
    counts: dict[int, int] = {}
    for rating in skills.values():
        if int(rating) > 0:
            counts[int(rating)] = counts.get(int(rating), 0) + 1
    return all(counts.get(r, 0) <= counts.get(r - 1, 0) for r in counts if r >= 2)


def raise_skill(skills: Mapping[str, int], name: str) -> tuple[dict[str, int], bool]:
    """+1 step to ``name`` (FATE.ADV.2); if that breaks the column the point is banked instead (FATE.ADV.3).

    Returns (skills, banked)."""
    raised = dict(skills)
    raised[name] = int(raised.get(name, 0)) + 1
    if raised[name] > 8:
        raise IllegalMove(f"{name} is already Legendary (+8)")
    return (dict(skills), True) if not is_column(raised) else (raised, False)


def legal_raises(skills: Mapping[str, int], known: Sequence[str]) -> tuple[str, ...]:
    """Skills of ``known`` whose +1 keeps the column shape (FATE.ADV.3), in ``known`` order."""
    return tuple(n for n in known if int(skills.get(n, 0)) < 8 and not raise_skill(skills, n)[1])


def best_raise(skills: Mapping[str, int], known: Sequence[str]) -> str | None:
    """The skill a milestone raises: the highest-rated one whose +1 keeps the column (first known wins ties)."""
    legal = legal_raises(skills, known)
    return max(legal, key=lambda n: (int(skills.get(n, 0)), -legal.index(n))) if legal else None


def swap_skills(skills: Mapping[str, int], a: str, b: str) -> dict[str, int]:
    """FATE.ADV.1: two skills trade ratings (the column is unchanged)."""
    out = dict(skills)
    out[a], out[b] = int(skills.get(b, 0)), int(skills.get(a, 0))
    return out


def best_swap(skills: Mapping[str, int], favour: Sequence[str]) -> tuple[str, str] | None:
    """The swap a milestone makes: the first ``favour`` skill rated below some other rated skill trades with the
    lowest-rated skill above it (a character leans into what the adventure asked of it); None if none."""
    for want in favour:
        mine = int(skills.get(want, 0))
        above = sorted((r, n) for n, r in skills.items() if int(r) > mine and n != want)
        if above:
            return want, above[0][1]
    return None


def replace_average(skills: Mapping[str, int], old: str, new: str) -> dict[str, int]:
    """FATE.ADV.1: an Average (+1) skill drops to Mediocre and an unrated one takes its place."""
    if int(skills.get(old, 0)) != 1:
        raise IllegalMove(f"{old} is not an Average (+1) skill")
    if int(skills.get(new, 0)) != 0:
        raise IllegalMove(f"{new} is already rated")
    out = {k: v for k, v in skills.items() if k != old}
    out[new] = 1
    return out


def buy_stunt(char: Character, stunt: Stunt) -> Character:
    """FATE.ADV.1, FATE.FP.2: a new stunt for 1 refresh; refresh never below 1."""
    if char.refresh - 1 < MIN_REFRESH:
        raise IllegalMove(f"{char.id} has refresh {char.refresh}; a stunt would bring it below {MIN_REFRESH}")
    if any(s.name == stunt.name for s in char.stunts):
        raise IllegalMove(f"{char.id} already has the stunt {stunt.name}")
    return replace(char, stunts=char.stunts + (stunt,), refresh=char.refresh - 1)


def stunt_to_rewrite(char: Character, favour: Sequence[str]) -> Stunt | None:
    """The stunt a rewrite gives up (FATE.ADV.1): the one whose skill the adventure used least (``favour``, most used
    first; a skill it never used counts least), the later-held on a tie; None without stunts."""
    if not char.stunts:
        return None
    rank = {skill: i for i, skill in enumerate(favour)}
    return max(reversed(char.stunts), key=lambda s: rank.get(s.skill, len(rank)))


def rewrite_stunt(char: Character, old: Stunt, new: Stunt) -> Character:
    """FATE.ADV.1: ``old`` becomes ``new`` in the same place, at no cost in refresh."""
    if all(s.name != old.name for s in char.stunts):
        raise IllegalMove(f"{char.id} has no stunt {old.name}")
    if any(s.name == new.name for s in char.stunts):
        raise IllegalMove(f"{char.id} already has the stunt {new.name}")
    return replace(char, stunts=tuple(new if s.name == old.name else s for s in char.stunts))


def minor_options(char: Character, *, stunt: Stunt | None, favour: Sequence[str], unrated: Sequence[str],
                  rewritable: bool) -> tuple[str, ...]:
    """FATE.ADV.1's legal choices for ``char``: ``stunt`` the one it could buy or rewrite one of its own stunts into
    (None: none fits), ``favour`` the skills the adventure used, ``unrated`` the skills it has no rating in,
    ``rewritable`` whether it has an aspect other than its high concept to rewrite. "none" is always legal."""
    skills = dict(char.skills)
    out = []
    if best_swap(skills, favour) is not None:
        out.append("swap_skills")
    if unrated and any(r == 1 for r in skills.values()):
        out.append("replace_average")
    new = stunt is not None and all(s.name != stunt.name for s in char.stunts)
    if new and char.refresh - 1 >= MIN_REFRESH:
        out.append("buy_stunt")
    if new and char.stunts:
        out.append("rewrite_stunt")
    if rewritable:
        out.append("rewrite_aspect")
    out.append("none")
    return tuple(out)


def apply_milestone(char: Character, choice: str, *, stunt: Stunt | None = None, favour: Sequence[str] = (),
                    unrated: Sequence[str] = ()) -> tuple[Character, dict]:
    """Make one minor-milestone choice (FATE.ADV.1); returns the character and what changed (for the journal).

    ``rewrite_aspect`` changes the words, not the numbers: the journal records it; the aspect keeps its name here.
    """
    skills = dict(char.skills)
    if choice == "swap_skills":
        pair = best_swap(skills, favour)
        if pair is None:
            raise IllegalMove(f"{char.id} has no swap to make")
        return fit_tracks(replace(char, skills=tuple(sorted(swap_skills(skills, *pair).items())))), {"skills": list(pair)}
    if choice == "replace_average":
        old = sorted(n for n, r in skills.items() if r == 1)[0]
        new = unrated[0]
        return fit_tracks(replace(char, skills=tuple(sorted(replace_average(skills, old, new).items())))), \
            {"skills": [old, new]}
    if choice == "buy_stunt":
        if stunt is None:
            raise IllegalMove("no stunt to buy")
        return buy_stunt(char, stunt), {"stunt": stunt.name}
    if choice == "rewrite_stunt":
        old = stunt_to_rewrite(char, favour)
        if stunt is None or old is None:
            raise IllegalMove(f"{char.id} has no stunt to rewrite into another")
        return rewrite_stunt(char, old, stunt), {"stunt": stunt.name, "replaced": old.name}
    if choice == "rewrite_aspect":
        return char, {"aspect": char.aspects[-1] if len(char.aspects) > 1 else None}
    if choice == "none":
        return char, {}
    raise UsageError(f"unknown milestone choice {choice!r}; known: {', '.join(MINOR_CHOICES)}")


def major_raise(char: Character, known: Sequence[str]) -> tuple[Character, dict]:
    """FATE.ADV.2: +1 step to one skill (the best legal raise, :func:`best_raise`); banked if none keeps the column.
    A raised Physique or Will grows its stress track (FATE.CHAR.3, :func:`~sim.fate.characters.character.fit_tracks`)."""
    skills = dict(char.skills)
    name = best_raise(skills, known)
    if name is None:
        return char, {"raised": None, "banked": True}
    raised, _ = raise_skill(skills, name)
    return fit_tracks(replace(char, skills=tuple(sorted(raised.items())))), {"raised": name, "banked": False}
