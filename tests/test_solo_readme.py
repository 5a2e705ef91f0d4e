"""The README's solo walk-through is real: its script, run as shown, prints every line shown, in order."""

from __future__ import annotations

import re
import shlex
import shutil

from readme_kit import README
from sim.cli import main

_TEXT = README.read_text(encoding="utf-8")  # not readme_kit.section: the exported story has its own ## headings
SECTION = _TEXT[_TEXT.index("\n## Solo play"):_TEXT.index("\n## The oracle")]  # with "The solo terminal"
SCRIPT = re.search(r"here `first.txt`.*?```text\n(.*?)```", SECTION, re.S).group(1)
NEXT = re.search(r"`next.txt` is (.*?):\n", SECTION, re.S).group(1)
SHOWN = re.findall(r"```console\n\$ (sim solo [^\n]+)\n(.*?)```", SECTION, re.S)


def test_the_walk_through_is_real_output(tmp_path, capsys, monkeypatch):
    from sim.content import PROJECT_ROOT

    shutil.copytree(PROJECT_ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "first.txt").write_text(SCRIPT, encoding="utf-8")
    (tmp_path / "next.txt").write_text("\n".join(re.findall(r"`([^`]+)`", NEXT)) + "\n", encoding="utf-8")
    assert len(SHOWN) == 3
    for command, shown in SHOWN:
        capsys.readouterr()
        assert main(shlex.split(command)[1:]) == 0, command
        out = capsys.readouterr().out.splitlines()
        position = 0
        for line in shown.splitlines():
            if line == "...":
                continue
            assert line in out[position:], f"{command}: {line!r} is not where the README shows it"
            position = out.index(line, position) + 1
