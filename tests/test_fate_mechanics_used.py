"""Issue 31: Fate mechanics the shipped adventures now use, counted in a 200-campaign batch (70 fate_docks, 70
fate_cult, 60 fate_docks_gentle), each more than 0: self-treatment (FATE.RECOVER.2), the major-cost reading of a
failure (FATE.OUTCOME.2), the "oppose" invoke (FATE.ASPECT.3), create an advantage on an existing and on a hidden
aspect (FATE.ACTION.3), and exchanges where the option fate_contest_style changes the score (FATE.CONTEST.3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from sim.content.scenario import load_scenario
from sim.journal import Journal
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
BATCH = (("scenarios/fate_docks.yaml", 70), ("scenarios/fate_cult.yaml", 70), ("scenarios/fate_docks_gentle.yaml", 60))


def journals(path, n, **options):
    scenario = load_scenario(ROOT / path)
    if options:
        scenario = replace(scenario, options=scenario.options.replace(**options))
    fate = get_system("fate")
    for seed in range(n):
        journal = Journal()
        fate.play(scenario, seed, journal=journal)
        yield journal.events


@pytest.fixture(scope="module")
def counts():
    c = Counter()
    for path, n in BATCH:
        for events in journals(path, n):
            c["campaigns"] += 1
            for e in events:
                kind = e["event"]
                if kind == "fate_roll" and e.get("treat"):
                    c["self_treatment" if e["self_treatment"] else "treatment"] += 1
                elif kind == "challenge_cost":
                    c[f"reading_{e['reading']}"] += 1
                elif kind == "fate_invoke" and e["mode"] == "oppose":
                    c["oppose"] += 1
                    assert e["target"] and e["free"] and e["bonus"] == 2
                elif kind == "fate_free_invokes":
                    c[e["how"]] += 1
                elif kind == "fate_reveal":
                    c["revealed"] += 1
    return c


def test_the_batch_is_200_campaigns(counts):
    assert counts["campaigns"] == 200


@pytest.mark.parametrize("what", ["self_treatment", "reading_major", "reading_take_a_hit", "reading_success_at_a_hit",
                                  "oppose", "exploit", "exploit_failed", "discover", "discover_failed", "revealed"])
def test_FATE_mechanics_occur_in_shipped_adventures(counts, what):
    assert counts[what] > 0, dict(counts)


def test_FATE_CONTEST_3_the_two_readings_score_differently_in_fate_cult():
    """fate_cult's chase is a race against a difficulty: where the leading side succeeds with style and a rival
    plainly succeeds, srd scores 2 victories and seed 1; both readings are played and such exchanges happen."""
    differ = Counter()
    for style in ("srd", "seed"):
        for events in journals("scenarios/fate_cult.yaml", 70, fate_contest_style=style):
            rolls = {}
            for e in events:
                if e["event"] == "contest_start":
                    rolls = {}
                elif e["event"] == "fate_roll" and e.get("side") and e.get("exchange") and e["action"] == "overcome":
                    rolls.setdefault(e["exchange"], []).append(e)
                elif e["event"] == "contest_victory":
                    lead = [r for r in rolls.get(e["exchange"], ()) if r["side"] == e["side"]]
                    rivals = [r for r in rolls.get(e["exchange"], ()) if r["side"] != e["side"]]
                    if lead and lead[-1]["outcome"] == "style" and rivals and all(r["outcome"] != "style" for r in rivals) \
                            and any(r["outcome"] == "succeed" for r in rivals):
                        differ[style] += 1
                        assert e["victories"] == (2 if style == "srd" else 1)
    assert differ["srd"] > 0 and differ["seed"] > 0
