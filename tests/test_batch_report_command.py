"""Issue 32: ``sim report DIR`` draws a finished batch's report again without playing it, byte for byte in the
same language; summary.json validates against its documented JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from sim.batch import plan
from sim.batch.runner import run_batch
from sim.cli import main
from sim.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
STARTER = str(ROOT / "scenarios" / "starter.yaml")
SCHEMA = ROOT / "sim" / "batch" / "summary.schema.json"


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    out = tmp_path_factory.mktemp("rep") / "out"
    run_batch(STARTER, get_system("blades").batch_game(), 8, workers=1, out=out, chunk_size=4, journals=0,
              sweep=plan.parse_sweep(["faction_clock_size=4,8"]), seed=3, lang="zh-Hant")
    return out


def test_sim_report_reproduces_the_report_byte_for_byte_in_the_same_language(finished, capsys):
    first = (finished / "report.md").read_bytes()
    plots = {p.name: p.read_bytes() for p in (finished / "plots").iterdir()}
    assert main(["report", str(finished), "--lang", "en"]) == 0
    english = (finished / "report.md").read_bytes()
    assert english != first and b"# Batch report: starter" in english
    assert main(["report", str(finished), "--lang", "zh-Hant"]) == 0
    assert (finished / "report.md").read_bytes() == first  # nothing played: the same words, byte for byte
    assert capsys.readouterr().out.strip().endswith("report.md")
    again = {p.name: p.read_bytes() for p in (finished / "plots").iterdir()}
    assert again == plots  # and the same PNGs


def test_sim_report_svg_writes_svg_plots_and_links_them(finished):
    assert main(["report", str(finished), "--plots", "svg", "--lang", "zh-Hant"]) == 0
    report = (finished / "report.md").read_text(encoding="utf-8")
    assert "plots/faction_goals.svg" in report and "plots/city_status_v1.svg" in report
    assert (finished / "plots" / "city_status_v1.svg").read_text(encoding="utf-8").startswith("<?xml")


def test_sim_report_on_a_folder_without_a_finished_batch_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["report", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no batch folder" in err
    (tmp_path / "empty").mkdir()
    assert main(["report", str(tmp_path / "empty")]) == 2
    assert "no finished batch" in capsys.readouterr().err


def test_a_real_summary_validates_against_the_documented_schema(finished):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    summary = json.loads((finished / "summary.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)
    assert summary["format_version"] == 2
    summary["variants"][0]["aggregates"]["coin"].pop("n")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)


def test_sim_batch_keep_chunks_and_plots_svg_flags(tmp_path, capsys):
    two = str(ROOT / "scenarios" / "tests" / "two_scores.yaml")
    assert main(["batch", two, "--campaigns", "3", "--workers", "1", "--journals", "0", "--out",
                 str(tmp_path / "kept"), "--keep-chunks", "--plots", "svg"]) == 0
    assert sorted(p.name for p in (tmp_path / "kept" / "chunks").iterdir())  # kept
    assert "plots/coin.svg" in (tmp_path / "kept" / "report.md").read_text(encoding="utf-8")
    assert main(["batch", two, "--campaigns", "3", "--workers", "1", "--journals", "0", "--out",
                 str(tmp_path / "gone")]) == 0
    assert not (tmp_path / "gone" / "chunks").exists() and (tmp_path / "gone" / "plots" / "coin.png").is_file()
