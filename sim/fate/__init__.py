"""Fate Condensed scenes: challenges, contests, conflicts and zones (docs/rules/fate.md, FATE.*).

Small pure rules (:mod:`~sim.fate.ladder`, :mod:`~sim.fate.character`,
:mod:`~sim.fate.aspects`, :mod:`~sim.fate.actions`, :mod:`~sim.fate.zones`,
:mod:`~sim.fate.turns`, :mod:`~sim.fate.recovery`) and scene runners that
play them with scripted seats (:mod:`~sim.fate.agents`) on a
:class:`~sim.fate.scene.Scene`: :func:`play_challenge`, :func:`play_contest`,
:func:`play_conflict`. Every scene imports :mod:`~sim.fate.agents`, which
registers the scripted Fate decisions with :mod:`sim.agents`.

The names below are imported on first use, so importing one small rule module
(or :mod:`sim.fate.system`, which the registry of systems discovers) does not
load the scene runners.
"""

from importlib import import_module
from typing import Any

_HOMES = {
    "ChallengeResult": "challenge", "Task": "challenge", "play_challenge": "challenge",
    "Character": "character", "make_character": "character",
    "ConflictResult": "conflict", "play_conflict": "conflict",
    "ContestResult": "contest", "ContestSide": "contest", "Threat": "contest", "play_contest": "contest",
    "Scene": "scene", "ZoneMap": "zones", "fate_agent": "agents", "seats_for": "agents",
}


__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"sim.fate.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'sim.fate' has no attribute {name!r}")
