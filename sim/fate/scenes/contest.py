"""Contests: sides race for exclusive goals, first to three victories (FATE.CONTEST.1-5).

Each exchange one character per side rolls overcome — against a passive
``difficulty`` or against the other sides' efforts (FATE.CONTEST.2); the
others add teamwork (FATE.TEAM.1) and may first try to create an advantage
(FATE.CONTEST.5). :func:`exchange_victories` scores the exchange
(FATE.CONTEST.3); a tie for the highest effort brings a twist, a new
situation aspect. An optional harmful ``threat`` rolls too, and every member
of a side it beats takes a hit of the shifts (FATE.CONTEST.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from sim.dice import STYLE, SUCCEED, fate_outcome, roll_fate, teamwork_bonus
from sim.errors import UsageError
from sim.fate.scenes.actions import CREATE_ACTION, OVERCOME_ACTION, outcome_of
from sim.fate.characters.aspects import SITUATION, Aspect
from sim.fate.characters.character import PHYSICAL, TRACKS
from sim.fate.characters.ladder import check_skill
from sim.fate.scenes.scene import Scene
from sim.fate.tables import boost, pool

#: FATE.CONTEST.3 [conflict]: two victories on style unless another side also succeeded with style (srd, default)
#: or unless anyone else succeeded at all (seed).
STYLE_RULES: tuple[str, ...] = ("srd", "seed")


@dataclass(frozen=True, slots=True)
class ContestSide:
    """A side of a contest: its members (character ids) and the skill its overcome rolls use."""

    name: str
    members: tuple[str, ...]
    skill: str


@dataclass(frozen=True, slots=True)
class Threat:
    """A harmful outside threat (FATE.CONTEST.4): it rolls ``rating`` + 4dF each exchange."""

    name: str
    rating: int
    track: str = PHYSICAL


@dataclass(frozen=True, slots=True)
class ContestResult:
    winner: str | None
    victories: Mapping[str, int]
    exchanges: int
    twists: int
    reason: str  # "victories" | "last_side" (the others were taken out) | "no_side" | "stalled"


def exchange_victories(efforts: Mapping[str, int], outcomes: Mapping[str, str],
                       style_rule: str = "srd") -> tuple[str | None, int]:
    """(winning side, victories) of one exchange (FATE.CONTEST.3).

    The single highest effort marks 1 victory; 2 if that side succeeded with
    style and no other side did (``srd``) / no other side succeeded at all
    (``seed``). A tie for the highest effort: (None, 0) — a twist.
    """
    if style_rule not in STYLE_RULES:
        raise UsageError(f"unknown contest style rule {style_rule!r}; known: {', '.join(STYLE_RULES)}")
    if not efforts:
        return None, 0
    best = max(efforts.values())
    top = [s for s in efforts if efforts[s] == best]
    if len(top) > 1:
        return None, 0
    winner = top[0]
    rivals = [outcomes[s] for s in efforts if s != winner]
    spoilers = (STYLE,) if style_rule == "srd" else (SUCCEED, STYLE)
    if outcomes[winner] == STYLE and not any(o in spoilers for o in rivals):
        return winner, 2
    return winner, 1


def play_contest(scene: Scene, sides: Sequence[ContestSide], *, difficulty: int | None = None,
                 victories: int = 3, threat: Threat | None = None, advantage_difficulty: int = 2,
                 style_rule: str = "srd", max_exchanges: int = 60) -> ContestResult:
    """Play exchanges until a side has ``victories`` (FATE.CONTEST.3) or only one side is left in.

    ``difficulty`` None: the sides' efforts are compared directly; else each
    rolls against it. ``max_exchanges`` is the engine's safety stop (reason
    ``stalled``), not a rule. The scene stays open (a lost chase may turn into
    a fight): call ``scene.end()`` when it is over.
    """
    sides = tuple(sides)
    if len(sides) + (threat is not None) < 2:
        raise UsageError("a contest needs two sides, or a side and a threat")
    if not 1 <= victories <= 9:
        raise UsageError(f"a contest needs 1-9 victories (5 at most is recommended), got {victories}")
    if threat is not None and threat.track not in TRACKS:
        raise UsageError(f"unknown stress track {threat.track!r}")
    names = [s.name for s in sides] + ([threat.name] if threat else [])
    if len(set(names)) != len(names):
        raise UsageError("contest sides (and the threat) need distinct names")
    for s in sides:
        check_skill(s.skill)
        if not s.members:
            raise UsageError(f"contest side {s.name} has no members")
        for m in s.members:
            if m not in scene.chars:
                raise UsageError(f"contest side {s.name} names unknown character {m!r}")
    exchange_victories({}, {}, style_rule)  # validate the rule name up front
    marks = {name: 0 for name in names}
    twists = 0
    scene.emit("contest_start", sides=[[s.name, list(s.members), s.skill] for s in sides], difficulty=difficulty,
               victories=victories, threat=threat.name if threat else None)
    for n in range(1, max_exchanges + 1):
        standing = [s for s in sides if any(m not in scene.out for m in s.members)]
        if len(standing) + (threat is not None) < 2:
            winner = standing[0].name if standing else threat.name if threat else None
            return _finish(scene, winner, marks, n - 1, twists, "last_side" if winner else "no_side")
        scene.emit("exchange", n=n, kind="contest")
        rolls = {}
        for s in standing:
            p = _side_roll(scene, s, standing, advantage_difficulty)
            if p is not None:
                rolls[s.name] = p
        rivals = ()
        if threat is not None:
            faces = roll_fate(scene.rng)
            threat_effort = sum(faces) + threat.rating
            rivals = (threat_effort,)
        against = {name: difficulty for name in rolls} if difficulty is not None else None
        scene.settle(list(rolls.values()), against=against, goals={p.actor: (1, 3) for p in rolls.values()},
                     rivals=rivals)
        efforts = {name: p.effort for name, p in rolls.items()}
        if threat is not None:
            efforts[threat.name] = threat_effort
        outcomes = {}
        for name, p in rolls.items():
            vs = difficulty if difficulty is not None else max((e for k, e in efforts.items() if k != name), default=0)
            outcomes[name] = scene.record(p, vs, side=name, exchange=n)
        if threat is not None:
            vs = difficulty if difficulty is not None else max((e for k, e in efforts.items() if k != threat.name), default=0)
            outcomes[threat.name] = fate_outcome(threat_effort - vs)
            scene.emit("threat_roll", threat=threat.name, faces=list(faces), rating=threat.rating, effort=threat_effort,
                       opposition=vs, shifts=threat_effort - vs, outcome=outcomes[threat.name], exchange=n)
            _threat_hits(scene, threat, threat_effort, standing, efforts)
        winner, won = exchange_victories(efforts, outcomes, style_rule)
        if winner is None and efforts:
            twists += 1
            names = pool("twists", scene.content)
            aspect = scene.add_aspect(Aspect(names[(twists - 1) % len(names)], SITUATION), by="gm")
            scene.emit("twist", exchange=n, aspect=aspect.name)
        elif winner is not None:
            marks[winner] += won
            scene.emit("contest_victory", side=winner, victories=won, total=marks[winner], exchange=n)
            if marks[winner] >= victories:
                return _finish(scene, winner, marks, n, twists, "victories")
    return _finish(scene, None, marks, max_exchanges, twists, "stalled")


def _roller(scene: Scene, side: ContestSide) -> str:
    """The side's best member at its skill rolls (first listed wins ties, FATE.CONTEST.2, FATE.TEAM.1)."""
    members = [m for m in side.members if m not in scene.out]
    return max(members, key=lambda c: (scene.chars[c].skill(side.skill), -members.index(c)))


def _side_roll(scene: Scene, side: ContestSide, standing, advantage_difficulty: int):
    """The side's overcome for this exchange, after its members' advantages (FATE.CONTEST.2, FATE.CONTEST.5); None if forfeited."""
    members = [m for m in side.members if m not in scene.out]
    roller = _roller(scene, side)
    other = next((s for s in standing if s.name != side.name), None)
    rival = _roller(scene, other) if other is not None else None
    faster = bool(scene.options["fate_faster_contests"])  # FATE.CONTEST.6: one of roll / advantage / teamwork each
    advantaged = []
    for m in members:
        if faster and m == roller:
            continue
        if not scene.decide(m, "fate_contest_advantage", (False, True), side=side.name):
            continue
        advantaged.append(m)
        skill = side.skill
        if scene.leads(m):  # issue 30: any skill may create the advantage (FATE.ACTION.2, FATE.ACTION.6)
            from sim.fate.scenes.conflict import lead_skills

            skill = scene.decide(m, "fate_skill", lead_skills(scene, m), what="advantage", target=None,
                                 vs=advantage_difficulty, ratings=dict(scene.chars[m].skills))
        p = scene.start_roll(m, skill, CREATE_ACTION)
        scene.settle([p], against={m: advantage_difficulty}, goals={m: (1, 1)})
        scene.record(p, advantage_difficulty, side=side.name)
        row = outcome_of(CREATE_ACTION, p.effort - advantage_difficulty)
        names = pool("contest_advantages", scene.content)
        name = names[len(scene.aspects) % len(names)]
        if row.free_invokes:
            scene.add_aspect(Aspect(name, SITUATION), by=m, free_invokes=row.free_invokes, holder=roller)
        elif row.boost:  # a tie: a boost for the side's roller (FATE.ACTION.2), named as the rules name boosts
            scene.add_aspect(Aspect(f"{boost('fleeting_edge')} ({scene.chars[roller].name})", "boost", roller), by=m,
                             free_invokes=1, holder=roller)
        else:
            choice = scene.decide(m, "fate_contest_forfeit", ("forfeit", "give_invoke") if rival else ("forfeit",),
                                  side=side.name)
            scene.emit("contest_setback", actor=m, side=side.name, choice=choice)
            if choice == "forfeit":
                return None
            scene.add_aspect(Aspect(name, SITUATION), by=m, free_invokes=1, holder=rival)
    helpers = [m for m in members if m != roller and not (faster and m in advantaged)]
    bonus = teamwork_bonus([scene.chars[c].skill(side.skill) for c in (roller, *helpers)])
    return scene.start_roll(roller, side.skill, OVERCOME_ACTION, bonus=bonus)


def _threat_hits(scene: Scene, threat: Threat, total: int, standing, efforts: Mapping[str, int]) -> None:
    """FATE.CONTEST.4: every member of a side whose roll the threat beats takes a hit of the difference."""
    for s in standing:
        if s.name not in efforts or efforts[s.name] >= total:
            continue
        hit = total - efforts[s.name]
        for m in s.members:
            if m not in scene.out:
                scene.take_hit(m, threat.track, hit, by=None)


def _finish(scene: Scene, winner: str | None, marks, exchanges: int, twists: int, reason: str) -> ContestResult:
    scene.emit("contest_end", winner=winner, victories=dict(marks), exchanges=exchanges, reason=reason)
    return ContestResult(winner, dict(marks), exchanges, twists, reason)
