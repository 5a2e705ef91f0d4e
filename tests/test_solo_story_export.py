"""The story export of every system parsed back (issue 30): headings (sessions, chapters, scores, scenes) are real
Markdown headings, the days played are in it, every choice the person made is there with what else was offered,
notes are byte for byte (Obsidian links and tags unescaped, several lines kept), and the final sheets close it."""

from __future__ import annotations

import re

import pytest

markdown_it = pytest.importorskip("markdown_it")

from sim.cli import main  # noqa: E402
from sim.solo.save import SaveFile, check_entry  # noqa: E402

NOTE = "[[Mother Vane]] #docks"
LINES = ["The ledger is *not* where Mara said.", "  - [ ] ask [[Inspector Dray]] about it #lead", "",
         "Last line_with_underscores | and a pipe."]
FIRST, SECOND = "2026-12-01", "2026-12-04"


def _script(answers: int) -> str:
    return "\n".join(["1"] * answers + [f"note {NOTE}", "note", *LINES, ".", "say The fog rolls in."]
                     + ["1"] * answers + ["quit"]) + "\n"


def _play(tmp_path, monkeypatch, capsys, scenario: str, lang: str) -> tuple[str, list[dict]]:
    save = tmp_path / f"{scenario}.save"
    script = tmp_path / "first.txt"
    script.write_text(_script(12), encoding="utf-8")
    monkeypatch.setenv("SIM_SOLO_DATE", FIRST)
    args = ["solo", "new", scenario, "--save", str(save), "--seats", "pc1", "--lang", lang, "--script", str(script)]
    assert main(args + (["--scores", "1"] if scenario == "starter" else [])) == 0
    again = tmp_path / "again.txt"
    again.write_text("\n".join(["1"] * 10 + ["quit"]) + "\n", encoding="utf-8")
    monkeypatch.setenv("SIM_SOLO_DATE", SECOND)
    assert main(["solo", "continue", str(save), "--script", str(again)]) == 0
    out = tmp_path / "story.md"
    assert main(["solo", "export", str(save), "--md", "--out", str(out)]) == 0
    capsys.readouterr()
    saved = SaveFile.open(save)
    return out.read_text(encoding="utf-8"), list(saved.entries)


SYSTEMS = [("starter", r"(Score|案件) 1"), ("fate_docks", r"(Session|第) ?1"), ("mist_harbor", r"(Chapter|第) ?1")]


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("scenario, part", SYSTEMS)
def test_the_story_of_every_system_parses_back(tmp_path, monkeypatch, capsys, scenario, part, lang):
    story, entries = _play(tmp_path, monkeypatch, capsys, scenario, lang)
    tokens = markdown_it.MarkdownIt("commonmark").parse(story.split("\n---\n", 1)[1])
    headings = [(tok.tag, tokens[i + 1].content) for i, tok in enumerate(tokens) if tok.type == "heading_open"]
    levels = [int(tag[1]) for tag, _ in headings]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in zip(levels, levels[1:]))  # never a level skipped
    assert any(tag == "h2" and re.search(part, text) for tag, text in headings), headings[:5]
    if scenario == "fate_docks":  # Fate's scenes are headings under their session, not `- -- Scene 1 --` items
        assert any(tag == "h3" and re.match(r"(Scene|场景|第) ?1", text) for tag, text in headings), headings
    inline = [tok.content for tok in tokens if tok.type == "inline"]
    assert not [text for text in inline if re.match(r"^(==|--)", text)]  # no narrator heading left as text
    sheets = [i for i, (tag, text) in enumerate(headings) if tag == "h2"][-1]  # the final sheets close the story
    assert sheets < len(headings) - 1 and all(tag == "h3" for tag, _ in headings[sheets + 1:])

    # the notes, byte for byte: the quote blocks hold exactly what was typed (links and tags as Obsidian reads them)
    quoted, block = [], None
    for line in story.splitlines():
        if line.startswith(">"):
            if "[!note]" in line:
                block = []
                quoted.append(block)
            elif block is not None:
                block.append(line[2:] if line.startswith("> ") else "")
        else:
            block = None
    assert ["\n".join(b) for b in quoted] == [NOTE, "\n".join(LINES)]
    assert "\\[" not in story.split("## ")[0] and f"> {NOTE}\n" in story and "\\#docks" not in story
    notes = [e["text"] for e in entries if e["type"] == "note"]
    assert notes == [NOTE, "\n".join(LINES)]

    # the days played: each sitting's date, in the front matter and where its play began
    sittings = [e for e in entries if e["type"] == "sitting"]
    assert [s["date"] for s in sittings] == [FIRST, SECOND] and all(check_entry(s) is None for s in sittings)
    front = story.split("\n---\n", 1)[0]
    assert f'played: ["{FIRST}", "{SECOND}"]' in front
    played = [text for text in inline if re.fullmatch(r"\*.*\d{4}-\d\d-\d\d\*", text)]
    assert [p[-11:-1] for p in played] == [FIRST, SECOND]
    assert story.index(played[0]) < story.index(NOTE) < story.index(played[1])

    # every answer the person gave is a choice line, with the label chosen and the others offered
    answers = [e for e in entries if e["type"] == "answer" and e.get("by", "person") == "person"]
    choices = [text for text in inline if text.startswith("**") and "→" in text]
    assert len(choices) == len(answers) >= 15
    for text, entry in zip(choices, answers):
        plain = text.replace("\\", "")
        assert f"→ **{entry['label']}" in plain, (plain, entry["label"])
        if entry.get("odds"):
            assert entry["odds"] in plain
        for other in (entry.get("offered") or [])[:5]:
            assert other in plain
        assert not re.search(r"\(pc\d\)", plain)


def test_a_choice_line_reads_as_a_player_would_write_it():
    """ "Prowl (3d risky/standard: ...), over Finesse": the choice, its odds, what else was on offer."""
    from sim.solo.export import choice_lines

    event = {"event": "decision", "by": "human", "seq": 8, "seat": "pc1", "kind": "action", "choice": "prowl"}
    entry = {"type": "answer", "seq": 7, "label": "Prowl", "prompt": "Alisha: which action?",
             "odds": "3d risky/standard: crit 7% · 6 35% · 4/5 45% · 1-3 12%", "offered": ["Finesse", "Hunt"]}
    assert choice_lines(event, {8: entry}, "en") == [
        "- **Your choice** Alisha: which action? → **Prowl (3d risky/standard: crit 7% · 6 35% · 4/5 45% · 1-3 12%)**,"
        " over Finesse, Hunt"]
    many = {**entry, "odds": None, "offered": [f"t{i}" for i in range(30)]}
    assert choice_lines(event, {8: many}, "en")[0].endswith("over t0, t1, t2, t3, t4, 25 more")
    old = {"type": "answer", "seq": 7}  # an older save's entry: worded from the catalogue, by the character's name
    line = choice_lines(event, {8: old}, "en", {"pc1": "Alisha"})[0]
    assert line.startswith("- **Your choice** Alisha → **") and "pc1" not in line


def test_a_sitting_entry_is_validated_and_changes_no_journal(tmp_path):
    from sim.solo.session import Session

    assert check_entry({"type": "sitting", "date": "2026-12-04", "seq": 3}) is None
    assert "date" in check_entry({"type": "sitting", "date": "2026-13-04", "seq": 3})
    assert "date" in check_entry({"type": "sitting", "date": "yesterday", "seq": 3})
    assert "seq" in check_entry({"type": "sitting", "date": "2026-12-04"})
    path = tmp_path / "s.save"
    s = Session.new("starter", path, seats="pc1", scores=1)
    s.begin_sitting("2026-12-04")
    for _ in range(5):
        s.handle("1")
    s.begin_sitting("2026-12-05")
    s.handle("1")
    journal = [dict(e) for e in s.journal.events]
    s.handle("undo")  # the days played stay recorded through an undo
    assert [e["date"] for e in s.save.entries if e["type"] == "sitting"] == ["2026-12-04", "2026-12-05"]
    s.close()
    again = Session.resume(path)
    try:
        assert again.diverged is None
        assert [dict(e) for e in again.journal.events] == journal[:len(again.journal.events)]
        assert not any(e["event"] == "sitting" for e in again.journal.events)
    finally:
        again.close()


def test_sim_solo_date_must_be_an_iso_date(monkeypatch):
    from sim.errors import UsageError
    from sim.solo.session import today

    monkeypatch.setenv("SIM_SOLO_DATE", "2026-12-04")
    assert today() == "2026-12-04"
    monkeypatch.setenv("SIM_SOLO_DATE", "4 Dec")
    with pytest.raises(UsageError):
        today()
