"""``sim play``: every shipped scenario plays through; journals are byte-identical by seed and language."""

import json
from pathlib import Path

import pytest

from sim.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scenarios").rglob("*.yaml")
                   if "/blades/" not in str(p.relative_to(ROOT))
                   and "system: mist" not in p.read_text(encoding="utf-8"))  # mist: tests/test_mist_campaign.py


def play(capsys, monkeypatch, *args):
    monkeypatch.chdir(ROOT)
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_shipped_scenario_plays_to_the_end(capsys, monkeypatch, scenario):
    code, out, err = play(capsys, monkeypatch, scenario)
    assert code == 0, err
    closings = ("=== Campaign summary ===", "=== 戰役總結 ===", "=== 战役总结 ===",  # Blades
                "== The characters at the end ==", "== 結束時的角色 ==", "== 结束时的角色 ==")  # a Fate adventure
    assert any(c in out for c in closings)
    assert err == ""


def test_account_shows_rolls_with_faces_and_closing_sheet(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, "scenarios/starter.yaml", "--scores", "2", "--seed", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("The Lanterns (Shadows), Tier 0, 2 coin")
    assert any("rolled " in line and ", " in line.split("rolled ", 1)[1] for line in lines)  # "rolled 6, 4, 2"
    assert "=== Score 1 ===" in lines and "=== Score 2 ===" in lines
    assert "--- Downtime ---" in lines
    assert any(line.startswith("Payoff: ") for line in lines)
    assert any(line.startswith("Entanglement (") for line in lines)
    assert any(line.startswith("Crew: Tier ") for line in lines)
    assert any(line.startswith("Entanglements: ") for line in lines)
    assert "blades." not in out and "play." not in out  # no raw term keys


def test_same_seed_same_bytes_and_json_is_the_journal(capsys, monkeypatch, tmp_path):
    j1, j2 = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    code, out1, _ = play(capsys, monkeypatch, "scenarios/tests/two_scores.yaml", "--seed", "5", "--json",
                         "--journal", str(j1))
    assert code == 0
    code, out2, _ = play(capsys, monkeypatch, "scenarios/tests/two_scores.yaml", "--seed", "5", "--json")
    assert out1 == out2 == j1.read_text(encoding="utf-8")
    events = [json.loads(line) for line in out1.splitlines()]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all({"seq", "phase", "event"} <= set(e) for e in events)
    assert out1.splitlines() == [json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
                                 for e in events]
    code, out3, _ = play(capsys, monkeypatch, "scenarios/tests/two_scores.yaml", "--seed", "6", "--json",
                         "--journal", str(j2))
    assert out3 != out1
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed into place


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_journal_identical_across_languages(capsys, monkeypatch, tmp_path, lang):
    en, other = tmp_path / "en.jsonl", tmp_path / "other.jsonl"
    code, out_en, _ = play(capsys, monkeypatch, "scenarios/starter.yaml", "--scores", "3", "--journal", str(en))
    code2, out_other, _ = play(capsys, monkeypatch, "scenarios/starter.yaml", "--scores", "3", "--lang", lang,
                               "--journal", str(other))
    assert code == code2 == 0
    assert en.read_bytes() == other.read_bytes()
    assert out_en != out_other and "Score 1" not in out_other


def test_bad_input_exits_2_with_one_line(capsys, monkeypatch, tmp_path):
    code, out, err = play(capsys, monkeypatch, "scenarios/nope.yaml")
    assert code == 2 and out == "" and err.startswith("sim: error: ") and err.count("\n") == 1
    code, out, err = play(capsys, monkeypatch, "scenarios/starter.yaml", "--scores", "0")
    assert code == 2 and "--scores" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nsystem: blades\nseed: 1\n", encoding="utf-8")
    code, out, err = play(capsys, monkeypatch, str(bad))
    assert code == 2 and "Traceback" not in err and err.strip()
    code, out, err = play(capsys, monkeypatch, "scenarios/tests/two_scores.yaml", "--journal",
                          str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert code == 2 and err.startswith("sim: error: cannot write the journal")


def test_play_is_listed_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "play" in capsys.readouterr().out
