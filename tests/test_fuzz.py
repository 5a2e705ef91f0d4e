"""Fuzzing the command line and the content (issue 15): exit 0 or 2, never a traceback.

Two seeded fuzzers, bounded in time (a fixed number of cases, each small):

* **command lines** built from each command's own options, found by
  introspecting the argparse parser: for every leaf sub-command, its flags
  with random or hostile values (huge and negative integers, empty strings,
  odd paths, missing files, folders, device nodes, unicode). Commands that
  play campaigns are kept small (``--campaigns`` <= 3, ``--scores 1``,
  ``--workers 1``); ``sim batch`` always gets a fresh temporary ``--out``
  unless the fuzz chose a hostile one inside the temporary folder, and
  ``sim bench campaigns`` only ever sees out-of-range sizes (a valid one
  starts process pools and a Dask cluster). ``--dask ADDRESS`` is left out:
  an address waits up to 10 s for a scheduler.
* **content files**: the shipped tables and scenarios, mutated (bytes flipped,
  deleted, inserted; lines deleted, doubled, swapped; values changed to other
  types, deep nesting, aliases, huge numbers, NUL bytes, invalid UTF-8), each
  checked with ``sim validate``.
* **saves, manifests and term tables** (issue 33): a real solo save mutated as
  bytes and as fields with its CRCs recomputed (a hand edit the checksum cannot
  see), then ``sim solo continue`` and ``sim solo export``; a batch folder's
  ``manifest.json`` mutated the same ways, then resumed; a term table mutated,
  then ``sim terms``. Devices (``/dev/zero``), deep JSON and very deep paths are
  among the inputs of every fuzzer.

Each case runs ``sim.cli.main(argv)`` in this process with stdout and stderr
captured. The assertions: no exception escapes ``main`` (argparse's own
``SystemExit(2)`` is its error path), the status is 0 or 2, and a usage error
is exactly one ``sim...: error:`` line on stderr (``sim validate`` prints its
problem lines on stdout). Arguments never hold NUL: no shell can pass one.
A few cases also run as real processes. ``SIM_FUZZ_CASES`` scales the number
of cases and ``SIM_FUZZ_SEED`` changes them, for a longer local run
(``SIM_FUZZ_CASES=10 SIM_FUZZ_SEED=3 pytest tests/test_fuzz.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from sim.cli import build_parser, main
from sim.content import PROJECT_ROOT

SCALE = float(os.environ.get("SIM_FUZZ_CASES", "1"))
CLI_CASES = int(220 * SCALE)
CONTENT_CASES = int(100 * SCALE)
SEED = int(os.environ.get("SIM_FUZZ_SEED", "0"))  # another seed explores other cases

ERROR_LINE = re.compile(r"^sim( [\w-]+)*: error: \S")
NOT_FUZZED = {"--dask", "--help", "--version"}
#: commands not run here: sim accel build and clean rewrite the checkout's compiled modules (tests/test_accel.py
#: builds and cleans a copy); sim mcp is a server, serving its client on stdin and stdout until the client leaves
#: (its flags' bad values are tested in tests/test_mcp.py); sim web is a server too, serving until Ctrl-C (its flags'
#: bad values are tested in tests/test_web.py)
NOT_RUN = {("accel", "build"), ("accel", "clean"), ("mcp",), ("web",)}

INTS = ["0", "1", "2", "3", "-1", "-7", "5", "10", "257", "1001", "1000000", "99999999999999999999",
        "-99999999999999999999", "9" * 5000, "", "abc", "1.5", "1e3", "\u0663", " 4", "0x10", "+3", "1_000", "--"]
WORDS = ["", " ", "-", "--", "x", "blades", "blades.position", "fate.ladder", "盯迫", "效力", "Ünïcödé",
         "\u202e", "a" * 2000, "scores=1", "=", "%s%n", "$(echo)", "\udcff"]
SWEEPS = ["scores=1", "scores=1,2", "players=careful,bold", "gm=gentle", "gm=nobody", "resist_mode=reduce",
          "resist_mode=???", "tier.hive=9", "tier.hive=1,2", "status.lampblacks=-3,3", "status.x=1,1", "=",
          "a=", "nonsense", "", "盯迫=1", "tier.=1", "scores=0", "scores=99999999999", "scores=1,1",
          "push_and_bargain_share_slot=true,false", "dice_sampler=faces,table"]


@pytest.fixture(scope="module")
def arena(tmp_path_factory) -> dict[str, list[str]]:
    """A folder of odd paths for the fuzz: files, folders, devices, links, long names."""
    root = tmp_path_factory.mktemp("fuzz")
    (root / "a_dir").mkdir()
    (root / "a_file.txt").write_text("not yaml: [\n")
    (root / "empty.yaml").write_text("")
    (root / "binary.yaml").write_bytes(b"\xff\xfe\x00\x00garbage")
    (root / "loop").symlink_to("loop")
    (root / "dangling").symlink_to("nowhere")
    (root / "a_file_copy").write_text("x")
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000 + "\n")  # issue 33 case 1
    deep_in = str(root / ("d/" * 2000 + "x.yaml"))  # issue 33 case 3: deeper than any folder made
    deep_out = str(root / ("d/" * 2000 + "out"))
    devices = [p for p in ("/dev/zero",) if os.path.exists(p)]  # issue 33 case 2: never read to its end
    for name, minor in (("null", 3), ("full", 7)):
        with contextlib.suppress(PermissionError, OSError):
            os.mknod(root / name, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
            devices.append(str(root / name))
    scenarios = [str(PROJECT_ROOT / "scenarios" / "tests" / n) for n in ("two_scores.yaml", "tiny_city.yaml",
                                                                        "zh_hant.yaml")]
    scenarios.append(str(PROJECT_ROOT / "scenarios" / "fate_scenes.yaml"))
    odd = [str(root / "a_dir"), str(root / "a_file.txt"), str(root / "empty.yaml"), str(root / "binary.yaml"),
           str(root / "loop"), str(root / "dangling"), str(root / "missing.yaml"), str(root / ("x" * 5000)),
           str(root / "a_file.txt" / "sub"), "", ".", "/proc/sim-fuzz/x", "-", "盯迫.yaml",
           str(root / "\udcff.yaml"), str(root / "deep.json"), deep_in, *devices]
    outs = [str(root / "a_dir"), str(root / "a_file_copy"), str(root / "a_file_copy" / "sub"),
            str(root / "new" / "deeper"), str(root / ("y" * 5000)), str(root / "loop"), str(root / "dangling"),
            "/proc/sim-fuzz/x", "", str(root / "盯迫"), deep_out, *devices]
    return {"root": [str(root)], "inputs": odd + scenarios * 3, "scenarios": scenarios,
            "outputs": outs, "content": [str(PROJECT_ROOT / "content"), str(PROJECT_ROOT / "content" / "blades")]}


# --- the parser, introspected -------------------------------------------------------------

def leaf_commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command words, parser) for every parser that runs something."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if path and parser.get_default("func") is not None:
        yield path, parser
    for action in subs:
        for name, sub in action.choices.items():
            yield from leaf_commands(sub, (*path, name))


def _value(action: argparse.Action, rng: random.Random, arena: dict[str, list[str]]) -> str:
    if action.choices is not None:
        return rng.choice([*map(str, action.choices)] * 3 + ["", "nope", "EN"])
    if action.type is int:
        return rng.choice(INTS)
    dest = action.dest
    if dest in ("out", "journal", "save"):
        return rng.choice(arena["outputs"])
    if dest in ("scenario", "paths"):
        return rng.choice(arena["inputs"] + arena["content"])
    if dest in ("path", "script", "replay"):  # a save, a script, a journal to replay: any input, deep JSON too
        return rng.choice(arena["inputs"])
    if dest == "sweep":
        return rng.choice(SWEEPS)
    return rng.choice(WORDS)


def command_line(words: tuple[str, ...], parser: argparse.ArgumentParser, rng: random.Random,
                 arena: dict[str, list[str]]) -> list[str]:
    argv = list(words)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or set(action.option_strings) & NOT_FUZZED:
            continue
        required = action.required or not action.option_strings
        if not required and rng.random() < 0.55:
            continue
        if not action.option_strings:  # a positional
            count = rng.choice([0, 1, 1, 2]) if action.nargs == "*" else 1
            argv += [_value(action, rng, arena) for _ in range(count)]
            continue
        flag = rng.choice(action.option_strings)
        if action.nargs == 0:
            argv.append(flag)
            continue
        for _ in range(rng.choice([1, 1, 2]) if isinstance(action, argparse._AppendAction) else 1):
            argv += [flag, _value(action, rng, arena)]
    if rng.random() < 0.05:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(["--nonsense", "-x", "--campaign", "extra"]))
    return keep_small(argv, arena, rng)


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


#: (command words, flag) -> the largest valid value the fuzz lets through (a larger valid one is lowered)
CAPS = {("batch", "--campaigns"): 3, ("batch", "--workers"): 1, ("batch", "--journals"): 2,
        ("roll", "--n"): 300, ("bench", "--n"): 2000, ("bench", "--repeats"): 1, ("play", "--scores"): 1}


def keep_small(argv: list[str], arena: dict[str, list[str]], rng: random.Random) -> list[str]:
    """Lower sizes that would make a case slow; ``sim batch`` runs one score in a temporary folder."""
    out = list(argv)
    for i in range(len(out) - 1):
        cap = CAPS.get((out[0], out[i]))
        value = _int(out[i + 1])
        if cap is not None and value is not None and cap < value <= 10**9:
            out[i + 1] = str(cap)
    if out[0] == "batch":
        if "--workers" not in out:
            out += ["--workers", "1"]
        sweeps = [i for i in range(len(out) - 1) if out[i] == "--sweep"]
        for i in sweeps:
            if out[i + 1].startswith("scores="):
                out[i + 1] = "scores=1"
        if not any(out[i + 1].startswith("scores=") for i in sweeps):
            out += ["--sweep", "scores=1"]
        if "--out" not in out:
            root = Path(arena["root"][0])
            out += ["--out", str(root / "batches" / f"b{rng.randrange(10**9)}")]
    if out[0] == "bench" and (len(out) == 1 or out[1] in ("campaigns",) or out[1].startswith("-")):
        # a valid size would start process pools and a Dask cluster: only out-of-range ones
        out += ["--campaigns", rng.choice(["0", "-5", "1000001"])]
    if out[:2] == ["bench", "dice"]:
        for flag in ("--n", "--repeats"):  # the defaults (200,000 rolls, 3 times) take seconds
            if flag not in out:
                out += [flag, str(CAPS[("bench", flag)])]
    if out[0] == "play" and "--scores" not in out:
        out += ["--scores", "1"]
    return out


# --- running one case -------------------------------------------------------------------------

def run_case(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's error path (and --help)
            code = exc.code
        except BaseException:  # noqa: BLE001 - the point of the fuzz
            pytest.fail(f"sim {argv!r} raised:\n{traceback.format_exc()}")
    return code, out.getvalue(), err.getvalue()


def check_case(argv: list[str], code: int, out: str, err: str) -> None:
    shown = " ".join(repr(a) if not a or " " in a else a[:80] for a in argv)
    validate = bool(argv) and argv[0] == "validate"
    assert code in ((0, 1, 2) if validate else (0, 2)), f"sim {shown}: exit {code}\n{err[-2000:]}"
    assert "Traceback" not in err and "Traceback" not in out, f"sim {shown}:\n{err[-2000:]}"
    if code == 2:  # bad input (sim validate's problems found are exit 1, one a line on stderr)
        lines = err.splitlines()
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), f"sim {shown}: stderr is not one error line:\n{err}"
        assert len(lines[0]) <= 600, f"sim {shown}: the error line is {len(lines[0])} characters"  # names are cut


def test_fuzz_command_lines(arena, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # relative outputs (runs/, schemas/, '.', '') land here
    leaves = [leaf for leaf in leaf_commands(build_parser()) if leaf[0] not in NOT_RUN]
    names = {" ".join(words) for words, _ in leaves}
    assert {"odds blades", "roll mist", "play", "batch", "bench dice", "bench campaigns", "validate", "schema",
            "terms"} <= names
    rng = random.Random(15 + SEED)
    seen = {"ok": 0, "error": 0}
    for case in range(CLI_CASES):
        words, parser = leaves[case % len(leaves)]
        argv = command_line(words, parser, rng, arena)
        code, out, err = run_case(argv)
        check_case(argv, code, out, err)
        seen["ok" if code == 0 else "error"] += 1
    assert seen["ok"] > CLI_CASES // 10 and seen["error"] > CLI_CASES // 10, seen  # both paths exercised
    for dev in ("null", "full"):  # no case replaced a device with a regular file
        path = Path(arena["root"][0]) / dev
        if os.path.lexists(path):
            assert stat.S_ISCHR(os.lstat(path).st_mode)


# --- content --------------------------------------------------------------------------------

HOSTILE_VALUES = ["{}", "[]", "null", "-1", "9" * 5000, "1e999", "-.inf", ".nan", "true", "'盯迫'", "&a [*a]",
                  "*undefined", "!!python/object/apply:os.system ['true']", "[" * 200 + "]" * 200, "\"\\0\"",
                  "\"\\x00\"", "0x7fffffffffffffffffff", "2001-02-03", "!!binary aGVsbG8=", "? [a]\n: b", "|",
                  "'" + "x" * 20000 + "'", "[*x]", "&x {a: *x}", "<<: {a: 1}", "1:2:3", "0o777", "~"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One random mutation of a YAML file's bytes."""
    kind = rng.randrange(12)
    lines = data.split(b"\n")
    if kind == 0 and data:  # flip bytes
        buf = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        return bytes(buf)
    if kind == 1 and data:  # delete a span
        i = rng.randrange(len(data))
        return data[:i] + data[i + rng.randint(1, 200):]
    if kind == 2:  # insert odd bytes: NUL, invalid UTF-8, control characters, a BOM
        i = rng.randrange(len(data) + 1)
        junk = rng.choice([b"\x00", b"\xff", b"\xc3\x28", b"\x80\x80", b"\t", b"\r", b"\xef\xbb\xbf", b"\x1b[2J",
                           b":", b"- ", b"{", b"]", b"&", b"*", b"!", b"%", b"@", b"`"])
        return data[:i] + junk * rng.randint(1, 3) + data[i:]
    if kind == 3 and len(lines) > 1:  # delete a line
        del lines[rng.randrange(len(lines))]
    elif kind == 4:  # double a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 5 and len(lines) > 1:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind in (6, 7, 8):  # change a value's type
        candidates = [i for i, line in enumerate(lines) if b": " in line]
        if candidates:
            i = rng.choice(candidates)
            head = lines[i].split(b": ", 1)[0]
            lines[i] = head + b": " + rng.choice(HOSTILE_VALUES).encode("utf-8")
    elif kind == 9:  # deep nesting or an alias bomb at the top
        depth = rng.choice([10, 63, 65, 500])
        lines.insert(0, rng.choice([b"deep: " + b"[" * depth + b"]" * depth,
                                    b"l0: &l0 [a, a, a, a, a, a, a, a, a]\n" + b"\n".join(
                                        b"l%d: &l%d [" % (k, k) + b", ".join([b"*l%d" % (k - 1)] * 9) + b"]"
                                        for k in range(1, 9))]))
    elif kind == 10:  # truncate
        return data[:rng.randrange(len(data) + 1)]
    else:  # a list item replaced by a scalar or a mapping
        candidates = [i for i, line in enumerate(lines) if line.lstrip().startswith(b"- ")]
        if candidates:
            i = rng.choice(candidates)
            indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            lines[i] = indent + b"- " + rng.choice(HOSTILE_VALUES).encode("utf-8")
    return b"\n".join(lines)


def test_fuzz_content_files(tmp_path, monkeypatch):
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    shutil.copytree(PROJECT_ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    files = sorted(p for p in (tmp_path / "content").rglob("*.yaml")) + sorted((tmp_path / "scenarios").rglob("*.yaml"))
    scenarios = [p for p in files if "scenarios" in p.parts]
    assert len(files) > 30 and scenarios
    rng = random.Random(1515 + SEED)
    seen = {0: 0, 1: 0, 2: 0}
    for case in range(CONTENT_CASES):
        # scenarios more often: they also name content folders and overlays
        target = rng.choice(scenarios) if case % 3 == 0 else rng.choice(files)
        original = target.read_bytes()
        data = original
        for _ in range(rng.choice([1, 1, 2, 3])):
            data = mutate(data, rng)
        target.write_bytes(data)
        try:
            argv = ["validate", str(target.relative_to(tmp_path))]
            code, out, err = run_case(argv)
            check_case(argv, code, out, err)
            assert code != 0 or "OK:" in out, out
            seen[code] += 1
        finally:
            target.write_bytes(original)
    assert seen[1] + seen[2] > CONTENT_CASES // 3, seen  # most mutations are caught (1: problems found)


def test_fuzz_scenario_content_entries(tmp_path, monkeypatch):
    """``content:`` entries with hostile paths: NUL, escapes, loops, devices, absolute, huge."""
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    shutil.copytree(PROJECT_ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    scenario = tmp_path / "scenarios" / "tests" / "tiny_city.yaml"
    folder = scenario.parent
    (folder / "loop").symlink_to("loop")
    (folder / "up").symlink_to("..")
    (folder / "dangling").symlink_to("nowhere")
    (folder / "outside").symlink_to("/etc")
    text = scenario.read_text(encoding="utf-8")
    entries = ['"a\\0b"', '"\\x00"', "loop", "up", "up/up/content", "dangling", "outside", "/etc", "~/x", "C:/x",
               "..", "../..", "content/../../x", "content/blades/../../scenarios", "''", '" "', "x" * 5000,
               "tiny_city/blades/targets.yaml", "content/blades/factions.yaml", "content", "content/blades",
               "tiny_city/blades", "盯迫", "[a]", "{a: b}", "1", "null", "/dev/null", "/proc/self/fd/0"]
    rng = random.Random(7 + SEED)
    for case in range(60):
        chosen = [rng.choice(entries) for _ in range(rng.randint(1, 3))]
        scenario.write_text(text.replace("content: [tiny_city]", f"content: [{', '.join(chosen)}]"),
                            encoding="utf-8")
        argv = ["validate", str(scenario.relative_to(tmp_path))]
        code, out, err = run_case(argv)
        check_case(argv, code, out, err)


# --- saves, manifests and term tables (issue 33) ------------------------------------------------------

SAVE_CASES = int(24 * SCALE)
MANIFEST_CASES = int(40 * SCALE)
TERM_CASES = int(30 * SCALE)
#: values a hand edit puts in a JSON field
JSON_HOSTILE = [None, True, -1, 0, 2**70, 1.5, "", " ", "0d6", "1d0", "31d6", "seven", "盯迫", "x" * 5000, [], [1, 2],
                ["pc1", "pc1"], {}, {"a": 1}, {"sim": "1"}, [[[[[]]]]]]


def _json_mutation(records: list[dict], rng: random.Random) -> None:
    """One edit of a parsed JSON document's records: a field set to a hostile value, dropped, or added."""
    record = rng.choice(records)
    keys = [k for k in record if k != "crc"]
    kind = rng.randrange(4)
    if kind == 0 and keys:
        record[rng.choice(keys)] = rng.choice(JSON_HOSTILE)
    elif kind == 1 and keys:
        del record[rng.choice(keys)]
    elif kind == 2:
        record[rng.choice(["seed", "seats", "type", "expr", "text", "question", "likelihood", "choice", "step",
                           "versions", "scores", "words", "lang"])] = rng.choice(JSON_HOSTILE)
    else:  # a record duplicated or dropped
        i = rng.randrange(len(records))
        if rng.random() < 0.5 and len(records) > 1:
            del records[i]
        else:
            records.insert(i, dict(records[i]))


@pytest.fixture(scope="module")
def a_save(tmp_path_factory) -> bytes:
    """The bytes of a real two-score save: answers, a note, an oracle question, a free roll."""
    from sim.solo.session import Session

    path = tmp_path_factory.mktemp("fuzz-save") / "story.save"
    session = Session.new(PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml", path, seats="pc1")
    try:
        for line in ("1", "note a creak", "ask Is it guarded? likely", "roll 2d6", "threads add the debt", "1"):
            session.handle(line)
    finally:
        session.close()
    return path.read_bytes()


def _resealed(records: list[dict]) -> bytes:
    from sim.solo.save import encode_line

    data, crc = b"", 0
    for record in records:
        record = {k: v for k, v in record.items() if k != "crc"}
        line, crc = encode_line(record, crc)
        data += line
    return data


def test_fuzz_saves(a_save, tmp_path, monkeypatch):
    """Damaged and hand-edited saves (CRCs recomputed), deep JSON, devices: ``continue`` and ``export`` exit 0 or
    2 with one line, and a refused save is left as it was."""
    import json

    monkeypatch.chdir(tmp_path)
    rng = random.Random(33 + SEED)
    seen = {0: 0, 2: 0}
    for case in range(SAVE_CASES):
        save = tmp_path / f"s{case}.save"
        kind = case % 4
        if kind == 0:  # bytes
            data = a_save
            for _ in range(rng.choice([1, 2])):
                data = mutate(data, rng)
        elif kind == 3 and case % 8 == 3:  # deep JSON as a line
            lines = a_save.split(b"\n")
            lines.insert(rng.randrange(len(lines)), b"[" * 50_000 + b"]" * 50_000)
            data = b"\n".join(lines)
        else:  # a hand edit the CRC cannot see
            records = [json.loads(line) for line in a_save.splitlines()]
            for _ in range(rng.choice([1, 1, 2])):
                _json_mutation(records, rng)
            data = _resealed(records)
        save.write_bytes(data)
        command = ["solo", "continue", str(save), "--script", os.devnull] if case % 2 else \
            ["solo", "export", str(save), rng.choice(["--md", "--json"])]
        code, out, err = run_case(command)
        check_case(command, code, out, err)
        if code == 2:
            assert save.read_bytes() == data  # refused: untouched
        seen[code] += 1
    assert seen[2] > SAVE_CASES // 4, seen
    for device in ("/dev/zero", str(tmp_path) + "/d" * 2000 + ".save", str(tmp_path / "deep.save")):
        if device.endswith("deep.save"):
            Path(device).write_text("[" * 100_000 + "]" * 100_000)
        for command in (["solo", "continue", device], ["solo", "export", device, "--md"]):
            check_case(command, *run_case(command))


def test_fuzz_manifests(tmp_path):
    """A batch folder's ``manifest.json`` mutated (bytes, fields, deep JSON, a device), then resumed: the batch
    runs or one UsageError line, never another exception."""
    import json

    sys.path.insert(0, str(Path(__file__).parent))
    from test_batch_runner import GAME

    from sim.batch.runner import run_batch
    from sim.errors import UsageError

    scenario = tmp_path / "dice.yaml"
    scenario.write_text("name: dice\nseed: 7\nscores: 4\n", encoding="utf-8")
    base = tmp_path / "base"
    run_batch(str(scenario), GAME, 6, workers=1, out=base, chunk_size=2, journals=2, report=False)
    original = (base / "manifest.json").read_bytes()
    rng = random.Random(8 + SEED)
    outcomes = {"ran": 0, "refused": 0}
    for case in range(MANIFEST_CASES):
        out = tmp_path / f"b{case}"
        shutil.copytree(base, out)
        kind = case % 3
        if kind == 0:
            data = mutate(original, rng)
        elif kind == 1 or case % 9 != 2:
            document = json.loads(original)
            records = [document] + [v for v in document["chunks"].values() if isinstance(v, dict)]
            if rng.random() < 0.3:
                document["chunks"][rng.choice(list(document["chunks"]) or ["v0-000000"])] = rng.choice(JSON_HOSTILE)
            for _ in range(rng.choice([1, 2])):
                _json_mutation(records, rng)
            data = json.dumps(document).encode()
        else:
            data = b"[" * 100_000 + b"]" * 100_000
        (out / "manifest.json").write_bytes(data)
        try:
            run_batch(str(scenario), GAME, 6, workers=1, out=out, journals=2, report=False,
                      progress=io.StringIO())
            outcomes["ran"] += 1
        except UsageError as exc:
            assert "\n" not in str(exc) and str(exc), exc
            outcomes["refused"] += 1
        except BaseException:  # noqa: BLE001 - the point of the fuzz
            pytest.fail(f"manifest {data[:300]!r} raised:\n{traceback.format_exc()}")
    assert outcomes["refused"] > MANIFEST_CASES // 4, outcomes
    device = tmp_path / "dev"
    shutil.copytree(base, device)
    (device / "manifest.json").unlink()
    (device / "manifest.json").symlink_to("/dev/zero")
    with pytest.raises(UsageError):
        run_batch(str(scenario), GAME, 6, workers=1, out=device, journals=2, report=False)


def test_fuzz_term_tables(tmp_path, monkeypatch):
    """A term table mutated (as bytes, and its ``source:`` codes), then ``sim terms``: a listing or one error per
    problem at its line, never a KeyError."""
    from sim import i18n

    root = tmp_path / "i18n"
    shutil.copytree(PROJECT_ROOT / "content" / "i18n", root)
    target = root / "terms" / "cli.yaml"
    original = target.read_bytes()
    monkeypatch.setenv("SIM_I18N_ROOT", str(root))
    monkeypatch.setenv("SIM_CACHE_DIR", str(tmp_path / "cache"))
    sources = [b'"000"', b'"999"', b'"000+001"', b'"003~~"', b"ours", b"OURS", b'""', b"[000]", b"{a: 1}", b"null",
               b'"000+004~"', b'"+"', b'"' + b"0" * 5000 + b'"']
    rng = random.Random(12 + SEED)
    seen = {0: 0, 2: 0}
    try:
        for case in range(TERM_CASES):
            if case % 2:
                data = original.replace(b"source: ours", b"source: " + rng.choice(sources), rng.randint(1, 3))
            else:
                data = mutate(original, rng)
            target.write_bytes(data)
            i18n.reload()
            argv = ["terms", rng.choice(["cli", "cli.terms", "cli.lang", "blades"])]
            code, out, err = run_case(argv)
            assert code in (0, 2), err
            assert "Traceback" not in err and "KeyError" not in err, err
            if code == 2:
                assert err and all(ERROR_LINE.match(line) or re.match(r"^\S.*:\d+: ", line)
                                   for line in err.splitlines()), err
            seen[code] += 1
    finally:
        target.write_bytes(original)
        monkeypatch.delenv("SIM_I18N_ROOT")
        i18n.reload()
    assert seen[2] > TERM_CASES // 4, seen


# --- a few real processes ------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["validate", "\udcff.yaml"],
    ["terms", "--search", "\udcff"],
    ["schema", "--out", "\udcff"],
    ["batch", "scenarios/tests/two_scores.yaml", "--campaigns", "99999999999999999999"],
])
def test_real_processes_with_hostile_arguments_exit_2_or_0_without_traceback(argv, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    args = [os.fsencode(a) for a in [sys.executable, "-m", "sim", *argv]]  # \udcff is the byte 0xff
    if argv[0] == "batch":
        args[4] = os.fsencode(str(PROJECT_ROOT / argv[1]))
    proc = subprocess.run(args, capture_output=True, cwd=tmp_path, env=env, timeout=120)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode in (0, 2), err
    assert "Traceback" not in err
    if proc.returncode == 2:
        assert len(err.splitlines()) == 1 and ERROR_LINE.match(err), err
