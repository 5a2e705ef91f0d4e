"""Fate Condensed scenes: challenges, contests, conflicts and zones (docs/rules/fate.md, FATE.*).

Small pure rules (:mod:`~sim.fate.characters.ladder`, :mod:`~sim.fate.characters.character`,
:mod:`~sim.fate.characters.aspects`, :mod:`~sim.fate.scenes.actions`, :mod:`~sim.fate.scenes.zones`,
:mod:`~sim.fate.scenes.turns`, :mod:`~sim.fate.characters.recovery`) and scene runners that
play them with scripted seats (:mod:`~sim.fate.agents`) on a
:class:`~sim.fate.scenes.scene.Scene`: :func:`play_challenge`, :func:`play_contest`,
:func:`play_conflict`. Every scene imports :mod:`~sim.fate.agents`, which
registers the scripted Fate decisions with :mod:`sim.agents`.

The names below are imported on first use, so importing one small rule module
(or :mod:`sim.fate.system`, which the registry of systems discovers) does not
load the scene runners.
"""

from importlib import import_module
from typing import Any

_HOMES = {
    "ChallengeResult": "scenes.challenge", "Task": "scenes.challenge", "play_challenge": "scenes.challenge",
    "Character": "characters.character", "make_character": "characters.character",
    "ConflictResult": "scenes.conflict", "play_conflict": "scenes.conflict",
    "ContestResult": "scenes.contest", "ContestSide": "scenes.contest", "Threat": "scenes.contest",
    "play_contest": "scenes.contest",
    "Scene": "scenes.scene", "ZoneMap": "scenes.zones", "fate_agent": "agents", "seats_for": "agents",
}


__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"sim.fate.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'sim.fate' has no attribute {name!r}")
