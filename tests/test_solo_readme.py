"""The solo walk-through of ``docs/solo.md`` is real: its script, run as shown, prints every line shown, in order."""

from __future__ import annotations

import re
import shlex
import shutil

from docs_kit import assert_shown_in_order, page, runnable
from sim.cli import main

SECTION = page("docs/solo.md")  # the whole page, with "The solo terminal"
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
        assert main(shlex.split(runnable(command))[1:]) == 0, command
        out = capsys.readouterr().out.splitlines()
        assert_shown_in_order(shown, out, f"docs/solo.md, {command}")
