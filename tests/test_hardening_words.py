"""Issue 15, the small things a new user hit: one message for a folder given as a scenario,
--lang help that fits each command, report.md field descriptions, one precision rule, and the
faction-goals plot named and ordered for people."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.batch.reporting import report
from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.i18n import LANGS, has

SCENARIOS = PROJECT_ROOT / "scenarios"


def cli(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv", [
    ["play", str(SCENARIOS)],
    ["batch", str(SCENARIOS), "--campaigns", "2"],
    ["bench", "--scenario", str(SCENARIOS)],
])
def test_a_folder_given_as_a_scenario_gets_the_same_words_everywhere(capsys, argv):
    code, out, err = cli(capsys, *argv)
    assert (code, out, err) == (2, "", f"sim: error: {SCENARIOS} is a folder, not a scenario file\n")


@pytest.mark.parametrize("argv", [["play", "nowhere.yaml"], ["batch", "nowhere.yaml", "--campaigns", "2"]])
def test_a_missing_scenario_gets_the_same_words_everywhere(capsys, argv):
    assert cli(capsys, *argv)[2] == "sim: error: no such scenario file: nowhere.yaml\n"


@pytest.mark.parametrize("argv", [["odds", "blades", "--help"], ["roll", "fate", "--help"], ["terms", "--help"]])
def test_lang_help_of_commands_without_a_scenario_does_not_mention_one(capsys, argv):
    out = " ".join(cli(capsys, *argv)[1].split())
    assert "language for text meant for people (default: en)" in out
    assert "scenario" not in out.split("--lang", 1)[1].split("--", 1)[0]


def test_lang_help_of_play_names_the_scenario_default(capsys):
    out = " ".join(cli(capsys, "play", "--help")[1].split())
    assert "(default: the scenario's)" in out


# --- report.md -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def starter_batch(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "out"
    assert main(["batch", str(SCENARIOS / "starter.yaml"), "--campaigns", "6", "--workers", "1", "--out", str(out),
                 "--journals", "0"]) == 0
    return out


def test_every_summary_field_of_the_starter_has_a_description_in_every_language(starter_batch):
    import json

    summary = json.loads((starter_batch / "summary.json").read_text(encoding="utf-8"))
    fields = list(summary["variants"][0]["aggregates"])
    assert len(fields) > 100
    for lang in LANGS:
        missing = [f for f in fields if report.field_description(f, lang) == "—"]
        assert missing == [], (lang, missing)
    assert report.field_description("status_hive", "en") == "the crew's final status with The Hive"
    assert report.field_description("entanglement_arrest", "zh-Hant") == "擲出糾葛「逮捕」的次數"
    assert report.field_description("not_a_field") == "—"


def test_report_md_has_the_field_table_and_states_its_precision(starter_batch):
    text = (starter_batch / "report.md").read_text(encoding="utf-8")
    # issue 32: one table, a description column beside the values (no second table of what the ids mean)
    assert "## What the fields mean" not in text and "| field | description |" in text
    assert "| `scores_won` | scores that succeeded |" in text
    assert "| `faction_goals_hive` | goals The Hive achieved |" in text
    assert "Means and their intervals have 2 decimals; rates and shares are percentages with 1 decimal" in text
    summary_rows = text.split("## Summary fields", 1)[1].split("\n## ", 1)[0]
    for cell in re.findall(r"\| (-?[\d,]+\.\d+ \[[^]]*\]) \|", summary_rows):  # means: exactly 2 decimals
        assert re.fullmatch(r"-?[\d,]+\.\d\d \[-?[\d,]+\.\d\d, -?[\d,]+\.\d\d\]", cell), cell
    for cell in re.findall(r"\| (\d+\.\d+% \[[^]]*\]) \|", summary_rows):  # rates: percent with 1 decimal
        assert re.fullmatch(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", cell), cell


def test_report_md_field_table_follows_lang(tmp_path):
    assert main(["batch", str(SCENARIOS / "tests" / "two_scores.yaml"), "--campaigns", "3", "--workers", "1",
                 "--out", str(tmp_path / "o"), "--lang", "zh-Hans", "--journals", "0"]) == 0
    text = (tmp_path / "o" / "report.md").read_text(encoding="utf-8")
    assert "| 栏位 | 说明 |" in text and "| `scores_won` | 成功的案件数 |" in text
    assert "平均值及其区间取 2 位小数" in text


def test_cell_precision_rule():
    number = {"kind": "number", "mean": 1.23456, "ci95": [1.0, 1.5],
              "vs_first": {"diff": 0.123456, "ci95": [-0.01, 0.3]}}
    assert report.cell(number) == "1.23 [1.00, 1.50]; Δ +0.12 [-0.01, +0.30]"
    rate = {"kind": "rate", "rate": 0.3456, "ci95": [0.3, 0.4], "vs_first": {"diff": 0.0234, "ci95": [0.01, 0.04]}}
    assert report.cell(rate) == "34.6% [30.0, 40.0]; Δ +2.3 pts [+1.0, +4.0]"


def test_faction_goals_plot_names_factions_and_puts_the_most_goals_first(tmp_path):
    summary = {"variants": [{"variant": "base", "campaigns": 30, "aggregates": {
        "faction_goals_hive": {"mean": 0.5}, "faction_goals_bluecoats": {"mean": 2.0},
        "faction_goals_forgotten_gods": {"mean": 1.0}}}]}
    labels = report.plot_faction_goals(summary, ["bluecoats", "forgotten_gods", "hive"], tmp_path / "g.png", "en")
    assert labels == ["The Bluecoats", "Cult of the Forgotten Gods", "The Hive"]
    assert (tmp_path / "g.png").stat().st_size > 1000
    assert report.goals_order(summary, ["hive", "forgotten_gods", "bluecoats"]) == ["bluecoats", "forgotten_gods",
                                                                                    "hive"]


@pytest.mark.filterwarnings("ignore:Glyph")  # the pretend CJK font has no CJK glyphs
def test_faction_goals_plot_in_chinese_without_a_cjk_font_uses_english_names(tmp_path, monkeypatch):
    from sim.batch.reporting import figures

    monkeypatch.setattr(figures, "cjk_font", lambda: None)
    summary = {"variants": [{"variant": "base", "campaigns": 30, "aggregates": {"faction_goals_hive": {"mean": 1.0}}}]}
    assert report.plot_faction_goals(summary, ["hive"], tmp_path / "g.png", "zh-Hant") == ["The Hive"]
    monkeypatch.setattr(figures, "cjk_font", lambda: "DejaVu Sans")  # pretend one is installed
    assert report.plot_faction_goals(summary, ["hive"], tmp_path / "g.png", "zh-Hant") == ["蜂巢"]


def test_report_terms_exist_in_every_language():
    for key in ("report.heading.fields", "report.column.description", "report.line.precision",
                "report.field_prefix.status", "report.field.scores_won"):
        assert has(key), key


def test_terms_with_a_huge_search_word_is_one_short_line(capsys):
    code, _, err = cli(capsys, "terms", "--search", "x" * 100_000)
    assert code == 2 and err.count("\n") == 1 and len(err) < 200
