"""Issue 31: Blades mechanics the shipped scenarios now use, counted in a 200-campaign batch of scenarios/bravos.yaml,
each more than 0: Leader (BITD.COHORT.10) Commanding the cohort in a fight (+1 effect), its armor taking a level off
a harm, the cohort fighting on through level 3 harm, and a broken cohort its Leader leads again; every such event
re-derived from the journal alone."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sim.content.scenario import load_scenario
from sim.dice import EFFECTS
from sim.journal import Journal
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "bravos.yaml"
CAMPAIGNS = 200


def _shift(effect: str, steps: int) -> str:
    return EFFECTS[max(0, min(len(EFFECTS) - 1, EFFECTS.index(effect) + steps))]


@pytest.fixture(scope="module")
def counts():
    scenario = load_scenario(SCENARIO)
    blades = get_system("blades")
    c = Counter()
    for seed in range(CAMPAIGNS):
        journal = Journal()
        blades.play(scenario, seed, journal=journal)
        c["campaigns"] += 1
        action = None
        armor_left: dict[str, int] = {}
        for e in journal.events:
            kind = e["event"]
            if kind == "score_begin":
                armor_left = {}
            elif kind == "cohort_action":
                action = e
            elif kind == "cohort_leader":
                c["leader"] += 1
                assert (e["action"], e["plan"]) == ("command", "assault")  # default leader_combat: assault
                assert (action["mode"], action["pc"], action["action"]) == ("lead", e["pc"], "command")
                assert e["steps"]["leader"] == 1 and e["landed"] == _shift(e["effect"], sum(e["steps"].values()))
                assert e["armor"] == armor_left.setdefault(e["cohort"], 1)
                c["led_broken"] += e["harm"] == 3
            elif kind == "cohort_armor":
                c["armor"] += 1
                assert e["after"] == e["level"] - 1 and e["marked"] == 1 and armor_left[e["cohort"]] == 1
                armor_left[e["cohort"]] = 0
            elif kind == "cohort_harm" and "level" in e:
                last_harm = e
            elif kind == "cohort_fights_on":
                c["fights_on"] += 1
                assert e["harm"] == 3 and last_harm["after"] == 3 and last_harm["cohort"] == e["cohort"]
    return c


def test_the_batch_is_200_campaigns(counts):
    assert counts["campaigns"] == CAMPAIGNS


@pytest.mark.parametrize("what", ["leader", "armor", "fights_on", "led_broken"])
def test_BITD_COHORT_10_leader_occurs_in_the_bravos_scenario(counts, what):
    assert counts[what] > 0, dict(counts)
