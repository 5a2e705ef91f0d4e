"""The `sim play` narrator (sim.blades.views.narrate): events it tells, and those it leaves to others."""

from __future__ import annotations


def test_the_narrator_tells_stash_withdrawals_and_repelled_faction_moves():
    from sim.blades.views.narrate import narrate

    withdrawal = {"event": "stash", "pc": "pc1", "delta": -2, "reason": "extra activity", "before": 4, "after": 2,
                  "requested": -2}
    saving = {"event": "stash", "pc": "pc1", "delta": 3, "reason": "payoff", "before": 0, "after": 3, "requested": 3}
    assert narrate([withdrawal], None) == ["pc1 takes 2 from the stash to pay for another activity."]
    assert narrate([saving], None) == []
    hit = {"event": "faction_move", "faction": "hive", "goal": "g", "enemy": "lampblacks", "tier_after": 4,
           "hold_after": "strong"}
    assert narrate([{**hit, "repelled": True}], None) == [
        "Faction goal met: The Hive moves against The Lampblacks, but the blow is turned aside."]
    assert narrate([{**hit, "repelled": False}], None) == ["Faction goal met: The Hive moves against The Lampblacks."]
