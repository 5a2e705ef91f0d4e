"""``sim solo new|continue|export`` (issue 11 part B): scripts, pipes, kills, damaged saves, determinism."""

from __future__ import annotations

import json
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.cli import main

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"
SIM = [sys.executable, "-m", "sim"]


def sim(*argv: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(SIM + list(argv), input=stdin, capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def run(capsys, *argv: str, script: str | None = None, tmp: Path | None = None) -> tuple[int, str, str]:
    """``sim ARGV`` in process; ``script``: the lines of a --script file written beside the save."""
    argv = list(argv)
    if script is not None:
        path = (tmp or Path(argv[argv.index("--save") + 1] if "--save" in argv else argv[2]).parent) / "script.txt"
        path.write_text(script, encoding="utf-8")
        argv += ["--script", str(path)]
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def entries(save: Path) -> list[dict]:
    return [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]


def answers(save: Path) -> list[dict]:
    return [e for e in entries(save) if e["type"] == "answer"]


def export_json(save: Path) -> list[dict]:
    done = sim("solo", "export", str(save), "--json")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


SCORE = ["1"] * 20 + ["sheet", "clocks", "note the skiff smells of rot", "roll 2d6", "auto score", "crew"]


def test_a_whole_score_and_its_downtime_through_a_script_file(tmp_path):
    save, script = tmp_path / "crew.save", tmp_path / "script.txt"
    script.write_text("\n".join(SCORE + ["1"] * 30) + "\n", encoding="utf-8")
    done = sim("solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", "--scores", "2", "--script",
               str(script))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "=== Score 1 ===" in out and "[pc1]" in out and "noted: the skiff smells of rot" in out
    assert "\x1b[" not in out  # no colour without a terminal
    events = export_json(save)
    names = [e["event"] for e in events]
    assert "score_end" in names and "activities_begin" in names  # the score and its downtime
    human = [e for e in events if e["event"] == "decision" and e["by"] == "human"]
    # pc1's, and a recruit's who takes a fallen scoundrel's place in the person's seat (BITD.DEATH.2)
    assert len(human) >= 40 and "pc1" in {e["seat"] for e in human}
    assert not {e["seat"] for e in human} & {"pc2", "pc3", "pc4", "gm"}
    assert any(e["by"] == "auto:careful" for e in events if e["event"] == "decision")
    assert [e["text"] for e in events if e["event"] == "note"] == ["the skiff smells of rot"]
    assert any(e["event"] == "action_roll" for e in events)
    saved = answers(save)
    assert [e["step"] for e in saved] == list(range(1, len(saved) + 1))
    assert sum(1 for e in saved if e["by"] == "person") == len(human)


def test_a_whole_score_and_its_downtime_through_a_script_in_process(tmp_path, capsys):
    save = tmp_path / "inproc.save"
    code, out, err = run(capsys, "solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", "--scores", "1",
                         script="\n".join(SCORE + ["1"] * 30) + "\n")
    assert code == 0, err
    assert "noted: the skiff smells of rot" in out and "--- Downtime ---" in out
    code, journal, _ = run(capsys, "solo", "export", str(save), "--json")
    events = [json.loads(line) for line in journal.splitlines()]
    names = [e["event"] for e in events]
    assert "score_end" in names and "activities_begin" in names
    by = {e["by"] for e in events if e["event"] == "decision" and e["seat"] == "pc1"}
    assert {"human", "auto:careful"} <= by
    assert sum(1 for e in entries(save) if e["type"] == "answer" and e["by"] == "person") == sum(
        1 for e in events if e["event"] == "decision" and e["by"] == "human")


def test_the_same_script_twice_gives_a_byte_identical_exported_journal(tmp_path, capsys):
    script = "\n".join(["1", "2", "1", "note a", "roll 3d", "1", "auto", "1", "1", "2", "1"]) + "\n"
    out = []
    for name in ("a.save", "b.save"):
        save = str(tmp_path / name)
        code, _, err = run(capsys, "solo", "new", str(STARTER), "--save", save, "--seats", "pc1,pc2", "--scores",
                           "1", script=script)
        assert code == 0, err
        out.append(run(capsys, "solo", "export", save, "--json")[1])
    assert out[0] == out[1] and out[0].count("\n") > 30


def test_in_process_script_and_the_time_a_step_takes(tmp_path, capsys):
    """~100 answers through the command layer; prints the median time from an answer to the next prompt."""
    from sim.solo.session import Session

    s = Session.new(STARTER, tmp_path / "timed.save", seats="all", scores=1)
    times = []
    try:
        for _ in range(100):
            if s.done:
                break
            t = time.perf_counter()
            s.handle("1")
            times.append(time.perf_counter() - t)
    finally:
        s.close()
    assert len(times) == 100
    with capsys.disabled():
        print(f"\nsolo step: median {statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms "
              f"over {len(times)} answers")


def test_sigkill_mid_session_then_continue_resumes_with_every_resolved_step(tmp_path):
    save = tmp_path / "killed.save"
    proc = subprocess.Popen(SIM + ["solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", "--scores",
                                   "2"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    try:
        for i in range(12):
            proc.stdin.write("1\n")
            proc.stdin.flush()
            deadline = time.monotonic() + 60
            while (not save.exists() or len(answers(save)) < i + 1) and time.monotonic() < deadline:
                time.sleep(0.01)
        proc.stdin.write("note\n" * 0 + "1\n" * 30)  # more answers in flight: the kill lands mid-step
        proc.stdin.flush()
        time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    kept = answers(save)  # every line fully written is a resolved step (a torn one is dropped by continue)
    assert len(kept) >= 12
    done = sim("solo", "continue", str(save), "--script", "-", stdin="save\n")
    assert done.returncode == 0, done.stderr
    assert f"step {len(kept)})" in done.stdout
    events = export_json(save)
    human = [e for e in events if e["event"] == "decision" and e["by"] == "human"]
    assert len(human) == len(kept)


def test_a_torn_last_line_is_dropped_with_a_warning(tmp_path, capsys):
    save = tmp_path / "torn.save"
    assert run(capsys, "solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", script="1\n1\n1\n")[0] == 0
    with open(save, "ab") as fh:
        fh.write(b'{"type":"answer","step":4,"ch')
    code, out, err = run(capsys, "solo", "continue", str(save), script="save\n", tmp=tmp_path)
    assert code == 0, err
    assert "warning: dropped a torn last line" in out
    assert "(5 entries, step 3)" in out  # three answers and a sitting each for new and continue


def test_a_corrupted_save_is_refused_with_exit_2_and_left_unchanged(tmp_path, capsys):
    save = tmp_path / "bad.save"
    assert run(capsys, "solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", script="1\n1\n1\n2\n")[0] == 0
    raw = bytearray(save.read_bytes())
    lines = raw.split(b"\n")
    middle = sum(len(line) + 1 for line in lines[:2]) + 12  # a byte inside the second entry
    raw[middle] ^= 0x01
    save.write_bytes(bytes(raw))
    for argv in (["continue", str(save)], ["export", str(save), "--json"]):
        code, _, err = run(capsys, "solo", *argv, script="1\n" if argv[0] == "continue" else None, tmp=tmp_path)
        assert code == 2
        assert err.count("\n") == 1 and err.startswith("sim: error: save file"), err
        assert save.read_bytes() == bytes(raw)


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    save = tmp_path / "x.save"
    cases = [
        ["solo", "new", str(tmp_path / "missing.yaml"), "--save", str(save)],
        ["solo", "new", str(STARTER), "--save", str(save), "--seats", "pc7"],
        ["solo", "new", str(STARTER), "--save", str(save), "--script", str(tmp_path / "none.txt")],
        ["solo", "continue", str(tmp_path / "nothing.save")],
        ["solo", "export", str(tmp_path / "nothing.save"), "--md"],
    ]
    for argv in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("sim: error:"), (argv, err)
        assert not save.exists()
    save.write_text("keep me\n", encoding="utf-8")
    assert main(["solo", "new", str(STARTER), "--save", str(save), "--script", "-"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert save.read_text(encoding="utf-8") == "keep me\n"
    foreign = tmp_path / "foreign.save"
    foreign.write_text('{"format":"something-else"}\n', encoding="utf-8")
    assert main(["solo", "continue", str(foreign)]) == 2
    assert capsys.readouterr().err.startswith("sim: error: save file")


def test_export_json_writes_the_journal_atomically_to_out(tmp_path, capsys):
    save, out = tmp_path / "e.save", tmp_path / "journal.jsonl"
    assert run(capsys, "solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", script="1\n1\n")[0] == 0
    code, printed, _ = run(capsys, "solo", "export", str(save), "--json", "--out", str(out))
    assert code == 0 and printed == ""
    events = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert events[0]["event"] == "campaign_start" and [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_quit_ends_the_session_and_continue_goes_on(tmp_path, capsys):
    save = tmp_path / "q.save"
    code, out, _ = run(capsys, "solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1",
                       script="1\nquit\n1\n")
    assert code == 0 and "sim solo continue" in out and "(the campaign is over)" not in out
    assert len(answers(save)) == 1
    assert run(capsys, "solo", "continue", str(save), script="1\n", tmp=tmp_path)[0] == 0
    assert len(answers(save)) == 2


def test_continue_after_the_scenario_changed_asks_and_the_script_answers(tmp_path, capsys):
    scenario, save = tmp_path / "starter.yaml", tmp_path / "d.save"
    text = STARTER.read_text(encoding="utf-8")
    scenario.write_text(text, encoding="utf-8")
    assert run(capsys, "solo", "new", str(scenario), "--save", str(save), "--seats", "pc1",
               script="1\n1\n1\n")[0] == 0
    scenario.write_text(text.replace("name: The Lanterns", "name: The Wicks"), encoding="utf-8")
    raw = save.read_bytes()
    code, _, err = run(capsys, "solo", "continue", str(save), "--scenario", str(scenario), "--on-diverge", "stop")
    assert code == 2 and "diverged at step 1" in err and err.count("\n") == 1
    assert save.read_bytes() == raw
    code, out, _ = run(capsys, "solo", "continue", str(save), "--scenario", str(scenario), script="2\n", tmp=tmp_path)
    assert code == 0 and "the replay diverged at step 1" in out and "stopped; the save is unchanged" in out
    assert save.read_bytes() == raw
    code, out, _ = run(capsys, "solo", "continue", str(save), "--scenario", str(scenario), script="sheet\n", tmp=tmp_path)  # never answered
    assert code == 0 and out.count("the replay diverged at step 1") == 2 and "saved:" not in out
    assert out.rstrip().endswith("stopped; the save is unchanged") and save.read_bytes() == raw
    code, out, _ = run(capsys, "solo", "continue", str(save), "--scenario", str(scenario), script="1\n1\n", tmp=tmp_path)
    assert code == 0 and "continuing from step 0" in out and "The Wicks" in out
    assert len(answers(save)) == 1 and save.with_name("d.save.1").read_bytes() == raw


def test_a_new_session_opens_with_its_story_not_the_story_so_far(tmp_path, capsys):
    """Issue 30: ``sim solo new`` records the sitting first; the session is still new, so its opening is the story
    itself, and only ``continue`` recaps "the story so far"."""
    from sim.cli import main

    script = tmp_path / "s.txt"
    script.write_text("1\nquit\n", encoding="utf-8")
    save = tmp_path / "s.save"
    assert main(["solo", "new", "starter", "--save", str(save), "--seats", "pc1", "--script", str(script)]) == 0
    script.write_text("quit\n", encoding="utf-8")
    first = capsys.readouterr().out
    assert "the story so far" not in first and first.strip()
    assert main(["solo", "continue", str(save), "--script", str(script)]) == 0
    assert "the story so far" in capsys.readouterr().out
