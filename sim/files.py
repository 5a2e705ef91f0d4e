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


def check_writable_file(path: str | os.PathLike, what: str = "output", *, follow: bool = True) -> Path:
    """The file ``path`` names (symlinks followed), if it may be written; else UsageError.

    Refuses folders, devices, pipes and sockets, and a path whose folder does
    not exist or is not a folder. ``follow=False`` refuses a symlink instead of
    following it (a batch folder's own files: nothing planted there is followed
    out of it, issue 33 case 6).
    """
    name = shown(path)
    if os.fspath(path) == "":
        raise UsageError(f"cannot write {what}: the file name is empty")
    target = Path(os.path.realpath(path)) if follow else Path(os.path.abspath(path))
    try:
        st = os.lstat(target)
        if not follow and stat.S_ISLNK(st.st_mode):
            raise UsageError(f"cannot write {what} {name}: it is a symbolic link, which is not followed here; "
                             f"remove it")
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
                 what: str = "output", follow: bool = True) -> Path:
    """Write ``data`` (text, bytes, or an iterable of text or byte chunks) to ``path`` atomically.

    Text is written as UTF-8 with ``\\n`` line ends. ``what`` names the file in
    messages ("the journal"). Returns the file written (symlinks followed).
    Raises UsageError (one line) for a path that is not a regular file or a
    missing one, and for every ``OSError`` (a full disk, no permission, a name
    too long); the target is then untouched and no temporary file is left.
    """
    target = check_writable_file(path, what, follow=follow)
    name = shown(path)
    chunks = [data] if isinstance(data, (str, bytes)) else data
    tmp = temporary_path(target)
    fd = None
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o666)
        try:
            os.chmod(tmp, stat.S_IMODE(os.lstat(target).st_mode))  # a replaced file keeps its mode
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
    """Create folder ``path`` and its parents (existing is fine); every OSError is one UsageError line.

    The parents are made in a loop from the top down, not by ``Path.mkdir(parents=True)``, which recurses once
    per missing level (a 2,000-level ``--out`` was a RecursionError, issue 33 case 3); a path deeper than
    :data:`MAX_DEPTH` folders is refused unmade.
    """
    folder = Path(path)
    try:
        if folder.is_dir():
            return folder
    except (OSError, ValueError):
        pass  # a name too long or holding a NUL: the loop below says why
    try:
        makedirs(folder)
    except FileExistsError:
        raise UsageError(f"cannot create {what} {shown(path)}: a file is in the way") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and len(folder.parts) > MAX_DEPTH:
            raise UsageError(f"cannot create {what} {shown(path)}: it is {len(folder.parts):,} folders deep "
                             f"(at most {MAX_DEPTH:,})") from None
        raise UsageError(f"cannot create {what} {shown(path)}: {_reason(exc)}") from None
    except ValueError:  # a NUL in the name
        raise UsageError(f"cannot create {what} {shown(path)}: the name holds a NUL character") from None
    return folder


def makedirs(folder: Path) -> None:
    """``os.makedirs(folder, exist_ok=True)`` in a loop from the top down (``os.makedirs`` and ``Path.mkdir``
    recurse once a level); OSError as they raise it, ``ELOOP`` for a path deeper than :data:`MAX_DEPTH`."""
    parts = Path(folder).parts
    if len(parts) > MAX_DEPTH:
        raise OSError(errno.ELOOP, f"more than {MAX_DEPTH} folders deep", os.fspath(folder))
    step = Path(parts[0]) if parts else Path(".")
    for part in parts[1:] + ("",):
        try:
            os.mkdir(step)
        except FileExistsError:
            if not step.is_dir():
                raise
        if part:
            step = step / part


#: an output folder deeper than this is refused (PATH_MAX allows about 2,000 one-letter levels; nobody means it)
MAX_DEPTH = 256


def read_regular(path: str | os.PathLike, what: str, max_bytes: int, *, null_is_empty: bool = False) -> bytes:
    """The bytes of the regular file ``path`` (symlinks followed), at most ``max_bytes``; else one UsageError line.

    What the content loader does for content (:func:`sim.content.source.read_text`) for every other input a
    person names (a save, a script, a journal to replay): a device (``/dev/zero`` never ends), a pipe (it waits
    for ever), a socket or a folder is refused before it is read, and a file larger than ``max_bytes`` is
    refused after reading at most ``max_bytes + 1`` bytes (the file may grow between the check and the read).
    With ``null_is_empty``, ``/dev/null`` (``os.devnull``) reads as empty, as everyone means it (a script).
    """
    name = shown(path)
    try:
        st = os.stat(path)  # before opening: opening a FIFO waits for a writer
        if null_is_empty and not stat.S_ISREG(st.st_mode) and _is_null(st):
            return b""  # /dev/null: empty, as everyone means it (--script /dev/null answers nothing)
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"cannot read {what} {name}: it is {_kind(st.st_mode)}; name a file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as fh:
            st = os.fstat(fh.fileno())  # the file opened, not the one stat saw (swapped for a device since?)
            if not stat.S_ISREG(st.st_mode):
                raise UsageError(f"cannot read {what} {name}: it is {_kind(st.st_mode)}; name a file")
            if st.st_size > max_bytes:
                raise UsageError(f"cannot read {what} {name}: it is larger than {_size(max_bytes)}; refused")
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise UsageError(f"no {what} {name}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {what} {name}: {_reason(exc)}") from None
    except ValueError:
        raise UsageError(f"cannot read {what} {name}: the name holds a NUL character") from None
    if len(data) > max_bytes:
        raise UsageError(f"cannot read {what} {name}: it is larger than {_size(max_bytes)}; refused")
    return data


def _is_null(st: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and (st.st_rdev, st.st_ino, st.st_dev) == (null.st_rdev, null.st_ino, null.st_dev)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file (a device, pipe or socket)"


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n:,} bytes"
