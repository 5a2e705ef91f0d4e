"""A solo session speaks the play's language (issue 11): the session's own sentences are ``solo.*`` terms
(content/i18n/terms/solo.yaml) with natural zh-Hant and zh-Hans; a scripted session in Chinese shows no English
sentence of the session and no untranslated key. Command names (``sheet``, ``ask``, ...), likelihood and policy
ids stay English: they are what a person types."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from sim.cli import main
from sim.i18n import LANGS, entry, t, term_keys

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"
ZH = ("zh-Hant", "zh-Hans")

# every kind of reply a session gives: commands, their mistakes, the oracle, an action's odds, undo, auto
SCRIPT = ["help", "help ask", "help 無此", "sheet", "sheet nobody", "crew", "clocks", "factions", "scene",
          "threads", "threads add 幫派的舊帳", "threads", "threads close 1", "threads frob", "npcs", "npcs add 老婆婆",
          "npcs remove 老婆婆", "npcs remove 無人", "ask 天在下雨嗎 likely", "ask", "event", "meaning", "roll 3d",
          "roll 2d6", "roll x", "note 筆記一則", "note", ".", "journal 3", "journal x", "odds", "auto nobody", "save",
          "xyzzy", "99"] + ["1"] * 12 + ["odds", "2", "undo", "undo", "1", "auto", "auto score"] + ["1"] * 8 + ["quit"]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _solo_keys() -> list[str]:
    return [k for k in term_keys() if k.startswith("solo.")]


def test_every_solo_term_has_every_language_and_no_field_the_english_lacks():
    keys = _solo_keys()
    assert len(keys) > 100
    for key in keys:
        row = entry(key)
        for lang in LANGS:
            assert row.get(lang), f"{key} has no {lang}"
            assert _fields(row[lang]) <= _fields(row["en"]), f"{key} {lang} names a field the English lacks"
        for lang in ZH:  # a Chinese sentence, not the English left in place (numbers and symbols aside)
            if re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", row["en"])):
                assert row[lang] != row["en"], f"{key} {lang} is the English"

def test_the_terms_the_code_builds_from_ids_exist():
    from sim.blades.views.solo import RESULT_SHORT, _tension_move
    from sim.solo.commands import COMMANDS

    for command in COMMANDS:
        assert t(f"solo.help.{command}", "zh-Hant")
    for kind, op in (("thread", "add"), ("thread", "close"), ("npc", "add"), ("npc", "remove")):
        assert t(f"solo.reply.{kind}_{op}", "zh-Hans", text="x")
    for result, _ in RESULT_SHORT:
        assert t(f"solo.odds.short.{result}", "zh-Hant")
    for status in ("active", "dead", "retired", "incarcerated"):
        assert t(f"solo.sheet.status.{status}", "zh-Hans")
    events = [{"event": "action_roll", "result": "failure"}, {"event": "action_roll", "result": "critical"},
              {"event": "harm", "recorded_level": 3}, {"event": "trauma"},
              {"event": "pc_status", "after": "dead"}, {"event": "heat", "added": 5},
              {"event": "wanted", "before": 0, "after": 1}, {"event": "score_end", "success": True},
              {"event": "score_end", "success": False}, {"event": "crew_advance"}]
    for e in events:
        _, key, fields = _tension_move(e)
        assert t(f"solo.tension.{key}", "zh-Hant", **{"status": "x", **fields})


def _english_words() -> set[str]:
    """Every word of three letters or more in the English of the session's sentences."""
    words: set[str] = set()
    for key in _solo_keys():
        words |= {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", entry(key)["en"]))}
    return words


def _typed_words() -> set[str]:
    """What a person types stays English in every language: commands, their arguments, likelihoods, policies."""
    from sim.agents.base import load_policies
    from sim.oracle import LIKELIHOODS
    from sim.solo.commands import COMMANDS

    typed = set(COMMANDS) | {"add", "close", "remove", "score", "sim", "solo", "continue", "oracle", "ndm", "new", "tick",
                             "clear", "expr", "burn", "create", "overcome"}  # act's: burn TAG, act create SKILL
    typed |= {part for name in LIKELIHOODS for part in name.split("_")} | set(load_policies()["players"])
    return typed


@pytest.mark.parametrize("lang", ZH)
def test_a_scripted_session_in_chinese_shows_no_english_sentence_of_the_session(lang, tmp_path, capsys):
    save, script = tmp_path / "crew.save", tmp_path / "script.txt"
    script.write_text("\n".join(SCRIPT) + "\n", encoding="utf-8")
    assert main(["solo", "new", str(STARTER), "--save", str(save), "--seats", "pc1", "--scores", "1", "--lang", lang,
                 "--script", str(script)]) == 0
    out = capsys.readouterr().out
    events = [json.loads(line) for line in
              (lambda: (main(["solo", "export", str(save), "--json"]), capsys.readouterr().out)[1])().splitlines()]
    start = next(e for e in events if e["event"] == "campaign_start")
    names = [p["name"] for p in start["pcs"]] + [start.get("crew") or ""]
    shown = [line for line in out.splitlines() if not line.startswith("> ")]  # the echoed script is the person's
    text = "\n".join(shown)
    for name in sorted(filter(None, names), key=len, reverse=True):
        text = text.replace(name, " ")
    text = text.replace(str(save), " ")
    assert not re.search(r"\bsolo\.[a-z_]+\.", text), "an untranslated key"
    assert "主持人" in text and ("緊張度" if lang == "zh-Hant" else "紧张度") in text  # the GM's reasons, tension
    english = _english_words() - _typed_words()
    leaked = sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w.casefold() in english})
    assert not leaked, f"English words of the session's sentences in a {lang} session: {leaked}"


@pytest.mark.parametrize("lang", ZH)
def test_an_answer_by_its_label_in_the_plays_language_and_ask_by_a_likelihood_name(lang, tmp_path):
    from sim.solo.session import Session

    s = Session.new(STARTER, tmp_path / "crew.save", seats="pc1", scores=1, lang=lang)
    try:
        label = s.pending.options[-1].label
        assert not re.search(r"[A-Za-z]{3,}", label), label
        first = s.pending
        reply = s.handle(label)
        assert s.save.entries[-1]["choice"] == first.values[-1] and not (reply.text and reply.text[0][0] in "?？")
        name = t("oracle.likelihood.very_likely", lang)
        s.handle(f"ask 門開著嗎 {name}")
        assert s.save.entries[-1] == {"type": "oracle", "question": "門開著嗎", "likelihood": "very_likely"}
    finally:
        s.close()
