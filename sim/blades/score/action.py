"""The action roll procedure (BITD.ACTION.2) and its teamwork variants.

(1) the scoundrel states a goal — an obstacle of the score; (2) chooses an
action that fits the plan (:data:`PLAN_ACTIONS`, BITD.ATTR.3) with their best
rating; (3-4) the GM sets position and effect (:func:`effect_factors`,
BITD.EFFECT.2, shifted by GM traits); (5) bonus dice: assist (BITD.TEAM.1),
push or devil's bargain (BITD.ACTION.4, BITD.PUSH, BITD.BARGAIN), harm
penalties (BITD.HARM.4); (6) roll and judge: ticks by effect
(BITD.EFFECT.1), consequences by position (BITD.ACTION.5, via
:mod:`sim.blades.score.consequences`). Desperate rolls mark xp (BITD.XP.1, BITD.ACTION.8).
Only the scoundrels roll (BITD.ACTION.7): the opposition never rolls back; the PC's
one roll settles both sides, the opponent's intent landing as a consequence.

:func:`solo_action`, :func:`group_action` (BITD.TEAM.2) and
:func:`setup_action` (BITD.TEAM.4) each make one beat of a scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from sim.agents.base import Decision, decision
from sim.blades.advancement import advancement
from sim.blades.arcana import arcane
from sim.blades.crew import abilities
from sim.blades.crew.state import ATTRIBUTE_OF
from sim.blades.downtime.downtime import roll_dice
from sim.blades.score.consequences import inflict
from sim.blades.score.effects import ScoreTally, apply_effect, starts_war
from sim.blades.score.harm_penalties import penalties
from sim.blades.score.teamwork import best_result, can_assist, leader_stress, pick_assistant
from sim.blades.tables import draw_id, score_tables
from sim.dice import EFFECTS, POSITIONS, BladesRoll, effect_ticks
from sim.rng import Rng

#: BITD.ATTR.3: actions that make sense against a score's obstacles, by plan, most fitting first.
PLAN_ACTIONS: Mapping[str, tuple[str, ...]] = {
    "stealth": ("prowl", "finesse", "tinker", "survey", "hunt"),
    "assault": ("skirmish", "wreck", "hunt", "command", "prowl"),
    "deception": ("sway", "finesse", "consort", "study", "prowl"),
    "social": ("consort", "sway", "command", "study", "survey"),
    "occult": ("attune", "study", "tinker", "consort", "sway"),
    "transport": ("finesse", "prowl", "survey", "hunt", "skirmish"),
}
#: Indirect actions that set a teammate up (BITD.TEAM.4), by plan.
SETUP_ACTIONS: Mapping[str, tuple[str, ...]] = {
    "stealth": ("survey", "study", "tinker", "consort"),
    "assault": ("survey", "hunt", "command", "wreck"),
    "deception": ("study", "consort", "survey", "sway"),
    "social": ("study", "survey", "consort", "sway"),
    "occult": ("study", "attune", "survey", "tinker"),
    "transport": ("survey", "study", "hunt", "consort"),
}
#: Actions where scale counts, on an assault plan, as it does in battle (BITD.EFFECT.2: bigger scale helps in a fight).
BATTLE_ACTIONS = frozenset(("skirmish", "wreck", "hunt", "command"))


@dataclass(frozen=True, slots=True)
class ScoreContext:
    """What the GM and players know about the score while acting (read-only)."""

    plan: str
    target_faction: str | None
    target_tier: int
    quality: int  # the crew's Tier (its tools add Quality upgrades per action, abilities.quality)
    detail: str = ""
    kind: str = ""  # the operation (target kind)
    exposure: str = ""


class Outcome(NamedTuple):
    """One beat's result: what landed on the obstacle and what it left behind.

    An immutable named tuple rather than a frozen dataclass (as :class:`sim.agents.base.Decision`): one is made
    every beat, and a tuple is several times quicker to make than a frozen dataclass."""

    pc: str
    action: str
    position: str
    effect: str  # effect level that landed ("zero" when nothing did)
    result: str
    ticks: int
    consequence: str | None
    lost_opportunity: bool
    worse: int  # position steps the next try at this obstacle starts worse


_new_outcome = tuple.__new__  # Outcome(...) without the named tuple's own __new__ frame (the same tuple)


# --- small rules -------------------------------------------------------------------

def effect_factors(quality: int, opposition: int, *, battle: bool = False, side_scale: int = 0,
                   opposition_scale: int = 0, potency: int = 0) -> int:
    """BITD.EFFECT.2: +1 / -1 level per factor in the crew's favour / against it.

    Quality vs the opposition's Tier; scale only in a fight (a lone scoundrel
    against a gang of the target's Tier, BITD.FACTION.2); potency as given.
    """
    steps = (quality > opposition) - (quality < opposition)
    if battle:
        steps += (side_scale > opposition_scale) - (side_scale < opposition_scale)
    return steps + (potency > 0) - (potency < 0)


def shift(seq: Sequence[str], value: str, steps: int) -> str:
    i = seq.index(value) + steps
    return seq[0 if i < 0 else len(seq) - 1 if i >= len(seq) else i]


def fitting_actions(pc: Any, plan: str, blocked: Sequence[str] = ()) -> tuple[str, ...]:
    """The plan's actions this scoundrel may still try (lost opportunities block an action, BITD.CONSEQ.1)."""
    if not blocked:
        return PLAN_ACTIONS[plan]
    return tuple(a for a in PLAN_ACTIONS[plan] if a not in blocked) or tuple(a for a in PLAN_ACTIONS[plan])


def mark_xp(campaign: Any, pc: Any, action: str, reason: str = "desperate") -> None:
    """BITD.XP.1: a desperate roll marks 1 xp on the action's attribute track.

    Marking and advancing a full track (BITD.XP.3-4) is :func:`sim.blades.advancement.advancement.mark_xp`'s.
    """
    advancement.mark_xp(campaign, pc, ATTRIBUTE_OF[action], 1, reason)


def gm_position(campaign: Any, suggested: str, **context: Any) -> str:
    """The GM's seat sets position (BITD.CORE.5: the GM judges danger and effect, which consequences come and
    which roll is made; the players choose the actions and claim their xp triggers), apart from effect
    (:func:`gm_effect`; BITD.EFFECT.6: the two are set independently)."""
    return campaign.ask("gm", "position", POSITIONS, {"suggested": suggested, **context})


#: BITD.FACTION.2: the most people at each scale (0: 1-2 people, 1: a small gang of 3-6, 2: 12, ...).
SCALE_SIZES = (2, 6, 12, 20, 40, 80, 160)


def gang_scale(people: int) -> int:
    """BITD.FACTION.2: the scale of a party of ``people`` (2 or fewer: 0; 3-6: 1; up to 12: 2; ...)."""
    for scale, most in enumerate(SCALE_SIZES):
        if people <= most:
            return scale
    return len(SCALE_SIZES) - 1


def gm_effect(campaign: Any, ctx: ScoreContext, action: str, side_scale: int = 0, **context: Any) -> str:
    """BITD.EFFECT.2: standard, moved by the factors (quality for this action vs Tier, scale), then the GM's call
    (a decision of its own, apart from position: BITD.EFFECT.6).

    ``side_scale`` is the acting side's scale (:func:`gang_scale`: a lone
    scoundrel 0, the crew acting together in a group action 1), which counts
    against the opposition's (a gang of the target's Tier) in a fight.
    """
    suggested = suggested_effect(campaign, ctx.plan, ctx.target_tier, action, side_scale)
    return campaign.ask("gm", "effect", EFFECTS, {"suggested": suggested, "action": action, **context})


def suggested_effect(campaign: Any, plan: str, target_tier: int, action: str, side_scale: int = 0) -> str:
    """BITD.EFFECT.2: the effect the factors suggest for ``action`` before the GM's own call (pure: no dice, no
    journal; :func:`gm_effect` and the briefings both ask it)."""
    battle = plan == "assault" and action in BATTLE_ACTIONS
    return _FROM_STANDARD[effect_factors(abilities.quality(campaign, action), target_tier, battle=battle,
                                         side_scale=side_scale, opposition_scale=target_tier)]


#: steps from standard effect -> the level (shift(EFFECTS, "standard", steps) for the -2..+2 two factors can make)
_FROM_STANDARD = {steps: shift(EFFECTS, "standard", steps) for steps in range(-2, 3)}


# --- bonus dice ------------------------------------------------------------------------

def offer_bargain(campaign: Any, ctx: ScoreContext, pc: Any, position: str,
                  paid: Sequence[str] = (), dice: int = 0) -> Mapping[str, Any] | None:
    """BITD.BARGAIN.1: the GM may offer one (drawn by plan/position tags and weight); the player may refuse.

    A bargain already ``paid`` on this score is not offered again (the GM has
    final say on validity: the same price twice is no new price). ``dice``: the
    pool before the bargain's die (what the player weighs).
    """
    pool = score_tables(campaign.content).bargains[(ctx.plan, position)]
    if not pool.entries:
        return None
    offer = campaign.ask("gm", "offer_bargain", (None,) + pool.ids, {
        "weights": pool.weights, "pc": pc.id, "position": position})
    if offer is None:
        return None
    if offer in paid:
        return None
    bargain = pool.entries[pool.ids.index(offer)]
    if "coin" in bargain["effect"] and bargain["effect"]["coin"] < 0 and campaign.crew.coin < -bargain["effect"]["coin"]:
        return None  # a price the crew cannot pay is no bargain (BITD.BARGAIN.1: the GM has final say)
    if not campaign.ask(pc.id, "accept_bargain", (False, True), {
            "pc": pc.id, "position": position, "bargain": offer, "stress": pc.stress,
            "starts_war": starts_war(campaign, bargain["effect"], ctx.target_faction), "dice": dice}):
        return None
    return bargain


def want_push(campaign: Any, pc: Any, benefit: str, position: str, effect: str, committed: int = 0,
              dice: int = 0) -> bool:
    """BITD.PUSH.1: push for ``benefit`` (dice / effect / act) at 2 stress.

    ``committed`` is stress already promised on this roll; ``dice`` the pool so far.
    """
    return campaign.ask(pc.id, "push", (False, True), {
        "pc": pc.id, "benefit": benefit, "position": position, "effect": effect, "stress": pc.stress + committed,
        "stress_max": pc.stress_max, "dice": dice})


# --- one beat -------------------------------------------------------------------------------

def solo_action(campaign: Any, tally: ScoreTally, ctx: ScoreContext, pc: Any, action: str, position: str,
                effect: str, *, bonus_effect: int = 0, kind: str = "obstacle",
                gambit: str = "") -> Outcome | None:
    """One scoundrel acts (BITD.ACTION.2 steps 5-6 after position and effect are set).

    Returns None when the scoundrel cannot act at all: level-3 harm with
    neither help nor a push (BITD.HARM.4). ``gambit``: the action whose rating
    is rolled in place of ``action``'s (Rook's gambit, paid for already).
    """
    opts = campaign.options
    dice_pen, effect_pen, needs_help = penalties(campaign, pc, action)
    rating = pc.actions.get(gambit or action, 0)
    roll_kind = "gather" if kind == "gather" else "action"
    when = abilities.roll_situations(ctx.plan, ctx.kind, position, ctx.exposure, action, roll_kind)
    other, more_effect = abilities.bonus(campaign, pc, roll_kind, when, action, ctx.plan)
    magic = 0  # dice from a primed ritual or a crafted item (BITD.RITUAL.3, BITD.CRAFT.4): the roll's bonus.arcane
    if roll_kind == "action":
        magic, magic_effect = arcane.boost(campaign, tally, pc, action, position, effect)
        more_effect += magic_effect
    pool = rating - dice_pen + other + magic  # the dice before help, bargain and push
    assistant = pick_assistant(campaign, pc, position, action, pool, effect=effect)
    push_act = False
    if needs_help and assistant is None:
        if not can_push(campaign, pc) or not want_push(campaign, pc, "act", position, effect):
            campaign.emit("cannot_act", pc=pc.id, reason="level 3 harm")
            return None
        push_act = True
    bargain = offer_bargain(campaign, ctx, pc, position, tally.bargains, pool + (assistant is not None))
    share = opts["push_and_bargain_share_slot"]
    dice = pool + (assistant is not None) + (bargain is not None)
    push_dice = ((bargain is None or not share) and can_push(campaign, pc, 2 * push_act)
                 and want_push(campaign, pc, "dice", position, effect, 2 * push_act, dice))
    # Reduced effect from level-1 harm, then +1 from a setup, an ability or a push: the +1 comes last so that it
    # can lift zero effect to limited (BITD.EFFECT.4, BITD.HARM.4).
    if effect_pen:
        effect = shift(EFFECTS, effect, -effect_pen)
    steps = bonus_effect + more_effect
    before_push = shift(EFFECTS, effect, steps) if steps else effect
    push_effect = (before_push in ("zero", "limited") and can_push(campaign, pc, 2 * (push_act + push_dice))
                   and want_push(campaign, pc, "effect", position, before_push, 2 * (push_act + push_dice)))
    if assistant is not None:
        if not campaign.journal.skip("assist"):  # nobody reads it: seq only
            campaign.emit("assist", pc=assistant.id, target=pc.id, action=action)
        campaign.count("assist")
        free = abilities.mechanic_value(campaign, assistant, "free_assists", 0)
        used = tally.free_assists.get(assistant.id, 0)
        if used < free:  # an ability's assists without stress (Foresight)
            tally.free_assists[assistant.id] = used + 1
        else:
            campaign.add_stress(assistant, 1, "assist")
    if push_act or push_dice or push_effect:
        pay_pushes(campaign, pc, push_act + push_dice + push_effect)
    if steps or push_effect:
        effect = shift(EFFECTS, effect, steps + push_effect)
    roll = _roll(campaign, tally, pc, action, position, effect, assist=assistant is not None, push=push_dice,
                 bargain=bargain is not None, penalty=dice_pen, kind=kind, other=other, gambit=gambit,
                 arcane=magic)
    if bargain is not None:  # BITD.BARGAIN.2: paid whatever the roll
        if not campaign.journal.skip("bargain"):  # nobody reads it: seq only
            campaign.emit("bargain", id=bargain["id"], pc=pc.id, effect=dict(bargain["effect"]))
        campaign.count("bargain")
        tally.bargains.append(bargain["id"])
        apply_effect(campaign, bargain["effect"], pc=pc, target_faction=ctx.target_faction, scene=tally, reason="bargain")
    return _judge(campaign, tally, ctx, pc, action, position, effect, roll.result, assistant=assistant)


def can_push(campaign: Any, pc: Any, committed: int = 0) -> bool:
    """A push the scoundrel can pay without marking the last stress box, or with special armor (BITD.ARMOR.1)."""
    if pc.armor.get("special") and "push" in abilities.special_armor(campaign, pc):
        return True
    return pc.stress + committed + 2 < pc.stress_max


def pay_pushes(campaign: Any, pc: Any, pushes: int) -> None:
    """BITD.PUSH.1: 2 stress a push; an ability's special armor may pay for one instead (BITD.CHAR.CREATE.3: only
    an ability that names pushing), the scoundrel's choice (``push_payment``) when the stress could pay too."""
    if not pushes:
        return
    campaign.count("push", pushes)
    if pc.armor.get("special") and "push" in abilities.special_armor(campaign, pc):
        options = ("armor", "stress") if pc.stress + 2 * pushes < pc.stress_max else ("armor",)
        if campaign.ask(pc.id, "push_payment", options, {
                "pc": pc.id, "stress": pc.stress, "stress_max": pc.stress_max, "pushes": pushes}) == "armor":
            campaign.mark_armor(pc, "special", 0, 0, "push")
            pushes -= 1
    if pushes:
        campaign.add_stress(pc, 2 * pushes, "push")


def group_action(campaign: Any, tally: ScoreTally, ctx: ScoreContext, leader: Any, action: str, position: str,
                 effect: str, *, bonus_effect: int = 0) -> Outcome:
    """BITD.TEAM.2: every able teammate rolls ``action``; the best result counts for all.

    The leader takes 1 stress per participant whose roll failed (their own
    roll too, option ``group_leader_counts_self``). The consequence of the
    shared result falls on the participant who rolled worst. A desperate group
    action marks xp for every participant (BITD.XP.1).
    """
    opts = campaign.options
    party = [leader] + [m for m in campaign.pcs if m is not leader and can_assist(m)]
    if not campaign.journal.skip("group_action"):  # nobody reads it: seq only
        campaign.emit("group_action", leader=leader.id, action=action, participants=[m.id for m in party],
                      position=position, effect=effect)
    campaign.count("group_action")
    results = []
    when = abilities.situations(plan=ctx.plan, kind=ctx.kind, position=position, exposure=ctx.exposure, action=action,
                                group=True)
    for member in party:
        dice_pen, effect_pen, _ = penalties(campaign, member, action)
        other = abilities.bonus(campaign, member, "action", when, action, ctx.plan)[0]
        push = can_push(campaign, member) and want_push(campaign, member, "dice", position, effect, 0,
                                                        member.actions.get(action, 0) - dice_pen + other)
        pay_pushes(campaign, member, push)
        roll = _roll(campaign, tally, member, action, position, effect, assist=False, push=push, bargain=False,
                     penalty=dice_pen, kind="group", leader=leader.id, other=other)
        results.append(roll.result)
    best = best_result(results)
    synced = synchronized(campaign, leader, results)
    if synced:
        best = "critical"
    failures = leader_stress(results[1:], results[0], opts["group_leader_counts_self"])
    cap = abilities.mechanic_value(campaign, leader, "group_lead_stress_cap")
    stress = failures if cap is None else min(failures, cap)  # Expertise-like abilities (BITD.TEAM.2)
    if not campaign.journal.skip("group_result"):  # nobody reads it: seq only
        campaign.emit("group_result", leader=leader.id, results=results, result=best, failures=failures,
                      leader_stress=stress, **({"synchronized": True} if synced else {}))
    if stress:
        campaign.add_stress(leader, stress, "group action")
    worst = party[min(range(len(party)), key=lambda i: ("failure", "partial", "success", "critical").index(results[i]))]
    effect = shift(EFFECTS, effect, bonus_effect)
    return _judge(campaign, tally, ctx, worst, action, position, effect, best, actor_id=leader.id)


def rooks_gambit(campaign: Any, pc: Any, action: str) -> str:
    """Rook's gambit (``substitute_action``, BITD.STRESS.2): for its stress, roll the scoundrel's best action rating
    in place of ``action``'s. Offered when the best is higher and the stress would not cause trauma; the scoundrel
    chooses (``rooks_gambit``). Returns the action rolled instead ("" when not)."""
    spec = abilities.mechanic_value(campaign, pc, "substitute_action")
    if not spec:
        return ""
    best = max(pc.actions, key=lambda a: pc.actions[a], default="")
    cost = int(spec["stress"])
    if not best or pc.actions[best] <= pc.actions.get(action, 0) or pc.stress + cost >= pc.stress_max:
        return ""
    if not campaign.ask(pc.id, "rooks_gambit", (True, False), {
            "pc": pc.id, "action": action, "rating": pc.actions.get(action, 0), "best": best,
            "best_rating": pc.actions[best], "stress": cost, "stress_now": pc.stress}):
        return ""
    campaign.add_stress(pc, cost, "rook's gambit")
    return best


@decision("rooks_gambit")
def choose_rooks_gambit(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Take the gambit when it gains at least ``gambit_min_gain`` dice and stress stays within ``push_max_stress``."""
    c = d.context
    gain = c["best_rating"] - c["rating"]
    return gain >= int(traits.get("gambit_min_gain", 2)) and c["stress_now"] + c["stress"] <= traits["push_max_stress"]


def synchronized(campaign: Any, leader: Any, results: list[str]) -> bool:
    """Synchronized (``group_crit_from_sixes``): a 6 on two or more different rolls of a group action makes the
    shared result a critical (a roll read 6 is a success or a critical). True when that lifted the result."""
    sixes = sum(1 for r in results if r in ("success", "critical"))
    return (sixes >= 2 and best_result(results) != "critical"
            and bool(abilities.mechanic_value(campaign, leader, "group_crit_from_sixes", False)))


def setup_action(campaign: Any, tally: ScoreTally, ctx: ScoreContext, pc: Any, action: str, position: str,
                 effect: str, follower_position: str) -> str | None:
    """BITD.TEAM.4: an indirect action; if it achieves its result the follow-up gets +1 effect or a better position.

    Returns ``"effect"`` or ``"position"`` (the author's pick), or None when
    the setup failed. It ticks no obstacle clock itself.
    """
    out = solo_action(campaign, tally, ctx, pc, action, position, effect, kind="setup")
    if out is None or out.result == "failure" or out.lost_opportunity:
        if not campaign.journal.skip("setup"):  # nobody reads it: seq only
            campaign.emit("setup", pc=pc.id, action=action, result=out.result if out else "none", benefit=None)
        return None
    options = ("effect", "position") if follower_position != "controlled" else ("effect",)
    benefit = campaign.ask(pc.id, "setup_benefit", options, {"pc": pc.id, "position": follower_position})
    if not campaign.journal.skip("setup"):  # nobody reads it: seq only
        campaign.emit("setup", pc=pc.id, action=action, result=out.result, benefit=benefit)
    campaign.count("setup")
    return benefit


# --- rolling and judging ---------------------------------------------------------------------

def _roll(campaign: Any, tally: ScoreTally, pc: Any, action: str, position: str, effect: str, *, assist: bool,
          push: bool, bargain: bool, penalty: int, kind: str, leader: str | None = None, other: int = 0,
          gambit: str = "", arcane: int = 0) -> BladesRoll:
    rating = pc.actions.get(gambit or action, 0)
    dice = rating + assist + push + bargain + other + arcane - penalty
    roll = roll_dice(campaign, dice)
    bonus = {"assist": int(assist), "push": int(push), "bargain": int(bargain), "other": other}
    if arcane:  # named only when a ritual or an item added dice (the arcana event before says which)
        bonus["arcane"] = arcane
    if leader is None and not gambit:  # the common case, without building the fields twice
        campaign.emit("action_roll", pc=pc.id, action=action, rating=rating, bonus=bonus, penalty=penalty, dice=dice,
                      faces=list(roll.faces), result=roll.result, position=position, effect=effect, kind=kind)
    else:
        fields = dict(pc=pc.id, action=action, rating=rating, bonus=bonus,
                      penalty=penalty, dice=dice, faces=list(roll.faces), result=roll.result, position=position,
                      effect=effect, kind=kind)
        if leader is not None:
            fields["leader"] = leader
        if gambit:
            fields["gambit"] = gambit  # Rook's gambit: the rating is this action's
        campaign.emit("action_roll", **fields)
    campaign.count("action_roll")
    tally.rolls += 1
    if position == "desperate":
        tally.desperate_rolls += 1
        mark_xp(campaign, pc, action)
    return roll


def _judge(campaign: Any, tally: ScoreTally, ctx: ScoreContext, pc: Any, action: str, position: str, effect: str,
           result: str, actor_id: str | None = None, assistant: Any = None) -> Outcome:
    """BITD.ACTION.5-6: consequences, then what lands; pending marks from this beat are read and cleared."""
    consequence = inflict(campaign, tally, pc, position, result, plan=ctx.plan, target_faction=ctx.target_faction,
                          action=action, assistant=assistant)
    opts = campaign.options
    if result == "failure":  # BITD.ACTION.6: no effect; the position worsens (falter / end up desperate)
        landed, ticks = "zero", 0
        tally.pending_worse += 1
        if position == "desperate":  # worst outcome: lose this opportunity
            tally.pending_lost = True
    else:
        steps = tally.pending_effect + (result == "critical")
        landed = shift(EFFECTS, effect, steps) if steps else effect
        ticks = effect_ticks(landed, opts["zero_effect_ticks"], opts["extreme_effect_ticks"])
    out = _new_outcome(Outcome, (actor_id or pc.id, action, position, landed, result, ticks, consequence,
                                 tally.pending_lost, tally.pending_worse))
    tally.clear_pending()
    return out


# --- scripted answers -------------------------------------------------------------------------

@decision("action")
def choose_action(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The fitting action with the best rating; ties go to the one that fits the plan best (listed first).

    BITD.COHORT.10: a scoundrel with Leader whose crew's cohort can join this fight (context ``leader_cohort``)
    Commands it: Command, to lead it (:func:`sim.blades.score.teamwork.choose_approach`)."""
    if d.context.get("leader_cohort") and "command" in d.options:
        return "command"
    ratings = d.context["ratings"]
    best, top = d.options[0], ratings.get(d.options[0], 0)
    for a in d.options:  # max(..., key=rating) as a plain loop: the first of equals stays
        r = ratings.get(a, 0)
        if r > top:
            best, top = a, r
    return best


@decision("push_payment")
def choose_push_payment(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Spend the special armor on the push (the stress stays free for resisting)."""
    return d.options[0]


@decision("position")
def choose_position(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM trait ``position_shift``: steps from the suggested position (BITD.ACTION.3)."""
    return shift(POSITIONS, d.context["suggested"], traits["position_shift"])


@decision("effect")
def choose_effect(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM trait ``effect_shift``: steps from the factor assessment (BITD.EFFECT.2), never past limited..great."""
    suggested = d.context["suggested"]
    moved = shift(EFFECTS, suggested, traits["effect_shift"])
    if moved != suggested and moved in ("zero", "extreme"):
        return suggested
    return moved


@decision("offer_bargain")
def choose_offer_bargain(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str | None:
    """GM trait ``bargain_offer_chance``; which bargain is a weighted draw from the fitting ones."""
    if rng.random() >= traits["bargain_offer_chance"]:
        return None
    return draw_id(rng, d.options[1:], d.context["weights"])


@decision("accept_bargain")
def choose_accept_bargain(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player traits ``bargain_chance``, and ``avoid_war``: never a price that starts a war."""
    if traits["avoid_war"] and d.context.get("starts_war"):
        return False
    return rng.random() < traits["bargain_chance"]


@decision("push")
def choose_push(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player traits ``push_max_stress`` and ``push_positions``; never push into the last stress box.

    Pushing to act at all (level-3 harm) or to lift zero effect is always
    worth it; an extra die only while the pool is 2 dice or fewer. (Pushes
    that would mark the last box are never offered, :func:`can_push`.)
    """
    c = d.context
    if c["benefit"] == "act" or (c["benefit"] == "effect" and c["effect"] == "zero"):
        return True  # without it the roll achieves nothing
    if c["benefit"] == "dice" and c["dice"] > 2:
        return False
    return c["stress"] <= traits["push_max_stress"] and c["position"] in traits["push_positions"]
