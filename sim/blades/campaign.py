"""Building a campaign from a scenario, playing it, and its flat summary.

:func:`run_campaign` is what ``sim play`` and batch runs call: it builds a
:class:`~sim.blades.crew.state.Campaign` (BITD.CREW.CREATE.1, BITD.CHAR.CREATE),
plays it on the shared machine (:mod:`sim.blades.loop`) and returns a flat
summary whose keys are the same for every campaign of a scenario. What can be
derived from the scenario and its content alone (playbooks, faction records
and relations, agents, summary keys) is prepared once per scenario object and
cached, so per-campaign setup is cheap.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

import networkx as nx

from sim.agents.base import Agent, Decision, ScriptedAgent, decision, make_agent, pick_weighted
from sim.blades import loop
from sim.blades.advancement.advancement import apply_upgrade, buy_upgrades
from sim.blades.city.city import CityPlan, city_plan, new_city, status_edges
from sim.blades.city.city import SummaryPlan, add_summary as add_city_summary
from sim.blades.city.factions import default_policy, faction_agent, seat_of
from sim.blades.crew import mechanics
from sim.blades.crew.sheet import campaign_clocks, clock_sheet, crew_sheet, ledger_sheet, pc_sheet
from sim.blades.crew.state import ACTIONS, STRESS_MAX, TRAUMA_MAX, Campaign, Crew, Faction, Scoundrel
from sim.blades.seating import people, seat_policy
from sim.clocks import Clock
from sim.errors import UsageError
from sim.journal import Journal
from sim.rng import stream

HEALING_CLOCK = 4  # BITD.DOWNTIME.RECOVER.1: a 4-segment healing clock (Vigorous: 3)

PC_STATUSES = ("active", "dead", "retired", "jailed", "lost")
CREATION_DOTS = 4  # BITD.CHAR.CREATE.2
CREATION_CAP = 2  # BITD.ATTR.4


@dataclass(frozen=True, slots=True)
class Prepared:
    """Content-derived structures for one scenario (built once per scenario object, shared read-only by all its
    campaigns: a campaign copies what it changes)."""

    playbooks: Mapping[str, Mapping[str, Any]]
    factions: tuple[Mapping[str, Any], ...]
    edges: tuple[tuple[str, str, str], ...]  # (faction, other, ally|enemy), sorted
    vices: tuple[str, ...]
    entanglements: tuple[str, ...]
    agents: Mapping[str, Any]  # policy name -> agent (players), and "gm"
    crew_name: str
    crew_type: Mapping[str, Any]
    graph: Any  # networkx.DiGraph of the factions in play, edges carry ``relation`` (frozen)
    #: per faction in play: (id, name, tier, hold, status with the crew, its goal clocks as made, its goals)
    openings: tuple[tuple[str, str, int, str, int, tuple[Clock, ...], Mapping[str, Any]], ...]
    faction_seats: tuple[tuple[str, str, ScriptedAgent], ...]  # (seat, policy, holder) per faction in play
    members: tuple[tuple[str, Any, str], ...]  # (pc id, scenario member, policy) per starting member
    persons: tuple[str, ...]  # the seats the scenario gives to people
    city: CityPlan  # the seeded city (sim.blades.city.city.new_city makes each campaign's graph)
    summary: "SummaryKeys"


_PREPARED: dict[int, tuple[Any, Prepared]] = {}


def prepare(scenario: Any) -> Prepared:
    """The scenario's :class:`Prepared` structures, cached on the scenario's identity."""
    cached = _PREPARED.get(id(scenario))
    if cached is not None and cached[0] is scenario:
        return cached[1]
    content = scenario.content
    playbooks = {p["id"]: p for p in content.table("blades/playbooks")["playbooks"]}
    records = {f["id"]: f for f in content.table("blades/factions")["factions"]}
    in_play = tuple(records[fid] for fid in scenario.factions)
    names = set(scenario.factions)
    edges = set()
    for f in in_play:
        for rel, key in (("ally", "allies"), ("enemy", "enemies")):
            for other in f.get(key, ()) or ():
                if other in names:
                    edges.add((f["id"], other, rel))
    vices = tuple(v["id"] for v in content.table("blades/vices")["vices"])
    kinds = tuple(sorted(e["id"] for e in content.table("blades/entanglements")["entanglements"]))
    policies = {seat_policy(scenario, f"pc{i}", m.policy) for i, m in enumerate(scenario.crew.members, start=1)}
    agents: dict[str, Any] = {name: seat_agent("players", name) for name in sorted(policies)}
    agents["gm"] = seat_agent("gm", seat_policy(scenario, "gm", scenario.gm.policy))
    crew_types = {c["id"]: c for c in content.table("blades/crews")["crews"]}
    crew_name = scenario.crew.name or crew_types.get(scenario.crew.type, {}).get("name", scenario.crew.type)
    graph = nx.DiGraph()
    graph.add_nodes_from(scenario.factions)
    for a, b, rel in sorted(edges):
        graph.add_edge(a, b, relation=rel)
    opts = scenario.options
    seats = []
    for rec in in_play:  # every faction is a seat (sim.blades.city.factions)
        seat = seat_of(rec["id"])
        policy = seat_policy(scenario, seat, default_policy(content, rec))
        seats.append((seat, policy, faction_agent(content, policy)))
    members = tuple((f"pc{i}", m, seat_policy(scenario, f"pc{i}", m.policy))
                    for i, m in enumerate(scenario.crew.members, start=1))
    city = city_plan(scenario.factions, tuple(sorted(edges)), opts["faction_ally_status"], opts["faction_enemy_status"])
    prepared = Prepared(playbooks, in_play, tuple(sorted(edges)), vices, kinds, agents, crew_name,
                        crew_types.get(scenario.crew.type, {}), nx.freeze(graph), _openings(scenario, in_play),
                        tuple(seats), members, people(scenario), city,
                        SummaryKeys(kinds, in_play, tuple(sorted(edges))))
    _PREPARED[id(scenario)] = (scenario, prepared)
    return prepared


def _openings(scenario: Any, in_play: tuple[Mapping[str, Any], ...]) -> tuple:
    """Each faction's opening (see :attr:`Prepared.openings`): option ``faction_clock_size`` (when not 0) sizes
    every goal clock; the scenario's ``faction_tiers`` and ``crew.statuses`` over the table's (the favourite
    contact, BITD.CREW.CREATE.7: a friendly faction at +1 and an unfriendly one at -1, or 2 each)."""
    size = scenario.options["faction_clock_size"]  # 0: each clock's own size
    tiers = dict(scenario.faction_tiers)
    statuses = dict(scenario.crew.statuses)
    out = []
    for rec in in_play:
        specs = rec.get("clocks", ()) or ()
        clocks = tuple(Clock(c["id"], size or c["size"], "faction", owner=rec["id"]) for c in specs)
        goals = {c["id"]: {"kind": c.get("kind", "expand"), "target": c.get("target", "")} for c in specs}
        out.append((rec["id"], rec.get("name", rec["id"]), tiers.get(rec["id"], rec["tier"]), rec["hold"],
                    statuses.get(rec["id"], 0), clocks, goals))  # goals: shared, never changed (Faction.goals)
    return tuple(out)


def seat_agent(role: str, name: str) -> ScriptedAgent:
    """The scripted policy ``name`` for a seat of ``role`` ("players" or "gm"): its Blades traits from
    ``content/agents/policies.yaml`` and the Fate traits of the same name (:data:`sim.fate.agents.FATE_POLICIES`),
    so the seat answers the Fate scenes of a score too, as itself."""
    from sim.fate.agents import FATE_POLICIES

    blades = make_agent(role, name)
    fate = FATE_POLICIES[role].get(name, {})
    clash = sorted(set(fate) & set(blades.traits))
    if clash:
        raise ValueError(f"policy {name}: traits {clash} are both Blades and Fate traits")
    return ScriptedAgent(name, role, MappingProxyType({**fate, **blades.traits}))


# ------------------------------------------------------------------ building


def _names(scenario: Any) -> Any:
    """The scenario locale's name pool (``sim.names``; built once per process)."""
    from sim.names import NamePool

    return NamePool.for_locale(scenario.name_locale)


def _pick_name(campaign: Campaign, names: Any) -> str:
    taken = {pc.name for pc in campaign.pcs}
    return names.pick_new(campaign.stream("names"), taken)


def new_scoundrel(campaign: Campaign, pc_id: str, playbook_id: str, policy: str, *, name: str | None = None,
                  vice: str | None = None, names: Any = None, ability: str | None = None) -> Scoundrel:
    """BITD.CHAR.CREATE.1-2, .5: the playbook's 3 dots plus 4 more (max 2 each), an ability (``ability``, else its
    first), a vice."""
    prepared = prepare(campaign.scenario)
    book = prepared.playbooks[playbook_id]
    rng = campaign.stream("setup")
    actions = {a: 0 for a in ACTIONS}
    actions.update(book["actions"])
    trigger = set((book.get("xp_trigger") or {}).get("actions", ()))
    for _ in range(CREATION_DOTS):
        room = [a for a in ACTIONS if actions[a] < CREATION_CAP]
        pick = pick_weighted(rng, room, [3 if a in trigger or actions[a] else 1 for a in room])
        actions[pick] += 1
    abilities = [book["abilities"][0]["id"]] if book.get("abilities") else []
    if ability is not None:
        if ability not in [a["id"] for a in book.get("abilities", ())]:
            raise UsageError(f"{ability!r} is not a special ability of the {playbook_id} playbook")
        abilities = [ability]
    vice = vice or prepared.vices[int(rng.random() * len(prepared.vices))]
    names = names if names is not None else _names(campaign.scenario)
    pc_name = name or _pick_name(campaign, names)
    friend = names.pick(campaign.stream("names"))
    opts = campaign.options
    upgrades = campaign.crew.upgrades
    return Scoundrel(id=pc_id, name=pc_name, playbook=playbook_id, policy=policy,
                     actions={a: r for a, r in actions.items() if r}, abilities=abilities, vice=vice, friend=friend,
                     coin=opts["starting_pc_coin"], stash=opts["starting_stash"],
                     stress_max=STRESS_MAX + (1 if upgrades.get("composed") else 0)
                     + mechanics.stress_boxes(campaign, abilities),
                     trauma_max=TRAUMA_MAX + (1 if upgrades.get("hardened") else 0),
                     healing=Clock("healing", mechanics.healing_clock(campaign, abilities, HEALING_CLOCK), "healing"))


def build_campaign(scenario: Any, seed: int, journal: Journal, seats: Mapping[str, Agent] | None = None,
                   scores: int | None = None) -> Campaign:
    """BITD.CREW.CREATE.1: Tier 0, strong hold, 0 rep, 2 coin; the scenario's scoundrels, factions and statuses.

    Factions start at the scenario's ``faction_tiers`` or their table Tier; option ``faction_clock_size`` (when
    not 0) sizes every faction goal clock. ``seats`` puts other holders in named seats (``pc1``, ``gm``), or in
    every seat with the key ``"*"`` (a replay); the others play the scenario's policies. The dice roll from the
    ``dice`` stream of ``seed``, creation from ``setup``, names from ``names`` (:func:`sim.rng.stream`).
    ``campaign_start`` records the seed, the length played (``scores``, default the scenario's) and who held each
    seat (a policy name or ``human``), so a journal says how to replay it."""
    prepared = prepare(scenario)
    factions = [Faction(fid, name, tier, hold, status, [copy.copy(c) for c in clocks], goals)
                for fid, name, tier, hold, status, clocks, goals in prepared.openings]
    # the table's relations never change during a campaign: one frozen graph; the city is the campaign's own
    campaign = Campaign(rng=stream(seed, "dice"), options=scenario.options, content=scenario.content,
                        crew=Crew(prepared.crew_name, scenario.crew.type), pcs=(), factions=factions,
                        agents={"gm": prepared.agents["gm"]}, journal=journal, scenario=scenario, seed=seed,
                        graph=prepared.graph, city=new_city(prepared.city, views=True))
    sit = campaign.seats.sit
    for seat, _, agent in prepared.faction_seats:
        sit(seat, agent)
    names = _names(scenario)
    for pc_id, member, policy in prepared.members:
        pc = new_scoundrel(campaign, pc_id, member.playbook, policy, name=member.name, vice=member.vice,
                           names=names, ability=member.ability)
        campaign.enlist(pc)
        sit(pc.id, prepared.agents[policy])
    _seat_holders(campaign, seats, prepared.persons)
    if journal.wants("campaign_start"):
        _journal_start(campaign, scenario, seed, scores, {seat: policy for seat, policy, _ in prepared.faction_seats})
    else:  # nobody reads it: numbered, not built
        campaign.emit("campaign_start")
    found_crew(campaign, prepared)
    return campaign


def _journal_start(campaign: Campaign, scenario: Any, seed: int, scores: int | None,
                   faction_holders: Mapping[str, str]) -> None:
    """Journal ``campaign_start``: the seed, the length played, who holds each seat, the opening sheets."""
    crew = campaign.crew
    length = {"scores": scenario.length.scores if scores is None else scores, "tier": scenario.length.tier}
    holders = dict(scenario.seats)
    holders = {"gm": holders.get("gm", scenario.gm.policy),
               **{pc.id: holders.get(pc.id, pc.policy) for pc in campaign.pcs},
               **{seat: holders.get(seat, policy) for seat, policy in faction_holders.items()}}
    campaign.emit("campaign_start", scenario=scenario.name, seed=seed, length=length, seats=holders, crew=crew.name,
                  crew_type=crew.type,
                  tier=crew.tier, hold=crew.hold, coin=crew.coin,
                  pcs=[{"id": p.id, "name": p.name, "playbook": p.playbook, "policy": p.policy, "vice": p.vice,
                        "actions": dict(sorted(p.actions.items())), "abilities": list(p.abilities),
                        "sheet": pc_sheet(p)}
                       for p in campaign.pcs],
                  factions={f.id: {"tier": f.tier, "hold": f.hold, "status": f.status,
                                   "clocks": [clock_sheet(c) for c in f.clocks]}
                            for f in sorted(campaign.factions.values(), key=lambda f: f.id)},
                  crew_sheet=crew_sheet(campaign.crew), ledger=ledger_sheet(campaign.ledger),
                  clocks=campaign_clocks(campaign), city=status_edges(campaign.city))


def _seat_holders(campaign: Campaign, seats: Mapping[str, Agent] | None, persons: tuple[str, ...] = ()) -> None:
    """Seat the holders the caller names (a person, a replay) over the scenario's policies; a seat the scenario
    gives to a person must be one of them."""
    seats = seats or {}
    for seat in persons:
        if seat not in seats and "*" not in seats:
            raise UsageError(f"seat {seat} is held by a person (human), and nobody is there to answer: play it with "
                             f"sim play, or give the seat a policy (--seat {seat}=careful)")
    if not seats:
        return
    known = sorted(campaign.agents)
    for seat, agent in seats.items():
        if seat == "*":
            for name in known:
                campaign.seats.sit(name, agent)
        elif seat in campaign.agents:
            campaign.seats.sit(seat, agent)
        else:
            raise UsageError(f"no seat {seat!r} in this campaign; seats: {', '.join(known)}")


@decision("hunting_grounds")
def choose_hunting_grounds(traits: Mapping[str, Any], d: Decision, rng: Any) -> str:
    """BITD.CREW.CREATE.3: the policy's ``hunting_grounds`` deal, if affordable."""
    want = traits.get("hunting_grounds", "pay")
    return want if want in d.options else d.options[-1]


def found_crew(campaign: Campaign, prepared: Prepared) -> None:
    """BITD.CREW.CREATE.3, .5, .6: hunting grounds, the crew's first special ability, its starting upgrades
    (two from the crew type, two chosen by the crew's policy)."""
    crew = campaign.crew
    kind = prepared.crew_type
    if kind.get("abilities"):
        first = kind["abilities"][0]["id"]
        campaign.add_crew_ability(first, "crew type")
        mechanics.gain_crew_ability(campaign, first)
    for upgrade in kind.get("starting_upgrades", ()):
        apply_upgrade(campaign, upgrade, spend=False)
    campaign.add_upgrade_boxes(2, "crew creation")
    buy_upgrades(campaign)
    grounds = campaign.scenario.crew.hunting_grounds
    from sim.blades.downtime.downtime import crew_voice

    speaker = crew_voice(campaign)  # a leading seat first (issue 30)
    voice = speaker.id if speaker is not None else None
    if grounds and grounds in campaign.factions and voice:
        options = tuple(o for o, cost in (("pay_more", 2), ("pay", 1), ("nothing", 0)) if crew.coin >= cost)
        deal = campaign.ask(voice, "hunting_grounds", options, {"faction": grounds})
        if deal == "pay_more":
            campaign.add_coin(-2, "hunting grounds")
            campaign.change_status(grounds, 1, "hunting grounds")
        elif deal == "pay":
            campaign.add_coin(-1, "hunting grounds")
        else:
            campaign.change_status(grounds, -1, "hunting grounds")


def recruit(campaign: Campaign, gone: Scoundrel) -> Scoundrel:
    """BITD.DEATH.2: a new scoundrel joins the crew, held by whoever held the one gone.

    A scripted seat's recruit has the same playbook and policy. A leading seat (a person, issue 30) builds the new
    character (BITD.CHAR.CREATE.1-5): any playbook (``recruit_playbook``, each with its ratings), one of its special
    abilities (``recruit_ability``), a vice (``recruit_vice``) and a name from the scenario's name pool
    (``recruit_name``); the creation dots are placed as for every scoundrel (:func:`new_scoundrel`)."""
    pc_id = f"pc{len(campaign.pcs) + 1}"
    if campaign.seats.leads(gone.id):
        pc = _build_recruit(campaign, gone, pc_id)
    else:
        pc = new_scoundrel(campaign, pc_id, gone.playbook, gone.policy)
    campaign.seats.sit(pc_id, campaign.agents[gone.id])
    return pc


#: how many names from the pool a person building a new scoundrel is offered (BITD.CHAR.CREATE.5)
RECRUIT_NAMES = 6


def _build_recruit(campaign: Campaign, gone: Scoundrel, pc_id: str) -> Scoundrel:
    """The person's new scoundrel in ``pc_id``, replacing ``gone`` (see :func:`recruit`), asked of ``gone``'s seat."""
    prepared = prepare(campaign.scenario)
    books = prepared.playbooks
    seat = gone.id
    who = {"pc": gone.id, "status": gone.status, "playbook": gone.playbook}
    playbook = campaign.ask(seat, "recruit_playbook", tuple(books), {
        **who, "ratings": {b: dict(sorted(books[b]["actions"].items())) for b in books}})
    abilities = tuple(a["id"] for a in books[playbook].get("abilities", ()))
    ability = campaign.ask(seat, "recruit_ability", abilities, {**who, "new_playbook": playbook}) if abilities else None
    vice = campaign.ask(seat, "recruit_vice", prepared.vices, {**who, "new_playbook": playbook})
    names = _names(campaign.scenario)
    taken = {pc.name for pc in campaign.pcs}
    offered: list[str] = []
    rng = campaign.stream("names")
    for _ in range(RECRUIT_NAMES):
        offered.append(names.pick_new(rng, taken | set(offered)))
    name = campaign.ask(seat, "recruit_name", tuple(offered), {**who, "new_playbook": playbook})
    return new_scoundrel(campaign, pc_id, playbook, gone.policy, name=name, vice=vice, names=names, ability=ability)


@decision("recruit_playbook")
def choose_recruit_playbook(traits: Mapping[str, Any], d: Decision, rng: Any) -> str:
    """BITD.DEATH.2: a scripted answer keeps the playbook of the scoundrel gone."""
    return d.context["playbook"] if d.context.get("playbook") in d.options else d.options[0]


@decision("recruit_ability")
def choose_recruit_ability(traits: Mapping[str, Any], d: Decision, rng: Any) -> str:
    """BITD.CHAR.CREATE.3: the playbook's first special ability (as :func:`new_scoundrel` gives)."""
    return d.options[0]


@decision("recruit_vice")
def choose_recruit_vice(traits: Mapping[str, Any], d: Decision, rng: Any) -> str:
    """BITD.CHAR.CREATE.4: a vice drawn at random (as :func:`new_scoundrel` draws one)."""
    return d.options[int(rng.random() * len(d.options))]


@decision("recruit_name")
def choose_recruit_name(traits: Mapping[str, Any], d: Decision, rng: Any) -> str:
    """The first name offered from the pool."""
    return d.options[0]


# ------------------------------------------------------------------- playing


def run_campaign(scenario: Any, seed: int, *, journal: Any = None, series: list | None = None,
                 scores: int | None = None, seats: Mapping[str, Agent] | None = None) -> dict[str, Any]:
    """Play one campaign of ``scenario`` seeded with ``seed``; return its flat summary.

    ``journal``: a :class:`~sim.journal.Journal` records every event into
    it; a list gets the events appended; None keeps none. ``series``: a list
    that gets one flat row per score. ``scores`` overrides the scenario's
    length. ``seats`` seats other holders (see :func:`build_campaign`).
    """
    campaign, summary = play_campaign(scenario, seed, journal=journal, series=series, scores=scores, seats=seats)
    campaign.seats.state = None  # its one cycle (the seats brief against the campaign) undone: freed now, not by gc
    return summary


def play_campaign(scenario: Any, seed: int, *, journal: Any = None, series: list | None = None,
                  scores: int | None = None, seats: Mapping[str, Agent] | None = None) -> tuple[Campaign, dict[str, Any]]:
    """:func:`run_campaign`, also returning the finished :class:`Campaign` (for closing sheets)."""
    if isinstance(journal, Journal):
        j = journal
    else:
        j = Journal(keep=journal is not None)
        if journal is not None:
            j.events = journal
    campaign = build_campaign(scenario, seed, j, seats, scores)
    reason = loop.play(campaign, make_session(scenario, series=series, scores=scores))
    return campaign, summarize(campaign, scenario, seed, reason)


def make_session(scenario: Any, *, series: list | None = None, scores: int | None = None) -> loop.Session:
    """What the loop needs to play ``scenario`` besides the campaign: the score helpers and its end conditions.

    ``series`` gets one flat row per score; ``scores`` overrides the scenario's length. A campaign stopped
    between phases goes on with ``loop.TABLE.run(campaign, make_session(scenario))``.
    """
    from sim.blades.score.engagement import free_play
    from sim.blades.score.score import play_score

    length = scenario.length
    return loop.Session(free_play=free_play, play_score=play_score,
                        scores=scores if scores is not None else length.scores, tier_goal=length.tier,
                        recruit=recruit, replacements=replacements_allowed(scenario), series=series)


def scoundrel_sheet(campaign: Campaign) -> list[dict[str, Any]]:
    """Each scoundrel's end state, for the closing sheet."""
    return [{"id": pc.id, "name": pc.name, "playbook": pc.playbook, "status": pc.status, "stress": pc.stress,
             "trauma": len(pc.trauma), "harm": sum(len(r) for r in pc.harm.values()), "stash": pc.stash}
            for pc in campaign.pcs]


def replacements_allowed(scenario: Any) -> int:
    """How many new scoundrels may replace the lost (BITD.DEATH.2): the scenario's ``crew.replacements``, else
    one per starting member."""
    value = getattr(scenario.crew, "replacements", None)
    return len(scenario.crew.members) if value is None else int(value)


class SummaryKeys:
    """The keys :func:`summarize` writes for one scenario, worked out once (in :class:`Prepared`): the
    entanglement kinds, the per-faction keys, the city's (:class:`sim.blades.city.city.SummaryPlan`). Read only."""

    __slots__ = ("pcs", "entanglements", "statuses", "tiers", "ticks", "goals", "city")

    def __init__(self, kinds: tuple[str, ...], in_play: tuple[Mapping[str, Any], ...],
                 edges: tuple[tuple[str, str, str], ...]):
        ids = tuple(rec["id"] for rec in in_play)
        self.pcs = tuple((f"pcs_{status}", status) for status in PC_STATUSES)
        self.entanglements = tuple((f"entanglement_{kind}", f"entanglement.{kind}") for kind in kinds)
        self.statuses = tuple((f"status_{f}", f) for f in ids)
        self.tiers = tuple((f"faction_tier_{f}", f) for f in ids)
        self.ticks = tuple(f"faction_ticks_{f}" for f in ids)  # each the key of its own counter
        self.goals = tuple(f"faction_goals_{f}" for f in ids)
        self.city = SummaryPlan(ids, edges)


def summarize(campaign: Campaign, scenario: Any, seed: int, reason: str) -> dict[str, Any]:
    """The flat summary: str/int/float/bool values, the same keys for every campaign of a scenario.

    Its counts of events (``trauma``, ``harm``, ``stress_marked``, ``entanglement_<kind>``, ``faction_moves``) are
    the counters the change methods keep as they journal them (``campaign.counters``: ``trauma``, ``harm``,
    ``stress_marked``, ``entanglement.<kind>``, ``faction_moves``), so no listener reads those events as they
    happen and a non-keeping journal builds none of them."""
    crew = campaign.crew
    ledger = campaign.ledger
    keys = prepare(scenario).summary
    counters = campaign.counters
    get = counters.get
    pcs = campaign.pcs
    out: dict[str, Any] = {
        "scenario": scenario.name,
        "seed": int(seed),
        "end": reason,
        "scores": ledger.score_no,
        "scores_won": ledger.scores_won,
        "crew_scores": get("crew_scores", ledger.score_no),  # scores the crew played (option crew_breaks)
        "tier": crew.tier,
        "hold": crew.hold,
        "rep": crew.rep,
        "coin": crew.coin,
        "heat": crew.heat,
        "wanted": crew.wanted,
        "turf": crew.turf,
        "claims": len(crew.claims),
        "claims_seized": get("claims_seized", 0),
        "at_war": campaign.at_war,
        "crew_xp": crew.xp,
        "upgrades": sum(crew.upgrades.values()),
        "cohorts": len(crew.cohorts),
    }
    for key, status in keys.pcs:
        out[key] = sum(1 for pc in pcs if pc.status == status)
    out["recruits"] = ledger.replacements
    out["trauma"] = get("trauma", 0)
    out["harm"] = get("harm", 0)
    out["stress_marked"] = get("stress_marked", 0)
    out["stash"] = sum(pc.stash for pc in pcs)
    entangled = [get(counter, 0) for _, counter in keys.entanglements]  # every kind drawn is one of the table's
    out["entanglements"] = sum(entangled)
    for (key, _), n in zip(keys.entanglements, entangled):
        out[key] = n
    factions = campaign.factions
    for key, fid in keys.statuses:
        out[key] = factions[fid].status
    for key, fid in keys.tiers:  # for faction-clock balance studies
        out[key] = factions[fid].tier
    for key in keys.ticks:  # goal clock segments ticked (BITD.DOWNTIME.NPC.2): how fast its clocks fill
        out[key] = get(key, 0)
    for key in keys.goals:  # goals achieved (a filled goal clock is a move)
        out[key] = get(key, 0)
    out["faction_moves"] = get("faction_moves", 0)
    add_city_summary(out, campaign, keys.city)
    out["faction_moves_repelled"] = get("faction_moves_repelled", 0)  # BITD.FORTUNE.4
    out["incarcerations"] = get("incarcerations", 0)
    out["overindulgences"] = get("overindulgences", 0)
    out["wars"] = get("wars", 0)
    out["war_scores"] = get("war_scores", 0)
    out["crew_advances"] = get("crew_advances", 0)
    out["dice_rolled"] = campaign.dice_rolled
    out["events"] = campaign.journal.seq - campaign.seats.recorded  # decision events only exist in a kept journal
    out["decisions"] = campaign.decisions
    return out
