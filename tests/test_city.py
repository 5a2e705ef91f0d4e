"""The city: status between factions, wars between factions, faction agents and their moves
(BITD.FACTION.5-8, BITD.DOWNTIME.NPC.1-2, BITD.FORTUNE.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blades_downtime_kit import ScriptedRng, events, make_campaign, u_for_faces
from sim.agents.base import Agent
from sim.blades.city import city as c
from sim.blades.city import factions as fx
from sim.blades.crew.state import Faction
from sim.clocks import Clock

ENEMY, ALLY = "enemy", "ally"


class Fixed(Agent):
    """A faction seat that always makes the move it is told (kind, then target or goal kind)."""

    name = "fixed"

    def __init__(self, kind: str, pick: str = ""):
        self.kind, self.pick = kind, pick

    def choose(self, d, rng):
        if d.kind == "faction_move":
            return self.kind
        return self.pick if self.pick in d.options else d.options[0]


def city(factions, relations=(), rolls=(), options=None, seats=None, **crew):
    """A hand-built city: ``factions`` with ``relations`` seeded +2/-2, dice forced by ``rolls`` (faces)."""
    rng = ScriptedRng([u_for_faces(*f) for f in rolls]) if rolls else None
    camp = make_campaign(rng=rng, factions=factions, options=options, **crew)
    camp.city = c.seeded_city([f.id for f in factions], relations, 2, -2)  # set up by hand, as tests may
    for f in factions:
        camp.seats.sit(fx.seat_of(f.id), (seats or {}).get(f.id) or fx.faction_agent(camp.content, "cautious"))
    return camp


def goal(fid, size=4, kind="expand", target=""):
    return Clock(f"{fid}_{kind}", size, "faction", owner=fid), {f"{fid}_{kind}": {"kind": kind, "target": target}}


def faction(fid, tier=2, hold="strong", clocks=(), status=0):
    built = [goal(fid, *spec) if isinstance(spec, tuple) else goal(fid, spec) for spec in clocks]
    return Faction(fid, fid.title(), tier, hold, status, [k for k, _ in built],
                   {k: v for _, g in built for k, v in g.items()})


# ------------------------------------------------------------------ statuses


def test_BITD_FACTION_8_seeding_maps_allies_and_enemies_own_relation_first_then_mirrored():
    relations = [("a", "b", ENEMY), ("b", "a", ALLY), ("a", "c", ALLY), ("d", "a", ENEMY)]
    seeded = c.seed_statuses(relations, 2, -2)
    assert seeded == {("a", "b"): -2, ("b", "a"): 2, ("a", "c"): 2, ("c", "a"): 2, ("d", "a"): -2, ("a", "d"): -2}
    assert c.seed_statuses(relations, 3, 0) == {("a", "c"): 3, ("b", "a"): 3, ("c", "a"): 3}  # 0: no edge
    graph = c.seeded_city("abcd", relations, 2, -3)
    assert c.war_pairs(graph) == [("a", "b"), ("a", "d")] and graph.graph["wars"] == {("a", "b"), ("a", "d")}
    assert c.CREW in graph and c.status(graph, "b", "c") == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-4, 4), max_size=12))
def test_BITD_FACTION_5_status_between_factions_stays_in_bounds_and_journals_its_arithmetic(deltas):
    camp = city([faction("a"), faction("b")])
    for d in deltas:
        before = c.status(camp.city, "a", "b")
        made = camp.change_faction_status("a", "b", d, "test")
        after = c.status(camp.city, "a", "b")
        assert after == max(-3, min(3, before + d)) and made == after - before
        e = events(camp, "faction_status")[-1]
        assert (e["faction"], e["other"], e["before"], e["delta"], e["after"], e["reason"]) == (
            "a", "b", before, after - before, after, "test")
        assert c.status(camp.city, "b", "a") == 0  # the other direction is its own number
        assert (("a", "b") in camp.city.graph["wars"]) == (after == -3)
    started = sum(1 for e in events(camp, "faction_war") if e["state"] == "started")
    ended = sum(1 for e in events(camp, "faction_war") if e["state"] == "ended")
    assert started - ended == (1 if c.status(camp.city, "a", "b") == -3 else 0)
    assert camp.counters.get("faction_wars_started", 0) == started


def test_BITD_FACTION_7_a_war_between_factions_starts_at_minus_3_and_ends_by_a_negotiated_status():
    camp = city([faction("a"), faction("b")], [("a", "b", ENEMY)])
    camp.change_faction_status("b", "a", -1, "raid")
    assert [(e["faction"], e["other"], e["state"]) for e in events(camp, "faction_war")] == [("a", "b", "started")]
    assert c.at_war_with(camp.city, "a") == ["b"] and c.at_war_with(camp.city, "b") == ["a"]
    camp.change_faction_status("a", "b", 1, "talks")  # a at -1, b still at -3: still at war
    assert len(events(camp, "faction_war")) == 1
    camp.change_faction_status("b", "a", 1, "talks")
    assert events(camp, "faction_war")[-1]["state"] == "ended" and not camp.city.graph["wars"]


def test_BITD_FACTION_7_a_faction_at_war_makes_one_move_fewer():
    a, b, q = faction("a", clocks=[8]), faction("b", clocks=[8]), faction("q", clocks=[8])
    camp = city([a, b, q], [("a", "b", ENEMY)], seats={f: Fixed("advance_goal") for f in "abq"})
    fx.downtime(camp)
    assert [e["faction"] for e in events(camp, "faction_move")] == ["a", "a", "b", "b", "q", "q"]
    camp.change_faction_status("a", "b", -1, "raid")
    camp.journal.events.clear()
    fx.downtime(camp)
    assert [e["faction"] for e in events(camp, "faction_move")] == ["a", "b", "q", "q"]


def test_BITD_FACTION_7_an_enemy_brought_to_tier_0_at_war_is_destroyed_and_the_war_ends():
    a, b = faction("a", tier=3), faction("b", tier=1, hold="weak")
    camp = city([a, b], [("a", "b", ENEMY)], rolls=[(6, 6), (1, 1)], seats={"a": Fixed("move_against", "b")})
    camp.change_faction_status("b", "a", -1, "raid")  # at war
    fx.take_move(camp, "a")
    assert (b.tier, b.hold) == (0, "weak")
    assert c.status(camp.city, "a", "b") == c.status(camp.city, "b", "a") == -2
    assert [e["state"] for e in events(camp, "faction_war")] == ["started", "ended"]
    assert events(camp, "faction_status")[-1]["reason"] == "war ended: enemy destroyed"


# ------------------------------------------------------------------ each move


def _move(camp):
    (move,) = events(camp, "faction_move")
    return move


def test_BITD_DOWNTIME_NPC_2_advance_goal_rolls_tier_ticks_and_an_expand_goal_firms_hold():
    a = faction("a", tier=2, hold="weak", clocks=[4])
    camp = city([a], rolls=[(6, 6)], seats={"a": Fixed("advance_goal", "expand")})
    fx.take_move(camp, "a")
    roll = events(camp, "faction_roll")[0]
    assert (roll["dice"], roll["ticks"], roll["clock"]) == (2, 5, "a_expand")
    move = _move(camp)
    assert (move["kind"], move["goal"], move["goal_kind"], move["success"]) == ("advance_goal", "a_expand", "expand", True)
    assert a.hold == "strong" and a.clocks[0].filled == 0
    assert camp.counters["goal_rolls_a"] == 1 and camp.counters["goal_exact_milli_a"] > 1000


def test_BITD_DOWNTIME_NPC_1_a_destroy_goal_moves_against_its_target_and_influence_warms_friends():
    a = faction("a", tier=2, clocks=[(4, "destroy", "b"), (4, "influence")])
    b, f = faction("b", tier=2), faction("f", tier=1)
    camp = city([a, b, f], [("a", "b", ENEMY), ("a", "f", ALLY)], rolls=[(6, 6), (6, 5), (2, 1)],
                seats={"a": Fixed("advance_goal", "destroy")})
    fx.take_move(camp, "a")
    assert b.hold == "weak" and c.status(camp.city, "b", "a") == -3  # hit, and it hurts: war
    assert _move(camp)["enemy"] == "b" and camp.counters["faction_goals_kind_destroy"] == 1
    camp2 = city([faction("a", clocks=[(4, "influence")]), faction("f")], [("a", "f", ALLY)], rolls=[(6, 6)],
                 seats={"a": Fixed("advance_goal", "influence")})
    fx.take_move(camp2, "a")
    assert c.status(camp2.city, "f", "a") == 3


def test_BITD_FACTION_6_seize_takes_a_claim_the_rival_holds_and_costs_2_status():
    a, b = faction("a", tier=2), faction("b", tier=2)
    camp = city([a, b], [("a", "b", ENEMY)], rolls=[(6, 6), (3, 1)], seats={"a": Fixed("seize", "b")})
    camp.ledger.claim_holders.update({"0,0": "b", "0,1": "b"})
    fx.take_move(camp, "a")
    assert camp.ledger.claim_holders["0,0"] == "a" and camp.ledger.claim_holders["0,1"] == "b"
    assert c.status(camp.city, "b", "a") == -3 and _move(camp)["success"] is True
    camp = city([faction("a"), faction("b")], [("a", "b", ENEMY)], rolls=[(3, 1), (6, 2)],
                seats={"a": Fixed("seize", "b")})
    fx.take_move(camp, "a")
    assert _move(camp)["repelled"] is True and c.status(camp.city, "b", "a") == -3  # a failed try still costs 1


def test_BITD_FORTUNE_2_information_gathered_is_plus_1d_on_the_next_opposed_roll_then_spent():
    a, b = faction("a", tier=2), faction("b", tier=2)
    camp = city([a, b], [("a", "b", ENEMY)], rolls=[(5, 1), (6, 6, 1), (2, 1)],
                seats={"a": Fixed("gather_info", "b")})
    fx.take_move(camp, "a")
    assert camp.city["a"]["b"]["intel"] is True and _move(camp)["success"] is True
    camp.seats.sit("faction.a", Fixed("move_against", "b"))
    fx.take_move(camp, "a")
    attack = [e for e in events(camp, "fortune") if e.get("side") == "attacker"][0]
    assert attack["dice"] == 3 and camp.city["a"]["b"]["intel"] is False
    assert [e["after"] for e in events(camp, "faction_intel")] == [True, False]
    assert b.hold == "weak"


def test_BITD_DOWNTIME_NPC_1_a_favour_from_an_ally_ticks_the_callers_goal_and_spends_status():
    a, f = faction("a", clocks=[8]), faction("f", tier=3)
    camp = city([a, f], [("a", "f", ALLY)], rolls=[(6, 1, 1)], seats={"a": Fixed("call_favour", "f")})
    fx.take_move(camp, "a")
    assert a.clocks[0].filled == 3 and c.status(camp.city, "f", "a") == 1
    fortune = events(camp, "fortune")[0]
    assert (fortune["faction"], fortune["dice"], fortune["side"]) == ("f", 3, "ally")
    assert "call_favour" not in fx.offered(camp, "a")  # +1 now: no more favours from it


def test_BITD_FACTION_4_moves_against_an_enemy_and_the_crew_land_only_on_a_better_roll():
    a, b = faction("a", tier=2), faction("b", tier=2, hold="weak")
    camp = city([a, b], [("a", "b", ENEMY)], rolls=[(6, 6), (6, 5)], seats={"a": Fixed("move_against", "b")})
    fx.take_move(camp, "a")
    assert (b.tier, b.hold) == (1, "weak") and _move(camp)["success"] is True
    hostile = faction("h", tier=2, status=-2)
    camp = city([hostile], rolls=[(6, 6), (3, 2)], seats={"h": Fixed("move_against_crew")}, claims=["turf", "vice_den"])
    assert "move_against_crew" in fx.offered(camp, "h")
    fx.take_move(camp, "h")
    assert camp.crew.claims == ["turf"] and events(camp, "claim")[0]["change"] == "lost"
    assert _move(camp)["target"] == c.CREW


def test_BITD_FACTION_3_recover_makes_a_weak_hold_strong_on_4_plus_and_peace_ends_a_war():
    a = faction("a", hold="weak")
    camp = city([a], rolls=[(4, 1)], seats={"a": Fixed("recover")})
    fx.take_move(camp, "a")
    assert a.hold == "strong" and "recover" not in fx.offered(camp, "a")
    a, b = faction("a"), faction("b")
    camp = city([a, b], [("a", "b", ENEMY)], rolls=[(6, 6)], seats={"a": Fixed("seek_peace", "b")})
    camp.change_faction_status("a", "b", -1, "raid")
    assert fx.offered(camp, "a")["seek_peace"] == ("b",)
    fx.take_move(camp, "a")  # a critical: +2 both ways
    assert c.status(camp.city, "a", "b") == -1 and c.status(camp.city, "b", "a") == 0
    assert events(camp, "faction_war")[-1]["state"] == "ended"


def test_BITD_DOWNTIME_NPC_1_policies_weigh_the_moves_on_offer_and_pick_targets_by_trait():
    from sim.agents.base import Decision
    from sim.rng import make_rng

    d = Decision("faction.a", "faction_target", ("b", "c", "d"),
                 {"move": "move_against", "statuses": {"b": -2, "c": -3, "d": -2}, "tiers": {"b": 1, "c": 2, "d": 4},
                  "theirs": {}, "intel": ["d"]})
    assert fx.choose_faction_target({"target": "hated"}, d, make_rng(1)) == "c"
    assert fx.choose_faction_target({"target": "weakest"}, d, make_rng(1)) == "b"
    assert fx.choose_faction_target({"target": "strongest"}, d, make_rng(1)) == "d"
    moves = Decision("faction.a", "faction_move", ("advance_goal", "seek_peace"), {})
    picks = {fx.choose_faction_move({"moves": {"advance_goal": 0, "seek_peace": 1}}, moves, make_rng(i))
             for i in range(20)}
    assert picks == {"seek_peace"}
    goal_d = Decision("faction.a", "faction_goal", ("expand", "destroy"), {})
    assert fx.choose_faction_goal({"goals": ["influence", "destroy", "expand"]}, goal_d, make_rng(1)) == "destroy"


def test_option_faction_turn_fixed_plays_the_old_procedure():
    a = faction("a", clocks=[4], status=-1)
    camp = city([a], rolls=[(6, 6)], options={"faction_turn": "fixed"})
    fx.downtime(camp)
    (move,) = events(camp, "faction_move")
    assert (move["kind"], move["reason"], move["goal"]) == ("advance_goal", "goal achieved", "a_expand")
    assert not events(camp, "decision")
