"""The command line's conventions (issue 28 "CLI conventions"): usage, exit statuses, --json, streams.

Every command follows them (sim.cli.EPILOG says them in ``sim --help``): bare ``sim`` prints the usage on
stderr and exits 2; results go to stdout, problems and progress to stderr; ``--json`` is one object on one
line with snake_case keys; exit status 0 done, 1 ran and found problems, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import COMMANDS, EPILOG, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
SIM = [sys.executable, "-m", "sim"]
SNAKE = re.compile(r"[a-z][a-z0-9_]*")


def sim(*argv: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([*SIM, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def one_json_line(text: str) -> dict:
    """The whole of ``text`` is one JSON object on one line; return it."""
    lines = text.splitlines()
    assert len(lines) == 1, f"{len(lines)} lines: {text[:500]}"
    obj = json.loads(lines[0])
    assert isinstance(obj, dict)
    return obj


def snake_keys(obj, path: str = "") -> list[str]:
    """Every key of ``obj`` (nested) that is not snake_case, with where it is.

    Keys that are data rather than names (outcome counts keyed by a number, a language code) are the
    caller's to leave out."""
    bad = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if not SNAKE.fullmatch(str(key)):
                bad.append(f"{path}{key}")
            bad += snake_keys(value, f"{path}{key}.")
    elif isinstance(obj, list):
        for value in obj:
            bad += snake_keys(value, path + "[].")
    return bad


# --- bare sim and the exit statuses -----------------------------------------------------------------

def test_bare_sim_prints_the_usage_with_every_command_on_stderr_and_exits_2():
    done = sim()
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("usage: sim ")
    for name in COMMANDS:
        assert re.search(rf"^\s+{name}\s+\S", done.stderr, re.M), f"{name} is not listed:\n{done.stderr}"
    assert "sim: error" not in done.stderr


def test_bare_main_returns_2_with_the_usage(capsys):
    assert main([]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "usage: sim" in out.err and "exit status:" in out.err


def test_the_exit_status_table_is_in_the_top_level_help(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    assert "exit status:" in text
    for code, words in (("0", "done"), ("1", "ran and found problems"), ("2", "bad input"), ("130", "interrupted")):
        assert re.search(rf"^  {code}\s+{words}", text, re.M), f"exit status {code} missing:\n{text}"
    assert EPILOG.splitlines()[0] in text
    assert max(len(line) for line in EPILOG.splitlines()) <= 80  # the epilog is laid out by hand


def test_a_bad_option_is_one_error_line_and_exit_2():
    done = sim("odds", "blades", "--dice", "x")
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "error" in done.stderr


# --- --json on every command that reports a result ---------------------------------------------------

def leaf_commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command words, parser) for every parser that runs something."""
    if path and parser.get_default("func") is not None:
        yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from leaf_commands(sub, (*path, name))


#: Commands with no result to report as one object: a session at the keyboard, a script for a shell, or a server
#: (sim mcp answers its client in JSON-RPC, every tool's answer a JSON object)
NO_JSON = {("solo", "new"), ("solo", "continue"), ("completion",), ("mcp",), ("web",)}


def test_every_command_that_reports_a_result_has_json():
    leaves = dict(leaf_commands(build_parser()))
    assert ("batch",) in leaves and ("validate",) in leaves and ("oracle", "ask") in leaves
    missing = [" ".join(words) for words, p in leaves.items()
               if words not in NO_JSON and "--json" not in p._option_string_actions]
    assert missing == []


def test_validate_json_is_one_object_with_each_problem_and_exit_1(tmp_path):
    text = (ROOT / "scenarios" / "tests" / "two_scores.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("playbook: cutter", "playbook: cuter", 1), encoding="utf-8")
    assert "cuter" in bad.read_text(encoding="utf-8")
    done = sim("validate", str(bad), "--json")
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    out = one_json_line(done.stdout)
    assert snake_keys(out) == []
    assert out["ok"] is False and out["count"] == len(out["problems"]) >= 1 and out["errors"] >= 1
    problem = next(p for p in out["problems"] if "cuter" in p["message"])
    line = next(i for i, l in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if "cuter" in l)
    assert problem == {"file": problem["file"], "line": line, "field": problem["field"],
                       "message": problem["message"], "severity": "error"}
    assert problem["file"].endswith("bad.yaml") and problem["field"].endswith("playbook")


def test_validate_json_of_good_content_is_ok_and_exit_0():
    done = sim("validate", "scenarios/tests/two_scores.yaml", "--json")
    assert done.returncode == 0, done.stderr
    out = one_json_line(done.stdout)
    assert out["ok"] is True and out["count"] == out["errors"] == 0 and out["problems"] == []
    assert out["scenarios"] == 1


def test_validate_problems_go_to_stderr_and_the_count_to_stdout(tmp_path):
    text = (ROOT / "scenarios" / "tests" / "two_scores.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("playbook: cutter", "playbook: cuter", 1), encoding="utf-8")
    done = sim("validate", str(bad))
    assert done.returncode == 1
    assert "unknown playbook 'cuter'" in done.stderr and "cuter" not in done.stdout
    assert re.fullmatch(r"sim validate: 1 error in \d+ tables? and 1 scenario\n", done.stdout), done.stdout


def test_validate_of_a_missing_path_is_bad_input_exit_2():
    done = sim("validate", "no/such/file.yaml", "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("sim: error: ")


def test_oracle_json_has_the_system_key_like_the_odds_commands(capsys):
    for argv in (["oracle", "ask", "Is it raining?", "--likelihood", "likely"], ["oracle", "event"],
                 ["oracle", "meaning"], ["oracle", "scene"], ["odds", "oracle", "--likelihood", "even"],
                 ["roll", "oracle", "--likelihood", "even"]):
        assert main([*argv, "--seed", "3", "--json"] if argv[0] != "odds" else [*argv, "--json"]) == 0
        out = one_json_line(capsys.readouterr().out)
        assert out["system"] == "oracle", argv
    assert main(["oracle", "ask", "Is it raining?", "--likelihood", "likely", "--seed", "3", "--json"]) == 0
    out = one_json_line(capsys.readouterr().out)
    assert {"seed", "question", "likelihood", "tension", "roll", "answer", "event"} <= set(out)  # kept


def test_schema_json_lists_the_files_written(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path / "s"), "--json"]) == 0
    out = one_json_line(capsys.readouterr().out)
    assert out["count"] == len(out["files"]) > 3
    assert all(Path(f).is_file() for f in out["files"]) and out["out"] == (tmp_path / "s").as_posix()


def test_accel_clean_json(monkeypatch, capsys):
    from sim import accel

    monkeypatch.setattr(accel, "clean", lambda: 3)  # the real one removes this checkout's compiled modules
    assert main(["accel", "clean", "--json"]) == 0
    assert one_json_line(capsys.readouterr().out) == {"removed": 3}


def test_terms_json_is_one_line(capsys):
    assert main(["terms", "blades.position", "--json"]) == 0
    text = capsys.readouterr().out
    assert len(text.splitlines()) == 1
    rows = json.loads(text)
    assert {"key", "en", "zh-Hant", "zh-Hans", "source"} == set(rows[0])  # the keys it always had


def test_batch_json_gives_the_folder_and_the_headline_figures_from_summary_json(tmp_path):
    out = tmp_path / "run"
    done = sim("batch", "scenarios/tests/two_scores.yaml", "--campaigns", "6", "--workers", "1", "--out", str(out),
               "--sweep", "scores=1,2", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # --quiet: no progress
    got = one_json_line(done.stdout)
    assert snake_keys({k: v for k, v in got.items() if k != "variants"}) == []
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert got["out"] == str(out) and got["system"] == "blades" and got["scenario"] == summary["scenario"]
    assert got["campaigns"] == 6 and got["campaigns_played"] == 12 and got["variant_count"] == 2
    assert got["files"] == {"campaigns": str(out / "campaigns.parquet"), "summary": str(out / "summary.json"),
                            "report": str(out / "report.md")}
    assert [v["variant"] for v in got["variants"]] == [v["variant"] for v in summary["variants"]]
    for mine, theirs in zip(got["variants"], summary["variants"]):
        assert mine["params"] == theirs["params"] and mine["campaigns"] == theirs["campaigns"] == 6
        aggregates = theirs["aggregates"]
        assert mine["summary"]["coin"] == {"mean": aggregates["coin"]["mean"], "ci95": aggregates["coin"]["ci95"]}
        rates = [name for name, a in aggregates.items() if a["kind"] == "rate" and name in mine["summary"]]
        assert rates and all(mine["summary"][r] == {"rate": aggregates[r]["rate"], "ci95": aggregates[r]["ci95"]}
                             for r in rates)
        per_faction = [name for name in aggregates if name.startswith("status_") or "__" in name]
        assert per_faction and not set(per_faction) & set(mine["summary"])  # left to summary.json
        lo, hi = mine["summary"]["coin"]["ci95"]
        assert lo <= mine["summary"]["coin"]["mean"] <= hi


def test_bench_json_names_the_system(capsys):
    assert main(["bench", "solo", "--steps", "2", "--json", "--scenario", "scenarios/tests/two_scores.yaml"]) == 0
    out = one_json_line(capsys.readouterr().out)
    assert out["system"] == "blades" and out["steps"] >= 1


# --- tables and glossaries wrap to the terminal's width ---------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from sim.commands.odds import DEFAULT_WIDTH, display_width, table, terminal_width, wrap  # noqa: E402


def widest(text: str) -> int:
    return max(display_width(line) for line in text.splitlines())


def test_terminal_width_honours_columns_and_has_a_default_without_a_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "123")
    assert terminal_width() == 123
    monkeypatch.setenv("COLUMNS", "3")
    assert terminal_width() == 40  # a floor: nothing is laid out in a sliver
    monkeypatch.delenv("COLUMNS")
    done = sim("terms", "--search", "x")  # stdout is a pipe here: the default width
    assert done.returncode == 0
    assert DEFAULT_WIDTH == 80 and widest(done.stdout) <= 80


@pytest.mark.parametrize("columns", [50, 80, 120])
def test_the_glossary_fits_the_terminal_width(columns):
    natural = sim("terms", env={"COLUMNS": "5000"})
    assert widest(natural.stdout) > 1000  # the longest term, on one line when there is room
    done = sim("terms", env={"COLUMNS": str(columns)})
    assert done.returncode == 0
    assert widest(done.stdout) <= columns
    assert done.stdout.splitlines()[-2].endswith(" terms") or "terms" in done.stdout  # the count is still there


def test_a_wrapped_row_keeps_every_word_of_its_cells():
    done = sim("terms", "report.line.reading", env={"COLUMNS": "60"})
    lines = done.stdout.splitlines()
    from sim import i18n

    english = i18n.entry("report.line.reading")["en"]
    assert len(lines) > 5 and widest(done.stdout) <= 60
    column = lines[0].index("English")
    width = lines[0].index("Traditional") - column
    cells = [line[column:column + width].strip() for line in lines[1:-2]]
    assert "".join(cells).replace(" ", "") == english.replace(" ", "")  # every character, in order
    assert "Rows:" in cells and "Cells give" in cells  # words break at spaces


def test_a_table_that_fits_is_unchanged_and_numbers_are_never_cut():
    rows = [["outcome", "chance"], ["partial success", "44.4%"], ["bad outcome", "25.0%"]]
    assert table(rows, [False, True], width=200) == table(rows, [False, True])
    narrow = table([["a long words column here", "123456789"]] * 2, [False, True], width=20)
    assert all("123456789" in line for line in narrow if line.strip().endswith("9"))
    assert sum("123456789" in line for line in narrow) == 2


WORDS = st.lists(st.sampled_from(["a", "risky", "效力", "盯迫很重要", "desperate,", "x" * 30, "（說明）", "1/36"]),
                 max_size=30)


@settings(max_examples=200, deadline=None)
@given(words=WORDS, width=st.integers(4, 60))
def test_wrap_keeps_every_character_and_each_line_fits(words, width):
    text = " ".join(words)
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(display_width(line) <= width for line in lines)
    assert not any(line.startswith(("，", "）", "。")) for line in lines)  # closing punctuation stays put


# --- plurals in three languages ------------------------------------------------------------------------

from sim import i18n  # noqa: E402


@pytest.mark.parametrize("n, en, zh_hant, zh_hans", [
    (0, "0 terms", "共 0 個術語", "共 0 个术语"),
    (1, "1 term", "共 1 個術語", "共 1 个术语"),
    (2, "2 terms", "共 2 個術語", "共 2 个术语"),
])
def test_count_phrases_take_the_plural_form_of_each_language(n, en, zh_hant, zh_hans):
    assert i18n.plural("cli.terms.count", n, "en") == en
    assert i18n.plural("cli.terms.count", n, "zh-Hant") == zh_hant
    assert i18n.plural("cli.terms.count", n, "zh-Hans") == zh_hans


def test_chinese_has_no_plural_forms_and_english_has_one_and_other():
    assert i18n.PLURAL_FORMS == {"en": ("one", "other"), "zh-Hant": ("other",), "zh-Hans": ("other",)}
    assert [i18n.plural_form(n, "en") for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert {i18n.plural_form(n, lang) for n in (0, 1, 2) for lang in ("zh-Hant", "zh-Hans")} == {"other"}
    assert i18n.plural_key("cli.terms.count", 1, "zh-Hant") == "cli.terms.count"
    assert i18n.plural_key("cli.word.and", 1, "en") == "cli.word.and"  # no _one form: the key itself


def test_every_singular_form_has_its_plural_and_the_same_chinese():
    keys = set(i18n.term_keys())
    ones = [k for k in keys if k.endswith("_one")]
    assert {"cli.terms.count_one", "cli.batch.campaigns_one", "cli.batch.variants_one"} <= set(ones)
    for one in ones:
        other = one[: -len("_one")]
        assert other in keys, other
        assert "{n}" in i18n.entry(one)["en"] and "{n}" in i18n.entry(other)["en"]
        for lang in ("zh-Hant", "zh-Hans"):  # no plural forms: the singular is never read, and must agree
            assert i18n.entry(one)[lang] == i18n.entry(other)[lang], one


def test_english_counts_for_messages_outside_the_term_tables():
    assert [i18n.count(n, "table") for n in (0, 1, 2)] == ["0 tables", "1 table", "2 tables"]
    assert i18n.count(1, "scenario") == "1 scenario" and i18n.count(3, "match") == "3 matches"
    assert i18n.count(2, "entry") == "2 entries" and i18n.count(2, "day") == "2 days"
    assert i18n.count(2, "index", "indices") == "2 indices"


def test_one_term_and_one_campaign_read_right(capsys, tmp_path):
    assert main(["terms", "blades.position.risky"]) == 0
    assert "1 term\n" in capsys.readouterr().out
    assert main(["terms", "blades.position.risky", "--lang", "zh-Hant"]) == 0
    assert "共 1 個術語\n" in capsys.readouterr().out
    assert main(["batch", "scenarios/tests/two_scores.yaml", "--campaigns", "1", "--workers", "1", "--quiet",
                 "--out", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert ": 1 campaign x 1 variant, seed" in out and "(s)" not in out
    assert main(["odds", "fate", "--skill", "1", "--vs", "2", "--invokes", "1"]) == 0
    assert "+ 1 invoke vs" in capsys.readouterr().out
    assert main(["odds", "fate", "--skill", "1", "--vs", "2", "--invokes", "2"]) == 0
    assert "+ 2 invokes vs" in capsys.readouterr().out


# --- help texts are documentation (the CLI reference page is generated from them) ------------------------

def help_texts():
    """(command words, text) for every parser's description and every option's and sub-command's help."""
    from sim.commands.completion import walk

    for words, p in walk(build_parser()):
        yield words, p.description or ""
        for action in p._actions:
            yield words, action.help or ""
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    yield words, choice.help or ""


def test_help_texts_name_no_issue_numbers_code_or_files_of_the_source():
    bad = [(" ".join(words), text) for words, text in help_texts()
           if re.search(r"\bissues? \d|#\d|\.py\b|derive_seed|STYLE\.md|README|TODO|sim/", text)]
    assert bad == []


def test_sim_bench_help_mentions_no_issue_number():
    for argv in (["bench"], ["bench", "solo"], ["bench", "campaigns"]):
        done = sim(*argv, "--help")
        assert done.returncode == 0 and not re.search(r"issue", done.stdout, re.I), done.stdout


def test_every_command_says_what_it_does():
    from sim.commands.completion import walk

    for words, p in walk(build_parser()):
        if words:
            assert p.description and p.description[0].isupper(), f"sim {' '.join(words)} has no description"


def test_narration_and_choices_count_with_the_right_plural():
    """Count phrases outside the command line: a Fate account, and a choice of how many edges and flaws."""
    from sim.agents.catalogue import labels
    from sim.fate.views.narrate import Narrator

    context = {"cohort_kind": "gang", "cohort_type": "thugs"}
    assert labels("cohort_traits", [1, 2], "en", context) == ["1 edge and 1 flaw", "2 edges and 2 flaws"]
    assert labels("cohort_traits", [1, 2], "zh-Hant", context) == ["1 項優點與 1 項缺陷", "2 項優點與 2 項缺陷"]
    en, hans = Narrator(None, "en"), Narrator(None, "zh-Hans")
    assert [en.count("fate_points", n) for n in (0, 1, 2)] == ["0 fate points", "1 fate point", "2 fate points"]
    assert en.count("boxes", 1, track="physical stress") == "1 physical stress box"
    assert en.count("victories", 2) == "2 victories" and en.count("victories", 1) == "1 victory"
    assert hans.count("stunts", 1) == "1 个绝技" and hans.count("stunts", 2) == "2 个绝技"
    done = sim("play", "scenarios/fate_docks.yaml")
    assert done.returncode == 0
    assert "(s)" not in done.stdout and "(ies)" not in done.stdout and "(es)" not in done.stdout


def test_bench_quiet_passes_no_progress_to_the_batches_it_times(monkeypatch, capsys):
    from sim.batch import bench
    from sim.batch.progress import QUIET

    seen = {}

    def fake(scenario, game, campaigns, workers=2, progress="unset", **kwargs):
        seen["progress"] = progress
        raise SystemExit(0)  # the figures are not the point here

    monkeypatch.setattr(bench, "bench_campaigns", fake)
    for argv, expected in ((["bench", "--campaigns", "5", "--quiet"], QUIET), (["bench", "campaigns", "--campaigns", "5"], None)):
        with pytest.raises(SystemExit):
            main(argv)
        assert seen.pop("progress") is expected, argv
