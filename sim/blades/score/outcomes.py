"""What free play hands to the score, and what the score hands to downtime.

These two frozen records are the seam between ``sim.blades.score.engagement`` /
``sim.blades.score.score`` (free play, engagement, the score's scenes) and
``sim.blades.downtime.downtime`` (payoff, heat, entanglements, activities).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

EXPOSURE_HEAT = {"quiet": 0, "standard": 2, "high": 4, "devastating": 6}  # BITD.DOWNTIME.HEAT.1


@dataclass(frozen=True, slots=True)
class ScorePlan:
    """BITD.SCORE.1-5: the target, the plan and its detail, loads, engagement."""

    target_id: str  # id in content blades/targets
    target_faction: str  # faction id (the score's victim)
    target_tier: int
    kind: str  # the target's kind (e.g. burglary, assassination, claim)
    plan: str  # assault | deception | stealth | occult | social | transport
    detail: str
    coin: int  # payoff coin by score size (BITD.DOWNTIME.PAYOFF.2)
    exposure: str  # key of EXPOSURE_HEAT: the score's expected exposure
    obstacles: tuple[tuple[str, int], ...]  # (name, clock size) layers (BITD.CLOCK.5)
    loads: Mapping[str, str] = field(default_factory=dict)  # pc id -> light | normal | heavy
    engagement: str = "partial"  # engagement roll result (BITD.SCORE.5)
    start_position: str = "risky"
    high_profile: bool = False
    hostile_turf: bool = False
    claim: str = ""  # a claim seizure (BITD.CREW.CLAIM.1): the claim id the score takes from target_faction


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """How the score went, for downtime (BITD.DOWNTIME.1)."""

    success: bool
    abandoned: bool
    quiet: bool  # nobody knows who did it: 0 rep (BITD.DOWNTIME.PAYOFF.1)
    exposure: str  # key of EXPOSURE_HEAT: what the score actually became
    coin: int  # coin earned (0 when failed or abandoned, BITD.SCORE.7)
    killing: bool = False  # +2 heat (BITD.DOWNTIME.HEAT.2)
    heat_modifiers: Mapping[str, int] = field(default_factory=dict)  # e.g. complications, bargains
    factions_hurt: tuple[str, ...] = ()  # status -1/-2 (BITD.FACTION.6)
    factions_helped: tuple[str, ...] = ()  # status +1
    desperate_rolls: int = 0
    rolls: int = 0
