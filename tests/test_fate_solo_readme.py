"""The first Fate solo session of ``docs/fate.md`` is real (issue 30): its script, run as shown, prints every line
shown, in order, and every odds string in it is what ``sim odds fate`` prints for the same roll."""

from __future__ import annotations

import re
import shlex
import shutil

from docs_kit import assert_shown_in_order, runnable, section
from sim.cli import main

SECTION = section("docs/fate.md", "A first solo session")
SCRIPT = re.search(r"```text\n(.*?)```", SECTION, re.S).group(1)
SHOWN = re.findall(r"```console\n\$ (sim solo [^\n]+)\n(.*?)```", SECTION, re.S)


def test_issue_30_the_first_fate_solo_session_is_real_output(tmp_path, capsys, monkeypatch):
    from sim.content import PROJECT_ROOT

    shutil.copytree(PROJECT_ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "first.txt").write_text(SCRIPT, encoding="utf-8")
    assert len(SHOWN) == 1
    command, shown = SHOWN[0]
    capsys.readouterr()
    assert main(shlex.split(runnable(command))[1:]) == 0, command
    out = capsys.readouterr().out.splitlines()
    assert_shown_in_order(shown, out, "docs/fate.md")


def test_issue_30_the_odds_in_the_first_fate_session_are_sim_odds():
    """FATE.OPP.1, FATE.DICE.2: each odds string the page shows against ``sim odds fate`` (tests/test_solo_fate_leads)."""
    from test_solo_fate_leads import check_action_odds

    shown = [line.rsplit("   (", 1)[1][:-1] for line in SHOWN[0][1].splitlines() if "   (" in line and "%" in line]
    assert len(shown) >= 10
    for odds in shown:
        check_action_odds(odds)
