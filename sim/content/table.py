"""Table schemas: the schema of one content file, its ids and its table-wide checks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from sim.content.schema import Checker, Record
from sim.content.source import Document


def walk(data: Any, pattern: str) -> Iterator[tuple[Any, str]]:
    """Yield ``(value, path)`` for a path pattern such as ``crews[*].abilities[*]``.

    Missing or mistyped steps yield nothing (the schema check reports them).
    """
    steps = re.findall(r"[^.\[\]]+|\[\*\]", pattern)
    yield from _walk(data, steps, "")


def _walk(data: Any, steps: list[str], path: str) -> Iterator[tuple[Any, str]]:
    if not steps:
        yield data, path
        return
    step, rest = steps[0], steps[1:]
    if step == "[*]":
        if isinstance(data, list):
            for i, item in enumerate(data):
                yield from _walk(item, rest, f"{path}[{i}]")
    elif isinstance(data, dict) and step in data:
        yield from _walk(data[step], rest, f"{path}.{step}" if path else step)


Check = Callable[[Any, Checker], None]


@dataclass(slots=True)
class TableSchema:
    """The schema of one content table (``blades/factions``) or of scenarios.

    ``provides`` lists the id namespaces the table defines, as
    ``(namespace, pattern)`` where ``pattern`` walks to each record holding
    an ``id`` (``factions[*]``). ``checks`` are table-level rules the field
    schemas cannot say (die bands that must cover 1..6, allies that are not
    also enemies).
    """

    key: str
    root: Record
    title: str
    provides: tuple[tuple[str, str], ...] = ()
    checks: tuple[Check, ...] = field(default_factory=tuple)

    def check(self, doc: Document) -> Checker:
        ck = Checker(doc)
        self.root.check(doc.data, "", ck)
        if isinstance(doc.data, dict):  # checks guard their own reads: every problem at once
            reported = bool(ck.problems)
            for extra in self.checks:
                try:
                    extra(doc.data, ck)
                except (TypeError, KeyError, AttributeError, ValueError, IndexError):
                    if not reported:
                        raise  # a check that fails on data the schema accepts is a bug: show it
                    # else: a shape the schema has already reported tripped a check's read; the
                    # problems found so far stand (never a traceback for bad content)
        return ck

    def ids(self, data: Any) -> dict[str, list[tuple[str, str]]]:
        """Every id this table defines: namespace -> [(id, path)]."""
        out: dict[str, list[tuple[str, str]]] = {}
        for namespace, pattern in self.provides:
            for record, path in walk(data, pattern):
                if isinstance(record, dict) and isinstance(record.get("id"), str):
                    out.setdefault(namespace, []).append((record["id"], f"{path}.id"))
        return out

    def json_schema(self, ids: Mapping[str, list[str]]) -> dict:
        out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
               "$id": f"https://sim.invalid/schema/{self.key}.json", "title": self.title}
        out.update(self.root.json(ids))
        return out
