"""``sim bench solo --start``: the CPU a player waits for before a session answers (issue 33, "a session that
starts in a blink").

Three whole processes, each started ``repeats`` times, round by round, and timed in CPU seconds (user + system,
read from the process itself with psutil at the moment its first line arrives, and at its end), the median
counting:

* ``sim play SCENARIO --scores 1``: to its first line, and to its end;
* ``sim solo new SCENARIO``: to its first question (the line naming the seat that decides);
* ``sim solo continue SAVE`` of a twelve-score save: to its end (replayed, then ``quit``).

The twelve-score save is made first by playing ``SCENARIO`` with ``--scores 12``, holding every seat and
answering 1, 2, 3 in turn where there are three options (a few seconds), in a temporary folder removed after.
Warm caches: one unmeasured run of each process fills the content cache (:mod:`sim.content.cache`) and Python's
bytecode cache first. Goals: under 0.3 s to the first line or question, under 0.5 s for ``continue``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

GOALS = {"play_first_line": 0.3, "new_first_question": 0.3, "continue": 0.5}


def _cpu(process: Any) -> float:
    times = process.cpu_times()
    return times.user + times.system


def _run(argv: list[str], stdin: str | None, marker: str | None) -> tuple[float, float]:
    """(CPU at the first line containing ``marker`` (any first line if None), CPU at the end) of ``sim ARGV``."""
    import psutil

    proc = subprocess.Popen([sys.executable, "-m", "sim", *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
    watched = psutil.Process(proc.pid)
    first = None
    try:
        for line in proc.stdout:
            if marker is None or marker in line:
                first = _cpu(watched)
                break
        end = first
        try:
            if stdin is not None:
                proc.stdin.write(stdin)
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        while True:  # read to the end, sampling the CPU until the process exits
            try:
                end = _cpu(watched)
            except psutil.Error:
                break
            if not proc.stdout.read(65536):
                try:
                    end = _cpu(watched)
                except psutil.Error:
                    pass
                break
    finally:
        proc.wait()
    if first is None:
        raise RuntimeError(f"sim {' '.join(argv)} printed no line with {marker!r}")
    return first, end


def make_long_save(scenario: str | Path, path: Path, scores: int = 12) -> int:
    """Play a session of ``scores`` scores into ``path`` (every seat, answers 1, 2, 3 in turn); its entries."""
    from sim.solo.session import Session

    session = Session.new(scenario, path, seats="all", scores=scores)
    try:
        while not session.done:
            p = session.pending
            choice = 1 + len(session.save.entries) % 3 if p is not None and len(p.options) >= 3 else 1
            session.handle(str(choice))
        return len(session.save.entries)
    finally:
        session.close()


def bench_start(scenario: str | Path = "scenarios/starter.yaml", repeats: int = 5) -> dict[str, Any]:
    """The median CPU seconds of each start (see the module docstring), with the goals."""
    scenario = str(scenario)
    with tempfile.TemporaryDirectory(prefix="sim-bench-start-") as folder:
        long_save = Path(folder) / "twelve.save"
        entries = make_long_save(scenario, long_save)
        cases = {
            "play_first_line": (["play", scenario, "--scores", "1"], None, None),
            "new_first_question": (None, "quit\n", "["),
            "continue": (["solo", "continue", str(long_save), "--script", "-"], "quit\n", None),
        }
        firsts: dict[str, list[float]] = {name: [] for name in cases}
        ends: dict[str, list[float]] = {name: [] for name in cases}
        for round_ in range(repeats + 1):  # round 0 warms the caches and is not counted
            for name, (argv, stdin, marker) in cases.items():
                if argv is None:
                    argv = ["solo", "new", scenario, "--save", str(Path(folder) / f"new{round_}.save"),
                            "--seats", "all", "--script", "-"]
                first, end = _run(argv, stdin, marker)
                if round_:
                    firsts[name].append(first)
                    ends[name].append(end)
    out = {"scenario": scenario, "repeats": repeats, "continue_entries": entries, "python": sys.version.split()[0],
           "cpus": os.cpu_count(), "cases": {}}
    for name in cases:
        value = statistics.median(ends[name] if name == "continue" else firsts[name])
        out["cases"][name] = {"cpu_s": round(value, 3), "end_cpu_s": round(statistics.median(ends[name]), 3),
                              "goal_s": GOALS[name], "met": value < GOALS[name]}
    return out


def lines(r: dict[str, Any]) -> list[str]:
    """The figures of :func:`bench_start` for people."""
    words = {"play_first_line": "sim play --scores 1, to its first line",
             "new_first_question": "sim solo new, to its first question",
             "continue": f"sim solo continue of a twelve-score save ({r['continue_entries']} entries), to its end"}
    out = [f"start-up CPU (user+system), median of {r['repeats']} warm runs of {r['scenario']}:"]
    for name, case in r["cases"].items():
        out.append(f"  {words[name]}: {case['cpu_s']:.2f} s (goal under {case['goal_s']} s: "
                   f"{'met' if case['met'] else 'missed'})")
    return out
