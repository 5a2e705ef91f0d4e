"""Free play in every system (issue 30): ``act MOVE... "what I do"`` in a solo session.

A scripted session per system: the GM sets the stakes and says why, the odds shown (``odds act`` and the act
itself) are exactly what ``sim odds`` prints for the same roll, the roll comes from the stream ``solo.act.N``, the
consequences are the engine's, the prompted action waiting is set aside, and the act is a save entry (validated on
read), replayed byte-identically by ``continue``, shown in the export and undone by ``undo``. A mist session with
five moves of the person's own and a clock of their own (the transcript of docs/mist.md "A first session").
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from sim.cli import main
from sim.solo.session import Session, replay_save

ROOT = Path(__file__).resolve().parents[1]
MIST = ROOT / "scenarios" / "mist_harbor.yaml"
FATE = ROOT / "scenarios" / "fate_docks.yaml"
STARTER = ROOT / "scenarios" / "starter.yaml"

#: docs/mist.md "A first session": the person's own moves (a montage choice, a free act with a burn, a limit, a
#: burn, the power spent), a clock of their own made and ticked, an act refused mid-question
MIST_SCRIPT = ROOT / "tests" / "data" / "mist_first_session.txt"


def run(argv, capsys) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def odds_json(capsys, *argv: str) -> dict:
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def mist_session(tmp_path: Path, capsys, name: str = "mist.save") -> tuple[Path, str]:
    path = tmp_path / name
    code, out = run(["solo", "new", "mist_harbor", "--save", str(path), "--seats", "pc1", "--lang", "en",
                     "--script", str(MIST_SCRIPT)], capsys)
    assert code == 0
    return path, out


def entries(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


# --------------------------------------------------------------------------------------------------- mist

def test_MIST_ROLL_2_a_mist_session_of_the_persons_own_moves_shows_odds_equal_to_sim_odds(tmp_path, capsys):
    path, out = mist_session(tmp_path, capsys)
    saved = entries(path)
    own = [e for e in saved if (e["type"] == "answer" and e.get("by") == "person") or e["type"] == "act"]
    assert len(own) >= 5 and any(e["type"] == "act" and "burn" in e["move"] for e in own)
    # every odds line an act showed: exactly `sim odds mist --power N`
    acts = re.findall(r"Odds: power (-?\d+): success [\d.]+% \((\d+/\d+)\) · success with consequences [\d.]+% "
                      r"\((\d+/\d+)\) · failure [\d.]+% \((\d+/\d+)\)", out)
    assert len(acts) >= 2
    for power, success, partial, failure in acts:
        exact = odds_json(capsys, "mist", "--power", power)["exact"]
        assert (success, partial, failure) == (exact["success"], exact["partial"], exact["failure"])
    # and every option's odds (the limits, the burn) the prompts showed
    shown = re.findall(r"\(power (-?\d+): failure ([\d.]+)% · success with consequences ([\d.]+)% · success ([\d.]+)%",
                       out)
    assert len(shown) >= 4
    for power, failure, partial, success in shown:
        exact = odds_json(capsys, "mist", "--power", power)["exact"]
        assert [failure, partial, success] == [f"{float(Fraction(exact[k])) * 100:.1f}"
                                              for k in ("failure", "partial", "success")]
    # a clock of the person's own, made and ticked
    events = [json.loads(line) for line in run(["solo", "export", str(path), "--json"], capsys)[1].splitlines()]
    clocks = [(e["op"], e["filled"]) for e in events if e["event"] == "player_clock"]
    assert clocks[0] == ("new", 0) and ("tick", 1) in clocks and clocks[-1][1] == 3
    # the free act: journaled with its stakes, rolled, the challenge's status raised as far as its limit
    act = next(e for e in events if e["event"] == "free_act")
    assert act["stakes"]["burned"] == ["storm_blood"] and act["stakes"]["power"] == 5
    roll = next(e for e in events if e["event"] == "mist_roll" and e.get("free_act"))
    assert roll["seq"] == act["seq"] + 1 and roll["power"] == 5 and roll["burned"] == ["storm_blood"]
    status = next(e for e in events if e["event"] == "mist_status" and e["seq"] > roll["seq"])
    assert status["after"] == status["limit"] == 2  # not past the limit: the rest of the budget is not spent


def test_MIST_ROLL_3_the_act_rolls_from_the_stream_solo_act_1(tmp_path, capsys):
    from sim.mist.rules.roll import roll_action
    from sim.rng import stream

    path, _ = mist_session(tmp_path, capsys)
    events = [json.loads(line) for line in run(["solo", "export", str(path), "--json"], capsys)[1].splitlines()]
    roll = next(e for e in events if e["event"] == "mist_roll" and e.get("free_act"))
    again = roll_action(stream(12, "solo.act.1"), 5)
    assert (roll["d8"], roll["d4s"]) == (again.d8, list(again.d4s))


def test_the_mist_transcript_in_the_docs_is_the_real_output(tmp_path, capsys):
    """docs/mist.md "A first session" is this script's output, line for line."""
    _, out = mist_session(tmp_path, capsys)
    doc = (ROOT / "docs" / "mist.md").read_text(encoding="utf-8")
    block = doc.split("<!-- first-session -->", 2)[1]
    shown = block.split("```text\n", 1)[1].split("```", 1)[0]
    assert shown.replace("/tmp/mist.save", "SAVE") == out.replace(str(tmp_path / "mist.save"), "SAVE")


def test_a_mist_act_replays_byte_identically_and_the_export_shows_it(tmp_path, capsys):
    path, _ = mist_session(tmp_path, capsys)
    jsonl = run(["solo", "export", str(path), "--json"], capsys)[1]
    more = tmp_path / "more.txt"
    more.write_text("journal 3\nquit\n", encoding="utf-8")
    code, _ = run(["solo", "continue", str(path), "--script", str(more)], capsys)
    assert code == 0 and run(["solo", "export", str(path), "--json"], capsys)[1] == jsonl
    second, _ = mist_session(tmp_path, capsys, "again.save")
    assert run(["solo", "export", str(second), "--json"], capsys)[1] == jsonl  # same script, same journal
    code, md = run(["solo", "export", str(path), "--md"], capsys)
    assert code == 0 and ("- **Your act** (pc1) burn, storm blood, ghost sight, speak with the dead: I call the "
                          "storm down into the shrine bell") in md
    assert md.count("**Your choice**") == sum(1 for e in entries(path) if e["type"] == "answer"
                                              and e.get("by") == "person")  # the set-aside answer is no choice


def test_the_live_journal_equals_its_replay_with_acts(tmp_path):
    """The journal a session made live, acts and all, is the one its save replays to (byte for byte)."""
    from sim.solo import export

    s = Session.new(MIST, tmp_path / "live.save", seats="pc1", lang="en")
    try:
        s.handle("1")
        reply = s.handle('act burn "storm blood" "ghost sight" "speak with the dead" "the bell"')
        assert any(e["event"] == "free_act" for e in reply.events)
        s.handle('act "harbor oath" "dockside friends" "I call in a favour"')
        live = export.export_jsonl(list(s.journal.events))
    finally:
        s.close()
    assert replay_save(tmp_path / "live.save", markdown=False) == live


def test_mist_act_refusals_are_one_line_and_save_nothing(tmp_path):
    s = Session.new(MIST, tmp_path / "no.save", seats="pc1", lang="en")
    try:
        before = len(s.save.entries)
        at_pursue = s.handle('act "storm blood" "x"')  # no challenge yet: the montage's question
        assert len(at_pursue.text) == 1 and "about to act in a scene" in at_pursue.text[0]
        s.handle("1")
        before = len(s.save.entries)
        for line, words in (('act frobnicate "x"', "'frobnicate' is not one of your character's tags"),
                            ("act storm", "? act MOVE..."), ('act "unclosed', "? act MOVE..."),
                            ('act burn "storm blood" burn "ghost sight" "x"', "one tag may be burned")):
            reply = s.handle(line)
            assert len(reply.text) == 1 and words in reply.text[0], line
            assert "storm blood, call lightning" in reply.text[0] or "act MOVE" in reply.text[0] or "burned" in reply.text[0]
        s.handle("1")  # the limit; now the burn question: mid-roll
        assert s.pending.kind == "mist_burn"
        mid = s.handle('act "storm blood" "x"')
        assert len(mid.text) == 1 and "never mid-roll" in mid.text[0]
        assert len(s.save.entries) == before + 1  # the one answer, no act
    finally:
        s.close()


def test_undo_steps_back_an_act_and_its_set_aside_answer(tmp_path):
    s = Session.new(MIST, tmp_path / "u.save", seats="pc1", lang="en")
    try:
        s.handle("1")
        kept = list(s.save.entries)
        s.handle('act "ghost sight" "speak with the dead" "I ask the dead"')
        assert [e["type"] for e in s.save.entries[len(kept):]] == ["act", "answer"]
        assert s.save.entries[-1]["by"] == "act" and s.save.entries[-1]["typed"] is False
        reply = s.handle("undo")
        assert reply.text == ['undone: the act ghost sight speak with the dead: "I ask the dead"']
        assert s.save.entries == kept and not any(e["event"] == "free_act" for e in s.journal.events)
        assert s.pending.kind == "mist_approach"
    finally:
        s.close()


def test_an_act_entry_is_validated_on_read(tmp_path):
    from sim.errors import UsageError
    from sim.solo.save import SaveFile, check_entry, encode_line

    assert check_entry({"type": "act", "seat": "pc1", "text": "x"}) == "the act entry has no move"
    assert check_entry({"type": "act", "seat": "pc1", "move": [], "text": "x"}).endswith("not a list of words")
    assert check_entry({"type": "act", "seat": "pc1", "move": ["prowl"], "text": "x"}) is None
    s = Session.new(MIST, tmp_path / "v.save", seats="pc1", lang="en")
    s.close()
    raw = (tmp_path / "v.save").read_bytes()
    last = json.loads(raw.splitlines()[-1])
    line, _ = encode_line({"type": "act", "seat": "pc1", "move": "storm blood", "text": "x"}, int(last["crc"], 16))
    (tmp_path / "v.save").write_bytes(raw + line)
    with pytest.raises(UsageError) as err:
        SaveFile.open(tmp_path / "v.save")
    assert "the act entry's move is" in str(err.value) and "not a list of words" in str(err.value)


# --------------------------------------------------------------------------------------------------- Fate

def _to(s: Session, kind: str, answer: str = "1", limit: int = 60) -> None:
    for _ in range(limit):
        if s.pending is not None and s.pending.kind == kind:
            return
        s.handle(answer)
    raise AssertionError(f"never asked {kind}")


def test_FATE_OPP_2_a_fate_act_sets_a_passive_opposition_on_the_ladder_with_odds_equal_to_sim_odds(tmp_path, capsys):
    s = Session.new(FATE, tmp_path / "f.save", seats="pc1", lang="en")
    try:
        invoke = s.handle('act notice "search the office"')  # first asked: an invoke, mid-roll
        assert len(invoke.text) == 1 and "never mid-roll" in invoke.text[0]
        _to(s, "fate_action")
        shown = s.handle('odds act notice "search the office"').text
        assert shown[0].startswith("The GM: overcome against a passive opposition of ") and "FATE.OPP.2" in shown[0]
        odds = re.search(r"Odds: Notice \w+ \(\+(\d+)\) vs \w+ \(\+(\d+)\): fail [\d.]+% \((\d+/\d+)\) · tie [\d.]+% "
                         r"\((\d+/\d+)\) · succeed [\d.]+% \((\d+/\d+)\) · succeed with style [\d.]+% \((\d+/\d+)\)",
                         "\n".join(shown))
        assert odds is not None
        skill, vs, *fractions = odds.groups()
        exact = odds_json(capsys, "fate", "--skill", skill, "--vs", vs)["exact"]
        assert fractions == [exact[k] for k in ("fail", "tie", "succeed", "style")]
        start = s.journal.seq
        reply = s.handle('act create athletics "Up on the crates"')
        assert reply.text[0] == '[pc1] acts: create athletics: "Up on the crates"'
        made = list(s.journal.events[start:])
        act = next(e for e in made if e["event"] == "free_act")
        roll = next(e for e in made if e["event"] == "fate_roll" and e.get("free_act"))
        assert act["stakes"]["action"] == roll["action"] == "create_advantage" and roll["skill"] == "Athletics"
        assert roll["opposition"] == act["stakes"]["opposition"]
        # the act was the turn's action: the menu's answer (by "act") is set aside, pc1 rolls nothing else
        until = next((e["seq"] for e in made if e["event"] == "decision" and e["seat"] == "pc1"
                      and e["by"] != "act" and e["seq"] > roll["seq"]), s.journal.seq)
        assert not [e for e in made if e["event"] == "fate_roll" and e["actor"] == "pc1" and roll["seq"] < e["seq"] < until
                    and not e.get("free_act")]
        bad = s.handle('act frob "x"') if s.pending and s.pending.kind == "fate_action" else None
        if bad is not None:
            assert len(bad.text) == 1 and "skills: Academics, Athletics" in bad.text[0]
    finally:
        s.close()
    assert replay_save(tmp_path / "f.save", markdown=False).count('"event":"free_act"') == 1


# --------------------------------------------------------------------------------------------------- Blades

def test_BITD_ACTION_3_a_blades_act_sets_position_and_effect_with_reasons_and_exact_odds(tmp_path, capsys):
    s = Session.new(STARTER, tmp_path / "b.save", seats="pc1", scores=1, lang="en")
    try:
        early = s.handle('act prowl "slip past the guards"')  # planning: not a beat
        assert len(early.text) == 1 and "during a score" in early.text[0]
        for _ in range(80):
            if s.pending is not None and s.pending.kind == "action":
                break
            s.handle("auto")
        assert s.pending.kind == "action"
        shown = s.handle('odds act prowl "slip past the guards"').text
        assert shown[0].startswith("Position ") and shown[1].startswith("Effect ")
        dice = int(re.search(r"Odds: Prowl: (-?\d+)d ", "\n".join(shown)).group(1))
        exact = odds_json(capsys, "blades", "--dice", str(dice))["exact"]
        assert shown[-1] == (f"  exactly: critical {exact['critical']}, full success {exact['success']}, "
                             f"partial success {exact['partial']}, bad outcome {exact['failure']}")
        bad = s.handle('act frob "x"')
        assert len(bad.text) == 1 and "actions: Hunt, Study, Survey" in bad.text[0]
        start = s.journal.seq
        s.handle('act prowl "slip past the guards"')
        made = list(s.journal.events[start:])
        act = next(e for e in made if e["event"] == "free_act")
        roll = next(e for e in made if e["event"] == "action_roll" and e.get("free_act"))
        assert roll["kind"] == "act" and roll["action"] == "prowl" and roll["dice"] == dice
        assert (roll["position"], roll["effect"]) == (act["stakes"]["position"], act["stakes"]["effect"])
        # the act was the beat: no other roll of pc1's follows from the set-aside action
        aside = next(e for e in made if e["event"] == "decision" and e["by"] == "act")
        assert aside["kind"] == "action"
        ticked = [e for e in made if e["event"] == "clock" and e["seq"] > roll["seq"] and e["id"] == act["stakes"]["obstacle"]]
        assert bool(ticked) == (roll["result"] != "failure")  # what lands ticks the obstacle (BITD.EFFECT.1)
    finally:
        s.close()
    assert replay_save(tmp_path / "b.save", markdown=False).count('"event":"free_act"') == 1
