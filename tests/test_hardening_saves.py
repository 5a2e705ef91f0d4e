"""Issue 33, hardening round two, the solo saves and the files a person names: each case reproduced, then refused
with one line and exit 2 (cases 1, 2, 4, 5, 11 and the two "Also" items; case 5 with real processes too).

A hand-edited save gets its CRCs recomputed (:func:`resealed`): the chained CRC finds damage, not edits, so the
fields themselves must be checked on read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.errors import UsageError
from sim.files import read_regular
from sim.solo.save import CRC, SaveError, SaveFile, encode_line, lock_path
from sim.solo.session import Session

SIM = [sys.executable, "-m", "sim"]
TWO = str(PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml")
DEEP = "[" * 100_000 + "]" * 100_000 + "\n"


def cli(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sim: error: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A real save of two_scores: a few answers, a note, an oracle question and a free roll."""
    path = tmp_path_factory.mktemp("played") / "story.save"
    session = Session.new(TWO, path, seats="pc1")
    try:
        for line in ("1", "note the door creaks", "ask Is it guarded? likely", "roll 2d6", "1", "1"):
            session.handle(line)
    finally:
        session.close()
    return path


def copy_of(played: Path, tmp_path: Path, name: str = "s.save") -> Path:
    path = tmp_path / name
    path.write_bytes(played.read_bytes())
    return path


def records(path: Path) -> list[dict]:
    out = []
    for line in path.read_bytes().splitlines():
        record = json.loads(line)
        record.pop(CRC)
        out.append(record)
    return out


def resealed(path: Path, recs: list[dict]) -> None:
    """Write ``recs`` as a save with every CRC recomputed (a careful hand edit)."""
    data, crc = b"", 0
    for record in recs:
        line, crc = encode_line(record, crc)
        data += line
    path.write_bytes(data)


# -- case 1: deep JSON ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [("solo", "continue", "{save}"), ("solo", "export", "{save}", "--md"),
                                  ("play", TWO, "--replay", "{save}")])
def test_case_1_deep_json_save_or_journal_is_one_line(tmp_path, capsys, argv):
    save = tmp_path / "d.save"
    save.write_text(DEEP, encoding="ascii")
    code, out, err = cli(capsys, *(a.format(save=save) for a in argv))
    assert code == 2
    one_line(err)
    assert not lock_path(save).exists()  # not a save: no lock file left beside it


def test_case_1_deep_json_as_a_middle_line_of_a_save(played, tmp_path, capsys):
    save = copy_of(played, tmp_path)
    lines = save.read_bytes().splitlines(keepends=True)
    save.write_bytes(lines[0] + DEEP.encode() + b"".join(lines[1:]))
    code, _, err = cli(capsys, "solo", "continue", save)
    assert code == 2 and ":2: damaged" in one_line(err)


# -- case 2: devices ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [("solo", "new", TWO, "--save", "{tmp}/z.save", "--script", "/dev/zero"),
                                  ("play", TWO, "--replay", "/dev/zero"),
                                  ("solo", "continue", "/dev/zero"),
                                  ("solo", "export", "/dev/zero", "--md")])
def test_case_2_a_device_is_refused_not_read_to_the_end(tmp_path, capsys, argv):
    began = time.monotonic()
    code, _, err = cli(capsys, *(a.format(tmp=tmp_path) for a in argv))
    assert code == 2 and "not a regular file" in one_line(err)
    assert time.monotonic() - began < 30
    assert not (tmp_path / "z.save").exists()  # refused before the save is made


def test_case_2_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="not a regular file"):
        read_regular(fifo, "the script", 1000)


def test_case_2_inputs_are_bounded_in_size(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(UsageError, match="larger than 1,000 bytes"):
        read_regular(big, "the journal", 1000)
    assert read_regular(big, "the journal", 2000) == b"x" * 2000


# -- case 4: every field of a save validated on read --------------------------------------------------------

def _edit_header(key, value):
    def edit(recs):
        recs[0][key] = value
    return edit


def _edit_entry(kind, key, value=None, drop=False):
    def edit(recs):
        entry = next(r for r in recs[1:] if r["type"] == kind)
        if drop:
            del entry[key]
        else:
            entry[key] = value
    return edit


EDITS = {
    "seed_as_text": (_edit_header("seed", "seven"), 1, "seed"),
    "seed_negative": (_edit_header("seed", -1), 1, "seed"),
    "seats_a_number": (_edit_header("seats", 3), 1, "seats"),
    "seats_numbers": (_edit_header("seats", [1, 2]), 1, "seats"),
    "scenario_path_a_number": (_edit_header("scenario_path", 12), 1, "scenario_path"),
    "lang_a_list": (_edit_header("lang", ["en"]), 1, "lang"),
    "scores_zero": (_edit_header("scores", 0), 1, "scores"),
    "versions_not_text": (_edit_header("versions", {"sim": 1}), 1, "versions"),
    "note_without_text": (_edit_entry("note", "text", drop=True), None, "text"),
    "oracle_without_question": (_edit_entry("oracle", "question", drop=True), None, "question"),
    "oracle_bad_likelihood": (_edit_entry("oracle", "likelihood", "surely"), None, "likelihood"),
    "roll_without_expr": (_edit_entry("roll", "expr", drop=True), None, "expr"),
    "roll_0d6": (_edit_entry("roll", "expr", "0d6"), None, "expr"),
    "roll_1d0": (_edit_entry("roll", "expr", "1d0"), None, "expr"),
    "answer_seat_a_number": (_edit_entry("answer", "seat", 5), None, "seat"),
    "answer_without_choice": (_edit_entry("answer", "choice", drop=True), None, "choice"),
    "answer_step_text": (_edit_entry("answer", "step", "one"), None, "step"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
@pytest.mark.parametrize("command", ["continue", "export"])
def test_case_4_a_hand_edited_save_is_one_line_naming_line_and_field(played, tmp_path, capsys, name, command):
    save = copy_of(played, tmp_path)
    recs = records(save)
    edit, line, field = EDITS[name]
    edit(recs)
    if line is None:  # the first entry of its kind
        kinds = {"note": "note", "oracle": "oracle", "roll": "roll", "answer": "answer"}
        kind = next(k for k in kinds if f"_{k}" in f"_{name}" or name.startswith(k))
        line = 1 + next(i for i, r in enumerate(recs[1:], start=1) if r["type"] == kind)
    resealed(save, recs)
    before = save.read_bytes()
    code, _, err = cli(capsys, "solo", command, save, *(["--script", os.devnull] if command == "continue"
                                                        else ["--md"]))
    message = one_line(err)
    assert code == 2
    assert f"{save.name}:{line}:" in message and field in message
    assert save.read_bytes() == before and not list(tmp_path.glob("s.save.[0-9]"))  # untouched, no backup


def test_case_4_what_open_refuses_is_never_written(tmp_path):
    save = SaveFile.create(tmp_path / "s.save", {"seed": 1})
    with pytest.raises(ValueError, match="expr"):
        save.append({"type": "roll", "expr": "0d6"})
    with pytest.raises(ValueError, match="seed"):
        SaveFile.create(tmp_path / "t.save", {"seed": "one"})
    assert SaveFile.open(tmp_path / "s.save").entries == []


def test_case_4_an_untouched_save_still_opens(played):
    opened = SaveFile.open(played)
    assert opened.header["seats"] == ["pc1"] and any(e["type"] == "roll" for e in opened.entries)


# -- case 5: one writer at a time --------------------------------------------------------------------------

def test_case_5_a_second_session_on_one_save_is_refused_naming_the_holder(played, tmp_path):
    save = copy_of(played, tmp_path)
    first = Session.resume(save)
    try:
        with pytest.raises(UsageError) as refused:
            Session.resume(save)
        message = str(refused.value)
        assert f"pid {os.getpid()} on " in message and " since " in message and "\n" not in message
        assert Session.resume(save, on_diverge="stop", lock=False).close() is None  # a reader is not refused
    finally:
        first.close()
    again = Session.resume(save)  # released with the session
    again.close()


def test_case_5_two_continue_processes_the_second_refused_and_the_save_intact(played, tmp_path):
    """Issue 33 "Done means": two real ``sim solo continue`` processes on one save."""
    save = copy_of(played, tmp_path)
    entries_before = len(SaveFile.open(save).entries)
    first = subprocess.Popen(SIM + ["solo", "continue", str(save), "--script", "-"], cwd=PROJECT_ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not lock_path(save).exists() or not lock_path(save).read_text().strip():
            assert first.poll() is None, first.stderr.read()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        second = subprocess.run(SIM + ["solo", "continue", str(save), "--script", "-"], cwd=PROJECT_ROOT,
                                input="1\nnote from the second\n", capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        message = one_line(second.stderr)
        assert f"is open in another session (pid {first.pid} on " in message
        assert first.poll() is None  # the second touched nothing of the first's
        out, err = first.communicate("note from the first\n1\n", timeout=120)
        assert first.returncode == 0, err
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    after = SaveFile.open(save)  # intact: every CRC agrees
    assert [e.get("text") for e in after.entries if e["type"] == "note"][-1] == "from the first"
    assert "from the second" not in save.read_text(encoding="utf-8")
    assert len(after.entries) >= entries_before + 1
    third = subprocess.run(SIM + ["solo", "continue", str(save), "--script", "-"], cwd=PROJECT_ROOT,
                           input="save\n", capture_output=True, text=True, timeout=120)
    assert third.returncode == 0, third.stderr  # the first's lock died with it


# -- case 11: a save reached through a symlink -------------------------------------------------------------

def test_case_11_continue_through_a_symlink_writes_the_target_and_keeps_backups_beside_it(played, tmp_path, capsys):
    real = copy_of(played, tmp_path, "real.save")
    (tmp_path / "links").mkdir()
    link = tmp_path / "links" / "link.save"
    link.symlink_to(real)
    code, out, err = cli(capsys, "solo", "continue", link, "--script", _script(tmp_path, "note through the link\n"))
    assert code == 0, err
    assert link.is_symlink() and '"text":"through the link"' in real.read_text(encoding="utf-8")
    assert (tmp_path / "real.save.1").read_bytes() == played.read_bytes()  # the backup beside the file it is of
    assert not list((tmp_path / "links").glob("link.save.*"))


def test_case_11_a_link_loop_is_refused_before_any_backup(tmp_path, capsys):
    loop = tmp_path / "loop.save"
    loop.symlink_to(loop)
    for attempt in range(2):
        code, _, err = cli(capsys, "solo", "continue", loop, "--script", os.devnull)
        assert code == 2
        one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.save"]


def _script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "script.txt"
    path.write_text(text, encoding="utf-8")
    return path


# -- Also: a bit-flipped last line is damage; temporaries are swept -----------------------------------------

def test_also_a_bit_flipped_last_line_is_damage_not_a_torn_write(played, tmp_path, capsys):
    save = copy_of(played, tmp_path)
    data = bytearray(save.read_bytes())
    last = data.rindex(b"\n", 0, len(data) - 1) + 1
    data[last + 2] ^= 0x04  # a flipped bit in the last line, which still ends in its newline
    save.write_bytes(bytes(data))
    lines = len(data.splitlines())
    for command in (["continue", save, "--script", os.devnull], ["export", save, "--md"]):
        code, _, err = cli(capsys, "solo", *command)
        assert code == 2 and f":{lines}: damaged" in one_line(err)
    assert save.read_bytes() == bytes(data)


def test_also_a_line_without_its_newline_is_still_torn(played, tmp_path):
    save = copy_of(played, tmp_path)
    save.write_bytes(save.read_bytes() + b'{"type":"note","te')
    assert SaveFile.open(save).warnings


def test_also_temporaries_a_killed_writer_left_are_cleaned_on_the_next_open(played, tmp_path):
    save = copy_of(played, tmp_path)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        left = [tmp_path / f".s.save.{dead.pid}.tmp", tmp_path / f".s.save.1.{dead.pid}.tmp"]
        kept = [tmp_path / f".s.save.{live.pid}.tmp", tmp_path / f".other.save.{dead.pid}.tmp"]
        for path in left + kept:
            path.write_bytes(b"half")
        SaveFile.open(save)
        assert not any(p.exists() for p in left)
        assert all(p.exists() for p in kept)  # a live writer's, and another save's
    finally:
        live.kill()
        live.wait()


def test_case_5_a_lock_file_planted_as_a_symlink_is_refused_and_its_target_untouched(played, tmp_path, capsys):
    save = copy_of(played, tmp_path)
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    lock_path(save).symlink_to(victim)
    code, _, err = cli(capsys, "solo", "continue", save, "--script", os.devnull)
    assert code == 2 and "symbolic link" in one_line(err)
    assert victim.read_text(encoding="utf-8") == "precious\n" and save.read_bytes() == played.read_bytes()


def test_case_5_a_lock_older_than_its_holder_is_taken_over(played, tmp_path):
    """A lock file left by a killed session (its words still there) does not lock anyone out: the kernel
    dropped the dead holder's lock with it."""
    save = copy_of(played, tmp_path)
    lock_path(save).write_text("999999\nsomewhere\n2026-01-01 00:00:00 UTC\n", encoding="utf-8")
    session = Session.resume(save)
    try:
        assert lock_path(save).read_text(encoding="utf-8").startswith(f"{os.getpid()}\n")
    finally:
        session.close()
    assert lock_path(save).read_text(encoding="utf-8") == ""
