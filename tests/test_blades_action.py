"""The action roll procedure (BITD.ACTION, BITD.EFFECT, BITD.CONSEQ, BITD.HARM), on hand-built states.

Dice are forced with a scripted rng (``u_for_faces``); every decision that
would draw from the rng is answered by a :class:`Script` seat, so the rng
only rolls dice.
"""

import pytest

from blades_score_kit import (
    QUIET_GM, QUIET_PLAYER, ScriptedRng, events, make_campaign, script, scoundrel, tally_ctx, u_for_faces,
)
from sim.blades.score.action import effect_factors, fitting_actions, gm_effect, solo_action
from sim.blades.score.harm_penalties import harm_penalty
from sim.blades.score.consequences import consequence_kinds, inflict, severity_for


def quiet(c, **player):
    """Script every seat so that only dice use the rng."""
    for pc in c.pcs:
        script(c, pc.id, **{**QUIET_PLAYER, **player})
    return script(c, "gm", **QUIET_GM)


def campaign_with(faces_list, pcs=None, **options):
    rng = ScriptedRng([u_for_faces(*f) for f in faces_list])
    return make_campaign(pcs, rng=rng, **options)


# --- BITD.ACTION ----------------------------------------------------------------------

def test_BITD_ACTION_1_gathering_is_a_fortune_roll_unless_the_secret_is_an_obstacle():
    from sim.blades.score.engagement import gather_information

    c = make_campaign()
    quiet(c)
    gather_information(c, {"id": "vault", "tier": 1, "faction": "bluecoats"}, "stealth")
    assert len(events(c, "fortune")) == 1 and not events(c, "action_roll")
    gather_information(c, {"id": "vault", "tier": 2, "faction": "bluecoats"}, "stealth")  # crew tier 0 + 2
    rolls = events(c, "action_roll")
    assert len(rolls) == 1 and rolls[0]["kind"] == "gather" and len(events(c, "fortune")) == 1


def test_BITD_ACTION_2_player_chooses_action_then_gm_sets_position_and_effect_then_dice():
    from sim.blades.score.outcomes import ScorePlan
    from sim.blades.score.score import play_score

    c = campaign_with([(6,)] * 4)
    quiet(c)
    order = []
    ask = c.ask  # the score's decisions ask with the context as one dict (Campaign.ask)
    c.ask = lambda seat, kind, options, context: order.append(kind) or ask(seat, kind, options, context)
    emit = c.emit
    c.emit = lambda event, **f: (order.append(event) if event == "action_roll" else None) or emit(event, **f)
    plan = ScorePlan("vault", "bluecoats", 0, "burglary", "stealth", "", 2, "quiet", (("Door", 2),))
    play_score(c, plan)
    first = order[: order.index("action_roll") + 1]
    assert first.index("action") < first.index("position") < first.index("effect") < first.index("action_roll")
    assert first.index("effect") < first.index("offer_bargain") < first.index("action_roll")


def test_BITD_ACTION_3_default_position_risky_and_effect_standard():
    from sim.blades.score.action import ScoreContext
    from sim.blades.score.effects import ScoreTally
    from sim.blades.score.outcomes import ScorePlan
    from sim.blades.score.score import ScoreRun, base_position

    c = make_campaign()
    plan = ScorePlan("vault", "bluecoats", 0, "burglary", "stealth", "", 2, "quiet", (("Door", 4),))
    run = ScoreRun(plan, ScoreContext("stealth", "bluecoats", 0, 0), ScoreTally())
    run.opening = False
    assert base_position(c, run, c.pcs[0]) == "risky"
    assert gm_effect(c, run.ctx, "prowl") == "standard"


def test_BITD_ACTION_4_pool_is_rating_plus_assist_plus_push_or_bargain():
    pcs = [scoundrel("pc1", prowl=2), scoundrel("pc2", prowl=1)]
    c = campaign_with([(1, 2, 3, 4)], pcs)
    quiet(c)
    script(c, "pc1", **{**QUIET_PLAYER, "push": True, "accept_bargain": True})
    script(c, "pc2", **{**QUIET_PLAYER, "assist": True})
    script(c, "gm", **{**QUIET_GM, "offer_bargain": "witness"})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["bonus"] == {"assist": 1, "push": 0, "bargain": 1, "other": 0}  # never push and bargain both
    assert roll["dice"] == 4 and roll["faces"] == [1, 2, 3, 4] and roll["result"] == "partial"
    assert [e["reason"] for e in events(c, "stress")] == ["assist"]  # no push stress


def test_BITD_ACTION_4_push_and_bargain_both_when_the_slot_is_not_shared():
    c = campaign_with([(1, 2, 3, 4)], push_and_bargain_share_slot=False)
    quiet(c)
    script(c, "pc1", **{**QUIET_PLAYER, "push": True, "accept_bargain": True})
    script(c, "gm", **{**QUIET_GM, "offer_bargain": "witness"})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["bonus"]["push"] == 1 and roll["bonus"]["bargain"] == 1 and roll["dice"] == 4


@pytest.mark.parametrize("position,severity,level", [("controlled", "minor", 1), ("risky", "standard", 2),
                                                     ("desperate", "serious", 3)])
def test_BITD_ACTION_5_partial_consequence_by_position(position, severity, level):
    c = campaign_with([(5, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", position, "standard")
    assert out.result == "partial" and out.ticks == 2  # success with a consequence
    con = events(c, "consequence")[0]
    assert (con["severity"], con["level"]) == (severity, level)
    assert events(c, "harm")[0]["requested_level"] == level


def test_BITD_ACTION_5_controlled_failure_only_falters_to_risky():
    assert consequence_kinds("controlled", "failure") == ()
    c = campaign_with([(2, 1)])
    quiet(c)
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "controlled", "standard")
    assert out.result == "failure" and not events(c, "consequence") and out.worse == 1


def test_BITD_ACTION_5_desperate_failure_loses_the_opportunity():
    c = campaign_with([(2, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    assert out.lost_opportunity and events(c, "harm")[0]["requested_level"] == 3
    assert "prowl" not in fitting_actions(c.pcs[0], "stealth", ["prowl"])


@pytest.mark.parametrize("faces,result", [((6, 6), "critical"), ((6, 1), "success")])
def test_BITD_ACTION_5_six_or_critical_has_no_consequence(faces, result):
    c = campaign_with([faces])
    quiet(c)
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    assert out.result == result and out.consequence is None and not events(c, "consequence")
    assert out.ticks == (3 if result == "critical" else 2)  # critical: increased effect


def test_BITD_ACTION_6_failure_has_no_effect():
    c = campaign_with([(3, 3)])
    quiet(c)
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "great")
    assert out.result == "failure" and out.ticks == 0 and out.effect == "zero"


def test_BITD_ACTION_7_only_scoundrels_roll():
    from sim.blades.score.engagement import free_play
    from sim.blades.score.score import play_score
    from sim.rng import make_rng

    c = make_campaign([scoundrel("pc1"), scoundrel("pc2", "careful", skirmish=2, survey=1)], rng=make_rng(11))
    play_score(c, free_play(c))
    rollers = {e["pc"] for e in c.journal.events if e["event"] in ("action_roll", "resistance")}
    assert rollers and rollers <= {"pc1", "pc2"}


def test_BITD_ACTION_8_desperate_roll_marks_attribute_xp():
    c = campaign_with([(4, 4), (4, 4)])
    quiet(c)
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    xp = events(c, "xp")
    assert [(e["pc"], e["track"], e["after"]) for e in xp] == [("pc1", "prowess", 1)]
    assert c.pcs[0].xp["prowess"] == 1 and tally.desperate_rolls == 1 and tally.rolls == 2


def test_zero_dice_pool_rolls_two_and_keeps_the_lowest_faces_journaled():
    c = campaign_with([(6, 2)], [scoundrel("pc1", prowl=0, survey=1)])
    quiet(c)
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["dice"] == 0 and roll["faces"] == [6, 2] and out.result == "failure"
    assert c.dice_rolled == 2


def test_table_sampler_has_no_faces_and_same_contract():
    from sim.rng import make_rng

    c = make_campaign(rng=make_rng(5), dice_sampler="table")
    quiet(c)
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["faces"] == [] and roll["result"] in ("critical", "success", "partial", "failure")
    assert c.dice_rolled == 2


# --- BITD.EFFECT ----------------------------------------------------------------------

@pytest.mark.parametrize("effect,ticks", [("limited", 1), ("standard", 2), ("great", 3)])
def test_BITD_EFFECT_1_ticks_by_effect(effect, ticks):
    c = campaign_with([(6, 1)])
    quiet(c)
    tally, ctx = tally_ctx()
    assert solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", effect).ticks == ticks


def test_BITD_EFFECT_1_zero_and_extreme_ticks_are_options():
    c = campaign_with([(6, 1), (6, 6)], zero_effect_ticks=1, extreme_effect_ticks=5)
    quiet(c)
    tally, ctx = tally_ctx()
    assert solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "zero").ticks == 1
    assert solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "great").ticks == 5  # critical: great -> extreme


def test_BITD_EFFECT_2_quality_scale_and_potency_each_move_one_level():
    assert effect_factors(1, 1) == 0
    assert effect_factors(0, 3) == -1  # a factor is one level, however big the gap
    assert effect_factors(2, 1) == 1
    assert effect_factors(0, 2, battle=True, opposition_scale=2) == -2
    assert effect_factors(0, 2, battle=False, opposition_scale=2) == -1  # scale only counts in a fight
    assert effect_factors(1, 1, potency=1) == 1
    c = make_campaign()
    _, ctx = tally_ctx(target_tier=1, quality=0)
    assert gm_effect(c, ctx, "prowl") == "limited"


def test_BITD_EFFECT_2_gm_policy_shifts_effect():
    _, ctx = tally_ctx()
    assert gm_effect(make_campaign(gm="gritty"), ctx, "prowl") == "limited"
    assert gm_effect(make_campaign(gm="gentle"), ctx, "prowl") == "great"


def test_BITD_EFFECT_3_factors_reach_zero_and_extreme():
    c = make_campaign()
    _, ctx = tally_ctx(plan="assault", target_tier=2, quality=0)
    assert gm_effect(c, ctx, "skirmish") == "zero"
    c.crew.tier = 2
    _, ctx = tally_ctx(plan="assault", target_tier=0, quality=2)
    assert gm_effect(c, ctx, "prowl") == "great"


def test_BITD_EFFECT_4_plus_one_effect_comes_after_factors_and_lifts_zero():
    c = campaign_with([(6, 1)])
    quiet(c)
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "zero", bonus_effect=1)
    assert events(c, "action_roll")[0]["effect"] == "limited" and out.ticks == 1


def test_BITD_EFFECT_4_push_for_effect_costs_two_stress():
    c = campaign_with([(6, 1)])
    quiet(c, push=lambda d: d.context["benefit"] == "effect")
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "limited")
    assert out.effect == "standard" and c.pcs[0].stress == 2


def test_BITD_EFFECT_5_trade_position_for_effect():
    from sim.blades.score.score import trade

    c = make_campaign()
    script(c, "pc1", trade="effect")
    assert trade(c, c.pcs[0], "risky", "limited") == ("desperate", "standard")
    script(c, "pc1", trade="position")
    assert trade(c, c.pcs[0], "desperate", "standard") == ("risky", "limited")
    assert [e["give"] for e in events(c, "trade")] == ["effect", "position"]


def test_BITD_EFFECT_6_position_and_effect_are_set_independently():
    from sim.blades.score.action import ScoreContext
    from sim.blades.score.effects import ScoreTally
    from sim.blades.score.outcomes import ScorePlan
    from sim.blades.score.score import ScoreRun, base_position

    c = make_campaign()
    plan = ScorePlan("vault", "bluecoats", 1, "burglary", "stealth", "", 2, "quiet", (("Door", 4),))
    run = ScoreRun(plan, ScoreContext("stealth", "bluecoats", 1, 0), ScoreTally())
    run.opening = False
    assert (base_position(c, run, c.pcs[0]), gm_effect(c, run.ctx, "prowl")) == ("risky", "limited")
    run.alarm = True
    assert (base_position(c, run, c.pcs[0]), gm_effect(c, run.ctx, "prowl")) == ("desperate", "limited")


# --- BITD.CONSEQ ----------------------------------------------------------------------

def test_BITD_CONSEQ_1_reduced_effect_costs_a_level_on_this_action():
    c = campaign_with([(5, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "reduced_effect"})
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert out.effect == "limited" and out.ticks == 1


def test_BITD_CONSEQ_1_complication_ticks_a_clock_by_severity():
    c = campaign_with([(5, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "complication": "patrol"})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    comp = events(c, "complication")[0]
    assert (comp["id"], comp["severity"]) == ("patrol", "standard")
    assert tally.clocks["alarm"].filled == 2


def test_BITD_CONSEQ_1_the_gm_draws_a_fresh_complication_each_time_in_one_score():
    c = campaign_with([(5, 1), (5, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "complication": lambda d: d.options[0]})
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    first, second = [d.options for d in c.agents["gm"].seen if d.kind == "complication"]
    drawn = [e["id"] for e in events(c, "complication")]
    assert drawn[0] == first[0] and drawn[0] not in second and drawn[1] == second[0]
    assert set(second) == set(first) - {drawn[0]} and tally.complications == drawn
    fresh, _ = tally_ctx()  # a new score may draw it again
    solo_action(c, fresh, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert [d.options for d in c.agents["gm"].seen if d.kind == "complication"][2] == first


def test_BITD_CONSEQ_1_worse_position_carries_to_the_next_try():
    c = campaign_with([(5, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "worse_position"})
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert out.worse == 1 and out.ticks == 2


def test_BITD_CONSEQ_2_partial_success_never_loses_the_opportunity():
    c = campaign_with([(5, 1), (2, 1)])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "complication": lambda d: d.options[-1]})
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    offered = [d for d in c.agents["gm"].seen if d.kind == "complication"][0].options
    assert "cornered" not in offered and not out.lost_opportunity
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    offered = [d for d in c.agents["gm"].seen if d.kind == "complication"][1].options
    assert "cornered" in offered


def test_BITD_CONSEQ_3_each_part_of_a_consequence_is_resisted_separately():
    c = campaign_with([(5, 1), (6, 1), (6, 1)], [scoundrel("pc1", skirmish=2, prowl=1, hunt=1, survey=1)])
    quiet(c, resist=True)
    script(c, "gm", **{**QUIET_GM, "complication": "ambush", "resist_mode": "avoid"})
    tally, ctx = tally_ctx(plan="assault")
    solo_action(c, tally, ctx, c.pcs[0], "skirmish", "risky", "standard")
    assert [e["attribute"] for e in events(c, "resistance")] == ["prowess", "insight"]
    assert not events(c, "harm") and tally.heat == {}


# --- BITD.HARM ------------------------------------------------------------------------

def test_BITD_HARM_1_penalties_by_row():
    pc = scoundrel()
    assert harm_penalty(pc) == (0, 0, False)
    pc.harm[1].append("battered")
    assert harm_penalty(pc) == (0, 1, False)
    pc.harm[2].append("cut")
    assert harm_penalty(pc) == (1, 1, False)
    pc.harm[3].append("broken leg")
    assert harm_penalty(pc) == (1, 1, True)
    assert harm_penalty(pc, independent=False) == (0, 0, True)


def test_BITD_HARM_2_gm_severity_shift_moves_the_harm_level():
    assert severity_for("risky") == "standard"
    assert severity_for("risky", -1) == "minor" and severity_for("desperate", 1) == "serious"
    c = campaign_with([])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "harm", "severity": "minor"})
    tally, ctx = tally_ctx()
    inflict(c, tally, c.pcs[0], "risky", "partial", plan="stealth", target_faction="bluecoats")
    assert events(c, "harm")[0]["requested_level"] == 1


def test_BITD_HARM_3_full_row_escalates_through_the_score():
    c = campaign_with([])
    quiet(c)
    script(c, "gm", **{**QUIET_GM, "consequence": "harm"})
    c.pcs[0].harm[1].extend(["a", "b"])
    tally, ctx = tally_ctx()
    inflict(c, tally, c.pcs[0], "controlled", "partial", plan="stealth", target_faction="bluecoats")
    assert events(c, "harm")[0]["recorded_level"] == 2


def test_BITD_HARM_4_level_two_costs_a_die():
    c = campaign_with([(6, 1)])
    quiet(c)
    c.pcs[0].harm[2].append("cut")
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    roll = events(c, "action_roll")[0]
    assert roll["penalty"] == 1 and roll["dice"] == 1 and roll["rating"] == 2


def test_BITD_HARM_4_level_one_reduces_effect():
    c = campaign_with([(6, 1)])
    quiet(c)
    c.pcs[0].harm[1].append("battered")
    tally, ctx = tally_ctx()
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert out.effect == "limited" and out.ticks == 1


def test_BITD_HARM_4_level_three_needs_help_or_a_push():
    c = campaign_with([(6, 1)])
    quiet(c)
    c.pcs[0].harm[3].append("broken leg")
    tally, ctx = tally_ctx()
    assert solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard") is None
    assert events(c, "cannot_act")[0]["pc"] == "pc1" and not events(c, "action_roll")
    script(c, "pc1", **{**QUIET_PLAYER, "push": lambda d: d.context["benefit"] == "act"})
    out = solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
    assert out.result == "success" and c.pcs[0].stress == 2
    assert events(c, "action_roll")[0]["bonus"]["push"] == 0  # pushing to act buys no die


def test_BITD_ACTION_8_a_full_attribute_track_advances_at_once():
    c = campaign_with([(4, 4)])
    quiet(c)
    script(c, "pc1", **{**QUIET_PLAYER, "action_dot": "wreck"})
    c.pcs[0].xp["prowess"] = 5
    tally, ctx = tally_ctx()
    solo_action(c, tally, ctx, c.pcs[0], "prowl", "desperate", "standard")
    assert c.pcs[0].xp["prowess"] == 0 and c.pcs[0].actions["wreck"] == 1
    assert events(c, "advance")[0]["track"] == "prowess"


def test_BITD_PUSH_policy_pushes_for_a_die_only_on_a_small_pool():
    from sim.agents.base import make_agent

    for rating, pushed in ((3, False), (1, True)):
        c = campaign_with([(6, 1, 1)[: rating + pushed]], [scoundrel("pc1", prowl=rating)])
        quiet(c)
        c.seats.sit("pc1", make_agent("players", "bold"))  # pushes at risky while stress <= 5
        script(c, "pc1", accept_bargain=False, trade="none")
        tally, ctx = tally_ctx()
        solo_action(c, tally, ctx, c.pcs[0], "prowl", "risky", "standard")
        assert events(c, "action_roll")[0]["bonus"]["push"] == int(pushed)
