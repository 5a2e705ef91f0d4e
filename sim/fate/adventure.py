"""A Fate adventure: scenes chosen by the scenario and by what happened, sessions, milestones, fate points.

:class:`Adventure` is the one mutable owner of an adventure's PCs between scenes (during a scene the
:class:`~sim.fate.scenes.scene.Scene` owns them and hands them back when it ends). The loop is a
:class:`sim.phases.PhaseTable` of coarse phases, :data:`TABLE`::

    setup -> session -> scene -> aftermath -> scene ... -> session_end -> session ... -> ended

* ``session``: each PC's fate points become ``max(refresh, carried)`` (FATE.FP.1).
* ``scene``: the GM offers compels on the PCs' troubles and the scene's aspects, which each PC accepts or
  refuses (FATE.ASPECT.6, FATE.FP.4); the GM's pool is one point per PC plus what major NPCs carried from
  earlier scenes (FATE.FP.5); then the scene is played (:func:`sim.fate.scenes.challenge.play_challenge`,
  :func:`~sim.fate.scenes.contest.play_contest`, :func:`~sim.fate.scenes.conflict.play_conflict`) and its result names the
  next scene (``next:``, FATE.CHALLENGE.3). Hostile invokes and concessions are paid as the scene ends
  (FATE.ASPECT.4, FATE.CONFLICT.4-5) and stress clears (FATE.CONFLICT.STRESS.2).
* ``aftermath``: time passes for treated consequences, then each untreated one gets one treatment roll
  (FATE.RECOVER.1-3).
* ``session_end``: a minor milestone for every PC, a major one at an arc's end (FATE.ADV.1-3), and the
  session's (and arc's) recovery (FATE.RECOVER.2, FATE.RECOVER.4).

Engineering readings `[inferred]`: an accepted compel's complication is a situation aspect with a free invoke
for the opposition (or, with no NPC to hold it, +2 to the difficulty the compelled PC faces, FATE.ASPECT.1);
the GM reads a failed challenge task by policy (FATE.OUTCOME.2): a simple failure, success at a major cost (a
point for the GM's next pool) or success at the cost of a hit of the failure's shifts.

Every die rolls from the adventure's ``dice`` stream; every choice is asked through the seats (``gm``,
``pc1``...), so a person can hold any seat; the journal carries what a re-derivation needs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from enum import Enum
from typing import Any, Mapping

from sim.agents.base import Agent
from sim.agents.briefing import names_for
from sim.agents.seats import Seats
from sim.dice import FAIL
from sim.fate.agents import fate_agent
from sim.fate.characters.aspects import SITUATION, Aspect, compel
from sim.fate.scenes.challenge import Task, play_challenge
from sim.fate.characters.character import TRACKS, Character, make_character, session_fate_points, sheet_fields
from sim.fate.scenes.conflict import play_conflict
from sim.fate.scenes.contest import ContestSide, Threat, play_contest
from sim.fate.characters.ladder import skills as skill_list
from sim.fate.characters.milestones import apply_milestone, major_raise, minor_options, stunt_to_rewrite
from sim.fate.characters.recovery import TREATING_SKILL, recover, treat, treatment_difficulty
from sim.fate.scenes.rules import HIT_READINGS, gm_pool, goal_met, readings
from sim.fate.scenario import END, FateScenario, SceneSpec
from sim.fate.scenes.scene import Scene
from sim.fate.tables import npcs as npc_table, skill_names, stunts as stunt_table
from sim.fate.scenes.zones import ZoneMap
from sim.journal import Journal
from sim.phases import PhaseTable
from sim.rng import stream

PCS, OPPOSITION, GM = "pcs", "opposition", "gm"


class Phase(Enum):
    SETUP = "setup"
    SESSION = "session"
    SCENE = "scene"
    AFTERMATH = "aftermath"
    SESSION_END = "session_end"
    ENDED = "ended"


class Adventure:
    """One adventure's state between phases (see the module docstring). ``state`` is its phase."""

    def __init__(self, scenario: FateScenario, seed: int, journal: Journal, seats: Seats):
        self.scenario = scenario
        self.seed = int(seed)
        self.journal = journal
        self.seats = seats
        self.rng = stream(seed, "dice")
        self.state: Phase | None = None
        self.pcs: dict[str, Character] = {}
        self.current: str = scenario.start
        self.spec: SceneSpec | None = None  # the scene being played or just played
        self.result: str | None = None
        self.following: str | None = None  # the scene after it (END: none)
        self.scenes = 0
        self.session = 0
        self.closing = "session"  # what the ending session closes: session or arc
        self.gm_carried = 0  # FATE.FP.5: points major NPCs carry to the GM's next pool
        self.end_reason: str | None = None
        self.used: dict[str, Counter] = {}  # skills each PC rolled this session (what a milestone leans on)
        self.tally: Counter = Counter()
        self.npc_names: dict[str, str] = {}
        journal.listeners.append(self._count)

    # --- the summary is counted from the events as they happen ------------------------------------
    def _count(self, e: Mapping[str, Any]) -> None:
        kind, actor = e["event"], e.get("actor")
        pc = actor in self.pcs
        if kind in ("fate_roll", "threat_roll") or (kind == "fate_invoke" and e["mode"] == "reroll"):
            self.tally["dice_rolled"] += 4  # Fate dice (what sim bench weighs against a bare loop of dice)
        if kind == "fate_roll" and pc:
            self.used.setdefault(actor, Counter())[e["skill"]] += 1
        elif kind == "compel":
            self.tally["compels_accepted" if e["accepted"] else "compels_refused"] += 1
        elif kind == "fate_points":
            delta = e["after"] - e["before"]
            if actor == GM:
                self.tally["gm_points_spent"] += max(0, -delta)
            elif e["reason"] in ("compel", "hostile_invoke", "concession"):
                self.tally["fate_points_earned"] += delta
            elif e["reason"] in ("invoke", "refuse_compel"):
                self.tally["fate_points_spent"] -= delta
        elif kind == "taken_out" and pc:
            self.tally["pcs_taken_out"] += 1
        elif kind == "concede" and pc:
            self.tally["concessions"] += 1
        elif kind == "fate_consequence" and pc:
            self.tally[f"consequences_{e['severity']}"] += 1
        elif kind == "milestone":
            self.tally[f"milestones_{e['kind']}"] += 1
        elif kind == "scene_end":
            won = e["result"] in ("won", "success", "partial")
            self.tally[f"{e['kind']}_{'won' if won else 'lost'}"] += 1

    def emit(self, event: str, **fields: Any) -> dict:
        return self.journal.emit(event, **fields)

    def set_points(self, pc: str, after: int, reason: str) -> None:
        """A PC's fate points change outside a scene; journaled as ``fate_points`` (FATE.FP.1, FATE.FP.4)."""
        before = self.pcs[pc].fate_points
        if after != before:
            self.pcs[pc] = replace(self.pcs[pc], fate_points=after)
            self.emit("fate_points", actor=pc, before=before, after=after, reason=reason)


@names_for(Adventure)
def adventure_names(adv: Adventure) -> dict:
    return {**{cid: c.name for cid, c in adv.pcs.items()}, **adv.npc_names}


# --- building characters ----------------------------------------------------------------------------

def make_pcs(scenario: FateScenario) -> dict[str, Character]:
    """The PCs from the scenario: five aspects, the pyramid, stunts from content, refresh after stunts (FATE.CHAR.1-4, FATE.FP.1-3)."""
    stunts = stunt_table(scenario.content)
    return {pc.seat: make_character(pc.seat, dict(pc.skills), name=pc.name, aspects=pc.aspects,
                                    stunts=tuple(stunts[s] for s in pc.stunts), options=scenario.options)
            for pc in scenario.pcs}


def make_npcs(spec: SceneSpec, content: Any, options: Any) -> list[tuple[Character, str | None]]:
    """The scene's opposition from the NPC stat blocks (FATE.CHAR.5): (character, zone) in order, ids npc1..."""
    table, names, stunts = npc_table(content), skill_names(content), stunt_table(content)
    out = []
    for foe in spec.opposition:
        block = table[foe.npc]
        name = block["name"] if isinstance(block["name"], str) else block["name"]["en"]
        for k in range(foe.count):
            n = len(out) + 1
            char = make_character(
                f"npc{n}", {names[s]: r for s, r in block["skills"].items()}, kind=block["kind"],
                name=name if foe.count == 1 else f"{name} {k + 1}", aspects=tuple(block.get("aspects") or ()),
                stunts=tuple(stunts[s] for s in block.get("stunts") or ()), minor_stress=int(block.get("stress", 1)),
                options=options)
            out.append((char, foe.zone))
    return out


def zone_map(spec: SceneSpec) -> ZoneMap:
    """The scene's zones as a networkx graph: impeded borders and blocked sight (FATE.SCENE.1-3)."""
    return ZoneMap(spec.zones, [(a, b, {"impeded": imp, "sight": sight}) for a, b, imp, sight in spec.borders])


# --- the phases -------------------------------------------------------------------------------------

def setup(adv: Adventure, ctx: Any) -> str:
    adv.pcs = make_pcs(adv.scenario)
    adv.emit("adventure_start", scenario=adv.scenario.name, seed=adv.seed, pcs={c: p.name for c, p in adv.pcs.items()},
             seats=dict(adv.scenario.seats), start=adv.scenario.start, max_scenes=adv.scenario.max_scenes,
             length={"scores": adv.scenario.max_scenes})  # what ``sim play --replay`` reads back (sim.replay)
    for char in adv.pcs.values():  # the numbers the rules are re-derived from (FATE.CHAR)
        adv.emit("fate_character", **sheet_fields(char))
    return "begin"


def session_start(adv: Adventure, ctx: Any) -> str:
    """FATE.FP.1: fate points are the larger of refresh and what was carried over."""
    adv.session += 1
    adv.used = {}
    adv.emit("session_start", n=adv.session)
    for cid in adv.pcs:
        char = adv.pcs[cid]
        adv.set_points(cid, session_fate_points(char.refresh, char.fate_points), "refresh")
    return "play"


def offer_compels(adv: Adventure, spec: SceneSpec, holder: str | None = None) -> list[tuple[str, str]]:
    """FATE.ASPECT.6: the GM may compel each PC's trouble (or the scene's first aspect); the PC accepts (+1 point)
    or refuses (pays 1; impossible with none). Returns the accepted (pc, aspect) pairs. ``holder``: the NPC who
    will hold the free invoke on the complication (:func:`play_scene`); the PC is told (``complication``,
    ``holder``), or, with none, that what they face is 2 harder."""
    accepted = []
    for cid in adv.pcs:
        char = adv.pcs[cid]
        aspect = char.aspects[1] if len(char.aspects) > 1 else (spec.aspects[0][0] if spec.aspects else None)
        if aspect is None:
            continue
        if not adv.seats.decide(GM, "fate_compel_offer", (False, True), actor=cid, aspect=aspect,
                          fate_points=char.fate_points, scene_kind=spec.kind):
            continue
        options = (False, True) if char.fate_points > 0 else (True,)
        took = adv.seats.decide(cid, "fate_compel", options, actor=cid, aspect=aspect, fate_points=char.fate_points,
                                complication=f"{aspect} (compelled)", holder=holder)
        after, _ = compel(char.fate_points, took)
        adv.set_points(cid, after, "compel" if took else "refuse_compel")
        adv.emit("compel", target=cid, aspect=aspect, accepted=took, fate_points=after, by=GM)
        if took:
            accepted.append((cid, aspect))
    return accepted


def play_scene(adv: Adventure, ctx: Any) -> str:
    spec = adv.spec = adv.scenario.scene(adv.current)
    adv.scenes += 1
    opts, content = adv.scenario.options, adv.scenario.content
    foes = make_npcs(spec, content, opts)
    adv.npc_names = {c.id: c.name for c, _ in foes}
    zones = zone_map(spec)
    here = spec.start_zone or spec.zones[0]
    pool = gm_pool(len(adv.pcs), adv.gm_carried)
    adv.gm_carried = 0
    adv.emit("scene_start", scene=spec.id, name=spec.name or spec.id, n=adv.scenes, kind=spec.kind, zones=list(spec.zones),
             borders=[[a, b, imp, sight] for a, b, imp, sight in spec.borders],
             aspects=[name for name, _ in spec.aspects], opposition={c.id: c.name for c, _ in foes}, gm_points=pool,
             positions=dict(sorted({**{cid: here for cid in adv.pcs}, **{c.id: z or spec.zones[0] for c, z in foes}}.items())))
    compelled = offer_compels(adv, spec, foes[0][0].id if foes else None)
    chars = list(adv.pcs.values()) + [c for c, _ in foes]
    sides = {**{cid: PCS for cid in adv.pcs}, **{c.id: OPPOSITION for c, _ in foes}}
    positions = {**{cid: here for cid in adv.pcs}, **{c.id: z or spec.zones[0] for c, z in foes}}
    scene = Scene(adv.rng, chars, sides, journal=adv.journal, options=opts, seats=adv.seats, positions=positions,
                  content=content)
    scene.track_points = True
    scene.gm_points = pool
    scene.journal_sheets()
    for name, zone in spec.aspects:
        scene.add_aspect(Aspect(name, SITUATION, zone=zone), by=None)
    holder = foes[0][0].id if foes else None
    for cid, aspect in compelled:
        if holder is not None:  # the complication works for the opposition [inferred]
            scene.add_aspect(Aspect(f"{aspect} (compelled)", SITUATION), by=GM, free_invokes=1, holder=holder)
    adv.result = _PLAY[spec.kind](adv, scene, spec, zones, [c for c, _ in compelled] if holder is None else [])
    for cid in adv.pcs:
        adv.pcs[cid] = scene.chars[cid]
    adv.gm_carried += sum(n for cid, n in scene.owed.items() if scene.is_npc(cid) and scene.chars[cid].kind == "major")
    adv.following = spec.follows(adv.result, adv.scenario.after(spec.id))
    adv.emit("scene_end", scene=spec.id, kind=spec.kind, result=adv.result, next=adv.following)
    return "done"


def _challenge(adv: Adventure, scene: Scene, spec: SceneSpec, zones: ZoneMap, hard: list[str]) -> str:
    """FATE.CHALLENGE.1-3 with the GM's reading of each failed task (FATE.OUTCOME.2)."""
    tasks = [Task(*t) for t in spec.tasks]
    who = tuple(adv.pcs)
    result = play_challenge(scene, tasks, who, hard)
    hit_succeeds = bool(adv.scenario.options["fate_hit_succeeds"])
    met = []
    for r in result.tasks:
        if r.outcome != FAIL:
            met.append(True)
            continue
        reading = adv.seats.decide(GM, "fate_failure", readings(FAIL, hit_succeeds), actor=r.roller, task=r.task.name,
                                   shifts=r.shifts, boxes=scene.chars[r.roller].empty_boxes("physical"),
                                   helpers=len(r.helpers))
        hit = max(1, -r.shifts) if reading in HIT_READINGS else 0
        adv.emit("challenge_cost", task=r.task.name, actor=r.roller, reading=reading, hit=hit)
        if hit:
            scene.take_hit(r.roller, "physical", hit, by=None)
        elif reading == "major":
            adv.gm_carried += 1
        met.append(goal_met(reading, hit_succeeds))
    scene.end(kind="challenge")
    return "success" if all(met) else "failure" if not any(met) else "partial"


def _contest(adv: Adventure, scene: Scene, spec: SceneSpec, zones: ZoneMap, hard: list[str]) -> str:
    """FATE.CONTEST.1-5: the PCs' side against the opposition's side, a passive difficulty and/or a threat."""
    sides = [ContestSide(PCS, tuple(adv.pcs), spec.skill)]
    npcs = tuple(c for c in scene.order if scene.is_npc(c))
    if npcs:
        sides.append(ContestSide(OPPOSITION, npcs, spec.skill))
    bump = 2 if hard else 0
    difficulty = None if spec.difficulty is None else spec.difficulty + bump
    threat = Threat(spec.threat[0], spec.threat[1] + (bump if difficulty is None else 0), spec.threat[2]) if spec.threat else None
    r = play_contest(scene, sides, difficulty=difficulty, victories=spec.victories, threat=threat,
                     style_rule=scene.options["fate_contest_style"])
    scene.end(kind="contest", winner=r.winner)
    return "won" if r.winner == PCS else "lost"


def _conflict(adv: Adventure, scene: Scene, spec: SceneSpec, zones: ZoneMap, hard: list[str]) -> str:
    """FATE.CONFLICT: fought over the scene's zones until one side is left (the conflict ends the scene)."""
    r = play_conflict(scene, zones=zones)
    return "won" if r.winner == PCS else "lost"


_PLAY = {"challenge": _challenge, "contest": _contest, "conflict": _conflict}


def aftermath(adv: Adventure, ctx: Any) -> str:
    """FATE.RECOVER.1-3: a scene has passed for consequences treated earlier; each untreated one gets a treatment
    roll by the PC best at it (another PC if there is one); then the next scene, or the session's end."""
    content = adv.scenario.content
    for cid in adv.pcs:
        pass_time(adv, cid, "scene")
    for cid in list(adv.pcs):
        for slot in adv.pcs[cid].consequences():
            if slot.recovering:
                continue
            skill = TREATING_SKILL["mental" if slot.harm == "mental" else "physical"]
            healer = _healer(adv, cid, slot.severity, skill)
            bonus = min(2, sum(s.bonus for s in adv.pcs[healer].stunts if s.skill == skill and s.action == "overcome"))
            patient, _ = treat(adv.rng, adv.pcs[healer], adv.pcs[cid], slot.name, journal=adv.journal,
                               content=content, bonus=bonus, when=(adv.scenes, adv.session),
                               self_rule=adv.scenario.options["fate_self_treatment"])
            adv.pcs[cid] = replace(patient, fate_points=adv.pcs[cid].fate_points)
    done = adv.following == END or adv.scenes >= adv.scenario.max_scenes
    if done:
        adv.end_reason = "finished" if adv.following == END else "max_scenes"
    if not done:
        adv.current = adv.following
    if done or adv.spec.ends:
        adv.closing = adv.spec.ends or "session"
        return "close"
    return "next"


def _healer(adv: Adventure, patient: str, severity: str, skill: str) -> str:
    """Who treats ``patient`` (FATE.RECOVER.2): the PC whose rating and stunt bonus beat the difficulty by most,
    treating yourself counting its higher difficulty (option ``fate_self_treatment``); another PC on a tie."""
    rule = adv.scenario.options["fate_self_treatment"]
    order = list(adv.pcs)

    def margin(h: str) -> tuple:
        char = adv.pcs[h]
        bonus = min(2, sum(s.bonus for s in char.stunts if s.skill == skill and s.action == "overcome"))
        need = treatment_difficulty(severity, h == patient, adv.scenario.content, rule)
        return char.skill(skill) + bonus - need, h != patient, -order.index(h)
    return max(order, key=margin)


def pass_time(adv: Adventure, cid: str, span: str) -> None:
    """``span`` ended for PC ``cid``: recovered consequences clear, each journaled with its reason, and at a major
    milestone untreated ones begin recovering (FATE.RECOVER.2, FATE.RECOVER.4)."""
    adv.pcs[cid], changes = recover(adv.pcs[cid], span, adv.scenario.content, scene=adv.scenes, session=adv.session)
    for change in changes:
        adv.emit(change.pop("event"), **change)


def session_end(adv: Adventure, ctx: Any) -> str:
    """FATE.ADV.1-2: a milestone for every PC (major at an arc's end), then the session's recovery (FATE.RECOVER.2, .4)."""
    kind = "major" if adv.closing == "arc" else "minor"
    content = adv.scenario.content
    known = skill_list(content)
    stunts = stunt_table(content)
    for cid in adv.pcs:
        char = adv.pcs[cid]
        favour = [s for s, _ in sorted((adv.used.get(cid) or Counter()).items(), key=lambda kv: (-kv[1], kv[0]))]
        unrated = [s for s in favour + list(known) if char.skill(s) == 0]
        best = max(char.skills, key=lambda kv: kv[1])[0] if char.skills else None
        owned = {s.name for s in char.stunts}
        stunt = next((s for s in stunts.values() if s.skill == best and s.name not in owned), None)
        options = minor_options(char, stunt=stunt, favour=favour, unrated=unrated, rewritable=len(char.aspects) > 1)
        given_up = stunt_to_rewrite(char, favour)
        choice = adv.seats.decide(cid, "fate_milestone", options, actor=cid, milestone=kind,
                                  stunt=stunt.name if stunt else "", replaced=given_up.name if given_up else "")
        char, what = apply_milestone(char, choice, stunt=stunt, favour=favour, unrated=unrated)
        if kind == "major":
            char, raised = major_raise(char, list(dict.fromkeys([*favour, *known])))
            what.update(raised)
        adv.pcs[cid] = char
        adv.emit("milestone", actor=cid, kind=kind, choice=choice, **what, ratings=dict(char.skills),
                 stress={t: len(char.track(t)) for t in TRACKS})
        pass_time(adv, cid, "session")
        if kind == "major":
            pass_time(adv, cid, "major_milestone")
    adv.emit("session_end", n=adv.session, closes=adv.closing)
    if adv.end_reason is not None:
        adv.emit("adventure_end", reason=adv.end_reason, scenes=adv.scenes, sessions=adv.session)
        return "finish"
    return "begin"


TABLE = PhaseTable(
    "fate_adventure", Phase, initial=Phase.SETUP, final=Phase.ENDED,
    transitions=(
        ("begin", (Phase.SETUP, Phase.SESSION_END), Phase.SESSION),
        ("play", (Phase.SESSION,), Phase.SCENE),
        ("done", (Phase.SCENE,), Phase.AFTERMATH),
        ("next", (Phase.AFTERMATH,), Phase.SCENE),
        ("close", (Phase.AFTERMATH,), Phase.SESSION_END),
        ("finish", (Phase.SESSION_END,), Phase.ENDED),
    ),
    work={Phase.SETUP: setup, Phase.SESSION: session_start, Phase.SCENE: play_scene, Phase.AFTERMATH: aftermath,
          Phase.SESSION_END: session_end},
)


# --- playing one adventure ---------------------------------------------------------------------------

def seat_agents(scenario: FateScenario) -> dict[str, Agent]:
    """Scripted agents for every seat: the scenario's ``seats:`` policy, else the PC's own and the GM's."""
    holders = dict(scenario.seats)
    agents = {GM: fate_agent("gm", holders.get(GM) if holders.get(GM, "human") != "human" else scenario.gm_policy)}
    for pc in scenario.pcs:
        held = holders.get(pc.seat)
        agents[pc.seat] = fate_agent("players", held if held and held != "human" else pc.policy)
    return agents


def build(scenario: FateScenario, seed: int, journal: Journal, seats: Mapping[str, Agent] | None = None) -> Adventure:
    """An adventure placed at ``setup``; ``seats`` puts other holders in named seats, or in every seat with ``"*"``."""
    from sim.errors import UsageError

    agents = seat_agents(scenario)
    for seat, agent in (seats or {}).items():
        if seat == "*":
            agents = {name: agent for name in agents}
        elif seat in agents:
            agents[seat] = agent
        else:
            raise UsageError(f"no seat {seat!r} in this adventure; seats: {', '.join(agents)}")
    people = [s for s, h in scenario.seats if h == "human"]
    missing = [s for s in people if s not in (seats or {}) and "*" not in (seats or {})]
    if missing:
        raise UsageError(f"seat {missing[0]} is held by a person (human) but nobody was given to sit there")
    adv = Adventure(scenario, seed, journal, Seats(agents, seed, journal))
    adv.seats.state = adv
    TABLE.place(adv)
    return adv


def play_adventure(scenario: FateScenario, seed: int, *, journal: Any = None, series: list | None = None,
                   seats: Mapping[str, Agent] | None = None) -> tuple[Adventure, dict[str, Any]]:
    """Play one adventure to its end: ``(adventure, flat summary)``; ``journal`` a Journal or a list to fill."""
    j = journal if isinstance(journal, Journal) else Journal(keep=journal is not None)
    if isinstance(journal, list):
        j.events = journal
    adv = build(scenario, seed, j, seats)
    if series is not None:
        def row(e: Mapping[str, Any]) -> None:
            if e["event"] == "scene_end":
                series.append({"score": adv.scenes, "fate_points": sum(c.fate_points for c in adv.pcs.values()),
                               "consequences": sum(len(c.consequences()) for c in adv.pcs.values())})
        j.listeners.append(row)
    TABLE.run(adv)
    return adv, summarize(adv)


SUMMARY_COUNTS = (
    "challenge_won", "challenge_lost", "contest_won", "contest_lost", "conflict_won", "conflict_lost",
    "pcs_taken_out", "concessions", "consequences_mild", "consequences_moderate", "consequences_severe",
    "fate_points_earned", "fate_points_spent", "gm_points_spent", "compels_accepted", "compels_refused",
    "milestones_minor", "milestones_major",
)


def summarize(adv: Adventure) -> dict[str, Any]:
    """The flat summary (the same keys for every adventure, :func:`summary_keys`)."""
    out: dict[str, Any] = {"scenario": adv.scenario.name, "seed": adv.seed, "end": adv.end_reason or "stopped",
                           "scenes": adv.scenes, "sessions": adv.session}
    out.update({k: int(adv.tally[k]) for k in SUMMARY_COUNTS})
    out["fate_points_end"] = sum(c.fate_points for c in adv.pcs.values())
    out["dice_rolled"] = int(adv.tally["dice_rolled"])
    out["decisions"] = adv.seats.asked  # choices asked of the seats, forced ones too
    out["events"] = adv.journal.seq - adv.seats.recorded
    return out


def summary_keys() -> tuple[str, ...]:
    return tuple(sorted(("scenario", "seed", "end", "scenes", "sessions", *SUMMARY_COUNTS, "fate_points_end",
                         "dice_rolled", "decisions", "events")))
