"""Statuses and limits (MIST.STATUS, MIST.LIMIT): the arithmetic as pure functions.

A status is a name and a level 1..6 (MIST.STATUS.1). Adding a status of the same kind stacks and adding
a different one cancels (MIST.STATUS.2); the seed gives no arithmetic, so option ``mist_status_stack``
picks it (:func:`stack`), and which statuses count as different is option ``mist_status_cancel``
(:func:`cancelled_by`). A limit is a level of one status; reaching or passing it
transforms a thing for good: a challenge is overcome (MIST.LIMIT.2), a player character, whose limit is 6
(MIST.LIMIT.3), dies or is transformed.
"""

from __future__ import annotations

from typing import Mapping

from sim.errors import UsageError

MAX_LEVEL = 6  # MIST.STATUS.1
PC_LIMIT = 6  # MIST.LIMIT.3
STACK_MODES = ("add_cap6", "highest")
CANCEL_MODES = ("opposite", "different")


def stack(before: int, delta: int, mode: str = "add_cap6") -> int:
    """The level of a status at ``before`` (0: none) after a status of level ``|delta|`` is added (MIST.STATUS.2).

    The seed gives no arithmetic (open point MIST.OPEN.2), hence the option. ``delta > 0``: a status of the
    same kind. ``add_cap6`` adds the levels, at most 6; ``highest`` keeps the
    higher of the two. ``delta < 0``: a status of the opposite kind (or an effect lowering it): its level is
    subtracted in both modes, and at 0 or below the status is gone (0).
    """
    if mode not in STACK_MODES:
        raise UsageError(f"unknown mist_status_stack {mode!r}; choose {', '.join(STACK_MODES)}")
    if not 0 <= before <= MAX_LEVEL:
        raise UsageError(f"a status level is 0..{MAX_LEVEL}, got {before}")
    if delta >= 0:
        after = before + delta if mode == "add_cap6" else max(before, delta)
        return min(MAX_LEVEL, after)
    return max(0, before + delta)


def cancelled_by(name: str, held: Mapping[str, int], table: Mapping[str, Mapping], mode: str = "opposite") -> list[str]:
    """The statuses ``held`` (name -> level) that a new status ``name`` cancels, in the order its levels go to
    them (MIST.STATUS.2: "similar statuses build up, different ones cancel").

    The seed's 不同 ("different") is read by option ``mist_status_cancel``: ``opposite`` (default) cancels only
    the status ``table`` names as its opposite (``cancels``); ``different`` cancels every held status of the
    other kind (helpful against harmful), the highest level first, ties by name. A status never cancels itself
    or one of its own kind.
    """
    if mode not in CANCEL_MODES:
        raise UsageError(f"unknown mist_status_cancel {mode!r}; choose {', '.join(CANCEL_MODES)}")
    kind = table[name]["kind"]
    if mode == "opposite":
        other = table[name].get("cancels")
        return [other] if other and held.get(other) and table[other]["kind"] != kind else []
    return sorted((n for n, v in held.items() if v and n != name and table[n]["kind"] != kind),
                  key=lambda n: (-held[n], n))


def limit_reached(level: int, limit: int | None) -> bool:
    """MIST.LIMIT.1: a status at or past its limit (``None``: the status has no limit here)."""
    return limit is not None and level >= limit


def relevant_status(statuses: Mapping[str, int]) -> tuple[str, int] | None:
    """The one status that counts in a roll: the highest level (MIST.STATUS.3), as ``(name, signed level)``.

    ``statuses``: name -> signed level (+ helps, - hinders). A helpful and a hindering status tied for the
    highest level cancel (``None``; MIST.STATUS.2, as :func:`sim.dice.power` reads it); among statuses of
    the same sign tied for highest, the first name in sorted order is named.
    """
    live = {n: v for n, v in statuses.items() if v}
    if not live:
        return None
    top = max(abs(v) for v in live.values())
    best = sorted(n for n, v in live.items() if abs(v) == top)
    signs = {live[n] > 0 for n in best}
    if len(signs) == 2:
        return None
    return best[0], live[best[0]]
