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

**One machine per table, built once**, shared by every model of that loop, and
used through the library's public API only: a plain ``transitions.Machine``
(enum states, the module-level transition table, ``auto_transitions=False``,
``model_override=True``, callables as callbacks), a model put at a phase with
``Machine.set_state(phase, model)`` and every trigger fired with the machine's
own ``Event.trigger(model)``. Models are *placed* on the machine, never
registered with ``add_model``: registering cost 75 us a campaign (the whole
machinery of a Blades campaign's 85 triggers is about 1 ms), ``add_model``
slows as the registry grows (35 -> 51 us after 1,900 models), a model equal
(``==``) to a registered one is silently skipped, and without
``model_override`` it binds convenience methods onto the model, so a
``slots=True`` dataclass could not be one. Placing costs 1 us and leaves
``machine.models`` empty; ``tests/test_phases.py`` holds ``Event.trigger`` to
reading and writing only the placed model's ``state``. Triggers are always
fired through :meth:`PhaseTable.fire`, never through methods on the model (it
has none); ``fire`` checks the trigger against the table first.

Until issue 29 the machine was a mirror of transitions 0.9's private steps
(``Transition.execute``, ``_change_state``, ``Event._trigger``,
``get_model_state``) with their logging off, which pinned ``transitions<0.10``:
a trigger cost about 4.1 us instead of 9.0 (best of 9 x 20,000 fires, 2 cores),
85 triggers a starter campaign of 27 ms: 0.4 ms, 1.5% of a campaign, well
under the 5% that would have justified it (docs/architecture.md, "Phase
tables"). So the library is used as it is published, and an upgrade of it
cannot silently change the game: ``tests/test_phases.py`` and the golden
journals would see it.

Configuration follows docs/dev/style.md: enum states, ``auto_transitions=False``,
``model_override=True`` (nothing the model does not declare is bound onto it),
callables as callbacks. An illegal trigger (unknown, or not allowed from the
current phase) and a model outside the table's phases raise
:class:`~sim.errors.IllegalMove`. Each phase change calls the table's
``on_change(model, before, after)``; the default, :func:`journal_phase`, sets
the model's journal's phase and journals ``phase`` (``from``, ``to``).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Callable, Iterable, Mapping

from transitions import Machine

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
        self.machine = Machine(
            model=None,
            states=phases,
            transitions=[{"trigger": t, "source": [s.name for s in src], "dest": dst.name} for t, src, dst in rows],
            initial=initial,
            auto_transitions=False,
            model_override=True,
            send_event=True,
            after_state_change=[self._changed],
        )
        self._events = self.machine.events
        # read once from the table and the machine, which never change after this: trigger -> {phase it may
        # leave: the machine's Event}, and each of the machine's Transitions' (before, after) phases, for on_change
        # (keyed by the phases' names: an Enum member's own hash is a Python call, twice a step)
        self._moves: dict[str, dict[str, Any]] = {}
        for trigger, sources, _ in rows:
            self._moves.setdefault(trigger, {}).update((source._name_, self._events[trigger]) for source in sources)
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
        self.machine.set_state(phase, model)

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
