"""``sim bench --against REF`` (issue 17): two engines side by side, and the check that they did the same work.

Timings are never asserted against targets here; these tests check that the
comparison runs both engines, computes its ratios from their own figures, and
catches an engine whose rows or journals differ.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from sim.batch import against
from sim.cli import main
from sim.errors import UsageError

ROOT = Path(__file__).resolve().parent.parent
TWO = ROOT / "scenarios" / "tests" / "two_scores.yaml"

needs_git = pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs a git checkout")


@needs_git
def test_an_engine_that_plays_other_campaigns_is_caught(tmp_path, monkeypatch):
    real = against.build_ref

    def shifted(root, ref, into):  # the same engine, but every campaign seeded one off
        short = real(root, ref, into)
        rng = into / "sim" / "rng.py"
        rng.write_text(rng.read_text(encoding="utf-8") + "\n_real = derive_seed\n"
                       "def derive_seed(master, index, stream='campaign'):\n"
                       "    return _real(master, index + 1, stream)\n", encoding="utf-8")
        return short

    monkeypatch.setattr(against, "build_ref", shifted)
    r = against.compare(TWO, "HEAD", campaigns=3, rounds=1, journals=1)
    assert not r["rows_identical"] and "row 0" in r["rows_differ"][0]
    assert not r["journals_identical"] and r["journals_differ"] == ["journals/0.jsonl"]


def test_same_table_names_the_first_differing_row_and_field(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    a, b, c = tmp_path / "a.parquet", tmp_path / "b.parquet", tmp_path / "c.parquet"
    pq.write_table(pa.table({"campaign": [0, 1, 2], "stress": [1, 2, 3]}), a)
    pq.write_table(pa.table({"campaign": [0, 1, 2], "stress": [1, 5, 3]}), b)
    pq.write_table(pa.table({"campaign": [0, 1, 2], "stress": [1.0, 2.0, 3.0]}), c)
    assert against.same_table(a, a) is None
    assert against.same_table(a, b) == "row 1, field stress: 2 against 5"
    assert against.same_table(a, c).startswith("the fields differ")  # an int that became a float is a change


def test_a_folder_that_is_no_checkout_is_refused(tmp_path):
    with pytest.raises(UsageError, match="needs a git checkout"):
        against.build_ref(tmp_path, "HEAD", tmp_path / "ref")


@needs_git
def test_bad_refs_and_rounds_get_one_line_and_exit_2(capsys):
    assert main(["bench", "--against", "no-such-commit-here", "--scenario", str(TWO), "--campaigns", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sim bench --against" in err
    assert "'no-such-commit-here' is not a commit" in err  # names what was asked for, not git's own words
    assert main(["bench", "--against", "HEAD", "--rounds", "0", "--scenario", str(TWO)]) == 2
    assert "--rounds must be 1..100" in capsys.readouterr().err


@needs_git
def test_against_head_plays_both_engines_alike_and_reports_each_round(capsys):
    assert main(["bench", "campaigns", "--against", "HEAD", "--scenario", str(TWO), "--campaigns", "3",
                 "--rounds", "2", "--journals", "2", "--json", "--pure"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["campaigns"] == 3 and r["rounds"] == 2
    assert r["head_pure"] and r["head_compiled_modules"] == 0  # SIM_PURE=1 even where sim accel build ran
    assert r["ref_compiled_modules"] == 0  # git archive carries no compiled module
    assert r["head_accel_build"] == ""  # nothing ran compiled, so no kind of build to name
    assert r["rows_identical"] and r["rows_differ"] == []
    assert r["journals_identical"] and r["journals_compared"] == 2 and r["journals_differ"] == []
    assert len(r["ref_campaigns_per_s"]) == len(r["head_campaigns_per_s"]) == 2
    assert r["ref_best"] == max(r["ref_campaigns_per_s"]) and r["head_best"] == max(r["head_campaigns_per_s"])
    assert r["speedup_best"] == pytest.approx(r["head_best"] / r["ref_best"])
    assert r["speedup_median"] == pytest.approx(r["head_median"] / r["ref_median"])
    pairs = [h / f for h, f in zip(r["head_campaigns_per_s"], r["ref_campaigns_per_s"])]  # each round's own ratio
    assert r["speedup_rounds"] == pytest.approx(pairs)
    assert r["speedup_rounds_median"] == pytest.approx((pairs[0] + pairs[1]) / 2)
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    assert r["against"] == head and r["head"].rstrip("+") == head


@needs_git
def test_against_prints_each_rounds_own_ratio(capsys):
    assert main(["bench", "--against", "HEAD", "--scenario", str(TWO), "--campaigns", "2", "--rounds", "2",
                 "--journals", "1", "--pure"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rounds = [line for line in lines if line.startswith("round by round x")]
    assert len(rounds) == 1 and rounds[0].count(" x") == 3  # the median, then one ratio a round
    assert rounds[0].endswith(")")


def test_this_engine_is_labelled_by_how_its_modules_ran():
    from sim.commands.bench import _how_built

    assert _how_built(0, "") == "pure Python"
    assert _how_built(47, "profile-guided") == "47 modules compiled, profile-guided"
    assert _how_built(3, "") == "3 modules compiled"  # compiled, but this checkout left no stamp to read
