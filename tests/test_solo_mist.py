"""Mist in solo play (issue 11; sim.mist.views.solo): sheets folded from the journal agree with the campaign's own
final sheets, challenge statuses against their limits, a ``--script`` session through a whole chapter with its
views, the oracle, undo, continue, and the export's final sheets; the same script twice, the same journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.journal import Journal
from sim.mist.campaign import play_campaign
from sim.mist.scenario import load
from sim.mist.views.solo import MistSolo, fold_characters, scene_state

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "mist_harbor.yaml"


@pytest.fixture(scope="module")
def events():
    journal = Journal()
    play_campaign(load(SCENARIO), 12, journal=journal, scores=3)
    return journal.events


def test_MIST_ARC_GROW_2_the_fold_before_the_end_agrees_with_the_final_sheets(events):
    end = next(e for e in events if e["event"] == "campaign_end")
    folded = fold_characters([e for e in events if e["event"] != "campaign_end"])
    assert [e["event"] for e in events].count("theme_mark") > 0
    for final in end["characters"]:
        got = folded[final["id"]]
        assert got["statuses"] == final["statuses"], final["id"]
        assert got["evolution"] == final["evolution"]
        assert [t["kit"] for t in got["themes"]] == [t["kit"] for t in final["themes"]]
        for mine, theirs in zip(got["themes"], final["themes"]):
            assert (mine["grow"], mine["fade"], mine["growths"]) == (theirs["grow"], theirs["fade"], theirs["growths"])
            assert set(theirs["tags"]) <= set(mine["tags"]) | {mine["kit"]}


def test_MIST_CHALLENGE_1_statuses_climb_toward_the_challenges_limits(events):
    at = next(i for i, e in enumerate(events) if e["event"] == "challenge_overcome")
    state = scene_state(events[:at + 1])
    status = events[at]["status"]
    assert state["overcome"] == status
    assert state["statuses"][status] >= state["limits"][status] or events[at]["level"] >= state["limits"][status]


def test_tension_reads_failures_heists_and_overcome_challenges():
    views = MistSolo()
    assert views.tension({"event": "mist_roll", "purpose": "act", "result": "failure"})[0] > 0
    assert views.tension({"event": "mist_roll", "purpose": "act", "result": "success"}) is None
    assert views.tension({"event": "challenge_overcome"})[0] < 0
    assert views.tension({"event": "chapter_end", "heist_won": True})[0] < 0
    assert views.tension({"event": "chapter_end", "heist_won": False})[0] > 0


def test_tension_reasons_are_in_the_plays_language():
    """The oracle_tension reason is journaled in the play's language (sim.solo.session), as Blades' is."""
    moves = [{"event": "mist_roll", "purpose": "act", "result": "failure"},
             {"event": "mist_threat", "target": "pc1", "level": 2}, {"event": "challenge_overcome"},
             {"event": "chapter_end", "heist_won": True}, {"event": "chapter_end", "heist_won": False},
             {"event": "mist_status", "target": "pc2", "limit_reached": True}]
    english = [MistSolo(lang="en").tension(e)[1] for e in moves]
    assert english == ["a failed roll", "a hard threat", "a challenge overcome", "a heist won", "a heist lost",
                       "a character lost"]  # the words English journals always had
    assert [MistSolo(lang="zh-Hans").tension(e)[1] for e in moves] == [
        "一次失败的掷骰", "一次重大威胁", "克服了一项挑战", "大干一票成功", "大干一票失败", "失去一名角色"]
    assert all(not any(c.isascii() and c.isalpha() for c in MistSolo(lang="zh-Hant").tension(e)[1]) for e in moves)


def test_a_sheet_names_its_lingering_wounds_and_an_empty_challenge_view_is_in_the_plays_language():
    from sim.mist.views.solo import sheet_lines

    pc = {"name": "Lin", "status": "active", "evolution": 2, "statuses": {}, "themes": [],
          "wounds": ["fear_of_still_water", "haunted_nights"]}
    assert "畏惧静水, 夜夜被缠" in sheet_lines("pc1", pc, "zh-Hans")[0]  # the tags' names, not their ids
    assert "fear of still water, haunted nights" in sheet_lines("pc1", pc, "en")[0]
    assert MistSolo(lang="zh-Hant").clocks([])[0] == ["（沒有進行中的挑戰）"]
    assert MistSolo(lang="en").clocks([])[0] == ["(no challenge running)"]


def test_a_save_from_before_the_words_key_replays_with_its_english_reasons(tmp_path, monkeypatch):
    """A zh session saved before its header named ``words`` (sim.solo.kit.WORDS) journaled the mist reasons in
    English: it must continue without a divergence (its journal as it was); a new save words them in the play's
    language."""
    import sim.solo.session as solo_session
    from sim.solo.kit import WORDS
    from sim.solo.save import SaveFile
    from sim.solo.session import Session

    def reasons_of(session):
        return [r for e in session.journal.events if e["event"] == "oracle_tension" for r in e["reasons"]]

    def play_some(session):
        for _ in range(12):
            if not session.done:
                session.handle("1")

    new = Session.new(SCENARIO, tmp_path / "new.save", lang="zh-Hans")
    try:
        play_some(new)
        assert "克服了一项挑战" in reasons_of(new) and "a challenge overcome" not in reasons_of(new)
    finally:
        new.close()
    assert SaveFile.open(tmp_path / "new.save").header["words"] == WORDS == 3

    class Before(MistSolo):  # the engine before the key: the words of version 1, a header without it
        words = property(lambda self: 1, lambda self, value: None)

    create = SaveFile.create.__func__
    with monkeypatch.context() as m:
        m.setattr(solo_session, "make_views", lambda system, content, lang: Before(content, lang))
        m.setattr(SaveFile, "create", classmethod(
            lambda cls, path, header, **kw: create(cls, path, {k: v for k, v in header.items() if k != "words"},
                                                   **kw)))
        old = Session.new(SCENARIO, tmp_path / "old.save", lang="zh-Hans")
        try:
            play_some(old)
            assert "a challenge overcome" in reasons_of(old)
        finally:
            old.close()
    assert "words" not in SaveFile.open(tmp_path / "old.save").header
    resumed = Session.resume(tmp_path / "old.save", on_diverge="stop")  # a divergence would raise here
    try:
        assert resumed.diverged is None and resumed.views.words == 1
        assert "a challenge overcome" in reasons_of(resumed) and "克服了一项挑战" not in reasons_of(resumed)
    finally:
        resumed.close()


def test_a_lingering_wound_thread_is_named_in_the_newest_words_and_by_its_id_in_the_first():
    event = {"event": "theme_replaced", "wound": "fear_of_still_water"}
    views = MistSolo(lang="zh-Hans")
    assert list(views.threads(event)) == [("add", "隐痛: 畏惧静水")]
    views.words = 1  # a save from before the words key: the thread the oracle may have drawn, as it was
    assert list(views.threads(event)) == [("add", "隐痛: fear_of_still_water")]


def test_a_save_whose_words_this_sim_does_not_know_gets_one_line(tmp_path, capsys):
    from sim.solo.save import SaveFile

    saved = tmp_path / "s.save"
    header = {"scenario": SCENARIO.read_text(encoding="utf-8"), "scenario_path": str(SCENARIO), "seed": 12,
              "seats": ["pc1"], "lang": "en", "system": "mist", "words": 99}
    SaveFile.create(saved, header)
    assert main(["solo", "continue", str(saved)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "words is 99, not 1..3" in err


SCRIPT = ["sheet pc1", "ask Does the shrine keeper return? unlikely", "1", "scene", "clocks", "undo", "auto",
          "clocks", "auto score", "threads", "npcs", "quit"]


def run(argv, capsys) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def session(tmp_path: Path, capsys, name: str = "mist.save") -> tuple[Path, str]:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(SCRIPT) + "\n", encoding="utf-8")
    path = tmp_path / name
    code, out = run(["solo", "new", str(SCENARIO), "--save", str(path), "--seats", "pc1", "--lang", "en",
                     "--script", str(script)], capsys)
    assert code == 0
    return path, out


def test_a_script_plays_a_whole_chapter_with_views_oracle_undo_continue_and_export(tmp_path, capsys):
    path, out = session(tmp_path, capsys)
    assert "(pc1, still in play): evolution 0" in out and "Storm Blood (Gift): storm blood" in out
    assert "challenge: a Shrine at Dusk (montage, chapter 1)" in out and "limit: cursed 0/2, exposed 0/2" in out
    assert "a Shrine at Dusk: exposed: 0/2" in out
    assert "undone: step 1" in out
    events = [json.loads(line) for line in run(["solo", "export", str(path), "--json"], capsys)[1].splitlines()]
    assert any(e["event"] == "oracle" for e in events)
    assert any(e["event"] == "chapter_end" and e["chapter"] == 1 for e in events)
    more = tmp_path / "more.txt"
    more.write_text("scene\nsheet\nquit\n", encoding="utf-8")
    code, out = run(["solo", "continue", str(path), "--script", str(more)], capsys)
    assert code == 0 and "(pc2, still in play)" in out and "the Smuggler Fleet (heist, chapter 1)" in out
    code, md = run(["solo", "export", str(path), "--md"], capsys)
    sheets = md.split("\n## ")[-1]
    assert code == 0 and sheets.count("\n### ") == 3 and "Storm Blood (Gift)" in sheets


def test_the_same_script_twice_exports_the_same_journal(tmp_path, capsys):
    first, _ = session(tmp_path, capsys, "a.save")
    second, _ = session(tmp_path, capsys, "b.save")
    a = run(["solo", "export", str(first), "--json"], capsys)[1]
    assert a and a == run(["solo", "export", str(second), "--json"], capsys)[1]


def test_the_terminal_renders_a_mist_sheet_with_themes_and_tracks(events):
    from rich.console import Console

    from sim.solo.views import render

    _, data = MistSolo(lang="en").sheet(events[:1], "pc1")
    console = Console(width=160, record=True, color_system=None)
    console.print(render("sheet", data, "en"))
    text = console.export_text()
    assert "Storm Blood (Gift)" in text and "storm blood" in text and "[□□□] 0/3" in text


def test_the_terminal_renders_a_mist_scene_with_statuses_against_limits(events):
    """The ``scene`` view of a mist challenge: its name, phase and chapter, each limit as a bar of the status
    toward it, story tags and threats."""
    from rich.console import Console

    from sim.solo.views import render

    at = next(i for i, e in enumerate(events) if e["event"] == "mist_status" and e.get("after")
              and e.get("target") == scene_state(events[:i + 1]).get("challenge"))
    _, state = MistSolo().scene_view(events[:at + 1])
    console = Console(width=120, record=True, color_system=None)
    console.print(render("scene", {"scene": "harbor", "tension": 4, "state": state}, "en"))
    text = console.export_text()
    assert "[■■■■□□□□□] 4/9" in text and "limit" in text and "story tag" in text and "threat" in text
    status = events[at]["name"]
    if status in state["limits"]:
        assert f"{int(events[at]['after'])}/{state['limits'][status]}" in text


def test_MIST_EFFECT_1_points_spent_toward_a_status_show_as_pending_until_they_land(events):
    """Between a ``status_up`` effect and the status it lands as (one ``mist_status`` when the spending ends), the
    scene shows the points as pending (``+N to land``); once landed, the status holds them and nothing is pending."""
    at = next(i for i, e in enumerate(events) if e["event"] == "mist_effect" and e.get("effect") == "status_up")
    spent = events[at]
    state = scene_state(events[:at + 1])
    assert state["pending"] == {spent["status"]: 1}
    lines, _ = MistSolo().scene_view(events[:at + 1])
    assert "(+1 to land)" in lines[1]
    landed = next(i for i in range(at, len(events)) if events[i]["event"] == "mist_status"
                  and events[i].get("target") == spent["target"] and events[i].get("name") == spent["status"])
    after = scene_state(events[:landed + 1])
    assert spent["status"] not in after["pending"] and after["statuses"][spent["status"]] >= 1


@pytest.mark.parametrize("seed", [12, 3, 5])
def test_MIST_TAG_3_a_burn_is_offered_at_the_power_the_roll_uses(seed, tmp_path):
    """Issue 30: the burn prompt showed power 4 where the roll used 3 (the MC's weakness came after the prompt;
    ``mist_harbor --seed 12``, answers 1, 2, 1). Now the weakness comes first: the power beside each burn choice is
    the power of the roll that follows (+2 for a burn: +3 in place of +1), and its odds are mist_odds'."""
    from sim.odds import mist_odds
    from sim.solo.session import Session

    s = Session.new(ROOT / "scenarios" / "mist_harbor.yaml", tmp_path / "m.save", seats="pc1", seed=seed, lang="en")
    checked = 0
    try:
        for step in range(200):
            if s.done or checked >= 3:
                break
            p = s.pending
            answer = "2" if p.kind == "mist_burn" and step % 2 and len(p.options) > 1 else "1"
            if p.kind == "mist_burn":
                chosen = p.options[int(answer) - 1]
                power = int(chosen.odds.split(":")[0].split()[-1])
                want = mist_odds(power)
                assert f"{float(want['success']):.1%}" in chosen.odds
            reply = s.handle(answer)
            if p.kind == "mist_burn":
                roll = [e for e in reply.events if e["event"] == "mist_roll"][0]
                assert roll["power"] == power and bool(roll["burned"]) == (answer == "2")
                checked += 1
    finally:
        s.close()
    assert checked
