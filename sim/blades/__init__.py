"""Blades in the Dark: campaign state, the campaign machine, score and downtime.

The folder reads as the loop is played (:mod:`sim.blades.loop`, BITD.CORE.6, BITD.DOWNTIME.1): free play and the
score in :mod:`sim.blades.score`, then :mod:`sim.blades.downtime`, with the crew and its sheet in
:mod:`sim.blades.crew`, the factions in :mod:`sim.blades.city`, :mod:`sim.blades.advancement` (and cohorts),
:mod:`sim.blades.arcana` (magnitude, rituals, crafting) and :mod:`sim.blades.views` (briefings, narration, solo
views, the batch report's city section). At the top: the registry entry (:mod:`sim.blades.system`), the scenario
and content schemas, the campaign and its phase table, seating, table lookups and the batch game.

``run_campaign(scenario, seed, *, journal=None, series=None) -> dict`` plays
one campaign and returns its flat summary (:mod:`sim.blades.campaign`). It is
imported on first use so that importing a single rule module stays light.
"""

from typing import Any

__all__ = ["run_campaign"]


def __getattr__(name: str) -> Any:
    if name == "run_campaign":
        from sim.blades.campaign import run_campaign

        return run_campaign
    raise AttributeError(f"module 'sim.blades' has no attribute {name!r}")
