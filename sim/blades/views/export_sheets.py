"""The final sheets of a Blades story, as Markdown, rebuilt from the journal alone.

The numbers are :func:`sim.blades.crew.sheet.fold_sheet` of the events (the same sheet a live campaign gives,
``tests/test_journal_rebuilds_sheet.py``); names and playbooks come from ``campaign_start`` and ``recruit``.
Words through :mod:`sim.i18n` (``blades.*`` rule terms, ``export.sheet.*`` labels).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.blades.views.narrate import harm_note
from sim.i18n import t
from sim.solo.markdown import md, term

Lines = list[str]


def _field(label: str, value: str, lang: str) -> str:
    return f"- {md(t('export.sheet.field', lang, label=label, value=value))}"


def _joined(words: Sequence[str], lang: str) -> str:
    return t("export.sheet.separator", lang).join(words) if words else t("cli.word.none", lang)


def characters(events: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, str]]:
    """Every scoundrel the journal introduced: id -> {name, playbook}, in the order they came."""
    out: dict[str, dict[str, str]] = {}
    for e in events:
        if e.get("event") == "campaign_start":
            for pc in e.get("pcs") or ():
                out[pc["id"]] = {"name": pc["name"], "playbook": pc["playbook"]}
        elif e.get("event") == "recruit":
            out[e["pc"]] = {"name": e.get("name", e["pc"]), "playbook": e.get("playbook", "")}
    return out


def blades_sheets(events: Sequence[Mapping[str, Any]], content: Any, lang: str) -> Lines:
    """The crew's sheet, then each scoundrel's, then the factions whose status is not neutral."""
    from sim.blades.crew.sheet import fold_sheet

    sheet = fold_sheet(events)
    out = [f"### {md(t('blades.term.crew', lang).capitalize())}", ""] + crew_lines(sheet["crew"], lang)
    people = characters(events)
    for pc_id, pc in sheet["pcs"].items():
        who = people.get(pc_id, {"name": pc_id, "playbook": ""})
        heading = t("export.sheet.pc", lang, name=who["name"], playbook=term("blades.playbook", who["playbook"], lang))
        out += ["", f"### {md(heading)}", ""] + pc_lines(pc, lang)
    statuses = [(fid, f["status"]) for fid, f in sheet["factions"].items() if f.get("status")]
    if statuses:
        out += ["", f"### {md(t('export.sheet.factions', lang))}", ""]
        out += [_field(term("blades.faction", fid, lang), f"{term('blades.status', v, lang)} ({v:+d})", lang)
                for fid, v in statuses]
    return out


def crew_lines(crew: Mapping[str, Any], lang: str) -> Lines:
    numbers = t("export.sheet.crew", lang, tier=crew["tier"], hold=term("blades.hold_level", crew["hold"], lang),
                rep=crew["rep"], coin=crew["coin"], vault=crew["vault"], heat=crew["heat"], wanted=crew["wanted"],
                turf=crew["turf"])
    upgrades = [term("blades.upgrade", u, lang) + (f" {n}" if n > 1 else "") for u, n in crew["upgrades"].items() if n]
    abilities = [term("blades.ability", a, lang) for a in crew["abilities"]]
    claims = [term("blades.claim", c, lang) for c in crew["claims"]]
    cohorts = [t("export.sheet.cohort", lang, type=term("blades.gang_type", c["type"], lang), quality=c["quality"],
                 scale=c["scale"]) for c in crew["cohorts"]]
    return [f"- {md(numbers)}",
            _field(t("blades.term.upgrade", lang), _joined(upgrades, lang), lang),
            _field(t("blades.term.special_ability", lang), _joined(abilities, lang), lang),
            _field(t("blades.term.claim", lang), _joined(claims, lang), lang),
            _field(t("blades.term.cohort", lang), _joined(cohorts, lang), lang)]


def pc_lines(pc: Mapping[str, Any], lang: str) -> Lines:
    status = term("play.pc_status", pc["status"], lang)
    numbers = t("export.sheet.numbers", lang, status=status, stress=pc["stress"], stress_max=pc["stress_max"],
                coin=pc["coin"], stash=pc["stash"])
    trauma = [term("blades.trauma", c, lang) for c in pc["trauma"]]
    harm = [t("solo.sheet.harm_row", lang, level=term("blades.harm.level", level, lang),
              list=t("export.sheet.separator", lang).join(harm_note(n, lang) for n in notes))
            for level, notes in sorted(pc["harm"].items(), key=lambda kv: int(kv[0])) if notes]
    actions = [f"{term('blades.action', a, lang)} {n}" for a, n in pc["actions"].items() if n]
    xp = [f"{term('blades.attribute', k, lang) if k != 'playbook' else t('blades.term.playbook', lang)} {n}"
          for k, n in pc["xp"].items()]
    abilities = [term("blades.ability", a, lang) for a in pc["abilities"]]
    return [f"- {md(numbers)}",
            _field(f"{t('blades.term.trauma', lang)} ({len(trauma)}/{pc['trauma_max']})", _joined(trauma, lang), lang),
            _field(t("blades.term.harm", lang), " · ".join(harm) or t("cli.word.none", lang), lang),
            _field(t("blades.term.action_rating", lang), _joined(actions, lang), lang),
            _field(t("blades.term.xp", lang), _joined(xp, lang), lang),
            _field(t("blades.term.special_ability", lang), _joined(abilities, lang), lang)]
