"""``sim completion bash|zsh|fish`` (issue 28): scripts generated from the parsers, tried in the real shells.

Bash is driven through its completion function as bash itself calls it (COMP_WORDS, COMP_CWORD); fish
answers ``complete -C`` for a command line; zsh (no completion without a terminal) is parsed with
``zsh -n`` and loaded. A shell that is not installed skips its test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim.cli import COMMANDS, build_parser, main
from sim.commands.completion import fish_script, walk

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def scripts(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("completion")
    out = {}
    for shell in ("bash", "zsh", "fish"):
        done = subprocess.run([sys.executable, "-m", "sim", "completion", shell], cwd=ROOT, capture_output=True,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        path = folder / f"sim.{shell}"
        path.write_text(done.stdout, encoding="utf-8")
        out[shell] = path
    return out


def bash_complete(script: Path, *words: str, cwd: Path = ROOT) -> list[str]:
    """What bash offers for ``sim WORDS`` (the last word being completed), through the script's function."""
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    quoted = " ".join(f"'{w}'" for w in ("sim", *words))
    program = (f"source '{script}'\n"
               "fn=$(complete -p sim | sed -E 's/.*-F ([^ ]+) sim$/\\1/')\n"
               f"COMP_WORDS=({quoted}); COMP_CWORD={len(words)}\n"
               "COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}\n"
               "prev=${COMP_WORDS[COMP_CWORD-1]}; cur=${COMP_WORDS[COMP_CWORD]}\n"
               "$fn sim \"$cur\" \"$prev\"\n"
               "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    done = subprocess.run(["bash", "-c", program], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_bash_completes_a_command_from_its_first_letters(scripts):
    assert bash_complete(scripts["bash"], "pl") == ["play"]
    assert set(bash_complete(scripts["bash"], "")) >= set(COMMANDS)


def test_bash_completes_a_subcommands_flags_and_choices(scripts):
    assert bash_complete(scripts["bash"], "batch", "scenarios/starter.yaml", "--qu") == ["--quiet"]
    assert "--campaigns" in bash_complete(scripts["bash"], "batch", "--")
    assert set(bash_complete(scripts["bash"], "odds", "blades", "--position", "")) == {"controlled", "risky",
                                                                                      "desperate"}
    assert set(bash_complete(scripts["bash"], "oracle", "")) == {"ask", "event", "meaning", "scene"}
    assert bash_complete(scripts["bash"], "completion", "f") == ["fish"]


def test_bash_completes_a_scenario_as_a_path(scripts):
    assert "scenarios/starter.yaml" in bash_complete(scripts["bash"], "play", "scenarios/st")


def fish_complete(script: Path, line: str) -> list[str]:
    if shutil.which("fish") is None:
        pytest.skip("no fish (apt-get install fish)")
    done = subprocess.run(["fish", "--no-config", "-c", f"source '{script}'; complete -C'{line}'"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [row.split("\t")[0] for row in done.stdout.splitlines()]


def test_fish_script_parses_and_completes_commands_flags_and_choices(scripts):
    if shutil.which("fish") is None:
        pytest.skip("no fish (apt-get install fish)")
    assert subprocess.run(["fish", "--no-config", "-n", str(scripts["fish"])], timeout=60).returncode == 0
    assert fish_complete(scripts["fish"], "sim pl") == ["play"]
    assert set(fish_complete(scripts["fish"], "sim odds ")) == {"blades", "fate", "mist", "clock", "oracle", "roll"}
    assert set(fish_complete(scripts["fish"], "sim odds blades --position ")) == {"controlled", "risky", "desperate"}
    # each command's own flags: roll blades has --seed and --sampler, odds blades has neither
    assert {"--seed", "--sampler"} <= set(fish_complete(scripts["fish"], "sim roll blades --dice 2 --"))
    assert not {"--seed", "--sampler"} & set(fish_complete(scripts["fish"], "sim odds blades --dice 2 --"))
    assert "scenarios/starter.yaml" in fish_complete(scripts["fish"], "sim play scenarios/st")


def test_zsh_script_parses_and_defines_its_completion_function(scripts):
    if shutil.which("zsh") is None:
        pytest.skip("no zsh (apt-get install zsh)")
    text = scripts["zsh"].read_text(encoding="utf-8")
    assert text.startswith("#compdef sim")
    assert subprocess.run(["zsh", "-n", str(scripts["zsh"])], timeout=60).returncode == 0
    done = subprocess.run(["zsh", "-f", "-c", f"autoload -U compinit && compinit -u -D; source '{scripts['zsh']}' "
                                             "2>/dev/null; print $+functions[_shtab_sim]"],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip().startswith("1"), done.stdout + done.stderr
    for name in COMMANDS:
        assert name in text


def test_every_option_of_every_command_is_in_the_fish_script():
    parser = build_parser()
    text = fish_script(parser)
    for words, p in walk(parser):
        at = f"'__sim_at {' '.join(words)}'"
        for action in p._actions:
            for option in action.option_strings:
                if option.startswith("--"):
                    assert f"-n {at} -l {option[2:]}" in text, (words, option)


def test_a_bad_shell_is_bad_input(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["completion", "tcsh"])
    assert exc.value.code == 2
    assert "invalid choice: 'tcsh'" in capsys.readouterr().err
