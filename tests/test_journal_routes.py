"""sim.journal: routing events to the listeners that read them, and what a journal nobody reads still does."""

from sim.journal import Journal
from sim.options import RuleOptions


class Reader:
    """A listener that reads only the kinds it names."""

    def __init__(self, *kinds: str) -> None:
        self.listens_to = frozenset(kinds)
        self.heard: list[tuple[int, str]] = []

    def __call__(self, event: dict) -> None:
        self.heard.append((event["seq"], event["event"]))


class Everything(Reader):
    listens_to = None  # hears every event

    def __init__(self) -> None:
        self.heard = []


def test_an_unread_event_only_advances_seq():
    j = Journal(keep=False)
    out = j.emit("stress", pc="pc1", delta=1)
    assert j.seq == 1 and out == {"pc": "pc1", "delta": 1}  # not stamped: nobody reads it
    assert not j.wants("stress")
    reader = Reader("stress")
    j.listeners.append(reader)
    assert j.wants("stress") and not j.wants("harm")
    out = j.emit("stress", pc="pc1", delta=2)
    assert out == {"pc": "pc1", "delta": 2, "seq": 2, "phase": "setup", "event": "stress"}
    assert reader.heard == [(2, "stress")]
    assert Journal().wants("anything")  # a kept journal wants every event


def test_routes_follow_listeners_added_and_removed_after_events_were_routed():
    """The routes are a cache of who reads each kind: after any append or remove they equal a fresh routing."""
    j = Journal(keep=False)
    kinds = ("stress", "harm", "clock", "decision")
    for kind in kinds:  # route every kind before anyone listens
        j.emit(kind)
    a, b, every = Reader("stress", "harm"), Reader("harm"), Everything()
    steps = [("append", a), ("append", every), ("append", b), ("remove", a), ("append", a), ("remove", every),
             ("remove", b), ("remove", a)]
    for op, listener in steps:
        getattr(j.listeners, op)(listener)
        fresh = Journal(keep=False)
        fresh.listeners.extend(list(j.listeners))
        for kind in kinds + ("new_kind",):
            assert j._routes.get(kind, fresh._route(kind)) == fresh._route(kind), (op, kind)
        for kind in kinds:
            j.emit(kind)
    assert [k for _, k in a.heard] == ["stress", "harm"] * 6  # in the six rounds it was listening
    assert [k for _, k in every.heard] == list(kinds) * 4


def test_rule_options_are_read_only_and_survive_pickling():
    import copy
    import pickle

    import pytest

    opts = RuleOptions({"resist_mode": "avoid"})
    for change in (lambda o: o.__setitem__("resist_mode", "reduce"), lambda o: o.update(resist_mode="reduce"),
                   lambda o: o.pop("resist_mode"), lambda o: o.clear(), lambda o: o.setdefault("x", 1)):
        with pytest.raises(TypeError, match="read-only"):
            change(opts)
    assert opts["resist_mode"] == opts.resist_mode == "avoid"
    for copied in (pickle.loads(pickle.dumps(opts)), copy.deepcopy(opts), copy.copy(opts)):
        assert type(copied) is RuleOptions and copied == opts
    assert opts.replace(resist_mode="reduce")["resist_mode"] == "reduce" and opts["resist_mode"] == "avoid"


def test_skip_takes_the_seq_emit_would_take_only_for_an_event_nobody_reads():
    quiet, kept = Journal(keep=False), Journal()
    reader = Reader("harm")
    quiet.listeners.append(reader)
    assert quiet.skip("stress") and quiet.seq == 1  # nobody reads it: its seq is taken, nothing built
    assert not quiet.skip("harm") and quiet.seq == 1  # a listener reads it: the caller emits it
    quiet.emit("harm", pc="pc1")
    assert reader.heard == [(2, "harm")]
    assert not kept.skip("stress") and kept.seq == 0  # a kept journal keeps every event
    for j in (quiet, kept):  # after a skip, the next event is numbered as if the skipped one had been emitted
        before = j.seq
        if not j.skip("fortune"):
            j.emit("fortune", dice=2)
        assert j.seq == before + 1
