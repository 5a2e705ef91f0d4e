"""A solo session: the UI-free command layer of solo play (issue 11): text in, events and text out.

A person holds some or all of the player seats; the GM, NPCs and factions stay scripted. The system's ``play``
(through the registry, :mod:`sim.systems`) runs in a worker thread; the person's seats hold one
:class:`SoloSeat` (``person = True``, so the seats brief its decisions: :func:`sim.agents.briefing.brief`), whose
``choose`` publishes the decision as :class:`Pending` and parks the campaign until an answer comes.
:meth:`Session.handle` runs on the caller's thread: a command is answered from the journal so far (the parked
campaign is never touched, only its events read); an answer goes to the campaign, which runs on to the person's
next decision (or its end) before ``handle`` returns. So at most one thread ever runs, and the two hand over
through queues. The commands themselves, and the :class:`Pending`, :class:`Choice` and :class:`Reply` values,
live in :mod:`sim.solo.commands` (mixed in; importable from here too).

**The save** (:class:`sim.solo.save.SaveFile`) is the decision log: its header holds the scenario (path, text
and hash), a hash of the content it loads, the seed, the engine, the seats and the language; its entries are
every answer (``answer``: seat, kind, choice, by, step, and the journal's ``seq`` and ``digest`` when it was
given), every oracle question (``oracle``), free roll (``roll``), note (``note``), thread or NPC edit
(``thread``, ``npc``) and free act (``act``: seat, move, text; the system's ``free_act``, :mod:`sim.solo.entries`),
each appended and fsynced once resolved. A session is rebuilt by replaying its entries in
order into a fresh campaign: the same scenario, seed and entries give a byte-identical journal. Each replayed
answer is checked (seat, kind, the choice among the options offered now, ``seq``, ``digest``); the first that
disagrees is a divergence, reported (``--on-diverge ask|stop|last-agreeing``), never passed over silently.

**Randomness**: the oracle draws from the campaign seed's stream ``oracle``, free rolls from ``solo.roll``, the
n-th free act of a session from ``solo.act.<n>`` (a decision of the person's inside it from ``solo.act.<n>.<k>``), an
``auto`` answer from ``solo.auto.<step>`` (so an answer by policy does not depend on what was replayed before
it); nothing from the global ``random``.

**Tension** (1..9, from 5) moves with the system's reading of each event (:meth:`SoloViews.tension`) and is
journaled (``oracle_tension``: ``before, after, reason, reasons`` in the play's language; a save replays with the
words it was played with, the header's ``words``, :data:`sim.solo.kit.WORDS`, so an older mist or Fate save keeps its
English reasons and goes on without a divergence; and ``moves``: the
``event, seq, delta`` of each event that moved it) at the person's next decision; a scene check (``scene_check``:
``scene``, its title in the play's language, ``roll, result, tension``, and ``opened_by``: the ``event, seq`` that
opened the scene) is made at the first decision of each new scene
(:meth:`SoloViews.scene`). Both happen at the decision boundary, so replay makes them at the same place.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Any, Mapping, Sequence

from sim.agents.base import Agent, Decision
from sim.agents.seats import HUMAN, canonical, plain
from sim.errors import UsageError
from sim.files import shown
from sim.i18n import t
from sim.journal import Journal
from sim.rng import Rng, stream
from sim.solo.fingerprints import JournalDigest, content_hash, file_hash
from sim.solo.kit import WORDS, SoloViews, seats_wanted
from sim.solo.commands import COMMAND_HELP, COMMANDS, TAKES_NOTHING, Choice, Commands, Pending, Reply, kind_word, parse_roll, roll
from sim.solo.entries import Entries, today  # noqa: F401 (today: sim.solo.session.today, as callers name it)
from sim.solo.travel import likely_causes, scenario_of

ON_DIVERGE = ("ask", "stop", "last-agreeing")

#: the save header's ``leads``: 1, the person is offered every move the rules allow (issue 30: every action,
#: skill, target, plan; :meth:`sim.agents.seats.Seats.leads`); a save without the key (0) was played from the
#: engine's shortlists and replays with them
LEADS = 1

#: the command layer's names, importable from here as the solo contract names them (they live in sim.solo.commands)
__all__ = ["COMMAND_HELP", "COMMANDS", "Choice", "ON_DIVERGE", "Pending", "Reply", "Session", "SoloSeat",
           "content_hash", "file_hash", "parse_roll", "replay_save", "roll"]


class _Stop(BaseException):
    """Raised inside the campaign thread to end it (undo, quit, close): no engine code catches it."""


class SoloSeat(Agent):
    """The person's holder of every seat they play (see the module docstring)."""

    person = True

    def __init__(self, session: "Session"):
        self.session = session
        self.name = HUMAN

    def leads(self, seat: str) -> bool:
        """A save made since the person leads (its header's ``leads``, :data:`LEADS`) is offered every move the rules
        allow; an older save replays with the menus it was played with."""
        return self.session.leads >= 1

    def seated(self, seats: Any) -> None:
        """Sat by the campaign's seats (``Seats.sit``): their ``state`` is the game an ``act`` changes."""
        self.session._seats = seats

    def choose(self, d: Decision, rng: Rng) -> Any:
        if len(d.options) == 1:
            return d.options[0]
        if self.session._acting is not None:  # a decision inside a free act: the seat's policy answers it
            return self.session._act_answer(d)
        return self.session._decide(d)


class Session(Commands, Entries):
    """One solo session: a parked campaign, its save and its journal (see the module docstring)."""

    def __init__(self, save: Any, scenario: Any, system: Any, *, people: Sequence[str], seed: int,
                 scores: int | None, lang: str, on_diverge: str = "ask", words: int = WORDS, leads: int = LEADS):
        self.save = save
        self.scenario = scenario
        self.system = system
        self.people = tuple(people)
        self.seed = int(seed)
        self.scores = scores
        self.lang = lang
        self.on_diverge = on_diverge
        self.leads = leads  # the menus the person is offered (:data:`LEADS`; the save's own for an older save)
        self.views = make_views(system, scenario.content, lang)
        self.views.scenario = scenario  # the views that fold sheets from the scenario's characters read it
        self.views.words = words  # the words it journals: the newest, or the save's (see resume)
        self.pending: Pending | None = None
        self.done = False
        self.diverged: str | None = None   # why the replay disagreed with the save (until the person decides)
        self.warnings: list[str] = list(getattr(save, "warnings", []))
        self.closing: list[str] = []
        self.where = str(save.path)  # the save's name as the person gave it (for messages)
        self._thread: threading.Thread | None = None
        self._start()

    # ------------------------------------------------------------------ making and resuming

    @classmethod
    def new(cls, scenario_path: str | Path, save_path: str | Path, *, seed: int | None = None,
            seats: Sequence[str] | str | None = None, lang: str | None = None, scores: int | None = None) -> "Session":
        """A new session of the scenario, saved to ``save_path`` (which must not exist)."""
        from sim.content.bundled import bundled_name
        from sim.content.scenario import check_scenario_path, scenario_system
        from sim.solo.save import SaveFile

        scenario_path = check_scenario_path(scenario_path)  # a file, or a bundled scenario's name (``starter``)
        if Path(save_path).exists():
            raise UsageError(f"save file {shown(save_path)} already exists; continue it with `sim solo continue`, "
                             f"or name a new file")
        system = scenario_system(scenario_path)
        scenario = system.load_scenario(scenario_path)
        people = seats_wanted(scenario, make_views(system, scenario.content, scenario.lang).player_seats(scenario),
                               seats)
        scenario, held = system.seat(scenario, {seat: HUMAN for seat in people})
        seed = scenario.seed if seed is None else int(seed)
        lang = lang or scenario.lang
        raw = scenario_path.read_bytes()
        header = {"scenario": raw.decode("utf-8"), "scenario_path": str(scenario_path.resolve()),
                  "scenario_hash": file_hash(raw), "content_hash": content_hash(scenario.content), "seed": seed,
                  "seats": list(held), "lang": lang, "scores": scores, "system": system.name, "words": WORDS,
                  "leads": LEADS}
        bundled = bundled_name(scenario_path)
        if bundled is not None:  # continued on another install, the save finds the scenario by its name
            header["scenario_bundled"] = bundled
        save = SaveFile.create(save_path, header, lock=True)  # held for the session's life (issue 33 case 5)
        try:
            session = cls(save, scenario, system, people=held, seed=seed, scores=scores, lang=lang)
        except BaseException:
            save.close()
            raise
        session.where = str(save_path)
        return session

    @classmethod
    def resume(cls, save_path: str | Path, *, on_diverge: str = "ask", lock: bool = True,
               scenario: str | Path | None = None) -> "Session":
        """The session saved at ``save_path``, replayed to its last resolved step (``sim solo continue``).

        ``lock``: hold the save's lock until :meth:`close` (one writer at a time: a second ``continue`` of the same
        save is refused with one line naming the first, issue 33 case 5); ``sim solo export``, which only reads,
        does not take it.

        The scenario is the one the save names (its path, else a bundled one of the same name), and when neither is
        there any more, or the file there is no longer the one the save was made with, the scenario text the save
        carries: a save moved to another folder or machine, its scenario deleted or edited, continues as it was
        made. ``scenario``: play against this file instead (an edited scenario), reporting where the replay
        diverges."""
        from sim.solo.save import SaveFile

        if on_diverge not in ON_DIVERGE:
            raise UsageError(f"--on-diverge takes {', '.join(ON_DIVERGE)}, got {on_diverge!r}")
        save = SaveFile.open(save_path, lock=lock)
        try:
            return cls._resume(save, save_path, on_diverge, scenario)
        except BaseException:
            save.close()
            raise

    @classmethod
    def _resume(cls, save: Any, save_path: str | Path, on_diverge: str, given: str | Path | None) -> "Session":
        from sim.systems import get_system

        h = save.header
        for key in ("scenario_path", "seed", "seats", "lang", "system"):
            if key not in h:
                raise UsageError(f"save file {shown(save_path)}: not a solo session's save (its header has no "
                             f"{key!r})")
        # a save replays with the words it was played with (sim.solo.kit.WORDS; 1 before its header had the key),
        # so its journal, and so its story, stays as it was
        words = h.get("words", 1)
        if type(words) is not int or not 1 <= words <= WORDS:
            raise UsageError(f"save file {shown(save_path)}: its header's words is {words!r}, not 1..{WORDS} (a save "
                             f"made by a newer sim?)")
        leads = h.get("leads", 0)  # a save from before the person led: the shortlists it was played with
        if type(leads) is not int or not 0 <= leads <= LEADS:
            raise UsageError(f"save file {shown(save_path)}: its header's leads is {leads!r}, not 0..{LEADS} (a save "
                             f"made by a newer sim?)")
        path = scenario_of(h, save_path, given)
        system = get_system(h["system"])
        scenario = system.load_scenario(path)
        scenario, held = system.seat(scenario, {seat: HUMAN for seat in h["seats"]})
        session = cls.__new__(cls)
        warnings = []
        scenario_changed = file_hash(path.read_bytes()) != h.get("scenario_hash")
        if scenario_changed:
            warnings.append(t("solo.diverge.scenario_changed", h["lang"], path=shown(path)))
        content_changed = content_hash(scenario.content) != h.get("content_hash")
        if content_changed:
            warnings.append(t("solo.diverge.content_changed", h["lang"]))
        from sim.solo.save import engine_info

        engine_now = engine_info()
        if isinstance(h.get("engine"), dict) and h["engine"] != engine_now:
            warnings.append(t("solo.diverge.engine_changed", h["lang"]))
        cls.__init__(session, save, scenario, system, people=held, seed=h["seed"], scores=h.get("scores"),
                     lang=h["lang"], on_diverge=on_diverge, words=words, leads=leads)
        session.warnings = warnings + session.warnings
        session.where = str(save_path)
        if session.diverged:
            causes = likely_causes(h, engine_now, path if scenario_changed else None, content_changed, h["lang"])
            if causes:
                session.diverged = t("solo.cause.likely", h["lang"], diverged=session.diverged, causes="; ".join(causes))
        if session.diverged and on_diverge == "stop":
            why = session.diverged
            session.close()
            raise UsageError(f"{why}; the save is unchanged (--on-diverge last-agreeing continues from the last "
                             f"step that agrees)")
        if session.diverged and on_diverge == "last-agreeing":
            session._accept_divergence()
        return session

    # ------------------------------------------------------------------ the campaign thread

    def _start(self) -> None:
        """Play the campaign from its start, replaying the save's entries, to the person's first live decision."""
        self.journal = Journal()
        self._digest = JournalDigest(self.journal)
        self._oracle_rng = stream(self.seed, "oracle")
        self._scene_rng = stream(self.seed, "oracle.scene")  # what an altered or interrupted scene draws
        self._npc_rng = stream(self.seed, "oracle.npc")      # the NPCs ``npc`` draws
        self._roll_rng = stream(self.seed, "solo.roll")
        self._to_campaign: queue.Queue = queue.Queue()
        self._to_session: queue.Queue = queue.Queue()
        self._replay = list(self.save.entries)
        self._replayed = 0
        self.step = 0
        self.tension = 5
        self._tension_moves: list[tuple[int, str, dict]] = []
        self._scene: str | None = None
        self._scene_new = False
        self.scene_title: str | None = None
        self._scene_event: dict | None = None  # the event that opened the current scene (scene_check's opened_by)
        self.scene_result: dict | None = None
        self.threads: list[str] = []
        self.thread_weights: dict[str, int] = {}  # a thread added again weighs more when an event picks one
        self.npcs: list[str] = []
        self._expected: str | None = None  # what the person expects of the next scene (``expect``)
        self._note_lines: list[str] | None = None  # a note being written line by line (``note`` alone, then ".")
        self.player_clocks: dict[str, dict[str, int]] = {}  # the person's own clocks: name -> {size, filled}
        self._seats: Any = None  # the campaign's seats (SoloSeat.seated): their ``state`` is what an act changes
        self._deciding: Decision | None = None  # the person's decision the campaign is parked at (or replaying)
        self._acts, self._acting = 0, None  # free acts so far (solo.act.<n>); while one runs: [n, decisions in it]
        self._auto_until: frozenset[str] | None = None
        self._auto_stopped = False
        self._told: list[tuple[int, list[str]]] = []
        self._tell = self.system.storyteller(self.scenario.content, self.lang) if self.system.storyteller else None
        self.seat = SoloSeat(self)
        self.journal.listeners.append(self._listen)
        self.pending = None
        self.done = False
        self.finished = False  # the campaign played to its end (done is also True after quit)
        self.diverged = None
        self._thread = threading.Thread(target=self._run, name="solo-campaign", daemon=True)
        self._thread.start()
        self._wait()

    def intro(self) -> list[str]:
        """What to show before the first question: the story so far (a resumed session: its last few events)."""
        if all(e.get("type") == "sitting" for e in self.save.entries):  # a new session (its first sitting only)
            return [line for _, lines in self._told for line in lines]
        recap = [line for _, lines in self._told[-5:] for line in lines]
        return ([t("solo.reply.story_so_far", self.lang)] + recap) if recap else []

    def _run(self) -> None:
        try:
            final, summary = self.system.play(self.scenario, self.seed, journal=self.journal, scores=self.scores,
                                              seats={seat: self.seat for seat in self.people})
            self._deciding = None  # the campaign is over: nothing is parked for an act to act in
            self._boundary()
            self._replay_rest()
            closing = self.system.closing(final, summary, self.scenario.content, self.lang)
            self._to_session.put(("done", closing))
        except _Stop:
            self._to_session.put(("stopped", None))
        except BaseException as exc:  # handed to the session's thread, which raises it there
            self._to_session.put(("error", exc))

    def _replay_rest(self) -> None:
        """After the campaign's end: the entries the person made after it (notes, questions); an answer left over
        is a divergence (the campaign ended sooner than it did)."""
        while self._replay and self.diverged is None:
            entry = self._replay[0]
            if entry.get("type") == "answer":
                why = t("solo.diverge.ended", self.lang, seat=self.who(entry.get("seat")), kind=kind_word(entry.get("kind"), self.lang))
                self.diverged = t("solo.diverge.at", self.lang, step=self.step + 1, entry=self._replayed + 1, why=why)
                return
            self._replay.pop(0)
            self._replayed += 1
            self._apply(entry)

    def _wait(self) -> None:
        """Block until the campaign parks at the person's next decision or ends."""
        kind, value = self._to_session.get()
        if kind == "pending":
            self.pending = value
        elif kind == "done":
            self.pending, self.done, self.closing, self.finished = None, True, list(value), True
        elif kind == "error":
            self.pending, self.done = None, True
            raise value
        else:
            self.pending, self.done = None, True

    def _listen(self, event: dict) -> None:
        """Every event, as it is journaled (on whichever thread runs): story lines, tension, scenes, threads."""
        lines = (self._tell(event) if self._tell is not None else []) or self._event_lines(event)
        if lines:
            self._told.append((event["seq"], lines))
        v = self.views
        move = v.tension(event)
        if move:
            self._tension_moves.append((*move, {"event": event["event"], "seq": event["seq"], "delta": move[0]}))
        title = v.scene(event)
        if title:
            self.scene_title, self._scene_new = title, True
            self._scene_event = {"event": event["event"], "seq": event["seq"]}  # what opened it, in no language
        for op, text in v.threads(event):
            self._edit(self.threads, op, text)
        for op, name in v.npcs(event):
            self._edit(self.npcs, op, name)
        if self._auto_until is not None and event["event"] in self._auto_until:
            self._auto_until = None
            self._auto_stopped = True

    @staticmethod
    def _edit(names: list[str], op: str, text: str) -> bool:
        if op == "add":
            if text not in names:
                names.append(text)
                return True
            return False
        if text in names:
            names.remove(text)
            return True
        return False

    def _boundary(self) -> None:
        """At a person's decision (and the end): journal the tension's move and a new scene's check."""
        if self._tension_moves:
            before = after = self.tension
            reasons = []
            moves = []  # the events that moved it (event, seq, delta): the journal's meaning in no language
            for delta, reason, by in self._tension_moves:
                after = max(1, min(9, after + delta))
                reasons.append(reason)
                moves.append(by)
            self._tension_moves = []
            if after != before:
                self.tension = after
                self.journal.emit("oracle_tension", before=before, after=after,
                                  reason=t("solo.sheet.list_sep", self.lang).join(dict.fromkeys(reasons)),
                                  reasons=reasons, moves=moves)
        if self._scene_new:
            self._scene_new = False
            self._scene_check()

    def _decide(self, d: Decision) -> Any:
        """The campaign thread's side of a person's decision: replay it from the save, answer by policy, or ask."""
        self._deciding = d
        self._boundary()
        while self._replay and self.diverged is None:
            entry = self._replay[0]
            if entry.get("type") != "answer":
                self._replay.pop(0)
                self._replayed += 1
                self._apply(entry)
                continue
            option, why = self._match(entry, d)
            if why is not None:
                self.diverged = t("solo.diverge.at", self.lang, step=self.step + 1, entry=self._replayed + 1, why=why)
                break
            self._replay.pop(0)
            self._replayed += 1
            self.step += 1
            self.seat.name = _holder_name(entry.get("by", "person"))
            return option
        if self._auto_until is not None and self.diverged is None:
            return self._answer(d, self._auto_answer(d, None), by=self._auto_by, typed=False)
        pending = self._pending(d)
        self._to_session.put(("pending", pending))
        msg = self._to_campaign.get()
        if msg[0] == "stop":
            raise _Stop()
        _, option, by, typed = msg
        return self._answer(d, option, by=by, typed=typed)

    def _answer(self, d: Decision, option: Any, *, by: str, typed: bool) -> Any:
        """Record an answer in the save (fsynced) before the campaign goes on with it."""
        self.step += 1
        entry = {"type": "answer", "step": self.step, "seat": d.seat, "kind": d.kind, "choice": plain(option),
                 "by": by, "typed": typed, "seq": self.journal.seq, "digest": self._digest()}
        label = self._label_of(option)
        if label is not None:  # the words the question and option were offered in: the story shows the choices
            entry["label"] = label
            if self.pending.prompt:
                entry["prompt"] = self.pending.prompt
            chosen = next((c for c in self.pending.options if c.label == label), None)
            if chosen is not None and chosen.odds:  # its odds, position and effect as shown (issue 30)
                entry["odds"] = chosen.odds.strip()
            others = [c.label for c in self.pending.options if c.label != label]
            if others:  # what else was on offer
                entry["offered"] = others
        self.save.append(entry)
        self._replayed += 1
        self.seat.name = _holder_name(by)
        return option

    def _label_of(self, option: Any) -> str | None:
        p = self.pending
        if p is None:
            return None
        for value, choice in zip(p.values, p.options):
            if value is option or canonical(value) == canonical(option):
                return choice.label
        return None

    def _match(self, entry: Mapping[str, Any], d: Decision) -> tuple[Any, str | None]:
        if entry.get("seat") != d.seat or entry.get("kind") != d.kind:
            return None, t("solo.diverge.asks", self.lang, seat=self.who(entry.get("seat")),
                           kind=kind_word(entry.get("kind"), self.lang), now_seat=self.who(d.seat),
                           now_kind=kind_word(d.kind, self.lang))
        wanted = canonical(entry.get("choice"))
        option = next((o for o in d.options if canonical(o) == wanted), _MISSING)
        if option is _MISSING:
            return None, t("solo.diverge.not_offered", self.lang, choice=repr(entry.get("choice")),
                           kind=kind_word(d.kind, self.lang))
        if entry.get("seq") != self.journal.seq or entry.get("digest") != self._digest():
            return None, t("solo.diverge.story", self.lang, seq=self.journal.seq, saved=entry.get("seq"))
        return option, None

    def _auto_answer(self, d: Decision, policy: str | None) -> Any:
        name = policy or self.views.policy(self.journal.events, d.seat) or "careful"
        agent = self.views.agent(name)
        self._auto_by = f"auto:{name}"
        return agent.choose(d, stream(self.seed, f"solo.auto.{self.step + 1}"))

    def _pending(self, d: Decision) -> Pending:
        from sim.agents import catalogue

        context = dict(d.context)
        try:
            prompt = catalogue.prompt(d.kind, self.lang, context)
            labels = catalogue.labels(d.kind, d.options, self.lang, context)
        except KeyError:  # a kind the catalogue has no words for: its id and the options' own text
            prompt, labels = d.kind, [str(o) for o in d.options]
        choices = [Choice(i, label, self.views.option_odds(d.kind, o, context))
                   for i, (label, o) in enumerate(zip(labels, d.options), start=1)]
        return Pending(d.seat, d.kind, prompt, choices, self.views.gm_says(d.kind, context), step=self.step + 1,
                       values=tuple(d.options), context=context)

    def _give(self, option: Any, by: str, typed: bool = True) -> None:
        """Hand an answer to the parked campaign and wait for its next decision."""
        self._to_campaign.put(("answer", option, by, typed))
        self._wait()

    def _stop(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            if self.pending is not None or self.diverged:
                self._to_campaign.put(("stop",))
            self._thread.join()
        self._thread = None

    def close(self) -> None:
        """End the campaign thread (everything resolved is in the save already) and let go of the save's lock."""
        self._stop()
        self.pending = None
        self.done = True
        close = getattr(self.save, "close", None)
        if close is not None:
            close()

    # ------------------------------------------------------------------ divergence

    def _accept_divergence(self) -> list[str]:
        """Continue from the last step that agrees: cut the save back to the entries replayed, ask live from here."""
        why = self.diverged
        kept = self._replayed
        self.save.truncate(kept)
        self._replay = []
        self.diverged = None
        return [f"{why}", t("solo.reply.continuing", self.lang, step=self.step, kept=kept, backup=f"{self.where}.1")]

    # ------------------------------------------------------------------ handling a line

    def handle(self, line: str) -> Reply:
        """One line the person typed: an answer to the pending decision, or a command."""
        text = line.strip()
        if self.diverged:
            return self._handle_divergence(text)
        if self._note_lines is not None:  # a note of several lines, ended by a lone "."
            if text != ".":
                self._note_lines.append(line.rstrip("\r\n"))
                return Reply([])
            written, self._note_lines = "\n".join(self._note_lines).strip("\n"), None
            return self._record({"type": "note", "text": written}) if written else Reply([self._t("reply.note_empty")])
        if not text:
            return Reply([])
        word, _, rest = text.partition(" ")
        word, rest = word.casefold(), rest.strip()
        if word in COMMANDS:
            if rest and word in TAKES_NOTHING:  # a command with words it does not understand says so (issue 30)
                return Reply([self._t("reply.takes_nothing", command=word, got=repr(rest))])
            return getattr(self, f"_cmd_{word}")(rest)
        if self.pending is None:
            return Reply([t("solo.reply.over", self.lang, commands=", ".join(COMMANDS))], done=self.done)
        from sim.agents.prompt import pick

        p = self.pending
        index = pick(text, p.values, [c.label for c in p.options])
        if index is None:
            return Reply([t("solo.reply.bad_answer", self.lang, n=len(p.options))])
        return self._go(p.values[index], "person")

    def _go(self, option: Any, by: str) -> Reply:
        start = self.journal.seq
        told_from = len(self._told)
        self._give(option, by)
        events = list(self.journal.events[start:])
        lines = [ln for _, ls in self._told[told_from:] for ln in ls]
        if self.done:
            lines += self.closing
        return Reply(lines, events=events, done=self.done)

    def _handle_divergence(self, text: str) -> Reply:
        answer = text.casefold()
        if answer in ("1", "continue", "last-agreeing", "yes", "y"):
            lines = self._accept_divergence()
            return Reply(lines)
        if answer in ("2", "stop", "no", "n", "quit"):
            self.close()
            return Reply([t("solo.reply.stopped", self.lang)], done=True)
        return Reply([self.diverged or "", f"  1. {t('terminal.diverged.continue', self.lang)}",
                      f"  2. {t('terminal.diverged.stop', self.lang)}"])

_MISSING = object()


def _holder_name(by: str) -> str:
    return HUMAN if by == "person" else by


def make_views(system: Any, content: Any, lang: str) -> SoloViews:
    """The system's solo views (``System.solo``), or the base that has none."""
    return system.solo(content, lang) if system.solo is not None else SoloViews(content, lang)


def replay_save(path: str | Path, *, markdown: bool) -> str:
    """The story of a save as Markdown, or its journal as JSON Lines (``sim solo export``): the save replayed,
    read only (a replay that disagrees with the save stops with one line)."""
    session = Session.resume(path, on_diverge="stop", lock=False)
    try:
        events = list(session.journal.events)
        from sim.solo import export

        if not markdown:
            return export.export_jsonl(events)
        return export.export_markdown(session.save.header, list(session.save.entries), events,
                                      session.scenario.content, session.lang, scenario_object=session.scenario)
    finally:
        session.close()
