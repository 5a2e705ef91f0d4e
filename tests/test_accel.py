"""sim.accel: the optional compiled hot path loads only current builds, and plays exactly as pure Python (issue 17)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sim import accel
from sim.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]


def _fake_package(tmp_path: Path) -> Path:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "mod.py").write_text("X = 1\n")
    return pkg


def test_source_and_compiled_paths_follow_the_module_name_and_source_hash(tmp_path):
    pkg = _fake_package(tmp_path)
    source = accel.source_of("pkg.sub.mod", pkg)
    assert source == pkg / "sub" / "mod.py"
    digest = accel.source_hash(source)
    assert len(digest) == 16 and digest == accel.source_hash(source)
    assert accel.compiled_path(source, digest).name == f"mod.{digest}{accel.SUFFIX}"
    source.write_text("X = 2\n")
    assert accel.source_hash(source) != digest  # an edit moves the name a compiled module must have


def test_finder_finds_only_listed_modules_with_a_current_build(tmp_path):
    pkg = _fake_package(tmp_path)
    finder = accel.Finder({"pkg.sub.mod"}, pkg)
    assert finder.find_spec("pkg.sub.other") is None  # not listed
    assert finder.find_spec("pkg.sub.mod") is None  # listed, never built: the Python module
    source = pkg / "sub" / "mod.py"
    stale = accel.compiled_path(source, "0" * 16)
    stale.write_bytes(b"")
    assert finder.find_spec("pkg.sub.mod") is None  # built from another source: never loaded
    current = accel.compiled_path(source, accel.source_hash(source))
    current.write_bytes(b"")
    spec = finder.find_spec("pkg.sub.mod")
    assert spec is not None and spec.origin == str(current)
    assert type(spec.loader).__name__ == "ExtensionFileLoader"


def test_status_names_current_stale_and_absent_builds(tmp_path):
    pkg = _fake_package(tmp_path)
    (pkg / "sub" / "two.py").write_text("Y = 1\n")
    (pkg / "sub" / "three.py").write_text("Z = 1\n")
    mod, two = pkg / "sub" / "mod.py", pkg / "sub" / "two.py"
    accel.compiled_path(mod, accel.source_hash(mod)).write_bytes(b"")
    accel.compiled_path(two, "f" * 16).write_bytes(b"")
    rows = accel.status(["pkg.sub.mod", "pkg.sub.two", "pkg.sub.three"], pkg)
    assert [(r.name, r.state, r.loaded) for r in rows] == [
        ("pkg.sub.mod", "current", ""), ("pkg.sub.two", "stale", ""), ("pkg.sub.three", "absent", "")]
    assert accel.clean(pkg, ["pkg.sub.mod", "pkg.sub.two", "pkg.sub.three"]) == 2
    assert [r.state for r in accel.status(["pkg.sub.mod", "pkg.sub.two"], pkg)] == ["absent", "absent"]


def test_install_needs_the_stamp_and_honours_sim_pure(tmp_path, monkeypatch):
    pkg = _fake_package(tmp_path)
    before = list(sys.meta_path)
    try:
        monkeypatch.delenv(accel.PURE_ENV, raising=False)
        assert accel.install(pkg) is False  # no build, no finder
        (pkg / accel.STAMP_NAME).write_text("")
        monkeypatch.setenv(accel.PURE_ENV, "1")
        assert accel.install(pkg) is False
        monkeypatch.setenv(accel.PURE_ENV, "0")  # "0" means not pure
        assert accel.install(pkg) is True
        assert any(isinstance(f, accel.Finder) for f in sys.meta_path)
    finally:
        sys.meta_path[:] = before


def test_the_stamp_says_whether_the_build_was_profile_guided(tmp_path):
    pkg = _fake_package(tmp_path)
    assert accel.build_kind(pkg) == ""  # never built
    (pkg / accel.STAMP_NAME).write_text("sim accel build: compiled modules sit beside their sources (plain)\n")
    assert accel.build_kind(pkg) == "plain"
    (pkg / accel.STAMP_NAME).write_text("sim accel build: compiled modules sit beside their sources "
                                        "(profile-guided)\n")
    assert accel.build_kind(pkg) == "profile-guided"
    (pkg / accel.STAMP_NAME).write_text("sim accel build: compiled modules sit beside their sources\n")
    assert accel.build_kind(pkg) == "plain"  # a stamp from before profile-guided builds


def test_every_compiled_module_exists_and_is_a_sim_module():
    for name in accel.MODULES:
        assert accel.source_of(name).is_file(), name
        assert importlib.util.find_spec(name) is not None


def test_build_refuses_an_unknown_module():
    with pytest.raises(UsageError, match="not a compiled module: sim.cli"):
        accel.build(["sim.cli"])


# ---------------------------------------------------------------- a real build, in a copy of the package

HAVE_TOOLCHAIN = importlib.util.find_spec("Cython") is not None and importlib.util.find_spec(
    "setuptools") is not None and shutil.which(
    (__import__("sysconfig").get_config_var("CC") or "cc").split()[0]) is not None

PLAY = """
import hashlib, json, sys
import sim.clocks, sim.dice
from sim import accel
from sim.blades.batch import BladesGame
from sim.rng import derive_seed
game = BladesGame()
prepared = game.prepare("scenarios/starter.yaml", ())
digest = hashlib.sha256()
for i in range(3):
    journal, series = [], []
    row = game.play(prepared, derive_seed(11, i), journal, series)
    digest.update(json.dumps([row, journal, series], sort_keys=True).encode())
print(json.dumps({"clocks": sim.clocks.__file__, "dice": sim.dice.__file__, "loaded": accel.compiled_loaded(),
                  "digest": digest.hexdigest()}))
"""


def _run(root: Path, code: str, pure: bool = False) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    env.pop(accel.PURE_ENV, None)
    if pure:
        env[accel.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else {}


@pytest.mark.skipif(not HAVE_TOOLCHAIN, reason="needs Cython and a C compiler (the pure Python path needs neither)")
def test_compiled_modules_play_exactly_as_pure_python_and_a_stale_one_is_not_loaded(tmp_path):
    root = tmp_path / "engine"
    root.mkdir()
    shutil.copytree(ROOT / "sim", root / "sim", ignore=shutil.ignore_patterns("*.so", ".accel", "__pycache__"))
    for name in ("content", "scenarios"):
        (root / name).symlink_to(ROOT / name)
    pure = _run(root, PLAY)
    assert pure["loaded"] == 0 and pure["dice"].endswith("dice.py")
    built = _run(root, "import json; from sim import accel; "
                       "b = accel.build(['sim.clocks', 'sim.dice', 'sim.agents.base'], jobs=2, "
                       "training=[('starter.yaml', 3), ('no_such.yaml', 5)]); "
                       "print(json.dumps({'pgo': b.pgo, 'trained': b.trained, 'why': b.why, 'files': len(b.files)}))")
    assert (root / "sim" / accel.STAMP_NAME).exists() and built["files"] == 3
    cc = accel._compiler()
    if not accel.pgo_unsupported(accel._compiler_version(cc)):  # GCC: profile-guided, trained on what exists
        # the training run played with the instrumented modules (sim.agents.base finds content from the package)
        assert built == {"pgo": True, "trained": 3, "why": "", "files": 3}
        assert accel.build_kind(root / "sim") == "profile-guided"
    else:
        assert built["pgo"] is False and "need GCC" in built["why"] and accel.build_kind(root / "sim") == "plain"
    compiled = _run(root, PLAY)
    assert compiled["loaded"] == 3
    assert compiled["clocks"].endswith(accel.SUFFIX) and compiled["dice"].endswith(accel.SUFFIX)
    assert compiled["digest"] == pure["digest"]  # same rows, journals and series
    assert _run(root, PLAY, pure=True) == pure  # SIM_PURE=1: nothing compiled is loaded
    with open(root / "sim" / "dice.py", "a", encoding="utf-8") as fh:
        fh.write("\n# an edit after the build\n")
    edited = _run(root, PLAY)
    assert edited["dice"].endswith("dice.py") and edited["clocks"].endswith(accel.SUFFIX)  # stale: Python again
    assert edited["digest"] == pure["digest"]


def test_profile_guided_builds_are_offered_for_gcc_only():
    gcc = "gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\n"
    cc = "cc (GCC) 13.2.1 20231011 (Red Hat 13.2.1-4)\nCopyright (C) 2023 Free Software Foundation, Inc.\n"
    clang = "Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\nThread model: posix\n"
    assert accel.pgo_unsupported(gcc) == "" and accel.pgo_unsupported(cc) == ""
    assert accel.pgo_unsupported(clang) == ("profile-guided builds need GCC "
                                            "(this compiler is 'Debian clang version 14.0.6')")
    assert "unknown" in accel.pgo_unsupported("")  # no answer to --version


def test_training_runs_are_the_shipped_scenarios_that_exist(tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "starter.yaml").write_text("x: 1\n")
    assert accel.training_runs(tmp_path, (("starter.yaml", 4), ("arcane.yaml", 2))) == [
        (tmp_path / "scenarios" / "starter.yaml", 4)]
    assert [p.name for p, _ in accel.training_runs(ROOT)] == [name for name, _ in accel.TRAINING]
    import yaml

    seeds = {yaml.safe_load(p.read_text(encoding="utf-8"))["seed"] for p, _ in accel.training_runs(ROOT)}
    assert accel.TRAIN_SEED not in seeds  # not a scenario's own seed, which sim bench and sim batch play


@pytest.mark.skipif(not HAVE_TOOLCHAIN, reason="needs Cython and a C compiler (the pure Python path needs neither)")
def test_no_pgo_makes_a_plain_build_without_a_training_run(tmp_path):
    root = tmp_path / "engine"
    root.mkdir()
    shutil.copytree(ROOT / "sim", root / "sim", ignore=shutil.ignore_patterns("*.so", ".accel", "__pycache__"))
    (root / "content").symlink_to(ROOT / "content")  # no scenarios: a training run could not start
    built = _run(root, "import json; from sim import accel; b = accel.build(['sim.clocks'], jobs=1, pgo=False); "
                       "print(json.dumps({'pgo': b.pgo, 'trained': b.trained, 'why': b.why, 'files': len(b.files)}))")
    assert built == {"pgo": False, "trained": 0, "why": "not asked for (--no-pgo)", "files": 1}
    assert accel.build_kind(root / "sim") == "plain"
    built = _run(root, "import json; from sim import accel; b = accel.build(['sim.clocks'], jobs=1); "
                       "print(json.dumps({'pgo': b.pgo, 'why': b.why}))")
    assert built["pgo"] is False and built["why"] in (f"no training scenario under {root / 'scenarios'}",
                                                      accel.pgo_unsupported(accel._compiler_version(accel._compiler())))


@pytest.mark.parametrize("built, line", [
    (accel.Built([Path("a.so"), Path("b.so")], True, 260), "compiled 2 modules beside their sources, profile-guided "
                                                            "(trained on 260 seeded campaigns)"),
    (accel.Built([Path("a.so")], False, 0, "not asked for (--no-pgo)"),
     "compiled 1 module beside their sources, not profile-guided: not asked for (--no-pgo)"),
])
def test_the_build_command_says_how_it_built(monkeypatch, capsys, built, line):
    from sim.cli import main

    asked = {}
    monkeypatch.setattr(accel, "build", lambda **kw: asked.update(kw) or built)
    assert main(["accel", "build"] + ([] if built.pgo else ["--no-pgo"])) == 0
    assert line in capsys.readouterr().out and asked == {"jobs": 2, "pgo": built.pgo}
    assert main(["accel", "build", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r == {"compiled": [p.name for p in built.files], "modules": len(built.files), "pgo": built.pgo,
                 "trained_campaigns": built.trained, "why_not_pgo": built.why}


def test_build_without_cython_is_one_line_and_exit_2(monkeypatch, capsys):
    from sim.cli import main

    monkeypatch.setitem(sys.modules, "Cython.Build", None)  # as if Cython were not installed
    assert main(["accel", "build"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs Cython" in err and "pip install -e '.[fast]'" in err


def test_status_lists_every_module_with_its_state(capsys):
    from sim.cli import main

    assert main(["accel", "status", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert [m["module"] for m in r["modules"]] == list(accel.MODULES)
    assert r["current"] + r["stale"] + r["absent"] == len(accel.MODULES)
    assert {m["state"] for m in r["modules"]} <= {"current", "stale", "absent"}
    assert r["build"] == accel.build_kind() and r["build"] in ("profile-guided", "plain", "")


def test_a_build_that_cannot_write_beside_the_sources_stops_before_compiling(tmp_path, monkeypatch):
    pkg = _fake_package(tmp_path)
    monkeypatch.setattr(accel.os, "access", lambda path, mode: False)  # as a read-only install answers
    with pytest.raises(UsageError, match="cannot write beside the sources"):
        accel.build(["sim.clocks"], package=pkg)
    assert not (pkg / accel.STAMP_NAME).exists()
