"""Content files already parsed and checked, kept as JSON in the user's cache folder (issue 33, "a session that
starts in a blink").

Every ``sim play`` and ``sim solo`` reads and checks the same content tables (58 files: about half the CPU of a
start). :func:`sim.content.loader._check_file` asks :func:`load` first; on a miss it parses and checks the file
as always, then :func:`store` keeps the result: the file's data, the line of every field, its own problems,
the references it makes and the ids it defines. The content-wide checks (references between tables, the
translation checks) run on every load all the same: only each file's own check is cached.

**Keyed by the file's bytes.** An entry is named by the file (its path, table key and shown name) and records
the file's SHA-256 and, as a fast path, its size and modification time: a file whose size and mtime are those
recorded is not read at all; any other is read and hashed, and its entry used only if the hash agrees (then the
new size and mtime are recorded). So a file that changes is always checked again.

**Never trusted across engines.** Every entry records the engine it was made by: ``sim.__version__`` and the
fingerprint of the ``sim`` package's source (:func:`sim.batch.plan.engine_fingerprint`, the one ``sim batch``
records), so any code change (a schema, the reader) misses every entry. A table whose schema was registered at
run time (:func:`sim.content.loader.register_table`, not by a system package) is never cached: code the
fingerprint does not see decides its check.

**Safe when processes fill it at once.** An entry is written to a temporary file beside it and renamed into
place (``os.replace``), so a reader sees a whole entry or none; an entry that is unreadable, malformed or of
another format is a miss. JSON is data only, so the cache is as safe as the reader that filled it.

The folder is ``$SIM_CACHE_DIR/content``, else ``$XDG_CACHE_HOME/sim/content``, else ``~/.cache/sim/content``
(as :mod:`sim.i18n.termcache`); ``SIM_CACHE_DIR=""`` turns it off. Failing to write it is never an error.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from pathlib import Path
from typing import Any

FORMAT = 1
_engine: str | None = None


def folder() -> Path | None:
    """Where cached content files go, or None when the cache is off."""
    env = os.environ.get("SIM_CACHE_DIR")
    if env is not None:
        return Path(env) / "content" if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "sim" / "content"


def engine() -> str:
    """The engine an entry must have been made by: the version and the source fingerprint."""
    global _engine
    if _engine is None:
        from sim import __version__
        from sim.batch.plan import engine_fingerprint

        _engine = f"{__version__}:{engine_fingerprint()}"
    return _engine


def _entry(cache: Path, key: str, path: Path, shown: str) -> Path:
    where = hashlib.sha256(f"{key}\0{os.path.abspath(path)}\0{shown}".encode("utf-8", "surrogatepass")).hexdigest()
    return cache / f"{where[:32]}.json"


def _plain(value: Any) -> bool:
    """Whether ``value`` comes back from JSON as it went in (dicts with text keys, lists, text, numbers)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if v is None or isinstance(v, (str, bool, int)):
            continue
        if isinstance(v, float):
            if math.isnan(v):  # NaN != NaN: a cached copy could not be told equal
                return False
            continue
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                return False
            stack.extend(v.values())
        else:
            return False
    return True


def _read_state(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def load(key: str, path: Path, shown: str) -> dict[str, Any] | None:
    """The cached check of the content file ``path`` (table ``key``, named ``shown`` in messages), or None.

    The result is the dict :func:`store` was given (``data``, ``lines``, ``problems``, ...), whole and of this
    engine, for the file's current bytes."""
    cache = folder()
    if cache is None:
        return None
    state = _read_state(path)
    if state is None:
        return None
    entry = _entry(cache, key, path, shown)
    try:
        obj = json.loads(entry.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not _valid(obj) or obj["engine"] != engine():
        return None
    if [obj["size"], obj["mtime_ns"]] != list(state):
        if _digest(path) != obj["sha256"]:
            return None  # the file changed: check it again
        obj["size"], obj["mtime_ns"] = state  # the same bytes (touched, copied): the fast path next time
        _write(entry, obj)
    return obj["checked"]


def store(key: str, path: Path, shown: str, checked: dict[str, Any]) -> None:
    """Keep the check of ``path`` (see :func:`load`); nothing is kept when it is not plain JSON data, when the
    file changed while it was checked, or when the cache cannot be written."""
    cache = folder()
    if cache is None or not _plain(checked):
        return
    before = _read_state(path)
    digest = _digest(path)
    if before is None or digest is None or _read_state(path) != before:
        return
    obj = {"format": FORMAT, "engine": engine(), "key": key, "size": before[0], "mtime_ns": before[1],
           "sha256": digest, "checked": checked}
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    _write(_entry(cache, key, path, shown), obj)


def _write(entry: Path, obj: dict[str, Any]) -> None:
    """Write ``entry`` whole or not at all: a temporary of this process beside it, then a rename."""
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(obj, ensure_ascii=False, allow_nan=True), encoding="utf-8")
        os.replace(tmp, entry)
    except (OSError, ValueError, TypeError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _valid(obj: Any) -> bool:
    """Whether a cache entry has the shape :func:`store` writes (anything else is a miss)."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT or not isinstance(obj.get("engine"), str):
        return False
    if type(obj.get("size")) is not int or type(obj.get("mtime_ns")) is not int:
        return False
    if not isinstance(obj.get("sha256"), str):
        return False
    checked = obj.get("checked")
    if not isinstance(checked, dict):
        return False
    doc = checked.get("doc")
    if not (isinstance(doc, dict) and isinstance(doc.get("file"), str) and isinstance(doc.get("lines"), dict)
            and all(isinstance(k, str) and type(v) is int for k, v in doc["lines"].items())
            and isinstance(doc.get("rejected"), list) and type(doc.get("values")) is int):
        return False
    problems = checked.get("problems")
    if not isinstance(problems, list) or not all(_problem(p) for p in problems):
        return False
    if not isinstance(doc.get("problems"), list) or not all(_problem(p) for p in doc["problems"]):
        return False
    refs = checked.get("refs")
    if not isinstance(refs, list) or not all(
            isinstance(r, list) and len(r) == 5 and isinstance(r[0], str) and isinstance(r[2], str)
            and type(r[3]) is int and isinstance(r[4], str) for r in refs):
        return False
    ids = checked.get("ids")
    if not isinstance(ids, list) or not all(
            isinstance(i, list) and len(i) == 2 and isinstance(i[0], str) and isinstance(i[1], list)
            and all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in i[1])
            for i in ids):
        return False
    return type(checked.get("has_schema")) is bool


def _problem(p: Any) -> bool:
    return (isinstance(p, list) and len(p) == 5 and isinstance(p[0], str) and type(p[1]) is int
            and isinstance(p[2], str) and isinstance(p[3], str) and p[4] in ("error", "warning"))


# -- other values a start needs that cost more to build than to read -------------------------------------------

def cached_value(name: str, stamp: str, build: Any) -> Any:
    """``build()``, kept under ``name`` for inputs described by ``stamp`` (with the engine): a faker name pool
    (:mod:`sim.names`), the policy table (:func:`sim.agents.base.load_policies`). A value that is not plain JSON
    data is built every time; so is every value when the cache is off."""
    cache = folder()
    safe = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    entry = cache / f"value-{safe}.json" if cache is not None else None
    if entry is not None:
        try:
            obj = json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            obj = None
        if (isinstance(obj, dict) and obj.get("format") == FORMAT and obj.get("name") == name
                and obj.get("stamp") == stamp and obj.get("engine") == engine() and "value" in obj):
            return obj["value"]
    value = build()
    if entry is not None and _plain(value):
        try:
            cache.mkdir(parents=True, exist_ok=True)
        except OSError:
            return value
        _write(entry, {"format": FORMAT, "name": name, "stamp": stamp, "engine": engine(), "value": value})
    return value


def file_stamp(path: str | os.PathLike) -> str:
    """A stamp of one file's bytes (its SHA-256), or ``"missing"``."""
    return _digest(Path(path)) or "missing"
