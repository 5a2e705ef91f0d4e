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
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import psutil

MB = 1024 * 1024


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

    def __init__(self, interval: float = 0.2):
        self.interval = interval
        self.main_peak = 0
        self.tree_peak = 0
        self.processes_peak = 1
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="sim-peak-memory", daemon=True)
        self._me = psutil.Process()

    def sample(self) -> None:
        """Read the RSS of this process and its descendants once and keep the peaks."""
        main = self._me.memory_info().rss
        tree, processes = main, 1
        for child in self._me.children(recursive=True):
            try:
                tree += child.memory_info().rss
                processes += 1
            except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
                continue  # ended between listing and reading
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
