"""Fate in solo play (issue 11; sim.fate.views.solo): sheets folded from the journal agree with the live adventure,
a ``--script`` session through a whole scene with its views, the oracle, undo, continue, and the export's
final sheets; the same script twice gives the same journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.fate.adventure import play_adventure
from sim.fate.scenario import load
from sim.fate.views.solo import FateSolo, fold_characters, scene_state
from sim.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fate_docks.yaml"


@pytest.fixture(scope="module")
def played():
    scenario = load(SCENARIO)
    journal = Journal()
    adventure, _ = play_adventure(scenario, 7, journal=journal)
    return scenario, adventure, journal.events


def test_FATE_RECOVER_2_sheets_folded_from_the_journal_are_the_live_characters(played):
    scenario, adventure, events = played
    folded = fold_characters(scenario, events)
    assert set(folded) == set(adventure.pcs)
    for cid, live in adventure.pcs.items():
        got = folded[cid]
        assert got.fate_points == live.fate_points
        assert got.refresh == live.refresh
        assert dict(got.skills) == dict(live.skills)
        assert got.physical == live.physical and got.mental == live.mental
        assert [(s.name, s.aspect) for s in got.slots] == [(s.name, s.aspect) for s in live.slots]
        assert [s.name for s in got.stunts] == [s.name for s in live.stunts]


def test_fold_part_way_sees_stress_and_consequences_taken_in_the_conflict(played):
    scenario, _, events = played
    at = next(i for i, e in enumerate(events) if e["event"] == "fate_consequence" and e["actor"].startswith("pc"))
    e = events[at]
    folded = fold_characters(scenario, events[:at + 1])
    assert next(s.aspect for s in folded[e["actor"]].slots if s.name == e["slot"]) == e["aspect"]


def test_scene_state_tracks_zones_aspects_and_the_opposition(played):
    _, _, events = played
    start = max(i for i, e in enumerate(events) if e["event"] == "conflict_start")
    state = scene_state(events[:start + 1])
    assert state["kind"] == "conflict" and state["zones"] == ["office", "yard"]
    assert set(state["positions"].values()) <= {"office", "yard"} and state["positions"]
    assert "Mara Vell" in state["opposition"].values()
    assert "Ledgers Everywhere" in state["aspects"]


def test_tension_rises_when_a_pc_is_hurt_and_falls_when_a_scene_is_won():
    views = FateSolo()
    assert views.tension({"event": "taken_out", "actor": "pc1"})[0] > 0
    assert views.tension({"event": "taken_out", "actor": "npc1"})[0] < 0
    assert views.tension({"event": "fate_consequence", "actor": "pc2"})[0] > 0
    assert views.tension({"event": "concede", "actor": "pc2"})[0] > 0
    assert views.tension({"event": "scene_end", "result": "won"})[0] < 0
    assert views.tension({"event": "scene_end", "result": "lost"})[0] > 0
    assert views.tension({"event": "fate_roll", "actor": "pc1"}) is None


def test_an_empty_scene_progress_view_is_in_the_plays_language():
    assert FateSolo(lang="zh-Hans").clocks([])[0] == ["（没有进行中的挑战或竞争）"]
    assert FateSolo(lang="en").clocks([])[0] == ["(no challenge or contest running)"]


def test_the_engines_own_zone_reads_in_the_plays_language():
    events = [{"event": "scene_start", "name": "Docks", "kind": "challenge", "zones": ["here"], "seq": 1}]
    lines, _ = FateSolo(lang="zh-Hans").scene_view(events)
    assert any(line.endswith("：此处") or line.endswith(": 此处") for line in lines), lines


def test_tension_reasons_are_in_the_plays_language():
    moves = [{"event": "taken_out", "actor": "pc1"}, {"event": "taken_out", "actor": "npc1"},
             {"event": "fate_consequence", "actor": "pc2"}, {"event": "concede", "actor": "pc2"},
             {"event": "scene_end", "result": "won"}, {"event": "scene_end", "result": "lost"}]
    assert [FateSolo(lang="en").tension(e)[1] for e in moves] == [
        "a PC taken out", "an opponent taken out", "a consequence", "a concession", "a scene won", "a scene lost"]
    assert [FateSolo(lang="zh-Hant").tension(e)[1] for e in moves] == [
        "一名玩家角色被剔除", "一名對手被剔除", "一項後果", "一次讓步", "場景獲勝", "場景失利"]


SCRIPT = ["sheet", "scene", "clocks", "ask Is the warehouse guarded? likely", "auto", "sheet Ana Reyes", "undo",
          "auto score", "threads", "npcs", "note the crates are heavier than they look", "quit"]


def run(argv, capsys) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def session(tmp_path: Path, capsys, name: str = "fate.save") -> tuple[Path, str]:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(SCRIPT) + "\n", encoding="utf-8")
    path = tmp_path / name
    code, out = run(["solo", "new", str(SCENARIO), "--save", str(path), "--seats", "pc1", "--script", str(script)],
                    capsys)
    assert code == 0
    return path, out


def test_a_script_plays_a_whole_scene_with_views_oracle_undo_continue_and_export(tmp_path, capsys):
    path, out = session(tmp_path, capsys)
    assert "Ana Reyes (pc1): fate point" in out and "physical stress" in out
    assert "aspect “Fog Off the Water”" in out            # the scene's situation aspects
    assert "Pick the side door (Burglary): " in out         # the challenge's tasks as clocks
    assert "undone: step 1" in out
    assert "2. Scene: The Getaway" in out and "1. Inspector Dray" in out  # threads and NPCs kept up from play
    events = [json.loads(line) for line in run(["solo", "export", str(path), "--json"], capsys)[1].splitlines()]
    assert any(e["event"] == "oracle" and e["question"] == "Is the warehouse guarded?" for e in events)
    assert any(e["event"] == "scene_end" and e["scene"] == "warehouse" for e in events)
    more = tmp_path / "more.txt"
    more.write_text("scene\nclocks\nsheet pc2\nquit\n", encoding="utf-8")
    code, out = run(["solo", "continue", str(path), "--script", str(more)], capsys)
    assert code == 0 and "Bo Lindqvist (pc2)" in out and "scene: The Getaway (contest)" in out
    code, md = run(["solo", "export", str(path), "--md"], capsys)
    assert code == 0
    sheets = md[md.index("## "):].split("\n## ")[-1]
    for name in ("Ana Reyes (pc1)", "Bo Lindqvist (pc2)", "Cy Okafor (pc3)"):
        assert f"### {name}" in sheets
    assert "Ex-Navy Brawler" in sheets and "refresh" in sheets


def test_the_same_script_twice_exports_the_same_journal(tmp_path, capsys):
    first, _ = session(tmp_path, capsys, "a.save")
    second, _ = session(tmp_path, capsys, "b.save")
    a = run(["solo", "export", str(first), "--json"], capsys)[1]
    b = run(["solo", "export", str(second), "--json"], capsys)[1]
    assert a == b and a


def test_the_terminal_renders_a_fate_sheet_with_stress_boxes_and_the_ladder(played):
    from rich.console import Console

    from sim.solo.views import boxes, render

    scenario, _, events = played
    views = FateSolo(scenario=scenario)
    _, data = views.sheet(events, "pc2")
    console = Console(width=120, record=True, color_system=None)
    console.print(render("sheet", data, "en"))
    text = console.export_text()
    assert "Bo Lindqvist (pc2)" in text and "Great (+4)" in text and "Drive" in text
    assert "physical stress" in text and boxes([1, 0]) == "[■□]"


def test_FATE_FP_3_a_sheet_names_each_stunt_and_what_it_gives_in_the_readers_language(played):
    """The sheet's ``stunts`` stay ids (the JSON contract); ``stunt_labels`` and every view show the stunt's name,
    bonus, skill, action and circumstance from content/fate/stunts.yaml."""
    from rich.console import Console

    from sim.solo.views import render

    scenario, _, events = played
    _, data = FateSolo(scenario=scenario).sheet(events, "pc1")
    assert data["pcs"]["pc1"]["stunts"] == ["brawler"]
    assert data["pcs"]["pc1"]["stunt_labels"] == ["Brawler (+2 Fight, attack: when fighting more than one foe)"]
    lines, data_zh = FateSolo(scenario=scenario, lang="zh-Hant").sheet(events, "pc1")
    assert data_zh["pcs"]["pc1"]["stunt_labels"] == ["街頭鬥士 (+2 戰鬥, 攻擊: 同時對付多名敵人時)"]
    assert any("街頭鬥士" in line for line in lines) and not any("brawler" in line for line in lines)
    console = Console(width=120, record=True, color_system=None)
    console.print(render("sheet", data, "en"))
    assert "Brawler (+2 Fight, attack" in console.export_text()


def test_the_terminal_renders_a_fate_scene_with_zones_aspects_and_the_opposition(played):
    """The ``scene`` view in a panel: tension as a bar, the scene check, who stands in which zone, situation
    aspects with free invokes, and the opposition with the taken-out dimmed and struck through."""
    from rich.console import Console

    from sim.solo.views import render

    scenario, _, events = played
    start = max(i for i, e in enumerate(events) if e["event"] == "conflict_start")
    _, state = FateSolo(scenario=scenario).scene_view(events[:start + 1])
    data = {"scene": "The Ledger Office", "tension": 6, "check": {"result": "altered"}, "state": state}
    console = Console(width=120, record=True, color_system=None)
    console.print(render("scene", data, "en"))
    text = console.export_text()
    assert "The Ledger Office" in text and "[■■■■■■□□□] 6/9" in text and "scene check" in text
    assert "office:" in text and "yard:" in text and "“Ledgers Everywhere”" in text and "Mara Vell" in text
    for who, zone in state["positions"].items():
        assert any(f"{zone}:" in line and who in line for line in text.splitlines()), (who, zone)
    # the ended conflict: whoever the journal took out is struck through in the opposition's row
    _, ended = FateSolo(scenario=scenario).scene_view(events[:next(
        i for i in range(start, len(events)) if events[i]["event"] == "scene_end") + 1])
    styled = Console(width=120, record=True, color_system="truecolor")
    styled.print(render("scene", {"scene": "x", "tension": 5, "state": ended}, "en"))
    assert ended["out"] and "\x1b[2;9m" in styled.export_text(styles=True, clear=False)
    plain = styled.export_text()
    assert "taken out" in plain and all(who in plain for who in ended["out"])


def test_FATE_ADV_1_a_rewritten_stunt_folds_into_the_sheet_and_reads_in_the_journal(played):
    """A ``milestone`` event with ``choice: rewrite_stunt`` (``stunt`` the new id, ``replaced`` the old) turns the
    folded character's stunt into the new one in its place; the narrator names both in the reader's language."""
    from sim.fate.views.narrate import Narrator, _milestone

    scenario, _, events = played
    before = fold_characters(scenario, events)["pc1"]
    old = before.stunts[0].name
    event = {"event": "milestone", "seq": len(events), "actor": "pc1", "kind": "minor", "choice": "rewrite_stunt",
             "stunt": "ghost", "replaced": old}
    after = fold_characters(scenario, [*events, event])["pc1"]
    assert [s.name for s in after.stunts] == ["ghost", *[s.name for s in before.stunts[1:]]]
    assert after.refresh == before.refresh
    old_name = {"brawler": "Brawler", "getaway_driver": "Getaway Driver", "ghost": "Ghost"}.get(old, old)
    assert f"rewrite the stunt {old_name} into Ghost" in _milestone(Narrator(scenario.content, "en"), event)
    assert "改寫為「幽靈」" in _milestone(Narrator(scenario.content, "zh-Hant"), event)


def test_FATE_ASPECT_3_invoke_choices_show_what_each_makes_of_the_roll(tmp_path):
    """Issue 30: an invoke is no longer chosen blind. Not invoking shows the outcome the gap gives now; +2 the outcome
    two shifts up; a reroll the exact chance of each outcome, checked here against the 4dF distribution."""
    from fractions import Fraction

    from sim.dice import fate_outcome
    from sim.odds import fate_dice_distribution
    from sim.solo.session import Session

    def word(outcome: str) -> str:
        return "succeed with style" if outcome == "style" else outcome

    s = Session.new(ROOT / "scenarios" / "fate_docks.yaml", tmp_path / "f.save", seats="pc1", seed=1)  # a seed whose play offers a reroll
    seen = set()
    try:
        for _ in range(2000):
            if s.done or len(seen) == 3:
                break
            p = s.pending
            if p.kind == "fate_invoke":
                gap, faces = p.context["gap"], p.context["faces"]
                for choice, value in zip(p.options, p.values):
                    how, _, mode = value if isinstance(value, tuple) else ("pass", None, None)
                    if how == "pass":
                        assert choice.odds == f"{gap:+d}: {word(fate_outcome(gap))}"
                        seen.add("pass")
                    elif mode == "bonus":
                        assert choice.odds == f"+2 → {gap + 2:+d}: {word(fate_outcome(gap + 2))}"
                        seen.add("bonus")
                    else:
                        base = gap - sum(faces)
                        want = {}
                        for total, q in fate_dice_distribution(4).items():
                            want[fate_outcome(base + total)] = want.get(fate_outcome(base + total), Fraction(0)) + q
                        shown = dict(part.rsplit(" ", 1) for part in choice.odds.split(" · "))
                        assert {k: v for k, v in shown.items()} == {
                            ("succeed with style" if k == "style" else k): f"{float(v):.1%}" for k, v in want.items() if v}
                        seen.add("reroll")
            s.handle("2" if p.kind == "fate_invoke" and len(p.options) > 1 and "reroll" not in seen else "1")
    finally:
        s.close()
    assert seen == {"pass", "bonus", "reroll"}
