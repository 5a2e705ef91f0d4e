"""A small schema language: one definition drives validation and JSON Schema.

Tables and scenarios are described with the node types below (``Record``,
``ListOf``, ``Int``, ``Ref`` ...). :meth:`Schema.check` walks parsed YAML data
and reports every problem with its field path; :meth:`Schema.json` renders the
same definition as JSON Schema (draft 2020-12) for editors' YAML plug-ins, so
the validator and the exported schema cannot drift apart.

Cross-references are collected while checking (``Ref`` records each id it
sees) and resolved once every table is loaded; see :mod:`sim.content.loader`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Mapping

from sim.content.source import Document
from sim.errors import Problem

ID_PATTERN = r"^[a-z][a-z0-9_]*$"
_ID_RE = re.compile(ID_PATTERN)
LANGS = ("en", "zh-Hant", "zh-Hans")


@dataclass(slots=True)
class RefUse:
    namespace: str
    value: str
    file: str
    line: int
    path: str


class Checker:
    """Collects problems and references while one document is checked."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []
        self.refs: list[RefUse] = []

    def error(self, path: str, message: str) -> None:
        if self.doc.is_rejected(path):
            return  # already reported as a forbidden tag; don't pile on
        self.problems.append(Problem(self.doc.file, self.doc.line(path), path, message))

    def warn(self, path: str, message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line(path), path, message, "warning"))

    def ref(self, namespace: str, value: str, path: str) -> None:
        self.refs.append(RefUse(namespace, value, self.doc.file, self.doc.line(path), path))


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _show(value: Any) -> str:
    if isinstance(value, (dict, list)) or value is None:
        return _kind(value)
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


class Schema:
    """Base class. ``doc`` becomes the JSON Schema description."""

    doc: str = ""

    def check(self, value: Any, path: str, ck: Checker) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def json(self, ids: Mapping[str, list[str]]) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _described(self, out: dict) -> dict:
        if self.doc:
            out["description"] = self.doc
        return out


def _bounded(kind: str, lo: float | None, hi: float | None) -> dict:
    """JSON Schema for a number type with optional inclusive bounds."""
    out: dict = {"type": kind}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


@dataclass(slots=True)
class Int(Schema):
    lo: int | None = None
    hi: int | None = None
    doc: str = ""

    def check(self, value, path, ck):
        if isinstance(value, bool) or not isinstance(value, int):
            ck.error(path, f"must be an integer, got {_show(value)}")
            return False
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            if self.hi is None:
                ck.error(path, f"must be at least {self.lo}, got {value}")
            elif self.lo is None:
                ck.error(path, f"must be at most {self.hi}, got {value}")
            else:
                ck.error(path, f"must be {self.lo}..{self.hi}, got {value}")
            return False
        return True

    def json(self, ids):
        return self._described(_bounded("integer", self.lo, self.hi))


@dataclass(slots=True)
class Num(Schema):
    lo: float | None = None
    hi: float | None = None
    doc: str = ""

    def check(self, value, path, ck):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            ck.error(path, f"must be a number, got {_show(value)}")
            return False
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            ck.error(path, f"must be {self.lo}..{self.hi}, got {value}")
            return False
        return True

    def json(self, ids):
        return self._described(_bounded("number", self.lo, self.hi))


@dataclass(slots=True)
class Bool(Schema):
    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, bool):
            ck.error(path, f"must be true or false, got {_show(value)}")
            return False
        return True

    def json(self, ids):
        return self._described({"type": "boolean"})


@dataclass(slots=True)
class Const(Schema):
    """Exactly one value (e.g. ``lose_opportunity: true``)."""

    value: Any
    doc: str = ""

    def check(self, value, path, ck):
        if value != self.value or type(value) is not type(self.value):
            ck.error(path, f"must be {_show(self.value)}, got {_show(value)}")
            return False
        return True

    def json(self, ids):
        return self._described({"const": self.value})


@dataclass(slots=True)
class Choice(Schema):
    """One of a fixed tuple of values of any YAML scalar type (``4``, ``true``, ``cap``)."""

    values: tuple[Any, ...]
    doc: str = ""

    def check(self, value, path, ck):
        if not any(value == v and type(value) is type(v) for v in self.values):
            ck.error(path, f"must be one of {', '.join(_show(v) for v in self.values)}, got {_show(value)}")
            return False
        return True

    def json(self, ids):
        return self._described({"enum": list(self.values)})


@dataclass(slots=True)
class Str(Schema):
    enum: tuple[str, ...] | None = None
    pattern: str | None = None
    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, str):
            ck.error(path, f"must be a string, got {_show(value)}")
            return False
        if self.enum is not None and value not in self.enum:
            ck.error(path, f"must be one of {', '.join(self.enum)}, got {value!r}")
            return False
        if self.pattern is not None and not re.match(self.pattern, value):
            ck.error(path, f"{value!r} does not match {self.pattern}")
            return False
        if not value.strip():
            ck.error(path, "must not be empty")
            return False
        return True

    def json(self, ids):
        out: dict = {"type": "string", "minLength": 1}
        if self.enum is not None:
            out["enum"] = list(self.enum)
        if self.pattern is not None:
            out["pattern"] = self.pattern
        return self._described(out)


@dataclass(slots=True)
class Id(Schema):
    """A snake_case id this table defines (``red_sashes``)."""

    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, str):
            ck.error(path, f"must be a snake_case id, got {_show(value)}")
            return False
        if not _ID_RE.match(value):
            ck.error(path, f"must be a snake_case id (a-z, 0-9, _), got {value!r}")
            return False
        return True

    def json(self, ids):
        return self._described({"type": "string", "pattern": ID_PATTERN})


@dataclass(slots=True)
class Ref(Schema):
    """An id defined elsewhere, in namespace ``namespace`` (``faction``, ``plan``).

    ``extra`` are literal words also accepted (``target`` for "the score's
    target faction").
    """

    namespace: str
    extra: tuple[str, ...] = ()
    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, str) or not _ID_RE.match(value):
            ck.error(path, f"must be a {self.namespace} id, got {_show(value)}")
            return False
        if value not in self.extra:
            ck.ref(self.namespace, value, path)
        return True

    def json(self, ids):
        known = ids.get(self.namespace)
        out: dict = {"type": "string"}
        if known:
            out["enum"] = sorted(set(known) | set(self.extra))
        else:
            out["pattern"] = ID_PATTERN
        if not self.doc:
            out["description"] = f"a {self.namespace} id" + (f" or {', '.join(self.extra)}" if self.extra else "")
        return self._described(out)


@dataclass(slots=True)
class Text(Schema):
    """Words for people: a string, or ``{en: ..., zh-Hant: ..., zh-Hans: ...}``."""

    doc: str = ""

    def check(self, value, path, ck):
        if isinstance(value, str):
            if not value.strip():
                ck.error(path, "must not be empty")
                return False
            return True
        if isinstance(value, dict):
            ok = True
            if "en" not in value:
                ck.error(path, "a translated text needs an 'en' entry")
                ok = False
            for lang, text in value.items():
                sub = f"{path}.{lang}"
                if lang not in LANGS:
                    ck.error(sub, f"unknown language {lang!r} (expected one of: {', '.join(LANGS)})")
                    ok = False
                elif not isinstance(text, str) or not text.strip():
                    ck.error(sub, f"must be a non-empty string, got {_show(text)}")
                    ok = False
            return ok
        ck.error(path, f"must be text (a string or a mapping of language to string), got {_show(value)}")
        return False

    def json(self, ids):
        by_lang = {
            "type": "object",
            "properties": {lang: {"type": "string", "minLength": 1} for lang in LANGS},
            "required": ["en"],
            "additionalProperties": False,
        }
        return self._described({"anyOf": [{"type": "string", "minLength": 1}, by_lang]})


@dataclass(slots=True)
class F:
    """A field of a :class:`Record`."""

    schema: Schema
    required: bool = True
    doc: str = ""


@dataclass(slots=True)
class Record(Schema):
    """A mapping with named fields; unknown fields are problems."""

    fields: dict[str, F]
    doc: str = ""
    min_fields: int = 0
    what: str = "field"  # how an unknown key is named in messages ("rule option")

    def check(self, value, path, ck):
        if not isinstance(value, dict):
            ck.error(path, f"must be a mapping, got {_show(value)}")
            return False
        ok = True
        for name, f in self.fields.items():
            if f.required and name not in value:
                ck.error(path, f"missing required field {name!r}")
                ok = False
        for name, item in value.items():
            sub = f"{path}.{name}" if path else name
            f = self.fields.get(name)
            if f is None:
                ck.error(sub, _unknown_field(name, self.fields, self.what))
                ok = False
                continue
            ok = f.schema.check(item, sub, ck) and ok
        if self.min_fields and len(value) < self.min_fields:
            ck.error(path, f"must set at least {self.min_fields} of: {', '.join(self.fields)}")
            ok = False
        return ok

    def json(self, ids):
        props = {}
        for name, f in self.fields.items():
            sub = f.schema.json(ids)
            if f.doc and "description" not in sub:
                sub = {**sub, "description": f.doc}
            props[name] = sub
        out: dict = {"type": "object", "properties": props, "additionalProperties": False}
        required = [n for n, f in self.fields.items() if f.required]
        if required:
            out["required"] = required
        if self.min_fields:
            out["minProperties"] = self.min_fields
        return self._described(out)


def _unknown_field(name: Any, fields: Mapping[str, Any], what: str = "field") -> str:
    if len(fields) <= 8:
        return f"unknown {what} {name!r} (expected one of: {', '.join(fields)})"
    hint = difflib.get_close_matches(str(name), list(fields), n=1)
    return f"unknown {what} {name!r}" + (f"; did you mean {hint[0]!r}?" if hint else f" (see sim schema for every {what})")


@dataclass(slots=True)
class ListOf(Schema):
    item: Schema
    min: int = 0
    max: int | None = None
    unique_by: str | None = None  # a field name, or "" for the items themselves
    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, list):
            ck.error(path, f"must be a list, got {_show(value)}")
            return False
        ok = True
        if len(value) < self.min:
            ck.error(path, f"must have at least {self.min} item{'s' if self.min != 1 else ''}, got {len(value)}")
            ok = False
        if self.max is not None and len(value) > self.max:
            ck.error(path, f"must have at most {self.max} items, got {len(value)}")
            ok = False
        seen: dict[Any, int] = {}
        for i, item in enumerate(value):
            sub = f"{path}[{i}]"
            ok = self.item.check(item, sub, ck) and ok
            if self.unique_by is not None:
                key = item if self.unique_by == "" else (item.get(self.unique_by) if isinstance(item, dict) else None)
                if isinstance(key, (str, int)) and not isinstance(key, bool):
                    if key in seen:
                        where = sub if self.unique_by == "" else f"{sub}.{self.unique_by}"
                        ck.error(where, f"duplicate {key!r} (first at {path}[{seen[key]}])")
                        ok = False
                    else:
                        seen[key] = i
        return ok

    def json(self, ids):
        out: dict = {"type": "array", "items": self.item.json(ids)}
        if self.min:
            out["minItems"] = self.min
        if self.max is not None:
            out["maxItems"] = self.max
        if self.unique_by == "":
            out["uniqueItems"] = True
        return self._described(out)


@dataclass(slots=True)
class MapOf(Schema):
    """A mapping whose keys are ids in ``key`` and values follow ``value``."""

    key: Schema
    value: Schema
    min: int = 0
    doc: str = ""

    def check(self, value, path, ck):
        if not isinstance(value, dict):
            ck.error(path, f"must be a mapping, got {_show(value)}")
            return False
        ok = True
        if len(value) < self.min:
            ck.error(path, f"must have at least {self.min} entries")
            ok = False
        for k, v in value.items():
            sub = f"{path}.{k}" if path else k
            ok = self.key.check(k, sub, ck) and ok
            ok = self.value.check(v, sub, ck) and ok
        return ok

    def json(self, ids):
        out: dict = {"type": "object", "additionalProperties": self.value.json(ids)}
        key = self.key.json(ids)
        key.pop("description", None)
        out["propertyNames"] = key
        if self.min:
            out["minProperties"] = self.min
        return self._described(out)


@dataclass(slots=True)
class Either(Schema):
    """One of several schemas, chosen by the YAML kind of the value.

    Options are tried in order; the first whose kind matches decides (an
    integer goes to the ``Int`` option, a mapping to the ``Record`` option).
    """

    options: tuple[Schema, ...]
    doc: str = ""

    def check(self, value, path, ck):
        for opt in self.options:
            if _accepts_kind(opt, value):
                return opt.check(value, path, ck)
        kinds = " or ".join(_kind_name(o) for o in self.options)
        ck.error(path, f"must be {kinds}, got {_show(value)}")
        return False

    def json(self, ids):
        return self._described({"anyOf": [o.json(ids) for o in self.options]})


def _accepts_kind(schema: Schema, value: Any) -> bool:
    if isinstance(schema, (Int,)):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(schema, Num):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(schema, (Bool, Const)):
        return isinstance(value, bool) if isinstance(schema, Bool) else type(value) is type(schema.value)
    if isinstance(schema, (Str, Id, Ref)):
        return isinstance(value, str)
    if isinstance(schema, (Record, MapOf)):
        return isinstance(value, dict)
    if isinstance(schema, ListOf):
        return isinstance(value, list)
    return True


def _kind_name(schema: Schema) -> str:
    return {Int: "an integer", Num: "a number", Bool: "a boolean", Str: "a string", Id: "an id", Ref: "an id",
            Record: "a mapping", MapOf: "a mapping", ListOf: "a list"}.get(type(schema), "a value")
