"""Issue 28: the shipped content and scenarios found through importlib.resources (sim.content.bundled), and a
bundled scenario named without a path wherever a SCENARIO is taken."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import CONTENT_ROOT, PROJECT_ROOT
from sim.content.bundled import SCENARIOS_ROOT, as_path, bundled_name, bundled_path, bundled_scenarios, find_scenario
from sim.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]


def test_in_a_checkout_the_roots_are_the_checkout():
    assert PROJECT_ROOT == ROOT and CONTENT_ROOT == ROOT / "content" and SCENARIOS_ROOT == ROOT / "scenarios"


def test_the_i18n_tables_are_read_from_the_same_content_root(monkeypatch):
    from sim.i18n.tables import default_root

    monkeypatch.delenv("SIM_I18N_ROOT", raising=False)
    assert default_root() == CONTENT_ROOT / "i18n"


def test_bundled_scenarios_are_the_top_level_files_and_with_tests_those_under_tests():
    top = sorted(p.stem for p in (ROOT / "scenarios").glob("*.yaml"))
    assert bundled_scenarios() == top and "starter" in top
    with_tests = bundled_scenarios(tests=True)
    assert set(top) < set(with_tests) and "tests/two_scores" in with_tests
    assert not any(n.startswith("tests/tiny_city/") for n in with_tests)  # a test scenario's own content table


@pytest.mark.parametrize("name", ["starter", "starter.yaml", "scenarios/starter.yaml", "./starter"])
def test_a_bundled_scenario_by_name(name):
    assert bundled_path(name) == SCENARIOS_ROOT / "starter.yaml"


@pytest.mark.parametrize("name", ["", "nope", "../content/blades/factions", "/etc/passwd", "tests/../../README",
                                  "a\x00b", "C:starter", "tests\\two_scores", "tests"])
def test_not_a_bundled_scenario(name):
    assert bundled_path(name) is None


def test_an_existing_path_wins_over_a_bundled_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "starter").write_text("mine", encoding="utf-8")
    assert find_scenario("starter") == Path("starter")
    assert find_scenario("fate_docks") == SCENARIOS_ROOT / "fate_docks.yaml"
    assert find_scenario("tests/two_scores") == SCENARIOS_ROOT / "tests" / "two_scores.yaml"


def test_neither_a_path_nor_a_name_is_one_line_listing_the_bundled_names():
    with pytest.raises(UsageError) as exc:
        find_scenario("nowhere")
    assert str(exc.value) == (f"no such scenario file or bundled scenario: nowhere (bundled: "
                              f"{', '.join(bundled_scenarios())}; `sim scenarios` lists them)")
    with pytest.raises(UsageError) as exc:  # a file's name: the words every command has always said
        find_scenario("scenarios/nowhere.yaml")
    assert str(exc.value) == "no such scenario file: scenarios/nowhere.yaml"


def test_a_name_that_is_neither_through_the_cli_is_one_line_and_exit_2(capsys):
    code, out, err = _cli(capsys, "play", "nowhere")
    assert (code, out, err.count("\n")) == (2, "", 1) and "(bundled: arcane, " in err


def test_bundled_name_of_a_shipped_file_and_of_a_user_file(tmp_path):
    assert bundled_name(SCENARIOS_ROOT / "starter.yaml") == "starter"
    assert bundled_name(SCENARIOS_ROOT / "tests" / "zh_hant.yaml") == "tests/zh_hant"
    assert bundled_name(tmp_path / "starter.yaml") is None


def test_a_package_in_a_zip_file_is_extracted_once_read_only(tmp_path):
    """importlib.resources gives a zipfile.Path for a package imported from a zip file: the loader needs real
    files (it stats them for its cache), so the folder is copied out."""
    archive = tmp_path / "pkg.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("sim/_data/content/blades/x.yaml", "a: 1\n")
        z.writestr("sim/_data/scenarios/s.yaml", "name: s\n")
    got = as_path(zipfile.Path(archive, "sim/_data/"))
    assert (got / "content" / "blades" / "x.yaml").read_text() == "a: 1\n"
    assert (got / "scenarios" / "s.yaml").read_text() == "name: s\n"
    assert as_path(tmp_path) is tmp_path


def test_a_wheel_layout_is_found_through_importlib_resources(tmp_path):
    """A ``sim`` package holding ``_data/`` (what the wheel installs) reads its content there, not beside it."""
    import shutil

    shutil.copytree(ROOT / "sim", tmp_path / "site" / "sim", ignore=shutil.ignore_patterns("__pycache__", ".accel", "*.so"))
    shutil.copytree(ROOT / "content", tmp_path / "site" / "sim" / "_data" / "content")
    shutil.copytree(ROOT / "scenarios", tmp_path / "site" / "sim" / "_data" / "scenarios")
    code = ("import sim.content as c, sim.content.bundled as b; print(c.PROJECT_ROOT); "
            "print(c.load_scenario('starter').path); print(b.bundled_name(b.SCENARIOS_ROOT / 'starter.yaml'))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    root, path, name = done.stdout.splitlines()
    assert Path(root) == (tmp_path / "site" / "sim" / "_data").resolve()
    assert (tmp_path / path).resolve() == (tmp_path / "site" / "sim" / "_data" / "scenarios" / "starter.yaml").resolve()
    assert name == "starter"


def _cli(capsys, *argv):
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_taking_a_scenario_takes_a_bundled_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no scenarios/ here: the names are the bundled ones
    code, out, _ = _cli(capsys, "play", "starter", "--scores", "1")
    assert code == 0 and "Score 1" in out
    code, out, _ = _cli(capsys, "validate", "fate_docks")
    assert code == 0 and "1 scenario" in out
    script = tmp_path / "script.txt"
    script.write_text("\n".join(["1"] * 40) + "\n", encoding="utf-8")
    code, _, err = _cli(capsys, "solo", "new", "fate_docks", "--save", str(tmp_path / "x.save"), "--script", str(script))
    assert code == 0, err
    header = json.loads((tmp_path / "x.save").read_text(encoding="utf-8").splitlines()[0])
    assert header["scenario_bundled"] == "fate_docks" and header["system"] == "fate"


def test_a_save_of_a_bundled_scenario_continues_where_its_old_path_is_gone(capsys, tmp_path, monkeypatch):
    """A save made on one install (its scenario_path inside that install) continues on another by its name."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "script.txt"
    script.write_text("1\n1\n", encoding="utf-8")
    save = tmp_path / "x.save"
    assert _cli(capsys, "solo", "new", "starter", "--save", str(save), "--seats", "pc1", "--script", str(script))[0] == 0
    lines = save.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["scenario_path"] = "/another/install/sim/_data/scenarios/starter.yaml"
    from sim.solo.save import encode_line

    # the header is the save's first line, with its own CRC (sim.solo.save): re-encode it and what follows
    records = [header] + [json.loads(line) for line in lines[1:]]
    crc, data = 0, b""
    for record in records:
        record.pop("crc", None)
        chunk, crc = encode_line(record, crc)
        data += chunk
    save.write_bytes(data)
    code, _, err = _cli(capsys, "solo", "continue", str(save), "--script", str(script), "--on-diverge", "stop")
    assert code == 0, err


def test_sim_scenarios_lists_every_bundled_scenario_with_its_system_and_description(capsys):
    from sim.content.source import parse_file

    code, out, _ = _cli(capsys, "scenarios")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["name", "system", "description"]
    assert lines[-1].startswith("Name one instead of a file: sim play NAME")
    rows = lines[1:-1]
    assert [r.split()[0] for r in rows] == bundled_scenarios()
    for row in rows:
        name, system, description = row.split(None, 2)
        data = parse_file(SCENARIOS_ROOT / f"{name}.yaml").data
        want = data["description"] if isinstance(data["description"], str) else data["description"]["en"]
        assert (system, description) == (data["system"], " ".join(want.split()))


def test_sim_scenarios_json_is_one_line_of_snake_case_keys(capsys):
    code, out, _ = _cli(capsys, "scenarios", "--json")
    assert code == 0 and out.count("\n") == 1
    got = json.loads(out)
    assert list(got) == ["scenarios"]
    assert [s["name"] for s in got["scenarios"]] == bundled_scenarios()
    for s in got["scenarios"]:
        assert set(s) == {"name", "system", "lang", "description", "path"}
        assert Path(s["path"]) == SCENARIOS_ROOT / f"{s['name']}.yaml" and s["system"] in ("blades", "fate", "mist")
    harbor = next(s for s in got["scenarios"] if s["name"] == "mist_harbor")
    assert harbor["lang"] == "zh-Hans" and harbor["description"].startswith("A harbor city")


def test_sim_scenarios_in_traditional_chinese(capsys):
    code, out, _ = _cli(capsys, "scenarios", "--lang", "zh-Hant")
    assert code == 0 and out.splitlines()[0].split() == ["名稱", "規則系統", "說明"]
    assert "霧中的港城" in out  # mist_harbor has its own zh-Hant description


def test_a_user_scenario_without_a_description_still_validates(tmp_path):
    from sim.content.validate import validate_paths

    text = (SCENARIOS_ROOT / "starter.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("description:")]
    (tmp_path / "mine.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert not validate_paths([tmp_path / "mine.yaml"]).errors


def test_validate_takes_a_bundled_name_and_lists_them_for_a_name_that_is_neither(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = _cli(capsys, "validate", "tests/two_scores")
    assert code == 0 and "1 scenario" in out
    code, _, err = _cli(capsys, "validate", "nowhere")
    assert code == 2 and err == (f"sim: error: no such file or folder: nowhere (nor a bundled scenario: "
                                 f"{', '.join(bundled_scenarios())})\n")
