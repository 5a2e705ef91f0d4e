"""sim.names: faker name pools, deterministic per campaign seed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sim.errors import UsageError
from sim.names import POOL_SIZE, NamePool, build_pool
from sim.rng import make_rng


def test_pool_is_cached_and_distinct():
    pool = NamePool.for_locale("en_US")
    assert NamePool.for_locale("en_US") is pool
    assert len(pool.names) == POOL_SIZE and len(set(pool.names)) == POOL_SIZE
    assert all(" " in n and not n.startswith(("Dr.", "Mr.", "Mrs.", "Ms.")) for n in pool.names)


def test_same_seed_same_names_different_seed_different_names():
    pool = NamePool.for_locale("en_US")
    a = [pool.pick(make_rng(42)) for _ in range(1)] + [pool.pick(r) for r in [make_rng(42)] for _ in range(10)]
    b = [pool.pick(make_rng(42)) for _ in range(1)] + [pool.pick(r) for r in [make_rng(42)] for _ in range(10)]
    assert a == b
    rng1, rng2 = make_rng(1), make_rng(2)
    assert [pool.pick(rng1) for _ in range(10)] != [pool.pick(rng2) for _ in range(10)]


def test_pick_uses_one_random_draw():
    pool = NamePool.for_locale("en_US")
    rng, ref = make_rng(9), make_rng(9)
    name = pool.pick(rng)
    assert name == pool.names[int(ref.random() * len(pool.names))]
    assert rng.random() == ref.random()


def test_pool_is_identical_in_a_fresh_process():
    code = "from sim.names import NamePool; print('|'.join(NamePool.for_locale('zh_TW').names[:20]))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert out.stdout.strip().split("|") == list(NamePool.for_locale("zh_TW").names[:20])


def test_chinese_names_are_family_name_first_without_space():
    pool = NamePool.for_locale("zh_TW")
    assert all(" " not in n and 2 <= len(n) <= 4 for n in pool.names)


def test_pick_new_avoids_taken_names():
    pool = build_pool("en_GB", size=3)
    rng = make_rng(3)
    taken: set[str] = set()
    for _ in range(5):
        taken.add(pool.pick_new(rng, taken))
    assert len(taken) == 5
    assert set(pool.names) < taken  # the first three are the pool's; then numbered variants


def test_unknown_locale_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown name locale 'xx_YY'"):
        build_pool("xx_YY")
