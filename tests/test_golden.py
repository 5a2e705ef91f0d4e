"""Golden journal: the default scenario at a fixed seed, checked in and diffed (docs/dev/style.md principle 4).

The journal of ``scenarios/starter.yaml`` with seed 1 lives in
``tests/golden/starter_seed1.jsonl``. Any change to the rules, content,
policies or dice that changes what happens changes it; when the change is
intended, regenerate it on purpose and review the diff::

    SIM_REGEN_GOLDEN=1 /tmp/venv/bin/python -m pytest tests/test_golden.py
    git diff --stat tests/golden/
"""

import os
from pathlib import Path

from sim.blades import run_campaign
from sim.content import load_scenario
from sim.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "starter_seed1.jsonl"
SCENARIO = ROOT / "scenarios" / "starter.yaml"


def journal_lines() -> list[str]:
    journal = Journal()
    run_campaign(load_scenario(SCENARIO), 1, journal=journal)
    return list(journal.lines())


def test_golden_journal_of_the_starter_scenario():
    lines = journal_lines()
    if os.environ.get("SIM_REGEN_GOLDEN") == "1":
        GOLDEN.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for i, (got, want) in enumerate(zip(lines, expected), start=1):
        assert got == want, f"journal line {i} differs from {GOLDEN.name} (regenerate with SIM_REGEN_GOLDEN=1 " \
                            f"if the change is intended)\n got: {got}\nwant: {want}"
    assert len(lines) == len(expected), f"journal has {len(lines)} lines, golden {len(expected)}"


def test_golden_run_is_reproducible_in_process():
    assert journal_lines() == journal_lines()
