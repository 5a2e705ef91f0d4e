"""Missing translations in content text fields, for ``sim validate`` (issue 6).

:func:`missing_translations` is registered with
:func:`sim.content.loader.register_check` (see :func:`register`); it reads
every field the content schemas declare as text (``Text``: a string, or a
``{en, zh-Hant, zh-Hans}`` mapping) and reports the languages each lacks as
warnings (``sim validate --strict`` makes them errors). A record's ``name``
counts as translated when the term tables name it
(:data:`sim.i18n.content.NAME_KEYS`, ``blades.faction.<id>``).

Only a language asked for is checked (``sim validate --lang zh-Hant`` lists
every field that lacks zh-Hant, with file and line); without ``--lang`` no
translation warnings are given, so a content set that is written in one
language still validates quietly. The term tables themselves
(``content/i18n``) are always checked (:func:`term_table_problems`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sim.i18n.content import field_key
from sim.i18n.tables import LANGS, entry, has, missing_languages, normalise_lang

def text_fields(schema: Any, value: Any, path: str = "") -> Iterator[tuple[Any, str]]:
    """Every (value, field path) the schema declares as text, in document order."""
    from sim.content import schema as s

    if isinstance(schema, s.Text):
        yield value, path
    elif isinstance(schema, s.Record) and isinstance(value, dict):
        for name, item in value.items():
            f = schema.fields.get(name)
            if f is not None:
                yield from text_fields(f.schema, item, f"{path}.{name}" if path else str(name))
    elif isinstance(schema, s.ListOf) and isinstance(value, list):
        for i, item in enumerate(value):
            yield from text_fields(schema.item, item, f"{path}[{i}]")
    elif isinstance(schema, s.MapOf) and isinstance(value, dict):
        for k, item in value.items():
            yield from text_fields(schema.value, item, f"{path}.{k}" if path else str(k))
    elif isinstance(schema, s.Either):
        for option in schema.options:
            if s._accepts_kind(option, value):
                yield from text_fields(option, value, path)
                break


def _named_by_terms(table: str, data: Any, path: str) -> tuple[str, ...] | None:
    """The languages the term tables lack for the text at ``path``, or None
    when no term translates that field."""
    key = field_key(table, data, path)
    if key is None or not has(key):
        return None
    row = entry(key)
    return tuple(lang for lang in LANGS if not row.get(lang))


def field_gaps(table: str, schema: Any, data: Any) -> list[tuple[str, tuple[str, ...]]]:
    """(field path, missing languages) for every text field of one table that lacks some."""
    out = []
    for value, path in text_fields(schema, data):
        missing = _named_by_terms(table, data, path)
        if missing is None:
            missing = missing_languages(value)
        if missing:
            out.append((path, missing))
    return out


def missing_translations(loaded: Any, lang: str | None = None) -> list:
    """Warnings for content text fields without every language (or without ``lang``).

    The signature of a content-wide check (:func:`sim.content.loader.register_check`).
    """
    from sim.content.loader import tables

    known = tables()
    problems: list = []
    for key in sorted(loaded.docs):
        schema = known.get(key)
        if schema is not None:
            problems.extend(document_gaps(key, schema.root, loaded.docs[key], lang))
    return problems


def scenario_gaps(doc: Any, lang: str | None = None) -> list:
    """The same warnings for a scenario's own text fields (description, crew and scoundrel names), by the
    scenario schema of its system (none for a scenario with no known system: that is its problem)."""
    from sim.systems import find_system

    system = find_system(doc.data.get("system")) if doc is not None and isinstance(doc.data, dict) else None
    if system is None:
        return []
    return document_gaps("scenario", system.scenario_schema.root, doc, lang)


def document_gaps(key: str, schema: Any, doc: Any, lang: str | None = None) -> list:
    """Warnings for the text fields of one parsed document (``sim.content.source.Document``)
    that lack ``lang``; none when ``lang`` is None (no language asked for)."""
    from sim.errors import Problem

    if lang is None or doc is None or doc.data is None:
        return []
    want = normalise_lang(lang)
    return [Problem(doc.file, doc.line(path), path, f"no {want} translation", severity="warning")
            for path, missing in field_gaps(key, schema, doc.data) if want in missing]


def term_table_problems(loaded: Any, lang: str | None = None) -> list:
    """Problems in the term tables themselves (``content/i18n/**``): bad YAML,
    unknown fields, missing English, a key defined twice — with file and line.

    A content-wide check, so ``sim validate`` covers the translation tables
    that no table schema describes.
    """
    from pathlib import Path

    from sim.errors import ContentError
    from sim.i18n.tables import load_terms

    from sim.errors import Problem

    roots, unreadable = set(), set()
    for key, doc in loaded.docs.items():
        if key.startswith("i18n/"):
            root = Path(doc.file).parents[len(key.split("/")) - 2]
            roots.add(root)
            if doc.data is None and doc.problems:  # not UTF-8, not YAML, an alias loop...: reported already
                unreadable.add(root)
    problems: list = []
    for root in sorted(roots - unreadable):
        files = sorted(root.rglob("*.yaml"))
        stamp = (str(root), tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))
        if stamp not in _TERM_CHECKS:
            try:
                load_terms(root)
                _TERM_CHECKS[stamp] = ()
            except ContentError as exc:
                _TERM_CHECKS[stamp] = tuple(exc.problems)
            except (ValueError, RecursionError, TypeError) as exc:  # never a traceback for bad content
                _TERM_CHECKS[stamp] = (Problem(str(root), 0, "", f"term tables cannot be read: "
                                                                 f"{str(exc).splitlines()[0][:200]}"),)
        problems.extend(_TERM_CHECKS[stamp])
    return problems


#: term-table check results by (root, every file's name, mtime and size): a
#: content set is checked many times in one process, its term tables once.
_TERM_CHECKS: dict[tuple, tuple] = {}


def register() -> None:
    """Add :func:`term_table_problems` and :func:`missing_translations` to the
    content-wide checks (idempotent)."""
    from sim.content.loader import register_check

    register_check(term_table_problems)
    register_check(missing_translations)
