"""Solo sessions (issue 11 part B): the command layer in process, answers, replay, undo, auto, divergence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sim.errors import UsageError
from sim.journal import dumps
from sim.solo.session import Session, parse_roll, roll
from sim.rng import make_rng

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"


def lines_of(session: Session) -> list[str]:
    return [dumps(e) for e in session.journal.events]


def play(session: Session, answers: list[str]) -> list:
    replies = []
    for answer in answers:
        if session.done:
            break
        replies.append(session.handle(answer))
    return replies


@pytest.fixture
def save(tmp_path):
    return tmp_path / "crew.save"


def test_answers_are_journaled_by_human_and_saved_with_seq_and_digest(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        assert s.pending is not None and s.pending.seat == "pc1"
        first = s.pending
        reply = s.handle("1")
        decisions = [e for e in reply.events if e["event"] == "decision"]
        assert decisions[0]["by"] == "human" and decisions[0]["seat"] == "pc1"
        assert decisions[0]["choice"] == json.loads(json.dumps(first.values[0]))
        entry = s.save.entries[0]
        assert entry["type"] == "answer" and entry["by"] == "person" and entry["step"] == 1
        assert entry["seq"] == decisions[0]["seq"] - 1  # the journal as it was when the person answered
        assert len(entry["digest"]) == 32
    finally:
        s.close()


def test_an_illegal_answer_gets_one_line_and_the_same_prompt(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        before = s.pending
        reply = s.handle("99")
        assert len(reply.text) == 1 and reply.text[0].startswith("?")
        assert s.pending is before and s.save.entries == []
        reply = s.handle(before.options[0].label)  # the label answers too
        assert s.save.entries[0]["choice"] == json.loads(json.dumps(before.values[0]))
    finally:
        s.close()


def test_a_whole_score_and_its_downtime_then_resume_reproduces_the_journal(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    play(s, ["1"] * 400)
    assert s.done and s.finished
    events = s.journal.events
    names = [e["event"] for e in events]
    assert "score_end" in names and "activities_begin" in names and "campaign_end" in names
    human = [e for e in events if e["event"] == "decision" and e["by"] == "human"]
    mine = {"pc1"} | {e["pc"] for e in events if e["event"] == "recruit" and e["replaces"] == "pc1"}  # a successor too
    assert human and {e["seat"] for e in human} <= mine and "pc1" in {e["seat"] for e in human}
    assert len(human) == sum(1 for e in s.save.entries if e["type"] == "answer")
    first = lines_of(s)
    s.close()
    again = Session.resume(save)
    try:
        assert again.diverged is None and again.done
        assert lines_of(again) == first
    finally:
        again.close()


def test_the_same_answers_give_a_byte_identical_journal(tmp_path):
    script = ["1", "2", "note the fence looks nervous", "roll 3d", "1", "auto", "2", "1", "1"]
    journals = []
    for name in ("a.save", "b.save"):
        s = Session.new(STARTER, tmp_path / name, seats="pc1", scores=1)
        play(s, script)
        journals.append(lines_of(s))
        s.close()
    assert journals[0] == journals[1]
    assert any('"event":"note"' in line for line in journals[0])


def test_undo_twice_then_continue_gives_the_journal_of_the_shorter_history(tmp_path):
    long = Session.new(STARTER, tmp_path / "long.save", seats="pc1", scores=1)
    play(long, ["1", "1", "1", "2", "1"])
    long.handle("undo")
    reply = long.handle("undo")
    assert reply.text[0].startswith("undone: step 4 ")
    assert sum(1 for e in long.save.entries if e["type"] == "answer") == 3
    undone = lines_of(long)
    long.close()
    short = Session.new(STARTER, tmp_path / "short.save", seats="pc1", scores=1)
    play(short, ["1", "1", "1"])
    assert lines_of(short) == undone
    short.close()
    resumed = Session.resume(tmp_path / "long.save")
    assert lines_of(resumed) == undone
    resumed.close()


def test_auto_answers_one_decision_by_the_seats_policy_and_auto_score_the_rest_of_the_score(save):
    s = Session.new(STARTER, save, seats="pc1", scores=2)
    try:
        reply = s.handle("auto")
        assert [e["by"] for e in reply.events if e["event"] == "decision"][0] == "auto:careful"
        assert s.save.entries[-1]["by"] == "auto:careful"
        s.handle("auto bold")
        assert s.save.entries[-1]["by"] == "auto:bold"
        play(s, ["1", "1"])  # into the score's free play
        reply = s.handle("auto score")
        names = [e["event"] for e in reply.events]
        assert "score_end" in names
        autos = [e for e in reply.events if e["event"] == "decision" and e["seat"] == "pc1"]
        assert len(autos) > 5 and {e["by"] for e in autos} == {"auto:careful"}
        assert s.pending is not None  # the person is asked again after the score
        typed = [e for e in s.save.entries if e["type"] == "answer" and e["typed"]]
        assert typed[-1]["by"] == "auto:careful"
    finally:
        s.close()


def test_continue_after_a_changed_scenario_says_it_diverged_and_stop_leaves_the_save(tmp_path):
    scenario = tmp_path / "starter.yaml"
    scenario.write_text(STARTER.read_text(encoding="utf-8"), encoding="utf-8")
    save = tmp_path / "crew.save"
    s = Session.new(scenario, save, seats="pc1", scores=1)
    play(s, ["1", "1", "1", "2"])
    s.close()
    raw = save.read_bytes()
    scenario.write_text(STARTER.read_text(encoding="utf-8").replace("name: The Lanterns", "name: The Wicks"),
                        encoding="utf-8")
    with pytest.raises(UsageError, match="diverged at step 1"):
        Session.resume(save, on_diverge="stop", scenario=scenario)
    assert save.read_bytes() == raw
    asked = Session.resume(save, on_diverge="ask", scenario=scenario)
    try:
        assert asked.diverged and "step 1" in asked.diverged
        assert any("scenario" in w and "changed" in w for w in asked.warnings)
        assert save.read_bytes() == raw  # nothing changes before the person says so
        reply = asked.handle("1")
        assert "continuing from step 0" in reply.text[1]
        assert asked.save.entries == [] and asked.pending is not None
        asked.handle("1")
        assert asked.save.entries[0]["step"] == 1
        assert save.with_name("crew.save.1").read_bytes() == raw  # the version before is kept
    finally:
        asked.close()


def test_commands_answer_from_the_journal_without_moving_the_campaign(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        seq = s.journal.seq
        for command in ("sheet", "sheet pc1", "crew", "clocks", "factions", "odds", "journal 3", "help", "help ask",
                        "scene", "threads", "npcs", "save"):
            reply = s.handle(command)
            assert reply.text, command
        assert s.journal.seq == seq and s.save.entries == []
        assert s.handle("sheet nobody").text[0].startswith("? no scoundrel")
        sheet = s.handle("sheet pc1")
        assert sheet.views[0][0] == "sheet" and list(sheet.views[0][1]["pcs"]) == ["pc1"]
        s.handle("threads add Find the informant")
        s.handle("npcs add Old Mags")
        assert s.threads[-1] == "Find the informant" and s.npcs[-1] == "Old Mags"
        s.handle("threads close 1")
        assert "Find the informant" not in s.threads
        assert [e["type"] for e in s.save.entries] == ["thread", "npc", "thread"]
    finally:
        s.close()


def test_completions_name_commands_pcs_and_policies(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        assert s.completions("sh") == ["sheet"]
        assert "pc1" in s.completions("sheet p")
        assert s.completions("auto sc") == ["score"]
        assert s.completions("ask Is the door guarded? very_") == ["very_unlikely", "very_likely"]
        assert s.completions("ask Is it") == []  # the question itself is the person's
        assert s.completions("threads c") == ["close"] and s.completions("npcs r") == ["remove"]
        assert s.completions("help un") == ["undo"]
        assert s.completions("clock t") == ["tick"]
        s.handle("clock new Gang war 6")
        s.handle("clock new Heat 4")
        assert s.completions("clock tick G") == ["Gang war"] and s.completions("clock clear ") == ["Gang war", "Heat"]
        label = s.pending.options[0].label
        assert label in s.completions(label[:3])
    finally:
        s.close()


@pytest.mark.parametrize("expr,want", [("2d6", (2, 6)), ("3d", (3, None)), ("0d6", None), ("d6", None),
                                       ("2d1", None), ("2x6", None), ("31d", None)])
def test_parse_roll(expr, want):
    assert parse_roll(expr) == want


def test_BITD_CORE_1_a_free_pool_reads_its_highest_die():
    faces, total = roll(make_rng(4), "4d")
    assert len(faces) == 4 and total == max(faces)
    faces, total = roll(make_rng(4), "3d8")
    assert total == sum(faces) and all(1 <= f <= 8 for f in faces)


def test_new_refuses_an_existing_save_and_bad_seats(save):
    save.write_text("x")
    with pytest.raises(UsageError, match="already exists"):
        Session.new(STARTER, save)
    assert save.read_text() == "x"
    with pytest.raises(UsageError, match="--seats"):
        Session.new(STARTER, save.with_name("other.save"), seats="pc9")


def _to(session: Session, kind: str, limit: int = 300) -> None:
    for _ in range(limit):
        if session.pending is not None and session.pending.kind == kind:
            return
        session.handle("1")
    raise AssertionError(f"no {kind} decision in {limit} answers")


def test_BITD_CORE_2_the_odds_beside_each_action_are_the_exact_odds_of_its_pool(save):
    from fractions import Fraction

    from sim.odds import blades_odds

    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        _to(s, "action")
        p = s.pending
        assert p.gm_says and p.gm_says[0].startswith("Position ")
        assert any(line.startswith("Effect ") for line in p.gm_says)
        for choice, action in zip(p.options, p.values):
            pool = p.context["actions"][action]
            shown = re.match(r"(\d+)d( \(2d, keep the lowest\))? (\w+)/(\w+): ", choice.odds)
            assert int(shown.group(1)) == max(pool["dice"], 0) and shown.group(3, 4) == (pool["position"], pool["effect"])
            assert bool(shown.group(2)) == (pool["dice"] <= 0)  # BITD.CORE.2: 0 dice roll 2d and keep the lowest
            exact = blades_odds(max(pool["dice"], 0))
            for key, short in (("critical", "crit"), ("success", "6"), ("partial", "4/5"), ("failure", "1-3")):
                assert f"{short} {round(float(exact[key]) * 100):.0f}%" in choice.odds
                assert Fraction(pool["results"][key]["p"]) == exact[key]
        reply = s.handle("odds")
        assert any(line.startswith("at ") for line in reply.text) and reply.views[0][0] == "odds"
    finally:
        s.close()


def test_BITD_RESIST_3_the_resist_option_shows_the_stress_it_would_cost(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        _to(s, "resist")
        resist = next(c for c, v in zip(s.pending.options, s.pending.values) if v is True)
        assert resist.odds.startswith("stress cost: ") and "trauma" in resist.odds
    finally:
        s.close()


def test_ask_is_journaled_with_its_fields_and_replayed_like_any_other_step(save):
    from sim.oracle import ANSWERS

    s = Session.new(STARTER, save, seats="pc1", scores=1)
    reply = s.handle("ask Is the Crows boss in a good mood? likely")
    (event,) = reply.events
    assert event["event"] == "oracle" and event["question"] == "Is the Crows boss in a good mood?"
    assert event["likelihood"] == "likely" and event["tension"] == 5 and event["answer"] in ANSWERS
    assert "roll" in event and "random_event" in event
    assert s.save.entries[-1] == {"type": "oracle", "question": "Is the Crows boss in a good mood?",
                                  "likelihood": "likely"}
    s.handle("ask Is anyone following?")
    assert s.journal.events[-1]["likelihood"] == "even"
    s.handle("event")
    s.handle("meaning")
    play(s, ["1", "1", "1"])
    s.handle("ask Does the fence talk? very_unlikely")
    first = lines_of(s)
    s.close()
    again = Session.resume(save)
    try:
        assert lines_of(again) == first
        oracle = [e for e in again.journal.events if e["event"].startswith("oracle")]
        assert [e["event"] for e in oracle][:4] == ["oracle", "oracle", "oracle_event", "oracle_meaning"]
    finally:
        again.close()


def test_a_new_scene_gets_a_scene_check_and_tension_moves_are_journaled(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        play(s, ["1"] * 400)
        checks = [e for e in s.journal.events if e["event"] == "scene_check"]
        assert checks and {e["result"] for e in checks} <= {"expected", "altered", "interrupted"}
        assert checks[0]["scene"] == "Score 1: free play"
        moves = [e for e in s.journal.events if e["event"] == "oracle_tension"]
        assert moves
        level = 5
        for e in moves:  # each move starts where the last ended, within 1..9
            assert e["before"] == level and 1 <= e["after"] <= 9 and e["reason"]
            level = e["after"]
        assert s.tension == level
    finally:
        s.close()


def test_the_oracle_draws_from_its_own_stream_so_asking_leaves_the_dice_alone(tmp_path):
    quiet = Session.new(STARTER, tmp_path / "a.save", seats="pc1", scores=1)
    play(quiet, ["1"] * 30)
    asked = Session.new(STARTER, tmp_path / "b.save", seats="pc1", scores=1)
    asked.handle("ask Will it rain?")
    play(asked, ["1"] * 30)
    rolls = [[e["faces"] for e in s.journal.events if e["event"] == "action_roll"] for s in (quiet, asked)]
    assert rolls[0] == rolls[1] and rolls[0]
    quiet.close()
    asked.close()


def test_play_keeps_the_threads_and_npcs_the_oracle_draws_on(save):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        _to(s, "action")
        start = next(e for e in s.journal.events if e["event"] == "score_start")
        assert any(t.startswith("Score: ") for t in s.threads)
        assert s.npcs == []  # people only (issue 30): the target's faction is in `factions`, not an NPC
        play(s, ["1"] * 400)
        assert not any(t.startswith("Score: ") for t in s.threads)  # the score is over: its thread closed
        assert start["faction"]
    finally:
        s.close()


def test_continue_with_another_engine_warns_and_replays_every_step(save, monkeypatch):
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    play(s, ["1", "1"])
    first = lines_of(s)
    s.close()
    from sim.solo import save as save_module

    monkeypatch.setattr(save_module, "engine_info", lambda: {"version": "9.9.9", "fingerprint": "elsewhere"})
    again = Session.resume(save)
    try:
        assert any("the engine changed" in w for w in again.warnings)
        assert again.diverged is None and lines_of(again) == first
    finally:
        again.close()


def test_tension_and_scene_checks_carry_their_meaning_in_no_language(tmp_path):
    """oracle_tension's moves and scene_check's opened_by are the same events in every language (the text fields
    reason/reasons/scene are the play's words); each names an event of the journal by its seq."""
    seen = {}
    for lang in ("en", "zh-Hant"):
        s = Session.new(STARTER, tmp_path / f"{lang}.save", seats="pc1", scores=1, lang=lang)
        try:
            play(s, ["1"] * 150)
            events = s.journal.events
        finally:
            s.close()
        by_seq = {e["seq"]: e for e in events}
        moves = [m for e in events if e["event"] == "oracle_tension" for m in e["moves"]]
        opened = [e["opened_by"] for e in events if e["event"] == "scene_check"]
        assert moves and opened
        for m in moves:
            assert by_seq[m["seq"]]["event"] == m["event"] and m["delta"] != 0
        for o in opened:
            assert by_seq[o["seq"]]["event"] == o["event"]
        seen[lang] = (moves, opened)
    assert seen["en"] == seen["zh-Hant"]


def test_help_and_completion_offer_only_the_views_the_system_has(save, tmp_path):
    """A Blades session offers crew and factions; a Fate one (views sheet, clocks, scene) leaves them out of help
    and completion, and its sheet help speaks of characters, not scoundrels."""
    blades = Session.new(STARTER, save, seats="pc1", scores=1)
    try:
        assert {"crew", "factions"} <= set(blades.offered()) and blades.completions("fa") == ["factions"]
    finally:
        blades.close()
    fate = Session.new(ROOT / "scenarios" / "fate_docks.yaml", tmp_path / "fate.save", seats="pc1")
    try:
        text = "\n".join(fate.handle("help").text)
        assert "crew:" not in text and "factions:" not in text and "clocks:" in text and "sheet [PC]" in text
        assert "characters' sheets" in text and "scoundrel" not in text
        assert fate.completions("fa") == [] and fate.completions("cr") == [] and fate.completions("cl") == ["clocks", "clock"]
    finally:
        fate.close()


def test_a_save_travels_its_scenario_moved_deleted_or_edited_changes_nothing(tmp_path):
    """Issue 30, saves that travel: the save carries its scenario, so a save moved to another folder with its
    scenario deleted continues and exports, and an edit to the file in place is not played unless asked for."""
    from sim.solo.session import replay_save

    home = tmp_path / "home"
    home.mkdir()
    scenario = home / "mine.yaml"
    scenario.write_text(STARTER.read_text(encoding="utf-8"), encoding="utf-8")
    s = Session.new(scenario, home / "crew.save", seats="pc1", scores=1)
    play(s, ["1", "1", "1"])
    journal = lines_of(s)
    s.close()
    scenario.write_text(STARTER.read_text(encoding="utf-8").replace("name: The Lanterns", "name: The Wicks"),
                        encoding="utf-8")
    edited = Session.resume(home / "crew.save", on_diverge="stop")  # the edit is not the save's scenario
    try:
        assert lines_of(edited) == journal and not edited.diverged
    finally:
        edited.close()
    moved = tmp_path / "elsewhere" / "crew.save"
    moved.parent.mkdir()
    (home / "crew.save").rename(moved)
    scenario.unlink()
    again = Session.resume(moved, on_diverge="stop")
    try:
        assert lines_of(again) == journal and again.pending is not None
        again.handle("1")
    finally:
        again.close()
    story = replay_save(moved, markdown=True)
    assert story.startswith("---") and "The Lanterns" in story
