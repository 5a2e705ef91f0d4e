"""The player leads (issue 30): the moves a score offers a seat whose holder leads (:meth:`Seats.leads
<sim.agents.seats.Seats.leads>`: a person), where a scripted seat gets the engine's shortlist.

* Every action (BITD.ACTION.2 step 2: the player chooses the action; BITD.ATTR.3: any of the twelve, at 0 dots
  too: 2d keep the lowest, BITD.CORE.2): the plan's fitting ones first, then the rest; an action whose
  opportunity was lost here is not offered (BITD.CONSEQ.1). The GM sets position and effect for the chosen one
  (BITD.ACTION.3, BITD.EFFECT.2) as for any other.
* Set-up (BITD.TEAM.4): the one who sets up picks the teammate and the set-up action; the teammate set up is
  asked whether to follow up, and with which action (``follow_up``), after the set-up's result is known.
* Flashbacks (BITD.FLASH.1-2): the scoundrel chooses the action the flashback's roll uses (``flashback_action``).

Nothing here is asked of a scripted seat (:mod:`sim.blades.score.score` calls it only for a seat that leads), so
batch journals keep their menus; each kind still has a scripted answer (today's pick) like every decision kind.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.blades.crew.state import ACTIONS
from sim.blades.score.action import PLAN_ACTIONS, SETUP_ACTIONS, gm_effect, solo_action
from sim.rng import Rng


def every_action(first: Sequence[str], blocked: Sequence[str] = ()) -> tuple[str, ...]:
    """All twelve actions (BITD.ATTR.3), ``first`` in its order then the rest in sheet order, less those whose
    opportunity was lost (``blocked``, BITD.CONSEQ.1); all twelve again if every one was lost."""
    out: list[str] = []
    for a in tuple(first) + ACTIONS:
        if a not in out and a not in blocked:
            out.append(a)
    return tuple(out) or ACTIONS


def _roll_context(run: Any, pc: Any, clock: Any) -> dict:
    ctx = run.ctx
    return {"pc": pc.id, "ratings": dict(pc.actions), "plan": ctx.plan, "obstacle": clock.id,
            "target_tier": ctx.target_tier, "quality": ctx.quality, "operation": ctx.kind, "exposure": ctx.exposure}


def choose_setup(campaign: Any, run: Any, pc: Any, followers: Sequence[Any], moves: Sequence[str], action: str,
                 position: str, effect: str, clock: Any) -> tuple[Any, str]:
    """BITD.TEAM.4: a leading scoundrel who sets up picks the teammate (``setup_mate``) and the set-up action
    (``setup_action``, any action: :func:`every_action`). Returns (teammate, action)."""
    base = _roll_context(run, pc, clock)
    mate_id = campaign.ask(pc.id, "setup_mate", tuple(m.id for m in followers), {
        **base, "action": action, "position": position, "effect": effect})
    follower = next(m for m in followers if m.id == mate_id)
    setup = campaign.ask(pc.id, "setup_action", tuple(moves), {
        **base, "action": action, "follower": follower.id, "position": position})
    return follower, setup


def follow_up(campaign: Any, run: Any, actor: Any, follower: Any, action: str, position: str, effect: str,
              benefit: str | None, blocked: Sequence[str], clock: Any):
    """BITD.TEAM.4: the leading teammate ``follower``, set up by ``actor`` for ``action``, chooses whether to follow
    up and with which action (the set-up's first, then the plan's, then the rest), seeing the position (improved
    when the set-up bought that) and the effect the GM sets for each. None (declined): nobody rolls."""
    ctx = run.ctx
    options = every_action((action,) + PLAN_ACTIONS[ctx.plan], blocked) + (None,)
    choice = campaign.ask(follower.id, "follow_up", options, {
        **_roll_context(run, follower, clock), "actor": actor.id, "action": action, "position": position,
        "effect": effect, "benefit": benefit})
    if choice is None:
        return None
    if choice != action:  # the GM sets the effect of the action chosen (BITD.EFFECT.2)
        effect = gm_effect(campaign, ctx, choice, pc=follower.id, obstacle=clock.id)
    return solo_action(campaign, run.tally, ctx, follower, choice, position, effect,
                       bonus_effect=1 if benefit == "effect" else 0)


def flashback_action(campaign: Any, run: Any, pc: Any, clock: Any, cost: int) -> str:
    """BITD.FLASH.1: the leading scoundrel picks the action the flashback's roll uses (the plan's set-up actions
    first, then the rest; its rating is the roll's dice, 0 dots: 2d keep the lowest)."""
    return campaign.ask(pc.id, "flashback_action", every_action(SETUP_ACTIONS[run.ctx.plan]), {
        **_roll_context(run, pc, clock), "cost": cost})


# --- scripted answers (today's picks; no scripted seat is asked these: they are a person's) -------------------

def _best(options: Sequence[Any], ratings: Mapping[str, int]) -> Any:
    best = options[0]
    for a in options:  # max by rating, the first of equals
        if ratings.get(a, 0) > ratings.get(best, 0):
            best = a
    return best


@decision("follow_up")
def choose_follow_up(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str | None:
    """Follow up with the action set up for (listed first)."""
    return d.options[0]


@decision("setup_mate")
def choose_setup_mate(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The first teammate offered (the engine lists them in crew order)."""
    return d.options[0]


@decision("setup_action")
def choose_setup_action(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The best-rated action, the first listed (the plan's set-up actions come first) on a tie."""
    return _best(d.options, d.context["ratings"])


@decision("flashback_action")
def choose_flashback_action(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The best-rated action, the first listed on a tie (the scripted flashback's pick)."""
    return _best(d.options, d.context["ratings"])
