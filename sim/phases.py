"""Phase tables: a game loop's coarse phases, sequenced by one shared ``transitions`` machine.

Every system's loop (the Blades campaign in :mod:`sim.blades.loop`; the Fate
adventure and the mist chapter are to stand on the same footing) is a
:class:`PhaseTable`:

* an ``Enum`` of phases, with an initial and a final one;
* a module-level transition table of ``(trigger, sources, destination)`` rows;
* for each phase but the final one, its **work**: a plain function
  ``work(model, context) -> trigger`` that does the phase's rules and names the
  trigger that leaves the phase, so the work also chooses where the loop goes.

:meth:`PhaseTable.step` runs the work of the model's current phase and fires
the trigger it returns; :meth:`PhaseTable.run` steps until the final phase (or
until a phase or condition you name). The machine only sequences: the rules
live in the work functions and the plain functions they call.

**Nothing passes between phases in a Python local.** Whatever a phase's work
hands to a later phase is written on the model (the Blades campaign keeps it
on ``campaign.turn``), and the model's phase is its ``state`` attribute. So a
model may stop at any phase boundary and go on later, in the same process or
(once saves exist) after being rebuilt and placed back with
:meth:`PhaseTable.place`. ``context`` is what a run needs besides the model
(helpers, end conditions), not state: pass the same one to go on.

**One machine per table, built once**, shared by every model of that loop.
Models are *placed* on the machine (their ``state`` set), never registered
with ``add_model``: ``Event.trigger(model)`` reads and writes only the model's
``state`` attribute (transitions 0.9; ``tests/test_phases.py`` holds it to
that). Registering has costs we measured: ``add_model`` plus ``remove_model``
took 75 us a campaign (the whole machinery of a Blades campaign's 85 triggers
is about 1.1 ms), ``add_model`` slows as the registry grows (35 -> 51 us after
1,900 models), a model equal (``==``) to a registered one is silently
skipped, and it binds convenience methods onto the model, so a ``slots=True``
dataclass cannot be one. Placing costs 1 us and leaves ``machine.models``
empty. Triggers are always fired through :meth:`PhaseTable.fire`, never
through methods on the model (it has none). The machine is a
:class:`QuietMachine`, whose events, transitions and states do not log: the
library's logging built its arguments (state names, through Enum properties) on
every trigger even with the logger off. They take the library's steps in its
order, skipping the callback lists that are empty, and an event runs at once
(no ``partial``) on a machine without a queue. ``fire`` checks the trigger
against a table read once from the machine, then fires the machine's own event.
A compiled trigger, with its ``phase`` event in a batch, costs about 3.0 us
instead of 6.6 before those shortcuts (9.3 with the library's own classes);
``sim bench`` times the machinery around both ``Event.trigger`` and
``QuietEvent.trigger``.

Configuration follows docs/dev/style.md: enum states, ``auto_transitions=False``,
callables as callbacks (``model_override`` has nothing to act on: nothing is
bound onto models). An illegal trigger (unknown, or not allowed from the
current phase) and a model outside the table's phases raise
:class:`~sim.errors.IllegalMove`. Each phase change calls the table's
``on_change(model, before, after)``; the default, :func:`journal_phase`, sets
the model's journal's phase and journals ``phase`` (``from``, ``to``).
"""

from __future__ import annotations

import functools
import itertools
import logging
from enum import Enum
from typing import Any, Callable, Iterable, Mapping

from transitions import Machine
from transitions.core import Event, EventData, State, Transition

from sim.errors import IllegalMove

#: ``work(model, context) -> trigger``: a phase's rules, returning the trigger that leaves the phase
Work = Callable[[Any, Any], str]
#: ``on_change(model, before, after)``: called after every phase change
OnChange = Callable[[Any, Enum, Enum], None]


def journal_phase(model: Any, before: Enum, after: Enum) -> None:
    """Set the model's journal's phase to ``after`` and journal ``phase`` (``from``, ``to``)."""
    journal = model.journal
    to = after._value_  # Enum's own attribute for the value (``.value`` is a property: a Python call a read)
    journal.phase = to
    if not journal.skip("phase"):  # a batch reads no phase event: seq advances, nothing is built
        journal.emit("phase", **{"from": before._value_, "to": to})


class QuietTransition(Transition):
    """``Transition.execute`` (transitions 0.9) with its logging off: the same steps in the same order (prepare,
    conditions, before, the state change, after), each list of callbacks skipped when it is empty. Its debug lines
    build their arguments (state names, through Enum properties) even when nobody logs, which was most of what a
    trigger cost."""

    def execute(self, event_data: EventData) -> bool:
        machine = event_data.machine
        if self.prepare:
            machine.callbacks(self.prepare, event_data)
        if self.conditions and not self._eval_conditions(event_data):
            return False
        if machine.before_state_change or self.before:
            machine.callbacks(itertools.chain(machine.before_state_change, self.before), event_data)
        if self.dest:  # None: an internal transition, no change of state
            self._change_state(event_data)
        if self.after or machine.after_state_change:
            machine.callbacks(itertools.chain(self.after, machine.after_state_change), event_data)
        return True

    def _change_state(self, event_data: EventData) -> None:
        """``Transition._change_state`` (transitions 0.9): leave the source, set the model's state, enter the
        destination, ``on_final`` if it is final; the states read once from the machine's remembered answers."""
        machine = event_data.machine
        machine.get_state(self.source).exit(event_data)
        dest = machine.get_state(self.dest)
        setattr(event_data.model, machine.model_attribute, dest.value)  # Machine.set_state for one model
        event_data.state = dest  # EventData.update
        dest.enter(event_data)
        if dest.final:
            machine.callbacks(machine.on_final, event_data)


class QuietEvent(Event):
    """``Event`` (transitions 0.9) with its logging off and its one-model path short: ``trigger`` runs ``_trigger``
    itself when the machine has no queue (``Machine._process`` would call it at once: no ``partial`` needed), and
    ``_trigger`` takes ``_trigger``'s and ``_process``'s steps in the same order (the model's state, the source check,
    ``prepare_event``, each transition until one executes, ``finalize_event``) without their log lines, reading the
    state's name once."""

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        machine = self.machine
        event_data = EventData(None, self, machine, model, args=args, kwargs=kwargs)
        if machine.has_queue or machine._transition_queue:  # queued processing, or the library's own error
            return machine._process(functools.partial(self._trigger, event_data))
        return self._trigger(event_data)

    def _trigger(self, event_data: EventData) -> bool:
        machine = self.machine
        try:
            state = event_data.state = machine.get_model_state(event_data.model)
            rows = self.transitions.get(state.name)
            if rows is None:
                self._is_valid_source(state)  # raises MachineError, or warns when invalid triggers are ignored
            else:
                if machine.prepare_event:
                    machine.callbacks(machine.prepare_event, event_data)
                for trans in rows:
                    event_data.transition = trans
                    if trans.execute(event_data):
                        event_data.result = True
                        break
        except BaseException as err:
            event_data.error = err
            if machine.on_exception:
                machine.callbacks(machine.on_exception, event_data)
            else:
                raise
        finally:
            try:
                if machine.finalize_event:
                    machine.callbacks(machine.finalize_event, event_data)
            except BaseException as err:  # the library logs these and goes on
                logging.getLogger("transitions.core").error(
                    "%sWhile executing finalize callbacks a %s occurred: %s.", machine.name, type(err).__name__, err)
        return event_data.result


class QuietState(State):
    """``State`` entered and left with its logging off (see :class:`QuietTransition`), its ``name`` read once."""

    @functools.cached_property
    def name(self) -> str:
        """``State.name``: an Enum member's name is read through a Python-level property, on every trigger."""
        return State.name.fget(self)

    def enter(self, event_data: EventData) -> None:
        if self.on_enter:
            event_data.machine.callbacks(self.on_enter, event_data)

    def exit(self, event_data: EventData) -> None:
        if self.on_exit:
            event_data.machine.callbacks(self.on_exit, event_data)


class QuietMachine(Machine):
    """The ``transitions`` machine with the quiet transition and state classes: a phase table's hot path.

    It also runs callbacks without their per-callback log line, and remembers :meth:`get_state`'s answers (a
    trigger asks it five times, each time reading the Enum member's ``name`` through its property): a phase table
    adds every state when it builds its machine and none later."""

    transition_cls = QuietTransition
    state_cls = QuietState
    event_cls = QuietEvent

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._known_states: dict[Any, State] = {}  # get_state's answers (set before Machine.__init__ asks it)
        self._by_identity: dict[int, tuple[Any, State]] = {}  # get_model_state's answers: id(value) -> (value, State)
        super().__init__(*args, **kwargs)

    def get_state(self, state: Any) -> State:
        """``Machine.get_state``, remembered per key (an Enum member or a state's name)."""
        try:
            return self._known_states[state]
        except KeyError:
            found = self._known_states[state] = super().get_state(state)  # an unregistered state raises ValueError
            return found

    def get_model_state(self, model: Any) -> State:
        """``Machine.get_model_state``: the State of the model's ``state`` (an Enum member), remembered by the
        member's identity (its ``__hash__`` is a Python call)."""
        value = getattr(model, self.model_attribute)
        try:
            return self._by_identity[id(value)][1]
        except KeyError:
            found = self.get_state(value)
            self._by_identity[id(value)] = (value, found)  # the value is kept, so its id is never reused
            return found

    def callbacks(self, funcs: Iterable[Any], event_data: EventData) -> None:
        """``Machine.callbacks`` without its log line per callback; a callable is called as ``Machine.callback``
        would call it (``resolve_callable`` returns it as it is)."""
        for func in funcs:
            if self.send_event and not isinstance(func, str):
                func(event_data)
            else:
                self.callback(func, event_data)


class PhaseTable:
    """A loop's phases as data, with the one ``transitions`` machine that sequences them."""

    __slots__ = ("name", "phases", "initial", "final", "transitions", "work", "machine", "_events", "_on_change",
                 "_moves", "_ends", "_work")

    def __init__(self, name: str, phases: type[Enum], *, initial: Enum, final: Enum,
                 transitions: Iterable[tuple[str, Iterable[Enum], Enum]], work: Mapping[Enum, Work],
                 on_change: OnChange = journal_phase):
        rows = tuple((trigger, tuple(sources), dest) for trigger, sources, dest in transitions)
        self.name = name
        self.phases = phases
        self.initial = initial
        self.final = final
        self.transitions = rows
        self.work = dict(work)
        self._on_change = on_change
        self._check()
        self.machine = QuietMachine(
            model=None,
            states=phases,
            transitions=[{"trigger": t, "source": [s.name for s in src], "dest": dst.name} for t, src, dst in rows],
            initial=initial,
            auto_transitions=False,
            send_event=True,
            after_state_change=[self._changed],
        )
        self._events = self.machine.events
        # read once from the machine, which never changes after this: trigger -> {phase it may leave: the Event},
        # and each of the machine's Transitions' (before, after) phases, for on_change
        # (keyed by the phases' names: an Enum member's own hash is a Python call, twice a step)
        self._moves: dict[str, dict[str, Any]] = {
            trigger: {source: event for source, rows in event.transitions.items() if rows}
            for trigger, event in self._events.items()}
        self._work = {phase._name_: work for phase, work in self.work.items()}
        self._ends = {id(t): (phases[t.source], phases[t.dest])
                      for event in self._events.values() for rows in event.transitions.values() for t in rows}

    def _check(self) -> None:
        """A table that cannot run is refused when it is built, not when a model reaches the gap."""
        phases = self.phases
        every = (self.initial, self.final, *(p for _, src, dst in self.transitions for p in (*src, dst)),
                 *self.work)
        strangers = [p for p in every if not isinstance(p, phases)]
        if strangers:
            raise ValueError(f"{self.name}: {strangers[0]!r} is not a {phases.__name__}")
        missing = [p.name for p in phases if p is not self.final and p not in self.work]
        if missing:
            raise ValueError(f"{self.name}: no work for phase(s) {', '.join(missing)}")
        if self.final in self.work:
            raise ValueError(f"{self.name}: the final phase {self.final.name} has no work")
        leaving = {p for _, src, _ in self.transitions for p in src}
        stuck = [p.name for p in phases if p is not self.final and p not in leaving]
        if stuck:
            raise ValueError(f"{self.name}: no trigger leaves phase(s) {', '.join(stuck)}")

    def _changed(self, event: Any) -> None:
        """``after_state_change``: hand the phase change to ``on_change`` as enum members."""
        before, after = self._ends[id(event.transition)]
        self._on_change(event.model, before, after)

    # ------------------------------------------------------------------ use
    def place(self, model: Any, phase: Enum | None = None) -> None:
        """Put ``model`` at ``phase`` (the initial phase by default) without running or journaling anything.

        This starts a run, and it is how a model rebuilt from a save goes back to the phase it stopped in.
        """
        phase = self.initial if phase is None else phase
        if not isinstance(phase, self.phases):
            raise IllegalMove(f"{phase!r} is not a {self.name} phase")
        model.state = phase

    def phase(self, model: Any) -> Enum:
        """The model's current phase; IllegalMove if it is not at one of this table's phases."""
        phase = getattr(model, "state", None)
        if not isinstance(phase, self.phases):
            raise IllegalMove(f"not in a {self.name} phase (place it first)")
        return phase

    def triggers(self, phase: Enum) -> tuple[str, ...]:
        """The triggers allowed from ``phase``, in table order."""
        return tuple(t for t, sources, _ in self.transitions if phase in sources)

    def fire(self, model: Any, trigger: str) -> None:
        """Fire ``trigger`` on ``model``; an unknown trigger, or one its phase does not allow, raises IllegalMove."""
        moves = self._moves.get(trigger)
        if moves is None:
            raise IllegalMove(f"no {self.name} trigger {trigger!r}")
        phase = self.phase(model)
        event = moves.get(phase._name_)
        if event is None:
            allowed = ", ".join(self.triggers(phase)) or "nothing"
            raise IllegalMove(f"cannot {trigger} during {phase.value} (it allows {allowed})")
        event.trigger(model)

    def step(self, model: Any, context: Any = None) -> str:
        """Run the work of the model's current phase, fire the trigger it returns, and return that trigger."""
        phase = self.phase(model)
        if phase is self.final:
            raise IllegalMove(f"the {self.name} has ended ({phase.value})")
        trigger = self._work[phase._name_](model, context)
        self.fire(model, trigger)
        return trigger

    def run(self, model: Any, context: Any = None, *, until: Enum | Callable[[Any], bool] | None = None) -> Enum:
        """Step until the final phase, or until ``until`` (a phase, or a test of the model) after a step.

        Returns the phase the model stopped at. ``until`` is checked after each step, so a model already at
        the ``until`` phase runs on to its next arrival there; a model at the final phase does not move.
        """
        final = self.final
        if until is None:
            stop: Callable[[Any], bool] = lambda m: False
        elif isinstance(until, Enum):
            stop = lambda m: m.state is until
        else:
            stop = until
        step = self.step
        while self.phase(model) is not final:
            step(model, context)
            if stop(model):
                break
        return model.state
