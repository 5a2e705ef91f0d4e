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
  (only appends; the worker empties ``series`` after each campaign).

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
    """One chunk's summaries, column by column, its per-score rows and the journals it kept."""

    name: str
    columns: dict[str, list[Any]]  # summary field -> values in index order
    series: dict[str, list[Any]]  # columns campaign, score, field, value (see SeriesRows)
    journals: dict[int, list[str]]  # campaign index -> canonical JSON lines
    seconds: float


class SeriesRows:
    """The chunk's per-score rows, one long row per (campaign, score, field): ``campaign``, ``score``, ``field``,
    ``value``.

    Each campaign's own trajectory (``series.parquet``, :mod:`sim.batch.tidy`), from which the per-score means
    and intervals are computed. Bool values count as 0/1 (their mean is a rate); words are skipped.
    """

    __slots__ = ("campaign", "score", "field", "value")

    def __init__(self) -> None:
        self.campaign: list[int] = []
        self.score: list[int] = []
        self.field: list[str] = []
        self.value: list[float] = []

    def add(self, index: int, rows: list[dict[str, Any]]) -> None:
        campaign, scores, fields, values = self.campaign, self.score, self.field, self.value
        for row in rows:
            score = row["score"]
            for field in sorted(row):
                value = row[field]
                if isinstance(value, str) or field == "score":
                    continue
                campaign.append(index)
                scores.append(score)
                fields.append(field)
                values.append(float(value))

    def columns(self) -> dict[str, list[Any]]:
        """Columns ``campaign``, ``score``, ``field``, ``value`` in campaign, score and field order."""
        return {"campaign": self.campaign, "score": self.score, "field": self.field, "value": self.value}


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
    trajectories = SeriesRows()
    series: list[dict[str, Any]] = []  # this campaign's per-score rows
    for index in range(task.start, task.stop):
        journal: list | None = [] if index < task.journals else None
        summary = play(prepared, derive_seed(task.master_seed, index), journal, series)
        trajectories.add(index, series)
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
    columns = {key: list(column) for key, column in zip(keys, zip(*rows))}
    return ChunkResult(task.name, columns, trajectories.columns(), journals, time.perf_counter() - began)
