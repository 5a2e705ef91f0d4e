"""``sim oracle``, ``sim odds oracle`` and ``sim roll oracle`` (ORACLE.*), and the oracle
section: its examples are real output and its probability tables are what ``sim.oracle.exact`` says.

``python tests/test_oracle_cli.py`` prints the tables of ``docs/oracle.md``.
"""

from __future__ import annotations

import json
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

from sim import oracle
from sim.cli import main
from sim.oracle import ANSWERS, LIKELIHOODS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "oracle.md"
TENSIONS = range(1, 10)
RAW_KEY = re.compile(r"\b(?:oracle|cli)\.[a-z_]")
LATIN_WORD = re.compile(r"(?<![0-9])[A-Za-z]{2,}")


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys, argv: list[str]) -> dict:
    code, out, err = run(capsys, argv)
    assert code == 0, err
    return json.loads(out)


def test_ORACLE_ANSWER_1_odds_oracle_json_keys_and_values(capsys):
    out = run_json(capsys, ["odds", "oracle", "--likelihood", "likely", "--tension", "7", "--json"])
    exact = oracle.exact("likely", 7)
    assert list(out["outcomes"]) == list(out["exact"]) == list(ANSWERS)
    assert {k: Fraction(v) for k, v in out["exact"].items()} == exact["outcomes"]
    assert out["outcomes"] == {k: float(p) for k, p in exact["outcomes"].items()}
    assert Fraction(out["event_chance_exact"]) == exact["event_chance"] == Fraction(7, 20)
    assert out["event_chance"] == 0.35
    assert (out["likelihood"], out["tension"]) == ("likely", 7)


def test_ORACLE_ANSWER_1_roll_oracle_counts_with_the_real_code(capsys):
    argv = ["roll", "oracle", "--likelihood", "even", "--tension", "5", "--n", "2000", "--seed", "3", "--json"]
    out = run_json(capsys, argv)
    assert out["n"] == 2000 and out["seed"] == 3
    assert list(out["counts"]) == list(ANSWERS) and sum(out["counts"].values()) == 2000
    counts, events = oracle.count_answers(__import__("random").Random(3), "even", 5, 2000, oracle.load_words())
    assert out["counts"] == counts and out["events"] == events
    assert run_json(capsys, argv) == out  # determinism by seed


def test_ORACLE_ANSWER_1_oracle_ask_json_and_determinism(capsys):
    argv = ["oracle", "ask", "Is the door guarded?", "--likelihood", "likely", "--seed", "7", "--json",
            "--threads", "the ledger,the debt", "--npcs", "Mylera"]
    out = run_json(capsys, argv)
    assert {"question", "likelihood", "tension", "roll", "answer", "event", "seed"} <= set(out)
    assert (out["question"], out["likelihood"], out["tension"], out["seed"]) == ("Is the door guarded?", "likely", 5, 7)
    assert out["answer"] in ANSWERS
    assert run_json(capsys, argv) == out


@pytest.mark.parametrize("what", [["event", "--npcs", "A,B", "--threads", "T"], ["meaning"], ["scene", "--tension", "8"]])
def test_ORACLE_EVENT_2_and_MEANING_1_and_SCENE_1_commands_json(capsys, what):
    out = run_json(capsys, ["oracle", *what, "--seed", "4", "--json"])
    assert out["seed"] == 4
    if what[0] == "event":
        assert {"focus", "action", "subject", "thread", "npc"} <= set(out)
    elif what[0] == "meaning":
        assert {"action", "subject"} <= set(out)
    else:
        assert out["result"] in oracle.SCENE_RESULTS and out["tension"] == 8


def test_ORACLE_ANSWER_1_without_a_seed_one_is_drawn_and_printed(capsys):
    code, out, _ = run(capsys, ["oracle", "ask", "Is it raining?", "--likelihood", "even"])
    assert code == 0
    seed = int(re.search(r"seed (\d+)", out).group(1))
    again = run(capsys, ["oracle", "ask", "Is it raining?", "--likelihood", "even", "--seed", str(seed)])[1]
    assert again == out


@pytest.mark.parametrize("argv, message", [
    (["oracle", "ask", "q", "--likelihood", "sorta"], "unknown likelihood 'sorta'"),
    (["oracle", "ask", "q", "--likelihood", "even", "--tension", "10"], "--tension must be 1..9, got 10"),
    (["odds", "oracle", "--likelihood", "likely", "--tension", "0"], "--tension must be 1..9, got 0"),
    (["roll", "oracle", "--likelihood", "likely", "--n", "0"], "--n must be 1.."),
    (["odds", "oracle", "--tension", "3"], "required: --likelihood"),
])
def test_ORACLE_SCALE_1_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own complaints exit from the parser
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1, err


def test_ORACLE_SCALE_1_help_lists_the_likelihoods_in_order(capsys):
    with pytest.raises(SystemExit):
        main(["oracle", "ask", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert ", ".join(LIKELIHOODS) in text


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("argv", [
    ["odds", "oracle", "--likelihood", "likely"],
    ["roll", "oracle", "--likelihood", "even", "--n", "300", "--seed", "1"],
    ["roll", "oracle", "--likelihood", "even", "--seed", "1"],
    ["oracle", "ask", "門口有守衛嗎？", "--likelihood", "likely", "--seed", "7", "--npcs", "米萊拉"],
    ["oracle", "event", "--seed", "4"],
    ["oracle", "meaning", "--seed", "4"],
    ["oracle", "scene", "--seed", "4"],
])
def test_ORACLE_ANSWER_1_words_for_people_are_translated(capsys, lang, argv):
    code, out, err = run(capsys, [*argv, "--lang", lang])
    assert code == 0, err
    assert not RAW_KEY.findall(out) and not LATIN_WORD.findall(out), out


# --- the README ---------------------------------------------------------------------------

def percent(p) -> str:
    return f"{float(p) * 100:.1f}%"


def readme_tables() -> str:
    """The README's oracle tables, from ``sim.oracle.exact`` and ``scene_odds``."""
    head = "| likelihood | " + " | ".join(f"T{t}" for t in TENSIONS) + " |"
    lines = ["P(yes, any of `yes_and`, `yes`, `yes_but`) by likelihood and tension:", "", head,
             "|---|" + "---:|" * len(TENSIONS)]
    for lk in LIKELIHOODS:
        lines.append(f"| `{lk}` | " + " | ".join(percent(oracle.yes_chance(lk, t)) for t in TENSIONS) + " |")
    for t in (1, 5, 9):
        lines += ["", f"Each answer at tension {t}:", "",
                  "| likelihood | " + " | ".join(f"`{a}`" for a in ANSWERS) + " |", "|---|" + "---:|" * len(ANSWERS)]
        for lk in LIKELIHOODS:
            outcomes = oracle.exact(lk, t)["outcomes"]
            lines.append(f"| `{lk}` | " + " | ".join(percent(outcomes[a]) for a in ANSWERS) + " |")
    lines += ["", "Random events and scene checks by tension:", "",
              "| tension | random event | scene expected | altered | interrupted |", "|---:|---:|---:|---:|---:|"]
    for t in TENSIONS:
        scene = oracle.scene_odds(t)
        lines.append(f"| {t} | {percent(oracle.exact('even', t)['event_chance'])} | "
                     f"{percent(scene['expected'])} | {percent(scene['altered'])} | {percent(scene['interrupted'])} |")
    return "\n".join(lines)


def test_the_readme_prints_the_full_probability_table():
    assert readme_tables() in PAGE.read_text(encoding="utf-8"), (
        "docs/oracle.md's tables differ from sim.oracle; print them with `python tests/test_oracle_cli.py`")


BLOCK = re.compile(r"```console\n\$ (sim oracle [^\n]*)\n(.*?)```", re.S)


def oracle_examples() -> list[tuple[str, str]]:
    from docs_kit import manual

    return [found for _, text in manual() for found in BLOCK.findall(text)]


def test_the_readme_has_oracle_examples():
    commands = [c for c, _ in oracle_examples()]
    for what in ("ask", "event", "meaning", "scene"):
        assert any(c.startswith(f"sim oracle {what}") for c in commands), what


@pytest.mark.parametrize("command, expected", oracle_examples(), ids=[c for c, _ in oracle_examples()])
def test_readme_oracle_example_output(capsys, command, expected):
    try:
        code = main(shlex.split(command)[1:])
    except SystemExit as exc:  # argparse's own complaints exit from the parser
        code = exc.code
    captured = capsys.readouterr()
    out, err = captured.out, captured.err
    assert out + err == expected
    assert code == (2 if err else 0)


if __name__ == "__main__":
    print(readme_tables())
