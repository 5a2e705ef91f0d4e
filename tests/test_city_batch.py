"""The city in scenarios and batches: faction seats, ``--sweep policy.<faction>``, rows identical across workers and
the report's city section (BITD.DOWNTIME.NPC.1, BITD.FACTION.7)."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import pyarrow.parquet as pq
import pytest

from sim.batch.plan import parse_sweep
from sim.batch.runner import run_batch
from sim.blades.batch import BladesGame, with_params
from sim.blades.campaign import build_campaign
from sim.blades.seating import seat_scenario
from sim.content import PROJECT_ROOT, load_scenario
from sim.errors import ContentError, UsageError
from sim.journal import Journal

TWO = PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml"


@pytest.fixture(scope="module")
def two():
    return load_scenario(TWO)


def test_BITD_DOWNTIME_NPC_1_every_faction_is_a_seat_named_in_campaign_start(two):
    journal = Journal()
    campaign = build_campaign(two, 1, journal)
    seats = journal.events[0]["seats"]
    assert {s for s in seats if s.startswith("faction.")} == {f"faction.{f}" for f in two.factions}
    table = two.content.table("blades/faction_policies")
    category = {f["id"]: f["category"] for f in two.content.table("blades/factions")["factions"]}
    for fid in two.factions:  # a faction's own policy over its category's
        assert seats[f"faction.{fid}"] == table["factions"].get(fid, table["categories"][category[fid]]), fid
    assert seats["faction.bluecoats"] == "vengeful" != table["categories"]["institutions"]  # its own policy
    assert journal.events[0]["city"]["lampblacks"]["red_sashes"] == -2
    assert campaign.agents["faction.crows"].name == "vengeful"


def test_a_scenario_or_seat_flag_puts_a_policy_or_a_person_in_a_faction_seat(two, tmp_path):
    seated, people = seat_scenario(two, {"faction.crows": "cautious", "faction.wraiths": "human"})
    assert people == ("faction.wraiths",)
    journal = Journal()
    person = SimpleNamespace(leads=lambda seat: True)  # a stand-in for the person's seat (issue 30: a person leads)
    build_campaign(seated, 1, journal, seats={"faction.wraiths": person})
    assert journal.events[0]["seats"]["faction.crows"] == "cautious"
    with pytest.raises(UsageError, match="faction 'hive' is not in this scenario's factions"):
        seat_scenario(two, {"faction.hive": "cautious"})
    with pytest.raises(UsageError, match="'bold' cannot hold seat faction.crows: use expansionist, vengeful"):
        seat_scenario(two, {"faction.crows": "bold"})
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "s.yaml"
    path.write_text(TWO.read_text(encoding="utf-8") + "seats: {faction.crows: secretive, faction.hive: cautious}\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_scenario(path)
    (problem,) = err.value.problems
    assert problem.path == "seats.faction.hive" and "not in this scenario's factions" in problem.message


def test_sweep_policy_of_a_faction_sets_its_seat(two):
    assert parse_sweep(["policy.crows=vengeful,cautious"]) == (("policy.crows", ("vengeful", "cautious")),)
    with pytest.raises(UsageError, match="policy.<faction> wants a faction id"):
        parse_sweep(["policy.=cautious"])
    s = with_params(two, (("policy.crows", "secretive"),))
    assert ("faction.crows", "secretive") in s.seats
    journal = Journal()
    build_campaign(s, 2, journal)
    assert journal.events[0]["seats"]["faction.crows"] == "secretive"
    with pytest.raises(UsageError, match="unknown faction policy 'bold'"):
        with_params(two, (("policy.crows", "bold"),))
    with pytest.raises(UsageError, match="faction 'hive' is not in this scenario's factions"):
        with_params(two, (("policy.hive", "cautious"),))


@pytest.fixture(scope="module")
def batches(tmp_path_factory):
    base = tmp_path_factory.mktemp("city")
    sweep = (("policy.crows", ("vengeful", "cautious")),)
    one = run_batch(str(TWO), BladesGame(), 6, workers=1, out=base / "one", journals=0, sweep=sweep, chunk_size=3)
    two = run_batch(str(TWO), BladesGame(), 6, workers=2, out=base / "two", journals=0, sweep=sweep, chunk_size=2,
                    report=False)
    return one.out, two.out


def test_the_city_is_the_same_on_one_worker_and_two(batches):
    one, two = (pq.read_table(out / "campaigns.parquet") for out in batches)
    assert one.num_rows == 12 and one.equals(two)
    assert {"city_wars_started", "war_lampblacks__red_sashes", "edge_lampblacks__red_sashes",
            "move_seize_success", "faction_goal_destroy", "goal_rolls_crows"} <= set(one.column_names)


def test_BITD_FACTION_7_report_shows_wars_between_factions_the_graph_and_tier_over_time(batches):
    out = batches[0]
    report = (out / "report.md").read_text(encoding="utf-8")
    city = report.split("## The city")[1]
    assert "| factions | campaigns with a war | wars per campaign |" in city
    assert "enemy pairs never went to war" in city and "rolls per goal (exact)" in city
    for png in ("city_wars", "city_status", "city_tiers", "city_clocks"):  # one file per variant (issue 32)
        assert (out / "plots" / f"{png}_v0.png").stat().st_size > 5000, png
        assert f"plots/{png}_v0.png" in city
    from sim.i18n import t

    rows = pq.read_table(out / "campaigns.parquet").to_pandas()
    first = rows[rows["variant"] == "policy.crows=vengeful"]
    wars = sorted((-(first[f] > 0).sum(), f) for f in rows.columns if f.startswith("war_") and "__" in f)
    k, field = wars[0]  # the pair that fought in the most campaigns heads the first variant's table
    a, b = field[len("war_"):].split("__")
    head = city.split("| factions | campaigns with a war | wars per campaign |")[1].splitlines()[2]
    assert head.startswith(f"| {t('blades.faction.' + a)} – {t('blades.faction.' + b)} | {100 * -k / len(first):.1f}% [")
    assert head.endswith(f"| {first[field].mean():.2f} |")
    summary_table = report.split("## Summary fields")[1].split("\n## ")[0]
    assert "__" not in summary_table and "`city_wars_started`" in summary_table


def test_a_person_can_sit_in_a_faction_seat_in_sim_play(monkeypatch, capsys):
    import io

    from sim.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", str(TWO), "--seed", "7", "--seat", "faction.crows=human"]) == 0
    out = capsys.readouterr().out
    assert "[faction.crows] The Crows (Tier 2, weak hold): which move this downtime?" in out
    assert "  1. advance a goal clock" in out and "which kind of goal does it work on?" in out
