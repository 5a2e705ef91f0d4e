"""What a solo session's entries do, live and replayed alike (mixed into :class:`sim.solo.session.Session`).

Each save entry the person made (a note, a thread or NPC edit, a drawn NPC, a clock of their own, a free roll,
fiction, a tension set by hand, an expectation, an oracle question, a free act) is applied here by :meth:`Entries._apply`,
which journals its event and returns its lines; :meth:`Entries._record` applies one and appends it to the save.
The oracle's scene checks at a new scene (ORACLE.SCENE.1) and the words of the session's own events live here
too. Randomness: the stream ``oracle`` for questions and scene checks, ``oracle.scene`` for what an altered or
interrupted scene draws, ``oracle.npc`` for drawn NPCs, ``solo.roll`` for free rolls, ``solo.act.<n>`` for the n-th
free act (:mod:`sim.rng`).
"""

from __future__ import annotations

import os
from typing import Any, Mapping

from sim.agents.seats import plain
from sim.errors import UsageError
from sim.i18n import t
from sim.solo.commands import Reply


class Entries:
    """The entry and oracle half of a session (see the module docstring)."""

    def _scene_check(self) -> None:
        """ORACLE.SCENE.1: the check, and what it makes of the scene. ``altered``: meaning words say how it differs
        (``meaning``); ``interrupted``: a random event is the scene instead, and the GM opens with it
        (``random_event``); ``expected``: what the person said they expect (``expect``), if they did. The words and
        the event come from the stream ``oracle.scene``, so the oracle's own answers draw as they always did."""
        try:
            from sim import oracle
        except ImportError:  # the oracle is not part of this engine: no scene checks
            return
        r = oracle.scene_check(self._oracle_rng, self.tension)
        self.scene_result = dict(r)
        more: dict[str, Any] = {}
        if self._expected is not None:
            more["expected"], self._expected = self._expected, None
        if r["result"] == "altered":
            more["meaning"] = plain(dict(oracle.meaning(self._scene_rng, oracle.load_words(), lang=self.lang)))
        elif r["result"] == "interrupted":
            more["random_event"] = plain(dict(oracle.random_event(
                self._scene_rng, oracle.load_words(), lang=self.lang, threads=self._weighted_threads(),
                npcs=tuple(self.npcs))))
        self.scene_result.update(more)
        self.journal.emit("scene_check", scene=self.scene_title, roll=r["roll"], result=r["result"],
                          tension=self.tension, opened_by=self._scene_event, **more)

    def _weighted_threads(self) -> tuple[str, ...]:
        """The open threads as a random event picks them: each as often as its weight (ORACLE.EVENT.3)."""
        return tuple(name for name in self.threads for _ in range(self.thread_weights.get(name, 1)))

    @property
    def tension_die(self) -> str:
        """The option ``oracle_events`` of the scenario (ORACLE.EVENT.1): ``d20`` (ours) or ``d100`` (Mythic's rate)."""
        options = getattr(self.scenario, "options", None) or {}
        return options.get("oracle_events", "d20")

    def _event_lines(self, e: Mapping[str, Any]) -> list[str]:
        """Lines for the session's own events (the system's storyteller knows only its own), as ``journal`` and
        the story between questions tell them."""
        name = e["event"]
        if name == "oracle_tension":
            return [t("solo.reply.tension", self.lang, before=e["before"], after=e["after"], reason=e["reason"])]
        if name == "scene_check":
            from sim.oracle.text import scene_lines

            return scene_lines(e, self.lang)
        if name == "oracle":
            from sim.oracle.text import answer_name, likelihood_name

            return [f"? {e['question']} ({likelihood_name(e['likelihood'], self.lang)}) -> "
                    f"{answer_name(e['answer'], self.lang)}"]
        if name == "note":
            return [t("solo.reply.note", self.lang, text=e["text"])]
        if name == "fiction":
            return [t("solo.reply.said", self.lang, text=e["text"])]
        if name == "player_clock":
            return [t(f"solo.reply.clock_{e['op']}", self.lang, name=e["name"], filled=e["filled"], size=e["size"])]
        if name == "free_act":
            return [t("solo.act.told", self.lang, seat=e["seat"], move=" ".join(e["move"]), text=e["text"])]
        if name == "solo_roll":
            total = e["total"]
            if "result" in e:  # a Blades pool: the die read and its result (BITD.CORE.1-2)
                total = f"{total} ({t('blades.result.' + e['result'], self.lang)})"
            kept = "".join(f" [{', '.join(map(str, k))}]" for k in e.get("kept", ()))
            return [t("solo.reply.rolled", self.lang, expr=e["expr"], faces=", ".join(map(str, e["faces"])) + kept,
                      total=total)]
        return []

    def begin_sitting(self, date: str | None = None) -> dict:
        """Record that the person sits down to play now (``sim solo new`` and ``continue`` call it): a ``sitting``
        entry with the day (``date``, else :func:`today`) and the journal event it begins after, which the story
        export shows ("Played 2026-12-04"). Nothing is journaled: the journal is the same on any day."""
        entry = {"type": "sitting", "date": date or today(), "seq": self.journal.seq}
        self.save.append(entry)
        self._replayed += 1
        return entry

    def _record(self, entry: dict) -> Reply:
        """Apply an entry (journaling its event) and append it to the save."""
        start = self.journal.seq
        lines, views = self._apply(entry)
        self.save.append(entry)
        self._replayed += 1
        return Reply(lines, views=views, events=list(self.journal.events[start:]))

    def _apply(self, entry: Mapping[str, Any]) -> tuple[list[str], list[tuple[str, dict]]]:
        """What an entry does, the same live and in replay: its journal event and its lines."""
        kind = entry.get("type")
        emit = self.journal.emit
        if kind == "note":
            emit("note", text=entry["text"])
            return [t("solo.reply.noted", self.lang, text=entry["text"])], []
        if kind == "clock":
            return self._own_clock_entry(entry)
        if kind == "say":
            emit("fiction", text=entry["text"])
            return [t("solo.reply.said", self.lang, text=entry["text"])], []
        if kind == "tension":
            before, after = self.tension, int(entry["level"])
            reason = t("solo.tension.set", self.lang)
            self.tension = after
            emit("oracle_tension", before=before, after=after, reason=reason, reasons=[reason], moves=[],
                 set_by="person")
            return [t("solo.reply.tension", self.lang, before=before, after=after, reason=reason)], []
        if kind == "npc" and entry.get("op") == "draw":
            return self._draw_npc()
        if kind == "expect":
            self._expected = entry["text"]
            emit("scene_expectation", text=entry["text"])
            return [t("solo.reply.expected", self.lang, text=entry["text"])], []
        if kind in ("thread", "npc"):
            names = self.threads if kind == "thread" else self.npcs
            op = entry["op"]
            if kind == "thread" and op == "add" and entry["text"] in names:  # again: it weighs more (ORACLE.EVENT.3)
                weight = self.thread_weights[entry["text"]] = min(3, self.thread_weights.get(entry["text"], 1) + 1)
                emit(kind, op=op, text=entry["text"], weight=weight)
                return [t("solo.reply.thread_weight", self.lang, text=entry["text"], weight=weight)], []
            self._edit(names, op, entry["text"])
            if kind == "thread" and op == "close":
                self.thread_weights.pop(entry["text"], None)
            emit(kind, op=op, text=entry["text"])
            return [t(f"solo.reply.{kind}_{op}", self.lang, text=entry["text"])], []
        if kind == "roll":
            from sim import dicexpr

            r = dicexpr.roll(self._roll_rng, entry["expr"])  # die by die from solo.roll, as NdM and Nd always were
            rolled = {"expr": entry["expr"], "faces": r["faces"], "total": r["total"],
                      **{k: r[k] for k in ("kept", "result") if k in r}}
            emit("solo_roll", **rolled)
            return self._event_lines({"event": "solo_roll", **rolled}), []
        if kind in ("oracle", "event", "meaning"):
            return self._oracle(entry)
        if kind == "act":
            return self._act(entry)
        if kind == "sitting":  # the day the person played: the story's, never the journal's (issue 30)
            return [], []
        return [], []  # an entry this engine does not know (a newer one's): kept in the save, nothing done

    def _act_check(self, seat: str, move: list[str], text: str) -> Any:
        """A free act's stakes and odds, nothing rolled (``odds act``, and before every act): the system's
        ``free_act`` (:class:`sim.systems.System`) with no stream, or the :class:`~sim.solo.kit.ActResult` that says
        why not (no free play in this system, nothing parked to act in)."""
        from sim.solo.kit import ActResult

        if self.system.free_act is None:
            return ActResult(False, [t("solo.act.no_free_play", self.lang)])
        state = getattr(self._seats, "state", None)
        d = self._deciding
        if state is None or d is None:
            return ActResult(False, [t("solo.act.not_now", self.lang)])
        return self.system.free_act(state, seat, d, list(move), text, None, self.lang)

    def _act(self, entry: Mapping[str, Any]) -> tuple[list[str], list[tuple[str, dict]]]:
        """``act MOVE "what I do"`` (issue 30): the stakes and odds the system sets (:meth:`_act_check`), journaled
        as ``free_act`` (seat, move, text, stakes, odds), then the roll from the stream ``solo.act.<n>`` (the n-th act
        of the session: the same seed and entries, the same dice) and its consequences, each journaled by the game
        state's own methods. A decision of the person's inside the act (resist, armor, mitigate) is answered by the
        seat's policy (:meth:`_act_answer`). An act that is not allowed when replayed journals nothing."""
        from sim.rng import stream

        seat, move, text = entry["seat"], list(entry["move"]), entry["text"]
        check = self._act_check(seat, move, text)
        if not check.ok:
            return list(check.lines), []
        self._acts += 1
        n = self._acts
        told = len(self._told)
        self.journal.emit("free_act", seat=seat, move=move, text=text, n=n, stakes=plain(check.stakes),
                          odds=plain(check.odds))
        state = self._seats.state
        self._acting = [n, 0]
        holder = self.seat.name
        try:
            done = self.system.free_act(state, seat, self._deciding, move, text, stream(self.seed, f"solo.act.{n}"),
                                        self.lang)
        finally:
            self._acting = None
            self.seat.name = holder
        said = [line for _, ls in self._told[told:] for line in ls]  # the act's line, then the roll's and after
        return said[:1] + list(check.lines) + said[1:] + list(done.lines), [("act", {"seat": seat, "move": move, "text": text, "stakes": plain(done.stakes),
                                           "odds": plain(check.odds)})]

    def _act_answer(self, d: Any) -> Any:
        """A decision of the person's seat asked inside a free act: the seat's policy answers it (the person is at
        the ``act`` prompt, not at a decision), from the stream ``solo.act.<n>.<k>`` (the k-th such decision of the
        n-th act), journaled as every decision is (``decision``, ``by: auto:POLICY``)."""
        from sim.rng import stream

        n, k = self._acting
        self._acting[1] = k + 1
        name = self.views.policy(self.journal.events, d.seat) or "careful"
        self.seat.name = f"auto:{name}"
        return self.views.agent(name).choose(d, stream(self.seed, f"solo.act.{n}.{k + 1}"))

    def _own_clock_entry(self, entry: Mapping[str, Any]) -> tuple[list[str], list[tuple[str, dict]]]:
        """A clock of the person's own: made, ticked (filled kept within 0..size) or cleared; journaled as
        ``player_clock`` (``op, name, size, filled``, and ``ticks`` for a tick)."""
        name, op = entry["name"], entry["op"]
        clocks = self.player_clocks
        if op == "new":
            clocks[name] = {"size": int(entry["size"]), "filled": 0}
        elif name not in clocks:  # a replayed entry for a clock this save never made: nothing to do
            return [], []
        extra: dict[str, Any] = {}
        if op == "tick":
            c = clocks[name]
            c["filled"] = max(0, min(c["size"], c["filled"] + int(entry["ticks"])))
            extra["ticks"] = int(entry["ticks"])
        clock = dict(clocks[name])
        if op == "clear":
            del clocks[name]
        self.journal.emit("player_clock", op=op, name=name, size=clock["size"], filled=clock["filled"], **extra)
        key = "clock_full" if op == "tick" and clock["filled"] >= clock["size"] else f"clock_{op}"
        return [t(f"solo.reply.{key}", self.lang, name=name, filled=clock["filled"], size=clock["size"])], []

    def _draw_npc(self) -> tuple[list[str], list[tuple[str, dict]]]:
        """``npc``: a new NPC, named from the scenario's name pool and given a meaning pair to read as what they
        want, drawn from the stream ``oracle.npc``; journaled (``npc``: ``op: add, text, drawn, action, subject``)
        and added to the NPCs the oracle draws on."""
        from sim import oracle
        from sim.names import NamePool

        locale = getattr(self.scenario, "name_locale", None) or _locale(self.lang)
        name = NamePool.for_locale(locale).pick_new(self._npc_rng, set(self.npcs))
        wants = plain(dict(oracle.meaning(self._npc_rng, oracle.load_words(), lang=self.lang)))
        self._edit(self.npcs, "add", name)
        self.journal.emit("npc", op="add", text=name, drawn=True, **wants)
        from sim.oracle.text import meaning_line

        return ([t("solo.reply.npc_drawn", self.lang, text=name,
                   wants=meaning_line(wants, oracle.load_words(), self.lang))], [("npcs", {"npcs": list(self.npcs)})])

    def _oracle(self, entry: Mapping[str, Any]) -> tuple[list[str], list[tuple[str, dict]]]:
        """``ask``, ``event``, ``meaning``: the oracle's draw from the stream ``oracle``, journaled, in words."""
        from sim import oracle
        from sim.oracle.text import ask_lines, event_line, meaning_line

        words = oracle.load_words()
        kind = entry["type"]
        threads, npcs = self._weighted_threads(), tuple(self.npcs)
        if kind == "oracle":
            r = plain(dict(oracle.ask(self._oracle_rng, entry["question"], entry["likelihood"], self.tension, words,
                                      lang=self.lang, threads=threads, npcs=npcs, tension_die=self.tension_die)))
            # the journal's own ``event`` field names the event, so the random event rides as ``random_event``
            self.journal.emit("oracle", **{k: v for k, v in r.items() if k != "event"}, random_event=r.get("event"))
            return ask_lines(r, words, self.lang), [("oracle", r)]
        if kind == "event":
            r = plain(dict(oracle.random_event(self._oracle_rng, words, lang=self.lang, threads=threads, npcs=npcs)))
            self.journal.emit("oracle_event", **r)
            return [event_line(r, words, self.lang)], [("oracle", {"event": r})]
        r = plain(dict(oracle.meaning(self._oracle_rng, words, lang=self.lang)))
        self.journal.emit("oracle_meaning", **r)
        return [meaning_line(r, words, self.lang)], [("oracle", {"meaning": r})]




def _locale(lang: str) -> str:
    from sim.i18n import default_name_locale

    return default_name_locale(lang)


def today() -> str:
    """Today's date, ISO (``2026-12-04``), for a sitting; ``SIM_SOLO_DATE`` (an ISO date) fixes it, for tests and
    for a person recording a sitting played away from the machine."""
    import datetime

    fixed = os.environ.get("SIM_SOLO_DATE")
    if fixed:
        try:
            return datetime.date.fromisoformat(fixed.strip()).isoformat()
        except ValueError:
            raise UsageError(f"SIM_SOLO_DATE must be an ISO date (2026-12-04), got {fixed!r}") from None
    return datetime.date.today().isoformat()
