"""Fate scenes at their edges: bad input, safety stops, carried consequences, default seats."""

import pytest

from sim.errors import IllegalMove, UsageError
from sim.fate import (
    ContestSide, Scene, Task, Threat, fate_agent, make_character, play_challenge, play_conflict, play_contest, seats_for,
)
from sim.fate.scenes.actions import outcome_of
from sim.fate.characters.aspects import SITUATION, Aspect
from sim.fate.scenes.challenge import assign_tasks
from sim.fate.characters.character import Absorb, absorb, spend_fate_point, take_consequence
from sim.fate.characters.recovery import pass_time, treat, treatment_difficulty
from sim.rng import make_rng


@pytest.mark.parametrize("call,message", [
    (lambda: outcome_of("dance", 1), "unknown Fate action"),
    (lambda: fate_agent("players", "timid"), "unknown Fate players policy"),
    (lambda: fate_agent("crowd", "careful"), "unknown role"),
    (lambda: Aspect("x", "mood"), "unknown aspect kind"),
    (lambda: make_character("x", {}).track("spiritual"), "unknown stress track"),
    (lambda: make_character("x", {}, kind="boss"), "unknown character kind"),
    (lambda: make_character("x", {"Fight": 9}), "must be -4..8"),
    (lambda: treatment_difficulty("fatal"), "unknown consequence severity"),
    (lambda: pass_time(make_character("x", {}), "year"), "unknown span"),
])
def test_bad_input_is_a_usage_error(call, message):
    with pytest.raises(UsageError, match=message):
        call()


def test_illegal_moves_on_characters():
    c = make_character("x", {}, fate_points=0)
    with pytest.raises(IllegalMove, match="no fate points"):
        spend_fate_point(c)
    c = take_consequence(c, "mild", "Bruised")
    with pytest.raises(IllegalMove, match="already filled"):
        take_consequence(c, "mild", "Again")
    with pytest.raises(IllegalMove, match="no consequence slot"):
        take_consequence(c, "extreme", "Gone")
    with pytest.raises(IllegalMove, match="no consequence in slot"):
        treat(make_rng(1), c, c, "severe")


def test_scene_registers_carried_consequences_and_set_aspects():
    ana = absorb(make_character("ana", {"Fight": 2}), "physical", Absorb(0, ("moderate",)), {"moderate": "Cracked Rib"})
    bo = make_character("bo", {"Fight": 2}, kind="major")
    sc = Scene(make_rng(1), [ana, bo], {"ana": "pcs", "bo": "npcs"}, aspects=[Aspect("Pouring Rain", SITUATION)])
    assert sc.aspects["Cracked Rib"].kind == "consequence" and sc.aspects["Cracked Rib"].owner == "ana"
    assert "Pouring Rain" in sc.aspects
    assert sc.gm_points == 1  # FATE.FP.5: one per PC
    assert set(sc.seats.agents) == {"gm", "ana"}  # default seats
    # bo may pay to invoke ana's consequence (hostile) and the rain; ana may not invoke her own wound
    p = sc.start_roll("bo", "Fight", "attack", target="ana")
    assert {o[1] for o in sc.invoke_options(p) if o[0] == "paid"} == {"Cracked Rib", "Pouring Rain"}
    q = sc.start_roll("ana", "Fight", "attack", target="bo")
    assert {o[1] for o in sc.invoke_options(q) if o[0] == "paid"} == {"Pouring Rain"}


def test_scene_without_a_seat_for_a_pc_is_a_usage_error():
    ana = make_character("ana", {"Fight": 2})
    bo = make_character("bo", {"Fight": 2}, kind="major")
    sc = Scene(make_rng(1), [ana, bo], {"ana": "pcs", "bo": "npcs"}, seats={"gm": fate_agent("gm", "standard")})
    with pytest.raises(UsageError, match="no agent sits in seat 'ana'"):
        play_conflict(sc, opener="ana")


def test_conflict_safety_stop_and_bad_opener():
    wall = make_character("wall", {"Athletics": 8, "Fight": 0, "Physique": 5}, kind="major")
    ana = make_character("ana", {"Fight": 0, "Athletics": 8, "Physique": 5})
    sc = Scene(make_rng(2), [ana, wall], {"ana": "pcs", "wall": "npcs"}, seats=seats_for(["ana"], "reckless", "gritty"))
    r = play_conflict(sc, max_exchanges=2)
    assert r.reason == "stalled" and r.winner is None and r.exchanges == 2
    assert sc.journal.events[-2]["event"] == "conflict_end" and sc.journal.events[-2]["reason"] == "stalled"
    sc = Scene(make_rng(2), [ana, wall], {"ana": "pcs", "wall": "npcs"})
    with pytest.raises(UsageError, match="opener"):
        play_conflict(sc, opener="zed")


def test_contest_safety_stop():
    a = make_character("a", {"Athletics": 2})
    b = make_character("b", {"Athletics": 2})
    sc = Scene(make_rng(1), [a, b], {"a": "A", "b": "B"})
    r = play_contest(sc, [ContestSide("A", ("a",), "Athletics"), ContestSide("B", ("b",), "Athletics")],
                     victories=9, max_exchanges=2)
    assert r.reason == "stalled" and r.winner is None and r.exchanges == 2


def test_FATE_CONTEST_4_a_threat_can_take_a_whole_side_out():
    mooks = [make_character(f"m{i}", {"Athletics": 0}, kind="minor", minor_stress=0) for i in range(2)]
    sc = Scene(make_rng(4), mooks, {"m0": "mooks", "m1": "mooks"})
    r = play_contest(sc, [ContestSide("mooks", ("m0", "m1"), "Athletics")], threat=Threat("Avalanche", 6))
    assert r.winner == "Avalanche" and r.reason in ("last_side", "victories")
    if r.reason == "last_side":
        assert set(sc.out) == {"m0", "m1"}
    with pytest.raises(UsageError, match="no members"):
        play_contest(sc, [ContestSide("empty", (), "Athletics")], threat=Threat("Avalanche", 6))
    with pytest.raises(UsageError, match="stress track"):
        play_contest(sc, [ContestSide("mooks", ("m0",), "Athletics")], threat=Threat("Avalanche", 6, "social"))


def test_FATE_CONTEST_4_threat_wipeout_ends_before_the_next_exchange():
    found = False
    for seed in range(30):
        mooks = [make_character(f"m{i}", {"Athletics": 0}, kind="minor", minor_stress=0) for i in range(2)]
        sc = Scene(make_rng(seed), mooks, {"m0": "mooks", "m1": "mooks"})
        r = play_contest(sc, [ContestSide("mooks", ("m0", "m1"), "Athletics")], threat=Threat("Avalanche", 6),
                         victories=9)
        if r.reason == "last_side":
            found = True
            assert r.winner == "Avalanche" and set(sc.out) == {"m0", "m1"}
            assert sc.journal.events[-1]["event"] == "contest_end"
    assert found


def test_FATE_CHALLENGE_2_more_tasks_than_characters_go_round_again():
    ana = make_character("ana", {"Burglary": 3, "Athletics": 1})
    bo = make_character("bo", {"Athletics": 3})
    sc = Scene(make_rng(1), [ana, bo], {"ana": "pcs", "bo": "pcs"})
    tasks = [Task("lock", "Burglary", 2), Task("wall", "Athletics", 2), Task("vault", "Burglary", 4)]
    assert [r for _, r, _ in assign_tasks(sc, ("ana", "bo"), tasks)] == ["ana", "bo", "ana"]
    r = play_challenge(sc, tasks)
    assert len(r.tasks) == 3
    with pytest.raises(UsageError, match="at least one character"):
        assign_tasks(sc, (), tasks)


def test_consequence_names_stay_unique_in_a_scene():
    twins = [make_character(i, {}, name="Twin") for i in ("a", "b")]
    sc = Scene(make_rng(1), twins, {"a": "pcs", "b": "pcs"})
    sc.take_hit("a", "physical", 5, by=None)
    sc.take_hit("b", "physical", 5, by=None)
    names = [e["aspect"] for e in sc.journal.events if e["event"] == "fate_consequence"]
    assert names == ["Bruised (Twin)", "Bruised (Twin)'"]


def test_fate_policies_carry_the_same_traits_per_role():
    from sim.agents.base import load_policies
    from sim.fate.agents import FATE_POLICIES, PLAYER_TRAITS
    for role, table in FATE_POLICIES.items():
        keys = {frozenset(traits) for traits in table.values()}
        assert len(keys) == 1 and set(PLAYER_TRAITS) <= set(next(iter(keys)))
        # named like Blades policies, so a scoundrel's policy finds its Fate traits (others fall back to careful/standard)
        assert set(table) <= set(load_policies()[role])
