"""The scene: the one mutable owner of a Fate scene's characters, aspects and invokes.

Challenges, contests and conflicts (:mod:`~sim.fate.scenes.challenge`,
:mod:`~sim.fate.scenes.contest`, :mod:`~sim.fate.scenes.conflict`) each build a
:class:`Scene` and change it only through its methods, which journal what
happened. All dice come from the scene's ``rng``; every choice is asked of a
seat (a PC's id, or ``"gm"`` for NPCs) through :mod:`sim.agents`.

Shared procedures live here: a roll with its invokes (FATE.DICE.2,
FATE.ASPECT.3-4, FATE.ASPECT.8), creating aspects and boosts (FATE.ACTION.2,
FATE.ASPECT.7), taking a hit (FATE.CONFLICT.2, STRESS.1, CONSEQ.1-2) and the
scene's end (FATE.CONFLICT.STRESS.2, FATE.ASPECT.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from sim.agents.base import Agent
from sim.agents.seats import Seats
from sim.dice import effort as total_effort, fate_outcome, roll_fate, shifts as shifts_of
from sim.errors import UsageError
from sim.fate.agents import seats_for
from sim.fate.tables import consequence_word
from sim.fate.characters.aspects import (
    BOOST, CHARACTER, CONSEQUENCE, OPPOSE, SITUATION, Aspect, best_invoke_mode, can_invoke, hostile_payee, invoke, outlives_scene,
)
from sim.fate.characters.character import (
    Absorb, Character, absorb, absorb_plans, clear_stress, concession_points, gain_fate_points, spend_fate_point,
    sheet_fields, stunt_bonus,
)
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import SEED_BITS, Rng

GM = "gm"
PASS = ("pass", "", "")



@dataclass(slots=True)
class Pending:
    """A roll being settled: its faces may be rerolled and bonuses added by invokes."""

    actor: str
    skill: str
    action: str
    faces: tuple[int, ...]
    rating: int
    bonus: int = 0
    invokes: int = 0
    used: list[str] = field(default_factory=list)
    target: str | None = None
    stunt: str | None = None
    opposed: int = 0  # invokes made against this roll in the "oppose" mode, -2 each (FATE.ASPECT.3)

    @property
    def effort(self) -> int:
        return total_effort(self.faces, self.rating, self.invokes, self.bonus) - 2 * self.opposed


class Scene:
    """One scene's mutable state. ``sides`` maps each character id to its side's name."""

    def __init__(self, rng: Rng, characters: Iterable[Character], sides: Mapping[str, str], *,
                 journal: Journal | None = None, options: RuleOptions | None = None,
                 seats: Mapping[str, Agent] | Seats | None = None, aspects: Iterable[Aspect] = (),
                 positions: Mapping[str, str] | None = None, seed: int | None = None, content: Any = None,
                 host_words: Callable[[], Mapping[str, Mapping[str, str]]] | None = None):
        self.rng = rng
        #: the content its names come from (consequence words, aspect pools: sim.fate.tables); None: the project's
        self.content = content
        #: the words in other languages of names the system hosting the scene gave (a Blades obstacle's), English ->
        #: {lang: words}; called only to brief a person (sim.fate.views.briefings.scene_words)
        self.host_words = host_words
        self.journal = journal if journal is not None else Journal()
        self.options = options if options is not None else RuleOptions()
        self.chars: dict[str, Character] = {}
        for c in characters:
            if c.id in self.chars:
                raise UsageError(f"character id {c.id!r} appears twice in the scene")
            if c.id not in sides:
                raise UsageError(f"character {c.id!r} has no side")
            self.chars[c.id] = c
        self.order: tuple[str, ...] = tuple(self.chars)  # listing order: the tie-breaker everywhere
        self.side: dict[str, str] = {cid: str(sides[cid]) for cid in self.order}
        #: who answers: the seats of the campaign the scene is part of (a Seats), or seat -> agent for a scene on
        #: its own (by default every PC plays "careful" and the GM "standard", sim.fate.agents), each seat drawing
        #: from its own stream of ``seed`` (default: one draw from ``rng``)
        if isinstance(seats, Seats):
            self.seats = seats
        else:
            agents = dict(seats) if seats is not None else seats_for([c.id for c in self.chars.values() if c.kind == "pc"])
            self.seats = Seats(agents, rng.getrandbits(SEED_BITS) if seed is None else seed, self.journal)
            self.seats.state = self
        self.aspects: dict[str, Aspect] = {}
        self.free: dict[tuple[str, str], int] = {}  # (aspect, holder) -> free invokes
        self.positions: dict[str, str] = dict(positions or {})
        self.revealed: set[str] = set()  # hidden character aspects a create-an-advantage revealed (FATE.ACTION.3)
        self.exchanges = 0  # exchanges begun in this scene, conflict and contest alike (a boost's moment)
        self.boosts: dict[str, int] = {}  # boost in play -> the exchange count when it was gained (FATE.ASPECT.2)
        self.out: dict[str, str] = {}  # id -> "taken_out" | "conceded"
        self.free_acted: set[str] = set()  # PCs whose turn a free act took (solo play, sim.fate.free_act)
        self.taken: dict[str, int] = {cid: 0 for cid in self.order}  # consequences taken in this scene
        self.new_consequences: list[tuple[str, str]] = []  # (character id, slot name), in the order taken
        self.owed: dict[str, int] = {}  # hostile invokes, paid after the scene (FATE.ASPECT.4)
        self.owed_why: dict[str, dict[str, int]] = {}  # id -> reason (hostile_invoke, concession) -> points owed
        #: journal a ``fate_points`` event (actor, before, after, reason) for every change of a PC's points and of
        #: the GM's pool (a Fate adventure does; a Blades score, whose scoundrels keep no fate points, does not)
        self.track_points = False
        #: the GM's pool: one fate point per PC at scene start (FATE.FP.5)
        self.gm_points = sum(1 for c in self.chars.values() if c.kind == "pc")
        for c in self.chars.values():
            for name in c.aspects:
                self.aspects[name] = Aspect(name, CHARACTER, c.id)
            for slot in c.consequences():
                self.aspects[slot.aspect] = Aspect(slot.aspect, CONSEQUENCE, c.id)
        for a in aspects:
            self.add_aspect(a, by=None)

    def journal_sheets(self, carried: str = "scene") -> None:
        """Journal every character's numbers as the scene opens (``fate_character``: ratings, stress tracks,
        consequence slots with what they carry in), so a checker can re-derive the scene's rules from the journal
        alone (FATE.CHAR.2-5). The host calls it once, after setting up the scene; ``carried`` says where filled
        slots come from (``scene``: earlier Fate scenes; ``harm``: a Blades scoundrel's harm)."""
        for cid in self.order:
            self.emit("fate_character", **sheet_fields(self.chars[cid]), side=self.side[cid],
                      zone=self.positions.get(cid), carried=carried)

    # --- seats and the journal ---------------------------------------------------------
    def emit(self, event: str, **fields: Any) -> dict:
        if event == "exchange":  # a new exchange: the moment of boosts from the one before last has passed
            self.exchanges += 1
            if self.options["fate_boost_moment"] == "exchange":
                self._lapse_boosts()
        return self.journal.emit(event, **fields)

    def _lapse_boosts(self) -> None:
        """FATE.ASPECT.2: a boost is gone when the moment passes; our reading: at the end of the exchange after the
        one it was gained in (a conflict's or a contest's), unused. In a challenge, whose tasks are read together
        as one situation, and outside exchanges it lasts to the scene's end. Option ``fate_boost_moment``
        (``exchange``; ``scene``: every boost lasts to the scene's end)."""
        for name, gained in sorted(self.boosts.items(), key=lambda kv: (kv[1], kv[0])):
            if gained > self.exchanges - 2:
                continue
            del self.boosts[name]
            aspect = self.aspects.pop(name, None)
            holders = sorted(h for (n, h) in self.free if n == name)
            for h in holders:
                del self.free[(name, h)]
            if aspect is not None:
                self.journal.emit("fate_boost_lapse", aspect=name, holder=holders[0] if holders else aspect.owner,
                                  gained=gained, exchange=self.exchanges)

    def is_npc(self, cid: str) -> bool:
        return self.chars[cid].kind != "pc"

    def seat(self, cid: str) -> str:
        return GM if cid == GM or self.is_npc(cid) else cid

    def decide(self, who: str, kind: str, options: Sequence, **context: Any) -> Any:
        """Ask the seat of ``who`` (a character id, or "gm" for every NPC) to pick one of ``options``, through the
        scene's :class:`~sim.agents.seats.Seats` (an illegal answer raises IllegalMove; a choice is journaled)."""
        seat = self.seat(who)
        if seat not in self.seats.agents:
            raise UsageError(f"no agent sits in seat {seat!r}")
        context["actor"] = who  # plain data only (docs/architecture.md "Decisions"): the scene itself stays here
        seats = self.seats
        if seats.state is self or not getattr(seats.agents[seat], "person", False):
            return seats.decide(seat, kind, options, **context)
        owner, seats.state = seats.state, self  # a person in a campaign's seat is briefed on this scene
        try:
            return seats.decide(seat, kind, options, **context)
        finally:
            seats.state = owner

    def leads(self, who: str) -> bool:
        """Whether the seat of ``who`` leads (issue 30, :meth:`sim.agents.seats.Seats.leads`): a person offered every
        move the rules allow; a scripted seat (the GM's, every NPC's) is offered the engine's shortlist."""
        return self.seats.leads(self.seat(who))

    def active(self, side: str | None = None) -> tuple[str, ...]:
        return tuple(c for c in self.order if c not in self.out and (side is None or self.side[c] == side))

    def sides(self) -> tuple[str, ...]:
        """Side names in order of first appearance."""
        return tuple(dict.fromkeys(self.side[c] for c in self.order))

    def enemies(self, cid: str) -> tuple[str, ...]:
        return tuple(c for c in self.active() if self.side[c] != self.side[cid])

    def best_attack(self, cid: str) -> int:
        """The character's best attack rating (Fight, Shoot or Provoke): what the turn-order policies weigh."""
        ch = self.chars[cid]
        return max(ch.skill("Fight"), ch.skill("Shoot"), ch.skill("Provoke"))

    def free_invokes(self, cid: str) -> int:
        """Free invokes ``cid`` holds on any aspect (FATE.ASPECT.8)."""
        return sum(n for (_, holder), n in self.free.items() if holder == cid)

    def fate_points(self, cid: str) -> int:
        return self.gm_points if self.is_npc(cid) else self.chars[cid].fate_points

    # --- aspects ------------------------------------------------------------------------
    def add_aspect(self, aspect: Aspect, *, by: str | None, free_invokes: int = 0, holder: str | None = None) -> Aspect:
        """Put an aspect in play; ``holder`` (default ``by``) gets its free invokes (FATE.ASPECT.8)."""
        name = aspect.name
        n = 2
        while name in self.aspects:  # aspects are named uniquely in a scene
            name = f"{aspect.name} #{n}"
            n += 1
        aspect = replace(aspect, name=name)
        self.aspects[name] = aspect
        if aspect.kind == BOOST:
            self.boosts[name] = self.exchanges
        holder = holder or by
        if free_invokes and holder:
            self.free[(name, holder)] = self.free.get((name, holder), 0) + free_invokes
        self.emit("fate_aspect", name=name, kind=aspect.kind, by=by, owner=aspect.owner, zone=aspect.zone,
                  holder=holder if free_invokes else None, free_invokes=free_invokes)
        return aspect

    def add_boost(self, holder: str, why: str) -> Aspect:
        """A boost: one free invoke, held by ``holder``, gone when used or at scene end (FATE.ASPECT.7)."""
        return self.add_aspect(Aspect(f"{why} ({self.chars[holder].name})", BOOST, holder), by=holder, free_invokes=1)

    def invoke_options(self, p: Pending) -> tuple[tuple[str, str, str], ...]:
        """Invokes open to the roller (FATE.ASPECT.3): free ones held, then paid ones if they have points."""
        mode = best_invoke_mode(p.faces)
        # free invokes: any number; paid: each aspect once per roll, not one already invoked on it (FATE.ASPECT.3);
        # either way a zone aspect only from inside its zone (FATE.SCENE.4)
        opts = [("free", name, mode) for (name, holder), n in sorted(self.free.items())
                if holder == p.actor and n > 0 and self.in_zone(self.aspects[name], p.actor)]
        if self.fate_points(p.actor) > 0:
            for name in sorted(self.aspects):
                a = self.aspects[name]
                if not can_invoke(a, free=False, used=tuple(p.used)) or not self._relevant(a, p.actor):
                    continue
                opts.append(("paid", name, mode))
        return tuple(opts)

    def in_zone(self, a: Aspect, cid: str) -> bool:
        """FATE.SCENE.4: a zone aspect affects only its zone, so only a character standing there may invoke it
        (paid or free); an aspect with no zone is everywhere in the scene."""
        return a.zone is None or self.positions.get(cid) == a.zone

    def _relevant(self, a: Aspect, cid: str) -> bool:
        """Aspects a roller may plausibly justify: their own, the situation's (their zone's), their enemies' consequences."""
        if a.kind == SITUATION:
            return self.in_zone(a, cid)
        if a.kind == CHARACTER:
            return a.owner == cid
        if a.kind == CONSEQUENCE:
            return a.owner != cid and self.side.get(a.owner) != self.side[cid]
        return False

    def apply_invoke(self, p: Pending, choice: tuple[str, str, str]) -> None:
        how, name, mode = choice
        a = self.aspects[name]
        free = how == "free"
        before = p.faces
        p.used.append(name)
        if free:
            key = (name, p.actor)
            self.free[key] -= 1
            if not self.free[key]:
                del self.free[key]
                if a.kind == BOOST:  # a boost is gone once used (FATE.ASPECT.7)
                    del self.aspects[name]
                    self.boosts.pop(name, None)
        else:
            before_points = self.fate_points(p.actor)
            if self.is_npc(p.actor):
                self.gm_points -= 1
            else:
                self.chars[p.actor] = spend_fate_point(self.chars[p.actor])
            if self.track_points:
                self.emit("fate_points", actor=self.seat(p.actor), before=before_points,
                          after=self.fate_points(p.actor), reason="invoke")
            payee = hostile_payee(a, p.actor, free=False)
            if payee is not None:
                self._owe(payee, 1, "hostile_invoke")
        p.faces, bonus = invoke(self.rng, p.faces, mode)
        if bonus:
            p.invokes += 1
        self.emit("fate_invoke", actor=p.actor, aspect=name, free=free, mode=mode, faces_before=list(before),
                  faces=list(p.faces), effort=p.effort, bonus=bonus, hostile=hostile_payee(a, p.actor, free=free),
                  zone=self.positions.get(p.actor))

    # --- rolls --------------------------------------------------------------------------
    def start_roll(self, actor: str, skill: str, action: str, *, bonus: int = 0, target: str | None = None) -> Pending:
        """Roll 4dF for ``actor``; ``bonus`` (teamwork) plus the best fitting bonus stunt (FATE.FP.3)."""
        extra, stunt = stunt_bonus(self.chars[actor].stunts, skill, action)
        return Pending(actor, skill, action, roll_fate(self.rng), self.chars[actor].skill(skill), bonus=bonus + extra,
                       target=target, stunt=stunt)

    def settle(self, rolls: Sequence[Pending], against: Mapping[str, int] | None = None,
               goals: Mapping[str, tuple[int, int]] | None = None, rivals: Sequence[int] = ()) -> None:
        """Let rollers invoke until everyone passes or is where they want to be (FATE.ASPECT.3).

        Each roll's gap is its effort minus ``against[actor]`` (a difficulty)
        or the best other roll's (or ``rivals``': efforts that take no invokes) effort. ``goals[actor] = (goal, free_goal)``:
        the gap worth paying for and the gap worth spending free invokes on.
        The roller furthest behind its goal is asked first; equal gaps are
        settled by the scene's rng so no side always goes first.
        """
        done: set[str] = set()
        while True:
            asks = []
            for p in rolls:
                if p.actor in done:
                    continue
                gap = self._gap(p, rolls, against, rivals)
                goal, free_goal = (goals or {}).get(p.actor, (1, 3))
                if gap < max(goal, free_goal):
                    asks.append((gap - goal, p, gap, goal, free_goal))
            if not asks:
                if self._oppose_round(rolls, against, rivals):
                    done.clear()  # a roll was made harder: its roller may answer
                    continue
                return
            low = min(a[0] for a in asks)
            tied = [a for a in asks if a[0] == low]
            _, p, gap, goal, free_goal = tied[int(self.rng.random() * len(tied))] if len(tied) > 1 else tied[0]
            opts = self.invoke_options(p)
            if not opts:
                done.add(p.actor)
                continue
            choice = self.decide(p.actor, "fate_invoke", (PASS, *opts), gap=gap, goal=goal, free_goal=free_goal,
                                 fate_points=self.fate_points(p.actor), action=p.action, faces=p.faces,
                                 skill=p.skill, effort=p.effort, opposition=p.effort - gap)
            if choice == PASS:
                done.add(p.actor)
                continue
            self.apply_invoke(p, choice)
            done.clear()  # the roll changed: those who passed may answer it (every invoke spends something, so this ends)

    def _oppose_round(self, rolls: Sequence[Pending], against, rivals) -> bool:
        """FATE.ASPECT.3's third use of an invoke: make someone else's roll 2 harder. A character on another side who
        is not rolling and holds a free invoke it may use here (FATE.SCENE.4) is asked, for a roll that is tied or
        succeeding (a gap of 0 to 3, where 2 less changes its outcome), whether to spend one against it. Journaled
        as ``fate_invoke`` with mode ``oppose``, ``target`` and ``effort`` the target's effort after it (its roll's
        ``opposed`` counts them, 2 less each). True if one was made."""
        rolling = {q.actor for q in rolls}
        for p in rolls:
            gap = self._gap(p, rolls, against, rivals)
            if not 0 <= gap <= 3:
                continue
            for cid in self.active():
                if cid in rolling or self.side[cid] == self.side[p.actor]:
                    continue
                opts = [("free", name, OPPOSE) for (name, holder), n in sorted(self.free.items())
                        if holder == cid and n > 0 and self.in_zone(self.aspects[name], cid)]
                if not opts:
                    continue
                choice = self.decide(cid, "fate_oppose", (PASS, *opts), gap=gap, target=p.actor, action=p.action,
                                     free_invokes=len(opts))
                if choice == PASS:
                    continue
                _, name, _ = choice
                key = (name, cid)
                self.free[key] -= 1
                if not self.free[key]:
                    del self.free[key]
                    if self.aspects[name].kind == BOOST:
                        del self.aspects[name]
                        self.boosts.pop(name, None)
                p.opposed += 1
                self.emit("fate_invoke", actor=cid, aspect=name, free=True, mode=OPPOSE, faces_before=list(p.faces),
                          faces=list(p.faces), effort=p.effort, bonus=2, hostile=None, zone=self.positions.get(cid),
                          target=p.actor)
                return True
        return False

    @staticmethod
    def _gap(p: Pending, rolls: Sequence[Pending], against: Mapping[str, int] | None, rivals: Sequence[int] = ()) -> int:
        if against is not None and p.actor in against:
            return p.effort - against[p.actor]
        others = [q.effort for q in rolls if q is not p] + list(rivals)
        return p.effort - max(others) if others else p.effort

    def record(self, p: Pending, opposition: int, **extra: Any) -> str:
        """Journal a settled roll as ``fate_roll`` and return its outcome (FATE.OUTCOME.1)."""
        n = shifts_of(p.effort, opposition)
        outcome = fate_outcome(n)
        self.emit("fate_roll", actor=p.actor, skill=p.skill, action=p.action, faces=list(p.faces), rating=p.rating,
                  bonus=p.bonus, invokes=p.invokes, effort=p.effort, opposition=opposition, shifts=n, outcome=outcome,
                  target=p.target, **({"stunt": p.stunt} if p.stunt else {}),
                  **({"opposed": p.opposed} if p.opposed else {}), **extra)
        return outcome

    # --- harm ---------------------------------------------------------------------------
    def take_hit(self, cid: str, track: str, hit: int, by: str | None) -> bool:
        """Absorb ``hit`` shifts on ``track`` or be taken out (FATE.CONFLICT.2, FATE.CONFLICT.CONSEQ.2); True if still in."""
        if hit <= 0:
            return True
        hit = self._soak_with_boost(cid, track, hit)
        if hit <= 0:
            return True
        char = self.chars[cid]
        plans = absorb_plans(char, track, hit)
        if not plans:
            self.taken_out(cid, by, hit=hit, track=track)
            return False
        options = tuple((plan.boxes, plan.slots) for plan in plans)
        empty = {s.name: {"severity": s.severity, "value": s.value, "track": s.track} for s in char.slots if s.empty}
        boxes, slots = self.decide(cid, "fate_absorb", options, hit=hit, track=track, by=by, slots=empty,
                                   stress=list(char.track(track)))
        plan = Absorb(boxes, slots)
        words = {s.name: f"{consequence_word(track, s.severity, self.content)} ({char.name})" for s in char.slots if s.name in slots}
        for name in slots:  # keep aspect names unique in the scene
            while words[name] in self.aspects:
                words[name] += "'"
        self.chars[cid] = char = absorb(char, track, plan, words)
        if boxes:
            self.emit("fate_stress", actor=cid, track=track, boxes=boxes, marked=sum(char.track(track)),
                      of=len(char.track(track)), hit=hit, by=by)
        for name in slots:
            slot = next(s for s in char.slots if s.name == name)
            self.taken[cid] += 1
            self.new_consequences.append((cid, name))
            self.emit("fate_consequence", actor=cid, slot=name, severity=slot.severity, value=slot.value,
                      aspect=slot.aspect, track=track, hit=hit, by=by)
            # the inflicting character gets one free invoke on it (FATE.CONFLICT.CONSEQ.1)
            self.add_aspect(Aspect(slot.aspect, CONSEQUENCE, cid), by=by, free_invokes=1 if by else 0)
        return True

    def _soak_with_boost(self, cid: str, track: str, hit: int) -> int:
        """FATE.ACTION.4 [conflict], option ``fate_hit_soak: seed``: seed-004 lets a defender soak a hit "with stress
        or a boost"; our reading of it: a boost the defender holds may be given up to soak 1 shift, before stress and
        consequences. ``srd`` (default): only stress and consequences. Returns the shifts left."""
        if self.options["fate_hit_soak"] != "seed":
            return hit
        held = sorted(name for (name, holder), n in self.free.items()
                      if holder == cid and n > 0 and name in self.aspects and self.aspects[name].kind == BOOST)
        if not held:
            return hit
        char = self.chars[cid]
        if not self.decide(cid, "fate_soak_boost", (False, True), hit=hit, track=track, boost=held[0],
                           boxes=char.empty_boxes(track), capacity=char.capacity(track)):
            return hit
        del self.free[(held[0], cid)]
        self.aspects.pop(held[0], None)
        self.boosts.pop(held[0], None)
        self.emit("fate_boost_soak", actor=cid, aspect=held[0], track=track, hit=hit, left=hit - 1)
        return hit - 1

    def taken_out(self, cid: str, by: str | None, **why: Any) -> None:
        """FATE.CONFLICT.3: out of the scene; the opposition decides what that means."""
        self.out[cid] = "taken_out"
        self.emit("taken_out", actor=cid, by=by, **why)

    def concede(self, cid: str) -> int:
        """FATE.CONFLICT.4: leave on your own terms; 1 + 1 per consequence taken here, paid at the end."""
        points = concession_points(self.taken[cid])
        self.out[cid] = "conceded"
        self._owe(cid, points, "concession")
        self.emit("concede", actor=cid, consequences=self.taken[cid], fate_points=points)
        return points

    def _owe(self, cid: str, points: int, reason: str) -> None:
        """Fate points ``cid`` is owed after the scene (FATE.ASPECT.4 hostile invokes, FATE.CONFLICT.4 concessions)."""
        self.owed[cid] = self.owed.get(cid, 0) + points
        why = self.owed_why.setdefault(cid, {})
        why[reason] = why.get(reason, 0) + points

    def end(self, **summary: Any) -> dict[str, Character]:
        """Close the scene: pay owed fate points, clear stress, drop boosts and situation aspects (FATE.CONFLICT.5,
        FATE.CONFLICT.STRESS.2, FATE.ASPECT.2). Returns the characters as they leave the scene."""
        paid = {}
        for cid in self.order:
            owed = self.owed.get(cid, 0)
            if owed and not self.is_npc(cid):
                if self.track_points:  # FATE.FP.4: earned, by reason
                    for reason, n in sorted(self.owed_why.get(cid, {}).items()):
                        before = self.chars[cid].fate_points
                        self.chars[cid] = gain_fate_points(self.chars[cid], n)
                        self.emit("fate_points", actor=cid, before=before, after=before + n, reason=reason)
                else:
                    self.chars[cid] = gain_fate_points(self.chars[cid], owed)
                paid[cid] = owed
            elif owed:
                paid[cid] = owed  # an NPC's points go to the GM's pool of a later scene (FATE.FP.5)
            self.chars[cid] = clear_stress(self.chars[cid])
        self.aspects = {n: a for n, a in self.aspects.items() if outlives_scene(a.kind)}
        self.free.clear()
        self.boosts.clear()
        self.emit("fate_scene_end", paid=paid, out=dict(sorted(self.out.items())), **summary)
        return dict(self.chars)
