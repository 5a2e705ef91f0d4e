"""Commands speak the player's language (issue 6): words for people go through
sim.i18n, machine output (--json) is the same bytes in every language."""

from __future__ import annotations

import re

import pytest

from sim.cli import main


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    """A wide terminal: these tests read whole rows (wrapping to the width: tests/test_cli_conventions.py)."""
    monkeypatch.setenv("COLUMNS", "300")

ZH = ("zh-Hant", "zh-Hans")

# Latin words allowed in Chinese output: dice notation is written with Latin
# letters in the seeds too (1d8, 2d4, +1d), and GM is used as-is by seed-000.
ALLOWED_LATIN = {"GM"}
LATIN_WORD = re.compile(r"(?<![0-9])[A-Za-z]{2,}")
RAW_KEY = re.compile(r"\b(?:blades|fate|mist|cli|report|oracle|language)\.[a-z_]")

ODDS = [
    ["odds", "blades", "--dice", "2"],
    ["odds", "blades", "--dice", "0", "--push"],
    ["odds", "blades", "--dice", "1", "--assist", "--bargain", "--position", "desperate", "--effect", "great",
     "--resist", "2"],
    ["odds", "blades", "--dice", "3", "--position", "controlled"],
    ["odds", "fate", "--skill", "3", "--vs", "2"],
    ["odds", "fate", "--skill", "-2", "--vs", "9", "--invokes", "2", "--opposed"],
    ["odds", "mist", "--power", "3"],
    ["odds", "mist", "--power", "0"],
    ["odds", "mist", "--power", "-1", "--zero-power", "one_d4"],
    ["odds", "mist", "--tags", "2", "--weaknesses", "1", "--status", "3", "--status", "-2", "--burned", "1"],
]
ROLLS = [
    ["roll", "blades", "--dice", "2", "--seed", "7"],
    ["roll", "blades", "--dice", "2", "--seed", "7", "--position", "risky", "--resist", "2"],
    ["roll", "blades", "--dice", "1", "--seed", "3", "--sampler", "table"],
    ["roll", "blades", "--dice", "4", "--seed", "1", "--n", "200", "--resist", "1"],
    ["roll", "blades", "--dice", "2", "--seed", "1", "--n", "50", "--sampler", "table"],
    ["roll", "fate", "--skill", "2", "--vs", "1", "--seed", "5"],
    ["roll", "fate", "--skill", "2", "--vs", "1", "--seed", "5", "--opposed", "--invokes", "1"],
    ["roll", "fate", "--skill", "1", "--vs", "3", "--seed", "2", "--n", "300"],
    ["roll", "mist", "--power", "2", "--seed", "4"],
    ["roll", "mist", "--power", "0", "--seed", "4"],
    ["roll", "mist", "--power", "3", "--seed", "4", "--n", "100"],
    ["roll", "mist", "--tags", "1", "--status", "-2", "--seed", "4"],
]
COMMANDS = ODDS + ROLLS


def run(capsys, argv: list[str]) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def untranslated(text: str) -> list[str]:
    """Raw keys and Latin words that should have been translated."""
    words = [w for w in LATIN_WORD.findall(text) if w not in ALLOWED_LATIN]
    # dice notation: "1d8", "2d4", "+1d" are digits around a single d
    return RAW_KEY.findall(text) + words


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_chinese_output_has_no_untranslated_words(capsys, argv, lang):
    text = run(capsys, argv + ["--lang", lang])
    assert text.strip()
    assert untranslated(text) == [], text


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_english_output_has_no_raw_keys(capsys, argv):
    text = run(capsys, argv + ["--lang", "en"])
    assert RAW_KEY.findall(text) == []
    assert text == run(capsys, argv)  # en is the default


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_json_is_the_same_bytes_in_every_language(capsys, argv):
    outputs = {lang: run(capsys, argv + ["--json", "--lang", lang]) for lang in ("en",) + ZH}
    assert outputs["zh-Hant"] == outputs["en"] == outputs["zh-Hans"]
    assert run(capsys, argv + ["--json"]) == outputs["en"]


def test_traditional_and_simplified_differ_where_the_script_does(capsys):
    argv = ["odds", "blades", "--dice", "2", "--position", "risky"]
    hant = run(capsys, argv + ["--lang", "zh-Hant"])
    hans = run(capsys, argv + ["--lang", "zh-Hans"])
    assert "險峻" in hant and "险峻" in hans
    assert "部分成功" in hant and "部分成功" in hans
    assert "關鍵成功" in hant and "关键成功" in hans


def test_fate_ladder_uses_the_seed_names(capsys):
    text = run(capsys, ["odds", "fate", "--skill", "3", "--vs", "2", "--lang", "zh-Hant"])
    assert "良好" in text and "尚可" in text and "絕妙成功" in text
    text = run(capsys, ["odds", "fate", "--skill", "4", "--vs", "0", "--lang", "zh-Hans"])
    assert "杰出" in text and "平庸" in text and "绝妙成功" in text


def test_mist_bands_use_the_seed_words(capsys):
    text = run(capsys, ["odds", "mist", "--power", "1", "--lang", "zh-Hans"])
    assert "成功但伴随后果" in text and "效力" in text


# --- sim terms: the glossary ---------------------------------------------------------

def test_terms_lists_a_prefix_side_by_side(capsys):
    text = run(capsys, ["terms", "blades.position"])
    lines = text.splitlines()
    assert lines[0].split() == ["key", "English", "Traditional", "Chinese", "Simplified", "Chinese", "source"]
    assert lines[1].split() == ["blades.position.controlled", "controlled", "穩妥", "稳妥", "000"]
    assert lines[-2:] == ["3 terms", "source: 000 = the Blades in the Dark SRD in Traditional Chinese (暗夜冷鋒)"]


def test_terms_legend_names_every_source_shown_in_the_language(capsys):
    from sim import i18n

    lines = run(capsys, ["terms", "--lang", "zh-Hant"]).splitlines()
    legend = lines[-1]
    assert legend.startswith("出處：")
    codes = {part for key in i18n.term_keys() for part in (i18n.source_of(key) or "").rstrip("~").split("+")}
    for code in codes - {"", "ours"}:
        assert f"{code} = " in legend
    assert "ours = 出處中沒有" in legend and "~ = 見於行文" in legend and "+ = 兩者皆是" in legend
    assert run(capsys, ["terms", "fate.outcome"]).splitlines()[-1] == (
        "source: 002 = Fate Condensed in Traditional Chinese (命運濃縮版); "
        "004 = Fate Condensed in Simplified Chinese (命运浓缩版); + = both")


def test_terms_search_finds_a_word_in_any_language(capsys):
    import json

    found = json.loads(run(capsys, ["terms", "--search", "效力", "--json"]))
    assert {"key": "mist.term.power", "en": "power", "zh-Hant": "效力", "zh-Hans": "效力", "source": "003"} in found
    assert all("效力" in " ".join(r.values()) for r in found)


def test_terms_headings_follow_lang(capsys):
    text = run(capsys, ["terms", "fate.outcome", "--lang", "zh-Hans"])
    assert text.splitlines()[0].split() == ["键", "英文", "繁体中文", "简体中文", "出处"]
    assert text.splitlines()[-2:] == ["共 4 个术语", "出处：002 = 命运浓缩版繁体中文版; 004 = 命运浓缩版简体中文版; + = 两者皆是"]


def test_terms_with_nothing_found_is_a_usage_error(capsys):
    assert main(["terms", "no.such.prefix"]) == 2
    assert "sim: error: no terms for no.such.prefix" in capsys.readouterr().err
