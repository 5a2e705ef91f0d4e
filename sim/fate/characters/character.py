"""Fate characters: skills, stress tracks, consequence slots, fate points (FATE.CHAR, FATE.FP).

A :class:`Character` is a frozen value; the scene that owns it replaces it
with the results of these pure functions (:func:`absorb`, :func:`clear_stress`,
...). Absorbing a hit (FATE.CONFLICT.2, FATE.CONFLICT.STRESS.1,
FATE.CONFLICT.CONSEQ.1-2) is split in two: :func:`absorb_plans` lists every
legal way to take the hit, the character's seat picks one, :func:`absorb`
applies it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Mapping

from sim.errors import IllegalMove, UsageError
from sim.fate.characters.ladder import check_skill
from sim.options import RuleOptions

PHYSICAL, MENTAL = "physical", "mental"
TRACKS: tuple[str, ...] = (PHYSICAL, MENTAL)
#: the skill that sizes each stress track (FATE.CHAR.3)
TRACK_SKILL: Mapping[str, str] = {PHYSICAL: "Physique", MENTAL: "Will"}
#: shifts each consequence absorbs (FATE.CHAR.4, FATE.CONFLICT.CONSEQ.1)
CONSEQUENCE_VALUES: Mapping[str, int] = {"mild": 2, "moderate": 4, "severe": 6}
SEVERITIES: tuple[str, ...] = ("mild", "moderate", "severe")
KINDS: tuple[str, ...] = ("pc", "major", "minor")
#: starting refresh and free stunts (FATE.FP.1-2)
REFRESH, FREE_STUNTS, MIN_REFRESH = 3, 3, 1


def stress_boxes(rating: int) -> int:
    """Boxes on a stress track for that track's Physique or Will rating (FATE.CHAR.3): 3, 4 (+1/+2), 6 (+3 and up)."""
    rating = int(rating)
    if rating <= 0:
        return 3
    return 4 if rating <= 2 else 6


def extra_mild(rating: int) -> bool:
    """Superb (+5) or better Physique/Will gives a second mild slot for that track only (FATE.CHAR.3)."""
    return int(rating) >= 5


def refresh_after_stunts(stunts: int, refresh: int = REFRESH) -> int:
    """Refresh left after ``stunts`` stunts: three are free, each more costs 1, never below 1 (FATE.FP.2)."""
    left = int(refresh) - max(0, int(stunts) - FREE_STUNTS)
    if left < MIN_REFRESH:
        raise IllegalMove(f"{stunts} stunts would bring refresh to {left}; it can't go below {MIN_REFRESH}")
    return left


def session_fate_points(refresh: int, carried: int) -> int:
    """Fate points at a session's start: the larger of refresh and points carried over (FATE.FP.1)."""
    return max(int(refresh), int(carried))


@dataclass(frozen=True, slots=True)
class Stunt:
    """A bonus stunt: +2 (``bonus``) when using ``skill`` for ``action`` (FATE.FP.3); free of cost."""

    name: str
    skill: str
    action: str
    bonus: int = 2


def stunt_bonus(stunts: tuple[Stunt, ...], skill: str, action: str) -> tuple[int, str | None]:
    """The best bonus stunt that fits this skill and action, and its name (FATE.FP.3); (0, None) if none."""
    fitting = [s for s in stunts if s.skill == skill and s.action == action]
    if not fitting:
        return 0, None
    best = max(fitting, key=lambda s: (s.bonus, -fitting.index(s)))
    return best.bonus, best.name


@dataclass(frozen=True, slots=True)
class Slot:
    """A consequence slot: ``severity`` absorbs its value; ``track`` None = usable for either track.

    ``aspect`` is the consequence written in it (None: empty); ``recovering``
    after a successful treatment (FATE.RECOVER.2-3).
    """

    name: str
    severity: str
    track: str | None = None
    aspect: str | None = None
    recovering: bool = False
    harm: str | None = None  # the track of the hit that filled it (which skill treats it, FATE.RECOVER.2)
    #: (scene, session) numbers when its recovery began; the time it needs is counted from there (FATE.RECOVER.2).
    #: None on a recovering slot: treated before anything was counted (it clears at the next span of its kind)
    treated: tuple[int, int] | None = None

    @property
    def value(self) -> int:
        return CONSEQUENCE_VALUES[self.severity]

    @property
    def empty(self) -> bool:
        return self.aspect is None


@dataclass(frozen=True, slots=True)
class Character:
    """One Fate character. ``physical``/``mental`` are the stress boxes (True = marked)."""

    id: str
    name: str
    kind: str
    skills: tuple[tuple[str, int], ...]
    aspects: tuple[str, ...] = ()
    refresh: int = REFRESH
    fate_points: int = REFRESH
    physical: tuple[bool, ...] = ()
    mental: tuple[bool, ...] = ()
    slots: tuple[Slot, ...] = ()
    stunts: tuple[Stunt, ...] = ()

    def skill(self, name: str) -> int:
        for skill, rating in self.skills:
            if skill == name:
                return rating
        return 0

    def best(self, names: tuple[str, ...]) -> tuple[str, int]:
        """The highest-rated of ``names`` (first listed wins ties)."""
        return max(((n, self.skill(n)) for n in names), key=lambda p: p[1])

    def track(self, track: str) -> tuple[bool, ...]:
        if track == PHYSICAL:
            return self.physical
        if track == MENTAL:
            return self.mental
        raise UsageError(f"unknown stress track {track!r}; known: {', '.join(TRACKS)}")

    def empty_boxes(self, track: str) -> int:
        return sum(1 for box in self.track(track) if not box)

    def consequences(self) -> tuple[Slot, ...]:
        """Filled slots."""
        return tuple(s for s in self.slots if not s.empty)

    def capacity(self, track: str) -> int:
        """Largest hit on ``track`` this character can still absorb (FATE.CONFLICT.CONSEQ.2)."""
        return self.empty_boxes(track) + sum(s.value for s in self.slots if s.empty and s.track in (None, track))


def make_character(id: str, skills: Mapping[str, int], *, kind: str = "pc", name: str | None = None,
                   aspects: tuple[str, ...] = (), refresh: int | None = None, fate_points: int | None = None,
                   stunts: tuple[Stunt, ...] = (),
                   shared_consequences: bool | None = None, minor_stress: int = 1,
                   options: RuleOptions | None = None) -> Character:
    """A character with tracks and slots from its skills (FATE.CHAR.3-5).

    PCs and major NPCs: stress boxes by Physique/Will, mild/moderate/severe
    slots shared by both tracks (option ``fate_shared_consequences``; off: one
    set per track), an extra mild slot per track at Superb+. Minor NPCs:
    ``minor_stress`` (0-3) boxes on each track and no slots (FATE.CHAR.5).
    ``shared_consequences`` None reads the option from ``options`` (default rules).
    ``refresh`` None: 3 less one per stunt beyond the three free ones (FATE.FP.2).
    """
    stunts = tuple(stunts)
    for stunt in stunts:
        check_skill(stunt.skill)
    if refresh is None:
        refresh = refresh_after_stunts(len(stunts))
    if shared_consequences is None:
        shared_consequences = bool((options or RuleOptions())["fate_shared_consequences"])
    if kind not in KINDS:
        raise UsageError(f"unknown character kind {kind!r}; known: {', '.join(KINDS)}")
    rated = tuple(sorted((check_skill(s), int(r)) for s, r in skills.items()))
    for skill, rating in rated:
        if not -4 <= rating <= 8:
            raise UsageError(f"skill {skill} of {id}: must be -4..8, got {rating}")
    ratings = dict(rated)
    if kind == "minor":
        if not 0 <= int(minor_stress) <= 3:
            raise UsageError(f"a minor NPC has 0-3 stress boxes, got {minor_stress}")
        boxes = {t: int(minor_stress) for t in TRACKS}
        slots: tuple[Slot, ...] = ()
    else:
        boxes = {t: stress_boxes(ratings.get(TRACK_SKILL[t], 0)) for t in TRACKS}
        if shared_consequences:
            made = [Slot(sev, sev) for sev in SEVERITIES]
        else:
            made = [Slot(f"{sev}_{t}", sev, t) for t in TRACKS for sev in SEVERITIES]
        for t in TRACKS:
            if extra_mild(ratings.get(TRACK_SKILL[t], 0)):
                made.append(Slot(f"extra_mild_{t}", "mild", t))
        slots = tuple(made)
    return Character(id=id, name=name or id, kind=kind, skills=rated, aspects=tuple(aspects), refresh=int(refresh),
                     fate_points=int(refresh if fate_points is None else fate_points), stunts=stunts,
                     physical=(False,) * boxes[PHYSICAL], mental=(False,) * boxes[MENTAL], slots=slots)


def sheet_fields(char: Character) -> dict:
    """A character's numbers as a ``fate_character`` event's fields (a checker re-derives the rules from them):
    ratings, stress boxes per track (and how many are marked), consequence slots with what fills them, refresh and
    fate points (FATE.CHAR.2-5, FATE.FP.1)."""
    return {"actor": char.id, "name": char.name, "kind": char.kind, "skills": dict(char.skills),
            "stress": {t: len(char.track(t)) for t in TRACKS}, "marked": {t: sum(char.track(t)) for t in TRACKS},
            "slots": [{"slot": s.name, "severity": s.severity, "track": s.track, "aspect": s.aspect,
                       "recovering": s.recovering, "treated": list(s.treated) if s.treated else None}
                      for s in char.slots],
            "refresh": char.refresh, "fate_points": char.fate_points}


def fit_tracks(char: Character) -> Character:
    """Stress tracks and the extra mild slots follow the current Physique and Will (FATE.CHAR.3), for PCs and major
    NPCs whose skills changed (a milestone, FATE.ADV.1-2). A track that grows gains empty boxes; one that shrinks
    loses its last boxes. An extra mild slot is added at Superb+, and dropped below it only while empty."""
    if char.kind == "minor":
        return char
    ratings = dict(char.skills)
    tracks = {}
    for t in TRACKS:
        boxes = list(char.track(t))
        want = stress_boxes(ratings.get(TRACK_SKILL[t], 0))
        tracks[t] = tuple(boxes[:want] + [False] * (want - len(boxes)))
    slots = []
    for s in char.slots:
        if s.name.startswith("extra_mild_") and s.empty and not extra_mild(ratings.get(TRACK_SKILL[s.track], 0)):
            continue
        slots.append(s)
    for t in TRACKS:
        if extra_mild(ratings.get(TRACK_SKILL[t], 0)) and all(s.name != f"extra_mild_{t}" for s in slots):
            slots.append(Slot(f"extra_mild_{t}", "mild", t))
    return replace(char, physical=tracks[PHYSICAL], mental=tracks[MENTAL], slots=tuple(slots))


# --- absorbing a hit -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Absorb:
    """One way to take a hit: this many stress boxes plus these consequence slots."""

    boxes: int
    slots: tuple[str, ...]


def absorb_plans(char: Character, track: str, hit: int) -> tuple[Absorb, ...]:
    """Every legal way to absorb a ``hit`` of shifts on ``track`` (FATE.CONFLICT.CONSEQ.2).

    Each box absorbs exactly 1 shift (FATE.CONFLICT.STRESS.1), each slot its
    value; a plan uses no slot it could do without. Empty tuple: the character
    cannot stay in (taken out, FATE.CONFLICT.3). Ordered: fewest consequences,
    then least severe, then fewest boxes.
    """
    if hit <= 0:
        return (Absorb(0, ()),)
    boxes = char.empty_boxes(track)
    usable = [s for s in char.slots if s.empty and s.track in (None, track)]
    plans = []
    for n in range(len(usable) + 1):
        for combo in combinations(usable, n):
            value = sum(s.value for s in combo)
            need = max(0, hit - value)
            if need > boxes:
                continue
            if any(value - s.value >= hit for s in combo):
                continue  # the other slots alone would cover the hit: this one is wasted
            plans.append((n, value, need, tuple(s.name for s in combo)))
    return tuple(Absorb(need, names) for n, value, need, names in sorted(plans))


def can_absorb(char: Character, track: str, hit: int) -> bool:
    """FATE.CONFLICT.CONSEQ.2: empty boxes + empty usable slot values >= shifts."""
    return hit <= char.capacity(track)


def mark_boxes(char: Character, track: str, count: int) -> Character:
    """Mark ``count`` empty boxes (lowest first) on ``track`` (FATE.CONFLICT.STRESS.1)."""
    boxes = list(char.track(track))
    if count > boxes.count(False) or count < 0:
        raise IllegalMove(f"{char.id} has {boxes.count(False)} empty {track} boxes, can't mark {count}")
    for i, marked in enumerate(boxes):
        if count and not marked:
            boxes[i] = True
            count -= 1
    return replace(char, **{track: tuple(boxes)})


def take_consequence(char: Character, slot_name: str, aspect: str, harm: str | None = None) -> Character:
    """Write ``aspect`` into the empty slot ``slot_name`` (FATE.CONFLICT.CONSEQ.1); ``harm``: the hit's track."""
    out = []
    found = False
    for s in char.slots:
        if s.name == slot_name:
            if not s.empty:
                raise IllegalMove(f"{char.id}'s {slot_name} consequence slot is already filled")
            s = replace(s, aspect=aspect, recovering=False, harm=harm, treated=None)
            found = True
        out.append(s)
    if not found:
        raise IllegalMove(f"{char.id} has no consequence slot {slot_name!r}")
    return replace(char, slots=tuple(out))


def absorb(char: Character, track: str, plan: Absorb, aspects: Mapping[str, str]) -> Character:
    """Apply an :class:`Absorb` plan; ``aspects`` names the consequence written in each slot."""
    char = mark_boxes(char, track, plan.boxes)
    for name in plan.slots:
        char = take_consequence(char, name, aspects[name], track)
    return char


def clear_stress(char: Character) -> Character:
    """Every stress box clears at the end of a scene (FATE.CONFLICT.STRESS.2, FATE.RECOVER.1)."""
    return replace(char, physical=(False,) * len(char.physical), mental=(False,) * len(char.mental))


def spend_fate_point(char: Character) -> Character:
    if char.fate_points <= 0:
        raise IllegalMove(f"{char.id} has no fate points")
    return replace(char, fate_points=char.fate_points - 1)


def gain_fate_points(char: Character, count: int) -> Character:
    return replace(char, fate_points=char.fate_points + int(count))


def concession_points(consequences_taken: int) -> int:
    """Fate points for conceding: 1 + 1 per consequence taken in this conflict (FATE.CONFLICT.4)."""
    return 1 + int(consequences_taken)
