"""An independent checker of four Fate rules, re-derived from a journal alone (issue 31).

It imports nothing of the engine: a journal is a list of dicts (or JSON Lines), and every rule is
recomputed from the events' own fields and the rules reference (docs/rules/fate.md):

* FATE.SCENE.4: a zone aspect is invoked (paid or free) only by a character standing in its zone; positions are
  followed from ``scene_start``/``conflict_start`` positions and ``move`` events.
* FATE.RECOVER.2 (with FATE.RECOVER.4): a filled consequence slot is neither offered (a ``fate_absorb``
  decision's plans) nor filled again before it clears; a treated mild consequence clears only after a full scene
  that began after its treatment, a moderate one after a whole session that began after it, a severe one at a
  major milestone (which also clears recovering moderate ones and starts the untreated ones recovering); a
  clearing that is due and not journaled by the next scene is late. Journals of engines that did not journal
  clearings (no ``fate_consequence_clear`` at all) are judged by their refills: a slot filled again before its
  time had passed.
* FATE.ACTION.5: a defender whose defend roll beats the action by 3 or more gains a boost before anything else
  is rolled.
* FATE.CHAR.3: stress tracks follow Physique and Will (0: 3 boxes, +1/+2: 4, +3 or more: 6), from the ratings
  a ``fate_character`` event gives and the changes ``milestone`` events make; every ``fate_stress`` event's
  ``of`` is the track's length then.

:func:`check` returns ``{rule: [violation, ...]}`` and counts of what it checked.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterable, Mapping

RULES = ("FATE.SCENE.4", "FATE.RECOVER.2", "FATE.ACTION.5", "FATE.CHAR.3")
TRACK_SKILL = {"physical": "Physique", "mental": "Will"}
CLEARS_AFTER = {"mild": "scene", "moderate": "session", "severe": "major_milestone"}


def boxes_for(rating: int) -> int:
    """FATE.CHAR.3's table, written again here: 3 boxes at Mediocre or below, 4 at +1/+2, 6 at +3 and up."""
    return 3 if rating <= 0 else 4 if rating <= 2 else 6


def read(lines: Iterable[str]) -> list[dict]:
    return [json.loads(line) for line in lines if line.strip()]


class _State:
    def __init__(self, events: list[Mapping]):
        self.violations: dict[str, list[str]] = {rule: [] for rule in RULES}
        self.checked: Counter = Counter()
        self.explicit = any(e["event"] == "fate_consequence_clear" for e in events)
        self.pcs: set[str] = set()
        self.scene = self.session = 0
        self.where: dict[str, str] = {}
        self.zone_of: dict[str, str | None] = {}
        self.slots: dict[tuple[str, str], dict] = {}  # (actor, slot) -> {severity, recovering, treated}
        self.ratings: dict[str, dict[str, int]] = {}
        self.minor: dict[str, dict[str, int]] = {}  # minor NPCs: boxes per track as journaled
        self.major_now: set[str] = set()  # PCs whose milestone at this session's end is major
        self.awaiting_boost: tuple[str, int] | None = None  # (defender, seq of the defend roll)
        self.pending_due: set[tuple[str, str]] = set()  # clearings due and not yet journaled
        self.scenes_done = self.sessions_done = 0
        self.majors: Counter = Counter()  # major milestones each PC reached

    def bad(self, rule: str, seq: int, text: str) -> None:
        self.violations[rule].append(f"seq {seq}: {text}")

    # --- FATE.RECOVER.2 ---------------------------------------------------------------------------
    def due(self, key: tuple[str, str], span: str) -> bool:
        s = self.slots[key]
        if not s["recovering"]:
            return False
        if span == "major_milestone":
            return s["severity"] in ("moderate", "severe")
        if CLEARS_AFTER[s["severity"]] != span:
            return False
        scene, session = s["treated"]
        return (self.scene > scene) if span == "scene" else (self.session > session)

    def late(self, seq: int) -> None:
        """Every clearing that fell due must have been journaled before the next thing happens (explicit journals)."""
        if self.explicit:
            for key in sorted(self.pending_due):
                self.bad("FATE.RECOVER.2", seq, f"{key[0]}'s {key[1]} consequence was due to clear and did not")
        self.pending_due = set()


def check(events: list[Mapping]) -> tuple[dict[str, list[str]], Counter]:
    """Check one journal: ``({rule: violations}, counts of what was checked)``."""
    st = _State(events)
    for e in events:
        kind, seq = e["event"], e.get("seq", 0)
        if st.awaiting_boost is not None and kind in ("fate_roll", "turn", "exchange", "fate_scene_end", "threat_roll"):
            who, at = st.awaiting_boost
            st.bad("FATE.ACTION.5", at, f"{who} defended with style (3+ shifts) and gained no boost")
            st.awaiting_boost = None
        if kind == "adventure_start":
            st.pcs = set(e.get("pcs") or {})
        elif kind == "session_start":
            st.session = int(e["n"])
            st.major_now = set()
        elif kind == "scene_start":
            st.late(seq)
            st.scene = int(e["n"]) if "n" in e else st.scene + 1
            st.where = dict(e.get("positions") or {})
            st.zone_of = {}
            for key in [k for k in st.slots if k[0] not in st.pcs]:
                del st.slots[key]  # NPCs are made again for every scene
        elif kind == "fate_character":
            actor = e["actor"]
            if e.get("kind") == "minor":
                st.minor[actor] = dict(e["stress"])
            else:
                st.ratings[actor] = {k: int(v) for k, v in e["skills"].items()}
                st.minor.pop(actor, None)
            _check_tracks(st, actor, e.get("stress") or {}, seq, "fate_character")
            for slot in e.get("slots") or ():  # what the character carries in (earlier scenes, a Blades harm)
                key = (actor, slot["slot"])
                if actor in st.pcs:  # an adventure's PC: the checker's own account, compared
                    if st.explicit and (key in st.slots) != (slot.get("aspect") is not None):
                        st.bad("FATE.RECOVER.2", seq, f"{actor}'s {key[1]} slot is "
                               f"{'filled' if slot.get('aspect') else 'empty'} on the sheet, not in the journal")
                elif slot.get("aspect") is None:
                    st.slots.pop(key, None)
                else:
                    st.slots[key] = {"severity": slot["severity"], "recovering": bool(slot.get("recovering")),
                                     "treated": (st.scene, st.session)}
        elif kind == "fate_scene_end":
            st.zone_of = {}  # situation aspects end with the scene (FATE.ASPECT.2)
            for key in [k for k in st.slots if k[0] not in st.pcs]:
                del st.slots[key]  # NPCs, and a Blades score's scoundrels, are made again for every scene
        elif kind == "conflict_start":
            st.where.update(e.get("positions") or {})
        elif kind == "move":
            st.where[e["actor"]] = e["to"]
        elif kind == "fate_aspect":
            st.zone_of[e["name"]] = e.get("zone")
            if st.awaiting_boost is not None and e.get("kind") == "boost" and e.get("owner") == st.awaiting_boost[0]:
                st.awaiting_boost = None
        elif kind == "fate_invoke":
            zone = st.zone_of.get(e["aspect"])
            if zone is not None:
                st.checked["zone_invokes"] += 1
                here = st.where.get(e["actor"], e.get("zone"))
                if here != zone:
                    st.bad("FATE.SCENE.4", seq, f"{e['actor']} invoked {e['aspect']!r} (zone {zone}) from {here}"
                           f" ({'free' if e.get('free') else 'paid'})")
        elif kind == "fate_roll":
            if e.get("action") == "defend" and int(e.get("shifts", 0)) >= 3:
                st.checked["style_defences"] += 1
                st.awaiting_boost = (e["actor"], seq)
        elif kind == "decision" and e.get("kind") == "fate_absorb":
            seat = e.get("seat")
            offered = {name for option in e.get("options") or () for name in option[1]}
            for name in sorted(offered):
                if (seat, name) in st.slots and (st.explicit or not _implicitly_cleared(st, (seat, name))):
                    st.bad("FATE.RECOVER.2", seq, f"{seat}'s filled {name} slot offered to take a hit")
        elif kind == "fate_consequence":
            key = (e["actor"], e["slot"])
            st.checked["consequences"] += 1
            if key in st.slots and (st.explicit or not _implicitly_cleared(st, key)):
                st.bad("FATE.RECOVER.2", seq, f"{key[0]}'s {key[1]} slot filled again before it cleared")
            st.slots[key] = {"severity": e["severity"], "recovering": False, "treated": None}
        elif kind == "fate_recovery":
            key = (e["actor"], e["slot"])
            if key in st.slots:
                st.slots[key].update(recovering=True, treated=(st.scene, st.session), majors=st.majors[key[0]])
                if e.get("scene") is not None and (e["scene"], e["session"]) != (st.scene, st.session):
                    st.bad("FATE.RECOVER.2", seq, f"treatment journaled at scene/session {e['scene']}/{e['session']},"
                           f" the journal is at {st.scene}/{st.session}")
        elif kind == "fate_consequence_clear":
            key = (e["actor"], e["slot"])
            st.checked["clearings"] += 1
            span = e.get("reason")
            if key not in st.slots:
                st.bad("FATE.RECOVER.2", seq, f"{key[0]}'s {key[1]} cleared but was not filled")
                continue
            if span == "major_milestone" and key[0] not in st.major_now:
                st.bad("FATE.RECOVER.2", seq, f"{key[0]}'s {key[1]} cleared by a major milestone it did not reach")
            elif not st.due(key, span):
                s = st.slots[key]
                st.bad("FATE.RECOVER.2", seq, f"{key[0]}'s {s['severity']} {key[1]} (treated at scene/session "
                       f"{s['treated']}) cleared at the end of {span} {st.scene if span == 'scene' else st.session}")
            del st.slots[key]
            st.pending_due.discard(key)
        elif kind == "scene_end":
            st.scenes_done = st.scene
            st.pending_due = {k for k in st.slots if k[0] in st.pcs and st.due(k, "scene")}
        elif kind == "milestone":
            actor = e["actor"]
            st.late(seq)
            if e.get("kind") == "major":
                st.major_now.add(actor)
                st.majors[actor] += 1
            _apply_milestone(st, e)
            _check_tracks(st, actor, e.get("stress") or {}, seq, "milestone")
            st.pending_due |= {k for k in st.slots if k[0] == actor and st.due(k, "session")}
            if e.get("kind") == "major":
                st.pending_due |= {k for k in st.slots if k[0] == actor and st.due(k, "major_milestone")}
        elif kind in ("session_end", "adventure_end"):
            st.late(seq)
            st.sessions_done = st.session
        elif kind == "fate_stress":
            actor, track = e["actor"], e["track"]
            want = _track_length(st, actor, track)
            if want is None:
                st.checked["stress_unrated"] += 1
            else:
                st.checked["stress_events"] += 1
                if int(e["of"]) != want:
                    st.bad("FATE.CHAR.3", seq, f"{actor}'s {track} track has {e['of']} boxes, its "
                           f"{TRACK_SKILL[track]} makes it {want}")
    return st.violations, st.checked


def _implicitly_cleared(st: _State, key: tuple[str, str]) -> bool:
    """A journal without clearings: a filled slot may be used again once its time has passed in full (a scene or a
    session that began after the treatment has ended, or a major milestone came after it)."""
    s = st.slots[key]
    if not s["recovering"]:
        return False
    scene, session = s["treated"]
    span = CLEARS_AFTER[s["severity"]]
    if span == "scene":
        return st.scenes_done > scene
    if span == "session" and st.sessions_done > session:
        return True
    return s.get("majors", 0) < st.majors.get(key[0], 0)


def _track_length(st: _State, actor: str, track: str) -> int | None:
    if actor in st.minor:
        return int(st.minor[actor][track])
    if actor not in st.ratings:
        return None
    return boxes_for(st.ratings[actor].get(TRACK_SKILL[track], 0))


def _check_tracks(st: _State, actor: str, stress: Mapping, seq: int, where: str) -> None:
    for track, n in stress.items():
        want = _track_length(st, actor, track)
        if want is not None and int(n) != want:
            st.bad("FATE.CHAR.3", seq, f"{where}: {actor}'s {track} track {n} boxes, should be {want}")


def _apply_milestone(st: _State, e: Mapping) -> None:
    """FATE.ADV.1-2's changes to the ratings, as the milestone event names them."""
    skills = st.ratings.get(e["actor"])
    if skills is None:
        return
    pair = e.get("skills")
    if e.get("choice") == "swap_skills" and pair:
        a, b = pair
        skills[a], skills[b] = skills.get(b, 0), skills.get(a, 0)
    elif e.get("choice") == "replace_average" and pair:
        old, new = pair
        skills.pop(old, None)
        skills[new] = 1
    if e.get("raised"):
        skills[e["raised"]] = skills.get(e["raised"], 0) + 1
    if e.get("ratings") is not None and {k: int(v) for k, v in e["ratings"].items() if v} != \
            {k: v for k, v in skills.items() if v}:
        st.bad("FATE.CHAR.3", e.get("seq", 0), f"{e['actor']}'s ratings after the milestone are not the ones "
               "its changes give")


def check_many(journals: Iterable[list[Mapping]]) -> tuple[dict[str, list[str]], Counter]:
    total = {rule: [] for rule in RULES}
    counts: Counter = Counter()
    for i, events in enumerate(journals):
        found, checked = check(events)
        counts.update(checked)
        counts["journals"] += 1
        for rule, items in found.items():
            total[rule] += [f"journal {i}: {v}" for v in items]
    return total, counts
