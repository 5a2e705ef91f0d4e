"""``sim batch`` on the mist system (issue 12 step 4): the summary fields per campaign and the report's plots."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sim.cli import main
from sim.content.scenario import load_scenario
from sim.mist.campaign import play_campaign
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios/mist_harbor.yaml"
ISSUE_FIELDS = {"chapters", "challenges_overcome", "themes_grown", "themes_faded", "themes_replaced", "evolution",
                "ending_avatar", "ending_sleep", "ending_calm", "limits_reached", "characters_lost"}


def test_summary_fields_are_the_same_for_every_campaign():
    scenario = load_scenario(SCENARIO)
    fields = get_system("mist").summary_fields(scenario)
    assert ISSUE_FIELDS <= set(fields)
    for seed in range(3):
        assert tuple(sorted(play_campaign(scenario, seed, scores=2)[1])) == fields


def test_batch_of_20_campaigns_with_a_report_and_mist_plots(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["batch", str(SCENARIO), "--campaigns", "20", "--workers", "1", "--out", str(out),
                 "--lang", "en"]) == 0
    rows = pd.read_parquet(out / "campaigns.parquet")
    assert len(rows) == 20 and ISSUE_FIELDS <= set(rows.columns)
    assert (rows["chapters"] >= 1).all() and (rows["chapters"] <= 8).all()
    lost = rows["themes_faded"] + rows["themes_unleashed"]
    assert (rows["themes_replaced"] <= lost).all()  # a Sleeper's lost Self brings no Gift
    assert (rows["wounds"] == lost).all()  # one lingering wound per loss (MIST.ARC.FADE.2)
    assert rows["evolution"].sum() >= lost.sum()  # at least 1 evolution per loss
    report = (out / "report.md").read_text(encoding="utf-8")
    for plot in ("max_evolution", "chapters", "mist_survival", "mist_evolution", "mist_harm", "end"):
        if f"had the same `{plot}`" in report:  # every campaign in one category: no single-bar chart (issue 32)
            continue
        assert f"(plots/{plot}.png)" in report and (out / "plots" / f"{plot}.png").stat().st_size > 1000
    assert "| `themes_faded` | themes faded at 3 decay or abandonment |" in report


def test_a_sweep_over_mist_status_stack(tmp_path, capsys):
    out = tmp_path / "sweep"
    assert main(["batch", str(SCENARIO), "--campaigns", "6", "--workers", "1", "--out", str(out),
                 "--sweep", "mist_status_stack=add_cap6,highest"]) == 0
    rows = pd.read_parquet(out / "campaigns.parquet")
    assert len(rows) == 12
