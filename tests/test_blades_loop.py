"""The campaign machine: phase order, one shared machine, illegal triggers, end conditions (BITD.CORE.6)."""

import pytest

from blades_downtime_kit import events, make_campaign, make_pc, plan, result
from sim.blades import loop
from sim.blades.loop import MACHINE, Phase, Session, fire, play
from sim.errors import IllegalMove

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


def test_one_machine_shared_and_models_removed():
    before = len(MACHINE.models)
    for seed in range(3):
        c = make_campaign()
        play(c, session(1))
        assert c.state is Phase.ENDED
    assert len(MACHINE.models) == before
    assert loop.MACHINE is MACHINE


def test_illegal_trigger_raises_illegal_move():
    c = make_campaign()
    MACHINE.add_model(c, initial=Phase.SETUP)
    try:
        with pytest.raises(IllegalMove, match="cannot pay during setup"):
            fire(c, "pay")
        with pytest.raises(IllegalMove, match="no campaign trigger"):
            fire(c, "teleport")
        fire(c, "begin")
        assert c.state is Phase.FREE_PLAY and events(c, "phase")[-1]["to"] == "free_play"
    finally:
        MACHINE.remove_model(c)


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
        campaign.agents[pc.id] = campaign.agents[gone.id]
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
    from sim.blades.downtime import hand_over

    hand_over(c)  # wanted 1: two scores inside
    assert c.pcs[0].status == "jailed"
    s = session(3)
    assert play(c, s) == "scores"
    assert len(events(c, "lie_low")) == 2 and c.pcs[0].status == "active"
    assert len(events(c, "payoff")) == 1  # the third score is played


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
