"""Content text fields carry en / zh-Hant / zh-Hans; journals keep English, the narrator translates."""

from __future__ import annotations

import pytest

from sim.blades.views.narrate import Narrator
from sim.content import load_content
from sim.content.loader import CONTENT_ROOT, check_tables, table_files
from sim.i18n.check import missing_translations


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_blades_content_text_field_is_translated(lang):
    problems = missing_translations(check_tables(table_files(CONTENT_ROOT)), lang)
    assert [f"{p.file}:{p.line}: {p.path}" for p in problems if "content/blades/" in p.file] == []


def test_narrator_translates_an_obstacle_the_journal_names_in_english(content):
    assert Narrator(content, "zh-Hant").obstacle("The den floor") == "煙館大廳"
    assert Narrator(content, "zh-Hans").obstacle("The den floor") == "烟馆大厅"
    assert Narrator(content, "en").obstacle("The den floor") == "The den floor"


def test_narrator_leaves_an_unknown_obstacle_name_as_given(content):
    assert Narrator(content, "zh-Hant").obstacle("A rival crew's lookouts") == "A rival crew's lookouts"
    assert Narrator(content, "zh-Hans").obstacle({"en": "Gate", "zh-Hant": "大門", "zh-Hans": "大门"}) == "大门"
