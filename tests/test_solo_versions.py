"""Issue 28, names that don't drift: a solo save records what its replay depends on (engine version and code,
Python, the name pools and the Faker they came from), a zh-Hant save continues identically with any Faker or none,
and a replay that diverges names the likely cause."""

from __future__ import annotations

import json
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from sim.names import names_info
from sim.solo.save import engine_info

ROOT = Path(__file__).resolve().parents[1]
ZH_HANT = ROOT / "scenarios" / "tests" / "zh_hant.yaml"
ANSWERS = "\n".join(["1"] * 25) + "\n"


def sim(*argv, cwd: Path, pythonpath: str = str(ROOT)) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": pythonpath, "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-m", "sim", *map(str, argv)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def header(save: Path) -> dict:
    return json.loads(save.read_text(encoding="utf-8").splitlines()[0])


def new_zh_hant_save(tmp_path: Path, **kw) -> Path:
    script, save = tmp_path / "script.txt", tmp_path / "zh.save"
    script.write_text(ANSWERS, encoding="utf-8")
    done = sim("solo", "new", ZH_HANT, "--save", save, "--seats", "pc1", "--script", script, cwd=tmp_path, **kw)
    assert done.returncode == 0, done.stderr
    return save


def test_engine_info_records_version_code_python_and_name_pools():
    info = engine_info()
    names = names_info()
    assert set(info) == {"version", "fingerprint", "python", "names", "names_faker"}
    assert info["python"] == platform.python_version()
    assert (info["names"], info["names_faker"]) == (names["hash"], names["faker"]) == (names["hash"], "40.63.0")


def test_a_zh_hant_save_continues_identically_with_faker_unimportable(tmp_path):
    """A faker module that raises on import, first on sys.path, for both the new session and its continuation:
    the names come from content/names, so the replay agrees step by step and the story is the same."""
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "faker.py").write_text("raise ImportError('the engine must not import faker')\n", encoding="utf-8")
    reference = new_zh_hant_save(tmp_path)  # made with the real Faker installed (and not used)
    story = sim("solo", "export", reference, "--md", cwd=tmp_path).stdout
    assert any("\u4e00" <= ch <= "\u9fff" for ch in story)  # the story is in Chinese, with zh_TW names
    no_faker = f"{fake}:{ROOT}"
    script = tmp_path / "more.txt"
    script.write_text(ANSWERS, encoding="utf-8")
    done = sim("solo", "continue", reference, "--script", script, "--on-diverge", "stop", cwd=tmp_path,
               pythonpath=no_faker)
    assert done.returncode == 0, done.stderr
    assert "diverged" not in done.stdout + done.stderr and "warning" not in done.stdout + done.stderr
    assert sim("solo", "export", reference, "--md", cwd=tmp_path, pythonpath=no_faker).stdout.startswith(
        story.rstrip("\n").rsplit("\n", 1)[0][:200])
    again = tmp_path / "again"
    again.mkdir()
    other = new_zh_hant_save(again, pythonpath=no_faker)
    assert header(other)["engine"]["names"] == header(reference)["engine"]["names"]
    first = [json.loads(line) for line in reference.read_text(encoding="utf-8").splitlines()[1:26]]
    second = [json.loads(line) for line in other.read_text(encoding="utf-8").splitlines()[1:26]]
    assert [e.get("digest") for e in first] == [e.get("digest") for e in second]


def test_a_divergence_from_changed_name_pools_names_that_cause(tmp_path):
    """The same engine with the zh_TW pool in another order (as another Faker would have generated it): the
    continue stops at the first step whose story differs and says the save was made with other name pools."""
    save = new_zh_hant_save(tmp_path)
    copy = tmp_path / "install"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", ".accel")
    for name in ("sim", "content", "scenarios"):
        shutil.copytree(ROOT / name, copy / name, ignore=ignore)
    pool = copy / "content" / "names" / "zh_TW.yaml"
    lines = pool.read_text(encoding="utf-8").splitlines()
    start = lines.index("names:") + 1
    lines[start:] = lines[start:][::-1]
    pool.write_text("\n".join(lines) + "\n", encoding="utf-8")
    then = header(save)["engine"]["names"]
    code = "import json, sim.names as n; print(json.dumps(n.names_info()))"
    now = json.loads(subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(copy)},
                                    capture_output=True, text=True, check=True).stdout)["hash"]
    assert now != then
    # the save's scenario (and its content) stay the checkout's: the pools are the only thing that changed
    done = sim("solo", "continue", save, "--on-diverge", "stop", cwd=tmp_path, pythonpath=str(copy))
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    # the save's language, zh-Hant: "the replay diverged at step 1 ... (likely cause: the save was made with name
    # pools X (Faker 40.63.0), this install has Y (Faker 40.63.0))"
    assert lines[0].startswith("sim: error: 重演在第 1 步")
    assert lines[0].split("（可能的原因：", 1)[1].startswith(
        f"存檔時的名字庫是 {then}（Faker 40.63.0），這次安裝的是 {now}（Faker 40.63.0））; the save is unchanged")


def test_likely_causes_name_each_change_and_skip_what_an_old_save_lacks():
    from sim.solo.session import likely_causes

    now = {"version": "0.2.0", "fingerprint": "b" * 64, "python": "3.12.1", "names": "n2", "names_faker": "41.0.0"}
    then = {"engine": {"version": "0.1.0", "fingerprint": "a" * 64, "python": "3.11.7", "names": "n1",
                       "names_faker": "40.63.0"}}
    assert likely_causes(then, now, Path("s.yaml"), True, "en") == [
        "the save was made with name pools n1 (Faker 40.63.0), this install has n2 (Faker 41.0.0)",
        "the scenario s.yaml changed", "the content changed", "the save was made by sim 0.1.0, this is sim 0.2.0",
        "the save was made under Python 3.11.7, this is Python 3.12.1"]
    old = {"engine": {"version": "0.2.0", "fingerprint": "a" * 64}}  # a save from before names and python were kept
    assert likely_causes(old, now, None, False, "en") == ["the engine's code changed (fingerprint aaaaaaaaaaaa, now "
                                                          "bbbbbbbbbbbb)"]
    assert likely_causes({}, now, None, False, "zh-Hant") == []
    assert likely_causes(then, now, None, False, "zh-Hant")[0].startswith("存檔時的名字庫是 n1")


def test_the_shipped_pool_files_say_which_faker_made_them():
    for path in sorted((ROOT / "content" / "names").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["faker"] == names_info()["faker"] and data["locale"] == path.stem
