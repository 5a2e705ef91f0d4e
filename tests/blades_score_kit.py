"""Hand-built Blades states for the score tests (like perft positions).

``make_campaign`` builds a :class:`Campaign` directly with a tiny content
object; ``ScriptedRng`` returns chosen ``random()`` values so tests can force
dice faces (``u_for_faces``) and weighted draws.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from sim.agents.base import Agent, Decision
from sim.blades.campaign import seat_agent
from sim.blades.crew.state import Campaign, Crew, Faction, Scoundrel
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import make_rng


def u_for_faces(*faces: int) -> float:
    """The ``rng.random()`` value that makes :func:`sim.dice.roll_action` (faces sampler) roll ``faces``.

    Pools of 1-5 dice (and zero pools, two dice) enumerate the face sequences in
    ``itertools.product`` order and index them with one draw.
    """
    index = 0
    for f in faces:
        index = index * 6 + (f - 1)
    return (index + 0.5) / 6 ** len(faces)


class ScriptedRng:
    """A stand-in for ``random.Random`` whose ``random()`` returns scripted values, then ``fallback``."""

    def __init__(self, values: Iterable[float] = (), fallback: float = 0.5):
        self.values = list(values)
        self.fallback = fallback
        self.used = 0

    def random(self) -> float:
        self.used += 1
        return self.values.pop(0) if self.values else self.fallback

    def getrandbits(self, k: int) -> int:
        return 12345


BARGAINS = [
    {"id": "witness", "text": "a witness sees you", "effect": {"heat": 1}, "plans": ["stealth", "assault"],
     "positions": ["risky", "desperate"], "weight": 2},
    {"id": "alarm_tick", "text": "trip a wire", "effect": {"tick_clock": {"clock": "alarm", "ticks": 1}},
     "plans": ["stealth"], "positions": ["controlled", "risky", "desperate"], "weight": 1},
    {"id": "anger", "text": "anger the target", "effect": {"status": {"faction": "target", "delta": -1}},
     "plans": ["social", "deception"], "positions": ["controlled", "risky", "desperate"], "weight": 1},
]
COMPLICATIONS = [
    {"id": "patrol_minor", "text": "a patrol nears", "severity": "minor", "effect": {"tick_clock": {"clock": "alarm", "ticks": 1}},
     "plans": ["stealth", "assault", "deception", "social", "occult", "transport"], "positions": ["controlled", "risky", "desperate"], "weight": 1},
    {"id": "patrol", "text": "a patrol spots movement", "severity": "standard", "effect": {"tick_clock": {"clock": "alarm", "ticks": 2}},
     "plans": ["stealth", "assault", "deception", "social", "occult", "transport"], "positions": ["risky", "desperate"], "weight": 1},
    {"id": "evidence", "text": "you leave evidence", "severity": "standard", "effect": {"heat": 1},
     "plans": ["stealth", "assault", "deception", "social", "occult", "transport"], "positions": ["risky", "desperate"], "weight": 1},
    {"id": "ambush", "text": "an ambush", "severity": "standard", "effect": {"harm": 2, "heat": 1},
     "plans": ["assault"], "positions": ["risky"], "weight": 1},
    {"id": "alarm_raised", "text": "the alarm is raised", "severity": "serious", "effect": {"tick_clock": {"clock": "alarm", "ticks": 3}},
     "plans": ["stealth", "assault", "deception", "social", "occult", "transport"], "positions": ["desperate"], "weight": 1},
    {"id": "cornered", "text": "cornered", "severity": "serious", "effect": {"lose_opportunity": True, "heat": 2},
     "plans": ["stealth", "assault", "deception", "social", "occult", "transport"], "positions": ["desperate"], "weight": 1},
]
TARGETS = [
    {"id": "vault", "name": "A vault", "faction": "bluecoats", "kind": "burglary", "tier": 1, "plans": ["stealth", "deception"],
     "coin": 4, "exposure": "standard", "obstacles": [{"name": "Perimeter", "size": 4}, {"name": "Safe", "size": 4}], "weight": 1},
    {"id": "den", "name": "A den", "faction": "lampblacks", "kind": "robbery", "tier": 0, "plans": ["assault"],
     "coin": 2, "exposure": "high", "obstacles": [{"name": "Guards", "size": 4}], "weight": 1},
]
FACTIONS = [
    {"id": "bluecoats", "tier": 2, "hold": "strong", "allies": [], "enemies": ["lampblacks"]},
    {"id": "lampblacks", "tier": 1, "hold": "weak", "allies": [], "enemies": ["bluecoats", "red_sashes"]},
    {"id": "red_sashes", "tier": 1, "hold": "strong", "allies": [], "enemies": ["lampblacks"]},
]
CLOCKS = {"score_clocks": [{"id": "alarm", "name": "Alarm", "size": 4, "kind": "danger", "text": "the alarm"}]}


class Script(Agent):
    """A seat that answers chosen decision kinds from ``answers`` (a value, or a function of the Decision)
    and leaves the rest to a scripted policy. Every decision it sees is kept in ``seen``."""

    def __init__(self, fallback: Agent, **answers: Any):
        self.fallback = fallback
        self.answers = answers
        self.seen: list[Decision] = []

    def choose(self, d: Decision, rng) -> Any:
        self.seen.append(d)
        if d.kind in self.answers:
            a = self.answers[d.kind]
            choice = a(d) if callable(a) else a
            if choice not in d.options:
                raise AssertionError(f"scripted {d.kind} answer {choice!r} is not one of {d.options!r}")
            return choice
        return self.fallback.choose(d, rng)


#: Answers that take every rng-using decision out of play (dice alone consume the rng).
QUIET_PLAYER = dict(accept_bargain=False, push=False, assist=False, protect=False, flashback=False, approach="solo",
                    resist=False, armor=False, abandon=False, trade="none",
                    diversion=False, gather_again=False, sit_out=False)
QUIET_GM = dict(offer_bargain=None, consequence="complication")


def script(campaign: Campaign, seat: str, **answers: Any) -> Script:
    """Put a :class:`Script` in ``seat`` of ``campaign`` (over its current agent) and return it."""
    agent = Script(campaign.agents[seat], **answers)
    campaign.seats.sit(seat, agent)
    return agent


class TinyContent:
    """A content object with a handful of tables (shapes as docs/architecture.md fixes them)."""

    def __init__(self, **tables: Any):
        self.tables = {
            "blades/bargains": {"bargains": BARGAINS},
            "blades/complications": {"complications": COMPLICATIONS},
            "blades/targets": {"targets": TARGETS},
            "blades/factions": {"factions": FACTIONS},
            "blades/clocks": CLOCKS,
        }
        self.tables.update(tables)

    def table(self, name: str) -> Mapping[str, Any]:
        return self.tables[name]


CONTENT = TinyContent()


def scoundrel(pc_id: str = "pc1", policy: str = "bold", **actions: int) -> Scoundrel:
    return Scoundrel(id=pc_id, name=pc_id.upper(), playbook="lurk", policy=policy,
                     actions=dict(actions) or {"prowl": 2, "finesse": 1, "survey": 1, "skirmish": 1, "sway": 1})


def make_campaign(pcs=None, *, rng=None, gm: str = "standard", content=CONTENT, factions=None, seed: int = 1,
                  **options) -> Campaign:
    """A campaign for calling rules directly; ``seed`` seeds the seats' own streams (the dice roll from ``rng``)."""
    pcs = list(pcs) if pcs is not None else [scoundrel()]
    agents = {pc.id: seat_agent("players", pc.policy) for pc in pcs}
    agents["gm"] = seat_agent("gm", gm)
    if factions is None:
        factions = [Faction(f["id"], f["id"].title(), f["tier"], f["hold"]) for f in FACTIONS]
    return Campaign(rng=rng if rng is not None else make_rng(1), options=RuleOptions(options), content=content,
                    crew=Crew("Crows", "shadows"), pcs=pcs, factions=factions, agents=agents, journal=Journal(), seed=seed)


def tally_ctx(plan: str = "stealth", target_tier: int = 0, quality: int = 0, faction: str = "bluecoats"):
    """A fresh score tally and context for calling the action procedure directly."""
    from sim.blades.score.action import ScoreContext
    from sim.blades.score.effects import ScoreTally

    return ScoreTally(), ScoreContext(plan, faction, target_tier, quality)


def events(campaign: Campaign, name: str) -> list[dict]:
    return [e for e in campaign.journal.events if e["event"] == name]
