"""`sim validate` and the translation layer (issue 6): missing translations are
warnings for the language asked for (errors with --strict); broken term tables
are errors."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from sim.cli import main
from sim.content import PROJECT_ROOT


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the project's content and scenarios to break, as the working directory."""
    for name in ("content", "scenarios"):
        shutil.copytree(PROJECT_ROOT / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args):
    code = main(["validate", *args])
    out = capsys.readouterr()
    return code, out.err.splitlines() + out.out.splitlines()  # the problems (stderr), then the count (stdout)


def english_only(project, table: str, listname: str, *indexes: int) -> None:
    """Make ``<listname>[i].text`` English-only in the copy (the live content may be translated)."""
    path = project / "content" / "blades" / f"{table}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for i in indexes:
        text = data[listname][i]["text"]
        data[listname][i]["text"] = text["en"] if isinstance(text, dict) else text
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_no_language_asked_no_translation_warnings(project, capsys):
    code, lines = run(capsys, "content")
    assert code == 0 and lines[-1].startswith("OK: ")
    assert not any("translation" in line for line in lines)


def test_lang_lists_every_field_that_lacks_it(project, capsys):
    english_only(project, "claims", "claims", 0)
    code, lines = run(capsys, "content", "--lang", "zh-Hant")
    assert code == 0
    warnings = [l for l in lines if ": warning: " in l]
    assert warnings and all(l.endswith("no zh-Hant translation") for l in warnings)
    assert any(re.fullmatch(r"content/blades/claims\.yaml:\d+: warning: claims\[0\]\.text: no zh-Hant translation", l)
               for l in warnings)
    # names the term tables give (blades.faction.<id>, blades.bargain.<id>) are translated
    assert not any("factions[0].name:" in l or "bargains.yaml" in l for l in warnings)
    assert re.search(rf"\({len(warnings)} warnings?\b", lines[-1])


def test_strict_makes_missing_translations_errors(project, capsys):
    english_only(project, "claims", "claims", 0)
    code, lines = run(capsys, "content", "--lang", "zh-Hans", "--strict")
    assert code == 1
    assert any(l.endswith("claims[0].text: no zh-Hans translation") and ": warning: " not in l for l in lines)


def test_a_translated_field_is_no_longer_reported(project, capsys):
    english_only(project, "trauma", "conditions", 0, 1)
    path = project / "content" / "blades" / "trauma.yaml"
    _, before = run(capsys, "content", "--lang", "zh-Hans")
    assert any("trauma.yaml" in l and "conditions[0].text: no zh-Hans" in l for l in before)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    english = data["conditions"][0]["text"]
    data["conditions"][0]["text"] = {"en": english, "zh-Hant": "不為情感或人際所動。", "zh-Hans": "不为情感或人际所动。"}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    code, after = run(capsys, "content", "--lang", "zh-Hans")
    assert code == 0
    assert not any("trauma.yaml" in l and "conditions[0].text" in l for l in after)
    assert any("trauma.yaml" in l and "conditions[1].text" in l for l in after)


def test_scenario_text_is_checked(project, capsys):
    code, lines = run(capsys, "scenarios/tests/zh_hant.yaml", "--lang", "zh-Hans")
    assert code == 0
    assert "scenarios/tests/zh_hant.yaml:3: warning: description: no zh-Hans translation" in lines
    code, lines = run(capsys, "scenarios/tests/zh_hant.yaml", "--lang", "zh-Hant")
    assert not any("zh_hant.yaml:3" in l for l in lines)


def test_a_broken_term_table_is_an_error(project, capsys):
    bad = project / "content" / "i18n" / "terms" / "extra.yaml"
    bad.write_text("blades:\n  position:\n    risky: {en: risky twice}\n", encoding="utf-8")
    code, lines = run(capsys, "content")
    assert code == 1
    assert any(re.fullmatch(r"content/i18n/terms/extra\.yaml:3: blades\.position\.risky: already defined in "
                            r".*content/i18n/terms/blades\.yaml:\d+", l) for l in lines), lines
