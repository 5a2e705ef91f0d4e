"""Where chunks are played: in this process, in a process pool, or on Dask.

Every backend takes the same :class:`~sim.batch.worker.Task` list and yields
:class:`~sim.batch.worker.ChunkResult` objects as chunks finish, in whatever
order they finish; each result names its chunk, and the runner saves it under
that name, so completion order never reaches the output (unlike Mesa's
``imap_unordered`` rows, docs/dev/style.md).

The process pool uses an explicit start-method context (never a global
``set_start_method``) and talks to each worker over its own pipe, with no
``multiprocessing.Pool``: a Pool's queues hold named semaphores that, under
forkserver, the resource tracker reclaims with a "leaked semaphore objects"
warning when the main process is killed, and its workers print a
``BrokenPipeError`` traceback each. Here a worker whose parent is gone (its
pipe at EOF or broken) just exits, silently, and no semaphore exists. Dask runs on an existing scheduler (``ADDRESS``) or on
a ``LocalCluster`` of single-threaded worker processes (``local``).
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import signal
import traceback
import uuid
from contextlib import ExitStack
from multiprocessing.connection import wait
from typing import Iterator

from sim.batch.worker import ChunkResult, Task, freeze_prepared, play_chunk
from sim.errors import UsageError

CONNECT_TIMEOUT = "10s"  # to reach a Dask scheduler given by address
#: the whole greeting, connection and handshake, with a scheduler given by address: distributed's connect timeout
#: does not cover the handshake, so a peer that accepts and never answers would hang for ever (issue 33 case 10)
HANDSHAKE_TIMEOUT = 15.0


def _probe_scheduler(address: str, timeout: float | None = None) -> None:
    """Connect to ``address`` and complete distributed's handshake within ``timeout`` seconds (default
    :data:`HANDSHAKE_TIMEOUT`); else UsageError."""
    import asyncio

    timeout = HANDSHAKE_TIMEOUT if timeout is None else timeout
    from distributed.comm import connect

    async def greet() -> None:
        comm = await asyncio.wait_for(connect(address, timeout=CONNECT_TIMEOUT), timeout)
        await comm.close()

    try:
        asyncio.run(greet())
    except asyncio.TimeoutError:
        raise UsageError(f"--dask: {address} accepted the connection but did not answer as a Dask scheduler "
                         f"within {timeout:.0f} s") from None
    except (OSError, ValueError, TypeError) as exc:
        raise UsageError(f"--dask: cannot reach a scheduler at {address} ({exc})") from None

# forkserver: workers fork from a clean, single-threaded server (safe beside
# Dask's threads) that imported the game's modules once; spawn where
# forkserver does not exist. Measured on 2 cores, 200 chunks of 1 ms
# campaigns: first result after 0.03 s (fork), 0.7 s (spawn), 1.9 s
# (forkserver preloading __main__, a heavy test module); preloading only the
# game's module keeps forkserver's start-up to one import of it.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def in_process(tasks: list[Task]) -> Iterator[ChunkResult]:
    """Play every chunk here, one after another (``--workers 1``), the heap frozen meanwhile (freeze_prepared)."""
    ours = freeze_prepared(tasks[0])
    try:
        for task in tasks:
            yield play_chunk(task)
    finally:
        if ours:
            gc.unfreeze()


def _serve(conn) -> None:
    """A worker: play each task the pipe brings, send back its result; ``None`` means stop.

    Ctrl-C is left to the parent, which stops the workers (no traceback per
    worker). When the parent is gone the pipe reads EOF or breaks on
    sending, and the worker exits silently: it has nothing to save.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    frozen = False
    try:
        while (task := conn.recv()) is not None:
            try:
                if not frozen:  # this process lives for the batch: its heap stays frozen
                    freeze_prepared(task)
                    frozen = True
                reply = ("ok", play_chunk(task))
            except Exception as exc:  # noqa: BLE001 — raised again in the parent
                exc.add_note(f"in batch worker process {os.getpid()}, chunk {task.name}:\n"
                             + "".join(traceback.format_exception(exc)).rstrip())
                reply = ("error", exc)
            try:
                conn.send(reply)
            except (BrokenPipeError, ConnectionResetError):
                raise
            except Exception as exc:  # an exception that does not pickle
                conn.send(("error", RuntimeError(f"chunk {task.name}: {type(exc).__name__}: {exc}")))
    except (EOFError, BrokenPipeError, ConnectionResetError):
        return


#: tasks a worker holds at once: the one it plays and the next, so it never waits for the parent
QUEUED = 2


def process_pool(tasks: list[Task], workers: int) -> Iterator[ChunkResult]:
    """Play chunks in ``workers`` processes, one pipe each, each worker holding :data:`QUEUED` tasks."""
    context = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver":  # takes effect when this process first starts its server
        context.set_forkserver_preload(["sim.batch.worker", type(tasks[0].game).__module__])
    pending = list(reversed(tasks))  # pop() hands them out in order
    processes, pipes = [], []
    held: dict = {}  # pipe -> tasks sent to its worker and not answered yet
    stopped: set = set()  # pipes told to stop (None sent after their last task)

    def died(pipe) -> RuntimeError:
        process = processes[pipes.index(pipe)]
        process.join(timeout=1)
        return RuntimeError(f"a batch worker process died (exit code {process.exitcode})")

    def give(pipe) -> None:
        """The next task to this worker, or, once none are left, the word to stop."""
        try:
            if pending:
                pipe.send(pending[-1])
                pending.pop()
                held[pipe] += 1
            elif pipe not in stopped:
                pipe.send(None)
                stopped.add(pipe)
        except (BrokenPipeError, ConnectionResetError):
            raise died(pipe) from None

    try:
        for _ in range(min(workers, len(tasks))):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()  # the worker's end lives in the worker only: its death reads as EOF here
            processes.append(process)
            pipes.append(ours)
            held[ours] = 0
        for _ in range(QUEUED):  # dealt round by round: every worker gets a first task
            for pipe in pipes:
                if pending:
                    give(pipe)
        busy = set(pipes)
        while busy:
            for pipe in wait(list(busy)):
                try:
                    kind, value = pipe.recv()
                except (EOFError, ConnectionResetError):  # EOF, or a reset when it died with a task unread
                    raise died(pipe) from None
                if kind == "error":
                    raise value
                held[pipe] -= 1
                give(pipe)
                if held[pipe] == 0:
                    busy.discard(pipe)
                yield value
    finally:
        for pipe in pipes:
            pipe.close()
        for process in processes:
            process.join(timeout=0.5)
            if process.is_alive():  # stopped early (an error, Ctrl-C): do not wait for its chunk
                process.terminate()
                process.join()


def dask(tasks: list[Task], address: str, workers: int) -> Iterator[ChunkResult]:
    """Play chunks on Dask: ``address`` of a scheduler, or ``local``.

    ``local`` starts a ``LocalCluster`` with ``workers`` processes of one
    thread each and stops it afterwards; an address is only connected to.
    """
    from dask.distributed import Client, LocalCluster, as_completed

    with ExitStack() as stack:
        if address == "local":
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR))
            client = stack.enter_context(Client(cluster))
        else:
            _probe_scheduler(address)  # bounded: a silent peer is one line, not a hang
            try:
                client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT))
            except (OSError, TimeoutError, ValueError) as exc:
                raise UsageError(f"--dask: cannot reach a scheduler at {address} ({exc})") from None
        run = uuid.uuid4().hex[:8]  # keys unique on a long-lived scheduler
        futures = [client.submit(play_chunk, task, pure=False, key=f"sim-chunk-{run}-{task.name}")
                   for task in tasks]
        for future in as_completed(futures):
            result = future.result()
            future.release()
            yield result


def results(tasks: list[Task], workers: int, dask_address: str | None) -> Iterator[ChunkResult]:
    """Chunk results from the backend the options choose."""
    if not tasks:
        return iter(())
    if dask_address is not None:
        return dask(tasks, dask_address, workers)
    if workers <= 1:
        return in_process(tasks)
    return process_pool(tasks, workers)
