"""A batch folder survives damage: checksummed chunks, the engine check, the lock, quiet kills.

The runner is driven with the small seeded :class:`DiceGame` of
``test_batch_runner.py``; the lock is tested on two real ``sim batch``
processes, and a real process is killed mid-run with SIGKILL.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from sim.batch import folder, plan, table
from sim.batch.runner import run_batch
from sim.cli import main
from sim.errors import UsageError

from test_batch_runner import GAME, TESTS, rows

ROOT = TESTS.parent
SIM = [sys.executable, "-m", "sim"]


@pytest.fixture
def scenario(tmp_path):
    path = tmp_path / "dice.yaml"
    path.write_text("name: dice\nseed: 7\nscores: 4\n", encoding="utf-8")
    return str(path)


def _batch(scenario, out, **kwargs):
    return run_batch(scenario, GAME, 40, workers=1, out=out, chunk_size=10, report=False,
                     **{"keep_chunks": True, **kwargs})  # the chunks stay to be damaged


def _truncate(path: Path, other: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _zero(path: Path, other: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


def _delete(path: Path, other: Path) -> None:
    path.unlink()


def _swap(path: Path, other: Path) -> None:
    path.write_bytes(other.read_bytes())  # another chunk's valid file: it reads fine, with the wrong rows


@pytest.mark.parametrize("damage, reason", [(_truncate, "checksum"), (_zero, "checksum"), (_delete, "missing"),
                                            (_swap, "checksum")])
@pytest.mark.parametrize("kind", ["rows", "series"])
def test_a_damaged_chunk_is_played_again_to_the_undisturbed_rows(scenario, tmp_path, capsys, damage, reason, kind):
    whole = _batch(scenario, tmp_path / "whole")
    out = tmp_path / "out"
    _batch(scenario, out)
    path_of = table.chunk_path if kind == "rows" else table.series_path
    chunk1, chunk2 = plan.chunks(plan.variants(()), 40, 10)[1:3]
    damage(path_of(out, chunk1), path_of(out, chunk2))
    capsys.readouterr()
    again = _batch(scenario, out)
    err = capsys.readouterr().err
    assert err == f"chunk v0-000001 is damaged ({reason}: {path_of(out, chunk1).name}), playing it again\n"
    assert again.summary["chunks_damaged"] == 1 and again.summary["campaigns_played"] == 10
    pd.testing.assert_frame_equal(rows(out), rows(whole.out))
    assert again.summary["variants"] == whole.summary["variants"]  # the series sums too
    capsys.readouterr()
    third = _batch(scenario, out)  # repaired: nothing is damaged any more
    assert capsys.readouterr().err == "" and third.summary["campaigns_played"] == 0


def test_every_damaged_file_gets_its_line_and_unrecorded_chunks_are_played_quietly(scenario, tmp_path, capsys):
    whole = _batch(scenario, tmp_path / "whole")
    out = tmp_path / "out"
    _batch(scenario, out)
    c0, c1, c2, c3 = plan.chunks(plan.variants(()), 40, 10)
    _zero(table.chunk_path(out, c0), None)
    _zero(table.series_path(out, c0), None)
    _delete(table.chunk_path(out, c3), None)
    manifest = json.loads((out / plan.MANIFEST).read_text())
    del manifest["chunks"][c2.name]  # a run killed after writing c2's files, before recording them
    (out / plan.MANIFEST).write_text(json.dumps(manifest))
    capsys.readouterr()
    again = _batch(scenario, out)
    assert capsys.readouterr().err.splitlines() == [
        "chunk v0-000000 is damaged (checksum: v0-000000.parquet), playing it again",
        "chunk v0-000000 is damaged (checksum: v0-000000.series.parquet), playing it again",
        "chunk v0-000003 is damaged (missing: v0-000003.parquet), playing it again"]
    assert again.summary["campaigns_played"] == 30 and again.summary["chunks_resumed"] == 1
    pd.testing.assert_frame_equal(rows(out), rows(whole.out))
    recorded = json.loads((out / plan.MANIFEST).read_text())["chunks"]
    assert sorted(recorded) == [c.name for c in (c0, c1, c2, c3)]
    assert recorded[c2.name]["rows"] == folder.file_sha256(table.chunk_path(out, c2))


def test_the_manifest_records_the_engine_and_every_chunks_checksums(scenario, tmp_path):
    out = tmp_path / "out"
    _batch(scenario, out)
    manifest = json.loads((out / plan.MANIFEST).read_text())
    import sim
    assert manifest["version"] == sim.__version__
    assert manifest["engine"] == plan.source_fingerprint(Path(sim.__file__).resolve().parent)
    for chunk in plan.chunks(plan.variants(()), 40, 10):
        entry = manifest["chunks"][chunk.name]
        assert {k: entry[k] for k in ("rows", "series")} == {
            "rows": folder.file_sha256(table.chunk_path(out, chunk)),
            "series": folder.file_sha256(table.series_path(out, chunk))}
        assert entry["range"] == [chunk.start, chunk.stop]  # the checksum covers its range (issue 33 case 8)
        assert entry["journals"] == {f"journals/{i}.jsonl": folder.file_sha256(out / "journals" / f"{i}.jsonl")
                                     for i in range(chunk.start, min(chunk.stop, manifest["journals"]))}


def test_source_fingerprint_moves_with_any_code_change(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    (package / "sub" / "b.py").write_text("y = 2\n")
    first = plan.source_fingerprint(package)
    assert plan.source_fingerprint(package) == first
    (package / "sub" / "b.py").write_text("y = 3\n")  # same version, other code
    assert plan.source_fingerprint(package) != first
    (package / "sub" / "b.py").write_text("y = 2\n")
    (package / "sub" / "b.py").rename(package / "b.py")  # same bytes, other file
    assert plan.source_fingerprint(package) != first


def _stamp(out: Path, **fields) -> None:
    manifest = json.loads((out / plan.MANIFEST).read_text())
    manifest.update(fields)
    (out / plan.MANIFEST).write_text(json.dumps(manifest))


def test_another_engine_is_refused_unless_forced_and_forcing_is_recorded(scenario, tmp_path):
    whole = _batch(scenario, tmp_path / "whole")
    out = tmp_path / "out"
    _batch(scenario, out)
    table.chunk_path(out, plan.chunks(plan.variants(()), 40, 10)[2]).unlink()
    _stamp(out, engine="0123456789abcdef" * 4)  # the same version, other code
    before = (out / plan.MANIFEST).read_text()
    engine = plan.engine_fingerprint()
    with pytest.raises(UsageError) as refused:
        _batch(scenario, out)
    assert str(refused.value) == (
        f"{out} was played by sim 0.1.0 (engine 0123456789ab), this is sim 0.1.0 (engine {engine[:12]}); "
        "rerun with --force-version to resume anyway, or choose another --out")
    assert (out / plan.MANIFEST).read_text() == before
    forced = _batch(scenario, out, force_version=True)
    assert forced.summary["forced_version"] == {"manifest_version": "0.1.0", "manifest_engine": "0123456789abcdef" * 4,
                                                "version": "0.1.0", "engine": engine}
    assert json.loads((out / "summary.json").read_text())["forced_version"]["engine"] == engine
    assert forced.summary["campaigns_played"] == 10
    pd.testing.assert_frame_equal(rows(out), rows(whole.out))
    assert "forced_version" not in whole.summary


def test_another_version_is_refused_with_exit_2_and_one_line(scenario, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["batch", str(ROOT / "scenarios" / "starter.yaml"), "--campaigns", "2", "--workers", "1",
            "--journals", "0", "--out", str(out)]
    assert main(argv) == 0
    _stamp(out, version="0.0.9")
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "was played by sim 0.0.9 (engine " in err and "this is sim 0.1.0" in err
    assert "--force-version" in err
    assert main(argv + ["--force-version"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["forced_version"]["manifest_version"] == "0.0.9"


def _wait_for(predicate, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)


def test_a_second_run_on_the_same_folder_is_refused_naming_the_first_ones_pid(tmp_path):
    out = tmp_path / "out"
    argv = ["batch", "scenarios/starter.yaml", "--campaigns", "2000", "--workers", "1", "--journals", "0",
            "--out", str(out)]
    first = subprocess.Popen(SIM + argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(lambda: first.poll() is not None or (out / "chunks").is_dir())
        assert first.poll() is None
        pid, host, since = (out / folder.LOCK).read_text().splitlines()  # pid first, as before; then who and when
        assert pid == str(first.pid) and host and since.endswith(" UTC")
        second = subprocess.run(SIM + argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert second.stderr == (f"sim: error: {out} is in use by another sim batch (pid {first.pid} on {host} "
                                 f"since {since}); wait for it to finish or choose another --out\n")
        assert first.poll() is None  # the second touched nothing of the first's
    finally:
        first.kill()
        first.wait()


def test_the_sweep_removes_only_temporaries_of_dead_writers_and_its_own(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (tmp_path / "chunks").mkdir()
        files = {name: tmp_path / "chunks" / name for name in (
            f".v0-000001.parquet.{dead.pid}.tmp", f".v0-000002.parquet.{live.pid}.tmp",
            f".manifest.json.{os.getpid()}.tmp", ".0.jsonl.tmp", "v0-000003.parquet")}
        for path in files.values():
            path.write_bytes(b"x")
        removed = folder.sweep_temporaries(tmp_path)
        assert sorted(p.name for p in removed) == sorted([f".v0-000001.parquet.{dead.pid}.tmp",
                                                          f".manifest.json.{os.getpid()}.tmp"])
        assert sorted(p.name for p in (tmp_path / "chunks").iterdir()) == sorted(
            [f".v0-000002.parquet.{live.pid}.tmp", ".0.jsonl.tmp", "v0-000003.parquet"])
    finally:
        live.kill()
        live.wait()


def test_every_file_is_written_through_a_pid_temporary(tmp_path):
    assert folder.temporary_path(tmp_path / "manifest.json").name == f".manifest.json.{os.getpid()}.tmp"
    assert folder.writer_pid(tmp_path / f".v0-000001.parquet.{os.getpid()}.tmp") == os.getpid()
    assert folder.writer_pid(tmp_path / ".0.jsonl.tmp") is None


def _finished(out: Path) -> int:
    path = out / plan.MANIFEST
    return len(json.loads(path.read_text()).get("chunks", {})) if path.exists() else 0


def test_a_killed_pool_run_is_quiet_and_resumes_to_identical_rows(scenario, tmp_path):
    whole = rows(run_batch(scenario, GAME, 60, workers=1, out=tmp_path / "whole", chunk_size=3, report=False).out)
    out = tmp_path / "killed"
    script = (f"import sys; sys.path.insert(0, {str(TESTS)!r})\n"
              "from test_batch_runner import DiceGame\nfrom sim.batch.runner import run_batch\n"
              "if __name__ == '__main__':\n"
              f"    run_batch({scenario!r}, DiceGame(delay=0.05), 60, workers=2, out={str(out)!r}, chunk_size=3)\n")
    (tmp_path / "killme.py").write_text(script)
    proc = subprocess.Popen([sys.executable, str(tmp_path / "killme.py")], stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(lambda: proc.poll() is not None or _finished(out) >= 3)
        assert proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        err = proc.communicate(timeout=60)[1]  # EOF once the workers and the tracker let go of stderr too
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert err == "", err  # no BrokenPipeError traceback, no leaked-semaphore warning
    done = _finished(out)
    assert 3 <= done < 20
    result = run_batch(scenario, GAME, 60, workers=2, out=out, report=False)
    assert result.summary["chunks_resumed"] == done and result.summary["chunks_damaged"] == 0
    pd.testing.assert_frame_equal(rows(out), whole)


class DyingGame(type(GAME)):
    """The dice game, but its worker process dies at the first campaign."""

    def play(self, prepared, seed, journal, series):
        os._exit(3)


class FailingGame(type(GAME)):
    def play(self, prepared, seed, journal, series):
        raise ValueError(f"campaign seed {seed} failed")


def test_a_worker_that_dies_is_one_clear_error(scenario, tmp_path):
    with pytest.raises(RuntimeError, match=r"a batch worker process died \(exit code 3\)"):
        run_batch(scenario, DyingGame(), 20, workers=2, out=tmp_path / "out", chunk_size=5, report=False)


def test_an_error_in_a_worker_is_raised_in_the_parent(scenario, tmp_path):
    with pytest.raises(ValueError, match="campaign seed .* failed"):
        run_batch(scenario, FailingGame(), 20, workers=2, out=tmp_path / "out", chunk_size=5, report=False)


def test_an_error_in_a_worker_carries_the_workers_traceback(scenario, tmp_path):
    with pytest.raises(ValueError) as info:
        run_batch(scenario, FailingGame(), 20, workers=2, out=tmp_path / "out", chunk_size=5, report=False)
    (note,) = info.value.__notes__
    assert note.startswith("in batch worker process ") and "chunk v0-00000" in note
    assert "in play\n" in note and "raise ValueError" in note


def test_a_format_1_folder_is_refused_and_forced_plays_every_chunk_again(scenario, tmp_path):
    whole = _batch(scenario, tmp_path / "whole")
    out = tmp_path / "old"
    _batch(scenario, out)
    manifest = json.loads((out / plan.MANIFEST).read_text())
    for field in ("engine", "chunks"):  # what a manifest of format 1 lacked
        del manifest[field]
    manifest["format"] = 1
    (out / plan.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(UsageError, match=r"was played by sim 0.1.0 \(engine unknown\)"):
        _batch(scenario, out)
    forced = _batch(scenario, out, force_version=True)
    assert forced.summary["campaigns_played"] == 40  # no checksums: nothing of it is trusted
    pd.testing.assert_frame_equal(rows(out), rows(whole.out))
    assert json.loads((out / plan.MANIFEST).read_text())["format"] == plan.MANIFEST_FORMAT
