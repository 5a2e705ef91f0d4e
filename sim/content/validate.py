"""``sim validate``: check content tables and scenarios, report every problem.

:func:`validate_paths` takes files and folders and classifies each YAML file:

* a **content folder** (named ``content``, or holding a system folder such as
  ``blades/``) is checked as one content set: every table against its schema,
  every cross-reference between tables, every table required by a system
  whose folder it has present (:func:`sim.content.loader.required_tables`);
* a **table file** (``.../blades/factions.yaml``) is checked inside the
  content set of its project, replacing the shipped table of the same key;
* anything else is a **scenario**, checked by its system (``system:``, looked
  up in :mod:`sim.systems`) with the content it names.

Problems come back in file order, de-duplicated, each ``file:line: path: message``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from sim.content.loader import (
    YAML_SUFFIXES, Loaded, check_tables, display_name, required_tables, table_files, tables,
)
from sim.content.scenario import check_scenario, project_root_for
from sim.errors import Problem, UsageError
from sim.i18n.check import register as _register_i18n_checks, scenario_gaps

# The translation layer's checks: broken term tables (content/i18n) are
# errors; with --lang L, every text field lacking L is a warning.
_register_i18n_checks()


def _systems() -> set[str]:
    """Content folders of the registered tables (``blades``, ``fate``, ...)."""
    return {key.split("/", 1)[0] for key in tables()}


@dataclass(slots=True)
class Report:
    problems: list[Problem] = field(default_factory=list)
    tables: set[str] = field(default_factory=set)  # display names of table files checked
    scenarios: set[str] = field(default_factory=set)
    unchecked: set[str] = field(default_factory=set)  # tables with no registered schema

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity != "error"]

    def add(self, problems: Iterable[Problem]) -> None:
        seen = {(p.file, p.line, p.path, p.message) for p in self.problems}
        for p in problems:
            key = (p.file, p.line, p.path, p.message)
            if key not in seen:
                seen.add(key)
                self.problems.append(p)


def is_content_root(folder: Path) -> bool:
    return folder.name == "content" or any((folder / s).is_dir() for s in _systems())


def _table_key(path: Path) -> str | None:
    """The table key of a file inside a content set, or None if it is not one."""
    parts = path.resolve().parts
    if "content" in parts[:-1]:
        i = len(parts) - 1 - parts[::-1].index("content")
        if i < len(parts) - 1:
            return Path(*parts[i + 1:]).with_suffix("").as_posix()
    if path.parent.name in _systems():
        return f"{path.parent.name}/{path.stem}"
    return None


def _check_content_root(root: Path, report: Report, lang: str | None) -> None:
    files = table_files(root)
    loaded = check_tables(files, require=required_tables(files), root=root, lang=lang)
    _collect(loaded, report)


def _collect(loaded: Loaded, report: Report) -> None:
    report.add(loaded.problems)
    for key, doc in loaded.docs.items():
        (report.unchecked if key in loaded.unchecked else report.tables).add(doc.file)


def _check_table_file(path: Path, key: str, report: Report, lang: str | None) -> None:
    root = project_root_for(path) / "content"
    files = {**table_files(root), key: path}  # every table, names/ too (content_files leaves the standalone out)
    loaded = check_tables(files, require=required_tables(files), root=root, lang=lang)
    _collect(loaded, report)


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


def _bundled(raw: str | Path) -> Path:
    """A bundled scenario named instead of a path (``sim validate starter``), else one line listing them."""
    from sim.content.bundled import SUFFIXES, bundled_path, bundled_scenarios

    from sim.files import shown

    found = bundled_path(str(raw))
    if found is None and str(raw).endswith(SUFFIXES):  # a file's name (a 4,000-character one stays one short line)
        raise UsageError(f"no such file or folder: {shown(raw)}")
    if found is None:
        raise UsageError(f"no such file or folder: {shown(raw)} (nor a bundled scenario: "
                         f"{', '.join(bundled_scenarios())})")
    return found


def validate_paths(paths: Iterable[str | Path], *, strict: bool = False, lang: str | None = None) -> Report:
    """Check every file under ``paths``; warnings become errors when ``strict``."""
    report = Report()
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            path = _bundled(raw)
        if path.is_dir():
            if is_content_root(path):
                _check_content_root(path, report, lang)
                continue
            files = _yaml_files(path)
        else:
            files = [path]
        for file in files:
            key = _table_key(file)
            if key is not None:
                _check_table_file(file, key, report, lang)
            else:
                _doc, problems, _content, _ = check_scenario(file)
                report.add(problems)
                report.add(scenario_gaps(_doc, lang))
                report.scenarios.add(display_name(file))
    if strict:
        report.problems = [p if p.severity == "error" else Problem(p.file, p.line, p.path, p.message)
                           for p in report.problems]
    return report


def default_paths() -> list[Path]:
    """``content/`` and ``scenarios/`` of the project in the working directory, else the shipped ones (a checkout's,
    or those an installed wheel carries: :mod:`sim.content.bundled`)."""
    from sim.content.bundled import PROJECT_ROOT

    here = Path.cwd()
    root = here if (here / "content").is_dir() else PROJECT_ROOT
    return [p for p in (root / "content", root / "scenarios") if p.exists()]
