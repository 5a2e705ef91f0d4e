"""Safe YAML reading with lines, the schema language, and load_content()."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sim.content import CONTENT_ROOT, load_content
from sim.content.bands import DieBand, check_bands, parse_band
from sim.content.schema import Checker, Either, F, Int, ListOf, MapOf, Record, Ref, Str, Text
from sim.content.source import parse_text
from sim.errors import ContentError


def check(schema, text):
    doc = parse_text(text, "t.yaml")
    ck = Checker(doc)
    schema.check(doc.data, "", ck)
    return [str(p) for p in doc.problems + ck.problems], ck


# --- source ---------------------------------------------------------------------------

def test_lines_are_kept_for_every_field_path():
    doc = parse_text("a: 1\nitems:\n  - id: x\n    n: 2\n  - {id: y, n: 3}\n", "t.yaml")
    assert doc.data == {"a": 1, "items": [{"id": "x", "n": 2}, {"id": "y", "n": 3}]}
    assert doc.line("items[0].n") == 4 and doc.line("items[1].n") == 5 and doc.line("items[1].missing") == 5


def test_syntax_error_reported_with_line():
    doc = parse_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml")
    assert doc.data is None
    assert len(doc.problems) == 1 and doc.problems[0].line == 3
    assert str(doc.problems[0]).startswith("bad.yaml:3: YAML syntax error")


def test_python_tags_are_refused_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    doc = parse_text(f"x: !!python/object/apply:os.system ['touch {marker}']\n"
                     "y: !!python/name:os.system\nz: !custom {a: 1}\n", "t.yaml")
    assert not marker.exists()
    assert [(p.line, p.path) for p in doc.problems] == [(1, "x"), (2, "y"), (3, "z")]
    assert all("not allowed in content" in p.message for p in doc.problems)
    assert doc.data == {"x": None, "y": None, "z": None}


def test_duplicate_and_merge_keys_are_problems():
    doc = parse_text("base: &b {a: 1}\nk: 1\nk: 2\nm:\n  <<: *b\n", "t.yaml")
    messages = [(p.line, p.path, p.message) for p in doc.problems]
    assert (3, "k", "duplicate key") in messages
    assert any(line == 5 and "merge keys" in msg for line, _, msg in messages)


def test_empty_file_is_a_problem():
    assert [p.message for p in parse_text("# nothing\n", "e.yaml").problems] == ["file is empty"]


# --- schema language --------------------------------------------------------------------

def test_record_reports_missing_unknown_and_wrong_types_at_once():
    schema = Record({"id": F(Str()), "tier": F(Int(0, 6)), "text": F(Text(), required=False)})
    problems, _ = check(schema, "tier: 9\ncolour: red\ntext: {en: hi, fr: salut}\n")
    assert problems == [
        "t.yaml:1: missing required field 'id'",
        "t.yaml:1: tier: must be 0..6, got 9",
        "t.yaml:2: colour: unknown field 'colour' (expected one of: id, tier, text)",
        "t.yaml:3: text.fr: unknown language 'fr' (expected one of: en, zh-Hant, zh-Hans)",
    ]


def test_text_accepts_string_or_translations():
    ok, _ = check(Record({"t": F(Text())}), "t: {en: Hello, zh-Hant: 你好, zh-Hans: 你好}\n")
    assert ok == []
    bad, _ = check(Record({"t": F(Text())}), "t: {zh-Hant: 你好}\n")
    assert bad == ["t.yaml:1: t: a translated text needs an 'en' entry"]


def test_list_unique_by_id_and_refs_collected():
    schema = ListOf(Record({"id": F(Str()), "f": F(Ref("faction", extra=("target",)))}), unique_by="id")
    problems, ck = check(schema, "- {id: a, f: crows}\n- {id: a, f: target}\n")
    assert problems == ["t.yaml:2: [1].id: duplicate 'a' (first at [0])"]
    assert [(r.namespace, r.value, r.line) for r in ck.refs] == [("faction", "crows", 1)]


def test_either_dispatches_on_kind():
    schema = Either((Int(0, 5), Record({"per": F(Str(enum=("wanted",)))})))
    assert check(schema, "3\n")[0] == []
    assert check(schema, "{per: heat}\n")[0] == ["t.yaml:1: per: must be one of wanted, got 'heat'"]
    assert check(schema, "abc\n")[0] == ["t.yaml:1: must be an integer or a mapping, got 'abc'"]


def test_bool_is_not_an_integer():
    assert check(Int(0, 3), "true\n")[0] == ["t.yaml:1: must be an integer, got true"]


def test_map_of_checks_keys_and_values():
    problems, ck = check(MapOf(Ref("action"), Int(1, 2)), "skirmish: 3\nCommand: 1\n")
    assert problems == ["t.yaml:1: skirmish: must be 1..2, got 3", "t.yaml:2: Command: must be a action id, got 'Command'"]


def test_die_bands_parse_and_must_partition():
    assert parse_band("1-3") == (1, 3) and parse_band(6) == (6, 6) and parse_band("critical") == "critical"
    assert parse_band(True) is None and parse_band("x") is None
    doc = parse_text("rows: [{die: 1-3}, {die: 3-4}, {die: 6}]\n", "t.yaml")
    ck = Checker(doc)
    check_bands(ck, [(r["die"], f"rows[{i}].die") for i, r in enumerate(doc.data["rows"])], 1, 6, "die", "rows")
    assert [p.message for p in ck.problems] == ["die 3-4 overlaps 1-3 at 3", "die ranges leave 5 uncovered (must cover 1..6)"]
    problems, _ = check(DieBand(), "4-2\n")
    assert problems == ["t.yaml:1: range 4-2 must lie within 1..6 (low-high)"]


# --- load_content ----------------------------------------------------------------------

def test_load_content_is_cached_and_reloads_after_an_edit(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    first = load_content(root)
    assert load_content(root) is first
    path = root / "blades" / "heat.yaml"
    path.write_text(path.read_text().replace("wanted_at: 9", "wanted_at: 10"))
    second = load_content(root)
    assert second is not first and second.table("blades/heat")["track"]["wanted_at"] == 10


def test_load_content_raises_every_problem(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    (root / "blades" / "plans.yaml").unlink()
    trauma = root / "blades" / "trauma.yaml"
    trauma.write_text(trauma.read_text().replace("stress_boxes: 9", "stress_boxes: nine"))
    with pytest.raises(ContentError) as err:
        load_content(root)
    text = str(err.value)
    assert "trauma.yaml:2: stress_boxes: must be an integer, got 'nine'" in text
    assert "plans.yaml: missing table 'blades/plans'" in text
    assert "unknown plan 'stealth'" in text  # references into the missing table are reported too


def test_content_index_and_ids():
    content = load_content()
    assert content.index("blades/factions")["bluecoats"]["tier"] == 3
    assert content.has("faction", "red_sashes") and not content.has("faction", "red_sash")
    assert "alert" in content.ids["clock"] and "chase" in content.ids["clock"]  # score clocks and new_clock effects
    assert list(content.ids["faction"]) == sorted(content.ids["faction"])


def test_missing_root_is_a_content_error(tmp_path):
    with pytest.raises(ContentError, match="content folder does not exist"):
        load_content(tmp_path / "nowhere")


def test_importing_sim_content_reads_no_files():
    import subprocess
    import sys

    code = ("import builtins, sim.content, sim.cli; import pathlib; "
            "print(len(sim.content.loader._CACHE))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_choice_is_type_exact():
    from sim.content.schema import Choice

    schema = Choice((4, True, "cap"))
    assert check(schema, "4\n")[0] == [] and check(schema, "cap\n")[0] == []
    assert check(schema, "'4'\n")[0] == ["t.yaml:1: must be one of 4, true, 'cap', got '4'"]
    assert check(schema, "1\n")[0] == ["t.yaml:1: must be one of 4, true, 'cap', got 1"]


def test_every_rule_option_is_in_the_scenario_schema():
    from sim.blades.scenario import SCENARIO
    from sim.options import OPTIONS

    fields = SCENARIO.root.fields["options"].schema.fields
    assert set(fields) == set(OPTIONS)
    for name, opt in OPTIONS.items():  # each default passes its own schema
        doc = parse_text(f"v: {str(opt.default).lower() if isinstance(opt.default, bool) else opt.default}\n", "o.yaml")
        ck = Checker(doc)
        assert fields[name].schema.check(doc.data["v"], "v", ck), (name, ck.problems)


def test_alias_bomb_is_refused():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        lines.append(f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(10))}]")
    doc = parse_text("\n".join(lines) + "\n", "bomb.yaml")
    assert doc.data is None
    assert [p.message for p in doc.problems] == ["document expands to more than 200000 values (aliases?)"]


def test_scalars_keep_their_yaml_types():
    doc = parse_text("i: 3\nf: 0.5\nb: true\nn: null\ns: '3'\nd: 2024-01-01\nk:\n  1: one\n", "t.yaml")
    assert doc.data == {"i": 3, "f": 0.5, "b": True, "n": None, "s": "3", "d": "2024-01-01", "k": {"1": "one"}}
