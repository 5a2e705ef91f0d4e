"""Writing output files safely: the one atomic-write helper of the engine.

:func:`write_atomic` is how every command writes a file (journals, schemas,
reports). It follows jupyter_server's atomic writer (docs/dev/style.md, "Saves on
disk"): the new contents go to a temporary file in the target's own folder,
are flushed and fsynced, then ``os.replace`` puts them in place and the folder
is fsynced, so a reader sees the old file or the new one, never half of one,
and a full disk or a kill leaves the earlier file as it was.

The temporary file is named ``.{name}.{pid}.tmp`` (:func:`temporary_path`):
hidden, beside the target, and carrying the writing process's id, so a sweep
of leftovers can tell whose a temporary is (a live process's, or a dead one's).

Only a regular file or a missing path is written. A folder, a device
(``/dev/null``, ``/dev/full``), a pipe or a socket is refused with one line: an
atomic replace would swap the device for a regular file. A symlink to a
regular file is followed (the link stays, its target is replaced). Every
``OSError`` becomes a :class:`~sim.errors.UsageError` with one line.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Iterable

from sim.errors import UsageError

TMP_SUFFIX = ".tmp"


def temporary_path(target: Path, pid: int | None = None) -> Path:
    """The temporary file :func:`write_atomic` writes before replacing ``target``."""
    return target.with_name(f".{target.name}.{os.getpid() if pid is None else pid}{TMP_SUFFIX}")


def shown(path: str | os.PathLike) -> str:
    """A path for a one-line message (a 5000-character name is cut in the middle)."""
    text = os.fspath(path)
    return text if len(text) <= 120 else f"{text[:60]}...{text[-40:]}"


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long"
    return exc.strerror or str(exc)


def check_writable_file(path: str | os.PathLike, what: str = "output") -> Path:
    """The file ``path`` names (symlinks followed), if it may be written; else UsageError.

    Refuses folders, devices, pipes and sockets, and a path whose folder does
    not exist or is not a folder.
    """
    name = shown(path)
    if os.fspath(path) == "":
        raise UsageError(f"cannot write {what}: the file name is empty")
    target = Path(os.path.realpath(path))
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise UsageError(f"cannot write {what} {name}: {_reason(exc)}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device, pipe, socket or broken link)"
        raise UsageError(f"cannot write {what} {name}: it is {kind}; name a file")
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"cannot write {what} {name}: no folder {shown(folder)}")
    return target


def write_atomic(path: str | os.PathLike, data: str | bytes | Iterable[str] | Iterable[bytes], *,
                 what: str = "output") -> Path:
    """Write ``data`` (text, bytes, or an iterable of text or byte chunks) to ``path`` atomically.

    Text is written as UTF-8 with ``\\n`` line ends. ``what`` names the file in
    messages ("the journal"). Returns the file written (symlinks followed).
    Raises UsageError (one line) for a path that is not a regular file or a
    missing one, and for every ``OSError`` (a full disk, no permission, a name
    too long); the target is then untouched and no temporary file is left.
    """
    target = check_writable_file(path, what)
    name = shown(path)
    chunks = [data] if isinstance(data, (str, bytes)) else data
    tmp = temporary_path(target)
    fd = None
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o666)
        try:
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))  # a replaced file keeps its mode
        except FileNotFoundError:
            pass
        with os.fdopen(fd, "wb") as fh:
            fd = None  # the file object owns it now
            for chunk in chunks:
                fh.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        if fd is not None:
            os.close(fd)
        _remove(tmp)
        raise UsageError(f"cannot write {what} {name}: {_reason(exc)}") from None
    except BaseException:
        if fd is not None:
            os.close(fd)
        _remove(tmp)
        raise
    fsync_folder(target.parent)
    return target


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def fsync_folder(folder: Path) -> None:
    """Make the rename durable; some file systems cannot fsync a folder, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def make_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """Create folder ``path`` and its parents (existing is fine); every OSError is one UsageError line."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"cannot create {what} {shown(path)}: a file is in the way") from None
    except OSError as exc:
        raise UsageError(f"cannot create {what} {shown(path)}: {_reason(exc)}") from None
    return folder
