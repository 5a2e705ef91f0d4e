"""Generated names for NPCs, contacts and purveyors, deterministic per seed: name pools that are content.

Each shipped locale has a **name pool**, a fixed, ordered list of distinct names in ``content/names/<locale>.yaml``
(a registered, validated table: :mod:`sim.names.system`). A campaign picks from it with its own RNG (~1 µs a
name), so the same campaign seed gives the same names on every machine, with any number of workers, and with any
Faker installed or none: the engine never calls Faker. The pools were generated once from Faker by
``python -m sim.names.generate`` (the Faker version is written in each file; tests/test_names.py checks the
generator reproduces every file byte for byte under that version).

    pool = NamePool.for_locale("zh_TW")      # read once per process
    name = pool.pick(rng)                     # rng: the campaign's random.Random

A scenario's ``name_locale`` must be one of :data:`LOCALES` (``sim validate`` says so in one line).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from sim.errors import UsageError
from sim.names.locales import FAMILY_FIRST, LOCALES, POOL_SEED, POOL_SIZE  # noqa: F401 (re-exported)
from sim.rng import Rng

_MAX_TRIES = 20


@dataclass(frozen=True, slots=True)
class NamePool:
    """A fixed, ordered tuple of distinct names for one locale."""

    locale: str
    names: tuple[str, ...]

    @staticmethod
    @lru_cache(maxsize=None)
    def for_locale(locale: str, size: int = POOL_SIZE) -> "NamePool":
        """The shipped pool of ``locale`` (e.g. ``en_US``, ``zh_TW``), read once per process; its first ``size``
        names."""
        if locale not in LOCALES:
            raise UsageError(unknown_locale(locale))
        names = read_pool(locale)["names"]
        return NamePool(locale, tuple(names[:size]))

    def pick(self, rng: Rng) -> str:
        """One name, chosen with ``rng`` (one ``rng.random()`` draw)."""
        return self.names[int(rng.random() * len(self.names))]

    def pick_new(self, rng: Rng, taken) -> str:
        """A name not in ``taken`` if one turns up in a few draws, else a numbered variant."""
        for _ in range(_MAX_TRIES):
            name = self.pick(rng)
            if name not in taken:
                return name
        base = self.pick(rng)
        n = 2
        while f"{base} {n}" in taken:
            n += 1
        return f"{base} {n}"

    @property
    def digest(self) -> str:
        """A short hash of the names in order (what a save records)."""
        return pool_digest(self.names)


def unknown_locale(locale: object) -> str:
    return f"no name pool for locale {locale!r}; the shipped ones are {', '.join(LOCALES)}"


def pool_digest(names) -> str:
    return hashlib.blake2b("\n".join(names).encode("utf-8"), digest_size=8).hexdigest()


@lru_cache(maxsize=None)
def read_pool(locale: str) -> dict:
    """The checked table ``names/<locale>`` of the shipped content (:data:`sim.content.CONTENT_ROOT`); a broken
    file is a ContentError naming file, line and field."""
    from sim.content.bundled import CONTENT_ROOT
    from sim.content.loader import display_name
    from sim.content.source import parse_file
    from sim.errors import ContentError, Problem
    from sim.names.pools import TABLES

    path = CONTENT_ROOT / "names" / f"{locale}.yaml"
    doc = parse_file(path, display_name(path))
    problems = list(doc.problems) or list(TABLES[f"names/{locale}"].check(doc).problems)
    if problems or not isinstance(doc.data, dict):
        raise ContentError(problems or [Problem(doc.file, 1, "", "not a name pool")])
    return doc.data


def names_info() -> dict[str, str]:
    """What a save records of the name pools (:func:`sim.solo.save.engine_info`): the Faker version they were
    generated with and one hash of every shipped pool, so a replay that differs can say the pools changed."""
    digest = hashlib.blake2b(digest_size=8)
    versions = set()
    for locale in LOCALES:
        data = read_pool(locale)
        versions.add(str(data["faker"]))
        digest.update(f"{locale}\n{pool_digest(data['names'])}\n".encode("utf-8"))
    return {"faker": ", ".join(sorted(versions)), "hash": digest.hexdigest()}


def locale_exists(locale: str) -> bool:
    """True if a name pool ships for ``locale``."""
    return locale in LOCALES
