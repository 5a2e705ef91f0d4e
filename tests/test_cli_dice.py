"""``sim odds``, ``sim roll`` and ``sim bench dice`` from the command line: exact output and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sim.cli import main


def run_json(capsys, *argv) -> dict:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.count("\n") == 1  # exactly one JSON object on one line
    return json.loads(out)


def test_odds_blades_json_exact(capsys):
    assert run_json(capsys, "odds", "blades", "--dice", "2", "--json") == {
        "system": "blades",
        "dice": 2,
        "outcomes": {"critical": 1 / 36, "success": 10 / 36, "partial": 16 / 36, "failure": 9 / 36},
        "exact": {"critical": "1/36", "success": "5/18", "partial": "4/9", "failure": "1/4"},
        "rating": 2,
        "bonus": [],
    }


def test_odds_blades_zero_dice_json(capsys):
    got = run_json(capsys, "odds", "blades", "--dice", "0", "--json")
    assert got["dice"] == 0
    assert got["exact"] == {"critical": "0/1", "success": "1/36", "partial": "2/9", "failure": "3/4"}


def test_odds_blades_bonus_dice_and_resistance(capsys):
    got = run_json(capsys, "odds", "blades", "--dice", "1", "--assist", "--push", "--resist", "2", "--json")
    assert got["dice"] == 3
    assert got["bonus"] == ["assist", "push"]
    assert got["exact"] == {"critical": "2/27", "success": "25/72", "partial": "49/108", "failure": "1/8"}
    assert got["resistance_stress"] == {"-1": 1 / 36, "0": 10 / 36, "1": 9 / 36, "2": 7 / 36, "3": 5 / 36,
                                        "4": 3 / 36, "5": 1 / 36}
    assert list(got["resistance_stress"]) == ["-1", "0", "1", "2", "3", "4", "5"]
    assert got["expected_stress"] == 1.5


def test_odds_blades_position_and_effect(capsys):
    got = run_json(capsys, "odds", "blades", "--dice", "2", "--position", "desperate", "--effect", "great", "--json")
    meaning = got["position"]["meaning"]
    assert meaning["critical"]["effect"] == "extreme" and meaning["critical"]["ticks"] == 4
    assert meaning["partial"] == {**meaning["partial"], "effect": "great", "ticks": 3, "harm": 3}
    assert meaning["failure"]["ticks"] == 0 and meaning["failure"]["harm"] == 3
    assert got["position"]["expected_ticks"] == pytest.approx((1 * 4 + 10 * 3 + 16 * 3) / 36)
    assert got["position"]["harm_chance"] == pytest.approx(25 / 36)


def test_odds_fate_json_exact(capsys):
    assert run_json(capsys, "odds", "fate", "--skill", "2", "--vs", "2", "--json") == {
        "system": "fate",
        "skill": 2,
        "vs": 2,
        "outcomes": {"fail": 31 / 81, "tie": 19 / 81, "succeed": 26 / 81, "style": 5 / 81},
        "exact": {"fail": "31/81", "tie": "19/81", "succeed": "26/81", "style": "5/81"},
        "invokes": 0,
        "opposed": False,
    }


def test_odds_fate_invokes(capsys):
    got = run_json(capsys, "odds", "fate", "--skill", "1", "--vs", "4", "--invokes", "1", "--json")
    # 4dF + 1 + 2 - 4 = 4dF - 1: fail when 4dF < 1
    assert got["exact"] == {"fail": "50/81", "tie": "16/81", "succeed": "14/81", "style": "1/81"}


def test_odds_mist_json_exact(capsys):
    assert run_json(capsys, "odds", "mist", "--power", "1", "--json") == {
        "system": "mist",
        "power": 1,
        "outcomes": {"failure": 10 / 32, "partial": 12 / 32, "success": 10 / 32},
        "exact": {"failure": "5/16", "partial": "3/8", "success": "5/16"},
        "zero_power": "d8_only",
    }


def test_odds_blades_table_text(capsys):
    assert main(["odds", "blades", "--dice", "2"]) == 0
    assert capsys.readouterr().out == (
        "Blades in the Dark: 2d (rating 2)\n"
        "  outcome          chance  exact\n"
        "  critical           2.8%   1/36\n"
        "  full success      27.8%   5/18\n"
        "  partial success   44.4%    4/9\n"
        "  bad outcome       25.0%    1/4\n"
    )


def test_odds_fate_and_mist_text(capsys):
    assert main(["odds", "fate", "--skill", "3", "--vs", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Fate: Good (+3) vs Fair (+2)"
    assert "succeed with style   18.5%   5/27" in out  # 4dF >= +2: 15/81
    assert main(["odds", "mist", "--power", "0"]) == 0
    out = capsys.readouterr().out
    assert "Mist: power 0 (1d8 alone)" in out and "5/8" in out


def test_roll_blades_counts_json(capsys):
    got = run_json(capsys, "roll", "blades", "--dice", "2", "--n", "1000", "--seed", "5", "--json")
    assert got["system"] == "blades" and got["n"] == 1000 and got["seed"] == 5
    assert list(got["counts"]) == ["critical", "success", "partial", "failure"]
    assert sum(got["counts"].values()) == 1000
    again = run_json(capsys, "roll", "blades", "--dice", "2", "--n", "1000", "--seed", "5", "--json")
    assert again == got  # same seed, same counts
    other = run_json(capsys, "roll", "blades", "--dice", "2", "--n", "1000", "--seed", "6", "--json")
    assert other["counts"] != got["counts"]


def test_roll_single_shows_faces(capsys):
    got = run_json(capsys, "roll", "blades", "--dice", "3", "--seed", "7", "--json")
    faces = got["roll"]["faces"]
    assert len(faces) == 3 and got["roll"]["die"] == max(faces)
    assert sum(got["counts"].values()) == 1 and got["counts"][got["roll"]["result"]] == 1
    assert main(["roll", "blades", "--dice", "3", "--seed", "7"]) == 0
    text = capsys.readouterr().out
    assert f"rolled {', '.join(map(str, faces))} → " in text


def test_roll_table_sampler_and_fresh_seed(capsys):
    got = run_json(capsys, "roll", "blades", "--dice", "2", "--sampler", "table", "--n", "500", "--json")
    assert got["sampler"] == "table" and isinstance(got["seed"], int) and sum(got["counts"].values()) == 500
    replay = run_json(capsys, "roll", "blades", "--dice", "2", "--sampler", "table", "--n", "500",
                      "--seed", str(got["seed"]), "--json")
    assert replay["counts"] == got["counts"]  # the printed seed repeats the roll


def test_roll_fate_and_mist(capsys):
    got = run_json(capsys, "roll", "fate", "--skill", "2", "--vs", "3", "--seed", "1", "--json")
    r = got["roll"]
    assert r["effort"] == sum(r["faces"]) + 2 and r["shifts"] == r["effort"] - 3
    got = run_json(capsys, "roll", "fate", "--skill", "2", "--vs", "3", "--n", "300", "--seed", "1", "--json")
    assert list(got["counts"]) == ["fail", "tie", "succeed", "style"] and sum(got["counts"].values()) == 300
    got = run_json(capsys, "roll", "mist", "--power", "2", "--seed", "3", "--json")
    assert got["roll"]["total"] == got["roll"]["d8"] + max(got["roll"]["d4s"])
    got = run_json(capsys, "roll", "mist", "--power", "2", "--n", "300", "--seed", "3", "--json")
    assert list(got["counts"]) == ["failure", "partial", "success"] and sum(got["counts"].values()) == 300


@pytest.mark.parametrize("argv", [
    ["odds", "blades", "--dice", "two"],
    ["odds", "dnd", "--dice", "2"],
    ["odds", "blades", "--dice", "2", "--push", "--bargain"],
    ["roll", "blades", "--dice", "2", "--n", "0"],
    ["roll", "blades", "--dice", "2", "--n", "-5"],
    ["odds", "fate", "--skill", "2"],
    ["odds", "fate", "--skill", "2", "--vs", "1", "--invokes", "-1"],
    ["odds", "mist", "--power", "x"],
    ["odds", "mist", "--power", "1000"],
    ["odds", "blades", "--dice", "2", "--position", "dire"],
    ["roll", "blades", "--dice", "2", "--sampler", "magic"],
    ["roll", "fate", "--skill", "1", "--vs", "1", "--seed", "abc"],
    ["bench", "dice", "--n", "10"],
    ["bench", "nothing"],
])
def test_bad_input_exits_2_with_one_line(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors exit through the parser
        code = exc.code
    assert code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "error:" in err and "Traceback" not in err


def test_python_dash_m_sim_subprocess():
    ok = subprocess.run([sys.executable, "-m", "sim", "odds", "blades", "--dice", "2", "--json"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["exact"]["critical"] == "1/36"
    bad = subprocess.run([sys.executable, "-m", "sim", "odds", "blades", "--dice", "1", "--push", "--bargain"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("sim: error: ") and bad.stderr.count("\n") == 1


def test_bench_dice_json(capsys):
    got = run_json(capsys, "bench", "dice", "--n", "2000", "--repeats", "1", "--json")
    names = [c["case"] for c in got["cases"]]
    assert "blades_action_2d_faces" in names and "blades_action_2d_table" in names
    assert any(n.startswith("fate") for n in names) and any(n.startswith("mist") for n in names)
    for case in got["cases"]:
        assert case["rolls_per_second"] > 0 and case["ratio_to_bare_loop"] > 0
    assert got["odds_grid_ms"]["cold"] > 0 and got["odds_grid_ms"]["warm"] > 0


def test_odds_mist_power_from_sources(capsys):
    """MIST.ROLL.2: power = tags - weaknesses + the highest status + 3 per burned tag."""
    got = run_json(capsys, "odds", "mist", "--tags", "2", "--weaknesses", "1", "--status", "2", "--status", "-1",
                   "--burned", "1", "--json")
    assert got["power"] == 6
    assert got["power_from"] == {"tags": 2, "weaknesses": 1, "statuses": [2, -1], "burned": 1}
    assert got["exact"] == run_json(capsys, "odds", "mist", "--power", "6", "--json")["exact"]
    assert main(["odds", "mist", "--tags", "2", "--status", "-3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == ["Mist: power -1 (1d8 alone)", "  power -1 = +2 positive tag -3 status"]
    rolled = run_json(capsys, "roll", "mist", "--tags", "1", "--seed", "3", "--n", "50", "--json")
    assert rolled["power"] == 1 and sum(rolled["counts"].values()) == 50


@pytest.mark.parametrize("argv", [
    ["odds", "mist"],
    ["odds", "mist", "--power", "2", "--tags", "1"],
    ["odds", "mist", "--status", "7"],
    ["roll", "mist", "--tags", "-1"],
])
def test_odds_mist_power_sources_bad_input(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("sim: error: ") and err.count("\n") == 1
