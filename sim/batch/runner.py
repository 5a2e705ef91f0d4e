"""Run a batch: N seeded campaigns per variant, saved chunk by chunk.

:func:`run_batch` locks the output directory (one run at a time), plans the
chunks, skips those already saved there whose checksums the manifest vouches
for (so an interrupted batch resumes where it stopped, and a damaged chunk is
played again), plays the rest on the chosen backend, saves each finished
chunk atomically and records its checksums, then assembles
``campaigns.parquet``, computes ``summary.json`` and writes ``report.md``.

Campaign ``i`` is seeded with ``derive_seed(S, i)``; its row is the same
whatever the worker count, the chunking, the backend or the interruptions.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from sim import __version__
from sim.batch import aggregate as agg
import pyarrow.parquet as pq

from sim.batch import backends, folder, table, tidy
from sim.batch.memory import PeakMemory
from sim.batch.plan import (Manifest, check_directory, default_chunk_size, chunks, engine_fingerprint,
                            open_directory, variants, write_json_atomic, write_text_atomic)
from sim.batch.progress import QUIET, Progress
from sim.batch.reporting.sections import report_sections
from sim.batch.worker import Task
from sim.errors import UsageError

SUMMARY = "summary.json"
#: the version of summary.json's layout (docs/reports.md; sim/batch/summary.schema.json): 2 added n, thin,
#: ci_method and bootstrap intervals, the per-score thin flags and this key
SUMMARY_FORMAT = 2
#: the files assembled from the chunks; the manifest's ``assembled`` holds their checksums
ASSEMBLED = (table.CAMPAIGNS, "series.parquet", "factions.parquet")
JOURNALS = "journals"
DEFAULT_JOURNALS = 5


@dataclass(frozen=True, slots=True)
class BatchResult:
    out: Path
    summary: dict[str, Any]


def default_out(name: str, seed: int, campaigns: int) -> Path:
    """``runs/<name>-<seed>-<N>``: always one folder inside ``runs/``, whatever the name holds (a scenario's
    name is checked to be a name; this keeps a path out of it all the same, issue 33 case 9)."""
    import re

    safe = re.sub(r"[^\w .-]+", "_", str(name)).lstrip(".")[:80] or "scenario"
    return Path("runs") / f"{safe}-{seed}-{campaigns}"


def _check(campaigns: int, workers: int, journals: int, chunk_size: int | None, scenario: str) -> None:
    if campaigns < 1:
        raise UsageError(f"--campaigns must be at least 1, got {campaigns}")
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    if journals < 0:
        raise UsageError(f"--journals must be 0 or more, got {journals}")
    if chunk_size is not None and chunk_size < 1:
        raise UsageError(f"--chunk-size must be at least 1, got {chunk_size}")
    if not Path(scenario).is_file():
        raise UsageError(f"no scenario file {scenario}")


def _chunk_files(out: Path, chunk) -> dict[str, Path]:
    return {"rows": table.chunk_path(out, chunk), "series": table.series_path(out, chunk)}


def assembled_intact(out: Path, data: dict[str, Any]) -> bool:
    """Whether the manifest vouches for assembled files that are all there with their checksums, their chunks
    removed (a finished batch: nothing to play or assemble again; with ``--keep-chunks`` the chunks are checked
    and the files assembled again, as before)."""
    sums = data.get("assembled")
    if not data.get("chunks_removed") or not isinstance(sums, dict) or table.CAMPAIGNS not in sums:
        return False
    return all((out / n).is_file() and folder.file_sha256(out / n) == sha for n, sha in sums.items())


def journal_path(out: Path, variant_key: str | None, index: int) -> Path:
    folder = out / JOURNALS if variant_key is None else out / JOURNALS / variant_key
    return folder / f"{index}.jsonl"


def _write_journals(out: Path, variant_key: str | None, journals: dict[int, list[str]]) -> dict[str, str]:
    """Write a chunk's kept journals; their SHA-256 by path in ``out`` (recorded with the chunk, issue 33 case 7)."""
    sums = {}
    for index, lines in sorted(journals.items()):
        path = journal_path(out, variant_key, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        sums[path.relative_to(out).as_posix()] = write_text_atomic(path, "".join(line + "\n" for line in lines))
    return sums


def _kept_journals(out: Path, chunk, journals: int, swept: bool) -> list[Path]:
    """The journal files chunk ``chunk`` keeps: those of its campaigns among the first ``journals``."""
    key = chunk.variant.key if swept else None
    return [journal_path(out, key, i) for i in range(chunk.start, min(chunk.stop, journals))]


def run_batch(scenario: str, game: Any, campaigns: int, *, seed: int | None = None, workers: int | None = None,
              out: str | os.PathLike | None = None, dask: str | None = None, journals: int = DEFAULT_JOURNALS,
              sweep: tuple[tuple[str, tuple[Any, ...]], ...] = (), chunk_size: int | None = None,
              progress: TextIO | None = None, report: bool = True, lang: str | None = None,
              force_version: bool = False, keep_chunks: bool = False, plots: str = "png") -> BatchResult:
    """Play ``campaigns`` campaigns of ``scenario`` per variant of ``sweep``.

    ``game`` plays them (see :mod:`sim.batch.worker`). ``seed`` defaults to
    the scenario's, ``workers`` to the machine's cores (1: in this process),
    ``out`` to ``runs/<scenario>-<seed>-<N>``. ``dask`` is a scheduler
    address or ``local``. The first ``journals`` campaigns of each variant
    keep their full journal. ``lang`` is the language of ``report.md``
    (default English; the Parquet, JSON and journals are the same in every
    language). ``force_version`` resumes a directory another engine
    (version or source) started, and records that in the summary. Lines
    about damaged chunks go to ``progress`` (default stderr). Once
    ``campaigns.parquet``, ``series.parquet`` and ``factions.parquet`` are
    assembled the chunk files are deleted (the manifest records the assembled
    files' checksums, so a rerun on the folder finds the batch done and plays
    nothing) unless ``keep_chunks``. ``plots`` is the plots' format (``png``
    or ``svg``). Returns the output directory and the summary.
    """
    workers = (os.cpu_count() or 1) if workers is None else workers
    _check(campaigns, workers, journals, chunk_size, scenario)
    name, scenario_seed, fingerprint = game.scenario_info(scenario)
    seed = scenario_seed if seed is None else seed
    variant_list = variants(sweep)
    for variant in variant_list:  # bad sweep values fail here, before any work
        game.prepare(scenario, variant.params)
    out = Path(out) if out is not None else default_out(name, seed, campaigns)
    wanted = Manifest(scenario=str(scenario), scenario_sha256=fingerprint, seed=seed,
                      campaigns=campaigns, chunk_size=chunk_size or default_chunk_size(campaigns),
                      sweep=tuple(sweep), journals=journals)
    check_directory(out)  # before the lock file is made in it
    with folder.FolderLock(out):  # held for the run; a second run on out is refused
        folder.refuse_links(out)  # nothing planted in the folder is followed out of it (issue 33 case 6)
        manifest, record, forced = open_directory(out, wanted, chunk_size is not None, force_version)
        folder.sweep_temporaries(out)
        if forced:
            record.data.setdefault("forced_versions", []).append(forced)
            record.save()

        chunk_list = chunks(variant_list, campaigns, manifest.chunk_size)
        by_name = {c.name: c for c in chunk_list}
        notices = progress if progress is not None and progress is not QUIET else sys.stderr  # --quiet: still told
        swept = bool(sweep)
        finished = assembled_intact(out, record.data)  # chunks removed after assembly: nothing to play
        if finished:
            intact, damaged = {c.name for c in chunk_list}, []
        else:
            intact, damaged = folder.verify_chunks(
                ((c.name, _chunk_files(out, c)) for c in chunk_list), record.chunks,
                lambda line: print(line, file=notices, flush=True),
                ranges={c.name: (c.start, c.stop) for c in chunk_list},
                journals={c.name: _kept_journals(out, c, journals, swept) for c in chunk_list}, out=out)
        if damaged:
            record.forget(damaged)
        todo = [c for c in chunk_list if c.name not in intact]
        schema = (pq.read_schema(out / table.CAMPAIGNS).remove_metadata() if finished
                  else table.existing_schema(out, (c for c in chunk_list if c.name in intact)))
        tasks = [Task(game, str(scenario), c.variant.params, seed, c.start, c.stop, journals, c.name) for c in todo]

        played = sum(c.stop - c.start for c in todo)
        bar = Progress(campaigns * len(variant_list), campaigns * len(variant_list) - played, stream=progress,
                       lang=lang)
        held = table.Held()  # the tables written this run, for assemble (bounded)
        with PeakMemory() as memory:  # the whole run: playing, assembling, aggregating, plotting
            began = time.perf_counter()
            try:  # the bar stays open through the stages after the campaigns (Progress.stage)
                for result in backends.results(tasks, workers, dask):
                    chunk = by_name[result.name]
                    rows = table.chunk_table(chunk, seed, result.columns, swept, schema)
                    schema = schema or rows.schema
                    kept = _write_journals(out, chunk.variant.key if swept else None, result.journals)
                    series = table.series_table(result.series)
                    sums = {"series": table.write_atomic(series, table.series_path(out, chunk), **table.CHUNK_OPTIONS),
                            "rows": table.write_atomic(rows, table.chunk_path(out, chunk), **table.CHUNK_OPTIONS),
                            "range": [chunk.start, chunk.stop], "journals": kept}
                    record.record(chunk.name, sums)  # last: being recorded means "chunk done"
                    held.keep(chunk.name, rows)
                    bar.advance(chunk.stop - chunk.start)
            except BaseException:
                bar.close(finished=False)
                raise
            elapsed = time.perf_counter() - began

            metadata = tidy.file_metadata(version=__version__, engine=engine_fingerprint(), scenario=name,
                                          scenario_path=str(scenario), scenario_sha256=manifest.scenario_sha256,
                                          seed=seed, variants=variant_list)
            with bar.stage("assembling"):  # cli.progress.stage.assembling
                if not finished:
                    table.assemble(out, chunk_list, schema, held, metadata)
                    tidy.write_series(out, chunk_list, metadata)
                    tidy.write_factions(out, metadata)
                    record.data["assembled"] = {n: folder.file_sha256(out / n) for n in ASSEMBLED
                                                if (out / n).exists()}
                    record.data["chunks_removed"] = not keep_chunks  # kept chunks are checked again on a rerun
                    record.save()  # the assembled files vouched for: the chunks may go
                    if not keep_chunks:
                        tidy.remove_chunks(out, chunk_list)
                aggregates = agg.aggregate(out, chunk_list, variant_list, schema, seed)
            summary = {
                "format_version": SUMMARY_FORMAT,
                "scenario": name,
                "scenario_path": str(scenario),
                "scenario_sha256": manifest.scenario_sha256,
                "seed": seed,
                "campaigns": campaigns,
                "sweep": {n: list(v) for n, v in sweep},
                "chunk_size": manifest.chunk_size,
                "version": __version__,
                "backend": f"dask {dask}" if dask else ("processes" if workers > 1 else "in-process"),
                "workers": workers,
                "campaigns_played": played,
                "chunks_resumed": len(chunk_list) - len(todo),
                "chunks_damaged": len(damaged),
                "elapsed_s": round(elapsed, 3),
                "campaigns_per_s": round(played / elapsed, 1) if played else None,
                "variants": aggregates,
            }
            if report:
                from sim.batch.reporting.report import write_report
                with bar.stage("rendering"):  # 11-25 s at 1,000,000 campaigns
                    write_report(out, summary, variant_list, schema, lang, report_sections(scenario), plots)
            bar.close()
        if forced:
            summary["forced_version"] = forced  # rows of two engines, knowingly (--force-version)
        summary["memory"] = memory.figures()  # peak RSS of this process and the processes it started (MB)
        write_json_atomic(out / SUMMARY, summary)
        return BatchResult(out, summary)
