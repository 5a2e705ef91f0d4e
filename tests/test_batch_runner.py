"""The batch runner's mechanics: order, backends, resuming, refusing, aggregates.

A small seeded game (:class:`DiceGame`, real dice, a few tallies) stands in
for the campaign loop so the runner is tested on its own; the end-to-end tests
on real Blades campaigns are in ``test_batch_blades.py``. The game is
importable from worker processes because tests/ is on their path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from sim.batch import plan, table
from sim.batch.progress import Progress, clock
from sim.batch.runner import run_batch
from sim.errors import UsageError
from sim.options import RuleOptions
from sim.rng import make_rng

POLICIES = ("careful", "reckless")


@dataclass(frozen=True, slots=True)
class DiceGame:
    delay: float = 0.0  # seconds per campaign, to make a run slow enough to interrupt

    def scenario_info(self, path: str) -> tuple[str, int, str]:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        return data["name"], data["seed"], plan.file_sha256(path)

    def prepare(self, path: str, params: tuple) -> dict:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        prepared = {"scores": data["scores"], "players": "careful", "options": RuleOptions()}
        for name, value in params:
            if name == "players" and value not in POLICIES:
                raise UsageError(f"unknown player policy {value!r}")
            if name in ("scores", "players"):
                prepared[name] = value
            else:
                prepared["options"] = prepared["options"].replace(**{name: value})
        return prepared

    def play(self, prepared: dict, seed: int, journal: list | None, series: list | None) -> dict:
        from sim.dice import roll_action

        rng = make_rng(seed)
        dice = 3 if prepared["players"] == "reckless" else 2
        stress = crits = 0
        for score in range(prepared["scores"]):
            roll = roll_action(rng, dice)
            crits += roll.result == "critical"
            stress += {"critical": 0, "success": 0, "partial": 1, "failure": 2}[roll.result]
            stress += prepared["options"]["zero_effect_ticks"]
            if journal is not None:
                journal.append({"seq": score + 1, "phase": "score", "event": "roll", "result": roll.result})
            if series is not None:
                series.append({"score": score + 1, "stress": stress, "crit": roll.result == "critical",
                               "result": roll.result})
        if self.delay:
            time.sleep(self.delay)
        return {
            "crits": crits,
            "stress": stress,
            "broke": stress >= prepared["scores"],
            "mood": "grim" if stress > prepared["scores"] else "fine",
            "stress_per_score": stress / prepared["scores"],
        }


GAME = DiceGame()
TESTS = Path(__file__).resolve().parent


@pytest.fixture
def scenario(tmp_path):
    path = tmp_path / "dice.yaml"
    path.write_text("name: dice\nseed: 7\nscores: 4\n", encoding="utf-8")
    return str(path)


def rows(out) -> pd.DataFrame:
    return pd.read_parquet(Path(out) / "campaigns.parquet")


def test_rows_are_indexed_seeded_and_in_order(scenario, tmp_path):
    result = run_batch(scenario, GAME, 25, workers=1, out=tmp_path / "out", chunk_size=10, report=False,
                       keep_chunks=True)
    df = rows(result.out)
    assert list(df["index"]) == list(range(25))
    from sim.rng import derive_seed
    assert list(df["seed"]) == [derive_seed(7, i) for i in range(25)]
    assert list(df.columns) == ["index", "seed", "variant", "broke", "crits", "mood", "stress", "stress_per_score"]
    assert set(df["variant"]) == {"base"}  # always there, so groupby("variant") works without a sweep
    schema = pq.read_schema(result.out / "campaigns.parquet")
    assert [str(t) for t in schema.types] == ["int64", "int64", "string", "bool", "int64", "string", "int64", "double"]
    one = GAME.play(GAME.prepare(scenario, ()), derive_seed(7, 13), None, None)
    assert df.iloc[13][list(one)].to_dict() == one
    assert sorted(p.name for p in (result.out / "chunks").iterdir()) == [
        "v0-000000.parquet", "v0-000000.series.parquet", "v0-000001.parquet", "v0-000001.series.parquet",
        "v0-000002.parquet", "v0-000002.series.parquet"]


def test_same_rows_with_1_and_2_workers_and_any_chunking(scenario, tmp_path):
    one = rows(run_batch(scenario, GAME, 40, workers=1, out=tmp_path / "w1", chunk_size=10, report=False).out)
    two = rows(run_batch(scenario, GAME, 40, workers=2, out=tmp_path / "w2", chunk_size=10, report=False).out)
    pd.testing.assert_frame_equal(one, two)
    other_chunks = rows(run_batch(scenario, GAME, 40, workers=2, out=tmp_path / "c7", chunk_size=7,
                                  report=False).out)
    pd.testing.assert_frame_equal(one, other_chunks)  # Dask local: test_batch_blades.py


def test_first_k_journals_are_written(scenario, tmp_path):
    out = run_batch(scenario, GAME, 12, workers=1, out=tmp_path / "out", chunk_size=5, journals=3,
                    report=False).out
    assert sorted(p.name for p in (out / "journals").iterdir()) == ["0.jsonl", "1.jsonl", "2.jsonl"]
    events = [json.loads(line) for line in (out / "journals" / "2.jsonl").read_text().splitlines()]
    assert [e["seq"] for e in events] == [1, 2, 3, 4]
    assert {e["result"] for e in events} <= {"critical", "success", "partial", "failure"}


def test_manifest_and_summary_are_fsynced_before_and_after_their_replace(scenario, tmp_path, monkeypatch):
    """A manifest emptied by a machine crash would make the folder unusable: it is written durably (file, then its
    folder, fsynced), each time a chunk is recorded. Chunk files and journals are not (checksums catch those)."""
    synced: list[str] = []
    real = os.fsync

    def fsync(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    out = run_batch(scenario, GAME, 12, workers=1, out=tmp_path / "out", chunk_size=5, journals=2,
                    report=False).out
    temporaries = [Path(p).name for p in synced if Path(p).name.endswith(".tmp")]
    assert temporaries.count(f".manifest.json.{os.getpid()}.tmp") >= 4  # created, then one per chunk of 3
    assert f".summary.json.{os.getpid()}.tmp" in temporaries
    assert str(out.resolve()) in synced  # the folder, after each replace
    assert not [p for p in synced if "journals" in p or "chunks" in p]
    assert json.loads((out / "manifest.json").read_text())["chunks"].keys() == {"v0-000000", "v0-000001",
                                                                                "v0-000002"}


def test_summary_aggregates_equal_what_pandas_computes(scenario, tmp_path):
    result = run_batch(scenario, GAME, 300, workers=1, out=tmp_path / "out", report=False)
    df = rows(result.out)
    saved = json.loads((result.out / "summary.json").read_text())
    assert saved["campaigns"] == 300 and saved["seed"] == 7 and saved["scenario"] == "dice"
    agg = saved["variants"][0]["aggregates"]
    assert set(agg) == {"broke", "crits", "mood", "stress", "stress_per_score"}
    for field in ("crits", "stress", "stress_per_score"):
        assert agg[field]["mean"] == pytest.approx(df[field].mean(), rel=1e-12)
        assert agg[field]["std"] == pytest.approx(df[field].std(), rel=1e-12)
        assert agg[field]["min"] == df[field].min() and agg[field]["max"] == df[field].max()
        for q, value in agg[field]["quantiles"].items():
            assert value == pytest.approx(df[field].quantile(float(q)), rel=1e-12), (field, q)
        # a seeded bootstrap percentile interval (sim.batch.reporting.intervals): inside the values' range, about the normal
        # interval's width at n = 300, and n beside it
        lo, hi = agg[field]["ci95"]
        half = 1.959963984540054 * df[field].std() / len(df) ** 0.5
        assert df[field].min() <= lo < df[field].mean() < hi <= df[field].max()
        assert hi - lo == pytest.approx(2 * half, rel=0.15)
        assert agg[field]["n"] == 300 and agg[field]["ci_method"] == "bootstrap" and not agg[field]["thin"]
    assert agg["broke"]["rate"] == pytest.approx(df["broke"].mean())
    assert agg["broke"]["count"] == int(df["broke"].sum())
    lo, hi = agg["broke"]["ci95"]
    assert lo < agg["broke"]["rate"] < hi
    assert agg["mood"]["counts"] == df["mood"].value_counts().sort_index().to_dict()
    series = saved["variants"][0]["series"]
    assert sorted(series) == ["crit", "stress"]  # words ("result") are not summed
    assert series["stress"]["score"] == [1, 2, 3, 4] and series["stress"]["n"] == [300] * 4
    assert series["stress"]["mean"][-1] == pytest.approx(df["stress"].mean())  # stress after the last score
    lo, hi = series["stress"]["ci95"][-1]
    half = 1.959963984540054 * df["stress"].std() / len(df) ** 0.5
    assert hi - lo == pytest.approx(2 * half, rel=0.15) and lo < df["stress"].mean() < hi
    assert sum(series["crit"]["mean"]) == pytest.approx(df["crits"].mean())  # rates per score add up


def test_wilson_interval_known_answer():
    from sim.batch.aggregate import wilson
    # 8 of 10: Wilson 95% interval 0.4902..0.9433 (textbook value)
    assert wilson(8, 10) == pytest.approx([0.4902, 0.9433], abs=1e-4)
    z = 1.959963984540054
    for p in wilson(8, 10):  # each end solves (0.8 - p)^2 = z^2 p (1 - p) / n
        assert (0.8 - p) ** 2 == pytest.approx(z * z * p * (1 - p) / 10, rel=1e-9)
    assert wilson(0, 10)[0] == 0.0


def test_sweep_runs_every_variant_on_the_same_seeds(scenario, tmp_path):
    sweep = plan.parse_sweep(["players=careful,reckless", "scores=2,4"])
    result = run_batch(scenario, GAME, 30, workers=2, out=tmp_path / "out", chunk_size=10, sweep=sweep,
                       journals=1)
    df = rows(result.out)
    assert len(df) == 120
    assert list(df["variant"].unique()) == ["players=careful scores=2", "players=careful scores=4",
                                           "players=reckless scores=2", "players=reckless scores=4"]
    assert {"sweep_players", "sweep_scores"} <= set(df.columns)
    for _, group in df.groupby("variant"):
        assert list(group["seed"]) == list(df["seed"][:30])
    # scores=2 vs scores=4 for careful players: the first two rolls are the same dice
    careful2 = df[df["variant"] == "players=careful scores=2"].reset_index()
    careful4 = df[df["variant"] == "players=careful scores=4"].reset_index()
    assert (careful4["crits"] >= careful2["crits"]).all()
    summary = result.summary["variants"]
    diff = summary[1]["aggregates"]["stress"]["vs_first"]
    assert diff["diff"] == pytest.approx((careful4["stress"] - careful2["stress"]).mean())
    assert "vs_first" not in summary[0]["aggregates"]["stress"]
    assert sorted(p.name for p in (result.out / "journals").iterdir()) == ["v0", "v1", "v2", "v3"]
    report = (result.out / "report.md").read_text()
    assert "players=reckless scores=4" in report and "Δ" in report


def _finished(out: Path) -> int:
    """Chunks recorded as done (a chunk written but not yet recorded when the run died is played again)."""
    path = out / "manifest.json"
    return len(json.loads(path.read_text()).get("chunks", {})) if path.exists() else 0


def test_killed_run_resumes_to_the_identical_result(scenario, tmp_path):
    whole = rows(run_batch(scenario, GAME, 40, workers=1, out=tmp_path / "whole", chunk_size=5, report=False).out)
    out = tmp_path / "killed"
    script = (f"import sys; sys.path.insert(0, {str(TESTS)!r});"
              "from test_batch_runner import DiceGame; from sim.batch.runner import run_batch;"
              f"run_batch({scenario!r}, DiceGame(delay=0.05), 40, workers=1, out={str(out)!r}, chunk_size=5)")
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 30
        while _finished(out) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        proc.kill()
    finally:
        proc.wait()
    done = _finished(out)
    assert 2 <= done < 8, done
    assert not (out / "campaigns.parquet").exists()
    result = run_batch(scenario, GAME, 40, workers=2, out=out, report=False)
    assert result.summary["chunks_resumed"] == done
    assert result.summary["campaigns_played"] == 40 - 5 * done
    pd.testing.assert_frame_equal(rows(out), whole)


@pytest.mark.parametrize("change, words", [
    ({"seed": 8}, "seed 7 there, 8 here"),
    ({"campaigns": 11}, "campaigns 10 there, 11 here"),
    ({"sweep": (("players", ("careful", "reckless")),)}, "another --sweep"),
    ({"journals": 2}, "journals 5 there, 2 here"),
    ({"chunk_size": 3}, "chunk size 5 there, 3 here"),
])
def test_a_different_batch_is_refused_on_an_existing_directory(scenario, tmp_path, change, words):
    out = tmp_path / "out"
    run_batch(scenario, GAME, 10, workers=1, out=out, chunk_size=5, report=False)
    before = (out / "campaigns.parquet").read_bytes()
    kwargs = {"seed": 7, "campaigns": 10, "chunk_size": 5, **change}
    with pytest.raises(UsageError, match=words):
        run_batch(scenario, GAME, kwargs.pop("campaigns"), workers=1, out=out, report=False, **kwargs)
    assert (out / "campaigns.parquet").read_bytes() == before


def test_another_scenario_or_a_foreign_directory_is_refused(scenario, tmp_path):
    out = tmp_path / "out"
    run_batch(scenario, GAME, 10, workers=1, out=out, report=False)
    other = tmp_path / "other.yaml"
    other.write_text("name: dice\nseed: 7\nscores: 5\n", encoding="utf-8")
    with pytest.raises(UsageError, match="holds a different batch .scenario"):
        run_batch(str(other), GAME, 10, workers=1, out=out, report=False)
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="not a sim batch directory"):
        run_batch(scenario, GAME, 10, workers=1, out=foreign, report=False)
    assert (foreign / "notes.txt").read_text() == "mine"


def test_rerun_of_a_finished_batch_plays_nothing_and_keeps_rows(scenario, tmp_path):
    out = tmp_path / "out"
    first = rows(run_batch(scenario, GAME, 20, workers=1, out=out, chunk_size=10, report=False).out)
    again = run_batch(scenario, GAME, 20, workers=1, out=out, report=False)
    assert again.summary["campaigns_played"] == 0 and again.summary["chunks_resumed"] == 2
    pd.testing.assert_frame_equal(rows(out), first)


@pytest.mark.parametrize("kwargs, words", [
    ({"campaigns": 0}, "--campaigns must be at least 1"),
    ({"workers": 0}, "--workers must be at least 1"),
    ({"journals": -1}, "--journals must be 0 or more"),
    ({"chunk_size": 0}, "--chunk-size must be at least 1"),
])
def test_bad_numbers_are_refused(scenario, tmp_path, kwargs, words):
    kwargs = {"campaigns": 5, **kwargs}
    with pytest.raises(UsageError, match=words):
        run_batch(scenario, GAME, kwargs.pop("campaigns"), out=tmp_path / "out", **kwargs)
    assert not (tmp_path / "out").exists()


def test_missing_scenario_and_bad_sweep_value_are_refused(scenario, tmp_path):
    with pytest.raises(UsageError, match="no scenario file"):
        run_batch(str(tmp_path / "nope.yaml"), GAME, 5, out=tmp_path / "out")
    with pytest.raises(UsageError, match="unknown player policy 'wild'"):
        run_batch(scenario, GAME, 5, out=tmp_path / "out", sweep=plan.parse_sweep(["players=careful,wild"]))
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("items, words", [
    (["nonsense=1,2"], "unknown parameter 'nonsense'"),
    (["resist_mode=reduce,sideways"], "option resist_mode: must be one of"),
    (["zero_effect_ticks=0,7"], "option zero_effect_ticks: must be 0..1"),
    (["scores=6,0"], "must be positive integers"),
    (["scores"], "wants NAME=v1,v2"),
    (["scores=6,,12"], "wants NAME=v1,v2"),
    (["scores=6", "scores=12"], "names scores twice"),
    (["scores=6,6"], "repeated"),
])
def test_bad_sweeps_are_refused(items, words):
    with pytest.raises(UsageError, match=words):
        plan.parse_sweep(items)


def test_sweep_parses_options_and_makes_the_cartesian_product():
    sweep = plan.parse_sweep(["push_and_bargain_share_slot=true,false", "scores=6,12", "gm=gentle"])
    assert sweep == (("push_and_bargain_share_slot", (True, False)), ("scores", (6, 12)), ("gm", ("gentle",)))
    labels = [v.label for v in plan.variants(sweep)]
    assert labels == ["push_and_bargain_share_slot=true scores=6 gm=gentle",
                      "push_and_bargain_share_slot=true scores=12 gm=gentle",
                      "push_and_bargain_share_slot=false scores=6 gm=gentle",
                      "push_and_bargain_share_slot=false scores=12 gm=gentle"]
    assert [v.label for v in plan.variants(())] == ["base"]


def test_default_chunk_size_depends_on_n_only():
    assert [plan.default_chunk_size(n) for n in (1, 40, 2000, 20_000, 1_000_000)] == [10, 10, 10, 100, 1000]
    cut = plan.chunks(plan.variants(()), 25, 10)
    assert [(c.start, c.stop, c.name) for c in cut] == [(0, 10, "v0-000000"), (10, 20, "v0-000001"),
                                                         (20, 25, "v0-000002")]


def test_a_chunk_whose_field_changes_type_is_refused():
    variant = plan.variants(())[0]
    first = table.chunk_table(plan.Chunk(variant, 0, 0, 2), 1, {"coin": [1, 2], "tier": [0, 1]}, False, None)
    assert first.schema.field("coin").type == pa.int64()
    floats = table.chunk_table(plan.Chunk(variant, 0, 0, 2), 1, {"coin": [1.5, 2.0], "tier": [0, 1]}, False, None)
    ints_into_floats = table.chunk_table(plan.Chunk(variant, 1, 2, 4), 1, {"coin": [3, 4], "tier": [0, 1]},
                                         False, floats.schema)
    assert ints_into_floats.column("coin").to_pylist() == [3.0, 4.0]
    with pytest.raises(ValueError, match="'tier' is string, the batch's first chunk made it int64"):
        table.chunk_table(plan.Chunk(variant, 1, 2, 4), 1, {"coin": [3, 4], "tier": ["a", "b"]}, False,
                          first.schema)
    with pytest.raises(ValueError, match=r"columns \['heat'\] differ"):
        table.chunk_table(plan.Chunk(variant, 1, 2, 4), 1, {"coin": [3, 4], "tier": [0, 1], "heat": [1, 1]},
                          False, first.schema)
    with pytest.raises(ValueError, match="mixed kinds"):
        table.chunk_table(plan.Chunk(variant, 0, 0, 2), 1, {"coin": [1, "x"], "tier": [0, 1]}, False, None)


class FakeTerminal:
    def __init__(self, tty):
        self.tty, self.text = tty, ""

    def isatty(self):
        return self.tty

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_progress_bar_draws_only_on_a_terminal():
    """Not a terminal: no bar, only plain lines (every few seconds and at the end; tests/test_batch_progress.py)."""
    plain = FakeTerminal(False)
    bar = Progress(100, stream=plain)
    bar.advance(50)
    bar.close()
    assert plain.text.startswith("sim batch: 50/100 campaigns in ") and "\r" not in plain.text and "[#" not in plain.text
    loud = FakeTerminal(True)
    bar = Progress(100, done=20, stream=loud)
    bar.began -= 2.0  # 30 campaigns in 2 s: 15/s, 50 left: about 3 s
    bar.advance(30)
    assert "[###############               ] 50/100 campaigns" in loud.text
    assert "15/s" in loud.text and "0:03 left" in loud.text
    assert clock(3725) == "1:02:05" and clock(65) == "1:05"


def test_an_unreachable_dask_scheduler_is_one_clear_error(scenario, tmp_path, monkeypatch):
    from sim.batch import backends
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(UsageError, match="--dask: cannot reach a scheduler at tcp://127.0.0.1:9"):
        run_batch(scenario, GAME, 5, out=tmp_path / "out", dask="tcp://127.0.0.1:9", report=False)


def test_campaigns_parquet_gathers_chunks_into_row_groups(scenario, tmp_path, monkeypatch):
    monkeypatch.setattr(table, "ROW_GROUP", 25)
    out = run_batch(scenario, GAME, 95, workers=1, out=tmp_path / "out", chunk_size=10, report=False,
                    keep_chunks=True).out
    meta = pq.read_metadata(out / "campaigns.parquet")
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [30, 30, 30, 5]
    pieces = pa.concat_tables(pq.read_table(p) for p in sorted((out / "chunks").glob("v0-??????.parquet")))
    assert pq.read_table(out / "campaigns.parquet").equals(pieces)
