"""Rules applications that keep the default campaign playing like Blades: harm that counts only when
relevant (BITD.HARM.4), scale in a fight (BITD.EFFECT.2, BITD.FACTION.2), hurt scoundrels staying
behind, hostile targets left alone, and the same summary with or without a journal."""

import pytest

from blades_score_kit import events, make_campaign, scoundrel
from sim.blades.score.action import ScoreContext, gang_scale, gm_effect
from sim.blades.score.harm_penalties import harm_penalty, harm_relevant, penalties
from sim.blades.score.engagement import target_weight
from sim.blades.score.score import sit_out


def test_BITD_HARM_4_harm_counts_only_for_actions_of_the_attribute_it_strained():
    assert harm_relevant("stealth standard harm", "prowl")  # physical harm slows a prowl
    assert not harm_relevant("stealth standard harm", "sway")  # ... not a lie
    assert harm_relevant("occult serious harm", "sway") and not harm_relevant("occult serious harm", "skirmish")
    assert harm_relevant("beaten by the watch", "sway")  # harm of unknown nature always counts


def test_BITD_HARM_4_penalties_by_action_and_the_always_option():
    pc = scoundrel()
    pc.harm[1].append("social minor harm")
    pc.harm[2].append("assault standard harm")
    assert harm_penalty(pc) == (1, 1, False)  # no action: every row
    assert harm_penalty(pc, action="skirmish") == (1, 0, False)
    assert harm_penalty(pc, action="sway") == (0, 1, False)
    assert harm_penalty(pc, action="study") == (0, 0, False)
    pc.harm[3].append("deception serious harm")
    assert harm_penalty(pc, action="study")[2]  # level 3 always means help or a push
    assert penalties(make_campaign(harm_relevance="always"), pc, "study") == (1, 1, True)
    assert penalties(make_campaign(), pc, "study") == (0, 0, True)


@pytest.mark.parametrize("people,scale", [(1, 0), (2, 0), (3, 1), (6, 1), (7, 2), (12, 2), (20, 3), (500, 6)])
def test_BITD_FACTION_2_gang_scale_by_number(people, scale):
    assert gang_scale(people) == scale


def test_BITD_EFFECT_2_the_crew_fighting_together_counts_its_scale():
    c = make_campaign()
    ctx = ScoreContext("assault", "bluecoats", 1, 0)
    assert gm_effect(c, ctx, "skirmish") == "zero"  # lower quality, one against a small gang
    assert gm_effect(c, ctx, "skirmish", side_scale=1) == "limited"  # the crew of four is a small gang too
    assert gm_effect(c, ScoreContext("stealth", "bluecoats", 1, 0), "prowl", side_scale=0) == "limited"


def test_badly_hurt_scoundrels_sit_the_score_out_but_two_always_go():
    pcs = [scoundrel(f"pc{i}", "careful") for i in range(1, 5)]
    c = make_campaign(pcs)
    pcs[0].harm[3].append("stealth serious harm")
    pcs[1].harm[3].append("stealth serious harm")
    pcs[2].harm[3].append("stealth serious harm")
    staying = sit_out(c)
    assert len(staying) == 2 and [pc.id for pc in c.pcs if not pc.taken_out] == ["pc3", "pc4"]
    assert [e["pc"] for e in events(c, "sit_out")] == staying


def test_reckless_scoundrels_never_sit_out():
    pcs = [scoundrel(f"pc{i}", "reckless") for i in range(1, 5)]
    c = make_campaign(pcs)
    pcs[0].harm[3].append("stealth serious harm")
    assert sit_out(c) == [] and not pcs[0].taken_out


def test_hostile_factions_keep_a_share_of_their_weight():
    entry = {"tier": 0, "weight": 4}
    assert target_weight(entry, 0, -2, 0.1) == pytest.approx(0.04)
    assert target_weight(entry, 0, -1, 0.1) == pytest.approx(0.4)
    assert target_weight(entry, 0, -1, 1) == target_weight(entry, 0, 0, 0.1) == 4
    assert target_weight(entry, 0, 2, 0.1) == 4 / 16


def test_same_seed_same_summary_with_and_without_a_journal():
    from sim.blades import run_campaign
    from sim.content import load_scenario
    from sim.journal import Journal

    scenario = load_scenario("scenarios/starter.yaml")
    for seed in (1, 7):
        kept = Journal()
        with_journal = run_campaign(scenario, seed, journal=kept)
        without = run_campaign(scenario, seed)
        assert with_journal == without and kept.events
        # ``events`` counts what happened; the kept journal also records each choice (issue 10 decision events)
        assert with_journal["events"] == sum(1 for e in kept.events if e["event"] != "decision")
        assert any(e["event"] == "decision" for e in kept.events)


def test_BITD_GATHER_1_nobody_left_to_ask_finds_nothing():
    from blades_score_kit import TARGETS
    from sim.blades.score.engagement import gather_information

    c = make_campaign([scoundrel("pc1", "careful")])
    c.pcs[0].status = "dead"
    assert gather_information(c, TARGETS[0], "stealth") is False


def test_BITD_BARGAIN_1_the_same_bargain_is_not_offered_twice_in_a_score():
    from blades_score_kit import QUIET_GM, QUIET_PLAYER, ScriptedRng, script, tally_ctx, u_for_faces
    from sim.blades.score.action import solo_action

    c = make_campaign([scoundrel("pc1", prowl=2)], rng=ScriptedRng([u_for_faces(6, 6)] * 4))
    script(c, "pc1", **{**QUIET_PLAYER, "accept_bargain": True})
    script(c, "gm", **{**QUIET_GM, "offer_bargain": "witness"})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert [e["id"] for e in events(c, "bargain")] == ["witness"] and tally.bargains == ["witness"]
    assert [e["bonus"]["bargain"] for e in events(c, "action_roll")] == [1, 0]


def test_BITD_FACTION_6_a_failed_score_that_stayed_calm_hurts_nobody():
    from blades_score_kit import QUIET_GM, script
    from test_blades_score import plan, quiet_campaign
    from sim.blades.score.score import play_score

    c = quiet_campaign([(5, 1)] * 20)  # partial successes at zero effect: noticed, but no alarm and nobody killed
    script(c, "gm", **{**QUIET_GM, "effect": "zero", "consequence": "reduced_effect"})
    result = play_score(c, plan((("Wall", 2),)))
    assert result.abandoned and not result.quiet and events(c, "consequence")
    assert result.factions_hurt == ()


def test_BITD_SCORE_7_careful_crews_walk_away_when_nobody_fit_is_left():
    from sim.agents.base import Decision, make_agent

    context = dict(worst_harm=0, mean_stress=1, alarm=False, progress=0.25)
    for policy, fittest, leaves in (("careful", 3, True), ("careful", 2, False), ("reckless", 3, False)):
        agent = make_agent("players", policy)
        d = Decision("abandon", "pc1", (False, True), dict(context, fittest=fittest))
        assert agent.choose(d, None) is leaves
