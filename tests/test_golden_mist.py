"""Golden journal of the mist system (issue 31): ``scenarios/mist_harbor.yaml`` at seed 167, checked in and diffed.

Seed 167 is the first seed whose campaign shows every mechanic issue 31 brought into play: an ending
(MIST.EVOLUTION.1), a theme unleashed past a limit (MIST.ARC.REPLACE.1), a status cancelled by its
opposite (MIST.STATUS.2), extra feats and bolstered helpful statuses (MIST.EFFECT.1). Any change to the mist
rules, content, policies or dice that changes what happens changes it; when the change is intended,
regenerate it on purpose and review the diff::

    SIM_REGEN_GOLDEN=1 python -m pytest tests/test_golden_mist.py
    git diff --stat tests/golden/
"""

import os
from pathlib import Path

from sim.content import load_scenario
from sim.journal import Journal
from sim.mist.campaign import play_campaign

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "mist_harbor_seed167.jsonl"
SCENARIO = ROOT / "scenarios" / "mist_harbor.yaml"


def journal_lines() -> list[str]:
    journal = Journal()
    play_campaign(load_scenario(SCENARIO), 167, journal=journal)
    return list(journal.lines())


def test_golden_journal_of_mist_harbor():
    lines = journal_lines()
    if os.environ.get("SIM_REGEN_GOLDEN") == "1":
        GOLDEN.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for i, (got, want) in enumerate(zip(lines, expected), start=1):
        assert got == want, f"journal line {i} differs from {GOLDEN.name} (regenerate with SIM_REGEN_GOLDEN=1 " \
                            f"if the change is intended)\n got: {got}\nwant: {want}"
    assert len(lines) == len(expected), f"journal has {len(lines)} lines, golden {len(expected)}"


def test_the_golden_campaign_shows_the_mechanics_issue_31_brought_into_play():
    import json

    events = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    effects = {e["effect"] for e in events if e["event"] == "mist_effect"}
    assert {"extra_feat", "bolster"} <= effects
    assert any(e["event"] == "theme_replaced" and e["cause"] == "unleash" for e in events)
    assert any(e["event"] == "mist_status" and e["why"].startswith("cancel:") for e in events)
    assert any(e["event"] == "mist_ending" for e in events)
