"""The player's own moves in a solo session (issue 30): clocks of their own, fiction in their words, tension set by
hand, notes of several lines, and a story export that keeps them (headings, notes byte for byte, choices)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sim.cli import main
from sim.solo.session import Session, replay_save

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"
FATE = ROOT / "scenarios" / "fate_docks.yaml"
MIST = ROOT / "scenarios" / "mist_harbor.yaml"
NOTE = "line one [[Mother Vane]] #docks\n  *indented*, with `code`"


def events_of(reply, name):
    return [e for e in reply.events if e["event"] == name]


@pytest.fixture
def session(tmp_path):
    s = Session.new(STARTER, tmp_path / "own.save", seats="pc1", scores=1)
    yield s
    s.close()


def test_clocks_of_your_own_are_made_ticked_kept_in_range_and_cleared(session):
    made = events_of(session.handle("clock new Gang war 6"), "player_clock")
    assert made == [{**made[0], "op": "new", "name": "Gang war", "size": 6, "filled": 0}]
    assert events_of(session.handle("clock tick gang war 2"), "player_clock")[0]["filled"] == 2
    full = session.handle("clock tick Gang war 9")
    assert events_of(full, "player_clock")[0]["filled"] == 6 and "full" in full.text[0]
    shown = dict(session.handle("clocks").views)["clocks"]["own"]
    assert shown == [{"name": "Gang war", "size": 6, "filled": 6}]
    session.handle("clock clear Gang war")
    assert session.player_clocks == {}


def test_clocks_add_makes_a_clock_and_words_it_does_not_understand_are_said(session):
    """``clocks add Gang war 6`` used to list the clocks silently."""
    assert events_of(session.handle("clocks add Gang war 6"), "player_clock")[0]["size"] == 6
    for bad in ("clocks foo", "clock new Nameless", "clock new X 1", "clock tick Nobody", "clock spin X"):
        reply = session.handle(bad)
        assert len(reply.text) == 1 and reply.text[0].startswith("?") and not reply.events, bad


def test_say_and_tension_are_journaled(session):
    assert events_of(session.handle("say Tracie slips into the alley."), "fiction")[0]["text"] == \
        "Tracie slips into the alley."
    moved = events_of(session.handle("tension 8"), "oracle_tension")[0]
    assert (moved["before"], moved["after"], moved["set_by"]) == (5, 8, "person") and session.tension == 8
    assert session.handle("tension 12").text[0].startswith("?")


def test_a_note_of_several_lines_ends_at_a_lone_dot_and_is_kept_verbatim(session):
    assert session.handle("note").text  # the hint
    for line in NOTE.split("\n"):
        assert session.handle(line).text == []
    assert events_of(session.handle("."), "note")[0]["text"] == NOTE
    assert session.save.entries[-1] == {"type": "note", "text": NOTE}


def test_own_moves_replay_identically_on_continue(tmp_path):
    path = tmp_path / "r.save"
    s = Session.new(STARTER, path, seats="pc1", scores=1)
    for line in ("clock new Gang war 6", "clock tick Gang war 2", "say Quiet now.", "tension 7", "1", "1"):
        s.handle(line)
    before = [json.dumps(e, sort_keys=True) for e in s.journal.events]
    s.close()
    again = Session.resume(path)
    try:
        assert [json.dumps(e, sort_keys=True) for e in again.journal.events] == before
        assert again.player_clocks == {"Gang war": {"size": 6, "filled": 2}} and again.tension == 7
    finally:
        again.close()


@pytest.mark.parametrize("scenario, heading", [(STARTER, r"^## Score 1"), (FATE, r"^## Session 1$"),
                                               (MIST, r"^## ")])
def test_the_story_export_of_every_system_has_headings_notes_and_choices(tmp_path, scenario, heading):
    """Exports parsed back: Markdown headings (no ``- == Session 1 ==`` or ``#### -- Scene 1 --``), each heading at
    most one level below the one before, the note byte for byte, the person's choices where they made them."""
    path = tmp_path / "story.save"
    s = Session.new(scenario, path, seats="pc1", scores=1)
    try:
        s.handle("note")
        for line in NOTE.split("\n"):
            s.handle(line)
        s.handle(".")
        s.handle("say The fog rolls in.")
        answered = []
        for _ in range(6):
            if s.pending is None:
                break
            answered.append(s.pending.options[0].label)
            s.handle("1")
    finally:
        s.close()
    story = replay_save(path, markdown=True)
    lines = story.splitlines()
    assert not [ln for ln in lines if re.match(r"^\s*- (==|--)", ln) or re.match(r"^#+ (==|--)", ln)]
    assert any(re.match(heading, ln) for ln in lines), heading
    levels = [len(m.group(1)) for m in (re.match(r"^(#+) ", ln) for ln in lines) if m]
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:]))
    quoted = [ln[2:] if ln.startswith("> ") else "" for ln in lines if ln.startswith(">") and "[!note]" not in ln]
    assert "\n".join(quoted) == NOTE
    assert "The fog rolls in." in lines
    choices = [ln for ln in lines if re.match(r"^- \*\*[^*]+\*\* ", ln)]
    assert len(choices) == len(answered) and all(f"→ **{label}" in ln.replace("\\", "")
                                                 for ln, label in zip(choices, answered))


def test_sim_solo_export_runs_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "cli.save"
    script = tmp_path / "script.txt"
    script.write_text("clock new Gang war 6\nclock tick Gang war\n1\nquit\n", encoding="utf-8")
    assert main(["solo", "new", str(STARTER), "--save", str(path), "--seats", "pc1", "--scores", "1",
                 "--script", str(script)]) == 0
    capsys.readouterr()
    assert main(["solo", "export", str(path), "--md"]) == 0
    assert "(clock Gang war: 1/6)" in capsys.readouterr().out
