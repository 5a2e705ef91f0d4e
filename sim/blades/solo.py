"""Blades in solo play (issue 11): the views, tension, scenes, threads and NPCs a solo session reads from a journal.

Found by the session through ``System.solo`` (:mod:`sim.blades.system`). Sheets are folded from the journal
(:func:`sim.blades.sheet.fold_sheet`), never read from the live campaign, so a parked campaign is only ever read
through its events. Odds beside options come from the seats' briefings (:mod:`sim.blades.briefings`: exact
fractions, the numbers ``sim odds blades`` prints, BITD.CORE.2, BITD.RESIST.3); the GM's reasons from the factors
a briefing carries (BITD.ACTION.3, BITD.EFFECT.2).

Tension (the oracle's 1..9) moves with how things go for the crew: a failed action roll, harm, trauma, a
scoundrel lost, heat, a failed score raise it; a critical, a won score, a crew advance lower it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from sim.solo.kit import SoloViews, View

RESULT_SHORT = (("critical", "crit"), ("success", "6"), ("partial", "4/5"), ("failure", "1-3"))


def pct(entry: Mapping[str, Any]) -> str:
    """A briefing's exact odds (``{"p": "5/18", "float": ...}``) as a whole percentage (``28%``; ``<1%``)."""
    value = float(entry["float"]) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def results_text(results: Mapping[str, Any]) -> str:
    """``crit 3% · 6 28% · 4/5 44% · 1-3 25%`` from a briefing's results."""
    return " · ".join(f"{short} {pct(results[key])}" for key, short in RESULT_SHORT if key in results)


def _pool(entry: Mapping[str, Any]) -> str:
    return f"{entry.get('dice')}d {entry.get('position')}/{entry.get('effect')}: {results_text(entry['results'])}"


class BladesSolo(SoloViews):
    """The Blades views (see the module docstring)."""

    views = ("sheet", "crew", "clocks", "factions")

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        from sim.blades.narrate import Narrator

        self.n = Narrator(content, lang)

    # --- sheets --------------------------------------------------------------------------------------------
    def _fold(self, events: Sequence[Mapping[str, Any]]) -> dict:
        from sim.blades.sheet import fold_sheet

        return fold_sheet(events) if events else {}

    def characters(self, events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for e in events:
            if e["event"] == "campaign_start":
                out.update({p["id"]: p["name"] for p in e.get("pcs", ())})
            elif e["event"] == "recruit":
                out[e["pc"]] = e.get("name", e["pc"])
        return out

    def sheet(self, events: Sequence[Mapping[str, Any]], pc: str | None = None) -> View:
        sheet = self._fold(events)
        if not sheet:
            return ["(no sheet yet)"], {}
        names = self.characters(events)
        wanted = [pc] if pc else list(sheet["pcs"])
        lines: list[str] = []
        data: dict = {"pcs": {}}
        for pid in wanted:
            s = sheet["pcs"][pid]
            harm = "; ".join(f"{lvl}: {', '.join(map(str, rows))}" for lvl, rows in s["harm"].items() if rows) or "none"
            actions = ", ".join(f"{a} {r}" for a, r in s["actions"].items() if r)
            trauma = f" ({', '.join(s['trauma'])})" if s["trauma"] else ""
            lines += [f"{names.get(pid, pid)} ({pid}, {s['status']}): stress {s['stress']}/{s['stress_max']}, "
                      f"trauma {len(s['trauma'])}/{s['trauma_max']}{trauma}, "
                      f"harm {harm}, coin {s['coin']}, stash {s['stash']}",
                      f"  actions: {actions}",
                      f"  abilities: {', '.join(s['abilities']) or 'none'}"]
            data["pcs"][pid] = {"name": names.get(pid, pid), **s}
        return lines, data

    def crew(self, events: Sequence[Mapping[str, Any]]) -> View:
        sheet = self._fold(events)
        if not sheet:
            return ["(no crew yet)"], {}
        c = sheet["crew"]
        upgrades = ", ".join(k for k, v in c["upgrades"].items() if v) or "none"
        lines = [f"Tier {c['tier']} ({c['hold']} hold), rep {c['rep']}, coin {c['coin']} (vault {c['vault']}), "
                 f"heat {c['heat']}, wanted {c['wanted']}, turf {c['turf']}, crew xp {c['xp']}",
                 f"  claims: {', '.join(c['claims']) or 'none'}",
                 f"  upgrades: {upgrades}",
                 f"  abilities: {', '.join(c['abilities']) or 'none'}"]
        lines += [f"  cohort {h['id']}: {h['type']} {h['kind']}, quality {h['quality']}, harm {h['harm']}"
                  for h in c["cohorts"]]
        return lines, {"crew": c}

    def clocks(self, events: Sequence[Mapping[str, Any]]) -> View:
        sheet = self._fold(events)
        live: dict[str, dict] = {}
        for e in events:  # the score's clocks (obstacles, danger) live in the score's events, not the sheet
            if e["event"] == "new_clock":
                live[str(e["id"])] = {"kind": e.get("kind"), "filled": 0, "size": e.get("size")}
            elif e["event"] == "clock" and str(e.get("id")) in live:
                live[str(e["id"])]["filled"] = e.get("after")
            elif e["event"] in ("score_end", "campaign_start"):
                live.clear()
            elif e["event"] == "clock_removed":
                live.pop(str(e.get("id")), None)
        clocks = [{"name": name, **c} for name, c in live.items()]
        clocks += [{"name": key, **c} for key, c in (sheet.get("clocks") or {}).items()]
        lines = [f"{c['name']} ({c['kind']}): {_bar(c['filled'], c['size'])} {c['filled']}/{c['size']}" for c in clocks]
        return lines or ["(no clocks running)"], {"clocks": clocks}

    def factions(self, events: Sequence[Mapping[str, Any]]) -> View:
        sheet = self._fold(events)
        lines, rows = [], []
        for fid, f in (sheet.get("factions") or {}).items():
            clocks = ", ".join(f"{c['id']} {c['filled']}/{c['size']}" for c in f["clocks"])
            rows.append({"id": fid, "name": self.n.faction(fid), **f})
            lines.append(f"{self.n.faction(fid)}: Tier {f['tier']} ({f['hold']}), status {f['status']:+d}"
                         f"{'; ' + clocks if clocks else ''}")
        return lines or ["(no factions)"], {"factions": rows}

    # --- the oracle's reading of play ----------------------------------------------------------------------
    def tension(self, event: Mapping[str, Any]) -> tuple[int, str] | None:
        name = event["event"]
        if name == "action_roll":
            if event.get("result") == "failure":
                return 1, "a failed roll"
            if event.get("result") == "critical":
                return -1, "a critical"
        elif name == "harm" and (event.get("recorded_level") or 0) >= 2:
            return 1, "serious harm"
        elif name == "trauma":
            return 1, "trauma"
        elif name == "pc_status" and event.get("after") in ("dead", "retired", "incarcerated"):
            return 2, f"a scoundrel {event.get('after')}"
        elif name == "heat" and (event.get("added") or 0) >= 4:
            return 1, "much heat"
        elif name == "wanted" and (event.get("after") or 0) > (event.get("before") or 0):
            return 1, "wanted"
        elif name == "score_end":
            return (-1, "a score won") if event.get("success") else (1, "a score failed")
        elif name == "crew_advance":
            return -1, "the crew advanced"
        return None

    def scene(self, event: Mapping[str, Any]) -> str | None:
        name = event["event"]
        if name == "score_begin":
            return f"Score {event.get('score')}: free play"
        if name == "score_start":
            return f"The score: {self.n.target(str(event.get('target')))} ({event.get('plan')})"
        if name == "phase" and event.get("to") == "entanglements":
            return "Entanglements"
        if name == "activities_begin":
            return "Downtime"
        return None

    def threads(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        name = event["event"]
        if name == "score_start":
            return [("add", f"Score: {self.n.target(str(event.get('target')))}")]
        if name == "score_end":
            return [("close", f"Score: {self.n.target(str(event.get('target')))}")]
        if name == "entanglement":
            return [("add", f"Entanglement: {self.n.term('blades.entanglement', event.get('entanglement'))}")]
        if name == "entanglement_resolved":
            return [("close", f"Entanglement: {self.n.term('blades.entanglement', event.get('entanglement'))}")]
        if name == "war" and event.get("started"):
            return [("add", f"War with {', '.join(self.n.faction(f) for f in event.get('enemies', ()))}")]
        if name == "new_clock" and event.get("owner") not in (None, "score"):
            return [("add", f"Clock: {event.get('id')}")]
        return ()

    def npcs(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
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
        c = context
        if kind == "action" and option in (c.get("actions") or {}):
            return _pool(c["actions"][option])
        if kind == "trade" and option in (c.get("trades") or {}):
            return _pool(c["trades"][option])
        if kind in ("push", "accept_bargain", "assist") and "with" in c:
            return results_text(c["with"] if option is True else c["without"])
        if kind == "push" and option is True and "effect_with" in c:
            return f"effect {c['effect_without']} -> {c['effect_with']}"
        if kind == "resist" and option is True and "costs" in c:
            costs = " · ".join(f"{k} {pct(v)}" for k, v in c["costs"].items() if float(v["float"]) > 0)
            return f"stress cost: {costs}; trauma {pct(c['trauma_chance'])}"
        if kind == "activity":
            entry = (c.get("activities") or {}).get(option) or {}
            if entry.get("results"):
                return f"{entry['dice']}d: {results_text(entry['results'])}"
            if "overindulge" in entry:
                return f"{entry['dice']}d; overindulge {pct(entry['overindulge'])}"
        if kind == "daring":
            entry = (c.get("engagement") or {}).get(str(option).lower())
            if entry:
                return f"engagement {entry['dice']}d: {results_text(entry['results'])}"
        return None

    def gm_says(self, kind: str, context: Mapping[str, Any]) -> list[str]:
        if kind != "action" or not context.get("actions"):
            return []
        actions = context["actions"]
        first = next(iter(actions.values()))
        pos = first["factors"]["position"]
        out = [_position_sentence(first["position"], pos)]
        by_effect: dict[tuple, list[str]] = {}
        for action, entry in actions.items():
            f = entry["factors"]["effect"]
            key = (entry["effect"], f["quality"], f["tier"], bool(f["scale"]), f["gm_shift"], f["harm"], f["abilities"])
            by_effect.setdefault(key, []).append(action)
        for (effect, quality, tier, scale, shift, harm, bonus), acts in by_effect.items():
            why = [f"quality {quality} against Tier {tier}"]
            if scale:
                why.append("the crew's scale in an assault")
            if shift:
                why.append(f"the GM's policy shifts it {shift:+d}")
            if harm:
                why.append(f"harm {harm:+d}")
            if bonus:
                why.append(f"abilities {bonus:+d}")
            who = "every action" if len(by_effect) == 1 else ", ".join(acts)
            out.append(f"Effect {effect} for {who}: {', '.join(why)} (plan: {first['factors']['effect']['plan']}).")
        return out

    def odds_detail(self, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> list[str]:
        from sim.i18n import has, t

        lines = []
        pools = (context.get("actions") if kind == "action" else context.get("trades") if kind == "trade"
                 else None) or {}
        shown: set = set()
        for option in options:  # what each result means at the position the GM set (BITD.ACTION.5)
            entry = pools.get(option)
            if not entry or (entry["position"], entry["effect"]) in shown:
                continue
            shown.add((entry["position"], entry["effect"]))
            lines.append(f"at {entry['position']}/{entry['effect']}:")
            for key, short in RESULT_SHORT:
                r = entry["results"].get(key)
                if r is None:
                    continue
                meaning = t(r["meaning"], self.lang) if has(r["meaning"]) else key
                effect = f"{r['effect']} effect" if r["effect"] else "no effect"
                lines.append(f"  {short}: {meaning} ({effect}, {r['ticks']} ticks)")
        if kind == "resist" and "costs" in context:
            lines.append(f"stress now {context['stress']}/{context['stress_max']}")
        if kind in ("push", "assist") and "stress_after" in context:
            lines.append(f"stress {context['stress']} -> {context['stress_after']} of {context['stress_max']}")
        return lines


def _position_sentence(position: str, f: Mapping[str, Any]) -> str:
    why = []
    if f.get("opening"):
        why.append(f"the engagement roll opened at {f.get('start')}")
    else:
        gap = f.get("tier_gap", 0)
        if gap >= 3:
            why.append(f"the target is {gap} Tiers above the crew's quality")
        elif gap < 0:
            why.append("the target is a lower Tier")
        if f.get("alarm"):
            why.append("the alarm is up")
    if f.get("load_steps"):
        why.append(f"load moves it {f['load_steps']:+d}")
    if f.get("carry"):
        why.append(f"the last try left you {f['carry']}")
    if f.get("gm_shift"):
        why.append(f"the GM's policy shifts it {f['gm_shift']:+d}")
    return (f"Position {position}: the situation suggests {f.get('suggested')}"
            f"{' (' + ', '.join(why) + ')' if why else ''}.")


def _bar(filled: int, size: int) -> str:
    filled, size = int(filled or 0), int(size or 0)
    return "[" + "#" * min(filled, size) + "." * max(size - filled, 0) + "]"
