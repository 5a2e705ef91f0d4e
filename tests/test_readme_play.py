"""The manual's `sim play` examples (``docs/blades.md``, ``docs/fate.md``, ``docs/mist.md``, any page) are real: every
line shown comes from running the command, in order."""

import re
import shlex

import pytest

from docs_kit import ROOT, manual, runnable

from sim.cli import main

BLOCK = re.compile(r"```console\n\$ sim play ([^\n|]+)(?:\|[^\n]*)?\n(.*?)```", re.S)


def examples():
    return [(m.group(1).strip(), [ln for ln in m.group(2).splitlines() if ln and ln != "..." and not ln.startswith("$ ")])
            for _, text in manual() for m in BLOCK.finditer(text)]


def test_the_manual_has_play_examples():
    assert len(examples()) >= 2


@pytest.mark.parametrize("args,shown", examples(), ids=[a for a, _ in examples()])
def test_readme_play_example_is_real_output(args, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(shlex.split(runnable(f"sim play {args}"))[1:])
    captured = capsys.readouterr()
    out = (captured.out + captured.err).splitlines()
    if code == 2:  # the bad-input example shows the error line
        assert shown == [line for line in out if line]
        return
    assert code == 0
    position = 0
    for line in shown:  # each line shown appears, in the order shown
        position = out.index(line, position) + 1
