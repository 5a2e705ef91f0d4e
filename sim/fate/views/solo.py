"""Fate in solo play (issue 11): the sheets, scene, opposition, tension, threads and NPCs a solo session reads.

Found by the session through ``System.solo`` (:mod:`sim.fate.system`). The PCs' sheets are folded from the
journal over the scenario's starting characters (:func:`sim.fate.adventure.make_pcs`), with the engine's own
pure rules for what events leave implicit: stress clears at a scene's end (FATE.CONFLICT.STRESS.2),
consequences clear with time (:func:`sim.fate.characters.recovery.pass_time`, FATE.RECOVER.2, FATE.RECOVER.4), milestones
swap, replace and raise skills or buy stunts (:mod:`sim.fate.characters.milestones`, FATE.ADV.1, FATE.ADV.2). Fate points
are the ``after`` of every ``fate_points`` event. ``tests/test_solo_fate.py`` checks the fold against the live
adventure's final characters.

Tension (the oracle's 1..9): a PC taken out, a consequence on a PC, a concession, a scene lost or failed raise
it; an opponent taken out and a scene won lower it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

from sim.fate.tables import aspect_words, character_words, stunt_labels, words
from sim.solo.kit import SoloViews, View
from sim.solo.views import named, word

GOOD_RESULTS = ("won", "success")
BAD_RESULTS = ("lost", "failure")


def _name(value: Any, lang: str) -> str:
    """A scene name as the scenario gives it: a string, or ``{en: ..., zh-Hant: ...}``."""
    if isinstance(value, Mapping):
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return str(value or "")


def fold_characters(scenario: Any, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The PCs (``sim.fate.characters.character.Character``) after ``events``, from the scenario's starting characters."""
    from sim.fate.adventure import make_pcs
    from sim.fate.characters.milestones import buy_stunt, raise_skill, replace_average, rewrite_stunt, swap_skills
    from sim.fate.characters.character import fit_tracks
    from sim.fate.characters.recovery import pass_time
    from sim.fate.tables import stunts as stunt_table

    pcs = make_pcs(scenario)
    content = scenario.content
    stunts = None
    scene = session = 0
    for e in events:
        name, cid = e["event"], e.get("actor")
        if name == "scene_start":
            scene = int(e.get("n") or scene + 1)
        elif name == "session_start":
            session = int(e.get("n") or session + 1)
        if name == "fate_points" and cid in pcs:
            pcs[cid] = replace(pcs[cid], fate_points=int(e["after"]))
        elif name == "fate_stress" and cid in pcs:
            marked, of = int(e.get("marked") or 0), int(e.get("of") or 0)
            pcs[cid] = replace(pcs[cid], **{e["track"]: (True,) * marked + (False,) * max(of - marked, 0)})
        elif name == "fate_consequence" and cid in pcs:
            slots = tuple(replace(s, aspect=e["aspect"], harm=e.get("track")) if s.name == e["slot"] else s
                          for s in pcs[cid].slots)
            pcs[cid] = replace(pcs[cid], slots=slots)
        elif name == "fate_recovery" and cid in pcs:
            treated = (int(e["scene"]), int(e["session"])) if e.get("scene") is not None else None
            slots = tuple(replace(s, aspect=e["aspect"], recovering=True, treated=treated) if s.name == e["slot"] else s
                          for s in pcs[cid].slots)
            pcs[cid] = replace(pcs[cid], slots=slots)
        elif name == "fate_scene_end":
            pcs = {c: replace(p, physical=(False,) * len(p.physical), mental=(False,) * len(p.mental))
                   for c, p in pcs.items()}
        elif name == "scene_end":
            pcs = {c: pass_time(p, "scene", content, scene=scene, session=session) for c, p in pcs.items()}
        elif name == "milestone" and cid in pcs:
            char = pcs[cid]
            skills = dict(char.skills)
            if e.get("choice") == "swap_skills" and e.get("skills"):
                skills = swap_skills(skills, *e["skills"])
            elif e.get("choice") == "replace_average" and e.get("skills"):
                skills = replace_average(skills, *e["skills"])
            elif e.get("choice") == "buy_stunt" and e.get("stunt"):
                stunts = stunts if stunts is not None else stunt_table(content)
                wanted = stunts.get(e["stunt"])  # the table's stunts are keyed by their names (ids)
                if wanted is not None:
                    char = buy_stunt(char, wanted)
            elif e.get("choice") == "rewrite_stunt" and e.get("stunt") and e.get("replaced"):
                stunts = stunts if stunts is not None else stunt_table(content)
                wanted = stunts.get(e["stunt"])
                old = next((s for s in char.stunts if s.name == e["replaced"]), None)
                if wanted is not None and old is not None:
                    char = rewrite_stunt(char, old, wanted)
            if e.get("raised"):
                skills, _ = raise_skill(skills, e["raised"])
            char = fit_tracks(replace(char, skills=tuple(sorted(skills.items()))))  # FATE.CHAR.3
            char = pass_time(char, "session", content, scene=scene, session=session)
            if e.get("kind") == "major":
                char = pass_time(char, "major_milestone", content, scene=scene, session=session)
            pcs[cid] = char
    return pcs


def sheet_data(char: Any, labels: Mapping[str, str] | None = None, names: Mapping[str, str] | None = None,
               lang: str = "en") -> dict:
    """One character as plain JSON (the ``sheet`` view's ``pcs`` entries, ``system: fate``); ``stunts`` are ids,
    ``stunt_labels`` how a sheet shows each (:func:`sim.fate.tables.stunt_labels`, the id when unknown); aspects
    and consequences as the journal keeps them (English), ``aspect_labels`` and each consequence's ``label`` in
    ``lang`` (:func:`sim.fate.tables.aspect_words` over ``names``, :func:`sim.fate.tables.words`)."""
    labels = labels or {}

    def shown(text: str) -> str:
        return aspect_words(text, names, lang) if names and text else text

    return {"name": char.name, "aspects": list(char.aspects), "aspect_labels": [shown(a) for a in char.aspects],
            "skills": dict(sorted(char.skills, key=lambda kv: (-kv[1], kv[0]))),
            "stress": {"physical": [int(b) for b in char.physical], "mental": [int(b) for b in char.mental]},
            "consequences": [{"slot": s.name, "severity": s.severity, "value": s.value, "aspect": s.aspect,
                              "label": shown(s.aspect),
                              "recovering": bool(s.recovering)} for s in char.slots],
            "fate_points": char.fate_points, "refresh": char.refresh, "stunts": [s.name for s in char.stunts],
            "stunt_labels": [labels.get(s.name, s.name) for s in char.stunts]}


def scene_state(events: Sequence[Mapping[str, Any]], lang: str = "en",
                reader: Mapping[str, str] | None = None) -> dict:
    """The current (or last) scene: kind, zones and who is where, situation aspects with free invokes, opposition,
    and its progress (challenge tasks, contest victories). Names stay as the journal keeps them (English);
    ``labels`` gives, for each aspect, task, zone and character whose words in ``lang`` differ, those words
    (:func:`sim.fate.tables.aspect_words` over ``reader``: :func:`sim.fate.tables.words`)."""
    state: dict = {}
    names: dict[str, str] = {}
    for e in events:
        name = e["event"]
        if name == "adventure_start":
            names.update(e.get("pcs") or {})
        elif name == "scene_start":
            state = {"scene": _name(e.get("name"), lang), "kind": e.get("kind"), "zones": list(e.get("zones") or ()),
                     "positions": {}, "aspects": {}, "opposition": dict(e.get("opposition") or {}), "out": [],
                     "progress": [], "open": True}
            state["aspects"] = {a: {"kind": "situation", "zone": None, "free_invokes": {}} for a in e.get("aspects") or ()}
            names.update(state["opposition"])
        elif not state:
            continue
        elif name == "fate_aspect":
            row = state["aspects"].setdefault(e["name"], {"kind": e.get("kind"), "zone": e.get("zone"),
                                                          "free_invokes": {}})
            if e.get("holder") and e.get("free_invokes"):
                who = names.get(e["holder"], e["holder"])
                row["free_invokes"][who] = row["free_invokes"].get(who, 0) + int(e["free_invokes"])
        elif name == "fate_invoke" and e.get("free") and e.get("aspect") in state["aspects"]:
            row = state["aspects"][e["aspect"]]["free_invokes"]
            who = names.get(e.get("actor"), e.get("actor"))
            if row.get(who):
                row[who] -= 1
        elif name == "conflict_start":
            state["positions"] = {names.get(c, c): z for c, z in (e.get("positions") or {}).items()}
        elif name in ("move", "turn") and state["positions"]:
            zone = e.get("to") if name == "move" else e.get("zone")
            if zone:
                state["positions"][names.get(e.get("actor"), e.get("actor"))] = zone
        elif name in ("taken_out", "concede"):
            who = names.get(e.get("actor"), e.get("actor"))
            state["out"].append(who)
            state["positions"].pop(who, None)
        elif name == "challenge_start":
            state["progress"] = [{"name": task, "kind": skill, "filled": 0, "size": 1, "difficulty": diff}
                                 for task, skill, diff in e.get("tasks") or ()]
        elif name == "fate_roll" and e.get("task"):
            for task in state["progress"]:
                if task["name"] == e["task"] and e.get("outcome") in ("succeed", "style", "tie"):
                    task["filled"] = 1
        elif name == "contest_start":
            state["progress"] = [{"name": side if side != "pcs" else "pcs", "kind": "victories", "filled": 0,
                                  "size": int(e.get("victories") or 3)} for side, _, _ in e.get("sides") or ()]
        elif name == "contest_victory":
            for row in state["progress"]:
                if row["name"] == e.get("side"):
                    row["filled"] = int(e.get("total") or 0)
        elif name == "scene_end":
            state["open"] = False
            state["result"] = e.get("result")
    if state and reader:
        shown = [*state["aspects"], *(row["name"] for row in state["progress"]), *state["opposition"].values(),
                 *state["positions"], *state["zones"]]
        state["labels"] = {text: words_of for text in shown
                           if isinstance(text, str) and (words_of := _npc_words(text, reader, lang)) != text}
    return state


def _npc_words(text: str, names: Mapping[str, str], lang: str) -> str:
    """An aspect, task, zone or character in ``lang``: a numbered opponent (``Robed Cultist 2``) keeps its number,
    so does an aspect's holder in brackets (``Glancing Blow (Watch Guard)``)."""
    shown = character_words(text, names)
    return shown if shown != text else aspect_words(text, names, lang, lambda who: character_words(who, names))


class FateSolo(SoloViews):
    """The Fate views (see the module docstring)."""

    views = ("sheet", "clocks", "scene")

    def player_seats(self, scenario: Any) -> tuple[str, ...]:
        """One seat for each of the adventure's PCs (``pc1``..``pcN``)."""
        return tuple(f"pc{i}" for i in range(1, len(scenario.pcs) + 1))

    def __init__(self, content: Any = None, lang: str = "en", scenario: Any = None):
        super().__init__(content, lang)
        self.scenario = scenario
        self._names: tuple[Any, Mapping[str, str]] | None = None  # (the content they were read from, the words)

    @property
    def names(self) -> Mapping[str, str]:
        """English -> the reader's words of every name Fate's tables and the adventure's author translate
        (:func:`sim.fate.tables.words` of the scenario's content, read once per content)."""
        content = self.scenario.content if self.scenario is not None else self.content
        if self._names is None or self._names[0] is not content:
            self._names = (content, words(content, self.lang) if self.lang != "en" else {})
        return self._names[1]

    def characters(self, events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        for e in events:
            if e["event"] == "adventure_start":
                return dict(e.get("pcs") or {})
        return {}

    def _w(self, key: str, english: str) -> str:
        return word(key, self.lang, english)

    def sheet(self, events: Sequence[Mapping[str, Any]], pc: str | None = None) -> View:
        if self.scenario is None or not events:
            return [self._w("solo.sheet.none", "(no sheet yet)")], {}
        pcs = fold_characters(self.scenario, events)
        lines: list[str] = []
        data: dict = {"system": "fate", "pcs": {}}
        for cid in ([pc] if pc else list(pcs)):
            s = sheet_data(pcs[cid], stunt_labels(self.scenario.content, self.lang), self.names, self.lang)
            data["pcs"][cid] = s
            lines += sheet_lines(cid, s, self.lang)
        return lines, data

    def clocks(self, events: Sequence[Mapping[str, Any]]) -> View:
        state = scene_state(events, self.lang, self.names)
        labels = state.get("labels") or {}
        rows = [{"name": r["name"], "label": labels.get(r["name"], r["name"]), "kind": r["kind"],
                 "kind_label": self._kind(r["kind"]), "filled": r["filled"], "size": r["size"]}
                for r in state.get("progress") or ()] if state.get("open") else []
        lines = [f"{r['label']} ({r['kind_label']}): {r['filled']}/{r['size']}" for r in rows]
        return lines or [self._w("solo.clocks.no_fate_scene", "(no challenge or contest running)")], {"clocks": rows}

    def _kind(self, kind: str) -> str:
        """What a progress row counts, in the reader's words: a challenge task's skill, a contest's victories."""
        return self._w("fate.term.victory", kind) if kind == "victories" else self._w(f"fate.skill.{kind.lower()}", kind)

    def scene_view(self, events: Sequence[Mapping[str, Any]]) -> View:
        state = scene_state(events, self.lang, self.names)
        if not state:
            return [], {}
        w = self._w
        labels = state.get("labels") or {}
        lines = [] if state["open"] else [  # the session's own line names the scene; an ended one says how
            f"  {state['scene']}: {w('fate.adventure.result.' + str(state.get('result')), str(state.get('result')))}"]
        if state["positions"]:
            where = ", ".join(f"{labels.get(who, who)} @ {labels.get(zone) or named('fate.zone', zone, self.lang)}"
                              for who, zone in state["positions"].items())
            lines.append(f"  {w('fate.term.zone', 'zone')}: {where}")
        elif state["zones"]:
            lines.append(f"  {w('fate.term.zone', 'zone')}: "
                         f"{', '.join(labels.get(z) or named('fate.zone', z, self.lang) for z in state['zones'])}")
        for aspect, row in state["aspects"].items():
            free = ", ".join(f"{labels.get(who, who)} {n}" for who, n in row["free_invokes"].items() if n)
            lines.append(f"  {w('fate.term.aspect', 'aspect')} “{labels.get(aspect, aspect)}”"
                         + (f" ({w('fate.term.free_invoke', 'free invoke')}: {free})" if free else ""))
        if state["opposition"]:
            foes = ", ".join(labels.get(n, n) + (f" ({w('fate.term.taken_out', 'taken out')})" if n in state["out"] else "")
                             for n in state["opposition"].values())
            lines.append(f"  {w('fate.term.opposition', 'opposition')}: {foes}")
        return lines, {"system": "fate", **state}

    # --- the oracle's reading of play ----------------------------------------------------------------------
    def option_odds(self, kind: str, option: Any, context: Mapping[str, Any]) -> str | None:
        """FATE.ASPECT.3, FATE.OUTCOME.1: beside each invoke choice, what the roll comes to: not invoking leaves the
        outcome the gap now gives; +2 moves the gap by two; a reroll of all four dice gives the exact chance of each
        outcome (from the briefing's distribution of the new gap). Beside each action, skill, defence or task
        (:data:`ROLL_KINDS`), the roll's opposition and exact odds before invokes (:func:`action_odds`)."""
        if kind in ROLL_KINDS:
            return action_odds(kind, option, context, self.lang)
        if kind != "fate_invoke" or "gap" not in context:
            return None
        return invoke_odds(option, context, self.lang)

    def odds_detail(self, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> list[str]:
        """FATE.CONFLICT.3: after a conflict turn's odds, each attack's chance that its hit takes the target out
        (more shifts than they can absorb), from the briefing."""
        from sim.agents import catalogue
        from sim.i18n import term_or

        if kind != "fate_action":
            return []
        lines = []
        rows = context.get("options") or {}
        for option in options:
            row = rows.get(f"{option[0]}:{option[1]}:{option[2]}") if isinstance(option, (tuple, list)) else None
            if not row or "takes_out" not in row:
                continue
            target = character_words(str((context.get("names") or {}).get(option[1], option[1])), self.names)
            lines.append("  " + term_or("fate.format.takes_out", "{option}: {p}", self.lang,
                                        option=catalogue.label(kind, option, self.lang, context), target=target,
                                        p=f"{float(row['takes_out']['float']) * 100:.1f}%",
                                        capacity=row["capacity"]))
        return lines

    def tension(self, event: Mapping[str, Any]) -> tuple[int, str] | None:
        return self.worded(_tension_move(event))

    def scene(self, event: Mapping[str, Any]) -> str | None:
        if event["event"] == "scene_start":
            kind = self._w(f"fate.scene.{event.get('kind')}", str(event.get("kind")))
            return f"{_name(event.get('name'), self.lang)} ({kind})"
        return None

    def threads(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        name = event["event"]
        if name == "scene_start":
            return [("add", f"{self._w('fate.term.scene', 'scene').capitalize()}: "
                            f"{_name(event.get('name'), self.lang)}")]
        if name == "scene_end" and self.scenario is not None:
            try:
                title = _name(self.scenario.scene(event.get("scene")).name, self.lang)
            except Exception:  # a scene the scenario no longer has: nothing to close
                return ()
            return [("close", f"{self._w('fate.term.scene', 'scene').capitalize()}: {title}")]
        if name == "compel" and event.get("accepted"):
            aspect = str(event.get("aspect"))
            aspect = self.names.get(aspect, aspect) if self.words >= 3 else aspect  # older saves: as journaled
            return [("add", f"{self._w('fate.term.compel', 'compel').capitalize()}: {aspect}")]
        return ()

    def npcs(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """The named people the scenes bring on (a major NPC, FATE.CHAR.5), in the reader's words; nameless minor
        NPCs (a Dock Thug) are not people a random event names (a save before words 3: every opponent)."""
        if event["event"] != "scene_start":
            return ()
        opposition = (event.get("opposition") or {}).values()
        if self.words < 3:
            return [("add", str(n)) for n in opposition]
        people = self._people()
        return [("add", self.names.get(str(n), str(n))) for n in opposition if str(n) in people]

    def _people(self) -> frozenset[str]:
        """The English names of the major NPCs (content/fate/npcs.yaml) the scenario can bring on."""
        from sim.i18n import text_of

        content = self.scenario.content if self.scenario is not None else self.content
        try:
            rows = content.table("fate/npcs")["npcs"] if content is not None else ()
        except (KeyError, TypeError, AttributeError):
            rows = ()
        return frozenset(text_of(r["name"], "en") for r in rows if r.get("kind") == "major")

    def auto_until(self, phase: str) -> frozenset[str]:
        return frozenset({"scene_end", "adventure_end"})

    def agent(self, name: str) -> Any:
        from sim.fate.agents import fate_agent

        return fate_agent("players", name)

    def policy(self, events: Sequence[Mapping[str, Any]], seat: str) -> str | None:
        if self.scenario is None:
            return None
        found = next((pc.policy for pc in self.scenario.pcs if pc.seat == seat), None)
        return None if found == "human" else found  # the person's own seat: the default policy


def _tension_move(event: Mapping[str, Any]) -> tuple[int, str] | None:
    """How an event moves the oracle's tension: (delta, the ``solo.tension.*`` reason)."""
    name, pc = event["event"], str(event.get("actor") or "").startswith("pc")
    if name == "taken_out":
        return (2, "pc_taken_out") if pc else (-1, "opponent_taken_out")
    if name == "fate_consequence" and pc:
        return 1, "consequence"
    if name == "concede" and pc:
        return 1, "concession"
    if name == "scene_end":
        if event.get("result") in GOOD_RESULTS:
            return -1, "scene_won"
        if event.get("result") in BAD_RESULTS:
            return 1, "scene_lost"
    return None


def sheet_lines(cid: str, s: Mapping[str, Any], lang: str) -> list[str]:
    """A Fate sheet as plain lines (the ``sheet`` command through a pipe, and the export's lines)."""
    def w(key: str, english: str) -> str:
        return word(key, lang, english)

    skills = ", ".join(f"{w('fate.skill.' + k.lower(), k)} {v:+d}" for k, v in s["skills"].items() if v)
    stress = "; ".join(f"{w('fate.stress_track.' + t, t)} " + "".join("x" if b else "." for b in boxes)
                       for t, boxes in s["stress"].items())
    taken = [f"{w('fate.consequence.' + c['severity'], c['severity'])} “{c.get('label') or c['aspect']}”"
             for c in s["consequences"] if c["aspect"]]
    return [f"{s['name']} ({cid}): {w('fate.sheet.fate_points', 'fate points')} {s['fate_points']}, "
            f"{w('fate.term.refresh', 'refresh')} {s['refresh']}",
            f"  {w('fate.sheet.aspects', 'aspects')}: {' / '.join(s.get('aspect_labels') or s['aspects'])}",
            f"  {w('fate.sheet.skills', 'skills')}: {skills}",
            f"  {w('fate.sheet.stress', 'stress')}: {stress}",
            f"  {w('fate.sheet.consequences', 'consequences')}: {', '.join(taken) or '-'}",
            f"  {w('fate.sheet.stunts', 'stunts')}: {', '.join(s.get('stunt_labels') or s['stunts']) or '-'}"]


def markdown_sheets(events: Sequence[Mapping[str, Any]], scenario: Any, lang: str) -> list[str]:
    """The PCs' final sheets as Markdown (``sim solo export --md``): a heading and the sheet's lines each."""
    from sim.solo.markdown import md

    out: list[str] = []
    names = words(scenario.content, lang) if lang != "en" else {}
    for cid, char in fold_characters(scenario, events).items():
        first, *rest = sheet_lines(cid, sheet_data(char, stunt_labels(scenario.content, lang), names, lang), lang)
        out += ["", f"### {md(first)}", ""] + [f"- {md(line.strip())}" for line in rest]
    return out[1:]


def _outcome(gap: int, lang: str) -> str:
    from sim.dice import fate_outcome
    from sim.i18n import term_or

    key = fate_outcome(gap)
    return term_or(f"fate.outcome.{key}", key, lang)


def invoke_odds(option: Any, context: Mapping[str, Any], lang: str) -> str | None:
    """``-5: fail`` / ``+2 → -3: fail`` / ``fail 75.3% · tie 12.3% · succeed 6.2% · style 1.2%`` (a reroll): what
    one invoke choice makes of the roll, from the briefing (:func:`sim.fate.views.briefings.brief_invoke`)."""
    from fractions import Fraction

    from sim.dice import FATE_OUTCOMES, fate_outcome
    from sim.i18n import term_or

    how, aspect, mode = option if isinstance(option, (tuple, list)) and len(option) == 3 else (option, None, None)
    key = "pass" if how == "pass" else f"{how}:{aspect}:{mode}"
    entry = (context.get("options") or {}).get(key)
    if entry is None:
        return None
    gap = entry["gap"]
    if isinstance(gap, int):
        shown = f"{gap:+d}: {_outcome(gap, lang)}"
        return shown if how == "pass" else f"+2 → {shown}"
    chances = dict.fromkeys(FATE_OUTCOMES, Fraction(0))
    for total, p in gap.items():
        chances[fate_outcome(int(total))] += Fraction(p["p"])
    shares = " · ".join(f"{term_or(f'fate.outcome.{k}', k, lang)} {float(v):.1%}" for k, v in chances.items() if v)
    return shares


#: decisions whose options each lead to one roll, with its odds in the briefing's ``options`` (sim.fate.views.briefings)
ROLL_KINDS: frozenset[str] = frozenset(("fate_action", "fate_skill", "fate_defend", "fate_task"))


def ladder_words(value: int, lang: str) -> str:
    """A ladder rung as ``sim odds fate`` heads its table, e.g. ``Good (+3)`` (FATE.LADDER.1-2)."""
    from sim.dice import ladder_name
    from sim.i18n import term_or

    name = term_or(f"fate.ladder.{value}", ladder_name(value), lang)
    return term_or("fate.format.ladder", "{name} ({value})", lang, name=name, value=f"{value:+d}")


def odds_words(row: Mapping[str, Any], lang: str) -> str:
    """``Good (+3) opposed by Athletics Fair (+2): fail 21.4% · tie 13.6% · succeed 24.5% · succeed with style
    40.5%``: the rating against the opposition (passive, ``vs``, a ladder rung; active, ``opposed by``, the skill
    the other side rolls) and the chance of each outcome (FATE.OUTCOME.1), as ``sim odds fate --skill R --vs V
    [--opposed]`` prints them (the same words and rounding, every outcome)."""
    from fractions import Fraction

    from sim.i18n import term_or

    if row["opposed"]:
        against = term_or("cli.odds.opposed", "opposed by", lang)
        if row.get("defence"):
            against += " " + term_or(f"fate.skill.{row['defence'].lower()}", row["defence"], lang)
    else:
        against = term_or("cli.odds.vs", "vs", lang)
    shares = " · ".join(f"{term_or(f'fate.outcome.{k}', k, lang)} {float(Fraction(p['p'])) * 100:.1f}%"
                        for k, p in row["outcomes"].items())
    head = f"{ladder_words(row['rating'], lang)} {against} {ladder_words(row['vs'], lang)}"
    if row.get("best"):  # the skill is chosen next: these are the odds with the best one
        skill = row["skill"]
        head = f"{term_or('fate.skill.' + skill.lower(), skill, lang)} {head}"
    return f"{head}: {shares}"


def action_odds(kind: str, option: Any, context: Mapping[str, Any], lang: str) -> str | None:
    """The odds beside one option of a roll decision (:data:`ROLL_KINDS`), from its briefing; None where the option
    rolls nothing (helping an ally)."""
    if kind == "fate_action":
        if not (isinstance(option, (tuple, list)) and len(option) == 3):
            return None
        key = f"{option[0]}:{option[1]}:{option[2]}"
    else:
        key = str(option)
    row = (context.get("options") or {}).get(key)
    if not row or "outcomes" not in row:
        return None
    return odds_words(row, lang)
