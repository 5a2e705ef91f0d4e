"""``sim bench solo --start`` (issue 33, "a session that starts in a blink") and what a start no longer pays for.

The figures themselves are printed, not asserted (a loaded machine is slower); what is tested is that they are
measured as stated (CPU of the process itself, to its first line), that the content hash a save records is the
same as before it was made faster, and that a warm start imports neither PyYAML nor faker.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from sim.content import PROJECT_ROOT
from sim.content.loader import load_content
from sim.solo import fingerprints, startup
from sim.solo.save import SaveFile

TWO = PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml"


def test_the_content_hash_a_save_records_is_unchanged_by_the_faster_walk():
    content = load_content()
    walked = json.dumps(fingerprints.plain_tables(content.tables), sort_keys=True, ensure_ascii=False, default=str)
    assert fingerprints.content_hash(content) == fingerprints.file_hash(walked.encode("utf-8"))


def test_a_process_is_timed_in_its_own_cpu_to_its_first_line_and_its_end():
    first, end = startup._run(["--version"], None, None)
    assert 0 < first <= end < 30


def test_a_long_save_is_made_by_playing_and_opens(tmp_path):
    path = tmp_path / "long.save"
    entries = startup.make_long_save(TWO, path, scores=1)
    assert entries == len(SaveFile.open(path).entries) > 5


def test_the_figures_name_each_start_and_its_goal():
    r = {"scenario": "s.yaml", "repeats": 5, "continue_entries": 568,
         "cases": {"play_first_line": {"cpu_s": 0.24, "goal_s": 0.3, "met": True},
                   "new_first_question": {"cpu_s": 0.31, "goal_s": 0.3, "met": False},
                   "continue": {"cpu_s": 0.45, "goal_s": 0.5, "met": True}}}
    text = "\n".join(startup.lines(r))
    assert "sim play --scores 1, to its first line: 0.24 s (goal under 0.3 s: met)" in text
    assert "sim solo new, to its first question: 0.31 s (goal under 0.3 s: missed)" in text
    assert "(568 entries)" in text


WARM = """
import io, sys, contextlib
from sim.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["play", sys.argv[1], "--scores", "1"])
print(sorted(m for m in ("yaml", "faker") if m in sys.modules))
"""


def test_a_warm_start_imports_neither_yaml_nor_faker(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SIM_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", WARM, str(PROJECT_ROOT / "scenarios" / "starter.yaml")],
                           env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[-1].stderr
    assert runs[0].stdout.strip() == "['yaml']"  # cold: the cache is filled (the name pools are content: no faker)
    assert runs[1].stdout.strip() == "[]"  # warm: every table, the scenario, the names and policies from it
