"""The solo save file: a decision log that never loses a story (issue 11, "Saves that never lose a story").

A save is JSON Lines. The first line is the header (``format: "sim-solo"``, ``version``, ``engine`` and whatever
the session records: the scenario, its hashes, the seed, the seats, the language); every later line is one entry
(an answer, an oracle question, a note, ...), in the order the session appended them. The session owns what
entries mean; this module only stores, checks and rotates them.

**Checksums are chained.** Each line carries ``"crc"``: the CRC-32 of the line's canonical JSON without ``crc``
(:func:`sim.journal.dumps`, UTF-8), computed *starting from the previous line's CRC* (``zlib.crc32(data,
previous)``; the header starts from 0). A flipped byte breaks its own line's CRC; a line deleted, duplicated or
swapped in the middle breaks the CRC of the line after it, which a per-line checksum would not notice. CRC-32 is a
damage detector, not a seal: it finds torn writes, bad sectors and careless edits, not a forger.

**Durability.** An entry is appended with one ``write`` of the whole line (newline included), then ``fsync``; a
kill at any moment leaves the file as it was before the line, or with a prefix of that line (a *torn* last line),
or with the whole line. :meth:`SaveFile.open` drops a torn last line (no newline at its end, or not valid JSON)
with a warning in ``warnings``; the file itself is repaired only when the session next appends (an atomic
rewrite), so opening a save to read it never writes to it. Any other damage (a middle line that is not JSON or
whose CRC disagrees, a foreign file, a newer format version, an empty file) is a :class:`SaveError` naming the
file and the line, and the file is never overwritten.

**Backups.** Before the first change to a save opened from disk (the session continuing it) and before every
:meth:`SaveFile.truncate` (undo), the current file is copied to ``PATH.1``, the older copies shifting to
``PATH.2`` and ``PATH.3`` (the oldest dropped); the copy goes through :func:`sim.files.write_atomic` and the
shifts are renames, so each backup is whole. A save that was only read makes no backup.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import zlib
from pathlib import Path
from typing import Any

from sim.errors import UsageError
from sim.files import check_writable_file, fsync_folder, read_regular, shown, temporary_path, write_atomic
from sim.journal import dumps

SAVE_FORMAT = "sim-solo"
SAVE_VERSION = 1
BACKUPS = 3
CRC = "crc"

TORN_WARNING = "dropped a torn last line (a session was killed while saving)"


class SaveError(UsageError):
    """A save file that cannot be used as it is (damaged, foreign, newer): one line naming the file and line."""

    def __init__(self, path: str | os.PathLike, message: str, line: int | None = None):
        self.path = Path(path)
        self.line = line
        where = shown(path) if line is None else f"{shown(path)}:{line}"
        super().__init__(f"save file {where}: {message}")


def engine_info() -> dict[str, str]:
    """What a save's replay depends on besides its scenario and content (hashed in the header on their own):
    ``sim.__version__``, the fingerprint of the engine's source (as ``sim batch``), the Python version, and the
    name pools (one hash of every shipped pool, and the Faker version they were generated with:
    :func:`sim.names.names_info`). A replay that diverges names the one that changed (:mod:`sim.solo.session`)."""
    import platform

    from sim import __version__
    from sim.batch.plan import engine_fingerprint
    from sim.names import names_info

    names = names_info()
    return {"version": __version__, "fingerprint": engine_fingerprint(), "python": platform.python_version(),
            "names": names["hash"], "names_faker": names["faker"]}


def line_crc(record: dict[str, Any], previous: int) -> int:
    """The chained CRC-32 of one record (a dict without ``crc``), continuing from ``previous``."""
    return zlib.crc32(dumps(record).encode("utf-8"), previous)


def encode_line(record: dict[str, Any], previous: int) -> tuple[bytes, int]:
    """The bytes of one save line (newline included) and its CRC."""
    if CRC in record:
        raise ValueError(f"a save record may not have its own {CRC!r} field")
    crc = line_crc(record, previous)
    return (dumps({**record, CRC: f"{crc:08x}"}) + "\n").encode("utf-8"), crc


def _check_entry(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
        raise ValueError(f"a save entry is a JSON object with a string 'type', got {entry!r:.80}")
    try:
        copy = json.loads(dumps(entry))  # plain JSON only, and a copy the caller cannot change under us
    except (TypeError, ValueError) as exc:
        raise ValueError(f"a save entry must be plain JSON: {exc}") from None
    problem = check_entry(copy)
    if problem is not None:  # what open would refuse is never written
        raise ValueError(f"a save entry may not be written so: {problem}")
    return copy


def lock_path(target: Path) -> Path:
    """The lock file of the save ``target``: ``.NAME.lock`` beside it (hidden; it stays after the session, empty:
    removing it would let two writers lock two files of one name)."""
    return target.with_name(f".{target.name}.lock")


def _lock(target: Path, name: str):
    """Hold the save's lock (one writer at a time), or one UsageError line naming who holds it."""
    from sim.locks import FileLock, LockHeld

    lock = FileLock(lock_path(target))
    try:
        lock.acquire()
    except LockHeld as held:
        raise UsageError(f"save file {name} is open in another session ({held.holder}); finish that session "
                         f"first (a save has one writer at a time)") from None
    except FileNotFoundError:
        raise UsageError(f"no save file {name}" if not target.parent.is_dir()
                         else f"cannot lock save file {name}: no folder {shown(target.parent)}") from None
    except OSError as exc:
        why = ("its lock file is a symbolic link, which is not followed (remove it)" if exc.errno == errno.ELOOP
               else _reason(exc))
        raise UsageError(f"cannot lock save file {name}: {why}") from None
    return lock


def _sweep_temporaries(target: Path) -> list[Path]:
    """Remove the temporaries of dead writers beside the save (a kill between write and rename leaves them)."""
    from sim.locks import pid_alive

    removed = []
    prefixes = [f".{target.name}."] + [f".{target.name}.{i}." for i in range(1, BACKUPS + 1)]
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for entry in names:
        if not entry.endswith(".tmp") or not any(entry.startswith(p) for p in prefixes):
            continue
        pid = entry[:-len(".tmp")].rpartition(".")[2]
        if not pid.isdigit() or (int(pid) != os.getpid() and pid_alive(int(pid))):
            continue
        path = target.parent / entry
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                os.unlink(path)
                removed.append(path)
        except OSError:
            pass
    return removed


def _reason(exc: OSError) -> str:
    return "the name is too long" if exc.errno == errno.ENAMETOOLONG else (exc.strerror or str(exc))


#: a save larger than this is refused unread (a twelve-score session is about 1 MB)
MAX_SAVE_BYTES = 256 * 2**20


def _read_bytes(path: Path) -> bytes:
    """The save's bytes: a regular file of at most :data:`MAX_SAVE_BYTES` (a device, pipe or folder refused)."""
    return read_regular(path, "save file", MAX_SAVE_BYTES)


def _parse(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: '[' nested 100,000 deep
        return _BAD


_BAD = object()


def parse_save(path: Path, data: bytes) -> tuple[dict, list[dict], list[bytes], int, list[str]]:
    """Check the bytes of a save: (header, entries, the good lines' bytes, the last CRC, warnings).

    Raises :class:`SaveError` for anything but a torn last line, which is dropped with a warning.
    """
    if not data.strip():
        raise SaveError(path, "the file is empty: not a sim-solo save")
    lines = data.split(b"\n")
    complete = lines[:-1]  # every line that ended with a newline
    tail = lines[-1]       # what follows the last newline: b"" for a whole file, else a torn line
    warnings: list[str] = []
    if tail:
        if not complete:
            raise SaveError(path, f"not a {SAVE_FORMAT} save: its first line is not a whole save header", 1)
        warnings.append(TORN_WARNING)
    elif len(complete) > 1 and not complete[-1].strip(b"\0"):
        # the last line is only NUL bytes and its newline (a zero-filled tail a crash leaves on some file
        # systems). Any other last line that ends with its newline was written whole: if it does not parse, or
        # its CRC disagrees, it is damage, reported below, not a torn write to drop (issue 33)
        complete = complete[:-1]
        warnings.append(TORN_WARNING)
    header = _parse(complete[0])
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        raise SaveError(path, f"not a {SAVE_FORMAT} save (its first line is not a save header)", 1)
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"the header's version is {version!r}, not a save version", 1)
    if version > SAVE_VERSION:
        raise SaveError(path, f"written by a newer sim (save version {version}; this sim reads up to "
                              f"{SAVE_VERSION}); open it with that version", 1)
    records: list[dict] = []
    previous = 0
    for number, raw in enumerate(complete, start=1):
        record = header if number == 1 else _parse(raw)
        if not isinstance(record, dict):
            raise SaveError(path, "damaged: the line is not a JSON object", number)
        stored = record.pop(CRC, None)
        if not isinstance(stored, str):
            raise SaveError(path, f"damaged: the line has no {CRC}", number)
        crc = line_crc(record, previous)
        if stored != f"{crc:08x}":
            raise SaveError(path, "damaged: the checksum does not match (the line was changed, or a line "
                                  "before it was removed or changed)", number)
        if number > 1 and not isinstance(record.get("type"), str):
            raise SaveError(path, "damaged: the entry has no type", number)
        problem = check_header(record) if number == 1 else check_entry(record)
        if problem is not None:
            raise SaveError(path, problem, number)
        records.append(record)
        previous = crc
    return records[0], records[1:], [raw + b"\n" for raw in complete], previous, warnings


# -- what every field of a save may hold (issue 33 case 4: the CRC finds damage, not edits) --------------------


def _what(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...{text[-6:]}"


def _whole(value: Any, lo: int, hi: int | None = None) -> bool:
    return type(value) is int and value >= lo and (hi is None or value <= hi)


def _text(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _iso_date(value: Any) -> bool:
    """An ISO calendar date, ``2026-12-04`` (a sitting's day)."""
    import datetime

    try:
        return isinstance(value, str) and len(value) == 10 and bool(datetime.date.fromisoformat(value))
    except ValueError:
        return False


def _text_map(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def check_header(header: dict[str, Any]) -> str | None:
    """What is wrong with a save header's fields (one line naming the field), or None.

    Fields a session writes are checked when present (a generic save has only ``format`` and ``version``; a
    solo session's header must have them, which :meth:`sim.solo.session.Session.resume` checks): ``scenario``
    text, ``scenario_path``, ``scenario_hash``, ``content_hash``, ``lang`` and ``system`` non-empty text, ``seed``
    a whole number 0..2**63-1, ``seats`` a non-empty list of distinct seat names, ``scores`` null or 1..1000,
    ``words`` a whole number from 1, ``engine`` and ``versions`` mappings of text to text.
    """
    from sim import limits

    for key in ("scenario_path", "scenario_hash", "content_hash", "lang", "system"):
        if key in header and not _text(header[key]):
            return f"the header's {key} is {_what(header[key])}, not text"
    if "scenario" in header and not isinstance(header["scenario"], str):
        return f"the header's scenario is {_what(header['scenario'])}, not the scenario's text"
    if "seed" in header and not _whole(header["seed"], 0, limits.MAX_SEED):
        return f"the header's seed is {_what(header['seed'])}, not a whole number 0..{limits.MAX_SEED}"
    if "seats" in header:
        seats = header["seats"]
        if (not isinstance(seats, list) or not seats or not all(_text(s) for s in seats)
                or len(set(seats)) != len(seats)):
            return f"the header's seats is {_what(seats)}, not a list of seat names"
    if "scores" in header and header["scores"] is not None and not _whole(header["scores"], 1, limits.MAX_SCORES):
        return f"the header's scores is {_what(header['scores'])}, not null or 1..{limits.MAX_SCORES}"
    if "words" in header and not _whole(header["words"], 1):
        return f"the header's words is {_what(header['words'])}, not a whole number"
    if "leads" in header and not _whole(header["leads"], 0):
        return f"the header's leads is {_what(header['leads'])}, not a whole number"
    for key in ("engine", "versions"):
        if key in header and not _text_map(header[key]):
            return f"the header's {key} is {_what(header[key])}, not a mapping of names to text"
    return None


#: the fields each kind of entry must have, and what they hold (an entry of a kind not here is a newer
#: engine's: kept, not checked)
def _likelihood(value: Any) -> bool:
    try:
        from sim.oracle.scale import LIKELIHOODS
    except ImportError:  # an engine without the oracle: any word
        return _text(value)
    return value in LIKELIHOODS


def _roll(value: Any) -> bool:
    from sim import dicexpr
    from sim.errors import UsageError

    if not isinstance(value, str):
        return False
    try:
        dicexpr.parse(value)
    except UsageError:
        return False
    return True


_ENTRY_FIELDS: dict[str, dict[str, tuple[Any, str]]] = {
    "note": {"text": (_text, "text")},
    "thread": {"op": (lambda v: v in ("add", "close"), "add or close"), "text": (_text, "text")},
    "npc": {"op": (lambda v: v in ("add", "remove", "draw"), "add, remove or draw"), "text": (_text, "text")},
    "roll": {"expr": (_roll, "a dice expression (1d6+2, 3d6kh1, 4dF, 2d ...)")},
    "clock": {"op": (lambda v: v in ("new", "tick", "clear"), "new, tick or clear"), "name": (_text, "text")},
    "say": {"text": (_text, "text")},
    "expect": {"text": (_text, "text")},
    "tension": {"level": (lambda v: _whole(v, 1) and v <= 9, "a whole number 1..9")},
    "oracle": {"question": (_text, "text"), "likelihood": (_likelihood, "a likelihood (impossible .. certain)")},
    "event": {},
    "meaning": {},
    "act": {"seat": (_text, "a seat name"), "text": (_text, "text"),
            "move": (lambda v: type(v) is list and bool(v) and all(_text(w) for w in v), "a list of words")},
    "answer": {"seat": (_text, "a seat name"), "kind": (_text, "a decision kind"), "choice": (lambda v: True, "")},
    # a sitting: the day the person sat down to play (a session started or continued, issue 30); ``seq`` the journal
    # event it began after; nothing is journaled for it, so the journal is the same whatever the date
    "sitting": {"date": (_iso_date, "an ISO date (2026-12-04)"), "seq": (lambda v: _whole(v, 0), "a whole number")},
}
#: fields an answer may have, checked when present
_ANSWER_OPTIONAL: dict[str, tuple[Any, str]] = {
    "step": (lambda v: _whole(v, 1), "a whole number from 1"),
    "seq": (lambda v: _whole(v, 0), "a whole number"),
    "digest": (_text, "text"),
    "by": (_text, "person, auto:POLICY or act"),
    "typed": (lambda v: type(v) is bool, "true or false"),
    "label": (_text, "text"),
    "prompt": (_text, "text"),
    "odds": (_text, "text"),
    "offered": (lambda v: isinstance(v, list) and all(_text(x) for x in v), "a list of texts"),
}
#: what each op of a clock entry needs besides its name
_CLOCK_OPS: dict[str, tuple[str, Any, str]] = {
    "new": ("size", lambda v: _whole(v, 2) and v <= 64, "a whole number 2..64"),
    "tick": ("ticks", lambda v: _whole(v, -64) and v != 0 and v <= 64, "a whole number -64..64, not 0"),
}


def check_entry(entry: dict[str, Any]) -> str | None:
    """What is wrong with one entry's fields (one line naming the field), or None."""
    kind = entry.get("type")
    fields = _ENTRY_FIELDS.get(kind)
    if fields is None:
        return None
    for key, (ok, what) in fields.items():
        if kind == "npc" and key == "text" and entry.get("op") == "draw":
            continue  # a drawn NPC's name comes from the draw, journaled, not from the entry
        if key not in entry:
            return f"the {kind} entry has no {key}"
        if not ok(entry[key]):
            return f"the {kind} entry's {key} is {_what(entry[key])}, not {what}"
    if kind == "clock" and entry["op"] in _CLOCK_OPS:
        key, ok, what = _CLOCK_OPS[entry["op"]]
        if key not in entry:
            return f"the clock entry has no {key}"
        if not ok(entry[key]):
            return f"the clock entry's {key} is {_what(entry[key])}, not {what}"
    if kind == "answer":
        for key, (ok, what) in _ANSWER_OPTIONAL.items():
            if key in entry and not ok(entry[key]):
                return f"the answer entry's {key} is {_what(entry[key])}, not {what}"
    return None


class SaveFile:
    """One solo save on disk: its header, its entries, appended durably, truncated atomically (see the module)."""

    def __init__(self, path: Path, header: dict, entries: list[dict], lines: list[bytes], crc: int,
                 warnings: list[str], size: int, *, torn: bool, fresh: bool, lock: Any = None):
        self.path = path
        self._lock = lock        # the sim.locks.FileLock held while this writer lives (None: read only)
        self.header = header
        self.entries = entries
        self.warnings = warnings
        self._lines = lines      # the bytes of every good line, header first
        self._crc = crc          # the CRC of the last good line
        self._size = size        # the file's size as we last saw or left it
        self._torn = torn        # the file ends with a torn line that the next append repairs
        self._backed_up = fresh  # a new save has no earlier version to keep

    # -- making and reading --------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike, header: dict, *, lock: bool = False) -> "SaveFile":
        """A new save with ``header`` (format, version and engine filled in when missing); never overwrites.

        ``lock``: hold the save's lock (``.NAME.lock``) until :meth:`close`, as a session does."""
        target = check_writable_file(path, "save file")
        if target.exists():
            raise UsageError(f"save file {shown(path)} already exists; continue it with `sim solo continue`, "
                             f"or name a new file")
        record = {**header, "format": SAVE_FORMAT, "version": SAVE_VERSION}
        record.setdefault("engine", engine_info())
        try:
            record = json.loads(dumps(record))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a save header must be plain JSON: {exc}") from None
        problem = check_header(record)
        if problem is not None:
            raise ValueError(f"a save header may not be written so: {problem}")
        line, crc = encode_line(record, 0)
        held = _lock(target, shown(path)) if lock else None
        try:
            _create_exclusive(target, line, shown(path))
        except BaseException:
            if held is not None:
                held.release()
            raise
        return cls(target, record, [], [line], crc, [], len(line), torn=False, fresh=True, lock=held)

    @classmethod
    def open(cls, path: str | os.PathLike, *, lock: bool = False) -> "SaveFile":
        """Read and check a save; raises :class:`SaveError` (exit 2) or UsageError, and never writes to it.

        A symlink is resolved once, here: every later read, write and backup is of the file it names, beside it
        (issue 33 case 11). ``lock``: hold the save's lock (``.NAME.lock``, :mod:`sim.locks`) until :meth:`close`,
        so a save has one writer at a time; a second is refused with one line naming the holder (case 5). The
        temporaries a killed writer left beside the save (``.NAME.PID.tmp``, ``.NAME.1.PID.tmp``) are removed.
        """
        name = shown(path)
        try:
            target = Path(os.path.realpath(path))
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot read save file {name}: {getattr(exc, 'strerror', None) or exc}") from None
        held = None
        made = False
        if lock:
            _read_bytes(target)  # a missing save, a device or a folder is refused before a lock file is made
            made = not os.path.lexists(lock_path(target))
            held = _lock(target, name)
        try:
            _sweep_temporaries(target)
            data = _read_bytes(target)
            header, entries, lines, crc, warnings = parse_save(Path(path), data)
        except BaseException:
            if held is not None:
                if made:  # not a save after all: no lock file left beside a foreign file
                    try:
                        os.unlink(lock_path(target))
                    except OSError:
                        pass
                held.release()
            raise
        return cls(target, header, entries, lines, crc, warnings, len(data),
                   torn=sum(map(len, lines)) != len(data), fresh=False, lock=held)

    def close(self) -> None:
        """Let another session write the save (release its lock); the file is always whole already."""
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()

    # -- changing ------------------------------------------------------------------------------------------

    def append(self, entry: dict) -> None:
        """Append one entry as one line, written in one ``write`` and fsynced before this returns."""
        entry = _check_entry(entry)
        line, crc = encode_line(entry, self._crc)
        self._keep_backup()
        if self._torn:
            self._check_unchanged()
            self._rewrite(self._lines + [line])
        else:
            self._append_bytes(line)
        self._lines.append(line)
        self._crc = crc
        self.entries.append(entry)

    def truncate(self, n: int) -> None:
        """Keep the first ``n`` entries (undo), rewriting the file atomically after backing it up."""
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(self.entries):
            raise ValueError(f"truncate keeps 0..{len(self.entries)} entries, got {n!r}")
        self._check_unchanged()
        self._rotate()
        self._backed_up = True
        lines = self._lines[:n + 1]
        self._rewrite(lines)
        self._lines = lines
        self.entries = self.entries[:n]
        self._crc = int(json.loads(lines[-1])[CRC], 16)

    def backups(self) -> list[Path]:
        """The previous versions kept, newest first (``PATH.1`` .. ``PATH.3``, those that exist)."""
        return [p for p in (self._backup(i) for i in range(1, BACKUPS + 1)) if p.is_file()]

    # -- the file ------------------------------------------------------------------------------------------

    def _backup(self, i: int) -> Path:
        return self.path.with_name(f"{self.path.name}.{i}")

    def _keep_backup(self) -> None:
        if not self._backed_up:
            self._check_unchanged()
            self._rotate()
            self._backed_up = True

    def _rotate(self) -> None:
        """Shift ``PATH.1``→``.2``→``.3`` (the oldest dropped) and copy the current file to ``PATH.1``."""
        data = _read_bytes(self.path)
        try:
            for i in range(BACKUPS - 1, 0, -1):
                older = self._backup(i)
                if older.is_file():
                    os.replace(older, self._backup(i + 1))
        except OSError as exc:
            raise UsageError(f"cannot keep a backup of save file {shown(self.path)}: {_reason(exc)}") from None
        write_atomic(self._backup(1), data, what="save backup")

    def _check_unchanged(self) -> None:
        try:
            size = os.stat(self.path).st_size
        except OSError as exc:
            raise UsageError(f"cannot write save file {shown(self.path)}: {_reason(exc)}") from None
        if size != self._size:
            raise UsageError(f"save file {shown(self.path)} changed on disk since it was opened "
                             f"(another session?); not writing to it")

    def _append_bytes(self, line: bytes) -> None:
        name = shown(self.path)
        self._check_unchanged()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise UsageError(f"cannot write save file {name}: {_reason(exc)}") from None
        try:
            written = os.write(fd, line)
            if written != len(line):  # a short write: a full disk; take the torn part back
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, self._size)
            except OSError:
                self._torn = True
            raise UsageError(f"cannot write save file {name}: {_reason(exc)}") from None
        finally:
            os.close(fd)
        self._size += len(line)

    def _rewrite(self, lines: list[bytes]) -> None:
        write_atomic(self.path, lines, what="save file")
        self._size = sum(map(len, lines))
        self._torn = False


def _create_exclusive(target: Path, line: bytes, name: str) -> None:
    """Write the header to a temporary file and link it into place: whole or absent, never over a file."""
    tmp = temporary_path(target)
    try:
        with open(tmp, "wb") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise UsageError(f"save file {name} already exists; continue it with `sim solo continue`, "
                             f"or name a new file") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            _create_plain(target, line, name)  # a file system without hard links
    except OSError as exc:
        raise UsageError(f"cannot create save file {name}: {_reason(exc)}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    fsync_folder(target.parent)


def _create_plain(target: Path, line: bytes, name: str) -> None:
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise UsageError(f"save file {name} already exists; continue it with `sim solo continue`, "
                         f"or name a new file") from None
    with os.fdopen(fd, "wb") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())

