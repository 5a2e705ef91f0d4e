"""Words an adventure's author writes in several languages (sim.fate.scenario, ``Content.authored``).

A Fate scenario may write a PC's aspects, a scene's aspects, zones, challenge tasks and a contest's threat as
``{en: ..., zh-Hant: ..., zh-Hans: ...}`` (and content/fate/npcs.yaml an NPC's aspects). The engine and the
journal keep the English, so the journal of a translated adventure is byte-identical to the same adventure
written in English only; a reader in another language sees the author's words in the narration, the solo views
(scene, sheet, clocks), the decisions' labels and the Markdown export.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from sim.agents.base import Decision
from sim.agents.briefing import brief
from sim.agents.catalogue import label, prompt
from sim.cli import main
from sim.fate.adventure import play_adventure
from sim.fate.views.narrate import narrate
from sim.fate.scenario import load
from sim.fate.views.solo import FateSolo, markdown_sheets
from sim.fate.tables import translations, words
from sim.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = [ROOT / "scenarios" / "fate_docks.yaml", ROOT / "scenarios" / "fate_cult.yaml"]
LATIN = re.compile(r"[A-Za-z]{3,}")


def english_only(data):
    """The scenario with every ``{en: ...}`` text replaced by its English (what the engine reads)."""
    if isinstance(data, dict):
        if "en" in data and set(data) <= {"en", "zh-Hant", "zh-Hans"}:
            return data["en"]
        return {k: english_only(v) for k, v in data.items()}
    if isinstance(data, list):
        return [english_only(v) for v in data]
    return data


def journal_text(scenario, seed: int) -> str:
    journal = Journal()
    play_adventure(scenario, seed, journal=journal)
    return "\n".join(json.dumps(e, sort_keys=True, ensure_ascii=False) for e in journal.events)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_journal_of_a_translated_adventure_is_the_english_ones_byte_for_byte(path, tmp_path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    plain = english_only(data)
    for mine, theirs in zip(plain["scenes"], data["scenes"]):
        mine["name"] = theirs["name"]  # a scene's name was words for people before; its journal event keeps them all
    assert plain != data  # the bundled adventure is translated
    copy = tmp_path / path.name
    copy.write_text(yaml.safe_dump(plain, allow_unicode=True, sort_keys=False), encoding="utf-8")
    translated, english = load(path), load(copy)
    assert translated.pcs == english.pcs
    assert [p.aspects for p in translated.pcs] == [p.aspects for p in english.pcs]
    assert [(s.aspects, s.zones, s.tasks, s.threat) for s in translated.scenes] == \
        [(s.aspects, s.zones, s.tasks, s.threat) for s in english.scenes]
    assert english.content.authored == {}
    for seed in (1, 7):
        assert journal_text(translated, seed) == journal_text(english, seed)


def test_the_loader_keeps_the_english_and_gathers_the_other_languages():
    docks = load(SCENARIOS[0])
    assert docks.pcs[0].aspects[:3] == ("Ex-Navy Brawler", "Owes Mara Vell Everything", "Bo Saved My Life Once")
    ambush = docks.scene("ambush")
    assert ambush.zones == ("pier", "warehouse", "roof") and ambush.aspects[1] == ("Stacked Crates", "warehouse")
    assert docks.scene("warehouse").tasks[0] == ("Spot the lookout", "Notice", 3)
    assert docks.scene("getaway").threat == ("Collapsing Pier", 2, "physical")
    authored = docks.content.authored
    assert authored["Thick Fog"] == {"zh-Hant": "濃霧", "zh-Hans": "浓雾"}
    assert authored["warehouse"]["zh-Hans"] == "仓库"
    assert authored["Collapsing Pier"]["zh-Hant"] == "崩塌的碼頭"
    assert words(docks.content, "zh-Hans")["Spot the lookout"] == "发现望风的人"
    assert "Thick Fog" not in words(None, "zh-Hans")  # the project's own content knows nothing of the adventure


def test_npc_aspects_of_the_content_tables_are_translated_and_kept_in_english():
    assert words(None, "zh-Hant")["Hired Muscle"] == "受僱打手"
    assert translations(None)["Never Forgets a Debt"]["zh-Hans"] == "有债必讨"
    from sim.fate.adventure import make_npcs
    from sim.options import RuleOptions

    docks = load(SCENARIOS[0])
    foes = make_npcs(docks.scene("reckoning"), docks.content, RuleOptions({}))
    assert foes[0][0].aspects == ("Queen of the Night Docks", "Never Forgets a Debt")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_chinese_account_shows_no_english_the_author_translated(path, lang):
    scenario = load(path)
    pcs = {pc.name for pc in scenario.pcs}
    for seed in (1, 7, 11):
        journal = Journal()
        play_adventure(scenario, seed, journal=journal)
        text = "\n".join(narrate(journal.events, scenario.content, lang))
        for english in scenario.content.authored:
            if len(english) > 4:  # zone ids such as "pier" could be part of a longer word
                assert english not in text, (seed, english)
        left = {w for w in LATIN.findall(text)} - {part for name in pcs for part in re.split(r"[ .]", name)}
        assert left <= {"fate", "docks", "cult", "Dr"}, (seed, sorted(left)[:10])


@pytest.fixture(scope="module")
def docks():
    """fate_docks played with seed 7 (its scenes: warehouse, getaway, reckoning), and where the reckoning starts."""
    scenario = load(SCENARIOS[0])
    journal = Journal()
    play_adventure(scenario, 7, journal=journal)
    events = journal.events
    fight = next(i for i, e in enumerate(events) if e["event"] == "scene_start" and e["scene"] == "reckoning")
    return scenario, events, fight


def test_solo_views_show_the_authors_words_and_keep_english_data(docks):
    scenario, events, fight = docks
    views = FateSolo(scenario.content, "zh-Hans", scenario)
    lines, data = views.scene_view(events[:fight + 40])
    text = "\n".join(lines)
    assert "“满地账本”" in text and "“油滑的鹅卵石”" in text and "@ 院子" in text and "玛拉·维尔" in text
    assert "Ledgers Everywhere" in data["aspects"] and data["labels"]["Ledgers Everywhere"] == "满地账本"  # data: English
    assert data["labels"]["yard"] == "院子" and data["positions"]["Mara Vell"] == "office"
    lines, data = views.sheet(events[:fight])
    assert "退役海军打手" in lines[1] and data["pcs"]["pc1"]["aspects"][0] == "Ex-Navy Brawler"
    assert data["pcs"]["pc1"]["aspect_labels"][0] == "退役海军打手"
    first_task = next(i for i, e in enumerate(events) if e["event"] == "challenge_start")
    lines, data = views.clocks(events[:first_task + 1])
    assert data["clocks"][0]["name"] == "Spot the lookout" and data["clocks"][0]["label"] == "发现望风的人"
    assert lines[0].startswith("发现望风的人")
    english = FateSolo(scenario.content, "en", scenario)
    assert english.clocks(events[:first_task + 1])[0][0].startswith("Spot the lookout")
    md = "\n".join(markdown_sheets(events, scenario, "zh-Hant"))
    assert "退役海軍打手" in md and "Ex-Navy Brawler" not in md


def test_a_persons_decision_labels_use_the_briefings_words():
    scenario = load(SCENARIOS[0])
    context = {"words": translations(scenario.content), "names": {"npc1": "Dock Thug 2", "pc1": "Ana Reyes"}}
    assert label("fate_invoke", ("paid", "Thick Fog", "bonus"), "zh-Hans", context).startswith("花 1 命运点援引「浓雾」")
    assert label("fate_invoke", ("free", "Glancing Blow (Dock Thug 2)", "reroll"), "zh-Hant", context) == \
        "免費援引「擦身一擊（碼頭打手 2）」：重擲四顆骰"
    assert "码头打手 2" in label("fate_action", ("attack", "npc1", "Fight"), "zh-Hans", context)
    assert "仓库" in label("fate_action", ("overcome_move", "warehouse", "Athletics"), "zh-Hans", context)
    assert label("fate_action", ("attack", "npc1", "Fight"), "en", context) == "attack Dock Thug 2 with Fight"
    assert "「手癢貪心」" in prompt("fate_compel", "zh-Hant", {**context, "actor": "pc1", "aspect": "Greedy Fingers",
                                                                "fate_points": 2})


def test_BRIEFING_a_person_is_briefed_with_the_words_of_the_scene_and_of_the_adventure():
    from sim.agents.seats import Seats
    from sim.fate.adventure import Adventure

    scenario = load(SCENARIOS[0])
    adv = Adventure(scenario, 7, Journal(), Seats({}, 7))
    got = brief(adv, Decision("fate_compel", "pc1", (False, True), {"actor": "pc1", "aspect": "Greedy Fingers"}))
    assert got["words"]["Greedy Fingers"] == {"zh-Hant": "手癢貪心", "zh-Hans": "手痒贪心"}
    assert got["words"]["Dock Thug"]["zh-Hans"] == "码头打手"
    json.dumps(got)  # plain JSON, as every briefing


def test_a_solo_session_in_chinese_names_the_authors_aspects(tmp_path, capsys):
    script = tmp_path / "script.txt"
    script.write_text("scene\nsheet\nclocks\nquit\n", encoding="utf-8")
    code = main(["solo", "new", str(SCENARIOS[0]), "--save", str(tmp_path / "s.save"), "--lang", "zh-Hans",
                 "--script", str(script)])
    out = capsys.readouterr().out
    assert code == 0
    assert "“水面飘来的雾”" in out and "“巡逻的狗”" in out      # the first scene's aspects
    assert "退役海军打手 / 欠玛拉·维尔一切" in out                # a sheet
    assert "「手痒贪心」" in out                                   # the GM's compel, asked of the person


def validate_changed(tmp_path, capsys, change) -> tuple[int, str]:
    """``sim validate`` of fate_docks changed by ``change(data)`` in a copy named bad.yaml: (exit status, output)."""
    data = yaml.safe_load(SCENARIOS[0].read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    code = main(["validate", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("bad, where, says", [
    ({"zh-Hans": "浓雾"}, "pcs[0].aspects.high_concept", "needs an 'en' entry"),
    ({"en": "Fog", "fr": "Brouillard"}, "pcs[0].aspects.high_concept.fr", "unknown language"),
])
def test_a_translated_text_without_english_or_in_an_unknown_language_is_named_by_file_line_and_field(
        bad, where, says, tmp_path, capsys):
    code, text = validate_changed(tmp_path, capsys, lambda data: data["pcs"][0]["aspects"].update(high_concept=bad))
    assert code == 1
    line = next(ln for ln in text.splitlines() if where in ln)
    assert re.search(r"bad\.yaml:\d+", line) and says in line


def test_the_terminal_panels_show_the_labels_the_views_give(docks):
    from rich.console import Console

    from sim.solo.views import clocks, fate_sheet, scene

    scenario, events, fight = docks
    views = FateSolo(scenario.content, "zh-Hant", scenario)
    console = Console(record=True, width=140, color_system=None)
    console.print(scene({"state": views.scene_view(events[:fight + 40])[1]}, "zh-Hant"))
    console.print(fate_sheet(views.sheet(events[:fight])[1], "zh-Hant"))
    first_task = next(i for i, e in enumerate(events) if e["event"] == "challenge_start")
    console.print(clocks(views.clocks(events[:first_task + 1])[1], "zh-Hant"))
    shown = console.export_text()
    for words_of in ("滿地帳本", "油滑的鵝卵石", "院子", "瑪拉·維爾", "退役海軍打手", "發現望風的人"):
        assert words_of in shown, words_of
    for english in ("Ledgers Everywhere", "Ex-Navy Brawler", "Spot the lookout", "yard", "Notice"):
        assert english not in shown, english


def test_a_blades_scores_fate_scene_briefs_a_person_with_its_obstacles_words():
    from sim.blades.score.fate_scenes import obstacle_words
    from sim.content.loader import load_content
    from sim.fate.characters.character import make_character
    from sim.fate.scenes.scene import Scene
    from sim.rng import make_rng

    content = load_content()
    assert obstacle_words(content, ["Skiff crew", "Nobody here"]) == {
        "Skiff crew": {"zh-Hant": "小艇船員", "zh-Hans": "小艇船员"}}
    chars = [make_character("pc1", {"Fight": 2}, name="Ana"), make_character("npc1", {"Fight": 1}, kind="minor",
                                                                               name="Skiff crew")]
    scene = Scene(make_rng(1), chars, {"pc1": "crew", "npc1": "opposition"},
                  host_words=lambda: obstacle_words(content, ["Skiff crew"]))
    d = Decision("fate_action", "pc1", (("attack", "npc1", "Fight"),), {"actor": "pc1"})
    context = {**d.context, **brief(scene, d)}
    assert label("fate_action", ("attack", "npc1", "Fight"), "zh-Hans", context) == "用战斗攻击小艇船员"
    plain = Scene(make_rng(1), chars, {"pc1": "crew", "npc1": "opposition"})
    assert "Skiff crew" not in brief(plain, d).get("words", {})


@pytest.mark.parametrize("zones, says", [
    ([["pier"], "warehouse", "roof"], "must be text"),
    ([3, "warehouse", "roof"], "must be text"),
    (["pier", "warehouse", {"en": "pier", "zh-Hans": "码头"}, "roof"], "duplicate zone 'pier'"),
])
def test_a_zone_that_is_not_text_or_repeats_a_translated_one_is_one_line_each(zones, says, tmp_path, capsys):
    code, text = validate_changed(tmp_path, capsys, lambda data: data["scenes"][2]["zones"].update(zones=zones))
    assert code == 1 and "Traceback" not in text
    assert any("scenes[2].zones.zones[" in ln and says in ln for ln in text.splitlines())
