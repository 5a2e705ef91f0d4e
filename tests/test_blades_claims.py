"""Claim seizures on the claim map (BITD.CREW.CLAIM.1-3, BITD.SCORE.1, BITD.FACTION.6, BITD.CREW.TURF.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.agents.base import ScriptedAgent, load_policies
from sim.blades.city import claims
from sim.blades.downtime import downtime
from sim.blades.campaign import run_campaign
from sim.blades.score.engagement import engagement_dice
from sim.content.scenario import load_scenario
from sim.rng import make_rng
from blades_downtime_kit import events, make_campaign, plan, result

ROOT = Path(__file__).resolve().parents[1]
# shadows:  [interrogation_chamber, turf, loyal_fence, fighting_pits, tavern]
#           [turf, vice_den, lair, informants, turf]
#           [lookouts, secret_pathways, covert_drop, infirmary, city_records]


def _grid(c):
    return claims.claim_map(c.content, c.crew.type)


def _always_claim(c):
    traits = dict(load_policies()["players"]["careful"], claim_chance=1.0)
    c.seats.sit("pc1", ScriptedAgent("always", "players", traits))


def test_BITD_CREW_CLAIM_1_only_claims_next_to_the_lair_path_are_seizable():
    grid = _grid(make_campaign())
    assert grid[1][2] == "lair"
    assert claims.seizable(grid, []) == [(0, 2), (1, 1), (1, 3), (2, 2)]
    # holding Informants opens the turf beyond it, not the turf on the far side of the lair
    after = claims.seizable(grid, ["informants"])
    assert (1, 4) in after and (1, 0) not in after and (1, 3) not in after
    # a claim held but off the path covers no cell
    assert claims.held_cells(grid, ["tavern"]) == {(1, 2)}
    # each copy of a claim id covers one cell, reached from held cells only
    assert claims.held_cells(grid, ["informants", "turf", "turf"]) == {(1, 2), (1, 3), (1, 4)}
    assert claims.held_cells(grid, ["vice_den", "turf", "turf"]) == {(1, 2), (1, 1), (0, 1), (1, 0)}


def test_BITD_CREW_CLAIM_1_a_claim_off_the_lairs_path_is_never_chosen():
    seen = set()
    for seed in range(60):
        c = make_campaign(rng=make_rng(seed), seed=seed, claims=["informants"])
        _always_claim(c)
        target = claims.choose_claim(c, c.pcs[0])
        assert target is not None
        seen.add(target["cell"])
    allowed = {claims.cell_key(cell) for cell in claims.seizable(_grid(c), ["informants"])}
    assert seen <= allowed and len(seen) > 1
    assert "1,0" not in seen and "0,0" not in seen


def test_BITD_CREW_CLAIM_1_every_claim_is_held_by_a_scenario_faction_drawn_once_and_journaled():
    c = make_campaign(rng=make_rng(5))
    holders = claims.claim_holders(c)
    assert len(holders) == 14 and "1,2" not in holders
    assert set(holders.values()) <= set(c.factions)
    assert claims.claim_holders(c) is holders
    assert [e["holders"] for e in events(c, "claim_holders")] == [holders]
    again = make_campaign(rng=make_rng(5))
    assert claims.claim_holders(again) == holders


def test_BITD_SCORE_1_a_seizure_targets_the_holder_at_its_tier():
    c = make_campaign(rng=make_rng(2))
    c.ledger.claim_holders.update({"1,3": "bluecoats"})
    t = claims.claim_target(c, (1, 3))
    assert (t["faction"], t["tier"], t["kind"], t["claim"]) == ("bluecoats", 3, "claim", "informants")
    assert [o["size"] for o in t["obstacles"]] == [10, 4]
    c.ledger.claim_holders.update({"1,1": "lampblacks"})
    assert [o["size"] for o in claims.claim_target(c, (1, 1))["obstacles"]] == [8, 4]


def test_BITD_CREW_CLAIM_1_seizing_a_turf_transfers_it_marks_turf_and_lowers_rep_max():
    c = make_campaign(claims=["informants"])
    assert c.crew.rep_max == 12
    downtime.score_fallout(c, plan(kind="claim", claim="turf", target_faction="lampblacks"), result())
    assert c.crew.claims == ["informants", "turf"]
    assert c.crew.turf == 1 and c.crew.rep_max == 11
    e = events(c, "claim")[-1]
    assert (e["claim"], e["from_faction"], e["success"], e["gained"]) == ("turf", "lampblacks", True, True)
    assert (1, 4) in claims.held_cells(_grid(c), c.crew.claims)


def test_BITD_FACTION_6_seizing_a_claim_costs_two_status_with_the_loser_once():
    c = make_campaign()
    downtime.score_fallout(c, plan(kind="claim", claim="informants", target_faction="lampblacks"),
                           result(factions_hurt=("lampblacks",), exposure="wild", killing=True))
    assert c.factions["lampblacks"].status == -2
    quiet = make_campaign()
    downtime.score_fallout(quiet, plan(kind="claim", claim="informants", target_faction="lampblacks"),
                           result(quiet=True))
    assert quiet.factions["lampblacks"].status == -2 and quiet.crew.turf == 0


def test_BITD_CREW_CLAIM_1_a_failed_seizure_transfers_nothing():
    c = make_campaign()
    downtime.score_fallout(c, plan(kind="claim", claim="turf", target_faction="lampblacks"),
                           result(success=False, coin=0))
    assert c.crew.claims == [] and c.crew.turf == 0 and c.factions["lampblacks"].status == 0
    assert events(c, "claim")[-1]["success"] is False


def test_BITD_CREW_CLAIM_3_a_seized_claim_gives_its_benefit():
    c = make_campaign()
    target = {"tier": 0, "faction": "lampblacks", "obstacles": [{"size": 4}], "kind": "claim"}
    before = engagement_dice(c, target, "stealth", False)[1]
    downtime.score_fallout(c, plan(kind="claim", claim="secret_pathways", target_faction="lampblacks"), result())
    assert "claims" not in before and engagement_dice(c, target, "stealth", False)[1]["claims"] == 1


@pytest.fixture(scope="module")
def starter():
    return load_scenario(ROOT / "scenarios" / "starter.yaml")


def test_BITD_SCORE_1_starter_campaigns_seize_claims(starter):
    seized = 0
    for seed in (1, 2, 3, 4):
        journal: list = []
        summary = run_campaign(starter, seed, journal=journal)
        tries = [e for e in journal if e["event"] == "claim" and e.get("reason") == "score"]
        assert sum(e["success"] for e in tries) == summary["claims_seized"]
        holders: dict = {}  # the holders as they stand at each event (factions seize cells from each other: issue 14)
        for e in journal:
            if e["event"] == "claim_holders":
                holders = e["holders"]
            elif e in tries:
                assert e["from_faction"] in set(holders.values())
        seized += summary["claims_seized"]
    assert seized > 0


def test_BITD_CREW_CLAIM_1_no_claim_map_no_seizure():
    c = make_campaign(content=_NoCrews())
    _always_claim(c)
    assert claims.claim_map(c.content, "shadows") == ()
    assert claims.choose_claim(c, c.pcs[0]) is None and events(c, "claim_holders") == []


class _NoCrews:
    def table(self, key):
        raise KeyError(key)
