"""Generated names for NPCs, contacts and purveyors (faker), deterministic per seed.

Calling faker for every name is slow in batch runs (~0.2 ms a name, 20 µs
without weighting) and would tie names to faker's internal random state. So
each worker builds a **name pool** once per locale, with faker seeded by a
fixed constant, and a campaign picks from it with its own RNG (~1 µs). The
same campaign seed therefore gives the same names on every machine and with
any number of workers, as long as the faker version is the same.

    pool = NamePool.for_locale("zh_TW")      # cached per process
    name = pool.pick(rng)                     # rng: the campaign's random.Random
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sim.errors import UsageError
from sim.rng import Rng

POOL_SIZE = 400
POOL_SEED = 20_240_601  # fixed: pools are identical in every process
#: locales whose names are written family name first, without a space
FAMILY_FIRST = ("zh", "ja", "ko")
_MAX_TRIES = 20


@dataclass(frozen=True, slots=True)
class NamePool:
    """A fixed, ordered tuple of distinct names for one faker locale."""

    locale: str
    names: tuple[str, ...]

    @staticmethod
    @lru_cache(maxsize=None)
    def for_locale(locale: str, size: int = POOL_SIZE) -> "NamePool":
        """The pool of ``locale`` (e.g. ``en_US``, ``zh_TW``), built once per process, and kept in the user's cache
        folder for the same faker (:func:`sim.content.cache.cached_value`): importing faker costs a start more
        than all its other work (issue 33)."""
        from sim.content.cache import cached_value

        if not locale_exists(locale):
            raise UsageError(f"unknown name locale {locale!r} (faker locales look like en_US, zh_TW, zh_CN)")
        names = cached_value(f"names:{locale}:{size}:{POOL_SEED}", _faker_stamp(),
                             lambda: list(build_pool(locale, size).names))
        return NamePool(locale, tuple(names))

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


def build_pool(locale: str, size: int = POOL_SIZE) -> NamePool:
    """Build a pool of up to ``size`` distinct names with faker seeded by :data:`POOL_SEED`."""
    from faker import Faker
    from faker.config import AVAILABLE_LOCALES

    if locale not in AVAILABLE_LOCALES:
        raise UsageError(f"unknown name locale {locale!r} (faker locales look like en_US, zh_TW, zh_CN)")
    fake = Faker(locale, use_weighting=False)
    fake.seed_instance(POOL_SEED)
    family_first = locale.split("_", 1)[0] in FAMILY_FIRST
    names: dict[str, None] = {}
    for _ in range(size * 4):
        first, last = fake.first_name(), fake.last_name()
        names.setdefault(f"{last}{first}" if family_first else f"{first} {last}", None)
        if len(names) >= size:
            break
    return NamePool(locale, tuple(names))


def locale_exists(locale: str) -> bool:
    """True if faker knows ``locale`` (its locales are kept in the user's cache folder for the same faker)."""
    from sim.content.cache import cached_value

    def build() -> list[str]:
        from faker.config import AVAILABLE_LOCALES

        return sorted(AVAILABLE_LOCALES)

    return locale in cached_value("faker-locales", _faker_stamp(), build)


@lru_cache(maxsize=None)
def _faker_stamp() -> str:
    """Which faker this is, without importing it: its package's ``__init__.py`` (it holds the version) and path."""
    import importlib.util

    from sim.content.cache import file_stamp

    spec = importlib.util.find_spec("faker")
    origin = spec.origin if spec is not None and spec.origin else "no faker"
    return f"{origin}:{file_stamp(origin)}"
