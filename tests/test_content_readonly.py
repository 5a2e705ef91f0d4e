"""Loaded content is shared (cached) by every campaign: playing must not change it."""

from __future__ import annotations

import copy

from sim.content import PROJECT_ROOT, load_scenario


def test_campaigns_leave_shared_content_unchanged():
    from sim.blades.campaign import run_campaign

    scenario = load_scenario(PROJECT_ROOT / "scenarios/starter.yaml")
    before = copy.deepcopy(dict(scenario.content.tables))
    for seed in range(6):
        run_campaign(scenario, seed)
    assert dict(scenario.content.tables) == before
    assert load_scenario(PROJECT_ROOT / "scenarios/starter.yaml").content is scenario.content
