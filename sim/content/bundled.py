"""Where the shipped ``content/`` and ``scenarios/`` are, and the bundled scenarios by name.

The repository keeps both folders at its top. An installed wheel carries them inside the package, as
``sim/_data/content`` and ``sim/_data/scenarios`` (copied there at build time by ``setup.py``), and they are
found through :mod:`importlib.resources`. In a checkout (``PYTHONPATH=.`` or ``pip install -e .``) there is no
``sim/_data`` and the folders beside the ``sim`` package are used, so editing ``content/`` takes effect at once.

* :data:`PROJECT_ROOT`: the folder holding ``content/`` and ``scenarios/`` (the checkout, or ``sim/_data``)
* :data:`CONTENT_ROOT`, :data:`SCENARIOS_ROOT`: those two folders; :data:`RULES_ROOT`: the rules reference
  (``docs/rules``, in a wheel ``sim/_data/docs/rules``)
* :func:`find_scenario`: a SCENARIO argument as a file: an existing path wins, else a bundled scenario's name
  (``starter``, ``tests/two_scores``; ``scenarios/starter.yaml`` too, from any folder)
* :func:`bundled_scenarios`: the names ``sim scenarios`` lists (each described by
  :func:`sim.content.scenario.describe_bundled`)

The shipped files are read, never written: every command writes where the person says (``--out``, ``--save``).
Importing this module imports nothing but the standard library and reads no file.
"""

from __future__ import annotations

import atexit
import importlib.resources
import shutil
import tempfile
from pathlib import Path
from typing import Any

#: the package folder the build copies ``content/`` and ``scenarios/`` into (setup.py)
DATA = "_data"
SUFFIXES = (".yaml", ".yml")


def as_path(resource: Any) -> Path:
    """A real folder for a traversable: itself for a file-system one (an installed wheel, a checkout), else a
    read-only copy extracted once to a temporary folder (a package imported from a zip file), removed at exit.
    (``importlib.resources.as_file`` takes folders only from Python 3.12.)"""
    if isinstance(resource, Path):
        return resource
    where = Path(tempfile.mkdtemp(prefix="sim-data-"))
    atexit.register(shutil.rmtree, where, True)
    _extract(resource, where / resource.name)
    return where / resource.name


def _extract(resource: Any, target: Path) -> None:
    if resource.is_dir():
        target.mkdir(parents=True, exist_ok=True)
        for child in resource.iterdir():
            _extract(child, target / child.name)
    else:
        target.write_bytes(resource.read_bytes())


def data_root() -> Path:
    """The folder holding the shipped ``content/`` and ``scenarios/``: the wheel's ``sim/_data``, else the
    checkout holding the ``sim`` package."""
    package = importlib.resources.files("sim")
    bundled = package / DATA
    if bundled.is_dir():
        return as_path(bundled)
    return Path(str(package)).resolve().parent


PROJECT_ROOT = data_root()
CONTENT_ROOT = PROJECT_ROOT / "content"
SCENARIOS_ROOT = PROJECT_ROOT / "scenarios"
#: the rules reference (docs/rules/*.md), which ``sim mcp``'s ``rules_lookup`` and its resources read: a wheel
#: carries it as ``sim/_data/docs/rules`` (setup.py), a checkout has it at ``docs/rules``
RULES_ROOT = PROJECT_ROOT / "docs" / "rules"


def bundled_scenarios(*, tests: bool = False) -> list[str]:
    """The names of the shipped scenarios (``starter``, ``fate_docks``, ...), sorted; with ``tests`` also those
    under ``scenarios/tests/`` (``tests/two_scores``), which the test suite plays."""
    if not SCENARIOS_ROOT.is_dir():
        return []
    found = SCENARIOS_ROOT.rglob("*") if tests else SCENARIOS_ROOT.glob("*")
    names = {p.relative_to(SCENARIOS_ROOT).with_suffix("").as_posix() for p in found
             if p.suffix in SUFFIXES and p.is_file()}
    if tests:  # a test scenario's own content tables (scenarios/tests/tiny_city/blades/...) are not scenarios
        names = {n for n in names if n.count("/") == 0 or n.startswith("tests/") and n.count("/") == 1}
    return sorted(names)


def bundled_path(name: str) -> Path | None:
    """The file of bundled scenario ``name`` (``starter``, ``starter.yaml``, ``scenarios/starter.yaml``,
    ``tests/two_scores``), or None if there is none."""
    if not isinstance(name, str) or not name or "\x00" in name or "\\" in name:
        return None
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if parts and parts[0] == "scenarios":
        parts = parts[1:]
    if not parts or any(p == ".." for p in parts) or name.startswith("/") or ":" in parts[0]:
        return None
    stem = "/".join(parts)
    for suffix in SUFFIXES:
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
    for suffix in SUFFIXES:
        path = SCENARIOS_ROOT / f"{stem}{suffix}"
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):
            return None
    return None


def bundled_name(path: str | Path) -> str | None:
    """The bundled name of a shipped scenario file (``starter``, ``tests/two_scores``), or None for any other."""
    try:
        rel = Path(path).resolve().relative_to(SCENARIOS_ROOT.resolve())
    except (ValueError, OSError):
        return None
    return rel.with_suffix("").as_posix() if rel.suffix in SUFFIXES else None


def find_scenario(arg: str | Path) -> Path:
    """The file a SCENARIO argument names: an existing path wins (a folder too: the caller says it is one), else
    the bundled scenario of that name. Neither: :class:`~sim.errors.UsageError`, one line (exit status 2): for a
    name, listing the bundled names; for a file's name (``nope.yaml``), "no such scenario file"."""
    from sim.errors import UsageError
    from sim.files import shown

    path = Path(arg)
    try:
        if path.exists():
            return path
    except (OSError, ValueError):  # a name too long, a NUL
        pass
    found = bundled_path(str(arg))
    if found is not None:
        return found
    if str(arg).endswith(SUFFIXES):  # a file's name: the words every command has always said
        raise UsageError(f"no such scenario file: {shown(arg)}")
    names = ", ".join(bundled_scenarios()) or "none"
    raise UsageError(f"no such scenario file or bundled scenario: {shown(arg)} (bundled: {names}; "
                     f"`sim scenarios` lists them)")
