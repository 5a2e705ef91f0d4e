"""Solo views read as a player would write them (issue 30): clocks once each, current and named; the NPC list holds
people; undo and divergences name the character and the decision; a command given words it does not understand says
so; ``clocks add NAME SIZE`` makes a clock of the player's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.solo.commands import TAKES_NOTHING, kind_word
from sim.solo.session import Session

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\bpc\d+[:.]|\b[a-z_]+\.[a-z_]+\b")


def _answer(s: Session, prefer: dict[str, str]) -> str:
    """The number of the option ``prefer[kind]`` names (an option id, or ``last``), else 1."""
    p = s.pending
    want = prefer.get(p.kind) if p is not None else None
    if want == "last":
        return str(len(p.values))
    if want is not None and want in p.values:
        return str(p.values.index(want) + 1)
    return "1"


def play_projects(tmp_path: Path, lang: str, project: str, limit: int = 700) -> Session:
    """A starter session in which pc1 works a long-term project in every downtime it can (``project``: an option
    of the ``project`` decision, or ``last``: a scoundrel's own, inventing a formula)."""
    s = Session.new(SCENARIOS / "starter.yaml", tmp_path / f"{lang}.save", seats="pc1", lang=lang)
    prefer = {"activity": "long_term_project", "project": project}
    for _ in range(limit):
        if s.done:
            break
        s.handle(_answer(s, prefer))
        if any(e["event"] == "clock" and e.get("kind") == "project" and e.get("after", 0) >= 3
               for e in s.journal.events[-60:]):
            break
    return s


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_BITD_DOWNTIME_LTP_1_a_scoundrels_project_clock_shows_once_current_and_named(tmp_path, lang):
    """Issue 30: a scoundrel's own project appeared twice (the score's live list and the sheet) under its id
    (``pc1:invent_dread_tonic``); it shows once, as it stands, as "Alisha Mccarty's long-term project: invent ..."
    in the play's language, and the view data keeps the id in ``id``."""
    from sim.i18n import t

    s = play_projects(tmp_path, lang, "last")
    try:
        lines, data = s.views.clocks(s.journal.events)
        projects = [c for c in data["clocks"] if c["kind"] == "project"]
        assert projects, "no project clock in the session"
        ids = [c["id"] for c in data["clocks"]]
        assert len(ids) == len(set(ids))  # each clock once
        names = s.views.characters(s.journal.events)
        for c in projects:
            pc, _, project = c["id"].partition(":")
            assert pc in names and project.startswith("invent_")
            assert c["label"].startswith(t("solo.clocks.own_project", lang, pc=names[pc], project="")[:4])
            assert names[pc] in c["label"] and c["id"] not in c["label"]
            last = [e for e in s.journal.events if e["event"] == "clock" and e["id"] == c["id"]][-1]
            assert c["filled"] == last["after"]  # current
        for line in lines:
            assert not ID.search(line), line
        assert sum(names[projects[0]["id"].partition(":")[0]] in line and f"{projects[0]['filled']}/" in line
                   for line in lines) == 1
    finally:
        s.close()


def test_BITD_DOWNTIME_LTP_1_the_crews_turf_project_is_one_current_clock_not_a_stale_turf_beside_it(tmp_path):
    """Issue 30: ``turf 0/8`` (the new_clock event's bare id, never ticked) stood beside ``crew.turf 4/8``."""
    s = play_projects(tmp_path, "en", "turf")
    try:
        lines, data = s.views.clocks(s.journal.events)
        turf = [c for c in data["clocks"] if c["id"].endswith("turf")]
        assert [c["id"] for c in turf] == ["crew.turf"]
        ticks = [e for e in s.journal.events if e["event"] == "clock" and e["id"] == "crew.turf"]
        assert ticks and turf[0]["filled"] == ticks[-1]["after"] > 0
        assert [ln for ln in lines if "turf" in ln] == [
            f"The crew's long-term project: take a new turf: {_bar(turf[0])} {turf[0]['filled']}/8"]
    finally:
        s.close()


def _bar(c: dict) -> str:
    return "[" + "#" * c["filled"] + "." * (c["size"] - c["filled"]) + "]"


def test_score_and_bargain_clocks_are_named_in_the_plays_language(tmp_path):
    """``favor_owed``, ``evidence``, ``Claim holders``: a score's clocks by their words in zh, never their ids."""
    from sim.blades.views.solo import BladesSolo
    from sim.content import load_content

    v = BladesSolo(load_content(), "zh-Hant")
    events = [{"event": "campaign_start", "pcs": [{"id": "pc1", "name": "Ada"}], "seq": 1},
              {"event": "new_clock", "id": "favor_owed", "kind": "danger", "size": 4, "owner": "score", "seq": 2},
              {"event": "new_clock", "id": "evidence", "kind": "danger", "size": 4, "owner": "score", "seq": 3},
              {"event": "new_clock", "id": "Claim holders", "kind": "obstacle", "size": 8, "owner": "score", "seq": 4},
              {"event": "clock", "id": "evidence", "kind": "danger", "size": 4, "after": 2, "seq": 5}]
    v._fold = lambda events: {"clocks": {"Lampblacks.patience": {"kind": "danger", "filled": 1, "size": 4}}}
    lines, data = v.clocks(events)
    assert lines == ["欠下的人情（危險鐘）：[....] 0/4", "證據（危險鐘）：[##..] 2/4", "權利的持有者（阻礙鐘）：[........] 0/8",
                     "Lampblacks的耐心（危險鐘）：[#...] 1/4"]
    assert [c["id"] for c in data["clocks"]] == ["favor_owed", "evidence", "Claim holders", "Lampblacks.patience"]


@pytest.mark.parametrize("scenario", ["starter", "fate_docks", "mist_harbor"])
def test_the_npc_list_holds_people_not_factions_or_threats(tmp_path, scenario):
    """Issue 30: the NPC list held every faction a Blades score touched and every mist threat; it holds people
    (a Fate scene's major NPCs, named), and the factions stay in ``factions``."""
    s = Session.new(SCENARIOS / f"{scenario}.yaml", tmp_path / "s.save", seats="pc1")
    try:
        for _ in range(250):
            if s.done:
                break
            s.handle("1")
        if scenario == "starter":
            factions = {f["name"] for f in s.views.factions(s.journal.events)[1]["factions"]}
            assert factions and not set(s.npcs) & factions and s.npcs == []
        elif scenario == "fate_docks":
            met = {n for e in s.journal.events if e["event"] == "scene_start" for n in (e.get("opposition") or {}).values()}
            assert {"Dock Thug", "Mara Vell"} <= met | {"Dock Thug"}
            assert s.npcs and set(s.npcs) <= {"Mara Vell", "Inspector Dray", "The Hollow Voice"}
        else:
            assert any(e["event"] == "scene_start" and e.get("threats") for e in s.journal.events)
            assert s.npcs == []
        s.handle("npcs add Mother Vane")
        assert "Mother Vane" in s.npcs
    finally:
        s.close()


def test_an_older_save_keeps_the_npcs_it_was_played_with(tmp_path):
    """A save before words 3 listed factions as NPCs (random events drew on them): it replays with that list."""
    s = Session.new(SCENARIOS / "starter.yaml", tmp_path / "s.save", seats="pc1", scores=1)
    try:
        s.views.words = 2
        for _ in range(40):
            s.handle("1")
        names = {e.get("faction") for e in s.journal.events if e["event"] == "score_start"}
        assert names and s.views.npcs({"event": "score_start", "faction": "lampblacks"}) == [("add", "The Lampblacks")]
    finally:
        s.close()


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_undo_names_the_character_and_the_decision(tmp_path, lang):
    """Issue 30: ``undone: step 3 (pc1's crew_action_dot)``; now the character's name and the decision's words."""
    s = Session.new(SCENARIOS / "starter.yaml", tmp_path / "s.save", seats="pc1", scores=1, lang=lang)
    try:
        kind = s.pending.kind
        name = s.views.characters(s.journal.events)[s.pending.seat]
        s.handle("1")
        line = s.handle("undo").text[0]
        assert name in line and kind_word(kind, lang) in line and "pc1" not in line and kind not in line
    finally:
        s.close()


def test_every_decision_kind_has_words_for_the_toolbar_in_every_language():
    from sim.agents import catalogue
    from sim.i18n import has

    for kind in catalogue.kinds():
        for lang in ("en", "zh-Hant", "zh-Hans"):
            words = kind_word(kind, lang)
            assert "_" not in words and (words != kind or "_" not in kind), (kind, lang)
            if lang != "en":
                assert not re.search(r"[A-Za-z]{3,}", words.replace("Rook", "")), (kind, lang, words)
        assert has(f"decision.{kind}.name")
    assert kind_word("no_such_kind", "en") == "decision"


def test_clocks_add_makes_a_clock_of_the_players_own(tmp_path):
    """Issue 30: ``clocks add Gang war 6`` silently just listed; it makes the clock, journaled and listed."""
    s = Session.new(SCENARIOS / "starter.yaml", tmp_path / "s.save", seats="pc1", scores=1)
    try:
        reply = s.handle("clocks add Gang war 6")
        assert s.player_clocks["Gang war"] == {"filled": 0, "size": 6}
        assert any(e["event"] == "player_clock" or "Gang war" in str(e) for e in reply.events)
        s.handle("clock tick Gang war 2")
        shown = s.handle("clocks")
        assert "  Gang war 2/6" in shown.text
        assert {"name": "Gang war", "filled": 2, "size": 6} in shown.views[0][1]["own"]
        assert s.handle("clocks add Gang war").text[0].startswith("?")  # no size: the usage, not a list
    finally:
        s.close()


@pytest.mark.parametrize("command", TAKES_NOTHING + ("odds",))
def test_a_command_given_words_it_does_not_understand_says_so(tmp_path, command):
    s = Session.new(SCENARIOS / "starter.yaml", tmp_path / "s.save", seats="pc1", scores=1)
    try:
        before = len(s.save.entries)
        reply = s.handle(f"{command} whatever this is")
        assert len(reply.text) == 1 and reply.text[0].startswith("?") and "whatever this is" in reply.text[0]
        assert not reply.done and not s.done and len(s.save.entries) == before
    finally:
        s.close()


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("scenario", ["starter", "fate_docks", "mist_harbor"])
def test_zh_sheets_hold_no_english_or_doubled_words(tmp_path, scenario, lang):
    """Issue 30: ``中度傷害: social serious harm``, ``層級 0（凝聚弱凝聚）``. The sheets (text, the terminal's tables and
    the story's final sheets) in zh hold no English word that is not a name, and no word twice in a row."""
    import io

    from rich.console import Console

    from sim.solo import views
    from sim.solo.export import system_sheets

    s = Session.new(SCENARIOS / f"{scenario}.yaml", tmp_path / "s.save", seats="pc1", lang=lang)
    try:
        for _ in range(220):
            if s.done:
                break
            s.handle("1")
        texts: list[str] = []
        for command in [c for c in ("sheet", "crew", "clocks") if c in s.views.views]:
            reply = s.handle(command)
            texts += reply.text
            console = Console(file=io.StringIO(), width=200)
            for shown in views.render_all(reply.views, lang):
                console.print(shown)
            texts += console.file.getvalue().splitlines()
        texts += system_sheets(s.system.name, s.journal.events, s.scenario.content, lang, s.scenario)
        harmed = [e for e in s.journal.events if e["event"] == "harm"]
        names = set(re.findall(r"[A-Za-z]+", " ".join(s.views.characters(s.journal.events).values())))
        crew = [e.get("crew") for e in s.journal.events if e["event"] == "campaign_start"]
        names |= set(re.findall(r"[A-Za-z]+", " ".join(c for c in crew if isinstance(c, str))))
        english = sorted({(w, line) for line in texts for w in re.findall(r"[A-Za-z]{2,}", line)
                          if w not in names and not re.fullmatch(r"pc\d*|x+", w)})
        assert english == [], english[:6]
        doubled = [line for line in texts if re.search(r"(凝聚|凝聚力)\S?\1|強凝聚凝聚|强凝聚凝聚", line)]
        assert doubled == []
        if scenario == "starter":
            assert harmed and any("傷害" in line or "伤害" in line for line in texts)
    finally:
        s.close()
