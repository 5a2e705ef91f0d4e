"""What the crew's own choices mean, beside each option of a person's menu (issue 30): targets, plans, playbooks.

Read from the briefings of :mod:`sim.blades.views.crew_briefings` (exact odds, the numbers ``sim odds blades``
prints for the engagement's dice, BITD.SCORE.4), worded in the play's language (``solo.odds.*``).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from sim.i18n import id_term, t


def _w(key: str, lang: str, **fields: Any) -> str:
    return t(f"solo.{key}", lang, **fields)


def _term(prefix: str, ident: Any, lang: str) -> str:
    return id_term(prefix, ident, lang)


def crew_option_odds(kind: str, option: Any, context: Mapping[str, Any], lang: str,
                     results_text: Callable[[Mapping[str, Any], str], str],
                     pct: Callable[[Mapping[str, Any]], str]) -> str | None:
    """The words beside ``option`` of a ``target``, ``plan``, ``gather_action`` or ``recruit_playbook`` decision;
    None for others (or when the briefing has nothing on it). ``results_text`` and ``pct``: how the solo views word a
    roll's odds and one chance (:func:`sim.blades.views.solo.results_text`, :func:`~sim.blades.views.solo.pct`,
    passed in: that module imports this one)."""
    if kind == "target":
        entry = (context.get("target_facts") or {}).get(option)
        if not entry:
            return None
        if "coin" not in entry or "engagement" not in entry:
            return _w("odds.target_claim", lang, tier=entry["tier"])
        e = entry["engagement"]
        return _w("odds.target", lang, tier=entry["tier"], coin=entry["coin"], rep=entry["rep"], heat=entry["heat"],
                  dice=e["dice"], plan=_term("blades.plan", e["plan"], lang), results=results_text(e["results"], lang))
    if kind == "plan":
        e = (context.get("engagement") or {}).get(option)
        if not e:
            return None
        detail = t(f"blades.plan_detail.{option}", lang)
        return _w("odds.plan_strong" if e["strongest_against"] else "odds.plan", lang, detail=detail, dice=e["dice"],
                  results=results_text(e["results"], lang))
    if kind == "gather_action":
        e = (context.get("gathering") or {}).get(option)
        if not e:
            return None
        who = (context.get("names") or {}).get(e["who"], e["who"])
        if e["guarded"]:
            return _w("odds.gather_guarded", lang, who=who, dice=e["dice"], results=results_text(e["results"], lang))
        return _w("odds.gather", lang, who=who, dice=e["dice"], results=results_text(e["results"], lang),
                  finds=pct(e["finds"]))
    if kind == "recruit_playbook":
        book = (context.get("playbooks") or {}).get(option)
        if not book:
            return None
        sep = _w("sheet.list_sep", lang)
        ratings = sep.join(f"{_term('blades.action', a, lang)} {r}" for a, r in book["ratings"].items())
        abilities = sep.join(_term("blades.ability", a, lang) for a in book["abilities"])
        return _w("odds.playbook", lang, ratings=ratings, abilities=abilities)
    return None
