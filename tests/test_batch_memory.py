"""Peak memory of a batch (sim.batch.memory): sampled over the process tree, saved in summary.json."""

from __future__ import annotations

import json
import multiprocessing
import time

from sim.batch.memory import MB, PeakMemory
from sim.batch.runner import run_batch
from test_batch_runner import GAME, scenario  # noqa: F401  (a pytest fixture)


def _hold(megabytes: int, seconds: float) -> None:
    block = bytearray(megabytes * MB)
    for i in range(0, len(block), 4096):  # touch every page so it is resident
        block[i] = 1
    time.sleep(seconds)


def test_a_child_holding_memory_raises_the_tree_peak_not_the_main_one():
    with PeakMemory(interval=0.05) as memory:
        child = multiprocessing.get_context("spawn").Process(target=_hold, args=(120, 1.0))
        child.start()
        child.join()
    figures = memory.figures()
    assert child.exitcode == 0
    assert figures["processes_peak"] >= 2 and figures["samples"] >= 3
    assert figures["tree_peak_mb"] >= figures["main_peak_mb"] + 100


def test_memory_in_this_process_raises_the_main_peak():
    with PeakMemory(interval=0.05) as memory:
        before = memory.main_peak
        block = bytearray(80 * MB)
        for i in range(0, len(block), 4096):
            block[i] = 1
        memory.sample()
        del block
    assert memory.main_peak >= before + 70 * MB
    assert memory.figures()["main_peak_mb"] >= memory.main_peak / MB - 0.1


def test_summary_json_reports_the_runs_peak_memory(scenario, tmp_path):  # noqa: F811
    result = run_batch(scenario, GAME, 30, workers=2, out=tmp_path / "out", chunk_size=10, report=False)
    saved = json.loads((result.out / "summary.json").read_text())
    memory = saved["memory"]
    assert set(memory) == {"main_peak_mb", "tree_peak_mb", "processes_peak", "sampled_every_s", "samples"}
    assert 10 < memory["main_peak_mb"] <= memory["tree_peak_mb"]
    assert memory == result.summary["memory"]
