"""apply_effect: the content effect vocabulary (BITD.BARGAIN.3, BITD.CONSEQ.1)."""

import pytest

from blades_score_kit import events, make_campaign
from sim.blades.score.effects import ScoreTally, apply_effect
from sim.errors import ContentError


def test_effect_outside_a_score_adds_heat_coin_rep_and_status_now():
    c = make_campaign()
    done = apply_effect(c, {"heat": 2, "coin": 1, "rep": 1, "status": {"faction": "target", "delta": -1}},
                        target_faction="bluecoats", reason="entanglement")
    assert c.crew.heat == 2 and c.crew.coin == 3 and c.crew.rep == 1
    assert c.factions["bluecoats"].status == -1
    assert [e["event"] for e in c.journal.events] == ["coin", "rep", "heat", "status"]
    assert done["status"] == ("bluecoats", -1)


def test_effect_coin_loss_is_paid_as_far_as_the_crew_can():
    c = make_campaign()
    done = apply_effect(c, {"coin": -5}, reason="bargain")
    assert c.crew.coin == 0 and done == {"coin": -2, "coin_short": 3}


def test_effect_inside_a_score_collects_heat_and_marks_the_action():
    c = make_campaign()
    tally = ScoreTally()
    apply_effect(c, {"heat": 1, "effect": -1, "position": "worse", "lose_opportunity": True}, scene=tally, reason="complication")
    assert c.crew.heat == 0 and tally.heat == {"complication": 1}
    assert (tally.pending_effect, tally.pending_worse, tally.pending_lost) == (-1, 1, True)


def test_effect_ticks_a_score_clock_created_from_content():
    c = make_campaign()
    tally = ScoreTally()
    apply_effect(c, {"tick_clock": {"clock": "alarm", "ticks": 3}}, scene=tally, reason="complication")
    apply_effect(c, {"tick_clock": {"clock": "alarm", "ticks": 3}}, scene=tally, reason="complication")
    ticks = events(c, "clock")
    assert [(e["before"], e["after"], e["full"]) for e in ticks] == [(0, 3, False), (3, 4, True)]
    assert "alarm" not in c.clocks and tally.clocks["alarm"].full


def test_effect_stress_harm_need_a_scoundrel_and_use_campaign_methods():
    c = make_campaign()
    pc = c.pcs[0]
    apply_effect(c, {"stress": 2, "harm": 2}, pc=pc, reason="bargain")
    assert pc.stress == 2 and len(pc.harm[2]) == 1
    with pytest.raises(ValueError):
        apply_effect(c, {"stress": 1}, reason="bargain")


def test_effect_wanted_stays_in_range_and_unknown_keys_are_content_errors():
    c = make_campaign()
    apply_effect(c, {"wanted": 1}, reason="x")
    apply_effect(c, {"wanted": -1}, reason="x")
    apply_effect(c, {"wanted": -1}, reason="x")
    assert [e["after"] for e in events(c, "wanted")] == [1, 0, 0]
    with pytest.raises(ContentError):
        apply_effect(c, {"explode": 1}, reason="x")
