"""Issue 15: hostile content makes ``sim validate`` report problems (exit 2), never a traceback.

Each test is a reproduction from the fuzzing: a recursive alias, deep nesting, a
5000-digit integer, an unhashable id, symlink loops and symlinked files that
escape the project.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.content.source import MAX_DEPTH, parse_text




def validate(capsys, *args) -> tuple[int, list[str], str]:
    """(exit status, the problems (stderr) then the count (stdout) as lines, any ``sim: error`` line)."""
    code = main(["validate", *args])
    out = capsys.readouterr()
    errors = "".join(line + "\n" for line in out.err.splitlines() if line.startswith("sim: "))
    return code, out.err.splitlines() + out.out.splitlines(), errors


def test_recursive_alias_is_a_problem_with_file_and_line(tmp_path, capsys):
    path = tmp_path / "alias.yaml"
    path.write_text("name: x\na: &x [1, *x]\n", encoding="utf-8")
    code, lines, err = validate(capsys, str(path))
    assert code == 1 and err == ""
    assert any(re.search(r"alias\.yaml:2: a\[1\]: recursive alias", line) for line in lines), lines


def test_recursive_alias_in_a_mapping_is_refused():
    doc = parse_text("a: &m {b: *m}\n", "m.yaml")
    assert doc.data is None
    assert [(p.line, p.path, p.message.split(":")[0]) for p in doc.problems] == [(1, "a.b", "recursive alias")]


def test_an_alias_used_twice_side_by_side_is_not_recursive():
    doc = parse_text("a: &x [1, 2]\nb: [*x, *x]\n", "ok.yaml")
    assert doc.problems == [] and doc.data == {"a": [1, 2], "b": [[1, 2], [1, 2]]}


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500, 990])
def test_nesting_deeper_than_the_bound_is_one_problem(tmp_path, capsys, depth):
    path = tmp_path / "deep.yaml"
    path.write_text("a: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    code, lines, err = validate(capsys, str(path))
    assert code == 1 and err == ""
    assert any(f"nested more than {MAX_DEPTH} deep" in line for line in lines), lines


def test_nesting_at_the_bound_is_read():
    doc = parse_text("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", "ok.yaml")
    assert doc.problems == []


def test_5000_digit_integer_is_a_problem_not_a_value_error(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_text("seed: " + "9" * 5000 + "\n", encoding="utf-8")
    code, lines, err = validate(capsys, str(path))
    assert code == 1 and err == ""
    assert any(line.startswith("big.yaml:1: seed: cannot read !!int value") or
               re.search(r"big\.yaml:1: seed: cannot read !!int value", line) for line in lines), lines


def test_5000_digit_mapping_key_is_a_problem():
    doc = parse_text("? " + "9" * 5000 + "\n: 1\n", "k.yaml")  # an explicit key: implicit ones stop at 1024
    assert any("cannot read !!int value" in p.message for p in doc.problems)


def test_faction_id_that_is_a_mapping_is_reported_not_unhashable(project, capsys):
    path = project / "content" / "blades" / "factions.yaml"
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^  - id: ", text, re.M)]
    end = text.index("\n", starts[9])
    path.write_text(text[:starts[9]] + "  - id: {}" + text[end:], encoding="utf-8")
    code, lines, err = validate(capsys, "content")
    assert code == 1 and err == ""
    assert any("factions[9].id: must be a snake_case id, got a mapping" in line for line in lines), lines


def _tiny(project: Path, entry: str) -> Path:
    scenario = project / "scenarios" / "tests" / "tiny_city.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("content: [tiny_city]", f"content: [{entry}]"), encoding="utf-8")
    return scenario


def test_symlink_loop_named_in_content_is_refused_with_file_line_field(project, capsys):
    scenario = _tiny(project, "loop")
    os.symlink("loop", scenario.parent / "loop")
    code, lines, err = validate(capsys, str(scenario.relative_to(project)))
    assert code == 1 and err == ""
    assert "scenarios/tests/tiny_city.yaml:9: content[0]: path 'loop' is a symlink loop; refused" in lines


def test_symlinked_file_in_an_allowed_folder_pointing_outside_is_refused(project, tmp_path_factory, capsys):
    outside = tmp_path_factory.mktemp("outside") / "targets.yaml"
    shutil.copy(project / "scenarios" / "tests" / "tiny_city" / "blades" / "targets.yaml", outside)
    linked = project / "scenarios" / "tests" / "tiny_city" / "blades" / "targets.yaml"
    linked.unlink()
    os.symlink(outside, linked)
    code, lines, err = validate(capsys, "scenarios/tests/tiny_city.yaml")
    assert code == 1 and err == ""
    assert ("scenarios/tests/tiny_city.yaml:9: content[0]: scenarios/tests/tiny_city/blades/targets.yaml "
            "links outside content/ and the scenario's folder; refused") in lines


def test_symlinked_file_inside_the_scenario_folder_is_still_accepted(project, capsys):
    folder = project / "scenarios" / "tests" / "tiny_city" / "blades"
    shutil.move(folder / "targets.yaml", project / "scenarios" / "tests" / "real_targets.yaml")
    os.symlink("../../real_targets.yaml", folder / "targets.yaml")
    code, lines, err = validate(capsys, "scenarios/tests/tiny_city.yaml")
    assert code == 0 and err == "", lines


def test_validating_a_device_is_refused_unread(tmp_path, capsys):
    zero = tmp_path / "zero.yaml"
    try:
        os.mknod(zero, 0o666 | stat.S_IFCHR, os.makedev(1, 5))  # a copy of /dev/zero: reading never ends
    except PermissionError:
        pytest.skip("making a device node needs root")
    code, lines, err = validate(capsys, str(zero))
    assert code == 1 and err == ""
    assert lines[0].endswith("zero.yaml: not a regular file (a device, pipe or socket); refused")


def test_validating_a_pipe_is_refused_without_waiting(tmp_path, capsys):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    code, lines, err = validate(capsys, str(fifo))
    assert code == 1 and "not a regular file" in lines[0]


def test_a_file_past_the_size_bound_is_refused(tmp_path, capsys, monkeypatch):
    from sim.content import source

    monkeypatch.setattr(source, "MAX_BYTES", 1000)
    big = tmp_path / "big.yaml"
    big.write_text("a: '" + "x" * 2000 + "'\n")
    code, lines, err = validate(capsys, str(big))
    assert code == 1 and "larger than" in lines[0] and lines[0].endswith("refused")
