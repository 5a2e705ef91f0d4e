"""Teamwork (BITD.TEAM) on hand-built states."""

from blades_score_kit import (
    QUIET_GM, QUIET_PLAYER, ScriptedRng, events, make_campaign, script, scoundrel, tally_ctx, u_for_faces,
)
from sim.blades.score.action import group_action, setup_action, solo_action
from sim.blades.score.consequences import inflict
from sim.blades.score.teamwork import best_result, leader_stress


def crew(faces_list, n=3, **options):
    pcs = [scoundrel(f"pc{i}", prowl=2 - (i > 1), survey=1, finesse=1) for i in range(1, n + 1)]
    c = make_campaign(pcs, rng=ScriptedRng([u_for_faces(*f) for f in faces_list]), **options)
    for pc in pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **QUIET_GM)
    return c


def test_BITD_TEAM_1_assist_gives_a_die_for_one_stress_and_only_one_helps():
    c = crew([(1, 2, 6)])
    for pc in c.pcs[1:]:
        script(c, pc.id, **{**QUIET_PLAYER, "assist": True})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["bonus"]["assist"] == 1 and roll["dice"] == 3
    assert [(e["pc"], e["target"]) for e in events(c, "assist")] == [("pc2", "pc1")]
    assert (c.pcs[1].stress, c.pcs[2].stress) == (1, 0)


def test_BITD_TEAM_1_policy_does_not_assist_at_controlled_or_near_trauma():
    from sim.agents.base import make_agent

    c = crew([(6,), (6, 6)], n=2)
    c.seats.sit("pc2", make_agent("players", "bold"))
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "controlled", "standard")
    c.pcs[1].stress = 8
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert not events(c, "assist")


def test_BITD_TEAM_2_best_result_counts_and_leader_takes_stress_per_failure():
    c = crew([(1, 2), (6,), (3,)])
    tally, ctx = tally_ctx()
    out = group_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert out.result == "success" and out.ticks == 2 and out.pc == "pc1"
    res = events(c, "group_result")[0]
    assert res["results"] == ["failure", "success", "failure"] and res["leader_stress"] == 2
    assert c.pcs[0].stress == 2 and [e["leader"] for e in events(c, "action_roll")] == ["pc1"] * 3


def test_BITD_TEAM_2_leader_own_failure_counts_only_by_option():
    assert leader_stress(["failure", "success"], "failure", counts_self=True) == 2
    assert leader_stress(["failure", "success"], "failure", counts_self=False) == 1
    assert best_result(["partial", "failure", "critical"]) == "critical"
    c = crew([(1, 2), (6,), (3,)], group_leader_counts_self=False)
    tally, ctx = tally_ctx()
    group_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert c.pcs[0].stress == 1


def test_BITD_TEAM_2_consequence_falls_on_the_worst_roller_and_desperate_marks_xp_for_all():
    c = crew([(5, 4), (4,), (2,)])
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    tally, ctx = tally_ctx()
    out = group_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    assert out.result == "partial"
    assert events(c, "harm")[0]["pc"] == "pc3"
    assert sorted(e["pc"] for e in events(c, "xp")) == ["pc1", "pc2", "pc3"]


def test_BITD_TEAM_3_protect_takes_the_harm_meant_for_a_teammate():
    c = crew([], n=2)
    c.pcs[0].harm[2].append("cut")
    script(c, "pc2", **{**QUIET_PLAYER, "protect": True})
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    tally, ctx = tally_ctx()
    inflict(c, tally, c.pcs[0], "risky", "partial", plan="stealth", target_faction="bluecoats")
    assert events(c, "protect")[0] == {**events(c, "protect")[0], "pc": "pc2", "protected": "pc1", "level": 2}
    assert events(c, "harm")[0]["pc"] == "pc2" and len(c.pcs[0].harm[2]) == 1


def test_BITD_TEAM_3_protector_may_resist_normally():
    c = crew([(6, 1)], n=2)
    script(c, "pc2", **{**QUIET_PLAYER, "protect": True, "resist": True})
    script(c, "gm", **{**QUIET_GM, "consequence": "harm", "resist_mode": "avoid"})
    tally, ctx = tally_ctx()
    inflict(c, tally, c.pcs[0], "risky", "partial", plan="stealth", target_faction="bluecoats")
    assert events(c, "resistance")[0]["pc"] == "pc2" and not events(c, "harm")


def test_BITD_TEAM_4_successful_setup_gives_the_follow_up_its_benefit():
    c = crew([(6,)], n=2)
    tally, ctx = tally_ctx()
    script(c, "pc2", **{**QUIET_PLAYER, "setup_benefit": "effect"})
    assert setup_action(c, tally, ctx, c.pcs[1], "survey", "risky", "standard", "risky") == "effect"
    assert events(c, "setup")[0]["benefit"] == "effect" and events(c, "action_roll")[0]["kind"] == "setup"
    assert setup_action(c, tally, ctx, c.pcs[1], "survey", "risky", "standard", "controlled") == "effect"
    offered = [d for d in c.agents["pc2"].seen if d.kind == "setup_benefit"][-1].options
    assert offered == ("effect",)  # a controlled follow-up cannot improve its position


def test_BITD_TEAM_4_failed_setup_gives_nothing_and_setup_ticks_no_obstacle():
    from sim.blades.score.outcomes import ScorePlan
    from sim.blades.score.score import play_score

    c = crew([(2,), (6, 6)], n=2)
    c.pcs[0].actions = {"survey": 1}
    c.pcs[1].actions["prowl"] = 2
    script(c, "pc1", **{**QUIET_PLAYER, "approach": "setup", "action": "prowl", "spotlight": "pc1"})
    script(c, "gm", **{**QUIET_GM, "complication": "patrol"})
    plan = ScorePlan("vault", "bluecoats", 0, "burglary", "stealth", "", 2, "quiet", (("Door", 3),))
    play_score(c, plan)
    setup = events(c, "setup")[0]
    assert setup["pc"] == "pc1" and setup["benefit"] is None
    ticks = [e for e in events(c, "clock") if e["kind"] == "obstacle"]
    assert ticks[0]["reason"] == "pc2 prowl" and ticks[0]["ticks"] == 3  # the follow-up's critical, no setup bonus
    assert [e["pc"] for e in events(c, "action_roll")] == ["pc1", "pc2"]
