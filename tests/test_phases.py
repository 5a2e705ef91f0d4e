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


def test_the_machine_is_the_library_s_own_used_through_its_public_api():
    """Issue 29: a plain ``transitions.Machine`` (no subclass mirroring its private steps), models placed with
    ``set_state`` and never registered, triggers fired with the machine's own ``Event.trigger``, nothing bound onto
    the model (``model_override=True``, ``auto_transitions=False``)."""
    from transitions import Machine
    from transitions.core import Event

    assert type(TOY.machine) is Machine and type(loop.TABLE.machine) is Machine
    assert all(type(event) is Event for event in TOY.machine.events.values())
    assert TOY.machine.model_override and not TOY.machine.auto_transitions
    model = played(5)
    assert TOY.machine.models == []
    assert set(vars(model)) == {"rng", "journal", "rolls_left", "last", "total", "state"}
    assert set(TOY.machine.events) == {t for t, _, _ in TOY_TRANSITIONS}  # no auto "to_<state>" triggers


def test_the_library_triggers_only_the_placed_model():
    """What placing relies on: ``Event.trigger(model)`` reads and writes the given model's ``state`` only, so two
    models placed on one machine move independently and the machine keeps no model of its own."""
    a, b = Toy(1), Toy(1)
    TOY.place(a)
    TOY.place(b)
    TOY.fire(a, "roll")
    assert a.state is Chapter.ROLL and b.state is Chapter.OPEN and TOY.machine.models == []
