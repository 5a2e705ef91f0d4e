"""The batch runner's cheaper paths give what the plain ones gave (issue 17, second pass).

* the peak-memory sampler keeps its list of descendants between rescans, and
  finds the same processes psutil finds;
* chunk arrays built from buffers equal ``pa.array``'s;
* ``campaigns.parquet`` assembled from the tables held in memory is the file
  assembled from the chunk files read back.
"""

from __future__ import annotations

import multiprocessing
import os
import time

import psutil
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.batch import memory, plan, table
from sim.batch.runner import run_batch
from test_batch_runner import GAME, scenario  # noqa: F401  (a pytest fixture)


def _sleep_with_a_child(seconds: float) -> None:
    child = multiprocessing.get_context("fork").Process(target=time.sleep, args=(seconds,))
    child.start()
    child.join()


def test_descendants_from_proc_are_psutils_children_grandchildren_included():
    if not memory._children_files(os.getpid()):
        pytest.skip("this kernel has no /proc/PID/task/TID/children")
    parent = multiprocessing.get_context("spawn").Process(target=_sleep_with_a_child, args=(3.0,))
    parent.start()
    try:
        deadline = time.monotonic() + 20
        while len(psutil.Process().children(recursive=True)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        expected = sorted(c.pid for c in psutil.Process().children(recursive=True))
        assert len(expected) >= 2  # the child and its own child
        assert sorted(memory._proc_descendants(os.getpid())) == expected
    finally:
        parent.terminate()
        parent.join()


def test_a_child_started_after_a_rescan_is_counted_from_the_next_one():
    sampler = memory.PeakMemory(interval=60, rescan_every=3)  # sampled by hand here, never by its thread
    sampler.sample()  # sample 0: a rescan
    child = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(3.0,))
    child.start()
    try:
        time.sleep(0.2)
        sampler.sample()
        sampler.sample()  # samples 1 and 2 read the kept list
        assert child.pid not in {c.pid for c in sampler._children}
        sampler.sample()  # sample 3 rescans
        assert child.pid in {c.pid for c in sampler._children}
    finally:
        child.terminate()
        child.join()
    sampler.sample()  # a child that ended since the rescan is skipped, not an error
    sampler.sample()
    sampler.sample()  # and the next rescan forgets it
    assert child.pid not in {c.pid for c in sampler._children}


VALUES = {
    pa.int64(): st.integers(-2 ** 63, 2 ** 63 - 1),
    pa.float64(): st.one_of(st.floats(allow_nan=False), st.integers(-2 ** 53, 2 ** 53)),
    pa.bool_(): st.booleans(),
    pa.string(): st.text(st.characters(exclude_categories=("Cs",))),
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(VALUES, key=str)).flatmap(lambda kind: st.tuples(
    st.just(kind), st.lists(VALUES[kind], max_size=40))))
def test_column_array_equals_pa_array(case):
    kind, values = case
    built = table.column_array(values, kind)
    built.validate(full=True)
    assert built.equals(pa.array(values, type=kind))


def test_an_int_a_double_cannot_hold_is_refused_as_pa_array_refuses_it():
    with pytest.raises(ValueError, match="exactly representable"):
        table.column_array([1.5, 2 ** 53 + 1], pa.float64())


def test_assembling_from_held_tables_writes_the_file_read_back_chunks_write(scenario, tmp_path):  # noqa: F811
    result = run_batch(scenario, GAME, 45, workers=1, out=tmp_path / "out", chunk_size=10, report=False)
    out = result.out
    assembled = (out / table.CAMPAIGNS).read_bytes()
    chunk_list = plan.chunks(plan.variants(()), 45, 10)
    schema = table.existing_schema(out, chunk_list)
    pieces = [pq.ParquetFile(table.chunk_path(out, chunk)).read() for chunk in chunk_list]
    held = table.Held(budget=2 * pieces[0].get_total_buffer_size())  # room for two chunks only: the rest are read back
    for chunk, piece in zip(chunk_list, pieces):
        held.keep(chunk.name, piece)
    assert len(held.tables) == 2
    table.assemble(out, chunk_list, schema, held)
    assert (out / table.CAMPAIGNS).read_bytes() == assembled
    assert held.tables == {} and held.size == 0
    table.assemble(out, chunk_list, schema)  # nothing held: every chunk read back
    assert (out / table.CAMPAIGNS).read_bytes() == assembled


def test_series_sums_in_chunk_order_equal_arrows_group_by(scenario, tmp_path):  # noqa: F811
    from sim.batch import aggregate

    result = run_batch(scenario, GAME, 45, workers=1, out=tmp_path / "out", chunk_size=10, report=False)
    variant = plan.variants(())[0]
    chunk_list = plan.chunks(plan.variants(()), 45, 10)
    parts = pa.concat_tables([pq.read_table(table.series_path(result.out, c)) for c in chunk_list])
    grouped = parts.group_by(["field", "score"]).aggregate([("n", "sum"), ("sum", "sum"), ("sumsq", "sum")])
    expected: dict[str, dict[str, list]] = {}
    for row in grouped.sort_by([("field", "ascending"), ("score", "ascending")]).to_pylist():
        entry = expected.setdefault(row["field"], {"score": [], "n": [], "mean": []})
        entry["score"].append(row["score"])
        entry["n"].append(row["n_sum"])
        entry["mean"].append(row["sum_sum"] / row["n_sum"])
    got = aggregate.series(result.out, chunk_list, variant)
    assert expected and {f: {k: v[k] for k in ("score", "n", "mean")} for f, v in got.items()} == expected


def test_an_in_process_run_unfreezes_the_heap_it_froze_and_leaves_a_callers_freeze(scenario, tmp_path):  # noqa: F811
    import gc

    assert gc.get_freeze_count() == 0
    run_batch(scenario, GAME, 20, workers=1, out=tmp_path / "a", chunk_size=10, report=False)
    assert gc.get_freeze_count() == 0  # handed back to the collector
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        run_batch(scenario, GAME, 20, workers=1, out=tmp_path / "b", chunk_size=10, report=False)
        assert gc.get_freeze_count() == frozen  # the caller's freeze, neither added to nor undone
    finally:
        gc.unfreeze()
