"""Blades in solo play (issue 11): the views, tension, scenes, threads and NPCs a solo session reads from a journal.

Found by the session through ``System.solo`` (:mod:`sim.blades.system`). Sheets are folded from the journal
(:func:`sim.blades.crew.sheet.fold_sheet`), never read from the live campaign, so a parked campaign is only ever read
through its events. Odds beside options come from the seats' briefings (:mod:`sim.blades.views.briefings`: exact
fractions, the numbers ``sim odds blades`` prints, BITD.CORE.2, BITD.RESIST.3); the GM's reasons from the factors
a briefing carries (BITD.ACTION.3, BITD.EFFECT.2).

Tension (the oracle's 1..9) moves with how things go for the crew: a failed action roll, harm, trauma, a
scoundrel lost, heat, a failed score raise it; a critical, a won score, a crew advance lower it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from sim.blades.views.narrate import harm_note
from sim.solo.kit import SoloViews, View

RESULT_SHORT = (("critical", "crit"), ("success", "6"), ("partial", "4/5"), ("failure", "1-3"))


def _w(key: str, lang: str, **fields: Any) -> str:
    """A ``solo.*`` sentence (content/i18n/terms/solo.yaml) in ``lang``."""
    from sim.i18n import t

    return t(f"solo.{key}", lang, **fields)


def _term(prefix: str, ident: Any, lang: str) -> str:
    """A Blades term (``blades.position.risky``) in ``lang``; the id itself when there is none."""
    from sim.i18n import id_term

    return id_term(prefix, ident, lang)


def pct(entry: Mapping[str, Any]) -> str:
    """A briefing's exact odds (``{"p": "5/18", "float": ...}``) as a whole percentage (``28%``; ``<1%``)."""
    value = float(entry["float"]) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def results_text(results: Mapping[str, Any], lang: str = "en") -> str:
    """``crit 3% · 6 28% · 4/5 44% · 1-3 25%`` from a briefing's results."""
    return " · ".join(f"{_w('odds.short.' + key, lang)} {pct(results[key])}" for key, _ in RESULT_SHORT
                      if key in results)


def dice_text(dice: int, lang: str = "en") -> str:
    """``3d``; a pool of 0 or fewer dice says it rolls 2d and keeps the lowest (BITD.CORE.2), as ``sim odds`` does."""
    return f"{dice}d" if dice > 0 else _w("odds.zero_dice", lang)


def _pool(entry: Mapping[str, Any], lang: str = "en") -> str:
    dice = entry.get("dice")
    position = _term("blades.position", entry.get("position"), lang)
    effect = _term("blades.effect", entry.get("effect"), lang)
    results = results_text(entry["results"], lang)
    if isinstance(dice, int) and dice <= 0:
        return _w("odds.pool_zero", lang, dice=dice_text(dice, lang), position=position, effect=effect, results=results)
    return _w("odds.pool", lang, dice=dice, position=position, effect=effect, results=results)


def _fortune(entry: Mapping[str, Any], lang: str = "en") -> str:
    """A flashback's fortune roll: its dice, each result's odds and the chance the preparation pays off (4+)."""
    return _w("odds.fortune", lang, dice=dice_text(entry["dice"], lang), results=results_text(entry["results"], lang),
              works=pct(entry["works"]))


#: decisions whose briefing holds an ``actions`` pool for each option (the GM's position and effect, the odds)
ACTION_POOLS = ("action", "follow_up", "setup_action")


class BladesSolo(SoloViews):
    """The Blades views (see the module docstring)."""

    views = ("sheet", "crew", "clocks", "factions")

    def player_seats(self, scenario: Any) -> tuple[str, ...]:
        """One seat for each member of the crew (``pc1``..``pcN``)."""
        return tuple(f"pc{i}" for i in range(1, len(scenario.crew.members) + 1))

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        from sim.blades.views.narrate import Narrator

        self.n = Narrator(content, lang)

    # --- sheets --------------------------------------------------------------------------------------------
    def _fold(self, events: Sequence[Mapping[str, Any]]) -> dict:
        from sim.blades.crew.sheet import fold_sheet

        return fold_sheet(events) if events else {}

    def characters(self, events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for e in events:
            if e["event"] == "campaign_start":
                out.update({p["id"]: p["name"] for p in e.get("pcs", ())})
            elif e["event"] == "recruit":
                out[e["pc"]] = e.get("name", e["pc"])
        return out

    def _list(self, items: Iterable[Any]) -> str:
        return _w("sheet.list_sep", self.lang).join(map(str, items)) or _w("sheet.none_word", self.lang)

    def sheet(self, events: Sequence[Mapping[str, Any]], pc: str | None = None) -> View:
        sheet = self._fold(events)
        lang = self.lang
        if not sheet:
            return [_w("sheet.none", lang)], {}
        names = self.characters(events)
        wanted = [pc] if pc else list(sheet["pcs"])
        lines: list[str] = []
        data: dict = {"pcs": {}}
        for pid in wanted:
            s = sheet["pcs"][pid]
            labels = {lvl: [harm_note(note, lang) for note in rows] for lvl, rows in s["harm"].items() if rows}
            harm = _w("sheet.harm_sep", lang).join(
                _w("sheet.harm_row", lang, level=_term("blades.harm.level", lvl, lang), list=self._list(rows))
                for lvl, rows in labels.items()) or _w("sheet.none_word", lang)
            actions = self._list(f"{_term('blades.action', a, lang)} {r}" for a, r in s["actions"].items() if r)
            trauma = (_w("sheet.conditions", lang, list=self._list(_term("blades.trauma", c, lang) for c in s["trauma"]))
                      if s["trauma"] else "")
            lines += [_w("sheet.pc", lang, name=names.get(pid, pid), id=pid,
                         status=_term("solo.sheet.status", s["status"], lang), stress=s["stress"],
                         stress_max=s["stress_max"], trauma=len(s["trauma"]), trauma_max=s["trauma_max"],
                         conditions=trauma, harm=harm, coin=s["coin"], stash=s["stash"]),
                      _w("sheet.actions", lang, list=actions),
                      _w("sheet.abilities", lang, list=self._list(_term("blades.ability", a, lang)
                                                                   for a in s["abilities"]))]
            data["pcs"][pid] = {"name": names.get(pid, pid), **s, "harm_labels": labels}
        return lines, data

    def crew(self, events: Sequence[Mapping[str, Any]]) -> View:
        sheet = self._fold(events)
        lang = self.lang
        if not sheet:
            return [_w("crew.none", lang)], {}
        c = sheet["crew"]
        upgrades = self._list(_term("blades.upgrade", k, lang) for k, v in c["upgrades"].items() if v)
        lines = [_w("crew.line", lang, tier=c["tier"], hold=_term("blades.hold_level", c["hold"], lang), rep=c["rep"],
                    coin=c["coin"], vault=c["vault"], heat=c["heat"], wanted=c["wanted"], turf=c["turf"], xp=c["xp"]),
                 _w("crew.claims", lang, list=self._list(_term("blades.claim", k, lang) for k in c["claims"])),
                 _w("crew.upgrades", lang, list=upgrades),
                 _w("crew.abilities", lang, list=self._list(_term("blades.ability", a, lang) for a in c["abilities"]))]
        lines += [_w("crew.cohort", lang, id=_cohort_number(h["id"]), type=_term("blades.gang_type" if h["kind"] == "gang" else "blades.expert", h["type"], lang),
                     kind=_term("blades.term", h["kind"], lang), quality=h["quality"],
                     harm=_term("blades.cohort_harm", h["harm"], lang) if h["harm"] else _w("sheet.none_word", lang))
                  for h in c["cohorts"]]
        return lines, {"crew": c}

    def clocks(self, events: Sequence[Mapping[str, Any]]) -> View:
        """Every running clock once, as it stands now, named as a player would write it ("Alisha's long-term project:
        invent Dread tonic 3/8"): the score's own clocks (obstacles, danger) from the score's events, the campaign's
        (projects, a boss's patience) from the sheet. The data keeps each clock's journal ``id`` (and ``name``, the
        same id, as before) beside its ``label``."""
        sheet = self._fold(events)
        live: dict[str, dict] = {}
        for e in events:  # the score's clocks (obstacles, danger) live in the score's events, not the sheet
            if e["event"] == "new_clock" and e.get("owner") == "score":
                live[str(e["id"])] = {"kind": e.get("kind"), "filled": 0, "size": e.get("size")}
            elif e["event"] == "clock":
                cid = str(e.get("id"))
                cid = cid[len("score."):] if cid not in live and cid.startswith("score.") else cid
                if cid in live:
                    live[cid]["filled"] = e.get("after")
            elif e["event"] in ("score_end", "campaign_start"):
                live.clear()
            elif e["event"] == "clock_removed":
                live.pop(str(e.get("id")), None)
        clocks = [{"name": name, "id": name, "owner": "score", **c} for name, c in live.items()]
        clocks += [{"name": key, "id": key, **c} for key, c in (sheet.get("clocks") or {}).items()
                   if key not in live]
        names = self.characters(events)
        for c in clocks:
            c["label"] = self._clock_name(c["id"], names)
            c["kind_label"] = _term("blades.clock.kind", c["kind"], self.lang)
        lines = [_w("clocks.line" if c["kind"] != "project" else "clocks.project_line", self.lang, name=c["label"],
                    kind=c["kind_label"], bar=_bar(c["filled"], c["size"]), filled=c["filled"], size=c["size"])
                 for c in clocks]
        return lines or [_w("clocks.none", self.lang)], {"clocks": clocks}

    def _clock_name(self, ident: Any, people: Mapping[str, str] | None = None) -> str:
        """A clock in words: a scoundrel's own project (``pc1:invent_dread_tonic``), the crew's (``crew.turf``,
        ``crew.peace_<faction>``), a boss's patience (``<faction>.patience``), a faction clock's content name, a
        score clock's, an obstacle's; never its id."""
        from sim.agents import catalogue
        from sim.i18n import has

        ident, lang = str(ident), self.lang
        names = self._clock_names()
        if ident in names:
            return names[ident]
        pc, colon, project = ident.partition(":")
        if colon:
            try:
                what = catalogue.label("project", project, lang, {})
            except catalogue.CatalogueError:
                what = project.replace("_", " ")
            return _w("clocks.own_project", lang, pc=(people or {}).get(pc, pc), project=what)
        owner, dot, cid = ident.partition(".")
        if dot and owner == "crew":
            if cid.startswith("peace_"):
                what = _w("clocks.peace", lang, faction=self.n.faction(cid[len("peace_"):]))
            else:
                what = _w(f"clocks.{cid}", lang) if cid in ("turf", "investigation") else cid.replace("_", " ")
            return _w("clocks.crew_project", lang, project=what)
        if dot and cid == "patience":
            return _w("clocks.patience", lang, faction=self.n.faction(owner))
        if dot and cid == "healing":
            return _w("clocks.healing", lang, pc=(people or {}).get(owner, owner))
        bare = cid if dot and owner == "score" else ident
        for key in (f"blades.score_clock.{bare}", f"solo.clocks.named.{bare}"):
            if has(key):
                return _w(key[len("solo."):], lang) if key.startswith("solo.") else _term("blades.score_clock", bare,
                                                                                          lang)
        return self.n.obstacle(bare)

    def _clock_names(self) -> dict[str, str]:
        if getattr(self, "_clock_name_cache", None) is None:
            from sim.i18n import text_of

            cache: dict[str, str] = {}
            try:
                factions = self.content.table("blades/factions")["factions"] if self.content is not None else ()
            except (KeyError, TypeError, AttributeError):
                factions = ()
            for f in factions:
                for c in f.get("clocks") or ():
                    if c.get("name"):
                        cache[str(c["id"])] = text_of(c["name"], self.lang)
            self._clock_name_cache = cache
        return self._clock_name_cache

    def factions(self, events: Sequence[Mapping[str, Any]]) -> View:
        sheet = self._fold(events)
        lines, rows = [], []
        names = self._clock_names()
        for fid, f in (sheet.get("factions") or {}).items():
            clocks = self._list(f"{names.get(str(c['id']), c['id'])} {c['filled']}/{c['size']}" for c in f["clocks"])
            rows.append({"id": fid, "name": self.n.faction(fid), **f,
                         "clocks": [{**c, "name": names.get(str(c["id"]), c["id"])} for c in f["clocks"]]})
            lines.append(_w("factions.line", self.lang, name=self.n.faction(fid), tier=f["tier"],
                            hold=_term("blades.hold_level", f["hold"], self.lang), status=f"{f['status']:+d}",
                            clocks=_w("factions.clocks", self.lang, list=clocks) if f["clocks"] else ""))
        return lines or [_w("factions.none", self.lang)], {"factions": rows}

    # --- the oracle's reading of play ----------------------------------------------------------------------
    def tension(self, event: Mapping[str, Any]) -> tuple[int, str] | None:
        move = _tension_move(event)
        if move is None:
            return None
        delta, key, fields = move
        if "status" in fields:
            fields = {"status": _term("solo.sheet.status", fields["status"], self.lang)}
        return delta, _w(f"tension.{key}", self.lang, **fields)

    def scene(self, event: Mapping[str, Any]) -> str | None:
        name, lang = event["event"], self.lang
        if name == "score_begin":
            return _w("scene.free_play", lang, n=event.get("score"))
        if name == "score_start":
            return _w("scene.score", lang, target=self.n.target(str(event.get("target"))),
                      plan=_term("blades.plan", event.get("plan"), lang))
        if name == "phase" and event.get("to") == "entanglements":
            return _w("scene.entanglements", lang)
        if name == "activities_begin":
            return _w("scene.downtime", lang)
        return None

    def threads(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        name, lang = event["event"], self.lang
        if name in ("score_start", "score_end"):
            op = "add" if name == "score_start" else "close"
            return [(op, _w("thread.score", lang, target=self.n.target(str(event.get("target")))))]
        if name in ("entanglement", "entanglement_resolved"):
            op = "add" if name == "entanglement" else "close"
            return [(op, _w("thread.entanglement", lang,
                            name=self.n.term("blades.entanglement", event.get("entanglement"))))]
        if name == "war" and event.get("started"):
            return [("add", _w("thread.war", lang,
                               enemies=self._list(self.n.faction(f) for f in event.get("enemies", ()))))]
        if name == "new_clock" and event.get("owner") not in (None, "score"):
            if self.words < 3:  # the words an older save journaled: the clock's bare id through the old names
                name = self._clock_names().get(str(event.get("id"))) or self.n.obstacle(str(event.get("id")))
            else:
                name = self._clock_name(f"{event['owner']}.{event.get('id')}", self.characters(()))
            return [("add", _w("thread.clock", lang, name=name))]
        return ()

    def npcs(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """No one from the rules' events: factions stay in ``factions`` and a recruit is a scoundrel, not an NPC; the
        NPC list holds the people the player names or draws (``npcs add``, ``npc``). A save before words 3 listed
        every faction the score, an entanglement or a faction's move named, and each recruit."""
        if self.words >= 3:
            return ()
        name = event["event"]
        if name == "score_start" and event.get("faction"):
            return [("add", self.n.faction(str(event["faction"])))]
        if name == "entanglement_resolved" and event.get("faction"):
            return [("add", self.n.faction(str(event["faction"])))]
        if name == "faction_move" and event.get("faction"):
            return [("add", self.n.faction(str(event["faction"])))]
        if name == "recruit" and event.get("name"):
            return [("add", str(event["name"]))]
        return ()

    def auto_until(self, phase: str) -> frozenset[str]:
        if phase in ("free_play", "score"):
            return frozenset({"score_end", "campaign_end"})
        return frozenset({"score_begin", "campaign_end"})

    def policy(self, events: Sequence[Mapping[str, Any]], seat: str) -> str | None:
        found = None
        for e in events:
            if e["event"] == "campaign_start":
                found = {p["id"]: p.get("policy") for p in e.get("pcs", ())}
            elif e["event"] == "recruit" and found is not None:
                found[e["pc"]] = e.get("policy")
        return (found or {}).get(seat)

    # --- a decision ----------------------------------------------------------------------------------------
    def option_odds(self, kind: str, option: Any, context: Mapping[str, Any]) -> str | None:
        c, lang = context, self.lang
        if kind in ACTION_POOLS and option in (c.get("actions") or {}):
            return _pool(c["actions"][option], lang)
        if kind == "setup_mate" and option in (c.get("mates") or {}):
            return _pool(c["mates"][option], lang)
        if kind == "flashback_action" and option in (c.get("rolls") or {}):
            return _fortune(c["rolls"][option], lang)
        if kind == "flashback" and option is True and "roll" in c:
            return _w("odds.flashback", lang, action=_term("blades.action", c["roll"]["action"], lang),
                      fortune=_fortune(c["roll"], lang))
        if kind == "assist" and "pools" in c:
            return _pool(c["pools"][str(option is True).lower()], lang)
        if kind == "trade" and option in (c.get("trades") or {}):
            return _pool(c["trades"][option], lang)
        if kind in ("push", "accept_bargain", "assist") and "with" in c:
            return results_text(c["with"] if option is True else c["without"], lang)
        if kind == "push" and option is True and "effect_with" in c:
            return _w("odds.push_effect", lang, before=_term("blades.effect", c["effect_without"], lang),
                      after=_term("blades.effect", c["effect_with"], lang))
        if kind == "resist" and option is True and "costs" in c:
            costs = " · ".join(f"{k} {pct(v)}" for k, v in c["costs"].items() if float(v["float"]) > 0)
            return _w("odds.resist", lang, costs=costs, trauma=pct(c["trauma_chance"]))
        if kind == "activity":
            entry = (c.get("activities") or {}).get(option) or {}
            if entry.get("results"):
                return f"{entry['dice']}d: {results_text(entry['results'], lang)}"
            if "overindulge" in entry:
                return _w("odds.overindulge", lang, dice=entry["dice"], chance=pct(entry["overindulge"]))
        if kind in ("target", "plan", "gather_action", "recruit_playbook"):  # the crew's own choices (issue 30)
            from sim.blades.views.crew_odds import crew_option_odds

            return crew_option_odds(kind, option, c, lang, results_text, pct)
        if kind == "daring":
            entry = (c.get("engagement") or {}).get(str(option).lower())
            if entry:
                return _w("odds.engagement", lang, dice=entry["dice"], results=results_text(entry["results"], lang))
        return None

    def gm_says(self, kind: str, context: Mapping[str, Any]) -> list[str]:
        if kind not in ACTION_POOLS or not context.get("actions"):
            return []
        lang = self.lang
        actions = context["actions"]
        first = next(iter(actions.values()))
        pos = first["factors"]["position"]
        out = [_as_set_sentence(first["position"], pos, lang) if pos.get("as_set")
               else _position_sentence(first["position"], pos, lang)]
        by_effect: dict[tuple, list[str]] = {}
        for action, entry in actions.items():
            f = entry["factors"]["effect"]
            key = (entry["effect"], f["quality"], f["tier"], bool(f["scale"]), f["gm_shift"], f["harm"], f["abilities"],
                   bool(f.get("as_set")), f.get("setup", 0))
            by_effect.setdefault(key, []).append(action)
        for (effect, quality, tier, scale, shift, harm, bonus, as_set, setup), acts in by_effect.items():
            why = [_w("gm.effect_as_set", lang) if as_set else _w("gm.quality", lang, quality=quality, tier=tier)]
            if as_set:
                scale = shift = 0  # the effect set for the set-up's own roll: its reasons were given then
            if scale:
                why.append(_w("gm.scale", lang))
            if shift:
                why.append(_w("gm.gm_shift", lang, shift=f"{shift:+d}"))
            if harm:
                why.append(_w("gm.harm", lang, harm=f"{harm:+d}"))
            if bonus:
                why.append(_w("gm.abilities", lang, bonus=f"{bonus:+d}"))
            if setup:
                why.append(_w("gm.setup_effect", lang))
            who = (_w("gm.every_action", lang) if len(by_effect) == 1
                   else self._list(_term("blades.action", a, lang) for a in acts))
            out.append(_w("gm.effect", lang, effect=_term("blades.effect", effect, lang), who=who,
                          reasons=_w("sheet.list_sep", lang).join(why),
                          plan=_term("blades.plan", first["factors"]["effect"]["plan"], lang)))
        return out

    def odds_detail(self, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> list[str]:
        from sim.i18n import term_or

        lang = self.lang
        lines = []
        pools = (context.get("actions") if kind in ACTION_POOLS else context.get("trades") if kind == "trade"
                 else context.get("mates") if kind == "setup_mate" else None) or {}
        shown: set = set()
        for option in options:  # what each result means at the position the GM set (BITD.ACTION.5)
            entry = pools.get(option)
            if not entry or (entry["position"], entry["effect"]) in shown:
                continue
            shown.add((entry["position"], entry["effect"]))
            lines.append(_w("odds.at", lang, position=_term("blades.position", entry["position"], lang),
                            effect=_term("blades.effect", entry["effect"], lang)))
            for key, _ in RESULT_SHORT:
                r = entry["results"].get(key)
                if r is None:
                    continue
                meaning = term_or(r["meaning"], _term("blades.result", key, lang), lang)
                effect = (_w("odds.effect", lang, effect=_term("blades.effect", r["effect"], lang)) if r["effect"]
                          else _w("odds.no_effect", lang))
                lines.append(_w("odds.result", lang, short=_w(f"odds.short.{key}", lang), meaning=meaning,
                                effect=effect, ticks=r["ticks"]))
        if kind == "resist" and "costs" in context:
            lines.append(_w("odds.stress_now", lang, stress=context["stress"], max=context["stress_max"]))
        if kind in ("push", "assist") and "stress_after" in context:
            lines.append(_w("odds.stress_after", lang, stress=context["stress"], after=context["stress_after"],
                            max=context["stress_max"]))
        return lines


def _tension_move(event: Mapping[str, Any]) -> tuple[int, str, dict] | None:
    """How an event moves the oracle's tension: (delta, the ``solo.tension.*`` reason, its fields)."""
    name = event["event"]
    if name == "action_roll":
        if event.get("result") == "failure":
            return 1, "failed_roll", {}
        if event.get("result") == "critical":
            return -1, "critical", {}
    elif name == "harm" and (event.get("recorded_level") or 0) >= 2:
        return 1, "serious_harm", {}
    elif name == "trauma":
        return 1, "trauma", {}
    elif name == "pc_status" and event.get("after") in ("dead", "retired", "incarcerated"):
        return 2, "pc_lost", {"status": event.get("after")}
    elif name == "heat" and (event.get("added") or 0) >= 4:
        return 1, "much_heat", {}
    elif name == "wanted" and (event.get("after") or 0) > (event.get("before") or 0):
        return 1, "wanted", {}
    elif name == "score_end":
        return (-1, "score_won", {}) if event.get("success") else (1, "score_failed", {})
    elif name == "crew_advance":
        return -1, "advanced", {}
    return None


def _position_sentence(position: str, f: Mapping[str, Any], lang: str = "en") -> str:
    why = []
    if f.get("opening"):
        why.append(_w("gm.opening", lang, start=_term("blades.position", f.get("start"), lang)))
    else:
        gap = f.get("tier_gap", 0)
        if gap >= 3:
            why.append(_w("gm.tier_gap", lang, gap=gap))
        elif gap < 0:
            why.append(_w("gm.lower_tier", lang))
        if f.get("alarm"):
            why.append(_w("gm.alarm", lang))
    if f.get("load_steps"):
        why.append(_w("gm.load", lang, steps=f"{f['load_steps']:+d}"))
    if f.get("carry"):
        why.append(_w("gm.carry", lang, carry=_term("blades.position", f["carry"], lang)))
    if f.get("gm_shift"):
        why.append(_w("gm.gm_shift", lang, shift=f"{f['gm_shift']:+d}"))
    reasons = _w("gm.why", lang, reasons=_w("sheet.list_sep", lang).join(why)) if why else ""
    return _w("gm.position", lang, position=_term("blades.position", position, lang),
              suggested=_term("blades.position", f.get("suggested"), lang), why=reasons)


def _as_set_sentence(position: str, f: Mapping[str, Any], lang: str = "en") -> str:
    """The position of a roll inside a beat whose position the GM already set (a set-up, its follow-up)."""
    reason = ("gm.setup_position" if f.get("setup") else "gm.setup_failed" if "benefit" in f and f["benefit"] is None
              else None)  # a follow-up: the set-up bought a better position, or did not come off (BITD.TEAM.4)
    why = _w("gm.why", lang, reasons=_w(reason, lang)) if reason else ""
    return _w("gm.as_set", lang, position=_term("blades.position", position, lang), why=why)


def _bar(filled: int, size: int) -> str:
    return "[" + "#" * min(int(filled or 0), int(size or 0)) + "." * max(int(size or 0) - int(filled or 0), 0) + "]"


def _cohort_number(ident: Any) -> str:
    """A cohort as a player counts it: ``cohort2`` is the crew's cohort 2."""
    text = str(ident)
    return text[len("cohort"):] if text.startswith("cohort") and text[len("cohort"):].isdigit() else text
