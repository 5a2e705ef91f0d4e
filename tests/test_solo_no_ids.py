"""No id a person can read (issue 30): a scripted solo session of each system, in each language, printing its views
between answers (sheets, crew, clocks, NPCs, factions, threads, the scene, odds, the journal, undo, the toolbar);
every printed line is scanned for ids (``pc1:``, ``snake_case_words``, ``dotted.keys``, decision kind names), and in
zh-Hant and zh-Hans for English words that are not names (``中度傷害: social serious harm``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from sim.agents import catalogue
from sim.solo.commands import COMMANDS
from sim.solo.plain import run_plain
from sim.solo.session import Session
from sim.solo.terminal import toolbar_text

ROOT = Path(__file__).resolve().parents[1]
VIEWS = ["sheet", "crew", "clocks", "npcs", "factions", "threads", "scene", "odds", "journal 5"]
ID = re.compile(r"\bpc\d+[:.]\S|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+\.[a-z_]+\b")
KINDS = [k for k in catalogue.kinds() if "_" in k]


def script() -> list[str]:
    lines: list[str] = []
    for i in range(16):
        lines += ["1"] * 11 + [VIEWS[i % len(VIEWS)]]
    return lines + ["sheet", "undo", "clocks add Gang war 6", "clock tick Gang war 2", "clocks", "npc", "npcs",
                    "ask Is the door open? likely", "crew now", "quit"]


def played(tmp_path: Path, scenario: str, lang: str) -> tuple[list[str], Session]:
    """The printed lines of the scripted session (the toolbar's text at each answer among them), and its session."""
    s = Session.new(ROOT / "scenarios" / f"{scenario}.yaml", tmp_path / "s.save", seats="pc1", lang=lang)
    out = io.StringIO()
    bars: list[str] = []

    def lines():
        for line in script():
            if s.pending is not None:
                bars.append(toolbar_text(s))
            yield line

    run_plain(s, lines(), out)
    return out.getvalue().splitlines() + bars, s


def names_in(s: Session) -> set[str]:
    """The words of every name the story gave (characters, NPCs, the crew, the scenario's name)."""
    found = set(re.findall(r"[A-Za-z]+", " ".join(s.views.characters(s.journal.events).values())))
    found |= set(re.findall(r"[A-Za-z]+", " ".join(s.npcs)))
    for e in s.journal.events:
        if e["event"] == "campaign_start" and isinstance(e.get("crew"), str):
            found |= set(re.findall(r"[A-Za-z]+", e["crew"]))
        if e["event"] == "decision" and e.get("kind") == "recruit_name":  # the names a newcomer may take
            found |= set(re.findall(r"[A-Za-z]+", " ".join(map(str, e.get("options") or ()))))
    return found | set(re.findall(r"[A-Za-z]+", s.scenario.name if hasattr(s.scenario, "name") else ""))


def readable(line: str, where: str) -> str:
    """A printed line without what the person typed (``> clocks add Gang war 6``), command words in backticks
    and the save's path, which are the person's or the shell's, not the story's."""
    if line.startswith(">"):
        return ""
    return re.sub(r"`[^`]*`", "", line).replace(where, "")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("scenario", ["starter", "fate_docks", "mist_harbor"])
def test_a_scripted_session_prints_no_id(tmp_path, scenario, lang):
    lines, s = played(tmp_path, scenario, lang)
    try:
        where = str(tmp_path / "s.save")
        scenario_names = {scenario}
        text = [readable(line, where) for line in lines]
        ids = sorted({(m, line) for line in text for m in ID.findall(line) if m not in scenario_names})
        assert ids == [], ids[:5]
        kinds = sorted({(k, line) for line in text for k in KINDS if k in line})
        assert kinds == [], kinds[:5]
        assert len(lines) > 200 and any(s.views.characters(s.journal.events)[seat] in line for line in lines
                                        for seat in ("pc1",))
        if lang != "en":
            typed = set(re.findall(r"[A-Za-z]+", " ".join(script())))  # the person's own words, echoed back
            allowed = names_in(s) | set(re.findall(r"[A-Za-z]+", scenario)) | typed | {"Tab"} | set(COMMANDS)  # a key, commands
            english = sorted({(w, line) for line in text for w in re.findall(r"[A-Za-z]{3,}", line)
                              if w not in allowed and not re.fullmatch(r"x+", w)})
            assert english == [], english[:8]
    finally:
        s.close()
