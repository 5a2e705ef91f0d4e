"""Loading and validating every content table (``content/**/*.yaml``).

``load_content(root)`` reads each YAML file safely (:mod:`sim.content.source`),
checks it against its table schema (by key, e.g. ``blades/bargains`` for
``content/blades/bargains.yaml``: :func:`tables`, every schema the game systems
registered with :mod:`sim.systems`, read before any content is), then resolves every
cross-reference between tables (a target naming a faction, a complication
ticking a clock). All problems are gathered and raised together as one
:class:`~sim.errors.ContentError`, each as ``file:line: field.path: message``.

Results are cached per root and per file modification time, so a batch
worker that loads content for every campaign parses the YAML once. The
returned tables are plain dicts and lists shared by every caller: treat them
as read-only.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from sim.content.schema import RefUse
from sim.content.table import TableSchema
from sim.content.source import Document, parse_file
from sim.errors import ContentError, Problem

from sim.content.bundled import CONTENT_ROOT, PROJECT_ROOT  # noqa: E402,F401 (a checkout, or an installed sim/_data)

YAML_SUFFIXES = (".yaml", ".yml")

#: the table registry: key ("blades/bargains") -> schema, filled from :func:`sim.systems.table_sets`
#: (each system package's tables) by :func:`tables`; :func:`register_table` adds others directly.
TABLES: dict[str, TableSchema] = {}
_OWN: dict[str, TableSchema] = {}  # registered here directly, not through sim.systems
_REQUIRED_OWN: set[str] = set()
_synced = -1  # the sim.systems.version TABLES was filled at


def tables() -> dict[str, TableSchema]:
    """Every registered table schema by key (the registry's, read before any content is loaded)."""
    global _synced
    from sim import systems

    systems.discover()  # imports the system packages' registry modules on the first call
    if _synced != systems.version:
        TABLES.clear()
        for table_set in systems.table_sets().values():
            TABLES.update(table_set.tables)
        TABLES.update(_OWN)
        _synced = systems.version
    return TABLES


def required_tables(keys: Iterable[str]) -> tuple[str, ...]:
    """Tables a content set with these table keys must have: the required tables of every package
    with a folder among them (a content set with ``blades/`` needs every Blades table)."""
    from sim.systems import table_sets

    folders = {key.split("/", 1)[0] for key in keys}
    out = {key for key in _REQUIRED_OWN if key.split("/", 1)[0] in folders}
    for table_set in table_sets().values():
        if table_set.folders & folders:
            out.update(table_set.required)
    return tuple(sorted(out))


#: content-wide checks run after every table is read: ``fn(loaded, lang) -> problems``.
#: ``loaded`` is a :class:`Loaded` (``docs`` by key give data, file and lines);
#: ``lang`` is the language asked for (``--lang``) or None for all. The i18n
#: layer registers its missing-translation warnings here.
CONTENT_CHECKS: list[Callable[["Loaded", str | None], Iterable[Problem]]] = []


def register_check(check: Callable[["Loaded", str | None], Iterable[Problem]]) -> None:
    """Add a content-wide check (see :data:`CONTENT_CHECKS`); adding twice is a no-op."""
    if check not in CONTENT_CHECKS:
        CONTENT_CHECKS.append(check)


def register_table(schema: TableSchema, required: bool = False) -> None:
    """Add one table schema outside any system package (a system registers its tables with
    :func:`sim.systems.register_system` or :func:`sim.systems.register_tables`)."""
    global _synced
    _OWN[schema.key] = schema
    if required:
        _REQUIRED_OWN.add(schema.key)
    _synced = -1


def display_name(path: Path) -> str:
    """A file's name for messages: relative to the working directory if inside it."""
    path = Path(os.path.abspath(path))
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


@dataclass(frozen=True, slots=True)
class Content:
    """Validated content: every table by key, and every id by namespace."""

    root: Path
    tables: Mapping[str, Any]
    files: Mapping[str, str]  # key -> file name (for messages)
    ids: Mapping[str, tuple[str, ...]]  # namespace -> sorted ids
    warnings: tuple[Problem, ...] = ()
    unchecked: tuple[str, ...] = ()  # tables read safely but with no registered schema
    #: words a scenario's author wrote in several languages: the English the engine and journal keep -> {lang: words}
    #: (a Fate adventure's aspects and tasks, :func:`sim.fate.scenario.load`); readers show them through
    #: :func:`sim.fate.tables.words`. Empty for the project's own content
    authored: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def table(self, key: str) -> Any:
        """The parsed document of table ``key`` (``"blades/bargains"``)."""
        try:
            return self.tables[key]
        except KeyError:
            raise KeyError(f"no content table {key!r}; have: {', '.join(sorted(self.tables))}") from None

    def index(self, key: str, field_name: str | None = None) -> dict[str, dict]:
        """Records of a table's list field by id: ``index("blades/factions")["bluecoats"]``.

        ``field_name`` defaults to the last part of the key (``factions``).
        """
        name = field_name or key.rsplit("/", 1)[-1]
        return {rec["id"]: rec for rec in self.table(key)[name]}

    def has(self, namespace: str, ident: str) -> bool:
        return ident in self.ids.get(namespace, ())


@dataclass(slots=True)
class Loaded:
    """What checking a set of files found (used by load_content and validate)."""

    docs: dict[str, Document] = field(default_factory=dict)  # key -> document
    problems: list[Problem] = field(default_factory=list)
    refs: list[RefUse] = field(default_factory=list)
    ids: dict[str, dict[str, tuple[str, int, str]]] = field(default_factory=dict)  # ns -> id -> (file, line, path)
    unchecked: list[str] = field(default_factory=list)  # keys with no registered schema

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def table_files(root: Path) -> dict[str, Path]:
    """Every YAML file under ``root`` by table key, in sorted order."""
    out: dict[str, Path] = {}
    if not root.is_dir():
        return out
    for path in sorted(p for p in root.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file()):
        out[path.relative_to(root).with_suffix("").as_posix()] = path
    return out


@dataclass(frozen=True, slots=True)
class _Checked:
    """One file's own check (independent of other files), cached by file state."""

    doc: Document
    problems: tuple[Problem, ...]
    refs: tuple[RefUse, ...]
    ids: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    has_schema: bool


_FILE_CACHE: dict[tuple, _Checked] = {}


def _check_file(key: str, path: Path) -> _Checked:
    try:
        st = path.stat()
        state = (st.st_mtime_ns, st.st_size)
    except OSError:
        state = None
    schema = tables().get(key)
    cache_key = (key, str(path), display_name(path), state, id(schema))
    hit = _FILE_CACHE.get(cache_key) if state is not None else None
    if hit is not None:
        return hit
    from sim.content import cache  # parsed and checked files kept on disk (issue 33): a start in a blink

    on_disk = state is not None and _OWN.get(key) is not schema  # a run-time schema: code no fingerprint sees
    checked = _from_cache(cache.load(key, path, display_name(path)), schema) if on_disk else None
    if checked is not None:
        _FILE_CACHE[cache_key] = checked
        return checked
    doc = parse_file(path, display_name(path))
    problems, refs, ids = list(doc.problems), [], ()
    if schema is not None and not (doc.data is None and doc.problems):
        ck = schema.check(doc)
        problems.extend(ck.problems)
        refs = ck.refs
        ids = tuple((ns, tuple(found)) for ns, found in schema.ids(doc.data).items())
    checked = _Checked(doc, tuple(problems), tuple(refs), ids, schema is not None)
    if state is not None:
        if len(_FILE_CACHE) > 512:
            _FILE_CACHE.clear()
        _FILE_CACHE[cache_key] = checked
        if on_disk:
            cache.store(key, path, display_name(path), _to_cache(checked))
    return checked


def _to_cache(checked: _Checked) -> dict[str, Any]:
    """One file's check as plain JSON data for :mod:`sim.content.cache`."""
    from sim.content.source import document_to_json, problem_to_json

    return {"doc": document_to_json(checked.doc), "problems": [problem_to_json(p) for p in checked.problems],
            "refs": [[r.namespace, r.value, r.file, r.line, r.path] for r in checked.refs],
            "ids": [[ns, [list(pair) for pair in found]] for ns, found in checked.ids], "has_schema": checked.has_schema}


def _from_cache(obj: dict[str, Any] | None, schema: TableSchema | None) -> _Checked | None:
    if obj is None or obj["has_schema"] != (schema is not None):
        return None
    from sim.content.source import document_from_json

    return _Checked(document_from_json(obj["doc"]), tuple(Problem(*p) for p in obj["problems"]),
                    tuple(RefUse(*r) for r in obj["refs"]),
                    tuple((ns, tuple(tuple(pair) for pair in found)) for ns, found in obj["ids"]), obj["has_schema"])


def check_tables(files: Mapping[str, Path], *, require: Iterable[str] = (), root: Path | None = None,
                 lang: str | None = None) -> Loaded:
    """Parse and check ``files`` (key -> path) as one content set; resolve references.

    Each file's own check is cached by its modification time and size, so
    checking many scenarios against one content set parses it once.
    """
    out = Loaded()
    for key in sorted(files):
        checked = _check_file(key, files[key])
        doc = checked.doc
        out.docs[key] = doc
        out.problems.extend(checked.problems)
        if not checked.has_schema:  # parsed safely, but no schema registered (e.g. i18n terms)
            out.unchecked.append(key)
            continue
        out.refs.extend(checked.refs)
        for namespace, found in checked.ids:
            seen = out.ids.setdefault(namespace, {})
            for ident, path_ in found:
                if ident in seen:
                    f0, l0, _ = seen[ident]
                    out.problems.append(Problem(doc.file, doc.line(path_), path_,
                                                f"{namespace} id {ident!r} is already defined at {f0}:{l0}"))
                else:
                    seen[ident] = (doc.file, doc.line(path_), path_)
    for key in sorted(set(require) - set(files)):
        where = display_name((root or CONTENT_ROOT) / f"{key}.yaml")
        out.problems.append(Problem(where, 0, "", f"missing table {key!r}"))
    out.problems.extend(resolve_refs(out.refs, out.ids))
    for check in CONTENT_CHECKS:
        out.problems.extend(check(out, lang))
    return out


def resolve_refs(refs: Iterable[RefUse], ids: Mapping[str, Mapping[str, Any]]) -> list[Problem]:
    """A problem for every reference to an id that no table defines."""
    problems = []
    for ref in refs:
        known = ids.get(ref.namespace, {})
        if ref.value in known:
            continue
        hint = difflib.get_close_matches(ref.value, sorted(known), n=1)
        more = f"; did you mean {hint[0]!r}?" if hint else ""
        problems.append(Problem(ref.file, ref.line, ref.path, f"unknown {ref.namespace} {ref.value!r}{more}"))
    return problems


_CACHE: dict[tuple, Content] = {}


def _signature(files: Mapping[str, Path]) -> tuple:
    sig = []
    for key in sorted(files):
        try:
            st = files[key].stat()
            sig.append((key, str(files[key]), st.st_mtime_ns, st.st_size))
        except OSError:
            sig.append((key, str(files[key]), -1, -1))
    return tuple(sig)


#: content folders whose tables are read on their own, not as part of a scenario's content set: ``names/`` (the
#: name pools, read by :mod:`sim.names` from the shipped content only). ``sim validate`` checks them like any
#: table; :func:`load_content` leaves them out, so a scenario's content (and its hash in a solo save) is the same
#: with or without them and a user's own ``content/`` folder needs no copy of them.
STANDALONE = ("names",)


def content_files(root: Path | None = None, overlays: Iterable[tuple[str, Path]] = ()) -> dict[str, Path]:
    """Files of the content root but the :data:`STANDALONE` folders', with overlay tables (key, path) replacing
    them."""
    files = {key: path for key, path in table_files(Path(root) if root is not None else CONTENT_ROOT).items()
             if key.split("/", 1)[0] not in STANDALONE}
    for key, path in overlays:
        files[key] = path
    return files


def load_content(root: str | Path | None = None, *, overlays: Iterable[tuple[str, Path]] = (),
                 strict: bool = False, require: Iterable[str] = ()) -> Content:
    """Read, validate and cross-check every table under ``root`` (default: ``content/``).

    ``overlays`` are (key, path) pairs replacing whole tables (a scenario's own
    tables). Every table of :func:`required_tables` must be there, and those of
    ``require`` (a scenario's system's). Raises :class:`ContentError` listing
    every problem; warnings count as problems when ``strict``.
    """
    root_path = Path(root).resolve() if root is not None else CONTENT_ROOT
    if not root_path.is_dir():
        raise ContentError([Problem(display_name(root_path), 0, "", "content folder does not exist")])
    files = content_files(root_path, overlays)
    need = tuple(sorted({*required_tables(files), *require}))
    cache_key = (str(root_path), strict, need, _signature(files))
    hit = _CACHE.get(cache_key)
    if hit is not None:
        return hit
    loaded = check_tables(files, require=need, root=root_path)
    bad = loaded.problems if strict else loaded.errors
    if bad:
        raise ContentError(bad)
    content = Content(
        root=root_path,
        tables=MappingProxyType({k: d.data for k, d in loaded.docs.items()}),
        files=MappingProxyType({k: d.file for k, d in loaded.docs.items()}),
        ids=MappingProxyType({ns: tuple(sorted(v)) for ns, v in sorted(loaded.ids.items())}),
        warnings=tuple(p for p in loaded.problems if p.severity != "error"),
        unchecked=tuple(loaded.unchecked),
    )
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[cache_key] = content
    return content
