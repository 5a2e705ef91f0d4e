"""Issue 17: what a prepared scenario builds once for all its campaigns (sim.blades.campaign.Prepared: the factions'
openings, the seeded city, the seats, the summary's keys) is shared read-only: campaigns played from one prepared
scenario, in either order, give the rows and journals that fresh preparations give; the shared parts come out of a
campaign unchanged; the city made from the plan is the graph the ``add_edge`` calls made; and a stream made by
``make_rng`` is ``random.Random``'s own (BITD.CREW.CREATE.1, BITD.FACTION.8)."""

from __future__ import annotations

import gc
import random
from dataclasses import replace
from pathlib import Path

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.blades.city import city as c
from sim.blades.campaign import prepare, run_campaign
from sim.blades.scenario import load as load_scenario
from sim.rng import derive_seed, make_rng, stream

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=80, deadline=None)
@given(st.integers(-(2**80), 2**80))
def test_make_rng_is_random_Random_of_the_same_seed(seed):
    made, plain = make_rng(seed), random.Random(seed)
    assert type(made) is random.Random and made.getstate() == plain.getstate()
    assert [made.random() for _ in range(3)] == [plain.random() for _ in range(3)]
    assert made.gauss(0, 1) == plain.gauss(0, 1) and made.getrandbits(63) == plain.getrandbits(63)


def test_stream_is_seeded_from_derive_seed_as_before():
    assert stream(12345, "dice").getstate() == random.Random(derive_seed(12345, 0, "dice")).getstate()


def _by_add_edge(faction_ids, relations, ally, enemy) -> nx.DiGraph:
    """The seeded city as it was built before the plan: empty_city, then add_edge per seeded status."""
    graph = c.empty_city(faction_ids)
    for (a, b), n in c.seed_statuses(relations, ally, enemy).items():
        if a in graph and b in graph:
            graph.add_edge(a, b, status=n, intel=False)
    graph.graph["wars"] = set(c.war_pairs(graph))
    graph.graph["views"] = {}
    return graph


def _shape(graph: nx.DiGraph) -> tuple:
    return (list(graph.nodes(data=True)), list(graph.edges(data=True)),
            [(n, list(graph.pred[n].items())) for n in graph], dict(graph.graph))


def test_BITD_FACTION_8_the_city_made_from_its_plan_is_the_graph_add_edge_built():
    relations = [("a", "b", "enemy"), ("b", "a", "ally"), ("a", "c", "ally"), ("d", "a", "enemy"), ("a", "x", "ally")]
    for ally, enemy in ((2, -2), (2, -3), (3, 0)):
        made = c.seeded_city("dcba", relations, ally, enemy)
        assert _shape(made) == _shape(_by_add_edge("dcba", relations, ally, enemy))
    for name in ("starter", "faction_balance"):
        scenario = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
        p = prepare(scenario)
        opts = scenario.options
        made = c.new_city(p.city)
        assert _shape(made) == _shape(_by_add_edge(scenario.factions, p.edges, opts["faction_ally_status"],
                                                   opts["faction_enemy_status"]))
        made.add_edge("crew", "x")  # each campaign's graph is its own
        assert "x" not in c.new_city(p.city)


def _play(scenario, seed):
    events: list = []
    series: list = []
    row = run_campaign(scenario, seed, journal=events, series=series, scores=3)
    return row, [(k, type(v)) for k, v in row.items()], events, series


def _openings(p) -> list:
    return [(fid, tier, status, [(k.id, k.size, k.filled, k.owner) for k in clocks], {g: dict(v) for g, v in goals.items()})
            for fid, _, tier, _, status, clocks, goals in p.openings]


def test_BITD_CREW_CREATE_1_campaigns_of_one_prepared_scenario_match_fresh_preparations_in_either_order():
    scenario = load_scenario(ROOT / "scenarios" / "starter.yaml")
    seeds = (7, 1234567)
    fresh = {s: _play(replace(scenario), s) for s in seeds}  # replace(): a new object, prepared anew
    shared = replace(scenario)
    before = _openings(prepare(shared))
    for order in (seeds, seeds[::-1]):
        for s in order:
            assert _play(shared, s) == fresh[s]
    assert _openings(prepare(shared)) == before  # no campaign changed the shared openings
    assert len(c.new_city(prepare(shared).city).graph["wars"]) == len(prepare(shared).city.wars)


def test_BITD_STRESS_3_the_summary_counts_equal_the_journal_events_they_count():
    """The counts the summary reads from the change methods' counters re-derive from a kept journal."""
    for name, seeds in (("starter", (3, 8)), ("faction_balance", (5,))):
        scenario = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
        for seed in seeds:
            events: list = []
            row = run_campaign(scenario, seed, journal=events, scores=4)
            kinds = [e["event"] for e in events]
            assert row["faction_moves"] == kinds.count("faction_move") > 0
            assert row["harm"] == kinds.count("harm") and row["trauma"] == kinds.count("trauma")
            assert row["stress_marked"] == sum(e["delta"] for e in events if e["event"] == "stress" and e["delta"] > 0)
            drawn = [e["entanglement"] for e in events if e["event"] == "entanglement"]
            assert row["entanglements"] == len(drawn) > 0
            for kind in set(drawn):
                assert row[f"entanglement_{kind}"] == drawn.count(kind)


def test_a_campaign_run_for_its_summary_is_freed_at_once_not_left_to_the_cycle_collector():
    scenario = load_scenario(ROOT / "scenarios" / "tests" / "two_scores.yaml")
    run_campaign(scenario, 1)
    gc.collect()
    gc.disable()
    try:
        gc.set_debug(gc.DEBUG_SAVEALL)
        run_campaign(scenario, 2, series=[])
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert "Campaign" not in left and "Faction" not in left


def test_BITD_FACTION_5_each_campaign_starts_with_every_faction_view_of_its_opening_city():
    """The views copied from the plan (sim.blades.city.city.View.copy) are those a recomputation builds, and the plan's
    own stay empty of offers and contexts however its campaigns play."""
    from sim.blades.campaign import build_campaign
    from sim.journal import Journal

    scenario = load_scenario(ROOT / "scenarios" / "starter.yaml")
    plan = prepare(scenario).city
    camp = build_campaign(scenario, 4, Journal(keep=False))
    views = camp.city.graph["views"]
    assert sorted(views) == sorted(scenario.factions)
    for fid, got in views.items():
        fresh = c.View(camp.city, fid, camp.factions)
        for name in ("rivals", "unknown", "enemies", "allies", "wars", "at_war"):
            assert getattr(got, name) == getattr(fresh, name), (fid, name)
        assert got is not plan.views[fid] and got.offers is not plan.views[fid].offers
    run_campaign(scenario, 4, scores=2)
    assert all(not v.offers and not v.contexts and not v.kinds for v in plan.views.values())
