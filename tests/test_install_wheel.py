"""Issue 28, done means: the wheel carries its content and plays outside any checkout.

The wheel is built from a copy of the checkout's files (a stale ``build/`` folder in the checkout cannot leak into
it), installed into a fresh virtual environment in a temporary folder, and ``sim`` is run from a working directory
outside the checkout, with no ``PYTHONPATH``: every command below reads the content and scenarios the wheel
carries (``sim/_data``, :mod:`sim.content.bundled`). pip installs the dependencies from its index as a user's pip
would (its cache makes a second run quick).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"
BATCH = ("pyarrow", "dask", "distributed", "matplotlib", "psutil", "numpy")  # sim.extras.EXTRAS["batch"]


def _copy_source(to: Path) -> None:
    """The files a wheel is built from (what the sdist carries, less the tests and docs)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.c", ".accel", "*.egg-info")
    for name in ("sim", "content", "scenarios", "docs/rules"):  # the rules reference: sim mcp's rules_lookup
        shutil.copytree(ROOT / name, to / name, ignore=ignore)
    for path in ROOT.iterdir():
        if path.is_file() and (path.name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
                               or path.name.startswith(("LICENSE", "LICENCE"))):
            shutil.copy2(path, to / path.name)


def _run(argv: list, cwd: Path, *, check: bool = True, timeout: float = 600, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, **kw)
    if check:
        assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src, out = tmp_path_factory.mktemp("src"), tmp_path_factory.mktemp("wheel")
    _copy_source(src)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, src], cwd=src)
    (found,) = out.glob("sim-*.whl")
    return found


@pytest.fixture(scope="module")
def env(tmp_path_factory, wheel) -> dict:
    """A fresh virtual environment with the wheel installed (core dependencies only) and a working folder, both
    outside the checkout."""
    base = tmp_path_factory.mktemp("install")
    assert not base.resolve().is_relative_to(ROOT)
    venv.EnvBuilder(with_pip=True).create(base / "venv")
    bin_ = base / "venv" / BIN
    _run([bin_ / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel], cwd=base)
    work = base / "work"
    work.mkdir()
    return {"bin": bin_, "work": work, "wheel": wheel}


def sim(env: dict, *argv: str, check: bool = True, **kw) -> subprocess.CompletedProcess:
    return _run([env["bin"] / "sim", *argv], cwd=env["work"], check=check, **kw)


def test_the_wheel_carries_every_content_table_and_scenario(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("content", "scenarios"):
        shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.yaml")}
        assert shipped and {f"sim/_data/{p}" for p in shipped} <= names, folder


def test_the_wheel_carries_the_rules_reference(wheel):
    """sim mcp's rules_lookup and its sim://rules resources read docs/rules, shipped as sim/_data/docs/rules."""
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert shipped and {f"sim/_data/{p}" for p in shipped} <= names


def test_the_installed_sim_is_the_wheel_not_the_checkout(env):
    done = _run([env["bin"] / "python", "-c", "import sim, sim.content.bundled as b; print(sim.__file__); "
                 "print(b.CONTENT_ROOT)"], cwd=env["work"])
    where, content = done.stdout.splitlines()
    assert not Path(where).resolve().is_relative_to(ROOT)
    assert Path(content).parts[-3:] == ("sim", "_data", "content") and Path(content).is_dir()


def test_play_odds_oracle_and_a_scripted_solo_session_outside_the_checkout(env):
    assert "Score 1" in sim(env, "play", "starter", "--scores", "1").stdout
    assert "2d" in sim(env, "odds", "blades", "--dice", "2").stdout
    assert "Is it raining?" in sim(env, "oracle", "ask", "Is it raining?", "--likelihood", "likely").stdout
    script = env["work"] / "script.txt"
    script.write_text("\n".join(["1"] * 40) + "\n", encoding="utf-8")
    save = env["work"] / "crew.save"
    sim(env, "solo", "new", "starter", "--save", save, "--seats", "pc1", "--scores", "1", "--script", script)
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["system"] == "blades"
    assert sim(env, "solo", "export", save, "--md").stdout.strip()
    assert "OK" in sim(env, "validate", "starter").stdout
    listed = json.loads(sim(env, "scenarios", "--json").stdout)["scenarios"]
    assert "starter" in [s["name"] for s in listed] and all(Path(s["path"]).is_file() for s in listed)


def test_the_core_install_has_no_batch_packages_and_sim_batch_says_what_to_install(env):
    """The core install is light: none of the batch extra's packages; sim batch and sim bench campaigns say in one
    line what to install, exit 2, write nothing."""
    code = "import importlib.util as u; print([n for n in %r if u.find_spec(n)])" % (BATCH,)
    assert _run([env["bin"] / "python", "-c", code], cwd=env["work"]).stdout.strip() == "[]"
    for argv in (["batch", "starter", "--campaigns", "20", "--out", "b"], ["bench", "campaigns", "--campaigns", "2"]):
        done = sim(env, *argv, check=False)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert done.stderr.count("\n") == 1 and "pip install 'sim[batch]'" in done.stderr, done.stderr
    assert not (env["work"] / "b").exists()


def test_the_core_install_reads_the_rules_reference_and_sim_mcp_says_what_to_install(env):
    """Outside the checkout the rules reference is the wheel's (BITD.RESIST.3 found by its ID); without the mcp
    extra, sim mcp is one line naming it, exit 2."""
    code = ("from sim.mcp import rules; r = rules.lookup('BITD.RESIST.3')['rules'][0]; "
            "print(r['id'], rules.rules_root())")
    rule_id, root = _run([env["bin"] / "python", "-c", code], cwd=env["work"]).stdout.split()
    assert rule_id == "BITD.RESIST.3" and Path(root).parts[-4:] == ("sim", "_data", "docs", "rules")
    done = sim(env, "mcp", check=False)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.count("\n") == 1 and "pip install 'sim[mcp]'" in done.stderr, done.stderr


def test_the_wheel_carries_sim_webs_pages_and_htmx_and_the_core_install_says_what_to_install(env):
    """sim web's templates and vendored htmx (with its license) are package data in the wheel; without the web
    extra, sim web is one line naming it, exit 2 (issue 35)."""
    import zipfile

    names = set(zipfile.ZipFile(env["wheel"]).namelist())
    assert {"sim/web/templates/play.html", "sim/web/templates/base.html", "sim/web/static/htmx.min.js",
            "sim/web/static/htmx.LICENSE"} <= names
    done = sim(env, "web", check=False)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.count("\n") == 1 and "pip install 'sim[web]'" in done.stderr, done.stderr


def test_with_the_batch_extra_sim_batch_plays_twenty_campaigns(env):
    """Runs last in this file: it adds the batch extra to the same venv (quicker than a second one)."""
    _run([env["bin"] / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          f"{env['wheel']}[batch]"], cwd=env["work"])
    sim(env, "batch", "starter", "--campaigns", "20", "--out", "b")
    summary = json.loads((env["work"] / "b" / "summary.json").read_text(encoding="utf-8"))
    assert summary and (env["work"] / "b" / "campaigns.parquet").is_file()
