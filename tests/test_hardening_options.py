"""Issue 15: size options are bounded (one line, exit 2, no work) and flags are never abbreviated."""

from __future__ import annotations

import argparse

import pytest

from sim import limits
from sim.cli import build_parser, main
from sim.content import PROJECT_ROOT

TWO = str(PROJECT_ROOT / "scenarios" / "tests" / "two_scores.yaml")


def cli(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors exit through the parser
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv, message", [
    (["bench", "dice", "--n", "100000000000000000000"],
     "--n must be at most 1,000,000,000, got 100,000,000,000,000,000,000"),
    (["bench", "dice", "--repeats", "1000000"], "--repeats must be at most 1,000, got 1,000,000"),
    (["bench", "--workers", "1000"], "--workers must be at most 256, got 1,000"),
    (["bench", "campaigns", "--campaigns", "10000000"], "--campaigns must be at most 1,000,000, got 10,000,000"),
    (["batch", TWO, "--campaigns", "2", "--workers", "257"], "--workers must be at most 256, got 257"),
    (["batch", TWO, "--campaigns", "2", "--dask", "local", "--workers", "100000"],
     "--workers must be at most 256, got 100,000"),
    (["batch", TWO, "--campaigns", "100000001"], "--campaigns must be at most 100,000,000, got 100,000,001"),
    (["batch", TWO, "--campaigns", "2", "--journals", "10001"], "--journals must be at most 10,000, got 10,001"),
    (["batch", TWO, "--campaigns", "2", "--chunk-size", "100001"],
     "--chunk-size must be at most 100,000, got 100,001"),
    (["batch", TWO, "--campaigns", "2", "--seed", "-1"], "--seed must be 0..9,223,372,036,854,775,807, got -1"),
    (["batch", TWO, "--campaigns", "2", "--sweep", "scores=" + ",".join(map(str, range(1, 101))),
      "--sweep", "status.hive=-3,-2,-1,0,1,2,3", "--sweep", "gm=gentle,standard"],
     "the number of --sweep variants must be at most 1,000, got 1,400"),
    (["batch", TWO, "--campaigns", "10000000", "--sweep", "scores=" + ",".join(map(str, range(1, 201)))],
     "--campaigns times the --sweep variants must be at most 1,000,000,000, got 2,000,000,000"),
    (["batch", TWO, "--campaigns", "2", "--sweep", "scores=2,100000000000"],
     "--sweep scores must be 1..1,000, got 100,000,000,000"),
    (["play", TWO, "--seed", str(2**63)], "--seed must be 0..9,223,372,036,854,775,807, got 9,223,372,036,854,775,808"),
])
def test_size_options_out_of_bounds_are_one_line_before_any_work(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *argv)
    assert (code, out, err) == (2, "", f"sim: error: {message}\n")
    assert list(tmp_path.iterdir()) == []  # no output folder was made


def test_campaign_is_not_taken_for_campaigns(capsys):
    code, _, err = cli(capsys, "batch", TWO, "--campaign", "10")
    assert code == 2 and "the following arguments are required: --campaigns" in err


def _parsers(parser: argparse.ArgumentParser, name: str = "sim"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _parsers(sub, f"{name} {sub_name}")


def test_no_parser_or_subparser_accepts_abbreviations():
    found = list(_parsers(build_parser()))
    assert len(found) > 10
    assert [name for name, p in found if p.allow_abbrev] == []


@pytest.mark.parametrize("argv, text", [
    (["bench", "dice", "--help"], "1000..1,000,000,000"),
    (["bench", "dice", "--help"], "1..1000"),
    (["bench", "--help"], "2..256"),
    (["batch", "--help"], "at most 256"),
    (["batch", "--help"], "at most 100,000,000"),
    (["batch", "--help"], "at most 1,000 variants"),
])
def test_help_states_the_bounds(capsys, argv, text):
    code, out, _ = cli(capsys, *argv)
    assert code == 0 and text in " ".join(out.split())


def test_limits_check_accepts_the_bounds_themselves():
    assert limits.check("--workers", limits.MAX_WORKERS, None, limits.MAX_WORKERS) == 256
    assert limits.check("--seed", 0, 0, limits.MAX_SEED) == 0
    assert limits.check("--seed", None, 0, limits.MAX_SEED) is None
