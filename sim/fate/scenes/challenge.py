"""Challenges: a set of overcome rolls read together (FATE.CHALLENGE.1-3).

The GM names tasks (skill and difficulty, about one per character,
FATE.CHALLENGE.2); each is one overcome roll (FATE.ACTION.1). The table's
scripted assignment: each task goes to the free character best at its skill;
characters left without a task help the task where they add the most
(teamwork, FATE.TEAM.1). A success with style leaves a boost its holder may
spend on a later task. The results are read together (FATE.CHALLENGE.3).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from sim.dice import FAIL, STYLE, TIE, teamwork_bonus
from sim.errors import UsageError
from sim.fate.scenes.actions import OVERCOME_ACTION, outcome_of
from sim.fate.characters.ladder import check_skill
from sim.fate.scenes.rules import aspect_difficulty
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


def assign_tasks(scene: Scene, who: Sequence[str], tasks: Sequence[Task],
                 chosen: Mapping[int, str] | None = None) -> tuple[tuple[Task, str, tuple[str, ...]], ...]:
    """(task, roller, helpers) for each task (FATE.CHALLENGE.1-2, FATE.TEAM.1).

    ``chosen``: task index -> the character who took it (a leading seat's own choice, :func:`lead_choices`);
    the other tasks in order each take the free character with the best rating (first listed wins ties); once
    everyone has a task, everyone is free again. Characters with no task help where their +1 counts (rating
    >= 1, bonus under the roller's cap), the task with the fewest helpers first.
    """
    if not who:
        raise UsageError("a challenge needs at least one character")
    chosen = chosen or {}
    free = [c for c in who if c not in chosen.values()]
    plan = []
    for i, task in enumerate(tasks):
        if i in chosen:
            plan.append([task, chosen[i], []])
            continue
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


def lead_choices(scene: Scene, who: Sequence[str], tasks: Sequence[Task], harder: Sequence[str] = ()) -> dict[int, str]:
    """Issue 30, FATE.CHALLENGE.1-2: each leading seat among ``who`` takes the task it chooses (``fate_task``, one of
    the tasks nobody has taken yet), in ``who``'s order; scripted seats are assigned as before. ``harder``: the
    characters whose own task is 2 harder (a complication accepted, FATE.ASPECT.1), so the odds shown are the
    roll's. Returns task index -> character."""
    chosen: dict[int, str] = {}
    for cid in who:
        if not scene.leads(cid):
            continue
        open_ = tuple(i for i in range(len(tasks)) if i not in chosen)
        if not open_:
            break
        chosen[scene.decide(cid, "fate_task", open_, tasks=[[t.name, t.skill, t.difficulty] for t in tasks],
                            chosen={str(i): c for i, c in chosen.items()}, characters=list(who),
                            harder=[c for c in harder if c == cid], ratings=dict(scene.chars[cid].skills))] = cid
    return chosen


def play_challenge(scene: Scene, tasks: Sequence[Task], who: Sequence[str] | None = None,
                   harder: Sequence[str] = ()) -> ChallengeResult:
    """Roll every task in order and read the results together; journals ``challenge_start`` and ``challenge_end``.
    ``harder``: characters whose own task is 2 harder (a compel's complication with nobody to hold its invoke,
    FATE.ASPECT.1 with FATE.OPP.2). A leading seat chooses its task first (:func:`lead_choices`), after
    ``challenge_start`` (then the tasks as the GM named them, and ``harder``) so the person sees the challenge.

    The scene stays open; call ``scene.end()`` when it is over.
    """
    tasks = tuple(tasks)
    if not tasks:
        raise UsageError("a challenge needs at least one task")
    for t in tasks:
        check_skill(t.skill)
    who = tuple(who) if who is not None else scene.active()
    leading = any(scene.leads(c) for c in who)
    if leading:
        scene.emit("challenge_start", tasks=[[t.name, t.skill, t.difficulty] for t in tasks], characters=list(who),
                   harder=list(harder))
    plan = assign_tasks(scene, who, tasks, lead_choices(scene, who, tasks, harder) if leading else None)
    plan = tuple((replace(t, difficulty=aspect_difficulty(t.difficulty, 1)) if roller in harder else t, roller, helpers)
                 for t, roller, helpers in plan)
    if not leading:
        scene.emit("challenge_start", tasks=[[t.name, t.skill, t.difficulty] for t, _, _ in plan],
                   characters=list(who))
    results = []
    for task, roller, helpers in plan:
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
