"""Scenarios: one campaign's setup, validated against the content it names.

A scenario (``scenarios/*.yaml``) names its rule system, seed, languages,
length, rule options (``sim.options`` names only), crew, agents and their
policies, and the factions in play; see docs/architecture.md. It may add or
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

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.content.loader import (
    PROJECT_ROOT, TABLES, YAML_SUFFIXES, Content, check_tables, content_files, display_name, load_content, resolve_refs,
)
from sim.content.schema import Bool, Checker, Choice, F, Int, ListOf, MapOf, Record, Ref, Str, Text
from sim.content.table import TableSchema
from sim.content.source import Document, parse_file
from sim.errors import ContentError, Problem, UsageError
from sim.options import OPTIONS, RuleOptions

SYSTEMS = ("blades",)
LANGS = ("en", "zh-Hant", "zh-Hans")
PLAYER_POLICIES = ("careful", "bold", "reckless")
GM_POLICIES = ("gentle", "standard", "gritty")
LOCALE_PATTERN = r"^[a-z]{2,3}(_[A-Z]{2})?$"


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
    return Record(fields, doc="rule options (sim.options); unset options take RULES.md defaults", what="rule option")


SCENARIO = TableSchema("scenario", Record({
    "name": F(Str(), doc="scenario name"),
    "description": F(Text(), required=False),
    "system": F(Str(enum=SYSTEMS)),
    "seed": F(Int(0, 2**63 - 1), doc="master seed"),
    "lang": F(Str(enum=LANGS), doc="language for words shown to people"),
    "name_locale": F(Str(pattern=LOCALE_PATTERN), required=False,
                     doc="faker locale for generated names, e.g. en_US, zh_TW (default: the language's, "
                         "sim.i18n.default_name_locale: en_US, zh_TW, zh_CN)"),
    "length": F(Record({"scores": F(Int(1, 1000), doc="campaign ends after this many scores"),
                        "tier": F(Int(1, 6), required=False, doc="or when the crew reaches this Tier")})),
    "options": F(_option_schema(), required=False),
    "content": F(ListOf(Str(), unique_by=""), required=False,
                 doc="extra content folders or table files, inside content/ or this scenario's folder"),
    "crew": F(Record({
        "type": F(Ref("crew_type")),
        "name": F(Text(), required=False),
        "reputation": F(Ref("reputation"), required=False),
        "hunting_grounds": F(Ref("faction"), required=False, doc="the faction holding the hunting grounds"),
        "statuses": F(MapOf(Ref("faction"), Int(-3, 3)), required=False, doc="starting status by faction"),
        "members": F(ListOf(Record({
            "playbook": F(Ref("playbook")),
            "policy": F(Str(enum=PLAYER_POLICIES)),
            "name": F(Str(), required=False, doc="omit for a generated name"),
            "vice": F(Ref("vice"), required=False),
        }), min=1, max=6)),
    })),
    "gm": F(Record({"policy": F(Str(enum=GM_POLICIES))})),
    "factions": F(ListOf(Ref("faction"), min=1, unique_by=""), doc="factions in play"),
    "faction_tiers": F(MapOf(Ref("faction"), Int(0, 6)), required=False,
                       doc="starting Tier by faction in play, instead of the faction table's (BITD.FACTION.1)"),
}), "Scenario")


@dataclass(frozen=True, slots=True)
class Member:
    playbook: str
    policy: str
    name: str | None = None
    vice: str | None = None


@dataclass(frozen=True, slots=True)
class Crew:
    type: str
    members: tuple[Member, ...]
    name: str | None = None
    reputation: str | None = None
    hunting_grounds: str | None = None
    statuses: tuple[tuple[str, int], ...] = ()  # (faction, status), in file order


@dataclass(frozen=True, slots=True)
class Gm:
    policy: str


@dataclass(frozen=True, slots=True)
class Length:
    scores: int
    tier: int | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario with its resolved rule options and content."""

    name: str
    system: str
    seed: int
    lang: str
    name_locale: str
    length: Length
    options: RuleOptions
    crew: Crew
    gm: Gm
    factions: tuple[str, ...]
    content: Content
    path: str
    description: Any = None  # text: a string or {lang: string}
    faction_tiers: tuple[tuple[str, int], ...] = ()  # (faction, starting Tier), in file order


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
            if target.name in {key.split("/", 1)[0] for key in TABLES}:  # a system folder such as blades/
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
            if key in TABLES:
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


def _check_locale(doc: Document, ck: Checker) -> None:
    from sim.names import locale_exists

    locale = doc.data.get("name_locale") if isinstance(doc.data, dict) else None
    if isinstance(locale, str) and re.match(LOCALE_PATTERN, locale) and not locale_exists(locale):
        ck.error("name_locale", f"faker has no locale {locale!r} (e.g. en_US, en_GB, zh_TW, zh_CN)")


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


def check_scenario(path: Path, content_root: Path | None = None) -> tuple[Document, list[Problem], Content | None, list]:
    """Check one scenario file; returns (document, problems, content or None, overlays)."""
    path = Path(path)
    doc = parse_file(path, display_name(path))
    problems = list(doc.problems)
    if doc.data is None:
        return doc, problems, None, []
    ck = SCENARIO.check(doc)
    _check_options(doc, ck)
    _check_locale(doc, ck)
    problems.extend(ck.problems)
    project = project_root_for(path)
    root = Path(content_root) if content_root is not None else project / "content"
    overlays, path_problems = _resolve_content(doc, path, project)
    problems.extend(path_problems)
    content = None
    try:
        content = load_content(root, overlays=overlays)
    except ContentError as exc:
        problems.extend(exc.problems)
        loaded = check_tables(content_files(root, overlays))
        ids = loaded.ids
    else:
        ids = {ns: dict.fromkeys(v) for ns, v in content.ids.items()}
    problems.extend(resolve_refs(ck.refs, ids))
    _check_crew_factions(doc, ck, problems)
    if content is not None:
        _check_targets(doc, content, problems)
    return doc, problems, content, overlays


def _check_targets(doc: Document, content: Content, problems: list[Problem]) -> None:
    """The GM draws scores from targets of the factions in play: there must be some."""
    factions = doc.data.get("factions") if isinstance(doc.data, dict) else None
    if not isinstance(factions, list) or not factions:
        return
    in_play = set(f for f in factions if isinstance(f, str))
    targets = content.table("blades/targets")["targets"]
    if not any(t["faction"] in in_play and t["weight"] > 0 for t in targets):
        problems.append(Problem(doc.file, doc.line("factions"), "factions",
                                f"no score target in {content.files['blades/targets']} belongs to these factions"))


def _check_crew_factions(doc: Document, ck: Checker, problems: list[Problem]) -> None:
    data = doc.data
    crew = data.get("crew") if isinstance(data, dict) else None
    factions = data.get("factions") if isinstance(data, dict) and isinstance(data.get("factions"), list) else None
    if not isinstance(crew, dict) or factions is None:
        return
    named = [("crew.hunting_grounds", crew.get("hunting_grounds"))]
    if isinstance(crew.get("statuses"), dict):
        named += [(f"crew.statuses.{k}", k) for k in crew["statuses"]]
    if isinstance(data.get("faction_tiers"), dict):
        named += [(f"faction_tiers.{k}", k) for k in data["faction_tiers"]]
    for where, fid in named:
        if isinstance(fid, str) and fid not in factions:
            problems.append(Problem(doc.file, doc.line(where), where, f"faction {fid!r} is not in this scenario's factions"))


def check_scenario_path(path: str | Path) -> Path:
    """``path`` as a Path if it names a scenario file; else one UsageError line, the same
    for every command (``sim play``, ``sim batch``, ``sim bench --scenario``)."""
    from sim.files import shown

    path = Path(path)
    try:
        is_dir, is_file = path.is_dir(), path.is_file()
    except (OSError, ValueError):  # a name too long, a NUL
        is_dir = is_file = False
    if is_dir:
        raise UsageError(f"{shown(path)} is a folder, not a scenario file")
    if not is_file:
        raise UsageError(f"no such scenario file: {shown(path)}")
    return path


def load_scenario(path: str | Path, *, content_root: str | Path | None = None) -> Scenario:
    """Load and validate a scenario and the content it uses; raise ContentError listing every problem."""
    path = check_scenario_path(path)
    doc, problems, content, _ = check_scenario(path, Path(content_root) if content_root else None)
    errors = [p for p in problems if p.severity == "error"]
    if errors or content is None:
        raise ContentError(errors or [Problem(doc.file, 1, "", "scenario could not be read")])
    from sim.i18n import default_name_locale

    data = doc.data
    crew = data["crew"]
    members = tuple(Member(m["playbook"], m["policy"], m.get("name"), m.get("vice")) for m in crew["members"])
    crew_name = crew.get("name")
    return Scenario(
        name=data["name"], system=data["system"], seed=data["seed"], lang=data["lang"],
        name_locale=data.get("name_locale") or default_name_locale(data["lang"]),
        length=Length(data["length"]["scores"], data["length"].get("tier")),
        options=RuleOptions(data.get("options") or {}),
        crew=Crew(type=crew["type"], members=members,
                  name=crew_name if isinstance(crew_name, str) or crew_name is None else crew_name.get("en"),
                  reputation=crew.get("reputation"), hunting_grounds=crew.get("hunting_grounds"),
                  statuses=tuple((crew.get("statuses") or {}).items())),
        gm=Gm(data["gm"]["policy"]),
        factions=tuple(data["factions"]),
        content=content,
        path=doc.file,
        description=data.get("description"),
        faction_tiers=tuple((data.get("faction_tiers") or {}).items()),
    )
