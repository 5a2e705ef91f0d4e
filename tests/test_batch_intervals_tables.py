"""Issue 32: intervals that respect what they measure, and the tidy tables beside campaigns.parquet.

Known answers for the Wilson and zero-count bounds, the bootstrap's range and seeding, and on a real Blades batch:
factions.parquet and series.parquet in long form, DuckDB answering "mean goals per faction per variant" with one
GROUP BY, every Parquet file's key-value metadata read back, and the chunks removed after assembly (a rerun on the
folder plays nothing) unless kept.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.batch import plan, tidy
from sim.batch.reporting import intervals
from sim.batch.aggregate import describe, paired_difference
from sim.batch.runner import run_batch
from sim.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
STARTER = str(ROOT / "scenarios" / "starter.yaml")


def test_wilson_known_answers_stay_inside_0_1_and_are_not_empty_at_zero():
    assert intervals.wilson(8, 10) == pytest.approx([0.4902, 0.9433], abs=1e-4)  # textbook value
    lo, hi = intervals.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)  # 0 of 10 is not [0, 0]
    assert intervals.wilson(10, 10)[1] == pytest.approx(1.0) and intervals.wilson(0, 0) == [0.0, 1.0]


def test_an_all_zero_count_gets_the_exact_poisson_bound_not_a_zero_width_interval():
    stats = describe(pa.array([0] * 60), seed=1)
    assert stats["ci95"] == pytest.approx([0.0, -math.log(0.025) / 60])  # 3.689 / n
    assert stats["ci_method"] == "poisson_zero" and stats["n"] == 60 and not stats["thin"]


def test_a_0_1_count_is_a_rate_and_gets_wilson():
    stats = describe(pa.array([0, 1, 0, 0, 1, 0, 0, 0, 0, 0]), seed=1)
    assert stats["ci_method"] == "wilson" and stats["ci95"] == pytest.approx(intervals.wilson(2, 10))
    assert stats["thin"]  # 10 campaigns < MIN_CAMPAIGNS


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=2, max_size=200), st.integers(0, 2 ** 62))
def test_a_counts_bootstrap_interval_never_leaves_the_values_range_and_is_seeded(values, seed):
    stats = describe(pa.array(values), seed=seed)
    lo, hi = stats["ci95"]
    assert lo >= 0  # a count's interval never goes below 0
    if stats["ci_method"] == "bootstrap":
        assert min(values) <= lo <= stats["mean"] <= hi <= max(values)
    assert describe(pa.array(values), seed=seed)["ci95"] == [lo, hi]  # same seed, same interval


def test_the_multinomial_bootstrap_is_resampling_campaigns():
    """The histogram bootstrap against the textbook one (resample indices): the same interval within 3%."""
    rng = np.random.default_rng(3)
    sample = rng.poisson(2.0, size=400).astype(float)
    values, counts = np.unique(sample, return_counts=True)
    fast = intervals.bootstrap_mean(values, counts, seed=5, resamples=4000)
    means = sample[rng.integers(0, len(sample), size=(4000, len(sample)))].mean(axis=1)
    slow = np.quantile(means, [0.025, 0.975])
    assert fast == pytest.approx(slow, rel=0.03)


def test_a_paired_difference_may_be_negative_and_is_bootstrapped():
    base = pa.array([3, 2, 4, 3, 5, 2, 3, 4] * 5)
    other = pa.array([2, 2, 3, 3, 4, 1, 3, 3] * 5)
    d = paired_difference(other, base, seed=2)
    assert d["diff"] == pytest.approx(-0.625) and d["ci95"][0] < -0.625 < d["ci95"][1] < 0
    assert d["ci_method"] == "bootstrap" and d["n"] == 40


@pytest.fixture(scope="module")
def sweep_batch(tmp_path_factory):
    out = tmp_path_factory.mktemp("tidy") / "out"
    sweep = plan.parse_sweep(["faction_clock_size=4,8"])
    return run_batch(STARTER, get_system("blades").batch_game(), 12, workers=1, out=out, chunk_size=6,
                     journals=0, sweep=sweep, report=False, seed=11)


def test_factions_parquet_is_long_and_duckdb_answers_mean_goals_per_faction_per_variant(sweep_batch):
    out = sweep_batch.out
    wide = pd.read_parquet(out / "campaigns.parquet")
    got = duckdb.sql(f"""
        SELECT variant, faction, avg(value) AS goals FROM '{out / "factions.parquet"}'
        WHERE field = 'goals' GROUP BY variant, faction ORDER BY variant, faction""").df()
    factions = sorted(c[len("faction_goals_"):] for c in wide.columns if c.startswith("faction_goals_"))
    assert sorted(set(got["faction"])) == factions and set(got["variant"]) == {"faction_clock_size=4",
                                                                               "faction_clock_size=8"}
    for row in got.itertuples():
        expected = wide[wide["variant"] == row.variant][f"faction_goals_{row.faction}"].mean()
        assert row.goals == pytest.approx(expected)
    long = pd.read_parquet(out / "factions.parquet")
    assert list(long.columns) == ["campaign", "variant", "faction", "field", "value"]
    assert set(long["field"]) >= {"goals", "segments", "tier", "crew_status"}
    assert len(long) == len(wide) * len(factions) * long["field"].nunique()


def test_series_parquet_holds_each_campaigns_trajectory(sweep_batch):
    out = sweep_batch.out
    series = pd.read_parquet(out / "series.parquet")
    assert list(series.columns) == ["campaign", "variant", "score", "field", "value"]
    wide = pd.read_parquet(out / "campaigns.parquet")
    for variant in wide["variant"].unique():
        last = series[(series.variant == variant) & (series.field == "coin")].groupby("campaign")["score"].max()
        scores = wide[wide.variant == variant].set_index("index")["scores"]
        assert (last.sort_index() == scores.sort_index()).all()  # one row per score the campaign played
    coin = series[(series.field == "coin")].sort_values(["variant", "campaign", "score"])
    final = coin.groupby(["variant", "campaign"])["value"].last()
    assert final.to_dict() == {(v, i): float(c) for v, i, c in wide[["variant", "index", "coin"]].itertuples(
        index=False)}


def test_every_parquet_file_carries_the_batchs_metadata(sweep_batch):
    out = sweep_batch.out
    summary = json.loads((out / "summary.json").read_text())
    for name in ("campaigns.parquet", "series.parquet", "factions.parquet"):
        meta = tidy.read_metadata(out / name)
        assert meta["sim.engine_version"] == summary["version"]
        assert meta["sim.engine"] == plan.engine_fingerprint()
        assert meta["sim.scenario"] == "starter" and meta["sim.scenario_sha256"] == summary["scenario_sha256"]
        assert meta["sim.master_seed"] == "11"
        assert json.loads(meta["sim.variants"]) == {"faction_clock_size=4": {"faction_clock_size": 4},
                                                     "faction_clock_size=8": {"faction_clock_size": 8}}
        assert pq.read_schema(out / name).metadata[b"sim.master_seed"] == b"11"  # what any Parquet reader sees


def test_chunks_go_after_assembly_and_a_rerun_plays_nothing(sweep_batch, tmp_path):
    out = sweep_batch.out
    assert not (out / "chunks").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["chunks_removed"] and set(manifest["assembled"]) == {"campaigns.parquet", "series.parquet",
                                                                         "factions.parquet"}
    before = (out / "campaigns.parquet").read_bytes()
    again = run_batch(STARTER, get_system("blades").batch_game(), 12, workers=1, out=out, chunk_size=6, journals=0,
                      sweep=plan.parse_sweep(["faction_clock_size=4,8"]), report=False, seed=11)
    assert again.summary["campaigns_played"] == 0 and (out / "campaigns.parquet").read_bytes() == before
    assert again.summary["variants"] == sweep_batch.summary["variants"]  # the same seeded intervals


def test_keep_chunks_keeps_them(tmp_path):
    out = run_batch(STARTER, get_system("blades").batch_game(), 4, workers=1, out=tmp_path / "k", chunk_size=2,
                    journals=0, report=False, keep_chunks=True).out
    assert sorted(p.name for p in (out / "chunks").iterdir()) == [
        "v0-000000.parquet", "v0-000000.series.parquet", "v0-000001.parquet", "v0-000001.series.parquet"]
