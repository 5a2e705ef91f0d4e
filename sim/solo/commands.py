"""The command layer's values and commands: what one line a person types does in a solo session.

:class:`Pending` (the decision waiting), :class:`Choice` (one numbered option with its odds) and
:class:`Reply` (text, views, events) are what :class:`sim.solo.session.Session` hands a front end (the plain
loop, the terminal, a web page later). :class:`Commands` holds the commands a person may type at any prompt;
the session mixes it in. Read-only commands answer from the journal so far (the system's views,
:mod:`sim.solo.kit`); the others become save entries through ``Session._record``, so they replay like any
step. ``roll EXPR`` is a free roll of any dice expression (:mod:`sim.dicexpr`: ``1d6+2``, ``3d6kh1``, ``4dF+2``,
``2d``, ``0d``; from the stream ``solo.roll``). ``ask`` reads a likelihood in any language, spelling or synonym
(:mod:`sim.oracle.likelihood`), and ``odds ask QUESTION [LIKELIHOOD]`` shows the answer odds before asking.
``act MOVE... "what I do"`` is free play (issue 30): the system's ``free_act`` (:class:`sim.systems.System`) sets the
stakes and odds (``odds act`` shows them alone), and the act, a save entry, takes the place of the action the person
was asked for (that decision is answered ``by: act`` and set aside by the engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from sim.agents.base import Decision
from sim.i18n import t
from sim.rng import Rng


@dataclass
class Choice:
    number: int
    label: str
    odds: str | None = None


@dataclass
class Pending:
    """The decision waiting for the person."""

    seat: str
    kind: str
    prompt: str
    options: list[Choice]
    gm_says: list[str] = field(default_factory=list)
    step: int = 0                       # the answer this decision will be (1, 2, ...)
    values: tuple = ()                  # the engine's options, in order (what an answer maps to)
    context: Mapping[str, Any] = field(default_factory=dict)  # the decision's context with its briefing


@dataclass
class Reply:
    """What one line did: ``text`` (plain lines, what a pipe prints), ``views`` (``(name, plain JSON data)`` for a
    richer front end: ``sheet`` ``{"pcs": {id: {name, stress, ...}}}``, ``crew`` ``{"crew": {...}}``, ``clocks``
    ``{"clocks": [{name, kind, filled, size}]}``, ``factions`` ``{"factions": [{id, name, tier, hold, status,
    clocks}]}``, ``journal`` ``{"events": [{seq, lines}]}``, ``oracle`` (the journaled result), ``odds``, ``scene``,
    ``threads``, ``npcs``), the journal ``events`` it caused, and ``done`` (quit, or the campaign is over).

    While ``Session.diverged`` is set (a replay that disagrees with the save), the next line answers it: ``1``
    continues from the last step that agrees, ``2`` stops with the save unchanged."""

    text: list[str]
    views: list[tuple[str, dict]] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    done: bool = False


COMMAND_HELP: dict[str, str] = {
    "help": "help [COMMAND]: the commands, or one command's use",
    "sheet": "sheet [PC]: the characters' sheets (or one, by id or name)",
    "crew": "crew: the crew's sheet",
    "clocks": "clocks: the clocks running, the game's and your own",
    "clock": "clock new NAME SIZE | clock tick NAME [N] | clock clear NAME: a clock of your own, journaled and saved",
    "act": "act MOVE... \"what I do\": free play: act outside a prompt (an action, a skill, tags); the GM sets the "
           "stakes by the rules and says why, shows the odds, rolls and applies the consequences",
    "say": "say TEXT: what happens in the fiction, in your words, kept in the journal and the story",
    "tension": "tension N: set the oracle's tension (1..9), journaled with its reason",
    "factions": "factions: each faction's Tier, hold, status and clocks",
    "ask": "ask QUESTION [LIKELIHOOD]: ask the oracle a yes/no question (likelihood: impossible .. certain; "
           "default even), at the session's tension",
    "event": "event: a random event (focus and meaning)",
    "meaning": "meaning: a meaning word pair (action and subject)",
    "scene": "scene: the current scene, its scene check and the tension",
    "threads": "threads | threads add TEXT | threads close TEXT: the open threads the oracle draws on",
    "npcs": "npcs | npcs add NAME | npcs remove NAME: the NPCs the oracle draws on",
    "npc": "npc: a new NPC, named and with a meaning pair for what they want, added to the NPCs the oracle draws on",
    "expect": "expect TEXT: what you expect the next scene to be; its scene check reads against it",
    "roll": "roll EXPR: a free roll of any dice (1d6+2, 3d6kh1, 4dF+2, d%; Nd: a Blades pool of N d6, 0d the lower "
            "of two)",
    "odds": "odds | odds ask QUESTION [LIKELIHOOD] | odds act MOVE... \"what I do\": the current decision's odds "
            "in full, an oracle question's answer odds before you ask it, or a free act's stakes and odds before you "
            "act",
    "note": "note TEXT: a note in the journal (note alone: the lines that follow, until a line with only .)",
    "journal": "journal [N]: the last N narrated events (default 10)",
    "undo": "undo: step back one answer, or the act since it (the save is cut back and the story replayed); "
            "repeatable",
    "save": "save: every resolved step is already saved; says where",
    "quit": "quit: end the session (everything resolved is saved)",
    "auto": "auto | auto POLICY | auto score: let the seat's policy (or POLICY) answer this decision, "
            "or every decision to the end of the score",
}
COMMANDS = tuple(COMMAND_HELP)
#: the commands that show one of a system's own views: a session offers those its system has (``SoloViews.views``)
VIEW_COMMANDS = ("sheet", "crew", "clocks", "factions")
#: the commands that take no words after them: given some, the session says so in one line (issue 30)
TAKES_NOTHING = ("crew", "factions", "event", "meaning", "scene", "npc", "undo", "save", "quit")


class Commands:
    """The commands of a solo session (mixed into :class:`sim.solo.session.Session`).

    Every sentence a command answers is a ``solo.*`` term (content/i18n/terms/solo.yaml) in the session's
    language (``self.lang``); :data:`COMMAND_HELP` keeps the English for code that reads it."""

    def _t(self, key: str, **fields: object) -> str:
        return t(f"solo.{key}", self.lang, **fields)

    # ------------------------------------------------------------------ commands

    def offered(self) -> tuple[str, ...]:
        """The commands this session offers in help and completion: all but the views its system lacks (a Fate or
        mist session has no ``crew`` or ``factions``)."""
        have = self.views.views
        return tuple(c for c in COMMANDS if c not in VIEW_COMMANDS or c in have)

    def _cmd_help(self, rest: str) -> Reply:
        offered = self.offered()
        if rest:
            word = rest.split()[0].casefold()
            if word not in COMMAND_HELP:
                return Reply([self._t("reply.no_command", word=repr(word), commands=", ".join(offered))])
            return Reply([self._t(f"help.{word}")])
        return Reply([self._t("help.intro")] + [f"  {self._t('help.' + c)}" for c in offered])

    def _view(self, name: str, lines: list[str], data: dict) -> Reply:
        return Reply(lines, views=[(name, data)])

    def _cmd_sheet(self, rest: str) -> Reply:
        pc = None
        if rest:
            names = self.views.characters(self.journal.events)
            folded = rest.casefold()
            pc = next((pid for pid, name in names.items() if folded in (pid.casefold(), name.casefold())), None)
            if pc is None:
                return Reply([self._t("reply.no_pc", name=repr(rest),
                                      crew=", ".join(f"{n} ({p})" for p, n in names.items()))])
        return self._view("sheet", *self.views.sheet(self.journal.events, pc))

    def _cmd_crew(self, rest: str) -> Reply:
        return self._view("crew", *self.views.crew(self.journal.events))

    def _cmd_clocks(self, rest: str) -> Reply:
        word, _, more = rest.partition(" ")
        if word.casefold() in ("add", "new"):  # ``clocks add Gang war 6`` makes one, as ``clock new`` does
            return self._cmd_clock(f"new {more}")
        if rest:
            return Reply([self._t("reply.clocks_usage", got=repr(rest))])
        lines, data = self.views.clocks(self.journal.events)
        if self.player_clocks:
            lines = list(lines) + [self._t("reply.own_clocks")] + [
                f"  {name} {c['filled']}/{c['size']}" for name, c in self.player_clocks.items()]
            data = {**data, "own": [{"name": n, **c} for n, c in self.player_clocks.items()]}
        return self._view("clocks", lines, data)

    def _cmd_clock(self, rest: str) -> Reply:
        """``clock new NAME SIZE``, ``clock tick NAME [N]``, ``clock clear NAME``: the person's own clocks."""
        op, _, more = rest.strip().partition(" ")
        op, more = op.casefold(), more.strip()
        words = more.split()
        if op == "new" and len(words) >= 2 and words[-1].isdigit() and 2 <= int(words[-1]) <= 64:
            name = " ".join(words[:-1])
            if self._own_clock(name) is not None:
                return Reply([self._t("reply.clock_exists", name=name)])
            return self._record({"type": "clock", "op": "new", "name": name, "size": int(words[-1])})
        if op == "tick" and words:
            n = 1
            if len(words) >= 2 and words[-1].lstrip("-").isdigit():
                n, words = int(words[-1]), words[:-1]
            name = self._own_clock(" ".join(words))
            if name is None:
                return Reply([self._t("reply.no_clock", name=" ".join(words), clocks=self._clock_names())])
            if not (-64 <= n <= 64) or n == 0:
                return Reply([self._t("reply.clock_usage")])
            return self._record({"type": "clock", "op": "tick", "name": name, "ticks": n})
        if op == "clear" and words:
            name = self._own_clock(" ".join(words))
            if name is None:
                return Reply([self._t("reply.no_clock", name=" ".join(words), clocks=self._clock_names())])
            return self._record({"type": "clock", "op": "clear", "name": name})
        return Reply([self._t("reply.clock_usage")])

    def _own_clock(self, name: str) -> str | None:
        folded = name.strip().casefold()
        return next((n for n in self.player_clocks if n.casefold() == folded), None)

    def _clock_names(self) -> str:
        return ", ".join(self.player_clocks) or self._t("reply.no_own_clocks")

    def _act_words(self, rest: str) -> tuple[str, list[str], str] | Reply:
        """``(seat, move, text)`` read from what follows ``act`` (shell quoting: ``act "Quick fingers" "pick the
        lock"``; the last word is what the character does, the words before it the move), or the Reply that says why
        not. The seat is the one whose decision is waiting (the person's first seat when none is)."""
        import shlex

        try:
            words = shlex.split(rest)
        except ValueError:  # an unclosed quote
            words = []
        if len(words) < 2 or not words[-1].strip() or not all(w.strip() for w in words[:-1]):
            return Reply([self._t("act.usage")])
        if self.done or self.pending is None:
            return Reply([self._t("act.not_now")])
        seat = self.pending.seat if self.pending.seat in self.people else self.people[0]
        return seat, [w.strip() for w in words[:-1]], words[-1].strip()

    def _cmd_act(self, rest: str) -> Reply:
        """``act MOVE... "what I do"``: free play (issue 30). The system sets the stakes and the odds
        (:meth:`_act_check`); an act it refuses says why in one line and saves nothing; otherwise the act becomes a
        save entry (``act``: seat, move, text) and is applied (:meth:`sim.solo.entries.Entries._act`)."""
        read = self._act_words(rest)
        if isinstance(read, Reply):
            return read
        seat, move, text = read
        check = self._act_check(seat, move, text)
        if not check.ok:
            return Reply(list(check.lines))
        acted = self._record({"type": "act", "seat": seat, "move": move, "text": text})
        if not any(e["event"] == "free_act" for e in acted.events) or self.pending is None:
            return acted
        # the act took the place of the action asked for: the waiting decision is answered (its first option, by
        # "act") and set aside by the system, and the campaign runs on to the person's next decision
        start, told_from = self.journal.seq, len(self._told)
        self._give(self.pending.values[0], "act", typed=False)
        lines = [ln for _, ls in self._told[told_from:] for ln in ls] + (self.closing if self.done else [])
        return Reply(acted.text + lines, views=acted.views, events=acted.events + list(self.journal.events[start:]),
                     done=self.done)

    def _cmd_say(self, rest: str) -> Reply:
        if not rest.strip():
            return Reply([self._t("reply.say_usage")])
        return self._record({"type": "say", "text": rest.strip()})

    def _cmd_tension(self, rest: str) -> Reply:
        from sim.oracle.scale import TENSION_MAX, TENSION_MIN

        word = rest.strip()
        if not word.isdigit() or not TENSION_MIN <= int(word) <= TENSION_MAX:
            return Reply([self._t("reply.tension_usage", tension=self.tension)])
        return self._record({"type": "tension", "level": int(word)})

    def _cmd_factions(self, rest: str) -> Reply:
        return self._view("factions", *self.views.factions(self.journal.events))

    def _cmd_odds(self, rest: str) -> Reply:
        word, _, more = rest.partition(" ")
        if word.casefold() == "ask":
            return self._ask_odds(more.strip())
        if word.casefold() == "act":
            read = self._act_words(more.strip())
            if isinstance(read, Reply):
                return read
            check = self._act_check(*read)
            return Reply(list(check.lines), views=[("odds", {"kind": "act", "lines": list(check.lines),
                                                             "stakes": check.stakes, "odds": check.odds})]
                         if check.ok else [])
        if rest.strip():
            return Reply([self._t("reply.odds_usage", got=repr(rest.strip()))])
        p = self.pending
        if p is None:
            return Reply([self._t("reply.no_decision")])
        odds = [f"  {c.number}. {c.label}: {c.odds}" for c in p.options if c.odds]
        lines = list(p.gm_says) + odds + self.views.odds_detail(p.kind, p.values, p.context)
        if not odds:
            lines.append(self._t("reply.no_roll"))
        return Reply(lines, views=[("odds", {"kind": p.kind, "lines": lines})])

    def _cmd_journal(self, rest: str) -> Reply:
        n = 10
        if rest:
            if not rest.isdigit() or int(rest) < 1:
                return Reply([self._t("reply.journal_n", got=repr(rest))])
            n = int(rest)
        told = self._told[-n:]
        lines = [ln for _, ls in told for ln in ls]
        return Reply(lines or [self._t("reply.nothing_told")],
                     views=[("journal", {"events": [{"seq": s, "lines": ls} for s, ls in told]})])

    def _cmd_save(self, rest: str) -> Reply:
        return Reply([self._t("reply.saved_where", path=self.where, entries=len(self.save.entries), step=self.step)])

    def _cmd_quit(self, rest: str) -> Reply:
        self.close()
        return Reply([self._t("reply.quit", path=self.where)], done=True)

    def _cmd_note(self, rest: str) -> Reply:
        if not rest:  # a note of several lines follows, until a line holding only "."
            self._note_lines = []
            return Reply([self._t("reply.note_lines")])
        return self._record({"type": "note", "text": rest})

    def _cmd_threads(self, rest: str) -> Reply:
        return self._edit_list("thread", self.threads, rest, ("add", "close"))

    def _cmd_npcs(self, rest: str) -> Reply:
        return self._edit_list("npc", self.npcs, rest, ("add", "remove"))

    def _cmd_npc(self, rest: str) -> Reply:
        return self._oracle_only({"type": "npc", "op": "draw"})

    def _cmd_expect(self, rest: str) -> Reply:
        if not rest.strip():
            return Reply([self._t("reply.expect_usage")])
        return self._record({"type": "expect", "text": rest.strip()})

    def _edit_list(self, kind: str, names: list[str], rest: str, ops: tuple[str, str]) -> Reply:
        if not rest:
            lines = [f"  {i}. {n}" for i, n in enumerate(names, start=1)] or [self._t(f"reply.no_{kind}s")]
            return Reply(lines, views=[(f"{kind}s", {f"{kind}s": list(names)})])
        op, _, text = rest.partition(" ")
        op, text = op.casefold(), text.strip()
        if op not in ops or not text:
            return Reply([self._t(f"reply.{kind}s_usage")])
        if op == ops[1]:
            if text.isdigit() and 1 <= int(text) <= len(names):
                text = names[int(text) - 1]
            if text not in names:
                return Reply([self._t(f"reply.no_{kind}", text=repr(text))])
        return self._record({"type": kind, "op": op, "text": text})

    def _cmd_roll(self, rest: str) -> Reply:
        from sim import dicexpr
        from sim.errors import UsageError

        if not rest.strip():
            return Reply([self._t("reply.roll_usage")])
        try:
            dicexpr.parse(rest)
        except UsageError as exc:  # the reason is English: a person in another language reads the examples
            return Reply([self._t("reply.roll_usage")] + ([f"  ({exc})"] if self.lang == "en" else []))
        return self._record({"type": "roll", "expr": rest.strip().lower()})

    def _question(self, rest: str) -> tuple[str, str] | Reply:
        """``(question, likelihood)`` read from what follows ``ask`` (ORACLE.SCALE.1), or the Reply that says why not."""
        try:
            from sim.oracle.likelihood import UnknownLikelihood, split_question
        except ImportError:
            return Reply([self._t("reply.no_oracle")])
        if not rest:
            return Reply([self._t("reply.ask_usage")])
        try:
            question, likelihood = split_question(rest)
        except UnknownLikelihood as exc:
            return Reply([self._t("reply.unknown_likelihood", word=repr(exc.word), scale=self._scale())])
        return question, likelihood or "even"

    def _scale(self) -> str:
        from sim.oracle import LIKELIHOODS
        from sim.oracle.text import likelihood_name

        return t("solo.sheet.list_sep", self.lang).join(likelihood_name(name, self.lang) for name in LIKELIHOODS)

    def _cmd_ask(self, rest: str) -> Reply:
        read = self._question(rest)
        if isinstance(read, Reply):
            return read
        question, likelihood = read
        return self._record({"type": "oracle", "question": question, "likelihood": likelihood})

    def _ask_odds(self, rest: str) -> Reply:
        """``odds ask QUESTION [LIKELIHOOD]``: the exact chance of each answer and of a random event at the session's
        tension, before asking (ORACLE.ANSWER.1-2, ORACLE.EVENT.1); nothing is drawn or journaled."""
        read = self._question(rest)
        if isinstance(read, Reply):
            return read
        question, likelihood = read
        from sim import oracle
        from sim.oracle.text import answer_name, likelihood_name, modifiers

        odds = oracle.exact(likelihood, self.tension)
        lines = [f"{question} — {likelihood_name(likelihood, self.lang)} "
                 f"({modifiers(likelihood, self.tension, self.lang)})"]
        lines += [f"  {answer_name(a, self.lang)}: {float(p):.1%} ({p.numerator}/{p.denominator})"
                  for a, p in odds["outcomes"].items()]
        event = odds["event_chance"]
        lines.append(f"  {t('oracle.term.random_event', self.lang)}: {float(event):.1%} "
                     f"({event.numerator}/{event.denominator})")
        data = {"question": question, "likelihood": likelihood, "tension": self.tension,
                "outcomes": {a: str(p) for a, p in odds["outcomes"].items()}, "event_chance": str(event)}
        return Reply(lines, views=[("odds", {"kind": "oracle", "lines": lines, "oracle": data})])

    def _cmd_event(self, rest: str) -> Reply:
        return self._oracle_only({"type": "event"})

    def _cmd_meaning(self, rest: str) -> Reply:
        return self._oracle_only({"type": "meaning"})

    def _oracle_only(self, entry: dict) -> Reply:
        import importlib.util

        if importlib.util.find_spec("sim.oracle") is None:
            return Reply([self._t("reply.no_oracle")])
        return self._record(entry)

    def _cmd_scene(self, rest: str) -> Reply:
        lines = [self._t("reply.scene", scene=self.scene_title or self._t("reply.no_scene"), tension=self.tension)]
        if self.scene_result:
            lines.append(self._t("reply.scene_check", result=t(f"oracle.scene.{self.scene_result['result']}",
                                                                 self.lang)))
        more, state = self.views.scene_view(self.journal.events)
        return Reply(lines + more, views=[("scene", {"scene": self.scene_title, "tension": self.tension,
                                                     "check": self.scene_result, **({"state": state} if state else {})})])

    def _cmd_auto(self, rest: str) -> Reply:
        p = self.pending
        if p is None:
            return Reply([self._t("reply.no_decision")])
        from sim.agents.base import load_policies

        word = rest.casefold()
        if word == "score":
            self._auto_until = self.views.auto_until(self.journal.phase)
            self._auto_stopped = False
            d = Decision(p.kind, p.seat, p.values, p.context)
            option = self._auto_answer(d, None)
            reply = self._go(option, self._auto_by)
            self._auto_until = None
            return reply
        if word and word not in load_policies()["players"]:
            return Reply([self._t("reply.auto_usage", policies=", ".join(sorted(load_policies()["players"])))])
        d = Decision(p.kind, p.seat, p.values, p.context)
        option = self._auto_answer(d, word or None)
        return self._go(option, self._auto_by)

    def _cmd_undo(self, rest: str) -> Reply:
        """Step back the last answer the person typed, or a free act made since it (``act``: its roll and
        consequences go with it); the save is cut back and the story replayed."""
        entries = self.save.entries
        last = next((i for i in range(len(entries) - 1, -1, -1)
                     if (entries[i].get("type") == "answer" and entries[i].get("typed", True))
                     or entries[i].get("type") == "act"), None)
        if last is None:
            return Reply([self._t("reply.nothing_to_undo")])
        undone = entries[last]
        sittings = [e for e in entries[last + 1:] if e.get("type") == "sitting"]  # the days played stay recorded
        self._stop()
        self.save.truncate(last)
        self._start()
        for sitting in sittings:
            self.save.append({**sitting, "seq": min(int(sitting.get("seq", 0)), self.journal.seq)})
            self._replayed += 1
        if undone.get("type") == "act":
            return Reply([self._t("act.undone", move=" ".join(undone.get("move") or ()), text=undone.get("text"))])
        return Reply([self._t("reply.undone", step=undone.get("step"), seat=self.who(undone.get("seat")),
                              kind=kind_word(undone.get("kind"), self.lang))])

    def who(self, seat: Any) -> str:
        """A seat as a person reads it: the name of the character in it (``pc1`` -> "Alisha Mccarty"), else the
        seat (the GM's seat is "GM")."""
        names = self._seat_names()
        if seat in names:
            return names[seat]
        return self._t("reply.gm_seat") if seat == "gm" else str(seat)

    def _seat_names(self) -> dict:
        n = len(self.journal.events)
        cached = getattr(self, "_names_at", None)
        if cached is None or cached[0] != n:
            self._names_at = (n, dict(self.views.characters(self.journal.events)))
        return self._names_at[1]

    # ------------------------------------------------------------------ completion

    def completions(self, text: str) -> list[str]:
        """The words that could complete the last word of ``text`` (command names, PCs, likelihoods, labels)."""
        words = text.split(" ")
        last = words[-1].casefold()
        first = words[0].casefold() if len(words) > 1 else None
        if first is None:
            pool = list(self.offered()) + ([c.label for c in self.pending.options] if self.pending else [])
        elif first == "sheet":
            names = self.views.characters(self.journal.events)
            pool = list(names) + list(names.values())
        elif first == "help":
            pool = list(self.offered())
        elif first == "auto":
            from sim.agents.base import load_policies

            pool = ["score"] + sorted(load_policies()["players"])
        elif first in ("ask", "odds") and len(words) > 2:
            pool = self._likelihood_words()
        elif first == "clock" and len(words) == 2:
            pool = ["new", "tick", "clear"]
        elif first == "clock" and words[1].casefold() in ("tick", "clear") and len(words) == 3:
            pool = list(self.player_clocks)  # the person's own clocks by name (a name's first word, as Tab sees it)
        elif first in ("threads", "npcs") and len(words) == 2:
            pool = ["add", "close"] if first == "threads" else ["add", "remove"]
        else:
            pool = []
        return [w for w in dict.fromkeys(pool) if w.casefold().startswith(last)]


    def _likelihood_words(self) -> list[str]:
        """The likelihoods as Tab completes them: by name in the play's language (``极有可能``), then by id (an
        English name is its id, ``very_likely``, since a space would end the word)."""
        try:
            from sim.oracle import LIKELIHOODS
            from sim.oracle.text import likelihood_name
        except ImportError:
            return []
        if self.lang == "en":
            return list(LIKELIHOODS)
        return [likelihood_name(n, self.lang).replace(" ", "_") for n in LIKELIHOODS] + list(LIKELIHOODS)


def kind_word(kind: object, lang: str | None) -> str:
    """A decision kind in words, never its id: the catalogue's short name (``decision.<kind>.name``,
    content/i18n/terms/decision_names.yaml: ``push`` "push yourself?", ``fate_invoke`` "invoke an aspect?"), else its
    Blades term where there is one, else the word for "a decision"."""
    from sim.i18n import has

    if has(f"decision.{kind}.name"):
        return t(f"decision.{kind}.name", lang)
    if has(f"blades.term.{kind}"):
        return t(f"blades.term.{kind}", lang)
    return t("solo.reply.decision", lang)


def parse_roll(expr: str) -> tuple[int, int | None] | None:
    """``NdM`` -> (N, M); ``Nd`` -> (N, None) (a Blades pool); None if it is neither (N 1..30, M 2..1000).

    The older, narrower reading, kept for code that imports it; solo play rolls :mod:`sim.dicexpr` expressions."""
    text = expr.strip().lower()
    n, sep, m = text.partition("d")
    if not sep or not n.isdigit() or not 1 <= int(n) <= 30:
        return None
    if m == "":
        return int(n), None
    if not m.isdigit() or not 2 <= int(m) <= 1000:
        return None
    return int(n), int(m)


def roll(rng: Rng, expr: str) -> tuple[list[int], int]:
    """A free roll: the faces and the total of any :mod:`sim.dicexpr` expression (NdM: their sum; Nd: the highest
    d6, BITD.CORE.1), rolled die by die as solo play always has."""
    from sim import dicexpr

    r = dicexpr.roll(rng, expr)
    return r["faces"], r["total"]
