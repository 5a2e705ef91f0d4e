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


#: FATE.RECOVER.2 [conflict], option fate_self_treatment: treating yourself is 2 harder (srd) or twice as hard (seed)
SELF_TREATMENT: tuple[str, ...] = ("srd", "seed")


def treatment_difficulty(severity: str, self_treat: bool = False, content: Any = None, rule: str = "srd") -> int:
    """FATE.RECOVER.2: Fair / Great / Fantastic; treating yourself: +2 (``srd``: Great / Fantastic / Legendary) or
    doubled (``seed``, 加倍: Great / +8 / +12).

    The numbers are the table ``fate/consequences`` of ``content`` (None: the project's)."""
    table = consequence_table(content)
    if severity not in table:
        raise UsageError(f"unknown consequence severity {severity!r}")
    if rule not in SELF_TREATMENT:
        raise UsageError(f"unknown self-treatment reading {rule!r}; known: {', '.join(SELF_TREATMENT)}")
    base = int(table[severity]["treatment"])
    if not self_treat:
        return base
    return base * 2 if rule == "seed" else base + self_treatment_extra(content)


def treat(rng: Rng, healer: Character, patient: Character, slot_name: str, *,
          journal: Journal | None = None, content: Any = None, bonus: int = 0,
          when: tuple[int, int] | None = None, self_rule: str = "srd") -> tuple[Character, str]:
    """One overcome to start a consequence's recovery; on success it is renamed (FATE.RECOVER.2-3).

    ``when``: the (scene, session) numbers the treatment happens after; the time the consequence needs to clear
    is counted from there (:func:`recover`). Returns the patient and the roll's outcome (success = succeed or
    style, and a tie counts as met at a minor cost, FATE.ACTION.1).
    """
    slot = next((s for s in patient.slots if s.name == slot_name), None)
    if slot is None or slot.empty:
        raise IllegalMove(f"{patient.id} has no consequence in slot {slot_name!r}")
    if slot.recovering:
        raise IllegalMove(f"{patient.id}'s {slot.aspect} is already recovering")
    skill = TREATING_SKILL[MENTAL if slot.harm == MENTAL else "physical"]
    target = treatment_difficulty(slot.severity, healer.id == patient.id, content, self_rule)
    faces = roll_fate(rng)
    total = effort(faces, healer.skill(skill), bonus=bonus)
    outcome = fate_outcome(total - target)
    if journal is not None:
        journal.emit("fate_roll", actor=healer.id, skill=skill, action="overcome", faces=list(faces),
                     rating=healer.skill(skill), bonus=bonus, invokes=0, effort=total, opposition=target,
                     shifts=total - target, outcome=outcome, target=patient.id, treat=slot.aspect,
                     self_treatment=healer.id == patient.id)
    if outcome == "fail":
        return patient, outcome
    renamed = healing(slot.aspect)
    slots = tuple(replace(s, aspect=renamed, recovering=True, treated=when) if s.name == slot_name else s
                  for s in patient.slots)
    if journal is not None:
        journal.emit("fate_recovery", actor=patient.id, slot=slot_name, was=slot.aspect, aspect=renamed,
                     severity=slot.severity, reason="treated", healer=healer.id,
                     scene=when[0] if when else None, session=when[1] if when else None)
    return replace(patient, slots=slots), outcome


def _due(slot: Any, span: str, number: int | None, clears: Mapping[str, str]) -> bool:
    """Has a recovering ``slot``'s time passed now that ``span`` number ``number`` ended (FATE.RECOVER.2, .4)?

    A mild consequence needs a full scene after its treatment, a moderate one a whole session: the span that
    ended must have begun after the treatment, so its number is above the one recorded at treatment. A major
    milestone clears every recovering moderate and severe consequence (FATE.RECOVER.4)."""
    if span == "major_milestone":
        return slot.severity in ("moderate", "severe")
    if clears[slot.severity] != span:
        return False
    if slot.treated is None or number is None:
        return True
    return number > slot.treated[SPANS.index(span)]


def recover(char: Character, span: str, content: Any = None, *, scene: int | None = None,
            session: int | None = None) -> tuple[Character, list[dict]]:
    """Time passes for ``char``'s consequences; ``span`` is what just ended (FATE.RECOVER.2, FATE.RECOVER.4).

    ``scene``/``session``: the numbers of the scene and session that just ended (the treated ones' time is
    counted from their treatment). A recovering consequence clears when its span (``clears_after``) has passed
    in full since treatment; at a major milestone recovering moderate and severe consequences clear and
    untreated ones begin recovering (renamed). Returns the character and what changed, as journal events'
    fields: ``fate_consequence_clear`` (actor, slot, severity, aspect, reason: the span, treated: [scene,
    session] or None) and ``fate_recovery`` (reason ``major_milestone``).
    """
    if span not in SPANS:
        raise UsageError(f"unknown span {span!r}; known: {', '.join(SPANS)}")
    clears = {sev: row["clears_after"] for sev, row in consequence_table(content).items()}
    number = scene if span == "scene" else session if span == "session" else None
    out, changes = [], []
    for s in char.slots:
        if not s.empty and s.recovering and _due(s, span, number, clears):
            changes.append({"event": "fate_consequence_clear", "actor": char.id, "slot": s.name,
                            "severity": s.severity, "aspect": s.aspect, "reason": span,
                            "treated": list(s.treated) if s.treated else None})
            s = replace(s, aspect=None, recovering=False, harm=None, treated=None)
        elif not s.empty and not s.recovering and span == "major_milestone" and s.severity in ("moderate", "severe"):
            renamed = healing(s.aspect)
            changes.append({"event": "fate_recovery", "actor": char.id, "slot": s.name, "was": s.aspect,
                            "aspect": renamed, "severity": s.severity, "reason": "major_milestone", "healer": None,
                            "scene": scene, "session": session})
            s = replace(s, aspect=renamed, recovering=True, treated=(scene, session) if scene is not None else None)
        out.append(s)
    return replace(char, slots=tuple(out)), changes


def pass_time(char: Character, span: str, content: Any = None, *, scene: int | None = None,
              session: int | None = None) -> Character:
    """:func:`recover` without the record of what changed."""
    return recover(char, span, content, scene=scene, session=session)[0]
