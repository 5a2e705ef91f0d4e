"""The sessions ``sim mcp`` holds open: each a :class:`sim.solo.session.Session`, keyed by its save's name.

Every save lives inside the server's saves folder (``--saves DIR``): a name is a path relative to it
(``heist.save``, ``club/week1.save``), resolved with its links followed, and one that lands outside the folder is
refused. A session is made (:meth:`Saves.new`) or continued (:meth:`Saves.open`) through the public session API,
which takes the save's lock (:mod:`sim.locks`): a save open in ``sim solo continue`` or another server is refused
with the lock's one line. Every answer and command is one line handed to :meth:`Session.handle`, exactly what a
person types at ``sim solo`` (an answer as its option's number), so the save a model makes continues in the
terminal byte for byte, and ``sim solo new --script`` with the same lines makes the same save.

Tool calls arrive on worker threads: each session takes its own lock for a call, so two calls on one session run
one after the other while calls on two sessions run side by side.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.errors import UsageError

#: the languages a session plays in (sim.cli.LANGS)
LANGS = ("en", "zh-Hant", "zh-Hans")
#: the most journal events one tool answer carries (the last ones; the journal resource holds them all)
MAX_EVENTS = 200


@dataclass
class Open:
    """One open session and the lock its calls take."""

    name: str
    session: Any
    lock: threading.Lock = field(default_factory=threading.Lock)


class Saves:
    """The saves folder and the sessions open in it."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root).resolve()
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot make the saves folder {self.root}: {exc.strerror or exc}") from None
        if not self.root.is_dir():
            raise UsageError(f"the saves folder {self.root} is not a folder")
        self.open_sessions: dict[str, Open] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ names and paths

    def path(self, name: str) -> tuple[str, Path]:
        """``(key, path)`` of a save name inside the folder; a name that escapes it is one line."""
        if not isinstance(name, str) or not name.strip() or "\x00" in name:
            raise UsageError("a save is named by a file name inside the saves folder, e.g. heist.save")
        if len(name) > 255:
            raise UsageError(f"a save name is at most 255 characters, got {len(name)}")
        target = (self.root / name).resolve()
        if not target.is_relative_to(self.root) or target == self.root:
            raise UsageError(f"save {name!r} is outside the saves folder {self.root}; name a file inside it "
                             f"(e.g. heist.save)")
        return target.relative_to(self.root).as_posix(), target

    def names(self) -> list[str]:
        """The saves in the folder (files ending .save), by name."""
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*.save") if p.is_file())

    def get(self, name: str) -> Open:
        key, _ = self.path(name)
        with self._lock:
            found = self.open_sessions.get(key)
        if found is None:
            opened = ", ".join(sorted(self.open_sessions)) or "none"
            raise UsageError(f"no session {key!r} is open (open: {opened}); start one with session_new or continue "
                             f"a save with session_open")
        return found

    # ------------------------------------------------------------------ making, opening, closing

    def new(self, scenario: str, name: str, *, seats: str | list[str] | None = None, seed: int | None = None,
            lang: str | None = None, scores: int | None = None) -> Open:
        """A new session of ``scenario`` (a bundled name or a file) saved as ``name`` (which must not exist)."""
        from sim import limits
        from sim.solo.session import Session

        key, path = self.path(name)
        if seed is not None:
            limits.check("seed", seed, 0, limits.MAX_SEED)
        if scores is not None and not 1 <= scores <= limits.MAX_SCORES:
            raise UsageError(f"scores must be 1..{limits.MAX_SCORES}, got {scores}")
        if lang is not None and lang not in LANGS:
            raise UsageError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
        if not isinstance(scenario, str) or not scenario.strip():
            raise UsageError("session_new needs a scenario: a bundled name (starter, fate_docks, mist_harbor) or a file")
        with self._lock:
            if key in self.open_sessions:
                raise UsageError(f"session {key!r} is open already; go on with it, or name a new save")
            path.parent.mkdir(parents=True, exist_ok=True)
            session = Session.new(scenario, path, seed=seed, seats=seats or "all", lang=lang, scores=scores)
            session.begin_sitting()  # the person sits down to play, as ``sim solo new`` records it (the story's days)
            session.where = key
            opened = self.open_sessions[key] = Open(key, session)
        return opened

    def open(self, name: str, *, on_diverge: str = "stop") -> Open:
        """The save ``name`` replayed to its last step and held open (``sim solo continue``)."""
        from sim.solo.session import Session

        key, path = self.path(name)
        if on_diverge not in ("stop", "last-agreeing"):
            raise UsageError(f"on_diverge must be stop or last-agreeing, got {on_diverge!r}")
        with self._lock:
            if key in self.open_sessions:
                return self.open_sessions[key]
            if not path.is_file():
                raise UsageError(f"no save {key!r} in the saves folder (saves: {', '.join(self.names()) or 'none'})")
            session = Session.resume(path, on_diverge=on_diverge)
            if not session.diverged:  # as ``sim solo continue``: a sitting, unless a divergence stands
                session.begin_sitting()
            session.where = key
            opened = self.open_sessions[key] = Open(key, session)
        return opened

    def close(self, name: str) -> str:
        """Let go of a session (everything resolved is in its save already)."""
        opened = self.get(name)
        with opened.lock:
            opened.session.close()
        with self._lock:
            self.open_sessions.pop(opened.name, None)
        return opened.name

    def close_all(self) -> None:
        with self._lock:
            every = list(self.open_sessions.values())
            self.open_sessions.clear()
        for opened in every:
            with opened.lock:
                opened.session.close()

    # ------------------------------------------------------------------ lines

    def handle(self, name: str, line: str) -> tuple[Open, Any]:
        """One line through the session's own :meth:`Session.handle`, as a person types it."""
        opened = self.get(name)
        with opened.lock:
            reply = opened.session.handle(line)
            if reply.done and not opened.session.finished:  # quit: the save is let go of
                with self._lock:
                    self.open_sessions.pop(opened.name, None)
        return opened, reply

    def answer(self, name: str, option: int | str) -> tuple[Open, Any]:
        """The pending decision answered by an option's number or label; anything else lists the legal ones."""
        from sim.agents.prompt import pick

        opened = self.get(name)
        with opened.lock:
            p = opened.session.pending
            if p is None:
                raise UsageError(f"session {opened.name!r} has no decision waiting"
                                 + (" (the campaign is over)" if opened.session.finished else ""))
            text = str(option).strip()
            index = pick(text, p.values, [c.label for c in p.options]) if text else None
            if index is None or isinstance(option, bool):
                legal = "; ".join(f"{c.number}. {c.label}" for c in p.options)
                raise UsageError(f"{option!r} is not an option of this decision; the options are: {legal}")
            reply = opened.session.handle(str(index + 1))
        return opened, reply

    def command(self, name: str, line: str) -> tuple[Open, Any]:
        """What a player types (``say``, ``note``, ``clock``, ``act``, ``undo``, ...): a note of several lines is
        ``note`` with its text on the lines that follow; any other command is one line."""
        if not isinstance(line, str) or not line.strip():
            raise UsageError("session_command needs a command line, e.g. say The door gives. (help lists them)")
        head, _, rest = line.strip().partition("\n")
        word = head.split(" ")[0].casefold()
        if word == "note" and rest.strip():
            if any(text.strip() == "." for text in rest.split("\n")):
                raise UsageError("a line holding only . ends a note; a note cannot hold one")
            opened = self.get(name)
            with opened.lock:
                s = opened.session
                first = head[len("note"):].strip()
                s.handle("note")
                for text in ([first] if first else []) + rest.split("\n"):
                    s.handle(text)
                reply = s.handle(".")
            return opened, reply
        if "\n" in line.strip() or "\r" in line.strip():
            raise UsageError("one command at a time: a command is one line (only note takes more lines)")
        if line.strip().casefold() == "note":
            raise UsageError("note needs its text: note TEXT (or note, then the text on the lines that follow)")
        return self.handle(name, line.strip())

    # ------------------------------------------------------------------ what a session shows

    def state(self, name: str) -> dict:
        """The session as a model reads it: sheets, clocks, scene, tension, threads, NPCs, the decision waiting."""
        opened = self.get(name)
        with opened.lock:
            return state_of(opened)

    def export(self, name: str, fmt: str) -> str:
        """The story (``markdown``) or the journal (``jsonl``), as ``sim solo export --md|--json`` writes it."""
        from sim.solo import export

        if fmt not in ("markdown", "jsonl"):
            raise UsageError(f"format must be markdown or jsonl, got {fmt!r}")
        key, path = self.path(name)
        with self._lock:
            opened = self.open_sessions.get(key)
        if opened is None:  # a save not open: replayed, read only, as sim solo export does
            from sim.solo.session import replay_save

            if not path.is_file():
                raise UsageError(f"no save {key!r} in the saves folder (saves: {', '.join(self.names()) or 'none'})")
            return replay_save(path, markdown=fmt == "markdown")
        with opened.lock:
            s = opened.session
            events = list(s.journal.events)
            if fmt == "jsonl":
                return export.export_jsonl(events)
            return export.export_markdown(s.save.header, list(s.save.entries), events, s.scenario.content, s.lang,
                                          scenario_object=s.scenario)


def pending_of(session: Any) -> dict | None:
    """The decision waiting: seat, kind, prompt, the GM's reasons, and each option with its number and odds."""
    p = session.pending
    if p is None:
        return None
    return {"seat": p.seat, "kind": p.kind, "prompt": p.prompt, "gm_says": list(p.gm_says), "step": p.step,
            "options": [{"number": c.number, "label": c.label, "odds": c.odds} for c in p.options]}


def view(session: Any, command: str) -> dict:
    """A read-only command's view data (``sheet``, ``clocks``, ...), through the session's own command."""
    return view_and_lines(session, command)[0]


def view_and_lines(session: Any, command: str) -> tuple[dict, list[str]]:
    """A read-only command's view data and the lines it prints (in the play's language, as a player reads them)."""
    reply = session.handle(command)
    return next((data for name, data in reply.views), {}), list(reply.text)


def state_of(opened: Open) -> dict:
    s = opened.session
    out: dict[str, Any] = {"save": opened.name, "system": s.system.name, "lang": s.lang, "seed": s.seed,
                           "seats": list(s.people), "step": s.step, "finished": bool(s.finished),
                           "tension": s.tension, "pending": pending_of(s)}
    if s.done and not s.finished:
        out["closed"] = True
        return out
    offered = s.offered()
    shown: dict[str, list[str]] = {}
    out["scene"], shown["scene"] = view_and_lines(s, "scene")
    for command in ("sheet", "crew", "clocks", "factions"):
        if command in offered:
            data, shown[command] = view_and_lines(s, command)
            out["sheets" if command == "sheet" else command] = data
    out["shown"] = shown  # each view as the session prints it: words a person reads, no ids
    out["threads"] = list(s.threads)
    out["npcs"] = list(s.npcs)
    if s.finished:
        out["closing"] = list(s.closing)
    return out


def reply_of(opened: Open, reply: Any) -> dict:
    """What one line did, for a tool's answer: the lines told, the views, the events journaled, what comes next."""
    s = opened.session
    events = list(reply.events)
    out = {"save": opened.name, "text": list(reply.text), "views": {name: data for name, data in reply.views},
           "events": events[-MAX_EVENTS:], "pending": pending_of(s), "finished": bool(s.finished),
           "done": bool(reply.done)}
    if len(events) > MAX_EVENTS:  # a whole score played by auto: its last events (the journal resource has all)
        out["events_total"] = len(events)
    return out
