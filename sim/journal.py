"""The campaign journal: every roll and every change of state is an event.

Events are plain dicts written as canonical JSON Lines (docs/dev/style.md principle 4):
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


class Listeners(list):
    """The journal's listeners: a list that keeps its journal's routes (event name -> listeners) up to date.

    Appending or removing one listener (what a score does with its action log) updates the routes in place;
    any other change drops them, to be rebuilt on the next events.
    """

    __slots__ = ("routes",)

    def __init__(self, routes: dict) -> None:
        super().__init__()
        self.routes = routes

    def append(self, listener) -> None:
        super().append(listener)
        wants = getattr(listener, "listens_to", None)
        routes = self.routes
        if wants is None:
            for name, route in routes.items():
                routes[name] = route + (listener,)
            return
        for name in wants:  # only the routes of the names it reads (the others are built when first needed)
            route = routes.get(name)
            if route is not None:
                routes[name] = route + (listener,)

    def remove(self, listener) -> None:
        super().remove(listener)
        if listener in self:  # listening twice: rebuild rather than guess which place went
            self.routes.clear()
            return
        routes = self.routes
        wants = getattr(listener, "listens_to", None)
        for name in (list(routes) if wants is None else wants):  # it is routed only for the names it reads
            route = routes.get(name)
            if route is not None and listener in route:
                routes[name] = tuple(other for other in route if other is not listener)

    def _changed(self) -> None:
        self.routes.clear()

    def insert(self, i, listener) -> None:
        super().insert(i, listener)
        self._changed()

    def extend(self, listeners) -> None:
        super().extend(listeners)
        self._changed()

    def pop(self, *a):
        out = super().pop(*a)
        self._changed()
        return out

    def clear(self) -> None:
        super().clear()
        self._changed()

    def __setitem__(self, i, v) -> None:
        super().__setitem__(i, v)
        self._changed()

    def __delitem__(self, i) -> None:
        super().__delitem__(i)
        self._changed()


class Journal:
    """An append-only event log.

    With ``keep=False`` events are counted but not stored, which is what batch
    runs use when nobody will read the journal; listeners still see the
    events they listen for, so a summary can be built from events either way.
    A listener may say which events it reads with an attribute ``listens_to`` (a
    frozenset of names); one without hears every event. Each event name is
    routed once to the listeners that read it (rebuilt when ``listeners``
    changes), so a batch pays no call for the many events nobody reads.
    """

    __slots__ = ("events", "seq", "phase", "listeners", "_routes")

    def __init__(self, keep: bool = True):
        self.events: list[dict[str, Any]] | None = [] if keep else None
        self.seq = 0
        self.phase = "setup"
        self._routes: dict[str, tuple] = {}
        self.listeners: list = Listeners(self._routes)

    def emit(self, event: str, **fields: Any) -> dict[str, Any]:
        """Journal ``event``: number it (``seq``), stamp the phase and name, keep it, hand it to its listeners.

        When nothing keeps the event and no listener reads its kind (most events of a batch), only ``seq``
        advances: the fields come back as given, unstamped.
        """
        self.seq += 1
        try:
            route = self._routes[event]
        except KeyError:
            route = self._route(event)
        events = self.events
        if events is None and not route:
            return fields
        fields["seq"] = self.seq
        fields["phase"] = self.phase
        fields["event"] = event
        if events is not None:
            events.append(fields)
        for listener in route:
            listener(fields)
        return fields

    def wants(self, event: str) -> bool:
        """Whether an ``event`` would be read: the journal keeps events, or a listener reads that kind.

        An event nobody wants may be emitted without its fields (``seq`` still advances), so that fields costly to
        build are built only for a reader.
        """
        if self.events is not None:
            return True
        route = self._routes.get(event)
        if route is None:
            route = self._route(event)
        return bool(route)

    def skip(self, event: str) -> bool:
        """When nobody wants ``event`` (:meth:`wants`), take its ``seq`` as :meth:`emit` would and return True: the
        caller then skips building it (``if not journal.skip(name): journal.emit(name, ...)``); else False."""
        if self.events is not None:  # wants(), inline: a batch asks this about 2,000 times a campaign
            return False
        route = self._routes.get(event)
        if route is None:
            route = self._route(event)
        if route:
            return False
        self.seq += 1
        return True

    def _route(self, event: str) -> tuple:
        route = self._routes[event] = tuple(
            listener for listener in self.listeners
            if getattr(listener, "listens_to", None) is None or event in listener.listens_to)
        return route

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
