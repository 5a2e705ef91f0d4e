"""The readable account of a mist campaign, rendered from its journal events, in three languages.

Every word goes through :mod:`sim.i18n`: sentences ``mist.play.*`` (content/i18n/terms/mist_play.yaml)
around the content's terms (``mist.kit.<id>``, ``mist.tag.<id>``, ...; mist_content.yaml) and the rules'
terms (``mist.result.*``, ``mist.track.*``, ...; mist.yaml). Ids never reach the text.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from sim.i18n import has, id_term, t


class Narrator:
    """Turns mist events into lines in one language, remembering characters' names."""

    def __init__(self, lang: str):
        self.lang = lang
        self.names: dict[str, str] = {}

    def t(self, key: str, **fields: Any) -> str:
        return t(key, self.lang, **fields)

    def term(self, prefix: str, ident: Any) -> str:
        return id_term(prefix, ident, self.lang)

    def who(self, ident: Any) -> str:
        """A character's name, or a challenge's words."""
        if ident in self.names:
            return self.names[ident]
        return self.term("mist.challenge", ident)

    def tags(self, ids: Iterable[str]) -> str:
        words = [self._tag(i) for i in ids]
        return self.t("mist.play.list_separator").join(words) if words else self.t("mist.play.nothing")

    def _tag(self, ident: str) -> str:
        if ident.startswith("opening_"):
            return self.t("mist.play.opening", name=self.who(ident[len("opening_"):]))
        for prefix in ("mist.tag", "mist.story_tag", "mist.ctag", "mist.threat"):
            if has(f"{prefix}.{ident}"):
                return self.t(f"{prefix}.{ident}")
        return ident

    def kits(self, kits: Iterable[str]) -> str:
        return self.t("mist.play.list_separator").join(self.term("mist.kit", k) for k in kits)

    # ------------------------------------------------------------------ events
    def line(self, e: Mapping[str, Any]) -> str | None:
        fn = getattr(self, f"_{e['event']}", None)
        return fn(e) if fn is not None else None

    def _campaign_start(self, e):
        lines = [self.t("mist.play.campaign", scenario=e["scenario"], chapters=e["length"]["chapters"])]
        for pc in e["characters"]:
            self.names[pc["id"]] = pc["name"]
            themes = self.t("mist.play.list_separator").join(
                self.t("mist.play.theme_with_type", kit=self.term("mist.kit", th["kit"]),
                       type=self.term("mist.theme_type", th["type"])) for th in pc["themes"])
            lines.append(self.t("mist.play.character", name=pc["name"], themes=themes))
        return "\n".join(lines)

    def _chapter_start(self, e):
        return "\n" + self.t("mist.play.chapter", n=e["chapter"], heist=self.term("mist.challenge", e["heist"]))

    def _scene_start(self, e):
        challenge = self.term("mist.challenge", e["challenge"])
        limits = self.t("mist.play.list_separator").join(
            f"{self.term('mist.status', s)} {lv}" for s, lv in e["limits"].items())
        start = ""
        if e.get("statuses"):
            start = "\n" + self.t("mist.play.starts_with", challenge=challenge, statuses=self.t("mist.play.list_separator").join(
                f"{self.term('mist.status', s)} {lv}" for s, lv in e["statuses"].items()))
        if e["kind"] == "heist":
            return self.t("mist.play.heist", challenge=challenge, limits=limits) + start
        purpose = self.t(f"mist.play.purpose.{e['purpose']}",
                         theme=self.term("mist.kit", e["theme"]) if e.get("theme") else "")
        return self.t("mist.play.montage", actor=self.who(e["actors"][0]), challenge=challenge, purpose=purpose,
                      limits=limits) + start

    def _mist_roll(self, e):
        parts = [self.tags(e["tags"])]
        if e["burned"]:
            parts.append(self.t("mist.play.burned", tags=self.tags(e["burned"])))
        if e["weaknesses"]:
            parts.append(self.t("mist.play.weaknesses", tags=self.tags(e["weaknesses"])))
        if e["status"]:
            parts.append(f"{self.term('mist.status', e['status']['name'])} {e['status']['level']:+d}")
        dice = (self.t("mist.play.d4s_summed" if e.get("sum_d4s") else "mist.play.d4s",
                       d4s=", ".join(str(d) for d in e["d4s"])) if e["d4s"] else self.t("mist.play.no_d4"))
        key = "mist.play.mitigate" if e.get("purpose") == "mitigate" else "mist.play.roll"
        return self.t(key, actor=self.who(e["actor"]), approach=self.term("mist.approach", e["approach"]),
                      parts=self.t("mist.play.parts_separator").join(parts), power=e["power"], d8=e["d8"], dice=dice, total=e["total"],
                      result=self.term("mist.result", e["result"]))

    def _mist_effect(self, e):
        what = e["effect"]
        if what in ("status_up", "status_down", "bolster"):
            thing = self.term("mist.status", e["status"])
        elif what in ("create_tag", "remove_tag"):
            thing = self._tag(e["tag"])
        else:
            thing = ""
        return self.t(f"mist.play.effect.{what}", actor=self.who(e["actor"]), thing=thing, cost=e["cost"],
                      left=e["budget_left"])

    def _mist_status(self, e):
        limit = self.t("mist.play.limit", limit=e["limit"]) if e["limit"] is not None else ""
        return self.t("mist.play.status", target=self.who(e["target"]), status=self.term("mist.status", e["name"]),
                      before=e["before"], after=e["after"], limit=limit)

    def _mist_threat(self, e):
        threat = self._tag(e["threat"])
        if e["foreseen"]:
            return self.t("mist.play.threat_foreseen", threat=threat, target=self.who(e["target"]))
        if e["target"] is None:
            return self.t("mist.play.threat_tag", threat=threat)
        return self.t("mist.play.threat", threat=threat, target=self.who(e["target"]), level=e["level"])

    def _challenge_overcome(self, e):
        return self.t("mist.play.overcome", challenge=self.term("mist.challenge", e["challenge"]),
                      status=self.term("mist.status", e["status"]))

    def _pc_lost(self, e):
        return self.t(f"mist.play.lost.{e['how']}", actor=self.who(e["actor"]), status=self.term("mist.status", e["status"]))

    def _theme_mark(self, e):
        return self.t("mist.play.mark", actor=self.who(e["actor"]), track=self.term("mist.track", e["track"]),
                      theme=self.term("mist.kit", e["theme"]), before=e["before"], after=e["after"],
                      why=self.t(f"mist.play.why.{e['why']}"))

    def _theme_growth(self, e):
        extra = f" ({self._tag(e['tag'])})" if e.get("tag") else (f" ({self._tag(e['weakness'])})" if e.get("weakness") else "")
        return self.t("mist.play.growth", actor=self.who(e["actor"]), theme=self.term("mist.kit", e["theme"]),
                      growth=self.term("mist.growth", e["growth"]) + extra)

    def _theme_replaced(self, e):
        if e["new"] is None:
            return self.t("mist.play.replaced.none", actor=self.who(e["actor"]), lost=self.term("mist.kit", e["lost"]),
                          wound=self._tag(e["wound"]))
        return self.t(f"mist.play.replaced.{e['cause']}", actor=self.who(e["actor"]), lost=self.term("mist.kit", e["lost"]),
                      new=self.term("mist.kit", e["new"]), new_type=self.term("mist.theme_type", e["new_type"]),
                      wound=self._tag(e["wound"]))

    def _evolution(self, e):
        return self.t("mist.play.evolution", actor=self.who(e["actor"]), before=e["before"], after=e["after"])

    def _mist_ending(self, e):
        return self.t(f"mist.play.ending.{e['ending']}", actor=self.who(e["actor"]), themes=self.kits(e["themes"]))

    def _pc_leaves(self, e):
        return self.t("mist.play.leaves", actor=self.who(e["actor"]), reason=self.term("mist.ending", e["reason"]))

    def _character_joins(self, e):
        sheet = e["sheet"]
        self.names[e["actor"]] = sheet["name"]
        themes = self.t("mist.play.list_separator").join(
            self.t("mist.play.theme_with_type", kit=self.term("mist.kit", th["kit"]),
                   type=self.term("mist.theme_type", th["type"])) for th in sheet["themes"])
        return self.t("mist.play.joins", name=sheet["name"], gone=self.who(e["replaces"]), themes=themes)

    def _tags_recovered(self, e):
        return self.t("mist.play.recovered", actor=self.who(e["actor"]), tags=self.tags(e["tags"]))

    def _chapter_end(self, e):
        return self.t("mist.play.fallout_won" if e["heist_won"] else "mist.play.fallout_lost", n=e["chapter"])

    def _campaign_end(self, e):
        return "\n" + self.t(f"mist.play.end.{e['reason']}", chapters=e["chapters"])


def storyteller(content: Any, lang: str = "en") -> Callable[[Mapping[str, Any]], list[str]]:
    """``tell(event) -> lines``, as the events happen (one narrator remembers the names)."""
    n = Narrator(lang)

    def tell(event: Mapping[str, Any]) -> list[str]:
        text = n.line(event)
        return text.split("\n") if text is not None else []

    return tell


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str = "en") -> list[str]:
    tell = storyteller(content, lang)
    out: list[str] = []
    for e in events:
        out.extend(tell(e))
    return out


def closing_sheet(summary: Mapping[str, Any], sheets: Iterable[Mapping[str, Any]], lang: str = "en") -> list[str]:
    """Each character's end (status, evolution, themes, wounds) and the campaign's numbers."""
    n = Narrator(lang)
    lines = ["", n.t("mist.play.sheet.heading")]
    for pc in sheets:
        themes = n.t("mist.play.list_separator").join(
            n.t("mist.play.theme_on_sheet", kit=n.term("mist.kit", th["kit"]), type=n.term("mist.theme_type", th["type"]),
                tags=len(th["tags"])) for th in pc["themes"])
        lines.append(n.t("mist.play.sheet.character", name=pc["name"], status=n.t(f"mist.play.pc_status.{pc['status']}"),
                         evolution=pc["evolution"], wounds=len(pc["wounds"]), themes=themes))
    s = summary
    lines.append(n.t("mist.play.sheet.totals", chapters=s["chapters"], heists=s["heists_won"],
                     overcome=s["challenges_overcome"], grown=s["themes_grown"], replaced=s["themes_replaced"],
                     lost=s["characters_lost"]))
    return lines
