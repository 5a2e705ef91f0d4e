"""A progress bar for long batches: done, rate and time left, on stderr.

Drawn only when the stream is a terminal, at most ten times a second, so a
batch piped to a file or run under CI prints nothing extra.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


def clock(seconds: float) -> str:
    """``1:02:03`` or ``2:03`` for a number of seconds."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """Counts finished campaigns out of ``total``; ``done`` were finished before."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, label: str = "campaigns"):
        self.stream = stream if stream is not None else sys.stderr
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.total, self.done, self.label = total, done, label
        self.start_done = done
        self.began = time.monotonic()
        self.drawn = 0.0

    def line(self, now: float) -> str:
        """The bar as text, e.g. ``[#####     ] 500/1000 campaigns  250/s  0:02 left``."""
        filled = WIDTH * self.done // self.total if self.total else WIDTH
        elapsed = max(now - self.began, 1e-9)
        rate = (self.done - self.start_done) / elapsed
        left = clock((self.total - self.done) / rate) if rate > 0 else "?"
        return (f"[{'#' * filled}{' ' * (WIDTH - filled)}] {self.done}/{self.total} {self.label}"
                f"  {rate:,.0f}/s  {left} left")

    def advance(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        if self.live and (now - self.drawn >= 0.1 or self.done >= self.total):
            self.drawn = now
            self.stream.write("\r" + self.line(now) + "\x1b[K")
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
