"""Reading one term file, and finding cheaply which keys a file can hold.

:func:`read_file` reads a ``content/i18n/**/*.yaml`` file through the same
safe reader as content (:func:`sim.content.source.read_text` and
:func:`~sim.content.source.compose_text`: UTF-8 checked, characters YAML
forbids refused at their line, the C composer when libyaml is there) and
walks its nodes, so every scalar stays the string written (``no``, ``-4`` and
``1`` are keys, not booleans or numbers) and every problem has file and line.

:func:`scan_prefixes` reads a file's first two levels of keys from its text
without composing it, so :mod:`sim.i18n.tables` reads only the files that can
hold a key asked for. The scan is conservative: a file it cannot follow
(flow style at the top, quoted keys, anchors, tabs, anything unexpected) gives
None, "any key", and is always read.

Nothing here imports PyYAML until a file is read.
"""

from __future__ import annotations

import re
from pathlib import Path

from sim.errors import Problem

#: The languages every term is written in, English first (the fallback).
LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")

#: Fields a term may carry besides its languages; never shown to people.
SOURCE_FIELD = "source"
_META_FIELDS = frozenset({SOURCE_FIELD, "note"})

#: The seeds a term's words may come from (``source: "000"``), each named by the term
#: ``cli.terms.legend.seed_<code>`` that ``sim terms`` prints in its legend; ``ours`` is the project's own words.
#: A source is ``ours``, or one or more codes joined by ``+``, optionally ending in ``~`` (adapted); any other
#: is a problem at its line (issue 33 case 12: ``sim terms`` met an unknown code as a KeyError).
SEEDS: tuple[str, ...] = ("000", "002", "003", "004")
_SOURCE = re.compile(r"^(?:ours|(?:%s)(?:\+(?:%s))*~?)$" % ("|".join(SEEDS), "|".join(SEEDS)))

#: A term's text longer than this is refused: words for people, not documents.
MAX_TERM_TEXT = 10_000

_KEY = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_-]*)[ ]*:(?:[ ]+(.*))?\Z")

Prefix = tuple[str, ...]


def scan_prefixes(text: str) -> frozenset[Prefix] | None:
    """The ``(top,)`` and ``(top, second)`` key prefixes a block-style term file defines.

    Returns None when the text is not plain block mappings at its first two
    levels (then the file may hold any key). Lines indented deeper than the
    second level are not looked at: YAML puts nothing of the first two levels
    there.
    """
    prefixes: set[Prefix] = set()
    top: str | None = None
    inner: int | None = None
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if inner is not None and indent > inner:
            continue
        match = _KEY.match(stripped)
        if indent == 0:
            if match is None or (match.group(2) and not match.group(2).startswith("#")):
                return None  # flow style, a sequence, a document marker, a BOM, a block scalar...
            top, inner = match.group(1), None
            prefixes.add((top,))
            continue
        if top is None or match is None or (inner is not None and indent != inner):
            return None
        inner = indent
        prefixes.add((top, match.group(1)))
    return frozenset(prefixes)


class FileTerms:
    """The terms of one file: ``terms`` (key -> {lang: text}), ``lines`` (key -> line),
    ``sources`` (key -> source) and the ``problems`` found, all in file order."""

    __slots__ = ("terms", "lines", "sources", "problems")

    def __init__(self, terms=None, lines=None, sources=None, problems=None) -> None:
        self.terms: dict[str, dict[str, str]] = terms if terms is not None else {}
        self.lines: dict[str, int] = lines if lines is not None else {}
        self.sources: dict[str, str] = sources if sources is not None else {}
        self.problems: list[Problem] = problems if problems is not None else []


def read_file(path: Path, data: bytes | None = None) -> FileTerms:
    """Read the term file at ``path`` (or its bytes ``data``, already read).

    Problems: unreadable or not UTF-8, a forbidden character, bad YAML, not
    a mapping, an unknown field, missing English, a text too long, a key
    defined twice in it.
    """
    import yaml

    from sim.content.source import compose_text, decode_text, read_text

    name = str(path)
    out = FileTerms()
    text, trouble = read_text(path, name) if data is None else decode_text(data, name)
    if text is None:
        out.problems.extend(trouble)
        return out
    node, trouble = compose_text(text, name)
    if trouble:
        out.problems.extend(trouble)
        return out
    if node is None:
        return out
    if not isinstance(node, yaml.MappingNode):
        out.problems.append(Problem(name, node.start_mark.line + 1, "", "a term table must be a mapping"))
        return out
    _walk(node, (), name, out)
    return out


def merge(name: str, file: FileTerms, terms: dict[str, dict[str, str]], where: dict[str, tuple[str, int]],
          sources: dict[str, str], problems: list[Problem]) -> None:
    """Add one file's terms (read from ``name``) to the terms of the files read before.

    A key another file defines too is a problem, reported on the file later
    in path order (as reading every file in order reports it), whichever
    was read first.
    """
    problems.extend(file.problems)
    for key, entry in file.terms.items():
        line = file.lines[key]
        if key in terms:
            other, other_line = where[key]
            if Path(other) > Path(name):
                problems.append(Problem(other, other_line, key, f"already defined in {name}:{line}"))
            else:
                problems.append(Problem(name, line, key, f"already defined in {other}:{other_line}"))
            continue
        terms[key] = entry
        where[key] = (name, line)
        if key in file.sources:
            sources[key] = file.sources[key]


#: term keys nested deeper than this are refused (the tables use 4); a mapping that holds itself through an alias
#: (``&x {a: *x}``) would otherwise recurse without end (found by the issue 33 fuzz)
MAX_KEY_DEPTH = 16


def _walk(node, prefix, name, out: FileTerms) -> None:
    import yaml

    if len(prefix) > MAX_KEY_DEPTH:
        out.problems.append(Problem(name, node.start_mark.line + 1, ".".join(prefix[:MAX_KEY_DEPTH]) + "...",
                                    f"keys nested deeper than {MAX_KEY_DEPTH} levels (a mapping that holds itself?)"))
        return

    seen: set[str] = set()
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode) or not key_node.value:
            out.problems.append(Problem(name, line, ".".join(prefix), "keys must be plain words"))
            continue
        part = key_node.value
        path = prefix + (part,)
        dotted = ".".join(path)
        if part in seen:
            out.problems.append(Problem(name, line, dotted, "defined twice in this mapping"))
            continue
        seen.add(part)
        if "." in part:
            out.problems.append(Problem(name, line, dotted, "a key part may not contain '.'"))
            continue
        if not isinstance(value_node, yaml.MappingNode):
            out.problems.append(Problem(name, line, dotted,
                                        "expected a mapping of languages or of further keys"))
            continue
        child_keys = [k.value for k, _ in value_node.value if isinstance(k, yaml.ScalarNode)]
        if any(k in LANGS for k in child_keys):
            _term(value_node, dotted, line, name, out)
        else:
            _walk(value_node, path, name, out)


def _term(node, dotted, line, name, out: FileTerms) -> None:
    import yaml

    entry: dict[str, str] = {}
    fields = set()
    source = None
    for key_node, value_node in node.value:
        field = key_node.value
        fields.add(field)
        fline = key_node.start_mark.line + 1
        if field in _META_FIELDS:
            if field == SOURCE_FIELD:
                if not isinstance(value_node, yaml.ScalarNode) or not _SOURCE.match(value_node.value):
                    shown = value_node.value if isinstance(value_node, yaml.ScalarNode) else "not text"
                    out.problems.append(Problem(name, fline, f"{dotted}.{field}",
                                                f"unknown source {shown[:40]!r}; a source is ours, or seeds "
                                                f"{', '.join(SEEDS)} joined by +, optionally ending in ~"))
                    continue
                source = value_node.value
            continue
        if field not in LANGS:
            out.problems.append(Problem(name, fline, f"{dotted}.{field}",
                                        f"unknown field; a term has {', '.join(LANGS)}, source, note"))
            continue
        if not isinstance(value_node, yaml.ScalarNode) or not value_node.value.strip():
            out.problems.append(Problem(name, fline, f"{dotted}.{field}", "must be non-empty text"))
            continue
        if len(value_node.value) > MAX_TERM_TEXT:
            out.problems.append(Problem(name, fline, f"{dotted}.{field}",
                                        f"text of {len(value_node.value):,} characters; a term has at most "
                                        f"{MAX_TERM_TEXT:,}"))
            continue
        entry[field] = value_node.value
    if "en" not in entry:
        if "en" not in fields:
            out.problems.append(Problem(name, line, dotted, "a term needs English (en), the fallback"))
        return
    out.terms[dotted] = entry
    out.lines[dotted] = line
    if source is not None:
        out.sources[dotted] = source
