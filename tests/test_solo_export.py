"""The solo story export (sim.solo.export): Markdown headings, compact rolls parsed back against the events,
oracle lines, notes in place, final sheets from the journal, three languages, JSON Lines byte for byte.

The golden Markdown (``tests/golden/solo_starter_seed3.md``: the starter scenario, seed 3, two scores, with
hand-written notes and oracle questions) is regenerated like the golden journals::

    SIM_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_solo_export.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from sim.blades import run_campaign
from sim.blades.crew.sheet import fold_sheet
from sim.cli import main
from sim.content import load_content, load_scenario
from sim.i18n import LANGS, entry, t, term_keys
from sim.journal import Journal
from sim.solo.export import export_jsonl, export_markdown

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "starter.yaml"
GOLDEN = ROOT / "tests" / "golden" / "solo_starter_seed3.md"
SEED, SCORES = 3, 2
HEADER = {"scenario": SCENARIO.read_text(encoding="utf-8"), "scenario_hash": "0123456789abcdef", "seed": SEED,
          "seats": ["pc1", "pc2", "pc3", "pc4"], "lang": "en",
          "engine": {"version": "0.1.0", "fingerprint": "feedc0ffee" * 6 + "beef"}}
ORACLE_PLAIN = {"question": "Is the door guarded?", "likelihood": "likely", "tension": 5, "roll": [7],
                "answer": "yes_but", "random_event": None}
ORACLE_EVENT = {"question": "Does the preacher have friends here?", "likelihood": "even", "tension": 6,
                "roll": [11, 11], "answer": "no_and",
                "random_event": {"focus": "npc_acts", "action": "betray", "subject": "a secret", "thread": None,
                                 "npc": "Mirela"}}


def with_solo_events(events: list[dict], after: dict[int, list[tuple[str, dict]]]) -> list[dict]:
    """The campaign's events with solo events (name, fields) journaled after the given seqs, renumbered as
    one journal would number them."""
    out: list[dict] = []
    for e in events:
        out.append(dict(e))
        for name, fields in after.get(e["seq"], ()):
            out.append({**fields, "event": name, "phase": e["phase"]})
    for i, e in enumerate(out, start=1):
        e["seq"] = i
    return out


@pytest.fixture(scope="module")
def events() -> list[dict]:
    journal = Journal()
    run_campaign(load_scenario(SCENARIO), SEED, journal=journal, scores=SCORES)
    return journal.events


@pytest.fixture(scope="module")
def content():
    return load_content()


def first(events, name, n=0):
    return [e for e in events if e["event"] == name][n]


@pytest.fixture(scope="module")
def story(events):
    """The events of a solo session: two oracle questions, a note, a scene check, threads, a die roll."""
    roll = first(events, "action_roll", 1)["seq"]
    return with_solo_events(events, {
        first(events, "score_start")["seq"]: [("scene_check", {"scene": "score 1", "roll": 17, "result": "altered",
                                                               "tension": 5})],
        roll - 1: [("oracle", ORACLE_PLAIN)],
        roll: [("note", {"text": "Tracie swears the #2 stair creaks. [[check]]"}),
               ("oracle", ORACLE_EVENT), ("thread", {"op": "add", "text": "Who hired the preacher?"})],
        first(events, "payoff")["seq"]: [("solo_roll", {"expr": "2d6", "faces": [3, 4], "total": 7}),
                                         ("oracle_tension", {"before": 5, "after": 6, "reason": "harm",
                                                             "reasons": ["harm"]})],
    })


def markdown(story, content, lang="en", entries=()):
    return export_markdown({**HEADER, "lang": lang}, list(entries), story, content, lang)


ROLL = re.compile(r"^- (?P<pc>.+?) — d: (?P<action>\S+) (?P<dice>\d+)d (?P<position>\S+)/(?P<effect>\S+) → "
                  r"(?P<faces>[\d,]+) (?P<result>.+)$")


def test_a_heading_per_score_engagement_job_and_downtime(story, content):
    text = markdown(story, content)
    scores = [e["score"] for e in story if e["event"] == "score_begin"]
    assert re.findall(r"^## Score (\d+)$", text, re.M) == [str(n) for n in scores] == ["1", "2"]
    assert text.count("\n### Engagement\n") == 2
    assert text.count("\n### On the job\n") == len([e for e in story if e["event"] == "score_start"])
    assert text.count("\n### Downtime\n") == len([e for e in story if e["event"] == "payoff"]) == 2
    assert "\n## The end\n" in text and "=== Score" not in text and "--- Downtime ---" not in text
    assert text.startswith("---\nscenario: \"starter\"\nsystem: \"blades\"\nseed: 3\nlang: \"en\"\n")
    assert "\n# The Lanterns\n" in text


def test_one_compact_roll_line_per_action_roll_parsed_back_to_the_events(story, content):
    text = markdown(story, content)
    names = {pc["id"]: pc["name"] for pc in first(story, "campaign_start")["pcs"]}
    parsed = [m.groupdict() for m in map(ROLL.match, text.splitlines()) if m]
    rolls = [e for e in story if e["event"] == "action_roll"]
    assert len(parsed) == len(rolls) > 5
    for line, e in zip(parsed, rolls):
        assert line["pc"] == names[e["pc"]]
        assert line["action"] == t(f"blades.action.{e['action']}", "en")
        assert int(line["dice"]) == e["dice"]
        assert (line["position"], line["effect"]) == (e["position"], e["effect"])
        assert [int(f) for f in line["faces"].split(",")] == e["faces"]
        assert line["result"] == t(f"blades.result.{e['result']}", "en")


def test_oracle_lines_and_the_session_events(story, content):
    lines = markdown(story, content).splitlines()
    assert "- ? Is the door guarded? (likely) → Yes, but…" in lines
    at = lines.index("- ? Does the preacher have friends here? (50/50) → No, and…")
    assert lines[at + 1] == "  - ! an NPC acts: Mirela — betray / a secret"
    assert lines[at + 2] == "- new thread: Who hired the preacher?"
    assert "- scene: altered" in lines
    assert "- roll 2d6: 3, 4 → 7" in lines and "  - tension 5 → 6" in lines


def test_notes_sit_after_the_step_they_follow(story, content):
    lines = markdown(story, content).splitlines()
    roll = first(story, "action_roll", 1)
    at = lines.index("> [!note] Note")
    assert lines[at + 1] == "> Tracie swears the #2 stair creaks. [[check]]"  # verbatim: the person's link and tag
    before = [line for line in lines[:at] if line.strip()]
    assert ROLL.match(before[-1]).group("faces") == ",".join(map(str, roll["faces"]))


def test_note_entries_placed_by_seq_when_the_journal_has_no_note_events(events, content):
    roll = first(events, "action_roll", 2)
    entries = [{"type": "note", "text": "before anything"},
               {"type": "answer", "seat": "pc1", "kind": "action", "choice": "prowl", "by": "person", "step": 1,
                "seq": roll["seq"]},
               {"type": "note", "text": "after the third roll"}]
    lines = export_markdown(HEADER, entries, events, content, "en").splitlines()
    first_note = lines.index("> before anything")
    assert lines.index("# The Lanterns") < first_note < lines.index("## Score 1")
    at = lines.index("> after the third roll")
    before = [line for line in lines[:at - 1] if line.strip()]
    assert ROLL.match(before[-1]).group("faces") == ",".join(map(str, roll["faces"]))


def test_the_final_sheets_are_the_journal_rebuilt(story, content):
    text = markdown(story, content)
    sheets = text[text.index("\n## Final sheets\n"):]
    folded = fold_sheet(story)
    crew = folded["crew"]
    assert f"- Tier {crew['tier']}, {crew['hold']} hold · rep {crew['rep']} · coin {crew['coin']}, " \
           f"vault {crew['vault']} · heat {crew['heat']} · wanted {crew['wanted']} · turf {crew['turf']}" in sheets
    names = {pc["id"]: (pc["name"], pc["playbook"]) for pc in first(story, "campaign_start")["pcs"]}
    for pc_id, pc in folded["pcs"].items():
        name, playbook = names[pc_id]
        block = sheets[sheets.index(f"### {name} ({t(f'blades.playbook.{playbook}', 'en')})"):]
        assert f"· stress {pc['stress']}/{pc['stress_max']} · coin {pc['coin']} · stash {pc['stash']}" in \
            block.splitlines()[2]
        assert f"- trauma ({len(pc['trauma'])}/{pc['trauma_max']}):" in block


@pytest.mark.parametrize("lang", LANGS)
def test_three_languages_no_untranslated_key(story, content, lang):
    text = markdown(story, content, lang)
    assert not re.search(r"\b(export|play|blades|oracle|cli|decision)\.[a-z_]+\.", text)
    assert not re.search(r"\b(npc_acts|yes_but|no_and|scene_check)\b", text)
    notation = t("export.roll", lang, action="", dice="", position="", effect="", faces="", result="").split(" ")[0]
    assert sum(f" — {notation}" in line for line in text.splitlines()) == \
        len([e for e in story if e["event"] == "action_roll"])
    if lang != "en":
        assert "→ Yes" not in text and "## Score" not in text
    for key in term_keys("export."):
        assert set(LANGS) <= set(entry(key)), key


def test_the_json_lines_export_is_the_journal_file_byte_for_byte(tmp_path, capsys):
    path = tmp_path / "j.jsonl"
    assert main(["play", str(SCENARIO), "--seed", str(SEED), "--scores", str(SCORES), "--journal", str(path)]) == 0
    capsys.readouterr()
    from sim.replay import read_journal

    data = path.read_bytes()
    assert export_jsonl(read_journal(path)).encode("utf-8") == data
    journal = Journal()
    run_campaign(load_scenario(SCENARIO), SEED, journal=journal, scores=SCORES)
    assert export_jsonl(journal.events).encode("utf-8") == data


def test_golden_markdown_of_a_seeded_solo_story(story, content):
    text = markdown(story, content)
    if os.environ.get("SIM_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    for i, (got, want) in enumerate(zip(text.splitlines(), expected.splitlines()), start=1):
        assert got == want, f"line {i} differs from {GOLDEN.name} (regenerate with SIM_REGEN_GOLDEN=1 if intended)"
    assert text == expected


def readme_session() -> tuple[str, list[str]]:
    """"Saves and export" in docs/solo.md: the session's answers and the lines of the export it shows."""
    text = (ROOT / "docs" / "solo.md").read_text(encoding="utf-8")
    start = text.index("\n## Saves and export\n")
    part = text[start:]  # its first blocks (the excerpt itself holds "## " headings, so no cut at the next one)
    script = re.search(r"with these answers:\n\n```text\n(.*?)```", part, re.S).group(1)
    shown = re.search(r"```markdown\n(.*?)```", part, re.S).group(1)
    return script, [line for line in shown.splitlines() if line.strip() and line != "…"]


def test_readme_export_excerpt_is_what_the_session_exports(tmp_path, capsys, monkeypatch):
    """The excerpt is real: the README's session, played through `sim solo` (part B's session, once merged),
    exports every line shown, in order (the oracle's scene checks, once it lands, may add lines between)."""
    pytest.importorskip("sim.solo.session")
    monkeypatch.setenv("SIM_SOLO_DATE", "2026-12-04")  # the day of its sitting, as the excerpt shows it
    script, shown = readme_session()
    answers, save, out = tmp_path / "answers.txt", tmp_path / "story.save", tmp_path / "story.md"
    answers.write_text(script, encoding="utf-8")
    assert main(["solo", "new", str(SCENARIO), "--save", str(save), "--seed", "3", "--seats", "pc1", "--scores", "1",
                 "--script", str(answers)]) == 0
    assert main(["solo", "export", str(save), "--md", "--out", str(out)]) == 0
    capsys.readouterr()
    exported = iter(out.read_text(encoding="utf-8").splitlines())
    missing = [line for line in shown if not any(line == got for got in exported)]
    assert missing == [], f"docs/solo.md lines not in the export (in order): {missing[:3]}"


def test_readme_excerpt_uses_only_the_notation_the_export_writes():
    """Without the session (before part B merges), the excerpt's compact lines still parse as export lines."""
    script, shown = readme_session()
    assert any(ROLL.match(line) for line in shown)
    assert "> [!note] Note" in shown and "## Final sheets" in shown
    assert any(line.startswith("note ") for line in script.splitlines())
