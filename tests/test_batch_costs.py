"""The batch runner's cheaper paths give what the plain ones gave (issue 17, second pass).

* the peak-memory sampler keeps its list of descendants between rescans, and
  finds the same processes psutil finds;
* chunk arrays built from buffers equal ``pa.array``'s;
* ``campaigns.parquet`` assembled from the tables held in memory is the file
  assembled from the chunk files read back.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time

import psutil
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.batch import memory, plan, table, tidy
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
    result = run_batch(scenario, GAME, 45, workers=1, out=tmp_path / "out", chunk_size=10, report=False,
                       keep_chunks=True)
    out = result.out
    assembled = (out / table.CAMPAIGNS).read_bytes()
    chunk_list = plan.chunks(plan.variants(()), 45, 10)
    schema = table.existing_schema(out, chunk_list)
    pieces = [pq.ParquetFile(table.chunk_path(out, chunk)).read() for chunk in chunk_list]
    held = table.Held(budget=2 * pieces[0].get_total_buffer_size())  # room for two chunks only: the rest are read back
    for chunk, piece in zip(chunk_list, pieces):
        held.keep(chunk.name, piece)
    assert len(held.tables) == 2
    metadata = tidy.read_metadata(out / table.CAMPAIGNS)  # the batch's key-value metadata, as run_batch wrote it
    table.assemble(out, chunk_list, schema, held, metadata)
    assert (out / table.CAMPAIGNS).read_bytes() == assembled
    assert held.tables == {} and held.size == 0
    table.assemble(out, chunk_list, schema, metadata=metadata)  # nothing held: every chunk read back
    assert (out / table.CAMPAIGNS).read_bytes() == assembled


def test_per_score_means_from_series_parquet_equal_pandas_on_the_chunks_rows(scenario, tmp_path):  # noqa: F811
    """The chunks hold each campaign's own rows; series.parquet holds them all with the variant; the summary's
    per-score n and mean are pandas' count and mean over the campaigns that reached the score."""
    result = run_batch(scenario, GAME, 45, workers=1, out=tmp_path / "out", chunk_size=10, report=False,
                       keep_chunks=True)
    chunk_list = plan.chunks(plan.variants(()), 45, 10)
    parts = pa.concat_tables([pq.read_table(table.series_path(result.out, c)) for c in chunk_list]).to_pandas()
    assert sorted(parts["campaign"].unique()) == list(range(45))
    whole = pq.read_table(result.out / "series.parquet").to_pandas()
    assert whole.drop(columns="variant").equals(parts) and set(whole["variant"]) == {"base"}
    grouped = parts.groupby(["field", "score"])["value"].agg(["count", "mean"]).reset_index()
    got = json.loads((result.out / "summary.json").read_text())["variants"][0]["series"]
    assert len(grouped) == sum(len(v["score"]) for v in got.values())
    for row in grouped.itertuples():
        entry = got[row.field]
        k = entry["score"].index(row.score)
        assert entry["n"][k] == row.count and entry["mean"][k] == pytest.approx(row.mean, rel=1e-12)
        lo, hi = entry["ci95"][k]
        values = parts[(parts.field == row.field) & (parts.score == row.score)]["value"]
        assert values.min() <= lo <= row.mean <= hi <= max(values.max(), 1.0)


def test_an_in_process_run_unfreezes_the_heap_it_froze_and_leaves_a_callers_freeze(scenario, tmp_path):  # noqa: F811
    import gc

    assert gc.get_freeze_count() == 0
    run_batch(scenario, GAME, 20, workers=1, out=tmp_path / "a", chunk_size=10, report=False)
    assert gc.get_freeze_count() == 0  # handed back to the collector
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        run_batch(scenario, GAME, 20, workers=1, out=tmp_path / "b", chunk_size=10, report=False)
        # the caller's freeze, neither added to nor undone (unfreezing would drop it to 0); a frozen object the run
        # frees leaves the count (the bootstraps' numpy generator machinery frees two, sim.batch.reporting.intervals)
        assert frozen - 50 <= gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
