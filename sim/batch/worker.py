"""Playing one chunk of campaigns, in whatever process a backend chose.

The runner is generic over a *game*: an object (picklable, hashable) with

* ``scenario_info(path) -> (name, seed, fingerprint)`` — validate the
  scenario; its name, its seed and a hash of everything it is played from
  (the scenario file and its content), which the manifest compares on resume;
* ``prepare(path, params) -> prepared`` — the scenario with one variant's
  parameters applied (raises UsageError for a bad value);
* ``play(prepared, seed, journal, series) -> dict`` — one campaign's flat
  summary (str/int/float/bool values); appends events to ``journal`` and one
  flat row per score (with a ``score`` number) to ``series`` when they are lists
  (only appends: ``series`` may already hold earlier campaigns' rows).

Each game system gives its game (``System.batch_game()``, :mod:`sim.systems`;
Blades: :class:`sim.blades.batch.BladesGame`). A worker prepares each (scenario,
variant) once and keeps it for the chunks that follow.
"""

from __future__ import annotations

import gc
import operator
import time
from dataclasses import dataclass
from typing import Any, Protocol

from sim.rng import derive_seed

SCALARS = (bool, int, float, str)
EXACT_SCALARS = frozenset(SCALARS)
SERIES_BATCH = 1024  # series rows a worker holds before it adds them to the chunk's sums


class Game(Protocol):
    def scenario_info(self, path: str) -> tuple[str, int, str]: ...

    def prepare(self, path: str, params: tuple[tuple[str, Any], ...]) -> Any: ...

    def play(self, prepared: Any, seed: int, journal: list | None, series: list | None) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Task:
    """Everything a worker needs to play one chunk (small, picklable)."""

    game: Any
    scenario: str
    params: tuple[tuple[str, Any], ...]
    master_seed: int
    start: int
    stop: int
    journals: int  # campaigns with index below this keep their journal
    name: str  # the chunk's name, e.g. v0-000003


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """One chunk's summaries, column by column, its per-score sums and the journals it kept."""

    name: str
    columns: dict[str, list[Any]]  # summary field -> values in index order
    series: dict[str, list[Any]]  # columns score, field, n, sum, sumsq (see SeriesSums)
    journals: dict[int, list[str]]  # campaign index -> canonical JSON lines
    seconds: float


class SeriesSums:
    """Per score and field: how many campaigns reached it, the sum and the sum of squares.

    Enough to give the mean and its confidence interval per score over any
    number of chunks, in a few hundred numbers per chunk. Bool values count as
    0/1, so their mean is a rate; words are skipped.
    """

    __slots__ = ("sums",)

    def __init__(self) -> None:
        self.sums: dict[int, dict[str, list[float]]] = {}  # score -> field -> [n, sum, sumsq]

    def add(self, rows: list[dict[str, Any]]) -> None:
        sums = self.sums
        for row in rows:
            score = row["score"]
            cells = sums.get(score)
            if cells is None:
                cells = sums[score] = {}
            for field, value in row.items():
                if isinstance(value, str) or field == "score":
                    continue
                cell = cells.get(field)
                if cell is None:
                    cell = cells[field] = [0, 0.0, 0.0]
                cell[0] += 1
                cell[1] += value
                cell[2] += value * value

    def columns(self) -> dict[str, list[Any]]:
        """Columns ``score``, ``field``, ``n``, ``sum``, ``sumsq``, one row per (score, field) in sorted order."""
        out: dict[str, list[Any]] = {"score": [], "field": [], "n": [], "sum": [], "sumsq": []}
        for score in sorted(self.sums):
            cells = self.sums[score]
            for field in sorted(cells):
                n, total, squares = cells[field]
                out["score"].append(score)
                out["field"].append(field)
                out["n"].append(n)
                out["sum"].append(float(total))
                out["sumsq"].append(float(squares))
        return out


_prepared: dict[tuple[Any, str, tuple], Any] = {}


def prepared_for(game: Any, scenario: str, params: tuple[tuple[str, Any], ...]) -> Any:
    """The prepared scenario for this game and variant, made once per process."""
    key = (game, scenario, params)
    if key not in _prepared:
        _prepared[key] = game.prepare(scenario, params)
    return _prepared[key]


def freeze_prepared(task: Task) -> bool:
    """Prepare ``task``'s scenario, then leave every object this process holds out of the GC's sweeps.

    ``gc.freeze``: the modules, content tables and prepared scenario live for
    the whole batch, and a full collection would otherwise walk them all again
    (~0.5 ms a starter campaign of ~25 ms). Objects made later are collected as
    usual; :func:`gc.unfreeze` hands the frozen ones back to the collector.
    Returns whether it froze (not when something else had frozen objects already).
    """
    prepared_for(task.game, task.scenario, task.params)
    if gc.get_freeze_count():
        return False
    gc.freeze()
    return True


def play_chunk(task: Task) -> ChunkResult:
    """Play campaigns ``task.start`` .. ``task.stop - 1`` in index order.

    Campaign ``i`` is seeded with ``derive_seed(master_seed, i)`` whatever
    process plays it, so results never depend on the backend or chunking.
    """
    from sim.journal import dumps

    began = time.perf_counter()
    prepared = prepared_for(task.game, task.scenario, task.params)
    play = task.game.play
    keys: tuple[str, ...] = ()
    key_set: frozenset[str] = frozenset()
    values_of = None  # summary -> its values in key order (operator.itemgetter)
    rows: list[tuple[Any, ...]] = []
    journals: dict[int, list[str]] = {}
    sums = SeriesSums()
    series: list[dict[str, Any]] = []  # rows of the campaigns since the last sum (summed in one pass: warm caches)
    for index in range(task.start, task.stop):
        journal: list | None = [] if index < task.journals else None
        summary = play(prepared, derive_seed(task.master_seed, index), journal, series)
        if len(series) >= SERIES_BATCH:
            sums.add(series)
            series.clear()
        if values_of is None:
            keys = tuple(sorted(summary))
            key_set = frozenset(keys)
            values_of = operator.itemgetter(*keys) if len(keys) > 1 else (lambda s: tuple(s[k] for k in keys))
        elif summary.keys() != key_set:  # the same fields (one set comparison, not a scan)
            raise ValueError(f"campaign {index}: summary fields differ from campaign {task.start}'s: "
                             f"{sorted(set(summary) ^ set(keys))}")
        values = values_of(summary)
        if not EXACT_SCALARS.issuperset(map(type, values)):  # a subclass of a scalar passes, anything else not
            for key, value in zip(keys, values):
                if not isinstance(value, SCALARS):
                    raise ValueError(f"campaign {index}: summary field {key!r} is {type(value).__name__}, "
                                     "not str/int/float/bool")
        rows.append(values)
        if journal is not None:
            journals[index] = [dumps(event) for event in journal]
    sums.add(series)
    columns = {key: list(column) for key, column in zip(keys, zip(*rows))}
    return ChunkResult(task.name, columns, sums.columns(), journals, time.perf_counter() - began)
