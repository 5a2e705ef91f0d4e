"""Progress of a long batch on stderr: done, rate and time left, then each stage after the campaigns.

On a terminal the line is a bar redrawn at most ten times a second::

    [###############               ] 500/1000 campaigns  250/s  0:02 left

Without a terminal (a pipe, a log file, CI) a plain line is printed every
:data:`EVERY` seconds (``SIM_PROGRESS_SECONDS`` overrides it), and one when
the campaigns are done::

    sim batch: 500/1000 campaigns (50%), 250/s, 0:02 left
    sim batch: 1000/1000 campaigns in 4.0 s (250/s)

After the campaigns the runner names each stage that takes time
(:meth:`Progress.stage`, e.g. rendering the report): on a terminal the line
shows the stage and its elapsed seconds, ticking while it runs; without one,
a line when it starts, one every :data:`EVERY` seconds while it runs and one
with its time when it ends. :data:`QUIET` as the stream (``--quiet``) shows
nothing. With no stream given (a library caller's ``run_batch(progress=None)``)
the bar is drawn on stderr when it is a terminal and nothing is printed
otherwise; the command line passes stderr itself, so it gets the plain lines.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator, TextIO

WIDTH = 30
#: Seconds between two plain progress lines when the stream is not a terminal.
EVERY = 5.0
#: Seconds between two redraws of a stage's clock on a terminal.
TICK = 0.5


def clock(seconds: float) -> str:
    """``1:02:03`` or ``2:03`` for a number of seconds."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Quiet:
    """A stream that drops what is written: progress for ``--quiet``."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


#: Pass as the progress stream to show no progress at all (``--quiet``).
QUIET = Quiet()


def every_seconds() -> float:
    """:data:`EVERY`, or ``SIM_PROGRESS_SECONDS`` when it is a positive number."""
    try:
        value = float(os.environ.get("SIM_PROGRESS_SECONDS", ""))
    except ValueError:
        return EVERY
    return value if 0 < value < 1e9 else EVERY


def _is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Counts finished campaigns out of ``total``; ``done`` were finished before (a resumed batch)."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, *, lang: str | None = None,
                 name: str = "sim batch", every: float | None = None, now=time.monotonic):
        self.stream = stream if stream is not None else sys.stderr
        self.live = not isinstance(self.stream, Quiet) and _is_tty(self.stream)
        # nothing at all: --quiet, or no stream asked for and no terminal to draw on
        self.quiet = isinstance(self.stream, Quiet) or (stream is None and not self.live)
        self.total, self.done, self.name, self.lang = total, done, name, lang
        self.start_done = done
        self.now = now
        self.began = now()
        self.drawn = 0.0
        self.every = every_seconds() if every is None else every
        self.told = self.began  # when the last plain line was printed
        self.closed = False
        self.counted = False  # the campaigns' closing line is out
        self._lock = threading.Lock()

    def rate(self, now: float) -> float:
        return (self.done - self.start_done) / max(now - self.began, 1e-9)

    def words(self, key: str, **fields) -> str:
        """``cli.progress.<key>`` in the batch's language (the report's, ``--lang``)."""
        from sim.i18n import t

        return t(f"cli.progress.{key}", self.lang, name=self.name, **fields)

    def _figures(self, now: float) -> dict:
        rate = self.rate(now)
        return {"done": self.done, "total": self.total, "rate": f"{rate:,.0f}",
                "left": clock((self.total - self.done) / rate) if rate > 0 else "?",
                "share": 100 * self.done // self.total if self.total else 100}

    def line(self, now: float) -> str:
        """The bar as text, e.g. ``[#####     ] 500/1000 campaigns  250/s  0:02 left``."""
        filled = WIDTH * self.done // self.total if self.total else WIDTH
        return f"[{'#' * filled}{' ' * (WIDTH - filled)}] " + self.words("bar", **self._figures(now))

    def plain(self, now: float) -> str:
        """One line for a log, e.g. ``sim batch: 500/1000 campaigns (50%), 250/s, 0:02 left``."""
        return self.words("plain", **self._figures(now))

    def _write(self, text: str) -> None:
        with self._lock:
            self.stream.write(text)
            self.stream.flush()

    def advance(self, count: int) -> None:
        self.done += count
        if self.quiet:
            return
        now = self.now()
        if self.live:
            if now - self.drawn >= 0.1 or self.done >= self.total:
                self.drawn = now
                self._write("\r" + self.line(now) + "\x1b[K")
        elif now - self.told >= self.every and self.done < self.total:
            self.told = now
            self._write(self.plain(now) + "\n")

    def _count_line(self) -> None:
        """Once, after the campaigns: the bar's last state on its own line, or a plain closing line."""
        if self.counted or self.quiet:
            self.counted = True
            return
        self.counted = True
        now = self.now()
        if self.live:
            self._write("\r" + self.line(now) + "\x1b[K\n")
            return
        played = self.done - self.start_done
        if played:
            self._write(self.words("played", **self._figures(now), elapsed=f"{now - self.began:.1f}") + "\n")

    @contextmanager
    def stage(self, words: str) -> Iterator[None]:
        """Show that ``words`` (``"rendering the report"``, or a ``cli.progress.stage.*`` key's last part) is
        under way and for how long, until the block ends.

        On a terminal a clock ticks every :data:`TICK` seconds from a thread; without one a line says
        when it starts, every few seconds while it runs, and how long it took."""
        self._count_line()
        if self.quiet:
            yield
            return
        from sim.i18n import has

        if has(f"cli.progress.stage.{words}"):
            words = self.words(f"stage.{words}")
        began = self.now()
        stop = threading.Event()

        def draw(final: bool = False) -> None:
            elapsed = self.now() - began
            if final:
                self._write("\r" + self.words("stage_done", stage=words, elapsed=f"{elapsed:.1f}") + "\x1b[K\n")
            else:
                self._write("\r" + self.words("stage_ticking", stage=words, elapsed=f"{elapsed:.0f}") + "\x1b[K")

        def tick() -> None:
            while not stop.wait(TICK if self.live else self.every):
                if self.live:
                    draw()
                else:
                    self._write(self.words("stage_still", stage=words, elapsed=f"{self.now() - began:.0f}") + "\n")

        if self.live:
            draw()
        else:
            self._write(self.words("stage_start", stage=words) + "\n")
        ticker = threading.Thread(target=tick, name="progress", daemon=True)
        ticker.start()
        ok = False
        try:
            yield
            ok = True
        finally:
            stop.set()
            ticker.join()
            if ok:
                if self.live:
                    draw(final=True)
                else:
                    self._write(self.words("stage_done", stage=words, elapsed=f"{self.now() - began:.1f}") + "\n")
            elif self.live:
                self._write("\n")  # an error's line starts on a line of its own

    def close(self, finished: bool = True) -> None:
        """End the progress (after the campaigns and every stage; again is a no-op).

        ``finished=False`` (interrupted, or an error): no closing count, only the end of the bar's line."""
        if self.closed:
            return
        self.closed = True
        if finished:
            self._count_line()
        elif self.live and not self.counted:
            self._write("\n")  # the error's line starts on a line of its own
        self.counted = True
