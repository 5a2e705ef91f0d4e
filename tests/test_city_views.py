"""The city's per-faction views (sim.blades.city.city.View) are caches kept up to date by the change methods: after every
faction move each cached view, its offers and its target contexts equal a recomputation from the graph
(BITD.DOWNTIME.NPC.1-2, BITD.FACTION.5-7)."""

from __future__ import annotations

import pytest

from sim.blades.city import city as c
from sim.blades.city import factions as fx
from sim.blades.batch import BladesGame
from sim.rng import derive_seed


def _fresh(camp, fid):
    """(offers, contexts) of ``fid`` recomputed with a new view, the cached one put back after."""
    views = camp.city.graph["views"]
    kept = views.pop(fid)
    try:
        offers = fx._offers(camp, fid)
        contexts = {kind: fx._target_context(camp, fid, kind, offers[1][kind]) for kind in kept.contexts}
        return offers, contexts
    finally:
        views[fid] = kept


def _check(camp):
    graph = camp.city
    for fid, view in list(graph.graph["views"].items()):
        fresh = c.View(graph, fid, camp.factions)
        for name in ("rivals", "unknown", "enemies", "allies", "wars", "at_war"):
            assert getattr(view, name) == getattr(fresh, name), (fid, name)
        assert view.wars == tuple(c.at_war_with(graph, fid))
        cached_offers = {k: v for k, v in view.offers.items()}
        cached_contexts = dict(view.contexts)
        offers, contexts = _fresh(camp, fid)
        for key, got in cached_offers.items():
            if key == (tuple(camp.factions[fid].clocks), camp.factions[fid].status <= -2,
                       camp.factions[fid].hold == "weak"):
                assert got == offers
        assert cached_contexts == contexts


@pytest.mark.parametrize("scenario,n", [("scenarios/starter.yaml", 3), ("scenarios/faction_balance.yaml", 1)])
def test_BITD_DOWNTIME_NPC_1_city_views_equal_a_recomputation_after_every_move(monkeypatch, scenario, n):
    checked = []
    take_move = fx.take_move

    def checked_move(camp, fid):
        take_move(camp, fid)
        _check(camp)
        checked.append(fid)

    monkeypatch.setattr(fx, "take_move", checked_move)
    game = BladesGame()
    prepared = game.prepare(scenario, ())
    for i in range(n):
        game.play(prepared, derive_seed(11, i), None, None)
    assert len(checked) > 50
