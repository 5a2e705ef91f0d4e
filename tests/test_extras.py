"""Issue 28, a light install: the core commands import none of the batch extra's packages (sim.extras), and the
batch-only commands without them say in one line what to install (exit status 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sim.extras import EXTRAS, missing, require
from sim.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]

#: run ``sim ARGV`` with every package of the batch extra (and pandas) unimportable, as in a core install
BLOCKED = """
import sys
BLOCK = set(%r) | {"pandas"}
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCK:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)", name=name)
sys.meta_path.insert(0, Blocked())
from sim.cli import main
code = main(sys.argv[1:])
print("LOADED", sorted(m for m in sys.modules if m.split(".")[0] in BLOCK), file=sys.stderr)
sys.exit(code)
""" % (EXTRAS["batch"],)


def blocked(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-c", BLOCKED, *argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_batch_extra_is_installed_here():
    assert missing("batch") == []
    require("batch", "sim batch")  # no error


def test_a_missing_package_is_named_with_what_to_install(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a))
    assert missing("batch") == ["pyarrow"]
    with pytest.raises(UsageError) as exc:
        require("batch", "sim batch")
    assert str(exc.value) == ("sim batch needs the batch extra (pyarrow not installed): pip install 'sim[batch]' "
                              "(in a checkout: pip install -e '.[batch]')")


def test_solo_play_odds_oracle_and_validate_import_no_batch_package(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("\n".join(["1"] * 30) + "\n", encoding="utf-8")
    save = tmp_path / "x.save"
    for argv in (["play", "starter", "--scores", "1"], ["odds", "blades", "--dice", "2"],
                 ["oracle", "ask", "Is it raining?", "--likelihood", "likely"],
                 ["solo", "new", "starter", "--save", str(save), "--seats", "pc1", "--scores", "1", "--script",
                  str(script)],
                 ["solo", "continue", str(save), "--script", str(script)], ["solo", "export", str(save), "--md"],
                 ["validate", "starter"], ["scenarios", "--json"], ["play", "fate_docks"], ["play", "mist_harbor"]):
        done = blocked(*argv, cwd=tmp_path)
        assert done.returncode == 0, (argv, done.stderr[-2000:])
        assert done.stderr.splitlines()[-1] == "LOADED []", argv


@pytest.mark.parametrize("argv", [["batch", "starter", "--campaigns", "2", "--out", "out"],
                                  ["bench", "campaigns", "--campaigns", "2"]])
def test_batch_only_commands_without_the_extra_say_what_to_install(tmp_path, argv):
    done = blocked(*argv, cwd=tmp_path)
    lines = done.stderr.splitlines()
    assert (done.returncode, done.stdout, len(lines)) == (2, "", 2), done.stderr
    assert lines[0].startswith(f"sim: error: sim {argv[0]}") and "pip install 'sim[batch]'" in lines[0]
    assert not (tmp_path / "out").exists()
