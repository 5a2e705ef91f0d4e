"""sim.names: the shipped name pools (content/names), deterministic per campaign seed, read without Faker."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sim.errors import UsageError
from sim.names import LOCALES, POOL_SIZE, NamePool
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
    pool = NamePool.for_locale("en_GB", size=3)
    rng = make_rng(3)
    taken: set[str] = set()
    for _ in range(5):
        taken.add(pool.pick_new(rng, taken))
    assert len(taken) == 5
    assert set(pool.names) < taken  # the first three are the pool's; then numbered variants


def test_unknown_locale_is_a_usage_error_naming_the_shipped_ones():
    with pytest.raises(UsageError) as exc:
        NamePool.for_locale("xx_YY")
    assert str(exc.value) == f"no name pool for locale 'xx_YY'; the shipped ones are {', '.join(LOCALES)}"


# --- the pools are content (issue 28: names that don't drift) ------------------------------------------------

from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

from sim.content import CONTENT_ROOT  # noqa: E402
from sim.names import POOL_SEED, names_info  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _recorded_faker() -> str:
    versions = {yaml.safe_load((CONTENT_ROOT / "names" / f"{loc}.yaml").read_text(encoding="utf-8"))["faker"]
                for loc in LOCALES}
    assert len(versions) == 1, versions  # every pool from one Faker
    return versions.pop()


def test_every_shipped_locale_has_its_pool_file_and_no_other_file_is_there():
    assert sorted(p.stem for p in (CONTENT_ROOT / "names").glob("*.yaml")) == sorted(LOCALES)
    from sim.i18n import default_name_locale

    assert {default_name_locale(lang) for lang in ("en", "zh-Hant", "zh-Hans")} <= set(LOCALES)


def test_the_generator_reproduces_every_pool_byte_for_byte_under_the_recorded_faker(tmp_path):
    """The test extra pins this Faker (pyproject.toml); under it, python -m sim.names.generate writes exactly the
    files that ship, which are exactly the pools the engine built from Faker at run time before they were content."""
    from importlib.metadata import version

    from sim.names.generate import main

    recorded = _recorded_faker()
    assert version("faker") == recorded, (f"the pools were generated with Faker {recorded}; install the test extra "
                                          f"(pip install -e '.[test]') to check them")
    assert main(["--out", str(tmp_path)]) == 0
    for locale in LOCALES:
        shipped = (CONTENT_ROOT / "names" / f"{locale}.yaml").read_bytes()
        assert (tmp_path / f"{locale}.yaml").read_bytes() == shipped, locale
    assert main(["--check"]) == 0


def test_the_check_finds_a_changed_pool(tmp_path, capsys):
    from sim.names.generate import main

    (tmp_path / "en_GB.yaml").write_text("locale: en_GB\n", encoding="utf-8")
    assert main(["--check", "--out", str(tmp_path), "en_GB"]) == 1
    assert "1 of 1 pools differ" in capsys.readouterr().out
    assert (tmp_path / "en_GB.yaml").read_text(encoding="utf-8") == "locale: en_GB\n"  # --check writes nothing


def test_each_pool_is_faker_seeded_with_the_pool_seed_in_order():
    """Known answers: the first names of the pools the engine has always built (Faker 40.63.0, seed 20240601)."""
    assert NamePool.for_locale("en_US").names[:2] == ("Garrett Mueller", "Dorothy Hogan")
    assert NamePool.for_locale("zh_TW").names[:2] == ("萬宇翔", "張簡恩碩")
    assert NamePool.for_locale("zh_CN").names[:2] == ("隋欢", "丛婷婷")
    assert POOL_SEED == 20_240_601


def test_a_pool_file_is_validated_with_file_line_and_field(tmp_path):
    from sim.content.validate import validate_paths

    folder = tmp_path / "content" / "names"
    folder.mkdir(parents=True)
    text = (CONTENT_ROOT / "names" / "en_GB.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    first = lines.index("names:") + 1
    lines[first + 1] = lines[first]  # a name twice
    lines[first + 5] = '  - "Nospace"'
    (folder / "en_GB.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = validate_paths([folder / "en_GB.yaml"])
    messages = [(p.line, p.path, p.message) for p in report.errors]
    name = lines[first][len('  - "'):-1]
    assert (first + 2, "names[1]", f"duplicate {name!r} (first at names[0])") in messages
    assert (first + 6, "names[5]", "'Nospace': en_GB names are written first name, a space, family name") in messages


def test_names_info_is_the_faker_version_and_a_hash_of_every_pool():
    info = names_info()
    assert info["faker"] == _recorded_faker() and len(info["hash"]) == 16
    assert names_info() == info


def test_the_engine_reads_the_pools_without_faker(tmp_path):
    """A faker module that raises on import, first on sys.path: pools, a Blades campaign and a zh-Hant one play."""
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "faker.py").write_text("raise ImportError('faker must not be imported by the engine')\n", encoding="utf-8")
    code = ("from sim.names import NamePool, LOCALES; [NamePool.for_locale(l) for l in LOCALES]\n"
            "from sim.cli import main; import sys\n"
            "assert main(['play', 'starter', '--scores', '1']) == 0\n"
            "assert main(['play', 'scenarios/tests/zh_hant.yaml', '--scores', '1']) == 0\n"
            "assert main(['validate', 'content', 'scenarios']) == 0\n"
            "assert 'faker' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": f"{fake}:{ROOT}", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
