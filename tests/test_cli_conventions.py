"""The command line's conventions (issue 28 "CLI conventions"): usage, exit statuses, --json, streams.

Every command follows them (sim.cli.EPILOG says them in ``sim --help``): bare ``sim`` prints the usage on
stderr and exits 2; results go to stdout, problems and progress to stderr; ``--json`` is one object on one
line with snake_case keys; exit status 0 done, 1 ran and found problems, 2 bad input.
"""

from __future__ import annotations

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
