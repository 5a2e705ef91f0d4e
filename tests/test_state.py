"""Campaign state invariants: harm escalation, heat roll-over, stress and trauma."""

from hypothesis import given, strategies as st

from sim.agents.base import make_agent
from sim.blades.crew.state import (
    Campaign, Crew, Scoundrel, attribute_rating, escalated_harm_level, roll_heat,
)
from sim.clocks import Clock
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import make_rng


def make_campaign(**option_overrides):
    pcs = [Scoundrel(id="pc1", name="Ada", playbook="cutter", policy="bold", actions={"skirmish": 2, "prowl": 1})]
    agents = {"pc1": make_agent("players", "bold"), "gm": make_agent("gm", "standard")}
    return Campaign(rng=make_rng(1), options=RuleOptions(option_overrides), content=None, crew=Crew("Crows", "shadows"),
                    pcs=pcs, factions=[], agents=agents, journal=Journal())


def test_BITD_ATTR_2_attribute_counts_actions_with_dots():
    assert attribute_rating({"prowl": 1, "skirmish": 2}, "prowess") == 2
    assert attribute_rating({"prowl": 1, "skirmish": 2}, "insight") == 0


def test_BITD_HARM_3_full_row_escalates():
    assert escalated_harm_level({1: ["a", "b"], 2: [], 3: []}, 1) == 2
    assert escalated_harm_level({1: ["a", "b"], 2: ["c", "d"], 3: []}, 1) == 3
    assert escalated_harm_level({1: [], 2: [], 3: ["x"]}, 3) == 4
    assert escalated_harm_level({1: [], 2: [], 3: []}, 4) == 4
    assert escalated_harm_level({1: [], 2: [], 3: []}, 0) == 0


def test_BITD_DOWNTIME_HEAT_3_roll_over_example():
    assert roll_heat(7, 0, 4) == (2, 1)  # RULES.md: 7 + 4 -> wanted +1, heat 2
    assert roll_heat(8, 4, 3, "cap") == (8, 4)  # BITD.DOWNTIME.HEAT.4 default
    assert roll_heat(8, 4, 3, "discard") == (2, 4)


@given(st.integers(0, 8), st.integers(0, 4), st.integers(0, 40))
def test_heat_roll_over_invariants(heat, wanted, added):
    new_heat, new_wanted = roll_heat(heat, wanted, added)
    assert 0 <= new_heat <= 8 and wanted <= new_wanted <= 4
    if new_wanted < 4:  # nothing lost below the wanted cap
        assert new_wanted * 9 + new_heat == wanted * 9 + heat + added


def test_BITD_STRESS_3_last_box_gives_trauma_and_clears_stress():
    c = make_campaign()
    pc = c.pcs[0]
    assert c.add_stress(pc, 7) is False
    assert c.add_stress(pc, 5) is True  # 7 + 5 reaches 9: overflow discarded
    events = [e["event"] for e in c.journal.events]
    assert events == ["stress", "stress", "decision", "trauma", "stress"]  # the player chose the condition
    assert c.journal.events[1]["after"] == 9 and c.journal.events[3]["after"] == 1
    chosen = c.journal.events[2]
    assert (chosen["seat"], chosen["kind"], len(chosen["options"])) == ("pc1", "trauma_condition", 8)
    assert c.journal.events[3]["condition"] == chosen["choice"]
    assert pc.stress == 0 and pc.taken_out and len(pc.trauma) == 1


def test_BITD_STRESS_6_fourth_trauma_retires():
    c = make_campaign()
    pc = c.pcs[0]
    for _ in range(4):
        c.add_stress(pc, 9)
    assert pc.status == "retired" and len(set(pc.trauma)) == 4


@given(st.lists(st.integers(-9, 9), max_size=30))
def test_stress_stays_in_range(deltas):
    c = make_campaign()
    pc = c.pcs[0]
    for d in deltas:
        c.add_stress(pc, d)
        assert 0 <= pc.stress <= pc.stress_max
        assert len(pc.trauma) <= pc.trauma_max


def test_BITD_HARM_3_second_level_three_is_fatal_by_default():
    c = make_campaign()
    pc = c.pcs[0]
    assert c.take_harm(pc, 3, "broken leg") == 3
    assert c.take_harm(pc, 3, "shot") == 4
    assert pc.status == "dead"
    harm = [e for e in c.journal.events if e["event"] == "harm"]
    assert harm[1]["rows_before"] == {"1": 0, "2": 0, "3": 1}


def test_BITD_HARM_3_catastrophic_option_maims():
    c = make_campaign(overflow_harm="catastrophic")
    pc = c.pcs[0]
    c.take_harm(pc, 3)
    c.take_harm(pc, 3)
    assert pc.status == "retired"


def test_BITD_DOWNTIME_RECOVER_3_new_harm_clears_healing_clock():
    c = make_campaign()
    pc = c.pcs[0]
    pc.healing.tick(2)
    c.take_harm(pc, 1)
    assert pc.healing.filled == 0


def test_BITD_CREW_REP_1_rep_capped_by_turf():
    c = make_campaign()
    c.crew.turf = 2
    assert c.add_rep(15, "score") == 10


def test_clock_ticks_clamp_and_overflow():
    clock = Clock("alert", 4)
    assert clock.tick(3) == 0 and clock.tick(3) == 2 and clock.full
    tug = Clock("riot", 6, "tug_of_war")
    tug.tick(2)
    tug.tick(-5)
    assert tug.filled == 0


def test_a_copied_clock_has_the_same_fields_and_ticks_on_its_own():
    """Clock.__copy__ (how a campaign copies each faction's goal clocks) is copy.copy's answer without the round trip."""
    import copy
    from dataclasses import asdict

    clock = Clock("expand", 8, "faction", 3, owner="bluecoats", unlocks="next", rival="other")
    twin = copy.copy(clock)
    assert type(twin) is Clock and twin is not clock and asdict(twin) == asdict(clock)
    twin.tick(2)
    assert (clock.filled, twin.filled) == (3, 5)


    class Marked(Clock):
        pass

    assert type(copy.copy(Marked("alert", 4))) is Marked
