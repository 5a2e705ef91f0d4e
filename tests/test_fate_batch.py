"""``sim batch`` on Fate adventures: the summary fields the issue lists, the report with plots, and every scene
kind occurring in a small batch of the shipped adventures."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from sim.cli import main
from sim.content.scenario import load_scenario
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def batches(tmp_path_factory):
    out = {}
    for name in ("fate_docks", "fate_cult"):
        folder = tmp_path_factory.mktemp(name)
        assert main(["batch", str(ROOT / f"scenarios/{name}.yaml"), "--campaigns", "8", "--workers", "1",
                     "--out", str(folder)]) == 0
        out[name] = folder
    return out


def test_summary_fields_are_the_systems_and_every_scene_kind_occurs(batches):
    totals = {}
    for name, folder in batches.items():
        rows = pd.read_parquet(folder / "campaigns.parquet")
        fields = get_system("fate").summary_fields(load_scenario(ROOT / f"scenarios/{name}.yaml"))
        assert set(fields) <= set(rows.columns) and len(rows) == 8
        for kind in ("challenge", "contest", "conflict"):
            totals[kind] = totals.get(kind, 0) + int((rows[f"{kind}_won"] + rows[f"{kind}_lost"]).sum())
        assert (rows["scenes"] == sum(rows[f"{k}_{r}"] for k in ("challenge", "contest", "conflict")
                                      for r in ("won", "lost"))).all()
    assert all(n > 0 for n in totals.values()), totals


def test_the_report_describes_the_fields_and_draws_the_plots(batches):
    folder = batches["fate_docks"]
    report = (folder / "report.md").read_text(encoding="utf-8")
    assert "| `compels_accepted` | compels accepted |" in report
    assert "| `consequences_severe` | severe consequences the PCs took |" in report
    for plot in ("scenes", "pcs_taken_out", "fate_points", "consequences", "end"):
        if f"had the same `{plot}`" in report:  # every campaign in one category: no single-bar chart (issue 32)
            assert not (folder / "plots" / f"{plot}.png").exists()
            continue
        assert (folder / "plots" / f"{plot}.png").stat().st_size > 1000
        assert f"](plots/{plot}.png)" in report
    assert "tier.png" not in report and "heat.png" not in report  # Blades' plots need Blades' fields


def test_a_gm_sweep_and_a_person_seat(tmp_path, capsys):
    out = tmp_path / "sweep"
    assert main(["batch", str(ROOT / "scenarios/fate_cult.yaml"), "--campaigns", "4", "--workers", "1",
                 "--sweep", "gm=gentle,gritty", "--out", str(out)]) == 0
    assert main(["batch", str(ROOT / "scenarios/fate_cult.yaml"), "--campaigns", "2", "--workers", "1",
                 "--seat", "pc1=human", "--out", str(tmp_path / "no")]) == 2
    assert "held by a person (human)" in capsys.readouterr().err
