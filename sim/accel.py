"""The optional compiled hot path: the same Python modules, compiled by Cython (issue 17).

``sim accel build`` compiles the modules a Blades campaign spends its time in
(:data:`MODULES`) with Cython, unchanged: the sources stay plain Python, carry
no Cython types, and are the only code anyone edits or reads. Each compiled
module is written next to its source as ``<name>.<hash>.<suffix>`` (for
example ``factions.1f0c2a9b3d4e5f60.cpython-311-x86_64-linux-gnu.so``), where
``hash`` is the SHA-256 of the source it was compiled from. The standard import
system ignores such names; :class:`Finder`, put in front of it when ``sim`` is
imported, loads one only while the source still has that hash. So:

* a fresh clone, or a machine without a C compiler or Cython, runs the pure
  Python path, which is the path CI tests in full;
* an edited source silently falls back to its Python module until
  ``sim accel build`` runs again: a stale compiled module is never loaded;
* ``SIM_PURE=1`` in the environment turns the compiled path off in a process
  and the processes it starts (``sim bench --against REF --pure`` uses it);
* results are the same either way: the compiled module runs the same
  statements (``tests/test_accel.py`` plays seeded campaigns both ways and
  compares rows and journals);
* with GCC the build is profile-guided (:func:`build`): compiled
  instrumented, trained on seeded campaigns of the shipped scenarios, and
  compiled again from the same C code with the profile the training wrote.

Nothing happens at ``import sim`` unless a build left its stamp
(``sim/.accel``): one ``stat`` call.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from typing import Iterable, NamedTuple

#: The package folder (compiled modules are written beside their sources in it).
PACKAGE = Path(__file__).resolve().parent
#: Written by a build; without it :func:`install` does nothing.
STAMP_NAME = ".accel"
#: This interpreter's extension suffix, e.g. ``.cpython-311-x86_64-linux-gnu.so``.
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
#: Set (to anything but ``""`` or ``0``) to run the pure Python path.
PURE_ENV = "SIM_PURE"

#: The modules compiled: where a Blades campaign spends its time (rules, state, seats, journal, phases, dice).
MODULES: tuple[str, ...] = (
    "sim.agents.base", "sim.agents.seats", "sim.journal", "sim.phases", "sim.dice", "sim.rng", "sim.clocks",
    "sim.options", "sim.sampling", "sim.batch.worker",
    "sim.blades.advancement.advancement", "sim.blades.advancement.cohort_actions", "sim.blades.advancement.cohorts",
    "sim.blades.arcana.arcane", "sim.blades.arcana.arcane_state", "sim.blades.arcana.craft",
    "sim.blades.arcana.magnitude", "sim.blades.arcana.rituals", "sim.blades.batch", "sim.blades.campaign",
    "sim.blades.city.city", "sim.blades.city.claims", "sim.blades.city.factions", "sim.blades.crew.abilities",
    "sim.blades.crew.clock_changes", "sim.blades.crew.coin", "sim.blades.crew.crew", "sim.blades.crew.ledger",
    "sim.blades.crew.mechanics", "sim.blades.crew.sheet", "sim.blades.crew.state", "sim.blades.downtime.activities",
    "sim.blades.downtime.downtime", "sim.blades.downtime.entanglements", "sim.blades.downtime.vice",
    "sim.blades.loop", "sim.blades.score.action", "sim.blades.score.consequences", "sim.blades.score.effects",
    "sim.blades.score.engagement", "sim.blades.score.harm_penalties", "sim.blades.score.outcomes",
    "sim.blades.score.resist", "sim.blades.score.scenes", "sim.blades.score.score", "sim.blades.score.teamwork",
    "sim.blades.tables",
)

#: Cython's directives: Python semantics throughout (annotations are not C types; functions introspect as usual).
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False, "always_allow_keywords": True}


def pure() -> bool:
    """Whether this process is asked to run the pure Python path (``SIM_PURE``)."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_of(name: str, package: Path = PACKAGE) -> Path:
    """The source file of module ``name`` (``sim.blades.city.factions`` -> ``<package>/blades/city/factions.py``)."""
    parts = name.split(".")
    return package.joinpath(*parts[1:-1], parts[-1] + ".py")


def source_hash(path: Path) -> str:
    """The first 16 hex digits of the SHA-256 of ``path``'s bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def compiled_path(source: Path, digest: str) -> Path:
    """Where the module compiled from ``source`` with hash ``digest`` lives."""
    return source.with_name(f"{source.stem}.{digest}{SUFFIX}")


def compiled_files(source: Path) -> list[Path]:
    """Every compiled module of ``source`` present, current or not."""
    return sorted(source.parent.glob(f"{source.stem}.*{SUFFIX}"))


class Finder(importlib.abc.MetaPathFinder):
    """Finds the current compiled module of each of ``modules``, and nothing else (see the module docstring)."""

    def __init__(self, modules: Iterable[str] = MODULES, package: Path = PACKAGE):
        self.modules = frozenset(modules)
        self.package = package

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.modules:
            return None
        source = source_of(fullname, self.package)
        try:
            so = compiled_path(source, source_hash(source))
        except OSError:
            return None
        if not so.is_file():
            return None  # not built, or built from another source: the Python module
        return importlib.util.spec_from_file_location(fullname, so)


def install(package: Path = PACKAGE) -> bool:
    """Put a :class:`Finder` first in ``sys.meta_path`` when a build left its stamp and ``SIM_PURE`` is unset."""
    if pure() or not (package / STAMP_NAME).exists():
        return False
    if not any(isinstance(f, Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, Finder(package=package))
    return True


# ------------------------------------------------------------------- status


class ModuleStatus(NamedTuple):
    name: str
    state: str  # "current": compiled from today's source; "stale": compiled from another; "absent": never built
    loaded: str  # "compiled", "python" or "" (not imported in this process)


def status(modules: Iterable[str] = MODULES, package: Path = PACKAGE) -> list[ModuleStatus]:
    """Each module's build state and what this process has loaded for it."""
    out = []
    for name in modules:
        source = source_of(name, package)
        files = compiled_files(source)
        current = compiled_path(source, source_hash(source))
        state = "current" if current in files else "stale" if files else "absent"
        module = sys.modules.get(name)
        loaded = "" if module is None else "compiled" if str(getattr(module, "__file__", "")).endswith(SUFFIX) \
            else "python"
        out.append(ModuleStatus(name, state, loaded))
    return out


def build_kind(package: Path = PACKAGE) -> str:
    """How the last build compiled: ``"profile-guided"``, ``"plain"``, or ``""`` when no build left its stamp."""
    try:
        text = (package / STAMP_NAME).read_text(encoding="utf-8")
    except OSError:
        return ""
    return "profile-guided" if "(profile-guided)" in text else "plain"


def compiled_loaded() -> int:
    """How many ``sim`` modules this process runs compiled."""
    return sum(1 for name, module in list(sys.modules.items())
               if name.startswith("sim.") and str(getattr(module, "__file__", "") or "").endswith(SUFFIX))


# -------------------------------------------------------------------- build


def _compiler() -> str:
    import shutil
    import sysconfig

    from sim.errors import UsageError

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        raise UsageError(f"sim accel build needs a C compiler ({cc} is not on the PATH); the pure Python path "
                         f"needs none")
    return cc


#: What a profile-guided build trains on (:func:`build`): shipped Blades scenarios (``<root>/scenarios``) and how many
#: campaigns of each, played by the real batch runner in one process, on :data:`TRAIN_SEED` (not a scenario's own
#: seed, which ``sim bench`` plays). About 15 s instrumented on one core.
TRAINING: tuple[tuple[str, int], ...] = (("starter.yaml", 200), ("faction_balance.yaml", 30), ("arcane.yaml", 30))
TRAIN_SEED = 9001

#: The training process: the instrumented modules (argv[1]: their build folder) are found before anything else, then
#: each scenario (argv[3:], ``path=campaigns``) is played by the batch runner; the compiler's profile is written
#: when it exits. Kept to the standard library until the finder is in place.
TRAIN = """
import importlib.machinery, importlib.util, json, sys, tempfile
from pathlib import Path
lib, modules = Path(sys.argv[1]), set(json.loads(sys.argv[2]))
suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
class Instrumented:
    def find_spec(self, fullname, path=None, target=None):
        so = lib.joinpath(*fullname.split(".")[:-1], fullname.split(".")[-1] + suffix)
        if fullname in modules and so.is_file():
            return importlib.util.spec_from_file_location(fullname, so)
        return None
sys.meta_path.insert(0, Instrumented())
from sim.batch.runner import run_batch
from sim.content.scenario import scenario_system
played = 0
for spec in sys.argv[4:]:
    scenario, campaigns = spec.rsplit("=", 1)
    with tempfile.TemporaryDirectory(prefix="sim-accel-train-") as out:
        run_batch(scenario, scenario_system(scenario).batch_game(), int(campaigns), seed=int(sys.argv[3]),
                  workers=1, out=out, journals=1, report=False)
    played += int(campaigns)
loaded = sorted(n for n, m in list(sys.modules.items()) if str(getattr(m, "__file__", "") or "").startswith(str(lib)))
print(json.dumps({"campaigns": played, "instrumented": loaded}))
"""


class Built(NamedTuple):
    """What :func:`build` wrote, and whether it is profile-guided (``why``: the reason when it is not)."""

    files: list[Path]
    pgo: bool
    trained: int  # campaigns the training run played (0 without PGO)
    why: str = ""


def pgo_unsupported(version_text: str) -> str:
    """Why a compiler (the first line of its ``--version``) cannot make a profile-guided build here, or ``""``.

    GCC only: its ``-fprofile-generate`` writes the profile itself when the training process exits; clang's needs
    a separate merge tool (``llvm-profdata``).
    """
    first = version_text.strip().splitlines()[0] if version_text.strip() else ""
    if "gcc" in first.lower() or "free software foundation" in version_text.lower():
        return ""
    return f"profile-guided builds need GCC (this compiler is {first or 'unknown'!r})"


def _compiler_version(cc: str) -> str:
    import subprocess

    try:
        return subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def training_runs(root: Path, training: Iterable[tuple[str, int]] = TRAINING) -> list[tuple[Path, int]]:
    """The training scenarios present under ``root/scenarios`` with their campaign counts."""
    return [(root / "scenarios" / name, n) for name, n in training if (root / "scenarios" / name).is_file()]


def build(modules: Iterable[str] = MODULES, package: Path = PACKAGE, jobs: int = 2, pgo: bool = True,
          training: Iterable[tuple[str, int]] = TRAINING) -> Built:
    """Compile ``modules`` with Cython and a C compiler; write each beside its source (see the module docstring).

    With ``pgo`` (and GCC), the build is profile-guided: the modules are compiled instrumented, a training process
    plays seeded campaigns of the shipped scenarios with them (:data:`TRAINING`), and they are compiled again with
    the profile it wrote (``-fprofile-use``): the same C code, its branches and inlining laid out for how a
    campaign runs. A compiler other than GCC, no training scenario or a failed training run gives a plain build and
    says why (:attr:`Built.why`). Older compiled files of those modules are removed, then the stamp is written.
    """
    import shutil
    import tempfile

    from sim.errors import UsageError

    modules = list(modules)
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        raise UsageError(f"sim accel: not a compiled module: {', '.join(unknown)}; known: {', '.join(MODULES)}")
    if not os.access(package, os.W_OK):
        raise UsageError(f"sim accel build: cannot write beside the sources in {package} (a read-only install?); "
                         f"the pure Python path needs no build")
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError as exc:
        raise UsageError(f"sim accel build needs Cython and setuptools (pip install -e '.[fast]'): "
                         f"{exc}") from None
    cc = _compiler()
    why = "" if pgo else "not asked for (--no-pgo)"
    if not why:
        why = pgo_unsupported(_compiler_version(cc))
    from sim.content.bundled import PROJECT_ROOT
    from sim.extras import missing

    root = PROJECT_ROOT if package == PACKAGE else package.parent  # the shipped scenarios, in a checkout or a wheel
    runs = training_runs(root, training)
    if not why and not runs:
        why = f"no training scenario under {root / 'scenarios'}"
    if not why and missing("batch"):  # the training run plays batches
        why = f"the training run needs the batch extra ({', '.join(missing('batch'))}): pip install 'sim[batch]'"
    sources = {name: source_of(name, package) for name in modules}
    digests = {name: source_hash(path) for name, path in sources.items()}
    with tempfile.TemporaryDirectory(prefix="sim-accel-") as tmp:
        work = Path(tmp)
        try:
            c_files = {ext.name: Path(ext.sources[0]) for ext in cythonize(
                [Extension(name, [str(path)]) for name, path in sources.items()], build_dir=str(work / "c"),
                compiler_directives=DIRECTIVES, nthreads=max(1, jobs) if len(sources) > 1 else 0, quiet=True,
                force=True)}
        except Exception as exc:  # Cython's CompileError names the file; its details went to stderr
            raise UsageError(f"sim accel build: Cython could not compile: {exc}") from None
        trained = 0
        if not why:
            _compile(work, c_files, jobs, ["-fprofile-generate"], ["-fprofile-generate"])
            trained, why = _train(work / "lib", package, modules, runs)
        # a module the training never ran has no profile; -fprofile-use makes GCC's uninitialised-use analysis
        # misfire on Cython's keyword parsing (a false warning)
        flags = [] if why else ["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile",
                                "-Wno-maybe-uninitialized"]
        built = _compile(work, c_files, jobs, flags, [])
        written = []
        try:
            for name, path in built.items():
                target = compiled_path(sources[name], digests[name])
                for old in compiled_files(sources[name]):
                    if old != target:
                        old.unlink()
                temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
                shutil.copyfile(path, temp)
                os.replace(temp, target)  # atomic: a process importing now gets the old file or the new one
                written.append(target)
            stamp = "profile-guided" if not why else "plain"
            (package / STAMP_NAME).write_text(f"sim accel build: compiled modules sit beside their sources ({stamp})\n",
                                              encoding="utf-8")
        except OSError as exc:  # a read-only install, a full disk
            raise UsageError(f"sim accel build: cannot write beside the sources in {package}: "
                             f"{exc.strerror or exc}") from None
    return Built(written, not why, trained, why)


def _compile(work: Path, c_files: dict[str, Path], jobs: int, cflags: list[str], ldflags: list[str]) -> dict[str, Path]:
    """Compile each module's C file (Cython's) into ``work/lib`` with extra compiler and linker flags; the built file
    of each module. The object files keep their paths (``work/obj``) from one compile to the next: GCC writes an
    instrumented module's profile beside its object file, and reads it there."""
    from setuptools import Distribution, Extension

    from sim.errors import UsageError

    extensions = [Extension(name, [str(c_file)], extra_compile_args=cflags, extra_link_args=ldflags)
                  for name, c_file in c_files.items()]
    dist = Distribution({"name": "sim-accel", "ext_modules": extensions, "script_name": "sim-accel"})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp = str(work / "lib"), str(work / "obj")
    cmd.parallel = max(1, jobs)
    cmd.force = True  # the second compile of a profile-guided build rebuilds every object
    cmd.ensure_finalized()
    try:
        cmd.run()
    except Exception as exc:  # distutils' CompileError / LinkError: the compiler's output went to stderr
        raise UsageError(f"sim accel build: the C compiler failed: {exc}") from None
    return {ext.name: Path(cmd.get_ext_fullpath(ext.name)) for ext in extensions}


def _train(lib: Path, package: Path, modules: list[str], runs: list[tuple[Path, int]]) -> tuple[int, str]:
    """Play the training campaigns with the instrumented modules in ``lib`` (a fresh process importing this
    package); (campaigns played, ``""``), or (0, why) when the run failed."""
    import json
    import subprocess

    # SIM_PURE: no finder of an earlier build goes in front of the training process's own (TRAIN)
    env = {**os.environ, "PYTHONPATH": str(package.parent), "PYTHONHASHSEED": "0", PURE_ENV: "1"}
    done = subprocess.run([sys.executable, "-c", TRAIN, str(lib), json.dumps(modules), str(TRAIN_SEED),
                           *(f"{path}={n}" for path, n in runs)], cwd=package.parent, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()] or ["(no output)"]
        return 0, f"the training run failed: {lines[-1].strip()}"
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if not got["instrumented"]:
        return 0, "the training run loaded no instrumented module"
    return int(got["campaigns"]), ""


def clean(package: Path = PACKAGE, modules: Iterable[str] = MODULES) -> int:
    """Remove every compiled module and the stamp; the number of files removed."""
    removed = 0
    for name in modules:
        for path in compiled_files(source_of(name, package)):
            path.unlink()
            removed += 1
    stamp = package / STAMP_NAME
    if stamp.exists():
        stamp.unlink()
    return removed
