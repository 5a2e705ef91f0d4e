"""The campaign loop as a phase table on the shared ``transitions`` machine (BITD.CORE.6, BITD.DOWNTIME.1).

Downtime (payoff to activities) is a pause between scores with rules of its own (BITD.DOWNTIME.2): no action
roll is made in it, only downtime, fortune, resistance and entanglement rolls.

    setup -> free_play -> engagement -> score -> payoff -> heat -> entanglements
          -> activities -> free_play ... -> ended
    free_play -> free_play (lie_low: everyone is away, the crew lies low for a score)

The loop is a :class:`sim.phases.PhaseTable`: :data:`TRANSITIONS` is the order,
:data:`WORK` is each phase's work, and :data:`TABLE` owns the one machine every
campaign shares (``MACHINE``). :func:`play` places a campaign at ``setup`` and
runs the table; ``TABLE.step(campaign, session)`` plays one phase, so a
campaign can stop between any two phases and go on with ``TABLE.run``.

Each phase's work is a small function ``(campaign, session) -> trigger``; the
rules themselves are the plain functions of :mod:`sim.blades.downtime.downtime`,
:mod:`sim.blades.downtime.entanglements`, :mod:`sim.blades.downtime.activities`,
:mod:`sim.blades.advancement.advancement` and the session's score helpers (``free_play``,
``play_score``). What one phase hands to a later one (the plan, the result, the
payoff, the Tier and trauma before, the score's action rolls, the end reason)
is written on ``campaign.turn`` (:class:`~sim.blades.score.turn.Turn`, cleared as
each score begins), never kept in a local. Triggers are fired through
:func:`fire`, which turns an illegal trigger into :class:`IllegalMove`. Each
phase change journals ``phase`` (``from``, ``to``) and sets the journal's
current phase.
"""

from __future__ import annotations

from enum import Enum
from typing import Callable

from sim.blades.advancement import advancement
from sim.blades.city import factions
from sim.blades.city.city import series_fields
from sim.blades.crew import mechanics
from sim.blades.crew.state import Campaign
from sim.blades.downtime import activities, downtime, entanglements
from sim.phases import PhaseTable


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
    ("lie_low", (Phase.FREE_PLAY,), Phase.FREE_PLAY),
    ("execute", (Phase.ENGAGEMENT,), Phase.SCORE),
    ("pay", (Phase.SCORE,), Phase.PAYOFF),
    ("take_heat", (Phase.PAYOFF,), Phase.HEAT),
    ("entangle", (Phase.HEAT,), Phase.ENTANGLEMENTS),
    ("rest", (Phase.ENTANGLEMENTS,), Phase.ACTIVITIES),
    ("resume", (Phase.ACTIVITIES,), Phase.FREE_PLAY),
    ("finish", (Phase.SETUP, Phase.FREE_PLAY, Phase.ACTIVITIES), Phase.ENDED),
)


def fire(campaign: Campaign, trigger: str) -> None:
    """Fire ``trigger`` on ``campaign``; a trigger the current phase does not allow raises IllegalMove."""
    TABLE.fire(campaign, trigger)


def phase_of(campaign: Campaign) -> Phase:
    return TABLE.phase(campaign)


class Session:
    """What one campaign run needs besides the campaign: the score helpers and the end conditions.

    It is the phase work's ``context``: configuration, not state (``series`` is the caller's list of rows), so a
    campaign stopped between phases goes on with the same session or one built alike
    (:func:`sim.blades.campaign.make_session`).
    """

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


#: the counter of the scores a crew played before it broke, kept when option ``crew_breaks`` is ``play_on``
CREW_SCORES = "crew_scores"


def end_reason(campaign: Campaign, session: Session) -> str:
    """Why the campaign is over, or "" if it goes on: scores played, the Tier goal, or the crew broken."""
    if campaign.ledger.score_no >= session.scores:
        return "broken" if CREW_SCORES in campaign.counters else "scores"  # (option crew_breaks: play_on)
    if session.tier_goal is not None and campaign.crew.tier >= session.tier_goal:
        return "tier"
    if not campaign.active_pcs and not returning(campaign):
        return "" if campaign.options["crew_breaks"] == "play_on" else "broken"  # play_on: the city goes on
    return ""


def returning(campaign: Campaign) -> bool:
    """Someone away (a finite sentence, lost in vice) will come back."""
    ledger = campaign.ledger
    return any(v >= 0 for v in ledger.sentences.values()) or bool(ledger.away)


def play(campaign: Campaign, session: Session) -> str:
    """Play ``campaign`` from setup to its end; return the end reason (``scores``, ``tier`` or ``broken``)."""
    TABLE.place(campaign, Phase.SETUP)
    TABLE.run(campaign, session)
    return campaign.turn.end


# ------------------------------------------------------------ phase work
# Each takes (campaign, session) and returns the trigger that leaves its phase.


def _setup(campaign: Campaign, session: Session) -> str:
    """Setup is done before the campaign is placed on the machine (:func:`sim.blades.campaign.build_campaign`)."""
    return "begin"


def _free_play(campaign: Campaign, session: Session) -> str:
    """BITD.CORE.6: a new score begins (unless the campaign is over); free play fixes its plan and engagement.

    With everyone away (jailed, lost in vice) the crew lies low for the score instead.
    """
    if _ended(campaign, session):
        return "finish"
    turn = campaign.turn
    turn.reset()
    ledger = campaign.ledger
    campaign.begin_score()
    downtime.serve_sentences(campaign)
    if not campaign.active_pcs:  # everyone is away: the crew lies low for a score
        campaign.emit("lie_low", score=ledger.score_no)
        if campaign.options["crew_breaks"] == "play_on" and not returning(campaign):  # broken: the city plays on
            campaign.counters.setdefault(CREW_SCORES, ledger.score_no - 1)  # the scores the crew played
            factions.downtime(campaign, ())  # BITD.DOWNTIME.NPC.1-2, with no score to be interested in
            downtime.update_war(campaign)
        _record_series(campaign, session)
        return "lie_low"
    campaign.emit("score_begin", score=ledger.score_no)
    if campaign.at_war:  # BITD.FACTION.7: the war's +1 heat and lost hold weigh on this score
        campaign.count("war_scores")
    turn.trauma_before = {pc.id: len(pc.trauma) for pc in campaign.pcs}
    turn.plan = session.free_play(campaign)
    return "engage"


def _engagement(campaign: Campaign, session: Session) -> str:
    """BITD.SCORE.4-5: free play made the engagement roll with the plan; the score opens on it."""
    return "execute"


def _score(campaign: Campaign, session: Session) -> str:
    """BITD.SCORE: play the score, noting every action roll (xp triggers, BITD.XP.2)."""
    turn = campaign.turn
    ledger = campaign.ledger
    rolls = ActionLog(turn.actions)
    campaign.journal.listeners.append(rolls)
    try:
        turn.result = session.play_score(campaign, turn.plan)
    finally:
        campaign.journal.listeners.remove(rolls)
    result = turn.result
    if result.success and not result.abandoned:
        campaign.win_score()
    campaign.return_pcs("score over")
    return "pay"


def _payoff(campaign: Campaign, session: Session) -> str:
    """BITD.DOWNTIME.PAYOFF: rep and coin, the score's fallout on factions, war."""
    turn = campaign.turn
    turn.tier_before = campaign.crew.tier
    turn.payoff = downtime.pay_off(campaign, turn.plan, turn.result)
    downtime.score_fallout(campaign, turn.plan, turn.result)
    downtime.update_war(campaign)
    return "take_heat"


def _heat(campaign: Campaign, session: Session) -> str:
    """BITD.DOWNTIME.HEAT: heat and wanted level; someone may take the fall."""
    downtime.take_heat(campaign, campaign.turn.plan, campaign.turn.result)
    downtime.take_the_fall(campaign)
    return "entangle"


def _entanglements(campaign: Campaign, session: Session) -> str:
    """BITD.DOWNTIME.ENTANGLE: roll the entanglements."""
    entanglements.roll_entanglements(campaign)
    return "rest"


def _activities(campaign: Campaign, session: Session) -> str:
    """BITD.DOWNTIME.ACT and the turn's close: activities, advancement, factions, coin, retirement, recruits."""
    advancement.heal_cohorts(campaign)
    activities.downtime_activities(campaign)
    mechanics.end_downtime(campaign)
    _advance(campaign)
    factions.downtime(campaign, (campaign.turn.plan.target_faction,))  # BITD.DOWNTIME.NPC.1-2
    downtime.update_war(campaign)
    advancement.settle_coin(campaign)
    advancement.consider_retirement(campaign)
    replace_lost(campaign, session)
    _record_series(campaign, session)
    return "finish" if _ended(campaign, session) else "resume"


def _advance(campaign: Campaign) -> None:
    """BITD.CREW.XP, BITD.XP.2: the crew advances and marks xp; scoundrels mark xp for the session."""
    turn = campaign.turn
    plan, payoff = turn.plan, turn.payoff
    advancement.crew_advance(campaign)
    rep_gained = payoff["rep"] + payoff["rep_bonus"] + payoff.get("quiet_rep", 0)
    advancement.crew_xp(campaign, advancement.crew_xp_triggers(payoff["success"], plan.target_tier, turn.tier_before,
                                                               rep_gained))
    struggled = [pc.id for pc in campaign.pcs if len(pc.trauma) > turn.trauma_before.get(pc.id, 0)]
    struggled += [e for e in campaign.ledger.overindulged if e not in struggled]
    struggled += [e for e in campaign.ledger.troubled if e not in struggled]  # BITD.STRESS.5
    payback = advancement.payback_on(campaign, payoff["success"], plan.target_faction)
    advancement.session_xp(campaign, struggled, turn.actions, payback)


def _ended(campaign: Campaign, session: Session) -> bool:
    """If the campaign is over, note why on the turn record and journal ``campaign_end``."""
    reason = end_reason(campaign, session)
    if reason:
        campaign.turn.end = reason
        campaign.emit("campaign_end", reason=reason, scores=campaign.ledger.score_no,
                      won=campaign.ledger.scores_won)
    return bool(reason)


WORK: dict[Phase, Callable[[Campaign, Session], str]] = {
    Phase.SETUP: _setup,
    Phase.FREE_PLAY: _free_play,
    Phase.ENGAGEMENT: _engagement,
    Phase.SCORE: _score,
    Phase.PAYOFF: _payoff,
    Phase.HEAT: _heat,
    Phase.ENTANGLEMENTS: _entanglements,
    Phase.ACTIVITIES: _activities,
}

#: the Blades campaign loop; its one machine is shared by every campaign
TABLE = PhaseTable("campaign", Phase, initial=Phase.SETUP, final=Phase.ENDED, transitions=TRANSITIONS, work=WORK)
MACHINE = TABLE.machine


class ActionLog:
    """A journal listener that notes (pc, action) for every action roll of the score (xp triggers) in ``actions``."""

    __slots__ = ("actions",)
    listens_to = frozenset({"action_roll"})  # sim.journal routes only these to it

    def __init__(self, actions: list[tuple[str, str]] | None = None) -> None:
        self.actions: list[tuple[str, str]] = [] if actions is None else actions

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
            new = session.recruit(campaign, pc)
            campaign.recruit(new, pc.id)
            mechanics.join_crew(campaign, new)


def _record_series(campaign: Campaign, session: Session) -> None:
    if session.series is None:
        return
    if CREW_SCORES in campaign.counters:  # crew_breaks play_on, the crew broken: the city's fields only
        session.series.append({"score": campaign.ledger.score_no, **series_fields(campaign)})
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
        # scoundrel survival (sim.batch.reporting.report): everyone who joined, those out for good (dead, retired, jailed
        # for life: BITD.DEATH.2's "gone"), and the recruits who replaced them
        "pcs": len(pcs),
        "pcs_out": sum(1 for p in pcs if p.status in ("dead", "retired")
                       or (p.status == "jailed" and campaign.ledger.sentences.get(p.id) == -1)),
        "recruits": campaign.ledger.replacements,
        **series_fields(campaign),  # each faction's Tier over time, the wars between factions
    })
