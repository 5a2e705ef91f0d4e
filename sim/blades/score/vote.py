"""The crew's vote on walking away from a score (BITD.SCORE.7): each scoundrel still in it votes by their seat, a
majority abandons, and a person who votes is shown the tally (issue 30)."""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.score.scenes import ScoreRun
from sim.clocks import Clock
from sim.rng import Rng


def wants_to_abandon(campaign: Any, run: ScoreRun, actors: list) -> dict | None:
    """The crew votes on walking away (BITD.SCORE.7), given the harm taken on this score and its stress.

    Each active scoundrel answers by their own policy; a majority abandons. When a leading seat (a person) votes,
    the tally is journaled as ``vote`` (the voters, the ayes, whether it passed, and which of the person's seats
    were outvoted), whichever way it went.
    Returns None to carry on, else what the vote saw (journaled with the ``abandon``).
    """
    before = run.harm_before
    worst, total, fittest = 0, 0, 3
    for pc in actors:
        harm = pc.worst_harm
        if harm > worst and harm > before.get(pc.id, 0):
            worst = harm
        if harm < fittest:
            fittest = harm  # the least hurt of those still in it
        total += pc.stress
    stress = round(total / len(actors), 2)
    progress = round(run.progress(), 3)
    ayes = [pc.id for pc in actors if campaign.ask(pc.id, "abandon", (False, True), {
        "pc": pc.id, "worst_harm": worst, "mean_stress": stress, "alarm": run.alarm, "progress": progress,
        "fittest": fittest})]
    passed = 2 * len(ayes) > len(actors)
    leading = [pc.id for pc in actors if campaign.seats.leads(pc.id)]
    if leading:  # a person votes: the tally is theirs to see (issue 30); scripted crews' journals stay as they were
        outvoted = [pid for pid in leading if (pid in ayes) != passed]
        campaign.emit("vote", question="abandon", voters=[pc.id for pc in actors], ayes=ayes, passed=passed,
                      leading=leading, outvoted=outvoted)
    if passed:
        return {"worst_harm": worst, "mean_stress": stress, "votes": ayes}
    return None


def abandon(campaign: Any, run: ScoreRun, clock: Clock, reason: str, **detail: Any) -> str:
    """BITD.SCORE.7: walk away; payoff 0, heat and entanglements still come."""
    run.abandoned = True
    run.reason = reason
    campaign.emit("abandon", reason=reason, obstacle=clock.id, filled=clock.filled, size=clock.size, **detail)
    return "abandoned"


@decision("abandon")
def choose_abandon(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player traits ``abandon_on_harm`` (worst harm taken on this score), ``abandon_on_stress`` (mean stress)
    and ``sit_out_harm`` (walk away once everyone still in it is that badly hurt: nobody fit is left to act).

    Nobody walks away from a score that is three-quarters done.
    """
    c = d.context
    if c["progress"] >= 0.75:
        return False
    return (c["worst_harm"] >= traits["abandon_on_harm"] or c["mean_stress"] >= traits["abandon_on_stress"]
            or c.get("fittest", 0) >= traits["sit_out_harm"])
