"""The manual's ``sim odds`` and ``sim roll`` examples (``docs/dice.md``, ``docs/languages.md``, any page) are real
output: rerun each and compare."""

from __future__ import annotations

import re
import shlex

import pytest
from docs_kit import manual

from sim.cli import main

BLOCK = re.compile(r"```console\n\$ (sim (?:odds|roll) [^\n]*)\n(.*?)```", re.S)


def examples() -> list[tuple[str, str]]:
    return [found for _, text in manual() for found in BLOCK.findall(text)]


def test_the_manual_has_odds_and_roll_examples():
    commands = [c for c, _ in examples()]
    assert any(c.startswith("sim odds blades") for c in commands)
    assert any(c.startswith("sim odds fate") for c in commands)
    assert any(c.startswith("sim odds mist") for c in commands)
    assert any(c.startswith("sim roll") for c in commands)


@pytest.mark.parametrize("command,expected", examples(), ids=[c for c, _ in examples()])
def test_manual_example_output(capsys, command, expected):
    code = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert out + err == expected
    assert code == (2 if err else 0)
