"""The solo save file (sim.solo.save): round trip, torn lines, damage refused, backups, SIGKILL, prefixes."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.errors import UsageError
from sim.solo.save import SAVE_FORMAT, SAVE_VERSION, TORN_WARNING, SaveError, SaveFile

HEADER = {"scenario": "name: starter\n", "scenario_hash": "ab" * 8, "seed": 3, "seats": ["pc1"], "lang": "en",
          "engine": {"version": "0.1.0", "fingerprint": "f" * 64}}
ENTRIES = [
    {"type": "answer", "seat": "pc1", "kind": "action", "choice": "prowl", "by": "person", "step": 1,
     "seq": 17, "digest": "0" * 16},
    {"type": "note", "text": "The door creaks. 門がきしむ — 門吱吱作響"},
    {"type": "oracle", "question": "Is the door guarded?", "likelihood": "likely"},
    {"type": "answer", "seat": "pc1", "kind": "push", "choice": False, "by": "auto:careful", "step": 2},
]


def make_save(path: Path, entries=ENTRIES) -> SaveFile:
    save = SaveFile.create(path, HEADER)
    for entry in entries:
        save.append(entry)
    return save


def test_round_trip(tmp_path):
    path = tmp_path / "story.save"
    made = make_save(path)
    assert made.entries == ENTRIES
    opened = SaveFile.open(path)
    assert opened.entries == ENTRIES
    assert opened.warnings == []
    assert opened.header["format"] == SAVE_FORMAT and opened.header["version"] == SAVE_VERSION
    assert {k: opened.header[k] for k in HEADER} == HEADER
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == len(ENTRIES) + 2 and lines[-1] == b""  # header, entries, final newline
    assert all("crc" in json.loads(line) for line in lines[:-1])
    opened.append({"type": "note", "text": "later"})
    assert SaveFile.open(path).entries == ENTRIES + [{"type": "note", "text": "later"}]


def test_engine_filled_in_when_the_session_does_not_name_it(tmp_path):
    from sim import __version__
    from sim.batch.plan import engine_fingerprint

    import platform

    from sim.names import names_info

    save = SaveFile.create(tmp_path / "s.save", {"seed": 1})
    assert save.header["engine"] == {"version": __version__, "fingerprint": engine_fingerprint(),
                                     "python": platform.python_version(), "names": names_info()["hash"],
                                     "names_faker": names_info()["faker"]}


def test_create_refuses_an_existing_file_a_folder_and_a_device(tmp_path):
    path = tmp_path / "story.save"
    path.write_text("precious\n")
    with pytest.raises(UsageError, match="already exists"):
        SaveFile.create(path, HEADER)
    assert path.read_text() == "precious\n"
    with pytest.raises(UsageError, match="folder"):
        SaveFile.create(tmp_path, HEADER)
    with pytest.raises(UsageError, match="not a regular file"):
        SaveFile.create("/dev/null", HEADER)
    with pytest.raises(UsageError, match="no folder"):
        SaveFile.create(tmp_path / "missing" / "s.save", HEADER)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["story.save"]  # no temporary left


def test_open_refuses_a_missing_file_a_folder_and_a_device(tmp_path):
    for path, words in ((tmp_path / "nope.save", "no save file"), (tmp_path, "folder"),
                        (Path("/dev/null"), "not a regular file")):
        with pytest.raises(UsageError, match=words) as info:
            SaveFile.open(path)
        assert "\n" not in str(info.value)


def test_torn_last_line_dropped_with_a_warning_then_a_good_append(tmp_path):
    path = tmp_path / "story.save"
    make_save(path)
    whole = path.read_bytes()
    torn = whole + b'{"type":"note","text":"half wr'
    path.write_bytes(torn)
    save = SaveFile.open(path)
    assert save.entries == ENTRIES
    assert save.warnings == [TORN_WARNING]
    assert path.read_bytes() == torn  # opening never writes
    save.append({"type": "note", "text": "after the kill"})
    again = SaveFile.open(path)
    assert again.warnings == []
    assert again.entries == ENTRIES + [{"type": "note", "text": "after the kill"}]
    assert path.read_bytes().startswith(whole)
    assert save.backups() == [tmp_path / "story.save.1"]
    assert (tmp_path / "story.save.1").read_bytes() == torn  # the version before the repair is kept


def test_a_last_line_that_is_not_json_is_dropped_too(tmp_path):
    path = tmp_path / "story.save"
    make_save(path)
    path.write_bytes(path.read_bytes() + b"\0" * 40 + b"\n")  # a zero-filled tail after a crash
    save = SaveFile.open(path)
    assert save.entries == ENTRIES and save.warnings == [TORN_WARNING]


def flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1:]


def refused(path: Path, *words: str) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        SaveFile.open(path)
    message = str(info.value)
    assert "\n" not in message and str(path.name) in message
    for word in words:
        assert word in message
    assert path.read_bytes() == before
    return message


def test_a_flipped_byte_in_the_middle_is_refused_naming_the_line(tmp_path):
    path = tmp_path / "story.save"
    make_save(path)
    data = path.read_bytes()
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    line3 = data[starts[2]:starts[3]]
    at = starts[2] + line3.index(b"creaks")  # inside the note's text: still valid JSON
    path.write_bytes(flip(data, at))
    refused(path, ":3:", "checksum")
    path.write_bytes(data[:starts[2]] + b"{not json\n" + data[starts[3]:])
    refused(path, ":3:", "not a JSON object")


def test_a_line_removed_from_the_middle_is_refused(tmp_path):
    path = tmp_path / "story.save"
    make_save(path)
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(lines[:2] + lines[3:]))  # every line intact, one missing
    refused(path, ":3:", "removed")


def test_foreign_newer_and_empty_files_are_refused_unchanged(tmp_path):
    path = tmp_path / "story.save"
    path.write_bytes(b'{"seq":1,"phase":"setup","event":"campaign_start"}\n{"seq":2}\n')
    refused(path, ":1:", "not a sim-solo save")
    path.write_bytes(b"")
    refused(path, "empty")
    path.write_bytes(b"\n\n")
    refused(path, "empty")
    path.write_bytes(b"name: starter\nsystem: blades\n")
    refused(path, "not a sim-solo save")
    path.write_bytes(b'{"format":"sim-solo","ver')
    refused(path, ":1:", "not a whole save header")
    make = tmp_path / "made.save"
    make_save(make)
    lines = make.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["version"] = SAVE_VERSION + 1
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"\n".join(lines[1:]))
    refused(path, ":1:", "newer sim", f"save version {SAVE_VERSION + 1}")


def test_a_refused_save_is_never_written(tmp_path):
    path = tmp_path / "story.save"
    make_save(path)
    data = flip(path.read_bytes(), 60)
    path.write_bytes(data)
    with pytest.raises(SaveError):
        SaveFile.open(path)
    with pytest.raises(UsageError, match="already exists"):
        SaveFile.create(path, HEADER)
    assert path.read_bytes() == data
    assert not list(tmp_path.glob("story.save.*"))


def test_rotation_keeps_exactly_three_backups_newest_first(tmp_path):
    path = tmp_path / "story.save"
    make_save(path, [])
    versions = []
    for i in range(5):  # five sessions continue the save, each adding one note
        versions.append(path.read_bytes())
        save = SaveFile.open(path)
        assert len(save.backups()) == min(i, 3)
        save.append({"type": "note", "text": f"session {i}"})
        save.append({"type": "note", "text": f"session {i}, again"})  # one backup per session, not per line
    backups = SaveFile.open(path).backups()
    assert backups == [tmp_path / f"story.save.{i}" for i in (1, 2, 3)]
    assert [p.read_bytes() for p in backups] == versions[::-1][:3]
    assert not (tmp_path / "story.save.4").exists()
    for p in backups:
        assert len(SaveFile.open(p).entries) in (8, 6, 4)


def test_truncate_is_undo_and_keeps_a_backup_each_time(tmp_path):
    path = tmp_path / "story.save"
    save = make_save(path)
    full = path.read_bytes()
    save.truncate(3)
    after_one = path.read_bytes()
    save.truncate(2)
    assert SaveFile.open(path).entries == ENTRIES[:2]
    assert [p.read_bytes() for p in save.backups()] == [after_one, full]
    save.append({"type": "note", "text": "a new branch"})
    assert SaveFile.open(path).entries == ENTRIES[:2] + [{"type": "note", "text": "a new branch"}]
    save.truncate(0)
    assert SaveFile.open(path).entries == []
    with pytest.raises(ValueError):
        save.truncate(1)


def test_a_save_changed_behind_the_session_is_not_written(tmp_path):
    path = tmp_path / "story.save"
    save = make_save(path)
    with open(path, "ab") as fh:
        fh.write(b"someone else\n")
    with pytest.raises(UsageError, match="changed on disk"):
        save.append({"type": "note", "text": "x"})
    with pytest.raises(UsageError, match="changed on disk"):
        save.truncate(1)
    torn = tmp_path / "torn.save"
    make_save(torn)
    with open(torn, "ab") as fh:
        fh.write(b'{"type":"no')
    opened = SaveFile.open(torn)
    with open(torn, "ab") as fh:
        fh.write(b'te","text":"someone else"}\n')
    data = torn.read_bytes()
    with pytest.raises(UsageError, match="changed on disk"):
        opened.append({"type": "note", "text": "x"})
    assert torn.read_bytes() == data


def test_bad_entries_are_programming_errors(tmp_path):
    save = make_save(tmp_path / "s.save", [])
    for bad in ({"text": "no type"}, ["type"], {"type": "note", "crc": "00000000"}, {"type": "note", "x": {1, 2}}):
        with pytest.raises(ValueError):
            save.append(bad)
    assert SaveFile.open(tmp_path / "s.save").entries == []


CHILD = r"""
import sys
from sim.solo.save import SaveFile
path, seed = sys.argv[1], int(sys.argv[2])
import random
rng = random.Random(seed)
save = SaveFile.open(path)
n = len(save.entries)
print("ready", n, flush=True)
while True:
    save.append({"type": "note", "n": n, "text": "x" * rng.choice((10, 1000, 3000000))})
    n += 1
    print("ok", n, flush=True)
"""


def test_sigkill_at_random_moments_loses_at_most_the_line_being_written(tmp_path):
    """20 kills of a process that continues a save and appends in a loop (entries of 10 B to 3 MB, so some kills
    land inside a write and tear it, others inside the backup copy of opening): after each, the save opens with
    every entry the process had been told was saved, in order, and at most the one it was writing. A new save
    every five kills keeps the files small."""
    rng = random.Random(11)
    for kill in range(20):
        path = tmp_path / f"story{kill // 5}.save"
        if not path.exists():
            make_save(path, [])
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(kill)],
                                 stdout=subprocess.PIPE, text=True, cwd=tmp_path)
        ready, start = child.stdout.readline().split()
        assert ready == "ready"
        time.sleep(rng.uniform(0.0, 0.08))
        os.kill(child.pid, signal.SIGKILL)
        out, _ = child.communicate()
        acked = max([int(line.split()[1]) for line in out.splitlines() if line.startswith("ok")] or [int(start)])
        save = SaveFile.open(path)
        numbers = [e["n"] for e in save.entries]
        assert numbers == list(range(len(numbers)))
        assert acked <= len(numbers) <= acked + 1
        assert save.warnings in ([], [TORN_WARNING])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(min_value=0.0, max_value=1.0))
def test_any_prefix_opens_with_a_prefix_of_the_entries_or_is_refused(tmp_path, cut):
    path = tmp_path / "story.save"
    if not path.exists():
        make_save(path)
    data = path.read_bytes()
    prefix = tmp_path / "prefix.save"
    prefix.write_bytes(data[:round(cut * len(data))])
    try:
        save = SaveFile.open(prefix)
    except SaveError:
        return
    assert save.entries == ENTRIES[:len(save.entries)]
