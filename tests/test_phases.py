"""The phase-table machinery on its own: a second, toy loop on the same module as the Blades campaign.

The toy is a tag-game-like chapter: open a chapter, roll, tally; after three
rolls (or a tally of 6+) the chapter closes. Its own enum, work functions and
journal, nothing from Blades.
"""

import copy
import dataclasses
from enum import Enum

import pytest
from hypothesis import given, settings, strategies as st

from sim.blades import loop
from sim.errors import IllegalMove
from sim.journal import Journal
from sim.phases import PhaseTable
from sim.rng import make_rng


class Chapter(Enum):
    OPEN = "open"
    ROLL = "roll"
    TALLY = "tally"
    CLOSED = "closed"


class Toy:
    """The toy loop's model: everything passed between phases is on it."""

    def __init__(self, seed: int, rolls: int = 3):
        self.rng = make_rng(seed)
        self.journal = Journal()
        self.rolls_left = rolls
        self.last = 0
        self.total = 0


def _open(model, ctx):
    model.journal.emit("chapter_open", rolls=model.rolls_left)
    return "roll"


def _roll(model, ctx):
    model.last = int(model.rng.random() * 3) + 1
    model.rolls_left -= 1
    model.journal.emit("toy_roll", value=model.last)
    return "tally"


def _tally(model, ctx):
    model.total += model.last * (ctx or 1)
    return "close" if model.rolls_left == 0 or model.total >= 6 else "again"


TOY_TRANSITIONS = (
    ("roll", (Chapter.OPEN,), Chapter.ROLL),
    ("tally", (Chapter.ROLL,), Chapter.TALLY),
    ("again", (Chapter.TALLY,), Chapter.ROLL),
    ("close", (Chapter.TALLY,), Chapter.CLOSED),
)
TOY = PhaseTable("chapter", Chapter, initial=Chapter.OPEN, final=Chapter.CLOSED, transitions=TOY_TRANSITIONS,
                 work={Chapter.OPEN: _open, Chapter.ROLL: _roll, Chapter.TALLY: _tally})


def played(seed: int) -> Toy:
    toy = Toy(seed)
    TOY.place(toy)
    assert TOY.run(toy) is Chapter.CLOSED
    return toy


def test_a_second_table_runs_on_the_same_machinery():
    toy = played(3)
    events = toy.journal.events
    phases = [(e["from"], e["to"]) for e in events if e["event"] == "phase"]
    rolls = [e["value"] for e in events if e["event"] == "toy_roll"]
    assert phases[0] == ("open", "roll") and phases[-1][1] == "closed"
    assert len(rolls) == sum(1 for step in phases if step[1] == "roll")
    assert toy.total == sum(rolls) and (len(rolls) == 3 or toy.total >= 6)
    # every event happens in the phase the journal was in
    assert all(e["phase"] == "roll" for e in events if e["event"] == "toy_roll")
    assert events[0]["event"] == "chapter_open" and events[0]["phase"] == "setup"  # placing journals nothing
    # its own machine, not the campaign's; neither registers models
    assert TOY.machine is not loop.MACHINE and TOY.machine.models == [] and loop.MACHINE.models == []


def test_illegal_triggers_are_refused():
    toy = Toy(1)
    TOY.place(toy)
    with pytest.raises(IllegalMove, match=r"cannot close during open \(it allows roll\)"):
        TOY.fire(toy, "close")
    with pytest.raises(IllegalMove, match="no chapter trigger 'pay'"):
        TOY.fire(toy, "pay")  # a Blades trigger means nothing here
    assert toy.state is Chapter.OPEN and toy.journal.events == []
    TOY.fire(toy, "roll")
    with pytest.raises(IllegalMove, match="cannot roll during roll"):
        TOY.fire(toy, "roll")


def test_triggers_allowed_from_a_phase_in_table_order():
    assert TOY.triggers(Chapter.TALLY) == ("again", "close")
    assert TOY.triggers(Chapter.CLOSED) == ()
    assert loop.TABLE.triggers(loop.Phase.FREE_PLAY) == ("engage", "lie_low", "finish")


def test_work_leading_to_an_illegal_trigger_is_refused():
    bad = PhaseTable("chapter", Chapter, initial=Chapter.OPEN, final=Chapter.CLOSED, transitions=TOY_TRANSITIONS,
                     work={Chapter.OPEN: lambda m, c: "close", Chapter.ROLL: _roll, Chapter.TALLY: _tally})
    toy = Toy(1)
    bad.place(toy)
    with pytest.raises(IllegalMove, match="cannot close during open"):
        bad.step(toy)


def test_a_model_must_be_placed_on_the_table_it_steps_on():
    toy = Toy(1)
    with pytest.raises(IllegalMove, match="not in a chapter phase"):
        TOY.step(toy)
    loop.TABLE.place(toy)  # at the campaign's setup: not a chapter phase
    with pytest.raises(IllegalMove, match="not in a chapter phase"):
        TOY.fire(toy, "roll")
    with pytest.raises(IllegalMove, match="is not a chapter phase"):
        TOY.place(toy, loop.Phase.SCORE)
    ended = played(1)
    with pytest.raises(IllegalMove, match="the chapter has ended"):
        TOY.step(ended)
    assert TOY.run(ended) is Chapter.CLOSED  # nothing left to run


def test_step_returns_the_trigger_and_run_stops_where_asked():
    toy = Toy(5)
    TOY.place(toy)
    assert TOY.step(toy) == "roll" and toy.state is Chapter.ROLL
    assert TOY.run(toy, until=Chapter.TALLY) is Chapter.TALLY
    assert TOY.run(toy, until=lambda m: m.state is Chapter.TALLY) in (Chapter.TALLY, Chapter.CLOSED)


def test_context_reaches_the_work():
    a, b = Toy(9), Toy(9)
    TOY.place(a)
    TOY.place(b)
    TOY.run(a, 1)
    TOY.run(b, 10)
    assert [e for e in a.journal.events if e["event"] == "toy_roll"][0] == \
        [e for e in b.journal.events if e["event"] == "toy_roll"][0]
    assert b.total == 10 * [e["value"] for e in b.journal.events if e["event"] == "toy_roll"][0]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 8))
def test_stopped_copied_and_resumed_gives_the_same_journal(seed, stop):
    whole = played(seed)
    part = Toy(seed)
    TOY.place(part)
    for _ in range(stop):
        if part.state is Chapter.CLOSED:
            break
        TOY.step(part)
    saved = copy.deepcopy(part)  # everything needed to go on is on the model
    TOY.run(saved)
    assert saved.journal.events == whole.journal.events and saved.total == whole.total


def test_slotted_and_equal_models_both_work():
    """The pitfalls of registering models do not apply: nothing is registered."""

    @dataclasses.dataclass(slots=True)
    class Slotted:
        journal: Journal = dataclasses.field(compare=False)
        state: Chapter | None = None

    one, two = Slotted(Journal()), Slotted(Journal())
    assert one == two
    for m in (one, two):
        TOY.place(m)
        TOY.fire(m, "roll")
    assert one.state is two.state is Chapter.ROLL
    assert [e["to"] for e in two.journal.events] == ["roll"]


def test_a_table_that_cannot_run_is_refused_when_built():
    work = {Chapter.OPEN: _open, Chapter.ROLL: _roll, Chapter.TALLY: _tally}
    with pytest.raises(ValueError, match="no work for phase"):
        PhaseTable("chapter", Chapter, initial=Chapter.OPEN, final=Chapter.CLOSED, transitions=TOY_TRANSITIONS,
                   work={Chapter.OPEN: _open})
    with pytest.raises(ValueError, match="no trigger leaves phase"):
        PhaseTable("chapter", Chapter, initial=Chapter.OPEN, final=Chapter.CLOSED, transitions=TOY_TRANSITIONS[:1] + TOY_TRANSITIONS[2:],
                   work=work)
    with pytest.raises(ValueError, match="is not a Chapter"):
        PhaseTable("chapter", Chapter, initial=Chapter.OPEN, final=Chapter.CLOSED,
                   transitions=TOY_TRANSITIONS + (("skip", (loop.Phase.SCORE,), Chapter.CLOSED),), work=work)


def _callback_order(machine_cls, queued):
    """The callbacks a machine runs, in order, for a walk that uses every kind the quiet classes shortcut."""
    seen = []

    class Model:
        def on_enter_open(self, event):
            seen.append("enter open (by name)")
            if event.kwargs.get("nested"):
                self.trigger("shut")  # a trigger from a callback: queued machines run it after this one

    model = Model()
    note = lambda what: lambda event: seen.append(what)  # noqa: E731
    machine = machine_cls(model=model, states=["shut", "open", "gone"], initial="shut", auto_transitions=False,
                          send_event=True, queued=queued, prepare_event=[note("prepare event")],
                          finalize_event=[note("finalize event")], before_state_change=[note("before change")],
                          after_state_change=[note("after change")])
    machine.add_transition("swing", "shut", "open", prepare=note("prepare"), conditions=lambda e: True,
                           before=note("before"), after=note("after"))
    machine.add_transition("shut", "open", "shut", unless=[lambda e: e.kwargs.get("stuck", False)])
    machine.add_transition("leave", "shut", "gone")
    machine.get_state("shut").add_callback("exit", note("exit shut"))
    model.swing(nested=True)
    seen.append(f"state {model.state}")
    model.swing()
    seen.append(f"blocked: {model.shut(stuck=True)}, state {model.state}")
    try:
        model.leave()
    except Exception as exc:
        seen.append(f"{type(exc).__name__}: {exc}")
    return seen


@pytest.mark.parametrize("queued", [False, True])
def test_the_quiet_machine_runs_the_same_callbacks_in_the_same_order_as_transitions_own(queued):
    """QuietMachine (its QuietEvent, QuietTransition and QuietState skip empty callback lists and log nothing) runs
    exactly what transitions' Machine runs: prepare, conditions, before, exit, enter, after, finalize; callbacks by
    name; blocked transitions; an invalid trigger's MachineError; a queued machine's nested trigger."""
    from transitions import Machine

    from sim.phases import QuietMachine

    quiet, library = _callback_order(QuietMachine, queued), _callback_order(Machine, queued)
    assert quiet == library
    assert "MachineError" in quiet[-1] and "enter open (by name)" in quiet


def test_a_quiet_state_names_an_enum_state_as_the_library_does():
    """QuietState.name is read once (an Enum member's name is a Python property): the same answer as State.name."""
    from transitions.core import State

    from sim.phases import QuietState

    class Door(Enum):
        OPEN = "open"

    quiet, plain = QuietState(Door.OPEN), State(Door.OPEN)
    assert quiet.name == plain.name == "OPEN" and quiet.name is quiet.name
    assert QuietState("shut").name == State("shut").name == "shut"
