"""The campaign journal: every roll and every change of state is an event.

Events are plain dicts written as canonical JSON Lines (STYLE.md principle 4):
sorted keys, compact separators, no timestamps, no object ids. Every event has
``seq`` (1, 2, ...), ``phase`` (the campaign phase it happened in) and
``event`` (its name). The same scenario and seed give byte-identical output.

Event names and their fields are a contract read by tools outside the engine
(issue 4); add fields freely, never rename.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, TextIO


def dumps(event: dict[str, Any]) -> str:
    """One event as a canonical JSON line (without the newline)."""
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Journal:
    """An append-only event log.

    With ``keep=False`` events are counted but not stored, which is what batch
    runs use when nobody will read the journal; listeners still see every
    event, so a summary can be built from events either way.
    """

    __slots__ = ("events", "seq", "phase", "listeners")

    def __init__(self, keep: bool = True):
        self.events: list[dict[str, Any]] | None = [] if keep else None
        self.seq = 0
        self.phase = "setup"
        self.listeners: list = []

    def emit(self, event: str, **fields: Any) -> dict[str, Any]:
        self.seq += 1
        fields["seq"] = self.seq
        fields["phase"] = self.phase
        fields["event"] = event
        if self.events is not None:
            self.events.append(fields)
        for listener in self.listeners:
            listener(fields)
        return fields

    def lines(self) -> Iterable[str]:
        for event in self.events or ():
            yield dumps(event)

    def write(self, stream: TextIO) -> None:
        for line in self.lines():
            stream.write(line)
            stream.write("\n")


def read_jsonl(stream: TextIO) -> list[dict[str, Any]]:
    """Read a journal written by :meth:`Journal.write`."""
    return [json.loads(line) for line in stream if line.strip()]
