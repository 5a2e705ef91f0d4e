"""Seeds and random number generators.

Every function in ``sim`` that rolls takes an explicit ``random.Random``
(docs/dev/style.md principle 1). Nothing reads the module-level ``random`` functions.

Seeds for campaign ``i`` of a batch come from :func:`derive_seed`, a stable
hash of (master seed, index, stream name): the same on every machine, with any
worker count, process start method or ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib
import random

Rng = random.Random

_new_random = random.Random.__new__  # an unseeded generator (the C type's new seeds nothing)
_c_seed = random.Random.__mro__[1].seed  # _random.Random.seed: where random.Random.seed ends for an int

SEED_BITS = 63


def derive_seed(master: int, index: int, stream: str = "campaign") -> int:
    """Return the seed of item ``index`` of a run seeded with ``master``.

    A BLAKE2b hash of the three values, truncated to 63 bits so the result
    fits a signed 64-bit column (Parquet, DuckDB) without loss.
    """
    digest = hashlib.blake2b(f"{stream}\x1f{int(master)}\x1f{int(index)}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def make_rng(seed: int) -> Rng:
    """A generator seeded with ``seed``; the same seed gives the same stream.

    Exactly ``random.Random(int(seed))`` (the same state, tested), made without the Python-level ``__init__`` and
    ``seed`` between it and the C seeding: a campaign makes about 30 streams."""
    rng = _new_random(Rng)
    _c_seed(rng, int(seed))
    rng.gauss_next = None  # what Random.__init__ and Random.seed set after seeding
    return rng


def child_rng(rng: Rng, stream: str) -> Rng:
    """A generator for a named sub-stream, drawn from ``rng``'s next value.

    Use it where one part of a campaign (names, faction moves) should not
    shift the dice of another part when its own number of draws changes.
    """
    return make_rng(derive_seed(rng.getrandbits(SEED_BITS), 0, stream))


def stream(seed: int, name: str) -> Rng:
    """The generator of the named stream ``name`` of a run seeded with ``seed``.

    Streams by purpose keep one part of a campaign from shifting another's
    draws: ``dice`` (every roll), ``seat.<seat>`` (each seat's scripted policy),
    ``names`` (generated names), ``setup`` (character creation), ``claim_map``,
    ``tables`` (table draws that are nobody's decision). A seat answered from a
    record draws nothing, and the dice come out the same (issue 10).
    """
    return make_rng(derive_seed(seed, 0, name))
