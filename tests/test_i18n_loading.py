"""Reading the term tables: lazily per file, through the safe reader, from a cache.

What a command prints decides which term files are read (the key's first two
segments, found by a scan of each file's first two levels); every file goes
through ``sim.content.source``'s reader, so bad bytes are one ``file:line``
problem; a file read once is kept as JSON in the cache folder.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml

import sim.i18n as i18n
from sim.cli import main
from sim.content import source
from sim.errors import ContentError
from sim.i18n import tables, termcache, termfiles

ROOT = Path(__file__).resolve().parents[1]
TERMS = ROOT / "content" / "i18n"


@pytest.fixture
def root(tmp_path, monkeypatch):
    """A throwaway term root (also as SIM_I18N_ROOT for the CLI); the real tables afterwards."""
    folder = tmp_path / "i18n"
    (folder / "terms").mkdir(parents=True)
    monkeypatch.setenv("SIM_I18N_ROOT", str(folder))
    monkeypatch.setenv("SIM_CACHE_DIR", str(tmp_path / "cache"))

    def write(name: str, text: str | bytes) -> Path:
        path = folder / "terms" / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        i18n.reload()
        return path

    yield write
    monkeypatch.delenv("SIM_I18N_ROOT")
    i18n.reload()


@pytest.fixture
def reads(monkeypatch):
    """The term files composed from YAML (not from the cache), in order."""
    seen: list[str] = []
    real = termfiles.read_file

    def spy(path, data=None):
        seen.append(Path(path).name)
        return real(path, data)

    monkeypatch.setattr(tables, "read_file", spy)
    return seen


def test_term_files_compose_with_the_c_loader_when_libyaml_is_there():
    assert source._Loader is (yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader)


def test_a_key_reads_only_the_files_that_can_hold_it(root, reads, monkeypatch):
    monkeypatch.setenv("SIM_CACHE_DIR", "")  # cache off: every read composes
    root("a.yaml", "x:\n  a: {en: A}\n  b:\n    c: {en: C}\n")
    root("b.yaml", "y:\n  a: {en: Y}\n")
    root("c.yaml", "x:\n  d: {en: D}\n")
    root("flow.yaml", "z: {a: {en: Z}}\n")  # the scan cannot follow flow style: read at the first lookup
    assert i18n.t("x.b.c") == "C"
    assert reads == ["a.yaml", "flow.yaml"]
    assert i18n.t("x.a") == "A" and i18n.t("z.a") == "Z"
    assert reads == ["a.yaml", "flow.yaml"]
    assert not i18n.has("x.nothing") and reads == ["a.yaml", "flow.yaml"]
    assert i18n.t("x.d") == "D" and reads == ["a.yaml", "flow.yaml", "c.yaml"]
    assert i18n.term_keys() == ("x.a", "x.b.c", "x.d", "y.a", "z.a")
    assert reads == ["a.yaml", "flow.yaml", "c.yaml", "b.yaml"]


def test_a_new_terms_file_needs_no_code(root):
    root("cli.yaml", "cli:\n  word:\n    yes: {en: 'yes', zh-Hant: 是}\n")
    root("decisions.yaml", """\
        decision:
          # why a policy chose what it chose
          careful:
            rest: {en: "rests: stress {stress}", zh-Hant: "休息：壓力 {stress}", source: ours}
        """)
    assert i18n.t("decision.careful.rest", "zh-Hant", stress=3) == "休息：壓力 3"
    assert i18n.t("decision.careful.rest", "zh-Hans", stress=3) == "rests: stress 3"  # English fallback
    assert i18n.source_of("decision.careful.rest") == "ours"
    with pytest.raises(KeyError, match="no term 'decision.careful.run'"):
        i18n.t("decision.careful.run")


def test_the_lazy_tables_equal_reading_every_file(monkeypatch):
    sources: dict[str, str] = {}
    full = tables.load_terms(TERMS, sources)
    by_prefix: dict[tuple, list[str]] = {}
    for key in full:
        by_prefix.setdefault(tables._prefix(key), []).append(key)
    try:
        for keys in by_prefix.values():
            i18n.reload()  # each prefix on fresh tables: only its own files are read
            for key in keys:
                assert i18n.entry(key) == full[key] and i18n.source_of(key) == sources.get(key)
            assert not i18n.has(keys[0] + ".not_a_term")
    finally:
        i18n.reload()
    assert i18n.term_keys() == tuple(sorted(full))


def test_the_scan_finds_every_prefix_of_the_shipped_files():
    for path in sorted(TERMS.rglob("*.yaml")):
        file = termfiles.read_file(path)
        prefixes = termfiles.scan_prefixes(path.read_text(encoding="utf-8"))
        assert prefixes is not None, path  # every shipped file is plain block style
        assert {tables._prefix(key) for key in file.terms} <= prefixes, path


@pytest.mark.parametrize("text, prefixes", [
    ("a:\n  b: {en: B}\n  c:\n    d: {en: D}\nx:\n    y: {en: Y}\n", {("a",), ("a", "b"), ("a", "c"), ("x",), ("x", "y")}),
    ("# comment\na: # comment\n\n  b: {en: B}\n", {("a",), ("a", "b")}),
    ("a:\n  b:\n    text: |\n      c: not a key\n", {("a",), ("a", "b")}),
    ("a: {b: {en: B}}\n", None),
    ("---\na:\n  b: {en: B}\n", None),
    ("a:\n  'b': {en: B}\n", None),
    ("a:\n  b: {en: B}\n c: {en: C}\n", None),
    ("a:\n  - b\n", None),
    ("\ufeffa:\n  b: {en: B}\n", None),
    ("a:\n  <<: *x\n", None),
])
def test_scan_prefixes_known_answers(text, prefixes):
    assert termfiles.scan_prefixes(text) == (None if prefixes is None else frozenset(prefixes))


# --- the safe reader -------------------------------------------------------------------

def _refused(root, capsys, name: str, text) -> list[str]:
    path = root(name, text)
    capsys.readouterr()
    assert main(["odds", "blades", "--dice", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    # one problem prints as "sim: error: <problem>", several as one line each (sim.cli.main)
    return [line.removeprefix("sim: error: ").replace(str(path), "FILE") for line in captured.err.splitlines()]


def test_a_term_file_that_is_not_utf8_is_one_line_with_its_line(root, capsys):
    lines = _refused(root, capsys, "cli.yaml", b"cli:\n  odds:\n    chance: {en: chance, zh-Hant: \xff\xfe}\n")
    assert lines == ["FILE:3: not UTF-8 text: invalid start byte (byte 0xff)"]


def test_a_nul_byte_in_a_term_file_is_one_line_with_its_line(root, capsys):
    lines = _refused(root, capsys, "cli.yaml", "cli:\n  odds:\n    chance: {en: \"chance\x00\"}\n")
    assert lines == ["FILE:3: control character U+0000 is not allowed in YAML"]


def test_a_50_mb_term_text_fails_fast_with_its_line(root, capsys):
    began = time.perf_counter()
    lines = _refused(root, capsys, "cli.yaml", "cli:\n  odds:\n    chance:\n      en: " + "x" * 50_000_000 + "\n")
    assert lines == ["FILE:4: cli.odds.chance.en: text of 50,000,000 characters; a term has at most 10,000"]
    assert time.perf_counter() - began < 20  # the pure-Python composer took minutes


def test_bad_yaml_in_a_term_file_keeps_its_line(root, capsys):
    lines = _refused(root, capsys, "cli.yaml", "cli:\n  odds:\n    chance: {en: chance\n  roll: x\n")
    assert len(lines) == 1 and lines[0].startswith("FILE:4: YAML syntax error:")


# --- the cache -------------------------------------------------------------------------

def test_a_file_read_once_comes_from_the_cache_and_any_change_misses_it(root, reads):
    path = root("x.yaml", "x:\n  a: {en: A, source: ours}\n")
    assert i18n.t("x.a") == "A" and reads == ["x.yaml"]
    i18n.reload()
    assert i18n.t("x.a") == "A" and i18n.source_of("x.a") == "ours" and reads == ["x.yaml"]  # from the cache
    path.write_text("x:\n  a: {en: A2}\n", encoding="utf-8")
    i18n.reload()
    assert i18n.t("x.a") == "A2" and reads == ["x.yaml", "x.yaml"]
    assert len(list(termcache.folder().glob("*.json"))) == 1  # the older version's entry is gone


def test_a_damaged_cache_entry_is_ignored_and_a_bad_file_is_never_cached(root, reads):
    root("x.yaml", "x:\n  a: {en: A}\n")
    assert i18n.t("x.a") == "A"
    (entry,) = termcache.folder().glob("*.json")
    for damage in ("{not json", json.dumps({"format": 1, "terms": {"x.a": {"en": 5}}, "lines": {"x.a": 2},
                                            "sources": {}})):
        entry.write_text(damage, encoding="utf-8")
        i18n.reload()
        assert i18n.t("x.a") == "A"
    bad = root("y.yaml", "y:\n  a: {zh-Hant: 乙}\n")
    for _ in range(2):
        i18n.reload()
        with pytest.raises(ContentError, match=f"{bad}:2: y.a: a term needs English"):
            i18n.t("y.a")
    assert reads.count("y.yaml") == 2


def test_a_cached_lookup_imports_no_yaml(tmp_path):
    code = textwrap.dedent("""\
        import sys
        from sim.i18n import t
        print(t("blades.position.risky", "zh-Hant"), t("cli.odds.chance"), "yaml" in sys.modules)
        """)
    env = {"SIM_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert first.stdout.split()[:2] == second.stdout.split()[:2] == ["險峻", i18n.t("cli.odds.chance")]
    assert first.stdout.split()[-1] == "True" and second.stdout.split()[-1] == "False"


# --- a brisk CLI ------------------------------------------------------------------------

def test_one_command_parser_is_the_full_parsers_command(capsys):
    from sim.cli import COMMANDS, build_parser

    full, outline = build_parser(), build_parser(outline=True)
    assert outline.format_help() == full.format_help()
    for name in COMMANDS:
        with pytest.raises(SystemExit):
            build_parser(name).parse_args([name, "--help"])
        alone = capsys.readouterr().out
        with pytest.raises(SystemExit):
            full.parse_args([name, "--help"])
        assert capsys.readouterr().out == alone


def test_sim_help_imports_no_command_code():
    code = ("import sys; sys.argv = ['sim', '--help']\nfrom sim.cli import main\ntry:\n    main()\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('sim.dice', 'sim.errors', 'dataclasses', 'yaml')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines()[-1] == "[]"


def test_sim_bench_cli_reports_every_case(capsys):
    assert main(["bench", "cli", "--repeats", "1", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert set(r) == {"repeats", "python", "bare_s", "cases"} and r["repeats"] == 1
    assert [c["case"] for c in r["cases"]] == ["python -c pass", "sim --help", "sim odds blades --dice 4",
                                               "sim roll blades --dice 2 --seed 1"]
    for case in r["cases"]:
        assert set(case) == {"case", "argv", "median_s", "ratio_to_bare", "target_ratio", "within_target"}
        assert case["median_s"] > 0
    assert [c["target_ratio"] for c in r["cases"]] == [None, 3.0, 4.0, 4.0]
    assert r["cases"][0]["ratio_to_bare"] == 1.0


def test_sim_bench_cli_bounds_its_repeats(capsys):
    assert main(["bench", "cli", "--repeats", "0"]) == 2
    assert capsys.readouterr().err == "sim: error: --repeats must be 1..100, got 0\n"
