"""Missing translations in content text fields become validation warnings (issue 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from sim.content.loader import CONTENT_ROOT, check_tables, table_files, tables
from sim.i18n.check import field_gaps, missing_translations, text_fields


@pytest.fixture(scope="module")
def loaded():
    return check_tables(table_files(CONTENT_ROOT))


def test_text_fields_follow_the_schema(loaded):
    doc = loaded.docs["blades/plans"]
    paths = [p for _, p in text_fields(tables()["blades/plans"].root, doc.data)]
    assert "plans[0].name" in paths and "plans[0].detail.name" in paths
    assert not any(p.endswith(".id") for p in paths)


def test_names_the_term_tables_translate_are_not_reported(loaded):
    doc = loaded.docs["blades/factions"]
    gaps = dict(field_gaps("blades/factions", tables()["blades/factions"].root, doc.data))
    assert "factions[0].name" not in gaps          # blades.faction.lampblacks
    assert "categories[0].name" not in gaps        # blades.faction_category.underworld


def _english_only(tmp_path: Path, table: str, edit) -> object:
    """A copy of the content with ``edit`` applied to one table's data (fields made English-only)."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    path = root / "blades" / f"{table}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    loaded = check_tables(table_files(root))
    assert not loaded.errors, loaded.errors
    return loaded


def test_untranslated_text_is_reported_per_field_for_one_language(tmp_path: Path):
    def edit(data):
        data["claims"][0]["text"] = "The crew's base; every path starts here."
    problems = missing_translations(_english_only(tmp_path, "claims", edit), "zh-Hant")
    assert problems and all(p.severity == "warning" for p in problems)
    assert all(p.message == "no zh-Hant translation" for p in problems)
    claim = [p for p in problems if p.file.endswith("claims.yaml") and p.path == "claims[0].text"]
    assert len(claim) == 1 and claim[0].line > 1
    # translated in the term tables (blades.bargain.<id>), so not reported
    assert not [p for p in problems if p.file.endswith("bargains.yaml")]


def test_without_a_language_nothing_is_reported(loaded):
    """Content written in one language validates quietly; --lang asks about one."""
    assert missing_translations(loaded, None) == []


def test_a_fully_translated_field_is_not_reported(tmp_path: Path):
    def edit(data):
        data["plans"][0]["detail"]["name"] = {"en": "Point of attack", "zh-Hant": "攻擊點", "zh-Hans": "攻击点"}
        data["plans"][1]["detail"]["name"] = "Location"
    loaded = _english_only(tmp_path, "plans", edit)
    paths = {p.path for p in missing_translations(loaded, "zh-Hans") if p.file.endswith("plans.yaml")}
    assert "plans[0].detail.name" not in paths
    assert "plans[1].detail.name" in paths


def test_scenario_text_fields_are_checked_too():
    from sim.content.scenario import check_scenario
    from sim.i18n.check import scenario_gaps

    path = Path(__file__).resolve().parents[1] / "scenarios" / "tests" / "zh_hant.yaml"
    doc, _problems, _content, _ = check_scenario(path)
    gaps = scenario_gaps(doc, "zh-Hans")
    assert len(gaps) == 1 and gaps[0].path == "description" and gaps[0].message == "no zh-Hans translation"
    assert gaps[0].line == 3
    assert scenario_gaps(doc, "zh-Hant") == [] and scenario_gaps(doc, None) == []


def test_term_tables_are_checked_with_the_content(tmp_path: Path):
    from sim.i18n.check import term_table_problems

    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    assert term_table_problems(check_tables(table_files(root))) == []
    bad = root / "i18n" / "terms" / "broken.yaml"
    bad.write_text("blades:\n  position:\n    risky: {en: risky again, zh-Hant: 險峻}\n  odd: {fr: non}\n",
                   encoding="utf-8")
    problems = term_table_problems(check_tables(table_files(root)))
    text = [str(p) for p in problems]
    assert any("broken.yaml:3: blades.position.risky: already defined in " in t and "terms/blades.yaml:" in t
               for t in text), text
    assert any("broken.yaml:4: blades.odd.fr: expected a mapping of languages" in t for t in text), text
    assert all(p.severity == "error" for p in problems)
