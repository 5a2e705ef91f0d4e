"""Zones, movement, reach and popcorn turn order (FATE.SCENE.1-3, FATE.SCENE.5-6)."""

import pytest

from sim.errors import IllegalMove, UsageError
from sim.fate import Scene, ZoneMap, make_character, play_conflict, seats_for
from sim.fate.scenes.turns import next_actor_choices, picker_seat
from sim.options import RuleOptions
from sim.rng import make_rng


def _map():
    # hall - yard - roof (impeded by a wall, Fair), yard - cellar (no line of sight: a floor)
    return ZoneMap(["hall", "yard", "roof", "cellar"],
                   [("hall", "yard"), ("yard", "roof", {"impeded": 2}), ("yard", "cellar", {"sight": False})])


def test_FATE_SCENE_1_same_zone_interacts_others_need_reach():
    z = _map()
    assert z.in_reach("hall", "hall", ranged=False)
    assert not z.in_reach("hall", "yard", ranged=False)


def test_FATE_SCENE_2_free_move_only_to_adjacent_unimpeded_zones():
    z = _map()
    assert z.adjacent("hall", "yard") and not z.adjacent("hall", "roof")
    assert z.free_move_ok("hall", "yard")
    assert not z.free_move_ok("hall", "roof")  # not adjacent
    assert not z.free_move_ok("yard", "roof") and z.impeded("yard", "roof") == 2  # takes an overcome
    with pytest.raises(IllegalMove):
        z.impeded("hall", "roof")
    assert z.step_toward("hall", "roof") == "yard" and z.step_toward("hall", "hall") is None


def test_FATE_SCENE_3_ranged_reach_needs_line_of_sight():
    z = _map()
    assert z.in_reach("hall", "roof", ranged=True)  # two zones away, clear sight
    assert not z.in_reach("hall", "cellar", ranged=True)  # around a floor
    assert z.distance("hall", "cellar") == 2


def test_zone_map_rejects_bad_input():
    with pytest.raises(UsageError, match="unknown zone"):
        ZoneMap(["a"], [("a", "b")])
    with pytest.raises(UsageError, match="border itself"):
        ZoneMap(["a"], [("a", "a")])
    with pytest.raises(UsageError):
        ZoneMap([])
    with pytest.raises(UsageError, match="unknown zone"):
        _map().check("moon")


def test_FATE_SCENE_2_movement_in_a_conflict_is_one_adjacent_zone_per_turn():
    ana = make_character("ana", {"Fight": 3, "Athletics": 2})
    bo = make_character("bo", {"Fight": 2}, kind="major")
    for seed in range(20):
        sc = Scene(make_rng(seed), [ana, bo], {"ana": "pcs", "bo": "npcs"}, seats=seats_for(["ana"]),
                   positions={"ana": "hall", "bo": "cellar"})
        play_conflict(sc, zones=_map(), opener="ana")
        turn_of, moves = None, {}
        for e in sc.journal.events:
            if e["event"] == "turn":
                turn_of = e
                moves = 0
            if e["event"] == "move":
                assert e["actor"] == turn_of["actor"]
                assert _map().adjacent(e["frm"], e["to"])
                moves += 1
                assert moves == 1 or not e["free"]  # the free move, and at most one more by the action
                if e["free"]:
                    assert _map().free_move_ok(e["frm"], e["to"])


def test_FATE_SCENE_6_popcorn_choices_within_an_exchange():
    active = ("ana", "bo", "cy")
    assert next_actor_choices(active, ["ana"], "ana") == (("bo", "cy"), False)
    assert next_actor_choices(active, ["ana", "cy"], "cy") == (("bo",), False)


def test_FATE_SCENE_6_last_actor_opens_next_exchange_self_pick_option():
    active = ("ana", "bo", "cy")
    assert next_actor_choices(active, list(active), "cy", self_pick=True) == (active, True)
    assert next_actor_choices(active, list(active), "cy", self_pick=False) == (("ana", "bo"), True)
    assert next_actor_choices(("ana",), ["ana"], "ana", self_pick=False) == (("ana",), True)
    with pytest.raises(IllegalMove):
        next_actor_choices((), [], None)


def test_FATE_SCENE_6_gm_picks_after_an_npc():
    assert picker_seat("bo", is_npc=True) == "gm" and picker_seat("ana", is_npc=False) == "ana"


def _exchanges(events):
    out, cur = [], None
    for e in events:
        if e["event"] == "exchange":
            cur = []
            out.append(cur)
        elif e["event"] == "turn":
            cur.append(e["actor"])
    return out


def _duel(seed, self_pick):
    ana = make_character("ana", {"Fight": 2, "Physique": 3, "Will": 3})
    cy = make_character("cy", {"Shoot": 2, "Physique": 3, "Will": 3})
    bo = make_character("bo", {"Fight": 2, "Physique": 3}, kind="major")
    sc = Scene(make_rng(seed), [ana, cy, bo], {"ana": "pcs", "cy": "pcs", "bo": "npcs"},
               seats=seats_for(["ana", "cy"], "reckless", "gritty"),
               options=RuleOptions({"fate_popcorn_self_pick": self_pick}))
    play_conflict(sc, opener="ana")
    return sc.journal.events


@pytest.mark.parametrize("self_pick", [True, False])
def test_FATE_SCENE_6_everyone_acts_once_per_exchange(self_pick):
    for seed in range(10):
        events = _duel(seed, self_pick)
        ex = _exchanges(events)
        assert ex[0][0] == "ana"
        for turns in ex:
            assert len(turns) == len(set(turns))  # nobody acts twice in an exchange
        for prev, nxt in zip(ex, ex[1:]):
            if len(prev) == 3 and nxt and not self_pick:
                assert nxt[0] != prev[-1]  # without the option the last actor can't open the next exchange


def test_FATE_SCENE_6_self_pick_lets_the_last_pc_go_again():
    seen = any(prev[-1] == nxt[0] for seed in range(10)
               for prev, nxt in zip(_exchanges(_duel(seed, True)), _exchanges(_duel(seed, True))[1:])
               if len(prev) == 3 and nxt)
    assert seen  # the scripted PCs take the double turn the option allows
