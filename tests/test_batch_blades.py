"""``sim batch`` end to end on real Blades campaigns (scenarios/tests/two_scores.yaml).

Same seed, same rows with 1 and 2 workers and with Dask local; a killed run
resumes to the identical result; a different batch on the same directory is
refused; the summary's aggregates are what pandas computes from the Parquet
file; bad input is one line and exit 2.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from sim.blades.batch import BladesGame, with_params
from sim.cli import main
from sim.content.scenario import load_scenario
from sim.journal import dumps
from sim.rng import derive_seed

ROOT = Path(__file__).resolve().parent.parent
TWO = str(ROOT / "scenarios" / "tests" / "two_scores.yaml")


def batch(*args: str) -> int:
    return main(["batch", TWO, *args])


def rows(out) -> pd.DataFrame:
    return pd.read_parquet(Path(out) / "campaigns.parquet")


def test_same_seed_same_rows_with_1_and_2_workers_and_dask_local(tmp_path, capsys):
    for name, extra in (("w1", ["--workers", "1"]), ("w2", ["--workers", "2"]),
                        ("dask", ["--workers", "2", "--dask", "local"])):
        assert batch("--campaigns", "40", "--chunk-size", "10", "--out", str(tmp_path / name), *extra) == 0
    out = capsys.readouterr().out
    assert "40 campaigns x 1 variant, seed 7" in out and "dask local" in out
    one = rows(tmp_path / "w1")
    assert len(one) == 40 and list(one["index"]) == list(range(40))
    pd.testing.assert_frame_equal(one, rows(tmp_path / "w2"))
    pd.testing.assert_frame_equal(one, rows(tmp_path / "dask"))


def test_a_row_is_the_campaign_summary_and_journals_are_the_campaigns_events(tmp_path):
    out = tmp_path / "out"
    assert batch("--campaigns", "12", "--workers", "1", "--journals", "2", "--out", str(out)) == 0
    df = rows(out)
    scenario = load_scenario(TWO)
    events: list = []
    from sim.blades import run_campaign
    summary = run_campaign(scenario, derive_seed(7, 1), journal=events)
    assert df.iloc[1][list(summary)].to_dict() == summary
    assert (out / "journals" / "1.jsonl").read_text(encoding="utf-8") == "".join(dumps(e) + "\n" for e in events)
    assert sorted(p.name for p in (out / "journals").iterdir()) == ["0.jsonl", "1.jsonl"]
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "had the same `tier`" in report and not (out / "plots" / "tier.png").exists()  # one bar says nothing
    for plot in ("survival", "heat", "stress_active", "trauma", "coin", "crew_survival"):
        assert f"(plots/{plot}.png)" in report and (out / "plots" / f"{plot}.png").stat().st_size > 1000


def test_summary_aggregates_equal_what_pandas_computes(tmp_path):
    out = tmp_path / "out"
    assert batch("--campaigns", "60", "--workers", "1", "--journals", "0", "--out", str(out)) == 0
    df = rows(out)
    saved = json.loads((out / "summary.json").read_text())
    assert saved["scenario"] == "two_scores" and saved["seed"] == 7 and saved["campaigns"] == 60
    agg = saved["variants"][0]["aggregates"]
    for field in ("coin", "dice_rolled", "heat", "stress_marked"):
        assert agg[field]["mean"] == pytest.approx(df[field].mean(), rel=1e-12)
        for q, value in agg[field]["quantiles"].items():
            assert value == pytest.approx(df[field].quantile(float(q)), rel=1e-12)
    assert agg["at_war"]["rate"] == pytest.approx(df["at_war"].mean())
    assert agg["end"]["counts"] == df["end"].value_counts().sort_index().to_dict()
    heat = saved["variants"][0]["series"]["heat"]
    assert heat["score"] == [1, 2] and heat["mean"][-1] == pytest.approx(df["heat"].mean())


def _chunk_files(out: Path) -> int:
    return len(list((out / "chunks").glob("v0-??????.parquet"))) if (out / "chunks").exists() else 0


def test_killed_run_resumes_to_the_identical_result(tmp_path):
    whole, out = tmp_path / "whole", tmp_path / "killed"
    args = ["--campaigns", "300", "--chunk-size", "10", "--journals", "3"]  # 30 chunks: room to kill mid-run
    assert batch(*args, "--workers", "1", "--out", str(whole)) == 0
    proc = subprocess.Popen([sys.executable, "-m", "sim", "batch", TWO, *args, "--workers", "1", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while _chunk_files(out) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.kill()
    finally:
        proc.wait()
    # done means recorded: a chunk written but not yet recorded at the kill is played again
    done = len(json.loads((out / "manifest.json").read_text())["chunks"])
    assert 2 <= done < 30 and _chunk_files(out) in (done, done + 1), done
    assert not (out / "campaigns.parquet").exists()
    assert batch(*args, "--workers", "2", "--out", str(out)) == 0
    saved = json.loads((out / "summary.json").read_text())
    assert saved["chunks_resumed"] == done and saved["campaigns_played"] == 300 - 10 * done
    pd.testing.assert_frame_equal(rows(out), rows(whole))
    for i in range(3):
        assert (out / "journals" / f"{i}.jsonl").read_bytes() == (whole / "journals" / f"{i}.jsonl").read_bytes()


def test_ctrl_c_stops_a_process_pool_cleanly_and_the_rerun_finishes(tmp_path):
    out = tmp_path / "out"
    # enough chunks that the interrupt lands mid-run however fast the host plays them
    args = ["--campaigns", "1000", "--chunk-size", "10", "--workers", "2", "--journals", "0", "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "sim", "batch", TWO, *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while _chunk_files(out) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    progress = [line for line in err.splitlines() if line.startswith("sim batch: ")]  # every few seconds
    assert all(re.fullmatch(r"sim batch: \d+/1000 campaigns \(\d+%\), .* left", line) for line in progress), err
    assert [line for line in err.strip().splitlines() if line not in progress] == ["sim: interrupted"]
    # done means recorded: a chunk written but not yet recorded when the signal landed is played again
    done = len(json.loads((out / "manifest.json").read_text())["chunks"])
    assert 1 <= done < 100 and _chunk_files(out) in (done, done + 1)
    assert batch(*args) == 0
    saved = json.loads((out / "summary.json").read_text())
    assert saved["chunks_resumed"] == done and saved["campaigns_played"] == 1000 - 10 * done
    assert list(rows(out)["index"]) == list(range(1000))


def test_a_different_batch_on_the_same_directory_is_refused(tmp_path, capsys):
    out = str(tmp_path / "out")
    assert batch("--campaigns", "10", "--workers", "1", "--out", out) == 0
    before = (tmp_path / "out" / "campaigns.parquet").read_bytes()
    capsys.readouterr()
    assert batch("--campaigns", "10", "--workers", "1", "--seed", "8", "--out", out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("sim: error: ")
    assert "holds a different batch (seed 7 there, 8 here); choose another --out" in err
    starter = str(ROOT / "scenarios" / "starter.yaml")
    assert main(["batch", starter, "--campaigns", "10", "--seed", "7", "--out", out]) == 2
    assert "holds a different batch (scenario" in capsys.readouterr().err
    assert (tmp_path / "out" / "campaigns.parquet").read_bytes() == before


@pytest.mark.parametrize("args, words", [
    (["--campaigns", "0"], "--campaigns must be at least 1, got 0"),
    (["--campaigns", "5", "--sweep", "no_such_rule=1,2"], "--sweep: unknown parameter 'no_such_rule'"),
    (["--campaigns", "5", "--sweep", "resist_mode=reduce,sideways"], "option resist_mode: must be one of"),
    (["--campaigns", "5", "--sweep", "players=careful,wild"], "--sweep players: unknown policy 'wild'"),
    (["--campaigns", "5", "--sweep", "gm=kind"], "--sweep gm: unknown policy 'kind'"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words):
    assert batch(*args, "--out", str(tmp_path / "out")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "out").exists()


def test_unknown_scenario_path_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["batch", str(tmp_path / "nowhere.yaml"), "--campaigns", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such scenario file" in err


def test_sweep_variants_change_the_scenario_and_share_seeds(tmp_path):
    out = tmp_path / "out"
    assert batch("--campaigns", "20", "--workers", "1", "--out", str(out), "--sweep", "scores=1,2",
                 "--sweep", "resist_mode=reduce,avoid") == 0
    df = rows(out)
    assert sorted(df["variant"].unique()) == ["scores=1 resist_mode=avoid", "scores=1 resist_mode=reduce",
                                            "scores=2 resist_mode=avoid", "scores=2 resist_mode=reduce"]
    assert set(df.groupby("variant")["scores"].max()) == {1, 2}
    assert (df.groupby("variant")["seed"].apply(list).map(tuple).nunique()) == 1
    scenario = with_params(load_scenario(TWO), (("scores", 1), ("resist_mode", "avoid"), ("players", "bold")))
    assert scenario.length.scores == 1 and scenario.options.resist_mode == "avoid"
    assert {m.policy for m in scenario.crew.members} == {"bold"}
    assert BladesGame().scenario_info(TWO)[:2] == ("two_scores", 7)


def test_help_names_every_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["batch", "--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: sim batch [-h] --campaigns N [--seed S] [--workers W] [--out DIR]")
    for option in ("--dask ADDRESS", "--journals K", "--sweep NAME=v1,v2", "--chunk-size C"):
        assert option in text


def test_the_fingerprint_follows_played_content_not_its_wording(tmp_path):
    import shutil

    from sim.blades.batch import fingerprint

    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "two.yaml"
    shutil.copy(TWO, path)
    before = fingerprint(load_scenario(path))
    cli = tmp_path / "content" / "i18n" / "terms" / "cli.yaml"
    cli.write_text(cli.read_text(encoding="utf-8").replace("Batch report", "Batch account"), encoding="utf-8")
    reworded = load_scenario(path)
    assert "Batch account" in json.dumps(reworded.content.tables["i18n/terms/cli"])
    assert fingerprint(reworded) == before  # a wording change is the same batch
    heat = tmp_path / "content" / "blades" / "heat.yaml"
    heat.write_text(heat.read_text(encoding="utf-8").replace("wanted_at: 9", "wanted_at: 10"), encoding="utf-8")
    assert fingerprint(load_scenario(path)) != before  # a rules table is not
