"""Peak memory of a batch: this process and every process it started.

A :class:`PeakMemory` samples, on a background thread, the resident set size
(RSS) of this process and of its descendants (process-pool workers, the
forkserver, a Dask ``LocalCluster``'s nannies and workers) every
``interval`` seconds, and keeps the peaks. The main process's own peak is
also read from the kernel's high-water mark where it has one
(``resource.getrusage``; exact, not sampled, but over the process's whole
life: a long-lived process that did heavier work before the batch reports
that), and the larger of the two counts. The tree figure sums each process's RSS, so pages a forked worker
shares with its parent count twice: an upper bound. Workers on a remote Dask
scheduler are not on this machine and not counted.

Sampling is cheap, because it runs beside the campaigns and holds the GIL
while it reads: each sample reads the RSS of this process and of the
descendants it already knows (one small ``/proc`` file each), and the list of
descendants is rescanned every ``rescan_every`` samples (1 s at the default
interval: a worker started later is counted from the next rescan). On Linux
the rescan reads the kernel's ``/proc/PID/task/TID/children`` lists of this
process and its descendants, a few files; elsewhere (or on a kernel without
them) psutil's ``children(recursive=True)``, which reads every process on the
machine.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

MB = 1024 * 1024


def _psutil():
    """psutil, imported where it is used (its Linux backend imports ``resource``; issue 28: every module of sim
    imports on every platform), or None where it cannot be imported: then only the kernel's high-water mark of
    this process is reported."""
    try:
        import psutil
    except ImportError:
        return None
    return psutil


def _children_files(pid: int) -> bool:
    """Whether this kernel lists a task's children in ``/proc/PID/task/TID/children``."""
    return os.path.exists(f"/proc/{pid}/task/{pid}/children")


def _proc_descendants(pid: int) -> list[int]:
    """Every descendant of ``pid``, parents before children, from the kernel's per-thread children lists."""
    found: list[int] = []
    parents = [pid]
    while parents:
        parent = parents.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:  # ended since it was listed
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children", "rb") as f:
                    children = [int(word) for word in f.read().split()]
            except OSError:  # the thread or the process ended meanwhile
                continue
            found.extend(children)
            parents.extend(children)
    return found


def _own_high_water_bytes() -> int:
    """This process's peak RSS from the kernel (0 where unsupported)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # bytes on macOS, KiB on Linux


class PeakMemory:
    """Context manager: ``with PeakMemory() as m: ...``, then ``m.figures()``."""

    def __init__(self, interval: float = 0.2, rescan_every: int = 5):
        self.interval = interval
        self.rescan_every = rescan_every
        self.main_peak = 0
        self.tree_peak = 0
        self.processes_peak = 1
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="sim-peak-memory", daemon=True)
        self._psutil = _psutil()
        self._me = self._psutil.Process() if self._psutil is not None else None
        self._proc = _children_files(os.getpid())
        self._children: list = []  # the descendants found at the last rescan (psutil.Process objects)

    def _rescan(self) -> None:
        """Find this process's descendants again (kept ones keep their psutil object)."""
        psutil = self._psutil
        if not self._proc:
            self._children = self._me.children(recursive=True)
            return
        known = {child.pid: child for child in self._children}
        children = []
        for pid in _proc_descendants(self._me.pid):
            child = known.get(pid)
            if child is None:
                try:
                    child = psutil.Process(pid)
                except psutil.Error:  # ended since it was listed
                    continue
            children.append(child)
        self._children = children

    def sample(self) -> None:
        """Read the RSS of this process and its descendants once and keep the peaks."""
        psutil = self._psutil
        if psutil is None:  # nothing to sample with: figures() reports the kernel's high-water mark
            self.samples += 1
            return
        if self.samples % self.rescan_every == 0:
            self._rescan()
        main = self._me.memory_info().rss
        tree, processes = main, 1
        for child in self._children:
            try:
                tree += child.memory_info().rss
                processes += 1
            except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
                continue  # ended since the last rescan
        self.main_peak = max(self.main_peak, main)
        self.tree_peak = max(self.tree_peak, tree)
        self.processes_peak = max(self.processes_peak, processes)
        self.samples += 1

    def _watch(self) -> None:
        while not self._stop.wait(self.interval):
            self.sample()

    def __enter__(self) -> "PeakMemory":
        self.sample()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.sample()

    def figures(self) -> dict[str, Any]:
        """Peaks in MB (``main_peak_mb``, ``tree_peak_mb``), the most processes seen, and how it was sampled."""
        main = max(self.main_peak, _own_high_water_bytes())
        return {
            "main_peak_mb": round(main / MB, 1),
            "tree_peak_mb": round(max(self.tree_peak, main) / MB, 1),
            "processes_peak": self.processes_peak,
            "sampled_every_s": self.interval,
            "samples": self.samples,
        }
