"""``sim bench solo`` (issue 11: "a solo step answers in well under 100 ms on this machine (print the figure)").

Not a timed test: it checks the figures are there and consistent, never how fast this machine is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.solo.bench import _percentile

ROOT = Path(__file__).resolve().parents[1]


def test_percentile_known_answers():
    assert _percentile([5.0], 0.9) == 5.0
    assert _percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert _percentile([0.0, 10.0], 0.9) == pytest.approx(9.0)
    assert _percentile([float(i) for i in range(11)], 0.9) == pytest.approx(9.0)


def test_sim_bench_solo_prints_median_and_90th_percentile(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["bench", "solo", "--steps", "12", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["steps"] == 12 and r["scenario"] == "scenarios/starter.yaml"
    assert 0 < r["median_ms"] <= r["p90_ms"] <= r["max_ms"]
    assert main(["bench", "solo", "--steps", "3"]) == 0
    line = capsys.readouterr().out
    assert line.startswith("sim bench solo: 3 steps") and "median" in line and "90th percentile" in line


def test_sim_bench_solo_refuses_a_bad_step_count(capsys):
    assert main(["bench", "solo", "--steps", "0"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
