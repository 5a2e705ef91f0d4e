"""Mist in solo play (issue 11): the characters' themes, statuses, challenges, story tags, tension, threads, NPCs.

Found by the session through ``System.solo`` (:mod:`sim.mist.system`). Sheets are folded from the journal:
``campaign_start`` gives every character (themes with tags, weaknesses and tracks); ``mist_status`` moves a
status (MIST.STATUS.1), ``theme_mark`` a track (MIST.ARC.GROW.1, MIST.ARC.FADE.1), ``theme_growth`` adds a tag or
changes a weakness (MIST.ARC.GROW.2), ``theme_replaced`` swaps a theme, ``evolution`` and ``mist_ending`` the
rest; ``mist_roll`` burns tags and ``tags_recovered`` returns them. ``campaign_end`` carries every final sheet,
which the fold takes as it is (``tests/test_solo_mist.py`` checks the fold agrees with it).

Tension: a failed roll, a threat cashed in on a character, a character lost, a heist lost raise it; a
challenge overcome and a heist won lower it.
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Mapping, Sequence

from sim.solo.kit import SoloViews, View
from sim.solo.views import named, tag_name, word


def fold_characters(events: Sequence[Mapping[str, Any]]) -> dict[str, dict]:
    """Every character by id, as ``sim.mist.state.Character.sheet`` shapes it, plus ``burned``."""
    from sim.mist.rules.arcs import FADE_TRACK, GROW_TRACK

    pcs: dict[str, dict] = {}
    for e in events:
        name, cid = e["event"], e.get("actor")
        if name in ("campaign_start", "campaign_end"):
            pcs = {c["id"]: {**copy.deepcopy(c), "burned": list(pcs.get(c["id"], {}).get("burned", ()))}
                   for c in e.get("characters") or ()}
            if name == "campaign_end":
                for c in pcs.values():
                    c["burned"] = []
        elif name == "mist_status" and e.get("target") in pcs:
            statuses = pcs[e["target"]]["statuses"]
            if e.get("after"):
                statuses[e["name"]] = int(e["after"])
            else:
                statuses.pop(e["name"], None)
            pcs[e["target"]]["statuses"] = dict(sorted(statuses.items()))
        elif name == "mist_roll" and cid in pcs:
            pcs[cid]["burned"] += [t for t in e.get("burned") or () if t not in pcs[cid]["burned"]]
        elif name == "tags_recovered" and cid in pcs:
            pcs[cid]["burned"] = [t for t in pcs[cid]["burned"] if t not in (e.get("tags") or ())]
        elif name == "theme_mark" and cid in pcs:
            theme = _theme(pcs[cid], e.get("theme"))
            if theme is not None:
                if e.get("track") == GROW_TRACK.get(theme["type"]):
                    theme["grow"] = int(e["after"])
                elif e.get("track") == FADE_TRACK.get(theme["type"]):
                    theme["fade"] = int(e["after"])
        elif name == "theme_growth" and cid in pcs:
            theme = _theme(pcs[cid], e.get("theme"))
            if theme is not None:
                theme["growths"] += 1
                theme["grow"] = int(e.get("marks_left") or 0)
                if e.get("growth") == "new_power_tag" and e.get("tag") and e["tag"] not in theme["tags"]:
                    theme["tags"].append(e["tag"])
                elif e.get("growth") == "weakness" and e.get("weakness") is not None:
                    theme["weaknesses"] = [e["weakness"]] if e["weakness"] else []
                elif e.get("growth") == "reset":
                    theme["fade"] = 0
        elif name == "theme_replaced" and cid in pcs:
            pc = pcs[cid]
            at = next((i for i, t in enumerate(pc["themes"]) if t["kit"] == e.get("lost")), None)
            if at is not None:
                lost = pc["themes"][at]
                pc["burned"] = [t for t in pc["burned"] if t not in lost["tags"]]
                if e.get("new"):
                    pc["themes"][at] = {"kit": e["new"], "type": e.get("new_type"), "tags": [e["new"]],
                                        "weaknesses": [], "grow": 0, "fade": 0, "growths": 0}
                else:
                    del pc["themes"][at]
            if e.get("wound"):
                pc["wounds"].append(e["wound"])
        elif name == "evolution" and cid in pcs:
            pcs[cid]["evolution"] = int(e["after"])
    return pcs


def _theme(pc: Mapping[str, Any], kit: Any) -> dict | None:
    return next((t for t in pc["themes"] if t["kit"] == kit), None)


def scene_state(events: Sequence[Mapping[str, Any]]) -> dict:
    """The current (or last) scene: its challenge with statuses and limits, story tags, threats, who is in it, and
    ``pending``: effect points spent toward a status since the last roll that have not landed yet (MIST.EFFECT.1:
    they land as one status when the spending ends, or at once when they reach the limit)."""
    state: dict = {}
    for e in events:
        name = e["event"]
        if name == "scene_start":
            state = {"challenge": e.get("challenge"), "kind": e.get("kind"), "chapter": e.get("chapter"),
                     "actors": list(e.get("actors") or ()), "limits": dict(e.get("limits") or {}),
                     "statuses": dict(e.get("statuses") or {}), "tags": list(e.get("tags") or ()),
                     "threats": list(e.get("threats") or ()), "open": True, "overcome": None, "pending": {}}
        elif not state:
            continue
        elif name == "mist_status" and e.get("target") == state["challenge"]:
            if e.get("after"):
                state["statuses"][e["name"]] = int(e["after"])
            else:
                state["statuses"].pop(e["name"], None)
            state["pending"].pop(e["name"], None)
        elif name == "mist_roll":
            state["pending"] = {}
        elif name == "mist_effect" and e.get("effect") == "status_up" and e.get("target") == state["challenge"]:
            state["pending"][e["status"]] = state["pending"].get(e["status"], 0) + 1
        elif name == "mist_effect" and e.get("effect") == "create_tag" and e.get("tag"):
            state["tags"].append(e["tag"])
        elif name == "mist_effect" and e.get("effect") == "remove_tag" and e.get("tag") in state["tags"]:
            state["tags"].remove(e["tag"])
        elif name == "challenge_overcome" and e.get("challenge") == state["challenge"]:
            state["overcome"] = e.get("status")
        elif name == "scene_end":
            state["open"] = False
    return state


class MistSolo(SoloViews):
    """The mist views (see the module docstring)."""

    views = ("sheet", "clocks", "scene")

    def player_seats(self, scenario: Any) -> tuple[str, ...]:
        """One seat for each of the scenario's characters (``pc1``..``pcN``)."""
        return tuple(f"pc{i}" for i in range(1, len(scenario.characters) + 1))

    def _w(self, key: str, english: str) -> str:
        return word(key, self.lang, english)

    def _tag(self, tag: Any) -> str:
        return tag_name(tag, self.lang)

    def _challenge(self, cid: Any) -> str:
        return named("mist.challenge", cid, self.lang)

    def _status(self, status: Any) -> str:
        return named("mist.status", status, self.lang)

    def characters(self, events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        return {cid: c["name"] for cid, c in fold_characters(events).items()}

    def sheet(self, events: Sequence[Mapping[str, Any]], pc: str | None = None) -> View:
        pcs = fold_characters(events)
        if not pcs:
            return [self._w("solo.sheet.none", "(no sheet yet)")], {}
        lines: list[str] = []
        data: dict = {"system": "mist", "pcs": {}}
        for cid in ([pc] if pc else list(pcs)):
            data["pcs"][cid] = pcs[cid]
            lines += sheet_lines(cid, pcs[cid], self.lang)
        return lines, data

    def clocks(self, events: Sequence[Mapping[str, Any]]) -> View:
        """The challenge's statuses against their limits (a status at its limit overcomes it, MIST.CHALLENGE.1)."""
        state = scene_state(events)
        rows = []
        if state.get("open"):
            names = dict.fromkeys([*state["limits"], *state["statuses"]])
            rows = [{"name": f"{self._challenge(state['challenge'])}: {self._status(status)}",
                     "kind": self._w("mist.term.status", "status"), "id": status, "challenge": state["challenge"],
                     "filled": state["statuses"].get(status, 0), "size": state["limits"].get(status, 0)}
                    for status in names]  # the words in name, the status and challenge ids beside them
        lines = [f"{r['name']}: {r['filled']}/{r['size'] or '-'}" for r in rows]
        return lines or [self._w("solo.clocks.no_challenge", "(no challenge running)")], {"clocks": rows}

    def scene_view(self, events: Sequence[Mapping[str, Any]]) -> View:
        state = scene_state(events)
        if not state:
            return [], {}
        w = self._w
        pending = state["pending"]
        limits = ", ".join(f"{self._status(s)} {state['statuses'].get(s, 0)}/{n}"
                           + (f" (+{pending[s]} {w('mist.term.pending', 'to land')})" if pending.get(s) else "")
                           for s, n in state["limits"].items())
        lines = [f"{w('mist.term.challenge', 'challenge')}: {self._challenge(state['challenge'])} "
                 f"({w('mist.phase.' + str(state['kind']), str(state['kind']))}, "
                 f"{w('mist.term.chapter', 'chapter')} {state['chapter']})"
                 + (f": {self._status(state['overcome'])}" if state["overcome"] else ""),
                 f"  {w('mist.term.limit', 'limits')}: {limits or '-'}",
                 f"  {w('mist.tag_kind.story', 'story tags')}: {', '.join(map(self._tag, state['tags'])) or '-'}",
                 f"  {w('mist.term.threat', 'threats')}: {', '.join(named('mist.threat', x, self.lang) for x in state['threats']) or '-'}"]
        return lines, {"system": "mist", **state}

    # --- the oracle's reading of play ----------------------------------------------------------------------
    def option_odds(self, kind: str, option: Any, context: Mapping[str, Any]) -> str | None:
        """MIST.ROLL.2-4, MIST.TAG.3: beside a burn choice the power the roll will use (weaknesses the MC brought in
        already counted) and the exact chance of each result band; beside a limit to work toward, the power of the
        character's tags that fit it (before weaknesses) and its bands; a mitigation roll's bands."""
        lang = self.lang
        if kind == "mist_burn" and "odds" in context:
            power = int(context.get("power", 0)) + (2 if option else 0)
            return band_odds(power, context["odds"].get(option or "none"), lang)
        if kind == "mist_approach" and option in (context.get("options") or {}):
            entry = context["options"][option]
            shown = band_odds(len(entry.get("tags") or ()), entry.get("odds"), lang)
            return f"{shown} ({self._w('mist.odds.before_weaknesses', 'before weaknesses')})" if shown else None
        if kind == "mist_mitigate" and "odds" in context:
            return band_odds(int(context.get("power", 0)), context["odds"], lang)
        return None

    def tension(self, event: Mapping[str, Any]) -> tuple[int, str] | None:
        return self.worded(_tension_move(event))

    def scene(self, event: Mapping[str, Any]) -> str | None:
        if event["event"] == "scene_start":
            kind = self._w(f"mist.phase.{event.get('kind')}", str(event.get("kind")))
            return f"{self._challenge(event.get('challenge'))} ({kind})"
        return None

    def threads(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        name = event["event"]
        heist = self._w("mist.phase.heist", "heist").capitalize()
        if name == "chapter_start" and event.get("heist"):
            return [("add", f"{heist}: {self._challenge(event['heist'])}")]
        if name == "chapter_end":
            return ()
        if name == "scene_start" and event.get("kind") == "heist":
            return [("add", f"{heist}: {self._challenge(event.get('challenge'))}")]
        if name == "challenge_overcome":
            return [("close", f"{heist}: {self._challenge(event.get('challenge'))}")]
        if name == "theme_replaced":
            wound = named("mist.tag", event.get("wound"), self.lang) if self.words >= 2 else event.get("wound")
            return [("add", f"{self._w('mist.term.lingering_wound', 'lingering wound')}: {wound}")]
        return ()

    def npcs(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """No one: a challenge's threats are dangers (flooding, cannon fire), not people; the NPC list holds the people
        the player names or draws (``npcs add``, ``npc``). A save before words 3 listed every threat."""
        if event["event"] == "scene_start" and self.words < 3:
            return [("add", named("mist.threat", t, self.lang)) for t in event.get("threats") or ()]
        return ()

    def auto_until(self, phase: str) -> frozenset[str]:
        return frozenset({"chapter_end", "campaign_end"})

    def agent(self, name: str) -> Any:
        from sim.mist.agents import mist_agent

        return mist_agent("players", name)

    def policy(self, events: Sequence[Mapping[str, Any]], seat: str) -> str | None:
        for e in events:
            if e["event"] == "campaign_start":
                found = next((c.get("policy") for c in e.get("characters") or () if c["id"] == seat), None)
                return None if found == "human" else found  # the person's own seat: the default policy
        return None


def _tension_move(event: Mapping[str, Any]) -> tuple[int, str] | None:
    """How an event moves the oracle's tension: (delta, the ``solo.tension.*`` reason)."""
    name = event["event"]
    if name == "mist_roll" and event.get("purpose") == "act" and event.get("result") == "failure":
        return 1, "failed_roll"
    if name == "mist_threat" and str(event.get("target") or "").startswith("pc") and (event.get("level") or 0) >= 2:
        return 1, "hard_threat"
    if name == "challenge_overcome":
        return -1, "challenge_overcome"
    if name == "chapter_end":
        return (-1, "heist_won") if event.get("heist_won") else (1, "heist_lost")
    if name == "mist_status" and str(event.get("target") or "").startswith("pc") and event.get("limit_reached"):
        return 2, "character_lost"
    return None


def sheet_lines(cid: str, s: Mapping[str, Any], lang: str) -> list[str]:
    """A mist character as plain lines (the ``sheet`` command through a pipe, and the export)."""
    from sim.mist.rules.arcs import FADE_TRACK, GROW_TRACK

    def w(key: str, english: str) -> str:
        return word(key, lang, english)

    def tag(t: Any) -> str:
        return named("mist.tag", t, lang) + (f" ({w('mist.term.burned', 'burned')})" if t in s.get("burned", ()) else "")

    statuses = ", ".join(f"{named('mist.status', k, lang)} {v}" for k, v in (s.get("statuses") or {}).items()) or "-"
    lines = [f"{s['name']} ({cid}, {w('mist.play.pc_status.' + str(s.get('status')), str(s.get('status')))}): "
             f"{w('mist.track.evolution', 'evolution')} {s.get('evolution', 0)}, "
             f"{w('mist.term.status', 'statuses')} {statuses}"
             + (f", {w('mist.term.lingering_wound', 'wounds')} {', '.join(named('mist.tag', x, lang) for x in s['wounds'])}"
                if s.get("wounds") else "")]
    for t in s.get("themes") or ():
        kind = w(f"mist.theme_type.{t['type']}", str(t["type"]))
        grow = w(f"mist.track.{GROW_TRACK.get(t['type'], 'grow')}", "grow")
        fade = w(f"mist.track.{FADE_TRACK.get(t['type'], 'fade')}", "fade")
        lines.append(f"  {named('mist.kit', t['kit'], lang)} ({kind}): {', '.join(map(tag, t['tags']))}; "
                     f"{w('mist.tag_kind.weakness', 'weakness')} {', '.join(map(tag, t['weaknesses'])) or '-'}; "
                     f"{grow} {t.get('grow', 0)}/3, {fade} {t.get('fade', 0)}/3, "
                     f"{w('mist.term.growth', 'growth')} {t.get('growths', 0)}")
    return lines


def markdown_sheets(events: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """The characters' final sheets as Markdown (``sim solo export --md``): a heading and the sheet's lines each."""
    from sim.solo.markdown import md

    out: list[str] = []
    for cid, pc in fold_characters(events).items():
        first, *rest = sheet_lines(cid, pc, lang)
        out += ["", f"### {md(first)}", ""] + [f"- {md(line.strip())}" for line in rest]
    return out[1:]


def band_odds(power: int, odds: Mapping[str, Any] | None, lang: str) -> str | None:
    """``power 4: success 47.7% · partial 38.3% · miss 14.1%`` (the briefing's exact odds, best band first)."""
    if not odds:
        return None
    from sim.i18n import term_or

    shares = " · ".join(f"{term_or(f'mist.result.{k}', k, lang)} {float(v['float']):.1%}" for k, v in odds.items())
    return f"{term_or('mist.odds.power', 'power', lang)} {power}: {shares}"
