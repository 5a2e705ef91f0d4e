"""One writer at a time: an advisory lock on a lock file, held while the writer lives (issue 33 case 5).

:class:`FileLock` is what a batch folder (``DIR/batch.lock``, :class:`sim.batch.folder.FolderLock`) and a solo
save (``PATH.lock``, :class:`sim.solo.save.SaveFile`) both hold. On POSIX it is ``fcntl.flock``; on Windows
``msvcrt.locking`` of one byte far past the holder's words (so they stay readable while locked). Either way the
operating system drops the lock when its process dies, so a killed writer never leaves a file locked, and a
second writer is refused at once (never waits) with :class:`LockHeld`, whose ``holder`` says who holds it:
the pid, the host and since when, as the holder wrote them into the lock file.

The lock file is opened without following a symlink (``O_NOFOLLOW``): a link planted in its place is refused,
never truncated through (issue 33 case 6). It is left in place after release (removing it would let two
writers lock two different files of one name); its words are cleared.

POSIX-only modules (``fcntl``) and Windows-only ones (``msvcrt``) are imported where they are used, so this
module, and every module that imports it, imports everywhere (issue 28).
"""

from __future__ import annotations

import errno
import os
import socket
import time
from pathlib import Path

#: the byte msvcrt locks: past any holder's words, so they can be read while the lock is held
_WINDOWS_LOCK_OFFSET = 1 << 20


class LockHeld(Exception):
    """The lock is held by another writer; ``holder`` is its words (``pid 123 on HOST since 2026-...``)."""

    def __init__(self, path: Path, holder: str):
        self.path = path
        self.holder = holder
        super().__init__(f"{path} is held by {holder}")


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (it may belong to another user)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill(pid, 0) would end the process on Windows
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        ctypes.windll.kernel32.CloseHandle(handle)
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` without waiting; False if another holds it."""
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                return False
            raise
        return True
    import msvcrt

    os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    finally:
        os.lseek(fd, 0, os.SEEK_SET)
    return True


def _unlock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return
    import msvcrt

    os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    finally:
        os.lseek(fd, 0, os.SEEK_SET)


def holder_lines() -> str:
    """What a holder writes into its lock file: its pid, its host and since when (UTC), a line each.

    The pid comes first and alone on its line, as ``batch.lock`` always held it.
    """
    since = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return f"{os.getpid()}\n{socket.gethostname() or 'this machine'}\n{since}\n"


def holder_words(text: str) -> str:
    """A lock file's lines in words: ``pid 123 on HOST since 2026-12-03 19:04:16 UTC``."""
    lines = [line.strip() for line in text.splitlines()][:3]
    if not lines or not lines[0]:
        return "another process (it has not written its name yet)"
    words = f"pid {lines[0][:20]}"
    if len(lines) > 1 and lines[1]:
        words += f" on {lines[1][:80]}"
    if len(lines) > 2 and lines[2]:
        words += f" since {lines[2][:40]}"
    return words


def _read_holder(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 300).decode("utf-8", "replace")
    except OSError:
        text = ""
    return holder_words(text)


class FileLock:
    """An exclusive, non-waiting lock on the file ``path``: ``with FileLock(p): ...`` or acquire/release.

    ``acquire`` raises :class:`LockHeld` when another process holds it, and ``OSError`` when the lock file
    cannot be made (a symlink in its place: ``ELOOP``; no permission; no folder).
    """

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.fd: int | None = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def acquire(self) -> "FileLock":
        if self.fd is not None:
            return self
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        if os.name == "nt" and os.path.islink(self.path):  # no O_NOFOLLOW on Windows
            raise OSError(errno.ELOOP, "the lock file is a symbolic link", str(self.path))
        fd = os.open(self.path, flags, 0o644)
        try:
            if not _try_lock(fd):
                raise LockHeld(self.path, _read_holder(fd))
            words = holder_lines().encode("utf-8")
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, words)
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        return self

    def release(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)  # the words name a holder no more
            _unlock(fd)
        except OSError:
            pass
        finally:
            os.close(fd)  # closing the descriptor drops the lock in any case

    def __enter__(self) -> "FileLock":
        return self.acquire()

    def __exit__(self, *exc_info: object) -> None:
        self.release()

    def __del__(self) -> None:  # a lock forgotten unreleased is dropped with its object, not leaked
        try:
            self.release()
        except Exception:
            pass
