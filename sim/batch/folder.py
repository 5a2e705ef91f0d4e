"""A batch folder's safety: one run at a time, temporaries by writer, checked chunks.

* :class:`FolderLock` — an advisory ``fcntl.flock`` on ``DIR/batch.lock``,
  held for the whole run; the holder writes its pid into the file, so a
  second ``sim batch`` on the same ``--out`` is refused with one line naming it.
* :func:`temporary_path` / :func:`sweep_temporaries` — every file is written
  as ``.{name}.{pid}.tmp`` beside its target and moved into place; the sweep
  at the start of a run removes only such temporaries whose writer is dead
  (or is this very process), never another live run's files in flight.
* :func:`verify_chunks` — the manifest records the SHA-256 of each chunk and
  series file when it is written; on resume every recorded pair is checked,
  and a missing, truncated, zeroed or swapped file is deleted with its pair
  and played again (one line on stderr per damaged file), so damaged rows
  never reach ``campaigns.parquet``.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
from pathlib import Path
from typing import Callable, Iterable

from sim.errors import UsageError

LOCK = "batch.lock"
_TEMPORARY = re.compile(r"^\..+\.(\d+)\.tmp$")


def temporary_path(path: Path) -> Path:
    """``.{name}.{pid}.tmp`` beside ``path``: the sweep can tell whose it is."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def writer_pid(path: Path) -> int | None:
    """The pid in a temporary's name, or None for any other name."""
    match = _TEMPORARY.match(path.name)
    return int(match.group(1)) if match else None


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (it may belong to another user)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_temporaries(out: Path) -> list[Path]:
    """Remove the temporaries of dead writers (and this process's own); return them.

    A temporary is a half-written file of a killed run: its chunk is played
    again. Files of live writers and files not named like our temporaries
    are left alone.
    """
    removed = []
    for tmp in sorted(out.rglob(".*.tmp")):
        pid = writer_pid(tmp)
        if pid is not None and (pid == os.getpid() or not pid_alive(pid)):
            tmp.unlink(missing_ok=True)
            removed.append(tmp)
    return removed


class FolderLock:
    """Hold ``DIR/batch.lock`` for a run: ``with FolderLock(out): ...``.

    Creates ``out`` if needed. The lock is released when the block ends or
    the process dies (the kernel drops a dead process's flock), so a killed
    run never leaves the folder locked.
    """

    def __init__(self, out: Path) -> None:
        self.out = out
        self.fd: int | None = None

    def __enter__(self) -> "FolderLock":
        path = self.out / LOCK
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise UsageError(f"--out {self.out}: cannot use it as a batch folder ({exc.strerror or exc})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise UsageError(f"{self.out} is in use by another sim batch (pid {holder}); "
                             "wait for it to finish or choose another --out") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self.fd = fd
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the only descriptor releases the flock
            self.fd = None


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_chunks(files: Iterable[tuple[str, dict[str, Path]]], recorded: dict[str, dict[str, str]],
                  say: Callable[[str], None]) -> tuple[set[str], list[str]]:
    """Check each recorded chunk's files against their checksums.

    ``files`` gives, per chunk name, its files by kind (``rows``, ``series``);
    ``recorded`` maps chunk names to the SHA-256 per kind the manifest holds.
    Returns the names of intact chunks and of damaged ones. A damaged chunk's
    files are all deleted (a good series file beside damaged rows is not
    kept: the pair is played again together) and ``say`` gets one line per
    damaged file. Chunk files without a record (a run killed between writing
    and recording them) are not done either; they are simply overwritten.
    """
    intact: set[str] = set()
    damaged: list[str] = []
    for name, paths in files:
        sums = recorded.get(name)
        if sums is None:
            continue
        problems = []
        for kind, path in paths.items():
            if not path.is_file():
                problems.append((path, "missing"))
            elif file_sha256(path) != sums.get(kind):
                problems.append((path, "checksum"))
        if not problems:
            intact.add(name)
            continue
        for path, reason in problems:
            say(f"chunk {name} is damaged ({reason}: {path.name}), playing it again")
        for path in paths.values():
            path.unlink(missing_ok=True)
        damaged.append(name)
    return intact, damaged
