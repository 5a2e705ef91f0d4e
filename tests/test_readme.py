"""The README is a front door: at most 300 lines, every relative link resolves (to a file, and to a heading
when it names one), its set-up command is the one CI runs, its solo journey is real output and its batch
journeys' commands parse. (The batch journeys' figures come from 500- and 600-campaign runs, too long for the
suite; ``docs/batch.md`` and ``docs/faction-balance.md`` hold the longer walk-throughs.)"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from docs_kit import README, ROOT, headings, runnable

from sim.cli import build_parser, main

TEXT = README.read_text(encoding="utf-8")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_at_most_300_lines():
    assert len(TEXT.splitlines()) <= 300


def _slugs(path: Path) -> set[str]:
    from markdown.extensions.toc import slugify

    return {slugify(title, "-") for _, _, title in headings(path.read_text(encoding="utf-8"))}


def test_every_relative_link_of_the_readme_resolves():
    links = [u for u in LINK.findall(TEXT) if not re.match(r"[a-z]+:", u)]
    assert len(links) >= 20
    for url in links:
        target, _, anchor = url.partition("#")
        path = (ROOT / target).resolve() if target else README
        assert path.exists(), f"README links {url}: no such file"
        if anchor and path.suffix == ".md":
            pytest.importorskip("markdown")
            assert anchor in _slugs(path), f"README links {url}: no such heading"


def test_the_second_setup_command_is_the_one_ci_runs():
    command = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q"
    assert f"\n{command}\n" in TEXT
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith(command)


def test_the_first_setup_command_starts_a_solo_session():
    first = re.search(r"```sh\n(python3 -m venv .*)\n", TEXT).group(1)
    assert first.endswith("sim solo new starter --save first.save")


def journey(title: str) -> str:
    return TEXT[TEXT.index(f"### {title}"):][:6000]


def test_the_solo_journey_is_real_output(tmp_path, capsys, monkeypatch):
    """Journey 1: the answers shown (``> ...``) typed as a script give every line shown, in order."""
    block = re.search(r"```console\n\$ (sim solo new [^\n]+)\n(.*?)```", journey("1. A solo session"), re.S)
    command, shown = block.group(1), block.group(2).splitlines()
    script = [line[2:] for line in shown if line.startswith("> ")]
    assert "quit" in script and any(s.startswith("ask ") for s in script)
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.txt").write_text("\n".join(script) + "\n", encoding="utf-8")
    assert main([*shlex.split(runnable(command))[1:], "--script", "answers.txt"]) == 0
    out = capsys.readouterr().out.splitlines()
    position = 0
    for line in shown:
        if line == "...":
            continue
        assert line in out[position:], f"{line!r} is not where the README shows it"
        position = out.index(line, position) + 1


@pytest.mark.parametrize("title", ["2. A batch study", "3. A faction-clock balance sweep"])
def test_the_batch_journeys_commands_parse(title):
    commands = re.findall(r"^\$ (sim batch [^\n]+)$", journey(title), re.M)
    assert commands
    for command in commands:
        argv = shlex.split(runnable(command))[1:]
        args = build_parser(argv[0]).parse_args(argv)
        assert (ROOT / args.scenario).is_file()
        assert f"{args.out}: {args.campaigns} campaigns" in journey(title)


def test_the_readme_lists_every_command():
    """The commands table names each command ``sim --help`` lists (the manual's CLI reference has the flags)."""
    from sim.cli import COMMANDS

    table = TEXT[TEXT.index("## Commands"):TEXT.index("## The manual")]
    for name in COMMANDS:
        assert f"`sim {name}" in table, name


def test_every_style_guide_citation_names_a_file_in_the_repository():
    assert (ROOT / "docs" / "dev" / "style.md").is_file()
    old = "STYLE" + ".md"  # the name of the guide that lived outside the repository (split: this line is not one)
    for path in [*ROOT.glob("sim/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("docs/**/*.md")]:
        assert old not in path.read_text(encoding="utf-8"), f"{path}: cite docs/dev/style.md"


def _session(block: str) -> list[tuple[str, list[str]]]:
    """A ```python block of ``>>>`` lines: each statement (with its ``...`` lines) and the lines shown after it."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith(">>> "):
            steps.append((line[4:], []))
        elif line.startswith("... ") and steps:
            steps[-1] = (steps[-1][0] + "\n" + line[4:], steps[-1][1])
        elif steps:
            steps[-1][1].append(line)
    return steps


@pytest.mark.parametrize("title, small", [
    ("2. A batch study", "--campaigns 6"),
    ("3. A faction-clock balance sweep", "--campaigns 2"),
])
def test_the_batch_journeys_analysis_runs_on_a_real_batch_folder(title, small, tmp_path, capsys, monkeypatch):
    """The journey's command, played small (a few campaigns, one process), writes the folder its pandas and
    DuckDB lines read; each line runs and prints a table with the columns and row labels shown (the figures
    shown come from the full run)."""
    pytest.importorskip("pandas")
    pytest.importorskip("duckdb")
    command = re.search(r"^\$ (sim batch [^\n]+)$", journey(title), re.M).group(1)
    command = re.sub(r"--campaigns \d+", small, command) + " --workers 1"
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(runnable(command))[1:]) == 0
    capsys.readouterr()
    scope: dict = {}
    if "import duckdb" not in journey(title):
        exec("import pandas as pd, duckdb", scope)
    block = re.search(r"```python\n(.*?)```", journey(title), re.S).group(1)
    for statement, shown in _session(block):
        try:
            value = eval(compile(statement, "README.md", "eval"), scope)
        except SyntaxError:
            exec(compile(statement, "README.md", "exec"), scope)
            continue
        printed = str(value).splitlines()
        words = lambda lines: [w for line in lines for w in re.findall(r"[A-Za-z_][\w=]*", line)]  # noqa: E731
        assert words(printed) == words(shown), statement
