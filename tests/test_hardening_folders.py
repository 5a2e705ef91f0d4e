"""Issue 33, hardening round two, batch folders, output paths, scenario names, Dask and term tables: each case
reproduced, then refused with one line and exit 2 or repaired (cases 1 for manifests, 3, 6, 7, 8, 9, 10, 12).

The batch runner is driven with the small seeded DiceGame of ``test_batch_runner.py`` (a few milliseconds a
campaign), the CLI cases in process through :func:`sim.cli.main`.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from sim.batch import backends, folder, plan
from sim.batch.runner import default_out, run_batch
from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.errors import ContentError, UsageError
from sim.i18n.tables import load_terms

from test_batch_runner import GAME

TWO = str(PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml")


def cli(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sim: error: "), err
    return lines[0]


@pytest.fixture
def scenario(tmp_path):
    path = tmp_path / "dice.yaml"
    path.write_text("name: dice\nseed: 7\nscores: 4\n", encoding="utf-8")
    return str(path)


def batch(scenario, out, campaigns=8, **kwargs):
    """A small batch that keeps its chunks (--keep-chunks): the cases below damage a finished folder and resume it,
    which plays the damaged chunks again only while they are there (issue 32 removes them after assembly)."""
    kwargs.setdefault("chunk_size", 2)
    kwargs.setdefault("keep_chunks", True)
    return run_batch(scenario, GAME, campaigns, workers=1, out=out, report=False, journals=3, **kwargs)


def manifest(out: Path) -> dict:
    return json.loads((out / plan.MANIFEST).read_text(encoding="utf-8"))


def edit_manifest(out: Path, change) -> None:
    data = manifest(out)
    change(data)
    (out / plan.MANIFEST).write_text(json.dumps(data), encoding="utf-8")


# -- case 1 (manifests) and case 8: an edited manifest ----------------------------------------------------

def test_case_1_a_deep_json_manifest_is_one_line(scenario, tmp_path):
    out = tmp_path / "out"
    batch(scenario, out)
    (out / plan.MANIFEST).write_text("[" * 100_000 + "]" * 100_000, encoding="ascii")
    with pytest.raises(UsageError, match="nested too deep"):
        batch(scenario, out)


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(chunk_size=0), "chunk_size"),
    (lambda d: d.update(chunk_size=-1), "chunk_size"),
    (lambda d: d.update(chunk_size="2"), "chunk_size"),
    (lambda d: d.update(seed=True), "seed"),
    (lambda d: d["chunks"].update({"v0-000000": 5}), "v0-000000"),
    (lambda d: d["chunks"]["v0-000000"].update(rows=None), "rows"),
    (lambda d: d["chunks"]["v0-000000"].update(range="0-2"), "range"),
    (lambda d: d.update(sweep={"x": 1}), "sweep"),
])
def test_case_8_an_edited_manifest_is_one_line(scenario, tmp_path, change, field):
    out = tmp_path / "out"
    batch(scenario, out)
    edit_manifest(out, change)
    with pytest.raises(UsageError) as refused:
        batch(scenario, out)
    assert "unreadable manifest.json" in str(refused.value) and field in str(refused.value)
    assert "\n" not in str(refused.value)


def test_case_8_an_edited_chunk_size_replays_the_chunks_whose_range_it_changes(scenario, tmp_path, capsys):
    out = tmp_path / "out"
    batch(scenario, out)
    edit_manifest(out, lambda d: d.update(chunk_size=1000))
    lines = []
    result = run_batch(scenario, GAME, 8, workers=1, out=out, report=False, journals=3, keep_chunks=True,
                       progress=_Lines(lines))
    assert "chunk v0-000000 is damaged" in "".join(lines) and "another range" in "".join(lines)
    rows = pd.read_parquet(out / "campaigns.parquet")
    assert len(rows) == 8 and list(rows["index"]) == list(range(8))
    assert result.summary["chunk_size"] == 1000


class _Lines:
    def __init__(self, lines):
        self.lines = lines

    def write(self, text):
        self.lines.append(text)

    def flush(self):
        pass

    def isatty(self):
        return False


# -- case 7: kept journals are checked ---------------------------------------------------------------------

@pytest.mark.parametrize("damage", ["delete", "change"])
def test_case_7_a_damaged_kept_journal_is_played_again(scenario, tmp_path, damage):
    out = tmp_path / "out"
    batch(scenario, out)
    journal = out / "journals" / "1.jsonl"
    good = journal.read_bytes()
    assert manifest(out)["chunks"]["v0-000000"]["journals"]["journals/1.jsonl"] == folder.file_sha256(journal)
    if damage == "delete":
        journal.unlink()
    else:
        journal.write_bytes(good.replace(b"\"seq\":1", b"\"seq\":9", 1))
    lines = []
    result = run_batch(scenario, GAME, 8, workers=1, out=out, report=False, journals=3, chunk_size=2,
                       keep_chunks=True, progress=_Lines(lines))
    assert "chunk v0-000000 is damaged" in "".join(lines) and "journals/1.jsonl" in "".join(lines)
    assert journal.read_bytes() == good
    assert result.summary["chunks_damaged"] == 1 and result.summary["campaigns_played"] == 2


# -- case 6: planted symlinks are never followed out of the folder -------------------------------------------

@pytest.mark.parametrize("planted", ["batch.lock", "summary.json", "plots", "chunks/v0-000001.parquet",
                                     "journals/0.jsonl", "manifest.json"])
def test_case_6_a_planted_symlink_is_refused_and_its_target_untouched(scenario, tmp_path, planted):
    out = tmp_path / "out"
    batch(scenario, out)
    victim = tmp_path / "victim"
    if planted == "plots":
        victim.mkdir()
    else:
        victim.write_text("precious\n", encoding="utf-8")
    where = out / planted
    if where.is_dir():
        shutil.rmtree(where)
    elif where.exists():
        where.unlink()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.symlink_to(victim)
    with pytest.raises(UsageError) as refused:
        batch(scenario, out)
    assert "symbolic link" in str(refused.value) and "\n" not in str(refused.value)
    if planted == "plots":
        assert list(victim.iterdir()) == []
    else:
        assert victim.read_text(encoding="utf-8") == "precious\n"


def test_case_6_the_folders_own_json_files_are_not_written_through_a_link(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    (tmp_path / "summary.json").symlink_to(victim)
    with pytest.raises(UsageError, match="symbolic link"):
        plan.write_json_atomic(tmp_path / "summary.json", {"a": 1})
    assert victim.read_text(encoding="utf-8") == "precious\n"


# -- case 9: a scenario's name is a name -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["/srv/elsewhere", "../../ESCAPED", "a/b", ".hidden", "x" * 81])
def test_case_9_a_scenario_name_that_is_a_path_is_a_validation_error(tmp_path, capsys, name):
    text = Path(TWO).read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    lines = [f"name: {json.dumps(name)}" if line.startswith("name:") else line for line in text.splitlines()]
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = cli(capsys, "validate", bad)
    assert code == 1 and "name:" in out + err  # validate: ran and found a problem


@pytest.mark.parametrize("name", ["/srv/elsewhere", "../../ESCAPED", "..", "", "a/../../b"])
def test_case_9_the_default_batch_folder_is_always_one_folder_inside_runs(name):
    out = default_out(name, 7, 1)
    assert out.parent == Path("runs") and out.name not in ("", ".", "..") and "/" not in out.name
    assert not out.name.startswith(".")


def test_case_9_ordinary_names_keep_their_folder():
    assert default_out("two_scores", 7, 10) == Path("runs") / "two_scores-7-10"
    assert default_out("My Scenario", 1, 2) == Path("runs") / "My Scenario-1-2"


# -- case 3: very deep output paths ------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["schema", "batch"])
def test_case_3_a_very_deep_out_is_one_line(tmp_path, capsys, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    deep = "x/" * 2000 + "y"
    argv = ["schema", "--out", deep] if command == "schema" else ["batch", TWO, "--campaigns", "2", "--workers",
                                                                   "1", "--out", deep]
    code, _, err = cli(capsys, *argv)
    assert code == 2 and "deep" in one_line(err)
    assert not (tmp_path / "x").exists()


def test_case_3_a_deep_but_reasonable_out_is_made(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(capsys, "schema", "--out", "x/" * 100 + "y")
    assert code == 0, err
    assert (tmp_path / Path("x/" * 100 + "y")).is_dir()


# -- case 10: a silent Dask peer ---------------------------------------------------------------------------

@pytest.fixture
def silent_peer():
    """A TCP server that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held, stop = [], threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_case_10_a_silent_dask_peer_is_one_line_in_bounded_time(tmp_path, capsys, monkeypatch, silent_peer):
    pytest.importorskip("distributed")
    monkeypatch.setattr(backends, "HANDSHAKE_TIMEOUT", 1.5)
    began = time.monotonic()
    code, _, err = cli(capsys, "batch", TWO, "--campaigns", "2", "--workers", "1", "--out", tmp_path / "out",
                       "--dask", silent_peer)
    assert code == 2 and "did not answer as a Dask scheduler" in one_line(err)
    assert time.monotonic() - began < 30


# -- case 12: a term table's source is validated ------------------------------------------------------------

BAD_SOURCE = '  x:\n    y: {en: hi, zh-Hant: 嗨, zh-Hans: 嗨, source: "999"}\n'


def test_case_12_an_unknown_term_source_is_a_problem_at_its_line(tmp_path):
    root = tmp_path / "terms"
    root.mkdir()
    (root / "t.yaml").write_text("cli:\n  ok: {en: fine, source: \"000+004~\"}\n" + BAD_SOURCE, encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_terms(root)
    (problem,) = refused.value.problems
    assert problem.line == 4 and problem.path == "cli.x.y.source" and "999" in problem.message


def test_case_12_sim_terms_and_sim_validate_report_it(tmp_path, capsys, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(PROJECT_ROOT / "content", content)
    cli_terms = content / "i18n" / "terms" / "cli.yaml"
    cli_terms.write_text(cli_terms.read_text(encoding="utf-8") + "zz_probe:\n" + BAD_SOURCE, encoding="utf-8")
    code, out, err = cli(capsys, "validate", content)
    assert code == 1 and "cli.yaml" in out + err and "unknown source '999'" in out + err  # validate found it
    monkeypatch.setenv("SIM_I18N_ROOT", str(content / "i18n"))
    monkeypatch.setenv("SIM_CACHE_DIR", str(tmp_path / "cache"))
    from sim import i18n

    i18n.reload()
    try:
        code, out, err = cli(capsys, "terms", "zz_probe")
        assert code == 2 and "unknown source '999'" in err and "Traceback" not in err
    finally:
        monkeypatch.delenv("SIM_I18N_ROOT")
        i18n.reload()


# -- found by the fuzz: YAML nested 100,000 deep killed the process (libyaml's composer overflowed the C stack) --

def test_fuzz_finding_deep_yaml_is_a_problem_not_a_crash(tmp_path):
    import subprocess
    import sys

    deep = tmp_path / "deep.yaml"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="ascii")
    for argv in (["validate", str(deep)], ["batch", str(deep), "--campaigns", "1"], ["play", str(deep)]):
        done = subprocess.run([sys.executable, "-m", "sim", *argv], capture_output=True, text=True, timeout=120,
                              cwd=tmp_path, env={**__import__("os").environ, "PYTHONPATH": str(PROJECT_ROOT)})
        # validate ran and found the problem (1); batch and play were given bad input (2)
        assert done.returncode == (1 if argv[0] == "validate" else 2), (argv, done.returncode, done.stderr)
        assert "nested deeper than 64 levels" in done.stdout + done.stderr


def test_fuzz_finding_a_term_the_tables_lost_is_one_line(tmp_path, capsys, monkeypatch):
    root = tmp_path / "i18n"
    shutil.copytree(PROJECT_ROOT / "content" / "i18n", root)
    terms = root / "terms" / "cli.yaml"
    terms.write_text("\n".join(line for line in terms.read_text(encoding="utf-8").splitlines()
                               if not line.lstrip().startswith("count:")) + "\n", encoding="utf-8")
    monkeypatch.setenv("SIM_I18N_ROOT", str(root))
    monkeypatch.setenv("SIM_CACHE_DIR", str(tmp_path / "cache"))
    from sim import i18n

    i18n.reload()
    try:
        code, _, err = cli(capsys, "terms", "cli.terms")
    finally:
        monkeypatch.delenv("SIM_I18N_ROOT")
        i18n.reload()
    assert code == 2 and "no term 'cli.terms.count'" in one_line(err)


def test_case_10_a_real_scheduler_passes_the_probe():
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        began = time.monotonic()
        backends._probe_scheduler(cluster.scheduler_address, timeout=10)  # no error: it answered as a scheduler
        assert time.monotonic() - began < 10


def test_fuzz_finding_a_term_table_mapping_that_holds_itself_is_a_problem(tmp_path):
    root = tmp_path / "terms"
    root.mkdir()
    (root / "t.yaml").write_text("cli: &x\n  loop: *x\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_terms(root)
    assert "nested deeper than 16 levels" in str(refused.value) and "\n" not in str(refused.value)
