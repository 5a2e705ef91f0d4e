"""Reading one YAML file safely, keeping the line of every field.

docs/dev/style.md principle 8: bad content names file, line and field path. We compose
the document with PyYAML's *safe* loader (``yaml.compose`` keeps each node's
start mark) and build plain Python values ourselves, recording the line where
every field path starts. Only the YAML core tags are accepted; a tag such as
``!!python/object`` is reported as a problem and never constructed, so content
can never name code. Duplicate keys, merge keys (``<<``) and non-string keys
are problems too: they hide mistakes in hand-written tables.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.errors import Problem

#: PyYAML, imported at the first YAML text read (:func:`_setup`): a start whose content all comes from the cache
#: (:mod:`sim.content.cache`) never pays for it (issue 33)
yaml: Any = None
_Loader: Any = None  # the C composer when libyaml is there: faster, the same marks
_CORE = "tag:yaml.org,2002:"
_TEXTUAL_TAGS = {_CORE + "timestamp", _CORE + "binary"}  # kept as the written text
#: scalar builders that keep no per-node cache (construct_object would hold every node), by tag
_SCALARS: dict[str, Any] = {}
#: characters YAML does not allow in a stream (C0 controls but tab/LF/CR, DEL, C1 but NEL, surrogates,
#: U+FFFE/F): PyYAML's own pattern, compiled once at its import (compiling it again costs ~10 ms)
_FORBIDDEN: Any = None


def _setup() -> None:
    """Import PyYAML and make the safe reader's parts, once."""
    global yaml, _Loader, _FORBIDDEN
    if yaml is not None:
        return
    import yaml as module  # its reader, constructor and loaders come with it

    loader = getattr(module, "CSafeLoader", None) or module.SafeLoader
    constructor = module.constructor.SafeConstructor()
    _SCALARS.update({
        _CORE + "str": constructor.construct_scalar,
        _CORE + "int": constructor.construct_yaml_int,
        _CORE + "float": constructor.construct_yaml_float,
        _CORE + "bool": constructor.construct_yaml_bool,
        _CORE + "null": constructor.construct_yaml_null,
    })
    _Loader, _FORBIDDEN = loader, module.reader.Reader.NON_PRINTABLE
    yaml = module  # last: a thread that sees it set sees every part


#: more values than this (aliases expanding without end, "billion laughs") is refused
MAX_VALUES = 200_000
#: a content file larger than this is refused unread (the shipped ones are under 100 KB)
MAX_BYTES = 16 * 2**20
#: lists and mappings nested deeper than this are refused (content needs about 6)
MAX_DEPTH = 64




class _TooLarge(Exception):
    pass


class _Refused(Exception):
    """The document cannot be built at all (a recursive alias, nesting too deep)."""

    def __init__(self, line: int, path: str, message: str):
        super().__init__(message)
        self.line, self.path, self.message = line, path, message


@dataclass(slots=True)
class Document:
    """One parsed YAML file: its data and the line of every field path."""

    file: str  # the name used in messages (relative to the project when possible)
    data: Any
    lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)  # paths whose value was refused (forbidden tag)
    values: int = 0  # values built so far (guards against alias bombs)

    def is_rejected(self, path: str) -> bool:
        """True if ``path`` or a parent of it was refused while parsing."""
        while path:
            if path in self.rejected:
                return True
            path = _parent(path)
        return False

    def line(self, path: str) -> int:
        """The line where ``path`` starts, else that of its nearest parent."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = _parent(path)
        return self.lines.get("", 1)


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


#: the composer recurses once a nesting level (libyaml's in C: 50,000 levels overflow the C stack and kill the
#: process, issue 33 fuzz); text that could nest deeper than this is first measured event by event
_DEPTH_GATE = 2_000


def _too_deep(text: str) -> int | None:
    """The line where ``text`` nests deeper than :data:`MAX_DEPTH`, or None.

    Each nesting level takes a ``[``, a ``{``, a ``-`` or a ``?`` (flow collections, compact block sequences and
    complex keys), or more indentation (block mappings: at most ``sqrt(2 * len)`` levels), so their count bounds
    the depth: under :data:`_DEPTH_GATE`, the composer is safe and nothing more is done (every shipped file).
    Above it, the parser's events (libyaml's parser is iterative) give the true depth.
    """
    bound = (text.count("[") + text.count("{") + text.count("-") + text.count("?")
             + int((2 * len(text)) ** 0.5) + 1)
    if bound <= _DEPTH_GATE:
        return None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark.line + 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # PyYAML 6.0.4's scanner stops at 1,000 levels itself ("exceeded maximum nesting depth"), before the
        # parser reaches ours: the same refusal, said the same way whichever PyYAML is installed
        if "nesting depth" not in str(exc.problem or ""):
            raise
        mark = exc.problem_mark or exc.context_mark
        return mark.line + 1 if mark is not None else 1
    return None


def compose_text(text: str, file: str) -> tuple[yaml.Node | None, list[Problem]]:
    """Compose ``text`` (the contents of ``file``) into a YAML node tree, safely.

    The one safe reader of YAML text, shared by content and the term tables
    (:mod:`sim.i18n.tables`): the C composer when libyaml is there (the same
    marks, a tenth of the time), a character YAML forbids (a NUL byte, a
    control character) reported at its line, syntax errors at theirs. Returns
    the root node (None for an empty or bad file) and the problems.
    """
    _setup()
    bad = _FORBIDDEN.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        return None, [Problem(file, line, "", f"control character U+{ord(bad.group()):04X} is not allowed in YAML")]
    try:
        deep = _too_deep(text)
        if deep is not None:
            return None, [Problem(file, deep, "", f"nested deeper than {MAX_DEPTH} levels; refused")]
        return yaml.compose(text, Loader=_Loader), []
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        what = exc.problem or exc.context or "not valid YAML"
        return None, [Problem(file, line, "", f"YAML syntax error: {what}")]
    except yaml.YAMLError as exc:  # e.g. a second document in the stream
        return None, [Problem(file, 1, "", f"YAML error: {exc}".splitlines()[0])]


def parse_text(text: str, file: str) -> Document:
    """Parse ``text`` (the contents of ``file``) into a :class:`Document`.

    Syntax errors and forbidden constructs become problems on the document;
    this function never raises for bad YAML.
    """
    doc = Document(file=file, data=None)
    root, problems = compose_text(text, file)
    if problems:
        doc.problems.extend(problems)
        return doc
    if root is None:
        doc.problems.append(Problem(file, 1, "", "file is empty"))
        return doc
    try:
        doc.data = _build(root, "", doc, ())
    except _TooLarge:
        doc.data = None
        doc.problems.append(Problem(file, 1, "", f"document expands to more than {MAX_VALUES} values (aliases?)"))
    except _Refused as exc:
        doc.data = None
        doc.problems.append(Problem(file, exc.line, exc.path, exc.message))
    return doc


def read_text(path: Path, file: str) -> tuple[str | None, list[Problem]]:
    """The UTF-8 text of ``path``, or None and one problem: not a regular file (a device would never end, a pipe
    would wait for ever), larger than :data:`MAX_BYTES`, unreadable, or bytes that are not UTF-8 (at their line)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return None, [Problem(file, 0, "", "not a regular file (a device, pipe or socket); refused")]
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, [Problem(file, 0, "", f"cannot read: {exc.strerror}")]
    except ValueError:  # a NUL in the name
        return None, [Problem(file, 0, "", "cannot read: the name holds a NUL character")]
    if len(data) > MAX_BYTES:
        return None, [Problem(file, 0, "", f"larger than {MAX_BYTES // 2**20} MB; refused")]
    return decode_text(data, file)


def decode_text(data: bytes, file: str) -> tuple[str | None, list[Problem]]:
    """``data`` (the bytes of ``file``) as UTF-8 text, or None and one problem at the line of the bad byte."""
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return None, [Problem(file, line, "", f"not UTF-8 text: {exc.reason} (byte 0x{data[exc.start]:02x})")]


def parse_file(path: Path, file: str | None = None) -> Document:
    """Read and parse the YAML file at ``path``; ``file`` names it in messages."""
    from sim.content import cache  # a file read before, unchanged, is not parsed again (issue 33)

    name = file or str(path)
    hit = cache.load(PARSED, Path(path), name)
    if hit is not None and isinstance(hit.get("doc"), dict):
        return document_from_json(hit["doc"])
    text, problems = read_text(path, name)
    if text is None:
        return Document(name, None, problems=problems)
    doc = parse_text(text, name)
    if not doc.problems and not doc.rejected:  # a parse with problems is made again, and says them again
        cache.store(PARSED, Path(path), name, {"doc": document_to_json(doc), "problems": [], "refs": [], "ids": [],
                                               "has_schema": False})
    return doc


#: the table key a file parsed only (not checked as a table: a scenario) is cached under (:mod:`sim.content.cache`)
PARSED = "\0parsed"


def problem_to_json(p: Problem) -> list:
    return [p.file, p.line, p.path, p.message, p.severity]


def document_to_json(doc: Document) -> dict[str, Any]:
    """A :class:`Document` as plain JSON data (:mod:`sim.content.cache`; :func:`document_from_json` reverses it)."""
    return {"file": doc.file, "data": doc.data, "lines": dict(doc.lines),
            "problems": [problem_to_json(p) for p in doc.problems], "rejected": sorted(doc.rejected),
            "values": doc.values}


def document_from_json(d: dict[str, Any]) -> Document:
    return Document(d["file"], d.get("data"), dict(d["lines"]), [Problem(*p) for p in d["problems"]],
                    set(d["rejected"]), d["values"])


def _reject(doc: Document, line: int, path: str, tag: str) -> None:
    doc.problems.append(Problem(doc.file, line, path, f"tag {_short_tag(tag)} is not allowed in content (data only)"))
    doc.rejected.add(path)
    return None


def _scalar(node: yaml.ScalarNode, line: int, path: str, doc: Document) -> Any:
    """A core scalar's value; one the constructor cannot build (an integer of more
    digits than Python converts) is a problem on the document."""
    try:
        return _SCALARS[node.tag](node)
    except (ValueError, OverflowError):
        doc.problems.append(Problem(doc.file, line, path, f"cannot read {_short_tag(node.tag)} value "
                                                          f"{node.value[:20]!r}{'...' if len(node.value) > 20 else ''} "
                                                          f"({len(node.value)} characters)"))
        doc.rejected.add(path)
        return None


def _build(node: yaml.Node, path: str, doc: Document, parents: tuple[yaml.Node, ...]) -> Any:
    """The value of ``node``; ``parents`` are the collections it sits in (an alias to
    one of them would make the value contain itself)."""
    line = node.start_mark.line + 1
    doc.values += 1
    if doc.values > MAX_VALUES:
        raise _TooLarge
    doc.lines.setdefault(path, line)
    tag = node.tag
    if isinstance(node, yaml.ScalarNode):
        if tag in _SCALARS:
            return _scalar(node, line, path, doc)
        if tag in _TEXTUAL_TAGS:
            return node.value
        return _reject(doc, line, path, tag)
    if any(node is p for p in parents):
        raise _Refused(line, path, "recursive alias: this value contains itself; write it out")
    if len(parents) >= MAX_DEPTH:
        where = path if len(path) <= 60 else path[:60] + "..."
        raise _Refused(line, where, f"lists and mappings nested more than {MAX_DEPTH} deep")
    parents = (*parents, node)
    if isinstance(node, yaml.SequenceNode):
        if tag != _CORE + "seq":
            return _reject(doc, line, path, tag)
        return [_build(item, _join(path, i), doc, parents) for i, item in enumerate(node.value)]
    # MappingNode
    if tag != _CORE + "map":
        return _reject(doc, line, path, tag)
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key_line = key_node.start_mark.line + 1
        if key_node.tag == _CORE + "merge":
            doc.problems.append(Problem(doc.file, key_line, path, "merge keys (<<) are not allowed; write the fields out"))
            continue
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _SCALARS:
            doc.problems.append(Problem(doc.file, key_line, path, "mapping keys must be plain strings"))
            continue
        key = _scalar(key_node, key_line, path, doc)
        if not isinstance(key, str):
            key = key_node.value  # `1: x` or `yes: x` read as the text written
        child = _join(path, key)
        if key in out:
            doc.problems.append(Problem(doc.file, key_line, child, "duplicate key"))
            continue
        doc.lines[child] = key_line
        out[key] = _build(value_node, child, doc, parents)
    return out
