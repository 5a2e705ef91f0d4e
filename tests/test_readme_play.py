"""The README's `sim play` examples are real: every line shown comes from running the command, in order."""

import re
import shlex
from pathlib import Path

import pytest

from sim.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```console\n\$ sim play ([^\n|]+)(?:\|[^\n]*)?\n(.*?)```", re.S)


def examples():
    return [(m.group(1).strip(), [ln for ln in m.group(2).splitlines() if ln and ln != "..." and not ln.startswith("$ ")])
            for m in BLOCK.finditer(README.read_text(encoding="utf-8"))]


def test_the_readme_has_play_examples():
    assert len(examples()) >= 2


@pytest.mark.parametrize("args,shown", examples(), ids=[a for a, _ in examples()])
def test_readme_play_example_is_real_output(args, shown, capsys, monkeypatch):
    monkeypatch.chdir(README.parent)
    code = main(["play", *shlex.split(args)])
    captured = capsys.readouterr()
    out = (captured.out + captured.err).splitlines()
    if code == 2:  # the bad-input example shows the error line
        assert shown == [line for line in out if line]
        return
    assert code == 0
    position = 0
    for line in shown:  # each line shown appears, in the order shown
        position = out.index(line, position) + 1
