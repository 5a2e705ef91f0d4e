"""The campaign loop as a ``transitions`` state machine (BITD.CORE.6, BITD.DOWNTIME.1).

    setup -> free_play -> engagement -> score -> payoff -> heat -> entanglements
          -> activities -> free_play ... -> ended

The machine only sequences phases: the rules are the plain functions of
:mod:`sim.blades.downtime`, :mod:`sim.blades.entanglements`, :mod:`sim.blades.activities`,
:mod:`sim.blades.advancement` and the score helpers (``free_play``,
``play_score``). One machine is shared by every campaign: a campaign joins
it with ``add_model`` when it starts and leaves with ``remove_model`` when it
ends (building a machine per campaign costs far more than a campaign's
triggers). ``model_override`` stays off: with it on, transitions logs a
warning for every convenience method the campaign does not declare, which
made ``add_model`` four times slower (measured 270 vs 67 us). Triggers are
fired through :func:`fire`, which turns an illegal trigger into
:class:`IllegalMove`.
Each phase change journals ``phase`` (``from``, ``to``) and sets the
journal's current phase.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Callable

from transitions import Machine, MachineError

from sim.blades import activities, advancement, downtime, entanglements
from sim.blades.state import Campaign
from sim.errors import IllegalMove


class Phase(Enum):
    SETUP = "setup"
    FREE_PLAY = "free_play"
    ENGAGEMENT = "engagement"
    SCORE = "score"
    PAYOFF = "payoff"
    HEAT = "heat"
    ENTANGLEMENTS = "entanglements"
    ACTIVITIES = "activities"
    ENDED = "ended"


#: BITD.CORE.6 / BITD.DOWNTIME.1 as data: (trigger, sources, destination).
TRANSITIONS: tuple[tuple[str, tuple[Phase, ...], Phase], ...] = (
    ("begin", (Phase.SETUP,), Phase.FREE_PLAY),
    ("engage", (Phase.FREE_PLAY,), Phase.ENGAGEMENT),
    ("execute", (Phase.ENGAGEMENT,), Phase.SCORE),
    ("pay", (Phase.SCORE,), Phase.PAYOFF),
    ("take_heat", (Phase.PAYOFF,), Phase.HEAT),
    ("entangle", (Phase.HEAT,), Phase.ENTANGLEMENTS),
    ("rest", (Phase.ENTANGLEMENTS,), Phase.ACTIVITIES),
    ("resume", (Phase.ACTIVITIES,), Phase.FREE_PLAY),
    ("finish", (Phase.SETUP, Phase.FREE_PLAY, Phase.ACTIVITIES), Phase.ENDED),
)


def _journal_phase(event: Any) -> None:
    """After every transition: set the journal's phase and journal ``phase``."""
    campaign = event.model
    before = Phase[event.transition.source].value
    after = Phase[event.transition.dest].value
    campaign.journal.phase = after
    campaign.emit("phase", **{"from": before, "to": after})


def _build_machine() -> Machine:
    return Machine(
        model=None,
        states=Phase,
        transitions=[{"trigger": t, "source": list(src), "dest": dst} for t, src, dst in TRANSITIONS],
        initial=Phase.SETUP,
        auto_transitions=False,
        model_override=False,
        send_event=True,
        after_state_change=[_journal_phase],
    )


MACHINE = _build_machine()


def fire(campaign: Campaign, trigger: str) -> None:
    """Fire ``trigger`` on ``campaign``; a trigger the current phase does not allow raises IllegalMove."""
    try:
        event = MACHINE.events[trigger]
    except KeyError:
        raise IllegalMove(f"no campaign trigger {trigger!r}") from None
    try:
        event.trigger(campaign)
    except MachineError:
        state = getattr(getattr(campaign, "state", None), "value", "no phase")
        raise IllegalMove(f"cannot {trigger} during {state}") from None


def phase_of(campaign: Campaign) -> Phase:
    return campaign.state


class Session:
    """What one campaign run needs besides the campaign: the score helpers and the end conditions."""

    __slots__ = ("free_play", "play_score", "scores", "tier_goal", "recruit", "replacements", "series")

    def __init__(self, *, free_play: Callable, play_score: Callable, scores: int, tier_goal: int | None = None,
                 recruit: Callable | None = None, replacements: int = 0, series: list | None = None):
        self.free_play = free_play
        self.play_score = play_score
        self.scores = scores
        self.tier_goal = tier_goal
        self.recruit = recruit
        self.replacements = replacements
        self.series = series


def end_reason(campaign: Campaign, session: Session) -> str:
    """Why the campaign is over, or "" if it goes on: scores played, the Tier goal, or the crew broken."""
    if campaign.ledger.score_no >= session.scores:
        return "scores"
    if session.tier_goal is not None and campaign.crew.tier >= session.tier_goal:
        return "tier"
    if not campaign.active_pcs and not returning(campaign):
        return "broken"
    return ""


def returning(campaign: Campaign) -> bool:
    """Someone away (a finite sentence, lost in vice) will come back."""
    ledger = campaign.ledger
    return any(v >= 0 for v in ledger.sentences.values()) or bool(ledger.away)


def play(campaign: Campaign, session: Session) -> str:
    """Play ``campaign`` to its end; return the end reason. The campaign joins the shared machine meanwhile."""
    MACHINE.add_model(campaign, initial=Phase.SETUP)
    try:
        fire(campaign, "begin")
        while True:
            reason = end_reason(campaign, session)
            if reason:
                break
            play_score_cycle(campaign, session)
            reason = end_reason(campaign, session)
            if reason:
                break
            fire(campaign, "resume")
        campaign.emit("campaign_end", reason=reason, scores=campaign.ledger.score_no,
                      won=campaign.ledger.scores_won)
        fire(campaign, "finish")
        return reason
    finally:
        MACHINE.remove_model(campaign)


def play_score_cycle(campaign: Campaign, session: Session) -> None:
    """One turn of the cycle from free play through downtime (BITD.CORE.6)."""
    ledger = campaign.ledger
    campaign.begin_score()
    downtime.serve_sentences(campaign)
    if not campaign.active_pcs:  # everyone is away: the crew lies low for a score
        campaign.emit("lie_low", score=ledger.score_no)
        for trigger in ("engage", "execute", "pay", "take_heat", "entangle", "rest"):
            fire(campaign, trigger)
        _record_series(campaign, session)
        return
    campaign.emit("score_begin", score=ledger.score_no)
    if campaign.at_war:  # BITD.FACTION.7: the war's +1 heat and lost hold weigh on this score
        campaign.count("war_scores")
    trauma_before = {pc.id: len(pc.trauma) for pc in campaign.pcs}
    plan = session.free_play(campaign)
    fire(campaign, "engage")
    fire(campaign, "execute")
    rolls = ActionLog()
    campaign.journal.listeners.append(rolls)
    try:
        result = session.play_score(campaign, plan)
    finally:
        campaign.journal.listeners.remove(rolls)
    if result.success and not result.abandoned:
        campaign.win_score()
    campaign.return_pcs("score over")
    # BITD.DOWNTIME.1: payoff -> heat -> entanglements -> activities
    fire(campaign, "pay")
    tier_before = campaign.crew.tier
    payoff = downtime.pay_off(campaign, plan, result)
    downtime.score_fallout(campaign, plan, result)
    downtime.update_war(campaign)
    fire(campaign, "take_heat")
    downtime.take_heat(campaign, plan, result)
    downtime.take_the_fall(campaign)
    fire(campaign, "entangle")
    entanglements.roll_entanglements(campaign)
    fire(campaign, "rest")
    advancement.heal_cohorts(campaign)
    activities.downtime_activities(campaign)
    advancement.crew_advance(campaign)
    rep_gained = payoff["rep"] + payoff["rep_bonus"]
    advancement.crew_xp(campaign, advancement.crew_xp_triggers(payoff["success"], plan.target_tier, tier_before,
                                                               rep_gained))
    struggled = [pc.id for pc in campaign.pcs if len(pc.trauma) > trauma_before.get(pc.id, 0)]
    struggled += [e for e in campaign.ledger.overindulged if e not in struggled]
    advancement.session_xp(campaign, struggled, rolls.actions)
    advancement.faction_turn(campaign, (plan.target_faction,))
    downtime.update_war(campaign)
    advancement.settle_coin(campaign)
    advancement.consider_retirement(campaign)
    replace_lost(campaign, session)
    _record_series(campaign, session)


class ActionLog:
    """A journal listener that notes (pc, action) for every action roll of the score (xp triggers)."""

    __slots__ = ("actions",)

    def __init__(self) -> None:
        self.actions: list[tuple[str, str]] = []

    def __call__(self, event: dict) -> None:
        if event["event"] == "action_roll":
            self.actions.append((event["pc"], event["action"]))


def replace_lost(campaign: Campaign, session: Session) -> None:
    """BITD.DEATH.2: a new scoundrel joins for each one dead, retired or jailed for life, while the scenario allows."""
    if session.recruit is None:
        return
    ledger = campaign.ledger
    for pc in list(campaign.pcs):
        if ledger.replacements >= session.replacements:
            return
        gone = pc.status in ("dead", "retired") or (pc.status == "jailed" and ledger.sentences.get(pc.id) == -1)
        if gone and pc.id not in ledger.replaced:
            campaign.recruit(session.recruit(campaign, pc), pc.id)


def _record_series(campaign: Campaign, session: Session) -> None:
    if session.series is None:
        return
    crew = campaign.crew
    pcs = campaign.pcs
    session.series.append({
        "score": campaign.ledger.score_no,
        "won": campaign.ledger.scores_won,
        "heat": crew.heat,
        "wanted": crew.wanted,
        "tier": crew.tier,
        "hold": crew.hold,
        "rep": crew.rep,
        "coin": crew.coin,
        "turf": crew.turf,
        "active": sum(1 for p in pcs if p.status == "active"),
        "stress": sum(p.stress for p in pcs if p.status == "active"),
        "trauma": sum(len(p.trauma) for p in pcs),
        "harm": sum(len(row) for p in pcs if p.status == "active" for row in p.harm.values()),
        "at_war": campaign.at_war,
    })
