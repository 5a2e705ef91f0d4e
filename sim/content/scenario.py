"""Scenarios: one campaign's setup, validated against the content it names, in two steps.

A scenario (``scenarios/*.yaml``) names its rule system (``system:``); the
registry (:mod:`sim.systems`) gives that system's scenario schema, checks and
loader. Reading one is two steps: :func:`read_system` finds ``system:`` (a
missing or unknown system is one problem with file and line, listing the known
systems), then the system checks the rest (:func:`check_common` does the part
every system shares) and builds its frozen scenario.

The fields every system shares (:func:`scenario_schema`): name, description,
system, seed, lang, name_locale, options (``sim.options`` names only) and
content overlays; a system adds its own (length, crew, ...). A scenario may add or
replace whole content tables with ``content: [path, ...]``: each entry is a
folder laid out like ``content/`` (``<folder>/blades/factions.yaml``), a
system folder (``<folder>/blades``), or a single table file whose last two
path parts give its key (``.../blades/factions.yaml``).
Paths are relative to the scenario's folder, except those starting with
``content/``, which are relative to the project. Only the project's
``content/`` folder and the scenario's own folder may be named: absolute
paths and ``..`` escapes are refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sim.content.loader import (
    PROJECT_ROOT, YAML_SUFFIXES, Content, check_tables, content_files, display_name, load_content, resolve_refs,
    tables,
)
from sim.content.schema import Bool, Checker, Choice, F, Int, ListOf, Record, Str, Text
from sim.content.table import TableSchema
from sim.content.source import Document, parse_file
from sim.errors import ContentError, Problem, UsageError
from sim.names import LOCALES as NAME_LOCALES  # the shipped name pools; any other name_locale is refused
from sim.options import OPTIONS

LANGS = ("en", "zh-Hant", "zh-Hans")
LOCALE_PATTERN = r"^[a-z]{2,3}(_[A-Z]{2})?$"
#: a scenario's name is a name, not a path (``sim batch`` names its default folder ``runs/<name>-<seed>-<N>``,
#: issue 33 case 9): letters (any script), digits, ``_``, then also ``-``, ``.`` and spaces, at most 80, not ending
#: in a dot or a space
NAME_PATTERN = r"^\w(?:[\w .-]{0,78}[\w-])?$"


def _option_schema() -> Record:
    """Every option of :data:`sim.options.OPTIONS`, typed by its choices or bounds."""
    fields = {}
    for name, opt in OPTIONS.items():
        if opt.choices is None:
            schema = Int(*opt.bounds)
        elif all(isinstance(c, bool) for c in opt.choices):
            schema = Bool()
        elif all(isinstance(c, str) for c in opt.choices):
            schema = Str(enum=tuple(opt.choices))
        else:
            schema = Choice(tuple(opt.choices))
        fields[name] = F(schema, required=False, doc=f"{opt.rule} [{opt.tag}] {opt.doc} Default: {opt.default}")
    return Record(fields, doc="rule options (sim.options); unset options take the rules reference's defaults", what="rule option")


def common_fields(system: str) -> dict[str, F]:
    """The fields every system's scenario has, with ``system`` fixed to ``system``."""
    return {
        "name": F(Str(pattern=NAME_PATTERN), doc="scenario name: a word or a few (letters, digits, _ - . and "
                                                  "spaces; no /), which sim batch names its folder by"),
        "description": F(Text(), required=False, doc="one line on what the scenario is (sim scenarios lists it)"),
        "system": F(Str(enum=(system,)), doc="the rule system (sim.systems)"),
        "seed": F(Int(0, 2**63 - 1), doc="master seed"),
        "lang": F(Str(enum=LANGS), doc="language for words shown to people"),
        "name_locale": F(Str(enum=NAME_LOCALES), required=False,
                         doc="locale of the shipped name pool for generated names (content/names, sim.names), e.g. "
                             "en_US, zh_TW (default: the language's, sim.i18n.default_name_locale: en_US, zh_TW, "
                             "zh_CN)"),
        "options": F(_option_schema(), required=False),
        "content": F(ListOf(Str(), unique_by=""), required=False,
                     doc="extra content folders or table files, inside content/ or this scenario's folder"),
    }


def scenario_schema(system: str, fields: dict[str, F], title: str = "Scenario") -> TableSchema:
    """A system's scenario schema: :func:`common_fields`, then the system's own ``fields``."""
    return TableSchema("scenario", Record({**common_fields(system), **fields}), title)


def project_root_for(path: Path) -> Path:
    """The project a scenario belongs to: the nearest ancestor holding ``content/``."""
    for parent in path.resolve().parents:
        if (parent / "content").is_dir():
            return parent
    return PROJECT_ROOT


def _resolve_content(doc: Document, scenario_path: Path, project: Path) -> tuple[list[tuple[str, Path]], list[Problem]]:
    entries = doc.data.get("content") if isinstance(doc.data, dict) else None
    if not isinstance(entries, list):
        return [], []
    overlays: list[tuple[str, Path]] = []
    problems: list[Problem] = []
    content_dir = (project / "content").resolve()
    here = scenario_path.parent.resolve()
    for i, entry in enumerate(entries):
        where = f"content[{i}]"
        if not isinstance(entry, str):
            continue  # the schema reports it
        line = doc.line(where)
        if "\x00" in entry:
            problems.append(Problem(doc.file, line, where, "a path cannot hold a NUL character; refused"))
            continue
        raw = Path(entry)
        if raw.is_absolute() or entry.startswith(("~", "/", "\\")) or (len(entry) > 1 and entry[1] == ":"):
            problems.append(Problem(doc.file, line, where, f"absolute path {entry!r} refused: name a path inside content/ or this scenario's folder"))
            continue
        base = project if raw.parts and raw.parts[0] == "content" else here
        target = _resolved(base / raw)
        if target is None:
            problems.append(Problem(doc.file, line, where, f"path {entry!r} is a symlink loop; refused"))
            continue
        if not _allowed(target, content_dir, here):
            problems.append(Problem(doc.file, line, where, f"path {entry!r} escapes content/ and the scenario's folder; refused"))
            continue
        if target.is_dir():
            found = list(content_files(target).items())
            known = tables()
            if target.name in {key.split("/", 1)[0] for key in known}:  # a system folder such as blades/
                found = [(f"{target.name}/{k}", p) for k, p in found]
            if not found:
                problems.append(Problem(doc.file, line, where, f"no content tables in {entry!r}"))
            outside = [p for _, p in found if not _allowed(_resolved(p), content_dir, here)]
            for file in outside:  # a symlinked file in an allowed folder is held to the same rule
                problems.append(Problem(doc.file, line, where, f"{display_name(file)} links outside content/ "
                                                               "and the scenario's folder; refused"))
            found = [(k, p) for k, p in found if p not in outside]
        elif target.is_file() and target.suffix in YAML_SUFFIXES:
            found = [(f"{target.parent.name}/{target.stem}", target)]
        else:
            problems.append(Problem(doc.file, line, where, f"no such content folder or YAML file: {entry!r}"))
            continue
        for key, file in found:
            if key in tables():
                overlays.append((key, file))
            else:
                problems.append(Problem(doc.file, line, where,
                                        f"{display_name(file)} is not a known table ({key!r}); tables are e.g. blades/targets"))
    return overlays, problems


def _resolved(path: Path) -> Path | None:
    """``path`` with every symlink followed, or None for a symlink loop."""
    try:
        return path.resolve()
    except (RuntimeError, OSError, ValueError):  # Python 3.11 raises RuntimeError("Symlink loop ...")
        return None


def _allowed(target: Path | None, content_dir: Path, here: Path) -> bool:
    return target is not None and (target.is_relative_to(content_dir) or target.is_relative_to(here))


def _check_options(doc: Document, ck: Checker) -> None:
    opts = doc.data.get("options") if isinstance(doc.data, dict) else None
    if not isinstance(opts, dict):
        return
    for name, value in opts.items():
        if name in OPTIONS:
            try:
                OPTIONS[name].check(value)
            except UsageError as exc:
                msg = str(exc).split(": ", 1)[-1]
                if not any(p.path == f"options.{name}" for p in ck.problems):
                    ck.error(f"options.{name}", msg)


def read_system(doc: Document) -> tuple[Any, list[Problem]]:
    """Step one: the registered system a parsed scenario names, or (None, one problem with file:line)."""
    from sim.systems import find_system, systems

    known = ", ".join(systems()) or "none"
    data = doc.data
    if not isinstance(data, dict):
        return None, [Problem(doc.file, 1, "", f"a scenario is a mapping with a system: field ({known})")]
    name = data.get("system")
    if name is None:
        return None, [Problem(doc.file, 1, "system", f"missing system; known systems: {known}")]
    system = find_system(name)
    if system is None:
        return None, [Problem(doc.file, doc.line("system"), "system", f"unknown system {name!r}; known systems: {known}")]
    return system, []


def check_common(doc: Document, path: Path, schema: TableSchema, *, require: tuple[str, ...] = (),
                 content_root: Path | None = None) -> tuple[Checker, list[Problem], Content | None, list]:
    """Step two's shared part: ``schema`` (with options, safe content paths), the content the
    scenario is played with (the project's ``content/`` or ``content_root``, its overlays, the tables
    in ``require``) and every id reference. Returns (checker, problems, content or None, overlays)."""
    ck = schema.check(doc)
    _check_options(doc, ck)
    problems = list(ck.problems)
    project = project_root_for(path)
    root = Path(content_root) if content_root is not None else project / "content"
    overlays, path_problems = _resolve_content(doc, path, project)
    problems.extend(path_problems)
    content = None
    try:
        content = load_content(root, overlays=overlays, require=require)
    except ContentError as exc:
        problems.extend(exc.problems)
        loaded = check_tables(content_files(root, overlays))
        ids = loaded.ids
    else:
        ids = {ns: dict.fromkeys(v) for ns, v in content.ids.items()}
    problems.extend(resolve_refs(ck.refs, ids))
    return ck, problems, content, overlays


def check_scenario(path: Path, content_root: Path | None = None) -> tuple[Document, list[Problem], Content | None, list]:
    """Check one scenario file with its system's checks; returns (document, problems, content or None, overlays)."""
    path = Path(path)
    doc = parse_file(path, display_name(path))
    problems = list(doc.problems)
    if doc.data is None:
        return doc, problems, None, []
    system, found = read_system(doc)
    if system is None:
        return doc, problems + found, None, []
    more, content, overlays = system.check_scenario(doc, path, Path(content_root) if content_root else None)
    return doc, problems + list(more), content, overlays


def check_scenario_path(path: str | Path) -> Path:
    """The scenario file a SCENARIO argument names (an existing path, else a bundled scenario's name:
    :func:`sim.content.bundled.find_scenario`); else one UsageError line, the same for every command
    (``sim play``, ``sim batch``, ``sim bench --scenario``)."""
    from sim.content.bundled import find_scenario
    from sim.files import shown

    path = find_scenario(path)
    try:
        is_dir, is_file = path.is_dir(), path.is_file()
    except (OSError, ValueError):  # a name too long, a NUL
        is_dir = is_file = False
    if is_dir:
        raise UsageError(f"{shown(path)} is a folder, not a scenario file")
    if not is_file:
        raise UsageError(f"no such scenario file: {shown(path)}")
    return path


def checked_scenario(path: str | Path, content_root: str | Path | None = None) -> tuple[Document, Content]:
    """The parsed scenario and its content, or ContentError listing every problem (for a system's loader)."""
    path = check_scenario_path(path)
    doc, problems, content, _ = check_scenario(path, Path(content_root) if content_root else None)
    errors = [p for p in problems if p.severity == "error"]
    if errors or content is None:
        raise ContentError(errors or [Problem(doc.file, 1, "", "scenario could not be read")])
    return doc, content


def scenario_system(path: str | Path) -> Any:
    """The registered system of a scenario file (step one only); ContentError with file:line if none."""
    path = check_scenario_path(path)
    doc = parse_file(path, display_name(path))
    if doc.data is None:
        raise ContentError(list(doc.problems) or [Problem(doc.file, 1, "", "scenario could not be read")])
    system, problems = read_system(doc)
    if system is None:
        raise ContentError(problems)
    return system


def load_scenario(path: str | Path, *, content_root: str | Path | None = None) -> Any:
    """Load and validate a scenario (a file, or a bundled scenario's name: :func:`check_scenario_path`) with its
    system's loader (:func:`scenario_system`); raise ContentError listing every problem. The result is the
    system's frozen scenario (``name, system, seed, lang, options, content, path`` and the system's own fields)."""
    path = check_scenario_path(path)
    return scenario_system(path).load_scenario(path, content_root=content_root)


def describe_bundled(name: str, lang: str | None = None) -> dict[str, Any]:
    """What ``sim scenarios`` shows of bundled scenario ``name``: name, system, language, a one-line description
    (in ``lang``, default English, falling back to English; None if it has none) and the file. Reads the file
    safely (:mod:`sim.content.source`) without checking it against its content (``sim validate NAME`` does)."""
    from sim.content.bundled import bundled_path
    from sim.content.source import parse_file

    path = bundled_path(name)
    if path is None:
        raise KeyError(name)
    data = parse_file(path).data
    data = data if isinstance(data, dict) else {}
    text = data.get("description")
    if isinstance(text, dict):  # a text field in several languages (sim.i18n.text_of, without importing i18n)
        text = text.get(lang or "en") or text.get("en")
    return {"name": name, "system": data.get("system"), "lang": data.get("lang"),
            "description": " ".join(text.split()) if isinstance(text, str) else None, "path": str(path)}
