"""Free play in Blades (issue 30): ``act ACTION "what I do"``, a scoundrel's action of the person's own.

During a score, at the start of their scoundrel's beat (the person is asked which action to roll), the person may name any of the twelve actions (BITD.ATTR.1; by id or by name in the play's language) and say what their
scoundrel does. The GM sets position and effect as for a prompted action (BITD.ACTION.2-3, BITD.EFFECT.2): the
action briefing (:func:`sim.blades.views.briefings.brief_action`: the situation's position factors, the GM policy's
shift, quality against the target's Tier, scale, harm penalties and abilities) and its reasons in the words the
action menu uses (:meth:`sim.blades.views.solo.BladesSolo.gm_says`), then the exact odds of the pool the scoundrel
rolls alone (what ``sim odds blades --dice N --position P --effect E`` prints). The roll comes from the act's own
stream; a desperate roll marks xp (BITD.XP.1); the consequences are the engine's (BITD.ACTION.5-6,
:func:`sim.blades.score.action._judge`: the GM's consequence on a 1-3 or 4-5, resisted as the rules allow, the
scoundrel's own resist and armor decisions answered by the seat's policy inside an act), and what lands ticks the
obstacle being worked (BITD.EFFECT.1, BITD.CLOCK.5), whose filling is dealt with as any tick's (BITD.CLOCK.4). The
act is the beat's action: the prompted one waiting is set aside.

Not allowed outside a score's challenge (free play before a score is the planning the prompts ask for: target,
plan, detail), nor in the middle of a roll (a push, a bargain, a resistance roll).
"""

from __future__ import annotations

from typing import Any, Sequence

from sim.i18n import t
from sim.rng import Rng
from sim.solo.kit import ActResult

#: the decisions at which a free act may be made: the start of a beat of a score's challenge
ACT_AT = frozenset({"action"})


def free_act(campaign: Any, seat: str, decision: Any, move: Sequence[str], text: str, rng: Rng | None,
             lang: str) -> ActResult:
    """The hook of :class:`sim.systems.System` for Blades (see the module docstring)."""
    kind = getattr(decision, "kind", None)
    from sim.blades.crew.state import Campaign

    run = getattr(campaign, "score_run", None) if isinstance(campaign, Campaign) else None
    pc = next((p for p in campaign.pcs if p.id == seat), None) if run is not None else None
    if (run is None or kind not in ACT_AT or run.clock is None or run.clock.full or pc is None
            or pc.status != "active" or pc.taken_out):
        return ActResult(False, [t("solo.act.blades_not_now", lang)])
    action = _read_action(campaign, move, lang)
    if action is None:
        names = ", ".join(_action_name(a, lang) for a in _actions(campaign))
        return ActResult(False, [t("solo.act.blades_no_action", lang, word=repr(" ".join(move)), actions=names)])
    context, entry = _briefed(campaign, run, pc, action, getattr(decision, "context", None) or {})
    stakes = {"action": action, "position": entry["position"], "effect": entry["effect"], "dice": entry["dice"],
              "rating": entry["rating"], "obstacle": run.clock.id, "factors": entry["factors"]}
    odds = {k: v["p"] for k, v in entry["results"].items()}
    if rng is None:
        return ActResult(True, _lines(campaign, context, action, entry, lang), stakes, odds)
    return ActResult(True, _roll(campaign, run, pc, action, entry, rng), stakes, odds)


def _actions(campaign: Any) -> tuple[str, ...]:
    from sim.blades.crew.state import ATTRIBUTE_OF

    return tuple(ATTRIBUTE_OF)


def _action_name(action: str, lang: str) -> str:
    from sim.i18n import term_or

    return term_or(f"blades.action.{action}", action, lang)


def _read_action(campaign: Any, move: Sequence[str], lang: str) -> str | None:
    if len(move) != 1:
        return None
    word = move[0].strip().casefold()
    return next((a for a in _actions(campaign) if word in (a, _action_name(a, "en").casefold(),
                                                         _action_name(a, lang).casefold())), None)


def _briefed(campaign: Any, run: Any, pc: Any, action: str, asked: dict) -> tuple[dict, dict]:
    """The action decision's context and briefing for this one action, as the action menu builds them: the
    position the waiting decision suggests (the situation's factors, where the last try left the crew, a
    flashback), else the situation's own (BITD.ACTION.3)."""
    from sim.agents.base import Decision
    from sim.blades.score.score import position_factors, position_from
    from sim.blades.views.briefings import brief_action

    ctx = run.ctx
    factors = asked.get("position_factors") or position_factors(run, pc)
    suggested = asked.get("suggested") or position_from(factors)
    context = {"pc": pc.id, "ratings": dict(pc.actions), "plan": ctx.plan, "obstacle": run.clock.id,
               "suggested": suggested, "position_factors": factors, "target_tier": ctx.target_tier,
               "quality": ctx.quality, "operation": ctx.kind, "exposure": ctx.exposure}
    briefing = brief_action(campaign, Decision("action", pc.id, (action,), context))
    context = {**briefing, **context}
    return context, briefing["actions"][action]


def _lines(campaign: Any, context: dict, action: str, entry: dict, lang: str) -> list[str]:
    """The GM's position and effect with their reasons, then the odds, in the action menu's words."""
    from sim.blades.views.solo import BladesSolo

    views = BladesSolo(campaign.content, lang)
    lines = views.gm_says("action", context)
    lines.append(t("solo.act.odds", lang, odds=f"{_action_name(action, lang)}: {views.option_odds('action', action, context)}"))
    sep = t("solo.sheet.list_sep", lang)
    lines.append(t("solo.act.exact", lang, odds=sep.join(f"{t('blades.result.' + k, lang)} {v['p']}"
                                                         for k, v in entry["results"].items())))
    return lines


def _roll(campaign: Any, run: Any, pc: Any, action: str, entry: dict, rng: Rng) -> list[str]:
    """Roll from the act's stream, journal it (``action_roll``, kind ``act``), judge it by the engine's rules
    (consequences, then the effect that lands) and tick the obstacle."""
    from sim.blades.score.action import _judge, mark_xp
    from sim.blades.score.score import _check_clocks
    from sim.dice import roll_action

    position, effect, dice = entry["position"], entry["effect"], entry["dice"]
    run.free_acted.add(pc.id)  # the act is this beat's action: the prompted one waiting is set aside (score._beat)
    roll = roll_action(rng, dice, campaign.options["dice_sampler"])
    campaign.dice_rolled += dice if dice > 0 else 2
    penalty = -int(entry["factors"]["dice"].get("harm", 0))
    other = int(entry["factors"]["dice"].get("abilities", 0))
    campaign.emit("action_roll", pc=pc.id, action=action, rating=entry["rating"],
                  bonus={"assist": 0, "push": 0, "bargain": 0, "other": other}, penalty=penalty, dice=dice,
                  faces=list(roll.faces), result=roll.result, position=position, effect=effect, kind="act",
                  free_act=True)
    campaign.count("action_roll")
    tally = run.tally
    tally.rolls += 1
    if position == "desperate":
        tally.desperate_rolls += 1
        mark_xp(campaign, pc, action)
    out = _judge(campaign, tally, run.ctx, pc, action, position, effect, roll.result)
    run.opening = False
    if out.ticks and not run.clock.full:
        before = run.clock.filled
        campaign.tick_clock(run.clock, out.ticks, f"{pc.id} {action}")
        run.done += run.clock.filled - before
    _check_clocks(campaign, run)
    return []
