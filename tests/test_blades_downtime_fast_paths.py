"""The downtime's and free play's quick paths answer as the rules they stand for (issue 17).

Each quick path (a content index, a cached pure function, one loop instead of many calls) is checked against the
plain rule it replaces at every call made by a few seeded campaigns of the shipped scenarios, and the target
weights against :func:`sim.blades.score.engagement.target_weight` on generated rows (BITD.SCORE.1, BITD.CRAFT.1-2,
BITD.DOWNTIME.ACT, BITD.ATTR.2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sim.blades.arcana import arcane, craft
from sim.blades.downtime import activities, vice
from sim.blades.score import engagement
from sim.blades.batch import BladesGame
from sim.blades.crew.state import ATTRIBUTES
from sim.rng import derive_seed

ROOT = Path(__file__).resolve().parents[1]


def _plain_craft_projects(campaign, pc):
    """craft.craft_projects as the rule reads (no cache)."""
    mine = set(craft.known_formulas(campaign, pc))
    others = {f for other in campaign.active_pcs if other is not pc for f in craft.known_formulas(campaign, other)}
    out = []
    for fid, rec in craft.formula_table(campaign.content).items():
        if fid in mine or rec.get("common"):
            continue
        out.append((f"learn_{fid}", craft.LEARN_ACTIONS, craft.PROJECT_CLOCK) if fid in others
                   else (f"invent_{fid}", craft.INVENT_ACTIONS, craft.PROJECT_CLOCK))
    return out


def _plain_legal(campaign, pc):
    """activities.legal_activities as the rule reads (each condition asked of the campaign)."""
    out = []
    if pc.worst_harm:
        out.append("recover")
    if pc.stress and pc.id not in campaign.ledger.indulged:
        out.append("indulge_vice")
    if campaign.crew.heat:
        out.append("reduce_heat")
    if any((pc.id, t) not in campaign.ledger.trained for t in activities.XP_TRACKS):
        out.append("train")
    if (campaign.crew.turf < 6 or campaign.at_war or not activities.investigation_ready(campaign)
            or arcane.projects(campaign, pc)):
        out.append("long_term_project")
    out.append("acquire_asset")
    if arcane.rituals.castable(campaign, pc):
        out.append("ritual")
    if craft.craftable(campaign, pc):
        out.append("craft")
    return tuple(out)


@pytest.mark.parametrize("scenario", ["arcane.yaml", "starter.yaml"])
def test_BITD_DOWNTIME_ACT_quick_paths_agree_with_the_rules_in_play(scenario, monkeypatch):
    checked = {"can_craft": 0, "fitting": 0, "projects": 0, "lowest": 0, "legal": 0}
    can_craft, fitting_projects, craft_projects = craft.can_craft, arcane.fitting_projects, craft.craft_projects
    lowest, legal = vice.lowest_attribute, activities._legal

    def check_can_craft(campaign, pc):
        out = can_craft(campaign, pc)
        assert out == bool(craft.craftable(campaign, pc))
        checked["can_craft"] += 1
        return out

    def check_fitting(campaign, pc, projects):
        out = fitting_projects(campaign, pc, projects)
        assert out == [p for p in projects if arcane.fitting(campaign, pc, p)]
        checked["fitting"] += 1
        return out

    def check_projects(campaign, pc):
        out = craft_projects(campaign, pc)
        assert out == _plain_craft_projects(campaign, pc)
        checked["projects"] += 1
        return out

    def check_lowest(pc):
        out = lowest(pc)
        assert out == min(pc.attribute(a) for a in ATTRIBUTES)
        checked["lowest"] += 1
        return out

    def check_legal(campaign, pc, at_war, ready):
        out = legal(campaign, pc, at_war, ready)
        assert out == _plain_legal(campaign, pc)
        assert (at_war, ready) == (campaign.at_war, activities.investigation_ready(campaign))
        checked["legal"] += 1
        return out

    monkeypatch.setattr(craft, "can_craft", check_can_craft)
    monkeypatch.setattr(arcane, "fitting_projects", check_fitting)
    monkeypatch.setattr(craft, "craft_projects", check_projects)
    monkeypatch.setattr(vice, "lowest_attribute", check_lowest)  # indulging vice lives in sim.blades.downtime.vice
    monkeypatch.setattr(activities, "_legal", check_legal)
    game = BladesGame()
    prepared = game.prepare(str(ROOT / "scenarios" / scenario), ())
    for i in range(4):
        game.play(prepared, derive_seed(7, i), None, None)
    assert all(checked.values()), checked


rows = st.lists(st.fixed_dictionaries({"faction": st.sampled_from("abcd"), "tier": st.integers(0, 5),
                                       "weight": st.sampled_from([1, 2, 0.5, 3.0])}), min_size=1, max_size=8)


@given(rows, st.integers(-1, 7), st.dictionaries(st.sampled_from("abc"), st.integers(-3, 3)),
       st.sampled_from([1.0, 0.5, 0.25]), st.booleans(), st.booleans())
def test_BITD_SCORE_1_target_weights_are_each_rows_target_weight(rows, wanted, statuses, hostile, avoid, as_tuple):
    rows = tuple(rows) if as_tuple else rows
    expected = [engagement.target_weight(r, wanted, statuses.get(r["faction"], 0), hostile, avoid) for r in rows]
    assert engagement.target_weights(rows, wanted, statuses, hostile, avoid) == expected
    assert engagement.target_weights(rows, wanted, statuses, hostile, avoid) == expected  # weighed once, the same


class _Arcana:
    """A content stand-in holding only ``blades/arcana`` formulas."""

    def __init__(self, formulas):
        self.formulas = formulas

    def table(self, name):
        assert name == "blades/arcana"
        return {"formulas": self.formulas}


@pytest.mark.parametrize("drawbacks", [["rare"], [], ["rare", "complex"]])
@pytest.mark.parametrize("coin", [0, 1])
def test_BITD_CRAFT_2_can_craft_is_craftable_not_empty(drawbacks, coin):
    from types import SimpleNamespace

    content = _Arcana([{"id": "kit", "common": True, "drawbacks": drawbacks},
                       {"id": "bomb", "known_with": "alchemist", "drawbacks": ["rare"]}])
    for abilities, learned in (([], {}), (["alchemist"], {}), ([], {"pc1": ["formula:bomb"]})):
        pc = SimpleNamespace(id="pc1", abilities=abilities)
        campaign = SimpleNamespace(content=content, arcana={"learned": learned}, crew=SimpleNamespace(coin=coin))
        assert craft.can_craft(campaign, pc) == bool(craft.craftable(campaign, pc))
        assert craft.can_craft(campaign, pc) == ("rare" not in drawbacks or coin >= 1)
