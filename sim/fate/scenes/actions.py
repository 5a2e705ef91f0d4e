"""The four actions and their outcome tables (FATE.ACTION.1-5, FATE.OUTCOME.1).

:func:`outcome_of` maps an action and the shifts of its roll to an
:class:`ActionResult` — what the actor gets (a boost, free invokes on a new
or existing aspect, a hit) and what the other side gets. The tables are
:data:`OVERCOME`, :data:`CREATE_NEW`, :data:`CREATE_EXISTING`, :data:`ATTACK`
and :data:`DEFEND`; each row reads straight off the rules
reference (``docs/rules/fate.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from sim.dice import FAIL, STYLE, SUCCEED, TIE, fate_outcome
from sim.errors import UsageError

OVERCOME_ACTION, CREATE_ACTION, ATTACK_ACTION, DEFEND_ACTION = "overcome", "create_advantage", "attack", "defend"
ACTIONS: tuple[str, ...] = (OVERCOME_ACTION, CREATE_ACTION, ATTACK_ACTION, DEFEND_ACTION)


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What one roll's outcome gives.

    ``success``: the goal is met (with ``cost`` "minor" or "major" if paid
    for); ``boost``: the actor gains a boost; ``free_invokes``: on the aspect
    created or discovered; ``enemy_free_invoke``: the opposition gets one on
    it; ``hit``: shifts of harm dealt; ``style_boost``: an attacker may trade
    1 shift of the hit for a boost; ``opponent_boost``: the defender gains one.
    """

    action: str
    outcome: str
    success: bool
    cost: str | None = None
    boost: bool = False
    free_invokes: int = 0
    enemy_free_invoke: bool = False
    hit: int = 0
    style_boost: bool = False
    opponent_boost: bool = False


def _r(action: str, outcome: str, **kw) -> ActionResult:
    return ActionResult(action, outcome, **kw)


#: FATE.ACTION.1 overcome: fail = failure (or success at a major cost), tie = success at a minor cost, SwS adds a boost.
OVERCOME: Mapping[str, ActionResult] = {
    FAIL: _r(OVERCOME_ACTION, FAIL, success=False),
    TIE: _r(OVERCOME_ACTION, TIE, success=True, cost="minor"),
    SUCCEED: _r(OVERCOME_ACTION, SUCCEED, success=True),
    STYLE: _r(OVERCOME_ACTION, STYLE, success=True, boost=True),
}
#: FATE.ACTION.2 create an advantage, new aspect: fail = none (or created with the free invoke to the enemy), tie = boost, 1 / 2 free invokes.
CREATE_NEW: Mapping[str, ActionResult] = {
    FAIL: _r(CREATE_ACTION, FAIL, success=False),
    TIE: _r(CREATE_ACTION, TIE, success=False, boost=True),
    SUCCEED: _r(CREATE_ACTION, SUCCEED, success=True, free_invokes=1),
    STYLE: _r(CREATE_ACTION, STYLE, success=True, free_invokes=2),
}
#: FATE.ACTION.3 create an advantage on an existing aspect (known): fail = the enemy gets a free invoke, tie = 1 free invoke.
CREATE_EXISTING: Mapping[str, ActionResult] = {
    FAIL: _r(CREATE_ACTION, FAIL, success=False, enemy_free_invoke=True),
    TIE: _r(CREATE_ACTION, TIE, success=True, free_invokes=1),
    SUCCEED: _r(CREATE_ACTION, SUCCEED, success=True, free_invokes=1),
    STYLE: _r(CREATE_ACTION, STYLE, success=True, free_invokes=2),
}
#: FATE.ACTION.3, an unknown existing aspect: fail = the enemy may reveal it for a free invoke, tie = a boost (it stays hidden).
CREATE_HIDDEN: Mapping[str, ActionResult] = {
    FAIL: _r(CREATE_ACTION, FAIL, success=False, enemy_free_invoke=True),
    TIE: _r(CREATE_ACTION, TIE, success=False, boost=True),
    SUCCEED: _r(CREATE_ACTION, SUCCEED, success=True, free_invokes=1),
    STYLE: _r(CREATE_ACTION, STYLE, success=True, free_invokes=2),
}
#: FATE.ACTION.4 attack: fail = miss, tie = attacker's boost, succeed = a hit of the shifts, SwS = hit, may trade 1 shift for a boost.
ATTACK: Mapping[str, ActionResult] = {
    FAIL: _r(ATTACK_ACTION, FAIL, success=False),
    TIE: _r(ATTACK_ACTION, TIE, success=False, boost=True),
    SUCCEED: _r(ATTACK_ACTION, SUCCEED, success=True),
    STYLE: _r(ATTACK_ACTION, STYLE, success=True, style_boost=True),
}
#: FATE.ACTION.5 defend, read from the defender's side: fail = take the hit, tie = the opposed action's tie row, SwS = a boost.
DEFEND: Mapping[str, ActionResult] = {
    FAIL: _r(DEFEND_ACTION, FAIL, success=False),
    TIE: _r(DEFEND_ACTION, TIE, success=False),
    SUCCEED: _r(DEFEND_ACTION, SUCCEED, success=True),
    STYLE: _r(DEFEND_ACTION, STYLE, success=True, boost=True),
}

_TABLES: Mapping[str, Mapping[str, ActionResult]] = {
    OVERCOME_ACTION: OVERCOME, CREATE_ACTION: CREATE_NEW, "create_existing": CREATE_EXISTING,
    "create_hidden": CREATE_HIDDEN, ATTACK_ACTION: ATTACK, DEFEND_ACTION: DEFEND,
}


def outcome_of(action: str, shift_count: int) -> ActionResult:
    """The table row for ``action`` at ``shift_count`` shifts (FATE.OUTCOME.1 bands).

    ``action`` is one of :data:`ACTIONS` or ``create_existing`` / ``create_hidden``
    (FATE.ACTION.3). An attack's ``hit`` is its shifts when it succeeds.
    """
    try:
        table = _TABLES[action]
    except KeyError:
        raise UsageError(f"unknown Fate action {action!r}; known: {', '.join(_TABLES)}") from None
    row = table[fate_outcome(shift_count)]
    if action == ATTACK_ACTION and row.success:
        return ActionResult(row.action, row.outcome, True, hit=int(shift_count), style_boost=row.style_boost)
    return row


def attack_hit(shift_count: int, take_boost: bool = False) -> tuple[int, bool]:
    """(hit, boost) of an attack (FATE.ACTION.4): SwS may trade one shift for a boost; a tie gives only a boost."""
    row = outcome_of(ATTACK_ACTION, shift_count)
    if row.style_boost and take_boost:
        return row.hit - 1, True
    return row.hit, row.boost


def defend_result(attack_shifts: int) -> ActionResult:
    """The defender's row when the attack scored ``attack_shifts`` (defender shifts = -attack_shifts, FATE.ACTION.5)."""
    return outcome_of(DEFEND_ACTION, -int(attack_shifts))


#: FATE.ACTION.6 default permissions: which skills attack and which defend, by kind of attack.
ATTACK_SKILLS: Mapping[str, tuple[str, ...]] = {"physical": ("Fight", "Shoot"), "mental": ("Provoke",)}
DEFEND_SKILLS: Mapping[tuple[str, str], tuple[str, ...]] = {
    ("physical", "Fight"): ("Athletics", "Fight"),
    ("physical", "Shoot"): ("Athletics",),
    ("mental", "Provoke"): ("Will",),
}
RANGED_SKILLS: frozenset[str] = frozenset(("Shoot",))


def attack_track(skill: str) -> str:
    """The stress track an attack with ``skill`` hits (FATE.ACTION.6)."""
    for track, skills in ATTACK_SKILLS.items():
        if skill in skills:
            return track
    raise UsageError(f"{skill} can't attack by default (FATE.ACTION.6); attack with {', '.join(s for v in ATTACK_SKILLS.values() for s in v)}")


def defend_skills(attack_skill: str) -> tuple[str, ...]:
    """Skills that may defend against an attack with ``attack_skill`` (FATE.ACTION.6)."""
    return DEFEND_SKILLS[(attack_track(attack_skill), attack_skill)]
