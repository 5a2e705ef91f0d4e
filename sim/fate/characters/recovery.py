"""Recovering from consequences (FATE.RECOVER.1-4).

Stress clears at every scene's end (:func:`sim.fate.characters.character.clear_stress`).
A consequence starts recovering after a successful overcome by whoever
treats it (:func:`treat`), is renamed, and clears once enough time has
passed (:func:`pass_time`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from sim.dice import effort, fate_outcome, roll_fate
from sim.errors import IllegalMove, UsageError
from sim.fate.characters.character import MENTAL, Character
from sim.fate.tables import consequence_table, healing, self_treatment_extra
from sim.journal import Journal
from sim.rng import Rng

#: the skill that treats each kind of harm (FATE.RECOVER.2)
TREATING_SKILL: Mapping[str, str] = {"physical": "Academics", "mental": "Empathy"}
SPANS: tuple[str, ...] = ("scene", "session", "major_milestone")


def treatment_difficulty(severity: str, self_treat: bool = False, content: Any = None) -> int:
    """FATE.RECOVER.2: Fair / Great / Fantastic; +2 when treating yourself (Great / Fantastic / Legendary).

    The numbers are the table ``fate/consequences`` of ``content`` (None: the project's)."""
    table = consequence_table(content)
    if severity not in table:
        raise UsageError(f"unknown consequence severity {severity!r}")
    return int(table[severity]["treatment"]) + (self_treatment_extra(content) if self_treat else 0)


def treat(rng: Rng, healer: Character, patient: Character, slot_name: str, *,
          journal: Journal | None = None, content: Any = None, bonus: int = 0) -> tuple[Character, str]:
    """One overcome to start a consequence's recovery; on success it is renamed (FATE.RECOVER.2-3).

    Returns the patient and the roll's outcome (success = succeed or style,
    and a tie counts as met at a minor cost, FATE.ACTION.1).
    """
    slot = next((s for s in patient.slots if s.name == slot_name), None)
    if slot is None or slot.empty:
        raise IllegalMove(f"{patient.id} has no consequence in slot {slot_name!r}")
    if slot.recovering:
        raise IllegalMove(f"{patient.id}'s {slot.aspect} is already recovering")
    skill = TREATING_SKILL[MENTAL if slot.harm == MENTAL else "physical"]
    target = treatment_difficulty(slot.severity, healer.id == patient.id, content)
    faces = roll_fate(rng)
    total = effort(faces, healer.skill(skill), bonus=bonus)
    outcome = fate_outcome(total - target)
    if journal is not None:
        journal.emit("fate_roll", actor=healer.id, skill=skill, action="overcome", faces=list(faces),
                     rating=healer.skill(skill), bonus=bonus, invokes=0, effort=total, opposition=target,
                     shifts=total - target, outcome=outcome, target=patient.id, treat=slot.aspect)
    if outcome == "fail":
        return patient, outcome
    renamed = healing(slot.aspect)
    slots = tuple(replace(s, aspect=renamed, recovering=True) if s.name == slot_name else s for s in patient.slots)
    if journal is not None:
        journal.emit("fate_recovery", actor=patient.id, slot=slot_name, was=slot.aspect, aspect=renamed)
    return replace(patient, slots=slots), outcome


def pass_time(char: Character, span: str, content: Any = None) -> Character:
    """Clear recovering consequences whose time has passed (FATE.RECOVER.2); ``span`` is what just ended.

    At a major milestone untreated moderate and severe consequences begin
    recovery (renamed) and those already recovering clear (FATE.RECOVER.4).
    """
    if span not in SPANS:
        raise UsageError(f"unknown span {span!r}; known: {', '.join(SPANS)}")
    rank = SPANS.index(span)
    clears = {sev: row["clears_after"] for sev, row in consequence_table(content).items()}
    out = []
    for s in char.slots:
        if not s.empty and s.recovering and SPANS.index(clears[s.severity]) <= rank:
            s = replace(s, aspect=None, recovering=False, harm=None)
        elif not s.empty and not s.recovering and span == "major_milestone" and s.severity in ("moderate", "severe"):
            s = replace(s, aspect=healing(s.aspect), recovering=True)
        out.append(s)
    return replace(char, slots=tuple(out))
