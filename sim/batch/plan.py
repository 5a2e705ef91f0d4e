"""What a batch will play: its variants, its chunks and its manifest.

A batch is N campaigns of one scenario, each played once per *variant* (a
point of the ``--sweep`` cartesian product; one unnamed variant without a
sweep). Campaign ``i`` uses ``derive_seed(S, i)`` in every variant, so variants
are compared on common random numbers (docs/dev/style.md principle 1).

The campaigns are cut into chunks of ``chunk_size`` consecutive indices; a
chunk is the unit of work for every backend and the unit of saving. The
manifest records everything that decides the results, so a rerun on the same
directory resumes, and a different batch pointed at it is refused; it also
records the engine that played the rows (``sim.__version__`` and a hash of
the ``sim`` package's source, :func:`engine_fingerprint`), so rows of two
engines are never mixed unless ``--force-version`` says so, and the SHA-256
of each finished chunk's files (:class:`ManifestFile`), so damaged chunks are
found and played again (:mod:`sim.batch.folder`).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim import __version__
from sim.batch.folder import LOCK, file_sha256, temporary_path  # noqa: F401 (file_sha256: games use it)
from sim.errors import UsageError
from sim.files import make_folder, write_atomic
from sim.options import OPTIONS

MANIFEST = "manifest.json"
MANIFEST_FORMAT = 2  # 2: engine fingerprint and chunk checksums
MAX_CHUNK = 1000
#: a manifest larger than this is refused unread (200 chunks a variant take about 40 KB)
MAX_MANIFEST_BYTES = 256 * 2**20

# Sweep names that are not rule options: policies, scenario length, and per-faction scenario settings
# (``tier.<faction>``: its starting Tier; ``status.<faction>``: the crew's starting status with it).
POLICY_PARAMS = ("players", "gm")
LENGTH_PARAMS = ("scores",)
FACTION_PARAMS = {"tier": (0, 6), "status": (-3, 3)}  # prefix -> bounds
SWEEP_PARAMS = POLICY_PARAMS + LENGTH_PARAMS
FACTION_POLICY_PARAM = "policy"  # policy.<faction>: the faction seat's policy (sim.blades.city.factions)
KNOWN = "a rule option, players, gm, scores, tier.<faction>, status.<faction> or policy.<faction>"


def _faction_values(name: str, texts: list[str], raw: str) -> tuple[int, ...]:
    prefix, _, faction = name.partition(".")
    lo, hi = FACTION_PARAMS[prefix]
    if not faction.replace("_", "").isalnum():
        raise UsageError(f"--sweep {name}: {prefix}.<faction> wants a faction id, e.g. {prefix}.hive")
    try:
        values = tuple(int(t) for t in texts)
    except ValueError:
        raise UsageError(f"--sweep {name}: must be integers {lo}..{hi}, got {raw!r}") from None
    if not all(lo <= v <= hi for v in values):
        raise UsageError(f"--sweep {name}: must be integers {lo}..{hi}, got {raw!r}")
    return values


@dataclass(frozen=True, slots=True)
class Variant:
    """One point of the sweep: ``params`` is ((name, value), ...) in sweep order."""

    number: int
    params: tuple[tuple[str, Any], ...]

    @property
    def label(self) -> str:
        """``resist_mode=reduce players=careful``; ``base`` without a sweep."""
        if not self.params:
            return "base"
        return " ".join(f"{name}={_text(value)}" for name, value in self.params)

    @property
    def key(self) -> str:
        """File-name-safe name of the variant: ``v0``, ``v1``, ..."""
        return f"v{self.number}"


@dataclass(frozen=True, slots=True)
class Chunk:
    """Campaign indices ``start`` (inclusive) to ``stop`` (exclusive) of one variant."""

    variant: Variant
    number: int
    start: int
    stop: int

    @property
    def name(self) -> str:
        return f"{self.variant.key}-{self.number:06d}"


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_sweep(items: list[str] | None) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Parse ``--sweep NAME=v1,v2`` arguments into ((name, values), ...).

    NAME is a rule option in :data:`sim.options.OPTIONS` (values parsed by
    ``Option.parse``), a policy (``players``, ``gm``), ``scores`` (the
    campaign length), ``tier.<faction>`` (0..6), ``status.<faction>``
    (-3..3) or ``policy.<faction>`` (a faction policy). Bad names or values raise UsageError (the game refuses a faction
    that is not in play).
    """
    sweep: list[tuple[str, tuple[Any, ...]]] = []
    for item in items or ():
        name, sep, raw = item.partition("=")
        name = name.strip()
        texts = [t.strip() for t in raw.split(",")]
        if not sep or not name or not all(texts):
            raise UsageError(f"--sweep wants NAME=v1,v2,..., got {item!r}")
        if any(name == seen for seen, _ in sweep):
            raise UsageError(f"--sweep names {name} twice")
        if name in OPTIONS:
            values = tuple(OPTIONS[name].parse(t) for t in texts)
        elif name in POLICY_PARAMS:
            if not all(t.replace("_", "").isalnum() for t in texts):
                raise UsageError(f"--sweep {name}: policy names are words, got {raw!r}")
            values = tuple(texts)
        elif name in LENGTH_PARAMS:
            if not all(t.isdigit() and int(t) > 0 for t in texts):
                raise UsageError(f"--sweep {name}: must be positive integers, got {raw!r}")
            values = tuple(int(t) for t in texts)
        elif name.partition(".")[0] in FACTION_PARAMS:
            values = _faction_values(name, texts, raw)
        elif name.partition(".")[0] == FACTION_POLICY_PARAM:
            faction = name.partition(".")[2]
            if not faction.replace("_", "").isalnum():
                raise UsageError(f"--sweep {name}: policy.<faction> wants a faction id, e.g. policy.hive")
            if not all(t.replace("_", "").isalnum() for t in texts):
                raise UsageError(f"--sweep {name}: policy names are words, got {raw!r}")
            values = tuple(texts)
        else:
            raise UsageError(f"--sweep: unknown parameter {name!r} ({KNOWN})")
        if len(set(values)) != len(values):
            raise UsageError(f"--sweep {name}: a value is repeated in {raw!r}")
        sweep.append((name, values))
    return tuple(sweep)


def variants(sweep: tuple[tuple[str, tuple[Any, ...]], ...]) -> tuple[Variant, ...]:
    """The cartesian product of the sweep, first parameter slowest."""
    names = [name for name, _ in sweep]
    product = itertools.product(*(values for _, values in sweep))
    return tuple(Variant(n, tuple(zip(names, combo))) for n, combo in enumerate(product))


def default_chunk_size(campaigns: int) -> int:
    """About 200 chunks per variant, between 10 and 1,000 campaigns each.

    It depends on N alone (not on the worker count), so a rerun with other
    workers resumes on the same chunk files.
    """
    return max(10, min(MAX_CHUNK, -(-campaigns // 200)))


def chunks(variant_list: tuple[Variant, ...], campaigns: int, chunk_size: int) -> list[Chunk]:
    """Every chunk of the batch, variant by variant, in index order."""
    out = []
    for variant in variant_list:
        for number, start in enumerate(range(0, campaigns, chunk_size)):
            out.append(Chunk(variant, number, start, min(start + chunk_size, campaigns)))
    return out


@dataclass(frozen=True, slots=True)
class Manifest:
    """What decides a batch's results; compared field by field on resume."""

    scenario: str
    scenario_sha256: str
    seed: int
    campaigns: int
    chunk_size: int
    sweep: tuple[tuple[str, tuple[Any, ...]], ...]
    journals: int

    def to_json(self) -> dict[str, Any]:
        return {
            "format": MANIFEST_FORMAT,
            "version": __version__,
            "engine": engine_fingerprint(),
            "scenario": self.scenario,
            "scenario_sha256": self.scenario_sha256,
            "seed": self.seed,
            "campaigns": self.campaigns,
            "chunk_size": self.chunk_size,
            "sweep": [[name, list(values)] for name, values in self.sweep],
            "journals": self.journals,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Manifest":
        """The manifest ``data`` holds; ValueError (one line naming the field) for a field it may not hold."""
        problem = manifest_problem(data)
        if problem:
            raise ValueError(problem)
        return cls(
            scenario=data["scenario"],
            scenario_sha256=data["scenario_sha256"],
            seed=data["seed"],
            campaigns=data["campaigns"],
            chunk_size=data["chunk_size"],
            sweep=tuple((name, tuple(values)) for name, values in data["sweep"]),
            journals=data["journals"],
        )


def _whole(value: Any, lo: int) -> bool:
    return type(value) is int and value >= lo


def _sha(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def manifest_problem(data: Any) -> str | None:
    """What is wrong with a manifest's fields (issue 33 case 8: an edited manifest), or None.

    ``scenario`` and ``scenario_sha256`` text, ``seed`` a whole number from 0, ``campaigns`` from 1,
    ``chunk_size`` from 1, ``journals`` from 0, ``sweep`` a list of ``[name, [values]]``, and ``chunks`` a mapping
    of chunk names to ``{"rows": sha256, "series": sha256, "range": [start, stop], "journals": {path: sha256}}``
    (``range`` and ``journals`` absent in a folder an older engine made).
    """
    if not isinstance(data, dict):
        return "it is not a JSON object"
    for key in ("scenario", "scenario_sha256"):
        if not isinstance(data.get(key), str):
            return f"{key} is {data.get(key)!r:.40}, not text"
    for key, lo in (("seed", 0), ("campaigns", 1), ("chunk_size", 1), ("journals", 0)):
        if not _whole(data.get(key), lo):
            return f"{key} is {data.get(key)!r:.40}, not a whole number from {lo}"
    sweep = data.get("sweep")
    if not isinstance(sweep, list) or not all(
            isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], list)
            for item in sweep):
        return f"sweep is {sweep!r:.40}, not a list of [name, [values]]"
    chunks = data.get("chunks", {})
    if not isinstance(chunks, dict):
        return "chunks is not a mapping"
    for name, entry in chunks.items():
        if not isinstance(entry, dict):
            return f"chunks[{name!r:.40}] is {entry!r:.40}, not an object"
        for kind in ("rows", "series"):
            if not _sha(entry.get(kind)):
                return f"chunks[{name!r:.40}].{kind} is {entry.get(kind)!r:.40}, not a SHA-256"
        span = entry.get("range")
        if span is not None and not (isinstance(span, list) and len(span) == 2 and _whole(span[0], 0)
                                     and _whole(span[1], 1) and span[0] < span[1]):
            return f"chunks[{name!r:.40}].range is {span!r:.40}, not [start, stop]"
        kept = entry.get("journals")
        if kept is not None and not (isinstance(kept, dict) and all(
                isinstance(k, str) and _sha(v) for k, v in kept.items())):
            return f"chunks[{name!r:.40}].journals is {kept!r:.40}, not a mapping of paths to SHA-256"
    return None


def source_fingerprint(root: Path) -> str:
    """SHA-256 of the ``*.py`` files under ``root``: each one's relative path and bytes, in path order."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@functools.cache
def engine_fingerprint() -> str:
    """The :func:`source_fingerprint` of the ``sim`` package this process runs.

    Any code change moves it, with or without a version bump, so a batch is
    never resumed on rows of another engine by accident.
    """
    import sim

    return source_fingerprint(Path(sim.__file__).resolve().parent)


def write_text_atomic(path: Path, text: str) -> str:
    """Write ``text`` to ``path`` through ``.{name}.{pid}.tmp`` and ``os.replace``; return its SHA-256.

    The temporary is created new (``O_EXCL``) without following a symlink (``O_NOFOLLOW``), and ``os.replace``
    replaces a link at ``path`` rather than writing through it: a link planted in a batch folder is never
    followed out of it (issue 33 case 6). Not fsynced: a kept journal damaged by a crash fails its checksum in
    the manifest and is played again (:func:`sim.batch.folder.verify_chunks`).
    """
    data = text.encode("utf-8")
    tmp = temporary_path(path)
    try:
        os.unlink(tmp)  # a leftover of this very pid (a recycled one's): never written through
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0),
                 0o666)
    try:
        with open(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return hashlib.sha256(data).hexdigest()


def write_json_atomic(path: Path, data: Any) -> None:
    """A batch's JSON files (``manifest.json``, ``summary.json``), written durably by :func:`sim.files.write_atomic`
    (the file fsynced before its rename, its folder after): a manifest lost in a crash would make the folder unusable
    ("unreadable manifest.json"). Chunk files and kept journals are not fsynced: a chunk file damaged by a crash
    fails its checksum in the manifest and is played again."""
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n", what=path.name,
                 follow=False)


def _differences(old: Manifest, new: Manifest) -> list[str]:
    diffs = []
    if old.scenario_sha256 != new.scenario_sha256:
        diffs.append(f"scenario {old.scenario} there, {new.scenario} here" if old.scenario != new.scenario
                     else f"scenario {new.scenario} or the content it uses has changed since")
    for field in ("seed", "campaigns", "journals"):
        if getattr(old, field) != getattr(new, field):
            diffs.append(f"{field} {getattr(old, field)} there, {getattr(new, field)} here")
    if old.sweep != new.sweep:
        diffs.append("another --sweep")
    return diffs


class ManifestFile:
    """The folder's ``manifest.json``: the batch, its engine and each finished chunk's checksums.

    ``chunks`` maps a chunk name to ``{"rows": sha256, "series": sha256}``; a
    chunk is done when it is recorded here (after both files are in place).
    Every change rewrites the file atomically.
    """

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.chunks: dict[str, dict[str, str]] = data.setdefault("chunks", {})

    def record(self, name: str, sums: dict[str, Any]) -> None:
        """Record a finished chunk: its files' SHA-256 (``rows``, ``series``), its ``range`` [start, stop] and its
        kept ``journals`` ({path in the folder: SHA-256}); being recorded means done."""
        self.chunks[name] = dict(sums)
        self.save()

    def forget(self, names: list[str]) -> None:
        for name in names:
            self.chunks.pop(name, None)
        self.save()

    def save(self) -> None:
        self.data["format"] = MANIFEST_FORMAT  # a format 1 manifest resumed with --force-version gains chunks
        write_json_atomic(self.path, self.data)


def _engine_mismatch(out: Path, data: dict[str, Any]) -> dict[str, str] | None:
    """The manifest's engine and this one when they differ, else None."""
    there = {"version": str(data.get("version", "unknown")), "engine": str(data.get("engine", "unknown"))}
    here = {"version": __version__, "engine": engine_fingerprint()}
    if there == here:
        return None
    return {"manifest_version": there["version"], "manifest_engine": there["engine"],
            "version": here["version"], "engine": here["engine"]}


def _engine_words(version: str, engine: str) -> str:
    return f"sim {version} (engine {engine[:12]})"


def check_directory(out: Path) -> None:
    """Refuse, before touching it, an ``out`` that is neither missing, empty nor a batch folder."""
    if (out / MANIFEST).exists():
        return
    if out.exists() and (not out.is_dir() or any(p.name != LOCK for p in out.iterdir())):
        raise UsageError(f"{out} exists and is not a sim batch directory; choose another --out")


def open_directory(out: Path, wanted: Manifest, chunk_size_given: bool,
                   force_version: bool = False) -> tuple[Manifest, ManifestFile, dict[str, str] | None]:
    """Create ``out`` for a new batch, or check it holds this same batch.

    Returns the manifest to run with, the manifest file (chunk checksums)
    and, when ``force_version`` resumed rows of another engine, both engines.
    On resume the directory's own chunk size is kept unless ``--chunk-size``
    asked for another, which is refused. Refuses (UsageError) a directory
    made by a different batch, by another engine (``sim.__version__`` or the
    source fingerprint; unless ``force_version``) or one that holds other
    files, so no earlier run's output is ever overwritten or mixed.
    """
    path = out / MANIFEST
    if os.path.lexists(path):
        from sim.files import read_regular

        raw = read_regular(path, f"the batch's {MANIFEST}", MAX_MANIFEST_BYTES)  # not a device, nor a folder
        try:
            data = json.loads(raw.decode("utf-8"))
            old = Manifest.from_json(data)
        except RecursionError:  # '[' nested 100,000 deep (issue 33 case 1)
            raise UsageError(f"{out}: unreadable {MANIFEST} (nested too deep); choose another --out") from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise UsageError(f"{out}: unreadable {MANIFEST} ({exc}); choose another --out") from None
        diffs = _differences(old, wanted)
        if chunk_size_given and old.chunk_size != wanted.chunk_size:
            diffs.append(f"chunk size {old.chunk_size} there, {wanted.chunk_size} here")
        if diffs:
            raise UsageError(f"{out} holds a different batch ({'; '.join(diffs)}); choose another --out")
        mismatch = _engine_mismatch(out, data)
        if mismatch and not force_version:
            raise UsageError(
                f"{out} was played by {_engine_words(mismatch['manifest_version'], mismatch['manifest_engine'])}, "
                f"this is {_engine_words(mismatch['version'], mismatch['engine'])}; "
                "rerun with --force-version to resume anyway, or choose another --out")
        return replace(wanted, chunk_size=old.chunk_size), ManifestFile(path, data), mismatch
    check_directory(out)
    make_folder(out, "--out folder")
    manifest = ManifestFile(path, wanted.to_json())
    manifest.save()
    return wanted, manifest, None
