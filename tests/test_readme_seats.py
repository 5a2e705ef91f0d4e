"""The "Seats and replay" page (``docs/seats.md``) is real: each shell command it shows, run as shown, prints what it shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from docs_kit import runnable, section

ROOT = Path(__file__).resolve().parents[1]


def _blocks() -> list[list[tuple[str, list[str]]]]:
    """Each console block of the section as (command, lines shown after it) pairs."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", section("docs/seats.md", "Seats and replay"), re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        out.append(steps)
    return out


def test_the_seats_section_shows_a_person_and_a_replay():
    commands = [c for block in _blocks() for c, _ in block]
    assert any("--seat pc1=human" in c for c in commands) and any("--replay" in c for c in commands)


def test_every_command_of_the_seats_section_prints_what_it_shows():
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    for block in _blocks():
        for command, shown in block:
            done = subprocess.run(["bash", "-c", runnable(command)], cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=120)
            assert (done.stdout + done.stderr).splitlines() == shown, command
