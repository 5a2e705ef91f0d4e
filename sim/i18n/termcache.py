"""Term files already read, kept as JSON under the user's cache folder.

A command that prints a few words should not pay for PyYAML: importing it
costs about as much as starting Python, composing a term file as much again.
So once :func:`sim.i18n.termfiles.read_file` has read a file without a
problem, its terms are saved as JSON, named by a SHA-256 of the file's bytes
and of the reader's own source; the next process that needs the file reads
that JSON instead (``json`` is data only: the cache is as safe as the reader
that filled it). Any change to the file or to the reader misses the cache;
a file with problems is never cached, so its problems are reported on every
read. A cache entry that is unreadable or malformed is ignored.

The folder is ``$SIM_CACHE_DIR``, else ``$XDG_CACHE_HOME/sim``, else
``~/.cache/sim``; ``SIM_CACHE_DIR=""`` (empty) turns the cache off. Failing
to write it is never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from sim.i18n.termfiles import FileTerms

FORMAT = 1
_stamp: bytes | None = None


def folder() -> Path | None:
    """Where cached term files go, or None when the cache is off."""
    env = os.environ.get("SIM_CACHE_DIR")
    if env is not None:
        return Path(env) / "terms" if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "sim" / "terms"


def _reader_stamp() -> bytes:
    """The bytes of the modules that decide what a file reads as (a reader change misses the cache)."""
    global _stamp
    if _stamp is None:
        here = Path(__file__).resolve().parent
        digest = hashlib.sha256(f"format {FORMAT}\0".encode())
        for path in (here / "termfiles.py", here.parent / "content" / "source.py"):
            digest.update(path.read_bytes())
        _stamp = digest.digest()
    return _stamp


def _entry(cache: Path, path: Path, data: bytes) -> Path:
    where = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:16]
    what = hashlib.sha256(_reader_stamp() + data).hexdigest()[:32]
    return cache / f"{where}-{what}.json"


def _valid(obj: object) -> bool:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        return False
    terms, lines, sources = obj.get("terms"), obj.get("lines"), obj.get("sources")
    if not (isinstance(terms, dict) and isinstance(lines, dict) and isinstance(sources, dict)):
        return False
    if set(lines) != set(terms) or not set(sources) <= set(terms):
        return False
    return (all(isinstance(e, dict) and isinstance(e.get("en"), str)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in e.items()) for e in terms.values())
            and all(type(n) is int for n in lines.values()) and all(isinstance(v, str) for v in sources.values()))


def load(path: Path, data: bytes) -> FileTerms | None:
    """The cached terms of the file at ``path`` whose bytes are ``data``, or None."""
    cache = folder()
    if cache is None:
        return None
    try:
        obj = json.loads(_entry(cache, path, data).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not _valid(obj):
        return None
    return FileTerms(obj["terms"], obj["lines"], obj["sources"])


def store(path: Path, data: bytes, file: FileTerms) -> None:
    """Cache ``file`` (read from ``path``, whose bytes are ``data``); no-op if it has problems."""
    cache = folder()
    if cache is None or file.problems:
        return
    entry = _entry(cache, path, data)
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"format": FORMAT, "terms": file.terms, "lines": file.lines,
                                   "sources": file.sources}, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, entry)
        for old in cache.glob(entry.name.split("-")[0] + "-*.json"):  # earlier versions of this file
            if old != entry:
                old.unlink(missing_ok=True)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
