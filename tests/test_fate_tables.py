"""Fate's content tables (content/fate/*.yaml): schemas, the numbers the rules read, three languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.content import load_content
from sim.content.loader import CONTENT_ROOT, check_tables, table_files
from sim.errors import ContentError
from sim.fate import tables
from sim.fate.characters.character import CONSEQUENCE_VALUES
from sim.fate.characters.recovery import pass_time, treatment_difficulty
from sim.i18n.check import missing_translations

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_FATE_CHAR_4_the_table_values_are_the_slots_the_rules_use(content):
    table = tables.consequence_table(content)
    assert {sev: row["value"] for sev, row in table.items()} == dict(CONSEQUENCE_VALUES) == {"mild": 2, "moderate": 4, "severe": 6}


def test_FATE_RECOVER_2_treatment_difficulties_come_from_the_table(content):
    assert [treatment_difficulty(s) for s in ("mild", "moderate", "severe")] == [2, 4, 6]
    assert [treatment_difficulty(s, True) for s in ("mild", "moderate", "severe")] == [4, 6, 8]
    assert tables.self_treatment_extra(content) == 2


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_fate_content_text_is_translated(lang):
    problems = missing_translations(check_tables(table_files(CONTENT_ROOT)), lang)
    assert [f"{p.file}:{p.line}: {p.path}" for p in problems if "content/fate/" in p.file] == []


def test_stunts_and_npcs_read_as_rule_values(content):
    stunts = tables.stunts(content)
    assert stunts["brawler"].skill == "Fight" and stunts["brawler"].action == "attack" and stunts["brawler"].bonus == 2
    npcs = tables.npcs(content)
    assert npcs["thug"]["kind"] == "minor" and npcs["thug"]["stress"] == 1
    assert npcs["smuggler_boss"]["kind"] == "major" and "stress" not in npcs["smuggler_boss"]


def test_words_translate_journal_names(content):
    assert tables.words(content, "zh-Hant")["Good Cover"] == "良好掩護"
    assert tables.words(content, "zh-Hans")["Broken Bones"] == "骨折"
    assert tables.words(content, "en")["Mara Vell"] == "Mara Vell"


def test_FATE_ASPECT_7_boost_names_keep_their_english_and_have_words_in_three_languages(content):
    """The boosts the rules give keep the English names the journal always had (sim.fate.tables.BOOSTS), and a
    narrator or a solo choice shows them by the terms fate.boost_name.<key>."""
    from sim.i18n import has

    assert {key: tables.boost(key) for key in tables.BOOSTS} == {
        "momentum": "Momentum", "glancing_blow": "Glancing Blow", "perfect_parry": "Perfect Parry",
        "upper_hand": "Upper Hand", "fleeting_edge": "Fleeting Edge"}
    assert all(has(f"fate.boost_name.{key}") for key in tables.BOOSTS)
    assert tables.words(content, "zh-Hans")["Glancing Blow"] == "擦身一击"
    assert tables.words(content, "zh-Hant")["Momentum"] == "乘勝追擊"
    assert tables.words(content, "en")["Perfect Parry"] == "Perfect Parry"
    assert tables.aspect_name("Upper Hand (Ana)", "zh-Hant") == "佔得上風（Ana）"


@pytest.mark.parametrize("lang, numbered, recovering", [
    ("en", "Glancing Blow (Ana) #2", "Broken Bones (Ana), healing"),
    ("zh-Hans", "擦身一击（Ana）#2", "骨折（Ana）（恢复中）"),
    ("zh-Hant", "擦身一擊（Ana）#2", "骨折（Ana）（恢復中）"),
])
def test_FATE_RECOVER_3_and_FATE_ASPECT_7_marked_aspects_are_worded_in_the_readers_language(lang, numbered,
                                                                                            recovering):
    """A scene's second boost of a name keeps its number (sim.fate.scenes.scene names aspects uniquely) and a consequence
    renamed as it recovers (sim.fate.tables.healing, FATE.RECOVER.3-4) is shown by its term; both were English in a
    zh session. The journal keeps the English names."""
    assert tables.healing("Broken Bones (Ana)") == "Broken Bones (Ana), healing"
    assert tables.aspect_name("Glancing Blow (Ana) #2", lang) == numbered
    assert tables.aspect_name(tables.healing("Broken Bones (Ana)"), lang) == recovering
    assert tables.aspect_name("Broken Bones (Ana), healing #3", lang) == recovering + (" #3" if lang == "en" else "#3")


def test_a_bad_fate_table_is_reported_with_file_line_and_field(tmp_path):
    root = tmp_path / "content"
    (root / "fate").mkdir(parents=True)
    for f in (CONTENT_ROOT / "fate").glob("*.yaml"):
        (root / "fate" / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    npcs = root / "fate/npcs.yaml"
    npcs.write_text(npcs.read_text(encoding="utf-8").replace("    stress: 1\n    name: {en: Dock Thug", "    name: {en: Dock Thug", 1)
                    .replace("fight: 2, athletics: 1, physique: 1, drive: 1", "fihgt: 2, athletics: 1, physique: 1, drive: 1"),
                    encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    text = str(err.value)
    assert "npcs[0].stress: a minor NPC needs stress: 0-3 boxes" in text
    assert "unknown fate_skill 'fihgt'" in text


def test_FATE_RECOVER_2_pass_time_reads_clears_after_from_the_table(content):
    from sim.fate.characters.character import make_character, take_consequence
    from dataclasses import replace

    c = take_consequence(make_character("a", {"Physique": 1}), "mild", "Bruised")
    c = replace(c, slots=tuple(replace(s, recovering=True) if s.name == "mild" else s for s in c.slots))
    assert pass_time(c, "scene").consequences() == ()
