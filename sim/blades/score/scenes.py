"""The scene mechanism of a score: scene kinds, layouts and a score's progress (BITD.SCORE).

A score (:func:`sim.blades.score.score.play_score`) is a queue of :class:`SceneSpec`, laid out by
:func:`scenes_for` (the first registered :func:`scene_planner` with an answer, else one
``challenge`` over the target's obstacle layers) and played one by one with the function
registered for each ``kind`` in :data:`SCENE_KINDS` (:func:`scene_kind`). :class:`ScoreRun`
is the score's mutable progress, shared by the score and its scene functions.

This module imports no scene: the score registers ``challenge``, and
:mod:`sim.blades.score.fate_scenes` registers the Fate ``contest`` and ``conflict``, both importing
only this module, so the mechanism and the scenes that use it form no import circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # annotations only
    from sim.blades.score.action import ScoreContext
    from sim.blades.score.effects import ScoreTally
    from sim.blades.score.outcomes import ScorePlan


@dataclass(frozen=True, slots=True)
class SceneSpec:
    """One scene of a score: its kind and the obstacles (name, clock size) it is about."""

    kind: str
    obstacles: tuple[tuple[str, int], ...]


class ScoreRun:
    """The mutable progress of one score, private to :func:`play_score` and the scene functions."""

    __slots__ = ("plan", "ctx", "tally", "opening", "alarm", "closed", "abandoned", "reason", "beats", "seen", "acted", "harm_before",
                 "queue", "done", "cohort_calls", "_segments",
                 "penalties", "clock", "free_acted")

    def __init__(self, plan: ScorePlan, ctx: ScoreContext, tally: ScoreTally):
        self.plan = plan
        self.ctx = ctx
        self.tally = tally
        self.opening = True  # the next action is an opening action (engagement position, BITD.SCORE.5)
        self.alarm = False  # a danger clock of the score filled
        self.closed = False  # a mission clock filled: the window is gone
        self.seen: list[str] = []  # score clocks whose filling has been dealt with
        self.abandoned = False
        self.reason = ""
        self.beats = 0
        self.acted: dict[str, int] = {}  # pc id -> the beat they last took the spotlight
        self.harm_before: dict[str, int] = {}  # pc id -> worst harm when the score began
        self.done = 0  # obstacle segments filled
        self.queue: list[SceneSpec] = []  # scenes still to play; a scene may add more (a chase after an alarm)
        self.cohort_calls: dict[str, bool] = {}  # cohort id -> whether an Unreliable one came (sim.blades.advancement.cohorts)
        self._segments: int | None = None  # the plan's obstacle segments, summed once (a plan never changes)
        self.clock: Any = None  # the obstacle being worked now (a free act in solo play works it too)
        self.free_acted: set[str] = set()  # scoundrels whose beat a free act took (solo play, sim.blades.free_act)


    def progress(self) -> float:
        """Share of the score's obstacle segments filled so far (0..1)."""
        total = self._segments
        if total is None:
            total = self._segments = sum(size for _, size in self.plan.obstacles)
        return self.done / total if total else 1.0


SceneFn = Callable[[Any, ScoreRun, SceneSpec], str]
#: kind -> scene function returning ``"cleared"``, ``"abandoned"``, ``"closed"`` (the window shut) or ``"out"``
#: (nobody left to act).
SCENE_KINDS: dict[str, SceneFn] = {}


def scene_kind(kind: str) -> Callable[[SceneFn], SceneFn]:
    """Register the function that plays scenes of ``kind``."""

    def register(fn: SceneFn) -> SceneFn:
        if kind in SCENE_KINDS and SCENE_KINDS[kind] is not fn:
            raise ValueError(f"scene kind {kind!r} registered twice")
        SCENE_KINDS[kind] = fn
        return fn

    return register


PlannerFn = Callable[[Any, "ScorePlan"], "tuple[SceneSpec, ...] | None"]
#: Functions that may lay out a score's scenes (first non-empty answer wins), registered with :func:`scene_planner`.
SCENE_PLANNERS: list[PlannerFn] = []


def scene_planner(fn: PlannerFn) -> PlannerFn:
    """Register a function ``(campaign, plan) -> scenes or None`` consulted before the default layout."""
    if fn not in SCENE_PLANNERS:
        SCENE_PLANNERS.append(fn)
    return fn


def scenes_for(plan: ScorePlan, campaign: Any = None) -> tuple[SceneSpec, ...]:
    """The score's scenes: a registered planner's, else one challenge over the target's obstacle layers."""
    for planner in SCENE_PLANNERS:
        scenes = planner(campaign, plan)
        if scenes:
            return tuple(scenes)
    return (SceneSpec("challenge", tuple(plan.obstacles)),)
