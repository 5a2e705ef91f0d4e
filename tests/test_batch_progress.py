"""Batch progress (issue 28): a bar on a terminal, plain lines without one, each stage after the campaigns
shown while it runs (the report takes 11-25 s at a million campaigns), nothing with ``--quiet``."""

from __future__ import annotations

import io
import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

from sim.batch import progress
from sim.batch.progress import QUIET, Progress, clock

ROOT = Path(__file__).resolve().parents[1]
TWO = "scenarios/tests/two_scores.yaml"


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_clock():
    assert clock(0) == "0:00" and clock(62.4) == "1:02" and clock(3723) == "1:02:03"


def test_without_a_terminal_a_plain_line_every_few_seconds_and_one_at_the_end():
    now, out = Clock(), io.StringIO()
    bar = Progress(1000, stream=out, every=5.0, now=now)
    for _ in range(9):  # 100 campaigns a second, 9 seconds
        now.t += 1.0
        bar.advance(100)
    now.t += 1.0
    bar.advance(100)
    bar.close()
    assert out.getvalue().splitlines() == [
        "sim batch: 500/1000 campaigns (50%), 100/s, 0:05 left",
        "sim batch: 1000/1000 campaigns in 10.0 s (100/s)",
    ]
    assert "\r" not in out.getvalue() and "\x1b" not in out.getvalue()


def test_a_resumed_batch_counts_its_rate_from_what_this_run_played():
    now, out = Clock(), io.StringIO()
    bar = Progress(1000, done=600, stream=out, every=2.0, now=now)
    now.t += 2.0
    bar.advance(100)
    assert out.getvalue() == "sim batch: 700/1000 campaigns (70%), 50/s, 0:06 left\n"


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_ends_on_its_own_line():
    now, out = Clock(), Terminal()
    bar = Progress(4, stream=out, now=now)
    for _ in range(4):
        now.t += 0.5
        bar.advance(1)
    bar.close()
    text = out.getvalue()
    assert text.count("\r[") == 5 and text.endswith("\n")  # 4 draws and the closing one
    assert "[##############################] 4/4 campaigns  2/s  0:00 left" in text


def test_quiet_prints_nothing_at_all():
    now = Clock()
    bar = Progress(10, stream=QUIET, every=0.0, now=now)
    now.t += 10
    bar.advance(5)
    with bar.stage("rendering the report"):
        pass
    bar.close()  # nothing to look at: QUIET drops every write, and none is attempted
    assert bar.quiet


def test_no_stream_and_no_terminal_prints_nothing(capsys):
    """A library caller's run_batch(progress=None) off a terminal stays silent (the CLI passes stderr)."""
    bar = Progress(10, every=0.0)
    bar.advance(10)
    with bar.stage("rendering the report"):
        pass
    bar.close()
    assert capsys.readouterr().err == ""


def test_a_stage_without_a_terminal_says_it_started_is_still_running_and_how_long_it_took():
    out = io.StringIO()
    bar = Progress(2, stream=out, every=0.05)
    bar.advance(2)
    with bar.stage("rendering report.md"):
        time.sleep(0.4)
    bar.close()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("sim batch: 2/2 campaigns in ")
    assert lines[1] == "sim batch: rendering report.md..."
    assert any(re.fullmatch(r"sim batch: still rendering report\.md\.\.\. \d+ s", line) for line in lines[2:-1])
    assert re.fullmatch(r"sim batch: rendering report\.md: done in 0\.\d s", lines[-1])


def test_a_stage_on_a_terminal_ticks_its_clock_while_it_runs(monkeypatch):
    monkeypatch.setattr(progress, "TICK", 0.02)
    out = Terminal()
    bar = Progress(2, stream=out)
    bar.advance(2)
    with bar.stage("rendering report.md"):
        time.sleep(0.3)
    text = out.getvalue()
    assert text.count("\rsim batch: rendering report.md... ") >= 5  # redrawn while the block runs
    assert re.search(r"\rsim batch: rendering report\.md: done in 0\.\d s\x1b\[K\n$", text)


def test_a_stage_that_fails_ends_its_line_so_the_error_starts_on_its_own():
    out = Terminal()
    bar = Progress(1, stream=out)
    try:
        with bar.stage("rendering report.md"):
            raise OSError("disk full")
    except OSError:
        pass
    assert out.getvalue().endswith("\n") and "done in" not in out.getvalue()


def test_the_interval_can_be_set_from_the_environment(monkeypatch):
    monkeypatch.setenv("SIM_PROGRESS_SECONDS", "0.5")
    assert progress.every_seconds() == 0.5
    for bad in ("x", "0", "-1", "nan", "inf"):
        monkeypatch.setenv("SIM_PROGRESS_SECONDS", bad)
        assert progress.every_seconds() == progress.EVERY


def _env(**more) -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), **more}


def test_sim_batch_without_a_terminal_prints_plain_progress_and_the_report_stage(tmp_path):
    done = subprocess.run([sys.executable, "-m", "sim", "batch", TWO, "--campaigns", "30", "--workers", "1",
                           "--chunk-size", "10", "--out", str(tmp_path / "run")], cwd=ROOT, capture_output=True,
                          text=True, env=_env(SIM_PROGRESS_SECONDS="0.000001"), timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert "sim batch: 10/30 campaigns (33%)" in lines[0]
    assert re.fullmatch(r"sim batch: 30/30 campaigns in \d+\.\d s \(\d+/s\)", lines[2])
    assert "sim batch: rendering report.md and its plots..." in lines
    assert re.fullmatch(r"sim batch: rendering report\.md and its plots: done in \d+\.\d s", lines[-1])
    assert "\r" not in done.stderr
    assert (tmp_path / "run" / "report.md").is_file() and "report.md" in done.stdout


def test_sim_batch_quiet_prints_only_the_results(tmp_path):
    done = subprocess.run([sys.executable, "-m", "sim", "batch", TWO, "--campaigns", "5", "--workers", "1",
                           "--out", str(tmp_path / "run"), "--quiet"], cwd=ROOT, capture_output=True, text=True,
                          env=_env(SIM_PROGRESS_SECONDS="0.000001"), timeout=300)
    assert done.returncode == 0 and done.stderr == ""
    assert "5 campaigns x 1 variant, seed" in done.stdout


def test_sim_batch_on_a_terminal_draws_the_bar_then_the_report_stage(tmp_path):
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "sim", "batch", TWO, "--campaigns", "4", "--workers", "1",
                                 "--out", str(tmp_path / "run")], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=follower, env=_env(), text=True)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=300) == 0
    finally:
        os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert "\r[##############################] 4/4 campaigns" in text
    assert "\rsim batch: rendering report.md and its plots... 0 s" in text
    assert re.search(r"sim batch: rendering report\.md and its plots: done in \d+\.\d s", text)


def test_an_interrupted_run_prints_no_closing_count():
    now, out = Clock(), io.StringIO()
    bar = Progress(100, stream=out, every=5.0, now=now)
    bar.advance(10)
    bar.close(finished=False)
    assert out.getvalue() == ""
    tty = Terminal()
    bar = Progress(100, stream=tty, now=now)
    bar.advance(10)
    bar.close(finished=False)
    assert tty.getvalue().endswith("left\x1b[K\n")  # the bar's line ended, nothing more


def test_progress_speaks_the_batchs_language():
    now, out = Clock(), io.StringIO()
    bar = Progress(10, stream=out, every=1.0, now=now, lang="zh-Hans")
    now.t += 1.0
    bar.advance(5)
    with bar.stage("rendering"):
        pass
    bar.close()
    lines = out.getvalue().splitlines()
    assert lines[0] == "sim batch：5/10 场战役（50%），每秒 5 场，剩余 0:01"
    assert lines[1] == "sim batch：5/10 场战役，用时 1.0 秒（每秒 5 场）"
    assert lines[2] == "sim batch：产生 report.md 与图表……"
    assert lines[3] == "sim batch：产生 report.md 与图表：0.0 秒完成"
