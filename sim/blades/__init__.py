"""Blades in the Dark: campaign state, the campaign machine, score and downtime.

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
