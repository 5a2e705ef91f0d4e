"""Challenges: a set of overcome rolls read together (FATE.CHALLENGE.1-3).

The GM names tasks (skill and difficulty, about one per character,
FATE.CHALLENGE.2); each is one overcome roll (FATE.ACTION.1). The table's
scripted assignment: each task goes to the free character best at its skill;
characters left without a task help the task where they add the most
(teamwork, FATE.TEAM.1). A success with style leaves a boost its holder may
spend on a later task. The results are read together (FATE.CHALLENGE.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from sim.dice import FAIL, STYLE, TIE, teamwork_bonus
from sim.errors import UsageError
from sim.fate.scenes.actions import OVERCOME_ACTION, outcome_of
from sim.fate.characters.ladder import check_skill
from sim.fate.scenes.scene import Scene
from sim.fate.tables import boost


@dataclass(frozen=True, slots=True)
class Task:
    """One task of a challenge: an overcome with ``skill`` against ``difficulty``."""

    name: str
    skill: str
    difficulty: int


@dataclass(frozen=True, slots=True)
class TaskResult:
    task: Task
    roller: str
    helpers: tuple[str, ...]
    effort: int
    shifts: int
    outcome: str
    cost: str | None


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """``verdict``: "success" (every task met, perhaps at a cost), "failure" (none) or "partial" (FATE.CHALLENGE.3)."""

    tasks: tuple[TaskResult, ...]
    successes: int
    costs: int
    failures: int
    verdict: str


def assign_tasks(scene: Scene, who: Sequence[str], tasks: Sequence[Task]) -> tuple[tuple[Task, str, tuple[str, ...]], ...]:
    """(task, roller, helpers) for each task (FATE.CHALLENGE.1-2, FATE.TEAM.1).

    Tasks in order each take the free character with the best rating (first
    listed wins ties); once everyone has a task, everyone is free again.
    Characters with no task help where their +1 counts (rating >= 1, bonus
    under the roller's cap), the task with the fewest helpers first.
    """
    if not who:
        raise UsageError("a challenge needs at least one character")
    free = list(who)
    plan = []
    for task in tasks:
        if not free:
            free = list(who)
        roller = max(free, key=lambda c: (scene.chars[c].skill(task.skill), -free.index(c)))
        free.remove(roller)
        plan.append([task, roller, []])
    if len(tasks) < len(who):
        for helper in free:
            best = None
            for entry in sorted(plan, key=lambda e: len(e[2])):
                task, roller, helpers = entry
                ratings = [scene.chars[c].skill(task.skill) for c in (roller, *helpers)]
                gain = teamwork_bonus(ratings + [scene.chars[helper].skill(task.skill)]) - teamwork_bonus(ratings)
                if gain > 0 and scene.chars[roller].skill(task.skill) >= max(ratings + [scene.chars[helper].skill(task.skill)]):
                    best = entry
                    break
            if best is not None:
                best[2].append(helper)
    return tuple((t, r, tuple(h)) for t, r, h in plan)


def verdict(outcomes: Sequence[str]) -> str:
    """FATE.CHALLENGE.3 read as: all tasks met (ties are met at a minor cost) = success; none = failure; else partial."""
    met = sum(1 for o in outcomes if o != FAIL)
    if met == len(outcomes):
        return "success"
    return "failure" if met == 0 else "partial"


def play_challenge(scene: Scene, tasks: Sequence[Task], who: Sequence[str] | None = None) -> ChallengeResult:
    """Roll every task in order and read the results together; journals ``challenge_end``.

    The scene stays open; call ``scene.end()`` when it is over.
    """
    tasks = tuple(tasks)
    if not tasks:
        raise UsageError("a challenge needs at least one task")
    for t in tasks:
        check_skill(t.skill)
    who = tuple(who) if who is not None else scene.active()
    scene.emit("challenge_start", tasks=[[t.name, t.skill, t.difficulty] for t in tasks], characters=list(who))
    results = []
    for task, roller, helpers in assign_tasks(scene, who, tasks):
        ratings = [scene.chars[c].skill(task.skill) for c in (roller, *helpers)]
        p = scene.start_roll(roller, task.skill, OVERCOME_ACTION, bonus=teamwork_bonus(ratings))
        scene.settle([p], against={roller: task.difficulty}, goals={roller: (1, 1)})
        outcome = scene.record(p, task.difficulty, task=task.name, helpers=list(helpers))
        row = outcome_of(OVERCOME_ACTION, p.effort - task.difficulty)
        if row.boost:
            scene.add_boost(roller, boost("momentum"))
        results.append(TaskResult(task, roller, helpers, p.effort, p.effort - task.difficulty, outcome, row.cost))
    outcomes = [r.outcome for r in results]
    result = ChallengeResult(tuple(results), sum(1 for o in outcomes if o not in (FAIL, TIE)),
                             outcomes.count(TIE), outcomes.count(FAIL), verdict(outcomes))
    scene.emit("challenge_end", verdict=result.verdict, successes=result.successes, costs=result.costs,
               failures=result.failures, styles=outcomes.count(STYLE))
    return result
