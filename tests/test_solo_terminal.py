"""The solo terminal (issue 11 part A): the completer on ``Session.completions``, the rich views, the
prompt loop in process, and ``sim solo new`` in a real pseudo-terminal (pexpect) through a score and
its downtime, with ``sheet``, ``clocks``, ``ask``, Tab completion, ``save`` and ``quit``."""

from __future__ import annotations

import io
import json
import re
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("prompt_toolkit")
pytest.importorskip("rich")

from prompt_toolkit.document import Document  # noqa: E402
from rich.console import Console  # noqa: E402

from sim.oracle import LIKELIHOODS  # noqa: E402
from sim.solo import views  # noqa: E402
from sim.solo.session import Session  # noqa: E402
from sim.solo.terminal import SessionCompleter, run_terminal, toolbar_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"


def rendered(renderable, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    s = Session.new(STARTER, tmp_path_factory.mktemp("solo") / "crew.save", seats="pc1", scores=1)
    yield s
    s.close()


def complete(session, text: str) -> list[str]:
    return [c.text for c in SessionCompleter(session).get_completions(Document(text), None)]


def test_segments_and_pips():
    assert views.segments(3, 6) == "[■■■□□□] 3/6"
    assert views.segments(0, 4) == "[□□□□] 0/4"
    assert views.segments(9, 8) == "[■■■■■■■■] 8/8"  # never past the clock's size
    assert views.pips(2) == "●●○○" and views.pips(0) == "○○○○"


def test_the_completer_offers_commands(session):
    words = complete(session, "")
    for command in ("help", "sheet", "clocks", "ask", "save", "quit"):
        assert command in words
    assert complete(session, "sh") == ["sheet"]
    assert complete(session, "cl") == ["clocks", "clock"]


def test_the_completer_offers_pc_names_after_sheet(session):
    names = session.views.characters(session.journal.events)
    assert names
    pid, name = next(iter(names.items()))
    assert pid in complete(session, "sheet ")
    assert name in complete(session, "sheet ")
    got = complete(session, f"sheet {name[:2]}")
    assert name in got and all(w.casefold().startswith(name[:2].casefold()) for w in got)


def test_the_completer_offers_likelihoods_after_ask_question(session):
    assert complete(session, "ask Is the door guarded? ") == list(LIKELIHOODS)
    assert complete(session, "ask Is the door guarded? li") == ["likely"]
    assert complete(session, "ask Is the door guarded? very_") == ["very_unlikely", "very_likely"]
    # the completion replaces only the last word
    c = next(SessionCompleter(session).get_completions(Document("ask Is it? nearly_c"), None))
    assert (c.text, c.start_position) == ("nearly_certain", -len("nearly_c"))


def test_views_render_sheets_clocks_factions_and_the_oracle(session):
    sheet_lines, sheet = session.views.sheet(session.journal.events)
    text = rendered(views.render("sheet", sheet))
    first = next(iter(sheet["pcs"].values()))
    assert first["name"] in text and views.segments(first["stress"], first["stress_max"]) in text
    crew = rendered(views.render("crew", session.views.crew(session.journal.events)[1]))
    assert "Tier" in crew
    clocks = rendered(views.render("clocks", {"clocks": [{"name": "the vault", "kind": "obstacle", "filled": 3,
                                                              "size": 6}]}))
    assert "the vault" in clocks and "[■■■□□□] 3/6" in clocks
    factions = rendered(views.render("factions", session.views.factions(session.journal.events)[1]))
    assert "Tier" in factions
    asked = {"question": "Is the door guarded?", "likelihood": "likely", "tension": 5, "roll": [4, 2, 7, 2],
             "answer": "no_but", "event": {"focus": "npc_acts", "thread": None, "npc": "Mylera", "action": "betray",
                                           "subject": "debt", "action_id": "betray", "subject_id": "debt"}}
    oracle = rendered(views.render("oracle", asked))
    assert "Is the door guarded?" in oracle and "No, but…" in oracle and "An NPC acts (Mylera): betray / debt" in oracle
    assert views.render("no such view", {}) is None
    assert views.render("clocks", {"clocks": "not a list of clocks"}) is None  # a shape it cannot read: the lines


def test_the_toolbar_shows_seat_and_tension(session):
    bar = toolbar_text(session)
    assert f"tension {session.tension}" in bar


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_toolbar_names_the_character_and_the_decision_in_words_never_ids(tmp_path, lang):
    """Issue 30: ``pc1: crew_action_dot`` was shown in every language; the toolbar names who is asked (the
    character's name) and what (the decision catalogue's short name, kind_word) in the play's language."""
    from sim.i18n import t
    from sim.solo.commands import kind_word

    s = Session.new(STARTER, tmp_path / "s.save", seats="pc1", scores=1, lang=lang)
    try:
        for _ in range(3):
            bar = toolbar_text(s)
            name = s.views.characters(s.journal.events)[s.pending.seat]
            assert f"{name}: {kind_word(s.pending.kind, lang)}" in bar
            assert ("_" not in s.pending.kind or s.pending.kind not in bar) and f"{s.pending.seat}:" not in bar
            assert kind_word(s.pending.kind, lang) == t(f"decision.{s.pending.kind}.name", lang)
            s.handle("1")
    finally:
        s.close()


def test_the_prompt_loop_in_process(tmp_path):
    """run_terminal with prompt_toolkit's pipe input: answers, views and quit; the history file keeps the lines."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    save = tmp_path / "crew.save"
    s = Session.new(STARTER, save, seats="pc1", scores=1)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("1\rclocks\rask Is the door guarded? likely\rsave\rquit\r")
        code = run_terminal(s, history_path=tmp_path / "crew.save.history", input=pipe, output=DummyOutput(),
                            console=Console(file=out, width=100, color_system=None))
    text = out.getvalue()
    assert code == 0
    assert "[pc1]" in text and "Is the door guarded?" in text and f"saved: {save}" in text
    assert text.count("saved: ") == 2  # the save command, and quit
    history = (tmp_path / "crew.save.history").read_text(encoding="utf-8")
    assert "+ask Is the door guarded? likely" in history and "+quit" in history
    entries = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["type"] for e in entries][:2] == ["answer", "oracle"]


# --- a real pseudo-terminal ---------------------------------------------------------------------------

def test_sim_solo_new_in_a_pseudo_terminal(tmp_path):
    """``sim solo new`` in a pty: through a score (some answers typed, the rest ``auto score``) and its downtime
    (typed), with sheet, clocks, ask, Tab completion, save and quit; then the save and the journal."""
    pexpect = pytest.importorskip("pexpect")
    save = tmp_path / "crew.save"
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "120", "LINES": "40"}
    child = pexpect.spawn(sys.executable, ["-m", "sim", "solo", "new", str(STARTER), "--save", str(save),
                                           "--seats", "pc1", "--scores", "2"],
                          cwd=str(ROOT), env=env, dimensions=(40, 120), timeout=30, encoding="utf-8")
    turn = 0

    def send(line: str) -> str:
        """Type ``line`` at prompt ``[turn]`` and return what the terminal showed before the next prompt."""
        nonlocal turn
        child.sendline(line)
        turn += 1
        child.expect_exact(f"[{turn + 1}] ")
        return child.before

    try:
        child.expect_exact("[1] ")
        assert re.search(r"Tier \d, \d+ coin", child.before), child.before  # the story so far: the crew, as plain shows it
        shown = send("sheet")
        assert "stress" in shown and "[□" in shown  # the sheet's stress bar
        for _ in range(16):  # crew creation, then into the score
            send("1")
        shown = send("clocks")
        assert "□" in shown or "■" in shown, shown  # each clock as a segmented bar, e.g. [■■□□] 2/4
        asked = send("ask Is the door guarded? likely")
        assert "Is the door guarded?" in asked
        child.send("ask Is the guard asleep? nearly_c\t")  # Tab completes the likelihood (the save shows it)
        child.expect_exact("ertain")  # the terminal writes only what the completion adds
        child.send("\r")
        turn += 1
        child.expect_exact(f"[{turn + 1}] ")
        send("auto score")
        for _ in range(60):  # downtime, typed, until the second score opens
            shown = send("1")
            if "Score 2" in shown:
                break
        else:
            pytest.fail("the second score never began")
        assert "saved" in send("save")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    entries = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    # continue at the terminal: the history beside the save recalls the last line (up arrow: quit)
    child = pexpect.spawn(sys.executable, ["-m", "sim", "solo", "continue", str(save)], cwd=str(ROOT), env=env,
                          dimensions=(40, 120), timeout=30, encoding="utf-8")
    try:
        child.expect_exact("[1] ")
        child.send("\x1b[A")
        child.expect_exact("quit")
        child.send("\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    after = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    assert after[:-1] == entries and after[-1]["type"] == "sitting"  # continuing is a sitting, nothing else
    assert [e["type"] for e in entries].count("sitting") == 1  # `sim solo new` began the first
    kinds = [e["type"] for e in entries]
    assert kinds.count("oracle") == 2
    oracle = [e for e in entries if e["type"] == "oracle"]
    assert [e["likelihood"] for e in oracle] == ["likely", "nearly_certain"]
    assert sum(1 for e in entries if e["type"] == "answer" and e["by"] == "person") >= 6
    import subprocess

    done = subprocess.run([sys.executable, "-m", "sim", "solo", "export", str(save), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    names = [e["event"] for e in events]
    assert "score_end" in names and "activities_begin" in names
    downtime = names.index("activities_begin")
    assert any(e["event"] == "decision" and e["by"] == "human" for e in events[downtime:])  # downtime, typed
    assert names.count("oracle") == 2
    assert (tmp_path / "crew.save.history").exists()
    child = pexpect.spawn(sys.executable, ["-m", "sim", "solo", "continue", str(save)], cwd=str(ROOT), env=env,
                          dimensions=(40, 120), timeout=30, encoding="utf-8")
    try:  # a resumed session tells the story so far before its first prompt
        child.expect_exact("[1] ")
        assert "(the story so far" in child.before, child.before
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
