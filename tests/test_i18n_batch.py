"""`sim batch` writes report.md in the player's language (issue 6); the Parquet
rows and the aggregates are the same whatever the language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from sim.blades.batch import BladesGame
from sim.batch.runner import run_batch
from sim.cli import main

ROOT = Path(__file__).resolve().parents[1]
ZH_SCENARIO = ROOT / "scenarios" / "tests" / "zh_hant.yaml"
LATIN_WORD = re.compile(r"(?<![0-9])[A-Za-z]{2,}")
# `sim` (the program), `base` (the default variant's label, a Parquet value) and
# the scenario's name are identifiers, not words to translate.
ALLOWED = {"sim", "base", "zh_hant"}


def _batch(out: Path, lang: str | None):
    return run_batch(str(ZH_SCENARIO), BladesGame(), 12, workers=1, out=out, journals=1, chunk_size=6, lang=lang)


def _words(report: str) -> list[str]:
    text = re.sub(r"`[^`]*`", "", report)              # Parquet column names and file names
    text = re.sub(r"\]\([^)]*\)", "]", text)          # plot file paths
    text = re.sub(r"</?[a-z]+>", "", text)             # HTML markup (<details>, <summary>)
    return [w for w in LATIN_WORD.findall(text.replace("zh_hant", "")) if w not in ALLOWED]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("batch")
    return {lang: _batch(base / lang, lang) for lang in ("en", "zh-Hant", "zh-Hans")}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_report_is_in_chinese(runs, lang):
    report = (runs[lang].out / "report.md").read_text(encoding="utf-8")
    assert _words(report) == [], report
    heading = {"zh-Hant": "批次報告", "zh-Hans": "批次报告"}[lang]
    assert report.startswith(f"# {heading}")


def test_english_report_reads_as_before(runs):
    report = (runs["en"].out / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Batch report: zh_hant\n")
    assert "## Summary fields" in report and "| field |" in report and "### How campaigns ended" in report


def test_rows_and_aggregates_do_not_depend_on_the_language(runs):
    tables = {lang: pq.read_table(r.out / "campaigns.parquet") for lang, r in runs.items()}
    assert tables["en"].equals(tables["zh-Hant"]) and tables["en"].equals(tables["zh-Hans"])
    timing = {"elapsed_s", "campaigns_per_s", "memory"}  # measurements of the run, not results
    summaries = {lang: {k: v for k, v in json.loads((r.out / "summary.json").read_text()).items() if k not in timing}
                 for lang, r in runs.items()}
    assert summaries["en"] == summaries["zh-Hant"] == summaries["zh-Hans"]
    journals = {lang: sorted(p.read_bytes() for p in (r.out / "journals").rglob("*") if p.is_file())
                for lang, r in runs.items()}
    assert journals["en"] == journals["zh-Hant"] == journals["zh-Hans"]


def test_command_defaults_to_the_scenario_language(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["batch", str(ZH_SCENARIO), "--campaigns", "6", "--workers", "1", "--out", str(out),
                 "--chunk-size", "6", "--journals", "0"]) == 0
    printed = capsys.readouterr().out
    assert "每個變體 6 場戰役" in printed and "單一程序內" in printed
    assert (out / "report.md").read_text(encoding="utf-8").startswith("# 批次報告：zh_hant")
