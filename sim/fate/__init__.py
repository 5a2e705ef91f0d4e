"""Fate Condensed scenes: challenges, contests, conflicts and zones (docs/rules/fate.md, FATE.*).

Small pure rules (:mod:`~sim.fate.ladder`, :mod:`~sim.fate.character`,
:mod:`~sim.fate.aspects`, :mod:`~sim.fate.actions`, :mod:`~sim.fate.zones`,
:mod:`~sim.fate.turns`, :mod:`~sim.fate.recovery`) and scene runners that
play them with scripted seats (:mod:`~sim.fate.agents`) on a
:class:`~sim.fate.scene.Scene`: :func:`play_challenge`, :func:`play_contest`,
:func:`play_conflict`. Importing this package registers the scripted Fate
decisions with :mod:`sim.agents`.
"""

from sim.fate import agents as _agents  # noqa: F401  (registers the fate_* decisions)
from sim.fate.agents import fate_agent, seats_for
from sim.fate.challenge import ChallengeResult, Task, play_challenge
from sim.fate.character import Character, make_character
from sim.fate.conflict import ConflictResult, play_conflict
from sim.fate.contest import ContestResult, ContestSide, Threat, play_contest
from sim.fate.scene import Scene
from sim.fate.zones import ZoneMap

__all__ = [
    "ChallengeResult", "Character", "ConflictResult", "ContestResult", "ContestSide", "Scene", "Task", "Threat",
    "ZoneMap", "fate_agent", "make_character", "play_challenge", "play_conflict", "play_contest", "seats_for",
]
