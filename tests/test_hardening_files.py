"""Issue 15: outputs are written safely or refused with one line (exit 2), never a traceback.

``sim.files.write_atomic`` refuses folders and devices, writes a temporary
``.{name}.{pid}.tmp`` beside the target, and turns every OSError into one line;
``sim.cli.main`` turns stdout write errors into one line (a full disk) or a
quiet exit (a closed pipe).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.errors import UsageError
from sim.files import temporary_path, write_atomic

SIM = [sys.executable, "-m", "sim"]
TWO = str(PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml")
STARTER = str(PROJECT_ROOT / "scenarios" / "starter.yaml")


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sim: error: "), err
    return lines[0]


def device(folder: Path, name: str, major: int, minor: int) -> Path:
    path = folder / name
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
    except PermissionError:
        pytest.skip("making a device node needs root")
    return path


# --- the helper ------------------------------------------------------------------

def test_write_atomic_writes_text_chunks_and_bytes(tmp_path):
    write_atomic(tmp_path / "a.txt", ["one\n", "two\n"])
    write_atomic(tmp_path / "b.bin", b"\x00\x01")
    write_atomic(tmp_path / "c.txt", "zh: 盯迫\n")
    assert (tmp_path / "a.txt").read_text() == "one\ntwo\n"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"
    assert (tmp_path / "c.txt").read_text(encoding="utf-8") == "zh: 盯迫\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.bin", "c.txt"]  # no temporaries left


def test_temporary_is_hidden_beside_the_target_with_this_pid(tmp_path):
    assert temporary_path(tmp_path / "j.jsonl") == tmp_path / f".j.jsonl.{os.getpid()}.tmp"
    assert temporary_path(tmp_path / "j.jsonl", pid=42).name == ".j.jsonl.42.tmp"


def test_write_atomic_makes_its_temporary_in_the_target_folder(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src), Path(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_atomic(tmp_path / "out.txt", "x")
    assert seen == [(tmp_path / f".out.txt.{os.getpid()}.tmp", tmp_path / "out.txt")]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "keep.txt"
    target.write_text("old\n")

    def chunks():
        yield "new\n"
        raise OSError(28, "No space left on device")

    with pytest.raises(UsageError, match=r"^cannot write output .*keep\.txt: No space left on device$"):
        write_atomic(target, chunks())
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_replacing_keeps_the_file_mode(tmp_path):
    target = tmp_path / "m.txt"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text() == "new"


def test_a_symlink_to_a_file_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    (tmp_path / "link.txt").symlink_to(real)
    write_atomic(tmp_path / "link.txt", "new")
    assert (tmp_path / "link.txt").is_symlink() and real.read_text() == "new"


def test_write_atomic_refuses_a_folder(tmp_path):
    with pytest.raises(UsageError, match="it is a folder; name a file"):
        write_atomic(tmp_path, "x")


def test_write_atomic_refuses_the_empty_name():
    with pytest.raises(UsageError, match="the file name is empty"):
        write_atomic("", "x")


# --- sim play --journal ------------------------------------------------------------

def test_play_journal_at_a_folder_is_one_line_and_nothing_is_written(tmp_path, capsys):
    code, out, err = cli(capsys, "play", TWO, "--journal", str(tmp_path))
    assert code == 2 and out == ""
    assert "it is a folder; name a file" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []
    assert not any(p.name.endswith(".tmp") for p in Path("/").iterdir())


@pytest.mark.parametrize("name, major, minor", [("null", 1, 3), ("full", 1, 7)])
def test_play_journal_at_a_device_keeps_the_device(tmp_path, capsys, name, major, minor):
    dev = device(tmp_path, name, major, minor)
    code, out, err = cli(capsys, "play", TWO, "--journal", str(dev))
    assert code == 2 and out == ""
    assert "not a regular file" in one_error_line(err)
    assert stat.S_ISCHR(os.lstat(dev).st_mode)  # still a device, not replaced by a regular file
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_play_journal_in_a_missing_folder_is_one_line(tmp_path, capsys):
    code, _, err = cli(capsys, "play", TWO, "--journal", str(tmp_path / "no" / "j.jsonl"))
    assert code == 2 and "no folder" in one_error_line(err)


def test_play_journal_writes_through_the_helper(tmp_path, capsys):
    code, _, err = cli(capsys, "play", TWO, "--journal", str(tmp_path / "j.jsonl"), "--json")
    assert code == 0 and err == ""
    assert [p.name for p in tmp_path.iterdir()] == ["j.jsonl"]
    assert (tmp_path / "j.jsonl").read_text(encoding="utf-8").count("\n") > 10


# --- sim batch --out, sim schema --out ------------------------------------------------

def test_batch_out_under_proc_is_one_line(capsys):
    code, out, err = cli(capsys, "batch", TWO, "--campaigns", "2", "--workers", "1", "--out", "/proc/sim-x")
    assert code == 2 and out == ""
    assert one_error_line(err) == ("sim: error: --out /proc/sim-x: cannot use it as a batch folder "
                                   "(No such file or directory)")


def test_batch_out_inside_a_file_is_one_line(tmp_path, capsys):
    (tmp_path / "f").write_text("x")
    code, _, err = cli(capsys, "batch", TWO, "--campaigns", "2", "--workers", "1", "--out", str(tmp_path / "f" / "sub"))
    assert code == 2 and one_error_line(err).endswith(f"is inside {tmp_path / 'f'}, a file, not a folder")


def test_schema_out_with_a_5000_character_name_is_one_line(tmp_path, capsys):
    code, _, err = cli(capsys, "schema", "--out", str(tmp_path / ("x" * 5000)))
    assert code == 2 and one_error_line(err).endswith(": the name is too long")
    assert len(err) < 300


def test_schema_out_under_proc_is_one_line(capsys):
    code, _, err = cli(capsys, "schema", "--out", "/proc/sim-x")
    assert one_error_line(err) == "sim: error: cannot create --out folder /proc/sim-x: No such file or directory"
    assert code == 2


def test_schema_files_are_written_atomically(tmp_path, capsys):
    code, out, _ = cli(capsys, "schema", "--out", str(tmp_path))
    assert code == 0
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and not any(p.name.endswith(".tmp") for p in files)


# --- stdout: a full disk, a closed pipe (real processes) -----------------------------------

def test_output_to_a_full_disk_is_one_line_and_exit_2(tmp_path):
    full = device(tmp_path, "full", 1, 7)
    with open(full, "w") as sink:
        proc = subprocess.run([*SIM, "odds", "blades", "--dice", "2"], stdout=sink, stderr=subprocess.PIPE,
                              text=True, cwd=PROJECT_ROOT, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == "sim: error: cannot write the output: No space left on device\n"


def test_output_to_a_closed_pipe_ends_quietly(tmp_path):
    # --json: 280 KB, more than a pipe holds, so the writer meets the closed end
    proc = subprocess.Popen([*SIM, "play", STARTER, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=PROJECT_ROOT)
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 0
    assert err == ""
