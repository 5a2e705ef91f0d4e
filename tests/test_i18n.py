"""The translation layer sim.i18n (docs/architecture.md "Words for people")."""

from __future__ import annotations

import string
import subprocess
import sys
import textwrap

import pytest

import sim.i18n as i18n
from sim.errors import ContentError, UsageError
from sim.i18n import LANGS, default_name_locale, has, missing_languages, t, term_keys, text_of

# Terms whose Chinese may legitimately equal the English: numbers, symbols,
# proper names kept in Latin letters. Every entry says why.
SAME_AS_ENGLISH: dict[str, str] = {
    # e.g. "cli.odds.dice_range": "a pure number template",
}

# Terms whose zh-Hans uses mainland vocabulary rather than a character-by-
# character conversion of zh-Hant (Taiwan 機率, mainland 概率).
VOCABULARY_DIFFERS = {
    "cli.odds.chance", "cli.odds.harm_chance", "cli.roll.exact_odds", "report.heading.odds",
    "report.city.clocks", "report.city.intro", "solo.help.odds",  # 機率 and 概率 (odds)
}

# Traditional characters that simplify differently by word: 計畫 -> 计划 but
# 畫像 -> 画像.
ONE_TO_MANY = {"畫": {"画", "划"}}

# Where a term's words come from: a seed ("000", "002", "003", "004", "002+004"),
# a seed's running text ("~" suffix), or our own rendering.
SOURCES = {"000", "000~", "002", "002~", "003", "003~", "004", "004~", "002+004", "ours"}


@pytest.fixture
def tables(tmp_path):
    """Point sim.i18n at a throwaway table directory; restore afterwards."""

    def write(name: str, text: str):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        i18n.reload(tmp_path)
        return path

    yield write
    i18n.reload()


def _words(template: str) -> str:
    """The template with its {fields} taken out: what a reader actually reads."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def _layout_only(template: str) -> bool:
    """A template with no words at all ("  {option}") has nothing to translate."""
    return not any(ch.isalpha() for ch in _words(template))


def _fields(template: str) -> dict[str, str]:
    return {name: f"<{name}>" for _, name, _, _ in string.Formatter().parse(template) if name}


# --- the real tables -------------------------------------------------------

def test_tables_load_and_are_not_empty():
    keys = term_keys()
    assert len(keys) > 20
    assert keys == tuple(sorted(keys))


def test_every_term_has_all_three_languages():
    missing = [(k, lang) for k in term_keys() for lang in LANGS
               if not i18n.entry(k).get(lang, "").strip()]
    assert missing == []


def test_chinese_is_never_just_the_english():
    same = [(k, lang) for k in term_keys() for lang in ("zh-Hant", "zh-Hans")
            if i18n.entry(k)[lang] == i18n.entry(k)["en"] and k not in SAME_AS_ENGLISH
            and not _layout_only(i18n.entry(k)["en"])]
    assert same == []


def test_chinese_terms_contain_chinese():
    """A zh value with no CJK character (or CJK punctuation, for pure layout
    templates) is an untranslated word slipping through."""
    def cjk(s: str) -> bool:
        return any("\u3400" <= ch <= "\u9fff" or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"
                   for ch in s)
    bad = [(k, lang) for k in term_keys() for lang in ("zh-Hant", "zh-Hans")
           if not cjk(i18n.entry(k)[lang]) and k not in SAME_AS_ENGLISH and not _layout_only(i18n.entry(k)[lang])]
    assert bad == []


def test_every_term_renders_in_every_language():
    for key in term_keys():
        row = i18n.entry(key)
        for lang in LANGS:
            text = t(key, lang, **_fields(row[lang]))
            assert text.strip()
            assert "{" not in text.replace("{{", "") or "<" in text


def test_templates_name_the_same_fields_in_every_language():
    for key in term_keys():
        row = i18n.entry(key)
        names = {lang: sorted(_fields(row[lang])) for lang in LANGS}
        assert names["zh-Hant"] == names["en"] == names["zh-Hans"], key


def test_traditional_and_simplified_convert_consistently():
    """Same-length zh-Hant/zh-Hans pairs are character-by-character conversions:
    each traditional character always becomes the same simplified one, and no
    character that gets simplified somewhere survives unconverted in zh-Hans."""
    pairs: dict[str, set[str]] = {}
    for key in term_keys():
        if key in VOCABULARY_DIFFERS:
            continue
        row = i18n.entry(key)
        hant, hans = row["zh-Hant"], row["zh-Hans"]
        if len(hant) == len(hans):
            for a, b in zip(hant, hans):
                pairs.setdefault(a, set()).add(b)
    ambiguous = {a: sorted(bs) for a, bs in pairs.items() if len(bs) > 1 and not bs <= ONE_TO_MANY.get(a, set())}
    assert ambiguous == {}
    converted = {a for a, bs in pairs.items() if bs != {a}}
    leaks = [(k, ch) for k in term_keys() for ch in i18n.entry(k)["zh-Hans"] if ch in converted]
    leaks += [(k, ch) for k in term_keys() for ch in i18n.entry(k)["zh-Hant"]
              if ch in {b for bs in pairs.values() for b in bs} - set(pairs)]
    assert leaks == []


# The seeds' own words for the core terms, and words that drift in when a
# sentence is written without looking (issue 6: "use the seeds' own terms").
# key: (seed word zh-Hant, seed word zh-Hans, [variants that must not appear]).
SEED_TERMS = {
    "heat":           ("盯迫", "盯迫", ["熱度", "热度"]),
    "tier":           ("層級", "层级", ["階級", "阶级"]),
    "rep":            ("名望", "名望", ["名聲", "名声"]),
    "devil's bargain": ("魔鬼交易", "魔鬼交易", ["惡魔交易", "恶魔交易"]),
    "complication":   ("複雜狀況", "复杂状况", ["併發狀況", "并发状况"]),
    "engagement roll": ("參案骰", "参案骰", ["交戰骰", "交战骰"]),
    "crew":           ("組織", "组织", ["小隊", "小队"]),
    "stash":          ("私金", "私金", ["積蓄", "积蓄"]),
    "payoff":         ("回報", "回报", ["報酬", "报酬"]),
    "hold":           ("凝聚", "凝聚", ["掌控"]),
    "faction":        ("派系", "派系", ["勢力", "势力"]),
    "score":          ("案件", "案件", ["第 {n} 次行動", "第 {n} 次行动"]),
    "position":       ("情勢", "情势", ["位置"]),
    "entanglement":   ("糾葛", "纠葛", ["牽連", "牵连"]),
    "fate point":     ("命運點", "命运点", ["命運值", "命运值"]),
    "aspect":         ("形象", "形象", ["面向", "特徵", "特征"]),
    "power (mist)":   ("效力", "效力", ["威力"]),
}


@pytest.mark.parametrize("term", sorted(SEED_TERMS))
def test_seed_terms_are_used_everywhere(term):
    hant, hans, variants = SEED_TERMS[term]
    found = [(k, v) for k in term_keys() for lang in ("zh-Hant", "zh-Hans")
             for v in variants if v in i18n.entry(k)[lang]]
    assert found == [], f"use the seed's word for {term!r}: {hant} / {hans}"


def test_every_term_says_where_its_words_come_from():
    unsourced = [k for k in term_keys() if i18n.source_of(k) not in SOURCES]
    assert unsourced == []


def test_vocabulary_exceptions_are_real_terms():
    assert all(has(k) for k in VOCABULARY_DIFFERS | set(SAME_AS_ENGLISH))


# --- t() -----------------------------------------------------------------------

def test_seed_000_terms():
    assert t("blades.position.risky", "zh-Hant") == "險峻"
    assert t("blades.position.desperate", "zh-Hans") == "绝望"
    assert t("blades.action.hunt") == "Hunt"


def test_t_formats_fields(tables):
    tables("a.yaml", """\
        cli:
          dice: {en: "{n} dice at {pct}%", zh-Hant: "{n} 顆骰 {pct}%", zh-Hans: "{n} 颗骰 {pct}%"}
        """)
    assert t("cli.dice", "en", n=2, pct="75.0") == "2 dice at 75.0%"
    assert t("cli.dice", "zh-Hans", n=3, pct=1) == "3 颗骰 1%"


def test_t_missing_field_names_key_and_field(tables):
    tables("a.yaml", """\
        cli:
          dice: {en: "{n} dice", zh-Hant: "{n} 顆骰", zh-Hans: "{n} 颗骰"}
        """)
    with pytest.raises(KeyError, match=r"cli\.dice.*'n'"):
        t("cli.dice", "en")


def test_term_or_uses_the_table_when_it_has_the_key_else_the_fallback(tables):
    tables("a.yaml", """\
        cli:
          dice: {en: "{n} dice", zh-Hant: "{n} 顆骰", zh-Hans: "{n} 颗骰"}
        """)
    assert i18n.term_or("cli.dice", "unused", "zh-Hans", n=2) == "2 颗骰"
    assert i18n.term_or("cli.nothing_here", "as given {n}", "zh-Hans", n=2) == "as given {n}"  # not filled


def test_id_term_reads_an_id_without_a_term_as_itself():
    assert i18n.id_term("blades.position", "risky", "zh-Hant") == "險峻"
    assert i18n.id_term("blades.position", "no_such_position", "zh-Hant") == "no_such_position"
    assert i18n.id_term("blades.clock_size", 4) == "4"


def test_missing_language_falls_back_to_english(tables):
    tables("a.yaml", """\
        x:
          only_en: {en: Only English}
          both: {en: Both, zh-Hant: 兩者}
        """)
    assert t("x.only_en", "zh-Hant") == "Only English"
    assert t("x.both", "zh-Hans") == "Both"
    assert t("x.both", "zh-Hant") == "兩者"


def test_missing_key_raises_keyerror_naming_it():
    with pytest.raises(KeyError, match=r"blades\.no_such_thing"):
        t("blades.no_such_thing", "zh-Hant")
    assert not has("blades.no_such_thing")
    assert has("blades.position.risky")


def test_lang_none_means_english_and_aliases_work():
    assert t("blades.position.risky", None) == "risky"
    assert t("blades.position.risky", "zh-TW") == "險峻"
    assert t("blades.position.risky", "zh_CN") == "险峻"


def test_unknown_language_is_a_usage_error():
    with pytest.raises(UsageError, match="klingon"):
        t("blades.position.risky", "klingon")


def test_term_keys_prefix():
    keys = term_keys("blades.position.")
    assert keys == ("blades.position.controlled", "blades.position.desperate", "blades.position.risky")


# --- loading -------------------------------------------------------------------

def test_yaml_scalars_stay_strings(tables):
    tables("a.yaml", """\
        oracle:
          no: {en: No, zh-Hant: 否, zh-Hans: 否}
        fate:
          ladder:
            -4: {en: Horrifying, zh-Hant: 駭人, zh-Hans: 骇人}
        """)
    assert t("oracle.no") == "No"
    assert t("fate.ladder.-4") == "Horrifying"


def test_bad_tables_report_every_problem_with_file_and_line(tables):
    path = tables("bad.yaml", """\
        x:
          a: {en: A, fr: Le A}
          b: {zh-Hant: 乙}
          c: just text
          d: {en: "", zh-Hant: 丁}
        """)
    with pytest.raises(ContentError) as info:
        term_keys()
    text = str(info.value)
    assert f"{path}:2: x.a.fr: unknown field" in text
    assert f"{path}:3: x.b: a term needs English" in text
    assert f"{path}:4: x.c: expected a mapping" in text
    assert f"{path}:5: x.d.en: must be non-empty" in text
    assert len(info.value.problems) == 4


def test_a_key_defined_in_two_files_is_an_error(tables):
    tables("a.yaml", "x:\n  a: {en: A}\n")
    tables("b.yaml", "x:\n  a: {en: A again}\n")
    with pytest.raises(ContentError, match=r"b\.yaml:2: x\.a: already defined in .*a\.yaml:2"):
        t("x.a")


def test_importing_sim_i18n_reads_no_files():
    code = textwrap.dedent("""\
        import builtins, io, sys
        opened = []
        real_open = io.open
        def spy(file, *a, **k):
            opened.append(str(file))
            return real_open(file, *a, **k)
        builtins.open = io.open = spy
        import pathlib
        pathlib.Path.read_text = lambda self, *a, **k: opened.append(str(self))
        import sim.i18n
        assert sim.i18n.tables._terms is None
        assert "yaml" not in sys.modules
        print([f for f in opened if f.endswith(".yaml")])
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- content text fields -----------------------------------------------------

def test_text_of_plain_and_mapping():
    assert text_of("Bluecoats", "zh-Hant") == "Bluecoats"
    value = {"en": "The Bluecoats", "zh-Hant": "藍衣人", "zh-Hans": "蓝衣人"}
    assert text_of(value, "zh-Hans") == "蓝衣人"
    assert text_of({"en": "Only"}, "zh-Hant") == "Only"
    assert text_of({"en": "{n} coin", "zh-Hant": "{n} 枚錢幣"}, "zh-Hant", n=2) == "2 枚錢幣"
    with pytest.raises(KeyError):
        text_of({"zh-Hant": "只有中文"}, "zh-Hans")
    with pytest.raises(TypeError):
        text_of(3, "en")


def test_missing_languages():
    assert missing_languages({"en": "a", "zh-Hant": "乙", "zh-Hans": "乙"}) == ()
    assert missing_languages({"en": "a", "zh-Hant": " "}) == ("zh-Hant", "zh-Hans")
    assert missing_languages("plain") == ("zh-Hant", "zh-Hans")
    assert missing_languages("純文字", assume="zh-Hant") == ("en", "zh-Hans")
    assert missing_languages(None) == LANGS


def test_default_name_locale():
    assert default_name_locale("en") == "en_US"
    assert default_name_locale("zh-Hant") == "zh_TW"
    assert default_name_locale("zh-Hans") == "zh_CN"
    assert default_name_locale(None) == "en_US"


def test_package_docstring_examples_hold():
    import doctest

    result = doctest.testmod(i18n)
    assert result.attempted >= 2 and result.failed == 0
