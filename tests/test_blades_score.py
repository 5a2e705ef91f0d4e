"""The score: challenge scenes over obstacle clocks (BITD.SCORE.5-7, BITD.FLASH, BITD.CLOCK.4-5),
the scene registry, and what the score hands to downtime."""

import json

import pytest

from blades_score_kit import (
    QUIET_GM, QUIET_PLAYER, ScriptedRng, events, make_campaign, script, scoundrel, u_for_faces,
)
from sim.blades.score.engagement import free_play
from sim.blades.score.outcomes import ScorePlan
from sim.blades.score.score import SCENE_KINDS, SceneSpec, play_score, scene_kind, scenes_for
from sim.journal import dumps
from sim.rng import make_rng


def plan(obstacles=(("Door", 2),), engagement="partial", position="risky", tier=0, kind="burglary", exposure="quiet",
         loads=None):
    return ScorePlan("vault", "bluecoats", tier, kind, "stealth", "a window", 4, exposure, tuple(obstacles),
                     loads=loads or {}, engagement=engagement, start_position=position)


def quiet_campaign(faces_list, pcs=None, **options):
    c = make_campaign(pcs, rng=ScriptedRng([u_for_faces(*f) for f in faces_list]), **options)
    for pc in c.pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **QUIET_GM)
    return c


def test_BITD_SCORE_5_critical_engagement_skips_the_first_obstacle():
    c = quiet_campaign([(6, 1)])
    result = play_score(c, plan((("Gate", 4), ("Safe", 2)), engagement="critical", position="controlled"))
    first = events(c, "clock")[0]
    assert (first["id"], first["after"], first["reason"]) == ("Gate", 4, "engagement critical")
    rolls = events(c, "action_roll")
    assert len(rolls) == 1 and rolls[0]["position"] == "controlled" and result.success


def test_BITD_SCORE_5_engagement_position_holds_only_for_the_opening_action():
    c = quiet_campaign([(6, 1), (6, 1)])
    play_score(c, plan((("Door", 4),), engagement="failure", position="desperate"))
    assert [e["position"] for e in events(c, "action_roll")] == ["desperate", "risky"]


def test_BITD_SCORE_7_abandoning_pays_nothing_but_heat_still_comes():
    c = quiet_campaign([(4, 1)])
    script(c, "pc1", **{**QUIET_PLAYER, "abandon": True})
    script(c, "gm", **{**QUIET_GM, "complication": "evidence"})
    result = play_score(c, plan((("Door", 8),)))
    assert result.abandoned and not result.success and result.coin == 0
    assert result.heat_modifiers == {"complication": 1} and not result.quiet
    assert events(c, "abandon")[0]["reason"] == "policy" and events(c, "score_end")[0]["abandoned"] is True


def test_BITD_SCORE_7_the_crew_votes_to_abandon():
    c = quiet_campaign([(4, 1)] * 3, [scoundrel("pc1"), scoundrel("pc2"), scoundrel("pc3")])
    # evidence first; a complication is not drawn twice in one score (BITD.CONSEQ.1), so then another
    script(c, "gm", **{**QUIET_GM, "complication": lambda d: "evidence" if "evidence" in d.options else d.options[0]})
    script(c, "pc1", **{**QUIET_PLAYER, "abandon": True, "spotlight": "pc1"})
    result = play_score(c, plan((("Door", 8),)))
    assert not result.abandoned  # one of three wants out
    c = quiet_campaign([(4, 1)], [scoundrel("pc1"), scoundrel("pc2"), scoundrel("pc3")])
    script(c, "gm", **{**QUIET_GM, "complication": "evidence"})
    for pc in ("pc1", "pc2"):
        script(c, pc, **{**QUIET_PLAYER, "abandon": True})
    assert play_score(c, plan((("Door", 8),))).abandoned
    assert events(c, "abandon")[0]["votes"] == ["pc1", "pc2"]


def test_BITD_SCORE_7_policy_abandons_after_serious_harm_on_this_score():
    from sim.agents.base import make_agent

    c = quiet_campaign([(4, 1)])
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    c.agents["pc1"].answers.pop("abandon")
    c.agents["pc1"].fallback = make_agent("players", "careful")  # abandon_on_harm: 3
    result = play_score(c, plan((("Door", 8),), position="desperate"))
    assert result.abandoned and events(c, "abandon")[0]["worst_harm"] == 3


def test_BITD_SCORE_7_careful_crews_carry_on_after_ordinary_harm():
    from sim.agents.base import make_agent

    c = quiet_campaign([(4, 1)])
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    c.agents["pc1"].answers.pop("abandon")
    c.agents["pc1"].fallback = make_agent("players", "careful")
    play_score(c, plan((("Door", 8),), position="risky"))
    assert events(c, "harm") and not [e for e in events(c, "abandon") if e["reason"] == "policy"]


def test_a_stalled_obstacle_is_abandoned():
    c = quiet_campaign([(6, 1)] * 20)
    script(c, "gm", **{**QUIET_GM, "effect": "zero"})
    result = play_score(c, plan((("Wall", 2),)))
    assert result.abandoned and events(c, "abandon")[0]["reason"] == "stalled"
    assert len(events(c, "action_roll")) == 6  # 3 beats per segment


def test_BITD_FLASH_1_flashback_costs_stress_and_improves_a_desperate_position():
    c = quiet_campaign([(5,), (6, 1)])
    script(c, "pc1", **{**QUIET_PLAYER, "flashback": True})
    play_score(c, plan((("Door", 6),), engagement="failure", position="desperate"))
    fb = events(c, "flashback")[0]
    assert (fb["cost"], fb["result"], fb["improved"]) == (1, "partial", True)
    assert events(c, "fortune")[0]["purpose"] == "flashback" and c.pcs[0].stress == 1
    assert events(c, "action_roll")[0]["position"] == "risky"


@pytest.mark.parametrize("size,tier,cost", [(4, 0, 0), (6, 0, 1), (8, 3, 2), (4, 3, 1)])
def test_BITD_FLASH_2_cost_by_how_elaborate_the_preparation_is(size, tier, cost):
    c = quiet_campaign([(1,), (6, 6)])
    script(c, "pc1", **{**QUIET_PLAYER, "flashback": True})
    c.agents["gm"].answers["position"] = "desperate"
    play_score(c, plan((("Door", size),), tier=tier, engagement="failure", position="desperate"))
    assert events(c, "flashback")[0]["cost"] == cost


def test_BITD_FLASH_3_a_downtime_flashback_may_cost_coin_instead_of_stress():
    c = quiet_campaign([(6,), (6, 1), (6, 1), (6, 1)])
    script(c, "pc1", **{**QUIET_PLAYER, "flashback": True, "flashback_payment": "coin"})
    play_score(c, plan((("Door", 6),), engagement="failure", position="desperate"))
    assert events(c, "flashback")[0]["paid"] == "coin" and c.crew.coin == 1 and c.pcs[0].stress == 0


def test_BITD_FLASH_4_a_flashback_never_undoes_what_happened():
    c = quiet_campaign([(2, 1), (6,), (6, 6), (6, 6)])
    script(c, "gm", **{**QUIET_GM, "consequence": "harm", "position": lambda d: d.context["suggested"]})
    script(c, "pc1", **{**QUIET_PLAYER, "flashback": True})
    play_score(c, plan((("Door", 6),), position="risky"))
    names = [e["event"] for e in c.journal.events]
    at = names.index("flashback")
    assert "harm" in names[:at] and c.pcs[0].harm[2]  # harm taken before the flashback stands
    assert "healed" not in names and all(e["ticks"] >= 0 for e in events(c, "clock"))


def test_BITD_RESIST_7_a_dominant_foe_demands_resistance_before_a_desperate_action():
    c = quiet_campaign([(5,), (6, 1)], [scoundrel("pc1", skirmish=2, prowl=1)])
    assault = ScorePlan("fort", "bluecoats", 3, "battle", "assault", "", 4, "quiet", (("Wall", 2),),
                        engagement="failure", start_position="desperate")
    play_score(c, assault)
    names = [e["event"] for e in c.journal.events]
    assert names.index("preemptive") < names.index("resistance") < names.index("action_roll")
    first = events(c, "resistance")[0]
    assert (first["reason"], first["attribute"], first["stress"]) == ("preemptive", "prowess", 1)
    assert events(c, "stress")[0]["reason"] == "resistance" and events(c, "stress")[0]["after"] == 1
    c = quiet_campaign([(6, 1)], [scoundrel("pc1", skirmish=2, prowl=1)])
    play_score(c, ScorePlan("fort", "bluecoats", 2, "battle", "assault", "", 4, "quiet", (("Wall", 2),),
                            engagement="failure", start_position="desperate"))
    assert not events(c, "preemptive")  # two Tiers up is not dominant


def test_BITD_CLOCK_4_a_full_danger_clock_raises_the_alarm():
    c = quiet_campaign([(4, 1), (4, 1), (6, 1)])
    script(c, "gm", **{**QUIET_GM, "complication": lambda d: "alarm_raised" if "alarm_raised" in d.options else "patrol"})
    result = play_score(c, plan((("Door", 6),), position="desperate", exposure="standard"))
    assert events(c, "danger")[0]["happens"] == "alarm"
    positions = [e["position"] for e in events(c, "action_roll")]
    assert positions == ["desperate", "risky", "desperate"]  # opening, then risky, then risky + alarm
    assert result.exposure == "high" and result.success


def test_BITD_CLOCK_4_a_full_mission_clock_closes_the_window():
    from blades_score_kit import TinyContent

    content = TinyContent(**{"blades/clocks": {"score_clocks": [{"id": "alarm", "size": 2, "kind": "mission"}]}})
    c = make_campaign(rng=ScriptedRng([u_for_faces(4, 1)]), content=content)
    script(c, "pc1", **QUIET_PLAYER)
    script(c, "gm", **{**QUIET_GM, "complication": "patrol"})
    result = play_score(c, plan((("Door", 6),)))
    assert not result.success and not result.abandoned and events(c, "score_end")[0]["reason"] == "window closed"


def test_BITD_CLOCK_5_obstacles_are_layers_worked_in_order():
    c = quiet_campaign([(6, 1)] * 3)
    result = play_score(c, plan((("Gate", 2), ("Hall", 2), ("Safe", 2))))
    assert [e["id"] for e in events(c, "clock")] == ["Gate", "Hall", "Safe"] and result.success
    assert events(c, "scene")[0] == {**events(c, "scene")[0], "kind": "challenge",
                                      "obstacles": [["Gate", 2], ["Hall", 2], ["Safe", 2]]}


def test_a_scoundrel_taken_out_by_trauma_leaves_the_score():
    c = quiet_campaign([(4, 1), (1,), (6,)], [scoundrel("pc1", prowl=2), scoundrel("pc2", prowl=1)])
    c.pcs[0].stress = 8
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    script(c, "pc1", **{**QUIET_PLAYER, "resist": True})
    result = play_score(c, plan((("Door", 4),)))
    assert c.pcs[0].taken_out and len(c.pcs[0].trauma) == 1
    assert [e["pc"] for e in events(c, "action_roll")] == ["pc1", "pc2"] and result.success


def test_nobody_left_ends_the_score():
    c = quiet_campaign([(4, 1), (1,)], [scoundrel("pc1", prowl=2)])
    c.pcs[0].stress = 8
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    script(c, "pc1", **{**QUIET_PLAYER, "resist": True})
    result = play_score(c, plan((("Door", 6),)))
    assert not result.success and not result.abandoned and events(c, "abandon")[0]["reason"] == "nobody left"


def test_score_result_for_downtime():
    c = quiet_campaign([(6, 1)])
    result = play_score(c, plan((("Door", 2),), kind="murder"))
    assert result.success and result.coin == 4 and result.killing and result.quiet
    assert result.factions_hurt == ("bluecoats",) and result.factions_helped == ("lampblacks",)
    assert (result.rolls, result.desperate_rolls) == (1, 0)


def test_scene_registry_plays_each_scene_by_kind():
    from sim.blades.score.score import SCENE_PLANNERS, scene_planner

    assert scenes_for(plan()) == (SceneSpec("challenge", (("Door", 2),)),)
    assert "challenge" in SCENE_KINDS
    with pytest.raises(ValueError):
        scene_kind("challenge")(lambda campaign, run, spec: "cleared")
    played = []

    @scene_kind("test_only_scene")
    def fake(campaign, run, spec):
        played.append(spec.obstacles)
        if not spec.obstacles:
            run.queue.append(SceneSpec("test_only_scene", (("queued", 1),)))
        return "cleared"

    @scene_planner
    def layout(campaign, p):
        return (SceneSpec("test_only_scene", ()), SceneSpec("challenge", p.obstacles))

    try:
        c = quiet_campaign([(6, 1)])
        assert play_score(c, plan()).success and played == [(), (("queued", 1),)]
        assert [e["kind"] for e in events(c, "scene")] == ["challenge"]
    finally:
        SCENE_KINDS.pop("test_only_scene")
        SCENE_PLANNERS.remove(layout)
    with pytest.raises(ValueError):
        SCENE_PLANNERS.append(lambda campaign, p: (SceneSpec("nobody_plays_this", ()),))
        try:
            play_score(quiet_campaign([]), plan())
        finally:
            SCENE_PLANNERS.pop()


def test_same_seed_same_journal_bytes():
    def run(seed):
        c = make_campaign([scoundrel("pc1"), scoundrel("pc2", "careful", skirmish=2, survey=1)], rng=make_rng(seed))
        for _ in range(2):
            play_score(c, free_play(c))
        return "\n".join(dumps(e) for e in c.journal.events), c.dice_rolled

    assert run(7) == run(7) and run(7) != run(8)


CONTRACT = {
    "action_roll": {"pc", "action", "rating", "bonus", "penalty", "dice", "faces", "result", "position", "effect"},
    "resistance": {"pc", "attribute", "rating", "dice", "faces", "stress"},
    "engagement": {"dice", "faces", "result", "position"},
    "fortune": {"purpose", "dice", "faces", "result"},
}


def test_journal_events_carry_the_contract_fields():
    seen = set()
    for seed in range(12):
        c = make_campaign([scoundrel("pc1"), scoundrel("pc2", "careful", skirmish=2, survey=1)], rng=make_rng(seed))
        play_score(c, free_play(c))
        for e in c.journal.events:
            if e["event"] in CONTRACT:
                assert CONTRACT[e["event"]] <= set(e), e
                seen.add(e["event"])
            if e["event"] == "action_roll":
                assert set(e["bonus"]) == {"assist", "push", "bargain", "other"}
                assert len(e["faces"]) == max(e["dice"], 2) if e["dice"] <= 0 else len(e["faces"]) == e["dice"]
        json.loads(dumps(c.journal.events[-1]))
    assert seen == set(CONTRACT)


def test_a_consequence_means_somebody_noticed_so_the_score_is_not_quiet():
    c = quiet_campaign([(4, 1)])
    script(c, "gm", **{**QUIET_GM, "consequence": "reduced_effect"})
    result = play_score(c, plan((("Door", 1),)))
    assert result.success and not result.quiet and result.exposure == "quiet"
