"""Downtime, part one: payoff, heat, the score's fallout, war, incarceration.

BITD.DOWNTIME.1: after every score, in order, **payoff -> heat ->
entanglements -> activities** (activities are :mod:`sim.blades.downtime.activities`).
Each step is a plain function of the campaign and the score's
:class:`~sim.blades.score.outcomes.ScoreResult`; the campaign machine
(:mod:`sim.blades.loop`) only sequences them. Choices go to the seats through
``campaign.decide``; the scripted answers are registered here.

Seats: the crew's collective choices (pay or hand someone over) are asked of
the *crew voice*, the first active scoundrel; the GM seat picks between the
two entanglements of a table cell.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim import sampling as _sampling  # noqa: F401  registers the table dice sampler (option dice_sampler)
from sim.agents.base import Decision, decision
from sim.blades.city import claims
from sim.blades.crew import abilities, mechanics
from sim.blades.crew.state import Campaign, Scoundrel
from sim.blades.score.outcomes import EXPOSURE_HEAT, ScorePlan, ScoreResult
from sim.blades.tables import score_tables
from sim.clocks import Clock
from sim.dice import BladesRoll, roll_action
from sim.rng import Rng

#: a yes/no decision's options, and the forced no (module constants: Cython, for sim accel, types a conditional
#: between two tuple literals of different lengths as an error)
_YES_NO, _NO = (True, False), (False,)

# --------------------------------------------------------------------- dice


def roll_dice(campaign: Campaign, dice: int) -> BladesRoll:
    """Roll a Blades pool with the scenario's sampler and count the dice, 2 for a zero pool (BITD.CORE.1-3).

    Every Blades roll of a campaign goes through here: action, resistance, fortune and downtime rolls.
    """
    roll = roll_action(campaign.rng, dice, campaign.options["dice_sampler"])
    campaign.dice_rolled += dice if dice > 0 else 2
    return roll


def fortune_roll(campaign: Campaign, purpose: str, dice: int, **fields: Any) -> BladesRoll:
    """BITD.FORTUNE.1-3: a fortune roll of ``dice`` (a trait rating +/- advantages); journal ``fortune``."""
    roll = roll_action(campaign.rng, dice, campaign.options["dice_sampler"])  # roll_dice, inline
    campaign.dice_rolled += dice if dice > 0 else 2
    if not campaign.journal.skip("fortune"):  # a batch reads no fortune event: seq advances, nothing is built
        campaign.emit("fortune", purpose=purpose, dice=dice, faces=list(roll.faces), result=roll.result, **fields)
    counters = campaign.counters  # campaign.count, inline
    counters["fortune"] = counters.get("fortune", 0) + 1
    return roll


def crew_voice(campaign: Campaign) -> Scoundrel | None:
    """The scoundrel who answers for the crew: the first active one whose seat leads (issue 30: while a person holds
    any active scoundrel, the person speaks for the crew, never a scripted seat's policy), else the first active one.
    A campaign of scripted seats only (no seat leads) always gets the first active scoundrel."""
    first = None
    leads = campaign.seats.leads
    for pc in campaign.pcs:
        if pc.status == "active":
            if leads(pc.id):
                return pc
            if first is None:
                first = pc
    return first


def voice_seat(campaign: Campaign) -> str:
    """The seat that answers for the crew: the crew voice, or the GM when nobody is active."""
    pc = crew_voice(campaign)
    return pc.id if pc is not None else "gm"


# ------------------------------------------------------------------- payoff

def payoff_rep(success: bool, quiet: bool, target_tier: int, crew_tier: int) -> int:
    """BITD.DOWNTIME.PAYOFF.1: ``max(0, 2 + targetTier - crewTier)``; 0 if quiet or failed."""
    if not success or quiet:
        return 0
    return max(0, 2 + target_tier - crew_tier)


def claim_bonuses(claims: Sequence[str], kind: str, client: str | None, tables: Any) -> tuple[int, int]:
    """(coin, rep) the crew's claims add to a successful score (BITD.CREW.CLAIM.3).

    A ``payoff_coin`` claim in ``blades/claims`` pays when the score's operation
    (its target ``kind``) or its ``client`` class is one the claim names; a
    ``rep_per_score`` claim (Victim trophies) adds rep to every successful score.
    """
    coin = rep = 0
    for claim in claims:
        pay = tables.payoff_claims.get(claim)
        if pay and (kind in pay[1] or (client is not None and client in pay[2])):
            coin += pay[0]
        rep += tables.rep_claims.get(claim, 0)
    return coin, rep


def tithe(crew_tier: int) -> int:
    """BITD.DOWNTIME.PAYOFF.3: the boss's cut is crew Tier + 1 coin."""
    return crew_tier + 1


@decision("pay_tithe")
def choose_pay_tithe(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Pay the boss when the policy says so (trait ``pay_tithe``) and it is affordable."""
    return bool(traits.get("pay_tithe", True)) and True in d.options


def pay_off(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> dict[str, Any]:
    """BITD.DOWNTIME.PAYOFF.1-4: rep and coin for the score; the boss's tithe.

    Failed or abandoned scores pay nothing (BITD.SCORE.7); the client always
    pays what was earned (PAYOFF.4). The coin is the payoff size of ``blades/payoff`` (2, 4, 6, 8 or 10),
    the rungs of what coin buys (BITD.COIN.2: 2 a fine weapon, 4 a month's pay ... 10 a real asset sold).
    Journals ``payoff``.
    """
    crew = campaign.crew
    success = result.success and not result.abandoned
    rep = payoff_rep(success, result.quiet, plan.target_tier, crew.tier)
    quiet_rep = 0
    if success and result.quiet:  # No traces: a quiet score still earns part of its rep
        quiet_rep = mechanics.quiet_rep(campaign, payoff_rep(True, False, plan.target_tier, crew.tier))
    coin = result.coin if success else 0
    tables = score_tables(campaign.content)
    client = tables.targets_by_id.get(plan.target_id, {}).get("client")
    coin_bonus, rep_bonus = claim_bonuses(claims.benefits(campaign), plan.kind, client, tables) if success else (0, 0)
    if result.quiet:
        rep_bonus = 0
    lair = new_lair(campaign, coin) if success else False
    if lair:
        coin = 0
    event = campaign.emit("payoff", success=success, quiet=result.quiet, crew_tier=crew.tier,
                          target_tier=plan.target_tier, rep=rep, rep_bonus=rep_bonus, coin=coin + coin_bonus,
                          claim_coin=coin_bonus, target=plan.target_id, quiet_rep=quiet_rep,
                          **({"new_lair": True} if lair else {}))
    if rep + rep_bonus + quiet_rep:
        campaign.add_rep(rep + rep_bonus + quiet_rep, "payoff")
    if coin + coin_bonus:
        campaign.add_coin(coin + coin_bonus, "payoff")
    if campaign.boss and success:
        _tithe(campaign)
    return event


def new_lair(campaign: Campaign, coin: int) -> bool:
    """BITD.CREW.CLAIM.2: a crew without a lair may make a successful score the one that establishes a new lair,
    its take (``coin``) going into it `[inferred]`; the crew's choice (``new_lair``). True when it did (the claims'
    benefits are back: ``lair``)."""
    if campaign.crew.lair:
        return False
    if not campaign.ask(voice_seat(campaign), "new_lair", (True, False), {"coin": coin}):
        return False
    campaign.set_lair(True, "new lair")
    return True


@decision("new_lair")
def choose_new_lair(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Always: every claim's benefit waits on the lair."""
    return True


def _tithe(campaign: Campaign) -> None:
    """BITD.DOWNTIME.PAYOFF.3: pay the boss, or tick their patience clock (full: -1 status)."""
    cut = tithe(campaign.crew.tier)
    affordable = campaign.crew.coin >= cut
    pay = campaign.ask(voice_seat(campaign), "pay_tithe", _YES_NO if affordable else _NO, {"cut": cut})
    if pay:
        campaign.add_coin(-cut, "tithe")
        return
    clock = campaign.clocks.get("patience")
    if clock is None:
        clock = campaign.add_clock(Clock("patience", 4, "danger", owner=campaign.boss), "unpaid tithe")
    campaign.tick_clock(clock, 1, "unpaid tithe")
    if clock.full:
        campaign.change_status(campaign.boss, -1, "patience ran out")
        campaign.clear_clock(clock, "patience ran out")


# ------------------------------------------------------------ score fallout


def score_fallout(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> None:
    """BITD.FACTION.6: -1 with factions the score hurt (-2 if it was wild or deadly), +1 with those it helped.

    A fully quiet operation changes nothing. A successful claim seizure is
    never quiet: -2 with the claim's holder (:func:`sim.blades.city.claims.settle`).
    """
    settled = claims.settle(campaign, plan, result)
    if result.quiet:
        return
    harsh = result.killing or exposure_heat(campaign, result.exposure) >= 6
    for faction in sorted(set(result.factions_hurt)):
        if faction in campaign.factions and faction != settled:
            campaign.change_status(faction, -2 if harsh else -1, "score")
    for faction in sorted(set(result.factions_helped)):
        if faction in campaign.factions:
            campaign.change_status(faction, 1, "score")


def update_war(campaign: Campaign) -> None:
    """BITD.FACTION.7: while at war the crew loses 1 hold (1 Tier if hold was already weak).

    The loss is restored when no faction is at -3 any more.
    """
    ledger = campaign.ledger
    crew = campaign.crew
    if campaign.at_war and not ledger.war_penalty:
        # what the war takes: hold, else a Tier; Tier 0 weak: nothing, the lair is threatened (BITD.FACTION.4)
        penalty = "hold" if crew.hold == "strong" else "tier" if crew.tier > 0 else "none"
        campaign.set_war(penalty, sorted(f.id for f in campaign.factions.values() if f.status <= -3))
        campaign.count("wars")
        if penalty == "hold":
            campaign.set_crew("war", hold="weak")
        elif penalty == "tier":
            campaign.set_crew("war", tier=crew.tier - 1)
            campaign.cohorts_follow_tier("war")  # BITD.COHORT.2
    elif not campaign.at_war and ledger.war_penalty:
        penalty = ledger.war_penalty
        campaign.set_war("", [])
        if penalty == "hold":
            campaign.set_crew("war ended", hold="strong")
        elif penalty == "tier":
            campaign.set_crew("war ended", tier=crew.tier + 1)


# --------------------------------------------------------------------- heat


_HEAT: dict[int, tuple[Any, dict[str, int], dict[str, int]]] = {}


def heat_tables(content: Any) -> tuple[dict[str, int], dict[str, int]]:
    """(exposure -> base heat, modifier -> heat) from content ``blades/heat`` (built once per content).

    The seam's exposure names (:data:`~sim.blades.score.outcomes.EXPOSURE_HEAT`) are
    accepted too.
    """
    cached = _HEAT.get(id(content))
    if cached is None or cached[0] is not content:
        doc = content.table("blades/heat")
        exposures = dict(EXPOSURE_HEAT)
        exposures.update({e["id"]: int(e["heat"]) for e in doc["exposures"]})
        modifiers = {m["id"]: int(m["heat"]) for m in doc["modifiers"]}
        cached = _HEAT[id(content)] = (content, exposures, modifiers)
    return cached[1], cached[2]


def exposure_heat(campaign: Campaign, exposure: str) -> int:
    """BITD.DOWNTIME.HEAT.1: base heat by the operation's exposure."""
    return heat_tables(campaign.content)[0][exposure]


def heat_modifiers(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> dict[str, int]:
    """BITD.DOWNTIME.HEAT.2: the cumulative modifiers on the score's base heat (sizes from content)."""
    size = heat_tables(campaign.content)[1]
    applies = {
        "high_profile": plan.high_profile,
        "hostile_turf": plan.hostile_turf,
        "at_war": campaign.at_war,
        "killing": result.killing,
        "cover_operation": "cover_operation" in claims.benefits(campaign),
    }
    mods = {name: size[name] if on else 0 for name, on in applies.items()}
    if mods["killing"] and mechanics.killing_heat_cancelled(campaign):  # Crow's veil: no heat for killing
        mods["crows_veil"] = -mods["killing"]
    for name, value in sorted(result.heat_modifiers.items()):
        mods[name] = mods.get(name, 0) + int(value)
    return mods


def take_heat(campaign: Campaign, plan: ScorePlan, result: ScoreResult) -> int:
    """BITD.DOWNTIME.HEAT.1-3: base heat by exposure plus modifiers, rolling over into wanted level."""
    return campaign.add_heat(exposure_heat(campaign, result.exposure), heat_modifiers(campaign, plan, result),
                             result.exposure)


def lose_hold(campaign: Campaign, reason: str) -> None:
    """BITD.FACTION.4: strong -> weak; weak -> drop a Tier and stay weak (Tier 0: the lair is threatened, and lost:
    BITD.CREW.CLAIM.2, every claim's benefit suspended until a score pays for a new one, :func:`new_lair`)."""
    crew = campaign.crew
    if crew.hold == "strong":
        campaign.set_crew(reason, hold="weak")
    elif crew.tier > 0:
        campaign.set_crew(reason, tier=crew.tier - 1)
        campaign.cohorts_follow_tier(reason)  # BITD.COHORT.2
    else:
        campaign.emit("lair_threatened", reason=reason)
        if crew.lair:
            campaign.set_lair(False, reason)


# -------------------------------------------------------------- incarceration

ALWAYS = frozenset({"always"})

#: BITD.DOWNTIME.PRISON.2: the sentence by wanted level, in scores missed [inferred] (-1: life).
SENTENCE_SCORES = (1, 2, 4, 8, -1)
PRISON_CLAIMS = ("cell_block_control", "guard_payoff", "hardcase", "parole_influence", "smuggling", "allied_claim")


@decision("hand_over")
def choose_hand_over(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Who takes the fall: the scoundrel with the most trauma, then the most stress (context ``burden``)."""
    burden = d.context.get("burden", {})
    return max(d.options, key=lambda pc: (burden.get(pc, (0, 0)), -d.options.index(pc)))


@decision("beating")
def choose_beating(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """At wanted 0, a few weeks inside or a beating (level-3 harm): take the beating only if unhurt."""
    return "beating" if "beating" in d.options and d.context.get("worst_harm", 0) == 0 else "prison"


@decision("prison_claim")
def choose_prison_claim(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    return d.options[0]


def hand_over(campaign: Campaign, pc: Scoundrel | None = None) -> Scoundrel | None:
    """BITD.DOWNTIME.PRISON.1-3: a scoundrel is convicted: wanted -1, heat cleared, the incarceration roll."""
    active = campaign.active_pcs
    if pc is None:
        if not active:
            return None
        burden = {p.id: (len(p.trauma), p.stress) for p in active}
        pick = campaign.ask(voice_seat(campaign), "hand_over", [p.id for p in active], {"burden": burden})
        pc = campaign.pc(pick)
    crew = campaign.crew
    wanted = crew.wanted
    if "prison:parole_influence" in claims.benefits(campaign):
        wanted = max(0, wanted - 1)
    if wanted == 0:
        choice = campaign.ask(pc.id, "beating", ("prison", "beating"), {"worst_harm": pc.worst_harm})
        if choice == "beating":
            campaign.emit("incarceration", pc=pc.id, wanted=crew.wanted, sentence=0, beating=True)
            campaign.take_harm(pc, 3, "beaten by the watch")
            _convicted(campaign)
            return pc
    campaign.incarcerate(pc, SENTENCE_SCORES[min(wanted, 4)], crew.wanted)
    campaign.count("incarcerations")
    _convicted(campaign)
    incarceration_roll(campaign, pc)
    return pc


@decision("take_the_fall")
def choose_take_the_fall(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """A scoundrel broken by trauma goes to prison for the crew whenever the crew is wanted."""
    return True in d.options


def take_the_fall(campaign: Campaign) -> list[str]:
    """BITD.STRESS.6: a scoundrel whose 4th trauma ended their career may, instead of retiring, go to prison to
    take the fall for the crew's wanted level (only when the crew is wanted): wanted -1, heat cleared, the
    incarceration roll; they do not come back. Returns who did."""
    went = []
    ledger = campaign.ledger
    for pc in campaign.pcs:
        if pc.status != "retired" or len(pc.trauma) < pc.trauma_max or pc.id in ledger.fall_offered:
            continue
        campaign.offer_fall(pc)
        if campaign.crew.wanted < 1 or not campaign.ask(pc.id, "take_the_fall", (True, False), {
                "wanted": campaign.crew.wanted}):
            continue
        campaign.emit("take_the_fall", pc=pc.id, wanted=campaign.crew.wanted)
        hand_over(campaign, pc)
        campaign.set_sentence(pc, -1, "took the fall")
        went.append(pc.id)
    return went


def _convicted(campaign: Campaign) -> None:
    campaign.reduce_wanted(1, "conviction")
    if campaign.crew.heat:
        campaign.remove_heat(campaign.crew.heat, "conviction")


def incarceration_roll(campaign: Campaign, pc: Scoundrel) -> BladesRoll:
    """BITD.DOWNTIME.PRISON.3: pool = crew Tier (+1d Guard Payoff, + the scoundrel's ``incarceration`` bonus dice:
    Jail bird); results per the table."""
    crew = campaign.crew
    dice_from = {"tier": crew.tier, "guard_payoff": int("prison:guard_payoff" in claims.benefits(campaign)),
                 "abilities": abilities.bonus_of(campaign, pc, "incarceration", ALWAYS)[0]}
    roll = roll_dice(campaign, sum(dice_from.values()))
    campaign.emit("incarceration_roll", pc=pc.id, dice=roll.dice, faces=list(roll.faces), die=roll.die,
                  result=roll.result, dice_from=dice_from)
    if roll.result in ("success", "critical"):
        if roll.result == "critical":
            campaign.add_rep(3, "incarceration")
        free = [c for c in PRISON_CLAIMS if f"prison:{c}" not in crew.claims]
        if free:
            claim = campaign.ask(voice_seat(campaign), "prison_claim", free, {})
            campaign.add_claim(f"prison:{claim}", "incarceration", faction="")
        allies = sorted((f for f in campaign.factions.values() if f.status < 3), key=lambda f: (-f.status, -f.tier, f.id))
        helped = allies[0] if allies else None  # the friendliest faction helped inside
        if helped is not None:
            campaign.change_status(helped.id, 1, "helped inside")
    elif (roll.result == "failure" and "prison:cell_block_control" not in claims.benefits(campaign)
          and len(pc.trauma) < pc.trauma_max):
        campaign.add_trauma(pc, "incarceration")
    return roll


def count_down(scores_left: Mapping[str, int]) -> tuple[dict[str, int], list[str]]:
    """One score passes: each count above 0 drops by 1; those already at 0 are removed and returned, in id order.
    A negative count (a life sentence) never comes due. Returns (the counts left, those due)."""
    left = {pc_id: n - 1 if n > 0 else n for pc_id, n in scores_left.items() if n != 0}
    return left, sorted(pc_id for pc_id, n in scores_left.items() if n == 0)


def _come_due(campaign: Campaign, book: str) -> list[str]:
    """Count down the ledger's ``book`` (``sentences`` or ``away``) by one score; return who is due back."""
    left, due = count_down(getattr(campaign.ledger, book))
    campaign.set_absences(book, left, "a score passed")
    return due


def serve_sentences(campaign: Campaign) -> None:
    """At the start of each score: those away with scores left to miss miss this one; the rest come back.

    ``ledger.sentences`` / ``ledger.away`` count the scores still to miss
    (-1: a life sentence). A scoundrel jailed with a sentence of 2 misses the
    next two scores and plays the third. A scoundrel lost in vice (overindulgence) is off-screen for a
    score and comes back (BITD.DOWNTIME.VICE.4).
    """
    for pc_id in _come_due(campaign, "sentences"):
        pc = campaign.pc(pc_id)
        if pc.status == "jailed":
            campaign.set_status(pc, "active", "released")
    for pc_id in _come_due(campaign, "away"):
        pc = campaign.pc(pc_id)
        if pc.status == "lost":
            campaign.set_status(pc, "active", "back from vice")
            while pc.worst_harm:  # BITD.DOWNTIME.VICE.2 "Lost": all harm healed on return
                campaign.heal_one_level(pc)
