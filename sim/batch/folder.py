"""A batch folder's safety: one run at a time, temporaries by writer, checked chunks.

* :class:`FolderLock` — an advisory lock (:class:`sim.locks.FileLock`: ``flock``
  on POSIX, ``msvcrt.locking`` on Windows) on ``DIR/batch.lock``, held for the
  whole run; the holder writes its pid, host and start into the file, so a
  second ``sim batch`` on the same ``--out`` is refused with one line naming it.
  The lock file is opened without following a symlink.
* :func:`refuse_links` — nothing in a batch folder is followed out of it: a
  symlink planted anywhere in it (``summary.json``, ``plots/``, a chunk, a
  journal) is refused with one line before the run writes anything (issue 33
  case 6), and the folder's own files are written with ``follow=False``.
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

import errno
import hashlib
import os
import re
import stat
from pathlib import Path
from typing import Callable, Iterable

from sim.errors import UsageError
from sim.files import makedirs, shown
from sim.locks import FileLock, LockHeld, pid_alive  # noqa: F401 (pid_alive: its old home)

LOCK = "batch.lock"
_TEMPORARY = re.compile(r"^\..+\.(\d+)\.tmp$")


def temporary_path(path: Path) -> Path:
    """``.{name}.{pid}.tmp`` beside ``path``: the sweep can tell whose it is."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def writer_pid(path: Path) -> int | None:
    """The pid in a temporary's name, or None for any other name."""
    match = _TEMPORARY.match(path.name)
    return int(match.group(1)) if match else None


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
        self.lock = FileLock(out / LOCK)

    def __enter__(self) -> "FolderLock":
        try:
            makedirs(self.out)
            self.lock.acquire()
        except LockHeld as held:
            raise UsageError(f"{shown(self.out)} is in use by another sim batch ({held.holder}); "
                             "wait for it to finish or choose another --out") from None
        except OSError as exc:
            why = ("its batch.lock is a symbolic link, which is not followed (remove it)"
                   if exc.errno == errno.ELOOP and (self.out / LOCK).is_symlink() else exc.strerror or str(exc))
            raise UsageError(f"--out {shown(self.out)}: cannot use it as a batch folder ({why})") from None
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.lock.release()


def refuse_links(out: Path) -> None:
    """Refuse (one line) a batch folder holding a symbolic link anywhere: nothing in it is followed out of it.

    Walks the folder without following links (``os.walk(followlinks=False)`` and ``lstat``); the first link
    found is named. Run under the folder's lock, before anything is written or read there.
    """
    for root, dirs, files in os.walk(out, followlinks=False):
        for name in dirs + files:
            path = Path(root) / name
            try:
                if stat.S_ISLNK(os.lstat(path).st_mode):
                    raise UsageError(f"--out {shown(out)}: {shown(path.relative_to(out))} is a symbolic link; a batch "
                                     f"folder holds none (nothing in it is followed out of it): remove it")
            except FileNotFoundError:
                continue


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_chunks(files: Iterable[tuple[str, dict[str, Path]]], recorded: dict[str, dict],
                  say: Callable[[str], None], *, ranges: dict[str, tuple[int, int]] | None = None,
                  journals: dict[str, list[Path]] | None = None, out: Path | None = None) -> tuple[set[str], list[str]]:
    """Check each recorded chunk's files against their checksums.

    ``files`` gives, per chunk name, its files by kind (``rows``, ``series``);
    ``recorded`` maps chunk names to what the manifest holds of them: the
    SHA-256 per kind, the ``range`` [start, stop] the chunk covered and the
    SHA-256 of each kept journal (``journals``: {path in ``out``: sha256}).
    ``ranges`` gives the range each chunk covers in this run and ``journals``
    the journal files each keeps (issue 33 cases 7 and 8): a chunk recorded
    for another range (an edited ``chunk_size``), or whose kept journal is
    missing, changed or unrecorded, is damaged too.

    Returns the names of intact chunks and of damaged ones. A damaged chunk's
    files are all deleted (a good series file beside damaged rows is not
    kept: the chunk is played again whole) and ``say`` gets one line per
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
        wanted = ranges.get(name) if ranges is not None else None
        if wanted is not None and sums.get("range") != list(wanted):
            got = sums.get("range")
            problems.append((f"campaigns {got[0]}..{got[1] - 1}" if isinstance(got, list) else "no range",
                             f"recorded for another range than {wanted[0]}..{wanted[1] - 1}"))
        for kind, path in paths.items():
            if not path.is_file():
                problems.append((path.name, "missing"))
            elif file_sha256(path) != sums.get(kind):
                problems.append((path.name, "checksum"))
        kept = sums.get("journals") or {}
        for path in (journals or {}).get(name, ()):
            key = path.relative_to(out).as_posix() if out is not None else str(path)
            if not path.is_file():
                problems.append((key, "missing journal"))
            elif kept.get(key) is None:
                problems.append((key, "journal without a checksum"))
            elif file_sha256(path) != kept[key]:
                problems.append((key, "journal checksum"))
        if not problems:
            intact.add(name)
            continue
        for what, reason in problems:
            say(f"chunk {name} is damaged ({reason}: {what}), playing it again")
        for path in list(paths.values()) + list((journals or {}).get(name, ())):
            path.unlink(missing_ok=True)
        damaged.append(name)
    return intact, damaged
