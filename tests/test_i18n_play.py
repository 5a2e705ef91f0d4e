"""`sim play` tells a campaign in the player's language (issue 6); the journal
is the same bytes in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sim.cli import main

ROOT = Path(__file__).resolve().parents[1]
ZH_SCENARIO = ROOT / "scenarios" / "tests" / "zh_hant.yaml"      # lang zh-Hant, zh_TW names
EN_SCENARIO = ROOT / "scenarios" / "tests" / "two_scores.yaml"   # lang en, en_US names

LATIN_WORD = re.compile(r"(?<![0-9])[A-Za-z]{2,}")
RAW_KEY = re.compile(r"\b(?:blades|fate|mist|cli|report|oracle|play|language)\.[a-z_]")
ALLOWED_LATIN = {"GM"}


def run(capsys, argv: list[str]) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def _names(journal_text: str) -> set[str]:
    """Scoundrels' generated names (in the scenario's name locale): these stay as generated."""
    names = set()
    for line in journal_text.splitlines():
        e = json.loads(line)
        if e["event"] == "campaign_start":
            names.update(p["name"] for p in e["pcs"])
        if e["event"] == "recruit" and isinstance(e.get("name"), str):
            names.add(e["name"])
    return names


def untranslated(text: str, names: set[str]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return RAW_KEY.findall(text) + [w for w in LATIN_WORD.findall(text) if w not in ALLOWED_LATIN]


@pytest.fixture(scope="module")
def journals():
    """The journal of each test scenario, played once."""
    import io
    import contextlib

    out = {}
    for path in (ZH_SCENARIO, EN_SCENARIO):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            assert main(["play", str(path), "--json"]) == 0
        out[path] = buf.getvalue()
    return out


@pytest.mark.parametrize("lang", [None, "zh-Hant", "zh-Hans"])
def test_zh_scenario_transcript_has_no_untranslated_words(capsys, journals, lang):
    argv = ["play", str(ZH_SCENARIO)] + (["--lang", lang] if lang else [])
    text = run(capsys, argv)
    assert text.strip()
    assert untranslated(text, _names(journals[ZH_SCENARIO])) == [], text


def test_zh_scenario_speaks_its_own_language_by_default(capsys):
    text = run(capsys, ["play", str(ZH_SCENARIO)])
    assert "案件" in text and "休整" in text
    assert "案件" in run(capsys, ["play", str(ZH_SCENARIO), "--lang", "zh-Hans"])
    english = run(capsys, ["play", str(ZH_SCENARIO), "--lang", "en"])
    assert "Score" in english and "案件" not in english.replace("林小雨", "")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_en_scenario_told_in_chinese_keeps_only_proper_names_latin(capsys, journals, lang):
    text = run(capsys, ["play", str(EN_SCENARIO), "--lang", lang])
    assert untranslated(text, _names(journals[EN_SCENARIO])) == [], text


def test_english_transcript_has_no_raw_keys(capsys):
    text = run(capsys, ["play", str(EN_SCENARIO)])
    assert RAW_KEY.findall(text) == []


@pytest.mark.parametrize("scenario", [ZH_SCENARIO, EN_SCENARIO], ids=lambda p: p.stem)
def test_journal_is_the_same_bytes_in_every_language(capsys, journals, scenario, tmp_path):
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert run(capsys, ["play", str(scenario), "--json", "--lang", lang]) == journals[scenario]
        path = tmp_path / f"{lang}.jsonl"
        run(capsys, ["play", str(scenario), "--lang", lang, "--journal", str(path)])
        assert path.read_text(encoding="utf-8") == journals[scenario]


def test_names_follow_the_scenario_locale_not_lang(journals):
    zh = _names(journals[ZH_SCENARIO])
    en = _names(journals[EN_SCENARIO])
    assert zh and all(any("\u4e00" <= ch <= "\u9fff" for ch in n) for n in zh)
    assert all(n.isascii() for n in en)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_longer_zh_campaigns_stay_in_chinese(capsys, seed):
    """More seeds, more kinds of events: still nothing untranslated."""
    journal = run(capsys, ["play", str(ZH_SCENARIO), "--seed", str(seed), "--scores", "4", "--json"])
    text = run(capsys, ["play", str(ZH_SCENARIO), "--seed", str(seed), "--scores", "4", "--lang", "zh-Hans"])
    assert untranslated(text, _names(journal)) == [], text


def test_names_default_to_the_scenario_language_locale(capsys, tmp_path):
    """A scenario without name_locale gets names in its language's faker locale
    (sim.i18n.default_name_locale: zh-Hans -> zh_CN), whatever --lang says."""
    from sim.content import load_scenario

    text = ZH_SCENARIO.read_text(encoding="utf-8")
    text = text.replace("lang: zh-Hant", "lang: zh-Hans").replace("name_locale: zh_TW\n", "")
    path = tmp_path / "zh_hans.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_scenario(path).name_locale == "zh_CN"
    names = [n for n in _names(run(capsys, ["play", str(path), "--json"])) if n != "林小雨"]
    assert names and all(any("\u4e00" <= ch <= "\u9fff" for ch in n) for n in names)
    assert run(capsys, ["play", str(path), "--json", "--lang", "en"]) == run(capsys, ["play", str(path), "--json"])
