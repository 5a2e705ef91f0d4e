"""Invariants of free play and the score over many seeded runs (property tests)."""

from hypothesis import given, settings, strategies as st

from blades_score_kit import make_campaign, scoundrel
from sim.blades.score.engagement import free_play
from sim.blades.score.score import play_score
from sim.rng import make_rng

POLICIES = st.sampled_from(["careful", "bold", "reckless"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), policies=st.lists(POLICIES, min_size=1, max_size=4),
       gm=st.sampled_from(["gentle", "standard", "gritty"]), sampler=st.sampled_from(["faces", "table"]),
       resist_mode=st.sampled_from(["reduce", "avoid", "gm_choice"]), excludes=st.booleans())
def test_scores_keep_the_sheet_legal(seed, policies, gm, sampler, resist_mode, excludes):
    pcs = [scoundrel(f"pc{i}", p, **({"skirmish": 2, "survey": 1, "hunt": 1} if i % 2 else {}))
           for i, p in enumerate(policies, start=1)]
    c = make_campaign(pcs, rng=make_rng(seed), gm=gm, dice_sampler=sampler, resist_mode=resist_mode,
                      armor_excludes_roll=excludes)
    for _ in range(3):
        if not c.active_pcs:
            break
        plan = free_play(c)
        assert plan.start_position in ("controlled", "risky", "desperate")
        before = len(c.journal.events)
        result = play_score(c, plan)
        new = c.journal.events[before:]
        rolls = [e for e in new if e["event"] == "action_roll"]
        assert result.rolls == sum(1 for e in rolls if e.get("kind") != "gather")
        assert result.desperate_rolls == sum(1 for e in rolls if e["position"] == "desperate")
        assert result.coin == (plan.coin if result.success else 0)
        assert not (result.success and result.abandoned)
        for e in new:
            if e["event"] == "clock":
                assert 0 <= e["after"] <= e["size"]
            if e["event"] == "action_roll":
                assert len(e["faces"]) == (0 if sampler == "table" else max(e["dice"], 2) if e["dice"] <= 0 else e["dice"])
        for pc in c.pcs:
            assert 0 <= pc.stress <= pc.stress_max and len(pc.trauma) <= pc.trauma_max
            assert len(pc.harm[1]) <= 2 and len(pc.harm[2]) <= 2 and len(pc.harm[3]) <= 1
    assert c.dice_rolled >= sum(max(e["dice"], 2) if e["dice"] <= 0 else e["dice"]
                                for e in c.journal.events if e["event"] in ("action_roll", "fortune", "engagement"))
