"""What a solo save checks a session against (:mod:`sim.solo.session`): the scenario file's hash, the hash of every
content table it loads, and the journal's running digest, so a changed scenario, changed content or a story that
replays differently is noticed when a save is continued."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from sim.journal import Journal, dumps


def file_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def content_hash(content: Any) -> str:
    """A hash of every table the scenario's content loads (canonical JSON).

    The text is that of ``json.dumps(plain_tables(tables), sort_keys=True, ...)``, made without walking the
    tables in Python first (a mapping that is not a dict is made one as json meets it, anything else not JSON is
    its ``str``, as before): the tables are about 22,000 values, and the walk cost a solo start 60 ms."""
    tables = getattr(content, "tables", None) or {}
    try:
        text = json.dumps(tables if type(tables) is dict else dict(tables), sort_keys=True, ensure_ascii=False,
                          default=_plain_default)
    except TypeError:  # keys json cannot sort or write as plain_tables does: the walk
        text = json.dumps(plain_tables(tables), sort_keys=True, ensure_ascii=False, default=str)
    return file_hash(text.encode("utf-8"))


def _plain_default(value: Any) -> Any:
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("keys that are not text")  # plain_tables writes str(key): let it
        return dict(value)
    return str(value)


def plain_tables(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): plain_tables(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_tables(v) for v in value]
    return value


class JournalDigest:
    """The running digest of a journal (each event's canonical line), updated with the events not yet hashed."""

    def __init__(self, journal: Journal):
        self.journal = journal
        self.h = hashlib.blake2b(digest_size=16)
        self.done = 0

    def __call__(self) -> str:
        events = self.journal.events
        for e in events[self.done:]:
            self.h.update(dumps(e).encode("utf-8"))
            self.h.update(b"\n")
        self.done = len(events)
        return self.h.copy().hexdigest()
