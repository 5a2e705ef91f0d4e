"""Hand-built campaigns for the downtime and loop tests.

``make_campaign`` builds a :class:`Campaign` directly; its content object reads
single tables from ``content/`` (so the downtime rules run against the real
entanglement and playbook tables without the rest of the content being
complete). ``ScriptedRng`` and ``u_for_faces`` force dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sim.blades.campaign import seat_agent
from sim.blades.score.outcomes import ScorePlan, ScoreResult
from sim.blades.crew.state import Campaign, Crew, Faction, Scoundrel
from sim.clocks import Clock
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import make_rng
from blades_score_kit import ScriptedRng, u_for_faces  # noqa: F401 - re-exported for the downtime tests

CONTENT = Path(__file__).resolve().parents[1] / "content"


class TableContent:
    """Reads ``content/<key>.yaml`` on demand (a stand-in for :class:`sim.content.Content`)."""

    def __init__(self, overrides: dict[str, Any] | None = None):
        self.overrides = overrides or {}
        self.cache: dict[str, Any] = {}

    def table(self, key: str) -> Any:
        if key in self.overrides:
            return self.overrides[key]
        if key not in self.cache:
            with open(CONTENT / f"{key}.yaml", encoding="utf-8") as fh:
                self.cache[key] = yaml.safe_load(fh)
        return self.cache[key]


_CONTENT = TableContent()


def make_pc(pc_id: str = "pc1", policy: str = "careful", **kw: Any) -> Scoundrel:
    actions = kw.pop("actions", {"skirmish": 2, "prowl": 1, "hunt": 1, "sway": 1, "consort": 1, "tinker": 1})
    return Scoundrel(id=pc_id, name=pc_id.upper(), playbook=kw.pop("playbook", "cutter"), policy=policy,
                     actions=dict(actions), vice="gambling", friend="Bazso", **kw)


def make_campaign(*, rng: Any = None, pcs: list[Scoundrel] | None = None, factions: list[Faction] | None = None,
                  options: dict | None = None, content: Any = None, gm: str = "standard", seed: int = 1,
                  **crew: Any) -> Campaign:
    """A campaign for calling downtime rules directly; ``seed`` seeds the seats' own streams (dice: ``rng``)."""
    pcs = pcs if pcs is not None else [make_pc()]
    agents = {pc.id: seat_agent("players", pc.policy) for pc in pcs}
    agents["gm"] = seat_agent("gm", gm)
    if factions is None:
        factions = [Faction("bluecoats", "Bluecoats", 3, "strong"), Faction("lampblacks", "Lampblacks", 2, "weak"),
                    Faction("red_sashes", "Red Sashes", 2, "weak")]
    return Campaign(rng=rng if rng is not None else make_rng(1), options=RuleOptions(options or {}),
                    content=content if content is not None else _CONTENT, crew=Crew("Crows", "shadows", **crew),
                    pcs=pcs, factions=factions, agents=agents, journal=Journal(), seed=seed)


def plan(**kw: Any) -> ScorePlan:
    base = dict(target_id="vault", target_faction="bluecoats", target_tier=1, kind="burglary", plan="stealth",
                detail="the roof", coin=4, exposure="standard", obstacles=(("Perimeter", 4),))
    base.update(kw)
    return ScorePlan(**base)


def result(**kw: Any) -> ScoreResult:
    base = dict(success=True, abandoned=False, quiet=False, exposure="standard", coin=4)
    base.update(kw)
    return ScoreResult(**base)


def events(campaign: Campaign, name: str | None = None) -> list[dict]:
    return [e for e in campaign.journal.events if name is None or e["event"] == name]


def faction_clock(fid: str, size: int = 8) -> Clock:
    return Clock(f"{fid}_goal", size, "faction", owner=fid)
