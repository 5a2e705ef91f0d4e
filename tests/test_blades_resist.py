"""Resistance and armor (BITD.RESIST, BITD.ARMOR) on hand-built states."""

import pytest

from blades_score_kit import QUIET_GM, QUIET_PLAYER, ScriptedRng, events, make_campaign, script, scoundrel, u_for_faces
from sim.blades.score.resist import reduce_effect, resist_attribute, resist_complication, resist_harm


def setup(faces_list=(), pc=None, gm=None, player=None, **options):
    rng = ScriptedRng([u_for_faces(*f) for f in faces_list])
    c = make_campaign([pc or scoundrel(prowl=2, finesse=1, survey=1, sway=1)], rng=rng, **options)
    script(c, "pc1", **{**QUIET_PLAYER, **(player or {})})
    script(c, "gm", **{**QUIET_GM, **(gm or {})})
    return c, c.pcs[0]


@pytest.mark.parametrize("mode,landed", [("reduce", 2), ("avoid", 0)])
def test_BITD_RESIST_1_resistance_always_works_reduce_or_avoid(mode, landed):
    c, pc = setup([(1, 1)], player={"resist": True}, resist_mode=mode)
    assert resist_harm(c, pc, 3, "stealth", "harm") == landed  # even the worst roll works
    assert events(c, "resistance")[0]["stress"] == 5


def test_BITD_RESIST_1_reduced_complication_loses_a_step():
    assert reduce_effect({"heat": 2, "tick_clock": {"clock": "alarm", "ticks": 3}}) == {
        "heat": 1, "tick_clock": {"clock": "alarm", "ticks": 2}}
    assert reduce_effect({"heat": 1, "lose_opportunity": True, "position": "worse"}) == {}
    assert reduce_effect({"status": {"faction": "target", "delta": -2}}) == {"status": {"faction": "target", "delta": -1}}
    c, pc = setup([(6, 1)], player={"resist": True}, resist_mode="reduce")
    assert resist_complication(c, pc, {"heat": 2}, "serious", "stealth", "complication") == {"heat": 1}


def test_BITD_RESIST_2_attribute_by_the_nature_of_the_consequence():
    assert resist_attribute("harm", "stealth") == "prowess"
    assert resist_attribute("harm", "occult") == "resolve"
    assert resist_attribute("complication", "stealth", {"heat": 1}) == "insight"
    assert resist_attribute("complication", "social", {"stress": 1}) == "resolve"
    c, pc = setup([(6, 1)], player={"resist": True})
    resist_harm(c, pc, 2, "stealth", "harm")
    e = events(c, "resistance")[0]
    assert (e["attribute"], e["rating"], e["dice"]) == ("prowess", 2, 2)


@pytest.mark.parametrize("faces,cost", [((1, 1), 5), ((2, 3), 3), ((5, 4), 1), ((6, 2), 0), ((6, 6), -1)])
def test_BITD_RESIST_3_stress_is_six_minus_the_highest_die(faces, cost):
    c, pc = setup([faces], player={"resist": True})
    pc.stress = 3
    resist_harm(c, pc, 2, "stealth", "harm")
    e = events(c, "resistance")[0]
    assert e["faces"] == list(faces) and e["stress"] == cost and pc.stress == 3 + cost


def test_BITD_RESIST_3_zero_rating_reads_the_lower_of_two_dice():
    c, pc = setup([(6, 3)], pc=scoundrel(study=1), player={"resist": True})
    resist_harm(c, pc, 2, "stealth", "harm")
    e = events(c, "resistance")[0]
    assert e["rating"] == 0 and e["faces"] == [6, 3] and e["stress"] == 3


def test_BITD_RESIST_4_commit_before_the_roll():
    c, pc = setup([(4, 1)])
    seen_at = []
    script(c, "pc1", **{**QUIET_PLAYER, "resist": lambda d: seen_at.append(len(events(c, "resistance"))) or True})
    resist_harm(c, pc, 2, "stealth", "harm")
    assert seen_at == [0] and len(events(c, "resistance")) == 1  # decided with no roll made
    decision = [d for d in c.agents["pc1"].seen if d.kind == "resist"][0]
    assert not {"faces", "result", "die"} & set(decision.context)


def test_BITD_RESIST_5_one_roll_per_consequence():
    c, pc = setup([(3, 1), (3, 1)], player={"resist": True, "armor": True, "armor_first": False})
    pc.armor.update(armor=True, heavy=True)
    assert resist_harm(c, pc, 3, "stealth", "harm") == 0  # roll 3 -> 2, then armor -> 1, heavy -> 0
    assert len(events(c, "resistance")) == 1 and len(events(c, "armor")) == 2


def test_BITD_RESIST_6_gm_choice_follows_the_gm_policy():
    from sim.agents.base import make_agent

    for gm, landed in (("gentle", 0), ("standard", 1)):
        c, pc = setup([(6, 1)], player={"resist": True})
        c.seats.sit("gm", make_agent("gm", gm))
        assert c.options["resist_mode"] == "gm_choice"
        assert resist_harm(c, pc, 2, "stealth", "harm") == landed


def test_BITD_RESIST_fatal_harm_is_always_resisted_by_policy():
    from sim.agents.base import make_agent

    c, pc = setup([(6, 1)])
    c.seats.sit("pc1", make_agent("players", "reckless"))  # resists only harm 3+, and only below 5 stress
    pc.stress = 7
    pc.harm[3].append("impaled")
    assert resist_harm(c, pc, 3, "stealth", "harm") == 2  # would be fatal: resisted even so
    assert len(events(c, "resistance")) == 1


def test_BITD_ARMOR_1_armor_reduces_then_heavy_reduces_again():
    c, pc = setup(player={"armor": True})
    pc.armor.update(armor=True, heavy=True)
    assert resist_harm(c, pc, 2, "assault", "harm") == 0
    assert [(e["box"], e["before"], e["after"]) for e in events(c, "armor")] == [("armor", 2, 1), ("heavy", 1, 0)]
    assert pc.armor == {"armor": False, "heavy": False, "special": False}


def test_BITD_ARMOR_1_armor_avoids_when_the_gm_says_avoid():
    c, pc = setup(player={"armor": True}, resist_mode="avoid")
    pc.armor["armor"] = True
    assert resist_harm(c, pc, 3, "assault", "harm") == 0 and len(events(c, "armor")) == 1


def test_BITD_ARMOR_2_marked_armor_stays_marked_until_load_is_chosen():
    from sim.blades.score.engagement import choose_load

    c, pc = setup(player={"armor": True, "load": "normal"})
    pc.armor["armor"] = True
    resist_harm(c, pc, 2, "assault", "harm")
    assert not pc.armor["armor"]
    assert resist_harm(c, pc, 2, "assault", "harm") == 2  # nothing left to mark
    choose_load(c, pc, "assault")
    assert pc.armor["armor"] and events(c, "load")[0]["armor"] is True


def test_BITD_ARMOR_3_roll_and_armor_both_apply_by_default():
    c, pc = setup([(6, 1)], player={"resist": True, "armor": True, "armor_first": True})
    pc.armor["armor"] = True
    assert resist_harm(c, pc, 3, "assault", "harm") == 1
    assert len(events(c, "armor")) == 1 and len(events(c, "resistance")) == 1


def test_BITD_ARMOR_3_armor_excludes_the_roll_when_the_option_says_so():
    c, pc = setup([(6, 1)], player={"resist": True, "armor": True, "armor_first": True}, armor_excludes_roll=True)
    pc.armor["armor"] = True
    assert resist_harm(c, pc, 3, "assault", "harm") == 2
    assert len(events(c, "armor")) == 1 and not events(c, "resistance")


@pytest.mark.parametrize("load,armor,heavy,opts", [
    ("light", True, False, {}), ("normal", True, False, {}), ("heavy", True, True, {}),
    ("light", False, False, {"armor_load": 3}), ("normal", True, True, {"heavy_armor_load": 2}),
])
def test_BITD_ARMOR_4_armor_load_costs_decide_what_a_load_carries(load, armor, heavy, opts):
    from sim.blades.score.engagement import choose_load

    c, pc = setup(player={"load": load}, **opts)
    choose_load(c, pc, "assault")
    assert (pc.armor["armor"], pc.armor["heavy"]) == (armor, heavy)
