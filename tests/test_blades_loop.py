"""The campaign machine: phase order, one shared machine, illegal triggers, end conditions (BITD.CORE.6),
and a campaign stopped at a phase and resumed from it."""

import copy
from pathlib import Path

import pytest

from blades_downtime_kit import events, make_campaign, make_pc, plan, result
from sim.blades import loop
from sim.blades.campaign import build_campaign, make_session
from sim.blades.loop import MACHINE, TABLE, Phase, Session, fire, play
from sim.content import load_scenario
from sim.errors import IllegalMove
from sim.journal import Journal

STARTER = Path(__file__).resolve().parents[1] / "scenarios" / "starter.yaml"

CYCLE = ["free_play", "engagement", "score", "payoff", "heat", "entanglements", "activities"]


def session(n=2, results=None, **kw):
    results = list(results or [])

    def free_play(campaign):
        return plan()

    def play_score(campaign, p):
        return results.pop(0) if results else result()

    return Session(free_play=free_play, play_score=play_score, scores=n, **kw)


def test_BITD_CORE_6_and_DOWNTIME_1_phases_in_order():
    c = make_campaign()
    assert play(c, session(2)) == "scores"
    phases = [(e["from"], e["to"]) for e in events(c, "phase")]
    path = ["setup"] + CYCLE + CYCLE + ["ended"]
    assert phases == list(zip(path, path[1:]))
    # each downtime step journals in its own phase: payoff, heat, entanglements, activities
    assert {e["phase"] for e in events(c, "payoff")} == {"payoff"}
    assert {e["phase"] for e in events(c, "heat") if e["base"] > 0} == {"heat"}
    assert {e["phase"] for e in events(c, "entanglement")} == {"entanglements"}
    assert c.journal.phase == "ended"


def test_one_machine_shared_and_no_model_registered():
    for seed in range(3):
        c = make_campaign()
        play(c, session(1))
        assert c.state is Phase.ENDED
    assert MACHINE.models == []  # campaigns are placed on the machine, never registered (sim.phases)
    assert loop.MACHINE is MACHINE is TABLE.machine


def test_illegal_trigger_raises_illegal_move():
    c = make_campaign()
    with pytest.raises(IllegalMove, match="not in a campaign phase"):
        fire(c, "begin")
    TABLE.place(c, Phase.SETUP)
    with pytest.raises(IllegalMove, match="cannot pay during setup"):
        fire(c, "pay")
    with pytest.raises(IllegalMove, match="no campaign trigger"):
        fire(c, "teleport")
    fire(c, "begin")
    assert c.state is Phase.FREE_PLAY and events(c, "phase")[-1]["to"] == "free_play"
    with pytest.raises(IllegalMove, match="cannot resume during free_play"):
        fire(c, "resume")


def test_campaign_ends_at_tier_goal():
    c = make_campaign(tier=2)
    assert play(c, session(5, tier_goal=2)) == "tier"
    assert c.ledger.score_no == 0


def test_BITD_DEATH_2_broken_crew_ends_or_is_replaced():
    c = make_campaign()
    c.set_status(c.pcs[0], "dead", "test")
    assert play(c, session(3)) == "broken"
    recruits = []

    def recruit(campaign, gone):
        pc = make_pc(f"pc{len(campaign.pcs) + 1}", gone.policy)
        campaign.seats.sit(pc.id, campaign.agents[gone.id])
        recruits.append(pc.id)
        return pc

    r = make_campaign()
    s = session(2, recruit=recruit, replacements=1)

    def deadly(campaign, p):
        if campaign.pcs[0].active:
            campaign.take_harm(campaign.pcs[0], 4, "test")
        return result()

    s.play_score = deadly
    assert play(r, s) == "scores"
    assert recruits == ["pc2"] and events(r, "recruit")[0]["replaces"] == "pc1"


def test_jailed_crew_lies_low_until_released():
    c = make_campaign(wanted=1)
    from sim.blades.downtime.downtime import hand_over

    hand_over(c)  # wanted 1: two scores inside
    assert c.pcs[0].status == "jailed"
    rows = []
    s = session(3, series=rows)
    assert play(c, s) == "scores"
    assert len(events(c, "lie_low")) == 2 and c.pcs[0].status == "active"
    assert len(events(c, "payoff")) == 1  # the third score is played
    # lying low is one transition of its own, free play to free play, not a walk through empty phases
    phases = [(e["from"], e["to"]) for e in events(c, "phase")]
    path = ["setup", "free_play", "free_play", "free_play"] + CYCLE[1:] + ["ended"]
    assert phases == list(zip(path, path[1:]))
    assert [e["phase"] for e in events(c, "lie_low")] == ["free_play", "free_play"]
    assert [r["score"] for r in rows] == [1, 2, 3] and rows[0]["active"] == 0


def test_a_crew_away_to_the_end_lies_low_and_ends_in_free_play():
    c = make_campaign(wanted=3)
    from sim.blades.downtime.downtime import hand_over

    hand_over(c)  # a long sentence: every score of the campaign passes with the crew inside
    assert play(c, session(2)) == "scores"
    assert [(e["from"], e["to"]) for e in events(c, "phase")] == [
        ("setup", "free_play"), ("free_play", "free_play"), ("free_play", "free_play"), ("free_play", "ended")]
    assert events(c, "campaign_end")[0]["phase"] == "free_play" and not events(c, "payoff")


def test_the_turn_record_carries_the_score_to_downtime():
    c = make_campaign()
    TABLE.place(c)
    s = session(1, results=[result(coin=3)])
    TABLE.run(c, s, until=Phase.PAYOFF)
    turn = c.turn
    assert turn.plan is not None and turn.result.coin == 3 and turn.trauma_before == {"pc1": 0}
    TABLE.step(c, s)  # the payoff phase's work
    assert c.state is Phase.HEAT and turn.payoff["coin"] == events(c, "payoff")[0]["coin"]
    assert TABLE.run(c, s) is Phase.ENDED and c.turn.end == "scores"


def test_series_gets_one_row_per_score():
    c = make_campaign()
    rows = []
    play(c, session(3, series=rows))
    assert [r["score"] for r in rows] == [1, 2, 3]
    assert set(rows[0]) >= {"heat", "wanted", "tier", "hold", "rep", "coin", "active", "stress", "trauma"}


def test_activities_phase_runs_downtime_for_every_active_scoundrel():
    c = make_campaign(pcs=[make_pc("pc1"), make_pc("pc2", "bold")])
    play(c, session(1))
    pcs = {e["pc"] for e in events(c, "activity")}
    assert pcs == {"pc1", "pc2"}


def _uninterrupted(scenario, seed):
    journal, rows = Journal(), []
    campaign = build_campaign(scenario, seed, journal)
    reason = play(campaign, make_session(scenario, series=rows))
    return list(journal.lines()), rows, reason


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.SETUP, Phase.ENDED)])
def test_a_campaign_stopped_at_a_phase_resumes_from_it_to_the_same_journal(phase):
    """Play to the start of ``phase`` in the second score, stop, snapshot the campaign, resume the snapshot.

    The snapshot is a deep copy (content, scenario, options and agents shared: they are read-only), resumed with
    a fresh session: so everything needed to go on lives on the campaign, nothing in a local of the loop.
    """
    scenario, seed = load_scenario(STARTER), 3
    whole, whole_rows, reason = _uninterrupted(scenario, seed)
    journal, rows = Journal(), []
    c = build_campaign(scenario, seed, journal)
    TABLE.place(c)
    at = TABLE.run(c, make_session(scenario, series=rows),
                   until=lambda m: m.state is phase and m.ledger.score_no == 2)
    assert at is phase and c.journal.events[-1] == {**c.journal.events[-1], "event": "phase", "to": phase.value}
    shared = {id(x): x for x in (c.content, c.scenario, c.options, *c.agents.values())}
    saved = copy.deepcopy(c, shared)
    saved_rows = copy.deepcopy(rows)
    del c, rows
    session = make_session(scenario, series=saved_rows)
    while saved.state is not Phase.ENDED:  # step by step to the end
        TABLE.step(saved, session)
    assert list(saved.journal.lines()) == whole and saved_rows == whole_rows and saved.turn.end == reason
