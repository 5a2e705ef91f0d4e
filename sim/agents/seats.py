"""Seats: who answers each decision, and the one door every decision goes through.

A *seat* is a place at the table: a player character's id (``pc1``) or
``"gm"``. Each seat is held by an :class:`~sim.agents.base.Agent`: a scripted
policy (``careful``, ``standard``...), recorded answers (:class:`Replay`), or a
person (``human``; the terminal seat of solo play implements the same
``choose``). Every system asks through :meth:`Seats.ask` (or :meth:`Seats.decide`,
the same with the context as keyword arguments), which

* gives each seat its own random stream (``seat.<seat>`` of the run's seed,
  :func:`sim.rng.stream`), so a seat answered from a record, which draws
  nothing, leaves every other stream, the dice included, exactly as it was;
* refuses an answer that is not one of the legal options
  (:class:`~sim.errors.IllegalMove`, one sentence naming the seat, the
  holder, the answer and the options);
* journals a ``decision`` event (``seat``, ``kind``, ``options`` in offered
  order, ``choice``, ``by``: the holder's name) for every decision with more
  than one option, when the journal keeps its events. Forced choices (one
  option) are not journaled: replay answers them the same way without a record.

Options and choices are journaled as plain JSON (tuples become lists, see
:func:`plain`); :class:`Replay` maps a recorded choice back to the option
offered, by its canonical JSON text.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Sequence

from sim.agents.base import _DECISIONS, Agent, Decision, ScriptedAgent, unscripted
from sim.errors import IllegalMove, UsageError
from sim.journal import Journal
from sim.rng import Rng, stream

HUMAN = "human"

_new_decision = tuple.__new__  # Decision(...) without the named tuple's own __new__ frame (same tuple)

#: how a seat is answered: a plain ScriptedAgent (its policy function, called straight from decide), a person
#: (briefed first), anyone else (their own ``choose``)
SCRIPTED, PERSON, OTHER = 0, 1, 2


def plain(value: Any) -> Any:
    """``value`` as plain JSON data: tuples become lists (recursively), the rest is kept."""
    if type(value) is tuple or type(value) is list:
        return [plain(v) for v in value]
    if type(value) is dict:
        return {str(k): plain(v) for k, v in value.items()}
    return value


def canonical(value: Any) -> str:
    """The canonical JSON text of ``value`` (how replay compares a recorded choice with an option)."""
    return json.dumps(plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def is_legal(choice: Any, options: Sequence[Any]) -> bool:
    """``choice`` is one of ``options``, and of the same type (``True`` is not the option ``1``)."""
    if choice not in options:
        return False
    kind = type(choice)
    if kind is bool or kind is int or kind is float:
        for option in options:
            if type(option) is kind and option == choice:
                return True
        return False
    return True


class Seats:
    """The seat -> agent map of one run, each seat's random stream, and :meth:`decide`.

    ``seed`` is the run's seed (a campaign's); each seat's stream is derived
    from it by name, lazily, so a seat that joins later (a recruit) gets its
    own stream without shifting anyone else's.
    """

    __slots__ = ("agents", "seed", "journal", "asked", "recorded", "state", "_rngs", "_seated", "_keep", "_leads")

    def __init__(self, agents: Mapping[str, Agent], seed: int, journal: Journal | None = None):
        self.seed = int(seed)
        self.journal = journal if journal is not None else Journal(keep=False)
        self._keep = self.journal.events is not None
        self.asked = 0  # decisions asked, forced ones too (``sim bench`` weighs their cost)
        self.recorded = 0  # ``decision`` events journaled (only a keeping journal gets them)
        #: the game state that asks (a Campaign, a Fate Scene): a person's decisions are briefed against it
        #: (:func:`sim.agents.briefing.brief`: odds, costs, the GM's reasons, names), never a scripted seat's
        self.state: Any = None
        self.agents: dict[str, Agent] = {}
        self._rngs: dict[str, Rng] = {}
        self._seated: dict[str, tuple[Agent, Rng, int]] = {}  # the hot path's one lookup: agent, stream, how answered
        self._leads: set[str] = set()  # the seats whose holder leads (:meth:`leads`)
        for seat, agent in agents.items():
            self.sit(seat, agent)

    def sit(self, seat: str, agent: Agent) -> None:
        """Put ``agent`` in ``seat`` (a new scoundrel's seat, or a holder replaced)."""
        self.agents[seat] = agent
        how = PERSON if getattr(agent, "person", False) else SCRIPTED if type(agent) is ScriptedAgent else OTHER
        self._seated[seat] = (agent, self.rng(seat), how)
        leads = getattr(agent, "leads", None)  # a holder that is no Agent (a bare chooser) says nothing: it doesn't lead
        if leads is not None and leads(seat):
            self._leads.add(seat)
        else:
            self._leads.discard(seat)

    def leads(self, seat: str) -> bool:
        """Whether ``seat``'s holder leads (issue 30): a person, offered every move the rules allow where a policy is
        offered the engine's shortlist (:meth:`sim.agents.base.Agent.leads`). A recorded person's answers replayed
        (:class:`Replay`) lead as they did, so the replay is asked the same menus."""
        return seat in self._leads

    def holder(self, seat: str) -> Agent:
        try:
            return self.agents[seat]
        except KeyError:
            raise self._nobody(seat) from None

    def _nobody(self, seat: str) -> IllegalMove:
        return IllegalMove(f"nobody sits in seat {seat!r}; seats: {', '.join(sorted(self.agents))}")

    def _brief(self, d: Decision) -> dict:
        """A person's context: the briefing (:func:`sim.agents.briefing.brief`) under the caller's own context."""
        if self.state is None:
            return dict(d.context)
        from sim.agents.briefing import brief

        return {**brief(self.state, d), **d.context}

    def rng(self, seat: str) -> Rng:
        """The seat's own random stream (``seat.<seat>``)."""
        rng = self._rngs.get(seat)
        if rng is None:
            rng = self._rngs[seat] = stream(self.seed, f"seat.{seat}")
        return rng

    def decide(self, seat: str, kind: str, options: Sequence[Any], **context: Any) -> Any:
        """Ask the holder of ``seat`` to choose one of ``options``; refuse any other answer (:meth:`ask`)."""
        return self.ask(seat, kind, options, context)

    def ask(self, seat: str, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> Any:
        """:meth:`decide` with the context as one mapping, which becomes the Decision's ``context`` as it is (the hot
        path: no keyword arguments to pack). The caller does not change it afterwards.

        A plain :class:`ScriptedAgent` is answered here as its ``choose`` would answer (a forced choice is its one
        option, drawing nothing; otherwise the policy function registered for ``kind``), without the extra call.
        """
        if type(options) is not tuple:
            options = tuple(options)
        if not options:
            raise IllegalMove(f"decision {kind} for {seat} has no legal option")
        self.asked += 1
        try:
            agent, rng, how = self._seated[seat]
        except KeyError:
            raise self._nobody(seat) from None
        if how == SCRIPTED:
            if len(options) == 1:  # forced: the one option, legal, not journaled (ScriptedAgent.choose)
                return options[0]
            try:
                fn = _DECISIONS[kind]
            except KeyError:
                raise unscripted(kind) from None
            choice = fn(agent.traits, _new_decision(Decision, (kind, seat, options, context)), rng)
        else:
            if how == PERSON:
                context = self._brief(_new_decision(Decision, (kind, seat, options, context)))
            choice = agent.choose(_new_decision(Decision, (kind, seat, options, context)), rng)
        try:  # the option itself (True, None, an id string taken from the options), else one of the same type
            same = options[options.index(choice)]
            legal = same is choice or type(same) is type(choice) or is_legal(choice, options)
        except ValueError:
            legal = False
        if not legal:
            raise IllegalMove(f"{agent.name} in seat {seat} answered {choice!r} to {kind}; "
                              f"the legal answers are {', '.join(repr(o) for o in options)}")
        if self._keep and len(options) > 1:
            self.recorded += 1
            self.journal.emit("decision", seat=seat, kind=kind, options=plain(options), choice=plain(choice),
                              by=agent.name)
        return choice


class ReplayDiverged(UsageError):
    """A replay asked something the record does not answer, or journaled an event the record does not have."""


class Replay(Agent):
    """Answers every seat from a journal's ``decision`` events, in order; draws nothing.

    A forced choice (one option) is answered with that option, as it was when
    recorded (such choices are not journaled). Anything else must match the
    next recorded decision's seat and kind, and its recorded choice must be one
    of the options offered now; otherwise :class:`ReplayDiverged` names the
    recorded event.
    """

    def __init__(self, events: Iterable[Mapping[str, Any]]):
        self.records = [e for e in events if e.get("event") == "decision"]
        self.next = 0
        self.name = "replay"
        #: the seats a person answered in the record: offered a person's menus again (Seats.leads)
        self.led = frozenset(e.get("seat") for e in self.records if e.get("by") == HUMAN)

    def leads(self, seat: str) -> bool:
        return seat in self.led

    def choose(self, d: Decision, rng: Rng) -> Any:
        if len(d.options) == 1:
            return d.options[0]
        if self.next >= len(self.records):
            raise ReplayDiverged(f"replay diverged: the engine asks {d.seat} for {d.kind}, but the journal has no "
                                 f"decision left")
        rec = self.records[self.next]
        where = f"event {rec.get('seq')} (decision {rec.get('kind')} by {rec.get('seat')})"
        if rec.get("seat") != d.seat or rec.get("kind") != d.kind:
            raise ReplayDiverged(f"replay diverged at {where}: the engine now asks {d.seat} for {d.kind}")
        wanted = canonical(rec.get("choice"))
        for option in d.options:
            if canonical(option) == wanted:
                self.next += 1
                self.name = str(rec.get("by", "replay"))
                return option
        raise ReplayDiverged(f"replay diverged at {where}: the recorded choice {rec.get('choice')!r} is not one of "
                             f"the options offered now ({', '.join(canonical(o) for o in d.options)})")

    @property
    def remaining(self) -> int:
        return len(self.records) - self.next


def parse_seat_flags(values: Iterable[str]) -> dict[str, str]:
    """``--seat SEAT=HOLDER`` flags as ``{seat: holder}`` (a later flag for the same seat wins)."""
    out: dict[str, str] = {}
    for value in values:
        seat, sep, holder = value.partition("=")
        seat, holder = seat.strip(), holder.strip()
        if not sep or not seat or not holder:
            shown = value if len(value) <= 60 else f"{value[:40]}...{value[-10:]}"
            raise UsageError(f"--seat takes SEAT=HOLDER (e.g. pc1=bold, gm=gritty, pc2=human), got {shown!r}")
        out[seat] = holder
    return out
