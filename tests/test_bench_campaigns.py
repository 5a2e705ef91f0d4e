"""``sim bench campaigns`` measurements: the dice floor, the trigger timer, the figures.

Timings are measured, never asserted against targets; these tests check that
each figure is computed from the right quantities.
"""

from __future__ import annotations

import time
import types

import pytest
from transitions import Machine

from sim.batch import bench
from test_batch_runner import DiceGame


class Door:
    """A model for a two-state machine whose callback sleeps: rules time, not machinery."""


def test_trigger_timer_splits_machinery_from_callbacks():
    def slow_rule():
        time.sleep(0.002)

    machine = Machine(model=None, states=["shut", "open"], initial="shut", auto_transitions=False)
    machine.add_transition("swing", "shut", "open", after=slow_rule)
    machine.add_transition("swing", "open", "shut", after=slow_rule)
    door = Door()
    timer = bench.TriggerTimer()
    with timer:
        machine.add_model(door)
        for _ in range(20):
            door.swing()
    machine.remove_model(door)
    assert timer.calls["trigger"] == 20
    assert timer.calls["callback"] == 20
    assert timer.exclusive["callback"] >= 20 * 0.002
    assert 0 < timer.exclusive["trigger"] < timer.exclusive["callback"]
    from transitions.core import Event
    assert Event.trigger is Event.__dict__["trigger"] and Event.trigger.__qualname__ == "Event.trigger"
    assert 0 <= timer.cost_per_call() < 1e-4


def test_trigger_timer_sees_the_phase_tables_machine():
    """The phase tables fire the library's own Event.trigger and run on_change through Machine.callback: the
    timer counts a PhaseTable's triggers and their on_change."""
    import enum

    from sim.phases import PhaseTable

    class Door(enum.Enum):
        SHUT = "shut"
        OPEN = "open"
        GONE = "gone"

    def slow_change(model, before, after):
        time.sleep(0.002)

    table = PhaseTable("door", Door, initial=Door.SHUT, final=Door.GONE,
                       transitions=[("swing", [Door.SHUT], Door.OPEN), ("swing", [Door.OPEN], Door.SHUT),
                                    ("leave", [Door.SHUT, Door.OPEN], Door.GONE)],
                       work={Door.SHUT: lambda m, c: "swing", Door.OPEN: lambda m, c: "swing"},
                       on_change=slow_change)
    model = types.SimpleNamespace()
    table.place(model)
    timer = bench.TriggerTimer()
    with timer:
        for _ in range(20):
            table.fire(model, "swing")
    assert model.state is Door.SHUT
    assert timer.calls["trigger"] == 20
    assert timer.calls["callback"] == 20
    assert timer.exclusive["callback"] >= 20 * 0.002
    assert 0 < timer.exclusive["trigger"] < timer.exclusive["callback"]


def test_dice_floor_grows_with_the_dice():
    small, large = bench.dice_floor_seconds(10_000), bench.dice_floor_seconds(200_000)
    assert 0 < small < large


def test_bookkeeping_floor_grows_with_decisions_and_events():
    small = bench.bookkeeping_floor_seconds(1_000, 1_000)
    large = bench.bookkeeping_floor_seconds(50_000, 50_000)
    assert 0 < small["decisions"] < large["decisions"] and 0 < small["events"] < large["events"]


@pytest.mark.parametrize("filename, area", [
    ("/work/main/sim/blades/score/score.py", "blades.score.score"),
    ("/venv/lib/python3.11/site-packages/sim/agents/base.py", "agents.base"),
    ("/venv/lib/python3.11/site-packages/transitions/core.py", "transitions"),
    ("/usr/lib/python3.11/random.py", "random"),
    ("~", "builtins"),
    ("<string>", "generated"),
])
def test_profile_areas_are_named_by_module(filename, area):
    assert bench._area(filename) == area


class CountedDiceGame(DiceGame):
    """The runner's dice game with a dice count but no decision or event counts."""

    def play(self, prepared, seed, journal, series):
        row = super().play(prepared, seed, journal, series)
        row["dice_rolled"] = 2 * prepared["scores"]
        return row


def test_a_game_without_decision_counts_has_no_bookkeeping_floor(tmp_path):
    scenario = tmp_path / "dice.yaml"
    scenario.write_text("name: dice\nseed: 3\nscores: 4\n", encoding="utf-8")
    figures = bench.bench_campaigns(str(scenario), CountedDiceGame(), 10, workers=2)
    assert figures["dice_rolled"] == 80 and figures["floor_ratio"] > 0
    assert figures["bookkeeping_ratio"] is None and figures["decisions_per_campaign"] is None
    assert sum(figures["profile_areas"].values()) == pytest.approx(1.0)
    from sim import accel

    assert figures["compiled_modules"] == accel.compiled_loaded()  # 0 on the pure Python path (a fresh clone)
    assert figures["accel_build"] == (accel.build_kind() if figures["compiled_modules"] else "")


def test_bench_needs_a_dice_count(tmp_path):
    scenario = tmp_path / "dice.yaml"
    scenario.write_text("name: dice\nseed: 3\nscores: 4\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no 'dice_rolled' field"):
        bench.bench_campaigns(str(scenario), DiceGame(), 10, workers=2)


def test_sim_bench_defaults_to_campaigns_and_prints_one_json_object(capsys):
    from pathlib import Path

    from sim.cli import main

    two = str(Path(__file__).resolve().parent.parent / "scenarios" / "tests" / "two_scores.yaml")
    assert main(["bench", "--scenario", two, "--campaigns", "20", "--json"]) == 0
    import json
    figures = json.loads(capsys.readouterr().out)
    for key in ("campaigns_per_s", "floor_ratio", "efficiency_processes", "efficiency_dask", "transitions_share"):
        assert figures[key] > 0, key
    assert figures["scenario"] == "two_scores" and figures["campaigns"] == 20 and figures["workers"] == 2
    t1 = figures["seconds_in_process"]
    assert figures["campaigns_per_s"] == pytest.approx(20 / t1)
    assert figures["dice_per_campaign"] == pytest.approx(figures["dice_rolled"] / 20)
    assert figures["floor_ratio"] == pytest.approx(t1 / figures["dice_floor_s"])
    assert figures["efficiency_processes"] == pytest.approx(t1 / figures["seconds_processes"] / 2)
    assert figures["efficiency_dask"] == pytest.approx(t1 / figures["seconds_dask"] / 2)
    assert figures["dask_start_s"] > 0
    assert figures["load_before"] >= 0 and figures["load_after"] >= 0 and figures["cores"] >= 1
    assert figures["triggers_per_campaign"] >= 2  # begin and finish at least, on the shared machine
    assert figures["decisions_per_campaign"] > 0 and figures["events_per_campaign"] > 0
    assert figures["bookkeeping_ratio"] == pytest.approx(
        (figures["decision_floor_s"] + figures["journal_floor_s"]) / figures["dice_floor_s"])
    areas = figures["profile_areas"]
    assert sum(areas.values()) == pytest.approx(1.0)
    assert list(areas.values()) == sorted(areas.values(), reverse=True)
    # compiled modules (sim accel build) are invisible to cProfile: their time shows under their callers
    assert ("blades.score.action" in areas or figures["compiled_modules"]) and "transitions" in areas
    assert figures["profile_sample"] == 20
    assert main(["bench", "campaigns", "--scenario", two, "--campaigns", "20", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--workers of at least 2" in err
