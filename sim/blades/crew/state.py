"""Blades campaign state: scoundrels, the crew, factions, clocks.

The :class:`Campaign` is the one mutable owner (docs/dev/style.md principle 7): every
change goes through one of its methods, and each method journals an event whose
name and fields are the contract in issue 4 (``stress``, ``trauma``, ``harm``,
``heat``, ...). Rules that decide *what* happens are plain functions elsewhere
in ``sim.blades``; this module records it and keeps the numbers in range. The
methods that change the crew's sheet (xp, upgrades, claims, cohorts) and the
ledger (scores, sentences, war, activities, recruits) are the mixins
:class:`~sim.blades.crew.crew.CrewChanges` and :class:`~sim.blades.crew.ledger.LedgerChanges`.
The journal alone rebuilds the state (:mod:`sim.blades.crew.sheet`).

The campaign is also the model of the shared ``transitions`` machine
(:mod:`sim.blades.loop`): its phase is its ``state`` attribute, and what passes
between phases is its ``turn`` (:class:`~sim.blades.score.turn.Turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import networkx as nx

from sim.agents.base import Agent, Decision, decision
from sim.agents.seats import Seats
from sim.blades.arcana.arcane_state import ArcanaChanges, new_arcana
from sim.blades.city.city import CityChanges, empty_city, set_tier_hold
from sim.blades.crew.clock_changes import ClockChanges
from sim.blades.crew.crew import CrewChanges
from sim.blades.crew.ledger import Ledger, LedgerChanges
from sim.blades.score.turn import Turn
from sim.clocks import Clock, clock_key
from sim.errors import IllegalMove
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import Rng, stream

# BITD.ATTR.1
ACTIONS_BY_ATTRIBUTE: Mapping[str, tuple[str, ...]] = {
    "insight": ("hunt", "study", "survey", "tinker"),
    "prowess": ("finesse", "prowl", "skirmish", "wreck"),
    "resolve": ("attune", "command", "consort", "sway"),
}
ATTRIBUTES = tuple(ACTIONS_BY_ATTRIBUTE)
ACTIONS = tuple(a for acts in ACTIONS_BY_ATTRIBUTE.values() for a in acts)
ATTRIBUTE_OF = {a: attr for attr, acts in ACTIONS_BY_ATTRIBUTE.items() for a in acts}

POSITIONS = ("controlled", "risky", "desperate")  # BITD.ACTION.3
EFFECTS = ("zero", "limited", "standard", "great", "extreme")  # BITD.EFFECT.1, .3
RESULTS = ("failure", "partial", "success", "critical")  # BITD.CORE.2, worst first

HARM_SLOTS = {1: 2, 2: 2, 3: 1}  # BITD.HARM.1
STRESS_MAX = 9  # BITD.STRESS.1
TRAUMA_MAX = 4  # BITD.STRESS.6
TRAUMA_CONDITIONS = ("cold", "haunted", "obsessed", "paranoid", "reckless", "soft", "unstable", "vicious")  # BITD.STRESS.4
HEAT_MAX = 8  # BITD.DOWNTIME.HEAT.3: heat 0..8, 9 rolls over
WANTED_MAX = 4  # BITD.DOWNTIME.HEAT.4
PC_COIN_MAX = 4  # BITD.COIN.3
STASH_MAX = 40  # BITD.COIN.6
STASH_PER_COIN = 2  # BITD.COIN.8: stash boxes withdrawn per coin
STATUS_MIN, STATUS_MAX = -3, 3  # BITD.FACTION.5
XP_TRACKS = {"insight": 6, "prowess": 6, "resolve": 6, "playbook": 8}  # BITD.XP.3


def attribute_rating(actions: Mapping[str, int], attribute: str) -> int:
    """BITD.ATTR.2: the number of actions under ``attribute`` rated 1 or more."""
    rating = 0
    for action in ACTIONS_BY_ATTRIBUTE[attribute]:  # a plain loop: every resistance and vice roll asks
        if actions.get(action, 0) >= 1:
            rating += 1
    return rating


def escalated_harm_level(rows: Mapping[int, Sequence[str]], level: int, slots: Mapping[int, int] = HARM_SLOTS) -> int:
    """BITD.HARM.3: the level harm of ``level`` is recorded at, given full rows.

    A full row pushes harm one row up; anything past a full level 3 is 4.
    Level 0 or less is no harm at all (0).
    """
    if level <= 0:
        return 0
    while level <= 3 and len(rows.get(level, ())) >= slots[level]:
        level += 1
    return min(level, 4)


def roll_heat(heat: int, wanted: int, added: int, at_max: str = "cap") -> tuple[int, int]:
    """BITD.DOWNTIME.HEAT.3-4: add heat; each time it reaches 9, wanted +1 and heat -9.

    At wanted level 4 the overflow is the ``heat_at_max_wanted`` option:
    ``cap`` keeps heat at 8, ``discard`` rolls heat over without raising wanted.
    """
    total = heat + added
    while total > HEAT_MAX:
        if wanted < WANTED_MAX:
            wanted += 1
            total -= HEAT_MAX + 1
        elif at_max == "cap":
            total = HEAT_MAX
        else:
            total -= HEAT_MAX + 1
    return max(0, total), wanted


@decision("trauma_condition")
def choose_trauma_condition(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """BITD.STRESS.4: a scripted player marks an unmarked condition at random."""
    return d.options[int(rng.random() * len(d.options))]


@dataclass(eq=False)
class Scoundrel:
    """A player character (BITD.CHAR.CREATE). Mutated only through Campaign."""

    id: str
    name: str
    playbook: str
    policy: str
    actions: dict[str, int]
    abilities: list[str] = field(default_factory=list)
    vice: str = ""
    purveyor: str = ""
    friend: str = ""
    rival: str = ""
    stress: int = 0
    stress_max: int = STRESS_MAX
    trauma: list[str] = field(default_factory=list)
    trauma_max: int = TRAUMA_MAX
    harm: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: [], 3: []})
    healing: Clock = field(default_factory=lambda: Clock("healing", 4, "healing"))
    armor: dict[str, bool] = field(default_factory=lambda: {"armor": False, "heavy": False, "special": False})
    load: str = "normal"
    xp: dict[str, int] = field(default_factory=lambda: {t: 0 for t in XP_TRACKS})
    coin: int = 0
    stash: int = 0
    status: str = "active"  # active | dead | retired | jailed | lost
    vice_satisfied: bool = False
    taken_out: bool = False  # out of the current score (trauma, BITD.STRESS.3)

    def __post_init__(self) -> None:
        if not self.healing.owner:  # the healing clock is journaled as "<pc>.healing"
            self.healing.owner = self.id

    def rating(self, action: str) -> int:
        return self.actions.get(action, 0)

    def attribute(self, attribute: str) -> int:
        return attribute_rating(self.actions, attribute)

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def worst_harm(self) -> int:
        harm = self.harm
        return 3 if harm[3] else 2 if harm[2] else 1 if harm[1] else 0

    def harm_rows(self) -> dict[str, int]:
        """Slots used per row, keyed as strings (the journal's ``rows_before``)."""
        return {str(lvl): len(self.harm[lvl]) for lvl in (1, 2, 3)}


@dataclass(eq=False)
class Cohort:
    """A gang or expert (BITD.COHORT)."""

    id: str
    kind: str  # gang | expert
    type: str  # thugs, skulks, ... or an expert specialty
    quality: int
    scale: int
    harm: int = 0  # 0..4: weakened, impaired, broken, dead (BITD.COHORT.8)
    edges: list[str] = field(default_factory=list)
    flaws: list[str] = field(default_factory=list)
    extra_types: list[str] = field(default_factory=list)  # BITD.COHORT.6: a second type (upgrade cohort_type)

    @property
    def types(self) -> list[str]:
        """Its types: the first and any extra (BITD.COHORT.6, two at most)."""
        return [self.type] + self.extra_types


@dataclass(eq=False)
class Crew:
    """The crew (BITD.CREW, BITD.CREW.CREATE.1: Tier 0, strong hold, 0 rep, 2 coin)."""

    name: str
    type: str
    tier: int = 0
    hold: str = "strong"
    rep: int = 0
    turf: int = 0
    coin: int = 2
    vault: int = 4  # BITD.COIN.3
    heat: int = 0
    wanted: int = 0
    xp: int = 0
    claims: list[str] = field(default_factory=list)
    upgrades: dict[str, int] = field(default_factory=dict)
    abilities: list[str] = field(default_factory=list)
    cohorts: list[Cohort] = field(default_factory=list)
    lair: bool = True  # BITD.CREW.CLAIM.2: without a lair every claim's benefit is suspended

    @property
    def rep_max(self) -> int:
        """BITD.CREW.REP.1: 12 - turf."""
        return 12 - min(self.turf, 6)


@dataclass(eq=False)
class Faction:
    """A faction of the city (BITD.FACTION): tier, hold, status toward the crew."""

    id: str
    name: str
    tier: int
    hold: str
    status: int = 0
    clocks: list[Clock] = field(default_factory=list)
    #: clock id -> {"kind", "target"} (sim.blades.city.factions); never changes: build_campaign shares one read-only map
    goals: Mapping[str, Any] = field(default_factory=dict)


class Campaign(LedgerChanges, CrewChanges, CityChanges, ArcanaChanges, ClockChanges):
    """The one mutable owner of a campaign's state, and the machine's model."""

    def __init__(
        self,
        *,
        rng: Rng,
        options: RuleOptions,
        content: Any,
        crew: Crew,
        pcs: Sequence[Scoundrel],
        factions: Sequence[Faction],
        agents: Mapping[str, Agent],
        journal: Journal | None = None,
        scenario: Any = None,
        seed: int = 0,
        graph: Any = None,
        city: Any = None,
    ):
        self.rng = rng  # the dice stream (``dice`` of the campaign seed); seats draw from their own (sim.agents.seats)
        self.seed = int(seed)
        self.options = options
        self.content = content
        self.scenario = scenario
        self.crew = crew
        self.pcs: list[Scoundrel] = list(pcs)
        self.factions: dict[str, Faction] = {f.id: f for f in factions}
        if graph is None:  # faction relations: edges carry ``relation`` (ally/enemy); build_campaign passes its own
            graph = nx.DiGraph()
            graph.add_nodes_from(self.factions)
        self.graph = graph
        # status between factions (sim.blades.city.city); build_campaign passes it seeded from the relations
        self.city = empty_city(self.factions) if city is None else city
        self.journal = journal if journal is not None else Journal(keep=False)
        self.emit = self.journal.emit  # the hot path: one call per event, not two (see :meth:`emit`)
        self.seats = Seats(agents, self.seed, self.journal)
        self.seats.state = self  # a person's decisions are briefed against the campaign
        self.decide = self.seats.decide  # the hot path again: one call per decision (see :meth:`decide`)
        self.ask = self.seats.ask  # decide with the context as one dict (Seats.ask)
        self._streams: dict[str, Rng] = {}
        self.clocks: dict[str, Clock] = {}
        self.dice_rolled = 0
        self.counters: dict[str, int] = {}
        self.ledger = Ledger()
        self.arcana = new_arcana()  # rituals and formulas learned, items crafted (sim.blades.arcana.arcane_state)
        self.turn = Turn()  # what passes between the phases of a score (the loop's phase work writes it)
        self.score_run: Any = None  # the score under way (sim.blades.score.score.play_score), else None
        self.boss = ""  # faction id the crew tithes to (BITD.DOWNTIME.PAYOFF.3), if any
        self.series_keys: tuple[tuple[str, str], ...] | None = None  # sim.blades.city.city.series_fields' keys, once

    # ---------------------------------------------------------------- helpers
    def emit(self, event: str, **fields: Any) -> dict[str, Any]:  # replaced per instance by the journal's own emit
        """Journal ``event`` (:meth:`sim.journal.Journal.emit`)."""
        return self.journal.emit(event, **fields)

    def count(self, key: str, n: int = 1) -> None:
        counters = self.counters
        counters[key] = counters.get(key, 0) + n

    def pc(self, pc_id: str) -> Scoundrel:
        for pc in self.pcs:
            if pc.id == pc_id:
                return pc
        raise KeyError(pc_id)

    @property
    def active_pcs(self) -> list[Scoundrel]:
        return [pc for pc in self.pcs if pc.status == "active"]

    def decide(self, seat: str, kind: str, options: Sequence[Any], **context: Any) -> Any:  # replaced per instance
        """Ask the holder of ``seat`` to choose one of ``options`` (:meth:`sim.agents.seats.Seats.decide`: every
        holder sees every decision, even a forced one; an illegal answer raises IllegalMove; a ``decision`` event
        is journaled when there was a choice)."""
        return self.seats.decide(seat, kind, options, **context)

    def ask(self, seat: str, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> Any:  # replaced too
        """:meth:`decide` with the context as one dict (:meth:`sim.agents.seats.Seats.ask`)."""
        return self.seats.ask(seat, kind, options, context)

    @property
    def agents(self) -> Mapping[str, Agent]:
        """Who holds each seat (read only: seat someone with ``campaign.seats.sit``)."""
        return MappingProxyType(self.seats.agents)

    @property
    def decisions(self) -> int:
        """Choices asked of the seats so far, forced ones too (``sim bench`` weighs their cost)."""
        return self.seats.asked

    def stream(self, name: str) -> Rng:
        """The campaign's random stream ``name`` (:func:`sim.rng.stream`): ``setup``, ``names``, ``tables``..."""
        rng = self._streams.get(name)
        if rng is None:
            rng = self._streams[name] = stream(self.seed, name)
        return rng

    @property
    def at_war(self) -> bool:
        """BITD.FACTION.7: any faction at -3."""
        for faction in self.factions.values():  # a plain loop: asked on every downtime activity
            if faction.status <= STATUS_MIN:
                return True
        return False

    # ------------------------------------------------------ stress and trauma
    def add_stress(self, pc: Scoundrel, delta: int, reason: str = "") -> bool:
        """Mark (or clear, if negative) stress; return True if it caused trauma.

        BITD.STRESS.3: marking the last box gives 1 trauma, takes the PC out,
        and they return with 0 stress; overflow is discarded. Stress stays
        within 0..stress_max.
        """
        before = pc.stress
        after = max(0, min(before + delta, pc.stress_max))
        pc.stress = after
        if not self.journal.skip("stress"):
            self.emit("stress", pc=pc.id, before=before, delta=after - before, requested=delta, after=after,
                      reason=reason)
        if after > before:  # the stress marked, for the summary (the only stress events that mark any)
            counters = self.counters
            counters["stress_marked"] = counters.get("stress_marked", 0) + after - before
        if delta > 0 and after >= pc.stress_max and len(pc.trauma) < pc.trauma_max:
            self._trauma(pc)
            return True
        return False

    def _trauma(self, pc: Scoundrel) -> None:
        free = [c for c in TRAUMA_CONDITIONS if c not in pc.trauma]
        condition = self.ask(pc.id, "trauma_condition", free, {"pc": pc.id})
        before = len(pc.trauma)
        pc.trauma.append(condition)
        pc.taken_out = True
        if self.options["trauma_satisfies_vice"]:
            pc.vice_satisfied = True
        self.emit("trauma", pc=pc.id, before=before, after=len(pc.trauma), condition=condition,
                  vice_satisfied=pc.vice_satisfied)
        self.count("trauma")
        stress = pc.stress
        pc.stress = 0
        self.emit("stress", pc=pc.id, before=stress, delta=-stress, requested=-stress, after=0, reason="trauma")
        if len(pc.trauma) >= pc.trauma_max:  # BITD.STRESS.6
            self.set_status(pc, "retired", "trauma")

    def add_trauma(self, pc: Scoundrel, reason: str) -> None:
        """Mark 1 trauma directly (incarceration, BITD.DOWNTIME.PRISON.3), as BITD.STRESS.3 does."""
        self._trauma(pc)

    def set_status(self, pc: Scoundrel, status: str, reason: str) -> None:
        if pc.status == status:
            return
        self.emit("pc_status", pc=pc.id, before=pc.status, after=status, reason=reason)
        pc.status = status

    # ------------------------------------------------- the scoundrel's sheet
    def take_out(self, pc: Scoundrel, reason: str) -> None:
        """``pc`` is out of the current score (taken out or conceded in a Fate scene); journals ``out_of_score``."""
        pc.taken_out = True
        self.emit("out_of_score", pc=pc.id, reason=reason)

    def sit_out(self, pc: Scoundrel) -> None:
        """BITD.SCORE.1: a badly hurt scoundrel stays behind, out of this score; journals ``sit_out``."""
        pc.taken_out = True
        self.emit("sit_out", pc=pc.id, worst_harm=pc.worst_harm)

    def return_pcs(self, reason: str) -> None:
        """Everyone out of a score is back for the next (BITD.STRESS.3); journals ``pcs_return`` if anyone was out."""
        back = [pc.id for pc in self.pcs if pc.taken_out]
        if back:
            for pc in self.pcs:
                pc.taken_out = False
            self.emit("pcs_return", pcs=back, reason=reason)

    def set_load(self, pc: Scoundrel, load: str, *, armor: bool, heavy: bool, special: bool, coin: int = 0) -> None:
        """BITD.LOAD.1, BITD.ARMOR.2: ``pc`` declares a load; the armor boxes it leaves room for restore (``coin``:
        the load the coin carried takes, BITD.COIN.4). Journals ``load``."""
        pc.load = load
        boxes = pc.armor
        boxes["armor"], boxes["heavy"], boxes["special"] = armor, heavy, special
        if not self.journal.skip("load"):
            self.emit("load", pc=pc.id, load=load, armor=armor, heavy=heavy, special=special, coin_load=coin)

    def mark_armor(self, pc: Scoundrel, box: str, before: int, after: int, reason: str) -> None:
        """BITD.ARMOR.1: mark an armor box (``armor``, ``heavy``, ``special``) to take a consequence from ``before``
        to ``after``; journals ``armor``."""
        if box not in pc.armor:
            raise IllegalMove(f"no armor box {box!r}")
        pc.armor[box] = False
        if not self.journal.skip("armor"):
            self.emit("armor", pc=pc.id, box=box, before=before, after=after, reason=reason)
        self.count("armor")

    def set_vice_satisfied(self, pc: Scoundrel, satisfied: bool, reason: str) -> None:
        """Whether ``pc``'s vice is satisfied this downtime (trauma may satisfy it, BITD.DOWNTIME.VICE.3);
        journals ``vice_satisfied`` when it changes."""
        if pc.vice_satisfied != satisfied:
            pc.vice_satisfied = satisfied
            self.emit("vice_satisfied", pc=pc.id, before=not satisfied, after=satisfied, reason=reason)

    def mark_xp(self, pc: Scoundrel, track: str, amount: int, reason: str) -> int:
        """BITD.XP.3-4: mark xp on a track (6/6/6/8); a full track clears, overflow carries. Journals ``xp``
        (``after`` is the track as marked, at most full); returns the advances earned."""
        size = XP_TRACKS[track]
        before = pc.xp[track]
        total = before + amount
        advances = total // size if total >= size else 0
        pc.xp[track] = total - advances * size
        if not self.journal.skip("xp"):
            self.emit("xp", pc=pc.id, track=track, before=before, marked=amount, after=min(total, size), size=size,
                      reason=reason)
        return advances

    def add_ability(self, pc: Scoundrel, ability: str, track: str = "playbook") -> None:
        """BITD.XP.4: a playbook advance gives a new special ability; journals ``advance``."""
        pc.abilities.append(ability)
        self.emit("advance", pc=pc.id, track=track, kind="ability", ability=ability, before=0, after=0)

    def add_action_dot(self, pc: Scoundrel, action: str, track: str, cap: int) -> None:
        """BITD.XP.4, BITD.ATTR.4: an attribute advance adds a dot to one of its actions; journals ``advance``."""
        before = pc.rating(action)
        if before >= cap:
            raise IllegalMove(f"{pc.id}'s {action} is already at the cap of {cap}")
        pc.actions[action] = before + 1
        self.emit("advance", pc=pc.id, track=track, kind="action", action=action, before=before, after=before + 1,
                  cap=cap)

    def raise_max(self, pc: Scoundrel, track: str, reason: str) -> None:
        """One more stress box or trauma box (``track`` ``stress`` or ``trauma``: the Composed and Hardened
        upgrades, BITD.CREW.CREATE.8); journals ``pc_max``."""
        attr = {"stress": "stress_max", "trauma": "trauma_max"}[track]
        before = getattr(pc, attr)
        setattr(pc, attr, before + 1)
        self.emit("pc_max", pc=pc.id, track=track, before=before, after=before + 1, reason=reason)

    def add_pc_coin(self, pc: Scoundrel, delta: int, reason: str) -> None:
        """BITD.COIN.3: the coin a scoundrel carries, within 0..4; journals ``pc_coin``."""
        before = pc.coin
        after = before + delta
        if not 0 <= after <= PC_COIN_MAX:
            raise IllegalMove(f"{pc.id} carries {before} coin, cannot carry {after}")
        pc.coin = after
        self.emit("pc_coin", pc=pc.id, before=before, after=after, reason=reason)

    # ------------------------------------------------------------------ harm
    def take_harm(self, pc: Scoundrel, level: int, note: str = "") -> int:
        """Record harm of ``level`` (already after resistance); return the level recorded.

        BITD.HARM.3 escalation; level 4 kills (BITD.DEATH.1), or with option
        ``overflow_harm = catastrophic`` a level-3 overflow is a permanent
        catastrophic consequence: the scoundrel survives maimed and retires.
        BITD.DOWNTIME.RECOVER.3: new harm clears healing-clock ticks.
        """
        if level <= 0:
            return 0
        recorded = escalated_harm_level(pc.harm, level)
        catastrophic = recorded == 4 and level <= 3 and self.options["overflow_harm"] == "catastrophic"
        if not self.journal.skip("harm"):
            self.emit("harm", pc=pc.id, requested_level=level, recorded_level=recorded, rows_before=pc.harm_rows(),
                      note=note, catastrophic=catastrophic)
        self.count("harm")
        if recorded <= 3:
            pc.harm[recorded].append(note or f"harm {recorded}")
        if pc.healing.filled:
            before = pc.healing.filled
            pc.healing.clear()
            if not self.journal.skip("clock"):
                self.emit("clock", id=clock_key(pc.healing), kind="healing", size=pc.healing.size, before=before,
                          ticks=-before, after=0, full=False, reason="new harm")
        if recorded == 4:
            self.set_status(pc, "retired" if catastrophic else "dead", "catastrophic harm" if catastrophic else "fatal harm")
        return recorded

    def heal_one_level(self, pc: Scoundrel) -> None:
        """BITD.DOWNTIME.RECOVER.2: every harm drops one level; level 1 disappears."""
        before = pc.harm_rows()
        pc.harm = {1: pc.harm[2][:], 2: pc.harm[3][:], 3: []}
        self.emit("healed", pc=pc.id, rows_before=before, rows_after=pc.harm_rows())

    # ------------------------------------------------------------ crew stats
    def add_heat(self, base: int, modifiers: Mapping[str, int], exposure: str = "") -> int:
        """BITD.DOWNTIME.HEAT: add base + modifiers (at least 0), rolling over at 9.

        ``base`` is the score's exposure heat (0/2/4/6, BITD.DOWNTIME.HEAT.1); heat from anything else (a
        complication, an entanglement, an overindulgence) comes with ``base`` 0 as a named modifier.
        ``exposure`` names the score's exposure the base is read from ("" for any other heat)."""
        mods = {k: int(v) for k, v in sorted(modifiers.items()) if v}
        total = base + sum(mods.values())
        added = max(0, total)
        crew = self.crew
        heat_before, wanted_before = crew.heat, crew.wanted
        at_max = self.options["heat_at_max_wanted"]
        crew.heat, crew.wanted = roll_heat(crew.heat, crew.wanted, added, at_max)
        # ``clamped``: the sum was below 0 and counts as 0 (Cover Operation on a quiet score); ``at_max_wanted``:
        # the option that decides an overflow at wanted 4 (BITD.DOWNTIME.HEAT.3-4), so the event re-derives alone
        self.emit("heat", base=base, exposure=exposure, modifiers=mods, added=added, clamped=total < 0,
                  heat_before=heat_before, wanted_before=wanted_before, heat_after=crew.heat,
                  wanted_after=crew.wanted, at_max_wanted=at_max)
        return added

    def remove_heat(self, amount: int, reason: str) -> int:
        before = self.crew.heat
        self.crew.heat = max(0, before - amount)
        self.emit("heat_removed", before=before, removed=before - self.crew.heat, after=self.crew.heat, reason=reason)
        return before - self.crew.heat

    def reduce_wanted(self, amount: int, reason: str) -> int:
        """BITD.DOWNTIME.PRISON.1: lower the wanted level (never below 0); return the change."""
        before = self.crew.wanted
        self.crew.wanted = max(0, before - amount)
        self.emit("wanted", before=before, after=self.crew.wanted, reason=reason)
        return before - self.crew.wanted

    def raise_wanted(self, amount: int, reason: str) -> int:
        """BITD.DOWNTIME.HEAT.4: raise the wanted level (at most 4); journals ``wanted``; return the change."""
        crew = self.crew
        before = crew.wanted
        crew.wanted = max(0, min(before + amount, WANTED_MAX))
        self.emit("wanted", before=before, delta=crew.wanted - before, requested=amount, after=crew.wanted,
                  reason=reason)
        return crew.wanted - before

    def set_crew(self, reason: str, *, tier: int | None = None, hold: str | None = None, turf: int | None = None,
                 vault: int | None = None) -> None:
        """Change the crew's tier (0..6), hold, turf (0..6) or vault size; journal ``crew``."""
        crew = self.crew
        before = {"tier": crew.tier, "hold": crew.hold, "turf": crew.turf, "vault": crew.vault}
        set_tier_hold(crew, tier, hold)
        if turf is not None:
            crew.turf = max(0, min(turf, 6))
            if crew.rep > crew.rep_max:  # BITD.CREW.REP.1: more turf, a shorter rep track
                self.add_rep(0, reason)
        if vault is not None:
            crew.vault = vault
        after = {"tier": crew.tier, "hold": crew.hold, "turf": crew.turf, "vault": crew.vault}
        self.emit("crew", before=before, after=after, reason=reason)

    def add_stash(self, pc: Scoundrel, delta: int, reason: str) -> int:
        """BITD.COIN.6: a scoundrel's stash within 0..40; return the change made."""
        before = pc.stash
        pc.stash = max(0, min(before + delta, STASH_MAX))
        self.emit("stash", pc=pc.id, before=before, delta=pc.stash - before, requested=delta, after=pc.stash,
                  reason=reason)
        return pc.stash - before

    def withdraw_stash(self, pc: Scoundrel, coin: int, reason: str) -> int:
        """BITD.COIN.8: every 2 stash taken out yields 1 coin; return the coin got (as much of ``coin`` as the
        stash allows). The stash event's ``reason`` says what the coin paid for."""
        got = min(coin, pc.stash // STASH_PER_COIN)
        if got > 0:
            self.add_stash(pc, -STASH_PER_COIN * got, reason)
        return max(0, got)

    def add_coin(self, delta: int, reason: str) -> None:
        """Crew coin, in whole abstract units (BITD.COIN.1: money in general, small spending not counted; a
        lifestyle fortune roll covers it); spending more than the crew has is an illegal move."""
        before = self.crew.coin
        if before + delta < 0:
            raise IllegalMove(f"the crew has {before} coin, cannot pay {-delta} for {reason}")
        self.crew.coin = before + delta
        if not self.journal.skip("coin"):
            self.emit("coin", before=before, delta=delta, after=self.crew.coin, reason=reason)

    def add_rep(self, delta: int, reason: str) -> int:
        """BITD.CREW.REP.1: rep within 0..12 - turf; return the change made."""
        before = self.crew.rep
        self.crew.rep = max(0, min(before + delta, self.crew.rep_max))
        self.emit("rep", before=before, delta=self.crew.rep - before, requested=delta, after=self.crew.rep, reason=reason)
        return self.crew.rep - before
