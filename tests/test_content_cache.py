"""The cache of parsed and checked content (sim.content.cache, issue 33 "a session that starts in a blink").

What is cached must be what a fresh read gives (tables, problems, lines, ids), for the file's current bytes and
this engine only; a changed file, another engine or a table registered at run time is read again; an entry that
is damaged or planted is a miss; two processes filling the cache at once both get whole entries.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.content import PROJECT_ROOT, cache, loader, source


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty cache of this test's own, and the loader's in-process caches forgotten."""
    monkeypatch.setenv("SIM_CACHE_DIR", str(tmp_path / "cache"))
    loader._FILE_CACHE.clear()
    loader._CACHE.clear()
    yield tmp_path / "cache" / "content"
    loader._FILE_CACHE.clear()
    loader._CACHE.clear()


@pytest.fixture
def parses(monkeypatch):
    """The files parse_text really parsed (a cache hit parses nothing)."""
    seen: list[str] = []
    real = source.parse_text

    def counting(text, file):
        seen.append(file)
        return real(text, file)

    monkeypatch.setattr(source, "parse_text", counting)
    return seen


def _forget():
    loader._FILE_CACHE.clear()
    loader._CACHE.clear()


def test_a_second_load_reads_every_table_from_the_cache_and_gets_the_same_content(fresh, parses):
    first = loader.load_content()
    assert len(parses) >= 50 and len(list(fresh.glob("*.json"))) >= 50
    _forget()
    parses.clear()
    second = loader.load_content()
    assert parses == []  # nothing parsed again
    assert dict(second.tables) == dict(first.tables)
    assert dict(second.ids) == dict(first.ids) and second.warnings == first.warnings
    assert dict(second.files) == dict(first.files)


def test_the_cache_off_reads_everything(fresh, parses, monkeypatch):
    monkeypatch.setenv("SIM_CACHE_DIR", "")
    loader.load_content()
    assert not fresh.exists() and len(parses) >= 50


@pytest.fixture
def content_copy(tmp_path):
    root = tmp_path / "content"
    import shutil

    shutil.copytree(PROJECT_ROOT / "content", root)
    return root


def test_a_changed_file_is_checked_again_and_its_problem_reported(fresh, parses, content_copy):
    loader.load_content(content_copy)
    bargains = content_copy / "blades" / "bargains.yaml"
    text = bargains.read_text(encoding="utf-8")
    bargains.write_text(text + "\nnot_a_field: 1\n", encoding="utf-8")
    _forget()
    parses.clear()
    with pytest.raises(Exception) as refused:
        loader.load_content(content_copy)
    assert "bargains.yaml" in str(refused.value)
    assert [Path(p).name for p in parses] == ["bargains.yaml"]  # only the changed file is parsed again


def test_a_file_touched_but_unchanged_is_confirmed_by_its_hash_not_parsed(fresh, parses, content_copy):
    loader.load_content(content_copy)
    bargains = content_copy / "blades" / "bargains.yaml"
    os.utime(bargains, ns=(10**18, 10**18))  # another mtime, the same bytes
    _forget()
    parses.clear()
    loader.load_content(content_copy)
    assert parses == []  # read and hashed: the same bytes
    monkey = []
    real = cache._digest
    cache._digest = lambda path: monkey.append(path) or real(path)
    try:
        _forget()
        loader.load_content(content_copy)
    finally:
        cache._digest = real
    assert not [p for p in monkey if Path(p).name == "bargains.yaml"]  # its new mtime recorded: the fast path


def test_another_engine_never_trusts_the_cache(fresh, parses, monkeypatch):
    loader.load_content()
    _forget()
    parses.clear()
    monkeypatch.setattr(cache, "_engine", "0.0.0:another-engine")
    loader.load_content()
    assert len(parses) >= 50


def test_a_damaged_or_planted_entry_is_a_miss(fresh, parses):
    first = loader.load_content()
    entries = sorted(p for p in fresh.glob("*.json") if '"has_schema": true' in p.read_text(encoding="utf-8"))
    entries[0].write_text("{not json", encoding="utf-8")
    entries[1].write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    planted = json.loads(entries[2].read_text(encoding="utf-8"))
    planted["checked"]["problems"] = "none"  # the wrong shape
    entries[2].write_text(json.dumps(planted), encoding="utf-8")
    _forget()
    parses.clear()
    content = loader.load_content()
    assert dict(content.tables) == dict(first.tables)
    for entry in entries[:3]:  # each checked again and its entry written whole
        assert cache._valid(json.loads(entry.read_text(encoding="utf-8")))


def test_a_table_registered_at_run_time_is_never_cached(fresh, tmp_path):
    from sim.content.schema import F, Record, Str
    from sim.content.table import TableSchema

    root = tmp_path / "own"
    (root / "test").mkdir(parents=True)
    (root / "test" / "probe.yaml").write_text("name: x\n", encoding="utf-8")
    schema = TableSchema("test/probe", Record({"name": F(Str())}), "a test table")
    loader.register_table(schema)
    try:
        assert loader._check_file("test/probe", root / "test" / "probe.yaml").has_schema
    finally:
        del loader._OWN["test/probe"]
        loader._synced = -1
    kept = [json.loads(p.read_text(encoding="utf-8")) for p in fresh.glob("*.json")]
    assert not [k for k in kept if k["key"] == "test/probe"]  # decided by a schema no fingerprint covers


def test_a_scenario_parsed_before_is_not_parsed_again(fresh, parses):
    path = PROJECT_ROOT / "scenarios" / "starter.yaml"
    first = source.parse_file(path, "scenarios/starter.yaml")
    parses.clear()
    second = source.parse_file(path, "scenarios/starter.yaml")
    assert parses == [] and second.data == first.data and second.lines == first.lines


def test_values_are_kept_for_their_stamp_and_engine(fresh):
    built = []

    def build():
        built.append(1)
        return {"a": [1, 2.5, "三"]}

    assert cache.cached_value("probe", "stamp-1", build) == {"a": [1, 2.5, "三"]}
    assert cache.cached_value("probe", "stamp-1", build) == {"a": [1, 2.5, "三"]}
    assert cache.cached_value("probe", "stamp-2", build) == {"a": [1, 2.5, "三"]}
    assert built == [1, 1]  # the second stamp built it again


def test_the_name_pools_and_policies_from_the_cache_are_those_built(fresh):
    from sim import names
    from sim.agents import base

    names.NamePool.for_locale.cache_clear()
    pooled = names.NamePool.for_locale("zh_TW")
    names.NamePool.for_locale.cache_clear()
    again = names.NamePool.for_locale("zh_TW")  # from the cache
    assert pooled == again and len(pooled.names) == 400
    assert not names.locale_exists("xx_XX") and names.locale_exists("en_US")
    base._POLICIES.clear()
    first = base.load_policies()
    base._POLICIES.clear()
    assert base.load_policies() == first


FILL = """
import sys
from sim.content import loader
loader.load_content()
print(len(loader.load_content().tables))
"""


def test_two_processes_filling_the_cache_at_once_both_get_whole_entries(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "SIM_CACHE_DIR": str(tmp_path / "cache")}
    procs = [subprocess.Popen([sys.executable, "-c", FILL], env=env, cwd=PROJECT_ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    counts = {out.strip() for out, _ in outs}
    assert len(counts) == 1
    folder = tmp_path / "cache" / "content"
    assert not list(folder.glob(".*.tmp"))  # every temporary renamed into place
    for entry in folder.glob("*.json"):
        json.loads(entry.read_text(encoding="utf-8"))  # whole
    again = subprocess.run([sys.executable, "-c", FILL], env=env, cwd=PROJECT_ROOT, capture_output=True, text=True,
                           timeout=120)
    assert again.stdout.strip() in counts
