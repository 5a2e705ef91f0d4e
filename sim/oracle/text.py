"""The oracle's results in words for people (``sim oracle``, solo play's replies), in three languages.

Words go through :mod:`sim.i18n` (``oracle.*`` terms) and the word tables (:class:`Words`); the
results themselves stay plain data (journal-ready dicts from :mod:`sim.oracle`).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.oracle.scale import ANSWER_DICE, LIKELIHOOD_MODIFIERS, tension_modifier


def answer_name(answer: str, lang: str | None) -> str:
    from sim.i18n import t

    return t(f"oracle.answer.{answer}", lang)


def likelihood_name(likelihood: str, lang: str | None) -> str:
    from sim.i18n import t

    return t(f"oracle.likelihood.{likelihood}", lang)


def modifiers(likelihood: str, tension: int, lang: str | None) -> str:
    """``+2 likely +0 tension``: what the likelihood and the tension add to the 3d10 (ORACLE.SCALE.2-3)."""
    from sim.i18n import t

    return (f"{LIKELIHOOD_MODIFIERS[likelihood]:+d} {likelihood_name(likelihood, lang)}, "
            f"{tension_modifier(tension):+d} {t('oracle.term.tension', lang)}")


def event_line(event: Mapping[str, Any], words, lang: str | None) -> str:
    """``An NPC acts (Mylera): betray / debt`` (ORACLE.EVENT.2-3, ORACLE.MEANING.1)."""
    focus = words.focus_name(event["focus"], lang)
    about = event.get("thread") or event.get("npc")
    return f"{focus}{f' ({about})' if about else ''}: {meaning_line(event, words, lang)}"


def meaning_line(pair: Mapping[str, Any], words, lang: str | None) -> str:
    """``betray / debt``: the pair in ``lang`` (from its ids when it has them, else as journaled)."""
    if "action_id" in pair and "subject_id" in pair:
        action = words.word(words.by_id("actions", pair["action_id"]), lang)
        subject = words.word(words.by_id("subjects", pair["subject_id"]), lang)
        return f"{action} / {subject}"
    return f"{pair['action']} / {pair['subject']}"


def ask_lines(result: Mapping[str, Any], words, lang: str | None) -> list[str]:
    """An ``ask`` result: the question, the dice and the answer, and the tension die with its event."""
    from sim.i18n import t

    dice = result["roll"][:ANSWER_DICE]
    tension_die = result["roll"][ANSWER_DICE]
    total = sum(dice) + LIKELIHOOD_MODIFIERS[result["likelihood"]] + tension_modifier(result["tension"])
    head = (f"{result['question']} — {likelihood_name(result['likelihood'], lang)}, "
            f"{t('oracle.format.tension', lang, tension=result['tension'])}")
    rolled = (f"  {t('cli.roll.rolled', lang)} {', '.join(map(str, dice))} "
              f"{modifiers(result['likelihood'], result['tension'], lang)} = {total} → "
              f"{answer_name(result['answer'], lang)}")
    event = result.get("event")
    after = event_line(event, words, lang) if event else t("oracle.term.no_event", lang)
    die = f"  {t('oracle.term.tension_die', lang)} {tension_die}: "
    if event:
        die += f"{t('oracle.term.random_event', lang)} — {after}"
    else:
        die += after
    return [head, rolled, die]


def scene_line(check: Mapping[str, Any], tension: int, lang: str | None) -> str:
    """``scene check: d20 12 + tension 5 = 17 → altered`` (ORACLE.SCENE.1)."""
    from sim.i18n import t

    return (f"{t('oracle.term.scene_check', lang)}: d20 {check['roll']} + "
            f"{t('oracle.format.tension', lang, tension=tension)} = {check['roll'] + tension} → "
            f"{t('oracle.scene.' + check['result'], lang)}")


def scene_lines(check: Mapping[str, Any], lang: str | None) -> list[str]:
    """A journaled scene check for people (ORACLE.SCENE.1): the check, what the person expected, and what an altered
    scene's meaning words or an interrupted scene's random event make of it."""
    from sim.i18n import t
    from sim.oracle.words import load_words

    lines = [f"== {check['scene']} == {scene_line(check, check['tension'], lang)}"]
    if check.get("expected"):
        lines.append("  " + t("oracle.scene_how.expected", lang, text=check["expected"]))
    if check.get("meaning"):
        lines.append("  " + t("oracle.scene_how.altered", lang, meaning=meaning_line(check["meaning"], load_words(), lang)))
    if check.get("random_event"):
        lines.append("  " + t("oracle.scene_how.interrupted", lang,
                              event=event_line(check["random_event"], load_words(), lang)))
    return lines
