"""Faction-clock balance studies: per-faction summary fields, faction tiers and clock sizes as scenario
parameters and sweeps, and the report's faction-balance section (BITD.CLOCK.4, BITD.DOWNTIME.NPC.2,
BITD.FACTION.1, BITD.FACTION.7)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from sim.blades.batch import with_params
from sim.batch.plan import parse_sweep
from sim.batch.runner import run_batch
from sim.blades.batch import BladesGame
from sim.blades.campaign import build_campaign, play_campaign
from sim.cli import main
from sim.content import PROJECT_ROOT, load_scenario
from sim.errors import ContentError, UsageError
from sim.journal import Journal
from sim.options import RuleOptions

STARTER = PROJECT_ROOT / "scenarios" / "starter.yaml"
TWO = PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml"


@pytest.fixture(scope="module")
def starter():
    return load_scenario(STARTER)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_BITD_DOWNTIME_NPC_2_faction_fields_count_what_the_journal_shows(starter, seed):
    journal = Journal()
    campaign, summary = play_campaign(starter, seed, journal=journal)
    goals, filled = Counter(), Counter()
    war, war_scores, moves = False, 0, 0
    for e in journal.events:
        if e["event"] == "faction_move" and e["goal"]:  # every move is journaled; a goal achieved names it
            moves += 1
            goals[e["faction"]] += 1
        elif e["event"] == "faction_move":
            moves += 1
        elif e["event"] == "clock" and e["kind"] == "faction":
            filled[e["id"]] += e["after"] - e["before"] if e["after"] >= e["before"] else 0
        elif e["event"] == "war":
            war = e["started"]
        elif e["event"] == "score_begin" and war:
            war_scores += 1
    by_faction = Counter()
    for clock_id, n in filled.items():  # journaled as "<faction>.<goal>"
        by_faction[clock_id.split(".", 1)[0]] += n
    for fid in starter.factions:
        assert summary[f"faction_goals_{fid}"] == goals[fid], fid
        assert summary[f"faction_ticks_{fid}"] == by_faction[fid], fid
    assert summary["war_scores"] == war_scores <= summary["scores"]
    assert moves == summary["faction_moves"] and sum(goals.values()) <= moves


def test_BITD_CLOCK_4_option_faction_clock_size_sizes_every_faction_goal_clock(starter):
    assert RuleOptions().faction_clock_size == 0
    table = {f.id: [c.size for c in f.clocks] for f in build_campaign(starter, 1, Journal()).factions.values()}
    assert {6, 8} <= {s for sizes in table.values() for s in sizes}  # the faction table's own sizes
    four = with_params(starter, (("faction_clock_size", 4),))
    sizes = {c.size for f in build_campaign(four, 1, Journal()).factions.values() for c in f.clocks}
    assert sizes == {4}
    with pytest.raises(UsageError, match="faction_clock_size: must be one of 0, 4, 6, 8, 10, 12, got 5"):
        RuleOptions({"faction_clock_size": 5})


def test_smaller_faction_clocks_fill_into_more_goals(tmp_path):
    out = run_batch(str(STARTER), BladesGame(), 30, workers=1, out=tmp_path / "sizes",
                    journals=0, sweep=(("faction_clock_size", (12, 4)),), report=False).out
    df = pd.read_parquet(out / "campaigns.parquet")
    means = df.groupby("variant")["faction_goals"].mean()
    assert means["faction_clock_size=4"] > 2 * means["faction_clock_size=12"]


def _scenario_with(tmp_path, extra: str) -> Path:
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "s.yaml"
    path.write_text(TWO.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


def test_BITD_FACTION_1_a_scenario_sets_starting_faction_tiers(tmp_path, starter):
    fid = load_scenario(TWO).factions[0]
    path = _scenario_with(tmp_path, f"faction_tiers: {{{fid}: 5}}\n")
    scenario = load_scenario(path)
    assert scenario.faction_tiers == ((fid, 5),)
    journal = Journal()
    build_campaign(scenario, 3, journal)
    assert journal.events[0]["factions"][fid]["tier"] == 5


def test_a_scenarios_faction_tiers_are_checked_with_file_line_and_field(tmp_path):
    path = _scenario_with(tmp_path, "faction_tiers: {hive: 9, weeping_lady: 2}\n")
    with pytest.raises(ContentError) as err:
        load_scenario(path)
    found = {(p.path, p.message) for p in err.value.problems}
    assert ("faction_tiers.hive", "must be 0..6, got 9") in found
    assert any(p == "faction_tiers.weeping_lady" and "not in this scenario's factions" in m for p, m in found)
    assert all(p.line > 1 for p in err.value.problems)


def test_sweep_parses_faction_tiers_and_statuses():
    assert parse_sweep(["tier.hive=2,5", "status.crows=-2,0"]) == (("tier.hive", (2, 5)), ("status.crows", (-2, 0)))
    for bad, words in (("tier.hive=7", "must be integers 0..6"), ("status.hive=-4,1", "must be integers -3..3"),
                       ("tier.hive=two", "must be integers 0..6"), ("tier.=1", "wants a faction id"),
                       ("rank.hive=1", "unknown parameter 'rank.hive'")):
        with pytest.raises(UsageError, match=words):
            parse_sweep([bad])


def test_sweep_values_set_the_factions_tier_and_the_crews_status(starter):
    s = with_params(starter, (("tier.hive", 6), ("status.crows", -2), ("status.lampblacks", 3)))
    assert dict(s.faction_tiers)["hive"] == 6
    assert dict(s.crew.statuses) == {"lampblacks": 3, "red_sashes": -1, "crows": -2}
    journal = Journal()
    build_campaign(s, 4, journal)
    start = journal.events[0]["factions"]
    assert start["hive"]["tier"] == 6 and start["crows"]["status"] == -2
    with pytest.raises(UsageError, match="faction 'ministry_of_preservation' is not in this scenario's factions"):
        with_params(starter, (("tier.ministry_of_preservation", 2),))


def test_report_has_a_faction_balance_table_matching_the_rows(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["batch", str(STARTER), "--campaigns", "12", "--workers", "1", "--out", str(out),
                 "--journals", "0", "--sweep", "tier.hive=2,5"]) == 0
    capsys.readouterr()
    df = pd.read_parquet(out / "campaigns.parquet")
    assert "sweep_tier_hive" in df.columns and set(df["sweep_tier_hive"]) == {2, 5}
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## Faction balance" in report and "### Variant `tier.hive=5`" in report
    summary_table = report.split("## Summary fields")[1].split("## Faction balance")[0]
    assert "| `scores_won` |" in summary_table and "`status_hive`" not in summary_table
    folded = report.split("<details>")[1].split("</details>")[0]  # per-faction fields with Δ, folded away
    assert "| `status_hive` |" in folded and "| `faction_goals_hive` |" in folded and "Δ" in folded
    assert (out / "plots" / "faction_goals.png").stat().st_size > 1000
    section = report.split("### Variant `tier.hive=5`")[1].split("\n\n")[1]
    row = next(line for line in section.splitlines() if line.startswith("| The Hive |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    five = df[df["variant"] == "tier.hive=5"]
    assert float(cells[1]) == pytest.approx(five["faction_tier_hive"].mean(), abs=0.005)
    assert float(cells[3]) == pytest.approx(five["faction_goals_hive"].mean(), abs=0.005)
    assert cells[5] == f"{100 * (five['status_hive'] == -3).mean():.1f}%"
